"""The daily report's energy section: each GPU's energy and the total from the history (power x time here:
the fixture's rows have no energy counter), and the queue jobs' share from their energy events."""

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
    assert (energy["total_j"], energy["total"]) == (216_000.0, "60.0 Wh")  # 300 W and 60 W for 600 s
    power = "power x time (no energy counter reading)"
    assert energy["per_gpu"] == [
        {"gpu": 0, "energy": "50.0 Wh", "queue_jobs_energy": "30.0 Wh", "queue_jobs": 2, "method": power},
        {"gpu": 1, "energy": "10.0 Wh", "queue_jobs_energy": "1.00 Wh", "queue_jobs": 1, "method": power},
    ]
    assert "energy counter" in energy["method"]
    svc = ReportService(AssistantDB(store.path), store, tmp_path / "reports")
    md = svc.make_daily(DAY)["markdown"]
    assert "## Energy\n\n60.0 Wh on all GPUs." in md
    assert "| GPU | energy | of it, queue jobs | queue jobs | method |" in md
    assert f"| 0 | 50.0 Wh | 30.0 Wh | 2 | {power} |" in md
    assert "- energy of all GPUs: 60.0 Wh" in facts_text(daily_facts(store, DAY))
