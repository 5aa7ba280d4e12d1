"""The one rule of a node's name in a request (``node``, ``gpuaccel submit --node``), said in words.

Why in the API package: the request model, the CLI's help and the scheduler's resolution
(:mod:`scheduler.placement.node_pin`) read the same rule, so a name accepted at one door is accepted at
every door. A name is a node's Ray node name (``ray start --node-name``; Ray's default is the node's IP),
its IP address or a prefix of at least :data:`MIN_ID_PREFIX` hex characters of its node id.
"""

from __future__ import annotations

import re
from typing import Any

MIN_ID_PREFIX = 6
NAME_CHARS = 253  # the longest DNS name
NAME_PATTERN = r"^[A-Za-z0-9:][A-Za-z0-9._:-]*$"
NODE_HELP = (
    "run on this Ray cluster node: its node name (ray start --node-name; by default its IP), its IP "
    "address or the first characters (at least "
    f"{MIN_ID_PREFIX}) of its node id, as gpuaccel status --cluster shows them"
)


def check_name(name: object) -> str | None:
    """What is wrong with a node name as a request gives it, in words; None when it is fine."""
    if not isinstance(name, str) or not name:
        return "must be a node's hostname, IP address or node id prefix (a non-empty string)"
    if len(name) > NAME_CHARS or not re.fullmatch(NAME_PATTERN, name):
        return (
            f"{name[:80]!r} is not a hostname, an IP address or a node id prefix (letters, digits, "
            f"'.', '-', '_' and ':', at most {NAME_CHARS} characters)"
        )
    return None


def checked_name(value: Any) -> Any:
    """The request model's check of a name (before its pattern), so the HTTP API says it in these words."""
    wrong = check_name(value)  # a number or a list too: said in these words, not as a type error
    if wrong:
        raise ValueError(wrong)
    return value
