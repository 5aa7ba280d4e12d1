"""The daemon: its composition (:mod:`.compose`), data-dir lock, token check and the HTTP server.

``gpuaccel serve`` calls :func:`serve`; the CLI and GUI reach a running daemon only through ``app.client``.
"""

from gpuaccel.app.daemon.server import serve

__all__ = ["serve"]
