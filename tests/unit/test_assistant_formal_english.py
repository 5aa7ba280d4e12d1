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


def test_a_span_until_now_and_report_or_kindly_as_politeness() -> None:
    # "from X until now" is the span since X; "from midnight" to now is today
    assert window_of("the energy from midnight up to the present", FIXED_NOW) == TODAY
    since = window_of("its peak from 9am till now", FIXED_NOW)
    assert since is not None and since.label == "since 09:00" and since.t1 == FIXED_NOW
    # "report" with its object is "tell me" (a report is asked as one), "kindly" is no kind of GPU
    assert pick("Would you please report the peak temperature of GPU 1 today?") == Query(
        "gpu_reading", gpu=1, metric="temperature", window=TODAY
    )
    power = Query("gpu_reading", gpu=0, metric="power")
    assert pick("Could you kindly say how much power GPU 0 draws?") == power
    assert pick("the core temp of gpu 1?") == Query("gpu_reading", gpu=1, metric="temperature")


def test_the_same_figure_for_another_gpu_is_the_last_reading_there() -> None:
    fan = Query("gpu_reading", gpu=1, metric="fan")
    there = Query("gpu_reading", gpu=0, metric="fan")
    assert pick("Is that reading available for GPU 0 too?", last=fan) == there


def test_a_request_said_as_what_one_wants_done_and_the_same_job_pointed_at() -> None:
    ctx = Context(job_names={"bert-ft": 4, "probe": 13}, subjects=[13])
    said = read_act("We would like job 4 killed, it is no longer needed.", ctx)
    assert said is not None and "gpuaccel cancel 4" in said.reply, said
    said = read_act("I'd want the probe restarted tonight", ctx)
    assert said is not None and "gpuaccel retry 13" in said.reply, said
    # "that same job" after a request about job 13 is job 13, not whichever job a description would fit
    briefs = {13: JobBrief("queued", 2), 14: JobBrief("held", 1)}
    ctx = Context(job_names={"probe": 13, "whisper": 14}, subjects=[13], job_briefs=briefs)
    said = read_act("Actually, set that same job on hold.", ctx)
    assert said is not None and "gpuaccel hold 13" in said.reply, said


def test_array_elements_compared_by_number_in_a_leading_clause() -> None:
    ranked = Query("job_rank", metric="energy", order="max", among="6,7")
    assert pick("compare job 6 and job 7 by energy") == ranked
    assert split_asks("Comparing job 6 with job 8, which one waited longer?") == [
        "Comparing job 6 with job 8, which one waited longer?"
    ]


def test_the_said_job_and_the_same_point_back_at_the_job_talked_about() -> None:
    """Formal office English points back with "the said job", "the same", "for same" and "Same to be
    ...": the job in focus, in requests and in questions."""
    ctx = Context(job_names={"bert-ft": 4, "probe": 13}, subjects=[13])
    said = read_act("Please hold the said job till Monday.", ctx, {13: "queued"})
    assert said is not None and "gpuaccel hold 13" in said.reply, said
    said = read_act("Kindly requeue the same at the earliest.", ctx, {13: "failed"})
    assert said is not None and "gpuaccel retry 13" in said.reply, said
    said = read_act("Noted. Same to be held for now.", ctx, {13: "queued"})
    assert said is not None and "gpuaccel hold 13" in said.reply, said
    said = read_act("Thanks for the details. Kindly place it on top of the queue.", ctx, {13: "queued"})
    assert said is not None and "priority 13" in said.reply, said
    said = read_act("Please prepone job 13.", ctx, {13: "queued"})
    assert said is not None and "priority 13" in said.reply, said
    detail = Query("job_detail", job=4)
    assert pick("What was the exit code of the said job?", detail, [4]) == pick(
        "What was its exit code?", detail, [4]
    )
    # "the same" as a comparison stays one: not the job
    assert pick("Is GPU 1 at the same temperature as GPU 0?") == pick("Is GPU 1 at the temperature of GPU 0?")


def test_what_a_figure_is_needed_for_without_its_article_is_no_summary() -> None:
    detail = Query("job_detail", job=4)
    assert pick("Energy for the said job, required for quarterly audit report.", detail, [4]) == detail
    assert pick("GPU hours of job 4, needed for departmental usage report?") == detail


def test_a_greeting_before_the_scene_and_a_courtesy_word_before_a_span() -> None:
    # a greeting before what the user is doing changes nothing: the question after it is the ask
    yesterday = window_of("yesterday", FIXED_NOW)
    asked = (
        "Good morning, we are compiling the monthly power report for the board."
        " What energy did each card use yesterday?"
    )
    assert pick(asked) == Query("energy", window=yesterday)
    hello = "Hello all, I'm drafting the quarterly budget. Which GPU was hottest today?"
    assert pick(hello) == pick("Which GPU was hottest today?")
    # "Please," / "Kindly," set off by a comma asks nothing: the span after it frames the question, one ask
    framed = "Please, the past 12 hours, how much energy per GPU?"
    assert split_asks(framed) == [framed]


def test_two_elements_of_an_array_named_by_index_are_both_compared() -> None:
    # the second element said without the array's name again is the same array's ("index 2": grid's)
    both = Query("job_rank", metric="duration", order="max", among="6,8")
    assert pick("Compare grid index 0 and index 2 please, how long did each one run?") == both
    # two jobs named, then "which one" with a comparative: a ranking of just those two
    energy = Query("job_rank", metric="energy", order="max", among="6,7")
    assert pick("grid task 0 and task 1, which one used more energy?") == energy
