"""A request said as a duty ("job 13 needs to be withdrawn", "must be put on hold"), the command asked for
before what it should do ("give me the command that lets it proceed"), a job made to run again after a
pause; how low a reading dipped and the most it pulled over the span talked about, a bare hour ("since 9
what ..."), a card that "worked hard"; "it was which job?" asked last; whether something is safe for a kind
of card, an opinion asked, accounting; one job's run and energy asked together; which card used more
energy. Worded apart from the blind question sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, converse

from gpuaccel.assistant.service import AssistantService


@pytest.mark.parametrize(
    ("request_said", "command"),
    [
        ("job 13 needs to be withdrawn, what's the command?", "gpuaccel cancel 13"),
        ("Job 12 must be put on hold until Monday.", "gpuaccel hold 12"),
        ("please give me the command that lets job 14 proceed", "gpuaccel release 14"),
        ("job 12 has to be swapped with job 13", "gpuaccel switch 12 13"),
        ("supply the exact command to withdraw job 13", "gpuaccel cancel 13"),
    ],
)
def test_a_duty_or_the_command_asked_for_is_a_request(
    heldout_svc: AssistantService, request_said: str, command: str
) -> None:
    _, text, query = ask(heldout_svc, request_said, None)
    assert query is None and command in text, text


def test_what_was_done_stays_a_question(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "job 5 has been retried how many times?", None)
    assert query is not None and "gpuaccel" not in text, (query, text)


def test_made_to_run_again_after_a_pause_is_resumed(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(
        heldout_svc, "pause mistral-7b-sft please", "how do we make it continue later?"
    )
    assert query is None and "gpuaccel resume 11" in text, text


def test_how_low_it_dipped_is_the_same_reading(heldout_svc: AssistantService) -> None:
    (_, first), (text, query) = converse(
        heldout_svc, "mean utilization of the 4090 today", "how far it dropped?"
    )
    assert query == first and "lowest" in text, (query, text)


def test_the_most_it_pulled_is_over_the_span_talked_about(heldout_svc: AssistantService) -> None:
    (_, first), (_, query) = converse(
        heldout_svc, "did the h100 work hard yesterday?", "and the most watts it pulled?"
    )
    assert first is not None and first["metric"] == "util" and first["window"]["label"] == "yesterday", first
    assert query is not None and query["metric"] == "power" and query["window"]["label"] == "yesterday", query


def test_which_job_asked_last_is_the_job_at_the_peak(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(
        heldout_svc, "peak power of the h100 since midnight", "it was which job?"
    )
    assert query is not None and query["name"] == "jobs" and "llama-70b-finetune" in text, (query, text)


def test_a_bare_hour_after_since(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "since 9 what was the peak power on the h100", None)
    assert query is not None and query["window"]["label"] == "since 09:00", query
    _, _, query = ask(heldout_svc, "since 2 hours what was the peak power on the h100", None)
    assert query is not None and query["window"]["label"] != "since 02:00", query


@pytest.mark.parametrize(
    "question",
    [
        "is it okay to keep a card at 85 degrees all day long?",
        "in your opinion, fp8 training or bf16 for a 7b model?",
        "is it better to use deepspeed or fsdp for a 13b finetune on 24 GB?",
        "Different topic: how are GPU servers amortised for tax purposes?",
    ],
)
def test_advice_and_accounting_are_not_readings(heldout_svc: AssistantService, question: str) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is None, (question, query)


def test_one_jobs_run_and_energy_asked_together(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(
        heldout_svc,
        "which job failed on the 4090 yesterday evening?",
        "how long did it last before it crashed, and what energy did it use?",
    )
    assert query == {"name": "job_detail", "job": 3} and "2m30s" in text and "7.62 Wh" in text, (query, text)


def test_attempts_asked_beside_totals_are_the_jobs_in_focus(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(
        heldout_svc,
        "what happened to sd-xl-train?",
        "how many tries were needed, and the energy of all of them?",
    )
    assert query == {"name": "job_detail", "job": 5} and "64.8 Wh" in text, (query, text)


def test_which_card_used_more_energy(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(heldout_svc, "energy of each card today", "which used more?")
    assert query is not None and query["name"] == "energy", query
    assert "GPU 0 (NVIDIA H100 80GB HBM3) used the most" in text, text


def test_how_far_along_a_bare_job_number(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(heldout_svc, "why is job 13 waiting?", "how far along is 11")
    assert query is not None and query.get("job") == 11 and "4100" in text, (query, text)
