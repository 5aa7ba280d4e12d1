"""Dutch written whole ("hoe lang stond de 4090 vandaag stil?", "geef job 14 vrij"), a comparison ordered by
the word after it ("compare job 4 and job 6, which was faster?": the shorter run first) and an array's
element said by its state after the name ("the failed lr-sweep"). Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.spoken import written


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("hoe warm werd de H100 gisteren maximaal?", "how hot is the H100 yesterday max?"),
        ("waarom is job 3 mislukt?", "why did job 3 fail?"),
        ("hoeveel stroom trekt de 4090 op dit moment?", "how much power draws the 4090 now?"),
        ("en de H100?", "and the H100?"),
    ],
)
def test_dutch_read_in_english(said: str, read: str) -> None:
    assert written(said) == read


def test_german_sharing_a_word_with_dutch_stays_german() -> None:
    """ "Energie" and "beide" are German words too: a German message is not read as Dutch."""
    assert written("Und wie viel Energie hat es verbraucht?") == "and how much energy has it used?"


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("annuleer job 13 maar", "gpuaccel cancel 13"),
        ("zet job 12 even in de wacht", "gpuaccel hold 12"),
        ("geef job 14 vrij alsjeblieft", "gpuaccel release 14"),
        ("laat job 11 weer doorgaan", "gpuaccel resume 11"),
    ],
)
def test_dutch_requests(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_dutch_questions(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    _, _, query = ask(svc, "hoe lang stond de 4090 vandaag stil?", None)
    assert query is not None and query["gpu"] == 1 and query["window"]["label"] == "today", query
    _, text, query = ask(svc, "hoeveel geheugen gebruikt de H100 op dit moment?", None)
    assert query == {"name": "gpu_reading", "gpu": 0, "metric": "memory"} and "61440 MiB" in text
    _, text, _ = ask(svc, "hoe lang heeft job 5 in totaal gedraaid, alle pogingen samen?", None)
    assert "9m41s" in text, text


def test_a_comparison_is_ordered_by_the_word_after_it(heldout_svc: AssistantService) -> None:
    sid, text, query = ask(heldout_svc, "compare job 4 and job 6, which was quicker?", None)
    assert query is not None and query["order"] == "min" and query["among"] == "4,6", query
    assert text.startswith("Job 6 (resnet50-bench) ran the shortest"), text
    _, _, query = ask(heldout_svc, "vergelijk job 4 en job 6: welke was trager?", None)
    assert query is not None and query["order"] == "max" and query["among"] == "4,6", query
    _, _, query = ask(heldout_svc, "and energy?", sid)
    assert query is not None and query["metric"] == "energy" and query["among"] == "4,6", query


@pytest.mark.parametrize(
    "said", ["show me the log of the failed lr-sweep", "what did the lr-sweep that blew up print?"]
)
def test_an_array_element_said_by_its_state_after_the_name(heldout_svc: AssistantService, said: str) -> None:
    _, _, query = ask(heldout_svc, said, None)
    assert query == {"name": "job_log", "job": 9}, query


# Afrikaans, read by Dutch's tables (its own spellings and words, its helper "het" before a participle)
@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("hoekom het job 3 omgeval?", "why did job 3 fail?"),
        ("hoe lank het hy gewag?", "how long did it wait?"),
        ("watter kaart was vanoggend die warmste?", "which card was this morning that hottest?"),
        ("hoeveel het hy altesaam", "how much has it in total"),
    ],
)
def test_afrikaans_read_in_english(said: str, read: str) -> None:
    assert written(said) == read


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("probeer job 9 asseblief weer", "gpuaccel retry 9"),
        ("hou job 12 terug", "gpuaccel hold 12"),
        ("pouseer die hele ry", "gpuaccel pause"),
        ("stop die hele queue tot vanaand", "gpuaccel pause"),
        ("sal jy job 13 se prioriteit hoër sit?", "gpuaccel priority 13"),
        ("kanselleer job 13", "gpuaccel cancel 13"),
    ],
)
def test_afrikaans_requests(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_afrikaans_questions(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    _, _, query = ask(svc, "wat loop nou op die kaarte?", None)
    assert query == {"name": "queue", "state": "running"}, query
    _, _, query = ask(svc, "wat het vandag gevrek?", None)
    assert query is not None and query["name"] == "failures" and query["window"]["label"] == "today", query
    sid, _, query = ask(svc, "hoogste temp van die H100 gisteraand tussen 7 en middernag", None)
    assert query is not None and query["window"]["label"] == "yesterday between 19:00 and 00:00", query
    _, _, query = ask(svc, "en die ander een?", sid)
    assert query is not None and query["gpu"] == 1 and query["window"]["label"].startswith("yesterday"), query
    sid, _, _ = ask(svc, "job 4, hoe lank het dit in die queue gewag?", None)
    _, text, query = ask(svc, "en hoe lank het dit gerun", sid)
    assert query is not None and query["job"] == 4, query


# Dutch as chatted: "ff" and "'m" (even, hem), a dropped final n ("geheuge"), the request's infinitive said
# last after its object ("job 12 killen graag", "X opnieuw draaien"), a helper with the verb left out ("kan X
# op pauze?"), "opruimen", "ipv", "niks te doen"
@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("hoeveel geheuge heeft de 4090 vrij?", "how much memory has the 4090 vrij?"),
        ("en die van job 9?", "and that of job 9?"),
        ("hoe lang stond de H100 gisteren niks te doen?", "how long was the H100 yesterday idle?"),
    ],
)
def test_dutch_chat_forms_read_in_english(said: str, read: str) -> None:
    assert written(said) == read


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("job 13 ff killen aub", "gpuaccel cancel 13"),
        ("sd-xl-train nog een keer draaien graag", "gpuaccel retry 5"),
        ("kun je job 12 ff op hold zetten?", "gpuaccel hold 12"),
        ("mag de queue op pauze vanavond?", "gpuaccel pause"),
        ("ruim ff de gefaalde runs op", "gpuaccel clean --state failed"),
        ("llama-405b-probe moet 1 gpu krijgen ipv 2, hoe pas ik dat aan?", "gpuaccel edit 13 --gpus 1"),
    ],
)
def test_dutch_chat_requests(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_dutch_chat_follow_ups(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    sid, _, query = ask(svc, "toon het log van job 9", None)
    assert query == {"name": "job_log", "job": 9}, query
    _, _, query = ask(svc, "en die van sd-xl-train?", sid)
    assert query == {"name": "job_log", "job": 5}, query
    sid, text, query = ask(svc, "hoe lang stond de 4090 gisteren niks te doen?", None)
    assert query is not None and query["metric"] == "util" and query["gpu"] == 1, query
    sid, _, _ = ask(svc, "hoe lang wacht llama-70b-eval al?", None)
    _, text, query = ask(svc, "geef 'm prio 7", sid)
    assert query is None and "gpuaccel priority 12 7" in text, text
