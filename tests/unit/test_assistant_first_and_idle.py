"""What a handover or an energy review asks: the first (latest) job to start in a span, how long each card
sat idle or worked over a span, the job that drew the most power (its energy), a reading's peak over the
same run, a second question's job kept for the next request, a card switched off or a job put back in the
queue. Worded apart from the held-out question sets."""

from __future__ import annotations

from test_assistant_questions import ask, invented

from assistant_lab.sampling import FIXED_NOW
from gpuaccel.api.attempts import attempts
from gpuaccel.assistant.queries.jobs import clock
from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.queries.spans import window_of
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.acts import read_act
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker

TODAY = window_of("today", FIXED_NOW)
NAMES = {"prep-a": 1, "tune-b": 2}


def pick(question: str, last: Query | None = None, subjects: list[int] | None = None) -> Query | None:
    return RulePicker().pick(question, Context(last, subjects or [], job_names=NAMES, gpus=[0, 1]), FIXED_NOW)


def test_the_first_or_latest_job_to_start_in_a_span() -> None:
    assert pick("which job kicked off first today?") == Query(
        "job_rank", metric="start", order="min", window=TODAY
    )
    assert pick("the most recent run to start today") == Query(
        "job_rank", metric="start", order="max", window=TODAY
    )
    assert pick("when did the first job start") == Query("job_rank", metric="start", order="min")
    ranked = Query("job_rank", metric="start", order="min", window=TODAY)
    assert pick("anything on gpu 1?", ranked) == Query("gpu_reading", gpu=1, metric="overview")  # now
    assert pick("and gpu 1?", ranked) == Query("job_rank", metric="start", order="min", window=TODAY, gpu=1)


def test_the_first_job_to_start_through_the_chat(svc: AssistantService) -> None:
    """The answer is the job whose first attempt started earliest, as the store's attempts say."""
    sid, text, query = ask(svc, "what was the first job to start?", None)
    assert query == {"name": "job_rank", "metric": "start", "order": "min"}
    runs = [(attempts(svc.store.get(j.id))[0], j) for j in svc.store.list(limit=500) if j.started_at]
    first_run, first = min(runs, key=lambda rj: rj[0].started_at)
    assert text.startswith(f"Job {first.id} ({first.name}) started first: at {clock(first_run.started_at)}")
    assert invented(svc, sid, text, False) == []


def test_idle_and_busy_time_over_a_span_and_a_jobs_power() -> None:
    util_today = Query("gpu_reading", metric="util", window=TODAY)
    assert pick("since midnight, how long has each card been sitting idle?") == util_today
    assert pick("and how long were they under load?", util_today) == util_today  # it says both
    assert pick("which job was the most power hungry today?") == Query(
        "job_rank", metric="energy", order="max", window=TODAY
    )
    run = Query("gpu_reading", metric="power", job=2)
    assert pick("and its peak?", run, [2]) == run  # the reading over the run says its peak
    assert pick("which process is that?", Query("gpu_reading", gpu=1, metric="memory")) == Query(
        "memory_users", gpu=1
    )


def test_requests_with_a_clause_a_card_switched_off_and_a_job_put_back() -> None:
    states = {1: "succeeded", 2: "failed"}
    said = {
        "could you hold tune-b until tonight when power is cheaper?": "gpuaccel hold 2",
        "put tune-b back in the queue for one more go": "gpuaccel retry 2",
        "please power down the idle 3090": "nvidia-smi",
    }
    for question, command in said.items():
        act = read_act(question, Context(job_names=NAMES), states)
        assert act is not None and command in act.reply, (question, act)
    assert read_act("did someone turn off gpu 1?", Context(job_names=NAMES), states) is None


def test_a_job_named_by_an_earlier_part_is_it_for_the_next_request(svc: AssistantService) -> None:
    """ "Why did X fail? Was its card hot?" then "retry it": it is X, though the last part named no job."""
    failed = next(j for j in svc.store.list(limit=500) if str(j.state) == "failed" and j.name)
    sid, text, _ = ask(svc, f"why did {failed.name} fail? was the card hot?", None)
    sid, text, query = ask(svc, "ok, retry it please", sid)
    assert query is None and f"gpuaccel retry {failed.id}" in text


def test_an_on_call_engineers_shorthand_and_an_accountants_follow_ups() -> None:
    gpus = Context(gpus=[0, 1], job_names=NAMES)
    assert RulePicker().pick("whos using gpu1 mem", gpus, FIXED_NOW) == Query("memory_users", gpu=1)
    assert RulePicker().pick("gpu0 temp + fan", gpus, FIXED_NOW) == Query(
        "gpu_reading", gpu=0, metric="overview"
    )
    act = read_act("reset gpu0 its stuck", gpus, {})
    assert act is not None and "nvidia-smi" in act.reply
    assert pick("what is the carbon intensity of the grid here in gCO2 per kWh?") is None
    card = Query("energy", gpu=1, window=TODAY)
    assert pick("how much of that was queue jobs that ran on it today?", card) == Query(
        "jobs", gpu=1, window=TODAY
    )
    assert pick("and gpu-hours on that card today?", Query("jobs", gpu=1, window=TODAY)) == Query(
        "jobs", gpu=1, window=TODAY, metric="gpu_time"
    )
    two = Context(Query("job_detail", job=2), [2], job_names=NAMES, gpus=[0, 1], listing=[1, 2])
    assert RulePicker().pick("and the other one?", two, FIXED_NOW) == Query("job_detail", job=1)


def test_the_process_with_the_most_memory_and_how_the_cards_are() -> None:
    assert pick("which pid holds the most vram?") == Query("memory_users")  # the list says each one's memory
    assert pick("which gpu holds the most vram?") == Query("gpu_rank", metric="memory", order="max")
    assert pick("how are the cards?") == Query("gpu_reading", metric="overview")
    assert pick("how is gpu 1") == Query("gpu_reading", gpu=1, metric="overview")


def test_when_a_card_was_last_used_and_the_last_job_that_ran_there() -> None:
    """ "when was gpu 1 last used?": since when it is idle (the idle GPUs, with the time each went idle),
    as "when was it last busy" is; "the last job that ran there" after it: that card's jobs, newest first."""
    assert pick("when was gpu 1 last used?") == Query("idle_gpus", gpu=1)
    idle = Context(Query("idle_gpus"), gpus=[0, 1], subject_gpus=[1], job_names=NAMES)
    assert RulePicker().pick("and the last job that ran there?", idle, FIXED_NOW) == Query("jobs", gpu=1)
    assert RulePicker().pick("what was the last thing it ran", idle, FIXED_NOW) == Query("jobs", gpu=1)
    assert pick("which gpu did tune-b use last") != Query("idle_gpus")  # a job's card, not an idle one


def test_it_after_asking_whether_one_card_is_free_is_that_card(heldout_svc: AssistantService) -> None:
    """ "is the h100 available?" answers every card (the H100 busy, the 4090 idle), the one asked first; "it"
    next is the card asked about, not the idle one the answer also names."""
    sid, text, query = ask(heldout_svc, "is the h100 available right now", None)
    assert query == {"name": "idle_gpus", "gpu": 0} and text.startswith("Busy: GPU 0"), (query, text)
    _, _, query = ask(heldout_svc, "what's its power draw", sid)
    assert query is not None and query["name"] == "gpu_reading" and query["gpu"] == 0, query
    # with no card asked about, "it" is still the idle one the answer named
    sid, _, _ = ask(heldout_svc, "anything idle?", None)
    _, _, query = ask(heldout_svc, "what's its power draw", sid)
    assert query is not None and query["gpu"] == 1, query
