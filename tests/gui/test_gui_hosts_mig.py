"""The dashboard with GPUs of several cluster hosts (grouped by host, a lost node shown lost with its
reason) and a GPU in MIG mode (its instances on the card)."""

from __future__ import annotations

import os

from test_gui_dashboard import gpu_entry, now_answer, online

from gpuaccel.accel.telemetry.fake import FakeBackend
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.accel.telemetry.snapshot import snapshot
from gpuaccel.app.gui.dashboard import Dashboard
from gpuaccel.app.gui.gpu_card import GpuCard
from gpuaccel.app.gui.plots import BY_GPU, BY_METRIC
from gpuaccel.app.gui.telemetry_model import TelemetryModel

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def cluster(t: float, alive_b: bool = True) -> dict:
    """A /cluster/telemetry answer: node-a holds the daemon's own two GPUs, node-b two more."""
    local = now_answer(t)["gpus"]
    remote = [gpu_entry(i, t, util=70.0) for i in range(2)]
    for i, g in enumerate(remote):
        g["info"]["uuid"] = g["sample"]["uuid"] = f"GPU-b{i}"
    for i, g in enumerate(local):
        g["info"]["uuid"] = f"GPU-a{i}"
    reason = None if alive_b else "node died: its raylet stopped"
    return {
        "error": None,
        "hosts": [
            {"host": "node-a", "alive": True, "reason": None, "gpus": local},
            {"host": "node-b", "alive": alive_b, "reason": reason, "gpus": remote},
        ],
    }


def local_now(t: float) -> dict:
    now = now_answer(t)
    for i, g in enumerate(now["gpus"]):
        g["info"]["uuid"] = f"GPU-a{i}"
    return now


def test_dashboard_groups_two_hosts_and_shows_a_lost_node(qtbot) -> None:
    model = TelemetryModel()
    model.set_cluster(cluster(1000.0))
    model.update(local_now(1000.0))
    assert model.hosts == ["node-a", "node-b"], "the daemon's node named from the cluster, not doubled"
    assert [g.label for g in model.gpus] == ["node-a GPU 0", "node-a GPU 1", "node-b GPU 0", "node-b GPU 1"]
    assert len({g.index for g in model.gpus}) == 4, "each GPU its own key, colour and ring"
    dashboard = Dashboard(model, online())
    dashboard.resize(1280, 800)
    qtbot.addWidget(dashboard)
    dashboard.show()
    dashboard.refresh()
    headers = dashboard.host_headers
    assert sorted(headers) == ["node-a", "node-b"] and "2 GPUs" in headers["node-b"].text()
    grid = dashboard.cards_grid
    for host, header in headers.items():
        row = grid.getItemPosition(grid.indexOf(header))[0]
        cards = [dashboard.cards[g.index] for g in model.gpus if g.host == host]
        assert all(grid.getItemPosition(grid.indexOf(c))[0] > row for c in cards), host
    b_rows = {grid.getItemPosition(grid.indexOf(dashboard.cards[g.index]))[0] for g in model.gpus[2:]}
    assert min(b_rows) > grid.getItemPosition(grid.indexOf(headers["node-b"]))[0]
    assert "node-b GPU 1" in dashboard.cards[model.gpus[3].index].title.text()
    assert "node-b&nbsp;GPU&nbsp;0" in dashboard.legend.text()
    dashboard.set_mode(BY_GPU, "util")
    titles = [p.titleLabel.toolTip() for p in dashboard.plots.plots.values()]  # whole, where cut short
    assert any("node-b GPU 1" in t for t in titles)

    model.set_cluster(cluster(1001.0, alive_b=False))
    model.update(local_now(1001.0))
    dashboard.refresh()
    lost = [g for g in model.gpus if g.host == "node-b"]
    assert all(g.lost and g.lost_reason == "node lost: node died: its raylet stopped" for g in lost)
    assert headers["node-b"].property("lost") is True and "node died" in headers["node-b"].text()
    card = dashboard.cards[lost[0].index]
    assert card.property("lost") is True and "node died" in card.banner.text()
    assert card.values["util"].text().startswith("N/A")
    dashboard.set_mode(BY_METRIC)
    dashboard.plots.refresh(force=True)
    assert "node-b GPU 0: N/A: node lost: node died" in dashboard.plots.reasons("util")
    model.set_cluster(None)  # the daemon left the cluster: its own GPUs alone, no headers
    model.update(local_now(1002.0))
    dashboard.refresh()
    assert model.hosts == [""] and not dashboard.host_headers
    dashboard.stop()


def _model_of(backend: FakeBackend, lose: int | None = None) -> TelemetryModel:
    """The window's model after one reading of ``backend`` (and a second with GPU ``lose`` lost)."""
    sampler = Sampler(backend, capacity=4)
    sampler.open()
    try:
        sampler.poll()
        if lose is not None:
            backend.lose(lose)
            sampler.poll()
        now = snapshot(sampler)
    finally:
        sampler.stop()
    model = TelemetryModel()
    model.update(now)
    return model


def test_card_lists_mig_instances_with_memory_and_utilization(qtbot) -> None:
    model = _model_of(FakeBackend("mig"))
    card = GpuCard(0)
    qtbot.addWidget(card)
    card.show()
    card.show_state(model.gpus[0])
    text, tip = card.values["mig"].text(), card.values["mig"].toolTip()
    lines = text.splitlines()
    assert [line.split(":")[0] for line in lines] == ["3g.40gb", "2g.20gb", "1g.10gb"]
    assert all(": SM " in line and "% · tensor " in line and "GiB" in line for line in lines), text
    assert "submit --mig MIG-fa4e0000-0000-4000-8000-00000000f630" in tip
    assert card.values["mig"].isVisible()
    assert "per MIG instance" in card.values["util"].toolTip()
    other = GpuCard(1)
    qtbot.addWidget(other)
    other.show()
    other.show_state(model.gpus[1])
    assert not other.values["mig"].isVisible(), "no MIG row for a whole GPU"
    card.set_compact(True)
    card.show_state(model.gpus[0])
    assert "3 MIG instances" in card.summary.text() and "1g.10gb" in card.toolTip()


def test_a_lost_gpu_card_says_so_instead_of_rows_of_na(qtbot) -> None:
    """A lost GPU's readings are all N/A: its card listed nine N/A rows (one 'MIG instances', as if it had
    MIG), past its height; it now shows the reason alone, and its rows again once it answers."""
    model = _model_of(FakeBackend("two_gpus"), lose=1)
    lost = [g for g in model.gpus if g.lost]
    assert lost, "GPU 1 answers no more"
    card = GpuCard(lost[0].index)
    qtbot.addWidget(card)
    card.show()
    card.show_state(lost[0])
    assert card.banner.isVisible() and "stopped answering" in card.banner.text()
    assert not any(w.isVisible() for ws in card._row_widgets.values() for w in ws)
    card.show_state(model.gpus[0])  # a card that shows a GPU that answers has its rows back
    assert card.values["util"].isVisible() and not card.banner.isVisible()
    assert not card.values["mig"].isVisible()
