"""attention.bench / attention.sweep: specs refused at submit, rather than failing after the wait."""

from __future__ import annotations

import pytest

from gpuaccel.accel.workloads import SpecError, validate


@pytest.mark.parametrize(
    "kind,raw,field,words",
    [
        ("attention.bench", {"shape": [1024, 1024, 1 << 20, 256]}, "shape", "GiB of GPU memory"),
        ("attention.sweep", {"shapes": [[1, 2, 64, 64], [64, 64, 1 << 20, 128]]}, "shapes[1]", "GiB"),
        ("attention.bench", {"dtype": "fp8", "mode": "fwd", "impls": ["sdpa_flash"]}, "impls", "only 'ours'"),
        ("attention.bench", {"dtype": "fp8"}, "mode", "forward-only"),
    ],
)
def test_specs_that_can_only_fail_later_are_refused(kind, raw, field, words) -> None:
    with pytest.raises(SpecError, match=words) as info:
        validate(kind, raw)
    assert info.value.field == field


def test_defaults_and_a_long_forward_fit() -> None:
    assert validate("attention.bench", {})["shape"] == [4, 16, 4096, 128]
    assert validate("attention.sweep", {})["shapes"]
    validate(
        "attention.bench", {"shape": [1, 16, 131072, 128], "mode": "fwd", "dtype": "fp8", "impls": ["ours"]}
    )
