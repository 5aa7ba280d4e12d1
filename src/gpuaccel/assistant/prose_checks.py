"""What model prose may be shown: every number in it one the facts hold.

Why one module: the chat's prose after an answer and a report's summary are the same promise -- no number the
model made up reaches a person -- so both go through the same check.
"""

from __future__ import annotations

import re

_NUM = re.compile(r"\d+(?:\.\d+)?")


class NumberCheck:
    """Passes model prose on in whole sentences, only while every number in them is an allowed one.

    The first sentence quoting a number the facts do not hold ends the prose (``failed`` is set and the
    rest is dropped), so no invented number and no masking ever reaches the user; callers stop generating.
    """

    _END = re.compile(r"[.!?](?=\s)|\n")

    def __init__(self, allowed: set[str]) -> None:
        self.allowed = allowed
        self._pending = ""
        self.failed: str | None = None  # the first sentence that failed the check

    def _check(self, sentence: str) -> str:
        bad = [n for n in _NUM.findall(sentence) if n not in self.allowed]
        if bad:
            self.failed = sentence.strip()
            return ""
        return sentence

    def feed(self, text: str) -> str:
        if self.failed is not None:
            return ""
        self._pending += text
        out = ""
        while self.failed is None and (m := self._END.search(self._pending)):
            sentence, self._pending = self._pending[: m.end()], self._pending[m.end() :]
            out += self._check(sentence)
        return out

    def flush(self) -> str:
        """The last, unfinished sentence: kept only if it passes too."""
        out, self._pending = self._pending, ""
        return "" if self.failed is not None else self._check(out)


def checked_prose(text: str, allowed: set[str]) -> str:
    """``text`` cut before its first sentence with a number outside ``allowed``."""
    check = NumberCheck(allowed)
    return (check.feed(text) + check.flush()).strip()
