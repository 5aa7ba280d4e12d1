"""Ray overhead benchmark: the same short job placed on this host and on a Ray cluster, through one daemon.

Why: issue 18's closing note. A cluster job is a Ray job (a job supervisor actor, a runtime env, the
daemon polling Ray), so it starts later and is seen to end later than a local one. This measures both
spans from the job's own clock, alternating the placements round by round in one run:

- submit -> running: the job's ``created_at`` to the moment the program printed it started;
- running -> done: that moment to the job's ``finished_at`` (the daemon saw it end).

    .venv/bin/python benchmarks/ray_overhead.py               # 5 rounds
    .venv/bin/python benchmarks/ray_overhead.py --rounds 10

It starts a two-node local Ray cluster (``ray.cluster_utils.Cluster``, both nodes on this host, GPUs
declared, none used) and ``gpuaccel serve --ray <its GCS address>`` on a temp data dir with the fake
NVML backend, and stops both at the end. Results go to ``benchmarks/results/ray_overhead_<time>.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from gpuaccel.api.jobs import JobState  # noqa: E402
from gpuaccel.app.client import Client  # noqa: E402

PROGRAM = "import time; print('started at', repr(time.time()))"


def start_daemon(data_dir: Path, ray_address: str) -> subprocess.Popen[bytes]:
    """``gpuaccel serve --ray ADDRESS`` in a subprocess; returns once /health answers."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GPUACCEL_")}
    env.update(GPUACCEL_FAKE_NVML="no_gpus", GPUACCEL_CONFIG_DIR=str(data_dir / "config"))
    env["PYTHONPATH"] = str(REPO / "src")
    log = open(data_dir.parent / "daemon.log", "wb")  # noqa: SIM115 (lives as long as the daemon)
    cmd = [sys.executable, "-m", "gpuaccel", "serve", "--data-dir", str(data_dir), "--ray", ray_address]
    proc = subprocess.Popen(cmd, env=env, cwd=str(REPO), stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"daemon exited with {proc.returncode}; see {log.name}")
        try:
            with Client(data_dir=data_dir) as c:
                c.health()
            return proc
        except Exception:
            time.sleep(0.2)
    proc.terminate()
    raise SystemExit(f"daemon did not answer within 120 s; see {log.name}")


def one_job(client: Client, where: str) -> dict[str, float]:
    """Submit the short program with ``where``, wait for it, and read both spans from its log."""
    job = client.submit("command", argv=[sys.executable, "-c", PROGRAM], where=where)
    done = client.wait(job.id, timeout=300)
    if done.state != JobState.SUCCEEDED:
        raise SystemExit(f"job {job.id} ({where}) ended {done.state}: {done.reason}")
    stamps = [ln for ln in client.log(job.id).splitlines() if ln.startswith("started at ")]
    running = float(stamps[-1].split()[-1])
    assert done.finished_at is not None
    return {
        "submit_to_running_s": round(running - done.created_at, 3),
        "running_to_done_s": round(done.finished_at - running, 3),
        "total_s": round(done.finished_at - done.created_at, 3),
    }


def summary(runs: list[dict[str, float]]) -> dict[str, dict[str, float]]:
    return {
        key: {
            "median": round(statistics.median(r[key] for r in runs), 3),
            "min": min(r[key] for r in runs),
            "max": max(r[key] for r in runs),
        }
        for key in runs[0]
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="jobs per placement (default 5)")
    parser.add_argument(
        "--out", type=Path, help="JSON file (default benchmarks/results/ray_overhead_<time>.json)"
    )
    args = parser.parse_args()
    import ray
    from ray.cluster_utils import Cluster

    started = time.time()
    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1, "num_gpus": 1})
    cluster.add_node(num_cpus=1, num_gpus=1)
    cluster.wait_for_nodes()
    runs: dict[str, list[dict[str, float]]] = {"local": [], "ray": []}
    try:
        with tempfile.TemporaryDirectory(prefix="gpuaccel-ray-overhead-") as tmp:
            data = Path(tmp, "data")
            daemon = start_daemon(data, cluster.address)
            try:
                with Client(data_dir=data, timeout=300) as client:
                    one_job(client, "ray")  # warm-up, not counted: Ray's first job starts its job agent
                    for k in range(args.rounds):
                        for where in ("local", "ray"):
                            runs[where].append(one_job(client, where))
                            print(f"round {k + 1} {where}: {runs[where][-1]}", flush=True)
            finally:
                daemon.terminate()
                daemon.wait(timeout=60)
    finally:
        cluster.shutdown()
    record: dict[str, Any] = {
        "what": "one short command (python -c printing its start time) placed local and ray, alternating",
        "spans": "submit->running: created_at to the printed start; running->done: that to finished_at",
        "cluster": "ray.cluster_utils.Cluster: 2 nodes on this host (1 CPU, 1 declared GPU each)",
        "daemon_poll_s": 0.25,
        "rounds": args.rounds,
        "warm_up": "one ray job before the rounds, not counted",
        "ray_version": ray.__version__,
        "python": platform.python_version(),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, shared with other work",
        "date": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(started)) + " UTC",
        "runs": runs,
        "summary": {where: summary(r) for where, r in runs.items()},
    }
    out = args.out or REPO / "benchmarks" / "results" / f"ray_overhead_{time.strftime('%Y%m%d-%H%M%S')}.json"
    out.write_text(json.dumps(record, indent=1) + "\n")
    print(json.dumps(record["summary"], indent=1))
    print(f"written to {out}")


if __name__ == "__main__":
    main()
