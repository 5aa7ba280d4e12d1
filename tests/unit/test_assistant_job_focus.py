"""A job in the conversation's focus and its own record: what it runs (command line, worker pid), where a
cancelled job ran, what waits on it; a job named by the beginning of its name ("sd-xl", "resnet") or
several by a shared part ("the llama jobs"); follow-ups that ask its record in other words ("how many
tries", "pid?", "the memory it asked for") or what it printed ("what lr did it use", "how far did it get").
Worded apart from the held-out question sets."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from heldout_machine import NOW, build_machine

from assistant_lab.sampling import FIXED_NOW
from gpuaccel.accel.telemetry.fields import energy_text
from gpuaccel.api.attempts import attempts
from gpuaccel.api.jobs import JobState
from gpuaccel.assistant.queries.catalogue import run
from gpuaccel.assistant.queries.facts import FactsSource
from gpuaccel.assistant.queries.jobs import NO_REASON_YET
from gpuaccel.assistant.queries.query import Query, QueryContext, Window
from gpuaccel.assistant.reports.report import job_facts
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker
from gpuaccel.scheduler.lifecycle.allocator import held_by
from gpuaccel.scheduler.lifecycle.validation import validate_request
from gpuaccel.scheduler.reads.history import energy
from gpuaccel.scheduler.store.queue import Store


def _submit(store: Store, name: str, argv: list[str], **fields: object) -> int:
    return store.insert(validate_request({"kind": "command", "argv": argv, "name": name} | fields)).id


def _say(store: Store, job: int) -> str:
    return run(QueryContext(FactsSource(store)), Query("job_detail", job=job)).sentence


def test_a_jobs_record_says_its_command_worker_pid_gpu_and_what_waits_on_it(store: Store) -> None:
    base = _submit(store, "tokenize", ["python", "prep.py", "--out", "/tmp/a b"])
    after = _submit(store, "pretrain", ["torchrun", "train.py"], depends_on=[base])
    store.claim(base, "test", 30.0, [1])
    store.set_worker(base, 31337, None)
    said = _say(store, base)
    assert "Command: python prep.py --out '/tmp/a b'." in said  # shell-quoted, as gpuaccel show writes it
    assert "pid 31337" in said
    assert f"Waiting on it: job {after} (pretrain) (after it)." in said
    assert "Waiting on it" not in _say(store, after)
    # a job queued for the GPU it holds waits on it too, as the scheduler's reason says (allocator.held_by)
    behind = _submit(store, "probe", ["python", "probe.py"], gpus=2)
    store.set_waiting_reasons({behind: f"waiting for 2 GPUs: {held_by('GPU 1', base)}; GPU 0 is lost"})
    said = _say(store, base)
    assert (
        f"Waiting on it: job {after} (pretrain) (after it), job {behind} (probe) (for a GPU it holds)."
        in said
    )
    store.finish(base, JobState.CANCELLED, "cancelled by user", None)
    assert "was cancelled on GPU 1: cancelled by user" in _say(store, base)
    assert "pid" not in _say(store, base)  # a finished job has no worker


NAMES = {"img-gen-v2": 1, "bert96-large": 2, "qwen-7b-sft": 3, "qwen-14b-sft": 4, "qwen-72b-dpo": 5}


def pick(question: str, context: Context | None = None) -> Query | None:
    context = context or Context()
    return RulePicker().pick(question, Context(**{**context.__dict__, "job_names": NAMES}), FIXED_NOW)


def test_a_job_by_the_beginning_of_its_name_and_several_by_a_shared_part() -> None:
    assert pick("why did img-gen crash") == Query("job_detail", job=1)  # its first parts, dash and all
    assert pick("when did bert start") == Query("job_detail", job=2)  # its first part without the digits
    assert pick("status of the qwen runs") == Query("jobs", job_name="qwen")  # a plural: all of them
    assert pick("did all qwen jobs finish") == Query("jobs", job_name="qwen")
    assert pick("is qwen-14b done") == Query("job_detail", job=4)  # one job named: that job


def test_a_follow_up_on_the_job_in_focus_asks_its_record_in_other_words() -> None:
    focus = Context(Query("job_detail", job=3), subjects=[3])
    for question in ("how many tries did it have", "how often was it retried", "pid?", "its command line"):
        assert pick(question, focus) == Query("job_detail", job=3), question
    assert pick("how much memory did it request", focus) == Query("job_detail", job=3)
    gpu = Context(Query("gpu_reading", gpu=0, metric="temperature"))
    assert pick("how much memory does it use", gpu) == Query("gpu_reading", gpu=0, metric="memory")


def test_whether_the_job_in_focus_did_well_is_its_record() -> None:
    focus = Context(Query("job_detail", job=4), subjects=[4])
    for question in ("did it succeed", "so it passed?", "did that one pass ok"):
        assert pick(question, focus) == Query("job_detail", job=4), question


def test_a_follow_up_on_what_the_job_in_focus_printed_reads_its_log() -> None:
    focus = Context(Query("job_detail", job=2), subjects=[2])
    for question in (
        "which batch size did it use",
        "how far had it got",
        "what did it save",
        "at which epoch",
    ):
        assert pick(question, focus) == Query("job_log", job=2), question
    assert pick("what is printing right now", Context(Query("job_detail", job=2), subjects=[2])) is not None
    assert pick("what's the capital of peru", focus) is None  # words of their own, not about the job
    for question in ("what is pytorch", "what's 2+2", "thanks", "who are they"):
        assert pick(question, focus) is None, question
    assert pick("thanks", Context(Query("job_log", job=2), subjects=[2])) is None
    log = Context(Query("job_log", job=2), subjects=[2])
    assert pick("accuracy?", log) == Query("job_log", job=2)  # a value its log shows, asked bare


def test_a_job_in_focus_and_what_else_follows() -> None:
    detail = Context(Query("job_detail", job=3), subjects=[3])
    assert pick("which process is it", detail) == Query("job_detail", job=3)  # its worker pid
    assert pick("whats 5 doing", detail) == Query("job_detail", job=5)  # a number: another job
    ended = Context(Query("finished"), subjects=[5, 4])
    assert pick("when?", ended) == Query("finished")  # it says each end time
    morning = Window(FIXED_NOW - 3 * 3600, FIXED_NOW, "in the last 3 hours")
    span = Context(Query("jobs", gpu=1, window=morning), gpus=[0, 1])
    assert pick("how hot did it get", span) == Query(
        "gpu_reading", gpu=1, metric="temperature", window=morning
    )


def test_a_running_jobs_energy_so_far_is_its_gpus_since_it_started(heldout_svc: AssistantService) -> None:
    """The daemon records a job's energy when its attempt ends; before that the record says its GPU's
    energy since it started, from the telemetry history, and how it was read: the same joules the history
    gives for that span and GPU."""
    svc = heldout_svc
    running = next(j for j in svc.store.list(states=[JobState.RUNNING]) if j.assigned_gpus)
    assert running.started_at is not None
    said = run(QueryContext(FactsSource(svc.store), now=lambda: NOW), Query("job_detail", job=running.id))
    spans = energy(svc.store, running.started_at, NOW, list(running.assigned_gpus))
    joules = sum(float(e.joules or 0.0) for e in spans)
    gpus = " and ".join(f"GPU {e.gpu}" for e in spans)
    assert f"It has used {energy_text(joules)} so far: {gpus} since it started (" in said.sentence
    assert said.rows[0][-1] == f"{energy_text(joules)} so far"


def test_a_jobs_record_names_its_cards_model_and_each_attempts_energy(heldout_svc: AssistantService) -> None:
    """ "On which card exactly?": the record names the model of the GPU it ran on; a job of several
    attempts says each attempt's energy, from the energy events the daemon recorded as each one ended,
    and those add up to the job's total."""
    svc = heldout_svc
    ctx = QueryContext(FactsSource(svc.store, svc.sampler), now=lambda: NOW)
    models = {int(g["index"]): g["name"] for g in ctx.facts().gpus}
    retried = next(j for j in svc.store.list(limit=100) if j.attempt > 1 and j.assigned_gpus)
    said = run(ctx, Query("job_detail", job=retried.id)).sentence
    gpu = retried.assigned_gpus[0]
    assert f"on GPU {gpu} ({models[gpu]})" in said
    rows = svc.store.query("SELECT data FROM events WHERE type = 'energy' AND job_id = ?", (retried.id,))
    each = [energy_text(float(json.loads(r[0])["joules"])) for r in rows]
    assert len(each) > 1 and all(f", {e})" in said for e in each), said


def test_a_reading_at_that_time_after_one_jobs_record_is_over_its_run() -> None:
    """After a job's log, record or rank, "at that time" names that job's run; after what runs now, now."""
    for last in (Query("job_log", job=3), Query("job_detail", job=3)):
        focus = Context(last, subjects=[3])
        assert pick("what was the gpu temperature at that time?", focus) == Query(
            "gpu_reading", job=3, metric="temperature"
        )
        assert pick("and gpu 1's power then", focus) == Query("gpu_reading", gpu=1, job=3, metric="power")
    ranked = Context(Query("job_rank", metric="duration", order="max"), subjects=[2])
    assert pick("how hot was the gpu then?", ranked) == Query("gpu_reading", job=2, metric="temperature")
    running = Context(Query("jobs", gpu=0, state="running"), subjects=[11])
    assert pick("what was the temperature at that time?", running) != Query(
        "gpu_reading", job=11, metric="temperature"
    )


def test_what_happened_in_the_end_is_the_job_in_focus() -> None:
    """Around "what happened", "in the end" or "finally" asks how the job in focus ended, not the day."""
    focus = Context(Query("job_detail", job=5), subjects=[5])
    for question in ("and what happened in the end", "what happened finally", "at the end what happened"):
        assert pick(question, focus) == Query("job_detail", job=5), question


def test_an_ended_jobs_energy_without_a_record_is_its_gpus_alike_in_chat_and_report(tmp_path: Path) -> None:
    """A job that ended without an ``energy`` record (run before the daemon kept them, or on a card
    without the counter) is told with its GPUs' energy over every attempt's run, said as theirs, and the
    chat's record and the job's report give the same amount: one definition, not the report's estimate
    beside the chat's "none"."""
    machine = build_machine(tmp_path)
    with sqlite3.connect(tmp_path / "gpuaccel.db") as conn:
        conn.execute("DELETE FROM events WHERE type = 'energy' AND job_id IN (4, 5)")
    with machine.held_clock():
        svc = machine.service()
        try:
            for job_id, runs in ((4, "it ran"), (5, "its runs")):
                job = svc.store.get(job_id, with_events=True)
                assert job is not None and job.assigned_gpus == [1]
                tried = attempts(job)
                assert (len(tried) > 1) == (runs == "its runs")
                ctx = QueryContext(FactsSource(svc.store), now=lambda: NOW)
                said = run(ctx, Query("job_detail", job=job_id)).sentence
                spans = [e for a in tried for e in energy(svc.store, a.started_at, a.ended_at or NOW, a.gpus)]
                told = energy_text(sum(float(e.joules or 0.0) for e in spans))
                assert f"No energy was recorded for it; GPU 1 used {told} while {runs} (" in said
                facts = job_facts(svc.store, job_id, None)
                assert facts["energy"] == told and "no energy recorded for the job" in facts["energy_method"]
        finally:
            svc.stop()


def test_a_queued_job_the_scheduler_has_not_judged_gets_no_made_up_reason(store: Store) -> None:
    """Submitted since the scheduler's last full pass, a job has no waiting reason: its record and the queue
    say none is known yet, not that it is next in line (it may wait on another job); the scheduler's
    reason, once written, is what both say."""
    first = _submit(store, "prep", ["true"], not_before=time.time() + 3600)
    second = _submit(store, "train", ["true"], depends_on=[first])
    said = _say(store, second)
    assert f"is queued: {NO_REASON_YET}." in said and "next in line" not in said
    queue = run(QueryContext(FactsSource(store)), Query("queue")).sentence
    assert f"(train) ({NO_REASON_YET}; waiting" in queue
    store.set_waiting_reasons({second: f"waiting for job {first} (queued)"})
    assert f"is queued: waiting for job {first} (queued)." in _say(store, second)
