"""GPU health in the history: one gpu_health event per warning that appears or clears, none while the
warnings stay the same."""

from __future__ import annotations

from typing import Any

from gpuaccel.accel.telemetry.fake import FakeBackend
from gpuaccel.scheduler.lifecycle.health_events import EVENT, HealthEvents


class _Store:
    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []

    def add_event(self, type: str, **kw: Any) -> None:
        self.events.append({"type": type, **kw})


def test_health_changes_become_events() -> None:
    b = FakeBackend("two_gpus")
    b.init()
    store, now = _Store(), [0.0]
    h = HealthEvents(store, clock=lambda: now[0])

    def round_() -> None:
        now[0] += 1.0
        h.on_round([b.sample(0), b.sample(1)])

    round_()
    assert store.events == []  # healthy GPUs: nothing to record
    b.add_xid(1, 79)
    round_()
    round_()  # the same warning again: no second event
    assert [(e["type"], e["gpu"], e["message"]) for e in store.events] == [
        (EVENT, 1, "GPU 1 health: XID 79 (GPU has fallen off the bus)")
    ]
    assert store.events[0]["data"]["readings"]["xid_events"] == 1.0
    b.set_health(0, "pcie_replays", 2)  # a few replays are normal: no warning
    round_()
    assert len(store.events) == 1
    b.set_health(0, "pcie_replays", 300)
    round_()
    b.set_health(0, "pcie_replays", 0)
    round_()
    assert [e["message"] for e in store.events[1:]] == [
        "GPU 0 health: 300 PCIe replays since the driver loaded (a link that keeps retrying)",
        "GPU 0 health: cleared: 300 PCIe replays since the driver loaded (a link that keeps retrying)",
    ]
    assert store.events[2]["data"]["cleared"] is True
