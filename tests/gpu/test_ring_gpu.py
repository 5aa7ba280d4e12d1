"""Tier 3: ring attention over NCCL on 2 and 4 GPUs of this host (skipped with fewer than 2 GPUs).

Each test starts the ranks with torchrun (as the ``attention.ring`` job does, multicast off) and checks
output and gradients against single-process attention over the full sequence.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import torch

from gpuaccel.accel.distributed.bench_worker import CHECK_TOL
from gpuaccel.accel.distributed.launch import run_ranks

GPUS = torch.cuda.device_count() if torch.cuda.is_available() else 0


def _needs(n: int) -> pytest.MarkDecorator:
    return pytest.mark.skipif(n > GPUS, reason=f"needs {n} CUDA devices, this host has {GPUS}")


def _check(world: int, dtype: str, tmp_path: Path) -> dict:
    out = tmp_path / "check.json"
    args = ["check", "--device", "cuda", "--dtype", dtype, "--out", str(out)]
    rc = run_ranks(world, args, tmp_path / "logs", timeout_s=420)
    logs = sorted((tmp_path / "logs").rglob("*.log"))
    tails = "\n".join(f"--- {p}\n{p.read_text()[-3000:]}" for p in logs)
    assert rc == 0, f"ranks failed (exit {rc}):\n{tails}"
    return json.loads(out.read_text())


@pytest.mark.parametrize("world", [pytest.param(2, marks=_needs(2)), pytest.param(4, marks=_needs(4))])
@pytest.mark.parametrize("dtype", ["bf16", "fp16"])
def test_ring_with_triton_blocks_matches_reference(world: int, dtype: str, tmp_path: Path) -> None:
    record = _check(world, dtype, tmp_path)
    assert record["world_size"] == world
    names = set(record["results"])
    assert any(n.startswith("causal-") for n in names) and any(n.startswith("full-") for n in names)
    for name, errors in record["results"].items():
        assert max(errors.values()) <= CHECK_TOL[dtype], f"{world} GPUs {dtype} {name}: {errors}"


@_needs(2)
def test_ring_over_nccl_with_torch_blocks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The ring itself (NCCL exchange, merge, dK/dV return) in fp32, independent of the Triton kernels."""
    monkeypatch.setenv("GPUACCEL_RING_BLOCK", "torch")
    record = _check(2, "fp32", tmp_path)
    for name, errors in record["results"].items():
        assert max(errors.values()) <= 1e-4, f"{name}: {errors}"


@_needs(2)
def test_ring_workload_on_two_gpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from gpuaccel.accel.workloads import ring
    from gpuaccel.accel.workloads.report import JOB_LOG_DIR_ENV, Reporter

    monkeypatch.setenv(JOB_LOG_DIR_ENV, str(tmp_path))
    spec = ring.validate({"gpus": 2, "seq_total": 16384, "heads": 16, "head_dim": 128, "iters": 3})
    metrics = ring.run(spec, Reporter(io.StringIO()))
    assert metrics["world_size"] == 2 and metrics["seq_per_rank"] == 8192
    assert 1.0 < metrics["tflops_per_gpu"] < 5000.0
    assert metrics["device"] != "cpu"
    assert any(p.endswith("stdout.log") for p in metrics["rank_logs"])
