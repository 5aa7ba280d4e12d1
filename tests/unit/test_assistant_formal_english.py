"""Questions in formal or British English and in another language's word order: "utilise" is "use" (its
noun is the reading), "terminated" is cancelled, "this day" is today, a thing named before the question
is its subject, a fan "put to 80%" is a card's setting. Worded apart from the blind sets."""

from __future__ import annotations

from assistant_lab.sampling import FIXED_NOW
from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.queries.spans import window_of
from gpuaccel.assistant.understand.acts import read_act
from gpuaccel.assistant.understand.asks import split_asks
from gpuaccel.assistant.understand.context import Context, JobBrief
from gpuaccel.assistant.understand.elsewhere import asks_elsewhere
from gpuaccel.assistant.understand.picker import RulePicker
from gpuaccel.assistant.understand.replies import about_the_future

NAMES = {"bert-ft": 4, "grid": 8}
ARRAYS = {"grid": {0: 6, 1: 7, 2: 8}}
TODAY = window_of("today", FIXED_NOW)


def pick(question: str, last: Query | None = None, subjects: list[int] | None = None) -> Query | None:
    ctx = Context(last, subjects or [], job_names=NAMES, arrays=ARRAYS, gpus=[0, 1])
    return RulePicker().pick(question, ctx, FIXED_NOW)


def test_utilise_the_verb_is_use_and_its_noun_the_reading() -> None:
    assert pick("Kindly tell me the utilisation of GPU 1.") == Query("gpu_reading", gpu=1, metric="util")
    assert pick("Which process is utilising GPU 1?") == Query("memory_users", gpu=1)
    assert pick("Which jobs have been utilising GPU 1 this day?") == Query("jobs", gpu=1, window=TODAY)
    job = Query("job_detail", job=4)
    assert pick("How many GPU-hours it has utilised so far?", job, [4]) == job


def test_terminated_commenced_and_a_topic_before_the_question() -> None:
    cancelled = Query("failures", state="cancelled", window=TODAY)
    assert pick("At which hour it was terminated?", cancelled, [4]) == Query("job_detail", job=4)
    assert about_the_future("bert-ft waited how long before it commenced?") is None
    framed = "The grid array, which element has failed?"
    assert split_asks(framed) == [framed]
    whole = Query("jobs", job_name="grid")
    assert pick("Energy of all three elements together?", whole) == whole


def test_a_fan_put_to_a_value_is_a_cards_setting() -> None:
    act = read_act("Put the fan of GPU 1 to 70% please, it is loud.", Context(job_names=NAMES), {})
    assert act is not None and "nvidia-settings" in act.reply


def test_two_gpus_compared_a_ranking_of_a_list_and_a_running_jobs_memory() -> None:
    today = Query("gpu_reading", metric="util", window=TODAY)
    assert pick("Mean utilization today, GPU 0 against GPU 1?") == today  # both GPUs
    listed = Query("jobs", window=TODAY)
    assert pick("Which of those burned the most energy?", listed) == Query(
        "job_rank", metric="energy", order="max", window=TODAY
    )
    assert pick("And their energy together?", listed) == listed  # the list says its total
    running = Context(job_names=NAMES, gpus=[0, 1], job_briefs={4: JobBrief("running", 1, (1,), 1.0)})
    assert RulePicker().pick("how much vram is bert-ft using", running, FIXED_NOW) == Query(
        "memory_users", gpu=1
    )
    sweep = Query("jobs", job_name="grid")
    assert pick("which element took the longest?", sweep) == Query(
        "job_rank", metric="duration", order="max", job_name="grid"
    )
    framed = "Across the grid array, which element used the least energy?"
    assert split_asks(framed) == [framed]


def test_changing_ones_code_and_an_outcome_to_come_are_declined() -> None:
    assert asks_elsewhere("could you fix my training script so it stops crashing", {"fail"})
    assert about_the_future("is bert-ft going to beat the baseline?") is not None
    assert about_the_future("is bert-ft ever gonna start?") is None  # its state says
