"""The assistant's HTTP routes (mounted by the daemon under ``/api/v1``, behind its token check).

Bodies and responses are the models of :mod:`api.assistant`. A daemon installed without the
assistant's extra mounts the same routes over :class:`Unavailable`, so each answers 503 with the install hint.

Chat answers stream as server-sent events: ``event: meta`` (conversation id, facts), ``event: token``
(``{"text": ...}``), then ``event: done`` or ``event: error``.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from fastapi import APIRouter, Depends, HTTPException
from fastapi import Path as PathParam
from fastapi.responses import FileResponse, HTMLResponse, PlainTextResponse
from fastapi.sse import EventSourceResponse, ServerSentEvent

from gpuaccel.api import assistant as m
from gpuaccel.assistant.chat import ChatBusy
from gpuaccel.assistant.engine.models import check_name
from gpuaccel.assistant.engine.runtime import ModelError

if TYPE_CHECKING:
    from gpuaccel.assistant.service import AssistantService


# Row ids are SQLite integers: anything outside 64 bits is a 422 from validation, not a 500 from the driver.
RowId = Annotated[int, PathParam(ge=0, le=2**63 - 1)]
UNAVAILABLE = {503: {"description": "the assistant is not installed on this daemon (the hint says how)"}}


def _invalid(message: str) -> HTTPException:
    """A 422 in FastAPI's own validation shape, so every 422 of the API reads the same."""
    return HTTPException(422, [{"loc": ["body"], "msg": message, "type": "value_error"}])


def create_router(svc: AssistantService | Unavailable) -> APIRouter:
    r = APIRouter(prefix="/assistant", tags=["assistant"], responses=UNAVAILABLE)

    @r.get("/state")
    def state() -> m.AssistantState:
        return m.AssistantState.model_validate(svc.state())

    @r.post("/settings")
    def settings(body: m.SettingsIn) -> m.Settings:
        try:
            return m.Settings.model_validate(svc.save_settings(on_close=body.on_close, use_gpu=body.use_gpu))
        except ValueError as exc:
            raise _invalid(str(exc)) from None

    def chat_available() -> None:
        """A dependency: without the assistant the answer is 503 before the stream starts, not a 200
        stream that breaks (which one the client saw depended on thread timing)."""
        svc.chat  # noqa: B018 -- Unavailable raises the 503 on any attribute

    @r.post("/chat", response_class=EventSourceResponse, dependencies=[Depends(chat_available)])
    def chat(body: m.ChatIn) -> Iterator[ServerSentEvent]:
        """The answer as it is generated: ``token`` events, then ``done`` (or ``error``)."""
        try:
            for ev in svc.chat.ask(body.message, body.conversation_id):
                yield ServerSentEvent(event=ev["event"], data=ev["data"])
        except ChatBusy as exc:
            yield ServerSentEvent(event="error", data={"text": str(exc)})

    @r.get("/queries")
    def query_specs() -> m.QuerySpecList:
        from gpuaccel.assistant.queries.catalogue import CATALOGUE

        specs = [
            {"name": s.name, "description": s.description, "input_schema": s.input_schema()}
            for s in CATALOGUE.values()
        ]
        return m.QuerySpecList.model_validate({"queries": specs})

    @r.post("/query")
    def query(body: m.QueryIn) -> m.QueryOut:
        """One typed query, as the chat runs it (no model): its sentence and its table."""
        import time

        from gpuaccel.assistant.queries.catalogue import QueryArgsError, query_from_args, run
        from gpuaccel.assistant.queries.query import QueryContext

        try:
            q = query_from_args(body.name, body.args, time.time())
        except QueryArgsError as exc:
            raise _invalid(str(exc)) from None
        res = run(QueryContext(svc.facts, svc.state), q)
        return m.QueryOut(query=q.to_json(), sentence=res.sentence, columns=res.columns, rows=res.rows)

    @r.post("/chat/stop")
    def stop(body: m.ChatStopIn) -> m.Stopped:
        sid = body.conversation_id
        return m.Stopped(stopped=sid is not None and svc.chat.stop(sid))

    @r.get("/sessions")
    def sessions() -> m.SessionList:
        return m.SessionList.model_validate({"sessions": svc.db.sessions()})

    @r.get("/sessions/{session_id}")
    def session(session_id: RowId) -> m.SessionDetail:
        s = svc.chat.session_json(session_id)
        if s is None:
            raise HTTPException(404, f"no conversation {session_id}")
        return m.SessionDetail.model_validate(s)

    @r.delete("/sessions/{session_id}")
    def delete_session(session_id: RowId) -> m.Deleted:
        if not svc.db.delete_session(session_id):
            raise HTTPException(404, f"no conversation {session_id}")
        return m.Deleted(deleted=session_id)

    @r.get("/reports")
    def reports() -> m.ReportList:
        return m.ReportList.model_validate({"reports": svc.reports.list()})

    @r.post("/reports", status_code=201)
    def make_report(body: m.ReportIn | None = None) -> m.Report:
        body = body or m.ReportIn()
        try:
            if body.kind == "daily":
                day = dt.date.fromisoformat(body.day) if body.day else None
                return m.Report.model_validate(svc.reports.make_daily(day))
            if body.job_id is None:
                raise _invalid("job_id: required for a job report")
            return m.Report.model_validate(svc.reports.make_job(body.job_id))
        except LookupError as exc:
            raise HTTPException(404, str(exc)) from None
        except ValueError as exc:
            raise _invalid(str(exc)) from None

    @r.get("/reports/{report_id}")
    def report(report_id: RowId) -> m.Report:
        rep = svc.reports.get(report_id)
        if rep is None:
            raise HTTPException(404, f"no report {report_id}")
        return m.Report.model_validate(rep)

    @r.get(
        "/reports/{report_id}/export",
        response_class=PlainTextResponse,
        responses={200: {"content": {"text/markdown": {}, "text/html": {}}}},
    )
    def export(report_id: RowId, format: Literal["md", "html"] = "md") -> PlainTextResponse:
        text = svc.reports.export(report_id, format)  # plots embedded: the file stands alone
        if text is None:
            raise HTTPException(404, f"no report {report_id}")
        if format == "html":
            return HTMLResponse(text)
        return PlainTextResponse(text, media_type="text/markdown")

    @r.get(
        "/reports/{report_id}/plots/{name}",
        response_class=FileResponse,
        responses={200: {"content": {"image/png": {}}}},
    )
    def plot(report_id: RowId, name: str) -> FileResponse:
        rep = svc.reports.get(report_id)
        files = {p["file"] for p in (rep or {}).get("plots", [])}
        if name not in files or Path(name).name != name:
            raise HTTPException(404, f"report {report_id} has no plot {name}")
        return FileResponse(svc.reports.dir / name, media_type="image/png")

    @r.get("/housekeeping")
    def housekeeping() -> m.ProposalList:
        proposals = [p.to_json() for p in svc.housekeeper.propose()]
        hk = svc.housekeeper
        return m.ProposalList.model_validate(
            {"proposals": proposals, "refused": hk.refused, "outside_queue": hk.outside_queue}
        )

    @r.post("/housekeeping/apply")
    def apply(body: m.ApplyIn) -> m.ApplyResults:
        return m.ApplyResults.model_validate(
            {"results": svc.housekeeper.apply(body.ids, confirm=body.confirm)}
        )

    @r.get("/models")
    def models() -> m.ModelsOut:
        return m.ModelsOut.model_validate(
            {
                "installed": svc.models.installed(),
                "catalog": svc.models.catalog(),
                "active": str(svc.model_path()),
                "downloads": svc.models.downloads,
            }
        )

    @r.post("/models/import", status_code=201)
    def import_model(body: m.ImportIn) -> m.Imported:
        try:
            info = svc.models.import_file(Path(body.path), body.name)
        except ModelError as exc:
            raise _invalid(str(exc)) from None
        svc.model_file_replaced(Path(info["path"]))
        return m.Imported.model_validate(info)

    @r.post("/models/download", status_code=202)
    def download(body: m.DownloadIn) -> m.Started:
        name = body.name
        try:
            check_name(name)
        except ModelError as exc:
            raise _invalid(str(exc)) from None

        def fetch() -> None:
            _quiet(svc.models.download_known, name, body.sha256, body.url)
            done = svc.models.downloads.get(name, {})
            if done.get("state") == "done":
                svc.model_file_replaced(Path(done["path"]))

        svc.run_in_thread("download", fetch)
        return m.Started(started=name)

    @r.post("/models/select")
    def select(body: m.SelectIn) -> m.Settings:
        try:
            path = svc.models.resolve(body.name)
        except ModelError as exc:
            raise HTTPException(404, str(exc)) from None
        return m.Settings.model_validate(svc.save_settings(model=str(path)))

    return r


def _quiet(fn: Any, *args: Any) -> None:
    """Run a background download; its error is kept in the manager's download state for the API."""
    with contextlib.suppress(Exception):
        fn(*args)


class Unavailable:
    """Stands in for the service when the assistant cannot run here: every route answers 503."""

    def __init__(self, reason: str) -> None:
        self.reason = reason

    def __getattr__(self, name: str) -> Any:
        raise HTTPException(503, self.reason)


# The route table without a service, for introspection (the GUI tests look for ``/assistant`` paths here).
# The daemon mounts ``create_router(service)`` with its live service.
router = create_router(Unavailable("the assistant service is not attached to this router"))
