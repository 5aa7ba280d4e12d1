"""The real backend's error mapping without a driver (pynvml's exception classes need no libnvidia-ml)."""

from __future__ import annotations

import ctypes
import itertools
import os
import time

import pynvml
import pytest

from gpuaccel.accel.telemetry import nvml as nvml_module
from gpuaccel.accel.telemetry import nvml_processes, open_backend
from gpuaccel.accel.telemetry.fields import GPM_WARMING_UP, PCIE_WARMING_UP
from gpuaccel.accel.telemetry.nvml import EnergyReader, NvmlBackend, reason_for
from gpuaccel.accel.telemetry.nvml_processes import process_name
from gpuaccel.accel.telemetry.types import NA, TelemetryUnavailable


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


class _Obj:
    def __init__(self, **kw):
        self.__dict__.update(kw)


@pytest.fixture
def mocked_nvml(monkeypatch):
    """pynvml with canned answers for one Hopper GPU, so the real backend's sampling logic runs on CPU."""
    state = {"gpm_gets": 0, "freed": 0, "tensor": 93.8, "pcie_reads": 0, "pcie_bytes": (0, 0)}
    h = object()

    def metrics_get(req):
        assert req.numMetrics == 7 and req.version == pynvml.NVML_GPM_METRICS_GET_VERSION
        for i in range(req.numMetrics):
            req.metrics[i].nvmlReturn = 0
            req.metrics[i].value = state["tensor"] if req.metrics[i].metricId == 5 else 1.5
        return req

    def field_values(_h, ids):
        assert ids == [pynvml.NVML_FI_DEV_PCIE_COUNT_TX_BYTES, pynvml.NVML_FI_DEV_PCIE_COUNT_RX_BYTES]
        state["pcie_reads"] += 1
        out = (pynvml.c_nvmlFieldValue_t * 2)()
        for v, count in zip(out, state["pcie_bytes"], strict=True):
            v.nvmlReturn, v.valueType, v.value.ullVal = 0, pynvml.NVML_VALUE_TYPE_UNSIGNED_LONG_LONG, count
        return out

    state["xids"] = []

    def next_xid(_set, timeout_ms):
        assert timeout_ms == 0  # drained, never waited on
        if not state["xids"]:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_TIMEOUT)
        return _Obj(eventType=pynvml.nvmlEventTypeXidCriticalError, eventData=state["xids"].pop(0))

    def sample_get(_h, buf):
        state["gpm_gets"] += 1
        return buf

    canned = {
        "nvmlInit": lambda: None,
        "nvmlShutdown": lambda: None,
        "nvmlSystemGetDriverVersion": lambda: "580.159.04",
        "nvmlDeviceGetCount": lambda: 1,
        "nvmlDeviceGetHandleByIndex": lambda i: h,
        "nvmlDeviceGetUUID": lambda _h: "GPU-abc",
        "nvmlDeviceGetName": lambda _h: "NVIDIA H100 80GB HBM3",
        "nvmlDeviceGetArchitecture": lambda _h: 9,
        "nvmlDeviceGetCudaComputeCapability": lambda _h: (9, 0),
        "nvmlDeviceGetMemoryInfo": lambda _h: _Obj(total=80 * 2**30, used=2**30),
        "nvmlDeviceGetEnforcedPowerLimit": lambda _h: 700000,
        "nvmlDeviceGetPciInfo": lambda _h: _Obj(busId=b"00000000:18:00.0"),
        "nvmlGpmQueryDeviceSupport": lambda _h: _Obj(isSupportedDevice=1),
        "nvmlDeviceGetUtilizationRates": lambda _h: _Obj(gpu=97, memory=24),
        "nvmlDeviceGetTemperature": lambda _h, _s: 61,
        "nvmlDeviceGetPowerUsage": lambda _h: 650123,
        "nvmlDeviceGetTotalEnergyConsumption": lambda _h: 1234567,
        "nvmlDeviceGetClockInfo": lambda _h, c: 1980 if c == pynvml.NVML_CLOCK_SM else 2619,
        "nvmlDeviceGetFanSpeed": raising(pynvml.NVML_ERROR_NOT_SUPPORTED),
        "nvmlDeviceGetPerformanceState": lambda _h: 0,
        "nvmlDeviceGetCurrentClocksEventReasons": lambda _h: 0x4 | 0x40,
        "nvmlDeviceGetPcieThroughput": lambda _h, c: 100 if c == pynvml.NVML_PCIE_UTIL_TX_BYTES else 200,
        "nvmlDeviceGetFieldValues": field_values,
        "nvmlDeviceGetComputeRunningProcesses": lambda _h: [_Obj(pid=os.getpid(), usedGpuMemory=3 * 2**30)],
        "nvmlDeviceGetGraphicsRunningProcesses": raising(pynvml.NVML_ERROR_NOT_SUPPORTED),
        # two samples of our pid in the interval: the newer one counts
        "nvmlDeviceGetProcessUtilization": lambda _h, _t: [
            _Obj(pid=os.getpid(), timeStamp=10, smUtil=20),
            _Obj(pid=os.getpid(), timeStamp=20, smUtil=55),
        ],
        "nvmlGpmSampleAlloc": lambda: pynvml.c_nvmlGpmSample_t(),
        "nvmlGpmSampleFree": lambda _b: state.__setitem__("freed", state["freed"] + 1),
        "nvmlGpmSampleGet": sample_get,
        "nvmlGpmMetricsGet": metrics_get,
        # health: XIDs from an event set, ECC counts, remapped rows (an H100 retires no pages), PCIe replays
        "nvmlEventSetCreate": lambda: "event-set",
        "nvmlDeviceRegisterEvents": lambda _h, types, _s: None,
        "nvmlEventSetWait_v2": next_xid,
        "nvmlEventSetFree": lambda _s: state.__setitem__("sets_freed", state.get("sets_freed", 0) + 1),
        "nvmlDeviceGetTotalEccErrors": lambda _h, err, counter: (10 * (1 + counter))
        if err == 0
        else counter + 1,
        "nvmlDeviceGetRetiredPages": raising(pynvml.NVML_ERROR_NOT_SUPPORTED),
        "nvmlDeviceGetRetiredPagesPendingStatus": raising(pynvml.NVML_ERROR_NOT_SUPPORTED),
        "nvmlDeviceGetRemappedRows": lambda _h: (3, 1, 1, 0),
        "nvmlDeviceGetPcieReplayCounter": lambda _h: 12,
    }
    calls = state["calls"] = {}

    def counted(name, fn):
        def wrapper(*args):
            calls[name] = calls.get(name, 0) + 1
            return fn(*args)

        return wrapper

    for name, fn in canned.items():
        monkeypatch.setattr(pynvml, name, counted(name, fn))
    return state


class _Clock:
    """The backend's monotonic clock, moved by the test; wall time stays real."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now

    def time(self) -> float:
        return time.time()

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock(monkeypatch):
    c = _Clock()
    monkeypatch.setattr(nvml_module, "time", c)
    monkeypatch.setattr(nvml_processes, "time", c)
    return c


def test_sampling_logic_on_mocked_nvml(mocked_nvml, clock, monkeypatch):
    b = NvmlBackend()
    b.init()
    info = b.device_info(0)
    assert (info.name, info.architecture, info.compute_capability) == (
        "NVIDIA H100 80GB HBM3",
        "Hopper",
        (9, 0),
    )
    assert (
        info.power_limit_w == 700.0 and info.pci_bus_id == "00000000:18:00.0" and info.gpm_supported is True
    )
    calls = mocked_nvml["calls"]
    first = b.sample(0)  # every group is read on the first sample
    assert first.gpm["tensor_active"] == NA("needs a second reading (GPM measures between two samples)")
    assert first.pcie_tx_kbs == NA(PCIE_WARMING_UP) and mocked_nvml["pcie_reads"] == 1
    assert (first.util_gpu, first.util_mem, first.temperature_c, first.power_w) == (97.0, 24.0, 61.0, 650.123)
    # the energy counter (3 ms of CPU per call) is read on a thread of its own: at once, then every 30 s
    assert b.energy is not None and b.energy._thread.name == "gpuaccel-telemetry-energy"
    deadline = time.monotonic() + 5
    while b.energy.reads < 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert b.energy.latest(0) == 1234.567
    assert (first.sm_clock_mhz, first.mem_clock_mhz, first.pstate) == (1980.0, 2619.0, "P0")
    assert first.fan_pct == NA("not supported on this GPU")
    assert first.throttle_reasons == ["sw_power_cap", "hw_thermal"]
    p = first.processes
    assert len(p) == 1 and p[0].kind == "compute" and p[0].used_mib == 3072.0 and p[0].sm_pct == 55.0
    assert p[0].name.startswith("python")
    before = dict(calls)
    clock.advance(0.1)
    repeat = b.sample(0)  # nothing is due yet: the last values again, no NVML call
    assert calls == before and repeat.util_gpu == 97.0 and repeat.timestamp >= first.timestamp
    clock.advance(0.1)
    b.sample(0)  # 0.2 s: utilization and power
    assert calls["nvmlDeviceGetUtilizationRates"] == 2 and calls["nvmlDeviceGetPowerUsage"] == 2
    assert calls["nvmlDeviceGetTemperature"] == 1 and mocked_nvml["gpm_gets"] == 1
    clock.advance(0.8)
    s = b.sample(0)  # 1 s: GPM (between this sample and the first), clocks, temperature, memory, processes
    assert s.gpm["tensor_active"] == 93.8 and s.gpm["sm_active"] == 1.5 and mocked_nvml["gpm_gets"] == 2
    assert calls["nvmlDeviceGetClockInfo"] == 3  # SM clock twice, the memory clock once (limits: 5 s)
    assert calls["nvmlDeviceGetTemperature"] == 2 and calls["nvmlDeviceGetMemoryInfo"] == 3  # + device_info
    assert calls["nvmlDeviceGetComputeRunningProcesses"] == 2
    assert calls["nvmlDeviceGetProcessUtilization"] == 1  # the same process: its SM % every 5 s
    assert calls["nvmlDeviceGetFanSpeed"] == 1  # "not supported" is not asked again
    # the counter plus the power (650.123 W) integrated over the 0.9-1.0 s since it was read
    assert 1234.567 + 650.123 * 0.9 - 1e-6 <= s.energy_j <= 1234.567 + 650.123 * 1.0 + 1e-6
    assert mocked_nvml["pcie_reads"] == 1
    mocked_nvml["pcie_bytes"] = (100 * 1024 * 4, 200 * 1024 * 4)
    clock.advance(4.0)
    s = b.sample(0)  # 5 s: PCIe throughput is the byte counters' rate since the first read
    assert (s.pcie_tx_kbs, s.pcie_rx_kbs) == (80.0, 160.0) and mocked_nvml["pcie_reads"] == 2
    assert calls["nvmlDeviceGetPerformanceState"] == 2 and calls["nvmlDeviceGetFanSpeed"] == 1
    assert "nvmlDeviceGetPcieThroughput" not in calls  # the counters replace the ~20 ms throughput call
    assert calls["nvmlDeviceGetTotalEnergyConsumption"] == 1  # not on the sampling thread, once in 300 s
    monkeypatch.setattr(pynvml, "nvmlDeviceGetUtilizationRates", raising(pynvml.NVML_ERROR_GPU_IS_LOST))
    clock.advance(0.2)
    lost = b.sample(0)
    assert lost.lost and lost.power_w == NA("GPU lost")
    assert b.sample(0).lost  # stays lost without asking NVML again
    b.shutdown()
    assert mocked_nvml["freed"] == 2  # both GPM buffers released


def test_pcie_falls_back_to_the_throughput_call_without_counters(mocked_nvml, clock, monkeypatch):
    def no_counters(_h, ids):
        out = (pynvml.c_nvmlFieldValue_t * len(ids))()
        for v in out:
            v.nvmlReturn = pynvml.NVML_ERROR_NOT_SUPPORTED
        return out

    monkeypatch.setattr(pynvml, "nvmlDeviceGetFieldValues", no_counters)
    b = NvmlBackend()
    b.init()
    s = b.sample(0)
    assert (s.pcie_tx_kbs, s.pcie_rx_kbs) == (100.0, 200.0)
    clock.advance(5.0)
    b.sample(0)
    assert mocked_nvml["calls"]["nvmlDeviceGetPcieThroughput"] == 4  # tx and rx, every 5 s
    b.shutdown()


def test_pcie_can_be_turned_off(mocked_nvml):
    b = NvmlBackend(pcie_interval_s=None)
    b.init()
    s = b.sample(0)
    assert s.pcie_tx_kbs == NA("PCIe throughput reading is turned off")
    assert "nvmlDeviceGetPcieThroughput" not in mocked_nvml["calls"] and mocked_nvml["pcie_reads"] == 0
    b.shutdown()


def test_read_intervals_are_checked_and_a_group_can_follow_the_sampling_rate(mocked_nvml):
    with pytest.raises(ValueError, match=r"unknown reading group\(s\) \['gpu_temp'\]; known: utilization"):
        NvmlBackend(intervals={"gpu_temp": 1.0})
    with pytest.raises(ValueError, match="read intervals must be >= 0 s"):
        NvmlBackend(intervals={"memory": -1.0})
    b = NvmlBackend(intervals={"memory": 0.0, "gpm": 60.0})
    b.init()
    for _ in range(3):
        s = b.sample(0)
    assert mocked_nvml["calls"]["nvmlDeviceGetMemoryInfo"] == 3  # every round
    assert mocked_nvml["gpm_gets"] == 1  # GPM once a minute: the first reading, repeated
    assert s.gpm["tensor_active"] == NA("needs a second reading (GPM measures between two samples)")
    b.shutdown()


def test_per_process_sm_is_asked_only_while_a_process_runs_and_at_once_for_a_new_one(
    mocked_nvml, monkeypatch
):
    running: list = []
    monkeypatch.setattr(pynvml, "nvmlDeviceGetComputeRunningProcesses", lambda _h: list(running))
    calls = mocked_nvml["calls"]
    b = NvmlBackend(intervals={"processes": 0.0})
    b.init()
    assert b.sample(0).processes == [] and "nvmlDeviceGetProcessUtilization" not in calls
    running.append(_Obj(pid=os.getpid(), usedGpuMemory=2**30))
    assert b.sample(0).processes[0].sm_pct == 55.0 and calls["nvmlDeviceGetProcessUtilization"] == 1
    b.sample(0)
    assert calls["nvmlDeviceGetProcessUtilization"] == 1  # the same process: SM % every 5 s
    running.append(_Obj(pid=1, usedGpuMemory=2**30))
    s = b.sample(0)
    assert calls["nvmlDeviceGetProcessUtilization"] == 2 and [p.sm_pct for p in s.processes] == [55.0, 0.0]
    b.shutdown()


def test_mig_instances_get_their_own_gpm_activity(mocked_nvml, clock, monkeypatch):
    """A GPU in MIG mode through the real backend: each GPU instance is sampled on its own
    (nvmlGpmMigSampleGet) at the GPM rate; a vanished instance's buffers are freed."""
    instances = {0: ("MIG-a", 1, "3g.40gb", 40), 2: ("MIG-b", 5, "1g.10gb", 10)}  # slot: uuid, GI id, ...
    owner: dict[int, int | None] = {}  # GPM buffer address -> GPU instance id (None: the whole GPU)
    mig_gets: dict[int, int] = {}
    addresses = itertools.count(0x1000, 0x100)

    def address(buf):
        return ctypes.cast(buf, ctypes.c_void_p).value

    def alloc():
        return ctypes.cast(ctypes.c_void_p(next(addresses)), pynvml.c_nvmlGpmSample_t)

    def device_sample(_h, buf):
        owner[address(buf)] = None
        return buf

    def mig_sample(_h, gpu_instance, buf):
        owner[address(buf)] = gpu_instance
        mig_gets[gpu_instance] = mig_gets.get(gpu_instance, 0) + 1
        return buf

    def metrics(req):
        sm = {None: 10.0, 1: 70.0, 5: 20.0}[owner[address(req.sample2)]]
        for i in range(req.numMetrics):
            m = req.metrics[i]
            m.nvmlReturn, m.value = 0, {2: sm, 5: sm / 2}.get(m.metricId, 1.0)
        return req

    def mig_handle(_h, i):
        if i not in instances:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_NOT_FOUND)
        return ("mig", i)

    real_memory = pynvml.nvmlDeviceGetMemoryInfo
    for name, fn in {
        "nvmlGpmSampleAlloc": alloc,
        "nvmlGpmSampleGet": device_sample,
        "nvmlGpmMigSampleGet": mig_sample,
        "nvmlGpmMetricsGet": metrics,
        "nvmlDeviceGetMigMode": lambda _h: (1, 1),
        "nvmlDeviceGetMaxMigDeviceCount": lambda _h: 7,
        "nvmlDeviceGetMigDeviceHandleByIndex": mig_handle,
        "nvmlDeviceGetUUID": lambda h: instances[h[1]][0] if isinstance(h, tuple) else "GPU-abc",
        "nvmlDeviceGetName": lambda h: f"NVIDIA H100 80GB HBM3 MIG {instances[h[1]][2]}",
        "nvmlDeviceGetGpuInstanceId": lambda h: instances[h[1]][1],
        "nvmlDeviceGetMemoryInfo": lambda h: (
            _Obj(used=2**30, total=instances[h[1]][3] * 2**30) if isinstance(h, tuple) else real_memory(h)
        ),
    }.items():
        monkeypatch.setattr(pynvml, name, fn)
    b = NvmlBackend()
    b.init()
    first = b.sample(0)
    assert [(m.uuid, m.profile, m.gpu_instance_id, m.mem_total_mib) for m in first.mig] == [
        ("MIG-a", "3g.40gb", 1, 40960.0),
        ("MIG-b", "1g.10gb", 5, 10240.0),
    ]
    assert all(m.util_pct == NA(GPM_WARMING_UP) for m in first.mig) and mig_gets == {1: 1, 5: 1}
    clock.advance(1.0)
    s = b.sample(0)  # the GPM interval: each instance's activity since its first sample
    assert [(m.util_pct, m.tensor_pct) for m in s.mig] == [(70.0, 35.0), (20.0, 10.0)]
    assert s.gpm["sm_active"] == 10.0 and mig_gets == {1: 2, 5: 2}
    del instances[2]
    clock.advance(9.0)
    s = b.sample(0)  # the MIG interval: MIG-b is gone, MIG-a keeps the activity just read
    assert [(m.uuid, m.util_pct) for m in s.mig] == [("MIG-a", 70.0)] and mig_gets == {1: 3, 5: 3}
    assert mocked_nvml["freed"] == 2  # MIG-b's two GPM buffers
    b.shutdown()
    assert mocked_nvml["freed"] == 6  # the GPU's and MIG-a's


def test_a_one_shot_view_reads_every_field_on_every_sample(mocked_nvml, clock):
    b = open_backend("nvml", every_sample=True)  # gpuaccel status: two samples 0.2 s apart
    b.init()
    b.sample(0)
    clock.advance(0.2)
    mocked_nvml["pcie_bytes"] = (20 * 1024, 40 * 1024)
    s = b.sample(0)
    assert s.gpm["tensor_active"] == 93.8 and (s.pcie_tx_kbs, s.pcie_rx_kbs) == pytest.approx((100.0, 200.0))
    assert mocked_nvml["calls"]["nvmlDeviceGetTotalEnergyConsumption"] == 2
    b.shutdown()


def test_a_round_with_nothing_due_makes_no_nvml_call(mocked_nvml, clock):
    """Between the fastest groups' reads (utilization and power every 0.2 s) a sample repeats the last
    values with a new timestamp and calls NVML not at all; the next due read happens on time."""
    b = NvmlBackend()
    b.init()
    calls = mocked_nvml["calls"]
    first = b.sample(0)
    clock.advance(0.1)
    before = dict(calls)
    between = b.sample(0)
    assert calls == before and between.timestamp >= first.timestamp
    assert (between.util_gpu, between.power_w, between.gpm) == (first.util_gpu, first.power_w, first.gpm)
    clock.advance(0.1)
    b.sample(0)
    assert calls["nvmlDeviceGetUtilizationRates"] == before["nvmlDeviceGetUtilizationRates"] + 1
    assert calls["nvmlDeviceGetPowerUsage"] == before["nvmlDeviceGetPowerUsage"] + 1
    assert calls.get("nvmlGpmSampleGet", 0) == before.get("nvmlGpmSampleGet", 0)  # GPM: every 1 s


def test_health_xid_events_ecc_remapped_rows_and_replays(mocked_nvml, clock):
    """XIDs are drained from the GPU's event set every 10 s with the other health counters; a reading NVML
    does not support (retired pages on an H100) is NA with its reason; the event set is freed at the end."""
    b = NvmlBackend()
    b.init()
    s = b.sample(0)
    assert (s.xid_last, s.xid_events) == (0.0, 0.0)
    assert (s.ecc_corrected_volatile, s.ecc_uncorrected_volatile) == (10.0, 1.0)
    assert (s.ecc_corrected_aggregate, s.ecc_uncorrected_aggregate) == (20.0, 2.0)
    assert (s.remapped_rows_correctable, s.remapped_rows_uncorrectable, s.row_remap_pending) == (
        3.0,
        1.0,
        1.0,
    )
    assert s.row_remap_failure == 0.0 and s.pcie_replays == 12.0
    assert s.retired_pages_sbe == s.retired_pages_pending == NA("not supported on this GPU")
    mocked_nvml["xids"] += [79, 94]
    clock.advance(1.0)
    assert b.sample(0).xid_events == 0.0  # health is read every 10 s
    clock.advance(9.0)
    s = b.sample(0)
    assert (s.xid_last, s.xid_events) == (94.0, 2.0)
    assert mocked_nvml["calls"]["nvmlDeviceGetRetiredPages"] == 1  # "not supported" is not asked again
    b.shutdown()
    assert mocked_nvml.get("sets_freed") == 1


def test_energy_between_counter_readings_is_integrated_power_and_never_goes_down():
    counter = [500.0]
    reader = EnergyReader(lambda i: counter[i], 1, 1000.0)
    deadline = time.monotonic() + 5
    while reader.reads < 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert reader.value(0, 100.0, 10.0) == 500.0  # the reading itself
    assert reader.value(0, 100.0, 12.0) == 700.0  # + 100 W x 2 s
    assert reader.value(0, NA("GPU lost"), 13.0) == 700.0  # no power: nothing added
    counter[0] = 650.0  # the next reading is below the integrated value (power overestimated)
    reader._take(0)
    assert reader.value(0, 100.0, 14.0) == 700.0  # held: the counter Prometheus sees never goes down
    assert reader.value(0, 100.0, 16.0) == 850.0  # 650 + 100 W x 2 s
    reader.stop()
