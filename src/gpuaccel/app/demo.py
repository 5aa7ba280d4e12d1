"""``gpuaccel --demo``: the app on simulated GPUs (the fake NVML backend the tests use), for people
without an NVIDIA GPU who want to try it.

It names the fake scenario in ``$GPUACCEL_FAKE_NVML`` and a data dir of its own, so a demo daemon never
mixes with a real one and a real daemon's data never shows fake readings. Everything downstream labels
fake readings as simulated already (the dashboard's source line, ``status``, ``ps``, /metrics'
``gpuaccel_build_info{simulated="true"}``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

from gpuaccel.accel.telemetry import FAKE_ENV
from gpuaccel.accel.telemetry.fake import SCENARIOS
from gpuaccel.scheduler.paths import DATA_DIR_ENV

DEFAULT_SCENARIO = "two_gpus"  # an H100 and an RTX 4090, with a simulated trainer and Xorg


DEMO_DIR_ENV = "GPUACCEL_DEMO_DATA_DIR"  # set by enter_demo: the demo's data dir, for it and its children


def demo_data_dir() -> Path:
    """The demo's data dir: beside the data dir the user's settings name (``$GPUACCEL_DATA_DIR``, else
    the platform's), with ``-demo`` added, so each data dir has its own demo (all users of one account
    shared one demo daemon whatever they set) and a demo never writes into a real daemon's data."""
    entered = os.environ.get(DEMO_DIR_ENV)
    if entered:
        return Path(entered)
    base = Path(os.environ.get(DATA_DIR_ENV) or platformdirs.user_data_dir("gpuaccel")).expanduser()
    return base.with_name(base.name + "-demo")


def enter_demo() -> str:
    """Point this process (and the daemon it may start) at simulated GPUs; returns the scenario."""
    scenario = os.environ.get(FAKE_ENV, "").strip().removeprefix("fake:") or DEFAULT_SCENARIO
    if scenario not in SCENARIOS:
        raise SystemExit(
            f"gpuaccel --demo: unknown ${FAKE_ENV} scenario {scenario!r}; one of {', '.join(SCENARIOS)}"
        )
    os.environ[FAKE_ENV] = scenario
    os.environ[DATA_DIR_ENV] = os.environ[DEMO_DIR_ENV] = str(demo_data_dir())
    print(
        f"gpuaccel demo: simulated GPUs (scenario {scenario}); nothing shown is a real reading. "
        f"Demo data: {demo_data_dir()}",
        file=sys.stderr,
    )
    return scenario
