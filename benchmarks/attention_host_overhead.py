"""Host time per attention call, the part that dominates short sequences and small batches.

Two modes:
- ``--device cpu`` (no GPU): the Triton interpreter's CPU path with the kernel launches replaced by
  no-ops, so what is timed is only our Python (checks, path, tuning lookup, allocation, autograd). Run it
  against two checkouts to compare (``PYTHONPATH=<checkout>/src``). ``--path gluon`` times the path a
  Hopper GPU runs instead: the Gluon launchers and their bound launches (``direct_launch``) on CPU
  tensors, each kernel's compile and the C launch function replaced by recorders and the driver's TMA
  encoder by a no-op, so the Python of the launches is in the timing and the C calls are not.
- ``--device cuda``: real launches of a tiny problem (the GPU finishes each kernel before the host issues
  the next, so the loop's wall time per call is host time), side by side with SDPA's cuDNN and flash
  backends in the same process: forward (no_grad, and recording the graph), backward alone
  (``retain_graph``), forward+backward, and forward+backward with the autograd engine's device threads off.
Prints a table and, with ``--out``, writes JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

CALLS = 300
REPEATS = 7


def per_call_us(fn: Callable[[], Any], calls: int = CALLS, sync: Callable[[], None] | None = None) -> float:
    """Median over ``REPEATS`` loops of the wall time per call, in microseconds."""
    for _ in range(20):
        fn()
    if sync:
        sync()
    samples = []
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        for _ in range(calls):
            fn()
        samples.append((time.perf_counter() - t0) / calls * 1e6)
        if sync:
            sync()
    return statistics.median(samples)


def cpu_rows(shape: tuple[int, int, int, int], path: str = "triton") -> list[dict[str, Any]]:
    os.environ["TRITON_INTERPRET"] = "1"
    import torch

    from gpuaccel.accel.kernels.dense import attention, entry

    if path == "gluon":
        _fake_gluon_launches()
    else:
        attention.launch_fwd = lambda *a, **k: None  # the launches are what this mode leaves out
        attention.launch_bwd = lambda do, q, k, v, *a, **kw: (
            torch.empty_like(q),
            torch.empty_like(k),
            torch.empty_like(v),
        )
    q, k, v = (torch.randn(shape, dtype=torch.float16) for _ in range(3))
    qg, kg, vg = (t.clone().requires_grad_() for t in (q, k, v))
    scale = shape[-1] ** -0.5
    o, lse = attention.flash_attention_forward(q, k, v, True, scale)
    do = torch.randn_like(o)

    def fwd_bwd() -> None:
        out = entry.flash_attention(qg, kg, vg, causal=True)
        torch.autograd.grad(out, (qg, kg, vg), do)

    og = entry.flash_attention(qg, kg, vg, causal=True)
    cases = {
        "flash_attention_forward": lambda: attention.flash_attention_forward(q, k, v, True, scale),
        "flash_attention_backward": lambda: attention.flash_attention_backward(
            do, q, k, v, o, lse, True, scale
        ),
        "flash_attention (autograd, fwd)": lambda: entry.flash_attention(q, k, v, causal=True),
        "flash_attention (fwd, grad mode)": lambda: entry.flash_attention(qg, kg, vg, causal=True),
        "autograd.grad alone (retain_graph)": lambda: torch.autograd.grad(
            og, (qg, kg, vg), do, retain_graph=True
        ),
        "flash_attention fwd+bwd": fwd_bwd,
    }
    return [{"case": name, "path": path, "host_us": per_call_us(fn)} for name, fn in cases.items()]


def _fake_gluon_launches() -> None:
    """The Gluon path on CPU tensors: forced paths, and kernels whose compile returns a stand-in
    ``CompiledKernel`` with a no-op C launch function behind Triton's own descriptor expansion."""
    from types import SimpleNamespace

    import triton
    from triton.backends.nvidia.driver import wrap_handle_tensordesc

    from gpuaccel.accel.kernels.dense import attention, direct_launch, launchers
    from gpuaccel.accel.kernels.gluon import bwd, fwd, tiles

    class Compiled:
        def __init__(self, kernel: Any, args: list[Any]) -> None:
            at = [i for i, a in enumerate(args) if isinstance(a, direct_launch.TensorDescriptor)]
            meta = [
                {"swizzle": 3, "elem_size": args[i].base.element_size(), "elem_type": 10,
                 "block_size": list(args[i].block_shape), "fp4_padded": False}
                for i in at
            ]  # fmt: skip
            sig = {n: ("tensordesc<x>" if i in at else "*") for i, n in enumerate(kernel.arg_names)}
            self.run = SimpleNamespace(
                launch=wrap_handle_tensordesc(lambda *a: None, sig, meta), global_scratch_size=0,
                profile_scratch_size=0, launch_cooperative_grid=False, launch_pdl=False,
            )  # fmt: skip
            self.packed_metadata, self.function = (4, 1, 0), 1

        def __getitem__(self, grid: Any) -> Callable[..., None]:
            return lambda *a: None

    class Kernel:
        def __init__(self, real: Any) -> None:
            self.arg_names = real.arg_names

        def __getitem__(self, grid: Any) -> Callable[..., Compiled]:
            return lambda *a, **kw: Compiled(self, [*a, *(kw[n] for n in self.arg_names[len(a) :])])

    triton.runtime.driver._active = SimpleNamespace(
        utils=SimpleNamespace(fill_tma_descriptor=lambda *a: None)
    )
    direct_launch.bind_context = lambda device: None
    direct_launch._current_device = lambda: 0
    direct_launch._current_stream = lambda index: 0
    launchers.CompiledKernel = Compiled
    tiles.sm_count = lambda device: 132
    attention.forward_path = lambda q, head_dim_v=None: "gluon"
    attention.backward_path = lambda q, causal=False, head_dim_v=None: "gluon"
    for mod, name in (
        (fwd, "gluon_attn_fwd_kernel"),
        (bwd, "gluon_bwd_dq_kernel"),
        (bwd, "gluon_bwd_dkdv_kernel"),
    ):
        setattr(mod, name, Kernel(getattr(mod, name)))


def cuda_rows(shape: tuple[int, int, int, int], dtype_name: str = "bf16") -> list[dict[str, Any]]:
    import torch
    import torch.nn.functional as F
    from torch.nn.attention import SDPBackend, sdpa_kernel

    from gpuaccel.accel.kernels.dense.entry import flash_attention

    dtype = {"bf16": torch.bfloat16, "fp16": torch.float16}[dtype_name]
    q, k, v = (torch.randn(shape, device="cuda", dtype=dtype, requires_grad=True) for _ in range(3))
    do = torch.randn(shape, device="cuda", dtype=dtype)
    sync = torch.cuda.synchronize
    rows = []
    impls: dict[str, Callable[..., torch.Tensor]] = {
        "ours": lambda a, b, c: flash_attention(a, b, c, causal=True)
    }
    for name, backend in (
        ("sdpa_cudnn", SDPBackend.CUDNN_ATTENTION),
        ("sdpa_flash", SDPBackend.FLASH_ATTENTION),
    ):

        def sdpa(a: torch.Tensor, b: torch.Tensor, c: torch.Tensor, backend: Any = backend) -> torch.Tensor:
            with sdpa_kernel(backend):
                return F.scaled_dot_product_attention(a, b, c, is_causal=True)

        impls[name] = sdpa
    for name, fn in impls.items():
        with torch.no_grad():
            fwd_us = per_call_us(lambda fn=fn: fn(q, k, v), sync=sync)
        both = lambda fn=fn: torch.autograd.grad(fn(q, k, v), (q, k, v), do)
        row = {"impl": name, "fwd_host_us": fwd_us, "fwd_bwd_host_us": per_call_us(both, sync=sync)}
        row["fwd_grad_mode_host_us"] = per_call_us(lambda fn=fn: fn(q, k, v), sync=sync)
        o = fn(q, k, v)
        row["bwd_only_host_us"] = per_call_us(
            lambda o=o: torch.autograd.grad(o, (q, k, v), do, retain_graph=True), sync=sync
        )
        # the autograd engine runs a CUDA node on its device thread; a Python node pays that hop
        torch.autograd.set_multithreading_enabled(False)
        try:
            row["fwd_bwd_one_thread_engine_host_us"] = per_call_us(both, sync=sync)
        finally:
            torch.autograd.set_multithreading_enabled(True)
        rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", choices=("cpu", "cuda"), default="cpu")
    ap.add_argument(
        "--shape", default="1,2,128,64", help="B,H,N,D (tiny: the GPU must not be the bottleneck)"
    )
    ap.add_argument("--path", choices=("triton", "gluon"), default="triton", help="cpu: the path timed")
    ap.add_argument("--out", default="")
    ap.add_argument("--label", default="", help="what is measured, e.g. before / after a change")
    ap.add_argument(
        "--cpus",
        default="",
        help="pin the process to these CPU cores, e.g. 3 or 2,3 (threads then stay put; on a shared "
        "host, processes still differ: compare implementations within one process)",
    )
    args = ap.parse_args(argv)
    if args.cpus:
        os.sched_setaffinity(0, {int(c) for c in args.cpus.split(",")})
    shape = tuple(int(x) for x in args.shape.split(","))
    assert len(shape) == 4, "--shape takes B,H,N,D"
    rows = cpu_rows(shape, args.path) if args.device == "cpu" else cuda_rows(shape)  # type: ignore[arg-type]
    import torch

    result = {
        "benchmark": "attention_host_overhead",
        "device": args.device,
        "shape": shape,
        "torch": torch.__version__,
        "python": sys.version.split()[0],
        "label": args.label,
        "calls_per_loop": CALLS,
        "loops_median_of": REPEATS,
        "cpus": sorted(os.sched_getaffinity(0)),
        "rows": rows,
    }
    for row in rows:
        print("  ".join(f"{k}={v:.1f}" if isinstance(v, float) else f"{k}={v}" for k, v in row.items()))
    if args.out:
        with open(args.out, "w") as fh:
            json.dump(result, fh, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
