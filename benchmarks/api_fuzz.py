"""Schemathesis over every operation of a real daemon's published schema: how many cases, how many 5xx.

Why: issue 40's proof item "schemathesis over every operation with 0 server errors". It starts ``gpuaccel
serve`` (fake NVML, a temp data dir; MAX_PARALLEL=0 so generated ``command`` jobs are stored and never
run, ALLOW_JOB_HOOKS=0 so no generated hook text runs), reads ``/openapi.json`` and drives each operation
with Hypothesis-generated requests (derandomized: the same cases every run). Every answer is checked for
a server error and for conformance with the schema. The log stream (server-sent events, open until the job
ends) is called too: its status is checked, and an answer still open after 2 s counts as an open stream.

    .venv/bin/python benchmarks/api_fuzz.py                  # 100 examples per operation
    .venv/bin/python benchmarks/api_fuzz.py --examples 20
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))
sys.path.insert(0, str(REPO / "benchmarks"))

import schemathesis  # noqa: E402
from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from queue_load import machine, start_daemon  # noqa: E402
from schemathesis.checks import not_a_server_error, response_schema_conformance  # noqa: E402

from gpuaccel.scheduler.paths import DataDir  # noqa: E402

RESULT = REPO / "benchmarks" / "results" / "api_fuzz.json"
# Writing a report runs the model over a day of facts: seconds each on a small machine.
SLOW = {("POST", "/api/v1/assistant/reports"): 4}
STREAM_WAIT_S = 2.0


def fuzz(op: Any, headers: dict[str, str], examples: int) -> dict[str, Any]:
    """One derandomized Hypothesis run of ``op``: cases, status counts, the failures in words."""
    statuses: Counter[str] = Counter()
    failures: list[str] = []
    stream = op.path.endswith("/log/stream")

    @given(case=op.as_strategy())
    @settings(
        max_examples=examples, deadline=None, database=None, derandomize=True,
        suppress_health_check=list(HealthCheck), phases=[Phase.explicit, Phase.generate],
    )  # fmt: skip
    def run(case: Any) -> None:
        if stream:  # open until its job ends: an answer that has not ended in STREAM_WAIT_S is a stream
            try:
                response = case.call(headers=headers, timeout=STREAM_WAIT_S)
            except Exception as exc:  # requests' ReadTimeout, however schemathesis wraps it
                if "timeout" not in type(exc).__name__.lower() and "timed out" not in str(exc).lower():
                    raise
                statuses["open stream"] += 1
                return
            statuses[str(response.status_code)] += 1
            assert response.status_code < 500, f"{response.status_code} from {case.method} {case.path}"
            return
        response = case.call(headers=headers, timeout=60)
        statuses[str(response.status_code)] += 1
        case.validate_response(response, checks=[not_a_server_error, response_schema_conformance])

    try:
        run()
    except (AssertionError, BaseExceptionGroup) as exc:  # schemathesis' FailureGroup is a group
        failures.append(str(exc)[:2000])
    return {
        "operation": f"{op.method.upper()} {op.path}",
        "cases": sum(statuses.values()),
        "statuses": dict(sorted(statuses.items())),
        "server_errors": sum(n for code, n in statuses.items() if code.startswith("5")),
        "failures": failures,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--examples", type=int, default=100, help="generated cases per operation (at most)")
    p.add_argument("--out", default=str(RESULT))
    ns = p.parse_args(argv)
    info = machine()
    data = Path(tempfile.mkdtemp(prefix="api_fuzz-")) / "data"
    data.mkdir(parents=True)
    proc = start_daemon(data, {"GPUACCEL_MAX_PARALLEL": "0", "GPUACCEL_ALLOW_JOB_HOOKS": "0"})
    t0 = time.monotonic()
    try:
        token = (data / "token").read_text().strip()
        daemon = DataDir(data).read_daemon_info() or {}
        url = f"http://{daemon.get('host') or '127.0.0.1'}:{daemon['port']}"
        headers = {"Authorization": f"Bearer {token}"}
        schema = schemathesis.openapi.from_url(f"{url}/openapi.json", headers=headers)
        ops = [result.ok() for result in schema.get_all_operations()]
        results = []
        for op in ops:
            r = fuzz(op, headers, SLOW.get((op.method.upper(), op.path), ns.examples))
            results.append(r)
            print(
                f"{r['cases']:5d} cases  {r['server_errors']} 5xx  {len(r['failures'])} failed"
                f"  {r['operation']}"
            )
    finally:
        proc.terminate()
        proc.wait(30)
    report = {
        "operations": len(results),
        "cases": sum(r["cases"] for r in results),
        "server_errors": sum(r["server_errors"] for r in results),
        "failed_operations": [r["operation"] for r in results if r["failures"]],
        "examples_per_operation": ns.examples,
        "schemathesis": schemathesis.__version__ if hasattr(schemathesis, "__version__") else None,
        "seconds": round(time.monotonic() - t0, 1),
        "results": results,
        "machine": {**info, "loadavg_after": list(os.getloadavg())},
        "measured_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    report["ok"] = report["server_errors"] == 0 and not report["failed_operations"]
    Path(ns.out).parent.mkdir(parents=True, exist_ok=True)
    Path(ns.out).write_text(json.dumps(report, indent=2) + "\n")
    print(
        f"{report['operations']} operations, {report['cases']} cases,"
        f" {report['server_errors']} server errors,"
        f" {len(report['failed_operations'])} operations with failures"
    )
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
