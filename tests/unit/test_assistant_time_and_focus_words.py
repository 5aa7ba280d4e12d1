"""Words of time and of focus: "then" is a word of its own (never repaired to "them"), "o'clock" says a time
and no clock reading, a part of a day ("yesterday afternoon") is a span, the extreme a reading reached
("the warmest it got") is read over the span, a request to act or a question about the future leaves the job
it names in focus, and a priority said with the request is in the command. Worded apart from the held-out
question sets."""

from __future__ import annotations

import datetime as dt

from assistant_helpers import act_reply, build_chat_service
from test_assistant_questions import ask

from assistant_lab.sampling import FIXED_NOW
from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.queries.spans import window_of
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker
from gpuaccel.assistant.understand.words import words

SVC_MACHINE = build_chat_service  # four jobs: train-a succeeded, bench-b running, oom-c failed, queued-d
TODAY = window_of("today", FIXED_NOW)
MIDNIGHT = dt.datetime.fromtimestamp(FIXED_NOW).replace(hour=0, minute=0, second=0).timestamp()


def pick(question: str, context: Context | None = None) -> Query | None:
    context = context or Context()
    return RulePicker().pick(question, Context(**{**context.__dict__, "gpus": [0, 1]}), FIXED_NOW)


def test_then_and_oclock_are_read_as_they_are() -> None:
    assert "then" in words("and what ran on it then")
    assert "clock" not in words("mean power since 9 o'clock") and "clock" not in words("since 10 oclock")
    since = window_of("since 9 o'clock", FIXED_NOW)
    assert since is not None and since.label == "since 09:00"
    assert pick("power of gpu 1 since 9 o'clock") == Query("gpu_reading", gpu=1, metric="power", window=since)


def test_a_part_of_a_day_is_a_span() -> None:
    afternoon = window_of("yesterday afternoon", FIXED_NOW)
    assert afternoon is not None
    assert (afternoon.t0, afternoon.t1) == (MIDNIGHT - 12 * 3600, MIDNIGHT - 6 * 3600)
    morning = window_of("what ran yday morning", FIXED_NOW)
    assert morning is not None and (morning.t0, morning.t1) == (MIDNIGHT - 86400, MIDNIGHT - 12 * 3600)
    evening = window_of("power this evening", FIXED_NOW)  # FIXED_NOW is past 18:00
    assert evening is not None and evening.t0 == MIDNIGHT + 18 * 3600 and evening.t1 == FIXED_NOW
    yesterday = window_of("yesterday", FIXED_NOW)
    assert yesterday is not None and yesterday.label == "yesterday"  # the whole day without a part said


def test_the_extreme_a_reading_reached_is_read_over_the_span() -> None:
    assert pick("the warmest they got today") == Query("gpu_reading", metric="temperature", window=TODAY)
    assert pick("busiest it went today?") == Query("gpu_reading", metric="util", window=TODAY)
    assert pick("which gpu is the hottest") == Query("gpu_rank", metric="temperature", order="max")  # now


def test_a_gpu_follow_up_said_with_then_or_there_keeps_the_gpu() -> None:
    memory = Context(Query("gpu_reading", gpu=1, metric="memory"), subject_gpus=[1])
    assert pick("so how much is free then", memory) == Query("gpu_reading", gpu=1, metric="free_memory")
    span = window_of("yesterday", FIXED_NOW)
    read = Context(Query("gpu_reading", gpu=1, metric="power", window=span), subject_gpus=[1])
    assert pick("what job was running there", read) == Query("jobs", gpu=1, window=span)


def test_a_priority_said_with_the_request_is_in_the_command() -> None:
    names = {"prep-data": 1, "train-vit": 2}
    assert "gpuaccel priority 2 7" in (act_reply("change train-vit priority to 7", names) or "")
    assert "gpuaccel priority 1 3" in (act_reply("set job 1's priority to 3 pls", names) or "")
    assert "gpuaccel priority 1 N" in (act_reply("raise the priority of job 1", names) or "")
    assert act_reply("set the power limit of gpu 0 to 300", names) is not None  # nvidia-smi, as before


def test_the_job_a_request_or_a_future_question_names_stays_in_focus(svc: AssistantService) -> None:
    sid, text, _ = ask(svc, "please stop bench-b, it is too slow", None)
    assert "gpuaccel cancel 2" in text
    sid, _, query = ask(svc, "how long has it been running", sid)
    assert query == {"name": "job_detail", "job": 2}
    sid, text, _ = ask(svc, "will queued-d start before 6pm?", None)
    assert "cannot tell what will happen" in text
    sid, _, query = ask(svc, "what does it wait for", sid)
    assert query == {"name": "job_detail", "job": 4}


NAMES = {"vit-base-eval": 1, "vit-large-eval": 2, "tok-prep": 3, "gpt-neo-train": 4}


def named(question: str, context: Context | None = None) -> Query | None:
    context = context or Context()
    return pick(question, Context(**{**context.__dict__, "job_names": NAMES}))


def test_a_part_several_jobs_share_is_the_one_in_focus() -> None:
    focus = Context(Query("job_detail", job=1), subjects=[1])
    assert named("when did the eval start", focus) == Query("job_detail", job=1)  # not the newest eval
    assert named("when did the eval start", Context()) == Query("job_detail", job=2)  # none in focus: newest


def test_a_listed_job_by_a_short_part_of_its_name() -> None:
    failures = Context(Query("failures"), subjects=[3, 4], listing=[3, 4], listed=Query("failures"))
    assert named("why did the tok one die", failures) == Query("job_detail", job=3)
    assert named("and the neo job?", failures) == Query("job_detail", job=4)


def test_advice_for_a_kind_of_card_is_refused_a_card_of_this_machine_is_not() -> None:
    models = Context(gpu_models={0: "NVIDIA H100 80GB HBM3", 1: "NVIDIA GeForce RTX 4090"})
    assert pick("should i enable flash attention or fp8 for llama on an h100?", models) is None
    assert pick("what micro batch should we pick on a rtx 4090", models) is None
    assert pick("should i use the h100 or the 4090", models) == Query("idle_gpus")  # which of ours is free
    assert pick("how hot is the 4090", models) == Query("gpu_reading", gpu=1, metric="temperature")


def test_it_after_several_jobs_of_a_span_asks_of_each_of_them() -> None:
    span = window_of("yesterday", FIXED_NOW)
    listed = Query("jobs", window=span)
    several = Context(listed, subjects=[3, 4], listing=[3, 4], listed=listed)
    assert named("when did it end?", several) == Query("finished", window=span)  # each one's end time
    assert named("and how long was it", several) == Query(
        "job_rank", metric="duration", order="max", window=span
    )
    one = Context(Query("job_detail", job=3), subjects=[3])
    assert named("how long was it", one) == Query("job_detail", job=3)  # one job in focus: its record


def test_a_verb_of_the_job_in_focus_before_that_is_no_step_back() -> None:
    focus = Context(Query("job_detail", job=3), subjects=[3])
    assert named("how long had it been running before that", focus) == Query("job_detail", job=3)
    assert named("how long did it run before it died", focus) == Query(
        "job_detail", job=3
    )  # not the run before
    assert named("and the run before it", focus) == Query("job_detail", job=2)
    assert named("and the job before that?", focus) == Query("job_detail", job=2)  # a step back


def test_why_a_reading_is_na_is_the_reading_with_its_reason() -> None:
    fan = Context(Query("gpu_reading", gpu=0, metric="fan"), subject_gpus=[0])
    assert pick("why is that N/A", fan) == Query("gpu_reading", gpu=0, metric="fan")
    assert pick("why not available?", fan) == Query("gpu_reading", gpu=0, metric="fan")


def test_two_readings_asked_together_are_the_overview() -> None:
    assert pick("core clock and memory clock of gpu 1 right now") == Query(
        "gpu_reading", gpu=1, metric="overview"
    )
    assert pick("memory clock of gpu 1") == Query("gpu_reading", gpu=1, metric="mem_clock")  # one alone
    assert pick("quick overview: temperatures and utilization") == Query("gpu_reading", metric="overview")
    assert pick("overview of today") == Query("summary", window=TODAY)  # no reading said: what happened


def test_an_array_as_a_whole_and_its_end_elements() -> None:
    names = {"bs-scan": 12, "tok-prep": 3}
    arrays = {"bs-scan": {0: 10, 1: 11, 2: 12}}
    ctx = Context(job_names=names, arrays=arrays, gpus=[0, 1])
    assert RulePicker().pick("energy of the entire scan", ctx, FIXED_NOW) == Query("jobs", job_name="bs-scan")
    focus = Context(Query("job_detail", job=11), subjects=[11], job_names=names, arrays=arrays, gpus=[0, 1])
    assert RulePicker().pick("and the final element?", focus, FIXED_NOW) == Query("job_detail", job=12)
    listed = Context(Query("jobs", job_name="bs-scan"), job_names=names, arrays=arrays, gpus=[0, 1])
    assert RulePicker().pick("when did the first task start", listed, FIXED_NOW) == Query(
        "job_detail", job=10
    )
    other = Context(Query("job_detail", job=3), subjects=[3], job_names=names, arrays=arrays, gpus=[0, 1])
    assert RulePicker().pick("and the last element?", other, FIXED_NOW) != Query("job_detail", job=12)


def test_when_a_gpu_was_last_used_by_a_job() -> None:
    on_one = Context(Query("memory_users", gpu=1), subject_gpus=[1])
    assert pick("and when was it last used by a job?", on_one) == Query("finished", gpu=1)
    assert pick("when did a job last run on gpu 0") == Query("finished", gpu=0)
    # the place said before "last" ("which job ran on that card last"); after the idle GPUs, the one named
    idle = Context(Query("idle_gpus"), subject_gpus=[0])
    assert pick("and which job ran on it last?", idle) == Query("finished", gpu=0)
    assert pick("which job ran on that card last?", on_one) == Query("finished", gpu=1)


def test_the_ends_on_one_gpu_say_its_running_job_too(svc: AssistantService) -> None:
    _, text, query = ask(svc, "when did a job last run on gpu 0", None)  # bench-b runs on GPU 0
    assert query == {"name": "finished", "gpu": 0}
    assert "Job 2 (bench-b) is running on GPU 0 now" in text


def test_a_result_a_named_job_printed_is_its_log() -> None:
    assert named("top1 accuracy of vit-large-eval?") == Query("job_log", job=2)
    assert named("what bleu did the tok-prep job get") == Query("job_log", job=3)
    assert named("how long did vit-large-eval run") == Query("job_detail", job=2)  # its record


def test_what_the_gpus_were_doing_over_a_span_is_their_jobs_then() -> None:
    span = window_of("yesterday", FIXED_NOW)
    assert pick("what was gpu 0 doing yesterday") == Query("jobs", gpu=0, window=span)
    assert pick("what are the cards doing") == Query("gpu_reading", metric="overview")  # now: the readings
    assert named("vit-base-eval results?") == Query("job_log", job=1)  # what an eval printed


def test_why_a_gpu_is_busy_is_what_runs_on_it() -> None:
    assert pick("why is gpu 1 so busy?") == Query("jobs", state="running", gpu=1)
    idle = Context(Query("idle_gpus"), subject_gpus=[1])
    assert pick("and why is the other one busy", idle) == Query("jobs", state="running", gpu=0)
    assert pick("how busy is gpu 1") == Query("gpu_reading", gpu=1, metric="util")  # how much: the reading
