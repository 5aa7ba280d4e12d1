"""Ring attention scaling table: 1, 2 and 4 GPUs, total sequence 32k..256k, causal (zigzag) fwd+bwd.

One self-contained command on a multi-GPU host (run from the repository root):

    python benchmarks/ring_scaling.py

It prints ``torch.cuda.device_count()`` first, checks ring attention against single-process attention
on the largest GPU count (small shapes, bf16; ``--no-check`` skips it), runs one torchrun launch per GPU
count (all sequence lengths in that launch, multicast off in every rank), prints a table and writes
``benchmarks/results/ring_scaling_<timestamp>.json``. A time budget (``--budget-s``, default 450 s)
bounds the whole run; rows finished before a launch runs out of time are kept. The Triton kernels'
configurations are tuned once per launch at ``--tune-seq`` tokens and pinned (per-shape tuning would
cost minutes at 256k tokens).

FLOPs (exact): forward 4*B*H*N*N*D over the total sequence N, halved when causal; backward 2.5x forward;
fwd+bwd 3.5x. Per-GPU TFLOP/s = FLOPs / time / GPUs, time = the slowest rank's median iteration.
Efficiency at W GPUs = per-GPU TFLOP/s / the one-GPU TFLOP/s at the same total N, i.e. (T1 / W) / T_W:
the time one GPU would need for its 1/W share of the work, at its own single-GPU rate, over the time
W GPUs actually took. The one-GPU row also times PyTorch SDPA (flash backend) on the same problem.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from gpuaccel.accel.distributed.launch import MULTICAST_OFF_ENV, run_ranks  # noqa: E402

os.environ.update(MULTICAST_OFF_ENV)
TARGET = {"world_size": 4, "min_seq_per_gpu": 16384, "efficiency": 0.85}


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--gpus", type=_ints, default=[1, 2, 4], help="GPU counts (default 1,2,4)")
    p.add_argument("--seq-totals", type=_ints, default=[32768, 65536, 131072, 262144])
    p.add_argument("--batch", type=int, default=1)
    p.add_argument("--heads", type=int, default=32)
    p.add_argument("--head-dim", type=int, default=128)
    p.add_argument("--dtype", choices=("bf16", "fp16"), default="bf16")
    p.add_argument("--mode", choices=("fwd", "bwd", "both"), default="both")
    p.add_argument("--non-causal", action="store_true", help="full attention, contiguous sharding")
    p.add_argument("--iters", type=int, default=3)
    p.add_argument("--warmup", type=int, default=1)
    p.add_argument("--budget-s", type=float, default=450.0, help="wall-clock budget for all launches")
    p.add_argument("--tune-seq", type=int, default=16384, help="tune kernels at N tokens, pin (0: per shape)")
    p.add_argument("--no-sdpa", action="store_true", help="skip the PyTorch SDPA column")
    p.add_argument("--no-check", dest="check", action="store_false", help="skip the correctness check")
    p.add_argument("--out", default="", help="JSON path (default benchmarks/results/ring_scaling_<ts>.json)")
    p.add_argument("--log-dir", default="", help="per-rank logs (default a temp dir)")
    p.add_argument(
        "--device", choices=("cuda", "cpu"), default="cuda", help="cpu: a gloo smoke test of the script"
    )
    return p.parse_args()


def _launch(args: argparse.Namespace, world: int, log_dir: Path, timeout_s: float) -> tuple[int, list]:
    out = log_dir / f"w{world}.json"
    worker = ["bench", "--seq-totals", ",".join(map(str, args.seq_totals)), "--batch", str(args.batch)]
    worker += ["--heads", str(args.heads), "--head-dim", str(args.head_dim), "--dtype", args.dtype]
    worker += ["--mode", args.mode, "--iters", str(args.iters), "--warmup", str(args.warmup)]
    worker += ["--device", args.device, "--tune-seq", str(args.tune_seq), "--out", str(out)]
    if not args.non_causal:
        worker.append("--causal")
    if world == 1 and not args.no_sdpa:
        worker.append("--sdpa")
    rc = run_ranks(world, worker, log_dir / f"w{world}", cpu=args.device == "cpu", timeout_s=timeout_s)
    return rc, json.loads(out.read_text()) if out.exists() else []


def _check(args: argparse.Namespace, world: int, log_dir: Path) -> dict:
    """Correctness first: ring vs single-process attention on ``world`` GPUs (Triton blocks, NCCL)."""
    out = log_dir / "check.json"
    dtype = "fp32" if args.device == "cpu" else args.dtype
    worker = ["check", "--device", args.device, "--dtype", dtype, "--out", str(out)]
    print(f"== correctness check on {world} GPU(s), {dtype}", flush=True)
    rc = run_ranks(world, worker, log_dir / "check", cpu=args.device == "cpu", timeout_s=180)
    record = json.loads(out.read_text()) if out.exists() else {}
    worst = max((max(e.values()) for e in record.get("results", {}).values()), default=None)
    print(f"== check: exit {rc}, worst relative error {worst}", flush=True)
    return {"exit_code": rc, "ok": rc == 0, "worst_relative_error": worst, **record}


def _table(rows: list[dict]) -> str:
    cols = ["GPUs", "seq total", "seq/GPU", "time ms", "TFLOP/s per GPU", "efficiency", "SDPA flash TFLOP/s"]
    cols.append("peak GiB")
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for r in rows:
        eff = f"{r['efficiency']:.1%}" if r.get("efficiency") is not None else "n/a"
        sdpa = f"{r['sdpa_flash_tflops']:.1f}" if "sdpa_flash_tflops" in r else ""
        lines.append(
            f"| {r['world_size']} | {r['seq_total']} | {r['seq_per_rank']} | {r['time_s'] * 1e3:.1f} | "
            f"{r['tflops_per_gpu']:.1f} | {eff} | {sdpa} | {r['peak_mem_gib']:.1f} |"
        )
    return "\n".join(lines)


def main() -> int:
    args = parse_args()
    import torch

    count = torch.cuda.device_count()
    print(f"torch.cuda.device_count() = {count}", flush=True)
    if args.device == "cpu":
        count, device_name = max(args.gpus), "cpu (gloo smoke test)"
    elif count == 0:
        print("no CUDA device: nothing to measure (--device cpu runs a smoke test)", file=sys.stderr)
        return 1
    else:
        device_name = torch.cuda.get_device_name(0)
    worlds = [w for w in args.gpus if w <= count]
    skipped = [w for w in args.gpus if w > count]
    if skipped:
        print(f"skipping GPU counts {skipped}: only {count} visible", flush=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    log_dir = Path(args.log_dir or tempfile.mkdtemp(prefix=f"ring_scaling_{stamp}_"))
    log_dir.mkdir(parents=True, exist_ok=True)
    print(f"per-rank logs under {log_dir}", flush=True)
    start = time.monotonic()
    check = _check(args, max(worlds), log_dir) if args.check and max(worlds) > 1 else None
    rows: list[dict] = []
    launches: dict[int, int] = {}
    for i, world in enumerate(worlds):
        # Share what is left in proportion to 1/W (one GPU does all the work itself); unused time rolls on.
        left = args.budget_s - (time.monotonic() - start)
        weights = [1.0 / w for w in worlds[i:]]
        timeout = max(30.0, left * weights[0] / sum(weights))
        print(f"== {world} GPU(s): timeout {timeout:.0f} s", flush=True)
        rc, got = _launch(args, world, log_dir, timeout)
        launches[world] = rc
        if rc != 0:
            print(f"== {world} GPU(s): torchrun exit {rc}; {len(got)} rows finished", flush=True)
        rows += got
    one = {r["seq_total"]: r["tflops_per_gpu"] for r in rows if r["world_size"] == 1}
    for r in rows:
        base = one.get(r["seq_total"])
        r["efficiency"] = r["tflops_per_gpu"] / base if base else None
    rows.sort(key=lambda r: (r["seq_total"], r["world_size"]))
    print(_table(rows), flush=True)
    eligible = [
        r
        for r in rows
        if r["world_size"] == TARGET["world_size"]
        and r["seq_per_rank"] >= TARGET["min_seq_per_gpu"]
        and r["causal"]
        and r["mode"] == "both"
        and r["efficiency"] is not None
    ]
    target = dict(
        TARGET, rows=len(eligible), min_measured=min((r["efficiency"] for r in eligible), default=None)
    )
    target["met"] = bool(eligible) and target["min_measured"] >= TARGET["efficiency"]
    print(
        f"target (zigzag causal fwd+bwd, 4 GPUs, >= 16k tokens/GPU, efficiency >= 85%): {target}", flush=True
    )
    out = Path(args.out or ROOT / "benchmarks" / "results" / f"ring_scaling_{stamp}.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    record = {
        "benchmark": "ring_scaling",
        "command": " ".join([sys.executable, *sys.argv]),
        "date_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "host": platform.node(),
        "device": device_name,
        "device_count": count,
        "torch": torch.__version__,
        "env": {k: os.environ.get(k) for k in MULTICAST_OFF_ENV},
        "config": {k: v for k, v in vars(args).items() if k not in ("out", "log_dir")},
        "flop_formula": "fwd = 4*B*H*N*N*D (x0.5 causal), N = total sequence; bwd = 2.5*fwd; both = 3.5*fwd",
        "efficiency_definition": "per-GPU TFLOP/s at W GPUs / 1-GPU TFLOP/s at the same total N = (T1/W)/T_W",
        "launch_exit_codes": launches,
        "skipped_gpu_counts": skipped,
        "log_dir": str(log_dir),
        "target": target,
        "check": check,
        "rows": rows,
    }
    out.write_text(json.dumps(record, indent=1))
    print(f"wrote {out}", flush=True)
    ok = all(rc == 0 for rc in launches.values()) and (check is None or check["ok"])
    return 0 if ok else 2


if __name__ == "__main__":
    sys.exit(main())
