"""Tier 2: the bound launch path (``direct_launch.DirectLaunch``) against Triton's own launcher wrapper.

No GPU: Triton's real descriptor expansion (``wrap_handle_tensordesc`` -> ``make_tensordesc_arg``) runs
with the driver's encoder replaced by one that records its arguments, and the C launch function by a
recorder. A direct call must hand the C function exactly what Triton's path hands it, for tensors other
than the ones it was bound with; a launch hook sends the call through the runner; a kernel that needs
scratch memory is not bound.
"""

from __future__ import annotations

import inspect
import os

os.environ["TRITON_INTERPRET"] = "1"  # like the other tier-2 modules, before any kernel is defined

from types import SimpleNamespace
from typing import Any

import pytest
import torch

pytest.importorskip("triton")

import triton  # noqa: E402
from triton import knobs  # noqa: E402
from triton.backends.nvidia.driver import wrap_handle_tensordesc  # noqa: E402

from gpuaccel.accel.kernels.dense import direct_launch  # noqa: E402
from gpuaccel.accel.kernels.dense.direct_launch import DirectLaunch, Tma, resolve  # noqa: E402

SIGNATURE = {"q": "tensordesc<bf16[1, 1, 64, 32]>", "o": "*bf16", "n": "i32",
             "k": "tensordesc<bf16[1, 1, 16, 32]>", "scale": "fp32", "BLOCK": "constexpr"}  # fmt: skip
META = [
    {"swizzle": 3, "elem_size": 2, "elem_type": 10, "block_size": [1, 1, 64, 32], "fp4_padded": False},
    {"swizzle": 2, "elem_size": 2, "elem_type": 10, "block_size": [1, 1, 16, 32], "fp4_padded": False},
]


def _encode(ptr: int, *params: Any) -> tuple[Any, ...]:
    return ("map", ptr, *(tuple(p) if isinstance(p, list) else p for p in params))


@pytest.fixture
def fake_cuda(monkeypatch):
    """The driver's encoder, the thread's context binding and the stream, without a GPU."""
    driver = SimpleNamespace(utils=SimpleNamespace(fill_tma_descriptor=_encode))
    monkeypatch.setattr(triton.runtime.driver, "_active", driver)
    monkeypatch.setattr(direct_launch, "bind_context", lambda device: None)
    monkeypatch.setattr(direct_launch, "_current_device", lambda: 0)
    monkeypatch.setattr(direct_launch, "_current_stream", lambda index: 77)


def _compiled(calls: list[tuple[Any, ...]], scratch: int = 0, meta: list[Any] = META) -> SimpleNamespace:
    inner = wrap_handle_tensordesc(lambda *a: calls.append(a), SIGNATURE, meta)
    launcher = SimpleNamespace(launch=inner, global_scratch_size=scratch, global_scratch_align=128,
                               profile_scratch_size=0, num_ctas=1, launch_cooperative_grid=False,
                               launch_pdl=True)  # fmt: skip
    return SimpleNamespace(run=launcher, packed_metadata=(4, 1, 1024), function=1234)


def _args(seed: int) -> list[Any]:
    g = torch.Generator().manual_seed(seed)
    q = torch.randn(2, 3, 128, 32, generator=g).to(torch.bfloat16)
    k = torch.randn(2, 1, 96, 32, generator=g).to(torch.bfloat16)
    return [Tma(q, 64), torch.empty_like(q), 128, Tma(k, 16), 0.125 * seed, 64]


def test_direct_call_hands_the_c_launcher_what_tritons_wrapper_does(fake_cuda):
    calls: list[tuple[Any, ...]] = []
    compiled = _compiled(calls)
    bound = DirectLaunch(compiled, (5, 6, 1), _args(1), runner=None)
    later = _args(2)  # other tensors of the same signature
    bound(*later)
    base = (5, 6, 1, 77, 1234, False, True, None, None, (4, 1, 1024), None, None, None)
    compiled.run.launch(*base, *resolve(later))
    direct, triton_path = calls
    assert direct == triton_path
    q, k = later[0].tensor, later[3].tensor
    assert direct[13][:2] == ("map", q.data_ptr()) and direct[13 + 9 + 2][:2] == ("map", k.data_ptr())


def test_a_compiled_box_that_cuts_the_tile_is_bound_and_encoded_as_triton_does(fake_cuda):
    """At head_dim 128 the kernels' box is the 64 x 128 tile cut to 64 x 64 (a 128-byte swizzle holds 64
    bf16): Triton's wrapper encodes the box from the metadata, and a bound launch must do the same. It
    used to refuse such kernels, so every D128 and D256 launch took the runner's slow path."""
    calls: list[tuple[Any, ...]] = []
    meta = [dict(META[0], block_size=[1, 1, 64, 16]), dict(META[1], block_size=[1, 1, 8, 32])]
    compiled = _compiled(calls, meta=meta)
    bound = DirectLaunch(compiled, (5, 6, 1), _args(1), runner=None)
    later = _args(2)
    bound(*later)
    base = (5, 6, 1, 77, 1234, False, True, None, None, (4, 1, 1024), None, None, None)
    compiled.run.launch(*base, *resolve(later))
    direct, triton_path = calls
    assert direct == triton_path
    assert direct[13][5] == (1, 1, 64, 16) and direct[13 + 9 + 2][5] == (1, 1, 8, 32)  # the boxes
    too_big = [dict(META[0], block_size=[1, 1, 64, 64]), META[1]]  # wider than the 32 columns asked
    with pytest.raises(ValueError, match="box"):
        DirectLaunch(_compiled([], meta=too_big), (1, 1, 1), _args(1), runner=None)


def test_a_launch_hook_sends_the_call_through_the_runner(fake_cuda):
    calls: list[tuple[Any, ...]] = []
    ran: list[tuple[Any, ...]] = []
    bound = DirectLaunch(_compiled(calls), (1, 1, 1), _args(1), runner=lambda *a: ran.append(a))
    hook = lambda metadata: None
    knobs.runtime.launch_enter_hook.add(hook)
    try:
        bound(*_args(3))
    finally:
        knobs.runtime.launch_enter_hook.remove(hook)
    assert not calls and len(ran) == 1
    assert type(ran[0][0]).__name__ == "TensorDescriptor" and ran[0][2] == 128
    bound(*_args(3))
    assert len(calls) == 1 and len(ran) == 1


def test_global_scratch_is_allocated_per_call_as_tritons_launcher_does(fake_cuda):
    """Kernels with device-side descriptors (the tl.* dQ kernel at head_dim 256) need global scratch:
    grid x CTAs x its size, from the allocator ``triton.set_allocator`` installed, on the call's stream."""
    calls: list[tuple[Any, ...]] = []
    asked: list[tuple[int, int, Any]] = []

    def allocator(size: int, align: int, stream: Any) -> str:
        asked.append((size, align, stream))
        return f"scratch{len(asked)}"

    before = direct_launch._allocation._allocator.get()
    triton.set_allocator(allocator)
    try:
        bound = DirectLaunch(_compiled(calls, scratch=256), (5, 6, 1), _args(1), runner=None)
        bound(*_args(2))
        bound(*_args(3))
    finally:
        triton.set_allocator(before)
    assert asked == [(5 * 6 * 256, 128, 77)] * 2
    assert [c[7:9] for c in calls] == [("scratch1", None), ("scratch2", None)]


def test_kernels_that_need_profiling_scratch_or_other_descriptors_are_not_bound(fake_cuda):
    compiled = _compiled([])
    compiled.run.profile_scratch_size = 64
    with pytest.raises(ValueError, match="scratch"):
        DirectLaunch(compiled, (1, 1, 1), _args(1), runner=None)
    args = _args(1)
    args[3] = args[3].tensor  # a descriptor position given as a plain tensor
    with pytest.raises(ValueError):
        DirectLaunch(_compiled([]), (1, 1, 1), args, runner=None)
    args = _args(1)
    args[0] = Tma(args[0].tensor, 32)  # a tile other than the compiled one
    with pytest.raises(ValueError, match="box"):
        DirectLaunch(_compiled([]), (1, 1, 1), args, runner=None)


def test_an_encoded_descriptor_is_reused_only_for_its_address_and_tile(fake_cuda, monkeypatch):
    monkeypatch.setattr(direct_launch, "ENCODED", {})
    encoded: list[tuple[Any, ...]] = []
    driver = SimpleNamespace(
        utils=SimpleNamespace(fill_tma_descriptor=lambda *a: encoded.append(a) or _encode(*a))
    )
    monkeypatch.setattr(triton.runtime.driver, "_active", driver)
    calls: list[tuple[Any, ...]] = []
    bound = DirectLaunch(_compiled(calls), (1, 1, 1), _args(1), runner=None)
    args = _args(2)
    bound(*args)
    bound(*args)  # the same addresses and tiles: both maps reused
    assert len(encoded) == 2 and calls[0] == calls[1]
    moved = _args(3)  # other addresses: encoded anew
    bound(*moved)
    assert len(encoded) == 4 and calls[2][13][1] == moved[0].tensor.data_ptr()
    q = args[0].tensor
    other = [Tma(q, 64), torch.empty_like(q), 128, Tma(q, 16), 0.5, 64]  # q's address in k's 16-row tile
    bound(*other)
    assert len(encoded) == 5 and calls[3][13 + 9 + 2] == _encode(q.data_ptr(), *encoded[-1][1:])
    assert calls[3][13 + 9 + 2][5] == (1, 1, 16, 32)  # the k slot's tile, not the q map of the same address


def test_a_call_with_other_integers_hands_them_over(fake_cuda):
    calls: list[tuple[Any, ...]] = []
    compiled = _compiled(calls)
    bound = DirectLaunch(compiled, (1, 1, 1), _args(1), runner=None, fixed=1)
    later = _args(2)
    later[2] = 256  # an integer the signature was meant to fix
    bound(*later[:-1])
    base = (1, 1, 1, 77, 1234, False, True, None, None, (4, 1, 1024), None, None, None)
    compiled.run.launch(*base, *resolve(later))
    assert calls[0] == calls[1] and calls[0][13 + 10] == 256


def test_a_bound_launch_replays_the_kernels_own_defaults() -> None:
    """A constexpr left at its default by a caller is still in the bound launch's tail (the dense
    backward's statistics launch leaves ``DQ_AT_STATS`` out; binding it raised KeyError on the GPU)."""
    from gpuaccel.accel.kernels.dense.flash_bwd import attn_bwd_preprocess_kernel as kernel
    from gpuaccel.accel.kernels.dense.launchers import constexpr_tail

    n_args = list(inspect.signature(kernel.fn).parameters).index("HEAD_DIM")
    said = dict(HEAD_DIM=128, BLOCK_M=64, ZERO_DQ=True, ITEM_FIELDS=0)
    assert constexpr_tail(kernel, n_args, said) == [128, 64, True, 0, False]
    assert constexpr_tail(kernel, n_args, {**said, "DQ_AT_STATS": True})[-1] is True
    with pytest.raises(KeyError):
        constexpr_tail(kernel, n_args, {"HEAD_DIM": 128})  # one with no default must be said
