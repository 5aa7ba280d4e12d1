"""The assistant's HTTP routes (mounted by the daemon under ``/api/v1``, behind its token check).

Chat answers stream as server-sent events: ``event: meta`` (conversation id, facts), ``event: token``
(``{"text": ...}``), then ``event: done`` or ``event: error``.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, HTTPException
from fastapi import Path as PathParam
from fastapi.responses import FileResponse, HTMLResponse, PlainTextResponse
from fastapi.sse import EventSourceResponse, ServerSentEvent

from gpuaccel.assistant.chat import ChatBusy
from gpuaccel.assistant.runtime import ModelError

# Row ids are SQLite integers: anything outside 64 bits is a 422 from validation, not a 500 from the driver.
RowId = Annotated[int, PathParam(ge=0, le=2**63 - 1)]


def _invalid(message: str) -> HTTPException:
    """A 422 in FastAPI's own validation shape, so every 422 of the API reads the same."""
    return HTTPException(422, [{"loc": ["body"], "msg": message, "type": "value_error"}])


def _int(value: Any, name: str) -> int | None:
    if value is None or value == "":
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        raise _invalid(f"{name} must be an integer, got {value!r}") from None


def create_router(svc: Any) -> APIRouter:
    r = APIRouter(prefix="/assistant", tags=["assistant"])

    @r.get("/state")
    def state() -> dict[str, Any]:
        return svc.state()

    @r.post("/settings")
    def settings(body: Annotated[dict[str, Any], Body()]) -> dict[str, Any]:
        try:
            return svc.save_settings(**{k: body.get(k) for k in ("on_close", "use_gpu")})
        except ValueError as exc:
            raise _invalid(str(exc)) from None

    def chat_request(body: Annotated[dict[str, Any], Body()]) -> tuple[str, int | None]:
        """A dependency: a bad request is a 422 before the stream starts, not an event inside it."""
        message = body.get("message")
        if not isinstance(message, str) or not message.strip():
            raise _invalid("message: a non-empty string is required")
        return message, _int(body.get("conversation_id"), "conversation_id")

    @r.post("/chat", response_class=EventSourceResponse)
    def chat(request: tuple[str, int | None] = Depends(chat_request)) -> Iterator[ServerSentEvent]:
        try:
            for ev in svc.chat.ask(*request):
                yield ServerSentEvent(event=ev["event"], data=ev["data"])
        except ChatBusy as exc:
            yield ServerSentEvent(event="error", data={"text": str(exc)})

    @r.post("/chat/stop")
    def stop(body: Annotated[dict[str, Any], Body()]) -> dict[str, Any]:
        sid = _int(body.get("conversation_id"), "conversation_id")
        return {"stopped": sid is not None and svc.chat.stop(sid)}

    @r.get("/sessions")
    def sessions() -> dict[str, Any]:
        return {"sessions": svc.db.sessions()}

    @r.get("/sessions/{session_id}")
    def session(session_id: RowId) -> dict[str, Any]:
        s = svc.chat.session_json(session_id)
        if s is None:
            raise HTTPException(404, f"no conversation {session_id}")
        return s

    @r.delete("/sessions/{session_id}")
    def delete_session(session_id: RowId) -> dict[str, Any]:
        if not svc.db.delete_session(session_id):
            raise HTTPException(404, f"no conversation {session_id}")
        return {"deleted": session_id}

    @r.get("/reports")
    def reports() -> dict[str, Any]:
        return {"reports": svc.reports.list()}

    @r.post("/reports", status_code=201)
    def make_report(body: Annotated[dict[str, Any] | None, Body()] = None) -> dict[str, Any]:
        body = body or {}
        kind = body.get("kind", "daily")
        try:
            if kind == "daily":
                day = dt.date.fromisoformat(body["day"]) if body.get("day") else None
                return svc.reports.make_daily(day)
            if kind == "job":
                job_id = _int(body.get("job_id"), "job_id")
                if job_id is None:
                    raise _invalid("job_id: required for a job report")
                return svc.reports.make_job(job_id)
        except LookupError as exc:
            raise HTTPException(404, str(exc)) from None
        except ValueError as exc:
            raise _invalid(str(exc)) from None
        raise _invalid("kind: 'daily' or 'job'")

    @r.get("/reports/{report_id}")
    def report(report_id: RowId) -> dict[str, Any]:
        rep = svc.reports.get(report_id)
        if rep is None:
            raise HTTPException(404, f"no report {report_id}")
        return rep

    @r.get("/reports/{report_id}/export")
    def export(report_id: RowId, format: str = "md") -> Any:
        rep = svc.reports.get(report_id)
        if rep is None:
            raise HTTPException(404, f"no report {report_id}")
        if format == "html":
            return HTMLResponse(rep["html"])
        if format == "md":
            return PlainTextResponse(rep["markdown"], media_type="text/markdown")
        raise _invalid("format: 'md' or 'html'")

    @r.get("/reports/{report_id}/plots/{name}")
    def plot(report_id: RowId, name: str) -> FileResponse:
        rep = svc.reports.get(report_id)
        files = {p["file"] for p in (rep or {}).get("plots", [])}
        if name not in files or Path(name).name != name:
            raise HTTPException(404, f"report {report_id} has no plot {name}")
        return FileResponse(svc.reports.dir / name, media_type="image/png")

    @r.get("/housekeeping")
    def housekeeping() -> dict[str, Any]:
        return {"proposals": [p.to_json() for p in svc.housekeeper.propose()]}

    @r.post("/housekeeping/apply")
    def apply(body: Annotated[dict[str, Any], Body()]) -> dict[str, Any]:
        ids = body.get("ids")
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            raise _invalid("ids: a list of proposal ids from GET /assistant/housekeeping")
        return {"results": svc.housekeeper.apply(ids, confirm=body.get("confirm") is True)}

    @r.get("/models")
    def models() -> dict[str, Any]:
        return {
            "installed": svc.models.installed(),
            "catalog": svc.models.catalog(),
            "active": str(svc.model_path()),
            "downloads": svc.models.downloads,
        }

    @r.post("/models/import", status_code=201)
    def import_model(body: Annotated[dict[str, Any], Body()]) -> dict[str, Any]:
        try:
            info = svc.models.import_file(Path(str(body.get("path", ""))), body.get("name"))
        except ModelError as exc:
            raise _invalid(str(exc)) from None
        svc.model_file_replaced(Path(info["path"]))
        return info

    @r.post("/models/download", status_code=202)
    def download(body: Annotated[dict[str, Any], Body()]) -> dict[str, Any]:
        name = str(body.get("name") or "")
        if not name:
            raise _invalid("name: a catalog name (GET /assistant/models) or a name for 'url'")

        def fetch() -> None:
            _quiet(svc.models.download_known, name, body.get("sha256"), body.get("url"))
            done = svc.models.downloads.get(name, {})
            if done.get("state") == "done":
                svc.model_file_replaced(Path(done["path"]))

        svc.run_in_thread("download", fetch)
        return {"started": name}

    @r.post("/models/select")
    def select(body: Annotated[dict[str, Any], Body()]) -> dict[str, Any]:
        try:
            path = svc.models.resolve(str(body.get("name", "")))
        except ModelError as exc:
            raise HTTPException(404, str(exc)) from None
        return svc.save_settings(model=str(path))

    return r


def _quiet(fn: Any, *args: Any) -> None:
    """Run a background download; its error is kept in the manager's download state for the API."""
    with contextlib.suppress(Exception):
        fn(*args)


class _Unattached:
    """Stands in for the service in :data:`router`: every call answers 503."""

    def __getattr__(self, name: str) -> Any:
        raise HTTPException(503, "the assistant service is not attached to this router")


# The route table without a service, for introspection (the GUI tests look for ``/assistant`` paths here).
# The daemon mounts ``AssistantService(...).router``, built by :func:`create_router` with the live service.
router = create_router(_Unattached())
