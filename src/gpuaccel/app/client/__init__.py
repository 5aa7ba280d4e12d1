"""The daemon's client for every caller (CLI, GUI, assistant tools, tests): typed calls, one SSE reader.

``Client`` (in :mod:`.operations`) holds one method per daemon operation; :mod:`.connection` finds the
daemon, carries the token, retries idempotent GETs and turns failures into :mod:`.errors`; :mod:`.sse`
is the only reader of server-sent events.
"""

from gpuaccel.app.client.errors import (
    ApiError,
    ClientError,
    DaemonNotRunning,
    StreamBroken,
    Unauthorized,
    detail_field,
    format_detail,
)
from gpuaccel.app.client.operations import Client, report_plot_path
from gpuaccel.app.client.sse import ServerEvent

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
