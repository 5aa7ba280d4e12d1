"""Gluon forward, kernel only: variants of the causal tile walk against the shipped configuration.

Why: at D64 the causal forward ran 0.96x cuDNN at 4,32,4096 while non-causal ran 1.06x; a causal tile is
half as long on average, so what a tile costs once (its first block, masked whatever it holds; the
diagonal block, masked again; the epilogue) weighs twice as much. Variants are the head dim's shipped
``GluonFwdConfig`` with ``:``-joined changes:

  base   the configuration shipped before this A/B: ``gluon_fwd_config(d, n, n, causal)`` with the causal
         walk's fields off (``diag_first``, ``pad_top``; ``tuning.configs.CAUSAL_WALK``)
  shipped  ``gluon_fwd_config`` as it is now
  df     ``diag_first``: each tile's key blocks last first, so a slice's masked blocks lead
  pad    ``pad_top``: causal tiles laid from the last query row up (the grid's padding rows first)
  q2     two Q buffers per consumer;  otma: O by one TMA store;  s3 / s4: ring depth
  r8 / r8w  conditional rescaling per warpgroup / per warp;  r0: off

``--check``: every variant on the D64/D128 causal and non-causal cases below (ragged, Nq != Nk both ways,
GQA, fp16); then ``--rounds`` alternated rounds beside cuDNN (``benchmarks/fwd_ab.py``, the harness this
and the other forward A/Bs share, says how each is done).

  python benchmarks/fwd_causal_ab.py [--check] [--shapes 4,32,4096,64:c 2,32,8192,64:c ...]
      [--variants base df df:flip] [--rounds 7] [--json PATH]
  ncu --clock-control none ... python benchmarks/fwd_causal_ab.py --once ...   (each variant, then cuDNN,
      launched once per shape)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import fwd_ab  # benchmarks/, beside this script

SHAPES = ["4,32,4096,64:c", "2,32,8192,64:c", "4,32,4096,64"]
VARIANTS = ["base", "df"]
CHECKS = [  # B, Hq, Hkv, Nq, Nk, D, causal, dtype ("bf16"/"fp16")
    (1, 4, 4, 2304, 2304, 64, True, "bf16"),
    (1, 4, 2, 2000, 2500, 64, True, "bf16"),  # Nq < Nk: the diagonal off the block grid
    (1, 4, 4, 2500, 2000, 64, True, "fp16"),  # Nq > Nk: leading rows see no key
    (2, 4, 4, 3077, 3077, 64, True, "bf16"),  # ragged: the diagonal block is also the ragged end
    (1, 4, 4, 2304, 2560, 64, False, "bf16"),
    (1, 4, 4, 2600, 2599, 64, False, "fp16"),
    (1, 4, 4, 2600, 2599, 64, True, "fp16"),  # padding rows not a multiple of 64 (pad_top: 64 + 40)
    (1, 4, 4, 1100, 1700, 128, True, "bf16"),
    (2, 4, 4, 2100, 2100, 128, True, "bf16"),
    (1, 4, 2, 2048, 2048, 128, False, "bf16"),
]
CHANGES = {
    "df": {"diag_first": True},
    "pad": {"pad_top": True},
    "q2": {"q_bufs": 2},
    "otma": {"o_tma": True},
    "s2": {"stages": 2},
    "s3": {"stages": 3},
    "s4": {"stages": 4},
    "r0": {"rescale_log2": 0.0, "rescale_warp": False},
    "r8": {"rescale_log2": 8.0, "rescale_warp": False},
    "r8w": {"rescale_log2": 8.0, "rescale_warp": True},
}


def variant_cfg(name: str, d: int, nq: int, nk: int, causal: bool) -> Any:
    """``base[:change...]`` -> the configuration before the causal walk with those changes
    (:data:`CHANGES`); ``shipped`` -> ``gluon_fwd_config`` as it is."""
    from gpuaccel.accel.kernels.tuning.configs import gluon_fwd_config

    cfg = gluon_fwd_config(d, nq, nk, causal)
    if name == "shipped":
        return cfg
    cfg = replace(cfg, diag_first=False, pad_top=False)
    for tok in name.split(":"):
        if tok != "base":
            cfg = replace(cfg, **CHANGES[tok])
    return cfg


def main(argv: list[str] | None = None) -> int:
    return fwd_ab.main(argv, __doc__, "fwd_causal_ab", SHAPES, VARIANTS, CHECKS, variant_cfg)


if __name__ == "__main__":
    raise SystemExit(main())
