"""Where FA3's e4m3 call loses to the bf16 call at short causal D64, outside ncu (docs/kernels-log.md,
2026-12-01, forty-fifth session).

Why: at causal D64 4,16,1024 and 8,16,1024 the e4m3 call stayed 1.00-1.03x the bf16 call after the V
transposer's instructions were cut by a quarter; nobody had split the gap into per-tile cost, the grid's
schedule and the host path. Per batch size B at N 1024, H 16, D64 causal: each call's kernel us (torch
profiler, 20 calls), so the slope over B is the per-tile cost and the intercept the fixed part (launch,
tail, first/last wave); host us per call with the GPU idle (``fp8_call_host_ab.loop_us``; the forty-fifth
session's run read it after the profiler, 80-100 us a call, not the host path's cost); and the host
schedule's per-program loads in 64-key blocks (+1 a tile, ``gluon.sched.causal_schedule``) as each kernel
builds it (the FP8 kernel's tiles laid from row 0, bf16's from the last row up). Prints a table last,
writes JSON to $OUT.

  PYTHONPATH=src:benchmarks python benchmarks/fp8_d64_gap_profile.py [--batches 4 6 8 12 16]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))


def schedule_loads(b: int, n: int, h: int, pad_top: bool, element_size: int, sms: int) -> dict[str, float]:
    """The causal table's per-program loads (blocks + 1 a tile) at B, N, H, D64 on two programs an SM."""
    from gpuaccel.accel.kernels.gluon import sched
    from gpuaccel.accel.kernels.gluon.tiles import l2_head_group

    bh, num_m, programs = b * h, -(-n // 128), 2 * sms
    gh = l2_head_group(n, 64, element_size, h, h, bh)
    table = sched.causal_schedule(n, n, bh, gh, 64, programs, torch.device("cpu"), 128, pad_top)
    costs = [sched._tile_blocks(m, n, n, 64, 128, pad_top) + 1 for m in range(num_m)]
    loads, counts = [], []
    for p in range(programs):
        tiles = table[p, 1 : 1 + int(table[p, 0])].tolist()
        loads.append(sum(costs[num_m - 1 - (t % (gh * num_m)) // min(gh, bh - t // (gh * num_m) * gh)]
                         for t in tiles))  # fmt: skip
        counts.append(len(tiles))
    return {"tiles": bh * num_m, "programs": programs, "tiles_min": min(counts), "tiles_max": max(counts),
            "load_mean": statistics.mean(loads), "load_max": max(loads), "load_min": min(loads)}  # fmt: skip


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--batches", type=int, nargs="+", default=[4, 6, 8, 12, 16])
    ap.add_argument("--n", type=int, default=1024)
    ap.add_argument("--heads", type=int, default=16)
    ap.add_argument("--json", default=os.path.join(os.environ.get("OUT", "."), "fp8_d64_gap.json"))
    args = ap.parse_args()
    from fp8_call_host_ab import calls, environment, loop_us

    from gpuaccel.accel.kernels.bench.attention import kernel_times

    sms = torch.cuda.get_device_properties(0).multi_processor_count
    out = {"env": environment(), "rows": {}}
    for b in args.batches:
        shape = (b, args.n, args.heads, 64, True)
        fns = calls(shape)
        row = {}
        for name in ("e4m3", "bf16"):
            host = loop_us(fns[name])  # before the profiler: after it, host us read 80-100 (CUPTI left on)
            ks = [kernel_times(fns[name], 20) for _ in range(3)]
            us = statistics.median(1e3 * sum(k.values()) for k in ks)
            row[name] = {"kernels_ms": ks[-1], "kernel_us": us, "host_us": host}
        row["sched_fp8"] = schedule_loads(b, args.n, args.heads, False, 1, sms)
        row["sched_bf16"] = schedule_loads(b, args.n, args.heads, True, 2, sms)
        out["rows"][b] = row
        print(json.dumps({b: {n: (round(row[n]["kernel_us"], 2), round(row[n]["host_us"], 1))
                              for n in ("e4m3", "bf16")}}), flush=True)  # fmt: skip
    bs = list(out["rows"])
    fit = {}
    for name in ("e4m3", "bf16"):
        ys = [out["rows"][b][name]["kernel_us"] for b in bs]
        mx, my = statistics.mean(bs), statistics.mean(ys)
        slope = sum((x - mx) * (y - my) for x, y in zip(bs, ys, strict=True)) / sum((x - mx) ** 2 for x in bs)
        fit[name] = {"us_per_batch": slope, "intercept_us": my - slope * mx}
    out["fit"] = fit
    Path(args.json).write_text(json.dumps(out, indent=1))
    print("| B | e4m3 kernel us | bf16 kernel us | ratio | e4m3 host us | bf16 host us | tiles/prog | "
          "load max/mean |")  # fmt: skip
    for b in bs:
        r = out["rows"][b]
        e, f, s = r["e4m3"], r["bf16"], r["sched_fp8"]
        ratio = e["kernel_us"] / f["kernel_us"]
        print(f"| {b} | {e['kernel_us']:.2f} | {f['kernel_us']:.2f} | {ratio:.3f} | "
              f"{e['host_us']:.1f} | {f['host_us']:.1f} | {s['tiles_min']}-{s['tiles_max']} | "
              f"{s['load_max']}/{s['load_mean']:.2f} |")  # fmt: skip
    for name, v in fit.items():
        print(f"fit {name}: {v['us_per_batch']:.3f} us a batch, intercept {v['intercept_us']:.2f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
