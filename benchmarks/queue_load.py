"""Queue load benchmark: N client processes submit trivial ``command`` jobs to one daemon at once.

Why: issue 3's proof item. It measures what a user feels in a burst (submissions/s through the real HTTP
client) and what the scheduler adds (queued -> running latency from the store's event rows), and checks
correctness under load: every job ran exactly once (each appends its id to one file with O_APPEND; the
store shows one ``running`` event per job) and every job ended ``succeeded``.

    .venv/bin/python benchmarks/queue_load.py                       # 8 clients x 10,000 jobs
    .venv/bin/python benchmarks/queue_load.py --jobs 500 --clients 2  # quick run
    .venv/bin/python benchmarks/queue_load.py --url http://127.0.0.1:PORT --data-dir DIR  # running daemon

Without ``--url`` it starts ``gpuaccel serve`` on a free loopback port with a temp data dir and the fake
NVML backend ``no_gpus`` (jobs ask for 0 GPUs, so they run).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import platform
import shlex
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from gpuaccel.api.jobs import ACTIVE, FINISHED, Event, JobState  # noqa: E402
from gpuaccel.app.client import Client  # noqa: E402

RESULT = REPO / "benchmarks" / "results" / "queue_load.json"


def start_daemon(data_dir: Path, env_extra: dict[str, str]) -> subprocess.Popen[bytes]:
    """``gpuaccel serve --port 0`` in a subprocess; returns once daemon.json names it and /health is ok."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GPUACCEL_")}
    env.update(GPUACCEL_FAKE_NVML="no_gpus", GPUACCEL_CONFIG_DIR=str(data_dir / "config"), **env_extra)
    env["PYTHONPATH"] = str(REPO / "src")
    log = open(data_dir.parent / "daemon.log", "wb")  # noqa: SIM115 (lives as long as the daemon)
    cmd = [sys.executable, "-m", "gpuaccel", "serve", "--port", "0", "--data-dir", str(data_dir)]
    proc = subprocess.Popen(cmd, env=env, cwd=str(REPO), stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"daemon exited with {proc.returncode}; see {log.name}")
        try:
            with Client(data_dir=data_dir) as c:
                c.health()
            return proc
        except Exception:
            time.sleep(0.1)
    proc.terminate()
    raise SystemExit("daemon did not become healthy within 60 s")


class RawClient:
    """POST /jobs over one keep-alive socket with nothing in between: what the daemon sustains when the
    client costs next to nothing (the project's client, on httpx, costs about 2 ms of CPU a request)."""

    def __init__(self, base_url: str, token: str) -> None:
        if base_url.startswith("unix:"):  # the daemon's default transport, its Unix socket
            host = "localhost"
            self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            self.sock.connect(base_url.removeprefix("unix:"))
        else:
            host, port = base_url.split("//", 1)[1].rsplit(":", 1)
            self.sock = socket.create_connection((host.strip("[]"), int(port)))
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.reader = self.sock.makefile("rb")
        self.head = f"POST /api/v1/jobs HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {token}\r\n"

    def submit(self, request: dict[str, Any]) -> dict[str, Any]:
        body = json.dumps(request).encode()
        head = f"{self.head}Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        self.sock.sendall(head.encode() + body)
        status = self.reader.readline().split()
        length = 0
        while (line := self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        answer = json.loads(self.reader.read(length))
        if status[1] != b"201":
            raise RuntimeError(f"submit answered {status[1].decode()}: {answer}")
        return answer

    def close(self) -> None:
        self.reader.close()
        self.sock.close()


def client_main(
    args: tuple[str | None, str | None, str, int, int, str, bool, Any],
) -> tuple[float, float, list[int], float]:
    """One client process: submit ``count`` jobs back to back on one keep-alive connection."""
    url, token, data_dir, index, count, out_file, raw, barrier = args
    client = Client(base_url=url, token=token, data_dir=data_dir, timeout=60.0)
    argv = ["sh", "-c", f'echo "$GPUACCEL_JOB_ID" >> {shlex.quote(out_file)}']
    request = {"argv": argv, "gpus": 0, "labels": {"bench": "queue_load", "client": str(index)}}
    client.health()  # connect before the clock starts
    raw_client = RawClient(client.base_url, token or client.data_dir.read_token() or "") if raw else None
    barrier.wait()
    t0, cpu0 = time.time(), time.process_time()
    if raw_client is not None:
        ids = [raw_client.submit({"kind": "command", **request})["id"] for _ in range(count)]
        raw_client.close()
    else:
        ids = [client.submit("command", **request).id for _ in range(count)]
    t1, cpu1 = time.time(), time.process_time()
    client.close()
    return t0, t1, ids, cpu1 - cpu0


def process_cpu_s(pid: int) -> tuple[float, float]:
    """(CPU seconds of ``pid`` itself, of its reaped children): utime+stime, cutime+cstime."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / tick, (int(fields[13]) + int(fields[14])) / tick


def all_events(client: Client, after: int) -> list[Event]:
    events, cursor = [], after
    while True:
        page = client.events(after=cursor, limit=10000)
        if not page:
            return events
        events += page
        cursor = page[-1].id


def percentile(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(p / 100 * (len(s) - 1))))] if s else float("nan")


def stats(values: list[float]) -> dict[str, float | None]:
    keys = {"p50": 50, "p90": 90, "p99": 99}
    out: dict[str, float | None] = {
        k: round(percentile(values, p), 2) if values else None for k, p in keys.items()
    }
    out["max"] = round(max(values), 2) if values else None
    return out


def slot_latency_ms(events: list[Event], slots: int, jobs: set[int]) -> list[float]:
    """Per job, running minus the later of its submission and the moment a slot was free for it.

    Replays the event rows in order: ``slots`` start free; a job's end frees one; dispatch is FIFO at one
    priority, so each start takes the earliest freed slot. Valid for a daemon that ran only these jobs."""
    free = [float("-inf")] * slots
    queued: dict[int, float] = {}
    out = []
    for e in sorted(events, key=lambda e: e.id):
        jid, state = e.job_id, e.state
        if state == JobState.QUEUED:
            queued.setdefault(jid, e.t)
        elif state == JobState.RUNNING and e.message.startswith("started") and free:
            ready = max(queued.get(jid, e.t), free.pop(0))
            if jid in jobs:
                out.append((e.t - ready) * 1000)
        elif state in FINISHED or state == JobState.RETRYING:
            free.append(e.t)
            free.sort()
    return out


def trickle(client: Client, n: int, out_file: str) -> list[int]:
    """Submit ``n`` jobs one at a time into the (drained) queue, each after the previous one ended."""
    argv = ["sh", "-c", f'echo "$GPUACCEL_JOB_ID" >> {shlex.quote(out_file)}']
    ids = []
    for _ in range(n):
        job = client.submit("command", argv=argv, gpus=0, labels={"bench": "queue_load_trickle"})
        ids.append(job.id)
        client.wait(job.id, timeout=60, poll_s=0.02)
    return ids


def _version(dist: str) -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(dist)
    except PackageNotFoundError:
        return None


def machine() -> dict[str, Any]:
    import fastapi
    import uvicorn

    return {
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "fastapi": fastapi.__version__,
        "uvicorn": uvicorn.__version__,
        "sqlite": __import__("sqlite3").sqlite_version,
        "uvloop": _version("uvloop"),
        "httptools": _version("httptools"),
        "loadavg_before": list(os.getloadavg()),
    }


def run(ns: argparse.Namespace) -> dict[str, Any]:
    tmp = Path(tempfile.mkdtemp(prefix="queue_load-"))
    proc = None
    data_dir = Path(ns.data_dir) if ns.data_dir else tmp / "data"
    if ns.url is None:
        data_dir.mkdir(parents=True)
        parallel = 0 if ns.paused else ns.max_parallel  # 0: the daemon stores and queues, starts nothing
        proc = start_daemon(data_dir, {"GPUACCEL_MAX_PARALLEL": str(parallel)})
    out_file = tmp / "ran.txt"
    info = machine()
    try:
        ctl = Client(base_url=ns.url, token=ns.token, data_dir=data_dir, timeout=60.0)
        before = ctl.events(after=0, limit=10000)  # skip what an existing daemon logged before (paged below)
        first_event = before[-1].id if 0 < len(before) < 10000 else 0
        per = [ns.jobs // ns.clients + (1 if i < ns.jobs % ns.clients else 0) for i in range(ns.clients)]
        barrier = mp.Manager().Barrier(ns.clients)
        work = [
            (ns.url, ns.token, str(data_dir), i, n, str(out_file), ns.raw_client, barrier)
            for i, n in enumerate(per)
        ]
        cpu_before = process_cpu_s(proc.pid)[0] if proc is not None else None
        with mp.get_context("fork").Pool(ns.clients) as pool:
            results = pool.map(client_main, work)
        # the daemon's own CPU over the burst: a machine's other load stretches wall time far more
        submit_cpu = (
            process_cpu_s(proc.pid)[0] - cpu_before if proc is not None and cpu_before is not None else None
        )
        start = min(r[0] for r in results)
        end = max(r[1] for r in results)
        ids = [i for r in results for i in r[2]]
        clients_cpu = sum(r[3] for r in results)
        submit_rate = len(ids) / (end - start)
        print(f"submitted {len(ids)} jobs in {end - start:.2f} s ({submit_rate:.0f}/s); waiting for them")
        if ns.paused and proc is not None:  # same data dir, now dispatching: the queued jobs run
            ctl.close()
            proc.terminate()
            proc.wait(30)
            proc = start_daemon(data_dir, {"GPUACCEL_MAX_PARALLEL": str(ns.max_parallel)})
        wanted = set(ids)
        deadline = time.monotonic() + ns.wait_s
        while time.monotonic() < deadline:
            left = [j for j in ctl.list_jobs(state=list(ACTIVE), limit=10000) if j.id in wanted]
            if not left:
                break
            time.sleep(0.5)
        drained = time.time()
        trickle_ids = trickle(ctl, ns.trickle, str(out_file)) if ns.trickle else []
        wanted |= set(trickle_ids)
        events = [e for e in all_events(ctl, first_event) if e.job_id in wanted]
        ctl.close()
        cpu = process_cpu_s(proc.pid) if proc is not None else None
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(30)
    queued_t: dict[int, float] = {}
    running_t: dict[int, float] = {}
    runs: Counter[int] = Counter()
    final: dict[int, str] = {}
    for e in events:
        if e.job_id is None:
            continue
        jid, state = e.job_id, e.state
        if state == JobState.QUEUED:
            queued_t.setdefault(jid, e.t)
        elif state == JobState.RUNNING and e.message.startswith("started"):
            runs[jid] += 1
            running_t.setdefault(jid, e.t)
        if state in FINISHED:
            final[jid] = state
    burst = set(ids)
    lat_ms = [(running_t[j] - queued_t[j]) * 1000 for j in burst if j in running_t and j in queued_t]
    idle_ms = [(running_t[j] - queued_t[j]) * 1000 for j in trickle_ids if j in running_t and j in queued_t]
    slot_ms = slot_latency_ms(events, ns.max_parallel, burst) if ns.url is None else []
    ran = Counter(int(x) for x in out_file.read_text().split()) if out_file.exists() else Counter()
    report = {
        "jobs": ns.jobs,
        "clients": ns.clients,
        "client": "raw socket" if ns.raw_client else "app.client (httpx)",
        "max_parallel": ns.max_parallel if ns.url is None else None,
        "dispatch_paused_during_submit": ns.paused,
        "submit_s": round(end - start, 3),
        "submissions_per_s": round(submit_rate, 1),
        "drain_s": round(drained - start, 3),
        "jobs_per_s_end_to_end": round(len(ids) / (drained - start), 1),
        # queued -> running of the burst's jobs: mostly time waiting for a free slot behind the burst
        "dispatch_latency_ms": stats(lat_ms),
        # (free slot or submission, whichever is later) -> running: the scheduler's own reaction time
        "slot_ready_latency_ms": stats(slot_ms),
        # queued -> running for jobs submitted one at a time into an empty queue after the burst
        "idle_queue_latency_ms": stats(idle_ms),
        "trickle_jobs": len(trickle_ids),
        "ran_exactly_once": sorted(ran) == sorted(wanted) and all(v == 1 for v in ran.values()),
        "file_lines": sum(ran.values()),
        "store_started_once": all(runs[j] == 1 for j in wanted),
        "succeeded": sum(1 for j in wanted if final.get(j) == JobState.SUCCEEDED),
        # CPU time, which a shared machine distorts far less than wall time: the daemon itself, the jobs
        # it ran (its reaped children), and the clients while they submitted.
        # daemon CPU during the submissions (with dispatch paused: their cost alone) per submission
        "submit_daemon_cpu_ms_per_submission": round(1000 * submit_cpu / len(ids), 3) if submit_cpu else None,
        "daemon_cpu_s": round(cpu[0], 2) if cpu else None,
        "daemon_cpu_ms_per_job": round(1000 * cpu[0] / len(wanted), 3) if cpu else None,
        "jobs_cpu_ms_per_job": round(1000 * cpu[1] / len(wanted), 3) if cpu else None,
        "clients_cpu_ms_per_submission": round(1000 * clients_cpu / len(ids), 3),
        "machine": {**info, "loadavg_after": list(os.getloadavg())},
        "measured_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    report["ok"] = (
        report["ran_exactly_once"] and report["store_started_once"] and report["succeeded"] == len(wanted)
    )
    return report


def table(r: dict[str, Any]) -> str:
    lat = r["dispatch_latency_ms"]
    rows = [
        (
            "jobs x clients",
            f"{r['jobs']} x {r['clients']} ({r['client']})"
            + (" (dispatch paused)" if r["dispatch_paused_during_submit"] else ""),
        ),
        ("submissions/s", f"{r['submissions_per_s']:.0f}  (target >= 1000)"),
        ("burst queued->running p50/p99 ms", f"{lat['p50']:.1f} / {lat['p99']:.1f}  (includes queue wait)"),
        ("slot-ready->running p50/p99 ms", fmt(r["slot_ready_latency_ms"]) + "  (target p50 < 10)"),
        ("idle queue->running p50/p99 ms", fmt(r["idle_queue_latency_ms"]) + f"  ({r['trickle_jobs']} jobs)"),
        ("daemon CPU ms per submission (burst)", str(r["submit_daemon_cpu_ms_per_submission"])),
        ("all drained (s)", f"{r['drain_s']:.1f}  ({r['jobs_per_s_end_to_end']:.0f} jobs/s end to end)"),
        ("ran exactly once", f"{r['ran_exactly_once']} ({r['file_lines']} lines)"),
        ("started once (store)", str(r["store_started_once"])),
        ("succeeded (burst + trickle)", f"{r['succeeded']}/{r['jobs'] + r['trickle_jobs']}"),
        (
            "CPU ms: daemon/job, jobs/job, client/submission",
            f"{r['daemon_cpu_ms_per_job']} / {r['jobs_cpu_ms_per_job']}"
            f" / {r['clients_cpu_ms_per_submission']}",
        ),
        (
            "load avg before/after",
            f"{r['machine']['loadavg_before'][0]:.2f} / {r['machine']['loadavg_after'][0]:.2f}",
        ),
        ("cores", str(r["machine"]["cores"])),
    ]
    w = max(len(k) for k, _ in rows)
    return "\n".join(f"{k:<{w}}  {v}" for k, v in rows)


def fmt(d: dict[str, float | None]) -> str:
    return "n/a" if d["p50"] is None else f"{d['p50']:.1f} / {d['p99']:.1f}"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--jobs", type=int, default=10_000)
    p.add_argument("--clients", type=int, default=32)
    p.add_argument("--max-parallel", type=int, default=4, help="daemon's GPUACCEL_MAX_PARALLEL (own daemon)")
    p.add_argument("--url", help="a running daemon (with --token or --data-dir for the token)")
    p.add_argument("--token")
    p.add_argument(
        "--paused",
        action="store_true",
        help="own daemon: submit with dispatch off (max parallel 0), then restart it to run the jobs",
    )
    p.add_argument(
        "--raw-client",
        action="store_true",
        help="submit over plain keep-alive sockets instead of app.client (the daemon's own capacity)",
    )
    p.add_argument("--trickle", type=int, default=100, help="jobs submitted one by one after the burst")
    p.add_argument("--data-dir")
    p.add_argument("--wait-s", type=float, default=1800.0, help="how long to wait for the jobs to finish")
    p.add_argument("--out", default=str(RESULT))
    ns = p.parse_args(argv)
    report = run(ns)
    Path(ns.out).parent.mkdir(parents=True, exist_ok=True)
    Path(ns.out).write_text(json.dumps(report, indent=2) + "\n")
    print(table(report))
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
