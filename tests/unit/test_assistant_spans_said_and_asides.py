"""Spans said through what happened at their ends ("since then" after a time, "until the run ended at
13:24"), the jobs on a GPU at a moment (whatever reading came before, with the run they caught), two live
readings joined by "+", what a figure is for ("for the report"), a threshold's cumulative time, a job's
attempts asked per try, which job drew a peak (asked again over another day), "no wait" before a
correction, and requests about one's own files, kernels or another
system's quota (declined). Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService


def test_since_then_is_the_moment_said_before_it(heldout_svc: AssistantService) -> None:
    _, text, query = ask(
        heldout_svc,
        "we shut the door at 7 pm yesterday - what energy did the cards use from then to now?",
        None,
    )
    assert query is not None and query["name"] == "energy", query
    assert (
        query["window"]["label"] == "since yesterday 19:00"
    ), query  # (the day said: 19:00 is not yet today)


def test_a_span_ended_by_an_event_with_its_time(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "mean util of gpu 1 from 12:00 till the sweep finished at 13:24", None)
    assert query is not None and query["window"]["label"] == "between 12:00 and 13:24", query


def test_the_jobs_on_a_gpu_at_a_moment_after_another_reading(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "power of the h100 yesterday, peak", None)
    _, text, query = ask(heldout_svc, "who was running on gpu 0 at 22:15 yesterday", sid)
    assert query is not None and query["name"] == "jobs" and query["gpu"] == 0, query
    assert "job 2 (llama-70b-finetune)" in text and "it ran 16:05:00-00:35:00" in text, text


def test_a_moment_names_the_attempt_it_caught(heldout_svc: AssistantService) -> None:
    _, text, _ = ask(heldout_svc, "which job was on gpu 1 at 10:04", None)
    assert "job 5 (sd-xl-train)" in text and "attempt 2 ran 10:03:40-10:06:50" in text, text


def test_two_live_readings_joined_by_a_plus(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "h100 tensor core util + tflops rn", None)
    assert query is not None and query["metric"] == "overview", query
    assert "tensor cores 86.5% active" in text and "855.8 TFLOP/s (estimated)" in text, text
    _, text, _ = ask(heldout_svc, "overview of gpu 1", None)
    assert "tensor-core activity N/A (GPM metrics need Hopper" in text, text


def test_what_a_figure_is_for_is_no_summary(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "the 4090's energy since midnight, for our monthly report", None)
    assert query is not None and (query["name"], query["gpu"]) == ("energy", 1), query
    assert "1.14 kWh" in text, text


def test_what_a_figure_is_for_said_first_after_a_greeting_keeps_the_ask(
    heldout_svc: AssistantService,
) -> None:
    """Only a greeting is left once the purpose is set aside: the ask was said in it."""
    _, text, query = ask(
        heldout_svc, "Good morning. For our budget report I need each gpu's energy yesterday", None
    )
    assert query is not None and query["name"] == "energy" and query["window"]["label"] == "yesterday", query


@pytest.mark.parametrize("said", ["cumulative time >= 600 W", "combined time at or above 600 W"])
def test_a_thresholds_cumulative_time_over_a_run(heldout_svc: AssistantService, said: str) -> None:
    sid, _, _ = ask(heldout_svc, "job 11's average power so far", None)
    _, text, query = ask(heldout_svc, f"{said} during it", sid)
    assert query is not None and query.get("at_least") == 600 and query.get("job") == 11, query
    assert "for 17m33s" in text, text


def test_run_time_per_try_is_the_jobs_attempts(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "job 5: how did every attempt go, and run time per attempt", None)
    assert query == {"name": "job_detail", "job": 5}, query


def test_which_job_drew_a_peak(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "max power on the h100 today", None)
    _, text, query = ask(heldout_svc, "what job pulled that", sid)
    assert query is not None and query["name"] == "jobs" and query["window"]["label"] == "at 00:02:13", query
    assert "job 2 (llama-70b-finetune)" in text, text


def test_a_cards_peak_named_first_then_which_job(heldout_svc: AssistantService) -> None:
    _, text, _ = ask(heldout_svc, "the h100's max power today, what job?", None)
    assert "626 W" in text and "job 2 (llama-70b-finetune)" in text, text


def test_a_peak_there_against_the_cap_keeps_the_run(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "gpu 1's mean temperature while job 4 ran", None)
    _, text, query = ask(heldout_svc, "max power there versus the 450 W limit", sid)
    assert query is not None and (query["metric"], query.get("job")) == ("power", 4), query
    assert "407 W" in text, text


@pytest.mark.parametrize(
    "question",
    [
        "can you go over my Dockerfile and say why the build breaks?",
        "please review our slurm script, the array jobs never start",
        "my cuda kernel, 128 vs 256 threads per block - which runs faster on the h100?",
        "the national supercomputer says my quota is nearly gone, how many node hours remain?",
        "how much of my allocation on the university cluster is left?",
    ],
)
def test_own_files_kernels_and_other_systems_are_declined(
    heldout_svc: AssistantService, question: str
) -> None:
    _, text, query = ask(heldout_svc, question, None)
    assert query is None and text.startswith("I only know about this machine"), (query, text)


@pytest.mark.parametrize(
    "question",
    ["which process holds the allocation on gpu 0?", "how long did job 4 wait before it got its allocation?"],
)
def test_an_allocation_on_this_machine_is_still_answered(
    heldout_svc: AssistantService, question: str
) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None, question


def test_how_many_minutes_over_a_threshold_after_the_jobs_at_a_peak(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "hottest gpu 0 got today?", None)
    sid, _, _ = ask(heldout_svc, "what was running then", sid)
    _, text, query = ask(heldout_svc, "how many mins was it at 88 or hotter", sid)
    assert query is not None and query.get("at_least") == 88 and query["window"]["label"] == "today", query
    assert "at 88 °C or more for" in text, text


def test_a_texters_ytd_is_yesterday(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "any crashes today", None)
    _, text, query = ask(heldout_svc, "and ytd", sid)
    assert query is not None and query["window"]["label"] == "yesterday", query
    assert "flash-attn-build" in text, text


@pytest.mark.parametrize(
    "question",
    [
        "how can i keep training going after my ssh session dies - screen or tmux?",
        "could you suggest how we might rewrite the pytorch data loader to use fewer workers?",
    ],
)
def test_shell_help_and_rewriting_ones_loader_are_declined(
    heldout_svc: AssistantService, question: str
) -> None:
    _, text, query = ask(heldout_svc, question, None)
    assert query is None and text.startswith("I only know about this machine"), (query, text)


def test_an_earlier_attempt_is_the_same_jobs(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "the retries of job 5 - how did each end?", None)
    _, text, query = ask(heldout_svc, "and the earlier attempt?", sid)
    assert query == {"name": "job_detail", "job": 5}, query
    assert "attempt 2 10:03:40-10:06:50 (3m10s" in text, text


@pytest.mark.parametrize(
    "question",
    ["what's queued, what's running and what's held?", "the queue - whats running, what's pending?"],
)
def test_states_listed_side_by_side_are_the_queue(heldout_svc: AssistantService, question: str) -> None:
    _, text, query = ask(heldout_svc, question, None)
    assert query == {"name": "queue"} or query == [{"name": "queue"}], query
    assert "whisper-finetune" in text and "llama-70b-eval" in text, text


def test_a_state_asked_beside_a_gpu_is_the_queues(heldout_svc: AssistantService) -> None:
    _, text, _ = ask(heldout_svc, "what's running on gpu 0 and what's pending?", None)
    assert "1 running job on GPU 0" in text and "2 waiting: job 12 (llama-70b-eval)" in text, text


def test_gpu_hours_racked_up_by_the_job_in_focus(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "when did mistral-7b-sft start?", None)
    _, text, query = ask(heldout_svc, "how many gpu hours has it racked up", sid)
    assert query == {"name": "job_detail", "job": 11}, query
    assert "1.50 GPU-hours" in text, text


def test_another_element_of_the_array_in_focus(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "lr-sweep [1]: how long did it run", None)
    _, _, query = ask(heldout_svc, "and [2]", sid)
    assert query == {"name": "job_detail", "job": 9}, query


def test_a_names_jobs_say_the_one_gpu_they_ran_on(heldout_svc: AssistantService) -> None:
    _, text, _ = ask(heldout_svc, "list the lr-sweep jobs", None)
    assert "All ran on GPU 1." in text, text


def test_a_request_after_a_question_mark_is_read(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "is the 405b probe still queued?? cancel it", None)
    assert query is None and "gpuaccel cancel 13" in text, (query, text)


def test_what_happened_each_time_and_all_those_tries_are_the_jobs_record(
    heldout_svc: AssistantService,
) -> None:
    sid, _, query = ask(
        heldout_svc, "the sdxl job - how many tries did it get and what happened each time?", None
    )
    assert query == {"name": "job_detail", "job": 5}, query
    sid, text, query = ask(heldout_svc, "what energy went into all those attempts?", sid)
    assert query == {"name": "job_detail", "job": 5} and "64.8 Wh" in text, (query, text)
    _, text, query = ask(heldout_svc, "ok start it again", sid)
    assert query is None and "gpuaccel retry 5" in text, (query, text)


def test_a_quoted_reading_word_is_asked_about(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "a colleague says the h100 is 'throttling' - true? why?", None)
    assert query is not None and query["metric"] == "health", query
    assert "clocks held back by: power cap" in text, text


def test_a_report_of_any_kind_is_what_a_figure_is_for(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "energy of each card yesterday, it's for the budget report", None)
    assert query is not None and query["name"] == "energy", query
    assert "4.89 kWh" in text, text


def test_going_through_someone_elses_script_is_declined(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "could you go through his training script and fix the OOM?", None)
    assert query is None and text.startswith("I only know about this machine"), (query, text)


def test_which_one_was_it_after_one_gpus_peak(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "max temp of the 4090 today + when", None)
    _, text, query = ask(heldout_svc, "so which one was it", sid)
    assert query is not None and query["name"] == "jobs" and query["gpu"] == 1, query
    assert text.startswith("1 job on GPU 1 at "), text


def test_an_interjection_first_is_no_queue(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "peak temp of gpu 0 today", None)
    _, text, query = ask(heldout_svc, "hold on, what time exactly? to the second", sid)
    assert query is not None and query["name"] == "gpu_reading" and query["metric"] == "temperature", query
    assert "13:47:23" in text, text


def test_the_total_of_each_cards_energy(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "energy of gpu 1 between 09:00 and 12:00", None)
    _, text, query = ask(heldout_svc, "and both cards combined?", sid)
    assert query is not None and query["name"] == "energy" and query.get("gpu") is None, query
    assert "The GPUs used 763 Wh between 09:00 and 12:00" in text, text


def test_the_times_of_those_peaks(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "highest power of each gpu from 13:00 to 14:00", None)
    _, text, query = ask(heldout_svc, "when did those peaks happen?", sid)
    assert query is not None and query["metric"] == "power", query
    assert "13:32:13" in text and "13:02:13" in text, text


@pytest.mark.parametrize(
    "question",
    [
        "what's the median power draw of gpu 0 today?",
        "how do I plot hourly utilisation in python?",
        "can you check the loss scaling in my trainer.py for bugs?",
    ],
)
def test_statistics_not_kept_and_ones_own_source_are_declined(
    heldout_svc: AssistantService, question: str
) -> None:
    _, text, query = ask(heldout_svc, question, None)
    assert query is None and text.startswith("I only know about this machine"), (query, text)


@pytest.mark.parametrize("said", ["12 til 2", "12 till 2", "12 until 2pm"])
def test_a_bare_hour_till_another_is_that_span(said: str) -> None:
    from assistant_lab.sampling import FIXED_NOW
    from gpuaccel.assistant.queries.spans import window_of

    w = window_of(f"max power on gpu 1, say {said}", FIXED_NOW)
    assert w is not None and w.label == "between 12:00 and 14:00", (said, w)
    assert window_of("move job 3 till 2", FIXED_NOW) is None


@pytest.mark.parametrize(
    ("said", "label"),
    [
        ("11-1pm", "between 11:00 and 13:00"),
        ("10 - 11am", "between 10:00 and 11:00"),
        ("1pm-2pm", "between 13:00 and 14:00"),
    ],
)
def test_an_hour_dashed_to_another_with_its_half_of_the_day_is_that_span(said: str, label: str) -> None:
    from assistant_lab.sampling import FIXED_NOW
    from gpuaccel.assistant.queries.spans import window_of

    w = window_of(f"gpu 0 mean temp {said}", FIXED_NOW)
    assert w is not None and w.label == label, (said, w)
    assert window_of("compare gpus 0-1 now", FIXED_NOW) is None  # two GPUs, no am or pm


def test_a_dashed_span_beside_a_day_is_the_span_not_the_day(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "h100 mean util 1-2pm today pls", None)
    assert query is not None and query["window"]["label"] == "between 13:00 and 14:00", query


def test_a_peak_and_its_job_asked_again_over_another_day(heldout_svc: AssistantService) -> None:
    # the span said again alone asks the peak and the job at the new span's own peak
    sid, _, _ = ask(heldout_svc, "what was the highest power of the 4090 today, and what job was it", None)
    _, text, query = ask(heldout_svc, "how about yesterday", sid)
    assert query is not None and query["window"]["label"] == "yesterday", query
    assert "187 W" in text and "job 3 (flash-attn-build)" in text, text


def test_no_wait_before_a_correction_is_no_queue(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "temperature of gpu 1", None)
    _, _, query = ask(heldout_svc, "nope wait, I meant the h100", sid)
    assert query is not None and query["name"] == "gpu_reading" and query["gpu"] == 0, query


def test_a_length_said_first_is_the_last_of_it(heldout_svc: AssistantService) -> None:
    """ "12h gpu 1 max temp": a span heading the question with no "last" before it; "2h ago" is a moment."""
    _, _, query = ask(heldout_svc, "12h gpu 1 max temp, what time", None)
    assert query is not None and query["name"] == "gpu_reading", query
    assert query["window"]["label"] == "in the last 12 hours", query
    _, _, query = ask(heldout_svc, "3 hours energy per card?", None)
    assert query is not None and query["window"]["label"] == "in the last 3 hours", query
    # the clock's notation is no span: the job's own answer, not the jobs of the last day
    sid, _, _ = ask(heldout_svc, "what is on hold?", None)
    _, text, query = ask(heldout_svc, "and its submit time? 24-hour clock please.", sid)
    assert query == {"name": "job_detail", "job": 14} and "in the last 24 hours" not in text, (query, text)


def test_hours_joined_by_to_with_their_half_of_the_day(heldout_svc: AssistantService) -> None:
    """ "10am to 12pm gpu 0 mean util": the span between them (no "from" before it), which a follow-up of
    another reading keeps."""
    sid, _, query = ask(heldout_svc, "earlier today 10am to 12pm gpu 0 mean util", None)
    assert query is not None and query["window"]["label"] == "between 10:00 and 12:00", query
    _, _, query = ask(heldout_svc, "and the fan?", sid)
    assert query is not None and query["window"]["label"] == "between 10:00 and 12:00", query
