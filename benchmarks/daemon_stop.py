"""Daemon stop under hanging finish hooks: SIGTERM -> process gone, measured end to end.

Why: issue 40's proof item "daemon stop <= 10 s whatever the hooks do". Each round starts ``gpuaccel serve``
(fake NVML, a temp data dir), submits jobs whose finish hooks hang -- a webhook to a server that accepts the
connection and never answers, a command hook that leaves a ``setsid`` child holding its output pipe and
then sleeps -- plus one job still running, waits until every hook has started, sends SIGTERM and times
until the daemon's process has exited. Afterwards the hook outbox is read from the database: hooks cut
short by the stop have no outcome recorded, so the next daemon replays them (at least once).

    .venv/bin/python benchmarks/daemon_stop.py              # 5 rounds
    .venv/bin/python benchmarks/daemon_stop.py --rounds 2
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import socket
import sqlite3
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))
sys.path.insert(0, str(REPO / "benchmarks"))

from queue_load import machine, start_daemon  # noqa: E402

from gpuaccel.app.client import Client  # noqa: E402
from gpuaccel.scheduler.hooks.finish import HOOK_THREADS  # noqa: E402

RESULT = REPO / "benchmarks" / "results" / "daemon_stop.json"
TARGET_S = 10.0
HOOK_TIMEOUT_S = 600  # far past the stop: the hooks are still hanging when it comes


class SilentServer:
    """Accepts every connection and never answers (nor closes): a webhook that hangs forever."""

    def __init__(self) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.held: list[socket.socket] = []
        self._stop = False
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self) -> None:
        while not self._stop:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.held.append(conn)

    def close(self) -> None:
        self._stop = True
        self.sock.close()
        for conn in self.held:
            conn.close()


def hook_rows(db: Path) -> list[tuple[str, int, str | None]]:
    """(kind, runs, outcome) of every outbox row."""
    with sqlite3.connect(db) as conn:
        return [tuple(r) for r in conn.execute("SELECT kind, runs, outcome FROM hook_outbox ORDER BY id")]


def one_round(n_jobs: int, marker_dir: Path) -> dict[str, Any]:
    tmp = Path(tempfile.mkdtemp(prefix="daemon_stop-"))
    data = tmp / "data"
    data.mkdir()
    server = SilentServer()
    pid_file = marker_dir / f"detached-{time.monotonic_ns()}.pid"
    command_hook = f"setsid sh -c 'echo $$ >> {pid_file}; sleep 600' & echo started; sleep 600"
    env = {"GPUACCEL_HOOK_TIMEOUT_S": str(HOOK_TIMEOUT_S), "GPUACCEL_MAX_PARALLEL": "4"}
    proc = start_daemon(data, env)
    try:
        with Client(data_dir=data, timeout=30.0) as c:
            jobs = [
                c.submit(
                    "command",
                    argv=["true"],
                    on_finish=command_hook,
                    on_finish_url=f"http://127.0.0.1:{server.port}/hook",
                )  # fmt: skip
                for _ in range(n_jobs)
            ]
            running = c.submit("command", argv=["sleep", "600"])
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                done = all(c.get_job(j.id).state == "succeeded" for j in jobs)
                rows = hook_rows(data / "gpuaccel.db")
                started = sum(1 for _, runs, _ in rows if runs > 0)
                busy = min(len(rows), HOOK_THREADS)  # the hook pool runs this many at once
                if done and rows and started >= busy and c.get_job(running.id).state == "running":
                    break
                time.sleep(0.2)
            time.sleep(1.0)  # the hooks are in their hang now
        hooks_started = sum(1 for _, runs, _ in hook_rows(data / "gpuaccel.db") if runs > 0)
        t0 = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(120)
        stop_s = time.monotonic() - t0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        server.close()
    rows = hook_rows(data / "gpuaccel.db")
    detached = [int(p) for p in pid_file.read_text().split()] if pid_file.exists() else []
    alive = [pid for pid in detached if Path(f"/proc/{pid}").exists()]
    for pid in detached:  # the test's own children: ended whatever the daemon did with them
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    return {
        "stop_s": round(stop_s, 3),
        "exit_code": code,
        "jobs_with_hooks": n_jobs,
        "hooks": len(rows),
        "hooks_started_before_stop": hooks_started,
        "hooks_without_outcome_after_stop": sum(1 for _, _, outcome in rows if outcome is None),
        "detached_hook_children": len(detached),
        "detached_children_alive_after_stop": len(alive),
        "hook_outcomes": sorted({(o or "")[:80] for _, _, o in rows if o}),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument(
        "--jobs", type=int, default=4, help="jobs per round, each with a command hook and a webhook"
    )
    p.add_argument("--out", default=str(RESULT))
    ns = p.parse_args(argv)
    info = machine()
    marker_dir = Path(tempfile.mkdtemp(prefix="daemon_stop-markers-"))
    rounds = []
    for i in range(ns.rounds):
        r = one_round(ns.jobs, marker_dir)
        rounds.append(r)
        print(
            f"round {i + 1}: stop {r['stop_s']:.2f} s (exit {r['exit_code']}),"
            f" {r['hooks_started_before_stop']}/{r['hooks']} hooks hanging,"
            f" {r['hooks_without_outcome_after_stop']} left for replay"
        )
    worst = max(r["stop_s"] for r in rounds)
    report = {
        "rounds": rounds,
        "stop_s_max": worst,
        "target_s": TARGET_S,
        "hook_timeout_s": HOOK_TIMEOUT_S,
        "ok": worst <= TARGET_S and all(r["exit_code"] == 0 for r in rounds),
        "machine": {**info, "loadavg_after": list(os.getloadavg())},
        "measured_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    Path(ns.out).parent.mkdir(parents=True, exist_ok=True)
    Path(ns.out).write_text(json.dumps(report, indent=2) + "\n")
    print(f"worst stop {worst:.2f} s over {ns.rounds} rounds (target <= {TARGET_S:g} s): {report['ok']}")
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
