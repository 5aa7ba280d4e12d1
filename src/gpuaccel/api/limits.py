"""What a job request may hold: the caps on every field and the text every field must be.

The caps are part of the published schema (maxLength, maxItems...) and hold for the Python API too, so one
request can neither fill the disk nor make every later listing slow; the text checks refuse what could
not be stored, encoded or sent back (lone surrogates, NUL). :mod:`api.request` builds the
request model from these types.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator, Field

from gpuaccel.accel.workloads.json_rules import JsonRules

# Sizes are in characters (code points) unless named bytes.
MAX_NAME_CHARS = 200
MAX_ARGS = 1024  # argv items
MAX_ARG_CHARS = 32_768  # one argv item
MAX_ARGV_CHARS = 131_072  # all argv items together
MAX_ENV_VARS = 256
MAX_ENV_NAME_CHARS = 256
MAX_ENV_VALUE_CHARS = 32_768
MAX_ENV_CHARS = 131_072  # all names and values together
MAX_LABELS = 64
MAX_LABEL_KEY_CHARS = 128
MAX_LABEL_VALUE_CHARS = 1024
MAX_PATH_CHARS = 4096  # cwd
MAX_SPEC_BYTES = 65_536  # the spec as compact JSON
MAX_SPEC_DEPTH = 16  # nested objects/arrays inside the spec
MAX_DEPENDENCIES = 1000
MAX_BODY_BYTES = 2 * 2**20  # any request body (the daemon answers 413 above it)
MAX_UNIX_TIME = 32_503_680_000  # year 3000: a not-before time
MAX_ARRAY_CHARS = 1000
MAX_KILL_GRACE_S = 3600.0
MAX_HOOK_CHARS = 4096  # a finish hook's command or URL

_SURROGATE = re.compile("[\ud800-\udfff]")


def plain_text(value: str) -> str:
    """Text we can store, encode and send: valid Unicode (no lone surrogate such as ``"\\ud800"``, which
    no UTF-8 encoder accepts) and no NUL character (C strings, argv and the environment end at NUL)."""
    if "\0" in value:
        raise ValueError(f"must not contain NUL characters (found at character {value.index(chr(0))})")
    bad = _SURROGATE.search(value)
    if bad is not None:
        raise ValueError(
            f"holds a lone surrogate (U+{ord(bad.group()):04X} at character {bad.start()}); "
            "text must be valid Unicode"
        )
    return value


def clean_text(value: str) -> str:
    """Stored text as it can be sent: a lone surrogate (kept by an older version) becomes U+FFFD."""
    return _SURROGATE.sub("\ufffd", value) if _SURROGATE.search(value) else value


def plain_input(value: Any) -> Any:
    """Before the length checks (which cannot even count a string with a lone surrogate)."""
    return plain_text(value) if isinstance(value, str) else value


def _env_name(value: str) -> str:
    if "=" in value:
        raise ValueError("an environment variable name cannot contain '='")
    return value


Text = Annotated[str, BeforeValidator(plain_input)]
Arg = Annotated[str, Field(max_length=MAX_ARG_CHARS), BeforeValidator(plain_input)]
EnvName = Annotated[
    str,
    Field(min_length=1, max_length=MAX_ENV_NAME_CHARS),
    BeforeValidator(plain_input),
    AfterValidator(_env_name),
]
EnvValue = Annotated[str, Field(max_length=MAX_ENV_VALUE_CHARS), BeforeValidator(plain_input)]
LabelKey = Annotated[str, Field(min_length=1, max_length=MAX_LABEL_KEY_CHARS), BeforeValidator(plain_input)]
LabelValue = Annotated[str, Field(max_length=MAX_LABEL_VALUE_CHARS), BeforeValidator(plain_input)]


# What a request's spec may hold: nested at most MAX_SPEC_DEPTH objects/arrays, every key and string
# plain text.
SPEC_JSON = JsonRules(
    MAX_SPEC_DEPTH, f"nests more than {MAX_SPEC_DEPTH} levels of objects and arrays", text=plain_text
)
