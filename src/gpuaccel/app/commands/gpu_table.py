"""The GPU table's columns as ``gpuaccel status`` and ``status --cluster`` print them: each as wide as its
widest cell, the name (second) column left-aligned and the numbers right-aligned."""

from __future__ import annotations


def table(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(
            c.ljust(w) if i == 1 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True))
        ).rstrip()
        for r in rows
    ]
