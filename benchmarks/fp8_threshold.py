"""Where FP8 pays: our FP8 forward end to end (bf16 in, quantisation included) against our bf16 forward.

For each shape it times, with ``triton.testing.do_bench`` medians in one process: the FP8 kernel alone on
pre-quantised inputs, the FP8 forward forced to run in e4m3 (``always_fp8=True``), our bf16 forward, and
cuDNN's bf16 forward for reference. From those it derives the rule the FP8 entry point uses, per causal
flag: run e4m3 only when the key length is at least ``min_keys`` and the FLOPs at least ``min_flops``, the
pair that keeps every measured shape where e4m3 was slower than the faster of two alternated bf16 timings
(``MARGIN``) on the bf16 kernel while sending the most other shapes to e4m3; ``min_flops`` is the least
of the shapes it sends (no smaller size was measured). Then it puts that rule in place (in this
process) and times the call as a user makes it ("dispatched"), alternated with the bf16 forward, with
host microseconds per call of each. ``--check`` first compares, on the GPU, repeated (planned) e4m3
calls with the first call and with the unplanned kernels, bit for bit. ``--head-dim D`` re-measures one
head dim's rule alone, on a denser grid of lengths and batch sizes (the other head dims' rules stay as
shipped), so a change to one head dim's quantisation or kernel can move its break-even within one device
call; ``--margin`` asks e4m3 to be that much faster before a shape counts as paying. JSON under
benchmarks/results/.

  python benchmarks/fp8_threshold.py [--quick | --head-dim D] [--margin M] [--check | --check-only]
      [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch

MARGIN = 1.0  # e4m3 must take at most this share of the faster bf16 timing to count as paying
FORMULA = (
    "FLOPs = 4*B*H*Nq*Nk*D (/2 causal); times are do_bench medians (ms); e2e = bf16 in, quantised inside; "
    "host us = wall time per call over a loop of calls, the GPU waited for once after it"
)
ISSUE_SHAPES = [(4, 16, 4096, 128), (2, 16, 8192, 128), (8, 16, 1024, 128)]  # issue 41's FP8 table
TINY_SHAPES = [(1, 8, n, 128) for n in (128, 256, 512)]  # host-bound calls


def shapes(quick: bool, head_dim: int | None = None) -> list[tuple[int, int, int, int]]:
    """(B, H, N, D): the issue's FP8 table, tiny calls, then D128 over lengths and batch sizes and D64 /
    D256 at a few points (the sweep the rule is derived from). With ``head_dim``, that head dim alone at
    N 2048-16384 and B 1-8 (H16): every length between the full sweep's points, where a break-even that
    moved would now sit, at four sizes each, so the FLOPs bound is measured too."""
    if head_dim is not None:
        out = [(b, 16, n, head_dim) for n in (2048, 4096, 8192, 16384) for b in (1, 2, 4, 8)]
        return [s for s in out if s[0] * s[2] <= 16 * 8192]
    out = ISSUE_SHAPES + TINY_SHAPES
    if quick:
        return out
    out += [(b, 16, n, 128) for n in (512, 1024, 2048, 4096, 8192, 16384) for b in (1, 4, 16)]
    out += [(b, 16, n, d) for d in (64, 256) for n in (1024, 4096, 16384) for b in (1, 8)]
    seen: set[tuple[int, int, int, int]] = set()
    return [s for s in out if s[0] * s[2] <= 16 * 8192 and not (s in seen or seen.add(s))]


def host_us(fn: Callable[[], Any], flops: float) -> float:
    """Host microseconds per call, launches only (the GPU is waited for once after a loop); median of
    three loops, of 30 calls where the GPU work is short and 5 where it is not (the host's share of a call
    does not grow with the size)."""
    calls = 30 if flops < 2.0**38 else 5
    fn()
    torch.cuda.synchronize()
    samples = []
    for _ in range(3):
        t0 = time.perf_counter()
        for _ in range(calls):
            fn()
        samples.append((time.perf_counter() - t0) / calls * 1e6)
        torch.cuda.synchronize()
    return statistics.median(samples)


def measure(shape: tuple[int, int, int, int], causal: bool) -> dict[str, Any]:
    """Everything but the dispatched call (which needs the rule): kernel, forced e4m3, bf16, cuDNN."""
    import torch.nn.functional as F
    from torch.nn.attention import SDPBackend, sdpa_kernel

    from gpuaccel.accel.kernels.bench.attention import attention_flops
    from gpuaccel.accel.kernels.checks import check_inputs
    from gpuaccel.accel.kernels.dense.attention import flash_attention_forward
    from gpuaccel.accel.kernels.fp8 import attention as fp8

    b, h, n, d = shape
    q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16) for _ in range(3))
    scale = d**-0.5
    with torch.no_grad():
        row: dict[str, Any] = {"shape": list(shape), "causal": causal}
        row["flops"] = attention_flops(b, h, n, n, d, causal, "fwd")
        cfg = fp8.fp8_config(q, check_inputs(q, k, v), causal, _unplanned(q, k, v, causal))
        x = fp8.quantize_fp8(q, k, v, *fp8.quant_layout(cfg))
        row["config"] = cfg.label()
        row["kernel_ms"] = _t(lambda: fp8.flash_attention_fp8_quantized(x, causal, scale, cfg))
        forced = lambda: fp8.flash_attention_fp8(q, k, v, causal=causal, always_fp8=True)
        bf16 = lambda: flash_attention_forward(q, k, v, causal, scale)
        pairs = [(_t(forced), _t(bf16)) for _ in range(2)]  # alternated: clocks drift between timings
        row["fp8_e2e_ms"] = min(p[0] for p in pairs)
        row["bf16_ms"] = min(p[1] for p in pairs)
        row["fp8_e2e_host_us"] = host_us(forced, row["flops"])
        with sdpa_kernel([SDPBackend.CUDNN_ATTENTION]):
            row["cudnn_bf16_ms"] = _t(lambda: F.scaled_dot_product_attention(q, k, v, is_causal=causal))
    return row


def pays(row: dict[str, Any], margin: float = MARGIN) -> bool:
    """e4m3 end to end taking at most ``margin`` of the faster of the bf16 timings (both alternations,
    when taken)."""
    best = min(row[k] for k in ("bf16_ms", "bf16_again_ms") if k in row)
    return row["fp8_e2e_ms"] <= margin * best


def dispatched(row: dict[str, Any]) -> None:
    """The call as a user makes it, under the rule now in place, alternated with the bf16 forward."""
    from gpuaccel.accel.kernels.dense.attention import flash_attention_forward
    from gpuaccel.accel.kernels.fp8.attention import flash_attention_fp8

    b, h, n, d = row["shape"]
    causal = row["causal"]
    q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16) for _ in range(3))
    with torch.no_grad():
        call = lambda: flash_attention_fp8(q, k, v, causal=causal)
        bf16 = lambda: flash_attention_forward(q, k, v, causal, d**-0.5)
        pairs = [(_t(call), _t(bf16))]
        row["dispatched_ms"] = min(p[0] for p in pairs)
        row["bf16_again_ms"] = min(p[1] for p in pairs)
        row["dispatched_precision"] = call().attention_precision
        row["dispatched_host_us"] = host_us(call, row["flops"])
        row["bf16_host_us"] = host_us(bf16, row["flops"])
    for key in [kk for kk in row if kk.endswith("_ms")]:
        row[key.replace("_ms", "_tflops")] = row["flops"] / row[key] / 1e9


def _unplanned(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool) -> Callable[[Any], Any]:
    """The e4m3 forward of one configuration through the public, unplanned steps (what tuning times)."""
    from gpuaccel.accel.kernels.fp8 import attention as fp8

    def run(cfg: Any) -> Any:
        x = fp8.quantize_fp8(q, k, v, *fp8.quant_layout(cfg))
        return fp8.flash_attention_fp8_quantized(x, causal, q.shape[-1] ** -0.5, cfg)

    return run


def _t(fn: Callable[[], Any]) -> float:
    from triton.testing import do_bench

    return do_bench(fn, warmup=15, rep=60, return_mode="median")


def check() -> list[dict[str, Any]]:
    """Planned e4m3 calls against the first call and the unplanned kernels (bitwise), and the output
    against an fp32 reference; an unaligned view and another scale on a planned signature too."""
    from gpuaccel.accel.kernels import reference
    from gpuaccel.accel.kernels.checks import check_inputs
    from gpuaccel.accel.kernels.dense.attention import forget_plans
    from gpuaccel.accel.kernels.fp8 import attention as fp8

    out = []
    cases = [  # B, Hq, Hkv, Nq, Nk, D, causal, FP8 path
        (2, 8, 8, 1000, 1000, 128, True, "auto"),
        (1, 8, 2, 777, 1500, 64, True, "auto"),
        (1, 4, 1, 1500, 777, 256, True, "auto"),
        (3, 6, 3, 2049, 2047, 128, False, "auto"),
        (1, 4, 4, 300, 300, 96, True, "auto"),
        (1, 4, 4, 700, 700, 128, False, "triton"),
    ]
    for b, hq, hkv, nq, nk, d, causal, path in cases:
        os.environ[fp8.FP8_PATH_ENV] = path
        gen = torch.Generator(device="cuda").manual_seed(nq + nk)
        q = torch.randn(b, hq, nq, d, device="cuda", dtype=torch.bfloat16, generator=gen)
        k, v = (torch.randn(b, hkv, nk, d, device="cuda", dtype=torch.bfloat16, generator=gen) for _ in "kv")
        with torch.no_grad():
            calls = [fp8.flash_attention_fp8(q, k, v, causal=causal, always_fp8=True) for _ in range(3)]
            same = all(torch.equal(c, calls[0]) for c in calls[1:])
            row = {"case": [b, hq, hkv, nq, nk, d, causal, path], "planned_equal_first": same}
            if d in (64, 128, 256):
                cfg = fp8.fp8_config(q, check_inputs(q, k, v), causal, _unplanned(q, k, v, causal))
                x = fp8.quantize_fp8(q, k, v, *fp8.quant_layout(cfg))
                o, _ = fp8.flash_attention_fp8_quantized(x, causal, d**-0.5, cfg)
                row["planned_equal_unplanned"] = torch.equal(o, calls[0])
            other = fp8.flash_attention_fp8(q, k, v, causal=causal, softmax_scale=0.05, always_fp8=True)
            forget_plans()
            fresh = fp8.flash_attention_fp8(q, k, v, causal=causal, softmax_scale=0.05, always_fp8=True)
            row["other_scale_equal_fresh"] = torch.equal(other, fresh)
            qu = torch.empty(q.numel() + 1, device="cuda", dtype=q.dtype)[1:].view(q.shape)
            qu.copy_(q)  # one element in: 2-byte aligned, so no plan (and TMA needs a copy)
            ou = fp8.flash_attention_fp8(qu, k, v, causal=causal, always_fp8=True)
            row["unaligned_equal"] = torch.equal(ou, calls[0])
            ref = reference.flash_attention(q.float(), k.float(), v.float(), causal=causal)
            row["rel_err_vs_fp32"] = ((calls[0].float() - ref).norm() / ref.norm()).item()
        out.append(row)
    os.environ.pop(fp8.FP8_PATH_ENV, None)
    return out


def host_ab() -> list[dict[str, Any]]:
    """Host us per forced e4m3 call with its plan kept (bound launches) and with the plans dropped before
    every call (checks, configuration and Triton's JIT launches each time), alternated, at the tiny and
    the issue's shapes; and the dispatched call against the bf16 forward."""
    out = []
    for shape in TINY_SHAPES + ISSUE_SHAPES:
        out.append(_host_row(shape))
        print("host", json.dumps(out[-1]))
    return out


def _host_row(shape: tuple[int, int, int, int]) -> dict[str, Any]:
    from gpuaccel.accel.kernels.dense.attention import flash_attention_forward, forget_plans
    from gpuaccel.accel.kernels.fp8 import attention as fp8

    b, h, n, d = shape
    q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16) for _ in range(3))
    flops = 4.0 * b * h * n * n * d
    planned = lambda: fp8.flash_attention_fp8(q, k, v, always_fp8=True)

    def unplanned() -> Any:
        forget_plans()
        return fp8.flash_attention_fp8(q, k, v, always_fp8=True)

    call = lambda: fp8.flash_attention_fp8(q, k, v)
    bf16 = lambda: flash_attention_forward(q, k, v, False, d**-0.5)
    with torch.no_grad():
        rounds = [(host_us(planned, flops), host_us(unplanned, flops)) for _ in range(2)]
        calls = [(host_us(call, flops), host_us(bf16, flops)) for _ in range(2)]
        row = {"shape": list(shape), "causal": False, "planned_host_us": min(r[0] for r in rounds)}
        row["unplanned_host_us"] = min(r[1] for r in rounds)
        row["dispatched_host_us"] = min(c[0] for c in calls)
        row["bf16_host_us"] = min(c[1] for c in calls)
        row["dispatched_precision"] = call().attention_precision
    return row


def derive(rows: list[dict[str, Any]], margin: float = MARGIN) -> dict[str, dict[str, float]]:
    """Per causal flag and head dim ("false/128"), the (min_keys, min_flops) that sends no non-paying shape
    (:func:`pays` under ``margin``) to e4m3 and the most paying ones there; each bound is the least of those
    shapes' (no smaller size was measured)."""
    rule: dict[str, dict[str, float]] = {}
    for causal, d in sorted({(r["causal"], r["shape"][3]) for r in rows}):
        mine = [r for r in rows if r["causal"] == causal and r["shape"][3] == d]
        best: tuple[int, float, float] | None = None
        for keys in sorted({r["shape"][2] for r in mine}):
            for flops in sorted({r["flops"] for r in mine}):
                on = [r for r in mine if r["shape"][2] >= keys and r["flops"] >= flops]
                if not on or any(not pays(r, margin) for r in on):
                    continue
                if best is None or len(on) > best[0]:
                    best = (len(on), min(r["shape"][2] for r in on), min(r["flops"] for r in on))
        name = f"{str(causal).lower()}/{d}"
        if best is None:  # nothing pays: e4m3 only when asked for (always_fp8)
            rule[name] = {"min_keys": float("inf"), "min_flops": float("inf"), "shapes_fp8": 0}
        else:
            rule[name] = {"min_keys": best[1], "min_flops": best[2], "shapes_fp8": best[0]}
    return rule


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="the issue's shapes and tiny calls only, no rule")
    ap.add_argument("--check", action="store_true", help="bitwise checks of planned e4m3 calls first")
    ap.add_argument("--check-only", action="store_true", help="the --check cases alone, no sweep (~1 min)")
    ap.add_argument("--host-ab", action="store_true", help="only host us: planned vs unplanned e4m3 calls")
    ap.add_argument("--head-dim", type=int, default=None, help="this head dim alone, denser grid (~5 min)")
    ap.add_argument("--margin", type=float, default=MARGIN, help="e4m3 pays at most this x the bf16 time")
    ap.add_argument("--json", default=None, help="where to write the results (default benchmarks/results/)")
    args = ap.parse_args(argv)
    if not torch.cuda.is_available():
        print("needs a CUDA GPU", file=sys.stderr)
        return 2
    import triton

    from gpuaccel.accel.kernels.fp8 import attention as fp8

    env = {"gpu": torch.cuda.get_device_name(), "torch": torch.__version__, "triton": triton.__version__}
    env["cudnn"] = torch.backends.cudnn.version()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = Path(args.json or Path(__file__).parent / "results" / f"fp8_threshold_{stamp}.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    doc: dict[str, Any] = {"formula": FORMULA, "margin": args.margin, "env": env}
    doc["argv"] = sys.argv[1:] if argv is None else argv
    doc["rule_before"] = {f"{str(c).lower()}/{d}": list(r) for (c, d), r in fp8.FP8_FROM.items()}
    if args.host_ab:
        doc["host_ab"] = host_ab()
        path.write_text(json.dumps(doc, indent=1))
        return 0
    if args.check or args.check_only:
        doc["checks"] = check()
        for c in doc["checks"]:
            print("check", json.dumps(c))
        path.write_text(json.dumps(doc, indent=1))
        if args.check_only:
            return 0
    rows: list[dict[str, Any]] = []
    for shape in shapes(args.quick, args.head_dim):
        for causal in (False, True):
            rows.append(measure(shape, causal))
            r = rows[-1]
            print("row", r["shape"], causal, f"e4m3 {r['fp8_e2e_ms']:.4f} bf16 {r['bf16_ms']:.4f}")
            torch.cuda.empty_cache()
        doc["rows"] = rows  # written after every shape, so a sweep cut short keeps what it measured
        path.write_text(json.dumps(doc, indent=1))
    if not args.quick:
        rule = derive(rows, args.margin)
        doc["rule"] = rule
        for name, r in rule.items():
            causal, d = name.split("/")
            fp8.FP8_FROM[(causal == "true", int(d))] = (r["min_keys"], r["min_flops"])
        fp8.forget_decisions()
    for row in rows:
        dispatched(row)
        path.write_text(json.dumps(doc, indent=1))
    print(f"# {FORMULA}; {env}")
    print(
        "B,H,N,D | causal | bf16 fwd | fp8 kernel | fp8 e2e (forced) | dispatched (path) | "
        "bf16 / dispatched time | host us dispatched / bf16 / forced e4m3"
    )
    for r in rows:
        head = f"{','.join(map(str, r['shape']))} | {'yes' if r['causal'] else 'no'}"
        ran = f"{r['dispatched_tflops']:.0f} ({r['dispatched_precision']})"
        print(
            f"{head} | {r['bf16_again_tflops']:.0f} | {r['kernel_tflops']:.0f} | {r['fp8_e2e_tflops']:.0f} | "
            f"{ran} | {r['bf16_again_ms'] / r['dispatched_ms']:.2f} | {r['dispatched_host_us']:.1f} / "
            f"{r['bf16_host_us']:.1f} / {r['fp8_e2e_host_us']:.1f}"
        )
    print(f"rule (e4m3 when N >= min_keys and FLOPs >= min_flops): {json.dumps(doc.get('rule'))}")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
