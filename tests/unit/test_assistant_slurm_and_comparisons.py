"""Slurm's job tools with a bare number ("seff 4"), a priority said as "bump prio of" or "N would be fine", a
running job's pid with its last log line, a job's own wait "before start", an evaluation's numbers, what an
ended job did, "lunchtime", "..., and for which job?" after a peak, nvidia-smi's compute apps, jobs compared
by their numbers alone, a GPU model this machine lacks set beside another, a card's model after "than the",
"X means what", "the part that failed", and what slows a card down. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService


def test_slurm_job_tools_name_the_job_by_its_number(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "seff 4", None)
    assert query == {"name": "job_detail", "job": 4}, query
    sid, _, query = ask(heldout_svc, "sstat 11", None)
    assert query == {"name": "job_detail", "job": 11}, query
    _, _, query = ask(heldout_svc, "show me the end of its log", sid)
    assert query is not None and query["name"] == "job_log" and query["job"] == 11, query


@pytest.mark.parametrize(
    ("request_said", "command"),
    [
        ("raise the priority of 13 to 50", "gpuaccel priority 13 50"),
        ("could you make job 13's priority higher? 20 would be fine", "gpuaccel priority 13 20"),
        ("up the prio for job 12 to 7", "gpuaccel priority 12 7"),
    ],
)
def test_a_priority_said_loosely(heldout_svc: AssistantService, request_said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, request_said, None)
    assert query is None and command in text, text


def test_a_running_jobs_pid_and_last_log_line_is_its_record(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "mistral-7b-sft: pid and the last line of its log?", None)
    assert query == {"name": "job_detail", "job": 11}, query
    assert "4242" in text and "4100/12000" in text, text
    _, _, query = ask(heldout_svc, "job 9 pid and its log", None)  # ended: no worker, the log
    assert query == {"name": "job_log", "job": 9}, query


def test_a_jobs_own_wait_before_start(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "job 7, how long did it run?", None)
    _, _, query = ask(heldout_svc, "and how long sat in queue before start?", sid)
    assert query == {"name": "job_detail", "job": 7}, query


def test_an_evaluations_numbers_and_what_an_ended_job_did_are_its_log(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "llama-8b-eval benchmark numbers?", None)
    assert query == {"name": "job_log", "job": 4} and "0.682" in text, (query, text)
    _, text, query = ask(heldout_svc, "what did job 1 do yesterday?", None)
    assert query == {"name": "job_log", "job": 1} and "1,204 shards" in text, (query, text)


def test_lunchtime_is_noon(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "since lunchtime, how hot did gpu 0 get?", None)
    assert query is not None and query["window"]["label"] == "since noon", query


def test_which_job_asked_with_the_peak(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "highest power on gpu 0 yesterday, and for which job?", None)
    assert query is not None and query["metric"] == "power", query
    assert "job 2 (llama-70b-finetune)" in text, text


def test_nvidia_smis_compute_apps_are_the_processes(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "nvidia-smi --query-compute-apps for gpu 0", None)
    assert query == {"name": "memory_users", "gpu": 0} and "4242" in text, (query, text)


def test_jobs_compared_by_their_numbers_alone(heldout_svc: AssistantService) -> None:
    sid, _, query = ask(heldout_svc, "7 vs 10 runtime", None)
    assert query is not None and query["name"] == "job_rank" and query["among"] == "7,10", query
    _, _, query = ask(heldout_svc, "compare 8 and 10", sid)
    assert query is not None and query["among"] == "8,10", query


@pytest.mark.parametrize(
    "question",
    ["A100 vs our H100, which has more memory bandwidth?", "our 4090 versus an RTX 4090 Ti?"],
)
def test_a_model_this_machine_lacks_compared_is_general(heldout_svc: AssistantService, question: str) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is None, (question, query)


def test_this_machines_models_compared_are_read(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "compare the H100 with the RTX 4090 right now", None)
    assert query is not None, query


def test_a_cards_model_after_than_the_is_no_value(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "is gpu 0 hotter than the 4090 now?", None)
    assert query is not None and "at_least" not in query, query
    _, _, query = ask(heldout_svc, "was gpu 0 above the 4090 in power yesterday?", None)
    assert query is not None and "at_least" not in query, query


@pytest.mark.parametrize("question", ["ECC means what?", "what is a GPU-hour in practice?"])
def test_what_a_term_means_is_general(heldout_svc: AssistantService, question: str) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is None, (question, query)


def test_the_part_that_failed_of_the_jobs_talked_about(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how did the lr-sweep runs do?", None)
    sid, _, query = ask(heldout_svc, "when did the part that failed stop?", sid)
    assert query is not None and query.get("job_name") == "lr-sweep", query
    _, text, _ = ask(heldout_svc, "please run that piece again", sid)
    assert "gpuaccel retry 9" in text, text


def test_what_slows_a_card_down(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how much power is the 4090 drawing?", None)
    _, _, query = ask(heldout_svc, "anything slowing it down?", sid)
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "overview"}, query
    _, text, query = ask(heldout_svc, "anything slowing the h100 down?", None)
    assert query == {"name": "gpu_reading", "gpu": 0, "metric": "overview"} and "power cap" in text, text
    _, _, query = ask(heldout_svc, "how long did job 9 run before blowing up?", None)
    assert query == {"name": "job_detail", "job": 9}, query
