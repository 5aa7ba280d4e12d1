"""``gpuaccel --demo`` points at simulated GPUs with data of its own; a desktop missing Qt's system
libraries gets them named with the apt line instead of Qt's abort."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from gpuaccel.app import cli, qt_libs
from gpuaccel.app.demo import DEMO_DIR_ENV, demo_data_dir, enter_demo

LDD = """\
\tlinux-vdso.so.1 (0x00007ffc)
\tlibQt6XcbQpa.so.6 => /x/Qt/lib/libQt6XcbQpa.so.6 (0x00007f)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-cursor.so.0 => not found
\tlibxkbcommon-x11.so.0 => not found
\tlibxcb-icccm.so.4 => not found
\tlibfoo-new.so.2 => not found
\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f)
"""


def test_ldd_output_names_the_missing_libraries_and_their_packages() -> None:
    missing = qt_libs.missing_from_ldd(LDD)
    assert missing == ["libxcb-icccm.so.4", "libxcb-cursor.so.0", "libxkbcommon-x11.so.0", "libfoo-new.so.2"]
    text = qt_libs.explain(missing)
    assert "sudo apt-get install libxcb-icccm4 libxcb-cursor0 libxkbcommon-x11-0" in text
    assert "libfoo-new.so.2  (find its package: apt-file search libfoo-new.so.2)" in text
    assert "gpuaccel status --watch" in text
    err = ImportError("libEGL.so.1: cannot open shared object file: No such file or directory")
    assert qt_libs.missing_from_import_error(err) == ["libEGL.so.1"]


def test_the_readme_line_installs_every_package_the_check_knows() -> None:
    readme = (qt_libs.Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert qt_libs.XCB_PACKAGES in readme
    assert set(qt_libs.XCB_PACKAGES.split()) <= set(qt_libs.PACKAGES.values())


def _window_must_not_open(monkeypatch, why: str) -> None:
    """The desktop app's entry stands in for one that fails the test if it is reached."""

    def never(**_: object) -> int:
        raise AssertionError(f"the window must not open {why}")

    real_import = cli.importlib.import_module
    gui = types.SimpleNamespace(run=never)
    monkeypatch.setattr(
        cli.importlib,
        "import_module",
        lambda name: gui if name == "gpuaccel.app.gui.main" else real_import(name),
    )


def test_desktop_start_names_missing_libraries_before_qt_aborts(monkeypatch, capsys) -> None:
    _window_must_not_open(monkeypatch, "when Qt's plugin cannot load")
    monkeypatch.setattr(qt_libs, "missing_qt_libraries", lambda: ["libxcb-icccm.so.4"])
    assert cli.main([]) == 1
    assert "sudo apt-get install libxcb-icccm4" in capsys.readouterr().err


def test_desktop_start_without_a_display_says_so_before_qt_aborts(monkeypatch, capsys) -> None:
    """Every library present but no X server (ssh without -X): Qt would abort blaming xcb-cursor0."""
    _window_must_not_open(monkeypatch, "without a display")
    monkeypatch.setattr(qt_libs, "missing_qt_libraries", lambda: [])
    monkeypatch.setattr(qt_libs.sys, "platform", "linux")
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    assert cli.main([]) == 1
    assert "no display to open it on ($DISPLAY is not set)" in capsys.readouterr().err
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert qt_libs.no_display() is None
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setenv("DISPLAY", ":0")
    assert qt_libs.no_display() is None


def test_demo_uses_simulated_gpus_and_a_data_dir_of_its_own(monkeypatch, capsys, tmp_path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.delenv("GPUACCEL_FAKE_NVML", raising=False)
    monkeypatch.setenv("GPUACCEL_DATA_DIR", str(tmp_path / "real"))
    monkeypatch.delenv(DEMO_DIR_ENV, raising=False)  # restored after the test: enter_demo sets it
    assert cli.main(["--demo", "status", "--json"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["backend"] == "fake:two_gpus"
    assert "simulated GPUs" in out.err
    # the data dir the user set is honoured (its own demo beside it), never used for the demo itself
    assert os.environ["GPUACCEL_DATA_DIR"] == str(demo_data_dir()) == str(tmp_path / "real-demo")
    monkeypatch.setenv("GPUACCEL_DATA_DIR", str(tmp_path / "other"))
    assert demo_data_dir() == tmp_path / "real-demo"  # inside the demo (and its daemon): the same dir
    monkeypatch.delenv(DEMO_DIR_ENV)
    assert demo_data_dir() == tmp_path / "other-demo"  # another user's data dir: another demo
    monkeypatch.delenv("GPUACCEL_DATA_DIR")
    assert demo_data_dir() == tmp_path / "share" / "gpuaccel-demo"
    monkeypatch.setenv("GPUACCEL_FAKE_NVML", "nonsense")
    with pytest.raises(SystemExit, match="unknown .* scenario 'nonsense'"):
        enter_demo()


_WITHOUT = """
import sys
for name in {refused!r}:
    sys.modules[name] = None  # as in a core install: `import {{name}}` raises ModuleNotFoundError
from gpuaccel.app import cli
from gpuaccel.app.commands import status
status.run_status = lambda args: print("status watch", args.watch) or 0
sys.exit(cli.main({argv!r}))
"""


@pytest.mark.parametrize(
    ("refused", "argv"), [(["PySide6"], []), (["pyqtgraph"], []), (["PySide6", "pyqtgraph"], ["--demo"])]
)
def test_without_the_gui_extra_the_app_says_so_in_one_line(tmp_path, refused, argv) -> None:
    """A core install (no Qt) opening the desktop app: the install line, then the terminal view."""
    src = str(Path(__file__).resolve().parents[2] / "src")
    env = {"PYTHONPATH": src, "PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "QT_QPA_PLATFORM": "offscreen"}
    code = _WITHOUT.format(refused=refused, argv=argv)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert "the desktop app needs the gui extra: pip install 'gpuaccel[gui]'" in done.stderr
    assert done.stdout.strip() == "status watch True"


def test_a_demo_command_without_its_daemon_says_to_start_the_demo_one(monkeypatch, capsys, tmp_path) -> None:
    """``gpuaccel serve`` would start a daemon on the real data dir, which the demo never reads."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setenv("GPUACCEL_FAKE_NVML", "two_gpus")
    monkeypatch.setenv("GPUACCEL_DATA_DIR", str(tmp_path / "real"))
    monkeypatch.delenv(DEMO_DIR_ENV, raising=False)
    assert cli.main(["--demo", "ls"]) == 1
    err = capsys.readouterr().err
    assert f"no gpuaccel daemon is running for data dir {demo_data_dir()}" in err
    assert err.rstrip().endswith("start one with: gpuaccel --demo serve")
