"""A question after the scene it is asked in ("..., so: how busy ...", "I'm trying to estimate ..."), busy
said as "doing something", rules of thumb and renting in the cloud (not this machine), spans said from a
named hour ("after midnight", "midnight to 06:00", "after 14:00"), a bare job number before "wait", a
script sent to the queue, who was on a card at a peak, a job's tries after a card's facts, a held job "put
to run", two ideas told apart with "vs", and a log's code block closed before what is said after it.
Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, converse

from gpuaccel.assistant.queries.spans import window_of
from gpuaccel.assistant.service import AssistantService


def test_the_question_after_its_scene(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "We might buy another card, so: how busy was gpu 1 today?", None)
    assert query is not None and query["metric"] == "util" and query["window"]["label"] == "today", query
    _, text, query = ask(
        heldout_svc,
        "What did gpu 0 draw on average today? I'm trying to calculate what training costs us.",
        None,
    )
    assert query is not None and query["metric"] == "power", query


def test_busy_said_as_doing_something(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "how much of today was the 4090 really doing anything?", None)
    assert query is not None and query["metric"] == "util" and query.get("gpu") == 1, query
    assert "2h15m" in text, text


@pytest.mark.parametrize(
    "question",
    [
        "as a rule of thumb, how hot may a datacenter GPU run?",
        "is it cheaper to rent GPUs in the cloud than to own a server?",
        "setting our machine aside, what utilisation do most labs reach?",
        "bf16 vs fp16 - what's the difference?",
    ],
)
def test_not_this_machine(heldout_svc: AssistantService, question: str) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is None, (question, query)


def test_two_of_this_machines_things_with_vs_are_read(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "gpu 0 vs gpu 1 temperature, what's the difference?", None)
    assert query is not None and "68 °C" in text and "28 °C" in text, (query, text)


def test_spans_from_a_named_hour() -> None:
    now = 1795878000.0  # 15:00 on the held-out machine's day
    assert window_of("anything after midnight?", now).label == "today"  # type: ignore[union-attr]
    assert window_of("4090 midnight to 05:00", now).label == "between 00:00 and 05:00"  # type: ignore[union-attr]
    assert window_of("what failed after 14:00", now).label == "since 14:00"  # type: ignore[union-attr]


def test_a_bare_number_before_wait(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "how long did 12 wait so far", None)
    assert query == {"name": "job_detail", "job": 12}, query


def test_a_script_sent_to_the_queue(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "how can i send eval_seg.py to the queue?", None)
    assert query is None and "gpuaccel submit" in text and "eval_seg.py" in text, text


def test_who_was_on_a_card_at_its_peak(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(
        heldout_svc, "max power of the 4090 this morning?", "when was that, and who was using it?"
    )
    assert query is not None and "09:12" in text and "llama-8b-eval" in text, (query, text)


def test_a_jobs_tries_after_a_cards_facts(heldout_svc: AssistantService) -> None:
    (_, _), (_, _), (text, query) = converse(
        heldout_svc,
        "why did job 5 die?",
        "what memory does the 4090 have?",
        "and the energy of all those tries?",
    )
    assert query == {"name": "job_detail", "job": 5}, query


def test_a_held_job_put_to_run(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "please set the whisper job to run, we parked it earlier", None)
    assert query is None and "gpuaccel release 14" in text, text


def test_a_log_block_is_closed_before_what_follows(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "what did job 11 print last? and will it be done by tonight?", None)
    assert query == {"name": "job_log", "job": 11}, query
    assert "```\n" in text and "``` " not in text, text  # Markdown closes a fence on a line of its own
    assert "I cannot tell what will happen" in text, text
