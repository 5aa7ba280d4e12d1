"""Why the desktop app cannot start on this Linux desktop, said before Qt aborts with a misleading message.

Qt aborts the whole process when its platform plugin does not load, and names ``xcb-cursor0`` whatever
library is really missing. So before the window is created, the xcb plugin and the Qt libraries it loads
are checked with ``ldd``; missing ones are named with the Debian/Ubuntu package and the one apt line that
installs them. No Qt import here: this must work when Qt itself cannot load.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

# soname -> Debian/Ubuntu package, for every library the Qt 6 xcb platform plugin (and QtGui) loads.
PACKAGES: dict[str, str] = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-xinerama.so.0": "libxcb-xinerama0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xinput.so.0": "libxcb-xinput0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-glx.so.0": "libxcb-glx0",
    "libxcb.so.1": "libxcb1",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libX11.so.6": "libx11-6",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libGLX.so.0": "libglx0",
    "libOpenGL.so.0": "libopengl0",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
    "libSM.so.6": "libsm6",
    "libICE.so.6": "libice6",
}
# What a minimal desktop usually lacks for Qt 6's xcb plugin: the README's one line.
XCB_PACKAGES = (
    "libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-render-util0 libxcb-randr0 "
    "libxcb-shape0 libxcb-xinerama0 libxcb-xkb1 libxkbcommon-x11-0 libegl1 libgl1 libfontconfig1 libdbus-1-3"
)
_NOT_FOUND = re.compile(r"^\s*(\S+)\s*=>\s*not found", re.MULTILINE)


def missing_from_ldd(output: str) -> list[str]:
    """The sonames ``ldd`` reports as "not found", in order, once each."""
    return list(dict.fromkeys(_NOT_FOUND.findall(output)))


def apt_line(sonames: list[str]) -> str:
    packages = dict.fromkeys(PACKAGES[s] for s in sonames if s in PACKAGES)
    return f"sudo apt-get install {' '.join(packages)}" if packages else ""


def explain(sonames: list[str]) -> str:
    """The message for people: what is missing, which package holds it, the one line that installs them."""
    lines = [
        "The desktop app cannot start: Qt's display plugin (xcb) needs system libraries that are missing:"
    ]
    for s in sonames:
        pkg = PACKAGES.get(s)
        lines.append(f"  {s}  (package {pkg})" if pkg else f"  {s}  (find its package: apt-file search {s})")
    line = apt_line(sonames)
    if line:
        lines += ["Install them with:", f"  {line}"]
    lines.append("Meanwhile `gpuaccel status --watch` shows the GPUs in the terminal.")
    return "\n".join(lines)


def _qt_dir() -> Path | None:
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "Qt"


def uses_xcb() -> bool:
    """Whether Qt will pick the xcb (X11) plugin: Linux, no other platform asked for, not on Wayland."""
    if not sys.platform.startswith("linux"):
        return False
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform:
        return platform.split(":")[0].split(";")[0] == "xcb"
    return not (os.environ.get("WAYLAND_DISPLAY") and os.environ.get("XDG_SESSION_TYPE") == "wayland")


def no_display() -> str | None:
    """Why the xcb plugin has no X server to connect to, or None. Qt aborts the process then, naming
    ``xcb-cursor0`` even when every library is installed (ssh without -X, a headless GPU server)."""
    if not uses_xcb() or os.environ.get("DISPLAY"):
        return None
    return (
        "The desktop app cannot start: there is no display to open it on ($DISPLAY is not set).\n"
        "Run it in a desktop session, or over `ssh -X`; "
        "meanwhile `gpuaccel status --watch` shows the GPUs in the terminal."
    )


def missing_qt_libraries() -> list[str]:
    """Sonames the xcb plugin (or the Qt libraries it loads) cannot find; empty when fine or not checkable."""
    qt, ldd = _qt_dir(), shutil.which("ldd")
    if qt is None or ldd is None or not uses_xcb():
        return []
    files = [qt / "plugins" / "platforms" / "libqxcb.so", *sorted((qt / "lib").glob("libQt6XcbQpa.so*"))[:1]]
    missing: list[str] = []
    for f in files:
        if not f.is_file():
            continue
        try:
            out = subprocess.run([ldd, str(f)], capture_output=True, text=True, timeout=10).stdout
        except (OSError, subprocess.SubprocessError):
            return []
        missing += missing_from_ldd(out)
    return list(dict.fromkeys(missing))


def missing_from_import_error(exc: ImportError) -> list[str]:
    """``libEGL.so.1: cannot open shared object file``: QtGui itself could not load that library."""
    found = re.search(r"(lib[\w.+-]+\.so[\w.]*): cannot open shared object file", str(exc))
    return [found.group(1)] if found else []
