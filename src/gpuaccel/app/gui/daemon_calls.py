"""What the window's panels ask the daemon for, as client calls run on the API thread.

The assistant panel's actions and the jobs tab's state controls are tables (action -> client call), so a
panel names an action and the worker runs it; :class:`PendingAssistantSettings` holds the assistant policy
and model selection the user made until a connected daemon has taken them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gpuaccel.app.client import Client, report_plot_path
from gpuaccel.app.gui.api import NOT_FOUND, UNAUTHORIZED, UNREACHABLE, Api, ApiError


class PendingAssistantSettings:
    """The policy and model selection not yet sent; each is sent once and then forgotten (the daemon
    keeps it), so a model chosen with ``gpuaccel models select`` stands while the window reconnects."""

    def __init__(self) -> None:
        self.body: dict[str, Any] | None = None
        self.model: str | None = None  # "" = the bundled model

    def send(self, api: Api) -> str | None:
        """Send what is pending; the rejections in words ("" when all took), or None when the daemon is
        away or has no assistant (nothing is reported; what is pending waits for the next connect)."""
        errors: list[str] = []
        if self.body is not None:
            try:
                api.call(Client.assistant_settings, **self.body)
                self.body = None
            except ApiError as exc:
                if exc.kind in (UNREACHABLE, NOT_FOUND):  # 404: no assistant (the tab says so)
                    return None
                errors.append(f"the daemon rejected the assistant policy: {exc.message}")
        if self.model is not None:
            requested = self.model
            try:
                name = requested
                if not name:
                    installed = api.call(Client.models).get("installed", [])
                    name = next((m["name"] for m in installed if m.get("bundled")), "")
                api.call(Client.select_model, name)
            except ApiError as exc:
                if exc.kind != UNREACHABLE:
                    shown = repr(requested) if requested else "the bundled model"
                    errors.append(f"the daemon rejected the assistant model {shown}: {exc.message}")
                    self.model = None
                return "; ".join(errors)
            self.model = None
        return "; ".join(errors)


def report_with_plots(api: Api, report_id: int) -> dict[str, Any]:
    """A report plus its PNGs (fetched with the token) as ``_images``: {URL used in the viewer: bytes}."""
    report = api.call(Client.report, int(report_id))
    images: dict[str, bytes] = {}
    for plot in report.get("plots") or []:
        name = str(plot.get("file") or "")
        if not name:
            continue
        try:
            images[report_plot_path(report_id, name)] = api.call(Client.report_plot, report_id, name)
        except ApiError as exc:
            if exc.kind in (UNREACHABLE, UNAUTHORIZED):
                raise
    report["_images"] = images
    return report


def last_session(api: Api, _: Any) -> dict[str, Any] | None:
    """The newest conversation the daemon kept, with its messages (None: none yet)."""
    sessions = api.call(Client.sessions)
    if not sessions:
        return None
    newest = max(sessions, key=lambda s: float(s.get("updated_at") or 0))
    return api.call(Client.session, int(newest["id"]))


# What the assistant panel may ask for: action -> the client call, given the panel's argument.
ASSISTANT_ACTIONS: dict[str, Callable[[Api, Any], Any]] = {
    "reports": lambda api, _: api.call(Client.reports),
    "make_report": lambda api, _: api.call(Client.make_report, "daily"),
    "report": report_with_plots,
    "export": lambda api, arg: {**arg, "text": api.call(Client.report_export, arg["id"], arg["format"])},
    "housekeeping": lambda api, _: api.call(Client.housekeeping_scan),
    "last_session": last_session,
    "apply": lambda api, ids: api.call(Client.housekeeping_apply, list(ids), confirm=True),
    "stop_chat": lambda api, conversation: api.call(
        Client.stop_chat, int(conversation) if conversation else None
    ),
}

# The jobs tab's state controls: action -> the client call on one job.
JOB_CONTROLS: dict[str, Callable[..., Any]] = {
    "pause": Client.pause_job,
    "resume": Client.resume_job,
    "hold": Client.hold,
    "release": Client.release,
}
