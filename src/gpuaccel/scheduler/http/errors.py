"""The scheduler API's error answers in one place, so every route and the submit fast path write them alike.

A 422 names the bad field in FastAPI's own validation shape (``{"detail": [{"loc", "msg", "type"}]}``), so
a client handles the daemon's own checks and FastAPI's schema checks with one piece of code.
"""

from __future__ import annotations

from fastapi import HTTPException, Request
from fastapi.responses import JSONResponse

from gpuaccel.scheduler.store.integrity import DamagedDatabase, DiskFull

INSUFFICIENT_STORAGE = 507


def unprocessable(field: str, message: str, where: str = "body") -> HTTPException:
    """A 422 for ``field`` (dotted for nested body fields) of the body or of the query string."""
    loc = [where, *field.split(".")] if where == "body" else [where, field]
    return HTTPException(422, detail=[{"loc": loc, "msg": message, "type": "value_error"}])


def disk_full(exc: DiskFull) -> HTTPException:
    """507 with the reason: which disk, what is free, what to do (never a bare 500)."""
    return HTTPException(INSUFFICIENT_STORAGE, detail=str(exc))


async def disk_full_answer(request: Request, exc: Exception) -> JSONResponse:
    """The app's handler for a write any route makes on a full disk."""
    assert isinstance(exc, DiskFull)
    return JSONResponse({"detail": str(exc)}, status_code=INSUFFICIENT_STORAGE)


async def damaged_answer(request: Request, exc: Exception) -> JSONResponse:
    """503 naming the damaged file and what to do (the damage was met while serving)."""
    assert isinstance(exc, DamagedDatabase)
    return JSONResponse({"detail": str(exc)}, status_code=503)
