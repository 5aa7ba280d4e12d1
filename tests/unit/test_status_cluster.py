"""`gpuaccel status --cluster`: GPUs grouped by host, a lost node with its reason, MIG instances counted."""

from __future__ import annotations

from gpuaccel.accel.telemetry.fake import FakeBackend
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.accel.telemetry.snapshot import snapshot
from gpuaccel.app.commands.status_cluster import render_hosts


def _snap(scenario: str) -> dict:
    s = Sampler(FakeBackend(scenario), capacity=4)
    s.open()
    try:
        s.poll()
        s.poll()
        return snapshot(s)
    finally:
        s.stop()


def test_hosts_are_blocks_with_their_gpus_and_a_lost_node_says_why() -> None:
    a, b = _snap("two_gpus"), _snap("mig")
    answer = {
        "error": None,
        "hosts": [
            {"host": "node-a", "alive": True, "reason": None, "t": 990.0, **a},
            {"host": "node-b", "alive": False, "reason": "node died: raylet stopped", "t": 900.0, **b},
        ],
    }
    text = render_hosts(answer, now=1000.0)
    lines = text.splitlines()
    assert lines[0] == "gpuaccel status --cluster   2 hosts"
    a_head = next(i for i, line in enumerate(lines) if line.startswith("== node-a"))
    b_head = next(i for i, line in enumerate(lines) if line.startswith("== node-b"))
    assert "2 GPUs" in lines[a_head] and "read 10 s ago" in lines[a_head]
    assert "scripted test data" in lines[a_head]
    assert "LOST: NODE DIED: RAYLET STOPPED" in lines[b_head]
    a_rows = lines[a_head + 2 : b_head]
    assert any("H100 80GB HBM3" in r for r in a_rows) and any("RTX 4090" in r for r in a_rows)
    b_rows = "\n".join(lines[b_head:])
    assert "3 instances" in b_rows and "(16-bit dense eq.)" in b_rows
    assert "N/A GPU 0 util: reported per MIG instance" in b_rows
