"""Danish written whole or mixed with English words of the trade (readings now and over a span, peaks, means,
idle and busy time, energy, jobs' runs, waits, failures and logs, a card's name with its definite ending
"h100'en", requests, follow-ups opened by "og"), typed with æ ø å or without them ("ae", "oe", "aa");
Norwegian Bokmål read as Dano-Norwegian ("hva kjører", "hvor mye", "feilet", "ubrukt", "slipp den løs",
"kjør på nytt", "holdes tilbake", "vifta", "minneklokka", "i går kveld", "i formiddag", "på det meste",
"fjern", "drep", "fortsett", "endre", "lås til", "minnekravet til X", "kanseller", "sett minne ... til",
"gi ... prio", "oppdater driveren", "mente 12", "kor mye", "siste 12t", "gikk med", "ba ... om"); the other
languages' messages that share its words (Swedish's "på", "idag", "i eftermiddag", "stått", "fortsätt",
"låsa till", "kansellera", "uppdatera"; German's "Strom", "der"; Dutch's "korte", "naar") left to them.
Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, assert_reads

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.danish import danish_marked


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("hvad kører der på gpu 0 nu", {"name": "jobs", "gpu": 0, "state": "running"}),
        ("hvor varm er 4090'eren", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        (
            "hoejeste temp paa h100 i gaar eftermiddag",
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature", "label": "yesterday afternoon"},
        ),
        (
            "gennemsnit power paa gpu 1 mellem 10 og 11",
            {"name": "gpu_reading", "gpu": 1, "metric": "power", "label": "between 10:00 and 11:00"},
        ),
        (
            "hvor laenge har gpu 1 vaeret busy siden kl 20 i gaar",
            {"name": "gpu_reading", "gpu": 1, "metric": "util", "label": "since yesterday 20:00"},
        ),
        ("hvor meget strøm brugte gpu 1 i går", {"name": "energy", "gpu": 1, "label": "yesterday"}),
        ("hvorfor doede sd-xl-train", {"name": "job_detail", "job": 5}),
        ("hvorfor venter job 12", {"name": "job_detail", "job": 12}),
        ("hvad skrev lr-sweep i loggen", {"name": "job_log"}),
        ("hvem stoppede job 6", {"name": "job_detail", "job": 6}),  # "hvem" the subject: no inversion
        ("hvor mange jobs staar i koe", {"name": "queue"}),
    ],
)
def test_danish_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    assert_reads(heldout_svc, question, expected)


def test_danish_requests(heldout_svc: AssistantService) -> None:
    for message, command in (
        ("annuller job 13 tak", "gpuaccel cancel 13"),
        ("kør flash-attn-build igen", "gpuaccel retry 3"),
        ("sæt whisper jobbet på pause", "gpuaccel pause 14"),
        ("hold 13 tilbage", "gpuaccel hold 13"),
        ("byt om på 13 og 14", "gpuaccel switch 13 14"),
        ("giv 12 hoejere prio", "gpuaccel priority 12"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)


def test_danish_follow_ups(heldout_svc: AssistantService) -> None:
    # "og" carried as Danish's "and"; "samme tidsrum" keeps the span; "hvornår" the moment of the peak
    sid, _, _ = ask(heldout_svc, "hvor meget idle tid havde h100'en i morges", None)
    _, _, query = ask(heldout_svc, "og energi i samme tidsrum", sid)
    assert query is not None and (query["name"], query["window"]["label"]) == (
        "energy",
        "this morning",
    ), query
    sid, _, _ = ask(heldout_svc, "max power paa gpu 1 idag", None)
    ask(heldout_svc, "hvornaar", sid)
    _, text, query = ask(heldout_svc, "hvad koerte der", sid)
    assert query is not None and query["name"] == "jobs" and query["window"]["label"].startswith("at "), query
    sid, _, _ = ask(heldout_svc, "hvorfor fejlede lr-sweep job 9", None)
    _, _, query = ask(heldout_svc, "hvornår døde den", sid)
    assert query is not None and query.get("job") == 9, query
    _, text, query = ask(heldout_svc, "okay, kør den igen", sid)
    assert query is None and "gpuaccel retry 9" in text, text
    sid, _, _ = ask(heldout_svc, "saet job 11 paa pause", None)
    _, text, query = ask(heldout_svc, "hvordan starter jeg den igen", sid)
    assert query is None and "gpuaccel resume 11" in text, text
    sid, _, _ = ask(heldout_svc, "giv 12 en hoejere prio", None)
    _, text, query = ask(heldout_svc, "saet den til 7", sid)
    assert query is None and "gpuaccel priority 12 7" in text, text


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("hva kjorer paa h100en naa", {"name": "jobs", "gpu": 0, "state": "running"}),
        ("hvilke jobber feilet i går", {"name": "failures", "label": "yesterday"}),
        (
            "hvor mye strøm brukte 4090en i går etter kl 20",
            {"name": "energy", "gpu": 1, "label": "yesterday between 20:00 and 00:00"},
        ),
        ("hvor lenge stod h100en ubrukt i dag", {"name": "gpu_reading", "gpu": 0, "metric": "util"}),
        ("hvor lenge har gpu 1 vært i bruk i dag", {"name": "gpu_reading", "gpu": 1, "metric": "util"}),
        (
            "gjennomsnittlig effekt paa gpu 0 siste timen",
            {"name": "gpu_reading", "gpu": 0, "metric": "power", "label": "in the last hour"},
        ),
        ("energiforbruk per kort i gaar", {"name": "energy", "label": "yesterday"}),
        ("hvor mye trekker h100en akkurat nå", {"name": "gpu_reading", "gpu": 0, "metric": "power"}),
        ("hva er minneklokka på gpu 1", {"name": "gpu_reading", "gpu": 1, "metric": "mem_clock"}),
        ("hvor lenge har job 11 holdt på", {"name": "job_detail", "job": 11}),
        ("hvorfor står job 12 fortsatt i køen", {"name": "job_detail", "job": 12}),
        (
            "snitt util på gpu 1 siden klokka 14",
            {"name": "gpu_reading", "gpu": 1, "metric": "util", "label": "since 14:00"},
        ),
    ],
)
def test_norwegian_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    test_danish_questions(heldout_svc, question, expected)


def test_norwegian_requests_and_follow_ups(heldout_svc: AssistantService) -> None:
    for message, command in (
        ("slipp whisper-finetune løs", "gpuaccel release 14"),
        ("kjør flash-attn-build på nytt", "gpuaccel retry 3"),
        ("sett job 11 på pause", "gpuaccel pause 11"),
        ("llama-405b-probe må holdes tilbake", "gpuaccel hold 13"),
        ("flytt 13 fremover i køen", "gpuaccel priority 13"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)
    sid, _, _ = ask(heldout_svc, "flytt 13 fremover i køen", None)
    _, text, query = ask(heldout_svc, "sett prio til 20", sid)
    assert query is None and "gpuaccel priority 13 20" in text, text
    sid, _, _ = ask(heldout_svc, "høyeste temp på gpu 1 i dag", None)
    _, text, query = ask(heldout_svc, "hva kjørte da?", sid)
    assert query is not None and query["name"] == "jobs" and query["window"]["label"].startswith("at "), query
    sid, _, _ = ask(heldout_svc, "laveste util paa gpu 0 i dag", None)
    _, _, query = ask(heldout_svc, "og gjennomsnittet?", sid)
    assert query is not None and query.get("metric") == "util", query


def test_norwegian_spans_i_gaar_kveld_and_formiddag(heldout_svc: AssistantService) -> None:
    # "i går kveld" is last night, not all of yesterday; "formiddag" the forenoon (about 9 to 12), not the
    # morning from midnight; "på det meste" (at the most) the peak
    for question, label in (
        ("maks effekt på gpu 0 i går kveld", "last night"),
        ("hvor mye minne brukte 4090en paa det meste i formiddag", "between 09:00 and 12:00"),
    ):
        _, text, query = ask(heldout_svc, question, None)
        assert query is not None and query["window"]["label"] == label, (in_english(question), query)
        assert "peaked" in text, text


def test_norwegian_follow_ups_the_other_and_the_fan(heldout_svc: AssistantService) -> None:
    # "og den andre?" (and the other one?), "og vifta?" (and the fan?) carried to the card talked about
    sid, _, _ = ask(heldout_svc, "hvilken temp har gpu 1 nå", None)
    _, _, query = ask(heldout_svc, "og den andre?", sid)
    assert query is not None and (query.get("gpu"), query.get("metric")) == (0, "temperature"), query
    sid, _, _ = ask(heldout_svc, "hvor mye strøm bruker gpu 1", None)
    _, _, query = ask(heldout_svc, "og vifta?", sid)
    assert query is not None and (query.get("gpu"), query.get("metric")) == (1, "fan"), query


def test_norwegian_requests_of_its_own_verbs(heldout_svc: AssistantService) -> None:
    for message, command in (
        ("fjern flash-attn-build fra lista", "gpuaccel remove 3"),
        ("drep job 11", "gpuaccel cancel 11"),
        ("sett 13 på hold", "gpuaccel hold 13"),
        ("endre job 13 til 1 gpu", "gpuaccel edit 13 --gpus 1"),
        ("las whisper-finetune til gpu 1", "gpuaccel edit 14 --gpu-ids 1"),
        ("sett minnekravet til job 13 ned til 30000 MiB", "gpuaccel edit 13 --memory 30000"),
        ("fortsett job 11", "gpuaccel resume 11"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)
    # "hva gjør jeg for å få den i gang igjen" (what do I do to get it going again): how to resume it
    sid, _, _ = ask(heldout_svc, "sett job 11 på pause", None)
    _, text, query = ask(heldout_svc, "hva gjør jeg for å få den i gang igjen?", sid)
    assert query is None and "gpuaccel resume 11" in text, text


def test_norwegian_requests_of_cancel_edit_priority_and_the_driver(heldout_svc: AssistantService) -> None:
    # "kanseller" (cancel), "sett ... til" (set ... to), "gi ... prio" (give ... priority), "oppdater
    # driveren" (update the driver: refused, not gpuaccel's)
    for message, command in (
        ("kanseller jobb 13 takk", "gpuaccel cancel 13"),
        ("sett minne for jobb 14 til 20000 MiB", "gpuaccel edit 14 --memory 20000"),
        ("gi whisper-finetune prio 3", "gpuaccel priority 14 3"),
        ("kan du opdatere cuda driveren", "GPU drivers or CUDA is for its administrator"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)
    # "mente 12" after a request (its "I" dropped): the request again, of the job meant
    sid, _, _ = ask(heldout_svc, "sett job 13 på hold", None)
    _, text, query = ask(heldout_svc, "beklager, mente 12", sid)
    assert query is None and "gpuaccel hold 12" in text, (in_english("beklager, mente 12"), text)


def test_norwegian_kor_mye_hours_written_short_and_what_went_or_was_asked(
    heldout_svc: AssistantService,
) -> None:
    # "kor mye" (how much, Nynorsk and the dialects), "siste 12t" (the last 12 hours)
    _, _, query = ask(heldout_svc, "kor mye energi brukte h100en siste 12t", None)
    assert query is not None and (query["name"], query.get("gpu")) == ("energy", 0), query
    assert query["window"]["label"] == "in the last 12 hours", query
    # "hvor mye strøm gikk med" (how much power went: energy used) of the job talked about
    sid, _, _ = ask(heldout_svc, "hvor lenge kjørte llama-8b-eval?", None)
    _, text, query = ask(heldout_svc, "hvor mye strom gikk med da?", sid)
    assert query is not None and query.get("job") == 4 and "Wh" in text, (query, text)
    # "hva ba X om" (what did X ask for): its request, said of a job that ended too
    _, text, query = ask(heldout_svc, "hvor mye minne ba llama-405b-probe om?", None)
    assert query is not None and query.get("job") == 13 and "60000 MiB" in text, (query, text)


def test_danish_asks_off_the_machine_are_declined(heldout_svc: AssistantService) -> None:
    for message in ("hvad bliver vejret i aarhus paa loerdag?", "hvad er forskellen paa en GPU og en TPU"):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and "gpuaccel" not in text, (message, in_english(message), text)


@pytest.mark.parametrize(
    "message",
    [
        "hur länge körde den på gpu 0",  # Swedish, with its dots
        "vad korde pa gpu 0 i eftermiddag",  # Swedish, without them
        "wie viel Strom hat der gpu 0 gestern gezogen",  # German
        "de korte job op gpu 1",  # Dutch
        "hoe reken ik kWh om naar CO2",  # Dutch's "naar" (to), not Norwegian's "når" (when)
        "den har stått still hela dagen",  # Swedish's "stått"
        "fortsätt med job 11 tack",  # Swedish's "fortsätt", not Norwegian's "fortsett"
        "kan du låsa job 14 till gpu 1",  # Swedish's "låsa ... till", not Norwegian's "låse ... til"
        "andra den till 1 gpu",  # Swedish's "ändra" without its dots
        "vad hande i formiddags",  # Swedish's "förmiddag" without its dots
        "der Trainer hat den Job gestern gehalten",  # German
        "de driver van de kaart is oud",  # Dutch
        "hold job 13 until the driver update is done",  # English's "hold"
        "which job ran the longest over the weekend",  # English
        "kan du kansellera jobb 13",  # Swedish's "kansellera", not Norwegian's "kanseller"
        "uppdatera drivern tack",  # Swedish's "uppdatera", not Norwegian's "oppdater"
        "sätt minnet på jobb 14 till 20000",  # Swedish's "sätt ... till", not Norwegian's "sett ... til"
        "kor cok sicak bugun",  # Turkish's "kör", no "kor mye"
    ],
)
def test_other_languages_sharing_its_words_are_not_danish(message: str) -> None:
    assert not danish_marked(message), message
