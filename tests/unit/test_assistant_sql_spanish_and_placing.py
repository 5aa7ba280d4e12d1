"""SQL said to the machine as if it were a database, Spain's Spanish (the polite "usted" requests, "la
grande" / "la pequeña", "de media", "a tope"), Japanese asked with no English of its own, where a new job
should go (a free GPU, not advice), a reading named beside "how long" after another reading's threshold,
"when + which job" after a peak, "the finetune" that ran rather than the one held, and a request to resume
after asking how to pause. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.asks import split_asks
from gpuaccel.assistant.understand.spoken import written


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("select avg(temp) from gpu0 where t >= '10:30'", "avg temp of gpu0 since 10:30"),
        ("select max(power) from gpu1 where day=yesterday", "max power of gpu1 yesterday"),
        ("energy group by gpu today", "energy per gpu today"),
        ("delete from jobs where id=4", "remove job 4"),
        ("update jobs set priority=3 where id=13", "set the priority of job 13 to 3"),
        ("memory peak since 12 noon", "memory peak since noon"),
    ],
)
def test_sql_and_clock_words_read(said: str, read: str) -> None:
    assert written(said) == read


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("delete from jobs where id=4", "gpuaccel remove 4"),
        ("update jobs set priority=3 where id=13", "gpuaccel priority 13 3"),
        ("update jobs set gpus=1 where id=13", "gpuaccel edit 13 --gpus 1"),
        ("set gpus=1 for 13 pls", "gpuaccel edit 13 --gpus 1"),
        ("Vuelva a lanzar el sd-xl-train, por favor", "gpuaccel retry 5"),
        ("Pare un rato el mistral, que voy a medir el consumo", "gpuaccel pause 11"),
        ("please keep everything in the queue from starting until tonight", "gpuaccel pause"),
    ],
)
def test_requests_said_as_sql_or_in_spanish(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_sql_select_reads_the_span(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "select max(temp) from gpu1 where t >= '08:00'", None)
    assert query is not None and query["gpu"] == 1 and query["metric"] == "temperature", query
    assert query["window"]["label"] == "since 08:00", query


def test_a_reading_named_beside_how_long_is_its_own(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how long was gpu 1 above 60 degrees today", None)
    _, _, query = ask(heldout_svc, "gpu0 util>=50 today, how long", sid)
    assert query is not None and query["metric"] == "util" and query["gpu"] == 0, query
    assert query["at_least"] == 50, query


def test_when_and_which_job_after_a_peak(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "peak power of gpu 0 today", None)
    _, _, query = ask(heldout_svc, "which job and when?", sid)
    assert query is not None and query["name"] == "jobs" and query["gpu"] == 0, query
    assert query["window"]["t1"] - query["window"]["t0"] <= 1, query  # the moment of the peak


def test_ids_and_names_after_a_count(heldout_svc: AssistantService) -> None:
    sid, _, first = ask(heldout_svc, "how many jobs are waiting", None)
    _, _, query = ask(heldout_svc, "their ids and names?", sid)
    assert query == first, (first, query)


def test_total_idle_after_since_when(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "since when has gpu 1 been idle?", None)
    _, text, query = ask(heldout_svc, "total idle today?", sid)
    assert query is not None and query["metric"] == "util" and query["gpu"] == 1, query
    assert query["window"]["label"] == "today" and "idle 12h44m" in text, text


def test_waited_in_the_queue_before_start_is_the_past(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how long did llama-8b-eval run", None)
    _, _, query = ask(heldout_svc, "and it sat in the queue how long before starting?", sid)
    assert query == {"name": "job_detail", "job": 4}, query


def test_the_finetune_asked_as_finished_is_the_one_that_ran(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "has the finetune completed?", None)
    assert query == {"name": "job_detail", "job": 2}, query  # (job 14, the other finetune, never started)


def test_where_the_user_was_asks_nothing() -> None:
    said = "Anything fail overnight? I left the lab before the runs finished"
    assert split_asks(said) == ["Anything fail overnight?"]


def test_where_a_run_is_at(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "where's the sft at?", None)
    assert query == {"name": "job_log", "job": 11} and "4100/12000" in text, (query, text)


def test_resume_after_asking_how_to_pause(heldout_svc: AssistantService) -> None:
    sid, text, _ = ask(heldout_svc, "put the mistral on pause for a bit", None)
    assert "gpuaccel pause 11" in text, text
    _, text, query = ask(heldout_svc, "and to resume it later, how?", sid)
    assert query is None and "gpuaccel resume 11" in text, text


@pytest.mark.parametrize(
    "said",
    [
        "fp16 vs bf16 for a finetune, which one is safer?",
        "what's the dcgmi command for a health check",
        "how do I write a grafana dashboard query for power?",
    ],
)
def test_other_tools_and_choices_are_not_this_machine(heldout_svc: AssistantService, said: str) -> None:
    _, _, query = ask(heldout_svc, said, None)
    assert query is None, (said, query)


@pytest.mark.parametrize(
    "said",
    ["which card would you choose for my next experiment?", "h100 vs 4090: which is best for a new run?"],
)
def test_where_a_new_job_should_go_is_a_free_gpu(heldout_svc: AssistantService, said: str) -> None:
    _, _, query = ask(heldout_svc, said, None)
    assert query == {"name": "idle_gpus"}, (said, query)


def test_spain_spanish_readings(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "¿Cuánto está gastando la grande ahora mismo?", None)
    assert query is not None and query["gpu"] == 0 and query["metric"] == "power", query
    _, _, query = ask(heldout_svc, "¿Cuánto rato estuvo la pequeña por encima del 90% ayer?", None)
    assert query is not None and query["gpu"] == 1 and query["at_least"] == 90, query
    assert query["window"]["label"] == "yesterday", query
    _, _, query = ask(heldout_svc, "¿Me puede redactar un correo para el equipo sobre el corte de luz?", None)
    assert query is None, query


def test_japanese_with_no_english_of_its_own(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "昨日の最高温度は?", None)
    assert query is not None and query["metric"] == "temperature", query
    assert query["window"]["label"] == "yesterday", query
    _, _, query = ask(heldout_svc, "明日は雨ですか", None)  # (no reading asked: nothing read)
    assert query is None, query
