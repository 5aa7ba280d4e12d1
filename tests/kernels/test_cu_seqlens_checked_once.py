"""Tier 2: the packed call's offsets are read back to the host (a stream sync) once per tensor.

Why: ``check_cu_seqlens`` read both offsets tensors on every call with ``check_values`` (the default of
``flash_attention_varlen`` and always through ``flash_attn_varlen_func``); each read waited for the GPU to
drain, and the public forward timed 1.24 ms at 16k tokens where its kernel ran 0.60 (docs/kernels-log.md,
2026-11-29, thirty-first session). A tensor that passed is remembered (bounded), by identity, autograd's
version counter, address and size; anything else is read and checked as before.
"""

from __future__ import annotations

import pytest
import torch

from gpuaccel.accel.kernels import checks
from gpuaccel.accel.kernels.checks import UnsupportedInputError, check_cu_seqlens


@pytest.fixture
def reads(monkeypatch):
    monkeypatch.setattr(checks, "_CHECKED", {})
    seen: list[int] = []
    real = torch.Tensor.tolist

    def counted(self):
        seen.append(self.numel())
        return real(self)

    monkeypatch.setattr(torch.Tensor, "tolist", counted)
    return seen


def _check(cu, total=1429, max_seqlen=1000):
    return check_cu_seqlens("cu_seqlens_q", cu, total, max_seqlen, torch.device("cpu"), True)


def test_a_checked_tensor_is_read_once_and_again_once_changed(reads):
    cu = torch.tensor([0, 300, 429, 1429], dtype=torch.int32)
    _check(cu)
    _check(cu)
    _check(cu, max_seqlen=4096)  # a longer bound still holds
    assert len(reads) == 1
    with pytest.raises(UnsupportedInputError, match="below its longest"):
        _check(cu, max_seqlen=999)  # a shorter one is checked, and fails as before
    with pytest.raises(UnsupportedInputError, match="packed length"):
        _check(cu, total=1430)
    assert len(reads) == 3
    cu[1] = 400  # in place: the version counter moves, the tensor is read again
    _check(cu)
    assert len(reads) == 4
    cu[2] = 300  # now not monotone: read again and refused
    with pytest.raises(UnsupportedInputError, match="monotone"):
        _check(cu)
    with pytest.raises(UnsupportedInputError, match="monotone"):
        _check(cu)  # a failed check is not remembered


def test_a_new_tensor_of_the_same_shape_is_read_and_checked(reads):
    cu = torch.tensor([0, 300, 429, 1429], dtype=torch.int32)
    _check(cu)
    del cu
    bad = torch.tensor([0, 900, 429, 1429], dtype=torch.int32)  # maybe at the freed address
    with pytest.raises(UnsupportedInputError, match="monotone"):
        _check(bad)
    other = torch.tensor([0, 300, 429, 1429], dtype=torch.int32)
    _check(other)
    assert len(reads) == 3


def test_inference_tensors_are_always_read_and_the_memory_stays_bounded(reads, monkeypatch):
    with torch.inference_mode():
        cu = torch.tensor([0, 300, 429, 1429], dtype=torch.int32)
    _check(cu)
    _check(cu)
    assert len(reads) == 2 and not checks._CHECKED
    monkeypatch.setattr(checks, "CHECKED_MAX", 3)
    keep = [torch.tensor([0, n, 1429], dtype=torch.int32) for n in range(1, 8)]
    for t in keep:
        _check(t, max_seqlen=1429)
        assert len(checks._CHECKED) <= 3
    _check(keep[-1], max_seqlen=1429)
    assert len(reads) == 2 + len(keep)  # the last one is still remembered
