"""What a short follow-up points at when the last answer named several things (the job a command can act
on among a list, the job running where a live reading was taken, the job on a GPU at the moment a peak
was read, a run said as "that run"), values said as verbs or bare numbers after a reading ("topped 400 W",
"at 95 or above"), a GPU said by having no job, a process by its pid, and requests the machine cannot
answer (installing software, one's own code or OS, clock offsets, what a plan would do, who submitted a
job). Worded apart from the blind sets, on their machine."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService

REFUSED = ("I only know about this machine", "I cannot tell what will happen")
CLOCKS_REFUSED = (
    "I only read this machine; I do not change anything from the chat. A GPU's power limit, clocks"
)


def test_it_among_a_list_is_the_job_the_command_can_act_on(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "list every job please", None)
    _, text, query = ask(heldout_svc, "ok suspend it", sid)
    assert query is None and "gpuaccel pause 11" in text and "14" not in text, text


def test_the_verbs_own_clause_names_the_job(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "unhold whisper-finetune, the data for it is ready now", None)
    assert query is None and text.rstrip().endswith("gpuaccel release 14."), text


def test_which_job_after_a_live_reading_is_the_running_one(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "power draw of the cards?", None)
    _, text, query = ask(heldout_svc, "what job is it", sid)
    assert query is not None and query["name"] == "jobs" and query["state"] == "running", query
    _, text, query = ask(heldout_svc, "how long has that been going?", sid)
    assert query is not None and query.get("job") == 11 and "1h30m" in text, (query, text)


def test_what_was_on_it_then_is_the_job_at_the_peak(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "hottest the 4090 got yesterday?", None)
    _, text, query = ask(heldout_svc, "and what was on it then", sid)
    assert query is not None and query["name"] == "jobs" and query["gpu"] == 1, query
    assert "20:12:13" in text and "flash-attn-build" in text, text
    _, text, query = ask(heldout_svc, "what was on gpu 0 at 22:30 yesterday", sid)
    assert query is not None and query["gpu"] == 0 and "llama-70b-finetune" in text, (query, text)


def test_a_reading_in_that_run_and_its_clock(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how much memory did job 11 use at most while running?", None)
    _, text, query = ask(heldout_svc, "mean sm clock over that run", sid)
    assert query is not None and query["metric"] == "clock" and query["job"] == 11, query
    assert "mean 1855 MHz" in text, text


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("first moment the 4090 topped 400 W today?", "09:10:38"),
        ("when did gpu 1 break 400W today", "09:10:38"),
    ],
)
def test_a_value_said_as_a_verb(heldout_svc: AssistantService, question: str, value: str) -> None:
    _, text, query = ask(heldout_svc, question, None)
    assert query is not None and query.get("at_least") == 400 and query["metric"] == "power", query
    assert value in text, text


def test_a_bare_value_after_a_reading_is_that_reading(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "gpu 1 utilisation today, average?", None)
    _, text, query = ask(heldout_svc, "for how long was gpu 1 at 95 or above today", sid)
    assert query is not None and query["metric"] == "util" and query["at_least"] == 95, query


@pytest.mark.parametrize(
    "question", ["which card has no jobs at the moment?", "any gpu without a job on it?"]
)
def test_a_gpu_without_a_job_is_an_idle_one(heldout_svc: AssistantService, question: str) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None and query["name"] == "idle_gpus", query


def test_a_pid_is_read_from_the_processes(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "what is pid 1717?", None)
    assert query is not None and query["name"] == "memory_users", query
    assert "Process 1717 (Xorg)" in text, text


def test_until_now_is_no_forecast(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "when did job 11 start and how long until now has it run?", None)
    assert query is not None and query.get("job") == 11 and "1h30m" in text, (query, text)


@pytest.mark.parametrize(
    "question",
    [
        "how to set up cuda 12 in a conda env, it says libcudart.so not found",
        "what is wrong with my training script, it is so slow",
        "how can I clear some disk space on debian?",
        "apply a +150 core clock offset to gpu 0",
        "if we start the 405b probe tonight, would gpu 1 overheat?",
        "who submitted the llama-70b-eval job?",
    ],
)
def test_what_the_machine_cannot_answer_is_refused(heldout_svc: AssistantService, question: str) -> None:
    _, text, query = ask(heldout_svc, question, None)
    assert query is None and text.startswith(REFUSED), (query, text)


def test_the_machine_at_a_moment_says_each_jobs_gpu(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "which jobs were running at 12:40 today?", None)
    assert query is not None and query["name"] == "jobs" and query.get("gpu") is None, query
    assert "lr-sweep" in text and "on GPU 1)" in text, text


def test_each_attempt_before_it_fell_over_is_the_job_in_focus(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "what happened to sd-xl-train?", None)
    _, text, query = ask(heldout_svc, "how long did its tries each run before it fell over?", sid)
    assert query is not None and query.get("job") == 5, query


def test_the_failed_elements_energy(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "which run of the lr-sweep array failed?", None)
    _, text, query = ask(heldout_svc, "what energy did the failed one use?", sid)
    assert query is not None and text.startswith("Job 9 (lr-sweep)") and "44.0 Wh" in text, (query, text)


@pytest.mark.parametrize(
    "question",
    [
        "at the rate they are going, when do you expect the 70b eval to finish?",
        "how would I check free disk space under linux?",
        "please raise the sm clock of gpu 0 by 100 mhz",
    ],
)
def test_more_that_the_machine_cannot_answer(heldout_svc: AssistantService, question: str) -> None:
    _, text, query = ask(heldout_svc, question, None)
    assert query is None and text.startswith((*REFUSED, CLOCKS_REFUSED)), (query, text)


def test_a_request_after_what_one_wants(heldout_svc: AssistantService) -> None:
    sid, text, query = ask(
        heldout_svc, "the electrician comes at four and we need to pause job 11 until then", None
    )
    assert query is None and "gpuaccel pause 11" in text, text
    _, text, query = ask(heldout_svc, "how would I get it running again afterwards?", sid)
    assert query is None and "gpuaccel resume 11" in text, text
    _, text, query = ask(heldout_svc, "hold job 12, i want to look at its config first", None)
    assert query is None and "gpuaccel hold 12" in text, text


def test_a_span_said_in_the_while_clause_dates_the_job(heldout_svc: AssistantService) -> None:
    _, text, query = ask(
        heldout_svc, "while the resnet benchmark ran this morning, what was gpu 0's mean power?", None
    )
    assert query is not None and query.get("job") == 6 and query["metric"] == "power", query


def test_held_back_is_what_holds_the_clocks(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "is gpu 0 holding back for some reason?", None)
    assert query is not None and query["metric"] == "overview" and query["gpu"] == 0, query
    assert "held back by" in text, text


def test_a_question_after_a_telling_reads_the_question(heldout_svc: AssistantService) -> None:
    _, text, query = ask(
        heldout_svc,
        "My colleague thinks the H100 was busy at 09:40 today. What was running on it then?",
        None,
    )
    assert query is not None and query["name"] == "jobs" and query["gpu"] == 0, query
    _, text, query = ask(
        heldout_svc, "Someone says the 4090 got warm yesterday. What was its peak temperature?", None
    )
    assert query is not None and query["metric"] == "temperature" and query["gpu"] == 1, query
    assert query["window"]["label"] == "yesterday" and "47 °C" in text, (query, text)


def test_it_among_several_the_command_fits_asks_which(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "show the queued jobs", None)
    _, text, query = ask(heldout_svc, "cancel it", sid)
    assert query is None and "Which job? Jobs 12, 13, 14 can each be cancelled" in text, text
    sid, _, _ = ask(heldout_svc, "what failed?", None)
    _, text, query = ask(heldout_svc, "pause that one", sid)
    assert query is None and "None of jobs 9, 5, 3 can be paused" in text, text


def test_hours_busy_with_something_is_the_busy_time(heldout_svc: AssistantService) -> None:
    sid, text, query = ask(
        heldout_svc, "since midnight, for how many hours was gpu 1 busy with anything", None
    )
    assert query is not None and query["metric"] == "util" and query["gpu"] == 1, query
    assert "busy (10% or more) 2h15m" in text, text
    _, _, query = ask(heldout_svc, "what's gpu 1 busy with right now", None)
    assert query is not None and query["name"] != "gpu_reading", query  # what runs on it, not the time


@pytest.mark.parametrize(
    "question",
    [
        "quick one: what is the difference between a Wh and a kWh",
        "difference between GB and GiB?",
        "What's a TFLOP, in simple terms? The dashboard keeps showing it.",
    ],
)
def test_what_a_unit_means_is_refused(heldout_svc: AssistantService, question: str) -> None:
    _, text, query = ask(heldout_svc, question, None)
    assert query is None and text.startswith(REFUSED), (query, text)


def test_how_long_it_stayed_over_a_value_said_after_its_peak(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "gpu 0 max temperature today?", None)
    _, text, query = ask(heldout_svc, "how much time in total did it remain at 85 or higher", sid)
    assert query is not None and query["at_least"] == 85 and query["gpu"] == 0, query
    assert "for 6.0s" in text, text


def test_who_the_question_is_for_asks_nothing(heldout_svc: AssistantService) -> None:
    sid, text, query = ask(heldout_svc, "energy of gpu 0 today? our finance team needs the electricity", None)
    assert query is not None and query["window"]["label"] == "today" and "2.31 kWh" in text, (query, text)
    assert "last hour" not in text, text


def test_a_job_ranking_says_memory_as_the_reading_does(heldout_svc: AssistantService) -> None:
    _, text, _ = ask(heldout_svc, "which job had the highest peak memory on gpu 1 today", None)
    assert "23.3 GiB (23900 MiB of 24564 MiB)" in text, text


def test_the_gpu_hours_of_the_jobs_ranked_before(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "which failed job since yesterday used the most energy", None)
    _, text, query = ask(heldout_svc, "and how many gpu hours did those take", sid)
    assert query is not None and query["metric"] == "gpu_time" and query["state"] == "failed", query
    assert "Together 0.32 GPU-hours over the 3 jobs" in text, text


def test_whether_a_job_starts_by_itself_is_its_state(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "will whisper-finetune ever run by itself?", None)
    assert query is not None and query.get("job") == 14 and "held" in text, (query, text)
    _, text, query = ask(heldout_svc, "will you hold job 13", None)
    assert query is None and "gpuaccel hold 13" in text, text
    _, text, query = ask(heldout_svc, "i need gpu 0 for an hour, how i suspend the mistral run?", None)
    assert query is None and "gpuaccel pause 11" in text, text


def test_the_job_it_waits_on(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "why is llama-70b-eval still queued", None)
    _, text, query = ask(heldout_svc, "and the job that it is waiting for, how long has that run?", sid)
    assert query is not None and query.get("job") == 11 and "1h30m" in text, (query, text)
    _, _, query = ask(heldout_svc, "what is llama-70b-eval waiting for", None)
    assert query is not None and query.get("job") == 12, query  # its own record says what it waits on


def test_a_line_of_the_report_is_no_summary(heldout_svc: AssistantService) -> None:
    _, text, query = ask(
        heldout_svc, "for the power section of our report: each gpu's energy yesterday", None
    )
    assert query is not None and query["name"] == "energy", query


def test_a_queue_item_is_a_job(heldout_svc: AssistantService) -> None:
    sid, text, query = ask(heldout_svc, "which queue entry had the H100 at 23:00 yesterday?", None)
    assert query is not None and query["gpu"] == 0 and "llama-70b-finetune" in text, (query, text)
    _, text, query = ask(heldout_svc, "what was that item's peak temperature over its run", sid)
    assert query is not None and query.get("job") == 2 and "71 °C" in text, (query, text)
    _, _, query = ask(heldout_svc, "item 1 on my list is sd-xl-train: when did it fail", None)
    assert query is not None and query.get("job") == 5, query  # a list of one's own, not job 1


@pytest.mark.parametrize(
    ("question", "command"),
    [
        ("please push flash-attn-build through again", "gpuaccel retry 3"),
        ("just bung sd-xl-train back in the queue", "gpuaccel retry 5"),
    ],
)
def test_a_retry_said_as_an_idiom(heldout_svc: AssistantService, question: str, command: str) -> None:
    _, text, query = ask(heldout_svc, question, None)
    assert query is None and command in text, text


def test_since_an_event_at_a_clock_time(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "since the handover meeting at 09:30 this morning, what failed?", None)
    assert query is not None and query["window"]["label"] == "since 09:30", query


@pytest.mark.parametrize(
    "question",
    [
        "got any tips on keeping my fine-tune from diverging?",
        "how can i set up an nfs mount for our dataset share",
    ],
)
def test_ones_own_work_and_system_are_refused(heldout_svc: AssistantService, question: str) -> None:
    _, text, query = ask(heldout_svc, question, None)
    assert query is None and text.startswith(REFUSED), (query, text)


def test_a_span_in_brackets_beside_an_array(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "peak temp of the 4090 over the lr sweep (12:00 to 1:24pm-ish)?", None)
    assert query is not None and query.get("job") is None, query
    assert query["window"]["label"] == "between 12:00 and 13:24" and "12:02:00" in text, (query, text)


def test_a_rate_it_printed_is_in_its_log(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "resnet50-bench: how many images/s before someone cancelled it?", None)
    assert query is not None and query["name"] == "job_log" and "2902.1" in text, (query, text)


def test_with_its_time_asks_when(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "max sm clock of gpu 1 today", None)
    _, text, query = ask(heldout_svc, "and gpu 0's max today, with its timestamp", sid)
    assert query is not None and query["metric"] == "clock" and "00:02:13" in text, (query, text)


def test_two_readings_over_a_run_and_the_current_job(heldout_svc: AssistantService) -> None:
    _, text, query = ask(
        heldout_svc, "over llama-8b-eval's run, mean util of its gpu and its max temp?", None
    )
    assert query is not None and query["metric"] == "overview" and query["job"] == 4, query
    assert "mean 97%" in text and "73 °C" in text, text
    sid, _, query = ask(heldout_svc, "the current job on gpu 0: its mean power so far?", None)
    assert query is not None and query.get("job") == 11, query
    _, text, query = ask(heldout_svc, "and how much energy has it taken until now", sid)
    assert query is not None and query.get("job") == 11 and "879 Wh" in text, (query, text)


def test_an_aside_that_names_the_job_meant(heldout_svc: AssistantService) -> None:
    sid, text, query = ask(heldout_svc, "did the image training finish alright? (sd-xl-train)", None)
    assert query is not None and query.get("job") == 5, (query, text)
    _, text, query = ask(heldout_svc, "how many gpu hours did that cost us in the end", sid)
    assert query is not None and query.get("job") == 5 and "GPU-hours" in text, (query, text)


def test_a_lead_in_and_a_telling_ask_nothing(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "quick question: who was on gpu 0 at 11:10?", None)
    assert query is not None and query["name"] == "jobs" and "resnet50-bench" in text, (query, text)
    sid, text, query = ask(heldout_svc, "gpu 0 power right now? nvtop shows about 590 w, just checking", None)
    assert query is not None and query["metric"] == "power", query  # one ask: nvtop's figure is told
    _, text, query = ask(heldout_svc, "and yesterday, peak and time", sid)
    assert query is not None and query["window"]["label"] == "yesterday", query
    _, text, query = ask(heldout_svc, "ok and before then, today?", sid)
    assert query is not None and query["metric"] == "power" and query["window"]["label"] == "today", query


def test_the_subject_before_should_and_a_line_to_paste(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "which batch size we should use on the 24 GB card?", None)
    assert query is None and text.startswith(REFUSED), (query, text)
    _, text, query = ask(heldout_svc, "a one-liner to post in our channel: what are the gpus doing", None)
    assert query is not None, text


def test_a_sheet_a_hyphenated_start_and_ones_own_file(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "for the monthly gpu cost spreadsheet: gpu 0 energy today?", None)
    assert query is not None and query["name"] == "energy" and "2.31 kWh" in text, (query, text)
    _, _, query = ask(
        heldout_svc, "since resnet50-bench started at 11:00, what was gpu 0's peak power?", None
    )
    assert query is not None and query["window"]["label"] == "since 11:00", query
    _, text, query = ask(heldout_svc, "could anything in our train.py cause an OOM like sd-xl-train's?", None)
    assert query is None and text.startswith(REFUSED), (query, text)


def test_dictated_numbers_heard_as_words(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "power of gpu zero", None)
    _, text, query = ask(heldout_svc, "and gpu won", sid)
    assert query is not None and query["gpu"] == 1, query
    _, text, query = ask(heldout_svc, "when did job for finish", None)
    assert query is not None and query.get("job") == 4, query
    _, _, query = ask(heldout_svc, "which job is the card for training on", None)
    assert query is None or query.get("job") != 4, query  # "the card for training" keeps its "for"


def test_an_idle_gpu_for_ones_own_job(heldout_svc: AssistantService) -> None:
    sid, text, query = ask(heldout_svc, "any gpu sitting idle that we could put a quick eval on?", None)
    assert query is not None and query["name"] == "idle_gpus", query


@pytest.mark.parametrize(
    ("gpus", "said"), [(0, "asks for no GPU"), (1, "asks for 1 GPU"), (2, "asks for 2 GPUs")]
)
def test_what_a_waiting_job_asks_for(gpus: int, said: str) -> None:
    from gpuaccel.api.jobs import Job, JobState
    from gpuaccel.assistant.queries.jobs import _record

    job = Job.model_construct(id=7, name="prep", kind="command", state=JobState.HELD, gpus=gpus,
                              created_at=0.0, started_at=None, finished_at=None, memory_mib=None, result=None,
                              array_id=None, events=[], attempt=0)  # fmt: skip
    assert said in _record(job, 60.0, None), _record(job, 60.0, None)


def test_what_a_job_was_logging_is_in_its_log(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "what happened to resnet50-bench", None)
    _, text, query = ask(heldout_svc, "and the images/s it was logging until then?", sid)
    assert query is not None and query["name"] == "job_log" and "2902.1" in text, (query, text)


@pytest.mark.parametrize(
    "follow_up",
    [
        "what was keeping it busy at that point?",
        "and what was using the card then",
        "what was going on on it at that moment",
    ],
)
def test_what_was_using_it_then_is_the_job_at_the_peak(heldout_svc: AssistantService, follow_up: str) -> None:
    sid, _, _ = ask(heldout_svc, "peak power on the 4090 yesterday and its time?", None)
    _, text, query = ask(heldout_svc, follow_up, sid)
    assert query is not None and "flash-attn-build" in text, (query, text)


def test_the_same_for_another_span_after_the_job_at_a_peak_is_the_reading(
    heldout_svc: AssistantService,
) -> None:
    sid, _, _ = ask(heldout_svc, "max temp of gpu 0 today?", None)
    ask(heldout_svc, "which job was on it at that moment", sid)
    _, text, query = ask(heldout_svc, "same for yesterday please", sid)
    assert query is not None and query.get("metric") == "temperature" and "71 °C" in text, (query, text)


def test_gpu_hours_so_far_after_a_reading_over_the_run(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "mean power of mistral-7b-sft over its run", None)
    _, text, query = ask(heldout_svc, "and the gpu hours so far for it?", sid)
    assert query is not None and query.get("job") == 11 and "1.50 GPU-hours" in text, (query, text)


def test_the_energy_of_each_card_for_that_span(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "avg util of gpu 1 from 13:00 to 14:00", None)
    _, text, query = ask(heldout_svc, "energy per gpu for that hr?", sid)
    assert query is not None and query.get("gpu") is None and "between 13:00 and 14:00" in text, (query, text)
    assert "328 Wh" in text and "165 Wh" in text, text


@pytest.mark.parametrize(
    ("question", "command"),
    [
        ("instead of cancelling job 12, could it simply be held for a while?", "gpuaccel hold 12"),
        ("can the whisper-finetune job be released now", "gpuaccel release 14"),
    ],
)
def test_a_request_asked_as_whether_it_may_be_done(
    heldout_svc: AssistantService, question: str, command: str
) -> None:
    _, text, query = ask(heldout_svc, question, None)
    assert query is None and command in text, text


def test_a_clause_that_says_how_it_came_to_be_is_no_request(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "could you check how job 6 came to be cancelled?", None)
    assert query is not None and query.get("job") == 6 and "cancelled by user" in text, (query, text)


def test_ones_own_code_slower_on_the_gpu_is_refused(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "my cupy port runs 2x slower than the cpu version, any clue why", None)
    assert query is None and text.startswith(REFUSED), text


def test_the_job_before_or_after_another_on_its_gpu(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "what was running on gpu 1 at 10:06?", None)
    _, text, query = ask(heldout_svc, "and the job before it on that gpu?", sid)
    assert query is not None and query.get("job") == 4 and "llama-8b-eval" in text, (query, text)
    _, text, query = ask(heldout_svc, "and the run after that on it", sid)
    assert query is not None and query.get("job") == 5, (query, text)


def test_the_waits_of_a_sweep_say_their_total_and_the_total_asked_after(
    heldout_svc: AssistantService,
) -> None:
    sid, text, query = ask(heldout_svc, "which lr-sweep run waited longest in the queue?", None)
    assert query is not None and query["metric"] == "wait" and "2h22m in all" in text, (query, text)
    _, text, again = ask(heldout_svc, "and what was the total wait across them?", sid)
    assert again == query and "2h22m in all" in text, (again, text)


def test_the_four_elements_are_the_whole_array(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how did the lr-sweep go?", None)
    _, text, query = ask(heldout_svc, "and the gpu-hours across its four elements?", sid)
    assert query is not None and query.get("job_name") == "lr-sweep" and "1.40 GPU-hours" in text, (
        query,
        text,
    )


def test_a_refusal_names_what_of_the_world_outside_it_cannot_tell(heldout_svc: AssistantService) -> None:
    for question, subject in (
        ("will it rain in oslo on saturday", "the weather"),
        ("how are the nvidia stocks doing this week", "stock prices"),
    ):
        _, text, query = ask(heldout_svc, question, None)
        assert query is None and text.startswith(f"I only know about this machine, not {subject}:"), text
    _, text, _ = ask(heldout_svc, "who wrote hamlet", None)  # no subject of the world named: the list alone
    assert text.startswith("I only know about this machine: "), text
