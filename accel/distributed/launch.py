"""Starting the ranks of a multi-GPU job with torch.distributed's launcher (torchrun).

Shared by the ``attention.ring`` workload and ``benchmarks/ring_scaling.py`` so both launch the same way:
one process per GPU on this host (``--standalone`` rendezvous on a free local port), each rank's stdout
and stderr written to its own file under ``log_dir`` and also teed, prefixed ``[rank]:``, to ours, and
the multicast-off variables set in every rank's environment. Standard library only.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import FrameType

# NVLink multicast (NVLS) stays off: the device hosts do not support it, and NCCL or symmetric memory
# would otherwise try it at communicator creation.
MULTICAST_OFF_ENV: dict[str, str] = {
    "NCCL_NVLS_ENABLE": "0",
    "TORCH_SYMM_MEM_DISABLE_MULTICAST": "1",
    "NVSHMEM_DISABLE_NVLS": "1",
}
WORKER_MODULE = "accel.distributed.bench_worker"


def torchrun_command(nproc: int, worker_args: Sequence[str], log_dir: str | Path) -> list[str]:
    """The torchrun argv that runs ``python -m accel.distributed.bench_worker <worker_args>`` on ``nproc``."""
    if nproc < 1:
        raise ValueError(f"nproc must be >= 1, got {nproc}")
    return [
        sys.executable,
        "-m",
        "torch.distributed.run",
        "--standalone",
        "--nproc-per-node",
        str(nproc),
        "--log-dir",
        str(log_dir),
        "--tee",
        "3",
        "-m",
        WORKER_MODULE,
        *worker_args,
    ]


def rank_env(base: Mapping[str, str] | None = None, *, cpu: bool = False) -> dict[str, str]:
    """The ranks' environment: ``base`` (default ours), multicast off, this checkout importable, one
    thread per rank on CPU."""
    env = dict(os.environ if base is None else base)
    env.update(MULTICAST_OFF_ENV)
    # The ranks import accel from the same checkout as us, installed or not.
    root = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
    if cpu:
        env.setdefault("OMP_NUM_THREADS", "1")
    return env


def rank_logs(log_dir: str | Path) -> list[str]:
    """The per-rank log files torchrun wrote under ``log_dir`` (``.../attempt_0/<rank>/stdout.log``)."""
    return sorted(str(p) for p in Path(log_dir).rglob("*.log"))


def run_ranks(
    nproc: int,
    worker_args: Sequence[str],
    log_dir: str | Path,
    *,
    cpu: bool = False,
    timeout_s: float | None = None,
) -> int:
    """Run the ranks to completion and return torchrun's exit code (124 when ``timeout_s`` ran out).

    torchrun starts each rank in a session of its own and, on SIGTERM, stops them all; so a timeout or a
    SIGTERM to us (the scheduler cancelling the job) is passed to torchrun as SIGTERM, never SIGKILL
    first, which would leave ranks orphaned and holding GPUs.
    """
    Path(log_dir).mkdir(parents=True, exist_ok=True)
    proc = subprocess.Popen(torchrun_command(nproc, worker_args, log_dir), env=rank_env(cpu=cpu))

    def stop(signum: int, _frame: FrameType | None) -> None:
        _stop(proc)
        raise SystemExit(128 + signum)

    previous = None
    with contextlib.suppress(ValueError):  # not the main thread: the caller owns signal handling
        previous = signal.signal(signal.SIGTERM, stop)
    try:
        return proc.wait(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        _stop(proc)
        return 124
    except BaseException:
        _stop(proc)
        raise
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM torchrun (it stops its ranks), SIGKILL if it is still there after 30 s."""
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
