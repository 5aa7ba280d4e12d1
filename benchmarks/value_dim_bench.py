"""A value head dim other than the query/key one (MLA-style 192/128) on a GPU: our forward at v's own width
(the Gluon kernel's ``HEAD_DIM_V``) and our backward at v's own width (q/k at 192 in chunks, v at 128) against
the paths before them (both dims zero-padded to 256, the D256 kernels), our other routes and SDPA, in one
process.

    PYTHONPATH=src python3 benchmarks/value_dim_bench.py [--shapes 2,16,8192,192,128 ...] [--out DIR]
        [--impls ours ours_dq_q256 ours_bwd_q256 ours_bwd_padded ours_padded sdpa_cudnn] [--variants]
        [--bwd-variants]
        [--fwd-only] [--rounds 5] [--tag s54-h200]

FLOPs: forward 2*B*H*Nq*Nk*(Dqk + Dv) (4*B*H*N^2*D when the dims are equal), halved when causal; forward +
backward 3.5x the forward (backward 2.5x). Times: medians of ``triton.testing.do_bench`` (its own median),
bf16, in ``--rounds`` alternated rounds (the order reversed every other round), each implementation's
median over the rounds. Implementations:

- ``ours``: the dispatched call (on Hopper a pair of ``tuning.GLUON_VALUE_FWD_DEFAULT`` runs as it is, S at
  q's width and P V at v's; the backward at a pair of ``tuning.GLUON_BWD_VALUE_DEFAULT``, 192/128 as it is
  (q/k in 64-column chunks) or 256/128 (q/k zero-padded, v as it is), else both dims padded to the larger);
- ``ours_dq_q256``: ``ours`` with the backward's dQ the tl.* kernel on q/k zero-padded to 256
  (``tuning.GLUON_BWD_VALUE_DQ_PADDED``), the route before the Gluon dQ at 192 (2026-12-03, 55th session);
- ``ours_bwd_q256``: ``ours`` with the backward's q/k zero-padded to 256 and v at 128
  (``GLUON_BWD_VALUE_DEFAULT`` holding 256/128 alone: no chunked 192);
- ``ours_bwd_padded``: ``ours`` with the backward padding both dims (``GLUON_BWD_VALUE_DEFAULT`` emptied),
  the route of the forward's change (2026-12-03, before the backward's);
- ``ours_padded``: the same call with no pair run as it is (both defaults emptied): both dims zero-padded
  to the larger power of two and the Gluon kernels at it in both directions, the route before 2026-12-03;
- ``ours:bI`` (``--bwd-variants``): ``ours`` with the backward pair's configuration replaced by
  ``tuning.GLUON_BWD_VALUE_VARIANTS[pair][I]``;
- ``ours:vI`` (``--variants``): ``ours`` with the pair's configuration replaced by
  ``tuning.GLUON_FWD_VALUE_VARIANTS[pair][I]`` (causal calls by ``tuning.value_fwd_config``'s rule);
- ``ours_tl``: the tl.* kernels at each dim's own width; ``ours_v_padded``: v zero-padded to q's head dim by
  the caller, the output sliced; ``sdpa_cudnn`` / ``sdpa_efficient``: SDPA's backends.

"fwd+bwd" times one call running the forward and the backward from a fixed dO. An implementation that
refuses a shape is listed with its error.

``--packed TOTAL,H,Dqk,Dv ...`` (forward alone): packed documents (``flash_attention_varlen``, the form
serving stacks call for MLA prefill) of ``bench.varlen.doc_lengths(TOTAL, 128, 8192, 0)`` tokens (16384: 3
documents, 32768: 8), H query and key heads, causal per document and not; FLOPs the sum over documents,
halved causal. Implementations (``--packed-impls``): ``ours`` the dispatched call (on Hopper the Gluon
forward at v's own width, ``HEAD_DIM_V``, 2026-12-03, fifty-fifth session); ``ours_before`` the route
before it (``tuning.GLUON_VALUE_FWD_DEFAULT`` emptied: the tl.* packed forward, 192/128 with q/k
zero-padded to 256, 128/64 as it is); ``ours:p`` ``ours`` with the other packed options
(:data:`PACKED_ALT`); ``ours_padded`` v zero-padded to q's 256 by the caller (the Gluon D256 packed
forward), the output sliced; ``sdpa_cudnn_docs``
SDPA's cuDNN backend called once per document ([1, H, n, D] views, one launch each, as a stack without a
packed kernel would); ``sdpa_cudnn_njt`` SDPA over nested (jagged) tensors with the cuDNN backend, where it
runs.

``--packed-fwd-bwd`` (with ``--packed``): each packed implementation's forward and forward + backward (one
``backward()`` step from a fixed dO, FLOPs 3.5x the forward's), in the same alternated rounds; ``ours``
runs the packed Gluon backward at v's width where it takes the pair (192/128, 2026-12-03, fifty-sixth
session); ``ours_bwd_tl`` the route before it (``tuning.GLUON_BWD_VALUE_DEFAULT`` emptied: the tl.* packed
backward, 192/128 with q/k zero-padded to 256); ``ours_padded`` v zero-padded to q's head dim by the caller
(at 128/64 the D128 Gluon kernels both ways); ``sdpa_cudnn_docs`` cuDNN per document, forward and
backward. Each row records the paths ``varlen.attention.forward_path`` / ``backward_path`` chose, the
largest difference of each gradient from ``ours``'s, and "bwd est" (forward + backward less the forward's
median).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import torch

FORMULA = (
    "FLOPs fwd = 2*B*H*Nq*Nk*(Dqk+Dv) (/2 causal); fwd+bwd = 3.5x fwd; do_bench medians, bf16; "
    "each impl the median of its alternated rounds"
)
DEFAULT_SHAPES = ["2,16,8192,192,128", "4,16,4096,192,128"]
IMPLS = [
    "ours", "ours_dq_q256", "ours_bwd_q256", "ours_bwd_padded", "ours_padded", "ours_tl", "ours_v_padded",
    "sdpa_cudnn", "sdpa_efficient",
]  # fmt: skip
DEFAULT_IMPLS = ["ours", "ours_bwd_q256", "ours_bwd_padded", "ours_padded", "sdpa_cudnn"]
TL_ONLY = {"GPUACCEL_ATTN_PATH": "triton", "GPUACCEL_ATTN_BWD_PATH": "triton"}  # "ours_tl": tl.* kernels
PACKED_IMPLS = ["ours", "ours_before", "ours:p", "ours_padded", "sdpa_cudnn_docs", "sdpa_cudnn_njt"]
DEFAULT_PACKED_IMPLS = ["ours", "ours_before", "ours:p", "sdpa_cudnn_docs", "sdpa_cudnn_njt"]
PACKED_IMPLS += ["ours_bwd_tl"]
DEFAULT_PACKED_FB_IMPLS = ["ours", "ours_bwd_tl", "ours_padded", "sdpa_cudnn_docs"]  # --packed-fwd-bwd
# ours:p's packed options for a value pair (varlen_fwd.PACKED_OPTIONS' other set; the GPU tests launch it
# too): causal all off (shipped: D128's per-warp rescale, key blocks last first), non-causal the per-warp
# rescale (shipped: off)
PACKED_ALT = {
    True: dict(rescale_log2=0.0, rescale_warp=False, diag_first=False),
    False: dict(rescale_log2=8.0, rescale_warp=True, diag_first=False),
}


def impls() -> dict[str, Callable[..., torch.Tensor]]:
    """name -> f(q, k, v, causal) over [B, H, N, D] tensors (``ours*`` differ by :func:`_settings`)."""
    import torch.nn.functional as F
    from torch.nn.attention import SDPBackend, sdpa_kernel

    from gpuaccel.accel.kernels import flash_attention

    def padded(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool) -> torch.Tensor:
        vp = torch.nn.functional.pad(v, (0, q.shape[-1] - v.shape[-1]))
        return flash_attention(q, k, vp, causal=causal)[..., : v.shape[-1]]

    def sdpa(backend: Any) -> Callable[..., torch.Tensor]:
        def run(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool) -> torch.Tensor:
            with sdpa_kernel([backend]):
                return F.scaled_dot_product_attention(q, k, v, is_causal=causal)

        return run

    ours = lambda q, k, v, causal: flash_attention(q, k, v, causal=causal)
    return {
        "ours": ours,
        "ours_dq_q256": ours,  # the backward's dQ (tl.*) on q/k padded to 256 (_settings)
        "ours_bwd_q256": ours,  # the backward with q/k padded to 256, v not (_settings)
        "ours_bwd_padded": ours,  # the backward with both dims padded (_settings)
        "ours_padded": ours,  # both dims padded (_settings)
        "ours_tl": ours,  # run with the tl.* kernels forced (TL_ONLY), v at its own head dim
        "ours_v_padded": padded,
        "sdpa_cudnn": sdpa(SDPBackend.CUDNN_ATTENTION),
        "sdpa_efficient": sdpa(SDPBackend.EFFICIENT_ATTENTION),
    }


@contextmanager
def _settings(name: str, pair: tuple[int, int]) -> Iterator[None]:
    """What implementation ``name`` changes around its timing (restored after), every plan forgotten on
    entry and exit (a plan keeps the route and configuration its first call chose)."""
    from gpuaccel.accel.kernels.dense import attention
    from gpuaccel.accel.kernels.tuning import configs as tuning

    saved_env = {key: os.environ.get(key) for key in TL_ONLY}
    saved = tuning.GLUON_VALUE_FWD_DEFAULT, dict(tuning.GLUON_FWD_VALUE_CONFIGS)
    saved_bwd = tuning.GLUON_BWD_VALUE_DEFAULT, dict(tuning.GLUON_BWD_VALUE_CONFIGS)
    attention.forget_plans()
    try:
        if name == "ours_tl":
            os.environ.update(TL_ONLY)
        elif name == "ours_padded":
            tuning.GLUON_VALUE_FWD_DEFAULT = ()
            tuning.GLUON_BWD_VALUE_DEFAULT = ()
        elif name == "ours_bwd_padded":
            tuning.GLUON_BWD_VALUE_DEFAULT = ()
        elif name == "ours_dq_q256":
            bwd_pair = _bwd_pair(pair)
            tuning.GLUON_BWD_VALUE_CONFIGS[bwd_pair] = tuning.GLUON_BWD_VALUE_DQ_PADDED[bwd_pair]
        elif name == "ours_bwd_q256":
            tuning.GLUON_BWD_VALUE_DEFAULT = tuple(p for p in saved_bwd[0] if p[0] == 256)
        elif name.startswith("ours:v"):
            tuning.GLUON_FWD_VALUE_CONFIGS[pair] = tuning.GLUON_FWD_VALUE_VARIANTS[pair][int(name[6:])]
            tuning.GLUON_VALUE_FWD_DEFAULT = (*saved[0], pair)
        elif name.startswith("ours:b"):
            bwd_pair = _bwd_pair(pair)
            tuning.GLUON_BWD_VALUE_CONFIGS[bwd_pair] = tuning.GLUON_BWD_VALUE_VARIANTS[bwd_pair][
                int(name[6:])
            ]
            tuning.GLUON_BWD_VALUE_DEFAULT = (*saved_bwd[0], bwd_pair)
        yield
    finally:
        tuning.GLUON_VALUE_FWD_DEFAULT = saved[0]
        tuning.GLUON_FWD_VALUE_CONFIGS.clear()
        tuning.GLUON_FWD_VALUE_CONFIGS.update(saved[1])
        tuning.GLUON_BWD_VALUE_DEFAULT = saved_bwd[0]
        tuning.GLUON_BWD_VALUE_CONFIGS.clear()
        tuning.GLUON_BWD_VALUE_CONFIGS.update(saved_bwd[1])
        for key, value in saved_env.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        attention.forget_plans()


def _pair(shape: tuple[int, ...]) -> tuple[int, int]:
    """The (q's, v's) dims a Gluon pair would run at: q's rounded up to a multiple of 64, v's padded."""
    from gpuaccel.accel.kernels.dense.launchers import padded_head_dim

    return -(-shape[3] // 64) * 64, padded_head_dim(shape[4])


def _bwd_pair(pair: tuple[int, int]) -> tuple[int, int]:
    """The (q's, v's) dims the Gluon backward would run a forward pair at: the pair itself where the
    backward is built for it (192/128, q/k in chunks), else both padded to powers of two."""
    from gpuaccel.accel.kernels.dense.launchers import padded_head_dim
    from gpuaccel.accel.kernels.tuning import configs as tuning

    if pair in tuning.GLUON_BWD_VALUE_CONFIGS:
        return pair
    return padded_head_dim(pair[0]), padded_head_dim(pair[1])


def measure(
    shape: tuple[int, ...], causal: bool, names: list[str], rounds: int, fwd_only: bool
) -> list[dict[str, Any]]:
    from triton.testing import do_bench

    b, h, n, d, dv = shape
    gen = torch.Generator(device="cuda").manual_seed(0)
    mk = lambda dim: torch.randn(b, h, n, dim, device="cuda", dtype=torch.bfloat16, generator=gen)
    q, k, v = mk(d), mk(d), mk(dv)
    do = mk(dv)
    flops = 2.0 * b * h * n * n * (d + dv) / (2 if causal else 1)
    fns = impls()
    pair = _pair(shape)
    times: dict[str, dict[str, list[float]]] = {name: {"fwd": [], "fwd_bwd": []} for name in names}
    errors: dict[str, str] = {}
    for r in range(rounds):
        for name in names if r % 2 == 0 else names[::-1]:
            if name in errors:
                continue
            fn = fns["ours" if name.startswith(("ours:v", "ours:b")) else name]
            try:
                with _settings(name, pair):
                    with torch.no_grad():
                        times[name]["fwd"].append(
                            do_bench(
                                lambda fn=fn: fn(q, k, v, causal), warmup=25, rep=100, return_mode="median"
                            )
                        )
                    if fwd_only:
                        continue
                    qg, kg, vg = (t.clone().requires_grad_() for t in (q, k, v))

                    def step(
                        fn: Callable[..., torch.Tensor] = fn, g: tuple[torch.Tensor, ...] = (qg, kg, vg)
                    ) -> None:
                        fn(*g, causal).backward(do)

                    times[name]["fwd_bwd"].append(
                        do_bench(step, warmup=25, rep=100, grad_to_none=[qg, kg, vg], return_mode="median")
                    )
            except Exception as exc:  # an implementation that refuses this shape: recorded, the table goes on
                errors[name] = f"{type(exc).__name__}: {str(exc)[:200]}"
    rows = []
    for name in names:
        row: dict[str, Any] = {"impl": name, "shape": list(shape), "causal": causal, "pair": list(pair)}
        if name.startswith("ours:v"):
            from gpuaccel.accel.kernels.tuning import configs as tuning

            cfg = tuning.value_fwd_config(tuning.GLUON_FWD_VALUE_VARIANTS[pair][int(name[6:])], causal)
            row["config"] = cfg.label()
        elif name.startswith("ours:b"):
            from gpuaccel.accel.kernels.tuning import configs as tuning

            row["config"] = "bwd " + tuning.GLUON_BWD_VALUE_VARIANTS[_bwd_pair(pair)][int(name[6:])].label()
        elif name == "ours" and pair in _default_pairs():
            from gpuaccel.accel.kernels.tuning import configs as tuning

            row["config"] = tuning.gluon_fwd_config(pair[0], n, n, causal, head_dim_v=pair[1]).label()
            if _bwd_pair(pair) in tuning.GLUON_BWD_VALUE_DEFAULT:
                row["config"] += " / bwd " + tuning.gluon_bwd_config(*_bwd_pair(pair)).label()
        if name in errors:
            row["error"] = errors[name]
        for key in ("fwd", "fwd_bwd"):
            if times[name][key]:
                row[f"{key}_ms_rounds"] = times[name][key]
                row[f"{key}_ms"] = statistics.median(times[name][key])
                row[f"{key}_tflops"] = (3.5 if key == "fwd_bwd" else 1.0) * flops / row[f"{key}_ms"] / 1e9
        rows.append(row)
    return rows


def packed_impls(
    lens: list[int], causal: bool, pair: tuple[int, int]
) -> dict[str, Callable[..., torch.Tensor]]:
    """name -> f(q, k, v, cu) over packed (total, H, D) tensors of documents ``lens`` (``ours*`` differ by
    :func:`_packed_settings`)."""
    import torch.nn.functional as F
    from torch.nn.attention import SDPBackend, sdpa_kernel

    from gpuaccel.accel.kernels.varlen.attention import flash_attention_varlen

    n = max(lens)

    def ours(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, cu: torch.Tensor) -> torch.Tensor:
        return flash_attention_varlen(q, k, v, cu, cu, n, n, causal=causal, check_values=False)

    def padded(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, cu: torch.Tensor) -> torch.Tensor:
        vp = F.pad(v, (0, q.shape[-1] - v.shape[-1]))
        return ours(q, k, vp, cu)[..., : v.shape[-1]]

    starts = [0, *torch.tensor(lens).cumsum(0).tolist()]

    def docs(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, cu: torch.Tensor) -> torch.Tensor:
        view = lambda t, a, b: t[a:b].transpose(0, 1).unsqueeze(0)  # (n, H, D) as [1, H, n, D]
        sdpa = F.scaled_dot_product_attention
        with sdpa_kernel([SDPBackend.CUDNN_ATTENTION]):
            outs = [sdpa(view(q, a, b), view(k, a, b), view(v, a, b), is_causal=causal)
                    for a, b in zip(starts, starts[1:], strict=False)]  # fmt: skip
        return torch.cat([o[0].transpose(0, 1) for o in outs])

    def njt(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, cu: torch.Tensor) -> torch.Tensor:
        offsets = cu.to(torch.int64)
        nest = lambda t: torch.nested.nested_tensor_from_jagged(t, offsets, max_seqlen=n).transpose(1, 2)
        with sdpa_kernel([SDPBackend.CUDNN_ATTENTION]):
            o = F.scaled_dot_product_attention(nest(q), nest(k), nest(v), is_causal=causal)
        return o.transpose(1, 2).values()

    return {"ours": ours, "ours_before": ours, "ours:p": ours, "ours_padded": padded, "sdpa_cudnn_docs": docs,
            "sdpa_cudnn_njt": njt, "ours_bwd_tl": ours}  # fmt: skip


@contextmanager
def _packed_settings(name: str, pair: tuple[int, int], causal: bool) -> Iterator[None]:
    """What packed implementation ``name`` changes around its timing (restored after), every plan forgotten
    on entry and exit."""
    from gpuaccel.accel.kernels.dense import attention
    from gpuaccel.accel.kernels.gluon import varlen_fwd
    from gpuaccel.accel.kernels.tuning import configs as tuning

    saved = tuning.GLUON_VALUE_FWD_DEFAULT, dict(varlen_fwd.PACKED_OPTIONS), tuning.GLUON_BWD_VALUE_DEFAULT
    attention.forget_plans()
    try:
        if name == "ours_before":
            tuning.GLUON_VALUE_FWD_DEFAULT = ()
        elif name == "ours:p":
            varlen_fwd.PACKED_OPTIONS[(pair, causal)] = PACKED_ALT[causal]
        elif name == "ours_bwd_tl":  # the packed backward's route before its Gluon kernels at v's width
            tuning.GLUON_BWD_VALUE_DEFAULT = ()
        yield
    finally:
        tuning.GLUON_VALUE_FWD_DEFAULT = saved[0]
        tuning.GLUON_BWD_VALUE_DEFAULT = saved[2]
        varlen_fwd.PACKED_OPTIONS.clear()
        varlen_fwd.PACKED_OPTIONS.update(saved[1])
        attention.forget_plans()


def _packed_paths(name: str, pair: tuple[int, int], causal: bool, d: int, dv: int) -> dict[str, str]:
    """The forward's and backward's paths packed implementation ``name`` runs (``varlen.attention``'s
    ``forward_path`` / ``backward_path`` at the dims its call runs at), "-" for another library's."""
    if not name.startswith("ours"):
        return {"fwd_path": "-", "bwd_path": "-"}
    from gpuaccel.accel.kernels.varlen import attention as varlen

    cu = torch.zeros(2, dtype=torch.int32, device="cuda")
    right = 0 if causal else -1
    with _packed_settings(name, pair, causal):
        dv_given = d if name == "ours_padded" else dv
        q, v = (torch.empty(1, 1, n, device="cuda", dtype=torch.bfloat16) for n in (d, dv_given))
        dp, dvp = varlen.run_head_dims(q, v, (cu, cu, 1, 1, -1, right, 1.0, 0.0))
        q_run = q.new_empty(1, 1, dp)
        return {
            "fwd_path": varlen.forward_path(q_run, -1, right, 0.0, dvp),
            "bwd_path": varlen.backward_path(q_run, -1, right, 0.0, dvp),
        }


def measure_packed(
    spec: tuple[int, ...], causal: bool, names: list[str], rounds: int, fwd_bwd: bool = False
) -> list[dict[str, Any]]:
    """The packed forward at ``spec`` (total tokens, heads, q/k's and v's head dims), each implementation's
    do_bench median in alternated rounds; the largest difference of each output from ``ours``'s. With
    ``fwd_bwd`` also forward + backward (one ``backward()`` step from a fixed dO) in the same rounds, and each
    gradient's largest difference from ``ours``'s."""
    from triton.testing import do_bench

    from gpuaccel.accel.kernels.bench.varlen import doc_lengths
    from gpuaccel.accel.kernels.gluon.varlen_fwd import packed_fwd_config
    from gpuaccel.accel.kernels.tuning import configs as tuning

    total, h, d, dv = spec
    lens = doc_lengths(total, 128, 8192, 0)
    gen = torch.Generator(device="cuda").manual_seed(0)
    mk = lambda dim: torch.randn(total, h, dim, device="cuda", dtype=torch.bfloat16, generator=gen)
    q, k, v = mk(d), mk(d), mk(dv)
    do = mk(dv)
    cu = torch.tensor([0, *torch.tensor(lens).cumsum(0).tolist()], dtype=torch.int32, device="cuda")
    flops = sum(2.0 * h * n * n * (d + dv) for n in lens) / (2 if causal else 1)
    pair = _pair((1, h, max(lens), d, dv))
    fns = packed_impls(lens, causal, pair)
    times: dict[str, list[float]] = {name: [] for name in names}
    fb_times: dict[str, list[float]] = {name: [] for name in names}
    errors: dict[str, str] = {}
    diffs: dict[str, float] = {}
    outs: dict[str, torch.Tensor] = {}
    grads: dict[str, tuple[torch.Tensor, ...]] = {}
    for r in range(rounds):
        for name in names if r % 2 == 0 else names[::-1]:
            if name in errors:
                continue
            try:
                fn = fns[name]
                with _packed_settings(name, pair, causal):
                    with torch.no_grad():
                        if r == 0:
                            outs[name] = fn(q, k, v, cu).float()
                        times[name].append(
                            do_bench(lambda fn=fn: fn(q, k, v, cu), warmup=25, rep=100, return_mode="median")
                        )
                    if not fwd_bwd:
                        continue
                    qg, kg, vg = (t.clone().requires_grad_() for t in (q, k, v))
                    if r == 0:
                        got = torch.autograd.grad(fn(qg, kg, vg, cu), (qg, kg, vg), do)
                        grads[name] = tuple(g.float() for g in got)

                    def step(fn: Any = fn, g: tuple[torch.Tensor, ...] = (qg, kg, vg)) -> None:
                        fn(*g, cu).backward(do)

                    fb_times[name].append(
                        do_bench(step, warmup=25, rep=100, grad_to_none=[qg, kg, vg], return_mode="median")
                    )
            except Exception as exc:  # an implementation that refuses this pack: recorded, the table goes on
                errors[name] = f"{type(exc).__name__}: {str(exc)[:200]}"
    if "ours" in outs:
        diffs = {name: (o - outs["ours"]).abs().max().item() for name, o in outs.items()}
    rows = []
    for name in names:
        row: dict[str, Any] = {"impl": name, "packed": list(spec), "lens": lens, "causal": causal,
                               "pair": list(pair)}  # fmt: skip
        if name in ("ours", "ours:p", "ours_bwd_tl"):
            with _packed_settings(name, pair, causal):
                row["config"] = packed_fwd_config(pair[0], max(lens), causal, pair[1]).label()
        if fwd_bwd:
            row.update(_packed_paths(name, pair, causal, d, dv))
            if row["bwd_path"] == "gluon" and name != "ours_padded" and d != dv:
                row["config"] = row.get("config", "") + " / bwd " + tuning.gluon_bwd_config(*pair).label()
        if name in errors:
            row["error"] = errors[name]
        if name in diffs:
            row["max_abs_diff_vs_ours"] = diffs[name]
        if name in grads and "ours" in grads:
            both = zip(grads[name], grads["ours"], strict=True)
            row["max_abs_grad_diff_vs_ours"] = [(a - b).abs().max().item() for a, b in both]
        if times[name]:
            row["fwd_ms_rounds"] = times[name]
            row["fwd_ms"] = statistics.median(times[name])
            row["fwd_tflops"] = flops / row["fwd_ms"] / 1e9
        if fb_times[name]:
            row["fwd_bwd_ms_rounds"] = fb_times[name]
            row["fwd_bwd_ms"] = statistics.median(fb_times[name])
            row["fwd_bwd_tflops"] = 3.5 * flops / row["fwd_bwd_ms"] / 1e9
            if "fwd_ms" in row:
                row["bwd_est_ms"] = row["fwd_bwd_ms"] - row["fwd_ms"]
        rows.append(row)
    return rows


def _ratio(by: dict[str, dict[str, Any]], r: dict[str, Any], other: str, key: str = "fwd_ms") -> str:
    """The other implementation's time over this row's (above 1: this row's faster), or "-"."""
    return f"{by[other][key] / r[key]:.2f}" if key in by.get(other, {}) and key in r else "-"


def _default_pairs() -> tuple[tuple[int, int], ...]:
    from gpuaccel.accel.kernels.tuning import configs as tuning

    return tuning.GLUON_VALUE_FWD_DEFAULT


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shapes", nargs="+", default=None, help="B,H,N,Dqk,Dv (N = Nq = Nk)")
    ap.add_argument("--packed", nargs="+", default=[], help="TOTAL,H,Dqk,Dv: packed documents, forward")
    ap.add_argument("--packed-impls", nargs="+", default=None, choices=PACKED_IMPLS)
    ap.add_argument(
        "--packed-fwd-bwd",
        action="store_true",
        help="--packed: also forward + backward (one backward() step)",
    )
    ap.add_argument("--impls", nargs="+", default=DEFAULT_IMPLS, choices=IMPLS)
    ap.add_argument("--variants", action="store_true", help="also ours:vI, each of the pair's variants")
    ap.add_argument("--bwd-variants", action="store_true", help="also ours:bI, the backward pair's variants")
    ap.add_argument("--fwd-only", action="store_true", help="time the forward alone")
    ap.add_argument("--causal", default="both", choices=["both", "yes", "no"])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--tag", default="", help="appended to the JSON file's name")
    ap.add_argument("--out", default="benchmarks/results")
    args = ap.parse_args(argv)
    if not torch.cuda.is_available():
        print("value_dim_bench needs a CUDA GPU", file=sys.stderr)
        return 2
    from gpuaccel.accel.kernels.bench.attention import environment
    from gpuaccel.accel.kernels.tuning import configs as tuning

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    tag = f"-{args.tag}" if args.tag else ""
    path = out / f"value_dim_bf16_{time.strftime('%Y%m%d-%H%M%S')}{tag}.json"
    env = environment()
    rows = []
    flags = {"both": (False, True), "yes": (True,), "no": (False,)}[args.causal]
    lines = []
    packed_lines = []
    fb_lines = []
    packed_names = args.packed_impls or (
        DEFAULT_PACKED_FB_IMPLS if args.packed_fwd_bwd else DEFAULT_PACKED_IMPLS
    )
    for spec in args.packed:
        pack = tuple(int(x) for x in spec.split(","))
        for causal in flags:
            got = measure_packed(pack, causal, list(packed_names), args.rounds, args.packed_fwd_bwd)
            rows += got
            by = {r["impl"]: r for r in got}
            for r in got if args.packed_fwd_bwd else []:
                head = f"{spec} ({len(r['lens'])} docs) | {'yes' if causal else 'no'} | {r['impl']}"
                if "fwd_bwd_tflops" not in r:
                    fb_lines.append(f"{head} | {r.get('error', '')[:90]}")
                    continue
                gd = r.get("max_abs_grad_diff_vs_ours")
                fb_lines.append(
                    f"{head} | {r['fwd_bwd_tflops']:.0f} | {r['fwd_bwd_ms']:.3f} | {r['bwd_est_ms']:.3f} | "
                    f"{r['fwd_tflops']:.0f} | {_ratio(by, r, 'ours_bwd_tl', 'fwd_bwd_ms')} | "
                    f"{_ratio(by, r, 'ours_padded', 'fwd_bwd_ms')} | "
                    f"{_ratio(by, r, 'sdpa_cudnn_docs', 'fwd_bwd_ms')} | "
                    f"{_ratio(by, r, 'ours_bwd_tl', 'bwd_est_ms')} | "
                    f"{_ratio(by, r, 'sdpa_cudnn_docs', 'bwd_est_ms')} | "
                    f"{r['fwd_path']} + {r['bwd_path']} | "
                    f"{'-' if gd is None else '/'.join(f'{x:.2g}' for x in gd)} | {r.get('config', '')}"
                )
            if args.packed_fwd_bwd:
                print("\n".join(fb_lines[-len(got) :]), flush=True)
            for r in got:
                head = f"{spec} ({len(r['lens'])} docs) | {'yes' if causal else 'no'} | {r['impl']}"
                if "fwd_tflops" not in r:
                    packed_lines.append(f"{head} | {r.get('error', '')[:90]}")
                    continue
                packed_lines.append(
                    f"{head} | {r['fwd_tflops']:.0f} | {r['fwd_ms']:.3f} | {_ratio(by, r, 'ours_before')} | "
                    f"{_ratio(by, r, 'sdpa_cudnn_docs')} | {_ratio(by, r, 'sdpa_cudnn_njt')} | "
                    f"{r.get('max_abs_diff_vs_ours', float('nan')):.3g} | {r.get('config', '')}"
                )
            print("\n".join(packed_lines[-len(got) :]), flush=True)
            path.write_text(
                json.dumps({"env": env, "formula": FORMULA, "args": vars(args), "rows": rows}, indent=1)
            )
    shapes = args.shapes if args.shapes is not None else ([] if args.packed else DEFAULT_SHAPES)
    for spec in shapes:
        shape = tuple(int(x) for x in spec.split(","))
        names = list(args.impls)
        if args.variants:
            names += [f"ours:v{i}" for i in range(len(tuning.GLUON_FWD_VALUE_VARIANTS.get(_pair(shape), [])))]
        if args.bwd_variants:
            bwd = tuning.GLUON_BWD_VALUE_VARIANTS.get(_bwd_pair(_pair(shape)), [])
            names += [f"ours:b{i}" for i in range(len(bwd))]
        for causal in flags:
            got = measure(shape, causal, names, args.rounds, args.fwd_only)
            rows += got
            by = {r["impl"]: r for r in got}
            for r in got:
                if "fwd_tflops" not in r:
                    lines.append(
                        f"{spec} | {'yes' if causal else 'no'} | {r['impl']} | {r.get('error', '')[:80]}"
                    )
                    continue
                fb = f"{r['fwd_bwd_tflops']:.0f}" if "fwd_bwd_tflops" in r else "-"
                lines.append(
                    f"{spec} | {'yes' if causal else 'no'} | {r['impl']} | {r['fwd_tflops']:.0f} | "
                    f"{_ratio(by, r, 'ours_padded')} | {_ratio(by, r, 'sdpa_cudnn')} | {fb} | "
                    f"{_ratio(by, r, 'ours_padded', 'fwd_bwd_ms')} | "
                    f"{_ratio(by, r, 'ours_bwd_padded', 'fwd_bwd_ms')} | "
                    f"{_ratio(by, r, 'ours_bwd_q256', 'fwd_bwd_ms')} | "
                    f"{_ratio(by, r, 'ours_dq_q256', 'fwd_bwd_ms')} | "
                    f"{_ratio(by, r, 'sdpa_cudnn', 'fwd_bwd_ms')} | {r.get('config', '')}"
                )
            print("\n".join(lines[-len(got) :]), flush=True)
            # written after every shape and flag: a run stopped at its time limit keeps what it measured
            path.write_text(
                json.dumps({"env": env, "formula": FORMULA, "args": vars(args), "rows": rows}, indent=1)
            )
    path.write_text(json.dumps({"env": env, "formula": FORMULA, "args": vars(args), "rows": rows}, indent=1))
    print(f"wrote {path}")
    print(f"# {env}\n# {FORMULA}; x: the other's time / this one's (above 1: this one faster)")
    if lines:
        print("B,H,N,Dqk,Dv | causal | impl | fwd TFLOP/s | x padded | x cuDNN | fwd+bwd TFLOP/s | "
              "x padded | x bwd padded | x bwd q256 | x dq q256 | x cuDNN | config")  # fmt: skip
        print("\n".join(lines))
    if fb_lines:
        print("# packed forward + backward: FLOPs 3.5x the forward's (the sum over documents); x: the "
              "other's time / this one's; bwd est: fwd+bwd less fwd")  # fmt: skip
        print("TOTAL,H,Dqk,Dv | causal | impl | fwd+bwd TFLOP/s | ms | bwd est ms | fwd TFLOP/s | x bwd tl | "
              "x padded | x cuDNN docs | bwd est x bwd tl | bwd est x cuDNN | paths | "
              "max |dq/dk/dv diff| vs ours | config")  # fmt: skip
        print("\n".join(fb_lines))
    if packed_lines:
        print("# packed: FLOPs the sum over documents; x: the other's time / this one's")
        print("TOTAL,H,Dqk,Dv | causal | impl | fwd TFLOP/s | ms | x before | x cuDNN docs | x cuDNN njt | "
              "max |diff| vs ours | config")  # fmt: skip
        print("\n".join(packed_lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
