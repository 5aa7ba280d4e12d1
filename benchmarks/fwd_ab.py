"""Shared A/B harness of the Gluon forward's kernel-only A/Bs (``fwd_causal_ab.py``, ``fwd_tile_cost_ab.py``).

Why one: each A/B of the forward checks its variants against an fp32 reference, then times them in
alternated rounds beside cuDNN's SDPA in one process, and only which configurations it compares differs.
A script gives a ``variant_cfg(name, d, nq, nk, causal)`` (name -> ``GluonFwdConfig``), its default shapes,
variants and check cases, and its docstring; this module does the rest:

- ``--check``: every variant on the check cases (B, Hq, Hkv, Nq, Nk, D, causal, "bf16"/"fp16"), into
  NaN-poisoned o/lse, against an fp32 reference: within 2x plain PyTorch in the inputs' dtype (the forward
  standard), lse within 1e-2, rows that see no key -inf; ``--check-dims 256``: only those head dims' cases.
- ``--rounds`` alternated rounds time every variant on each shape (``bench.attention.median_ms`` of the
  bound launch; the order reversed every other round, since the twenty-ninth session's causal rounds read
  a drift by place in the round), the first variant twice (the spread of one kernel timed twice), and
  cuDNN's SDPA in the same rounds; speedups are taken round by round. The JSON keeps every timing.
- ``--once``: each variant, then cuDNN, launched once per shape (for ncu).
- ``--power S``: the first variant and cuDNN, each timed back to back for S seconds per shape while
  ``nvidia-smi`` samples the SM clock, board power and the software power cap every 50 ms: whether the card
  runs at its power cap (then the clock, not issue, sets the rate) and what share of the tensor pipe's peak
  at the measured clock (132 SMs x 4,096 bf16 dense FLOP a clock on a Hopper SM) the kernel reaches.
"""

from __future__ import annotations

import argparse
import datetime
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

CfgOf = Callable[[str, int, int, int, bool], Any]


def launcher(q: Any, k: Any, v: Any, causal: bool, cfg: Any, o: Any, lse: Any) -> Callable[[], None]:
    """A bound launch of the Gluon forward with ``cfg`` into o/lse (what a repeated call runs)."""
    from gpuaccel.accel.kernels.gluon.fwd import launch_gluon_fwd

    bound: dict[str, Any] = {}
    scale = q.shape[-1] ** -0.5
    return lambda: launch_gluon_fwd(q, k, v, o, lse, causal, scale, cfg, bound)


def check(case: tuple[Any, ...], variants: list[str], cfg_of: CfgOf) -> dict[str, Any]:
    """Every variant on one check case against the fp32 reference (the forward standard)."""
    import torch

    from gpuaccel.accel.kernels import reference
    from gpuaccel.accel.kernels.bench.attention import plain_attention

    b, hq, hkv, nq, nk, d, causal, dt = case
    dtype = torch.bfloat16 if dt == "bf16" else torch.float16
    gen = torch.Generator(device="cuda").manual_seed(nq * 7 + nk + d)
    q = torch.randn(b, hq, nq, d, device="cuda", generator=gen).to(dtype)
    k, v = (torch.randn(b, hkv, nk, d, device="cuda", generator=gen).to(dtype) for _ in range(2))
    scale = d**-0.5
    ro, rl = reference.flash_attention_forward(q.float(), k.float(), v.float(), causal, scale)
    fin = torch.isfinite(rl)
    bar = (plain_attention(q, k, v, causal, scale).float() - ro).abs().max().item()
    row: dict[str, Any] = {"case": list(case), "plain_o_max": bar, "v": {}}
    first: tuple[Any, Any] | None = None
    for name in variants:
        cfg = cfg_of(name, d, nq, nk, causal)
        o = torch.full_like(q, float("nan"))
        lse = torch.full((b, hq, nq), float("nan"), device="cuda")
        try:
            launcher(q, k, v, causal, cfg, o, lse)()
            torch.cuda.synchronize()
        except Exception as e:  # a configuration this head dim cannot hold (shared memory): said, not hidden
            row["v"][name] = {"cfg": cfg.label(), "error": f"{type(e).__name__}: {e}"[:300]}
            continue
        if first is None:
            first = (o, lse)
        row["v"][name] = {
            "cfg": cfg.label(),
            # o and lse bit for bit the first variant's (a change of order only: the same bytes)
            "same_bytes_as_first": bool(torch.equal(o, first[0]) and torch.equal(lse, first[1])),
            "nan": bool(o.isnan().any() or lse.isnan().any()),
            "o_max": (o.float() - ro).abs().max().item(),
            "lse_max": (lse[fin] - rl[fin]).abs().max().item() if fin.any() else 0.0,
            "inf_rows_match": bool((lse[~fin] == rl[~fin]).all()),
        }
    row["ok"] = all(
        not r["nan"] and r["inf_rows_match"] and r["o_max"] <= 2 * bar + 1e-6 and r["lse_max"] < 1e-2
        for r in row["v"].values()
        if "error" not in r
    )
    return row


def inputs(spec: str) -> tuple[Any, Any, Any, bool, tuple[int, int, int, int]]:
    """``B,H,N,D[:c]`` -> bf16 randn q, k, v, causal, dims."""
    import torch

    dims, *rest = spec.split(":")
    b, h, n, d = (int(x) for x in dims.split(","))
    gen = torch.Generator(device="cuda").manual_seed(n + b)
    q, k, v = (torch.randn(b, h, n, d, device="cuda", generator=gen).to(torch.bfloat16) for _ in range(3))
    return q, k, v, rest == ["c"], (b, h, n, d)


def measure(spec: str, variants: list[str], rounds: int, cfg_of: CfgOf) -> dict[str, Any]:
    """Alternated rounds of every variant (the first twice) and cuDNN on one shape."""
    import torch

    from gpuaccel.accel.kernels.bench.attention import attention_flops, implementation, median_ms

    q, k, v, causal, (b, h, n, d) = inputs(spec)
    flops = attention_flops(b, h, n, n, d, causal, "fwd")
    names = [*variants, f"{variants[0]} again"]
    fns, labels, refused = {}, {}, {}
    for name in names:
        cfg = cfg_of(name.split()[0], d, n, n, causal)
        labels[name] = cfg.label()
        fn = launcher(q, k, v, causal, cfg, torch.empty_like(q), torch.empty(b, h, n, device="cuda"))
        try:
            fn()
        except ValueError as e:  # a change this head dim's configuration refuses (pad_top with O by TMA)
            refused[name] = str(e)[:200]
            continue
        fns[name] = fn
    names = [n_ for n_ in names if n_ not in refused]
    cudnn = implementation("sdpa_cudnn", "bf16")
    fns["cudnn"] = lambda: cudnn(q, k, v, causal)
    names.append("cudnn")
    torch.cuda.synchronize()
    row: dict[str, Any] = {
        "shape": spec,
        "flops": flops,
        "cfg": labels,
        "refused": refused,
        "v": {n_: {"ms": []} for n_ in names},
    }
    for r in range(rounds):  # the order reversed every other round (a place in the round reads apart)
        for name, fn in list(fns.items())[:: -1 if r % 2 else 1]:
            row["v"][name]["ms"].append(median_ms(fn))
    for r in row["v"].values():
        r["median_ms"] = statistics.median(r["ms"])
        r["median_tflops"] = flops / r["median_ms"] / 1e9
    first = row["v"][variants[0]]["ms"]
    for name in names[1:]:
        row["v"][name]["speedup_per_round"] = [
            a / s for a, s in zip(first, row["v"][name]["ms"], strict=True)
        ]
    cud = row["v"]["cudnn"]["ms"]
    for name in names[:-1]:
        row["v"][name]["over_cudnn_per_round"] = [
            c / s for c, s in zip(cud, row["v"][name]["ms"], strict=True)
        ]
    return row


SMI_QUERY = "timestamp,clocks.sm,power.draw,clocks_event_reasons.sw_power_cap,temperature.gpu"
DENSE_FLOP_PER_SM_CLOCK = 4096  # Hopper SM, bf16 wgmma, dense (989 TFLOP/s = 132 x 4096 x 1.83 GHz)


def power(spec: str, variants: list[str], seconds: float, cfg_of: CfgOf) -> dict[str, Any]:
    """The first variant and cuDNN, each timed back to back for ``seconds`` while nvidia-smi samples."""
    import torch

    from gpuaccel.accel.kernels.bench.attention import attention_flops, implementation

    q, k, v, causal, (b, h, n, d) = inputs(spec)
    flops = attention_flops(b, h, n, n, d, causal, "fwd")
    cfg = cfg_of(variants[0], d, n, n, causal)
    cudnn = implementation("sdpa_cudnn", "bf16")
    fns = {
        variants[0]: launcher(q, k, v, causal, cfg, torch.empty_like(q), torch.empty(b, h, n, device="cuda")),
        "cudnn": lambda: cudnn(q, k, v, causal),
    }
    marks, samples = sampled(fns, list(fns), seconds, 0.5)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    row: dict[str, Any] = {"shape": spec, "cfg": cfg.label(), "seconds": seconds, "v": {}}
    for name, t0, t1, ms in marks:
        row["v"][name] = clock_summary(samples, t0, t1, flops, ms, sms)
    return row


def sampled(
    fns: dict[str, Callable[[], Any]], order: list[str], seconds: float, pause: float
) -> tuple[list[tuple[str, float, float, float]], list[tuple[float, float, float, bool, float]]]:
    """Each of ``fns`` in ``order`` timed by ``do_bench`` for ``seconds`` (median ms), ``pause`` s apart,
    while ``nvidia-smi`` samples :data:`SMI_QUERY` every 50 ms: the runs as (name, start, end, ms) and the
    samples (:func:`smi_samples`), for :func:`clock_summary`."""
    import torch
    from triton.testing import do_bench

    for fn in fns.values():
        fn()
    torch.cuda.synchronize()
    cmd = ["nvidia-smi", f"--query-gpu={SMI_QUERY}", "--format=csv,noheader,nounits", "-lms", "50"]
    smi = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    marks = []
    for name in order:
        time.sleep(pause)
        t0 = time.time()
        ms = do_bench(fns[name], warmup=25, rep=int(seconds * 1000), return_mode="median")
        marks.append((name, t0, time.time(), ms))
    time.sleep(0.3)
    smi.terminate()
    return marks, smi_samples(smi.communicate()[0])


def smi_samples(text: str) -> list[tuple[float, float, float, bool, float]]:
    """nvidia-smi's :data:`SMI_QUERY` lines (csv, noheader, nounits) -> (epoch s, SM MHz, W, power cap
    active, deg C); lines it could not read ([N/A], a cut last line) are skipped."""
    samples = []
    for line in text.strip().splitlines():
        p = [x.strip() for x in line.split(",")]
        try:
            ts = datetime.datetime.strptime(p[0], "%Y/%m/%d %H:%M:%S.%f").timestamp()
            samples.append((ts, float(p[1]), float(p[2]), p[3] == "Active", float(p[4])))
        except (ValueError, IndexError):
            continue
    return samples


def clock_summary(
    samples: list[tuple[float, float, float, bool, float]],
    t0: float,
    t1: float,
    flops: float,
    ms: float,
    sms: int,
) -> dict[str, Any]:
    """One timed run's rate and the samples taken during it (from 0.3 s after its start, past the warm-up):
    median and lowest SM clock, median power, how many samples had the power cap active, and the share of
    the tensor pipe's dense peak at the median clock (``sms`` x :data:`DENSE_FLOP_PER_SM_CLOCK` a clock)."""
    sel = [x for x in samples if t0 + 0.3 <= x[0] <= t1]
    r: dict[str, Any] = {"ms": ms, "tflops": flops / ms / 1e9, "samples": len(sel)}
    if sel:
        mhz = statistics.median(x[1] for x in sel)
        r.update(
            sm_mhz=mhz,
            sm_mhz_min=min(x[1] for x in sel),
            watts=statistics.median(x[2] for x in sel),
            power_cap_active=sum(x[3] for x in sel),
            temp_c=sel[-1][4],
            of_peak_at_clock=flops / ms / 1e9 / (sms * DENSE_FLOP_PER_SM_CLOCK * mhz * 1e-6),
        )
    return r


def spread(xs: list[float]) -> str:
    """median (min-max)."""
    return f"{statistics.median(xs):.3f} ({min(xs):.3f}-{max(xs):.3f})"


def main(
    argv: list[str] | None,
    doc: str,
    prefix: str,
    shapes: list[str],
    variants: list[str],
    checks: list[tuple[Any, ...]],
    cfg_of: CfgOf,
) -> int:
    """A script's command line: checks, rounds, the table, the JSON (``results/{prefix}_{stamp}.json``)."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--shapes", nargs="+", default=shapes, help="B,H,N,D[:c] (c: causal), bf16")
    ap.add_argument("--variants", nargs="+", default=variants)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--check", action="store_true", help="the correctness cases first")
    ap.add_argument(
        "--check-variants", nargs="+", default=None, help="variants checked (default: --variants)"
    )
    ap.add_argument("--check-only", action="store_true")
    ap.add_argument(
        "--check-dims", nargs="+", type=int, default=None, help="only the check cases of these head dims"
    )
    ap.add_argument(
        "--check-causal", choices=["any", "yes", "no"], default="any", help="only the (non-)causal cases"
    )
    ap.add_argument("--check-dtypes", nargs="+", default=None, help="only these dtypes' cases (bf16 fp16)")
    ap.add_argument("--once", action="store_true", help="launch each variant and cuDNN once per shape (ncu)")
    ap.add_argument(
        "--power", type=float, default=0.0, help="seconds: clock and power under the first variant and cuDNN"
    )
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    import torch

    if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
        print("needs a Hopper (sm_90) GPU", file=sys.stderr)
        return 2
    from gpuaccel.accel.kernels.bench.attention import environment, implementation

    if args.once:
        cudnn = implementation("sdpa_cudnn", "bf16")
        for spec in args.shapes:
            q, k, v, causal, (b, h, n, d) = inputs(spec)
            for name in args.variants:
                cfg = cfg_of(name, d, n, n, causal)
                o, lse = torch.empty_like(q), torch.empty(b, h, n, device="cuda")
                launcher(q, k, v, causal, cfg, o, lse)()
                torch.cuda.synchronize()
                print("launched", spec, name, cfg.label(), flush=True)
            cudnn(q, k, v, causal)
            torch.cuda.synchronize()
            print("launched", spec, "cudnn", flush=True)
        return 0
    env = environment()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = Path(args.json or Path(__file__).parent / "results" / f"{prefix}_{stamp}.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    out: dict[str, Any] = {"what": doc.splitlines()[0], "env": env, "argv": argv or sys.argv[1:]}
    out["formula"] = "TFLOP/s = 4*B*H*N^2*D (halved causal) / do_bench median; our kernel by its bound launch"
    out["checks"], out["rows"], out["power"] = [], [], []
    checked = args.check_variants or args.variants
    if args.check or args.check_only:
        for case in checks:
            if args.check_dims and case[5] not in args.check_dims:
                continue
            if args.check_causal != "any" and case[6] != (args.check_causal == "yes"):
                continue
            if args.check_dtypes and case[7] not in args.check_dtypes:
                continue
            out["checks"].append(check(case, checked, cfg_of))
            path.write_text(json.dumps(out, indent=1))
            print(json.dumps(out["checks"][-1]), flush=True)
    if args.power:
        for spec in args.shapes:
            out["power"].append(power(spec, args.variants, args.power, cfg_of))
            path.write_text(json.dumps(out, indent=1))
        print(
            "shape | kernel | TFLOP/s | SM MHz median (min) | W | power cap samples | of peak at that clock"
        )
        for r in out["power"]:
            for name, x in r["v"].items():
                head = f"{r['shape']} | {name} | {x['tflops']:.0f}"
                if "sm_mhz" not in x:
                    print(f"{head} | no samples")
                    continue
                mhz, cap = (
                    f"{x['sm_mhz']:.0f} ({x['sm_mhz_min']:.0f})",
                    f"{x['power_cap_active']}/{x['samples']}",
                )
                print(f"{head} | {mhz} | {x['watts']:.0f} | {cap} | {x['of_peak_at_clock']:.3f}")
    elif not args.check_only:
        for spec in args.shapes:
            out["rows"].append(measure(spec, args.variants, args.rounds, cfg_of))
            path.write_text(json.dumps(out, indent=1))
            print(json.dumps(out["rows"][-1]), flush=True)
            torch.cuda.empty_cache()
    print(f"# {out['formula']}; {env}")
    if out["checks"]:
        print(f"check B,Hq,Hkv,Nq,Nk,D,causal,dtype | o max err {' / '.join(checked)} | bar | ok | "
              f"bytes as {checked[0]}")  # fmt: skip
        for c in out["checks"]:
            errs = " / ".join(f"{c['v'][n].get('o_max', float('nan')):.4f}" for n in checked)
            same = " / ".join(str(c["v"][n].get("same_bytes_as_first", "-")) for n in checked[1:])
            print(f"{','.join(map(str, c['case']))} | {errs} | {c['plain_o_max']:.4f} | {c['ok']} | {same}")
    if out["rows"]:
        names = [*args.variants, f"{args.variants[0]} again"]
        print(
            f"shape | variant | config | TFLOP/s | speedup vs {args.variants[0]} by round | vs cuDNN by round"
        )
        for r in out["rows"]:
            for n in names:
                if n not in r["v"]:
                    print(f"{r['shape']} | {n} | {r['cfg'][n]} | refused | - | -")
                    continue
                x = r["v"][n]
                sp = spread(x["speedup_per_round"]) if "speedup_per_round" in x else "-"
                print(f"{r['shape']} | {n} | {r['cfg'][n]} | {x['median_tflops']:.0f} | {sp} | "
                      f"{spread(x['over_cudnn_per_round'])}")  # fmt: skip
            print(f"{r['shape']} | cudnn | - | {r['v']['cudnn']['median_tflops']:.0f} | - | -")
    print(f"wrote {path}")
    return 0 if all(c["ok"] for c in out["checks"]) else 1
