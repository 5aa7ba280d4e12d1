"""Gluon forward, kernel only: orders of the causal tile table (host schedule only) against the shipped one.

Why: issue 41 wants causal D256 at N 16k >= 740 TFLOP/s; the kernel runs 693-695 by the kernel A/B, at the
700 W cap and a 1,500 MHz clock (docs/kernels-log.md, 2026-12-01, forty-sixth session). The proposed lever
(forty-seventh session, whose files were lost): an order of the causal table that makes programs running
at the same time share K/V blocks in L2 and evens each program's work. The kernel decodes a table entry t
to (query block, head) by ``gluon.tiles._tile_coords``; every (query block, head) has exactly one t
(:func:`tile_id`), so any order is a table of the same kernel: no kernel change, the same build.

Walks (a variant is ``shipped`` or ``shipped@WALK``; every walk's programs carry the same tiles' work
within a block or two of each other, by the table's cost model, :func:`summary`):

  lpt    ``sched.causal_schedule`` as shipped: tiles longest first inside 2-head groups (``l2_head_group``),
         each to the least-loaded program so far (its list long tiles first, short last)
  pair   the brief's walk: program jobs of two tiles, query block m of one head of a group and block
         num_m-1-m of the other (equal work a pair); pairs in group order, each to the least-loaded
         program; the pairs of the last partial round dealt as single tiles, longest first
  pair2  ``pair`` with each pair's short tile first: a round's long tiles then end together, and tiles of
         one head that end together read the same key block at the same time (diagonal first, every
         tile walks down to key block 0), as the non-causal tiles, which start together, read it up
  alt    ``lpt``'s tiles per program, each program's list reordered longest, shortest, second longest, ...
         (the same per-program work; the tiles running together mix far query blocks and groups)
  par2 / half2  the programs in two sets (even / odd program ids; first / second half), each set walking
         its own heads (even / odd heads) in groups of half ``l2_head_group``, longest first, each tile to
         the least-loaded program of the set: a head's K/V read by half the SMs, which helps only if a
         set lies in one L2 partition (the L2's far-partition traffic; which of the two splits matches
         the CTA-to-SM order is not known here)

``--check`` / ``--rounds`` / ``--once`` / ``--power``: ``benchmarks/fwd_ab.py`` (the forward A/Bs' shared
harness); ``--walks-only``: each walk's table model for the shapes, no GPU.

  python benchmarks/fwd_causal_walk_ab.py --check --check-dims 256 --check-causal yes \
      --variants shipped shipped@pair shipped@alt shipped@par2 shipped@half2 --rounds 9
  ncu --clock-control none --metrics ... python benchmarks/fwd_causal_walk_ab.py --once ...
"""

from __future__ import annotations

import heapq
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import fwd_ab  # benchmarks/, beside this script
from fwd_d128_ab import CHECKS as D128_CHECKS

SHAPES = ["1,16,16384,256:c", "2,8,16384,256:c"]
VARIANTS = ["shipped", "shipped@pair", "shipped@alt", "shipped@par2", "shipped@half2"]
CHECKS = [
    *(c for c in D128_CHECKS if c[6]),  # the causal ones, D64 / D128 / D256 (GQA, ragged, Nq != Nk)
    (1, 16, 16, 4096, 4096, 256, True, "bf16"),  # 512 tiles on 132 programs, 8 heads' groups
    (1, 6, 3, 3000, 3000, 256, True, "bf16"),  # odd: ragged last tile, GQA, 3 groups of 2
]
Tile = tuple[int, int]  # (query block, batch*head)


def tile_id(m: int, bh: int, num_m: int, bh_total: int, group_heads: int) -> int:
    """The table entry the kernel decodes to (query block m, head bh): ``gluon.tiles._tile_coords``
    inverted."""
    g, inner = divmod(bh, group_heads)
    heads_here = min(group_heads, bh_total - g * group_heads)
    return g * group_heads * num_m + (num_m - 1 - m) * heads_here + inner


def _deal(jobs: list[list[Tile]], cost: Callable[[Tile], float], programs: int) -> list[list[Tile]]:
    """Each job (tiles run back to back), in the order given, to the least-loaded program so far."""
    heap = [(0.0, p) for p in range(programs)]
    lists: list[list[Tile]] = [[] for _ in range(programs)]
    for job in jobs:
        load, p = heapq.heappop(heap)
        lists[p].extend(job)
        heapq.heappush(heap, (load + sum(cost(t) for t in job), p))
    return lists


def _lpt_order(heads: list[int], num_m: int, group: int) -> list[list[Tile]]:
    """Single-tile jobs in the shipped walk's order over ``heads``: groups of ``group`` heads, inside a
    group query blocks last first (longest first), its heads fastest."""
    jobs = []
    for g in range(0, len(heads), group):
        hs = heads[g : g + group]
        jobs += [[(m, h)] for m in range(num_m - 1, -1, -1) for h in hs]
    return jobs


def walk_lists(walk: str, nq: int, nk: int, bh_total: int, group_heads: int, block_n: int, programs: int,
               tile_rows: int, pad_top: bool) -> list[list[Tile]]:  # fmt: skip
    """Per program, its (query block, head) tiles in run order, for ``walk`` (the module docstring)."""
    from gpuaccel.accel.kernels.gluon import sched

    num_m = -(-nq // tile_rows)
    costs = [sched._tile_blocks(m, nq, nk, block_n, tile_rows, pad_top) + 1 for m in range(num_m)]

    def cost(t: Tile) -> float:
        return costs[t[0]]

    heads = list(range(bh_total))
    if walk in ("lpt", "alt"):
        lists = _deal(_lpt_order(heads, num_m, group_heads), cost, programs)
        if walk == "alt":
            for i, x in enumerate(lists):
                s = sorted(x, key=lambda t: -cost(t))
                lists[i] = [s[j // 2] if j % 2 == 0 else s[-1 - j // 2] for j in range(len(s))]
        return lists
    if walk in ("pair", "pair2"):
        pairs: list[list[Tile]] = []
        for g in range(0, bh_total, group_heads):
            hs = heads[g : g + group_heads]
            for m in range(num_m - 1, (num_m - 1) // 2, -1):
                for i, h in enumerate(hs):
                    pair = [(m, h), (num_m - 1 - m, hs[(i + 1) % len(hs)])]
                    pairs.append(pair if walk == "pair" else pair[::-1])
            if num_m % 2:
                pairs += [[((num_m - 1) // 2, h)] for h in hs]
        full = len(pairs) // programs * programs
        tail = sorted((t for job in pairs[full:] for t in job), key=lambda t: -cost(t))
        return _deal(pairs[:full] + [[t] for t in tail], cost, programs)
    if walk in ("par2", "half2"):
        if programs < 2 or bh_total < 2:
            return _deal(_lpt_order(heads, num_m, group_heads), cost, programs)
        sets = (
            [list(range(0, programs, 2)), list(range(1, programs, 2))]
            if walk == "par2"
            else [list(range(programs // 2)), list(range(programs // 2, programs))]
        )
        lists = [[] for _ in range(programs)]
        for s, progs in enumerate(sets):
            mine = _deal(_lpt_order(heads[s::2], num_m, max(1, group_heads // 2)), cost, len(progs))
            for p, x in zip(progs, mine, strict=True):
                lists[p] = x
        return lists
    raise ValueError(f"unknown walk {walk!r}")


def walk_schedule(walk: str) -> Callable[..., Any]:
    """A stand-in for ``sched.causal_schedule`` (same arguments) that lays ``walk``'s table."""
    import torch

    def build(nq: int, nk: int, bh_total: int, group_heads: int, block_n: int, programs: int,
              device: Any, tile_rows: int = 128, pad_top: bool = False) -> Any:  # fmt: skip
        from gpuaccel.accel.kernels.gluon import sched

        num_m = -(-nq // tile_rows)
        lists = walk_lists(walk, nq, nk, bh_total, group_heads, block_n, programs, tile_rows, pad_top)
        ids = [[tile_id(m, h, num_m, bh_total, group_heads) for m, h in x] for x in lists]
        flat = sorted(t for x in ids for t in x)
        assert flat == list(range(num_m * bh_total)), "a walk must hold every tile once"
        return sched._table(ids, torch.device(device))

    return build


@dataclass(frozen=True)
class Walked:
    """A forward configuration with the causal table's walk: what ``variant_cfg`` hands the harness."""

    cfg: Any
    walk: str

    def label(self) -> str:
        return f"{self.cfg.label()} walk={self.walk}"


def launcher(q: Any, k: Any, v: Any, causal: bool, wc: Walked, o: Any, lse: Any) -> Callable[[], None]:
    """``fwd_ab.launcher`` with the table laid by ``wc.walk``: the first call works out the bound launch's
    walk with ``gluon.tiles.causal_schedule`` swapped for the walk's, later calls replay it."""
    from gpuaccel.accel.kernels.gluon import tiles
    from gpuaccel.accel.kernels.gluon.fwd import launch_gluon_fwd

    bound: dict[str, Any] = {}
    scale = q.shape[-1] ** -0.5

    def run() -> None:
        if "tile_walk" in bound or wc.walk == "lpt":
            launch_gluon_fwd(q, k, v, o, lse, causal, scale, wc.cfg, bound)
            return
        shipped = tiles.causal_schedule
        tiles.causal_schedule = walk_schedule(wc.walk)
        try:
            launch_gluon_fwd(q, k, v, o, lse, causal, scale, wc.cfg, bound)
        finally:
            tiles.causal_schedule = shipped

    return run


def variant_cfg(name: str, d: int, nq: int, nk: int, causal: bool) -> Walked:
    """``shipped[@walk]`` -> the shipped configuration with that table walk (default ``lpt``)."""
    from gpuaccel.accel.kernels.tuning.configs import gluon_fwd_config

    base, _, walk = name.partition("@")
    if base != "shipped":
        raise ValueError(f"variants are shipped[@walk], got {name!r}")
    return Walked(gluon_fwd_config(d, nq, nk, causal), walk or "lpt")


def summary(spec: str) -> list[str]:
    """Each walk's table by the cost model (``sched.causal_schedule``'s: key blocks + 1 a tile) for the
    shape's shipped configuration on an H200's 132 SMs: the busiest program over the mean."""
    from gpuaccel.accel.kernels.gluon import sched
    from gpuaccel.accel.kernels.gluon.tiles import CONSUMER_ROWS, l2_head_group
    from gpuaccel.accel.kernels.tuning.configs import gluon_fwd_config

    b, h, n, d = (int(x) for x in spec.split(":")[0].split(","))
    cfg = gluon_fwd_config(d, n, n, True)
    rows_, pad = cfg.consumers * CONSUMER_ROWS, cfg.pad_top
    tiles = -(-n // rows_) * b * h
    programs = min(132 * cfg.ctas_per_sm, tiles)
    gh = l2_head_group(n, d, 2, h, h, b * h)
    out = []
    for walk in ("lpt", "pair", "pair2", "alt", "par2", "half2"):
        lists = walk_lists(walk, n, n, b * h, gh, cfg.block_n, programs, rows_, pad)
        loads = [sum(sched._tile_blocks(m, n, n, cfg.block_n, rows_, pad) + 1 for m, _ in x) for x in lists]
        ratio = max(loads) / (sum(loads) / len(loads))
        out.append(
            f"{spec} | {walk} | {programs} programs, {rows_}-row tiles, group {gh} | "
            f"busiest / mean {ratio:.4f}"
        )
    return out


def big_check(spec: str, variants: list[str], rows: int = 1024) -> dict[str, Any]:
    """Every variant at a full-size causal shape against the fp32 reference, both references ``rows`` query
    rows at a time (the harness's check holds Nq x Nk scores): o's max error against 2x plain PyTorch in
    bf16, lse within 1e-2, and whether o / lse are the first variant's bytes (a reorder of the same tiles)."""
    import torch

    q, k, v, causal, (b, h, n, d) = fwd_ab.inputs(spec)
    scale = d**-0.5
    outs = {}
    for name in variants:
        o = torch.full_like(q, float("nan"))
        lse = torch.full((b, h, n), float("nan"), device="cuda")
        launcher(q, k, v, causal, variant_cfg(name, d, n, n, causal), o, lse)()
        torch.cuda.synchronize()
        outs[name] = (o, lse)
    err = {name: 0.0 for name in variants}
    lse_err = {name: 0.0 for name in variants}
    bar = 0.0
    keys = torch.arange(n, device="cuda")
    kf, vf = k.float(), v.float()  # the fp32 reference: scores, softmax and P@V in fp32
    for r0 in range(0, n, rows):
        qc = q[:, :, r0 : r0 + rows]
        keep = keys[None] <= torch.arange(r0, r0 + qc.shape[2], device="cuda")[:, None]
        s = (qc.float() @ kf.transpose(-1, -2)) * scale
        s = s.masked_fill(~keep, float("-inf"))
        rl = torch.logsumexp(s, -1)
        ro = torch.softmax(s, -1) @ vf
        del s
        sp = ((qc @ k.transpose(-1, -2)) * scale).masked_fill(~keep, float("-inf"))
        bar = max(bar, (torch.softmax(sp, -1) @ v).float().sub(ro).abs().max().item())
        del sp
        for name, (o, lse) in outs.items():
            err[name] = max(err[name], (o[:, :, r0 : r0 + rows].float() - ro).abs().max().item())
            lse_err[name] = max(lse_err[name], (lse[:, :, r0 : r0 + rows] - rl).abs().max().item())
    first = outs[variants[0]]
    row: dict[str, Any] = {"case": spec, "plain_o_max": bar, "v": {}}
    for name, (o, lse) in outs.items():
        row["v"][name] = {
            "o_max": err[name],
            "lse_max": lse_err[name],
            "nan": bool(o.isnan().any() or lse.isnan().any()),
            "same_bytes_as_first": bool(torch.equal(o, first[0]) and torch.equal(lse, first[1])),
        }
    row["ok"] = all(
        not x["nan"] and x["o_max"] <= 2 * bar + 1e-6 and x["lse_max"] < 1e-2 for x in row["v"].values()
    )
    return row


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if "--walks-only" in args:
        for spec in [a for a in args if a != "--walks-only"] or SHAPES:
            print("\n".join(summary(spec)))
        return 0
    if "--check-big" in args:  # --check-big JSON SHAPE VARIANT...
        import json

        i = args.index("--check-big")
        path, spec, variants = args[i + 1], args[i + 2], args[i + 3 :]
        row = big_check(spec, variants)
        with open(path, "w") as f:
            json.dump(row, f, indent=1)
        print(f"check {spec} | plain bf16 bar {row['plain_o_max']:.4f} | ok {row['ok']}")
        for name, x in row["v"].items():
            print(f"check {spec} | {name} | o max {x['o_max']:.4f} | lse max {x['lse_max']:.2e} | "
                  f"bytes as {variants[0]} {x['same_bytes_as_first']}")  # fmt: skip
        return 0 if row["ok"] else 1
    fwd_ab.launcher = launcher  # the harness's check, rounds and --once launch through it
    return fwd_ab.main(argv, __doc__, "fwd_causal_walk_ab", SHAPES, VARIANTS, CHECKS, variant_cfg)


if __name__ == "__main__":
    raise SystemExit(main())
