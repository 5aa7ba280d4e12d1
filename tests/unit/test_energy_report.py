"""The daily report's energy section: kWh per GPU and in all from the power history, and the queue jobs'
share from their energy events."""

from __future__ import annotations

from pathlib import Path

from test_assistant_reports import DAY, T0, store  # noqa: F401 (store is a fixture)

from gpuaccel.assistant.db import AssistantDB
from gpuaccel.assistant.reports.report import ReportService, daily_facts, facts_text
from gpuaccel.scheduler.store.queue import Store


def test_daily_report_energy_per_gpu_and_queue_share(store: Store, tmp_path: Path) -> None:  # noqa: F811
    store.add_event("energy", job_id=1, gpu=0, message="energy", data={"joules": 90_000.0, "seconds": 300})
    store.add_event("energy", job_id=2, gpu=0, message="energy", data={"joules": 18_000.0, "seconds": 60})
    store.add_event("energy", job_id=1, gpu=1, message="energy", data={"joules": 3600.0, "seconds": 60})
    with store.transaction() as c:  # events of this day (the store stamps them now)
        c.execute("UPDATE events SET t = ? WHERE type = 'energy'", (T0 + 7200,))
    store.add_event("energy", job_id=3, gpu=0, message="energy", data={"joules": 1e9})  # another day
    energy = daily_facts(store, DAY)["energy"]
    assert energy["kwh_total"] == 0.06  # 300 W and 60 W for 600 s
    assert energy["per_gpu"] == [
        {"gpu": 0, "kwh": 0.05, "queue_jobs_kwh": 0.03, "queue_jobs": 2},
        {"gpu": 1, "kwh": 0.01, "queue_jobs_kwh": 0.001, "queue_jobs": 1},
    ]
    assert "energy counter" in energy["method"]
    svc = ReportService(AssistantDB(store.path), store, tmp_path / "reports", summarizer=lambda facts: "")
    md = svc.make_daily(DAY)["markdown"]
    assert "## Energy\n\n0.060 kWh on all GPUs." in md
    assert "| GPU | energy (kWh) | of it, queue jobs (kWh) | queue jobs |" in md
    assert "| 0 | 0.05 | 0.03 | 2 |" in md
    assert "- energy of all GPUs: 0.06 kWh" in facts_text(daily_facts(store, DAY))
