"""``gpuaccel mcp`` as an agent meets it: a real daemon, the server as a subprocess, the SDK's stdio client.

Lists the tools (one per typed query, plus the job actions), runs a query, and checks that a submission is
refused without a person's word and queued with it: through elicitation (the user answers the server's
question), or, for a client without elicitation, only when the user started ``gpuaccel mcp --allow-writes``
(an agent's own ``"confirm": true`` is refused). Bad arguments are tool errors.
"""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable
from typing import Any

import anyio
import mcp_types as types
import pytest
from daemon_fixture import REPO, DaemonProcess
from mcp import ClientSession, StdioServerParameters, stdio_client

from gpuaccel.assistant.queries.catalogue import CATALOGUE

Elicit = Callable[[Any, types.ElicitRequestParams], Awaitable[types.ElicitResult]]


def _params(d: DaemonProcess, *options: str) -> StdioServerParameters:
    env = {**d.env, "GPUACCEL_DATA_DIR": str(d.data_dir)}
    return StdioServerParameters(
        command=sys.executable, args=["-m", "gpuaccel", "mcp", *options], env=env, cwd=str(REPO)
    )


def _session(
    d: DaemonProcess,
    work: Callable[[ClientSession], Awaitable[Any]],
    elicit: Elicit | None = None,
    options: tuple[str, ...] = (),
) -> Any:
    async def main() -> Any:
        with anyio.fail_after(60):
            async with stdio_client(_params(d, *options)) as (read, write):
                async with ClientSession(read, write, elicitation_callback=elicit) as session:
                    await session.initialize()
                    return await work(session)

    return anyio.run(main)


def _text(result: types.CallToolResult) -> str:
    return "".join(c.text for c in result.content if isinstance(c, types.TextContent))


def _jobs(d: DaemonProcess) -> list[Any]:
    with d.client() as c:
        return c.list_jobs()


@pytest.mark.timeout(180)
def test_tools_query_and_confirmed_submit(daemon: DaemonProcess) -> None:
    async def work(s: ClientSession) -> dict[str, Any]:
        listed = await s.list_tools()
        out: dict[str, Any] = {"tools": {t.name: t for t in listed.tools}}
        out["gpus"] = await s.call_tool("gpu_list", {})
        out["hot"] = await s.call_tool("gpu_reading", {"gpu": 1, "metric": "temperature"})
        out["bad"] = await s.call_tool("gpu_reading", {"metric": "smell"})
        out["named"] = await s.call_tool("gpu_list", {"name": "x"})  # an argument the query does not take
        out["refused"] = await s.call_tool("submit_job", {"kind": "command", "argv": ["true"]})
        # the agent saying it confirmed is not a person confirming (issue 40 #6)
        out["self_confirmed"] = await s.call_tool(
            "submit_job", {"kind": "command", "argv": ["true"], "confirm": True, "on_finish": "true"}
        )
        out["jobs_after_refusal"] = len(await anyio.to_thread.run_sync(_jobs, daemon))
        return out

    async def allowed(s: ClientSession) -> dict[str, Any]:
        out: dict[str, Any] = {}
        out["queued"] = await s.call_tool(
            "submit_job", {"kind": "command", "argv": ["echo", "hi"], "name": "mcp-echo"}
        )
        out["invalid"] = await s.call_tool("submit_job", {"kind": "command", "argv": []})
        # bad arguments are tool errors, not tracebacks (issue 40 #11)
        out["self"] = await s.call_tool("submit_job", {"kind": "command", "argv": ["true"], "self": 1})
        out["key"] = await s.call_tool(
            "submit_job", {"kind": "command", "argv": ["true"], "idempotency_key": 5}
        )
        out["job_id"] = await s.call_tool("cancel_job", {"job_id": "seven"})
        return out

    out = _session(daemon, work)
    out.update(_session(daemon, allowed, options=("--allow-writes",)))
    tools = out["tools"]
    chat_only = {name for name, s in CATALOGUE.items() if not s.agent_tool}
    assert chat_only == {"job_log"}
    assert set(CATALOGUE) - chat_only <= set(tools) and {"submit_job", "cancel_job", "job_logs"} <= set(tools)
    assert not chat_only & set(tools)  # a job's log is one tool, job_logs
    assert tools["gpu_reading"].input_schema["properties"]["metric"]["enum"][0] == "temperature"
    assert "confirm" not in tools["submit_job"].input_schema["properties"]
    assert not out["gpus"].is_error and "There are 2 GPUs" in _text(out["gpus"])
    assert _text(out["hot"]).startswith("The temperature of GPU 1 is ")
    assert out["bad"].is_error and "'smell' is not accepted" in _text(out["bad"])
    assert out["named"].is_error and "gpu_list does not take name; it takes gpu" in _text(out["named"])
    assert out["refused"].is_error and "--allow-writes" in _text(out["refused"])
    assert out["self_confirmed"].is_error and "cannot ask" in _text(out["self_confirmed"])
    assert out["jobs_after_refusal"] == 0  # nothing was queued without a person's word
    assert not out["queued"].is_error, _text(out["queued"])
    job = out["queued"].structured_content
    assert job["name"] == "mcp-echo" and _text(out["queued"]).startswith(f"Queued job {job['id']}")
    assert out["invalid"].is_error and "argv" in _text(out["invalid"])  # the daemon's own validation
    assert out["self"].is_error and "does not take self" in _text(out["self"])
    assert out["key"].is_error and "does not take idempotency_key" in _text(out["key"])
    assert out["job_id"].is_error and "job_id must be a whole number" in _text(out["job_id"])

    with daemon.client() as c:
        assert c.wait(job["id"], timeout=30).state == "succeeded"

    async def logs(s: ClientSession) -> types.CallToolResult:
        return await s.call_tool("job_logs", {"job_id": job["id"]})

    assert "hi" in _text(_session(daemon, logs))


@pytest.mark.timeout(180)
def test_elicitation_asks_the_user(daemon: DaemonProcess) -> None:
    asked: list[str] = []
    answers = iter(
        [types.ElicitResult(action="decline"), types.ElicitResult(action="accept", content={"confirm": True})]
    )

    async def elicit(ctx: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        asked.append(params.message)
        return next(answers)

    async def work(s: ClientSession) -> tuple[types.CallToolResult, int, types.CallToolResult]:
        argv = {"kind": "command", "argv": ["sleep", "30"], "name": "mcp-sleep"}
        declined = await s.call_tool("submit_job", {**argv, "confirm": True})  # confirm alone is not enough
        count = len(await anyio.to_thread.run_sync(_jobs, daemon))
        return declined, count, await s.call_tool("submit_job", argv)

    declined, count, accepted = _session(daemon, work, elicit)
    assert declined.is_error and "did not confirm (decline)" in _text(declined)
    assert count == 0
    assert not accepted.is_error, _text(accepted)
    assert len(asked) == 2 and "submit a job" in asked[0] and "sleep" in asked[0]
    job_id = accepted.structured_content["id"]

    async def cancel(s: ClientSession) -> types.CallToolResult:
        return await s.call_tool("cancel_job", {"job_id": job_id})

    answers = iter([types.ElicitResult(action="accept", content={"confirm": True})])
    done = _session(daemon, cancel, elicit)
    assert not done.is_error and "cancel job" in asked[-1]
    with daemon.client() as c:
        assert c.wait(job_id, timeout=30).state == "cancelled"
