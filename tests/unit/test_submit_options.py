"""The submission options' readings without a daemon: start times, signals, arrays,
dependencies, idempotency keys, and the parser offering the new flags."""

from __future__ import annotations

import datetime as dt

import pytest
from cli_helpers import options

from gpuaccel.api.jobs import JobState
from gpuaccel.app.cli import build_parser
from gpuaccel.scheduler.lifecycle.arrays import MAX_ARRAY_SIZE, ArrayLimits, parse_array
from gpuaccel.scheduler.lifecycle.dependencies import (
    array_state,
    dependency_states,
    parse_dependency,
    verdict,
)
from gpuaccel.scheduler.lifecycle.timing import parse_at, parse_signal, starts_at
from gpuaccel.scheduler.lifecycle.validation import RequestError, validate_request
from gpuaccel.scheduler.store.idempotency import check_key, request_hash

NEW_FLAGS = (
    "--after", "--at", "--array", "--dependency", "--kill-grace", "--signal", "--on-finish",
    "--on-finish-url", "--idempotency-key",
)  # fmt: skip


def test_clock_times_are_their_next_occurrence() -> None:
    now = dt.datetime(2026, 11, 23, 14, 0).timestamp()
    assert parse_at("15:30", now) == dt.datetime(2026, 11, 23, 15, 30).timestamp()
    assert parse_at("03:00", now) == dt.datetime(2026, 11, 24, 3, 0).timestamp()
    assert parse_at("14:00", now) == dt.datetime(2026, 11, 24, 14, 0).timestamp()  # now is not "next"
    assert starts_at(parse_at("03:00", now), now) == "starts at 03:00"
    assert starts_at(now + 3 * 86400, now) == "starts at 2026-11-26 14:00"
    for bad in ("24:00", "3pm", "12:60"):
        with pytest.raises(ValueError, match="HH:MM"):
            parse_at(bad, now)


def test_signals() -> None:
    assert parse_signal("USR1@120") == ("USR1", 120.0)
    for bad, words in (("KILL@5", "unsupported"), ("USR1@", "whole seconds"), ("USR1@-3", "whole seconds")):
        with pytest.raises(ValueError, match=words):
            parse_signal(bad)


def test_array_specs() -> None:
    assert parse_array("0-15%4").indices == list(range(16)) and parse_array("0-15%4").max_running == 4
    assert parse_array("0-15:5").indices == [0, 5, 10, 15]
    assert parse_array("1,3,5-6").indices == [1, 3, 5, 6] and parse_array("7").max_running is None
    assert len(parse_array(f"0-{MAX_ARRAY_SIZE - 1}").indices) == MAX_ARRAY_SIZE
    for bad in (f"0-{MAX_ARRAY_SIZE}", "0-3%x", "2-1", "1,,2", "0-4:0", "1,1"):
        with pytest.raises(ValueError):
            parse_array(bad)
    limits = ArrayLimits({5: 1})
    assert limits.reason(5, 2) is None
    limits.started(5)
    assert limits.reason(5, 2) == "array 5 already runs 2 at once (%2)" and limits.reason(6, 2) is None


def test_dependency_kinds() -> None:
    assert parse_dependency("afterok:1:2,afternotok:3,afterany:4") == {
        "depends_on": [1, 2], "after_notok": [3], "after_any": [4],
    }  # fmt: skip
    for bad in ("after:1", "afterok", "afterok:x"):
        with pytest.raises(ValueError, match="afterok:ID"):
            parse_dependency(bad)
    s, f, r = JobState.SUCCEEDED, JobState.FAILED, JobState.RUNNING
    assert verdict([1], [], [], {1: s}).fail is None and verdict([1], [], [], {1: s}).wait is None
    assert verdict([1], [], [], {1: f}).fail == "dependency job 1 failed"
    assert verdict([], [1], [], {1: f}) == verdict([], [], [1], {1: f}) == verdict([], [], [], {})
    assert verdict([], [], [1], {1: s}).fail == "dependency job 1 succeeded (afternotok can no longer be met)"
    assert verdict([], [1], [], {}).fail == "dependency job 1 missing (afterany can no longer be met)"
    assert verdict([], [], [1], {1: r}).wait == "waiting for job 1 (running)"


def test_an_array_id_as_a_dependency_stands_for_the_whole_array() -> None:
    s, f, c, r, q = (
        JobState.SUCCEEDED, JobState.FAILED, JobState.CANCELLED, JobState.RUNNING, JobState.QUEUED,
    )  # fmt: skip
    assert array_state({s}) == s and array_state({s, f, c}) == f and array_state({s, c}) == c
    assert array_state({s, q}) == q and array_state({s, q, r}) == r  # unfinished while one element is
    # the array's first element (its id) succeeded, another still runs: afterok on the array waits
    states = dependency_states({7: s}, {7: {s, r}})
    assert verdict([7], [], [], states, {7}).wait == "waiting for array 7 (running)"
    states = dependency_states({7: s}, {7: {s, f}})
    assert verdict([7], [], [], states, {7}).fail == "dependency array 7 failed"
    assert verdict([], [], [7], states, {7}) == verdict([], [7], [], states, {7}) == verdict([], [], [], {})


def test_a_mistyped_kind_is_named_even_when_argv_follows() -> None:
    """``gpuaccel submit matmal -- x`` used to be told that 'matmal' takes its parameters in spec."""
    with pytest.raises(RequestError) as wrong:
        validate_request({"kind": "matmal", "argv": ["x"]})
    assert wrong.value.field == "kind" and "unknown workload kind 'matmal'" in wrong.value.message
    assert "known kinds: command, " in wrong.value.message
    with pytest.raises(RequestError, match="takes its parameters in spec"):
        validate_request({"kind": "matmul", "argv": ["x"]})


def test_idempotency_keys() -> None:
    assert check_key("a-UUID_1.2") == "a-UUID_1.2"
    for bad in ("", "has space", "x" * 256, "é"):
        with pytest.raises(ValueError, match="visible ASCII"):
            check_key(bad)
    assert request_hash({"a": 1, "b": [2]}) == request_hash({"b": [2], "a": 1}) != request_hash({"a": 2})


def test_the_parser_offers_the_new_submit_flags() -> None:
    assert set(NEW_FLAGS) <= options("submit")


def test_a_command_without_the_kind_is_a_command(monkeypatch: pytest.MonkeyPatch) -> None:
    """``gpuaccel submit --gpus 1 -- sleep 300`` took '--' for the kind and failed with a message about
    workload specs; with no kind before the command it is the command kind, dashed arguments and all."""
    from gpuaccel.app.commands import submit

    seen: list[dict] = []
    monkeypatch.setattr(
        submit, "client_command", lambda fn: lambda args: seen.append(submit.build_request(args))
    )
    args = build_parser().parse_args(["submit", "--gpus", "1", "--", "python", "train.py", "--lr", "3e-4"])
    args.func(args)
    assert seen[0]["kind"] == "command" and seen[0]["gpus"] == 1
    assert seen[0]["argv"] == ["python", "train.py", "--lr", "3e-4"]


def test_a_ring_job_gets_one_gpu_per_rank_or_is_refused_at_submit() -> None:
    """attention.ring with world_size 2 and --gpus 1 was queued and then failed ('needs 2 GPU(s) but this
    job sees 1'); without --gpus it got one GPU. Now the count defaults to the ranks and may not be below."""
    ring = {"kind": "attention.ring", "spec": {"world_size": 2, "seq_total": 4096}}
    assert validate_request(ring).gpus == 2
    assert validate_request({**ring, "gpus": 4}).gpus == 4  # more is the user's choice (a local run)
    with pytest.raises(RequestError) as few:
        validate_request({**ring, "gpus": 1})
    assert few.value.field == "gpus" and "--gpus 2" in few.value.message
    cpu = {"kind": "attention.ring", "spec": {"world_size": 2, "seq_total": 4096, "device": "cpu"}}
    assert validate_request({**cpu, "gpus": 0}).gpus == 0  # CPU ranks hold no GPU


def test_the_attempt_is_said_one_way_from_the_stored_budget(tmp_path) -> None:
    """The API sends attempts_allowed (the stored retry base is not sent), so the window, the CLI and
    the assistant say "attempt 2 of 2" after a retry by hand, where some said "of 1"."""
    from gpuaccel.api.jobs import Job
    from gpuaccel.scheduler.store.queue import Store

    store = Store(tmp_path / "jobs.db")
    job = store.insert(validate_request({"kind": "command", "argv": ["true"]}))
    with store.transaction() as conn:  # as a retry by hand leaves a job that failed on its first attempt
        conn.execute("UPDATE jobs SET attempt = 2, retry_base = 1, max_retries = 0 WHERE id = ?", (job.id,))
    job = store.get(job.id)
    assert job is not None and job.attempts_allowed == 2 and job.attempt_words() == "attempt 2 of 2"
    sent = job.to_json()
    assert sent["attempts_allowed"] == 2 and "retry_base" not in sent
    assert Job.model_validate(sent).attempt_words() == "attempt 2 of 2"  # a client's copy says the same
    store.close()
