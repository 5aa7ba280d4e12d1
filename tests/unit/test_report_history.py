"""Reports over a seeded day: where the 1 s history covers the day, the report's peaks and energy are the 1 s
rows' maximum and counter delta; the headline failure is the costliest; waiting jobs are counted; a job's
energy reads in Wh with digits; plots sit on fixed axes from the finest rows; an exported report keeps its
plots."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest
from history_day import DAY, EVENING, MORNING, T0, seed_day

from gpuaccel.accel.telemetry.fields import energy_text
from gpuaccel.assistant.db import AssistantDB
from gpuaccel.assistant.reports.report import ReportService, daily_facts, job_facts
from gpuaccel.scheduler.lifecycle.validation import validate_request
from gpuaccel.scheduler.reads import history
from gpuaccel.scheduler.store.queue import Store


def _job(store: Store, name: str, state: str, **columns: object) -> int:
    """A job row with ``columns`` set; one that started was submitted before the day's first event (a job
    cannot run before it exists, and the reports' span reads rely on it)."""
    job = store.insert(validate_request({"kind": "command", "argv": ["x"], "name": name}))
    if "started_at" in columns:
        columns.setdefault("created_at", MORNING[0] - 60)
    sets = ", ".join(f'"{k}" = ?' for k in ["state", *columns])
    with store.transaction() as c:
        c.execute(f"UPDATE jobs SET {sets} WHERE id = ?", (state, *columns.values(), job.id))
    return job.id


def _events(store: Store, job_id: int, *timeline: tuple[float, str]) -> None:
    with store.transaction() as c:
        c.executemany(
            "INSERT INTO events (t, type, job_id, state, message) VALUES (?, 'job', ?, ?, ?)",
            [(t, job_id, state, state) for t, state in timeline],
        )


def test_a_day_the_1s_rows_cover_reports_their_maximum_and_counter_delta(
    store: Store, tmp_path: Path
) -> None:
    truth = seed_day(store, prune=False)
    facts = daily_facts(store, DAY)
    peak = max(max(v) for v in truth.temperatures.values())
    assert peak == 73.0 and [g["temp_peak_c"] for g in facts["gpus"]] == [peak, peak]
    joules = {}
    for gpu in (
        0,
        1,
    ):  # each window: the counter's rise, and its first second by power (read before: unknown)
        windows = [(truth.counter[(gpu, w)], truth.power[(gpu, w)]) for w in ("morning", "evening")]
        joules[gpu] = sum(c[-1] - c[0] + p[0] for c, p in windows)
    assert [g["energy"] for g in facts["gpus"]] == [energy_text(joules[0]), energy_text(joules[1])]
    assert facts["energy"]["total_j"] == pytest.approx(joules[0] + joules[1])
    assert facts["history_resolution"] == "1 s"
    report = ReportService(AssistantDB(store.path), store, tmp_path / "reports").make_daily(DAY)
    opening = report["markdown"].splitlines()[2]
    assert "GPUs 0 and 1 ran the hottest, each peaking at 73 °C." in opening
    assert f"The GPUs used {energy_text(joules[0] + joules[1])}." in opening


def test_a_day_older_than_the_1s_table_keeps_its_spike_and_says_its_resolution(store: Store) -> None:
    truth = seed_day(store)  # the morning is left in 1 min rows only
    facts = daily_facts(store, DAY)
    assert [g["temp_peak_c"] for g in facts["gpus"]] == [73.0, 73.0]  # GPU 0's 3 s spike: a 1 min maximum
    assert facts["gpus"][0]["resolution"] == "1 min before 2026-11-20 20:00:00 UTC, 1 s after"
    morning = sum(truth.power[(0, "morning")])
    evening = truth.counter[(0, "evening")][-1] - truth.counter[(0, "evening")][0]
    total = float(re.sub(r" Wh$", "", facts["gpus"][0]["energy"])) * 3600
    assert total == pytest.approx(morning + evening, rel=0.005)  # 1 min part: its edges by power


def test_the_temperature_plot_shows_the_swing_on_fixed_axes(store: Store, tmp_path: Path) -> None:
    seed_day(store)
    report = ReportService(AssistantDB(store.path), store, tmp_path / "reports").make_daily(DAY)
    temperature = next(p for p in report["plots"] if p["title"] == "Temperature")
    assert "range 38-73 °C" in temperature["caption"] and "axis 0-100 °C" in temperature["caption"]
    util = next(p for p in report["plots"] if p["title"] == "GPU utilization")
    assert "range 50-90%" in util["caption"] and "axis 0-100%" in util["caption"]
    from gpuaccel.assistant.reports.report import plot_series
    from gpuaccel.scheduler.reads import history as history_read

    history = history_read.read_history(store, T0, T0 + 86400, bin_s=120.0)
    band = plot_series(history, "temperature_c", 120.0)["GPU 1"]
    finite = [(lo, hi) for lo, hi in zip(band.low, band.high, strict=True) if lo == lo]
    assert min(lo for lo, _ in finite) == 38.0 and max(hi for _, hi in finite) == 73.0
    assert any(hi - lo > 20 for lo, hi in finite)  # one 2 min point spans a swing, not a flat mean
    gaps = [t for t, m in zip(band.t, band.mean, strict=True) if m != m]  # NaN: no line drawn there
    assert len(gaps) == 1 and MORNING[1] <= gaps[0] < EVENING[0]  # across the empty hours between


def test_the_headline_failure_is_the_costliest_and_waiting_jobs_are_counted(store: Store) -> None:
    t = MORNING[0]
    trivial = _job(store, "typo", "failed", attempt=1, started_at=t, finished_at=t + 2, assigned_gpus="[0]",
                   reason="exit code 2")  # fmt: skip
    _events(store, trivial, (t, "running"), (t + 2, "failed"))
    oom = _job(store, "llama-70b", "failed", attempt=4, started_at=t + 3000, finished_at=t + 3600,
               assigned_gpus="[0, 1]", reason="CUDA out of memory")  # fmt: skip
    tries = [(t + 100 + 1000 * k, "running") for k in range(3)] + [
        (t + 700 + 1000 * k, "retrying") for k in range(3)
    ]
    _events(store, oom, *sorted(tries), (t + 3000, "running"), (t + 3600, "failed"))
    _job(store, "next", "queued")
    _job(store, "later", "held")
    _job(store, "after-oom", "queued", depends_on=json.dumps([oom]), waiting_reason=f"waits for job {oom}")
    facts = daily_facts(store, DAY)
    assert [f["job"] for f in facts["failures"]] == [oom, trivial]
    worst = {"job": oom, "name": "llama-70b", "attempts": 4, "gpu_time": "1h20m"}  # 4 x 10 min x 2 GPUs
    assert facts["failures"][0] == {**worst, "reason": "CUDA out of memory"}
    assert facts["jobs_waiting"] == 3
    assert [w["waiting"] for w in facts["waiting"]] == ["queued", "held", "waiting on a dependency"]
    from gpuaccel.assistant.reports.overview import daily_overview

    text = daily_overview(facts)
    assert (
        f"The costliest failure was job {oom} (llama-70b) after 4 attempts, 1h20m of GPU time:"
        " CUDA out of memory." in text
    )
    assert "3 jobs were waiting at report time (1 queued, 1 held and 1 waiting on a dependency)." in text


def test_a_job_s_energy_reads_in_wh_with_digits_as_show_lists_it(store: Store) -> None:
    job = _job(store, "short", "succeeded", attempt=1, started_at=T0 + 10, finished_at=T0 + 20,
               assigned_gpus="[0]")  # fmt: skip
    store.add_event(
        "energy", job_id=job, gpu=0, message="energy", data={"joules": 600.0, "method": "counter"}
    )
    facts = job_facts(store, job, None)
    assert (facts["energy"], facts["energy_method"]) == ("0.167 Wh", "counter")  # never "0 kWh"
    from gpuaccel.assistant.reports.overview import job_overview

    assert "It used 0.167 Wh (counter)." in job_overview(facts)
    from gpuaccel.assistant.queries.catalogue import Query, QueryContext, run
    from gpuaccel.assistant.queries.facts import FactsSource

    answer = run(QueryContext(FactsSource(store, None)), Query("job_detail", job=job))
    assert "It used 0.167 Wh (counter)." in answer.sentence and answer.rows[0][-1] == "0.167 Wh"
    assert energy_text(0.0) == "0 Wh" and energy_text(3.6e6 * 1.234) == "1.23 kWh"
    assert energy_text(999.7 * 3600) == "1.00 kWh" and energy_text(46.0 * 3600) == "46.0 Wh"


def test_an_exported_report_keeps_its_plots_inside_it(store: Store, tmp_path: Path) -> None:
    """``gpuaccel report > r.md`` writes what the export gives: the plots go with it as data URIs."""
    seed_day(store)
    svc = ReportService(AssistantDB(store.path), store, tmp_path / "reports")
    report = svc.make_daily(DAY)
    md = svc.export(report["id"], "md")
    assert md is not None and "](data:image/png;base64," in md
    assert not any(p["file"] in md for p in report["plots"])  # no name that only the daemon's folder holds
    uris = re.findall(r"\]\(data:image/png;base64,([A-Za-z0-9+/=]+)\)", md)
    assert len(uris) == 2 and all(base64.b64decode(u)[:4] == b"\x89PNG" for u in uris)
    assert "](" in report["markdown"] and "data:image" not in report["markdown"]  # the app loads by name
    (tmp_path / "reports" / report["plots"][0]["file"]).unlink()
    assert "plot file no longer stored" in (svc.export(report["id"], "md") or "")
    assert svc.export(999, "md") is None


def test_the_chat_s_span_answers_read_the_same_history(store: Store) -> None:
    """A span's peak and energy in the chat are the 1 s history's numbers, as in the report."""
    from gpuaccel.accel.telemetry.fake import FakeBackend
    from gpuaccel.accel.telemetry.sampler import Sampler
    from gpuaccel.assistant.queries.catalogue import run
    from gpuaccel.assistant.queries.facts import FactsSource
    from gpuaccel.assistant.queries.query import Query, QueryContext, Window

    truth = seed_day(store, prune=False)
    sampler = Sampler(FakeBackend("two_gpus"))
    sampler.open()
    sampler.poll()  # the GPUs the chat names
    ctx = QueryContext(FactsSource(store, sampler))
    evening = Window(EVENING[0], EVENING[1], "this evening")
    peak = run(ctx, Query("gpu_reading", gpu=1, metric="temperature", window=evening))
    assert peak.rows[0][1] == max(truth.temperatures[(1, "evening")]) == 73.0
    assert "history at" not in peak.sentence  # 1 s rows: nothing to say about resolution
    used = run(ctx, Query("energy", gpu=0, window=evening))
    c, p = truth.counter[(0, "evening")], truth.power[(0, "evening")]
    assert used.sentence == f"{ctx.gpu_named(0)} used {energy_text(c[-1] - c[0] + p[0])} this evening."
    assert ctx.gpu_named(0).startswith("GPU 0 (")  # the card's model, as the user names it
    day = run(ctx, Query("energy", gpu=0, window=Window(T0, T0 + 86400, "today")))
    assert "history at" not in day.sentence
    with store.transaction() as conn:  # the morning's 1 s rows pruned: the day's answer says its resolution
        conn.execute("DELETE FROM telemetry_1s WHERE t < ?", (EVENING[0],))
    day = run(ctx, Query("energy", gpu=0, window=Window(T0, T0 + 86400, "today")))
    assert day.sentence.endswith("(history at 1 min before 2026-11-20 20:00:00 UTC, 1 s after).")


def test_a_span_s_stats_from_the_rolled_minutes_equal_the_1s_rows(store: Store) -> None:
    """span_stats reads a span's whole minutes from the 1 min rows rolled up from its 1 s rows (a day in
    milliseconds): its peak, low and mean are those of the 1 s rows themselves, spike inside a minute and
    the span's ragged edges included, and it says 1 s."""
    seed_day(store, prune=False)
    t0, t1 = EVENING[0] + 17.5, EVENING[1] - 23.25  # edges inside minutes
    fields = ("temperature_c", "power_w", "util_gpu")
    fast = history.span_stats(store, t0, t1, fields=fields)
    fine = history.read_history(store, t0, t1, resolution="1s", fields=fields)
    assert history._rolled_minutes(store, t0, t1, None) is not None  # the rolled minutes answered
    for gpu in (0, 1):
        rows = [r for r in fine.rows if r.gpu == gpu]
        for f in fields:
            values = [float(r.mean[f]) for r in rows]  # type: ignore[arg-type]
            got = fast[gpu][f]
            assert (got.peak, got.low) == (max(values), min(values)), (gpu, f)
            assert got.mean == pytest.approx(sum(values) / len(values)) and got.resolution == "1 s"
