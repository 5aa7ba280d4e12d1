"""The tiny model's training data comes from the repository it is given and nothing else."""

from __future__ import annotations

import json
from pathlib import Path

from assistant_lab.tiny.data import build


def _repo(root: Path) -> Path:
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "queue.md").write_text("# Queue\n\nJobs wait for free GPUs in priority order.\n" * 8)
    (root / "README.md").write_text("# gpuaccel\n\nRun `make run` to start.\n")
    pkg = root / "src" / "gpuaccel" / "accel"
    pkg.mkdir(parents=True)
    (pkg / "peaks.py").write_text(
        '"""Dense peaks per GPU model."""\n\n\ndef peak():\n    """The bf16 peak of one GPU."""\n'
        "    return 1\n\n\ndef nodoc():\n    return 2\n"
    )
    (pkg / "__init__.py").write_text('"""Kernels, workloads and telemetry."""\n')
    return root


def test_build_reads_docs_docstrings_and_dialogues_only(tmp_path: Path) -> None:
    repo = _repo(tmp_path / "repo")
    stats = build(tmp_path / "out", repo, dialog_mb=0.02, seed=3)
    assert list(stats) == ["project_docs", "docstrings", "dialogues"]
    data = (tmp_path / "out" / "train.bin").read_bytes() + (tmp_path / "out" / "val.bin").read_bytes()
    docs = data.split(b"\x00")
    assert any(d.startswith(b"# Queue") for d in docs)
    assert any(d.startswith(b"# gpuaccel") for d in docs)
    module = next(d for d in docs if d.startswith(b"gpuaccel.accel.peaks"))
    assert b"Dense peaks per GPU model." in module and b"peak: The bf16 peak of one GPU." in module
    assert b"nodoc" not in module
    dialogues = [d for d in docs if d.startswith(b"System: Facts:")]
    assert dialogues and all(b"\n\nUser: " in d and b"\n\nAssistant: " in d for d in dialogues)
    assert len(docs) - 1 == 2 + 2 + len(dialogues)  # nothing else went in (last split is the tail)
    assert json.loads((tmp_path / "out" / "sources.json").read_text()) == stats


def test_build_is_deterministic_for_a_seed(tmp_path: Path) -> None:
    repo = _repo(tmp_path / "repo")
    build(tmp_path / "a", repo, dialog_mb=0.01, seed=5)
    build(tmp_path / "b", repo, dialog_mb=0.01, seed=5)
    assert (tmp_path / "a" / "train.bin").read_bytes() == (tmp_path / "b" / "train.bin").read_bytes()
