"""The oldest triton and torch the kernels work with, checked before a kernel module loads.

An older triton fails deep inside a kernel module (``cannot import name 'warpgroup_mma'``) or, worse,
at compile time; this says instead which version is installed and which is needed. Triton 3.4 is the
first with ``triton.experimental.gluon`` and ``tl.make_tensor_descriptor``, but our Gluon kernels use
``gluon...hopper.warpgroup_mma`` and more, first in 3.5; torch 2.9 is the release built against 3.5.
pyproject.toml's ``kernels`` extra states the same floors (a test holds them equal).
"""

from __future__ import annotations

import functools
from importlib import metadata

FLOORS = {"triton": (3, 5), "torch": (2, 9)}
INSTALL = "pip install -U 'gpuaccel[kernels]'"


@functools.cache  # a metadata lookup scans sys.path (~2 ms); it runs at each access to a kernel name
def installed(package: str) -> str | None:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return None


def too_old() -> list[str]:
    """Each installed package older than its floor, in words ("triton 3.2.0 (needs >= 3.5)")."""
    found = []
    for package, floor in FLOORS.items():
        version = installed(package)
        if version is not None and _release(version) < floor:
            found.append(f"{package} {version} (needs >= {'.'.join(map(str, floor))})")
    return found


def require() -> None:
    """ImportError naming the installed and the needed versions when one is too old."""
    old = too_old()
    if old:
        raise ImportError(f"gpuaccel's attention kernels need newer packages: {', '.join(old)}; {INSTALL}")


def _release(version: str) -> tuple[int, ...]:
    """``2.13.0+cu130`` -> (2, 13, 0); ``3.5.0rc1`` -> (3, 5, 0)."""
    parts = []
    for piece in version.split("+")[0].split("."):
        digits = ""
        for ch in piece:
            if not ch.isdigit():
                break
            digits += ch
        if not digits:
            break
        parts.append(int(digits))
    return tuple(parts)
