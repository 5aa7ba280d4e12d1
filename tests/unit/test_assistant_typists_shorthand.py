"""A terse typist's symbols and units ("+", "@", "W", "clk", "GPU-h", "last 90m"), a run said as "the same
run" or located by when and where it ran, "which job?" after a peak, a GPU said beside a new time, a value
asked with "what's ... set to", and the parts of a message that ask nothing (thanks, what the user does not
want). Worded apart from the blind question sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, converse

from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker
from gpuaccel.assistant.understand.words import words

NAMES = {"resnet50-bench": 6, "mistral-7b-sft": 11, "flash-attn-build": 3}
MACHINE = Context(job_names=NAMES, gpus=[0, 1], gpu_models={0: "NVIDIA H100 80GB HBM3", 1: "RTX 4090"})


@pytest.mark.parametrize(
    ("question", "want"),
    [
        ("max W gpu1 past 90m", ("gpu_reading", 1, "power")),
        ("mem clk gpu 1 rn", ("gpu_reading", 1, "mem_clock")),
        ("gpu hrs used by 11", ("job_detail", None, None)),
    ],
)
def test_a_terse_typists_units(question: str, want: tuple) -> None:
    picked = RulePicker().pick(question, MACHINE, 1_795_705_200.0)
    assert isinstance(picked, Query) and (picked.name, picked.gpu, picked.metric) == want, picked
    if want[0] == "job_detail":
        assert picked.job == 11
    if want[2] == "power":
        assert picked.window is not None and picked.window.label == "in the last 90 minutes"


def test_symbols_runs_and_moments_on_the_heldout_machine(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    (_, peak), (text, run) = converse(svc, "resnet50-bench max pwr", "avg temp same run")
    assert peak == {"name": "gpu_reading", "job": 6, "metric": "power"}, peak
    assert run == {"name": "gpu_reading", "job": 6, "metric": "temperature"}, (run, text)
    [(text, query)] = converse(svc, "hottest the h100 got yesterday + at what time")
    assert query is not None and query["metric"] == "temperature" and "peaked at" in text, (query, text)
    (_, _), (text, jobs) = converse(svc, "max util on gpu 1 this morning", "which job?")
    assert jobs is not None and jobs["name"] == "jobs" and jobs["window"]["label"].startswith("at "), jobs
    assert "llama-8b-eval" in text, text
    (_, first), (text, second) = converse(svc, "jobs on gpu1 @ 12:40", "anything on the h100 at 11:05?")
    assert first is not None and (first["gpu"], first["window"]["label"]) == (1, "at 12:40"), first
    assert second is not None and (second["gpu"], second["window"]["label"]) == (0, "at 11:05"), second
    assert "resnet50-bench" in text, text


def test_a_job_located_by_when_and_where_it_ran(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    _, text, query = ask(svc, "the resnet benchmark this morning: its hottest temp during it?", None)
    assert query == {"name": "gpu_reading", "job": 6, "metric": "temperature"}, (query, text)
    # the GPU and span describe the one llama eval that ran; "during it" is that run
    _, text, query = ask(
        svc, "the llama eval that ran on the 4090 earlier today, peak power during it?", None
    )
    assert query is not None and query.get("job") == 4 and query["metric"] == "power", (query, text)
    # a span and a GPU said for themselves stay the question's ("while the sweep ran" only names it)
    _, text, query = ask(svc, "mean power of the 4090 from 12:05 to 13:20, while the lr sweep ran", None)
    assert (
        query is not None
        and query.get("job") is None
        and query["window"]["label"] == "between 12:05 and 13:20"
    )


def test_what_a_message_says_beside_its_question(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    sid, _, _ = ask(svc, "how busy is the h100", None)
    _, text, query = ask(
        svc, "cool, thanks. and its vram use? we dont want to crash whatever runs there", sid
    )
    assert query == {"name": "gpu_reading", "gpu": 0, "metric": "memory"}, (query, text)
    _, text, query = ask(svc, "what's the 4090's power cap set to?", None)
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "power"} and "450 W limit" in text, text
    _, text, query = ask(svc, "brief rundown of what's pending in the queue", None)
    assert query is not None and query["name"] == "queue" and "llama-405b-probe" in text, (query, text)
    _, text, query = ask(svc, "drop the 4090 to 300 watts", None)
    assert query is None and "nvidia-smi" in text, text
    _, text, query = ask(svc, "slurm syntax for requesting 2 gpus?", None)
    assert query is None and "I only know about this machine" in text, text


def test_times_said_in_words_and_the_job_then(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    (text, at), (detail, record), (reply, act) = converse(
        svc,
        "could you tell me what the 4090 ran at twelve past eight last night",
        "why did it end?",
        "retry it",
    )
    assert at is not None and at["window"]["label"] == "yesterday at 20:12", at
    assert "flash-attn-build" in text and record == {"name": "job_detail", "job": 3}, (text, record)
    assert act is None and "gpuaccel retry 3" in reply, reply
    _, text, query = ask(svc, "what ran on the pricey card at twenty past eleven", None)
    assert query is not None and (query["gpu"], query["window"]["label"]) == (0, "at 11:20"), query


def test_a_job_s_totals_its_runs_and_its_attempts(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    (_, _), (text, so_far) = converse(svc, "is mistral-7b-sft still going?", "gpu hours until now on gpu 0?")
    assert so_far == {"name": "job_detail", "job": 11} and "1.50 GPU-hours" in text, (so_far, text)
    (_, _), (text, waits) = converse(svc, "show the lr-sweep runs", "how long did each of them wait?")
    assert waits is not None and (waits["metric"], waits.get("job_name")) == ("wait", "lr-sweep"), waits
    assert "53m05s" in text, text
    (_, _), (text, last) = converse(
        svc, "how did sd-xl-train's tries go", "and the final one, when did it end?"
    )
    assert last == {"name": "job_detail", "job": 5} and "10:10:41" in text, (last, text)
    _, text, query = ask(svc, "what did the sweep's failed element waste in energy", None)
    assert query is not None and (query["name"], query["state"]) == ("job_rank", "failed"), query
    assert "44.0 Wh" in text, text
    _, text, query = ask(svc, "where do things stand with whisper-finetune?", None)
    assert query == {"name": "job_detail", "job": 14}, query


def test_readings_in_german_english_and_of_the_gpu_in_focus(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    _, text, query = ask(svc, "the h100 trains since 3 hours. its max temp in that time?", None)
    assert query is not None and query["window"]["label"] == "in the last 3 hours", query
    (_, _), (text, clock) = converse(svc, "core clock of the 4090?", "and its highest today?")
    assert clock is not None and (clock["metric"], clock["gpu"]) == ("clock", 1), clock
    (_, _), (text, busy) = converse(
        svc, "which card is idle now?", "how much of today was it doing real work?"
    )
    assert busy is not None and (busy["gpu"], busy["metric"]) == (1, "util") and "2h15m" in text, busy


def test_requests_after_a_reason_and_declines_after_a_story(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    reply = converse(svc, "the 405b probe can't fit anyway, so please put it on hold")[0][0]
    assert "gpuaccel hold 13" in reply, reply
    reply = converse(svc, "whisper-finetune is approved, so let it run")[0][0]
    assert "gpuaccel release 14" in reply, reply
    for said in (
        "job 9 went NaN on the 4090. Should I use a lower learning rate?",
        "what should our students change so their runs stop crashing",
        "how can I set up a cron entry that mails me the report",
    ):
        [(text, query)] = converse(svc, said)
        assert query is None and "I only know about this machine" in text, (said, text)


def test_loose_times_wall_time_and_the_job_behind(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    (_, _), (text, query) = converse(svc, "jobs on the 4090 around 12:40", "and on the h100 at like 11:05?")
    assert query is not None and query["gpu"] == 0, query
    assert query["window"]["label"] == "between 11:00 and 11:10", query  # "at like 11:05": either side
    (_, _), (text, query) = converse(svc, "llama-70b-finetune energy", "its wall clock time?")
    assert query == {"name": "job_detail", "job": 2} and "8h30m" in text, (query, text)
    (_, _), (text, query) = converse(svc, "when did data-prep finish", "and the finetune queued behind it?")
    assert query == {"name": "job_detail", "job": 2}, query
    [(text, query)] = converse(svc, "will the 4090 go above 60 c before 18:00?")
    assert query is None and "cannot tell what will happen" in text, text


def test_power_said_for_energy_and_the_gpu_s_last_job(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    [(text, query)] = converse(svc, "what did the big finetune cost in power")
    assert query == {"name": "job_detail", "job": 2} and "5.17 kWh" in text, (query, text)
    [(text, query)] = converse(svc, "how much power did the two cards pull yesterday")
    assert query is not None and query["name"] == "energy" and "4.89 kWh" in text, (query, text)
    [(text, query)] = converse(svc, "gpu 0's mean draw, power-wise, yesterday")  # a reading, not a cost
    assert query is not None and query["metric"] == "power", query
    (_, _), (text, query) = converse(svc, "is anyone wasting the 4090?", "the last thing on it?")
    assert query is not None and (query["name"], query.get("gpu")) == ("jobs", 1), query
    (_, _), (text, query) = converse(svc, "mean power of gpu 1 while the 8b eval ran", "and worst case?")
    assert query is not None and query["job"] == 4 and "peaked at 407 W" in text, (query, text)


def test_times_of_day_elements_and_the_job_at_a_time(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    [(text, query)] = converse(svc, "the 4090 at 9pm yesterday: who was on it")
    assert query is not None and query["window"]["label"] == "yesterday at 21:00", query
    (text, query), (detail, record) = converse(
        svc, "which job had the h100 at 11:15?", "how did that job end?"
    )
    assert query is not None and query["name"] == "jobs" and "resnet50-bench" in text, (query, text)
    assert record == {"name": "job_detail", "job": 6}, record
    [(text, query)] = converse(svc, "for yesterday, how long did the h100 sit idle?")
    assert query is not None and query["window"]["label"] == "yesterday", query
    [(text, query)] = converse(svc, "peak temp during the 3rd run of the lr sweep")
    assert query == {"name": "gpu_reading", "job": 9, "metric": "temperature"}, query
    [(text, query)] = converse(svc, "For the audit: what is gpu 1 drawing now, and which process is on it?")
    assert query is not None and query["metric"] == "power" and "Process 1717 (Xorg)" in text, (query, text)


def test_a_request_after_a_sentence_naming_the_job(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    sid, _, _ = ask(svc, "job 12?", None)
    _, reply, query = ask(svc, "the 405b probe is not needed today, shelve it", sid)
    assert query is None and "gpuaccel hold 13" in reply, reply
    # what is asked of now is answered, and what is asked of the future is said to be unknown
    [(text, query)] = converse(svc, "is mistral-7b-sft running? roughly when should it finish?")
    assert query == {"name": "job_detail", "job": 11} and "is running" in text, (query, text)
    assert text.endswith(
        "(I cannot tell what will happen, only what happened and what is happening now.)"
    ), text
    [(text, query)] = converse(svc, "roughly when should mistral-7b-sft finish?")
    assert query is None and "cannot tell what will happen" in text, text
    [(text, query)] = converse(svc, "our eval script is slow; how should we optimise its tokenizer step?")
    assert query is None and "I only know about this machine" in text, text
    [(text, query)] = converse(svc, "what's an A100 rented per hour on runpod?")
    assert query is None and "I only know about this machine" in text, text


def test_numbered_asks_interjections_and_the_job_that_ran(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    [(text, query)] = converse(svc, "right 1) what crashed 2) why")
    assert query is not None and query["name"] == "failures" and "loss is NaN" in text, (query, text)
    sid, _, _ = ask(svc, "is data-prep done", None)
    _, text, query = ask(svc, "haha ok. how long was it waiting before it actually began", sid)
    assert query == {"name": "job_detail", "job": 1} and "2m00s" in text, (query, text)
    [(text, query)] = converse(svc, "how many kWh did the eval burn altogether")  # the eval that ran
    assert query == {"name": "job_detail", "job": 4}, query
    [(text, query)] = converse(svc, "whisper-finetune, what happened")  # a name said first frames the ask
    assert query == {"name": "job_detail", "job": 14}, query
    (_, _), (text, query) = converse(svc, "energy of each gpu yesterday", "and both together today?")
    assert query is not None and query["window"]["label"] == "today" and "3.45 kWh" in text, (query, text)
    (_, _), (text, query) = converse(svc, "h100 clocks rn", "max it boosted to yesterday?")
    assert query is not None and (query["metric"], query["window"]["label"]) == ("clock", "yesterday"), query


def test_advice_after_a_story_and_the_future_said_loosely(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    for said, reply in (
        ("the sweep keeps going NaN, should i enable grad clipping or lower the lr to 1e-4?", "only know"),
        ("what learning rate should the sweep use next", "only know"),
        ("python script to email me when a job fails?", "only know"),
        ("is that gonna happen to the 4090 too", "cannot tell what will happen"),
    ):
        [(text, query)] = converse(svc, said)
        assert query is None and reply in text, (said, text)


def test_boot_is_no_boost() -> None:
    """ "boost" is said of a clock (as typed only); "boot", "booking", "boast" stay words of their own."""
    assert words("max it boosted to") == ["max", "it", "clock", "to"]
    assert "clock" not in words("make it start at boot, a booking to boast of")
