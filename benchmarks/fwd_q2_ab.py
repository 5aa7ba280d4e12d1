"""Gluon forward, kernel only: a second Q buffer per consumer (``q_bufs``) against the shipped configuration.

Why: D64 4,32,4096 stayed under the 1.10x-cuDNN target, and the last profile put 17 % of the causal
consumers' samples in the tile's prologue and epilogue, stalled on instruction fetch and on Q's load
(docs/kernels-log.md, 2026-11-28, twenty-third session). A second Q buffer loads the next tile's Q during
the current one; it was refused where PV runs inside each block (the two-per-SM D64 build, FP8) for wrong
causal output, a ptxas miscompile fixed in the twenty-fourth session. Variants:

  shipped  ``gluon_fwd_config(d, n, n, causal)`` as it is (D128: two Q buffers already; N <= 2048 at D64:
           two programs per SM, PV inside each block, two Q buffers non-causal since this A/B)
  q2       the same with ``q_bufs`` = 2
  q1       the same with ``q_bufs`` = 1

``--check`` / ``--rounds`` / ``--once``: ``benchmarks/fwd_ab.py`` (the forward A/Bs' shared harness).

  python benchmarks/fwd_q2_ab.py --check [--shapes 4,32,4096,64:c ...] [--variants shipped q2 q1]
  ncu --clock-control none --section SourceCounters ... python benchmarks/fwd_q2_ab.py --once ...
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import fwd_ab  # benchmarks/, beside this script

SHAPES = [
    "4,32,4096,64", "4,32,4096,64:c", "2,32,8192,64", "2,32,8192,64:c", "1,16,16384,128",
    "1,16,16384,128:c", "16,16,512,64", "16,16,512,64:c", "32,16,512,64", "32,16,512,64:c",
]  # fmt: skip
VARIANTS = ["shipped", "q2", "q1"]
CHECKS = [  # B, Hq, Hkv, Nq, Nk, D, causal, dtype ("bf16"/"fp16")
    (1, 4, 4, 4096, 4096, 64, False, "bf16"),  # three consumers, padding slices (pad_skip)
    (2, 4, 4, 3077, 3077, 64, True, "bf16"),  # causal, padding rows on top, ragged
    (1, 4, 2, 2000, 2500, 64, True, "bf16"),  # Nq < Nk, GQA
    (1, 4, 4, 2500, 2000, 64, True, "fp16"),  # Nq > Nk: leading rows see no key
    (2, 4, 4, 1000, 700, 64, True, "fp16"),  # two programs per SM: the case ptxas got wrong
    (8, 16, 4, 1024, 1024, 64, True, "bf16"),  # two per SM, several tiles a program
    (4, 8, 2, 512, 512, 64, False, "fp16"),
    (1, 4, 4, 1100, 1700, 128, True, "bf16"),  # D128
]


def variant_cfg(name: str, d: int, nq: int, nk: int, causal: bool) -> Any:
    """``shipped`` / ``q2`` / ``q1`` -> the shipped configuration with that many Q buffers."""
    from gpuaccel.accel.kernels.tuning.configs import gluon_fwd_config

    cfg = gluon_fwd_config(d, nq, nk, causal)
    return cfg if name == "shipped" else replace(cfg, q_bufs={"q2": 2, "q1": 1}[name])


def main(argv: list[str] | None = None) -> int:
    return fwd_ab.main(argv, __doc__, "fwd_q2_ab", SHAPES, VARIANTS, CHECKS, variant_cfg)


if __name__ == "__main__":
    raise SystemExit(main())
