"""Gluon forward at D128 and D256, kernel only: options on the shipped configuration, against it.

Why: issue 41's forward target asks >= 1.10x cuDNN; D128 non-causal ran 1.07-1.08x through the public call
(docs/kernels-log.md, 2026-11-28, twenty-fourth session, after the merge), causal 1.13-1.17x. The profile
(twenty-fifth session) put 92-96 % of the consumers' samples in the key loop and the tensor pipe at 79-81 %
busy: the two consumer warpgroups' matmuls and softmaxes overlap only as far as the two drift apart.
Variants (``+``-joined tokens, each a ``GluonFwdConfig`` field on the shipped configuration):

  shipped  ``gluon_fwd_config(d, n, n, causal)`` as it is
  pp       ``pingpong``: the two consumers take turns to issue their wgmmas (FlashAttention-3's pingpong,
           named barriers); non-causal two-consumer calls only (the launcher drops it elsewhere)
  ff       ``first_full``: a slice's first key block by the unmasked softmax where it is full (it ran
           masked whatever it held)
  ka       ``k_ahead``: K's ring a slot deeper than V's (3 / 2), each block's K issued before the block
           before it's V (twenty-sixth session: the K ring's wait at the loop's top and V's are the
           largest single waits of the key loop's samples)
  nq       ``next_qk``: each consumer issues its next tile's first QK^T before this tile's epilogue (the
           stores of O and LSE run under it; twenty-seventh session: the tile ends were 4-8 % of the
           consumers' samples at N 4096)
  nq2      ``next_qk`` 2: the same walk with that QK^T issued after the stores (a control: what the walk's
           code costs apart from the order)

D256 (twenty-eighth session: its configuration had none of the options D128 and D64 kept; ``--check-dims
256`` checks its cases alone):

  r8 / r8w ``rescale_log2`` 8: O rescaled only where some row's max grew by more than 8 (log2), decided per
           warpgroup / per warp (``rescale_warp``); r0: off
  or       ``o_recip``: the epilogue's O by 1/l
  q2       ``q_bufs`` 2: the next tile's Q ahead (at D256 64-key blocks, two stages: 256 KB, over the 227)
  df / df0 ``diag_first`` on / off: each causal tile's key blocks last first (``tuning.configs.CAUSAL_WALK``;
           ``r0+df0`` is causal D256's configuration before the forty-sixth session)
  n32      32-key blocks in a 4-deep ring (D256: the same shared memory as 64-key blocks in 2; twenty-ninth
           session, the ring's depth where registers allow)
  ts0 / ts / ts2  ``tail_split`` 0 / 1 / 2: the grid's last round of tiles cut evenly along the keys and
           merged, off / where the cost model says it pays / wherever the round is partial (twenty-ninth
           session, later: the grid's tail)
  ot0      ``o_tma`` off: O by stores from registers, so Q's buffer is handed back after the tile's last
           QK^T and the next tile's Q loads under its last blocks (forty-sixth session: causal D256)
  qr       ``q_ring``: three Q buffers taken in turn by the two consumers' slices, so a tile's first slice
           finds its Q loaded during the tile before (D256, where a second buffer a consumer does not fit)
  cr240 / cr248  ``consumer_regs``: the worker consumer's register cap 240 / 248 (the first consumer then
           gets 248 / 240); with ``df+r8`` causal at D256, ``ot0`` spilled 12 bytes in the key loops at
           232 and none at 240, ``qr`` none in the key loops at 248

``--check`` / ``--rounds`` / ``--once``: ``benchmarks/fwd_ab.py`` (the forward A/Bs' shared harness).

  python benchmarks/fwd_d128_ab.py --check [--shapes 2,16,8192,128 ...] [--variants shipped pp ff]
  ncu --clock-control none --section SourceCounters ... python benchmarks/fwd_d128_ab.py --once ...
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import fwd_ab  # benchmarks/, beside this script

SHAPES = [
    "2,16,8192,128", "4,16,4096,128", "1,16,16384,128", "2,16,8192,128:c", "4,16,4096,128:c",
    "4,32,4096,64", "16,16,512,64",
]  # fmt: skip
VARIANTS = ["shipped", "pp", "ff"]
TOKENS = {
    "pp": {"pingpong": True}, "ff": {"first_full": True}, "ka": {"k_ahead": True}, "nq": {"next_qk": 1},
    "nq2": {"next_qk": 2}, "r8": {"rescale_log2": 8.0, "rescale_warp": False},
    "r8w": {"rescale_log2": 8.0, "rescale_warp": True}, "r0": {"rescale_log2": 0.0, "rescale_warp": False},
    "or": {"o_recip": True}, "q2": {"q_bufs": 2}, "df": {"diag_first": True},
    "n32": {"block_n": 32, "stages": 4}, "ts0": {"tail_split": 0}, "ts": {"tail_split": 1},
    "ts2": {"tail_split": 2}, "ot0": {"o_tma": False}, "qr": {"q_ring": True},
    "cr240": {"consumer_regs": 240}, "cr248": {"consumer_regs": 248}, "df0": {"diag_first": False},
}  # fmt: skip
CHECKS = [  # B, Hq, Hkv, Nq, Nk, D, causal, dtype ("bf16"/"fp16")
    (2, 4, 4, 4096, 4096, 128, False, "bf16"),  # 64 tiles: one a program, 2 Q buffers
    (1, 4, 2, 1100, 1700, 128, False, "bf16"),  # ragged end: the last key block masked, GQA
    (1, 4, 4, 1700, 1100, 128, False, "fp16"),  # Nq > Nk, ragged both
    (3, 6, 3, 2049, 2047, 128, False, "bf16"),  # a one-row last tile
    (1, 4, 4, 1100, 1700, 128, True, "bf16"),  # causal (the same kernel source)
    (2, 4, 4, 3077, 3077, 64, True, "bf16"),  # D64 causal, padding rows on top
    (1, 4, 4, 4096, 4096, 64, False, "bf16"),  # D64 three consumers, padding slices
    (4, 8, 2, 512, 512, 64, False, "fp16"),  # two programs per SM
    (8, 16, 16, 300, 100, 128, False, "bf16"),  # one key block, more tiles than SMs
    (2, 4, 4, 4096, 4096, 256, False, "bf16"),  # D256: 64-key blocks, O by TMA
    (1, 4, 2, 1100, 1700, 256, False, "bf16"),  # ragged end, GQA
    (1, 4, 4, 1700, 1100, 256, False, "fp16"),  # Nq > Nk, ragged both
    (3, 6, 3, 2049, 2047, 256, False, "bf16"),  # a one-row last tile
    (2, 4, 4, 4096, 4096, 256, True, "bf16"),
    (1, 4, 2, 1100, 1700, 256, True, "bf16"),  # Nq < Nk: the diagonal off the block grid
    (1, 4, 4, 2500, 2000, 256, True, "fp16"),  # Nq > Nk: leading rows see no key
    (4, 16, 8, 2049, 2049, 256, True, "bf16"),  # 1,088 causal tiles: 8-9 a program (the Q ring wraps), GQA
]


def variant_cfg(name: str, d: int, nq: int, nk: int, causal: bool) -> Any:
    """``shipped`` or ``+``-joined :data:`TOKENS` -> the shipped configuration with those fields set."""
    from gpuaccel.accel.kernels.tuning.configs import gluon_fwd_config

    cfg = gluon_fwd_config(d, nq, nk, causal)
    if name == "shipped":
        return cfg
    fields: dict[str, Any] = {}
    for token in name.split("+"):
        fields.update(TOKENS[token])
    return replace(cfg, **fields)


def main(argv: list[str] | None = None) -> int:
    return fwd_ab.main(argv, __doc__, "fwd_d128_ab", SHAPES, VARIANTS, CHECKS, variant_cfg)


if __name__ == "__main__":
    raise SystemExit(main())
