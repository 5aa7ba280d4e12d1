"""Jobs that ran more than once, what a set of jobs used together, since when a job waits in its state, a job
said by its number beside a negated verb, a job's readings asked with "did it use", and a message that
goes on from the last answer. Worded apart from the blind question sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker
from gpuaccel.scheduler.reads.queue import summed_methods

NAMES = {
    "sd-xl-train": 5,
    "lr-sweep": 9,
    "llama-70b-eval": 12,
    "llama-405b-probe": 13,
    "whisper-finetune": 14,
}


@pytest.mark.parametrize(
    ("question", "state"),
    [
        ("any jobs get retried?", None),
        ("list the jobs that needed several attempts", None),
        ("were any failed runs rerun?", "failed"),
    ],
)
def test_retried_asks_for_the_jobs_that_ran_more_than_once(question: str, state: str | None) -> None:
    q = RulePicker().pick(question, Context(job_names=NAMES), 0.0)
    assert q is not None and (q.name, q.metric, q.state) == ("job_rank", "attempts", state), q


@pytest.mark.parametrize(
    "question",
    ["why hasn't 13 started yet", "why wont 13 run", "why isn't 13 going", "why can't 13 start"],
)
def test_a_bare_number_beside_a_negated_verb_is_that_job(question: str) -> None:
    q = RulePicker().pick(question, Context(job_names=NAMES), 0.0)
    assert q is not None and (q.name, q.job) == ("job_detail", 13), q


def test_gpu_hours_are_no_count_of_gpus() -> None:
    q = RulePicker().pick("how many gpu-hours in total", Context(job_names=NAMES), 0.0)
    assert q is not None and q.name == "jobs", q


def test_energy_of_jobs_in_a_state_is_ranked_with_their_total() -> None:
    q = RulePicker().pick("what energy did the failed runs burn today", Context(job_names=NAMES), 0.0)
    assert q is not None and (q.name, q.metric, q.state) == ("job_rank", "energy", "failed"), q


def testsummed_methods_add_each_runs_seconds_once() -> None:
    one = "NVML energy counter over 10.0 s of 12.0 s, edges from measured power"
    two = "NVML energy counter over 5.5 s of 5.5 s, edges from measured power"
    assert summed_methods([one]) == one
    assert summed_methods([one, one, two]) == (
        "NVML energy counter over 25.5 s of 29.5 s, edges from measured power (3 runs summed)"
    )
    assert summed_methods([one, "by power x time"]) == f"{one}; by power x time"


def test_the_answers_on_the_heldout_machine(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    _, text, query = ask(svc, "did any job need a retry today", None)
    assert query is not None and query["metric"] == "attempts", query
    assert (
        text.startswith("1 of the 12 jobs today was retried:")
        and "job 5 (sd-xl-train) 3 attempts (failed)" in text
    ), text
    _, text, query = ask(svc, "total energy of the failed jobs today?", None)
    assert query is not None and query["state"] == "failed", query
    assert "Together 109 Wh (391677 J) over the 2 jobs." in text, text  # in joules too, as each job
    _, text, query = ask(svc, "what's on hold right now", None)
    assert "job 14 (whisper-finetune) since 14:30" in text, text
    _, text, query = ask(svc, "what memory did job 5 use", None)
    assert query == {"name": "gpu_reading", "job": 5, "metric": "memory"}, query
    assert "23900 MiB" in text, text
    sid, _, _ = ask(svc, "tell me about job 2", None)
    _, text, query = ask(svc, "and its gpu hours, and what energy did it burn", sid)
    assert query == {"name": "job_detail", "job": 2}, query  # "it" is job 2 in both parts
    assert "8.50 GPU-hours" in text and "5.17 kWh" in text, text
    sid, _, _ = ask(svc, "why did job 5 die", None)
    _, text, query = ask(svc, "and what was its memory on gpu 1 back then", sid)
    assert query == {"name": "gpu_reading", "gpu": 1, "job": 5, "metric": "memory"}, query
    _, text, _ = ask(svc, "why did job 5 die", None)
    assert "(3 runs summed)" in text and text.count("NVML energy counter") == 1, text
    sid, _, _ = ask(svc, "is job 11 still going", None)
    _, text, query = ask(svc, "and how many attempts has it got left", sid)
    assert query == {"name": "job_detail", "job": 11} and "attempt 1 of 2" in text, (query, text)


@pytest.mark.parametrize(
    ("question", "want"),
    [
        ("how much juice did gpu 0 use today", ("energy", None)),
        # the question word after the verb, or no "did": power used up is still energy
        ("gpu 0 burned how much electricity today", ("energy", None)),
        ("how much power the 4090 consumed yesterday", ("energy", None)),
        ("how much power was spent by gpu 1 today", ("energy", None)),
        ("how much power is gpu 1 using now", ("gpu_reading", "power")),
        ("today gpu 0 used how much power on average", ("gpu_reading", "power")),
        ("gpu 1 used how much power in the last 30 minutes", ("energy", None)),  # "minutes" is no "min"
        ("total power draw of gpu 1 yesterday", ("energy", None)),
        ("max and mean power of gpu 1 today", ("gpu_reading", "power")),
    ],
)
def test_power_in_total_is_energy(question: str, want: tuple[str, str | None]) -> None:
    q = RulePicker().pick(question, Context(job_names=NAMES, gpus=[0, 1]), 0.0)
    assert q is not None and (q.name, q.metric) == want, q


def test_the_chat_reads_these_on_the_heldout_machine(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    _, text, query = ask(svc, "did the whisper finetuning start yet", None)
    assert query == {"name": "job_detail", "job": 14}, query  # "finetuning" says the finetune part
    sid, _, _ = ask(svc, "show the lr-sweep jobs", None)
    _, text, query = ask(svc, "what seed was element 3 using", sid)
    assert query == {"name": "job_log", "job": 10}, query  # element 3 of the array in focus
    _, text, query = ask(svc, "mean util and peak memory of job 4 over its run", None)
    assert query == {"name": "gpu_reading", "job": 4, "metric": "overview"}, query
    assert "mean 97%" in text and "17800 MiB" in text, text
    _, text, query = ask(svc, "which cards are allocated and which are free", None)
    assert query == {"name": "idle_gpus"} and "allocated to job 11 (mistral-7b-sft)" in text, text
    _, text, query = ask(svc, "I want to play a game tonight, pause job 11", None)
    assert query is None and "gpuaccel pause 11" in text, text
    sid, _, _ = ask(svc, "tell me about job 11", None)
    _, text, query = ask(svc, "how long was it queued before it got its allocation", sid)
    assert query == {"name": "job_detail", "job": 11} and "5m00s" in text, (query, text)
    _, text, _ = ask(svc, "which jobs ran today", None)
    assert "job 4 (llama-8b-eval)" in text and "job 6 (resnet50-bench)" in text, text


def test_a_total_over_the_retries_is_the_jobs_own(heldout_svc: AssistantService) -> None:
    heldout_svc.chat.pickers = (RulePicker(),)  # the rules' reading, whatever the model would have picked
    question = "how many gpu hours did the failed jobs use today including the retries"
    _, text, query = ask(heldout_svc, question, None)
    assert query is not None and query.get("metric") == "gpu_time" and query["state"] == "failed", query
    assert "0.16 GPU-hours" in text, text
    _, text, query = ask(
        heldout_svc, "how much energy did the crashed runs burn yesterday, retries and all", None
    )
    assert query is not None and query.get("metric") != "attempts" and query["state"] == "failed", query
