"""Line-chart PNGs for reports: matplotlib when installed, else a small numpy + zlib rasterizer.

Each series is a :class:`Band`: a line through its means and a shaded band from its lowest to its highest
reading, so a GPU swinging between 38 and 73 °C inside each point's interval shows the swing, not a flat
mean. The fallback draws axes, a light grid, the line and the band's edges, without text (it has no font);
the report prints each plot's title, axis ranges and legend in Markdown right under the image.
"""

from __future__ import annotations

import io
import math
import struct
import zlib
from dataclasses import dataclass

import numpy as np


@dataclass
class Band:
    """One series: times, and per time the mean, lowest and highest reading (NaN: a gap, nothing drawn)."""

    t: list[float]
    mean: list[float]
    low: list[float]
    high: list[float]


COLORS = [(31, 119, 180), (255, 127, 14), (44, 160, 44), (214, 39, 40), (148, 103, 189), (140, 86, 75)]


def clock_format(span_s: float) -> str:
    """The strftime format of a clock-time axis over ``span_s`` seconds: under ten minutes, ticks less
    than a minute apart would all read the same HH:MM, so seconds are shown."""
    return "%H:%M:%S" if span_s < 600 else "%H:%M"


TICK_STEPS_S = (1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400)


def clock_ticks(t0: float, t1: float, most: int = 8) -> list[float]:
    """Tick times over [t0, t1] on whole clock steps (every 3 h over a day, every 10 s over a minute), in
    local time as the labels are, at most ``most`` of them."""
    import datetime as dt

    span = max(t1 - t0, 1.0)
    step = next((s for s in TICK_STEPS_S if span / s <= most), TICK_STEPS_S[-1])
    offset = dt.datetime.fromtimestamp(t0).astimezone().utcoffset()
    shift = offset.total_seconds() if offset else 0.0
    first = math.ceil((t0 + shift) / step) * step - shift
    return [first + k * step for k in range(int((t1 - first) // step) + 1)]


def png_bytes(rgb: np.ndarray) -> bytes:
    """Encode an (H, W, 3) uint8 array as PNG."""
    h, w, _ = rgb.shape
    raw = b"".join(b"\x00" + rgb[y].tobytes() for y in range(h))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
        )

    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 6))
        + chunk(b"IEND", b"")
    )


def _line(img: np.ndarray, x0: float, y0: float, x1: float, y1: float, color: tuple[int, int, int]) -> None:
    n = int(max(abs(x1 - x0), abs(y1 - y0))) + 1
    xs = np.linspace(x0, x1, n).round().astype(int)
    ys = np.linspace(y0, y1, n).round().astype(int)
    h, w, _ = img.shape
    for dy in (0, 1):
        ok = (xs >= 0) & (xs < w) & (ys + dy >= 0) & (ys + dy < h)
        img[ys[ok] + dy, xs[ok]] = color


def raster_chart(
    series: dict[str, Band],
    y_range: tuple[float, float] | None = None,
    x_range: tuple[float, float] | None = None,
    width: int = 640,
    height: int = 240,
) -> bytes:
    img = np.full((height, width, 3), 255, dtype=np.uint8)
    left, right, top, bottom = 40, 10, 10, 30
    xs_all = np.concatenate([np.asarray(b.t, float) for b in series.values()] or [np.zeros(1)])
    ys_all = np.concatenate([np.asarray(b.high + b.low, float) for b in series.values()] or [np.zeros(1)])
    ys_all = ys_all[np.isfinite(ys_all)]
    x_lo, x_hi = (float(xs_all.min()), float(xs_all.max())) if xs_all.size else (0.0, 1.0)
    if x_range is not None:
        x_lo, x_hi = x_range
    if y_range is not None:
        y_lo, y_hi = y_range
    else:
        y_lo, y_hi = (min(0.0, float(ys_all.min())), float(ys_all.max())) if ys_all.size else (0.0, 1.0)
    x_hi, y_hi = (x_hi if x_hi > x_lo else x_lo + 1), (y_hi if y_hi > y_lo else y_lo + 1)
    pw, ph = width - left - right, height - top - bottom
    for k in range(5):  # grid
        y = top + ph * k / 4
        img[int(y), left : width - right] = (225, 225, 225)
    img[top : height - bottom, left] = (0, 0, 0)
    img[height - bottom, left : width - right] = (0, 0, 0)
    for i, band in enumerate(series.values()):
        color = COLORS[i % len(COLORS)]
        pale = tuple(int(c + (255 - c) * 0.6) for c in color)
        x = np.asarray(band.t, float)
        px = left + (x - x_lo) / (x_hi - x_lo) * pw
        for ys, c in ((band.low, pale), (band.high, pale), (band.mean, color)):
            py = top + ph - (np.asarray(ys, float) - y_lo) / (y_hi - y_lo) * ph
            for j in range(len(px) - 1):
                if np.isfinite(py[j]) and np.isfinite(py[j + 1]):
                    _line(img, px[j], py[j], px[j + 1], py[j + 1], c)  # type: ignore[arg-type]
    return png_bytes(img)


def line_chart(
    title: str,
    series: dict[str, Band],
    xlabel: str,
    ylabel: str,
    clock: bool = False,
    y_range: tuple[float, float] | None = None,
    x_range: tuple[float, float] | None = None,
) -> tuple[bytes, str]:
    """PNG bytes and the renderer used ("matplotlib" or "raster"); ``clock``: x values are Unix times,
    labelled as local clock time (HH:MM) on whole clock steps; ``y_range`` and ``x_range``: fixed axes (a
    daily report's x axis is its whole day), else they fit the data."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return raster_chart(series, y_range, x_range), "raster"
    fig, ax = plt.subplots(figsize=(7, 2.6), dpi=100)
    for i, (name, band) in enumerate(series.items()):
        color = f"C{i}"
        ax.fill_between(band.t, band.low, band.high, color=color, alpha=0.25, linewidth=0)
        ax.plot(band.t, band.high, linewidth=0.5, color=color, alpha=0.8)  # a 3 s spike in a bin shows
        ax.plot(band.t, band.mean, label=name, linewidth=1, color=color)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    if y_range is not None:
        ax.set_ylim(*y_range)
    xs = [t for b in series.values() for t in b.t]
    lo, hi = x_range if x_range is not None else ((min(xs), max(xs)) if xs else (0.0, 1.0))
    ax.set_xlim(lo, hi)
    if clock:
        import datetime as dt

        from matplotlib.ticker import FixedLocator, FuncFormatter

        ax.xaxis.set_major_locator(FixedLocator(clock_ticks(lo, hi)))
        fmt = clock_format(hi - lo)
        ax.xaxis.set_major_formatter(FuncFormatter(lambda t, _: dt.datetime.fromtimestamp(t).strftime(fmt)))
    ax.set_ylabel(ylabel)
    ax.grid(alpha=0.3)
    if series:
        ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    plt.close(fig)
    return buf.getvalue(), "matplotlib"
