"""One walk over a JSON value, with the rules as parameters.

Two doors take JSON from users: a job request's ``spec`` (the scheduler: bounded nesting, every key and
string plain text) and a job's report lines (the report channel: bounded nesting, numbers a JSON client
can read back, nothing but JSON types). Both walk the value the same way, without recursion, so no
nesting can exhaust the stack; what each refuses, and in which words, is its :class:`JsonRules`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")
KEYS_NOT_TEXT = "object keys must be strings"


@dataclass(frozen=True)
class JsonRules:
    """What a JSON value may hold; :meth:`check` raises ``ValueError`` with the first rule broken."""

    max_depth: int  # the top value is at depth 1, what an object or array holds one deeper
    too_deep: str  # the error when something lies deeper than max_depth
    scalars_count: bool = False  # a string or number past max_depth is too deep too (else only containers)
    text: Callable[[str], object] | None = None  # raises ValueError for a key or string it refuses
    max_int: int | None = None  # integers beyond +-max_int and non-finite floats are refused ...
    out_of_range: str = ""  # ... with this error (max_int None: numbers are not checked)
    only_json: bool = False  # refuse non-string keys and values of other than JSON types

    def check(self, value: T) -> T:
        """``value`` unchanged when it follows the rules."""
        stack: list[tuple[Any, int]] = [(value, 1)]
        while stack:
            item, depth = stack.pop()
            container = isinstance(item, dict | list)
            if depth > self.max_depth and (container or self.scalars_count):
                raise ValueError(self.too_deep)
            if isinstance(item, dict):
                if self.only_json and not all(isinstance(k, str) for k in item):
                    raise ValueError(KEYS_NOT_TEXT)
                if self.text is not None:
                    for key in item:
                        self.text(str(key))
                stack.extend((v, depth + 1) for v in item.values())
            elif isinstance(item, list):
                stack.extend((v, depth + 1) for v in item)
            elif isinstance(item, str):
                if self.text is not None:
                    self.text(item)
            elif isinstance(item, bool) or item is None:
                continue
            elif isinstance(item, int):
                if self.max_int is not None and abs(item) > self.max_int:
                    raise ValueError(self.out_of_range)
            elif isinstance(item, float):
                if self.max_int is not None and not math.isfinite(item):
                    raise ValueError(self.out_of_range)
            elif self.only_json:
                raise ValueError(f"not a JSON value: {type(item).__name__}")
        return value
