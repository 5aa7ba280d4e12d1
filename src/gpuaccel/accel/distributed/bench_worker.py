"""Per-rank entry point for ring attention benchmarks and correctness checks, started by torchrun.

    torchrun --standalone --nproc-per-node 4 -m gpuaccel.accel.distributed.bench_worker bench \
        --seq-totals 65536,131072 --heads 32 --head-dim 128 --dtype bf16 --causal --mode both --out r.json
    torchrun --standalone --nproc-per-node 2 -m gpuaccel.accel.distributed.bench_worker check

Every rank times each iteration between a barrier and a device sync; the iteration's time is the slowest
rank's (all-reduce MAX), because the job is done only when every rank is. Rank 0 rewrites ``--out``
after every configuration, so a run cut short still leaves the finished rows.
FLOPs (exact, stated with every number): forward ``4*B*H*N*N*D`` over the total sequence ``N``, halved
when causal; backward 2.5x forward; ``both`` = 3.5x forward.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import torch
import torch.distributed as dist

from gpuaccel.accel.distributed.launch import MULTICAST_OFF_ENV
from gpuaccel.accel.distributed.ring_attention import (
    ring_attention_backward,
    ring_attention_forward,
    ring_flash_attention,
)

DTYPES = {"fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32, "fp64": torch.float64}
# Max relative error (to the largest reference value) that `check` accepts, by dtype.
CHECK_TOL = {"fp64": 1e-9, "fp32": 1e-4, "fp16": 5e-3, "bf16": 2e-2}
FLOP_FORMULA = "fwd = 4*B*H*N*N*D (x0.5 causal), N = total sequence; bwd = 2.5*fwd; both = 3.5*fwd"


def attention_flops(batch: int, heads: int, seq: int, head_dim: int, causal: bool, mode: str) -> float:
    fwd = 4.0 * batch * heads * seq * seq * head_dim * (0.5 if causal else 1.0)
    return fwd * {"fwd": 1.0, "bwd": 2.5, "both": 3.5}[mode]


def init_distributed(device: str) -> tuple[int, int, torch.device]:
    """Join the torchrun group: NCCL with one GPU per local rank, or gloo on CPU."""
    for key, value in MULTICAST_OFF_ENV.items():
        os.environ.setdefault(key, value)
    local_rank = int(os.environ.get("LOCAL_RANK", "0"))
    if device == "auto":
        device = "cuda" if torch.cuda.is_available() else "cpu"
    if device == "cuda":
        if local_rank >= torch.cuda.device_count():
            raise RuntimeError(
                f"local rank {local_rank} has no GPU: {torch.cuda.device_count()} visible "
                f"(CUDA_VISIBLE_DEVICES={os.environ.get('CUDA_VISIBLE_DEVICES', 'unset')})"
            )
        dev = torch.device("cuda", local_rank)
        torch.cuda.set_device(dev)
        dist.init_process_group("nccl", device_id=dev)
    else:
        dev = torch.device("cpu")
        dist.init_process_group("gloo")
    return dist.get_rank(), dist.get_world_size(), dev


def _sync(device: torch.device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def _time(fn: Callable[[], object], iters: int, warmup: int, device: torch.device) -> list[float]:
    """Per-iteration seconds of the slowest rank."""
    for _ in range(warmup):
        fn()
    _sync(device)
    local = []
    for _ in range(iters):
        dist.barrier()
        _sync(device)
        start = time.perf_counter()
        fn()
        _sync(device)
        local.append(time.perf_counter() - start)
    times = torch.tensor(local, dtype=torch.float64, device=device)
    dist.all_reduce(times, op=dist.ReduceOp.MAX)
    return times.tolist()


def _make_step(args: argparse.Namespace, n: int, rank: int, device: torch.device) -> Callable[[], None]:
    """One timed step of ``args.mode`` on random local shards of ``n`` tokens."""
    dtype = DTYPES[args.dtype]
    scale = 1.0 / math.sqrt(args.head_dim)
    gen = torch.Generator(device=device).manual_seed(1234 + rank)
    shape = (args.batch, args.heads, n, args.head_dim)
    q = torch.randn(shape, device=device, dtype=dtype, generator=gen)
    k = torch.randn((args.batch, args.kv_heads or args.heads, n, args.head_dim), device=device, dtype=dtype)
    v = torch.randn_like(k)
    do = torch.randn_like(q)
    if args.mode == "fwd":

        def step() -> None:
            with torch.no_grad():
                ring_attention_forward(q, k, v, None, args.causal, scale)

        return step
    if args.mode == "bwd":
        out, lse = ring_attention_forward(q, k, v, None, args.causal, scale)

        def backward() -> None:
            ring_attention_backward(do, q, k, v, out, lse, None, args.causal, scale)

        return backward
    for t in (q, k, v):
        t.requires_grad_(True)

    def both() -> None:
        ring_flash_attention(q, k, v, causal=args.causal, softmax_scale=scale).backward(do)
        q.grad = k.grad = v.grad = None

    return both


def _sdpa_tflops(args: argparse.Namespace, seq: int, device: torch.device) -> tuple[str, float]:
    """PyTorch SDPA (flash backend) on the same single-GPU problem, for a side-by-side column."""
    from torch.nn.attention import SDPBackend, sdpa_kernel
    from torch.nn.functional import scaled_dot_product_attention as sdpa

    mode = "fwd" if args.mode == "fwd" else "both"
    shape = (args.batch, args.heads, seq, args.head_dim)
    q, k, v, do = (torch.randn(shape, device=device, dtype=DTYPES[args.dtype]) for _ in range(4))
    for t in (q, k, v):
        t.requires_grad_(mode == "both")

    def step() -> None:
        with sdpa_kernel([SDPBackend.FLASH_ATTENTION]):
            if mode == "fwd":
                with torch.no_grad():
                    sdpa(q, k, v, is_causal=args.causal)
            else:
                sdpa(q, k, v, is_causal=args.causal).backward(do)
                q.grad = k.grad = v.grad = None

    seconds = statistics.median(_time(step, args.iters, args.warmup, device))
    flops = attention_flops(args.batch, args.heads, seq, args.head_dim, args.causal, mode)
    return mode, flops / seconds / 1e12


def bench_row(args: argparse.Namespace, seq_total: int, rank: int, world: int, device: torch.device) -> dict:
    """Time one total sequence length and return its JSON row (identical on every rank)."""
    layout = "zigzag" if args.causal else "contiguous"
    pieces = 2 * world if args.causal else world
    if seq_total % pieces:
        raise SystemExit(f"seq_total {seq_total} must be divisible by {pieces} for {layout} sharding")
    n = seq_total // world
    if device.type == "cuda":
        torch.cuda.reset_peak_memory_stats(device)
    times = _time(_make_step(args, n, rank, device), args.iters, args.warmup, device)
    gib = torch.cuda.max_memory_allocated(device) / 2**30 if device.type == "cuda" else 0.0
    peak = torch.tensor([gib], device=device)
    dist.all_reduce(peak, op=dist.ReduceOp.MAX)
    flops = attention_flops(args.batch, args.heads, seq_total, args.head_dim, args.causal, args.mode)
    median = statistics.median(times)
    row: dict[str, Any] = {
        "world_size": world,
        "seq_total": seq_total,
        "seq_per_rank": n,
        "batch": args.batch,
        "heads": args.heads,
        "kv_heads": args.kv_heads or args.heads,
        "head_dim": args.head_dim,
        "dtype": args.dtype,
        "causal": args.causal,
        "layout": layout,
        "mode": args.mode,
        "iters": args.iters,
        "times_s": times,
        "time_s": median,
        "flops": flops,
        "flop_formula": FLOP_FORMULA,
        "tflops_total": flops / median / 1e12,
        "tflops_per_gpu": flops / median / 1e12 / world,
        "peak_mem_gib": float(peak.item()),
        "device": torch.cuda.get_device_name(device) if device.type == "cuda" else "cpu",
    }
    if args.sdpa and world == 1 and device.type == "cuda" and not args.kv_heads:
        row["sdpa_flash_mode"], row["sdpa_flash_tflops"] = _sdpa_tflops(args, seq_total, device)
    return row


def pretune(args: argparse.Namespace, world: int, device: torch.device) -> dict[str, str]:
    """Pick the Triton kernels' configurations once, on a small problem, and pin them.

    The kernels time every candidate configuration for each new shape (``accel.kernels.tuning.configs``),
    which costs several runs of the kernel per candidate: minutes at 256k tokens on one GPU, and a different
    bill for every ring block shape. Tuning on ``--tune-seq`` tokens and pinning the winners bounds the
    benchmark's time and runs every GPU count with the same configurations. Each block kind gets its own
    winners: causal ones for the diagonal block (the whole problem on one rank), non-causal ones for the
    other ring steps; the best backward differs between the two.
    """
    if device.type != "cuda" or args.tune_seq <= 0:
        return {}
    from gpuaccel.accel.kernels import flash_attention_backward, flash_attention_forward
    from gpuaccel.accel.kernels.tuning import configs as tuning

    block_kinds = [args.causal] if world == 1 or not args.causal else [True, False]
    shape = (args.batch, args.heads, args.tune_seq, args.head_dim)
    kv_shape = (args.batch, args.kv_heads or args.heads, args.tune_seq, args.head_dim)
    dtype = DTYPES[args.dtype]
    q, do = (torch.randn(shape, device=device, dtype=dtype) for _ in range(2))
    k, v = (torch.randn(kv_shape, device=device, dtype=dtype) for _ in range(2))
    scale = 1.0 / math.sqrt(args.head_dim)
    for causal in block_kinds:
        out, lse = flash_attention_forward(q, k, v, causal, scale)
        flash_attention_backward(do, q, k, v, out, lse, causal, scale)
    # Cache keys are (kind, shape, dtype, causal); every rank runs rank 0's choice.
    winners = [
        [(key[0], key[-1], config) for key, config in tuning.cached().items() if key[0] in ("fwd", "bwd")]
    ]
    dist.broadcast_object_list(winners, src=0)
    for kind, causal, config in winners[0]:
        tuning.force(kind, config, causal=causal)
    return {f"{kind}-{'causal' if causal else 'full'}": config.label() for kind, causal, config in winners[0]}


def bench(args: argparse.Namespace) -> None:
    rank, world, device = init_distributed(args.device)
    pinned = pretune(args, world, device)
    if rank == 0 and pinned:
        print(f"[ring] kernel configs tuned at {args.tune_seq} tokens, pinned: {pinned}", flush=True)
    rows: list[dict[str, Any]] = []
    for seq_total in args.seq_totals:
        row = bench_row(args, seq_total, rank, world, device)
        row["kernel_configs"] = pinned or "tuned per shape by accel.kernels"
        rows.append(row)
        if rank != 0:
            continue
        print(
            f"[ring] W={world} N={seq_total} ({row['seq_per_rank']}/rank) {args.mode} causal={args.causal}: "
            f"{row['time_s'] * 1e3:.2f} ms, {row['tflops_per_gpu']:.1f} TFLOP/s per GPU, "
            f"peak {row['peak_mem_gib']:.2f} GiB",
            flush=True,
        )
        if args.out:
            tmp = f"{args.out}.tmp"
            with open(tmp, "w") as f:
                json.dump(rows, f, indent=1)
            os.replace(tmp, args.out)
    dist.destroy_process_group()


def check(args: argparse.Namespace) -> None:
    """Compare ring attention with single-process attention on small shapes; exit 1 on a mismatch."""
    from gpuaccel.accel.distributed.selfcheck import check_all

    rank, world, device = init_distributed(args.device)
    dtype = DTYPES[args.dtype]
    tol = args.tol if args.tol is not None else CHECK_TOL[args.dtype]
    results = check_all(device, dtype)
    worst = max(max(errors.values()) for errors in results.values())
    if rank == 0:
        for name, errors in results.items():
            cells = "  ".join(f"{k}={v:.2e}" for k, v in errors.items())
            print(f"[check] W={world} {args.dtype} {name}: {cells}", flush=True)
        verdict = "OK" if worst <= tol else "FAILED"
        print(f"[check] {verdict}: worst relative error {worst:.2e} (tol {tol:.0e})", flush=True)
        if args.out:
            with open(args.out, "w") as f:
                record = {"world_size": world, "dtype": args.dtype, "tol": tol, "results": results}
                json.dump(record, f, indent=1)
    dist.destroy_process_group()
    if worst > tol:
        sys.exit(1)


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="gpuaccel.accel.distributed.bench_worker", description="ring attention rank"
    )
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("bench", help="time ring attention over one or more total sequence lengths")
    b.add_argument("--seq-totals", type=_ints, required=True, help="comma list of total sequence lengths")
    b.add_argument("--batch", type=int, default=1)
    b.add_argument("--heads", type=int, default=32)
    b.add_argument("--kv-heads", type=int, default=0, help="key/value heads (grouped-query); 0 = heads")
    b.add_argument("--head-dim", type=int, default=128)
    b.add_argument("--dtype", choices=sorted(DTYPES), default="bf16")
    b.add_argument("--causal", action="store_true")
    b.add_argument("--mode", choices=("fwd", "bwd", "both"), default="both")
    b.add_argument("--iters", type=int, default=5)
    b.add_argument("--warmup", type=int, default=2)
    b.add_argument("--sdpa", action="store_true", help="with one rank on CUDA, also time PyTorch SDPA flash")
    b.add_argument("--tune-seq", type=int, default=0, help="tune the kernels once at N tokens, pin (0: off)")
    b.add_argument("--out", default="", help="JSON file rank 0 writes (rewritten after every row)")
    c = sub.add_parser("check", help="compare with single-process attention on small shapes")
    c.add_argument("--dtype", choices=sorted(DTYPES), default="fp32")
    c.add_argument("--tol", type=float, default=None, help="max relative error (default by dtype)")
    c.add_argument("--out", default="")
    for p in (b, c):
        p.add_argument("--device", choices=("auto", "cuda", "cpu"), default="auto")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    (bench if args.command == "bench" else check)(args)


if __name__ == "__main__":
    main()
