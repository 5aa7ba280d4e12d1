"""Preallocated ring buffers for the live plots.

Every sample is written twice (at ``i`` and ``i + capacity``), so the newest ``n`` samples are always one
contiguous slice of the backing array: the plot gets a numpy view, never a copy or a concatenation,
and memory never grows with uptime.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


class RingSeries:
    """Timestamps plus ``len(fields)`` float columns, ``capacity`` rows, oldest overwritten first."""

    def __init__(self, fields: Sequence[str], capacity: int) -> None:
        if capacity < 1:
            raise ValueError(f"capacity must be at least 1, got {capacity}")
        self.fields = tuple(fields)
        self.capacity = capacity
        self._col = {name: i for i, name in enumerate(self.fields)}
        self._t = np.full(2 * capacity, np.nan)
        self._v = np.full((len(self.fields), 2 * capacity), np.nan)
        self._next = 0  # row the next sample goes to (0..capacity-1)
        self.size = 0

    @property
    def last_t(self) -> float | None:
        if self.size == 0:
            return None
        return float(self._t[self._next - 1 + self.capacity])

    def append(self, t: float, values: Sequence[float]) -> None:
        """Add one row; ``values`` in the order of ``fields`` (NaN for unavailable)."""
        i = self._next
        j = i + self.capacity
        self._t[i] = self._t[j] = t
        self._v[:, i] = values
        self._v[:, j] = values
        self._next = (i + 1) % self.capacity
        self.size = min(self.size + 1, self.capacity)

    def extend(self, t: np.ndarray, values: np.ndarray) -> None:
        """Add many rows at once (``values`` shaped (fields, n)), e.g. history fetched at connect."""
        t = np.asarray(t, dtype=float)
        values = np.asarray(values, dtype=float).reshape(len(self.fields), -1)
        if t.size > self.capacity:
            t, values = t[-self.capacity :], values[:, -self.capacity :]
        for k in range(t.size):
            self.append(float(t[k]), values[:, k])

    def _span(self, n: int) -> slice:
        end = self._next + self.capacity  # one past the newest row, in the upper copy
        return slice(end - n, end)

    def tail(self, field: str, n: int | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Views ``(t, values)`` of the newest ``n`` rows (all stored rows when None), oldest first."""
        n = self.size if n is None else min(n, self.size)
        span = self._span(n)
        return self._t[span], self._v[self._col[field], span]

    def since(self, field: str, t0: float, before: int = 0) -> tuple[np.ndarray, np.ndarray]:
        """Views of the rows with timestamp >= ``t0`` (timestamps are appended in order), and of the
        ``before`` rows just older (a line drawn from ``t0`` on starts at the reading before it)."""
        t_all, _ = self.tail(field)
        start = max(0, int(np.searchsorted(t_all, t0, side="left")) - before)
        return self.tail(field, self.size - start)

    def clear(self) -> None:
        self._t.fill(np.nan)
        self._v.fill(np.nan)
        self._next = 0
        self.size = 0
