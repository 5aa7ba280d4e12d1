"""Benchmark core for packed varlen attention and KV-cache decode, ours beside PyTorch's in one process.

Accounting (stated with every number):
- varlen: FLOPs of the real tokens only, per document ``4 * Lq * Lk * H * D`` halved when causal,
  summed; forward+backward = 3.5 x forward. TFLOP/s = FLOPs / median time.
- decode: bytes of K and V read = ``2 * sum(cache_seqlens) * Hkv * D * bytes per element`` (plus the
  e4m3 cache's scales); TB/s = bytes / median time. The device copy moves ``2 x`` its buffer (read + write).
Times are medians of ``triton.testing.do_bench`` (CUDA events, L2 flushed between runs).
Used by the ``attention.varlen`` / ``attention.decode`` workloads, ``gpuaccel bench attention --varlen /
--decode`` and benchmarks/varlen_decode_bench.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import torch

__all__ = ["bench_decode", "bench_varlen", "copy_bandwidth"]

# timed only when named: FlashAttention-4's varlen call (``flash_attn.cute``), a package of its own
OPTIONAL_VARLEN_IMPLS = ("fa4",)

VARLEN_FORMULA = "FLOPs = sum over documents of 4*L^2*H*D (/2 causal), real tokens only; fwd+bwd = 3.5 x fwd"
DECODE_FORMULA = (
    "bytes = 2 * sum(cache_seqlens) * Hkv * D * element size (K and V read); copy: 2 x buffer; "
    "tbps from CUDA-graph replays (serving engines' decode), eager_tbps from plain calls"
)


def cu_seqlens(lens: list[int]) -> torch.Tensor:
    """The int32 offsets of documents of ``lens`` tokens packed end to end (flash-attn's ``cu_seqlens``)."""
    return torch.tensor([0, *torch.tensor(lens).cumsum(0).tolist()], dtype=torch.int32, device="cuda")


def variant_opts(name: str) -> str:
    """A packed kernel's options string for an A/B variant's name: "old" is the walk before it (``""``);
    a name's configuration options after "/" (:func:`variant_fields`) and a label after "#" (the same build
    timed again under another name) are not part of it."""
    walk = name.split("#", 1)[0].split("/", 1)[0]
    return "" if walk == "old" else walk


# the dense configuration's options the packed forward builds, as an A/B variant names them after "/"
PACKED_FIELD_TOKENS = {"df": "diag_first", "ff": "first_full", "orcp": "o_recip"}


def variant_fields(name: str) -> dict[str, float | bool]:
    """The packed forward's configuration options an A/B variant's name sets after "/", joined by ",":
    "r<T>" (``rescale_log2`` T, decided per warpgroup), "r<T>w" (per warp), "df" (``diag_first``), "ff"
    (``first_full``), "orcp" (``o_recip``); every option not named is off. "WALK/r8,df": that walk with
    conditional rescaling and the key blocks last first; a name without "/" sets none; "#..." is a label."""
    fields: dict[str, float | bool] = {}
    name = name.split("#", 1)[0]
    tokens = name.split("/", 1)[1].split(",") if "/" in name else []
    for tok in filter(None, tokens):
        if tok in PACKED_FIELD_TOKENS:
            fields[PACKED_FIELD_TOKENS[tok]] = True
            continue
        body = tok[1:-1] if tok.endswith("w") else tok[1:]
        try:
            threshold = float(body) if tok[:1] == "r" else -1.0
        except ValueError:
            threshold = -1.0
        if threshold <= 0:
            known = ", ".join(PACKED_FIELD_TOKENS)
            raise ValueError(f"a variant's options are r<T>, r<T>w, {known}; got {tok!r}")
        fields["rescale_log2"] = threshold
        fields["rescale_warp"] = tok.endswith("w")
    return fields


def doc_lengths(total: int, lo: int, hi: int, seed: int) -> list[int]:
    """Random document lengths in [lo, hi] filling exactly ``total`` tokens (the last one is cut)."""
    rng = random.Random(seed)
    lens: list[int] = []
    while sum(lens) < total:
        lens.append(min(rng.randint(lo, hi), total - sum(lens)))
    return lens


def varlen_flops(lens: list[int], heads: int, head_dim: int, causal: bool, mode: str) -> float:
    f = sum(4.0 * n * n * heads * head_dim for n in lens) / (2 if causal else 1)
    return f * (3.5 if mode == "both" else 1.0)


def _time(fn: Callable[[], Any], grads: list[torch.Tensor] | None = None) -> float:
    from triton.testing import do_bench

    return do_bench(fn, warmup=10, rep=60, grad_to_none=grads, return_mode="median")


def _note(exc: Exception) -> str:
    """A failed measurement's reason, one line: reported beside the numbers, never hidden."""
    return f"{type(exc).__name__}: {str(exc).splitlines()[0][:160] if str(exc) else ''}"


def _quick_ms(fn: Callable[[], Any]) -> float:
    """Rough ms per call (after a warm-up call) from three back-to-back calls: sizes a graph."""
    fn()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(3):
        fn()
    end.record()
    end.synchronize()
    return start.elapsed_time(end) / 3


def _time_graph(fns: list[Callable[[], Any]], eager_ms: float) -> float:
    """Median ms per call of ``fns`` replayed round-robin from one CUDA graph, as serving engines run
    decode steps: the kernels' time without Python and launch overhead. The functions read different
    copies of the cache, together larger than L2, so no call finds its bytes still in L2."""
    n = max(len(fns), min(2000, int(5.0 / max(eager_ms, 1e-3))))
    n = -(-n // len(fns)) * len(fns)
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        for f in fns:
            f()
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph, stream=stream):
            for i in range(n):
                fns[i % len(fns)]()
    torch.cuda.synchronize()
    graph.replay()
    times = []
    for _ in range(7):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        graph.replay()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) / n)
    return sorted(times)[len(times) // 2]


def _varlen_fns(impl: str, lens: list[int], q, k, v, causal: bool) -> Callable[[], torch.Tensor]:
    """A function computing packed (total, H, D) output with implementation ``impl``."""
    total, h, d = q.shape
    cu = torch.tensor([0, *torch.tensor(lens).cumsum(0).tolist()], dtype=torch.int32, device=q.device)
    mx = max(lens)
    if impl == "ours":
        from gpuaccel.accel.kernels.varlen.attention import flash_attention_varlen

        return lambda: flash_attention_varlen(q, k, v, cu, cu, mx, mx, causal=causal, check_values=False)
    if impl == "fa4":  # its packed layout is ours: (total, H, D) with cumulative lengths
        from flash_attn.cute import flash_attn_varlen_func

        def fa4() -> torch.Tensor:
            out = flash_attn_varlen_func(
                q, k, v, cu_seqlens_q=cu, cu_seqlens_k=cu, max_seqlen_q=mx, max_seqlen_k=mx, causal=causal
            )
            return out[0] if isinstance(out, tuple) else out

        return fa4
    if impl == "flex":
        from torch.nn.attention.flex_attention import create_block_mask, flex_attention

        doc = torch.repeat_interleave(
            torch.arange(len(lens), device=q.device), torch.tensor(lens, device=q.device)
        )

        def mask(b, hh, qi, ki):
            same = doc[qi] == doc[ki]
            return same & (qi >= ki) if causal else same

        block_mask = create_block_mask(mask, None, None, total, total, device=q.device)
        flex = torch.compile(flex_attention, dynamic=False)
        to4 = lambda t: t.transpose(0, 1).unsqueeze(0)
        return lambda: flex(to4(q), to4(k), to4(v), block_mask=block_mask)[0].transpose(0, 1)
    # padded batch: [docs, H, max_len, D], copied in and out (counted: that is what padding costs)
    idx = torch.cat([torch.arange(n, device=q.device) + i * mx for i, n in enumerate(lens)])

    def pad(t: torch.Tensor) -> torch.Tensor:
        out = t.new_zeros(len(lens) * mx, t.shape[1], d)
        out = out.index_copy(0, idx, t)
        return out.view(len(lens), mx, t.shape[1], d).transpose(1, 2)

    if impl == "ours_padded":
        from gpuaccel.accel.kernels.dense.entry import flash_attention as attend
    else:
        import torch.nn.functional as F
        from torch.nn.attention import SDPBackend, sdpa_kernel

        def attend(qq, kk, vv, causal):
            with sdpa_kernel([SDPBackend.CUDNN_ATTENTION]):
                return F.scaled_dot_product_attention(qq, kk, vv, is_causal=causal)

    def run() -> torch.Tensor:
        o = attend(pad(q), pad(k), pad(v), causal=causal)
        return o.transpose(1, 2).reshape(-1, h, d)[idx]

    return run


def bench_varlen(
    total: int, heads: int, head_dim: int, causal: bool, impls: list[str], lo: int = 128, hi: int = 8192,
    seed: int = 0, mode: str = "both",
) -> dict[str, Any]:  # fmt: skip
    """TFLOP/s (real tokens) of each implementation on one set of packed documents; errors become notes."""
    lens = doc_lengths(total, lo, hi, seed)
    out: dict[str, Any] = {
        "lens": lens,
        "total": total,
        "heads": heads,
        "head_dim": head_dim,
        "causal": causal,
    }
    g = torch.Generator(device="cuda").manual_seed(seed)
    q, k, v = (
        torch.randn(total, heads, head_dim, device="cuda", dtype=torch.bfloat16, generator=g)
        for _ in range(3)
    )
    for impl in impls:
        res: dict[str, Any] = {}
        if impl == "ours":  # which kernels ran: the Gluon ones on Hopper (backward: D128), else tl.*
            from gpuaccel.accel.kernels.varlen.attention import backward_path, forward_path

            res["fwd_path"] = forward_path(q, -1, 0 if causal else -1)
            res["bwd_path"] = backward_path(q, -1, 0 if causal else -1)
        try:
            fn = _varlen_fns(impl, lens, q, k, v, causal)
            with torch.no_grad():
                ms = _time(fn)
            res["fwd_ms"], res["fwd_tflops"] = (
                ms,
                varlen_flops(lens, heads, head_dim, causal, "fwd") / ms / 1e9,
            )
            if mode == "both":
                qg, kg, vg = (t.clone().requires_grad_() for t in (q, k, v))
                fn = _varlen_fns(impl, lens, qg, kg, vg, causal)
                do = torch.randn_like(q)
                ms = _time(lambda fn=fn, do=do: fn().backward(do), [qg, kg, vg])
                res["both_ms"] = ms
                res["both_tflops"] = varlen_flops(lens, heads, head_dim, causal, "both") / ms / 1e9
        except Exception as exc:  # a backend that refuses the shape: reported, never hidden
            res["note"] = _note(exc)
        out[impl] = res
        torch.cuda.empty_cache()
    return out


def copy_bandwidth(nbytes: int = 1 << 30) -> float:
    """TB/s of a device-to-device copy (read + write counted)."""
    src = torch.empty(nbytes, dtype=torch.uint8, device="cuda")
    dst = torch.empty_like(src)
    ms = _time(lambda: dst.copy_(src))
    return 2 * nbytes / ms / 1e9


def read_bandwidth(nbytes: int) -> tuple[float, str]:
    """TB/s of the best plain streaming read of ``nbytes`` (:mod:`accel.kernels.bench.stream_read`; 1 GiB at
    most, where the rate no longer grows), graph-timed over enough copies to exceed L2 like a decode
    step, with 1-8 programs per SM; and which grid won."""
    from gpuaccel.accel.kernels.bench.stream_read import READ_SHAPES, read_buffer, stream_read
    from gpuaccel.accel.kernels.dense.launchers import sm_count

    nbytes, sms, best = min(nbytes, 1 << 30), sm_count(torch.device("cuda")), (0.0, "")
    for programs in (sms, 2 * sms, 4 * sms, 8 * sms):
        for block, unroll, warps in READ_SHAPES:
            grid = (programs, block, unroll, warps)
            bufs = [read_buffer(nbytes, *grid[:3], "cuda") for _ in range(1 + L2_CLEAR // nbytes)]
            fns = [lambda x=x, g=grid: stream_read(x, *g) for x in bufs]
            tbps = bufs[0].nbytes / _time_graph(fns, _quick_ms(fns[0])) / 1e9
            best = max(best, (tbps, f"{programs} programs, {block}x{unroll} w{warps}"))
            del bufs, fns
    torch.cuda.empty_cache()
    return best


def decode_bytes(batch: int, seqlen: int, heads_kv: int, head_dim: int, elt: int, page: int = 0) -> int:
    """K and V bytes a decode step reads (plus one fp32 scale per page and head for e4m3)."""
    scales = 0 if page == 0 else 2 * 4 * batch * heads_kv * -(-seqlen // page)
    return 2 * batch * seqlen * heads_kv * head_dim * elt + scales


L2_CLEAR = 160 << 20  # copies of a small cache together exceed H100's 50 MB L2 about three times


def bench_decode(
    batch: int, seqlen: int, heads_q: int, heads_kv: int, head_dim: int, impls: list[str], page: int = 256,
) -> dict[str, Any]:  # fmt: skip
    """TB/s of one decode step (one query token, cache full to ``seqlen``) per implementation.

    The paged variants read the same storage through a shuffled block table of ``page``-token pages.
    Small caches get several copies (round-robin in the timed graph) so reads come from HBM, not L2.
    """
    from gpuaccel.accel.kernels.decode.attention import decode_plan, flash_attention_with_kvcache
    from gpuaccel.accel.kernels.decode.kv_cache import CONTIGUOUS_PAGE

    out: dict[str, Any] = {"batch": batch, "seqlen": seqlen, "heads_q": heads_q, "heads_kv": heads_kv}
    dev = "cuda"
    q = torch.randn(batch, 1, heads_q, head_dim, device=dev, dtype=torch.bfloat16)
    seqlens = torch.full((batch,), seqlen, dtype=torch.int32, device=dev)
    pages = batch * seqlen // page
    table = torch.randperm(pages, device=dev, dtype=torch.int64).to(torch.int32).view(batch, -1)
    shape = (batch, seqlen, heads_kv, head_dim)
    caches: dict[bool, list[tuple[torch.Tensor, torch.Tensor]]] = {}
    for fp8 in (False, True):
        if not any(i != "copy" and i.startswith("ours_fp8") == fp8 for i in impls):
            continue
        n = -(-L2_CLEAR // decode_bytes(batch, seqlen, heads_kv, head_dim, 1 if fp8 else 2))
        if fp8:  # random e4m3 bit patterns 0..119 (finite, positive): timing does not depend on values
            mk = lambda: torch.randint(0, 120, shape, device=dev, dtype=torch.uint8).view(torch.float8_e4m3fn)
        else:
            mk = lambda: torch.randn(shape, device=dev, dtype=torch.bfloat16)
        caches[fp8] = [(mk(), mk()) for _ in range(n)]
    for impl in impls:
        res: dict[str, Any] = {}
        try:
            if impl == "copy":
                res["tbps"] = copy_bandwidth()
                out[impl] = res
                continue
            if impl == "read":  # the same bytes as the bf16 step, streamed by a kernel that only reads
                res["bytes"] = decode_bytes(batch, seqlen, heads_kv, head_dim, 2)
                res["tbps"], res["config"] = read_bandwidth(res["bytes"])
                out[impl] = res
                continue
            fp8, paged = impl.startswith("ours_fp8"), impl.endswith("paged")
            scale_page = (page if paged else CONTIGUOUS_PAGE) if fp8 else 0
            nbytes = decode_bytes(batch, seqlen, heads_kv, head_dim, 1 if fp8 else 2, scale_page)
            fns = []
            for kc, vc in caches[fp8]:
                if impl.startswith("sdpa"):
                    fns.append(_sdpa_decode(impl, q, kc, vc))
                    continue
                bt = table if paged else None
                if paged:
                    kc, vc = (t.view(pages, page, heads_kv, head_dim) for t in (kc, vc))
                kw: dict[str, Any] = {"block_table": bt, "check_values": False}
                if fp8:
                    n_scale = pages if paged else batch * seqlen // CONTIGUOUS_PAGE
                    kw["k_scale"] = kw["v_scale"] = torch.full((n_scale, heads_kv), 0.01, device=dev)
                fns.append(lambda kc=kc, vc=vc, kw=kw: flash_attention_with_kvcache(q, kc, vc, seqlens, **kw))
                fns[-1]()
                res["config"] = decode_plan(q, kc, bt, fp8, True).label()
            ms = _time(fns[0])
            res.update(eager_ms=ms, bytes=nbytes, eager_tbps=nbytes / ms / 1e9, copies=len(fns))
            ms = _time_graph(fns, ms)
            res.update(ms=ms, tbps=nbytes / ms / 1e9)
        except Exception as exc:
            res["note"] = _note(exc)
        out[impl] = res
    caches.clear()
    torch.cuda.empty_cache()
    return out


def _sdpa_decode(
    impl: str, q: torch.Tensor, kc: torch.Tensor, vc: torch.Tensor
) -> Callable[[], torch.Tensor]:
    """SDPA on the same cache storage, viewed (B, Hkv, S, D); one query token sees every key."""
    import torch.nn.functional as F
    from torch.nn.attention import SDPBackend, sdpa_kernel

    backend = SDPBackend.CUDNN_ATTENTION if impl == "sdpa_cudnn" else SDPBackend.FLASH_ATTENTION
    qt, kt, vt = q.transpose(1, 2), kc.transpose(1, 2), vc.transpose(1, 2)

    def run() -> torch.Tensor:
        with sdpa_kernel([backend]):
            return F.scaled_dot_product_attention(qt, kt, vt, enable_gqa=kt.shape[1] != qt.shape[1])

    return run


def sweep_decode(
    batch: int, seqlen: int, heads_q: int, heads_kv: int, head_dim: int, configs: dict[str, list[Any]],
    splits: list[int], page: int = 256,
) -> list[dict[str, Any]]:  # fmt: skip
    """Graph-replay TB/s of every (mode, configuration, split count) on one decode shape.

    ``configs`` maps a mode (``bf16``, ``bf16_paged``, ``fp8``, ``fp8_paged``) to the configurations to
    time; the decode heuristics are fitted on these rows. Same caches and accounting as
    :func:`bench_decode`."""
    from gpuaccel.accel.kernels.decode.attention import decode_attention
    from gpuaccel.accel.kernels.decode.kv_cache import CONTIGUOUS_PAGE

    dev = "cuda"
    q = torch.randn(batch, 1, heads_q, head_dim, device=dev, dtype=torch.bfloat16)
    seqlens = torch.full((batch,), seqlen, dtype=torch.int32, device=dev)
    pages = batch * seqlen // page
    table = torch.randperm(pages, device=dev, dtype=torch.int64).to(torch.int32).view(batch, -1)
    shape = (batch, seqlen, heads_kv, head_dim)
    rows: list[dict[str, Any]] = []
    for fp8 in (False, True):
        modes = [m for m in configs if m.startswith("fp8") == fp8]
        if not modes:
            continue
        n = -(-L2_CLEAR // decode_bytes(batch, seqlen, heads_kv, head_dim, 1 if fp8 else 2))
        if fp8:
            mk = lambda: torch.randint(0, 120, shape, device=dev, dtype=torch.uint8).view(torch.float8_e4m3fn)
        else:
            mk = lambda: torch.randn(shape, device=dev, dtype=torch.bfloat16)
        caches = [(mk(), mk()) for _ in range(n)]
        for mode in modes:
            paged = mode.endswith("paged")
            bt = table if paged else None
            views = caches
            if paged:
                views = [tuple(t.view(pages, page, heads_kv, head_dim) for t in kv) for kv in caches]
            scales = None
            if fp8:
                n_scale = pages if paged else batch * seqlen // CONTIGUOUS_PAGE
                s = torch.full((n_scale, heads_kv), 0.01, device=dev)
                scales = (s, s)
            nbytes = decode_bytes(batch, seqlen, heads_kv, head_dim, 1 if fp8 else 2,
                                  ((page if paged else CONTIGUOUS_PAGE) if fp8 else 0))  # fmt: skip
            for cfg in configs[mode]:
                for sp in splits:
                    res: dict[str, Any] = {"mode": mode, "config": cfg.label(), "splits": sp}
                    try:
                        fns = [
                            lambda kc=kc, vc=vc, cfg=cfg, sp=sp, bt=bt, sc=scales: decode_attention(
                                q, kc, vc, seqlens, bt, 0, -1, 0, head_dim**-0.5, 0.0, cfg, sp, sc
                            )
                            for kc, vc in views
                        ]
                        ms = _time_graph(fns, _quick_ms(fns[0]))
                        res.update(ms=ms, tbps=nbytes / ms / 1e9)
                    except Exception as exc:
                        res["note"] = _note(exc)
                    rows.append(res)
        del caches
        torch.cuda.empty_cache()
    return rows
