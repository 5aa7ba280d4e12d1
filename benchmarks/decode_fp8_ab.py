"""A/B of e4m3 decode-step formulations on one GPU: the planned kernel against its variants.

Why: an e4m3 step's instruction count (benchmarks/decode_offline.py) only predicts its speed; this times
them in one process. Per point (GQA 32/8, D128, one query token, cache full to S; contiguous, and paged
through a shuffled table of 256-token pages) every variant runs the planned configuration
(``decode.plan_config``) with one change: ``default`` none, ``plain`` the step computed as rows x keys
(``DecodeConfig.trans`` off), ``plain_h1`` that with one kv head per program, ``trans_w8h4`` (not run
unless named) the transposed step with 8 warps over 4 heads x 32 keys, and ``bf16`` the bf16 cache's
plan (the reference the e4m3 cache's tokens/s are compared with). Timing
is bench_varlen's: CUDA-graph replays round-robin over enough cache copies to exceed L2, median of 7
replays; variants alternate order over ``--rounds`` rounds and the median of those is reported. Before
timing, each variant's output on copy 0 (about N(0,1) e4m3 values with random per-(page, head) scales)
is compared with ``default``'s (relative L2).
Writes JSON to --out and prints a table last.

    python benchmarks/decode_fp8_ab.py --out benchmarks/results [--rounds 5] [--points 1x4096 8x32768]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import torch

from gpuaccel.accel.kernels.bench.varlen import L2_CLEAR, _quick_ms, _time_graph, decode_bytes
from gpuaccel.accel.kernels.decode.attention import DecodeConfig, decode_attention, plan_config
from gpuaccel.accel.kernels.decode.kv_cache import CONTIGUOUS_PAGE

HQ, HKV, D, PAGE = 32, 8, 128, 256
POINTS = [(1, 4096), (1, 32768), (1, 131072), (8, 4096), (8, 32768), (64, 32768)]
VARIANTS = ["default", "plain", "plain_h1", "trans_w8h4", "bf16"]
DEFAULT_VARIANTS = ["default", "plain", "plain_h1", "bf16"]


def variant_config(name: str, paged: bool, rows: int, tokens: int) -> DecodeConfig:
    """The planned configuration of this layout and size, changed as the variant says."""
    plan = plan_config(rows, name != "bf16", paged, torch.device("cuda"), tokens)
    if name == "plain":  # the step computed as rows x keys (mma.sync, q as the A operand)
        return replace(plan, trans=False)
    if name == "plain_h1":  # the same, one kv head per program
        return replace(plan, trans=False, heads=1)
    if name == "trans_w8h4":  # 8 warps (two warpgroups), 4 heads x 32 keys: 447 SASS a step per warp
        return DecodeConfig(128, 8, 3, 1, 4, trans=True)
    return plan


def _e4m3_copy(shape: tuple[int, ...], random_values: bool) -> torch.Tensor:
    if not random_values:  # bit patterns 0..119 (finite, positive): the time does not depend on values
        return torch.randint(0, 120, shape, device="cuda", dtype=torch.uint8).view(torch.float8_e4m3fn)
    out = torch.empty(shape, device="cuda", dtype=torch.float8_e4m3fn)
    for i in range(shape[0]):  # about N(0,1) / scale (scales ~1/32), one sequence at a time
        out[i] = (torch.randn(shape[1:], device="cuda") * 32).clamp(-448, 448).to(torch.float8_e4m3fn)
    return out


def run_point(batch: int, seqlen: int, paged: bool, variants: list[str], rounds: int) -> dict[str, Any]:
    """Times and relative errors of every variant at one point (one layout)."""
    shape = (batch, seqlen, HKV, D)
    pages = batch * seqlen // PAGE
    table = torch.randperm(pages, device="cuda").to(torch.int32).view(batch, -1) if paged else None
    view = (lambda t: t.view(pages, PAGE, HKV, D)) if paged else (lambda t: t)
    q = torch.randn(batch, 1, HQ, D, device="cuda", dtype=torch.bfloat16)
    seqlens = torch.full((batch,), seqlen, dtype=torch.int32, device="cuda")
    n_scale = pages if paged else batch * seqlen // CONTIGUOUS_PAGE
    g = torch.Generator(device="cuda").manual_seed(0)
    scales = tuple((0.5 + torch.rand(n_scale, HKV, device="cuda", generator=g)) / 32 for _ in range(2))
    n8 = -(-L2_CLEAR // decode_bytes(batch, seqlen, HKV, D, 1))
    caches8 = [(view(_e4m3_copy(shape, i == 0)), view(_e4m3_copy(shape, i == 0))) for i in range(n8)]
    caches16: list[tuple[torch.Tensor, torch.Tensor]] = []
    if "bf16" in variants:
        n16 = -(-L2_CLEAR // decode_bytes(batch, seqlen, HKV, D, 2))
        mk = lambda: view(torch.randn(shape, device="cuda", dtype=torch.bfloat16))
        caches16 = [(mk(), mk()) for _ in range(n16)]
    rows = batch * HKV
    res: dict[str, Any] = {"batch": batch, "seqlen": seqlen, "paged": paged, "variants": {}}
    fns: dict[str, list[Any]] = {}
    ref = None
    for name in variants:
        cfg = variant_config(name, paged, rows, batch * seqlen)
        fp8 = name != "bf16"
        sc = scales if fp8 else None
        fns[name] = [
            lambda kc=kc, vc=vc, cfg=cfg, sc=sc: decode_attention(
                q, kc, vc, seqlens, table, 0, -1, 0, D**-0.5, 0.0, cfg, 0, sc
            )
            for kc, vc in (caches8 if fp8 else caches16)
        ]
        out = fns[name][0]().float()
        entry: dict[str, Any] = {"config": cfg.label(), "ms": []}
        if fp8 and ref is None:
            ref = out
        if fp8:
            entry["rel_l2_vs_default"] = ((out - ref).norm() / ref.norm()).item()
            entry["finite"] = bool(torch.isfinite(out).all())
        res["variants"][name] = entry
    nbytes = {
        True: decode_bytes(batch, seqlen, HKV, D, 1, PAGE if paged else CONTIGUOUS_PAGE),
        False: decode_bytes(batch, seqlen, HKV, D, 2),
    }
    for r in range(rounds):
        order = variants if r % 2 == 0 else variants[::-1]
        for name in order:
            f = fns[name]
            res["variants"][name]["ms"].append(_time_graph(f, _quick_ms(f[0])))
    for name, entry in res["variants"].items():
        entry["median_ms"] = statistics.median(entry["ms"])
        entry["tbps"] = nbytes[name != "bf16"] / entry["median_ms"] / 1e9
    base = res["variants"].get("default", {}).get("median_ms")
    bf16 = res["variants"].get("bf16", {}).get("median_ms")
    for name, entry in res["variants"].items():
        if base and name != "bf16":
            entry["speedup_vs_default"] = base / entry["median_ms"]
        if bf16 and name != "bf16":
            entry["tokens_vs_bf16"] = bf16 / entry["median_ms"]
    del caches8, caches16, fns
    torch.cuda.empty_cache()
    return res


def table(results: list[dict[str, Any]], variants: list[str]) -> str:
    fp8 = [v for v in variants if v != "bf16"]
    head = [
        "B",
        "S",
        "layout",
        *(f"{v} TB/s" for v in variants),
        *(f"{v} x bf16" for v in fp8 if "bf16" in variants),
    ]
    head += [f"{v} / default" for v in fp8 if v != "default"] + [f"{v} rel L2" for v in fp8 if v != "default"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for res in results:
        v = res["variants"]
        cells = [str(res["batch"]), f"{res['seqlen'] // 1024}k", "paged" if res["paged"] else "contiguous"]
        cells += [f"{v[n]['tbps']:.2f}" for n in variants]
        cells += [f"{v[n]['tokens_vs_bf16']:.2f}" for n in fp8 if "bf16" in variants]
        cells += [f"{v[n].get('speedup_vs_default', 0):.3f}" for n in fp8 if n != "default"]
        cells += [f"{v[n]['rel_l2_vs_default']:.1e}" for n in fp8 if n != "default"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument(
        "--variants", nargs="+", default=DEFAULT_VARIANTS, choices=VARIANTS, help="default comes first"
    )
    ap.add_argument("--points", nargs="+", default=[f"{b}x{s}" for b, s in POINTS], help="BATCHxSEQLEN")
    ap.add_argument("--layouts", nargs="+", default=["contiguous", "paged"], choices=["contiguous", "paged"])
    a = ap.parse_args(argv)
    variants = ["default"] + [v for v in a.variants if v != "default"]
    a.out.mkdir(parents=True, exist_ok=True)
    path = a.out / f"decode_fp8_ab_{time.strftime('%Y%m%d-%H%M%S')}.json"
    payload: dict[str, Any] = {
        "device": torch.cuda.get_device_name(),
        "torch": torch.__version__,
        "shape": {"heads_q": HQ, "heads_kv": HKV, "head_dim": D, "page": PAGE},
        "rounds": a.rounds,
        "results": [],
    }
    t0 = time.time()
    for point in a.points:
        b, s = (int(x) for x in point.split("x"))
        for layout in a.layouts:
            res = run_point(b, s, layout == "paged", variants, a.rounds)
            payload["results"].append(res)
            path.write_text(json.dumps(payload, indent=1))
            got = " ".join(f"{n}={e['tbps']:.2f}" for n, e in res["variants"].items())
            print(f"B{b} S{s} {layout}: {got} ({time.time() - t0:.0f}s)", flush=True)
    print(f"wrote {path}")
    print(table(payload["results"], variants))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
