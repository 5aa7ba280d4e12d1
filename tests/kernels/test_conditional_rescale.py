"""Tier 2: the Gluon forward's conditional rescaling rule, on CPU.

The Gluon kernel runs only on a Hopper GPU (its tier-3 test, ``tests/gpu/test_gluon_fwd_gpu.py``, runs it
on these score patterns); Gluon has no interpreter. Here the rule of ``gluon.fwd_steps._row_max`` /
``_rescale`` is replayed block by block in float64 on the same score patterns
(``bench.attention.rescale_inputs``'s ramps): a row keeps a stale max until a block's max exceeds it by
more than the threshold, and O and l are multiplied only where some row of the group (a warp's 16 rows)
moved. Skipping the multiply is exact only because every row that did not move has alpha exactly 1 (or
nothing summed yet); the test fails if that breaks, if P can pass 2**threshold, if the result leaves the
softmax, or if the patterns stop exercising what they are for (a jump rescales once mid-row, a creep
catches its stale max up, a max found in block 0 never rescales again).
"""

from __future__ import annotations

import math

import pytest
import torch

BLOCK = 128
GROUP = 16  # rows of one warp in a 64-row consumer tile (a thread holds rows r and r + 8)


def _scores(pattern: str, rows: int, keys: int, d: int, gen: torch.Generator) -> torch.Tensor:
    """log2-domain scores q k^T / sqrt(d) * log2(e) of ``rescale_inputs``' pattern (q[0] = 8, k[0] ramp)."""
    q = torch.randn(rows, d, generator=gen, dtype=torch.float64)
    k = torch.randn(keys, d, generator=gen, dtype=torch.float64)
    idx = torch.arange(keys, dtype=torch.float64)
    ramp = {
        "jump": (idx >= keys // 2).double() * 10.0,
        "creep": idx / (keys - 1) * 12.0,
        "never": (idx < 64).double() * 10.0,
        "random": None,
    }[pattern]
    if ramp is not None:
        q[:, 0] = 8.0
        k[:, 0] = ramp
    return q @ k.T / math.sqrt(d) * math.log2(math.e)


def _online(s: torch.Tensor, v: torch.Tensor, tau: float) -> tuple[torch.Tensor, torch.Tensor, list[int]]:
    """The kernel's blockwise softmax with threshold ``tau`` (0: the exact max every block): (o, log2 lse,
    the block indices at which some group rescaled). Asserts the invariants that make skipping exact."""
    rows = s.shape[0]
    m = torch.full((rows,), -math.inf, dtype=torch.float64)
    l_sum = torch.zeros(rows, dtype=torch.float64)
    acc = torch.zeros(rows, v.shape[1], dtype=torch.float64)
    rescaled = []
    for j in range(0, s.shape[1], BLOCK):
        blk = s[:, j : j + BLOCK]
        m_raw = torch.maximum(m, blk.max(1).values)
        if tau > 0:
            moved = m_raw > m + tau
            m_new = torch.where(moved, m_raw, m)
        else:
            moved = torch.ones(rows, dtype=torch.bool)
            m_new = m_raw
        group = moved.view(-1, GROUP).any(1).repeat_interleave(GROUP)
        m_use = torch.where(m_new == -math.inf, 0.0, m_new)
        p = torch.exp2(blk - m_use[:, None])
        alpha = torch.exp2(m - m_use)
        assert p.max().item() <= 2.0**tau * (1 + 1e-12), "P past 2**threshold"
        # where no row of the group moved, the skipped multiply must be the identity
        kept = ~group
        assert bool(((alpha[kept] == 1.0) | (l_sum[kept] == 0.0)).all()), "a skipped rescale was not 1"
        acc = torch.where(group[:, None], acc * alpha[:, None], acc) + p @ v[j : j + BLOCK]
        l_sum = l_sum * alpha + p.sum(1)
        m = m_new
        if group.any() and j > 0:
            rescaled.append(j // BLOCK)
    return acc / l_sum[:, None], m + torch.log2(l_sum), rescaled


@pytest.mark.parametrize("pattern", ["random", "jump", "creep", "never"])
@pytest.mark.parametrize("tau", [0.8, 8.0])
def test_conditional_rescale_gives_the_softmax(pattern: str, tau: float) -> None:
    gen = torch.Generator().manual_seed(7)
    rows, keys, d = 64, 2048, 64
    s = _scores(pattern, rows, keys, d, gen)
    v = torch.randn(keys, d, generator=gen, dtype=torch.float64)
    o, lse2, rescaled = _online(s, v, tau)
    ref = torch.softmax(s * math.log(2), 1) @ v
    assert torch.allclose(o, ref, rtol=1e-10, atol=1e-12)
    assert torch.allclose(lse2, torch.logsumexp(s * math.log(2), 1) / math.log(2), rtol=1e-12, atol=1e-12)
    if tau == 8.0:
        if pattern == "never":
            assert rescaled == [], "the max of block 0 holds: no later block may rescale"
        elif pattern == "jump":
            assert rescaled == [keys // 2 // BLOCK], "a jump of 14 log2 units rescales once, where it is"
        elif pattern == "creep":
            assert rescaled, "a max creeping up by 14 log2 units in all must catch its stale max up"
    _, _, every = _online(s, v, 0.0)
    assert len(rescaled) <= len(every)


def test_fp8_headroom_keeps_p_in_e4m3() -> None:
    """FP8 scales P by 2**shift before its e4m3 cast; under a threshold T the shift is cut so that
    2**(shift + T) stays within e4m3's 448 (``fwd._consumer_tile``'s FP8_SHIFT)."""
    from gpuaccel.accel.kernels.gluon.fwd_steps import E4M3_MAX_LOG2, FP8_P_LOG2

    top, shift8 = E4M3_MAX_LOG2.value, FP8_P_LOG2.value
    assert 2.0**top <= 448.0
    for tau in (0.0, 0.5, 0.8, 2.0, 8.0):
        shift = shift8 if tau + shift8 <= top else top - tau
        assert 2.0 ** (shift + tau) <= 448.0
        assert shift == shift8 or tau > 0.8
