"""What each ``pattern=`` of the API accepts, in words: a 422 says this instead of quoting the regex.

Apart from :mod:`api.limits` (the request's pydantic types) so that a module naming a pattern, such as the
idempotency key's, needs no pydantic: the CLI's parser reads their help text on every TAB.
"""

from __future__ import annotations

# ``String should match pattern '^(queued|retrying|...)...$'`` reads as these words. Filled by :func:`worded`.
PATTERN_WORDS: dict[str, str] = {}


def worded(pattern: str, words: str) -> str:
    """``pattern``, registered with what it accepts in words (read when a value does not match)."""
    PATTERN_WORDS[pattern] = words
    return pattern
