"""GUI pieces without a daemon: ring buffers, the telemetry model, GPU cards, the submit dialog's checks,
the plot frame budget. Offscreen Qt (QT_QPA_PLATFORM=offscreen, set by `make test` and below)."""

from __future__ import annotations

import os

import numpy as np

from gpuaccel.api.tflops import Tflops
from gpuaccel.app.gui.gpu_card import GpuCard
from gpuaccel.app.gui.plots import LivePlots
from gpuaccel.app.gui.ringbuffer import RingSeries
from gpuaccel.app.gui.submit_dialog import SubmitDialog
from gpuaccel.app.gui.telemetry_model import TelemetryModel

# The platform is read when pytest-qt creates the QApplication (make test sets it too).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def snapshot(t: float, util: float = 50.0, lost: bool = False) -> dict:
    """A /telemetry/now-shaped answer for one GPU (test input)."""
    na = {"na": "GPU lost"}
    sample = {
        "index": 0,
        "timestamp": t,
        "util_gpu": na if lost else util,
        "util_mem": na if lost else 10.0,
        "mem_used_mib": na if lost else 2048.0,
        "mem_total_mib": na if lost else 81559.0,
        "temperature_c": na if lost else 40.0,
        "power_w": na if lost else 200.0,
        "power_limit_w": na if lost else 700.0,
        "sm_clock_mhz": na if lost else 1500,
        "mem_clock_mhz": na if lost else 2619,
        "fan_pct": {"na": "not supported on this GPU"},
        "pstate": na if lost else "P0",
        "throttle_reasons": na if lost else [],
        "processes": {"na": "needs root"},
        "lost": lost,
    }
    info = {"index": 0, "name": "NVIDIA H100 80GB HBM3", "memory_total_mib": 81559.0, "power_limit_w": 700.0}
    tflops = (
        {"na": "GPU lost", "exact": False} if lost else {"value": 400.0, "exact": False, "source": "estimate"}
    )
    return {
        "backend": "fake:two_gpus",
        "error": None,
        "driver": "580",
        "gpus": [{"info": info, "sample": sample, "tflops": tflops}],
    }


def _card_showing(qtbot, now: dict) -> tuple[TelemetryModel, GpuCard]:
    """GPU 0's card showing the reading ``now`` (a /telemetry/now answer)."""
    model = TelemetryModel()
    model.update(now)
    card = GpuCard(0)
    qtbot.addWidget(card)
    card.show_state(model.gpus[0])
    return model, card


def test_ring_series_wraps_and_gives_contiguous_views() -> None:
    ring = RingSeries(("a", "b"), capacity=4)
    for i in range(6):
        ring.append(float(i), [i, 10 * i])
    t, a = ring.tail("a")
    assert list(t) == [2.0, 3.0, 4.0, 5.0] and list(a) == [2, 3, 4, 5]
    assert t.base is not None  # a view of the backing array, not a copy
    t, b = ring.since("b", 4.0)
    assert list(t) == [4.0, 5.0] and list(b) == [40, 50]
    assert ring.last_t == 5.0 and ring.size == 4


def test_tflops_labels_exact_and_estimate() -> None:
    exact = Tflops.read({"value": 612.3, "exact": True, "source": "job 7"})
    assert exact.exact and exact.label == "exact" and "job 7" in exact.source
    est = Tflops.read(
        {"value": 100.0, "exact": False, "source": "estimate: tensor-core activity x table peak"}
    )
    assert not est.exact and est.label == "16-bit dense eq."
    na = Tflops.read({"na": "GPM metrics need Hopper (sm_90) or newer", "exact": False})
    assert na.reading == {"na": "GPM metrics need Hopper (sm_90) or newer"} and na.short_label == "est."


def test_card_tflops_tooltip_gives_the_assumption_or_the_job_that_counted(qtbot) -> None:
    """The estimate says it is a 16-bit dense equivalent and, on hover, what that rests on; our own job's
    figure says it was counted."""
    from gpuaccel.accel.telemetry.fields import TFLOPS_ASSUMPTION
    from gpuaccel.accel.telemetry.snapshot import tflops_entry

    now = snapshot(1000.0)
    estimate = tflops_entry(None, 989.4, "table")
    now["gpus"][0]["tflops"] = {**estimate, "na": None, "value": 123.4}  # as the API sends it
    model, card = _card_showing(qtbot, now)
    assert card.values["tflops"].text() == "123.4 (16-bit dense eq.)"
    tip = card.values["tflops"].toolTip()
    assert tip.startswith("Estimated: 16-bit dense equivalent: tensor-pipe busy x table bf16 peak")
    assert TFLOPS_ASSUMPTION in tip
    now["gpus"][0]["tflops"] = Tflops.model_validate(estimate).counted(7, 612.3).model_dump()
    model.update(now)
    card.show_state(model.gpus[0])
    assert card.values["tflops"].text() == "612.3 (exact)"
    tip = card.values["tflops"].toolTip()
    assert "FLOPs counted by job 7" in tip and "counted by the job" in tip and TFLOPS_ASSUMPTION not in tip


def test_model_appends_once_per_sample_and_backfills_older_rows() -> None:
    model = TelemetryModel(capacity=100)
    model.update(snapshot(1000.0))
    model.update(snapshot(1000.0))  # the same reading polled twice is one row
    model.update(snapshot(1000.1, util=60))
    ring = model.ring(0)
    assert ring.size == 2
    model.backfill(
        0, {"t": [990.0, 995.0, 1000.05], "util_gpu": [1, 2, 3], "mem_used_mib": [1024, 1024, 1024]}
    )
    t, util = ring.tail("util")
    assert list(t) == [990.0, 995.0, 1000.0, 1000.1]  # the history row inside the live span is dropped
    assert list(util) == [1, 2, 50, 60]
    assert np.isnan(ring.tail("temp")[1][0])  # a field the history did not carry is a gap, not a zero


def test_percentages_read_alike_on_the_cards_and_in_the_processes_table(qtbot) -> None:
    """The cards wrote "8 %" and the Processes table "8%": both now write what ``gpuaccel status`` does."""
    from gpuaccel.accel.telemetry.fields import FIELD
    from gpuaccel.app.gui.process_table import ProcessTableModel

    _, card = _card_showing(qtbot, snapshot(1000.0, util=8.0))
    assert card.values["util"].text() == "8% (mem bus 10%)" == f"{FIELD['util_gpu'].text(8.0)} (mem bus 10%)"
    assert card.util_bar.toolTip() == "8% utilization"
    table = ProcessTableModel()
    table.set_rows([{"pid": 1, "gpu": 0, "sm_pct": 8.0, "cpu_pct": 99.4, "can_signal": True}])
    assert [table.index(0, c).data() for c in (4, 5)] == ["8%", "99%"]


def test_card_shows_na_reasons_on_hover_and_a_lost_gpu(qtbot) -> None:
    model, card = _card_showing(qtbot, snapshot(1000.0))
    assert card.values["util"].text().startswith("50%")
    assert "(16-bit dense eq.)" in card.values["tflops"].text()
    assert card.values["processes"].text() == "N/A"
    assert card.values["processes"].toolTip() == "N/A: needs root"
    assert "not supported on this GPU" in card.values["pstate"].toolTip()
    model.update(snapshot(1000.1, lost=True))
    card.show_state(model.gpus[0])
    assert card.property("lost") is True
    assert not card.banner.isHidden() and "GPU lost" in card.banner.text()
    assert card.values["temp"].toolTip() == "N/A: GPU lost"


def test_submit_dialog_checks_before_sending(qtbot) -> None:
    dialog = SubmitDialog()
    qtbot.addWidget(dialog)
    sent: list[dict] = []
    dialog.submitted.connect(sent.append)
    dialog.select_kind("command")
    dialog.try_submit()
    assert not sent and "argv" in dialog.error.text()
    dialog.command_edit.setText('python -c "unterminated')
    dialog.try_submit()
    assert not sent and "cannot split" in dialog.error.text()
    dialog.select_kind("matmul")
    dialog.spec_edit.setPlainText('{"size": 100}')
    dialog.try_submit()
    assert not sent and "spec.size" in dialog.error.text() and "multiple of 64" in dialog.error.text()
    dialog.spec_edit.setPlainText("{not json")
    dialog.try_submit()
    assert not sent and "not valid JSON" in dialog.error.text()
    dialog.spec_edit.setPlainText('{"size": 128, "duration_s": 1}')
    dialog.labels_edit.setText("team=a")
    dialog.try_submit()
    assert sent == [
        {"kind": "matmul", "spec": {"size": 128, "duration_s": 1}, "priority": 0, "labels": {"team": "a"}}
    ]
    assert not dialog.submit_button.isEnabled()  # waiting for the daemon's answer
    dialog.rejected_by_daemon("spec.size", "spec.size: too big for this GPU")
    assert dialog.submit_button.isEnabled() and "rejected" in dialog.error.text()


def test_plot_frame_stays_within_its_budget(qtbot) -> None:
    model = TelemetryModel()
    t0 = 1_000_000.0
    n = 3000
    for gpu in range(4):
        ring = model.ring(gpu)
        ring.extend(t0 + np.arange(n) / 10, np.vstack([np.full(n, 50.0)] * 5))
    snap = snapshot(t0 + n / 10)
    snap["gpus"] = [
        {
            **snap["gpus"][0],
            "info": {**snap["gpus"][0]["info"], "index": i},
            "sample": {**snap["gpus"][0]["sample"], "index": i},
        }
        for i in range(4)
    ]
    model.update(snap)
    plots = LivePlots(model, timer=False)
    qtbot.addWidget(plots)
    plots.resize(900, 600)
    assert plots.refresh(force=True) == 20  # all 4 GPUs x 5 series
    assert plots.refresh() == 0  # nothing new: nothing redrawn
    plots.set_window(600.0)
    assert len(plots.curve_keys()) == 20
    plots.stop()


def test_assistant_status_shows_joules_per_token_and_how_it_was_measured() -> None:
    from gpuaccel.app.gui.assistant_panel import energy_tooltip, state_text
    from gpuaccel.assistant.engine.token_energy import TokenEnergy

    state = {"state": "gpu", "model": {"name": "tiny"}, "energy": TokenEnergy(None).to_json()}
    assert state_text(state) == "On GPU · model tiny"
    assert energy_tooltip(state["energy"]).startswith("Energy per generated token: N/A (no answer generated")
    state["energy"] = {"joules_per_token": 0.4217, "gpu_tokens": 120, "joules": 50.6}
    state["energy"]["method"] = "power x time"
    assert state_text(state) == "On GPU · model tiny · 0.422 J/token on the GPU"
    assert energy_tooltip(state["energy"]) == (
        "Energy per generated token: 0.422 J over 120 tokens (50.6 J).\npower x time"
    )


def test_assistant_status_says_where_the_daemon_will_run_the_next_answer() -> None:
    """The daemon's ``next_device`` (what its torch can use), not a guess from the strategy's name: fake
    GPUs beside a CPU-only torch read "next answer on CPU" before any load has failed."""
    from gpuaccel.app.gui.assistant_panel import state_text, state_tooltip

    why = "torch 2.4.0+cpu is built without CUDA"
    state = {"state": "idle", "model": {"name": "tiny"}, "next_strategy": "cpu fp32"}
    state |= {"next_device": "cpu", "next_device_why": why}
    assert state_text(state) == "Not loaded (next answer on CPU) · model tiny"
    assert state_tooltip(state).startswith(f"Next answer on the CPU: {why}.")
    state |= {"next_strategy": "cuda fp16", "next_device": "gpu", "next_device_why": "every GPU is idle"}
    assert state_text(state) == "Not loaded (next answer on GPU) · model tiny"
    state |= {"next_strategy": None, "next_device": None, "next_device_why": "a GPU is busy"}
    assert state_text(state) == "Not loaded · model tiny"


def test_card_labels_a_learned_figure_as_learned_not_as_the_dense_equivalent(qtbot) -> None:
    """Between a job's own reports the daemon shows the estimate x its class's learned ratio: the card
    must not call that number a 16-bit dense equivalent (it is 0.5-2x one)."""
    from types import SimpleNamespace

    from gpuaccel.accel.telemetry.snapshot import tflops_entry
    from gpuaccel.api.jobs import Job
    from gpuaccel.scheduler.lifecycle.flop_ratio import FlopRatios

    ratios = FlopRatios(None)
    ratios.observe("NVIDIA H100 80GB HBM3", "matmul/fp8", 1000.0, 500.0)  # counted 2x the estimate
    job = Job.model_construct(id=7, kind="matmul", spec={"dtype": "fp8"})
    estimate = Tflops.model_validate(
        tflops_entry(SimpleNamespace(gpm={"tensor_active": 40.0}), 1000.0, "table")
    )
    now = snapshot(1000.0)
    learned = ratios.entry(job, "NVIDIA H100 80GB HBM3", estimate)
    assert learned is not None
    now["gpus"][0]["tflops"] = learned.model_dump()
    model, card = _card_showing(qtbot, now)
    assert card.values["tflops"].text() == "800.0 (learned)"
    assert card.values["tflops"].toolTip().startswith("Learned: job 7: the estimate x 2.00")
    card.set_compact(True)
    card.show_state(model.gpus[0])
    assert "800.0 TFLOP/s (learned)" in card.summary.text()


def test_card_warns_of_gpu_health_from_the_unhealthy_scenario(qtbot) -> None:
    """XID, ECC, remapped rows, PCIe replays and hardware slowdown show in the card's banner, worded by
    accel.telemetry.health; a healthy GPU shows none."""
    from gpuaccel.accel.telemetry.fake import FakeBackend
    from gpuaccel.accel.telemetry.sampler import Sampler
    from gpuaccel.accel.telemetry.snapshot import snapshot as take

    def snap(scenario: str) -> dict:
        s = Sampler(FakeBackend(scenario), capacity=4)
        s.open()
        s.poll()
        out = take(s)
        s.stop()
        return out

    _, card = _card_showing(qtbot, snap("unhealthy"))
    text = card.banner.text()
    assert not card.banner.isHidden() and text.startswith("Health: XID 94 (contained ECC error)")
    expected = ("2 uncorrected ECC errors", "row remapping pending", "240 PCIe replays", "hardware slowdown")
    for words in expected:
        assert words in text
    _, healthy = _card_showing(qtbot, snap("two_gpus"))
    assert healthy.banner.isHidden()
