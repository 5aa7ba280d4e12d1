"""The real backend's error mapping without a driver (pynvml's exception classes need no libnvidia-ml)."""

from __future__ import annotations

import pynvml
import pytest

from accel.telemetry.nvml import NvmlBackend, process_name, reason_for
from accel.telemetry.types import NA, TelemetryUnavailable


def raising(code: int):
    def fn(*_args):
        raise pynvml.NVMLError(code)

    return fn


@pytest.mark.parametrize(
    ("code", "reason", "lost"),
    [
        (pynvml.NVML_ERROR_NOT_SUPPORTED, "not supported on this GPU", False),
        (pynvml.NVML_ERROR_NO_PERMISSION, "needs root", False),
        (pynvml.NVML_ERROR_FUNCTION_NOT_FOUND, "driver/library mismatch (function not found)", False),
        (pynvml.NVML_ERROR_GPU_IS_LOST, "GPU lost", True),
        (pynvml.NVML_ERROR_LIBRARY_NOT_FOUND, "NVIDIA driver library (libnvidia-ml) not found", False),
        (pynvml.NVML_ERROR_DRIVER_NOT_LOADED, "NVIDIA driver is not loaded", False),
        (pynvml.NVML_ERROR_TIMEOUT, "NVML error: Timeout", False),
    ],
)
def test_reason_for(code, reason, lost):
    assert reason_for(pynvml.NVMLError(code)) == (reason, lost)


def test_library_mismatch_is_function_not_found():
    assert (
        reason_for(pynvml.NVMLLibraryMismatchError("x"))[0] == "driver/library mismatch (function not found)"
    )


def test_query_maps_errors_and_marks_lost():
    b = NvmlBackend()
    b._lost = [False, False]
    assert b._query(0, lambda: 42) == 42
    assert b._query(0, raising(pynvml.NVML_ERROR_UNKNOWN)) == NA("NVML error: Unknown Error")
    assert b._lost == [False, False]  # unknown on a healthy GPU is not "lost"
    assert b._query(1, raising(pynvml.NVML_ERROR_GPU_IS_LOST)) == NA("GPU lost")
    assert b._lost == [False, True]
    assert b._query(1, raising(pynvml.NVML_ERROR_UNKNOWN)) == NA("GPU lost")  # unknown after lost
    assert b._query(None, raising(pynvml.NVML_ERROR_NOT_SUPPORTED)) == NA("not supported on this GPU")


def test_init_without_driver_raises_unavailable(monkeypatch):
    monkeypatch.setattr(pynvml, "nvmlInit", raising(pynvml.NVML_ERROR_LIBRARY_NOT_FOUND))
    with pytest.raises(TelemetryUnavailable, match=r"^NVIDIA driver library \(libnvidia-ml\) not found$"):
        NvmlBackend().init()
    monkeypatch.setattr(pynvml, "nvmlInit", raising(pynvml.NVML_ERROR_DRIVER_NOT_LOADED))
    with pytest.raises(TelemetryUnavailable, match="^NVIDIA driver is not loaded$"):
        NvmlBackend().init()


def test_process_name_reads_proc():
    import os

    assert process_name(os.getpid()).startswith("python")
    assert process_name(2**22 + 12345) == "?"
