"""GPM (GPU Performance Monitoring, Hopper and newer) for :class:`nvml.NvmlBackend`: SM, tensor-core, DRAM
and per-precision activity of a whole GPU or of one MIG GPU instance.

GPM measures between two samples, so each GPU (and each MIG instance) keeps two sample buffers that take
turns being "previous" and "current". Everything a read needs is built once per slot: the two metrics
requests (one per order of the buffers) and plain ctypes views of their results, because pynvml's
structures run Python code on every attribute access (``_PrintableStructure.__getattribute__``), which
the sampler would otherwise pay seven times per read.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gpuaccel.accel.telemetry.fields import GPM_METRICS, GPM_WARMING_UP, NOT_HOPPER
from gpuaccel.accel.telemetry.types import NA, Num

# GPM metric ids (NVML_GPM_METRIC_*) for our GPM_METRICS names.
GPM_IDS: dict[str, int] = {
    "sm_active": 2,  # SM_UTIL
    "sm_occupancy": 3,  # SM_OCCUPANCY
    "tensor_active": 5,  # ANY_TENSOR_UTIL
    "dram_bw_util": 10,  # DRAM_BW_UTIL
    "fp16_active": 13,  # FP16_UTIL
    "fp32_active": 12,  # FP32_UTIL
    "fp64_active": 11,  # FP64_UTIL
}

Query = Callable[..., Any]  # NvmlBackend._query: (gpu index, fn, *args) -> result or NA
ReasonFor = Callable[[BaseException], tuple[str, bool]]


@dataclass
class _Slot:
    """One GPU's (or MIG instance's) GPM state."""

    bufs: list[Any]  # two nvmlGpmSample_t buffers
    requests: list[Any]  # requests[t]: sample1 = bufs[1 - t] (previous), sample2 = bufs[t] (current)
    views: list[list[tuple[str, Any, Any]]]  # per request: (metric, nvmlReturn view, value view)
    turn: int = 0  # which buffer the next sample goes into
    have_prev: bool = False


class GpmReader:
    """Reads GPM metrics through ``query`` (so NVML errors become NA and lost GPUs are marked)."""

    def __init__(self, nv: Any, query: Query, reason_for: ReasonFor) -> None:
        self._nv, self._q, self._reason_for = nv, query, reason_for
        self._slots: dict[tuple[int, int | None], _Slot | NA] = {}

    def read(self, index: int, handle: Any, gpu_instance: int | None = None) -> dict[str, Num]:
        """GPM metrics of GPU ``index`` (or of its MIG GPU instance ``gpu_instance``) since the previous
        read of the same slot; NA(GPM_WARMING_UP) on a slot's first read."""
        key = (index, gpu_instance)
        slot = self._slots.get(key)
        if slot is None:
            slot = self._slots[key] = self._open(index)
        if isinstance(slot, NA):
            return dict.fromkeys(GPM_METRICS, slot)
        nv, q, turn = self._nv, self._q, slot.turn
        if gpu_instance is None:
            got = q(index, nv.nvmlGpmSampleGet, handle, slot.bufs[turn])
        else:
            got = q(index, nv.nvmlGpmMigSampleGet, handle, gpu_instance, slot.bufs[turn])
        if isinstance(got, NA):
            slot.have_prev = False
            return dict.fromkeys(GPM_METRICS, got)
        slot.turn = 1 - turn
        if not slot.have_prev:
            slot.have_prev = True
            return dict.fromkeys(GPM_METRICS, NA(GPM_WARMING_UP))
        res = q(index, nv.nvmlGpmMetricsGet, slot.requests[turn])
        if isinstance(res, NA):
            return dict.fromkeys(GPM_METRICS, res)
        return {
            name: value.value if ret.value == 0 else NA(self._reason_for(nv.NVMLError(ret.value))[0])
            for name, ret, value in slot.views[turn]
        }

    def forget(self, index: int, gpu_instance: int) -> None:
        """Free a MIG instance's buffers (the instance is gone)."""
        slot = self._slots.pop((index, gpu_instance), None)
        if isinstance(slot, _Slot):
            for buf in slot.bufs:
                self._q(None, self._nv.nvmlGpmSampleFree, buf)

    def instances(self, index: int) -> list[int]:
        """The MIG GPU instances of GPU ``index`` that have a slot."""
        return [gi for (i, gi) in self._slots if i == index and gi is not None]

    def close(self) -> None:
        """Free every buffer (NVML shutdown follows)."""
        for slot in self._slots.values():
            if isinstance(slot, _Slot):
                for buf in slot.bufs:
                    self._q(None, self._nv.nvmlGpmSampleFree, buf)
        self._slots = {}

    def _open(self, index: int) -> _Slot | NA:
        nv, q = self._nv, self._q
        bufs = [q(index, nv.nvmlGpmSampleAlloc), q(index, nv.nvmlGpmSampleAlloc)]
        failed = next((b for b in bufs if isinstance(b, NA)), None)
        if failed is not None:
            for b in bufs:
                if not isinstance(b, NA):
                    q(None, nv.nvmlGpmSampleFree, b)
            return failed
        requests = [self._request(bufs[1], bufs[0]), self._request(bufs[0], bufs[1])]
        return _Slot(bufs, requests, [_views(nv, r) for r in requests])

    def _request(self, previous: Any, current: Any) -> Any:
        """A metrics request for our GPM_METRICS between two buffers (a 210-metric ctypes struct)."""
        nv = self._nv
        req = nv.c_nvmlGpmMetricsGet_t()
        req.version = nv.NVML_GPM_METRICS_GET_VERSION
        req.numMetrics = len(GPM_METRICS)
        req.sample1, req.sample2 = previous, current
        for i, name in enumerate(GPM_METRICS):
            req.metrics[i].metricId = GPM_IDS[name]
        return req


def _views(nv: Any, req: Any) -> list[tuple[str, Any, Any]]:
    """Plain ctypes views of each requested metric's return code and value inside ``req``."""
    metric = nv.c_nvmlGpmMetric_t
    base, size = type(req).metrics.offset, ctypes.sizeof(metric)
    return [
        (
            name,
            ctypes.c_uint.from_buffer(req, base + i * size + metric.nvmlReturn.offset),
            ctypes.c_double.from_buffer(req, base + i * size + metric.value.offset),
        )
        for i, name in enumerate(GPM_METRICS)
    ]


def not_supported(ok: bool | NA) -> dict[str, Num]:
    """The GPM metrics of a GPU without GPM: NA with the reason (not Hopper, or the support query's)."""
    return dict.fromkeys(GPM_METRICS, ok if isinstance(ok, NA) else NA(NOT_HOPPER))
