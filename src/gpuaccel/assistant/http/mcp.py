"""The MCP server (``gpuaccel mcp``): the typed queries and job actions as tools for coding agents.

Every tool goes through the daemon's client, so the daemon's rules apply as they do to the CLI: a query
runs in the daemon (``POST /assistant/query``), a submission is validated by the scheduler. The query
tools are made from :func:`assistant.queries.catalogue.tool_schemas` (name, description, argument schema),
the submit tool's schema is the scheduler's :class:`~api.request.JobRequest`; nothing here repeats either.

Write actions (submit, cancel) need a person: where the client supports elicitation, the user is asked
through it (and only an accepted answer with ``confirm`` ticked counts); where it does not, they are
refused (an agent cannot confirm its own action), unless the user started the server with
``gpuaccel mcp --allow-writes``. Bad arguments are the tool's error, never a traceback. This module is
handed the client by
``app.commands.mcp`` (the assistant layer does not import the app's client itself).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import anyio
import mcp_types as types
from mcp.server import Server
from mcp.server.context import ServerRequestContext
from mcp.shared.exceptions import MCPError

from gpuaccel.api.request import JobRequest
from gpuaccel.assistant.queries.catalogue import tool_schemas

# One tool per thing an agent can ask: the catalogue leaves out what is only the chat's rendering (its
# ``job_log`` cuts long lines for a person; an agent's is ``job_logs``, the raw tail from the log endpoint).
QUERY_TOOLS = {t["function"]["name"]: t["function"] for t in tool_schemas()}

LOG_TAIL_MAX = 5000
CONFIRM_HELP = (
    "This changes the queue, so a person must confirm it, and this MCP client cannot ask (it has no"
    " elicitation). The user may run the command themselves, or start the server as"
    " 'gpuaccel mcp --allow-writes' to let agents submit and cancel without being asked."
)


class DaemonClient(Protocol):
    """What the server needs from :class:`gpuaccel.app.client.Client`."""

    def query(self, name: str, args: dict[str, Any] | None = None) -> dict[str, Any]: ...
    def submit(self, kind: str, **fields: Any) -> Any: ...
    def cancel(self, job_id: int) -> Any: ...
    def get_job(self, job_id: int) -> Any: ...
    def log(self, job_id: int, tail: int = 200) -> str: ...


class Refused(Exception):
    """A tool call that did nothing; the message says why and what is accepted."""


_JOB_ID = {"type": "integer", "minimum": 0, "description": "the job's id"}


def _submit_schema() -> dict[str, Any]:
    return JobRequest.model_json_schema()


@dataclass(frozen=True)
class JobTool:
    name: str
    description: str
    schema: Callable[[], dict[str, Any]]
    writes: bool


JOB_TOOLS = {
    t.name: t
    for t in (
        JobTool(
            "submit_job",
            "Queue a job through the daemon (a command with argv, or a workload kind with its spec); the"
            " scheduler validates it. Needs the user's confirmation.",
            _submit_schema,
            True,
        ),
        JobTool(
            "cancel_job",
            "Cancel a queued or running job. Needs the user's confirmation.",
            lambda: {
                "type": "object",
                "properties": {"job_id": _JOB_ID},
                "required": ["job_id"],
            },
            True,
        ),
        JobTool(
            "job_logs",
            "The last lines of a job's log (stdout and stderr).",
            lambda: {
                "type": "object",
                "properties": {
                    "job_id": _JOB_ID,
                    "tail": {"type": "integer", "minimum": 1, "maximum": LOG_TAIL_MAX, "default": 200},
                },
                "required": ["job_id"],
            },
            False,
        ),
    )
}


def tools() -> list[types.Tool]:
    """Every tool: one per typed query, then the job actions."""
    out = [
        types.Tool(
            name=f["name"],
            description=f["description"],
            input_schema=f["parameters"],
            annotations=types.ToolAnnotations(read_only_hint=True),
        )
        for f in QUERY_TOOLS.values()
    ]
    out += [
        types.Tool(
            name=t.name,
            description=t.description,
            input_schema=t.schema(),
            annotations=types.ToolAnnotations(
                read_only_hint=not t.writes, destructive_hint=t.name == "cancel_job"
            ),
        )
        for t in JOB_TOOLS.values()
    ]
    return out


def _job_id(args: dict[str, Any]) -> int:
    value = args.get("job_id")
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise Refused(f"job_id must be a whole number from 0, not {value!r}")
    return value


def describe_action(name: str, args: dict[str, Any]) -> str:
    """What a write action would do, in words, for the confirmation question and the refusal."""
    if name == "cancel_job":
        return f"cancel job {_job_id(args)}"
    fields = {k: v for k, v in args.items() if k != "confirm"}
    return "submit a job: " + json.dumps(fields, sort_keys=True)


async def _confirmed(
    ctx: ServerRequestContext[Any], name: str, args: dict[str, Any], allow_writes: bool
) -> None:
    """Return when the user confirmed the action (or allowed writes when starting the server); raise
    :class:`Refused` otherwise. A ``confirm`` in the arguments is the agent's word, never the user's."""
    what = describe_action(name, args)
    can_ask = ctx.session.check_client_capability(
        types.ClientCapabilities(elicitation=types.ElicitationCapability())
    )
    if not can_ask:
        if not allow_writes:
            raise Refused(f"not done: {what}. {CONFIRM_HELP}")
        return
    schema = {
        "type": "object",
        "properties": {"confirm": {"type": "boolean", "title": "Yes, do it", "default": False}},
        "required": ["confirm"],
    }
    try:
        answer = await ctx.session.elicit_form(
            f"gpuaccel: {what}?", schema, related_request_id=ctx.request_id
        )
    except MCPError as exc:  # the client could not ask (its dialog failed): nothing was done
        raise Refused(f"not done: the user could not be asked to confirm ({exc}): {what}") from None
    if answer.action != "accept" or not (answer.content or {}).get("confirm"):
        raise Refused(f"not done: the user did not confirm ({answer.action}): {what}")


def _text(text: str, data: Any = None, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(
        content=[types.TextContent(text=text)], structured_content=data, is_error=error
    )


def _job_json(job: Any) -> dict[str, Any]:
    return job.model_dump(mode="json") if hasattr(job, "model_dump") else dict(job)


def submit_words(job: dict[str, Any], kind: str) -> str:
    """What a submission queued; an array's first element stands for the whole array."""
    what = f"({job.get('name') or kind}), state {job['state']}"
    if job.get("array_id") is None:
        return f"Queued job {job['id']} {what}."
    return (
        f"Queued job array {job['array_id']}: this is its first element, job {job['id']} {what}; the"
        " other elements are jobs of their own (the jobs tool lists them; cancel_job stops one job)."
    )


def cancel_words(job: dict[str, Any]) -> str:
    """What a cancel did: a running job is only asked to stop, so it still reads running."""
    if job["state"] in ("running", "paused"):
        return (
            f"Cancel requested: job {job['id']} is stopping (still {job['state']}; it ends cancelled"
            " once its processes have exited)."
        )
    return f"Job {job['id']} is now {job['state']}."


def call(client: DaemonClient, name: str, args: dict[str, Any]) -> types.CallToolResult:
    """Run tool ``name`` (after any confirmation); blocking, so it runs in a worker thread."""
    if name in QUERY_TOOLS:
        res = client.query(name, args)
        table = [" | ".join(res["columns"])] + [" | ".join(map(str, r)) for r in res["rows"]]
        text = res["sentence"] + ("\n" + "\n".join(table) if res["rows"] else "")
        return _text(text, res)
    if name == "submit_job":
        fields = {k: v for k, v in args.items() if k != "confirm"}
        kind = fields.pop("kind", None)
        if not isinstance(kind, str):
            raise Refused("submit_job needs kind: 'command' (with argv) or a workload kind (with spec)")
        unknown = sorted(set(fields) - set(JobRequest.model_fields))
        if unknown:  # before the client sees them: a name such as 'self' must not reach a Python call
            takes = ", ".join(JobRequest.model_fields)
            raise Refused(f"submit_job does not take {', '.join(unknown)}; it takes {takes}")
        job = _job_json(client.submit(kind, **fields))
        return _text(submit_words(job, kind), job)
    if name == "cancel_job":
        job = _job_json(client.cancel(_job_id(args)))
        return _text(cancel_words(job), job)
    if name == "job_logs":
        tail = args.get("tail", 200)
        if isinstance(tail, bool) or not isinstance(tail, int) or not 1 <= tail <= LOG_TAIL_MAX:
            raise Refused(f"tail must be a whole number from 1 to {LOG_TAIL_MAX}, not {tail!r}")
        text = client.log(_job_id(args), tail=tail)
        return _text(text or f"(job {args['job_id']} has written nothing yet)")
    raise Refused(f"unknown tool {name!r}; the tools are: {', '.join(t.name for t in tools())}")


def build_server(
    client: DaemonClient, errors: tuple[type[Exception], ...] = (), allow_writes: bool = False
) -> Server[Any]:
    """The MCP server over ``client``; ``errors`` are the client's own failures, answered as tool errors.
    ``allow_writes``: the user allowed submit and cancel without being asked (``--allow-writes``)."""
    known = (Refused, *errors)

    async def list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools())

    async def call_tool(
        ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        args = dict(params.arguments or {})
        try:
            if params.name in JOB_TOOLS and JOB_TOOLS[params.name].writes:
                await _confirmed(ctx, params.name, args, allow_writes)
            return await anyio.to_thread.run_sync(call, client, params.name, args)
        except known as exc:
            return _text(str(exc), error=True)
        except (TypeError, ValueError) as exc:  # arguments of the wrong type reaching a call
            return _text(f"{params.name}: bad arguments: {exc}", error=True)

    return Server(
        "gpuaccel",
        version=_version(),
        instructions=(
            "Facts about this GPU machine (GPUs, jobs, the queue) through typed query tools, and job"
            " submit / cancel / logs through the gpuaccel daemon. Submit and cancel are asked of the user"
            " (elicitation), or refused where they cannot be, unless the server was started with"
            " --allow-writes."
        ),
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("gpuaccel")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "0"


async def serve_stdio(
    client: DaemonClient, errors: tuple[type[Exception], ...] = (), allow_writes: bool = False
) -> None:
    """Serve MCP on stdin/stdout until the client closes them."""
    from mcp.server.stdio import stdio_server

    server = build_server(client, errors, allow_writes)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())
