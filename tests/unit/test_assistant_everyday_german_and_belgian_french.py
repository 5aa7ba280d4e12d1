"""Everyday German (a demonstrative said for "it": "schmeiß den raus", "gib den frei"; Berlin's "wat", "dit",
"grad" for now but "70 Grad" a temperature) and Belgium's French ("septante", "nonante", "ventilo", "qd",
an English verb with a French pronoun: "release-le"). Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.spoken import written


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("gib den frei bitte", "release it please"),
        ("halt den probe mal fest", "hold the probe"),
        ("wat zieht die H100 grad?", "what zieht the H100 now?"),
        ("septante ou nonante degrés?", "70 or 90 degrees?"),
    ],
)
def test_words_read_in_english(said: str, read: str) -> None:
    assert written(said) == read


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("der job 13 wird eh nix, schmeiß den raus", "gpuaccel cancel 13"),
        ("setz den llama-70b-eval mal auf prio 4", "gpuaccel priority 12 4"),
        ("halt den whisper-finetune mal fest", "gpuaccel hold 14"),
        ("le job 14, release-le stp", "gpuaccel release 14"),
    ],
)
def test_requests(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_everyday_german_questions(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "wie lange war die 4090 heute über 60 grad?", None)
    assert query is not None and query["gpu"] == 1 and query["at_least"] == 60, query
    assert query["metric"] == "temperature", query
    sid, _, _ = ask(heldout_svc, "wat läuft grad auf der H100?", None)
    _, _, query = ask(heldout_svc, "seit wann läuft der schon?", sid)
    assert query is not None and query.get("job") == 11 or query.get("gpu") == 0, query


def test_belgian_french_questions(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "la 4090 a été combien de temps au-dessus de septante degrés hier?", None)
    assert query is not None and query["gpu"] == 1 and query["at_least"] == 70, query
    assert query["window"]["label"] == "yesterday", query
    _, _, query = ask(heldout_svc, "et son ventilo tourne à combien, la 4090?", None)
    assert query is not None and query["gpu"] == 1 and query["metric"] == "fan", query


@pytest.mark.parametrize(
    ("said", "read"),
    [
        # the job in context set to a priority, "bitte" between ("setz den doch auf prio 3")
        ("setz den doch auf prio 3", "set its priority to 3"),
        # started again afterwards, cleaned up, a summary, warm or cool (ae/oe/ue for umlauts)
        ("wie starte ich den spaeter wieder?", "how do i start it again afterwards?"),
        ("raeum die alten jobs auf", "clean up the alten jobs"),
        ("failed jobs die aelter als 3 tage sind", "failed jobs older than 3 days"),
        ("fass mir gestern kurz zusammen", "summarize yesterday"),
        ("wann war die 4090 am kuehlsten?", "when was the 4090 coolest?"),
        (
            "der eval soll 2 GPUs bekommen, kannst du es umstellen?",
            "the eval should run with only 2 GPU, can you change it?",
        ),
    ],
)
def test_everyday_german_requests_and_readings(said: str, read: str) -> None:
    assert written(said) == read


def test_everyday_german_follow_ups(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "warum wartet der llama-70b-eval noch?", None)
    _, text, query = ask(heldout_svc, "dann setz den bitte auf prio 2", sid)
    assert query is None and "gpuaccel priority 12 2" in text, text
    sid, _, query = ask(heldout_svc, "wie kalt war die 4090 heute am niedrigsten?", None)
    assert query is not None and query["metric"] == "temperature", query
    _, _, query = ask(heldout_svc, "und am waermsten?", sid)
    assert query is not None and query["metric"] == "temperature" and query["gpu"] == 1, query


@pytest.mark.parametrize(
    ("said", "read"),
    [
        # English's verb given German's participle, a draw said with English's "power", a run in total, a
        # past plural, how long something lasted, what happened to a job, when it started
        ("warum ist der 9er gefailt?", "why did job 9 fail?"),
        ("wie viel power ziehen die karten jetzt", "how much power do the cards draw now"),
        ("wie lange ist sie insgesamt gelaufen?", "how long did it run in total?"),
        ("welche jobs liefen gestern auf der h100", "which jobs ran yesterday on the h100"),
        ("wie lange hat die gedauert", "how long did it take"),
        ("was ist mit dem resnet-bench passiert?", "what happened to the resnet-bench?"),
        ("wann ist job 4 gestartet?", "when did job 4 start?"),
        # how fast a fan spins, how high a card went, the day before yesterday, a plural's "haben", "vom"
        ("wie schnell dreht der lüfter der 4090?", "how fast spins the fan of the 4090?"),
        ("wie hoch ist die h100 gegangen?", "how high did the h100 go?"),
        ("welche jobs sind vorgestern gelaufen", "which jobs sind the day before yesterday ran"),
        ("wie viel energie haben die karten verbraucht", "how much energy have the cards used"),
        ("zeig mir das log vom sweep", "show the log of the sweep"),
        ("und im durchschnitt über den tag?", "and in the average over the day?"),
    ],
)
def test_german_words_read_in_english(said: str, read: str) -> None:
    assert written(said) == read


@pytest.mark.parametrize(
    ("opening", "said", "command"),
    [
        ("", "mach den whisper-finetune bitte frei", "gpuaccel release 14"),  # released as "gib frei" says
        ("warum wartet der llama-405b-probe?", "setz ihn auf 1 gpu", "gpuaccel edit 13 --gpus 1"),
        ("halt mal die ganze queue an", "so, start sie wieder", "gpuaccel resume"),  # the queue started again
        ("", "kanns du die nvidia driver updaten?", "An update of the GPU drivers"),  # its t dropped
    ],
)
def test_german_requests(heldout_svc: AssistantService, opening: str, said: str, command: str) -> None:
    sid = ask(heldout_svc, opening, None)[0] if opening else None
    _, text, query = ask(heldout_svc, said, sid)
    assert query is None and command in text, (said, text)


def test_german_asks_elsewhere_are_refused(heldout_svc: AssistantService) -> None:
    said = "schick der Anna eine Mail, dass ihr Job durch ist"  # a mail sent: nothing this machine does
    assert ask(heldout_svc, said, None)[2] is None, written(said)
    # tomorrow's weather read as such (not "morgen" this morning's, nor the weather a word unread)
    assert "weather tomorrow" in written("wie wird das wetter morgen in trier?")
    assert "this morning" in written("wie warm war die h100 heute morgen?")
