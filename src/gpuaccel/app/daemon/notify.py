"""systemd readiness: ``sd_notify`` over ``$NOTIFY_SOCKET`` with the socket module, no library needed.

A ``Type=notify`` unit counts the daemon as started only after ``READY=1``, so ``systemctl --user start``
returns once the API answers; outside systemd (no ``$NOTIFY_SOCKET``) every call does nothing.
"""

from __future__ import annotations

import os
import socket

NOTIFY_ENV = "NOTIFY_SOCKET"


def sd_notify(state: str) -> bool:
    """Send ``state`` (e.g. ``READY=1``, ``STOPPING=1``); True when a service manager was told."""
    address = os.environ.get(NOTIFY_ENV)
    if not address:
        return False
    if address.startswith("@"):  # abstract namespace
        address = "\0" + address[1:]
    elif not address.startswith("/"):
        return False  # vsock or another form this daemon does not speak
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        try:
            sock.sendto(state.encode(), address)
        except OSError:
            return False
    return True
