"""What could be cleaned up, as a query: the housekeeping proposals with their sizes, read, never acted on.

The housekeeper (:mod:`assistant.housekeeping.housekeeper`) finds the proposals (old logs, artifacts, the
trash, Triton and torch-compile caches, orphan GPU processes); the service hands its scan to the facts
source (``FactsSource.housekeeping``), so "anything to clean up?" in the chat, an agent's ``housekeeping``
tool and ``/cleanup`` say the same list in the same words (:func:`cleanup_text`). Nothing is removed from
here: the Housekeeping tab or ``gpuaccel cleanup --apply ID --yes`` does that, after a yes.
"""

from __future__ import annotations

from typing import Any

from gpuaccel.assistant.queries.query import Query, QueryContext, Result

SHOWN = 10  # the largest proposals named; the Housekeeping tab and gpuaccel cleanup list every one
APPLY = "gpuaccel cleanup --apply ID --yes"


def size_words(n: float) -> str:
    """A size as people read it ("512 bytes", "646.1 KiB", "1.0 GiB"): a cache entry of a few KiB is not
    "0.0 MiB"."""
    if n < 1024:
        return f"{n:.0f} bytes"
    for unit in ("KiB", "MiB", "GiB"):
        n /= 1024
        if n < 1024 or unit == "GiB":
            break
    return f"{n:.1f} {unit}"


def cleanup_text(props: list[Any], info: list[dict[str, Any]]) -> str:
    """The proposals, largest first, each with its id, action and size, then what is only said for
    information (processes outside the queue): the text of ``/cleanup`` and of the query."""
    info_text = "".join(f"\n- {p['description']}" for p in info)
    info_text = f"\n\nFor your information:{info_text}" if info_text else ""
    if not props:
        return "Nothing to clean up: no old logs, trash or caches found." + info_text
    by_size = sorted(props, key=lambda p: -p.size_bytes)
    shown, rest = by_size[:SHOWN], by_size[SHOWN:]
    lines = [f"- [{p.id}] {p.action} {p.description}: {size_words(p.size_bytes)}" for p in shown]
    if rest:
        lines.append(
            f"- and {len(rest)} more ({size_words(sum(p.size_bytes for p in rest))}):"
            " the Housekeeping tab and `gpuaccel cleanup` list them all"
        )
    total = size_words(sum(p.size_bytes for p in props))
    head = (
        f"{len(props)} proposal{'s' if len(props) != 1 else ''}, {total} in all"
        f" (nothing is done until you confirm them in the Housekeeping tab or with {APPLY}):\n"
    )
    return head + "\n".join(lines) + info_text


def housekeeping(ctx: QueryContext, q: Query) -> Result:
    """The housekeeping proposals (read only; the chat removes nothing)."""
    scan = getattr(ctx.source, "housekeeping", None)
    if scan is None:
        return Result(q, "I have no housekeeping scan here; gpuaccel cleanup lists what could go.")
    props, info = scan()
    rows = [[p.id, p.action, p.description, size_words(p.size_bytes)] for p in props]
    return Result(q, cleanup_text(props, info), ["id", "action", "what", "size"], rows)
