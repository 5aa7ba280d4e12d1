"""Flemish Dutch ("zet job 11 efkes op pauze", "haal job 14 uit de wacht"), German words Dutch shares kept
German ("geworden", "staat"), everyday German ("halten Sie ... an", "zwischen 12 und halb zwei", "um wieviel
Uhr"), Hinglish spans and requests ("pichle ek ghante mein", "priority mein upar kar do"), an array
element's log ("lr-sweep element 1") and a request on one ("rerun lr-sweep [1]"), and the extremes of a
reading over a span asked after it ("and the max of both?"). Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.spoken import written


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("Zet job 11 efkes op pauze aub.", "gpuaccel pause 11"),
        ("Haal job 14 uit de wacht, allez.", "gpuaccel release 14"),
        ("Wissel job 12 en job 13 van plaats.", "gpuaccel switch 12 13"),
        ("Halten Sie job 11 bitte kurz an.", "gpuaccel pause 11"),
        ("whisper-finetune ko thoda upar kar do priority mein", "gpuaccel priority 14"),
        ("llama-70b-eval ko abhi hold pe daal do", "gpuaccel hold 12"),
    ],
)
def test_requests(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_german_is_not_read_as_dutch() -> None:
    assert written("Wie heiß ist die 4090 gestern geworden?").startswith("how hot is the 4090")


def test_spans_said_in_german_and_hinglish(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    _, _, query = ask(svc, "Wieviel Strom hat die H100 zwischen 12 und halb drei gezogen?", None)
    assert query is not None and query["window"]["label"] == "between 12:00 and 14:30", query
    _, text, query = ask(svc, "pichle ek ghante mein 4090 ki energy kitni lagi?", None)
    assert query is not None and query["gpu"] == 1 and query["window"]["label"] == "in the last hour", query
    sid, _, _ = ask(svc, "Wie heiß ist die 4090 heut maximal geworden?", None)
    _, text, _ = ask(svc, "Um wieviel Uhr war das?", sid)
    assert "09:12:00" in text, text


@pytest.mark.parametrize(
    "said", ["show the log of lr-sweep element 1", "Was hat lr-sweep Element 1 ins Log geschrieben?"]
)
def test_an_array_elements_log(heldout_svc: AssistantService, said: str) -> None:
    _, _, query = ask(heldout_svc, said, None)
    assert query == {"name": "job_log", "job": 8}, query


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("rerun lr-sweep [1] please", "gpuaccel retry 8"),
        ("could you retry the lr-sweep element 2", "gpuaccel retry 9"),
        ("cancel 7_3", "gpuaccel cancel 10"),
    ],
)
def test_a_request_on_an_array_element_acts_on_its_job(
    heldout_svc: AssistantService, said: str, command: str
) -> None:
    """An element said as the queue writes it ("lr-sweep [1]", "7_3") is that element's job in a request
    too, not the array's newest job."""
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_the_extremes_after_a_reading_over_a_span(heldout_svc: AssistantService) -> None:
    sid, _, first = ask(heldout_svc, "compare the mean temperature of the two cards since midnight", None)
    _, text, query = ask(heldout_svc, "and the max of both?", sid)
    assert query == first and "peaked" in text, (query, text)
    _, _, query = ask(heldout_svc, "and the hottest?", sid)
    assert query is not None and query.get("metric") == "temperature", query


def test_an_arrays_queue_waits_and_its_last_elements_wait(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "how long did the lr-sweep tasks sit in the queue", None)
    assert query == {"name": "job_rank", "metric": "wait", "order": "max", "job_name": "lr-sweep"}, query
    assert all(w in text for w in ("1h00m", "53m05s", "27m05s")), text
    _, text, query = ask(
        heldout_svc, "the lr-sweep's final elements, how long did they wait before starting", None
    )
    assert query == {"name": "job_detail", "job": 10} and "after 1h00m in the queue" in text, text


def test_the_first_or_last_element_said_before_one(heldout_svc: AssistantService) -> None:
    """ "and the first lr sweep one?" after another job's wait: that array's first element."""
    sid, _, _ = ask(heldout_svc, "how long was job 12 queued", None)
    _, text, query = ask(heldout_svc, "what about the first lr-sweep one", sid)
    assert query == {"name": "job_detail", "job": 7} and "after 2m00s in the queue" in text, text


def test_a_jobs_wait_and_run_asked_without_a_subject(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "job 4 details", None)
    _, text, query = ask(heldout_svc, "how long it waited how long it took", sid)
    assert query == {"name": "job_detail", "job": 4} and "5m00s" in text and "42m00s" in text, text


def test_how_long_a_card_ran_over_a_span(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "gpu 1 temperature", None)
    _, text, query = ask(heldout_svc, "and today in total how long did it work", sid)
    assert query is not None and query["name"] == "gpu_reading" and query["metric"] == "util", query
    assert "busy (10% or more) 2h15m" in text, text


def test_the_failed_element_asked_with_its_setting_is_its_log(heldout_svc: AssistantService) -> None:
    """The one element of an array that failed, asked with a setting it ran with: its log says both (that it
    failed, and the lr it printed), not the array's failures alone nor the newest element's log."""
    svc = heldout_svc
    sid, _, _ = ask(svc, "how did the lr sweep's runs go?", None)
    _, text, query = ask(svc, "which of its elements failed, and at what learning rate?", sid)
    assert query == {"name": "job_log", "job": 9} and "lr=0.001" in text, (query, text)
    for asked in (
        "which element of the lr sweep crashed at what lr",
        "which element of the lr sweep crashed, and with what lr?",
    ):
        _, text, _ = ask(svc, asked, None)  # (the second: two asks, the failures and that element's log)
        assert "job 9 (lr-sweep, failed)" in text and "lr=0.001" in text and "lr=0.003" not in text, text


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("Kunde gij job 12 iets hoger zetten in de queue?", "gpuaccel priority 12"),
        ("Houd job 14 nog wa tegen aub.", "gpuaccel hold 14"),
    ],
)
def test_flemish_requests_of_the_queue(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_flemish_resume_said_as_let_it_carry_on(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "Zet job 11 efkes op pauze.", None)
    _, text, query = ask(heldout_svc, "Goed, laat hem nu maar verder werken.", sid)
    assert query is None and "gpuaccel resume 11" in text, text


@pytest.mark.parametrize(
    ("said", "reading"),
    [
        ("gpu 1 tussen 9u en 12u, gemiddelde belasting?", "between 9:00 and 12:00"),
        ("tussen 20u en middernacht", "between 20:00 and midnight"),
        ("hoe warm werd gpu 0 deze voormiddag", "this morning"),
        ("wa zat er op da moment op gpu 1", "at that moment"),
        ("welke processen draaien erop", "are running on it"),
        ("geef me de klokfrequenties van de 4090", "clock speeds"),
        ("hoelang heeft de h100 gisteren stilgestaan", "has the h100 yesterday been idle"),
        ("hoelang zat de 4090 boven de 60 graden", "above 60 °C"),
    ],
)
def test_flemish_words_read(said: str, reading: str) -> None:
    assert reading in written(said), written(said)


def test_flemish_how_long_it_has_been_at_it(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "wa draait er op de h100?", None)
    _, text, _ = ask(heldout_svc, "hoelang is die al bezig?", sid)
    assert "1h30m" in text, text


@pytest.mark.parametrize(
    ("said", "read"),
    [
        # Flemish "ge" after the helper, "ne keer" (just) a softener, Dutch's request verb last
        ("kunt ge job 12 ne keer annuleren?", "cancel job 12?"),
        ("wil jij job 11 hervatten", "resume job 11"),
        # "wat zit er (allemaal) in": what is in; "staat ... gepauzeerd": is paused
        ("wa zit er allemaal in de wachtrij?", "what is in the queue?"),
        ("de wachtrij staat nog steeds gepauzeerd", "the queue is still paused"),
        # what a job asked for, in the perfect and the simple past
        ("hoeveel geheugen heeft job 13 aangevraagd", "how much memory did job 13 ask for"),
        ("hoeveel gpus vroeg em", "how much gpus did it ask for"),
    ],
)
def test_flemish_read_in_english(said: str, read: str) -> None:
    assert written(said) == read


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("kunde job 12 efkes annuleren?", "gpuaccel cancel 12"),
        ("zet job 13 op 1 gpu aub", "gpuaccel edit 13 --gpus 1"),
        ("zet het geheugen van job 12 op 30000 mib", "gpuaccel edit 12 --memory 30000"),
        ("het onderhoud is gedaan, zet de queue weer aan", "gpuaccel resume"),
    ],
)
def test_flemish_requests(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_flemish_follow_ups_on_the_job_talked_about(heldout_svc: AssistantService) -> None:
    """ "em" is the job talked about; "en wat staat er on hold" asks the held jobs, no request."""
    svc = heldout_svc
    sid, _, _ = ask(svc, "waarom staat job 13 nog te wachten", None)
    _, text, _ = ask(svc, "hoeveel geheugen vroeg die?", sid)
    assert "60000 MiB" in text, text
    _, text, _ = ask(svc, "zet em op 1 gpu", sid)
    assert "gpuaccel edit 13 --gpus 1" in text, text
    sid, _, _ = ask(svc, "hoelang draait job 11 al?", None)
    _, text, _ = ask(svc, "zet em efkes op pauze", sid)
    assert "gpuaccel pause 11" in text, text
    _, text, _ = ask(svc, "goed, laat em terug verder draaien", sid)
    assert "gpuaccel resume 11" in text, text
    _, text, query = ask(svc, "en wat staat er on hold?", sid)
    assert query is not None and "job 14" in text, (query, text)


@pytest.mark.parametrize(
    ("said", "read"),
    [
        # "vroeg"/"vraagt" after "wat" (what did/does it ask for) of a job said by its name; else "vroeg" is
        # early, "te vroeg" too early
        ("wat vraagt de whisper finetune?", "what does the whisper finetune ask for?"),
        ("wat vroeg de sweep", "what did the sweep ask for"),
        ("job 12 vroeg om 1 gpu", "job 12 asked for 1 gpu"),
        ("is de sweep te vroeg gestopt?", "too early"),
    ],
)
def test_what_a_job_named_asked_for_and_early(said: str, read: str) -> None:
    assert read in written(said), written(said)


def test_what_a_job_named_asked_for_reads_as_english(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "wat vroeg de whisper finetune?", None)
    _, _, query_en = ask(heldout_svc, "what did the whisper finetune ask for?", None)
    assert query is not None and query == query_en == {"name": "job_detail", "job": 14}, (query, query_en)
