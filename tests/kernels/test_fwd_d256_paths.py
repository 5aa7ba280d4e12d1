"""Tier 2: the D256 forward's conditional rescale (``GluonFwdConfig.rescale_log2``, shipped non-causal since
docs/kernels-log.md, 2026-11-29, twenty-eighth session, causal with ``diag_first`` since 2026-12-01,
forty-sixth), read in offline sm_90a builds.

Why: Gluon has no interpreter, so the GPU tier (``tests/gpu/test_gluon_fwd_gpu.py``) runs the build against
the reference; here what it compiles to is checked without a GPU (``benchmarks/gluon_offline.py``, ptxas
from Triton's wheel). D256 holds two 64 x 256 fp32 accumulators a warpgroup (O and S's 64 x 64 beside it),
so registers are tight: the shipped builds must not spill, and in each key loop the rescale's 128 O
multiplies a thread sit behind one branch, taken when no row's max grew past the threshold.
"""

from __future__ import annotations

import re

from test_fwd_d128_paths import _offline

from gpuaccel.accel.kernels.tuning.configs import gluon_fwd_config

O_MULS = 64 * 256 // 128  # O's elements a thread: 64 x 256 fp32 over a warpgroup's 128 threads


def _d256_key_loops(sass: str) -> list[list[tuple[int, str]]]:
    """The key loops: backward branches over 350-900 instructions holding 20 HGMMA (one 64-key block at
    D256: 16 for QK^T, 4 for PV)."""
    ins = [(int(a, 16), t.strip()) for a, t in re.findall(r"/\*([0-9a-f]{4,})\*/\s+([^;]*);", sass)]
    loops = []
    for addr, text in ins:
        m = re.search(r"BRA\s+.*?\b(0x[0-9a-f]+)\s*$", text)
        if m and int(m.group(1), 16) < addr:
            body = [(a, t) for a, t in ins if int(m.group(1), 16) <= a <= addr]
            if 350 < len(body) < 900 and sum("HGMMA" in t for _, t in body) == 20:
                loops.append(body)
    return loops


def _shipped(causal: bool) -> list[str]:
    """gluon_offline.py's arguments for the shipped configuration of a 1,16,16384,256 call (its --rescale
    sets the field whatever the configuration holds: the shipped one's value is passed)."""
    cfg = gluon_fwd_config(256, 16384, 16384, causal)
    rescale = -cfg.rescale_log2 if cfg.rescale_warp else cfg.rescale_log2
    args = ["--kernel", "fwd", "--shape", "1,16,16384,256", "--rescale", str(rescale)]
    return [*args, "--causal"] if causal else args


def _most_fmuls_skipped(body: list[tuple[int, str]]) -> int:
    """The most FMULs one conditional forward branch inside the loop jumps over."""
    best = 0
    for addr, text in body:
        m = re.match(r"@!?U?P\w+\s+BRA(\.U)?\s+.*?\b(0x[0-9a-f]+)\s*$", text)
        if m and addr < int(m.group(2), 16) <= body[-1][0]:
            target = int(m.group(2), 16)
            best = max(best, sum(re.match(r"FMUL\b", t) is not None for a, t in body if addr < a < target))
    return best


def test_shipped_d256_non_causal_build_skips_os_rescale_behind_one_branch(tmp_path):
    """Non-causal: every key loop (two consumers x unmasked, masked) jumps over all of O's multiplies at
    once (per warpgroup; the build before had none, the per-warp one 16 a branch); no spill."""
    row, sass = _offline(tmp_path, *_shipped(False))
    assert row["spill_stores"] == 0 and row["LDL"] == 0 and row["DESC_UNSET"] == 0, row
    loops = _d256_key_loops(sass)
    assert len(loops) == 4
    assert all(_most_fmuls_skipped(body) >= O_MULS for body in loops)


def test_shipped_d256_causal_build_skips_os_rescale_behind_one_branch(tmp_path):
    """Causal (since the forty-sixth session) takes the per-warpgroup rescale with each tile's key blocks last
    first (``diag_first``; in order it spilled 56 bytes): every key loop (two consumers x masked, unmasked)
    jumps over all of O's multiplies at once; no spill."""
    cfg = gluon_fwd_config(256, 16384, 16384, True)
    assert cfg.diag_first and cfg.rescale_log2 == 8.0 and not cfg.rescale_warp
    row, sass = _offline(tmp_path, *_shipped(True))
    assert row["spill_stores"] == 0 and row["LDL"] == 0 and row["DESC_UNSET"] == 0, row
    loops = _d256_key_loops(sass)
    assert len(loops) == 4
    assert all(_most_fmuls_skipped(body) >= O_MULS for body in loops)
