"""Gluon forward, kernel only: the tile's fixed cost and the padding slices, against the path shipped before.

Why: at D64 the forward trailed the 1.10x-cuDNN target at 4,32,4096 (1.06x non-causal, 1.07x causal,
docs/kernels-log.md, 2026-11-28, twenty-second session). A tile pays a masked first block and an epilogue
whatever its length, and 4096 rows in 192-row tiles leave each head's last tile two slices of padding
rows that walked every key, on programs round-robin hands a whole tile more. Variants are ``:``-joined
changes to ``prev`` (the head dim's ``gluon_fwd_config`` with the three fields below off: the path shipped
before this A/B):

  prev     ``gluon_fwd_config(d, n, n, causal)`` with ``pad_skip``, ``row_limit``, ``o_recip`` off
  shipped  ``gluon_fwd_config`` as it is now
  ps       ``pad_skip``: non-causal slices of padding rows alone run one block; tiles balanced by cost
           (where that shortens the busiest program, ``gluon.tiles.pad_skip_pays``; built with ``rl``:
           before that rule and that build, the first device call ran it at every padded shape alone)
  rl       ``row_limit``: masked blocks by one per-row key limit, the max on raw scores
  or       ``o_recip``: the epilogue's O / l as a reciprocal a row and a multiply

``--check`` / ``--rounds`` / ``--once``: ``benchmarks/fwd_ab.py`` (the forward A/Bs' shared harness).

  python benchmarks/fwd_tile_cost_ab.py --check [--shapes 4,32,4096,64 4,32,4096,64:c ...]
      [--variants prev prev:ps prev:rl:or ...] [--rounds 7] [--json PATH]
  ncu --clock-control none --section SourceCounters ... python benchmarks/fwd_tile_cost_ab.py --once ...
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import fwd_ab  # benchmarks/, beside this script

SHAPES = ["4,32,4096,64", "4,32,4096,64:c", "2,32,8192,64", "2,32,8192,64:c", "1,16,16384,128"]
VARIANTS = ["prev", "prev:ps", "prev:or", "prev:rl:or", "prev:ps:rl:or"]
CHECKS = [  # B, Hq, Hkv, Nq, Nk, D, causal, dtype ("bf16"/"fp16")
    (1, 4, 4, 4096, 4096, 64, False, "bf16"),  # two slices of padding rows in each head's last tile
    (1, 4, 2, 2600, 2599, 64, False, "fp16"),  # one (88 padding rows), ragged keys, GQA
    (1, 4, 4, 4100, 1000, 64, False, "bf16"),  # Nq > Nk, ragged keys
    (1, 4, 4, 2304, 2560, 64, False, "bf16"),  # no padding
    (2, 4, 4, 3077, 3077, 64, True, "bf16"),  # causal: the diagonal block is also the ragged end
    (1, 4, 2, 2000, 2500, 64, True, "bf16"),  # Nq < Nk
    (1, 4, 4, 2500, 2000, 64, True, "fp16"),  # Nq > Nk: leading rows see no key
    (1, 4, 4, 4100, 1000, 128, False, "bf16"),  # D128: a slice of padding rows, O by TMA
    (1, 4, 4, 1100, 1700, 128, True, "bf16"),
]
CHANGES = {
    "ps": {"pad_skip": True},
    "rl": {"row_limit": True},
    "or": {"o_recip": True},
}
OFF = {"pad_skip": False, "row_limit": False, "o_recip": False}


def variant_cfg(name: str, d: int, nq: int, nk: int, causal: bool) -> Any:
    """``prev[:change...]`` -> the configuration before this A/B with those changes (:data:`CHANGES`);
    ``shipped`` -> ``gluon_fwd_config`` as it is."""
    from gpuaccel.accel.kernels.tuning.configs import gluon_fwd_config

    cfg = gluon_fwd_config(d, nq, nk, causal)
    if name == "shipped":
        return cfg
    cfg = replace(cfg, **OFF)
    for tok in name.split(":"):
        if tok != "prev":
            cfg = replace(cfg, **CHANGES[tok])
    return cfg


def main(argv: list[str] | None = None) -> int:
    return fwd_ab.main(argv, __doc__, "fwd_tile_cost_ab", SHAPES, VARIANTS, CHECKS, variant_cfg)


if __name__ == "__main__":
    raise SystemExit(main())
