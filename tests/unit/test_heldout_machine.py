"""The blind sets' machine holds what their expected answers were read from, as the product prints it.

Sets g and h (assistant_heldout_g.json, ..._h.json) expect facts read off ``gpuaccel status``, ``ls`` and
``show`` on tests/heldout_machine.py; if the machine drifts, those expectations go stale silently. This
checks the facts the sets lean on most, through the CLI's own printers.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from unittest import mock

import pytest
from heldout_machine import NOW, at, build_machine
from test_assistant_questions import ask

from gpuaccel.accel.telemetry.snapshot import snapshot
from gpuaccel.api.attempts import gpu_hours_text
from gpuaccel.app.commands.job_table import run_time, table
from gpuaccel.app.commands.status import render
from gpuaccel.assistant.reports.report import daily_facts
from gpuaccel.assistant.service import AssistantService
from gpuaccel.scheduler.reads.queue import jobs_in_window


@pytest.mark.slow  # the first build of the machine writes a day of 1 s history (10-20 s on 2 cores)
def test_machine_prints_the_facts_the_blind_sets_expect(tmp_path: Path) -> None:
    machine = build_machine(tmp_path)
    store = machine.store
    try:
        jobs = store.list(limit=100)
        by_id = {j.id: j for j in jobs}
        with mock.patch("time.time", lambda: NOW):
            rows = "\n".join(table(jobs, {7: store.array_states(7)}))
            assert run_time(by_id[2]) == "8h30m" and run_time(by_id[11]) == "1h30m"
        assert "array 7: 3 succeeded, 1 failed" in rows
        assert (
            "waiting for job 11 (running)" in rows and "waiting for 2 GPUs: GPU 0 is held by job 11" in rows
        )
        assert "held: starts after gpuaccel release 14" in rows
        assert (
            by_id[5].reason == "CUDA out of memory (exit code 1)"
            and by_id[5].attempt_words() == "attempt 3 of 3"
        )
        energy = [e.message for e in store.events(limit=10_000, job_id=2) if e.type == "energy"]
        assert energy == ["energy 18624675 J on GPU 0 over 30600.0 s (GPU held exclusively: exact)"]
        spike = "SELECT MAX(temperature_c) FROM {} WHERE gpu = 0 AND t >= ? AND t < ?"
        minute = (at("13:47"), at("13:48"))
        assert store.query(spike.format("telemetry_1s"), minute)[0][0] == 91.0
        assert store.query(spike.format("telemetry_1m"), minute)[0][0] < 70.0  # averaged away
        sampler = machine.sampler()
        try:
            status = render(snapshot(sampler))
        finally:
            sampler.stop()
        for fact in (
            "68 °C",
            "586 / 700",
            "61440 / 81559",
            "1855 / 2619",
            "210 / 405",
            "86.5%",
            "855.8",
            "30%",
        ):
            assert fact in status, fact
    finally:
        store.close()


def test_the_jobs_of_an_array_s_name_are_counted_with_their_totals(tmp_path: Path) -> None:
    """ "how did the lr sweep go" on the held-out machine: its four elements by state, the failed one's
    reason, and their GPU-hours and energy in all (as the chat's jobs answer sums gpuaccel show's)."""
    machine = build_machine(tmp_path)
    svc = machine.service()
    try:
        _, text, query = ask(svc, "how did the lr sweep go", None)
    finally:
        svc.stop()
        svc.store.close()
    assert query == {"name": "jobs", "job_name": "lr-sweep"}
    assert "4 jobs named like 'lr-sweep' (1 failed, 3 succeeded)" in text and "loss is NaN" in text
    totals = (
        "In all 1.40 GPU-hours and 531 Wh (1911916 J). The first started at 12:00:00,"
        " the last ended at 13:24:00"
        " (1h24m from the first start to the last end)."
    )
    assert text.endswith(totals), text


def test_a_retried_job_s_earlier_attempts_count_in_every_view_of_a_span(
    heldout_svc: AssistantService,
) -> None:
    """sd-xl-train (job 5) ran three attempts from 10:00; the row keeps only the last (10:07:20). The jobs
    that ran in a span, the daily report's GPU-hours and the chat's GPU-hours by card read every attempt."""
    store = heldout_svc.store
    assert [j.id for j in jobs_in_window(store, at("10:01"), at("10:02"))] == [5]  # its first attempt
    assert jobs_in_window(store, at("10:11"), at("10:12")) == []  # after its last
    facts = daily_facts(store, dt.date.fromtimestamp(NOW))
    _, text, _ = ask(heldout_svc, "how many GPU-hours were used today?", None)
    cut = r"By GPU, today \(runs cut at the span's edges\): GPU 0 ([\d.]+), GPU 1 ([\d.]+)"
    by_gpu = re.search(cut, text)
    assert by_gpu is not None, text
    assert abs(facts["gpu_hours"] - sum(map(float, by_gpu.groups()))) <= 0.01  # each rounded to 0.01
    assert f"GPU-hours; {gpu_hours_text(facts['gpu_hours'])} together." in text  # the report's total
    assert facts["jobs_run"] == 9


def test_a_summary_up_to_now_names_what_is_still_running(heldout_svc: AssistantService) -> None:
    """ "1 running" alone left the user asking which: a span that reaches now names its running jobs, as
    "what runs now" would, and a span that ended (yesterday) says nothing of now."""
    _, today, _ = ask(heldout_svc, "give me a short summary of today", None)
    running = [j for j in heldout_svc.store.list() if str(j.state) == "running"]
    assert running and all(f"job {j.id} ({j.name})" in today.split("Running now: ")[1] for j in running)
    _, yesterday, _ = ask(heldout_svc, "what happened yesterday?", None)
    assert "Running now" not in yesterday
