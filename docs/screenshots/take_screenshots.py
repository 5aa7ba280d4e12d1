"""Take the screenshots in docs/screenshots/ of the real window, under Xvfb.

    apt-get install -y xvfb
    xvfb-run -a -s "-screen 0 2560x1440x24" .venv/bin/python docs/screenshots/take_screenshots.py
    ... take_screenshots.py --monitor   # only the dashboard, Processes, MIG and eight-GPU screens
    ... take_screenshots.py --housekeeping   # only the assistant's Housekeeping page
    ... take_screenshots.py --settings   # only the settings dialog
    ... take_screenshots.py --unreachable   # only the window once its daemon stopped

The window as it opens on smaller screens (``--screen``: the whole X screen, each tab), one Xvfb per size;
150 % scaling is Qt's ``QT_SCALE_FACTOR`` on a screen of the physical size:

    xvfb-run -a -s "-screen 0 1280x800x24" .venv/bin/python docs/screenshots/take_screenshots.py --screen
    xvfb-run -a -s "-screen 0 1366x768x24" .venv/bin/python docs/screenshots/take_screenshots.py --screen
    QT_SCALE_FACTOR=1.5 xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python \
        docs/screenshots/take_screenshots.py --screen

The window is shot at 1280x800 and at 2560x1440, in the dark and the light theme. GPU readings come
from the daemon's fake NVML backend (``two_gpus``, ``eight_gpus`` and ``gpu_lost``): this machine has no
GPU, and the window itself labels such readings SIMULATED. The jobs are real: they run in the daemon's
queue on this machine -- a CPU matmul that measures and reports its own TFLOP/s (2*n^3 FLOPs per matmul /
measured time), a log-printing command, a ``matmul`` workload that fails for want of CUDA, a cancelled
sleeper and one still running.
"""

from __future__ import annotations

import io
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "src"))
sys.path.insert(0, str(REPO / "tests"))

from daemon_fixture import start_daemon  # noqa: E402
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSettings  # noqa: E402
from PySide6.QtGui import QImage  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from gpuaccel.app.gui.main import make_app  # noqa: E402
from gpuaccel.app.gui.settings import AppSettings  # noqa: E402
from gpuaccel.app.gui.theme import theme_manager  # noqa: E402
from gpuaccel.app.gui.window import MainWindow  # noqa: E402

OUT = Path(__file__).resolve().parent
SMALL, LARGE = (1280, 800), (2560, 1440)

CPU_MATMUL = r"""
import json, os, time
import numpy as np
fd = os.environ.get("GPUACCEL_REPORT_FD")
report = os.fdopen(int(fd), "w", buffering=1) if fd else None
n, rounds = 1024, 40
a = np.random.rand(n, n).astype(np.float32); b = np.random.rand(n, n).astype(np.float32)
flops, seconds = 0, 0.0
for i in range(rounds):
    t = time.perf_counter(); a @ b; seconds += time.perf_counter() - t; flops += 2 * n**3
    tflops = flops / seconds / 1e12
    print(f"round {i + 1}/{rounds}: {tflops * 1000:.1f} GFLOP/s", flush=True)
    if report:
        progress = {"type": "progress", "fraction": (i + 1) / rounds, "message": f"round {i + 1}"}
        report.write(json.dumps(progress) + "\n")
        report.write(json.dumps({"type": "metric", "name": "tflops", "value": tflops, "exact": True}) + "\n")
    time.sleep(0.25)
if report:
    report.write(json.dumps({"type": "result", "metrics": {"tflops": flops / seconds / 1e12}}) + "\n")
"""


def spin(app: QApplication, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.01)


def save(widget: QWidget, name: str) -> None:
    """A small PNG of the widget (see :func:`save_image`)."""
    save_image(widget.grab().toImage(), OUT / f"{name}.png")


def save_image(image: QImage, path: Path) -> None:
    """``image`` as a small PNG: an adaptive 256-colour palette without dithering (plenty for a flat UI)
    through Pillow where it is installed (matplotlib brings it), else Qt's PNG at maximum compression."""
    try:
        from PIL import Image
    except ImportError:
        image.save(str(path), "PNG", 0)
    else:
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        image.save(buffer, "PNG", 100)
        rgb = Image.open(io.BytesIO(bytes(data.data()))).convert("RGB")
        small = rgb.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        small.save(path, optimize=True)
    print("wrote", path, path.stat().st_size // 1024, "KiB")


def shoot(app: QApplication, window: MainWindow, name: str, size: tuple[int, int], theme: str) -> None:
    """The window at ``size`` in ``theme``; plots and cards settle before the shot."""
    theme_manager().apply(theme)
    window.resize(*size)
    spin(app, 2)
    save(window, f"{name}_{theme}_{size[0]}")


def monitor(app: QApplication, root: Path, store: QSettings) -> None:
    """The monitor's screens alone (``--monitor``): the dashboard of ``two_gpus`` in both sizes and themes,
    the Processes tab, a GPU in MIG mode (``mig``: an H100 split in three instances, an A100 whole) and
    eight GPUs."""
    daemon = start_daemon(root / "monitor")
    try:
        window = MainWindow(AppSettings(theme="dark"), data_dir=str(daemon.data_dir), store=store)
        window.resize(*SMALL)
        window.show()
        spin(app, 45)  # most of the 1 min window filled
        for size in (SMALL, LARGE):
            for theme in ("dark", "light"):
                shoot(app, window, "dashboard", size, theme)
        theme_manager().apply("dark")
        window.tabs.setCurrentIndex(3)
        for size in (SMALL, LARGE):
            shoot(app, window, "processes", size, "dark")
        window.close()
    finally:
        daemon.stop()
    mig = start_daemon(root / "mig", fake_nvml="mig")
    try:
        window = MainWindow(AppSettings(theme="dark"), data_dir=str(mig.data_dir), store=store)
        window.resize(*SMALL)
        window.show()
        spin(app, 45)
        for size, theme in ((SMALL, "dark"), (LARGE, "light")):
            shoot(app, window, "dashboard_mig", size, theme)
        window.close()
    finally:
        mig.stop()
    eight_gpus(app, root, store)


def eight_gpus(app: QApplication, root: Path, store: QSettings) -> None:
    """Eight GPUs (``eight_gpus``): compact cards and one plot per GPU, then the same by metric."""
    eight = start_daemon(root / "eight", fake_nvml="eight_gpus")
    try:
        window = MainWindow(AppSettings(theme="dark"), data_dir=str(eight.data_dir), store=store)
        window.resize(*SMALL)
        window.show()
        spin(app, 30)
        shoot(app, window, "dashboard_8gpus", SMALL, "dark")
        shoot(app, window, "dashboard_8gpus", LARGE, "light")
        window.dashboard.set_mode("metric")
        shoot(app, window, "dashboard_8gpus_by_metric", SMALL, "light")
        window.close()
    finally:
        eight.stop()
    theme_manager().apply("dark")


def _aged(path: Path, size: int, days: float) -> None:
    """A file of ``size`` bytes last written ``days`` ago (a cache entry or log of that age)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"x" * size)
    then = time.time() - days * 86400
    os.utime(path, (then, then))


def housekeeping(app: QApplication, root: Path, store: QSettings) -> None:
    """The Housekeeping page (``--housekeeping``) over caches and logs made here with known ages: Triton
    and torch-compile caches with entries from this week (kept) and from weeks ago (proposed), and the log
    of a finished job aged 40 days."""
    caches = {"TRITON_CACHE_DIR": root / "triton", "TORCHINDUCTOR_CACHE_DIR": root / "inductor"}
    for i, (size, days) in enumerate(((9 << 20, 2), (3 << 20, 21), (12 << 20, 45), (700 << 10, 30), (0, 60))):
        _aged(caches["TRITON_CACHE_DIR"] / f"{'ABCDEFGH'[i] * 4}{i}KERNEL" / "kernel.cubin", size, days)
    _aged(caches["TORCHINDUCTOR_CACHE_DIR"] / "fxgraph" / "graph.bin", 5 << 20, 1)
    _aged(caches["TORCHINDUCTOR_CACHE_DIR"] / "triton" / "kernels.bin", 40 << 20, 20)
    daemon = start_daemon(root / "data", env={k: str(v) for k, v in caches.items()})
    try:
        client = daemon.client()
        job = client.submit("command", name="old-sweep", argv=["sh", "-c", "echo sweep done"])
        client.wait(job.id, timeout=60)
        _aged(daemon.data_dir / "logs" / f"job-{job.id}.log", 48 << 10, 40)
        window = MainWindow(AppSettings(theme="dark"), data_dir=str(daemon.data_dir), store=store)
        window.resize(*SMALL)
        window.show()
        window.tabs.setCurrentIndex(2)
        panel = window.assistant_panel
        panel.tabs.setCurrentWidget(panel.housekeeping)
        spin(app, 3)
        panel.housekeeping.scan_button.click()
        spin(app, 4)
        save(window, "assistant_housekeeping")
        window.close()
    finally:
        daemon.stop()


def settings_dialog(app: QApplication, root: Path, store: QSettings) -> None:
    """The settings dialog (``--settings``) of a window connected to a daemon, as the full run takes it."""
    daemon = start_daemon(root / "settings")
    try:
        window = MainWindow(AppSettings(theme="dark"), data_dir=str(daemon.data_dir), store=store)
        window.resize(*SMALL)
        window.show()
        spin(app, 6)  # connected, the assistant's model known
        dialog = window.open_settings()
        spin(app, 0.5)
        save(dialog, "settings")
        dialog.reject()
        window.close()
    finally:
        daemon.stop()


def unreachable(app: QApplication, root: Path, store: QSettings) -> None:
    """The window once its daemon stopped (``--unreachable``), a job still running when it did."""
    daemon = start_daemon(root / "unreachable")
    try:
        daemon.client().submit("command", name="sleeper", argv=["sleep", "600"])
        window = MainWindow(AppSettings(theme="dark"), data_dir=str(daemon.data_dir), store=store)
        window.resize(*SMALL)
        window.show()
        spin(app, 60)  # the 1 min window filled
    finally:
        daemon.stop()
    spin(app, 4)
    save(window, "daemon_unreachable")
    window.close()


def screen(app: QApplication, root: Path, store: QSettings) -> None:
    """The window on this X screen (``--screen``) as ``gpuaccel`` opens it (sized to the screen's work
    area), each tab shot as the whole screen shows it: ``screen_<width>x<height>[_<scale>]_<tab>.png``
    in physical pixels. The jobs: a shell line run through a shell, one that failed for want of it (its
    reason the real error), a job waiting for a time, a cancelled one and one running."""
    daemon = start_daemon(root / "screen")
    try:
        client = daemon.client()
        client.submit("command", name="cpu-matmul-1024", argv=[sys.executable, "-c", CPU_MATMUL])
        client.submit("command", argv=["sh", "-c", "sleep 2; echo done"])
        client.submit("command", argv=["sleep", "20;", "echo", "done"])  # no shell: sleep's own error
        sleeper = client.submit("command", name="long-sleeper", argv=["sleep", "600"], gpus=1)
        client.submit("command", name="nightly-eval", argv=["sleep", "5"], not_before=time.time() + 3600)
        window = MainWindow(AppSettings(theme="dark"), data_dir=str(daemon.data_dir), store=store)
        window.show_fitted()
        spin(app, 12)
        client.cancel(sleeper.id)
        client.submit("command", name="train-step", argv=["sleep", "600"], gpus=1, priority=5)
        spin(app, 30)
        qscreen = app.primaryScreen()
        size = qscreen.geometry().size() * qscreen.devicePixelRatio()
        scale = qscreen.devicePixelRatio()
        name = f"screen_{size.width()}x{size.height()}" + (f"_{round(scale * 100)}" if scale != 1 else "")
        print(f"{name}: window {window.geometry().getRect()} on {qscreen.availableGeometry().getRect()}")
        panel = window.jobs_panel
        for tab, page in (
            ("dashboard", window.dashboard), ("jobs", panel), ("assistant", window.assistant_panel),
            ("processes", window.processes),
        ):  # fmt: skip
            window.show_page(page)
            if page is panel:
                failed = next(r for r in panel.table_model.rows if r.get("state") == "failed")
                panel.reveal(int(failed["id"]))
            if page is window.assistant_panel and window.assistant.availability == "available":
                page.input.setText("/status")
                page.send_message()
            spin(app, 3)
            shot = qscreen.grabWindow(0)
            path = OUT / f"{name}_{tab}.png"
            save_image(shot.toImage(), path)
        window.show_page(panel)
        dialog = panel.open_submit_dialog()
        dialog.command_edit.setText("sleep 20; echo done")
        dialog.shell_box.setChecked(True)
        spin(app, 1)
        save_image(qscreen.grabWindow(0).toImage(), OUT / f"{name}_submit.png")
        dialog.reject()
        window.close()
    finally:
        daemon.stop()


def main() -> int:
    root = Path(tempfile.mkdtemp(prefix="gpuaccel-shots-"))
    app = make_app()
    store = QSettings(str(root / "settings.ini"), QSettings.Format.IniFormat)
    if "--monitor" in sys.argv[1:]:
        monitor(app, root, store)
        return 0
    if "--housekeeping" in sys.argv[1:]:
        housekeeping(app, root, store)
        return 0
    if "--settings" in sys.argv[1:]:
        settings_dialog(app, root, store)
        return 0
    if "--unreachable" in sys.argv[1:]:
        unreachable(app, root, store)
        return 0
    if "--screen" in sys.argv[1:]:
        screen(app, root, store)
        return 0
    daemon = start_daemon(root / "data")
    try:
        client = daemon.client()
        client.submit(
            "command", name="cpu-matmul-1024", argv=[sys.executable, "-c", CPU_MATMUL], labels={"demo": "cpu"}
        )
        client.submit(
            "command", name="print-and-exit", argv=[sys.executable, "-c", "print('checkpoint saved')"]
        )
        client.submit("matmul", name="matmul-burn", spec={"size": 4096, "duration_s": 5})
        sleeper = client.submit("command", name="long-sleeper", argv=["sleep", "600"], gpus=1)
        window = MainWindow(AppSettings(theme="dark"), data_dir=str(daemon.data_dir), store=store)
        window.resize(*SMALL)
        window.show()
        spin(app, 20)
        client.cancel(sleeper.id)
        client.submit("command", name="train-step-demo", argv=["sleep", "600"], gpus=1, priority=5)
        spin(app, 25)
        window.tabs.setCurrentIndex(0)
        spin(app, 1)
        for size in (SMALL, LARGE):
            for theme in ("dark", "light"):
                shoot(app, window, "dashboard", size, theme)
        theme_manager().apply("dark")
        window.resize(*SMALL)
        window.tabs.setCurrentIndex(1)
        panel = window.jobs_panel
        row = next(i for i, r in enumerate(panel.table_model.rows) if r.get("name") == "cpu-matmul-1024")
        panel.table.selectRow(row)
        spin(app, 3)
        panel.details.setCurrentIndex(1)
        spin(app, 1)
        row = next(i for i, r in enumerate(panel.table_model.rows) if r.get("name") == "matmul-burn")
        panel.table.selectRow(row)  # a failed job: the reason column and the summary say why
        spin(app, 3)
        panel.details.setCurrentIndex(0)
        for theme in ("dark", "light"):
            shoot(app, window, "jobs", SMALL, theme)
        theme_manager().apply("dark")
        row = next(i for i, r in enumerate(panel.table_model.rows) if r.get("name") == "train-step-demo")
        panel.table.selectRow(row)
        spin(app, 7)
        panel.details.setCurrentIndex(2)
        spin(app, 1)
        save(window, "job_telemetry")
        panel.cancel_selected()  # a running job: the window asks first, naming it
        spin(app, 1)
        save(panel.cancel_box, "cancel_confirmation")
        panel.cancel_box.reject()
        dialog = panel.open_submit_dialog()
        dialog.select_kind("matmul")
        dialog.remote = True
        dialog.spec_edit.setPlainText('{"size": 5000, "duration_s": 30}')
        dialog.name_edit.setText("burn-in")
        dialog.try_submit()
        spin(app, 2)
        save(dialog, "submit_rejected")
        dialog.remote = False
        dialog.select_kind("command")  # what it opens on
        dialog.command_edit.setText("python train.py --epochs 3 > train.log 2>&1")
        dialog.shell_box.setChecked(True)
        dialog.name_edit.setText("train-3-epochs")
        spin(app, 0.5)
        save(dialog, "submit_dialog")
        dialog.reject()
        window.tabs.setCurrentIndex(2)
        spin(app, 3)
        if window.assistant.availability == "available":
            window.assistant_panel.input.setText("/status")
            window.assistant_panel.send_message()
            spin(app, 4)
            for question in ("how hot is GPU 0, and why did job 3 fail?", "last 5 lines of job 1's log"):
                window.assistant_panel.input.setText(question)
                window.assistant_panel.send_message()
                deadline = time.monotonic() + 60
                while window.assistant.streaming and time.monotonic() < deadline:
                    spin(app, 0.5)
        save(window, "assistant")
        settings = window.open_settings()
        spin(app, 0.5)
        save(settings, "settings")
        settings.reject()
        window.tabs.setCurrentIndex(0)
        daemon.stop()
        spin(app, 4)
        save(window, "daemon_unreachable")
        window.close()
        eight_gpus(app, root, store)
        theme_manager().apply("dark")
        lost_daemon = start_daemon(root / "lost", fake_nvml="gpu_lost")
        try:
            window = MainWindow(AppSettings(theme="dark"), data_dir=str(lost_daemon.data_dir), store=store)
            window.resize(*SMALL)
            window.show()
            spin(app, 8)
            save(window, "gpu_lost")
            token_window = MainWindow(
                AppSettings(daemon_url=lost_daemon.url, token="not-the-token", theme="dark"), store=store
            )
            token_window.resize(*SMALL)
            token_window.show()
            spin(app, 4)
            save(token_window, "wrong_token")
            token_window.close()
            window.close()
        finally:
            lost_daemon.stop()
    finally:
        daemon.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
