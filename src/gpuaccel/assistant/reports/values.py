"""How a report names and writes its facts for people: column names with units, rounding, durations."""

from __future__ import annotations

from typing import Any

from gpuaccel.accel.telemetry.fields import FIELD, heading
from gpuaccel.api.attempts import gpu_hours_text
from gpuaccel.api.durations import format_duration

# Column and fact names as people read them (a key not listed is shown with its underscores as spaces); a
# reading's unit is the telemetry catalogue's (``Field.unit``), so a table says "°C" as the app does.
HUMAN = {
    "gpu": "GPU",
    "util_avg_pct": heading("mean utilization", FIELD["util_gpu"].unit),
    "tensor_avg_pct": heading("mean tensor activity", FIELD["tensor_active"].unit),
    "temp_peak_c": heading("peak temperature", FIELD["temperature_c"].unit),
    "queue_jobs_energy": "of it, queue jobs",
    "queue_jobs": "queue jobs",
    "tflops_est_avg": f"mean {FIELD['tflops_est'].heading}",
    "tflops": "TFLOP/s",
    "gpu_hours": "GPU-hours",
    "gpu_time": "GPU time (all attempts)",
    "duration_s": "ran for",
    "history_resolution": "history resolution",
    "assigned_gpus": "GPUs",
    "exit_code": "exit code",
    "jobs_unfinished": "jobs not finished by the day's end",
    "jobs_waiting": "jobs waiting now",
    "energy_method": "energy measured by",
}


def human(key: str) -> str:
    return HUMAN.get(key, key.replace("_", " "))


def people(value: Any, key: str = "") -> str:
    """A value rounded for reading: 3 significant digits at most, no trailing zeros, durations in words."""

    if value is None:
        return "n/a"
    if key == "duration_s" and isinstance(value, int | float):
        return format_duration(value)
    if key == "gpu_hours" and isinstance(value, int | float):
        return gpu_hours_text(value)  # as gpuaccel show and the chat write them
    if isinstance(value, bool) or not isinstance(value, float):
        return str(value)
    digits = 0 if abs(value) >= 100 else 1 if abs(value) >= 1 else 3
    return f"{value:.{digits}f}".rstrip("0").rstrip(".") if digits else f"{value:.0f}"
