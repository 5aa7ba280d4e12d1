"""Terse and spoken questions: a job's number at the end ("what happened to 6", "why fail 5"), a card's model
number after "on" ("procs on 4090"), GPU-hours after a job's number, a one-word follow-up after a GPU's
memory, "break down", a span said beside a job's name, "before that happened" of the job in focus, and
two cards compared over a day. Worded apart from the blind question sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker
from gpuaccel.assistant.understand.replies import about_the_future

NAMES = {"resnet50-bench": 6, "sd-xl-train": 5, "mistral-7b-sft": 11}
MACHINE = Context(job_names=NAMES, gpus=[0, 1], gpu_models={0: "NVIDIA H100 80GB HBM3", 1: "RTX 4090"})


@pytest.mark.parametrize(
    ("question", "want"),
    [
        ("what became of 6", Query("job_detail", job=6)),
        ("why dead 5", Query("job_detail", job=5)),
        ("11 gpu-hours?", Query("job_detail", job=11)),
        ("who is on 4090", Query("memory_users", gpu=1)),
    ],
)
def test_terse_numbers(question: str, want: Query) -> None:
    assert RulePicker().pick(question, MACHINE, 0.0) == want


def test_free_after_a_gpus_memory_is_its_free_memory() -> None:
    after = Context(Query("gpu_reading", gpu=1, metric="memory"), job_names=NAMES, gpus=[0, 1])
    assert RulePicker().pick("how much left?", after, 0.0) == Query(
        "gpu_reading", gpu=1, metric="free_memory"
    )


def test_the_chat_on_the_heldout_machine(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    _, text, query = ask(svc, "give me a breakdown of the lr-sweep jobs' energy", None)
    assert query == {"name": "jobs", "job_name": "lr-sweep"}, query
    assert "job 9 (lr-sweep) failed after 6m55s using 44.0 Wh" in text, text
    _, text, query = ask(svc, "mean power of the 4090 from 12:00 to 13:24 during the lr sweep", None)
    assert query is not None and (query["name"], query["gpu"]) == ("gpu_reading", 1), query
    assert "mean 379 W" in text, text
    sid, _, _ = ask(svc, "why was resnet50-bench stopped", None)
    _, text, query = ask(svc, "and what energy did it burn on the h100 during that", sid)
    assert query == {"name": "job_detail", "job": 6} and "190 Wh" in text, (query, text)
    sid, _, _ = ask(svc, "what went wrong with flash-attn-build", None)
    _, text, query = ask(svc, "how long had it run when that happened", sid)
    assert query == {"name": "job_detail", "job": 3} and "2m30s" in text, (query, text)
    _, text, query = ask(svc, "was the 4090 busier than the h100 today?", None)
    assert query is not None and (query["name"], query["metric"]) == ("gpu_reading", "util"), query
    assert "mean 15%" in text and "mean 14%" in text, text


def test_terse_follow_ups_keep_the_job_talked_about(heldout_svc: AssistantService) -> None:
    """A subject left unsaid ("how long queued, how long ran"), "all together" (the job's total, not every
    job), a bare verb for the past ("it sit in queue how long before start"), "on hold" as a state, a
    request with its job said first, the rest of an array beside its element in focus, and a job's result
    (what it printed)."""
    svc = heldout_svc
    sid, _, _ = ask(svc, "what happened to sd-xl-train", None)
    _, text, query = ask(svc, "how long queued, how long ran", sid)
    assert query == {"name": "job_detail", "job": 5} and "3m21s" in text, (query, text)
    _, text, _ = ask(svc, "it retried how many times? all together ran how long", sid)
    assert "Job 2" not in text, text  # not the longest job of all
    _, text, query = ask(svc, "ok fixed the batch already, rerun it please", sid)
    assert query is None and "gpuaccel retry 5" in text, text
    sid, _, _ = ask(svc, "llama-8b-eval how", None)
    _, text, query = ask(svc, "it sit in queue how long before start", sid)
    assert query == {"name": "job_detail", "job": 4} and "5m00s" in text, (query, text)
    _, text, query = ask(svc, "what result did llama-8b-eval get", None)
    assert query == {"name": "job_log", "job": 4} and "mmlu 0.682" in text, (query, text)
    _, text, query = ask(svc, "whisper-finetune on hold still or not", None)
    assert query == {"name": "job_detail", "job": 14} and "held" in text, (query, text)
    _, text, query = ask(svc, "the 70b eval bump up priority please", None)
    assert query is None and "gpuaccel priority 12" in text, text
    sid, _, _ = ask(svc, "which element of the lr-sweep failed", None)
    ask(svc, "show its log", sid)
    _, text, _ = ask(svc, "the others finished fine? what final loss", sid)
    assert "job 7" in text and "job 10" in text and "final loss 0.88" in text, text


def test_a_peak_then_when_and_what_ran_and_gpu_hours_by_job(heldout_svc: AssistantService) -> None:
    """ "the peak how much, when, which job": the peak (which says when) and what ran at it; GPU-hours "by
    job" or "per run": each job's, ranked."""
    svc = heldout_svc
    _, text, query = ask(svc, "h100 temperature peak today how high, when, which job", None)
    assert query is not None and query["name"] == "gpu_reading", query
    assert "13:47:23" in text and "mistral-7b-sft" in text, text
    _, text, query = ask(svc, "gpu hours per run today", None)
    assert query is not None and (query["name"], query["metric"]) == ("job_rank", "gpu_time"), query
    assert "1.50 GPU-hours" in text, text


def test_a_wait_said_in_the_past_then_asked_with_the_bare_verb() -> None:
    """ "sd-xl waited ages, how long before it begin": the past its first clause marks, not a forecast;
    the same asked with the present ("... before it begins") asks the future."""
    assert about_the_future("sd-xl-train waited ages la, how long before it begin") is None
    assert about_the_future("job 6 sat there forever, how long before the job go") is None
    assert about_the_future("job 6 waited ages, how long before it begins?") is not None
    assert about_the_future("how long before it start") is not None
