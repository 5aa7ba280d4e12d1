"""FP8 forward checks and timings, shared by benchmarks/attention_bench.py (``--dtype fp8``) and GPU tests.

Accounting (stated with every number): FLOPs 4*B*H*Nq*Nk*D, halved when causal; TFLOP/s = FLOPs / median
time of ``triton.testing.do_bench``. "kernel" times the attention kernel on pre-quantised inputs (what
FlashAttention-3's FP8 numbers time); "end to end" is :func:`flash_attention_fp8` from bf16 inputs,
quantisation included, forced to e4m3 (``always_fp8``); "dispatched" the call as a user makes it (bf16
below the size where e4m3 pays); "quant" is the quantisation alone. cuDNN is SDPA's bf16 forward on the
same inputs.
Errors: relative L2 of O against the fp32 reference on the dequantised inputs (the kernel's own error) and
on the original inputs (the kernel plus quantisation), max-abs LSE error against the dequantised reference.
"""

from __future__ import annotations

import math
from typing import Any

import torch

from gpuaccel.accel.kernels.bench.attention import attention_flops

FP8_FORMULA = (
    "FLOPs = 4*B*H*Nq*Nk*D (/2 causal); kernel = pre-quantised inputs, e2e = bf16 in, quantisation included"
)
FA3_OUTLIER_RMSE = 9.1e-3  # FlashAttention-3's FP8 RMSE on these inputs (its paper)


def outlier_inputs(shape: tuple[int, ...], seed: int = 0) -> list[torch.Tensor]:
    """FlashAttention-3's FP8 test inputs, fp32 on the GPU: N(0,1) + N(0,100) * Bernoulli(0.001)."""
    gen = torch.Generator(device="cuda").manual_seed(seed)

    def one() -> torch.Tensor:
        base = torch.randn(shape, device="cuda", generator=gen)
        spikes = 10 * torch.randn(shape, device="cuda", generator=gen)
        return base + spikes * (torch.rand(shape, device="cuda", generator=gen) < 1e-3)

    return [one() for _ in range(3)]


def outlier_rmse(causal: bool, shape: tuple[int, int, int, int] = (2, 8, 2048, 128)) -> float:
    """RMSE of the dispatched FP8 forward against the fp64 reference on :func:`outlier_inputs`."""
    from gpuaccel.accel.kernels import reference
    from gpuaccel.accel.kernels.fp8.attention import flash_attention_fp8

    q, k, v = outlier_inputs(shape)
    ref = reference.flash_attention(q.double(), k.double(), v.double(), causal=causal)
    o8 = flash_attention_fp8(q.bfloat16(), k.bfloat16(), v.bfloat16(), causal=causal, always_fp8=True)
    return (o8.double() - ref).pow(2).mean().sqrt().item()


def fp8_check(
    b: int, hq: int, hkv: int, nq: int, nk: int, d: int, causal: bool, seed: int = 0
) -> dict[str, Any]:
    """The dispatched FP8 kernel on pre-quantised bf16 inputs, into NaN-poisoned o/lse (a tile it never
    writes shows up), against the fp32 references. D must be one the kernels take unpadded (64/128/256)."""
    from gpuaccel.accel.kernels import reference
    from gpuaccel.accel.kernels.checks import check_inputs
    from gpuaccel.accel.kernels.fp8.attention import (
        dequantize,
        flash_attention_fp8_quantized,
        fp8_config,
        fp8_path,
        quant_layout,
        quantize_fp8,
    )

    gen = torch.Generator(device="cuda").manual_seed(seed)
    q = torch.randn(b, hq, nq, d, device="cuda", dtype=torch.bfloat16, generator=gen)
    k = torch.randn(b, hkv, nk, d, device="cuda", dtype=torch.bfloat16, generator=gen)
    v = torch.randn(b, hkv, nk, d, device="cuda", dtype=torch.bfloat16, generator=gen)
    scale = 1 / math.sqrt(d)

    def run(cfg: Any) -> tuple[torch.Tensor, torch.Tensor]:
        return flash_attention_fp8_quantized(quantize_fp8(q, k, v, *quant_layout(cfg)), causal, scale, cfg)

    cfg = fp8_config(q, check_inputs(q, k, v), causal, run)
    x = quantize_fp8(q, k, v, *quant_layout(cfg))
    o = torch.full_like(q, float("nan"))
    lse = torch.full((b, hq, nq), float("nan"), device="cuda")
    flash_attention_fp8_quantized(x, causal, scale, cfg, out=(o, lse))
    dq, dk, dv = dequantize(x)
    ro, rl = reference.flash_attention_forward(dq, dk, dv, causal, scale)
    oo, _ = reference.flash_attention_forward(q.float(), k.float(), v.float(), causal, scale)
    fin = torch.isfinite(rl)
    return {
        "o_dequant": ((o.float() - ro).norm() / ro.norm().clamp_min(1e-6)).item(),
        "o_orig": ((o.float() - oo).norm() / oo.norm().clamp_min(1e-6)).item(),
        "lse": (lse[fin] - rl[fin]).abs().max().item() if fin.any() else 0.0,
        "nan": bool(torch.isnan(o).any() or torch.isnan(lse).any()),
        "inf_rows_match": bool((lse[~fin] == rl[~fin]).all()),
        "path": fp8_path(q, causal),
        "config": cfg.label(),
    }


def bench_fp8(shape: tuple[int, int, int, int], causal: bool) -> dict[str, Any]:
    """Median times and TFLOP/s of one shape: the FP8 kernel alone and end to end on the dispatched path,
    the quantisation alone, the tl.* FP8 kernel alone with its tuned configuration, and cuDNN bf16."""
    import torch.nn.functional as F
    from torch.nn.attention import SDPBackend, sdpa_kernel
    from triton.testing import do_bench

    from gpuaccel.accel.kernels.checks import check_inputs
    from gpuaccel.accel.kernels.fp8.attention import (
        flash_attention_fp8,
        flash_attention_fp8_quantized,
        fp8_config,
        fp8_path,
        quant_layout,
        quantize_fp8,
    )
    from gpuaccel.accel.kernels.tuning import configs as tuning

    b, h, n, d = shape
    q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16) for _ in range(3))
    scale = 1 / math.sqrt(d)
    flops = attention_flops(b, h, n, n, d, causal, "fwd")

    def time_ms(fn: Any) -> float:
        return do_bench(fn, warmup=25, rep=100, return_mode="median")

    def run(cfg: Any) -> tuple[torch.Tensor, torch.Tensor]:
        return flash_attention_fp8_quantized(quantize_fp8(q, k, v, *quant_layout(cfg)), causal, scale, cfg)

    cfg = fp8_config(q, check_inputs(q, k, v), causal, run)
    x = quantize_fp8(q, k, v, *quant_layout(cfg))
    row: dict[str, Any] = {"shape": list(shape), "causal": causal, "path": fp8_path(q, causal)}
    row["config"] = cfg.label()
    row["kernel_ms"] = time_ms(lambda: flash_attention_fp8_quantized(x, causal, scale, cfg))
    row["e2e_ms"] = time_ms(lambda: flash_attention_fp8(q, k, v, causal=causal, always_fp8=True))
    row["dispatched_ms"] = time_ms(lambda: flash_attention_fp8(q, k, v, causal=causal))
    row["dispatched_precision"] = flash_attention_fp8(q, k, v, causal=causal).attention_precision
    row["quant_ms"] = time_ms(lambda: quantize_fp8(q, k, v, *quant_layout(cfg)))
    if row["path"] == "gluon":  # the portable tl.* FP8 kernel on the same GPU, for comparison
        tcfg = tuning.choose(
            "fwd_fp8", (check_inputs(q, k, v), q.dtype, causal), tuning.fwd_candidates(d, fp8=True),
            run, tuning.INTERPRETER_FWD, False, causal=causal,
        )  # fmt: skip
        xt = quantize_fp8(q, k, v, *quant_layout(tcfg))
        row["triton_config"] = tcfg.label()
        row["triton_kernel_ms"] = time_ms(lambda: flash_attention_fp8_quantized(xt, causal, scale, tcfg))
    with sdpa_kernel([SDPBackend.CUDNN_ATTENTION]):
        row["cudnn_bf16_ms"] = time_ms(lambda: F.scaled_dot_product_attention(q, k, v, is_causal=causal))
    for key in [kk for kk in row if kk.endswith("_ms") and kk != "quant_ms"]:
        row[key.replace("_ms", "_tflops")] = flops / row[key] / 1e9
    return row


def format_fp8_table(rows: list[dict[str, Any]]) -> str:
    """One line per (shape, causal): TFLOP/s kernel-only and end to end, quantisation ms, cuDNN bf16."""
    lines = [
        f"# {FP8_FORMULA}",
        "B,H,N,D | causal | path (config) | kernel | e2e | quant ms | tl.* kernel | cuDNN bf16 | e2e/cuDNN",
    ]
    for r in rows:
        tl_cell = f"{r['triton_kernel_tflops']:.0f}" if "triton_kernel_tflops" in r else "-"
        lines.append(
            f"{','.join(map(str, r['shape']))} | {'yes' if r['causal'] else 'no'} | "
            f"{r['path']} ({r['config']}) | "
            f"{r['kernel_tflops']:.0f} | {r['e2e_tflops']:.0f} | {r['quant_ms']:.3f} | {tl_cell} | "
            f"{r['cudnn_bf16_tflops']:.0f} | {r['e2e_tflops'] / r['cudnn_bf16_tflops']:.2f}x"
        )
    return "\n".join(lines)
