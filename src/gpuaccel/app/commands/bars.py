"""Progress bars on long CLI work (downloads, waits, calibration, benchmarks, exports), through tqdm.

On stderr, and only when stderr is a terminal: a pipe, a log file or a CI job gets the plain lines the
command prints anyway, never bar redraws. One place decides that, so every command behaves alike.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

if TYPE_CHECKING:  # tqdm loads with the first bar, not with every command module (a TAB imports them)
    from tqdm import tqdm

T = TypeVar("T")


def shown() -> bool:
    """Whether bars are drawn: stderr is a terminal."""
    return sys.stderr.isatty()


def bar(total: float | None = None, desc: str = "", unit: str = "it", **kw: Any) -> tqdm:
    """A bar to ``update()`` by hand (``total`` None: a counter with the elapsed time); a no-op when not
    :func:`shown`. Closes itself when used as a context manager, leaving no line behind."""
    from tqdm import tqdm

    return tqdm(
        total=total, desc=desc, unit=unit, file=sys.stderr, disable=not shown(), leave=False,
        dynamic_ncols=True, **kw,
    )  # fmt: skip


def each(items: Iterable[T], desc: str, unit: str = "it", total: int | None = None) -> Iterator[T]:
    """``items``, one step of the bar per item (the bar's line is gone when they are)."""
    with bar(total=total if total is not None else _len(items), desc=desc, unit=unit) as b:
        for item in items:
            yield item
            b.update(1)


def note(text: str, file: TextIO | None = None) -> None:
    """A line printed (to stdout unless ``file``) above a running bar: plain ``print`` would tear the
    bar's line. Without a bar it is an ordinary print."""
    from tqdm import tqdm

    tqdm.write(text, file=file or sys.stdout)
    (file or sys.stdout).flush()


def _len(items: Iterable[Any]) -> int | None:
    try:
        return len(items)  # type: ignore[arg-type]
    except TypeError:
        return None
