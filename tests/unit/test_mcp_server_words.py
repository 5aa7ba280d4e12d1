"""What the MCP server's job tools tell an agent, without a daemon: a fake client stands in for it.

A cancel of a running job is only a request (the job reads running until its processes exit), an
array's submission queues many jobs, and a client whose confirmation dialog fails gets a refusal that
says nothing was done rather than a protocol error.
"""

from __future__ import annotations

from typing import Any

import anyio
import pytest

mcp_server = pytest.importorskip("gpuaccel.assistant.http.mcp", reason="needs the mcp SDK")
from mcp.shared.exceptions import MCPError  # noqa: E402
from mcp_types import ErrorData  # noqa: E402


class FakeClient:
    """Answers as the daemon's client does: the job as the API returns it after the action."""

    def __init__(self, job: dict[str, Any]) -> None:
        self.job = job

    def cancel(self, job_id: int) -> dict[str, Any]:
        return {**self.job, "id": job_id}

    def submit(self, kind: str, **fields: Any) -> dict[str, Any]:
        return {**self.job, "kind": kind, **fields}


def _text(result: Any) -> str:
    return "".join(c.text for c in result.content)


def test_cancelling_a_running_job_says_it_was_requested_not_that_it_still_runs() -> None:
    out = mcp_server.call(FakeClient({"state": "running"}), "cancel_job", {"job_id": 2, "confirm": True})
    assert not out.is_error
    assert _text(out).startswith("Cancel requested: job 2 is stopping (still running")
    queued = mcp_server.call(FakeClient({"state": "cancelled"}), "cancel_job", {"job_id": 3})
    assert _text(queued) == "Job 3 is now cancelled."


def test_an_array_submission_says_it_queued_an_array() -> None:
    job = {"id": 4, "name": None, "state": "queued", "array_id": 4, "array_index": 0}
    args = {"kind": "command", "argv": ["true"], "array": "0-2", "confirm": True}
    out = mcp_server.call(FakeClient(job), "submit_job", args)
    assert _text(out).startswith("Queued job array 4: this is its first element, job 4 (command)")
    single = {"id": 5, "name": "x", "state": "queued", "array_id": None}
    assert _text(mcp_server.call(FakeClient(single), "submit_job", {"kind": "command"})) == (
        "Queued job 5 (x), state queued."
    )


class _Session:
    def check_client_capability(self, capability: Any) -> bool:
        return True

    async def elicit_form(self, *args: Any, **kwargs: Any) -> Any:
        raise MCPError.from_error_data(ErrorData(code=-32600, message="dialog closed"))


class _Ctx:
    session = _Session()
    request_id = 1


def test_a_failed_confirmation_dialog_is_a_refusal_saying_nothing_was_done() -> None:
    async def ask() -> None:
        await mcp_server._confirmed(_Ctx(), "cancel_job", {"job_id": 7}, allow_writes=False)

    with pytest.raises(mcp_server.Refused, match=r"not done: the user could not be asked .*dialog closed"):
        anyio.run(ask)
