"""Job kind ``attention.ring``: ring attention over several GPUs, as one queued job.

On this host the job's worker process starts the ranks with torchrun (one per GPU the scheduler
assigned, NCCL, the multicast-off variables set), each rank logging to its own file. Placed on a Ray
cluster (``where: ray``) it is the Ray job's driver and places one rank per GPU with a placement group,
over as many nodes as it takes (:mod:`gpuaccel.accel.distributed.ray_ranks`); the rank code is the same.
It reports one combined result: the slowest rank's time per iteration and the exact FLOP rate per GPU,
or with ``mode: check`` the ring's worst error against single-process attention. Validation here is
import-safe (no torch); the run imports accel.distributed only inside the worker.

Spec (defaults in ``DEFAULTS``): ``world_size`` (alias ``gpus``; 0 = every GPU the scheduler gave
the job, so ``gpuaccel submit attention.ring --gpus 4`` is enough), ``batch``, ``heads``, ``kv_heads``
(0 = heads), ``seq_total``, ``head_dim``, ``dtype`` (fp16|bf16; fp32 on CPU), ``causal``, ``mode``
(fwd|bwd|both, or check: compare with single-process attention on small shapes), ``iters``,
``warmup``, ``device`` (cuda, or cpu for gloo on the CPU: tests and demos).
FLOPs: forward ``4*B*H*N*N*D`` over the total sequence N, halved when causal; backward 2.5x forward.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from gpuaccel.accel.workloads.registry import RAY_GPUS_ENV, Spec, SpecError, Workload, check_memory, register
from gpuaccel.accel.workloads.report import JOB_LOG_DIR_ENV, Reporter

KIND = "attention.ring"
DEFAULTS: dict[str, Any] = {
    "world_size": 0,
    "batch": 1,
    "heads": 32,
    "kv_heads": 0,
    "seq_total": 65536,
    "head_dim": 128,
    "dtype": "bf16",
    "causal": True,
    "mode": "both",
    "iters": 10,
    "warmup": 2,
    "device": "cuda",
}
_INT_RANGES = {
    "world_size": (0, 64),
    "batch": (1, 1024),
    "heads": (1, 1024),
    "kv_heads": (0, 1024),
    "seq_total": (2, 1 << 24),
    "head_dim": (16, 256),
    "iters": (1, 10_000),
    "warmup": (0, 1_000),
}
_CHOICES = {
    "dtype": ("fp16", "bf16", "fp32"),
    "mode": ("fwd", "bwd", "both", "check"),
    "device": ("cuda", "cpu"),
}


def validate(raw: Spec) -> Spec:
    """Complete and check a spec; every error names the field and what it accepts."""
    raw = dict(raw)
    if "gpus" in raw:
        gpus = raw.pop("gpus")
        if "world_size" in raw and raw["world_size"] != gpus:
            raise SpecError("gpus", f"is {gpus} but world_size is {raw['world_size']}; give one of them")
        raw["world_size"] = gpus
    unknown = sorted(set(raw) - set(DEFAULTS))
    if unknown:
        raise SpecError(unknown[0], f"unknown field; accepted: gpus, {', '.join(sorted(DEFAULTS))}")
    spec = {**DEFAULTS, **raw}
    for key, (lo, hi) in _INT_RANGES.items():
        value = spec[key]
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise SpecError(key, f"must be an integer from {lo} to {hi}, got {value!r}")
    for key, choices in _CHOICES.items():
        if spec[key] not in choices:
            raise SpecError(key, f"must be one of {', '.join(choices)}, got {spec[key]!r}")
    if not isinstance(spec["causal"], bool):
        raise SpecError("causal", f"must be true or false, got {spec['causal']!r}")
    if spec["head_dim"] & (spec["head_dim"] - 1):
        raise SpecError("head_dim", f"must be a power of two from 16 to 256, got {spec['head_dim']}")
    if spec["kv_heads"] and spec["heads"] % spec["kv_heads"]:
        raise SpecError("kv_heads", f"must divide heads ({spec['heads']}), got {spec['kv_heads']}")
    if spec["dtype"] == "fp32" and spec["device"] == "cuda":
        raise SpecError("dtype", "fp32 runs only with device cpu; on GPUs use fp16 or bf16")
    if spec["world_size"] == 0 and spec["device"] == "cpu":
        raise SpecError("world_size", "device cpu needs an explicit number of ranks (1 to 64)")
    if spec["mode"] != "check":  # the self-check brings its own small shapes
        _check_divisible(spec, max(spec["world_size"], 1))
        if spec["world_size"]:  # with 0 the ranks are the GPUs it gets: known only when it starts
            _check_rank_memory(spec)
    return spec


def _check_rank_memory(spec: Spec) -> None:
    """Refuse a shard that cannot fit one GPU: it would wait for its GPUs and then run out of memory.

    Per rank, in units of one 2-byte [batch, heads, seq_total / world_size, head_dim] tensor: q, k, v,
    the k/v blocks in flight and the fp32 output and merge buffers (10); the backward adds do, the fp32
    dq, dk, dv and the dk/dv blocks travelling the ring (24 in all)."""
    units = 10 if spec["mode"] == "fwd" else 24
    world, total = spec["world_size"], spec["seq_total"]
    shard = spec["batch"] * spec["heads"] * (total // world) * spec["head_dim"]
    what = f"a shard of {total // world} tokens per rank ({total} over {world}, mode {spec['mode']})"
    check_memory("seq_total", 2 * units * shard / 2**30, what)


def _check_divisible(spec: Spec, world: int) -> None:
    pieces = 2 * world if spec["causal"] else world
    if spec["seq_total"] % pieces:
        layout = "zigzag (causal)" if spec["causal"] else "contiguous"
        raise SpecError(
            "seq_total",
            f"{layout} sharding needs a multiple of {pieces} ({'2*' if spec['causal'] else ''}world_size), "
            f"got {spec['seq_total']} with {world} rank(s)",
        )


def _worker_args(spec: Spec) -> list[str]:
    """The rank program's arguments (:mod:`gpuaccel.accel.distributed.bench_worker`), without ``--out``."""
    if spec["mode"] == "check":
        return ["check", "--dtype", spec["dtype"], "--device", spec["device"]]
    args = ["bench", "--seq-totals", str(spec["seq_total"])]
    for key in ("batch", "heads", "kv_heads", "head_dim", "dtype", "mode", "iters", "warmup", "device"):
        args += [f"--{key.replace('_', '-')}", str(spec[key])]
    if spec["causal"]:
        args.append("--causal")
    # Tune the Triton kernels once on a small problem and pin them: per-shape tuning at long sequences
    # runs each candidate several times, which can take minutes before the first timed iteration.
    return [*args, "--tune-seq", "16384"]


def _log_dir() -> Path:
    """Per-rank logs: under $GPUACCEL_JOB_LOG_DIR, else the data dir's logs/, else the temp dir.

    Named after the job and attempt when the scheduler runs us (``job-7-a0-ranks``), so they sit beside
    the job's own log ``job-7.log``.
    """
    root = os.environ.get(JOB_LOG_DIR_ENV)
    if not root and os.environ.get("GPUACCEL_DATA_DIR"):
        root = os.path.join(os.environ["GPUACCEL_DATA_DIR"], "logs")
    job = os.environ.get("GPUACCEL_JOB_ID")
    if job:
        name = f"job-{job}-a{os.environ.get('GPUACCEL_ATTEMPT', '0')}-ranks"
    else:
        name = f"ring-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}"
    path = Path(root or tempfile.gettempdir(), name)
    path.mkdir(parents=True, exist_ok=True)
    return path


def _run_here(spec: Spec, reporter: Reporter) -> tuple[int, int, Any, dict[str, Any]]:
    """The ranks on this host's GPUs (or CPU) with torchrun: (world, exit code, rank 0's result, extras)."""
    from gpuaccel.accel.distributed.launch import rank_logs, run_ranks

    world = spec["world_size"]
    if spec["device"] == "cuda":
        import torch

        visible = torch.cuda.device_count()
        where = f"CUDA_VISIBLE_DEVICES={os.environ.get('CUDA_VISIBLE_DEVICES', 'unset')}"
        if visible == 0 or visible < world:
            raise RuntimeError(
                f"attention.ring needs {world or 'at least one'} GPU(s) but this job sees {visible} "
                f"({where}); submit it with --gpus {world or 'N'}"
            )
        world = world or visible  # 0: one rank per GPU the job was given
        if spec["mode"] != "check":
            _check_divisible(spec, world)
    log_dir = _log_dir()
    out = log_dir / "result.json"
    out.unlink(missing_ok=True)  # never report a previous attempt's numbers
    reporter.progress(0.05, f"starting {world} ranks (logs: {log_dir})")
    print(f"[attention.ring] {world} ranks, per-rank logs under {log_dir}", flush=True)
    rc = run_ranks(world, [*_worker_args(spec), "--out", str(out)], log_dir, cpu=spec["device"] == "cpu")
    result = json.loads(out.read_text()) if out.exists() else None
    return world, rc, result, {"launcher": "torchrun", "rank_logs": rank_logs(log_dir)}


def _run_on_ray(spec: Spec, job_gpus: int, reporter: Reporter) -> tuple[int, int, Any, dict[str, Any]]:
    """The ranks on the Ray cluster this job runs on, one per GPU the job asked for (one per CPU when it
    asked for none), wherever a placement group finds them: (world, exit code, rank 0's result, extras)."""
    from gpuaccel.accel.distributed.ray_ranks import run_worker_ranks

    world = spec["world_size"] or job_gpus
    if world == 0:
        raise RuntimeError("attention.ring on a Ray cluster needs --gpus N (one rank per GPU)")
    if job_gpus and job_gpus != world:
        raise RuntimeError(
            f"on a Ray cluster each rank holds one GPU: the job asks for {job_gpus} GPU(s) but world_size "
            f"is {world}; submit it with --gpus {world} (or --gpus 0 for CPU ranks with device cpu)"
        )
    if spec["device"] == "cuda" and not job_gpus:
        raise RuntimeError("attention.ring with device cuda needs GPUs: submit it with --gpus N")
    if spec["mode"] != "check":
        _check_divisible(spec, world)
    held = "one GPU" if job_gpus else "one CPU"
    reporter.progress(0.05, f"placing {world} ranks ({held} each) on the Ray cluster")
    print(f"[attention.ring] {world} ranks on the Ray cluster, {held} each", flush=True)
    rc, result, nodes = run_worker_ranks(
        world, _worker_args(spec), gpus_per_rank=1 if job_gpus else 0, cpu=spec["device"] == "cpu"
    )
    print(f"[attention.ring] ranks ran on nodes {nodes}", flush=True)
    return world, rc, result, {"launcher": "ray", "rank_nodes": nodes}


def run(spec: Spec, reporter: Reporter) -> dict[str, Any]:
    """Launch the ranks (torchrun here, or a placement group when the job runs on a Ray cluster) and
    report their combined result: the benchmark's row, or the self-check's errors."""
    ray_gpus = os.environ.get(RAY_GPUS_ENV)
    if ray_gpus is not None:
        world, rc, result, extras = _run_on_ray(spec, int(ray_gpus), reporter)
    else:
        world, rc, result, extras = _run_here(spec, reporter)
    where = extras.get("rank_logs") or f"rank nodes {extras.get('rank_nodes')}"
    if spec["mode"] == "check":
        return _check_result(spec, world, rc, result, extras, reporter)
    if rc != 0 or not result:
        raise RuntimeError(f"ring attention ranks failed ({extras['launcher']} exit code {rc}); {where}")
    row = result[-1]
    metrics: dict[str, Any] = {
        "tflops_per_gpu": row["tflops_per_gpu"],
        "tflops_total": row["tflops_total"],
        "time_ms": row["time_s"] * 1e3,
        "world_size": world,
        "seq_total": row["seq_total"],
        "seq_per_rank": row["seq_per_rank"],
        "flops": row["flops"],
        "flop_formula": row["flop_formula"],
        "peak_mem_gib": row["peak_mem_gib"],
        "device": row["device"],
        **extras,
        "spec": spec,
    }
    reporter.metric("tflops_per_gpu", row["tflops_per_gpu"], exact=True, unit="TFLOP/s")
    reporter.metric("time_ms", row["time_s"] * 1e3, unit="ms")
    reporter.progress(1.0, f"{row['tflops_per_gpu']:.1f} TFLOP/s per GPU on {world} ranks")
    return metrics  # the worker entry (python -m gpuaccel.accel.workloads) reports it as the job's result


def _check_result(
    spec: Spec, world: int, rc: int, record: Any, extras: dict[str, Any], reporter: Reporter
) -> dict[str, Any]:
    """The self-check's verdict: the ring's output and gradients against single-process attention."""
    if not record:
        raise RuntimeError(f"ring attention self-check ranks failed ({extras['launcher']} exit code {rc})")
    worst = max(max(errors.values()) for errors in record["results"].values())
    if rc != 0 or worst > record["tol"]:
        raise RuntimeError(
            f"ring attention differs from single-process attention on {world} ranks: worst relative error "
            f"{worst:.2e} > tolerance {record['tol']:.0e} ({spec['dtype']})"
        )
    reporter.metric("worst_rel_error", worst, unit="")
    reporter.progress(1.0, f"matches single-process attention on {world} ranks (worst {worst:.1e})")
    return {
        "world_size": world,
        "worst_rel_error": worst,
        "tol": record["tol"],
        "dtype": spec["dtype"],
        "cases": record["results"],
        **extras,
        "spec": spec,
    }


WORKLOAD = register(
    Workload(
        kind=KIND,
        summary="Ring attention over N GPUs (torchrun, or across Ray nodes; NCCL, zigzag causal): per-GPU "
        "TFLOP/s and time, or mode=check against single-process attention",
        validate=validate,
        run=run,
        places_ranks=True,
        gpus_needed=lambda spec: spec["world_size"] if spec["device"] == "cuda" else 0,
    )
)
