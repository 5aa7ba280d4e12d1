"""Line-chart PNGs for reports: matplotlib when installed, else a small numpy + zlib rasterizer.

The fallback draws axes, a light grid and one coloured line per series, without text (it has no font);
the report prints each plot's title, axis ranges and legend in Markdown right under the image.
"""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Sequence

import numpy as np

COLORS = [(31, 119, 180), (255, 127, 14), (44, 160, 44), (214, 39, 40), (148, 103, 189), (140, 86, 75)]


def clock_format(span_s: float) -> str:
    """The strftime format of a clock-time axis over ``span_s`` seconds: under ten minutes, ticks less
    than a minute apart would all read the same HH:MM, so seconds are shown."""
    return "%H:%M:%S" if span_s < 600 else "%H:%M"


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
    series: dict[str, tuple[Sequence[float], Sequence[float]]], width: int = 640, height: int = 240
) -> bytes:
    img = np.full((height, width, 3), 255, dtype=np.uint8)
    left, right, top, bottom = 40, 10, 10, 30
    xs_all = np.concatenate([np.asarray(x, float) for x, _ in series.values()] or [np.zeros(1)])
    ys_all = np.concatenate([np.asarray(y, float) for _, y in series.values()] or [np.zeros(1)])
    ys_all = ys_all[np.isfinite(ys_all)]
    x_lo, x_hi = (float(xs_all.min()), float(xs_all.max())) if xs_all.size else (0.0, 1.0)
    y_lo, y_hi = (min(0.0, float(ys_all.min())), float(ys_all.max())) if ys_all.size else (0.0, 1.0)
    x_hi, y_hi = (x_hi if x_hi > x_lo else x_lo + 1), (y_hi if y_hi > y_lo else y_lo + 1)
    pw, ph = width - left - right, height - top - bottom
    for k in range(5):  # grid
        y = top + ph * k / 4
        img[int(y), left : width - right] = (225, 225, 225)
    img[top : height - bottom, left] = (0, 0, 0)
    img[height - bottom, left : width - right] = (0, 0, 0)
    for i, (x, y) in enumerate(series.values()):
        x, y = np.asarray(x, float), np.asarray(y, float)
        px = left + (x - x_lo) / (x_hi - x_lo) * pw
        py = top + ph - (y - y_lo) / (y_hi - y_lo) * ph
        for j in range(len(px) - 1):
            if np.isfinite(py[j]) and np.isfinite(py[j + 1]):
                _line(img, px[j], py[j], px[j + 1], py[j + 1], COLORS[i % len(COLORS)])
    return png_bytes(img)


def line_chart(
    title: str,
    series: dict[str, tuple[Sequence[float], Sequence[float]]],
    xlabel: str,
    ylabel: str,
    clock: bool = False,
) -> tuple[bytes, str]:
    """PNG bytes and the renderer used ("matplotlib" or "raster"); ``clock``: x values are Unix times,
    labelled as local clock time (HH:MM)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return raster_chart(series), "raster"
    fig, ax = plt.subplots(figsize=(7, 2.6), dpi=100)
    for name, (x, y) in series.items():
        ax.plot(x, y, label=name, linewidth=1)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    if clock:
        import datetime as dt

        from matplotlib.ticker import FuncFormatter, MaxNLocator

        ax.xaxis.set_major_locator(MaxNLocator(nbins=6))
        xs = [t for x, _ in series.values() for t in x]
        fmt = clock_format(max(xs) - min(xs) if xs else 0.0)
        ax.xaxis.set_major_formatter(FuncFormatter(lambda t, _: dt.datetime.fromtimestamp(t).strftime(fmt)))
    ax.set_ylabel(ylabel)
    ax.grid(alpha=0.3)
    if series:
        ax.legend(fontsize=8)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    plt.close(fig)
    return buf.getvalue(), "matplotlib"
