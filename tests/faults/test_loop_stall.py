"""Faults: no request waits behind another one's parsing (a loop-stall probe).

Why: submissions are parsed on the daemon's event loop (the hot path skips the thread pool), so a parser
that is quadratic in its input stalls every client of the daemon -- the GUI, ``gpuaccel top``, running
jobs' heartbeats -- for as long as it runs. Each hostile request here is parsed while a probe keeps
asking ``/health``; no probe may wait more than the stall budget behind it.
"""

from __future__ import annotations

import statistics
import threading
import time
from typing import Any

import httpx
from daemon_fixture import DaemonProcess

STALL_BUDGET_S = 0.05  # the most one probe may wait behind another request's parsing
CMD = {"kind": "command", "argv": ["true"], "hold": True}

# (what, body): the largest inputs each parser accepts or refuses, built to hit its worst case.
HOSTILE: list[tuple[str, dict[str, Any]]] = [
    ("an array whose duplicate comes last", {**CMD, "array": "0-9998,9998"}),
    ("an array of single indices, one repeated", {**CMD, "array": ",".join(map(str, range(199))) + ",0"}),
    ("an array spec of the most characters", {**CMD, "array": ",".join(map(str, range(290))) + ",1000"}),
    ("a dependency list of the most ids", {**CMD, "depends_on": list(range(1, 1001)) + [1]}),
]


def _probe(
    url: str, headers: dict[str, str], stop: threading.Event, spans: list[tuple[float, float]]
) -> None:
    with httpx.Client(base_url=url, headers=headers, timeout=30) as client:
        while not stop.is_set():
            t0 = time.perf_counter()
            client.get("/api/v1/health").raise_for_status()
            spans.append((t0, time.perf_counter()))
            time.sleep(0.002)


def _worst_wait(d: DaemonProcess, body: dict[str, Any]) -> tuple[float, int, float]:
    """(how much longer than usual the slowest probe overlapping the submission took, the submission's
    status, its own time). "Usual": the probe's median before it (a busy machine is slow for everyone)."""
    headers = {"Authorization": f"Bearer {d.token}"}
    with httpx.Client(base_url=d.url, headers=headers, timeout=60) as client:
        client.get("/api/v1/health").raise_for_status()  # connections warm
        spans: list[tuple[float, float]] = []
        stop = threading.Event()
        probe = threading.Thread(target=_probe, args=(d.url, headers, stop, spans))
        probe.start()
        try:
            time.sleep(0.3)
            before = sorted(e - s for s, e in spans)
            t0 = time.perf_counter()
            r = client.post("/api/v1/jobs", json=body)
            t1 = time.perf_counter()
            time.sleep(0.1)
        finally:
            stop.set()
            probe.join()
    assert before, "the probe made no request before the submission"
    overlapping = [e - s for s, e in spans if s <= t1 and e >= t0]
    return max(overlapping, default=0.0) - statistics.median(before), r.status_code, t1 - t0


def test_no_request_waits_behind_a_hostile_parse(daemon: DaemonProcess) -> None:
    for what, body in HOSTILE:
        # the least of three tries: a stall the parse causes shows every time, a busy machine's hiccup not
        worst, status, took = min(_worst_wait(daemon, body) for _ in range(3))
        assert status in (201, 422), (what, status)
        waited = f"{what}: a probe waited {worst * 1000:.0f} ms (the submission took {took:.3f} s)"
        assert worst < STALL_BUDGET_S, waited


def test_a_repeated_array_index_is_named(daemon: DaemonProcess) -> None:
    headers = {"Authorization": f"Bearer {daemon.token}"}
    r = httpx.post(f"{daemon.url}/api/v1/jobs", json={**CMD, "array": "0-9998,9998"}, headers=headers)
    assert r.status_code == 422, r.text
    assert "9998" in r.text and "twice" in r.text, r.text
