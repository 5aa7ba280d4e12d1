"""The worker -> daemon report channel: JSON lines on an inherited pipe, checked at the door.

The daemon opens a pipe, passes its write end to the job process and names the descriptor in the
environment variable ``GPUACCEL_REPORT_FD``. Any job -- a workload or a user's own command -- may write
one JSON object per line to it:

    {"type": "progress", "fraction": 0.25, "message": "shape 2/8"}
    {"type": "metric", "name": "tflops", "value": 612.3, "exact": true, "unit": "TFLOP/s"}
    {"type": "result", "metrics": {"tflops": 612.3, ...}}

stdout and stderr stay free for the human-readable log. Without the variable (a workload run by hand)
the reporter prints the lines to stderr instead, so nothing is lost.

Because a user's command may write anything, the records are defined here once (the scheduler's job
model reuses :class:`Progress` and :data:`Metrics`) and every line is checked before it is used:

- a line is at most :data:`MAX_LINE_BYTES` (256 KiB, so a result is at most that too); a longer line is
  read past in chunks and never held whole;
- it must be UTF-8 JSON: an object of a known ``type`` whose fields have the documented types; nested at
  most :data:`MAX_DEPTH` deep; numbers finite and integers within 64 bits (``1e999``, ``NaN`` and
  ``10**400`` are refused, since no JSON client could read them back);
- safely coercible values are coerced: a number as ``message`` becomes its text (``5`` -> ``"5"``), a
  numeric string as ``fraction`` or ``value`` becomes the number, ``fraction`` is clamped to 0..1 and an
  over-long ``message`` is cut to :data:`MAX_TEXT` characters.

Anything else is skipped with a reason (:class:`ReportLineError`); :func:`read_records` never stops on
a bad line.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import sys
import time
from collections.abc import Callable
from typing import IO, Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    field_validator,
)

from gpuaccel.accel.workloads.json_rules import JsonRules

REPORT_FD_ENV = "GPUACCEL_REPORT_FD"
# Where a job may write logs of its own beside the scheduler's job log (the ring job's per-rank logs).
JOB_LOG_DIR_ENV = "GPUACCEL_JOB_LOG_DIR"

MAX_LINE_BYTES = 256 * 1024
MAX_DEPTH = 32
MAX_TEXT = 1000
MAX_INT = 2**63 - 1
_READ_CHUNK = 65536

# Skip reasons: a job's events count skipped lines by these.
OVERSIZE = f"longer than {MAX_LINE_BYTES // 1024} KiB"
NOT_JSON = "not UTF-8 JSON"
OUT_OF_RANGE = "a number out of range (not finite, or an integer beyond 64 bits)"
TOO_DEEP = f"nested deeper than {MAX_DEPTH}"
UNKNOWN_TYPE = "not an object with type progress, metric or result"
WRONG_FIELDS = "fields of the wrong type"
NOT_APPLIED = "refused by the reader"  # valid, but the daemon would not keep it (e.g. too many metric names)


class ReportLineError(ValueError):
    """A report line that is skipped: ``reason`` is one of the module's reasons, ``detail`` the specifics."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


# What a report line (and so a stored result) may hold: JSON a client can read back.
REPORT_JSON = JsonRules(
    MAX_DEPTH, TOO_DEEP, scalars_count=True, max_int=MAX_INT, out_of_range=OUT_OF_RANGE, only_json=True
)


# A job's result: a JSON object (any shape a workload returns), checked by :data:`REPORT_JSON`.
Metrics = Annotated[dict[str, Any], AfterValidator(REPORT_JSON.check)]


def _text(value: Any) -> Any:
    return value[:MAX_TEXT] if isinstance(value, str) else value


class Progress(BaseModel):
    """How far a job is (0..1, or null when it cannot tell) and one line for humans."""

    model_config = ConfigDict(coerce_numbers_to_str=True, extra="ignore")

    fraction: float | None = Field(default=None, ge=0.0, le=1.0)
    message: str = Field(default="", max_length=MAX_TEXT)

    @field_validator("fraction", mode="before")
    @classmethod
    def _clamp(cls, value: Any) -> Any:
        if isinstance(value, str):
            try:
                value = float(value)
            except ValueError:
                return value
        if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
            return min(1.0, max(0.0, float(value)))
        return value

    @field_validator("message", mode="before")
    @classmethod
    def _cut(cls, value: Any) -> Any:
        return "" if value is None else _text(value)


class ProgressRecord(Progress):
    type: Literal["progress"]
    t: float | None = None


class MetricRecord(BaseModel):
    """One named measurement; ``exact`` says it was counted and timed, not estimated."""

    model_config = ConfigDict(coerce_numbers_to_str=True, extra="ignore")

    type: Literal["metric"]
    name: str = Field(min_length=1, max_length=200)
    value: float
    exact: bool = True
    unit: str = Field(default="", max_length=50)
    t: float | None = None


class ResultRecord(BaseModel):
    model_config = ConfigDict(extra="ignore")

    type: Literal["result"]
    metrics: Metrics
    t: float | None = None


Record = ProgressRecord | MetricRecord | ResultRecord
_RECORD: TypeAdapter[Record] = TypeAdapter(
    Annotated[ProgressRecord | MetricRecord | ResultRecord, Field(discriminator="type")]
)


def _refuse_constant(name: str) -> Any:
    raise ValueError(OUT_OF_RANGE)


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > 19:  # more digits than 64 bits hold; int() of 10**400 digits is slow
        raise ValueError(OUT_OF_RANGE)
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(OUT_OF_RANGE)
    return value


def parse_record(line: bytes | str) -> Record:
    """One channel line (without its newline) as a checked record, or :class:`ReportLineError`."""
    if len(line) > MAX_LINE_BYTES:
        raise ReportLineError(OVERSIZE)
    try:
        raw = json.loads(
            line, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_refuse_constant
        )
    except RecursionError:
        raise ReportLineError(TOO_DEEP) from None
    except ValueError as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise ReportLineError(OUT_OF_RANGE if str(exc) == OUT_OF_RANGE else NOT_JSON) from None
    if not isinstance(raw, dict) or raw.get("type") not in {"progress", "metric", "result"}:
        raise ReportLineError(UNKNOWN_TYPE)
    try:
        REPORT_JSON.check(raw)
        record = _RECORD.validate_python(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"][1:])
        raise ReportLineError(WRONG_FIELDS, f"{raw['type']}.{where}: {first['msg']}") from None
    except ValueError as exc:
        raise ReportLineError(str(exc)) from None
    if isinstance(record, MetricRecord) and not math.isfinite(record.value):
        raise ReportLineError(OUT_OF_RANGE)
    return record


def parse_line(line: str) -> dict[str, Any] | None:
    """A checked record as a dict, or None for a line :func:`parse_record` skips (for readers by hand)."""
    try:
        return parse_record(line.rstrip("\n")).model_dump()
    except ReportLineError:
        return None


def read_records(fd: int, on_record: Callable[[Record], None], on_skip: Callable[[str, str], None]) -> None:
    """Read the channel until EOF in bounded chunks; closes ``fd``.

    Memory stays below :data:`MAX_LINE_BYTES` plus one chunk whatever the job writes. Every complete
    line is either handed to ``on_record`` or reported to ``on_skip(reason, detail)``; an exception in
    either callback is reported as a skip of that line and reading goes on.
    """

    def deliver(line: bytes) -> None:
        if not line.strip():
            return
        try:
            record = parse_record(line)
        except ReportLineError as exc:
            skip(exc.reason, exc.detail)
            return
        except Exception as exc:  # whatever a line can do to the parser, the reader goes on
            skip(NOT_JSON, repr(exc)[:200])
            return
        try:
            on_record(record)
        except Exception as exc:
            skip(NOT_APPLIED, str(exc)[:200])

    def skip(reason: str, detail: str) -> None:
        with contextlib.suppress(Exception):  # counting is best effort; reading must go on
            on_skip(reason, detail)

    buf = bytearray()
    skipping = False  # inside an over-long line: drop bytes up to its newline
    try:
        while True:
            try:
                chunk = os.read(fd, _READ_CHUNK)
            except OSError:
                break
            if not chunk:
                break
            start = 0
            while (nl := chunk.find(b"\n", start)) >= 0:
                piece = chunk[start:nl]
                start = nl + 1
                if skipping or len(buf) + len(piece) > MAX_LINE_BYTES:
                    skip(OVERSIZE, "")
                else:
                    buf += piece
                    deliver(bytes(buf))
                buf.clear()
                skipping = False
            rest = chunk[start:]
            if not skipping and len(buf) + len(rest) > MAX_LINE_BYTES:
                buf.clear()
                skipping = True
            elif not skipping:
                buf += rest
        if skipping:
            skip(OVERSIZE, "")
        elif buf:
            deliver(bytes(buf))
    finally:
        os.close(fd)


class Reporter:
    """The writer workloads use; what it writes always passes :func:`parse_record`."""

    def __init__(self, stream: IO[str] | None = None) -> None:
        if stream is None:
            fd = os.environ.get(REPORT_FD_ENV)
            stream = os.fdopen(int(fd), "w", buffering=1) if fd else sys.stderr
        self._stream: IO[str] | None = stream

    def _emit(self, record: dict[str, Any]) -> None:
        if self._stream is None:
            return
        record.setdefault("t", time.time())
        try:
            self._stream.write(json.dumps(record, default=float) + "\n")
            self._stream.flush()
        except BrokenPipeError:
            # The daemon that read the channel was killed; the job goes on (the next daemon adopts it and
            # its keeper records the exit status). Later flushes, at exit too, go to /dev/null.
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, self._stream.fileno())
            os.close(null)
            self._stream = None

    def progress(self, fraction: float, message: str = "") -> None:
        self._emit({"type": "progress", "fraction": max(0.0, min(1.0, float(fraction))), "message": message})

    def metric(self, name: str, value: float, *, exact: bool = True, unit: str = "") -> None:
        self._emit({"type": "metric", "name": name, "value": float(value), "exact": exact, "unit": unit})

    def result(self, metrics: dict[str, Any]) -> None:
        self._emit({"type": "result", "metrics": metrics})
