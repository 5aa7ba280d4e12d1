"""The client's failures: exceptions any caller (CLI, GUI, tests) can show to a person as they are."""

from __future__ import annotations

from typing import Any


class ClientError(Exception):
    """Anything that kept a request from getting an answer (bad input, timeout, broken stream)."""


class DaemonNotRunning(ClientError):
    """No daemon answers; the message says how to start one."""


class StreamBroken(ClientError):
    """An event stream the daemon had opened broke off (the daemon went away, or the connection did)."""


class Unauthorized(ClientError):
    """The daemon rejected the token (or there is none)."""


class ApiError(ClientError):
    """The daemon answered with an error status; ``detail`` is its own explanation."""

    def __init__(self, status: int, detail: Any) -> None:
        self.status = status
        self.detail = detail
        super().__init__(f"HTTP {status}: {format_detail(detail)}")


def token_rejected(base_url: str, token_from: object) -> Unauthorized:
    """The daemon answered 401: whose token it refused and what to do."""
    return Unauthorized(
        f"the daemon at {base_url} rejected the token (from {token_from}); use that daemon's token"
    )


def no_answer(base_url: str, timeout: float) -> ClientError:
    return ClientError(f"the daemon at {base_url} did not answer within {timeout:g} s")


def stream_broke(base_url: str, exc: Exception) -> StreamBroken:
    return StreamBroken(f"the stream from {base_url} broke: {exc}")


def check_text(body: Any = None, params: Any = None) -> None:
    """Refuse a request whose JSON body or query holds text JSON cannot carry, saying where it is."""
    where = find_undecodable(body, "request") or find_undecodable(params, "query")
    if where:
        raise ClientError(f"{where} holds bytes that are not valid UTF-8; the API carries UTF-8 only")


def format_detail(detail: Any) -> str:
    """FastAPI's 422 list (``[{"loc", "msg"}]``) as ``spec.size: must be ...``; anything else as text."""
    if isinstance(detail, list):
        parts = []
        for item in detail:
            if isinstance(item, dict):
                loc = [str(x) for x in item.get("loc", []) if x not in ("body", "query", "path")]
                parts.append(f"{'.'.join(loc) or 'request'}: {item.get('msg', item)}")
            else:
                parts.append(str(item))
        return "; ".join(parts)
    return str(detail)


def detail_field(detail: Any) -> str:
    """The field a 422 names first (``spec.size``), or "" when the detail names none."""
    if isinstance(detail, list) and detail and isinstance(detail[0], dict):
        return ".".join(str(p) for p in detail[0].get("loc", []) if p not in ("body", "query", "path"))
    return ""


def find_undecodable(value: Any, where: str = "request") -> str | None:
    """Where ``value`` holds text that is not valid UTF-8 (surrogate-escaped bytes from the OS), or None.

    JSON carries Unicode text only, so such a value can neither be sent nor stored as it is."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return where
        return None
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list | tuple):
        items = ((str(i), v) for i, v in enumerate(value))
    else:
        return None
    for key, item in items:
        found = find_undecodable(key, where) or find_undecodable(item, f"{where}.{key}")
        if found:
            return found
    return None
