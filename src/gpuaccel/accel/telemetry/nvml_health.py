"""GPU health from NVML: XID error events, ECC counts, retired pages, remapped rows and PCIe replays.

XIDs arrive as events: each GPU gets an event set registered for critical XID errors once, and every
read drains what arrived since (a zero-timeout wait), keeping the last code and the count since the
sampler started. The counters are plain getters. Every call goes through the backend's one query
function, so an unsupported reading is an NA with its reason (retired pages on Ampere and newer, which
remap rows instead; remapped rows before Ampere; ECC on GPUs without it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gpuaccel.accel.telemetry.types import NA

Query = Callable[..., Any]
_MAX_EVENTS_PER_READ = 64  # a storm of XIDs is counted over several reads rather than stalling one


def _next_xid(nv: Any, event_set: Any) -> int | None:
    """The next XID waiting in ``event_set`` (None when none is waiting); other NVML errors raise."""
    try:
        data = nv.nvmlEventSetWait_v2(event_set, 0)
    except nv.NVMLError as exc:
        if getattr(exc, "value", None) == nv.NVML_ERROR_TIMEOUT:
            return None
        raise
    return int(data.eventData) if int(data.eventType) & nv.nvmlEventTypeXidCriticalError else 0


def _ecc(nv: Any, h: Any) -> tuple[int, int, int, int]:
    """Corrected / uncorrected ECC errors, volatile then aggregate."""
    get = nv.nvmlDeviceGetTotalEccErrors
    corr, unc = nv.NVML_MEMORY_ERROR_TYPE_CORRECTED, nv.NVML_MEMORY_ERROR_TYPE_UNCORRECTED
    vol, agg = nv.NVML_VOLATILE_ECC, nv.NVML_AGGREGATE_ECC
    return get(h, corr, vol), get(h, unc, vol), get(h, corr, agg), get(h, unc, agg)


def _retired(nv: Any, h: Any) -> tuple[int, int, int]:
    """Pages retired for repeated single-bit and for double-bit errors, and whether one is pending."""
    sbe = len(nv.nvmlDeviceGetRetiredPages(h, nv.NVML_PAGE_RETIREMENT_CAUSE_MULTIPLE_SINGLE_BIT_ECC_ERRORS))
    dbe = len(nv.nvmlDeviceGetRetiredPages(h, nv.NVML_PAGE_RETIREMENT_CAUSE_DOUBLE_BIT_ECC_ERROR))
    return sbe, dbe, int(nv.nvmlDeviceGetRetiredPagesPendingStatus(h))


class NvmlHealth:
    """Reads the health fields of one GPU into the sample's last values; holds the XID event sets."""

    def __init__(self, nv: Any, query: Query) -> None:
        self.nv, self.query = nv, query
        self._sets: dict[int, Any] = {}  # per GPU: its event set, or an NA saying why there is none
        self._xid: dict[int, tuple[float, float]] = {}  # per GPU: (last code, events seen)

    def read(self, index: int, h: Any, last: dict[str, Any]) -> None:
        nv, q = self.nv, self.query
        self._read_xid(index, h, last)
        ecc = q(index, _ecc, nv, h)
        keys = ("ecc_corrected_volatile", "ecc_uncorrected_volatile", "ecc_corrected_aggregate",
                "ecc_uncorrected_aggregate")  # fmt: skip
        _put(last, keys, ecc)
        _put(
            last,
            ("retired_pages_sbe", "retired_pages_dbe", "retired_pages_pending"),
            q(index, _retired, nv, h),
        )
        rows = q(index, nv.nvmlDeviceGetRemappedRows, h)
        _put(last, ("remapped_rows_correctable", "remapped_rows_uncorrectable", "row_remap_pending",
                    "row_remap_failure"), rows)  # fmt: skip
        replays = q(index, nv.nvmlDeviceGetPcieReplayCounter, h)
        last["pcie_replays"] = replays if isinstance(replays, NA) else float(replays)

    def _read_xid(self, index: int, h: Any, last: dict[str, Any]) -> None:
        nv, q = self.nv, self.query
        event_set = self._sets.get(index)
        if event_set is None:
            event_set = q(index, nv.nvmlEventSetCreate)
            if not isinstance(event_set, NA):
                registered = q(
                    index, nv.nvmlDeviceRegisterEvents, h, nv.nvmlEventTypeXidCriticalError, event_set
                )
                if isinstance(registered, NA):
                    q(index, nv.nvmlEventSetFree, event_set)
                    event_set = registered
            self._sets[index] = event_set
        if isinstance(event_set, NA):
            last["xid_last"] = last["xid_events"] = event_set
            return
        code, count = self._xid.get(index, (0.0, 0.0))
        for _ in range(_MAX_EVENTS_PER_READ):
            got = q(index, _next_xid, nv, event_set)
            if got is None or isinstance(got, NA):
                break
            if got:
                code, count = float(got), count + 1.0
        self._xid[index] = (code, count)
        last["xid_last"], last["xid_events"] = code, count

    def close(self) -> None:
        """Free the event sets (before nvmlShutdown)."""
        for event_set in self._sets.values():
            if not isinstance(event_set, NA):
                self.query(None, self.nv.nvmlEventSetFree, event_set)
        self._sets.clear()


def _put(last: dict[str, Any], keys: tuple[str, ...], values: Any) -> None:
    """Each key its value as a float, or every key the NA when the call gave one."""
    for i, key in enumerate(keys):
        last[key] = values if isinstance(values, NA) else float(values[i])
