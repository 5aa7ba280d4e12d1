"""Schemathesis against a real daemon's /openapi.json: no 5xx, and every response matches the schema.

Why: the GUI, the CLI and third-party clients are written against the published schema; a generated
request the schema allows must never crash the daemon, and what the daemon answers (2xx or 4xx) must be
what the schema says. Bounded to ~25 examples per operation, no deadline (a shared 2-core machine); the
operations that run the model get a few in make test and their full run in make test-slow (MODEL_OPS).

Checks are ``not_a_server_error`` and ``response_schema_conformance`` only: a request that is valid by
the schema may still be refused on meaning (``gpus`` disagreeing with ``gpu_ids``; a history window too
long for 1 s resolution; a dependency that does not exist). Those answer a documented 422/404/409 with
the documented error body, which both checks accept; ``positive_data_acceptance`` would call them
failures although they are the intended behaviour, so it is not used.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from daemon_fixture import DaemonProcess, start_daemon
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis.checks import not_a_server_error, response_schema_conformance


@pytest.fixture(scope="module")
def schema_daemon(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DaemonProcess]:
    # MAX_PARALLEL=0: generated `command` jobs carry random argv; they are stored and stay queued (with a
    # waiting reason) instead of executing random programs on the test machine.
    # ALLOW_JOB_HOOKS=0: a generated job that is cancelled would otherwise run its random on_finish text.
    d = start_daemon(
        tmp_path_factory.mktemp("schema") / "data",
        env={"GPUACCEL_MAX_PARALLEL": "0", "GPUACCEL_ALLOW_JOB_HOOKS": "0"},
    )
    yield d
    d.stop()


@pytest.fixture(scope="module")
def api_schema(schema_daemon: DaemonProcess) -> Any:
    schema = schemathesis.openapi.from_url(
        f"{schema_daemon.url}/openapi.json", headers={"Authorization": f"Bearer {schema_daemon.token}"}
    )
    # The log stream is server-sent events that stay open until the job ends (generated jobs never run
    # here), so a call would hang; its 404/422 paths are the same code as /log, which is tested.
    return schema.exclude(path_regex=r"/log/stream$")


def _operations(api_schema: Any) -> list[Any]:
    return [result.ok() for result in api_schema.get_all_operations()]


# Operations that run the model for each valid example (a report's summary: seconds on 2 cores; a chat
# question's pick: about half a second): examples in make test, and in make test-slow's full run. Their
# answers' schema does not depend on what the model says; the full run is there for a crash it might cause.
MODEL_OPS = {("POST", "/api/v1/assistant/reports"): (2, 4), ("POST", "/api/v1/assistant/chat"): (8, 25)}


def _model_op(op: Any) -> bool:
    return (op.method.upper(), op.path) in MODEL_OPS


def _fuzz(operations: list[Any], token: str, full: bool = False) -> list[str]:
    """One bounded Hypothesis run per operation (schemathesis' pytest plugin does not load under pytest
    9, so the operations are driven directly); returns the failures, each named by its operation. Every
    operation gets 25 examples but those of :data:`MODEL_OPS` (``full``: their make test-slow count)."""
    headers = {"Authorization": f"Bearer {token}"}
    failures: list[str] = []
    for op in operations:
        counts = MODEL_OPS.get((op.method.upper(), op.path))
        examples = 25 if counts is None else counts[1 if full else 0]

        @given(case=op.as_strategy())
        @settings(
            max_examples=examples,
            deadline=None,
            database=None,
            derandomize=True,  # the same examples every run: a CI failure is reproducible
            suppress_health_check=list(HealthCheck),
            phases=[Phase.explicit, Phase.generate],
        )
        def run(case: Any) -> None:
            case.call_and_validate(
                headers=headers, checks=[not_a_server_error, response_schema_conformance], timeout=60
            )

        try:
            run()
        except (AssertionError, BaseExceptionGroup) as exc:  # schemathesis' FailureGroup is a group
            failures.append(f"{op.method.upper()} {op.path}: {exc}")
    return failures


def test_api_conforms(api_schema: Any, schema_daemon: DaemonProcess) -> None:
    """The daemon's and scheduler's operations (jobs, events, telemetry, idle, health)."""
    ops = [op for op in _operations(api_schema) if "/assistant/" not in op.path]
    assert len(ops) >= 10
    failures = _fuzz(ops, schema_daemon.token)
    assert not failures, "\n\n".join(failures)


def test_assistant_api_conforms(api_schema: Any, schema_daemon: DaemonProcess) -> None:
    """The assistant's operations; the model's (:data:`MODEL_OPS`) with a few examples each."""
    ops = [op for op in _operations(api_schema) if "/assistant/" in op.path]
    assert sum(map(_model_op, ops)) == len(MODEL_OPS)
    failures = _fuzz(ops, schema_daemon.token)
    assert not failures, "\n\n".join(failures)


@pytest.mark.slow
def test_the_model_s_assistant_operations_conform_over_the_full_run(
    api_schema: Any, schema_daemon: DaemonProcess
) -> None:
    """make test-slow: the operations that run the model (:data:`MODEL_OPS`) with their full count."""
    failures = _fuzz([op for op in _operations(api_schema) if _model_op(op)], schema_daemon.token, full=True)
    assert not failures, "\n\n".join(failures)


def test_schema_excludes_only_the_stream(api_schema: Any) -> None:
    paths = {op.path for op in _operations(api_schema)}
    assert not any(p.endswith("/log/stream") for p in paths)
    assert {"/api/v1/jobs", "/api/v1/jobs/{job_id}", "/api/v1/telemetry/history"} <= paths


def test_the_published_job_shape_hides_only_bookkeeping() -> None:
    """One Job model is stored and published; only its retry/restart/queue-order bookkeeping stays out
    of the API."""
    from gpuaccel.api.jobs import Job

    schema = Job.model_json_schema(mode="serialization")
    assert set(Job.model_fields) - set(schema["properties"]) == {"retry_base", "worker_start", "seq"}
    assert schema["properties"]["state"] == {"$ref": "#/$defs/JobState"}
