"""A batch scheduler user's words (squeue's state filter, "got a node", "cancel the 13", "gpu-hours on 11"),
what a follow-up points at (a time inside the job's own run, "in it" of a listed array, "between one
attempt and the next", "let it continue"), the GPM readings at the digits every other view shows them,
and what asks nothing of the machine (a system service's settings, changes to one's own script). Worded
apart from the blind sets, on their machine."""

from __future__ import annotations

from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService

REFUSED = "I only know about this machine"


def test_squeue_state_filter_lists_the_running_jobs_and_they_are_what_it_means(
    heldout_svc: AssistantService,
) -> None:
    sid, text, query = ask(heldout_svc, "squeue --states=R please", None)
    assert query == {"name": "queue", "state": "running"}, query
    assert "job 11 (mistral-7b-sft)" in text and "waiting" not in text, text
    _, text, query = ask(heldout_svc, "and its elapsed?", sid)
    assert query is not None and query.get("job") == 11 and "1h30m" in text, (query, text)
    _, _, query = ask(heldout_svc, "squeue -t PD", None)
    assert query == {"name": "queue", "state": "queued"}, query


def test_a_job_given_a_node_is_a_job_given_its_gpu(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "tell me about llama-8b-eval", None)
    _, text, query = ask(heldout_svc, "how long did it sit before getting a node?", sid)
    assert query is not None and query.get("job") == 4 and "5m00s in the queue" in text, (query, text)


def test_gpu_hours_on_a_job_number(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "gpu hours on 11 up to now", None)
    assert query is not None and query.get("job") == 11 and "1.50 GPU-hours" in text, (query, text)
    _, text, query = ask(heldout_svc, "energy of 9 please", None)
    assert query is not None and query.get("job") == 9 and "44.0 Wh" in text, (query, text)


def test_cancel_the_job_said_by_its_number_with_an_article(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "cancel the 12 pls", None)
    assert query is None and "gpuaccel cancel 12" in text, text
    _, _, query = ask(heldout_svc, "cancel the 2 jobs on gpu 1", None)
    assert query is not None, "a count of jobs is no job number"


def test_who_did_it_of_a_job_that_was_killed_is_its_record(heldout_svc: AssistantService) -> None:
    sid, text, query = ask(heldout_svc, "resnet50-bench got killed early, who did it and when", None)
    assert query is not None and query.get("job") == 6 and "cancelled by user" in text, (query, text)
    _, text, query = ask(heldout_svc, "and how long had it run by then", sid)  # no GPU's processes in focus
    assert query is not None and query.get("job") == 6 and "20m00s" in text, (query, text)


def test_let_it_continue_resumes_the_job_just_paused(heldout_svc: AssistantService) -> None:
    sid, text, _ = ask(heldout_svc, "pause 11 for a bit", None)
    assert "gpuaccel pause 11" in text, text
    _, text, query = ask(heldout_svc, "ok and how do i let it carry on later", sid)
    assert query is None and "gpuaccel resume 11" in text, text


def test_a_time_inside_the_jobs_own_run_asks_about_that_job(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "which job was on the h100 at 11:05?", None)
    _, text, query = ask(heldout_svc, "why did it end at 11:20, did it fail?", sid)
    assert query is not None and query.get("job") == 6 and "cancelled by user" in text, (query, text)
    _, text, query = ask(heldout_svc, "and its energy before that?", sid)
    assert query is not None and query.get("job") == 6 and "190 Wh" in text, (query, text)


def test_in_it_after_an_arrays_jobs_ranks_within_the_array(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "list the lr-sweep jobs", None)
    _, text, query = ask(heldout_svc, "longest run in it?", sid)
    assert query is not None and query.get("job_name") == "lr-sweep", query
    assert query.get("metric") == "duration" and "25m55s" in text, text


def test_between_one_attempt_and_the_next_is_the_jobs_own_attempts(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "what went wrong with sd-xl-train?", None)
    _, text, query = ask(heldout_svc, "what was the gap between one retry and the next?", sid)
    assert query is not None and query.get("job") == 5 and "after 30.0s waiting" in text, (query, text)


def test_over_all_n_after_a_jobs_attempts_is_its_total(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "each attempt of sd-xl-train and how it ended", None)
    _, text, query = ask(heldout_svc, "summed run time across all 3?", sid)
    assert query is not None and query.get("job") == 5 and "9m41s over its attempts" in text, (query, text)


def test_gpm_readings_are_said_at_the_catalogues_digits(heldout_svc: AssistantService) -> None:
    from gpuaccel.accel.telemetry.fields import FIELD

    _, text, query = ask(heldout_svc, "sm activity on gpu 0 right now", None)
    assert query is not None and query.get("metric") == "sm_active", query
    assert f"is {FIELD['sm_active'].text(91.0)}" in text and "91.0%" in text, text


def test_a_lead_in_that_moves_to_a_span_keeps_the_span(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "Moving on to yesterday: how hot did GPU 1 get?", None)
    assert query is not None and query.get("window", {}).get("label") == "yesterday", query
    _, _, query = ask(heldout_svc, "For the weekly summary, which jobs failed today?", None)
    assert query is not None and query["name"] == "failures", query


def test_the_time_it_happened_asks_when_not_for_a_recap(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "mean power of gpu 1 between 9 and 12 this morning", None)
    _, text, query = ask(heldout_svc, "what was the top reading in that span and the time it happened?", sid)
    assert query is not None and query["name"] == "gpu_reading" and "407 W at 09:12:13" in text, (query, text)


def test_a_system_services_settings_and_changes_to_ones_script_are_declined(
    heldout_svc: AssistantService,
) -> None:
    for question in (
        "unrelated: good fstab options for a shared scratch disk on both nodes?",
        "sd-xl-train keeps going OOM, can you suggest some tweaks to our training loop to make it fit?",
    ):
        _, text, query = ask(heldout_svc, question, None)
        assert query is None and text.startswith(REFUSED), (question, query, text)
