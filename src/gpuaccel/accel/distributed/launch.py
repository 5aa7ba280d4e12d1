"""Starting the ranks of a multi-GPU job with torch.distributed's launcher (torchrun).

Shared by the ``attention.ring`` workload and ``benchmarks/ring_scaling.py`` so both launch the same way:
one process per GPU on this host (``--standalone`` rendezvous on a free local port), each rank's stdout
and stderr written to its own file under ``log_dir`` and also teed, prefixed ``[rank]:``, to ours, and
the multicast-off variables set in every rank's environment. Standard library only.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import FrameType

# NVLink multicast (NVLS) stays off: the device hosts do not support it, and NCCL or symmetric memory
# would otherwise try it at communicator creation.
MULTICAST_OFF_ENV: dict[str, str] = {
    "NCCL_NVLS_ENABLE": "0",
    "TORCH_SYMM_MEM_DISABLE_MULTICAST": "1",
    "NVSHMEM_DISABLE_NVLS": "1",
}
WORKER_MODULE = "gpuaccel.accel.distributed.bench_worker"
# Set, with a value unique to one launch, in the ranks' environment: finds ranks torchrun left behind.
RUN_MARKER_ENV = "GPUACCEL_RING_RUN"


def torchrun_command(nproc: int, worker_args: Sequence[str], log_dir: str | Path) -> list[str]:
    """The torchrun argv running ``-m gpuaccel.accel.distributed.bench_worker <worker_args>`` on ``nproc``."""
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
    # The ranks import gpuaccel from the same checkout as us, installed or not.
    root = str(Path(__file__).resolve().parents[3])  # the src/ folder that holds gpuaccel
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
    if cpu:
        env.setdefault("OMP_NUM_THREADS", "1")
    return env


def rank_logs(log_dir: str | Path) -> list[str]:
    """The per-rank log files torchrun wrote under ``log_dir`` (``.../attempt_0/<rank>/stdout.log``)."""
    return sorted(str(p) for p in Path(log_dir).rglob("*.log"))


def _parent_death_signal() -> Callable[[], None] | None:
    """A preexec_fn asking Linux to SIGTERM torchrun if we die first (SIGKILL, OOM killer), so a job
    killed without warning still stops its ranks; None where prctl is unavailable."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    pr_set_pdeathsig = 1

    def preexec() -> None:
        prctl(pr_set_pdeathsig, int(signal.SIGTERM))

    return preexec


def run_ranks(
    nproc: int,
    worker_args: Sequence[str],
    log_dir: str | Path,
    *,
    cpu: bool = False,
    timeout_s: float | None = None,
) -> int:
    """Run the ranks to completion and return torchrun's exit code (124 when ``timeout_s`` ran out).

    Stopping cleanly matters because torchrun starts every rank in a session of its own: only torchrun's
    own shutdown (SIGTERM to each rank, SIGKILL after a grace period) reaches them. So torchrun runs in
    a new session too and receives exactly one SIGTERM from us -- on a timeout, on Ctrl-C, or when we get
    SIGTERM (the scheduler cancelling the job; we then exit 143 once torchrun is done) -- and, should we
    be killed outright, one from the kernel (parent-death signal). A second SIGTERM would cut torchrun's
    shutdown short. Whatever happened, ranks still alive once torchrun is gone are ended (:func:`_sweep`).
    """
    Path(log_dir).mkdir(parents=True, exist_ok=True)
    marker = f"{os.getpid()}-{uuid.uuid4().hex}"
    proc = subprocess.Popen(
        torchrun_command(nproc, worker_args, log_dir),
        env={**rank_env(cpu=cpu), RUN_MARKER_ENV: marker},
        start_new_session=True,
        preexec_fn=_parent_death_signal(),  # only prctl runs in the child
    )
    received: list[int] = []

    def forward(signum: int, _frame: FrameType | None) -> None:
        if not received:  # never wait or take locks here: the main thread may be inside proc.wait()
            received.append(signum)
            with contextlib.suppress(ProcessLookupError):
                os.kill(proc.pid, signal.SIGTERM)

    installed, previous = False, None
    with contextlib.suppress(ValueError):  # not the main thread: the caller owns signal handling
        previous = signal.signal(signal.SIGTERM, forward)
        installed = True
    try:
        rc = proc.wait(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        _stop(proc)
        rc = 124
    except BaseException:  # Ctrl-C and the like
        _stop(proc)
        raise
    finally:
        _sweep(f"{RUN_MARKER_ENV}={marker}".encode())
        if installed:
            signal.signal(signal.SIGTERM, previous if previous is not None else signal.SIG_DFL)
    if received:
        raise SystemExit(128 + received[0])
    return rc


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM torchrun once (it stops its ranks, SIGKILLing those that linger after 30 s); SIGKILL
    torchrun itself only if it is still there after 60 s."""
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def _marked(marker: bytes) -> list[int]:
    """Live processes of ours whose environment holds ``marker`` (Linux /proc; [] elsewhere)."""
    pids = []
    with contextlib.suppress(OSError):
        for entry in os.scandir("/proc"):
            if entry.name.isdigit():
                try:
                    with open(f"/proc/{entry.name}/environ", "rb") as f:
                        environ = f.read()
                except OSError:  # gone, or not ours
                    continue
                if marker in environ.split(b"\0"):
                    pids.append(int(entry.name))
    return pids


def _sweep(marker: bytes) -> None:
    """End ranks torchrun left behind: stopped while still starting them, it can exit without
    signalling them, and in their own sessions nothing else would reach them. SIGTERM, then SIGKILL."""
    for sig, pause in ((signal.SIGTERM, 5.0), (signal.SIGKILL, 1.0)):
        pids = _marked(marker)
        if not pids:
            return
        for pid in pids:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, sig)
        deadline = time.monotonic() + pause
        while _marked(marker) and time.monotonic() < deadline:
            time.sleep(0.1)
