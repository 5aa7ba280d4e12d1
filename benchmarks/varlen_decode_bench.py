"""One device run for packed varlen attention and KV-cache decode: correctness, then speed, side by side.

1. e4m3 cache error against the bf16 cache (ours vs ours, and both vs the fp32 reference).
2. Decode bandwidth (GQA 32/8, D128, bf16; batch x cache length grid, contiguous and paged with shuffled
   256-token pages, bf16 and e4m3) beside SDPA cuDNN / flash on the same storage and a device copy.
3. Varlen TFLOP/s on packed documents of 128-8k tokens (16 heads, D128, causal) beside FlexAttention with a
   document mask, cuDNN on the padded batch and our dense kernel on the padded batch; the line names the
   forward and backward ours ran (Gluon on Hopper), and ``--tl-fwd`` / ``--tl-bwd`` add ours with the
   tl.* forward / backward.
Accounting: see gpuaccel.accel.kernels.bench.varlen. Writes JSON (after every section) to --out.

    python benchmarks/varlen_decode_bench.py --out benchmarks/results
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path
from typing import Any

import torch

from gpuaccel.accel.kernels import reference
from gpuaccel.accel.kernels.bench import attention as bench
from gpuaccel.accel.kernels.bench import varlen as bench_varlen
from gpuaccel.accel.kernels.decode.attention import flash_attention_with_kvcache
from gpuaccel.accel.kernels.decode.kv_cache import quantize_kv_cache
from gpuaccel.accel.kernels.dense import attention
from gpuaccel.accel.workloads.attention_varlen import DECODE_IMPLS, VARLEN_IMPLS


def fp8_error(batch: int, seqlen: int, page: int | None) -> dict[str, float]:
    """Output error of the e4m3 cache against the bf16 cache (same inputs), and of both vs fp32."""
    torch.manual_seed(0)
    hq, hkv, d = 32, 8, 128
    kc, vc = (torch.randn(batch, seqlen, hkv, d, device="cuda", dtype=torch.bfloat16) for _ in range(2))
    table = None
    if page:
        pages = batch * seqlen // page
        kc, vc = (t.view(pages, page, hkv, d) for t in (kc, vc))
        table = torch.randperm(pages, device="cuda").to(torch.int32).view(batch, -1)
    q = torch.randn(batch, 1, hq, d, device="cuda", dtype=torch.bfloat16)
    seqlens = torch.full((batch,), seqlen, dtype=torch.int32, device="cuda")
    (k8, ks), (v8, vs) = quantize_kv_cache(kc, table), quantize_kv_cache(vc, table)
    o16 = flash_attention_with_kvcache(q, kc, vc, seqlens, block_table=table)
    o8 = flash_attention_with_kvcache(q, k8, v8, seqlens, block_table=table, k_scale=ks, v_scale=vs)
    ref = reference.flash_attention_with_kvcache(q[:1].float(), kc, vc, seqlens[:1], block_table=table)
    rel = lambda a, b: ((a.float() - b.float()).norm() / b.float().norm()).item()
    return {
        "fp8_vs_bf16_rel_l2": rel(o8, o16),
        "fp8_vs_bf16_max_abs": (o8.float() - o16.float()).abs().max().item(),
        "bf16_vs_fp32_rel_l2": rel(o16[:1], ref),
        "fp8_vs_fp32_rel_l2": rel(o8[:1], ref),
    }


def varlen_configs(total: int) -> list[dict[str, Any]]:
    """Forward and forward+backward TFLOP/s of our varlen kernels per pinned configuration."""
    from gpuaccel.accel.kernels.tuning import configs as tuning
    from gpuaccel.accel.kernels.tuning.configs import BwdConfig, FwdConfig

    rows = []
    fwd = [
        FwdConfig(128, 64, 4, 2),
        FwdConfig(128, 128, 8, 3),
        FwdConfig(64, 64, 4, 3),
        FwdConfig(128, 64, 4, 3),
    ]
    for cfg in fwd:
        tuning.force("varlen_fwd", cfg)
        r = bench_varlen.bench_varlen(total, 16, 128, True, ["ours"], mode="fwd")["ours"]
        rows.append({"config": cfg.label(), **r})
    tuning.force("varlen_fwd", None)
    split = [c for c in tuning.bwd_candidates(128) if c.dq_mode == "split"]
    for cfg in [
        *split,
        BwdConfig(64, 64, 4, 3, "split", 128, 32, 8, 3),
        BwdConfig(128, 64, 8, 2, "split", 128, 32, 8, 2),
    ]:
        tuning.force("varlen_bwd", cfg)
        r = bench_varlen.bench_varlen(total, 16, 128, True, ["ours"])["ours"]
        rows.append({"config": cfg.label(), **r})
    tuning.force("varlen_bwd", None)
    for r in rows:
        print(
            f"  varlen {total} {r['config']}: fwd {r.get('fwd_tflops', 0):.0f} "
            f"both {r.get('both_tflops', 0):.0f} "
            f"{r.get('note', '')}",
            flush=True,
        )
    return rows


SWEEP_POINTS = [(8, 4096), (1, 32768), (1, 4096), (1, 131072), (64, 4096), (8, 32768)]


def decode_sweep(payload: dict[str, Any], save: Any, t0: float) -> None:
    """Every decode configuration x split count at the grid's points (what the heuristic is fitted on)."""
    from gpuaccel.accel.kernels.decode.attention import DecodeConfig

    # (block_n, warps, stages, kv heads per program)
    bf16 = [DecodeConfig(n, w, s, 0, h) for n, w, s, h in ((64, 4, 3, 1), (128, 4, 3, 1), (64, 4, 3, 2),
                                                         (128, 8, 3, 4))]  # fmt: skip
    fp8 = [DecodeConfig(n, w, s, 0, h) for n, w, s, h in ((64, 4, 3, 1), (128, 4, 3, 1), (128, 4, 3, 2),
                                                        (128, 8, 3, 1), (256, 8, 3, 1))]  # fmt: skip
    configs = {"bf16": bf16, "bf16_paged": bf16, "fp8": fp8, "fp8_paged": fp8}
    payload["sweep"] = []
    for b, s in SWEEP_POINTS:
        programs = [b * 8 // h for h in (1, 2, 4)]  # programs of one split, by kv heads per program
        splits = sorted({max(1, min(128, round(132 * k / p))) for k in (1, 2, 3, 4) for p in programs})
        ref = bench_varlen.bench_decode(b, s, 32, 8, 128, ["sdpa_cudnn", "copy"])
        rows = bench_varlen.sweep_decode(b, s, 32, 8, 128, configs, splits)
        payload["sweep"].append({"batch": b, "seqlen": s, "ref": ref, "rows": rows})
        save()
        print(f"sweep B{b} S{s}: cudnn {ref['sdpa_cudnn'].get('tbps', 0):.2f} copy "
              f"{ref['copy'].get('tbps', 0):.2f} {time.time() - t0:.0f}s", flush=True)  # fmt: skip
        for mode in configs:
            got = sorted((r for r in rows if r["mode"] == mode and "tbps" in r), key=lambda r: -r["tbps"])
            print(f"  {mode}: " + " ".join(f"{r['config']}/{r['splits']}={r['tbps']:.2f}" for r in got[:6]),
                  flush=True)  # fmt: skip


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="benchmarks/results")
    ap.add_argument("--batches", nargs="+", type=int, default=[1, 8, 64])
    ap.add_argument("--seqlens", nargs="+", type=int, default=[4096, 32768, 131072])
    ap.add_argument("--tokens", nargs="+", type=int, default=[16384, 32768])
    ap.add_argument("--skip", nargs="*", default=[], choices=["fp8err", "decode", "varlen", "configs"])
    ap.add_argument("--sweep", action="store_true", help="also time every decode config x split count")
    ap.add_argument(
        "--varlen-impls",
        nargs="+",
        default=list(VARLEN_IMPLS),
        choices=VARLEN_IMPLS + bench_varlen.OPTIONAL_VARLEN_IMPLS,
        help="varlen implementations to time (default: all but fa4, FlashAttention-4, timed when named)",
    )
    ap.add_argument(
        "--tl-bwd", action="store_true", help="also time ours with the tl.* varlen backward (ours_tl_bwd)"
    )
    ap.add_argument(
        "--tl-fwd", action="store_true", help="also time ours with the tl.* varlen forward (ours_tl_fwd)"
    )
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"varlen_decode_{time.strftime('%Y%m%d-%H%M%S')}.json"
    payload: dict[str, Any] = {
        "env": bench.environment(),
        "decode_formula": bench_varlen.DECODE_FORMULA,
        "varlen_formula": bench_varlen.VARLEN_FORMULA,
    }
    if "fa4" in args.varlen_impls:
        payload["env"]["flash_attn_4"] = str(bench.fa4_version())
    save = lambda: path.write_text(json.dumps(payload, indent=1, default=str))
    t0 = time.time()
    if "fp8err" not in args.skip:
        payload["fp8_error"] = {
            "contiguous_b8_32k": fp8_error(8, 32768, None),
            "paged256_b8_32k": fp8_error(8, 32768, 256),
        }
        print("fp8 error", json.dumps(payload["fp8_error"]), f"{time.time() - t0:.0f}s", flush=True)
        save()
    if args.sweep:
        decode_sweep(payload, save, t0)
    if "decode" not in args.skip:
        rows = []
        for s in args.seqlens:
            for b in args.batches:
                r = bench_varlen.bench_decode(b, s, 32, 8, 128, list(DECODE_IMPLS))
                rows.append(r)
                cells = " ".join(
                    f"{i}={r[i].get('tbps', 0):.2f}/{r[i].get('eager_tbps', 0):.2f}"
                    if "tbps" in r[i] else f"{i}=({r[i].get('note')})"
                    for i in DECODE_IMPLS
                )  # fmt: skip
                cfgs = ",".join(
                    r[i].get("config", "") for i in ("ours", "ours_paged", "ours_fp8", "ours_fp8_paged")
                )
                print(
                    f"decode B{b} S{s} graph/eager TB/s: {cells} [{cfgs}] {time.time() - t0:.0f}s", flush=True
                )
                payload["decode"] = rows
                save()
    if "varlen" not in args.skip:
        vrows = []
        for total in args.tokens:
            impls = list(args.varlen_impls)
            r = bench_varlen.bench_varlen(total, 16, 128, True, impls)
            for flag, env, name in ((args.tl_bwd, attention.BWD_PATH_ENV, "ours_tl_bwd"),
                                    (args.tl_fwd, attention.PATH_ENV, "ours_tl_fwd")):  # fmt: skip
                if not flag:
                    continue
                before = os.environ.get(env)
                os.environ[env] = "triton"
                try:
                    r[name] = bench_varlen.bench_varlen(total, 16, 128, True, ["ours"])["ours"]
                finally:
                    os.environ.pop(env)
                    if before is not None:
                        os.environ[env] = before
                impls.append(name)
            vrows.append(r)
            cells = " ".join(
                f"{i}={r[i].get('fwd_tflops', 0):.0f}/{r[i].get('both_tflops', 0):.0f}"
                if "fwd_tflops" in r[i] else f"{i}=({r[i].get('note')})"
                for i in impls
            )  # fmt: skip
            paths = "/".join(str(r.get("ours", {}).get(f"{x}_path")) for x in ("fwd", "bwd"))
            print(
                f"varlen {total} tokens, {len(r['lens'])} docs (forward/backward {paths}): {cells}",
                f"{time.time() - t0:.0f}s",
                flush=True,
            )
            payload["varlen"] = vrows
            save()
    if "configs" not in args.skip:
        payload["varlen_configs"] = varlen_configs(args.tokens[0])
        save()
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
