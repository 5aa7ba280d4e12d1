"""The attention.varlen / attention.decode job kinds: import-safe validation that names the bad field,
and the FLOP / byte accounting the benchmarks report."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gpuaccel.accel.workloads import SpecError, validate


def test_validation_is_import_safe() -> None:
    code = (
        "import sys; from gpuaccel.accel.workloads import validate; validate('attention.varlen', {}); "
        "validate('attention.decode', {'batch': 64}); assert 'torch' not in sys.modules, 'torch imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(
    "kind,raw,field,words",
    [
        ("attention.varlen", {"tokens": 0}, "tokens", "integer from 1"),
        ("attention.varlen", {"min_len": 500, "max_len": 100}, "max_len", ">= min_len"),
        ("attention.varlen", {"mode": "bwd"}, "mode", "'fwd' or 'both'"),
        ("attention.varlen", {"impls": ["sdpa_flash"]}, "impls", "non-empty list from ours"),
        ("attention.varlen", {"heads_kv": 2}, "heads_kv", "unknown field"),
        ("attention.decode", {"heads_q": 32, "heads_kv": 5}, "heads_kv", "divide heads_q"),
        ("attention.decode", {"cache_len": 1000}, "cache_len", "multiple of page_size"),
        ("attention.decode", {"page_size": 8}, "page_size", "from 16 to 256"),
        ("attention.decode", {"batch": 512, "cache_len": 131072}, "cache_len", "GiB"),
        ("attention.decode", {"head_dim": 96}, "head_dim", "64, 128 or 256"),
        ("attention.decode", {"head_dim": 128.0}, "head_dim", "64, 128 or 256"),  # ran into torch later
        ("attention.varlen", {"head_dim": 128.0}, "head_dim", "64, 128 or 256"),
        ("attention.decode", {"heads_q": 256, "heads_kv": 1}, "heads_kv", "at most 128 query heads"),
        ("attention.varlen", {"tokens": 1 << 20, "heads": 128}, "tokens", "GiB of GPU memory"),
    ],
)
def test_bad_specs_name_the_field(kind, raw, field, words) -> None:
    with pytest.raises(SpecError, match=words) as info:
        validate(kind, raw)
    assert info.value.field == field


def test_a_large_gqa_group_is_fine_without_our_decode_kernels() -> None:
    spec = validate("attention.decode", {"heads_q": 256, "heads_kv": 1, "impls": ["sdpa_flash"]})
    assert spec["heads_q"] // spec["heads_kv"] == 256


def test_accounting() -> None:
    pytest.importorskip("torch")
    from gpuaccel.accel.kernels.bench.varlen import decode_bytes, doc_lengths, varlen_flops

    lens = doc_lengths(16384, 128, 8192, seed=0)
    assert sum(lens) == 16384 and all(1 <= n <= 8192 for n in lens)
    assert varlen_flops([100, 200], 16, 128, True, "fwd") == 2 * (100**2 + 200**2) * 16 * 128
    assert varlen_flops([100], 2, 64, False, "both") == 3.5 * 4 * 100**2 * 2 * 64
    assert decode_bytes(8, 4096, 8, 128, 2) == 2 * 8 * 4096 * 8 * 128 * 2
    assert decode_bytes(1, 512, 8, 128, 1, page=256) == 2 * 512 * 8 * 128 + 2 * 4 * 8 * 2
