"""Reading a model file's header without torch: what the daemon does at start and before each answer."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gpuaccel.assistant.engine.runtime import BUNDLED_MODEL, ModelError, tokenizer_from_file
from gpuaccel.assistant.engine.safetensors_header import HeaderError, read_header


def test_the_header_matches_what_safetensors_reads() -> None:
    safetensors = pytest.importorskip("safetensors")
    tensors, meta = read_header(BUNDLED_MODEL)
    with safetensors.safe_open(str(BUNDLED_MODEL), framework="numpy") as f:
        assert meta == (f.metadata() or {})
        assert set(tensors) == set(f.keys())
        assert tensors["emb.weight"]["shape"] == list(f.get_slice("emb.weight").get_shape())


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"\x01\x02", "too short"),
        ((1 << 40).to_bytes(8, "little") + b"{}", "larger than"),
        ((20).to_bytes(8, "little") + b"{}", "cut short"),
        ((5).to_bytes(8, "little") + b"nope!", "not JSON"),
        ((2).to_bytes(8, "little") + b"[]", "not a JSON object"),
    ],
)
def test_a_broken_header_says_what_is_wrong(tmp_path: Path, content: bytes, why: str) -> None:
    path = tmp_path / "bad.safetensors"
    path.write_bytes(content)
    with pytest.raises(HeaderError, match=why):
        read_header(path)
    with pytest.raises(ModelError, match="not a readable RWKV model file"):
        tokenizer_from_file(path)


def test_picking_and_tokenizing_do_not_import_torch() -> None:
    code = (
        "import sys\n"
        "from gpuaccel.assistant.engine.models import picks_queries\n"
        "from gpuaccel.assistant.engine.runtime import BUNDLED_MODEL, tokenizer_from_file\n"
        "picks_queries(BUNDLED_MODEL); tokenizer_from_file(BUNDLED_MODEL)\n"
        "print(sorted(m for m in ('torch', 'rwkv', 'triton') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_how_a_model_file_writes_prose_is_read_from_its_header(tmp_path: Path) -> None:
    """Slots where the file says ``report_prose=slots`` (with the word pairs its English check accepts), none
    for a file trained only to pick queries, free prose for any other model (a G1 a user downloaded)."""
    from gpuaccel.assistant.engine.models import prose_kind, prose_pairs
    from gpuaccel.assistant.engine.safetensors_header import write_metadata

    def model(meta: dict[str, str]) -> Path:
        path = tmp_path / f"m{len(list(tmp_path.iterdir()))}.safetensors"
        path.write_bytes(_tiny_file())
        write_metadata(path, meta)
        return path

    slots = model({"query_picker": "1", "report_prose": "slots", "prose_pairs": "<s> the\nthe gpus\nbad"})
    assert prose_kind(slots) == "slots" and prose_pairs(slots) == {("<s>", "the"), ("the", "gpus")}
    picker = model({"query_picker": "1"})
    assert prose_kind(picker) is None and prose_pairs(picker) is None
    assert prose_kind(model({"format": "rwkv7"})) == "free"
    broken = tmp_path / "broken.safetensors"
    broken.write_bytes(b"\x00")
    assert prose_kind(broken) == "free" and prose_pairs(broken) is None


def _tiny_file() -> bytes:
    """A valid safetensors file of one small tensor, with no metadata."""
    import json
    import struct

    header = json.dumps({"w": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}}).encode()
    header += b" " * (-len(header) % 8)
    return struct.pack("<Q", len(header)) + header + b"\x00" * 8
