"""Time per frame of the dashboard's live-plot update: 8 GPUs, 1 h of 10 Hz history each.

Fills the real :class:`app.gui.plots.LivePlots` (5 plots x 8 curves) through the real
:class:`app.gui.telemetry_model.TelemetryModel` with 36,000 synthetic rows per GPU (a benchmark input,
never shown as telemetry), then for each window (1 min, 10 min, 1 h) appends one new reading per GPU and
times:

- ``update``: ``LivePlots.refresh()`` -- the per-frame work on the GUI thread (slices + ``setData``),
  the number the < 5 ms target is about;
- ``frame``: update plus a synchronous repaint of the widget (``repaint()``), i.e. everything until the
  pixels are drawn, with the offscreen (software raster) platform unless QT_QPA_PLATFORM says otherwise.

Prints a table and writes ``benchmarks/results/plot_update.json``.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/plot_update.py
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import numpy as np
from PySide6.QtWidgets import QApplication

from gpuaccel.app.gui.plots import FRAME_HZ, WINDOWS, LivePlots
from gpuaccel.app.gui.telemetry_model import SERIES_KEYS, TelemetryModel

GPUS = 8
RATE_HZ = 10
HISTORY_S = 3600
FRAMES = 400  # 20 s of frames at FRAME_HZ
TARGET_MS = 5.0


def snapshot(t: float, k: int) -> dict:
    """A /telemetry/now-shaped answer for GPUS GPUs at time t (synthetic benchmark input)."""
    gpus = []
    for i in range(GPUS):
        util = 50 + 45 * np.sin(k / 300 + i)
        gpus.append(
            {
                "info": {
                    "index": i,
                    "name": f"bench GPU {i}",
                    "memory_total_mib": 81559.0,
                    "power_limit_w": 700.0,
                },
                "sample": {
                    "index": i,
                    "timestamp": t,
                    "util_gpu": util,
                    "mem_used_mib": 40000 + 100 * util,
                    "temperature_c": 35 + 0.4 * util,
                    "power_w": 70 + 6 * util,
                },
                "tflops": {"value": 9.8 * util, "exact": False, "peak": 989.4, "peak_source": "table"},
            }
        )
    return {"backend": "benchmark", "gpus": gpus}


def fill(model: TelemetryModel, t0: float) -> None:
    """Write 1 h of 10 Hz rows straight into the rings (vectorised), then one snapshot for the cards."""
    n = HISTORY_S * RATE_HZ
    t = t0 + np.arange(n) / RATE_HZ
    for i in range(GPUS):
        util = 50 + 45 * np.sin(np.arange(n) / 300 + i)
        cols = np.vstack([util, (40000 + 100 * util) / 1024, 9.8 * util, 35 + 0.4 * util, 70 + 6 * util])
        ring = model.ring(i)
        ring.extend(t, cols)
        assert ring.size == n and len(SERIES_KEYS) == cols.shape[0]
    model.update(snapshot(t0 + n / RATE_HZ, n))


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    model = TelemetryModel()
    t0 = time.time() - HISTORY_S
    fill(model, t0)
    plots = LivePlots(model, timer=False)
    plots.resize(1200, 900)
    plots.show()
    app.processEvents()
    rows = []
    k = HISTORY_S * RATE_HZ + 1
    for label, seconds in WINDOWS[:3]:
        plots.set_window(seconds)
        app.processEvents()
        a = time.perf_counter()
        plots.refresh(force=True)
        full_ms = (time.perf_counter() - a) * 1e3
        frame_ms, paint_ms, updated = [], [], 0
        for frame in range(FRAMES):
            if frame % (FRAME_HZ // RATE_HZ) == 0:  # a new reading every 100 ms, a frame every 50 ms
                k += 1
                model.update(snapshot(t0 + k / RATE_HZ, k))
            a = time.perf_counter()
            updated += plots.refresh()
            b = time.perf_counter()
            plots.viewport().repaint()
            c = time.perf_counter()
            frame_ms.append((b - a) * 1e3)
            paint_ms.append((c - b) * 1e3)
        seconds_simulated = FRAMES / FRAME_HZ
        rows.append(
            {
                "window": label,
                "points_per_curve": int(model.ring(0).since("util", model.ring(0).last_t - seconds)[0].size),
                "curves": len(plots.curves),
                "update_ms_median": round(statistics.median(frame_ms), 3),
                "update_ms_p95": round(float(np.percentile(frame_ms, 95)), 3),
                "update_ms_max": round(max(frame_ms), 3),
                "paint_ms_median": round(statistics.median(paint_ms), 3),
                "redraws_per_curve_per_s": round(updated / len(plots.curves) / seconds_simulated, 2),
                "full_redraw_ms": round(full_ms, 3),
            }
        )
    plots.stop()
    print(
        f"Plot update: {GPUS} GPUs x 1 h of {RATE_HZ} Hz history, "
        f"{FRAMES} frames at {FRAME_HZ} Hz per window "
        f"(a reading every {1000 // RATE_HZ} ms), target < {TARGET_MS} ms per frame"
    )
    print(
        f"{'window':>7} {'pts/curve':>9} {'curves':>6} {'frame med':>9} {'frame p95':>9} {'frame max':>9} "
        f"{'paint med':>9} {'redraw/s':>8} {'full redraw':>11}"
    )
    for r in rows:
        print(
            f"{r['window']:>7} {r['points_per_curve']:>9} {r['curves']:>6} {r['update_ms_median']:>9.2f} "
            f"{r['update_ms_p95']:>9.2f} {r['update_ms_max']:>9.2f} {r['paint_ms_median']:>9.2f} "
            f"{r['redraws_per_curve_per_s']:>8.2f} {r['full_redraw_ms']:>11.2f}"
        )
    print("frame = LivePlots.refresh() (slices + setData); paint = a synchronous repaint afterwards;")
    print("redraw/s = how often each curve was redrawn; full redraw = all curves at once (window change).")
    worst = max(r["update_ms_p95"] for r in rows)
    print(
        f"worst frame p95: {worst:.2f} ms -> "
        f"{'meets' if worst < TARGET_MS else 'MISSES'} the < {TARGET_MS} ms target"
    )
    out = Path(__file__).resolve().parent / "results" / "plot_update.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    result = {
        "benchmark": "plot_update",
        "gpus": GPUS,
        "history_s": HISTORY_S,
        "rate_hz": RATE_HZ,
        "frames_per_window": FRAMES,
        "target_ms": TARGET_MS,
        "qt_platform": os.environ.get("QT_QPA_PLATFORM"),
        "machine": platform.machine(),
        "python": platform.python_version(),
        "cpu_count": os.cpu_count(),
        "rows": rows,
        "meets_target": worst < TARGET_MS,
    }
    out.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
