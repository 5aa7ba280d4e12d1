"""The daemon's client for every caller (CLI, GUI, assistant tools, tests): typed calls, one SSE reader.

``Client`` (in :mod:`.operations`) holds one method per daemon operation; :mod:`.connection` finds the
daemon, carries the token, retries idempotent GETs and turns failures into :mod:`.errors`; :mod:`.sse`
is the only reader of server-sent events. The errors load with the package; the client and the SSE
reader (httpx, pydantic: about 300 ms) on first use, so a CLI module that names them costs a shell's TAB
nothing until it calls the daemon.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from gpuaccel.app.client.errors import (
    ApiError,
    ClientError,
    DaemonNotRunning,
    StreamBroken,
    Unauthorized,
    detail_field,
    format_detail,
)

if TYPE_CHECKING:
    from gpuaccel.app.client.operations import Client, report_plot_path
    from gpuaccel.app.client.sse import ServerEvent

_LAZY = {
    "Client": "gpuaccel.app.client.operations",
    "report_plot_path": "gpuaccel.app.client.operations",
    "ServerEvent": "gpuaccel.app.client.sse",
}

__all__ = [
    "ApiError",
    "Client",
    "ClientError",
    "DaemonNotRunning",
    "ServerEvent",
    "StreamBroken",
    "Unauthorized",
    "detail_field",
    "format_detail",
    "report_plot_path",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'gpuaccel.app.client' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
