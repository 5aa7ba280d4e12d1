"""The scheduler API's error answers in one place, so every route and the submit fast path write them alike.

A 422 names the bad field in FastAPI's own validation shape (``{"detail": [{"loc", "msg", "type"}]}``), so
a client handles the daemon's own checks and FastAPI's schema checks with one piece of code.
"""

from __future__ import annotations

from fastapi import HTTPException


def unprocessable(field: str, message: str, where: str = "body") -> HTTPException:
    """A 422 for ``field`` (dotted for nested body fields) of the body or of the query string."""
    loc = [where, *field.split(".")] if where == "body" else [where, field]
    return HTTPException(422, detail=[{"loc": loc, "msg": message, "type": "value_error"}])
