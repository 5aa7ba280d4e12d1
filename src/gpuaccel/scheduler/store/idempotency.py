"""Idempotent submission: a client's key makes a retried ``POST /jobs`` return the job it first created.

The key is stored on the job it created (the first element of an array) under a unique index, so two
requests with one key can never both queue, however they interleave; beside it the hash of the request,
so a key reused for a different request is refused instead of silently answered with another job.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from gpuaccel.api.pattern_words import worded

HEADER = "Idempotency-Key"
MAX_KEY_CHARS = 255
KEY_HELP = f"1 to {MAX_KEY_CHARS} visible ASCII characters (no spaces), e.g. a UUID"
# visible ASCII, as HTTP header values travel safely
KEY_PATTERN = worded(rf"^[\x21-\x7e]{{1,{MAX_KEY_CHARS}}}$", f"an idempotency key: {KEY_HELP}")
_KEY = re.compile(KEY_PATTERN)


class IdempotencyConflict(RuntimeError):
    """The key was first used for another request."""


def check_key(key: str) -> str:
    if not _KEY.match(key):
        raise ValueError(f"{HEADER} {key[:60]!r} is not usable; give {KEY_HELP}")
    return key


def request_hash(raw: dict[str, Any]) -> str:
    """The request's identity: its JSON with keys sorted (the same body hashes the same every time)."""
    text = json.dumps(raw, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def conflict(key: str, job_id: int) -> IdempotencyConflict:
    return IdempotencyConflict(
        f"{HEADER} {key!r} was already used for a different request (it created job {job_id}); "
        "use a new key for a new job, or send the same request again to get that job"
    )
