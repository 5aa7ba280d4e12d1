"""A value head dim other than the query/key one (MLA-style 192/128) on a GPU: our kernels against the
workaround a caller has without them (v zero-padded to q's head dim, the output sliced) and SDPA.

    PYTHONPATH=src python3 benchmarks/value_dim_bench.py [--shapes 2,16,8192,192,128 ...] [--out DIR]

FLOPs: forward 2*B*H*Nq*Nk*(Dqk + Dv) (4*B*H*N^2*D when the dims are equal), halved when causal; forward +
backward 3.5x the forward (backward 2.5x). Times: medians of ``triton.testing.do_bench``, bf16, one
process. "ours" is the dispatched call (on Hopper both dims padded to the larger for the Gluon kernels),
"ours_tl" the tl.* kernels at each dim's own width; "fwd+bwd" times one call running the forward and the
backward from a fixed dO. An implementation that refuses a shape is listed with its error.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch

FORMULA = "FLOPs fwd = 2*B*H*Nq*Nk*(Dqk+Dv) (/2 causal); fwd+bwd = 3.5x fwd; do_bench medians, bf16"
DEFAULT_SHAPES = ["2,16,8192,192,128", "4,16,4096,192,128"]
IMPLS = ["ours", "ours_tl", "ours_v_padded", "sdpa_cudnn", "sdpa_efficient"]
TL_ONLY = {"GPUACCEL_ATTN_PATH": "triton", "GPUACCEL_ATTN_BWD_PATH": "triton"}  # "ours_tl": tl.* kernels


def impls() -> dict[str, Callable[..., torch.Tensor]]:
    """name -> f(q, k, v, causal) over [B, H, N, D] tensors."""
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
        "ours_tl": ours,  # run with the tl.* kernels forced (TL_ONLY), v at its own head dim
        "ours_v_padded": padded,
        "sdpa_cudnn": sdpa(SDPBackend.CUDNN_ATTENTION),
        "sdpa_efficient": sdpa(SDPBackend.EFFICIENT_ATTENTION),
    }


def measure(shape: tuple[int, ...], causal: bool, names: list[str]) -> list[dict[str, Any]]:
    from triton.testing import do_bench

    b, h, n, d, dv = shape
    gen = torch.Generator(device="cuda").manual_seed(0)
    mk = lambda dim: torch.randn(b, h, n, dim, device="cuda", dtype=torch.bfloat16, generator=gen)
    q, k, v = mk(d), mk(d), mk(dv)
    do = mk(dv)
    flops = 2.0 * b * h * n * n * (d + dv) / (2 if causal else 1)
    rows = []
    for name, fn in ((n, f) for n, f in impls().items() if n in names):
        row: dict[str, Any] = {"impl": name, "shape": list(shape), "causal": causal}
        saved = {key: os.environ.get(key) for key in TL_ONLY}
        if name == "ours_tl":
            os.environ.update(TL_ONLY)
        try:
            with torch.no_grad():
                row["fwd_ms"] = do_bench(lambda fn=fn: fn(q, k, v, causal), warmup=25, rep=100)
            qg, kg, vg = (t.clone().requires_grad_() for t in (q, k, v))

            def step(
                fn: Callable[..., torch.Tensor] = fn, g: tuple[torch.Tensor, ...] = (qg, kg, vg)
            ) -> None:
                fn(*g, causal).backward(do)

            row["fwd_bwd_ms"] = do_bench(step, warmup=25, rep=100, grad_to_none=[qg, kg, vg])
            row["fwd_tflops"] = flops / row["fwd_ms"] / 1e9
            row["fwd_bwd_tflops"] = 3.5 * flops / row["fwd_bwd_ms"] / 1e9
        except Exception as exc:  # an implementation that refuses this shape: recorded, the table goes on
            row["error"] = f"{type(exc).__name__}: {str(exc)[:200]}"
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
        rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shapes", nargs="+", default=DEFAULT_SHAPES, help="B,H,N,Dqk,Dv (N = Nq = Nk)")
    ap.add_argument("--impls", nargs="+", default=IMPLS, choices=IMPLS)
    ap.add_argument("--out", default="benchmarks/results")
    args = ap.parse_args(argv)
    if not torch.cuda.is_available():
        print("value_dim_bench needs a CUDA GPU", file=sys.stderr)
        return 2
    from gpuaccel.accel.kernels.bench.attention import environment

    rows = []
    print(f"# {FORMULA}\nB,H,N,Dqk,Dv | causal | impl | fwd TFLOP/s | fwd+bwd TFLOP/s")
    for spec in args.shapes:
        shape = tuple(int(x) for x in spec.split(","))
        for causal in (False, True):
            for r in measure(shape, causal, args.impls):
                rows.append(r)
                ok = "error" not in r
                cells = f"{r['fwd_tflops']:.0f} | {r['fwd_bwd_tflops']:.0f}" if ok else r["error"][:80]
                print(f"{spec} | {'yes' if causal else 'no'} | {r['impl']} | {cells}", flush=True)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"value_dim_bf16_{time.strftime('%Y%m%d-%H%M%S')}.json"
    path.write_text(json.dumps({"env": environment(), "formula": FORMULA, "rows": rows}, indent=1))
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
