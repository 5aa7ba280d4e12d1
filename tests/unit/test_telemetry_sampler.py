"""Sampler: ring-buffer bounds, windows with NaN for NA, callbacks, rate changes, lost GPUs, shutdown."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest

from gpuaccel.accel.telemetry.fake import FakeBackend
from gpuaccel.accel.telemetry.sampler import NUMERIC_FIELDS, Sampler


def wait_for(cond, timeout=3.0):
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        time.sleep(0.005)


def test_ring_buffer_never_exceeds_capacity_and_memory_is_fixed():
    s = Sampler(FakeBackend("two_gpus"), capacity=16)
    s.open()
    arrays_before = [(r.t.ctypes.data, r.values.ctypes.data, r.values.nbytes) for r in s._rings]
    for _ in range(100):
        s.poll()
    w = s.window(0, ["util_gpu", "power_w"])
    assert len(w["t"]) == len(w["util_gpu"]) == 16
    assert np.all(np.diff(w["t"]) >= 0)  # oldest first across the wrap
    assert [(r.t.ctypes.data, r.values.ctypes.data, r.values.nbytes) for r in s._rings] == arrays_before
    assert s.rounds == 100
    s.stop()


def test_window_values_match_samples_and_na_is_nan():
    b = FakeBackend("two_gpus")
    s = Sampler(b)
    s.open()
    b.set_value(0, "util_gpu", 0.0)
    s.poll()
    b.set_value(0, "util_gpu", 95.0)
    latest = s.poll()
    w = s.window(0, ["util_gpu", "fan_pct", "tensor_active", "tflops_est"])
    assert list(w["util_gpu"]) == [0.0, 95.0]
    assert np.isnan(w["fan_pct"]).all()  # H100 has no fan: NA -> NaN
    assert np.isnan(w["tensor_active"][0])  # first GPM reading is warming up
    assert w["tensor_active"][1] == latest[0].gpm["tensor_active"]
    assert w["tflops_est"][1] == pytest.approx(latest[0].gpm["tensor_active"] / 100 * 989.4)
    assert s.peaks[0] == (989.4, "table")
    assert np.isnan(s.window(1, ["tflops_est"])["tflops_est"]).all()  # RTX 4090: no GPM
    assert set(s.window(1, NUMERIC_FIELDS)) == {"t", *NUMERIC_FIELDS}
    with pytest.raises(KeyError, match="unknown telemetry field"):
        s.window(0, ["nope"])
    with pytest.raises(IndexError):
        s.window(5, ["util_gpu"])
    s.stop()


def test_window_seconds_selects_recent(monkeypatch):
    s = Sampler(FakeBackend("two_gpus", clock=lambda: now[0]))
    now = [1000.0]
    s.open()
    for i in range(10):
        now[0] = 1000.0 + i
        s.poll()
    monkeypatch.setattr(time, "time", lambda: 1009.5)
    assert list(s.window(0, [], seconds=3.0)["t"]) == [1007.0, 1008.0, 1009.0]
    s.stop()


def test_thread_runs_calls_subscribers_and_joins():
    backend = FakeBackend("two_gpus")
    s = Sampler(backend, rate_hz=200.0, capacity=64)
    got: list[int] = []
    threads: set[str] = set()

    def cb(samples):
        got.append(len(samples))
        threads.add(threading.current_thread().name)

    def bad(samples):
        raise RuntimeError("subscriber bug")

    with s:
        s.subscribe(bad)  # must be logged, not kill the thread
        unsub = s.subscribe(cb)
        wait_for(lambda: len(got) >= 5)
        unsub()
        n = len(got)
        wait_for(lambda: s.rounds >= n + 5)
        assert s.running and s.available and s.error is None
        assert s.driver == "580.00.00 (fake)" and [i.index for i in s.infos] == [0, 1]
        assert [x.index for x in s.latest()] == [0, 1]
    assert not s.running and s._thread is None
    assert got and set(got) == {2} and len(got) <= n + 1
    assert threads == {"gpuaccel-telemetry-sampler"}
    assert backend.shutdown_calls == 1


def test_set_rate_takes_effect_and_validates():
    s = Sampler(FakeBackend("two_gpus"), rate_hz=1.0)
    with s:
        s.set_rate(200.0)
        assert s.rate_hz == 200.0
        wait_for(lambda: s.rounds >= 10, timeout=2.0)  # at 1 Hz this would take 10 s
        with pytest.raises(ValueError):
            s.set_rate(0)


def test_stop_is_prompt_at_a_slow_rate():
    s = Sampler(FakeBackend("two_gpus"), rate_hz=0.1).start()
    wait_for(lambda: s.rounds >= 1)
    t0 = time.monotonic()
    assert s.stop(timeout=5) is True
    assert time.monotonic() - t0 < 1.0


def test_gpu_lost_keeps_its_slot():
    s = Sampler(FakeBackend("gpu_lost", lost_after=3))
    s.open()
    for _ in range(6):
        s.poll()
    latest = s.latest()
    assert latest[1].lost and not latest[0].lost
    w = s.window(1, ["util_gpu"])
    assert len(w["t"]) == 6 and not np.isnan(w["util_gpu"][:3]).any() and np.isnan(w["util_gpu"][3:]).all()
    s.stop()


def test_unavailable_nvml_sets_error_and_starts_no_thread():
    s = Sampler(FakeBackend("no_library")).start()
    assert not s.available and s.error == "NVIDIA driver library (libnvidia-ml) not found"
    assert not s.running and s.infos == [] and s.latest() == []
    assert s.stop() is True


def test_backend_exception_becomes_na_not_a_dead_thread():
    class Flaky(FakeBackend):
        def sample(self, index):
            if index == 1:
                raise OSError("boom")
            return super().sample(index)

    s = Sampler(Flaky("two_gpus"))
    s.open()
    out = s.poll()
    assert out[1].util_gpu.reason == "sampling failed: boom" and not out[1].lost
    assert isinstance(out[0].util_gpu, float)  # GPU 0 unaffected
    s.stop()


def test_a_failing_subscriber_is_logged_once_and_does_not_starve_the_others(caplog):
    from gpuaccel.accel.telemetry.subscribers import Subscribers

    subs: Subscribers[int] = Subscribers("test subscriber")
    got: list[int] = []

    def broken(value: int) -> None:
        raise ValueError(f"broken on {value}")

    subs.subscribe(broken)
    unsubscribe = subs.subscribe(got.append)
    with caplog.at_level("DEBUG", logger="gpuaccel.accel.telemetry.subscribers"):
        subs.notify(1)
        subs.notify(2)
    assert got == [1, 2]  # called after the failing one, every time
    errors = [r for r in caplog.records if r.levelname == "ERROR"]
    assert len(errors) == 1 and "test subscriber" in errors[0].getMessage() and errors[0].exc_info
    assert any(r.levelname == "DEBUG" and "failed again" in r.getMessage() for r in caplog.records)
    unsubscribe()
    unsubscribe()  # a second call is harmless
    subs.notify(3)
    assert got == [1, 2]
