"""The instant a peak names and the reading a conversation is on, every attempt of a retried job in a span,
what a job waited on and what waited on it, first in time against first as listed, and words that are not
the topic they look like ("held back", "for nothing", why the user asks). Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.queries.query import Query, Window
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.asks import split_asks
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.grammar import jobs_in
from gpuaccel.assistant.understand.names import as_named


def test_the_job_on_a_gpu_at_its_peak(heldout_svc: AssistantService) -> None:
    sid, text, _ = ask(heldout_svc, "what was gpu 0's hottest today", None)
    assert "91 °C at 13:47:23" in text, text
    _, text, query = ask(heldout_svc, "who was to blame for that", sid)
    assert query is not None and query["window"]["label"] == "at 13:47:23", query
    assert text.startswith("1 job on GPU 0 at 13:47:23: job 11 (mistral-7b-sft)"), text


def test_after_several_peaks_of_one_gpu_each_reading_keeps_its_own_moment(
    heldout_svc: AssistantService,
) -> None:
    sid, text, query = ask(heldout_svc, "peak readings of the h100 today", None)
    assert query is not None and (query["metric"], query["gpu"]) == ("overview", 0), query
    assert "91 °C at 13:47:23" in text, text
    # "each" is each reading of that GPU (its overview says every peak's time), not each card
    _, _, query = ask(heldout_svc, "at what times did each one occur", sid)
    assert query is not None and query.get("gpu") == 0, query
    _, text, query = ask(heldout_svc, "which run was going at the temperature peak", sid)
    assert query is not None and query["window"]["label"] == "at 13:47:23", query
    assert "job 11 (mistral-7b-sft)" in text, text


def test_a_session_stored_with_one_moment_reads_back() -> None:
    stored = {"query": None, "subject_gpus": [0], "moment": Window(1.0, 2.0, "at x").to_json()}
    assert Context.from_json(stored).moment == Window(1.0, 2.0, "at x")


def test_a_retried_jobs_first_attempt_counts_in_a_span(heldout_svc: AssistantService) -> None:
    # job 5's first attempt ran from 10:00 on GPU 1; its row keeps only the third (from 10:07)
    _, text, _ = ask(heldout_svc, "what was running on gpu 1 at 10:01", None)
    assert "job 5 (sd-xl-train)" in text, text


def test_the_peak_asked_after_a_jobs_answer_is_the_conversations_reading(
    heldout_svc: AssistantService,
) -> None:
    sid, _, _ = ask(heldout_svc, "max temp of gpu 0 today", None)
    sid, _, query = ask(heldout_svc, "which job was running then", sid)
    assert query is not None and query["name"] == "jobs", query
    _, text, query = ask(heldout_svc, "and gpu 1's peak", sid)
    assert query is not None and (query["name"], query["gpu"], query["metric"]) == (
        "gpu_reading",
        1,
        "temperature",
    ), query
    assert "73 °C" in text, text


def test_a_job_says_what_it_waited_on_and_what_waited_on_it(heldout_svc: AssistantService) -> None:
    _, text, _ = ask(heldout_svc, "tell me about job 2", None)
    assert "after job 1 (data-prep)" in text, text
    _, text, _ = ask(heldout_svc, "tell me about job 1", None)
    assert "Waited on it, then started: job 2 (llama-70b-finetune)." in text, text


def test_first_in_time_is_not_first_as_listed(heldout_svc: AssistantService) -> None:
    sid, text, _ = ask(heldout_svc, "what failed today", None)
    assert text.index("Job 9") < text.index("Job 5"), text  # newest first
    _, _, query = ask(heldout_svc, "which of them crashed first", sid)
    assert query == {"name": "job_detail", "job": 5}, query
    _, _, query = ask(heldout_svc, "and the first one?", sid)
    assert query == {"name": "job_detail", "job": 9}, query  # the list's first entry


def test_a_reading_over_a_run_moves_to_another_job_and_keeps_its_job(
    heldout_svc: AssistantService,
) -> None:
    sid, _, _ = ask(heldout_svc, "avg power of llama-8b-eval over its run", None)
    sid, _, query = ask(heldout_svc, "and across sd-xl-train's run?", sid)
    assert query == {"name": "gpu_reading", "job": 5, "metric": "power"}, query
    _, text, query = ask(heldout_svc, "how much energy did it waste", sid)
    assert query == {"name": "job_detail", "job": 5} and "64.8 Wh" in text, (query, text)


def test_words_that_are_not_their_topic(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "gpu 0 power now", None)
    _, text, _ = ask(heldout_svc, "is something holding it back?", sid)
    assert "held back by: power cap" in text, text
    _, _, query = ask(heldout_svc, "energy job 9 burned for nothing?", None)
    assert query == {"name": "job_detail", "job": 9}, query
    sid, _, _ = ask(heldout_svc, "which gpus are idle", None)
    _, text, query = ask(heldout_svc, "what memory is in use on it now", sid)
    assert query is not None and query.get("gpu") == 1, query


@pytest.mark.parametrize(
    "message",
    [
        "What was gpu 1's mean utilization today? Trying to decide whether we need more cards.",
        "how hot is gpu 0? just trying to work out if the fans need cleaning",
    ],
)
def test_why_the_user_asks_is_no_ask(message: str) -> None:
    assert len(split_asks(message)) == 1


def test_the_moment_and_reading_survive_the_stored_context() -> None:
    ctx = Context(
        Query("jobs"),
        moments={"temperature": Window(1.0, 2.0, "at 00:00:01")},
        reading=Query("gpu_reading", gpu=0, metric="power"),
    )
    back = Context.from_json(ctx.to_json())
    assert back.moment == ctx.moment and back.reading == ctx.reading


def test_the_model_may_write_only_the_job_a_question_names_when_it_points_back_at_none() -> None:
    ctx = Context(Query("job_detail", job=2), [2], job_names={"data-prep": 1, "llama-70b-finetune": 2})
    assert jobs_in("how long did data-prep take?", ctx) == [1]
    assert set(jobs_in("was data-prep before it?", ctx)) == {1, 2}  # "it": job 2 still
    assert set(jobs_in("and how long did it take?", ctx)) == {2}


def test_the_model_is_never_offered_job_0() -> None:
    # the queue's ids start at 1: a 0 said is a card ("die 0er", "gpu0"), never a job to write
    ctx = Context(None, [], job_names={"bert-ft": 3})
    assert 0 not in jobs_in("wie heiss ist die 0er und was macht job 3", ctx)
    assert jobs_in("und die 0er?", ctx) == []


def test_what_was_going_on_around_a_time_is_the_recap_of_its_minutes(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "what was happening on the box at around 13:50?", None)
    assert query is not None and query["name"] == "summary", query
    assert query["window"]["label"] == "between 13:45 and 13:55" and "mistral-7b-sft" in text, (query, text)
    # now's ("what's going on") is not a recap of the past
    _, _, query = ask(heldout_svc, "what's going on on gpu 1", None)
    assert query is None or query["name"] != "summary", query


def test_the_jobs_around_a_time_are_those_at_it_when_any_ran_then(heldout_svc: AssistantService) -> None:
    # job 7 ran 12:00:00-12:25:00 on the 4090, job 8 12:25:05-12:51:00
    _, text, _ = ask(heldout_svc, "anything on the ada card near 12:27?", None)
    assert text.startswith("1 job on GPU 1 at 12:27: job 8 (lr-sweep)"), text
    # nothing ran at 13:27 itself (job 10 ended at 13:24): the minutes around it say what had just ended
    _, text, _ = ask(heldout_svc, "which jobs ran on the 4090 at about 13:27", None)
    assert "between 13:22 and 13:32" in text and "job 10 (lr-sweep)" in text, text
    assert "12:58:05-13:24:00" in text, text


def test_a_rough_span_keeps_its_moment_through_json() -> None:
    w = Window(100.0, 700.0, "between 00:01 and 00:11", at=400.0)
    assert Window.from_json(w.to_json()) == w and "at" not in Window(1.0, 2.0, "x").to_json()


@pytest.mark.parametrize(
    "request_said", ["pause job 4711", "pls cancel jobs 12 and 9000", "bump job 777 to priority 5"]
)
def test_a_request_for_a_job_the_queue_never_had_gives_no_command(
    heldout_svc: AssistantService, request_said: str
) -> None:
    sid, text, query = ask(heldout_svc, request_said, None)
    missing = [n for n in ("4711", "9000", "777") if n in request_said][0]
    assert query is None and text.strip() == f"There is no job {missing} in the queue's history.", text
    assert "gpuaccel" not in text, text
    # and no focus on it: "and its log?" is not asked of a job that is not there
    _, text, _ = ask(heldout_svc, "why did it stop?", sid)
    assert f"job {missing}" not in text, text


def test_jobs_ranked_by_a_reading_over_their_runs(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "job 2 vs job 11, which ran hotter", None)
    assert query == {"name": "job_rank", "metric": "temperature", "order": "max", "among": "2,11"}, query
    assert text.startswith(
        "Job 11 (mistral-7b-sft) ran the hottest of jobs 2 and 11: its peak temperature 91 °C"
    )
    assert "job 2 (llama-70b-finetune) 71 °C" in text, text
    # the same peak as the job's own reading over its run
    _, own, _ = ask(heldout_svc, "peak temperature while job 2 ran", None)
    assert "peaked at 71 °C at 16:12:13" in own, own
    _, text, query = ask(heldout_svc, "what job had the lowest peak power yesterday", None)
    assert query is not None and (query["name"], query["metric"], query["order"]) == (
        "job_rank",
        "power",
        "min",
    )
    assert "or no history covers its run): job 1 (data-prep)." in text, text


def test_shorthand_and_idioms_of_this_round(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "did the 70b ft finish ok", None)
    assert query == {"name": "job_detail", "job": 2}, query  # ft: finetune (llama-70b-finetune)
    _, _, query = ask(heldout_svc, "what's the deal with whisper-finetune", None)
    assert query == {"name": "job_detail", "job": 14}, query
    sid, _, _ = ask(heldout_svc, "any idle card?", None)
    _, text, query = ask(heldout_svc, "since what time exactly?", sid)
    assert query == {"name": "idle_gpus"} and "since 13:24" in text, (query, text)
    _, text, query = ask(heldout_svc, "please cap gpu 1 at 250 watts", None)
    assert query is None and "nvidia-smi" in text, text
    sid, _, _ = ask(heldout_svc, "gpu 0 memory use", None)
    _, text, query = ask(heldout_svc, "ok and how much is free for another run", sid)
    assert query == {"name": "gpu_reading", "gpu": 0, "metric": "free_memory"}, query
    sid, _, _ = ask(heldout_svc, "tell me about job 6", None)
    _, text, query = ask(heldout_svc, "what did it use up", sid)
    assert query == {"name": "job_detail", "job": 6} and "190 Wh" in text, (query, text)


def test_follow_ups_that_compare_rank_or_pick_from_a_ranking(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "h100 peak temp today", None)
    _, text, query = ask(heldout_svc, "how does that stack up against the 4090?", sid)
    assert query is not None and query.get("gpu") is None and query["metric"] == "temperature", query
    assert "GPU 0 peaked at 91 °C" in text and "GPU 1 peaked at 73 °C" in text, text
    sid, _, _ = ask(heldout_svc, "mean power of job 6 over its run", None)
    _, text, query = ask(heldout_svc, "compared to llama-8b-eval?", sid)
    assert query == {"name": "job_rank", "metric": "power", "order": "max", "among": "6,4"}, query
    assert "mean 569 W" in text and "mean 396 W" in text, text
    sid, _, _ = ask(heldout_svc, "which jobs used the most energy", None)
    _, text, query = ask(heldout_svc, "and the runner up?", sid)
    assert query is not None and query["name"] == "job_rank" and "job 4 (llama-8b-eval) 277 Wh" in text
    _, text, query = ask(heldout_svc, "how much did the top one use", sid)
    assert query == {"name": "job_detail", "job": 2}, query


def test_a_retried_jobs_run_time_in_a_ranking_says_its_attempts(heldout_svc: AssistantService) -> None:
    _, text, _ = ask(heldout_svc, "which ran longer, job 5 or job 4?", None)
    assert "job 5 (sd-xl-train) 3m21s, 9m41s over its 3 attempts (failed)" in text, text


def test_an_arrays_end_element_said_by_name_and_what_ran_in_a_span(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "for lr-sweep, the final element: when did it start?", None)
    assert query == {"name": "job_detail", "job": 10}, query
    _, _, query = ask(heldout_svc, "lr-sweep from the first element's start to the last one's end?", None)
    assert query is not None and query["name"] != "job_detail", query  # the whole array's span
    _, text, query = ask(heldout_svc, "which jobs ran yesterday and how did each end", None)
    assert query is not None and query["name"] == "jobs" and "job 2 (llama-70b-finetune)" in text, text
    _, text, query = ask(heldout_svc, "please put priority 3 on job 13", None)
    assert query is None and "gpuaccel priority 13 3" in text, text
    sid, _, _ = ask(heldout_svc, "tell me about job 11", None)
    _, _, query = ask(heldout_svc, "which step is it at?", sid)
    assert query == {"name": "job_log", "job": 11}, query


def test_a_comparison_of_named_jobs_says_each_side_by_side(heldout_svc: AssistantService) -> None:
    _, text, _ = ask(heldout_svc, "job 6 vs job 4: energy and run time", None)
    # in the order named
    assert "Side by side: job 6 (resnet50-bench) ran 20m00s, 190 Wh, 0.33 GPU-hours" in text, text
    assert "; job 4 (llama-8b-eval) ran 42m00s, 277 Wh, 0.70 GPU-hours" in text, text


def test_what_the_review_of_this_round_found(heldout_svc: AssistantService) -> None:
    assert len(split_asks("is gpu 1 busy or idle? which jobs are running?")) == 2  # a yes/no question
    sid, _, _ = ask(heldout_svc, "what failed today", None)
    _, _, query = ask(heldout_svc, "which one is listed first", sid)
    assert query == {"name": "job_detail", "job": 9}, query  # as shown, not first in time
    sid, _, _ = ask(heldout_svc, "peak memory of job 4 over its run", None)
    _, _, query = ask(heldout_svc, "and over job 6's run?", sid)
    assert query == {"name": "gpu_reading", "job": 6, "metric": "memory"}, query
    sid, _, _ = ask(heldout_svc, "peak temp while job 5 ran", None)
    sid, _, _ = ask(heldout_svc, "tell me about job 2", sid)
    _, _, query = ask(heldout_svc, "and gpu 1's peak?", sid)
    assert query == {"name": "gpu_reading", "gpu": 1, "job": 5, "metric": "temperature"}, query
    _, text, _ = ask(heldout_svc, "is gpu 0 being held back?", None)
    assert "held back by: power cap" in text, text
    _, text, query = ask(heldout_svc, "which job ran the hottest today", None)
    assert "(over its run today)" in text, text


def test_ft_is_finetune_only_as_a_word_of_its_own() -> None:
    assert as_named("the 70b ft") == "the 70b finetune"
    assert as_named("how did the ft go.") == "how did the finetune go."
    assert "ft" in as_named("a 6 ft cable") and "bert-ft" in as_named("is bert-ft done")


def test_a_message_of_two_asks_leaves_the_reading_as_picked(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "peak temp while job 5 ran, and why did job 9 fail?", None)
    _, _, query = ask(heldout_svc, "and gpu 0's peak?", sid)
    assert query == {"name": "gpu_reading", "gpu": 0, "job": 5, "metric": "temperature"}, query


def test_a_part_the_overview_already_said_is_answered_once(heldout_svc: AssistantService) -> None:
    sid, text, query = ask(heldout_svc, "gpu 0 clocks? core and mem", None)
    assert query is not None and query["metric"] == "overview", query
    assert text.count("60 GiB of 79.6 GiB") == 1 and "1855 MHz" in text, text
    _, text, query = ask(heldout_svc, "same for gpu 1", sid)
    assert query is not None and (query["gpu"], query["metric"]) == (1, "overview"), query
    assert "210 MHz" in text, text


def test_a_peak_then_when_it_was_and_which_job(heldout_svc: AssistantService) -> None:
    # "when was it" asks only the peak's time, which its answer says: the job at the peak is still asked
    _, text, _ = ask(heldout_svc, "max temperature of the 4090 yesterday, when was it and which job?", None)
    assert "peaked at 47 °C at 20:12:13" in text and "1 job on GPU 1 at 20:12:13: job 3" in text, text
