"""``attention.varlen`` and ``attention.decode``: packed-document attention and KV-cache decode benchmarks.

``attention.varlen`` packs random documents (lengths in [min_len, max_len]) into ``tokens`` tokens and
times our packed kernels beside FlexAttention with a document mask and cuDNN / our dense kernel on the
padded batch; TFLOP/s count real tokens only (per document ``4*L^2*H*D``, halved when causal;
forward+backward 3.5x). ``attention.decode`` times one decode step (one query token per sequence, cache
full to ``cache_len``) and reports bytes of K and V read per second beside SDPA, a device copy and a
plain streaming read of the same bytes (a measured ceiling for a step of that size).
Validation is import-safe (no torch); the kernels are imported only in ``run``.
"""

from __future__ import annotations

from typing import Any

from gpuaccel.accel.workloads.registry import Spec, SpecError, Workload, check_memory, register
from gpuaccel.accel.workloads.report import Reporter

VARLEN_IMPLS = ("ours", "ours_padded", "flex", "sdpa_cudnn_padded")
DECODE_IMPLS = (
    "ours", "ours_paged", "ours_fp8", "ours_fp8_paged", "sdpa_cudnn", "sdpa_flash", "copy", "read",
)  # fmt: skip
VARLEN_DEFAULTS: dict[str, Any] = {
    "tokens": 16384,
    "heads": 16,
    "head_dim": 128,
    "min_len": 128,
    "max_len": 8192,
    "causal": True,
    "mode": "both",
    "seed": 0,
    "impls": list(VARLEN_IMPLS),
}
MAX_DECODE_GROUP = 128  # query tokens x heads per kv head of one decode program (decode_checks)
DECODE_DEFAULTS: dict[str, Any] = {
    "batch": 1,
    "cache_len": 32768,
    "heads_q": 32,
    "heads_kv": 8,
    "head_dim": 128,
    "page_size": 256,
    "impls": list(DECODE_IMPLS),
}


def _int(spec: Spec, field: str, lo: int, hi: int) -> int:
    value = spec[field]
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise SpecError(field, f"must be an integer from {lo} to {hi}; got {value!r}")
    return value


def _fields(spec: Spec, defaults: dict[str, Any], kind: str) -> Spec:
    unknown = sorted(set(spec) - set(defaults))
    if unknown:
        raise SpecError(unknown[0], f"unknown field; {kind} accepts {', '.join(defaults)}")
    return {**defaults, **spec}


def _impls(out: Spec, known: tuple[str, ...]) -> None:
    impls = out["impls"]
    if not isinstance(impls, list) or not impls or any(i not in known for i in impls):
        raise SpecError("impls", f"must be a non-empty list from {', '.join(known)}; got {impls!r}")


def _head_dim(out: Spec) -> None:
    if not isinstance(out["head_dim"], int) or out["head_dim"] not in (64, 128, 256):  # 128.0, True: no
        raise SpecError("head_dim", f"must be 64, 128 or 256; got {out['head_dim']!r}")


def validate_varlen(spec: Spec) -> Spec:
    out = _fields(spec, VARLEN_DEFAULTS, "attention.varlen")
    _int(out, "tokens", 1, 1 << 20)
    _int(out, "heads", 1, 128)
    _head_dim(out)
    lo = _int(out, "min_len", 1, 1 << 20)
    if _int(out, "max_len", 1, 1 << 20) < lo:
        raise SpecError("max_len", f"must be >= min_len ({lo}); got {out['max_len']}")
    _int(out, "seed", 0, 2**31 - 1)
    if not isinstance(out["causal"], bool):
        raise SpecError("causal", f"must be true or false; got {out['causal']!r}")
    if out["mode"] not in ("fwd", "both"):
        raise SpecError("mode", f"must be 'fwd' or 'both' (forward+backward); got {out['mode']!r}")
    _impls(out, VARLEN_IMPLS)
    tensors = 8 if out["mode"] == "both" else 4  # q, k, v, o (+ do, dq, dk, dv), bf16
    check_memory(
        "tokens", 2 * tensors * out["tokens"] * out["heads"] * out["head_dim"] / 2**30, "tokens x heads"
    )
    return out


def validate_decode(spec: Spec) -> Spec:
    out = _fields(spec, DECODE_DEFAULTS, "attention.decode")
    batch = _int(out, "batch", 1, 1024)
    hq = _int(out, "heads_q", 1, 256)
    hkv = _int(out, "heads_kv", 1, 256)
    if hq % hkv:
        raise SpecError("heads_kv", f"must divide heads_q ({hq}); got {hkv}")
    _head_dim(out)
    page = _int(out, "page_size", 16, 256)
    cache = _int(out, "cache_len", 64, 1 << 22)
    if cache % page or cache % 64:
        raise SpecError("cache_len", f"must be a multiple of page_size ({page}) and of 64; got {cache}")
    gib = 2 * batch * cache * hkv * out["head_dim"] * 3 / 2**30  # bf16 K/V plus the e4m3 copy
    check_memory("cache_len", gib, "batch x cache_len (bf16 K/V and the e4m3 copy)")
    _impls(out, DECODE_IMPLS)
    if hq // hkv > MAX_DECODE_GROUP and any(i.startswith("ours") for i in out["impls"]):
        raise SpecError(
            "heads_kv", f"our decode kernels take at most {MAX_DECODE_GROUP} query heads per kv head; got "
            f"heads_q {hq} / heads_kv {hkv} = {hq // hkv} (leave the 'ours' impls out to time SDPA alone)",
        )  # fmt: skip
    return out


def _need_cuda() -> None:
    import torch

    if not torch.cuda.is_available():
        raise RuntimeError(f"attention benchmarks need a CUDA GPU; torch {torch.__version__} sees none")


def run_varlen(spec: Spec, reporter: Reporter) -> dict[str, Any]:
    _need_cuda()
    from gpuaccel.accel.kernels.bench import attention as bench
    from gpuaccel.accel.kernels.bench import varlen as bench_varlen

    reporter.progress(0.0, f"{spec['tokens']} tokens, documents {spec['min_len']}-{spec['max_len']}")
    res = bench_varlen.bench_varlen(
        spec["tokens"], spec["heads"], spec["head_dim"], spec["causal"], spec["impls"],
        spec["min_len"], spec["max_len"], spec["seed"], spec["mode"],
    )  # fmt: skip
    for impl in spec["impls"]:
        for key in ("fwd_tflops", "both_tflops"):
            if key in res[impl]:
                reporter.metric(f"{impl}.{key}", res[impl][key], exact=True, unit="TFLOP/s")
    reporter.progress(1.0, "done")
    return {"formula": bench_varlen.VARLEN_FORMULA, "env": bench.environment(), "result": res}


def run_decode(spec: Spec, reporter: Reporter) -> dict[str, Any]:
    _need_cuda()
    from gpuaccel.accel.kernels.bench import attention as bench
    from gpuaccel.accel.kernels.bench import varlen as bench_varlen

    reporter.progress(0.0, f"batch {spec['batch']}, cache {spec['cache_len']}")
    res = bench_varlen.bench_decode(
        spec["batch"], spec["cache_len"], spec["heads_q"], spec["heads_kv"], spec["head_dim"], spec["impls"],
        spec["page_size"],
    )  # fmt: skip
    for impl in spec["impls"]:
        if "tbps" in res[impl]:
            reporter.metric(f"{impl}.tbps", res[impl]["tbps"], exact=True, unit="TB/s")
    reporter.progress(1.0, "done")
    return {"formula": bench_varlen.DECODE_FORMULA, "env": bench.environment(), "result": res}


VARLEN = register(
    Workload(
        kind="attention.varlen",
        summary="packed documents: our varlen kernels vs FlexAttention (document mask), padded cuDNN",
        validate=validate_varlen,
        run=run_varlen,
    )
)
DECODE = register(
    Workload(
        kind="attention.decode",
        summary="one KV-cache decode step: our split-KV kernels (bf16/e4m3, paged) vs SDPA and a copy (TB/s)",
        validate=validate_decode,
        run=run_decode,
    )
)
