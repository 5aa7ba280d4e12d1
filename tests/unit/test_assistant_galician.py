"""Galician as typed in chat (its accents often dropped, Spanish words slipped in: "porfa", "y", "la"), read
by its own module whose words are folded onto Portuguese's and read by Portuguese's table: its spans ("onte
pola tarde", "hoxe pola mañá", "onte á noite"), question words ("canto", "cantos", "cal", "cando"), verbs
("fallaron", "remataron", "quentou", "tiña", "leva correndo"), requests ("pon o 14 en espera", "quita o 12
da cola", "para toda a cola", "lánzao", "cambia ... a 5"), corrections ("quería dicir o 13"), and its
follow-ups in a Galician conversation that show only words Portuguese or Spanish share with it; the Spanish,
Portuguese, Catalan, Italian, Nepali, Hindi, Finnish, Tagalog and Vietnamese messages that share a word with
it left to them. Portuguese's own readings found with it. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, assert_reads

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import Lean, in_english
from gpuaccel.assistant.understand.languages.galician import galician_marked


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # "onte pola tarde" (yesterday afternoon), "canto quentou" (how hot it got)
        (
            "onte pola tarde canto quentou a h100?",
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature", "label": "yesterday afternoon"},
        ),
        ("cantos jobs fallaron onte?", {"name": "failures", "label": "yesterday"}),  # how many failed
        ("que jobs remataron hoxe pola mañá?", {"name": "finished", "label": "this morning"}),  # ended
        ("canta enerxia gastou a 4090 onte pola noite?", {"name": "energy", "gpu": 1, "label": "last night"}),
        ("canto quenta a 4090 agora?", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),  # how hot
        # "cal é" (what is), "potencia media" (mean power)
        ("cal é a potencia media da h100 hoxe?", {"name": "gpu_reading", "gpu": 0, "metric": "power"}),
        # "tiña" (had), "onte á noite" (last night)
        (
            "que temperatura tiña a 4090 onte á noite?",
            {"name": "gpu_reading", "gpu": 1, "metric": "temperature", "label": "last night"},
        ),
        ("cal das dúas gastou máis enerxia onte?", {"name": "energy", "label": "yesterday"}),  # which of both
        ("o 9 cando rematou?", {"name": "job_detail", "job": 9}),  # when it ended
        ("amósame o log do 9", {"name": "job_log", "job": 9}),  # show me
        ("que jobs correron onte?", {"name": "jobs", "label": "yesterday"}),  # ran
    ],
)
def test_galician_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    assert_reads(heldout_svc, question, expected)


@pytest.mark.parametrize(
    ("message", "command"),
    [
        ("pon o 14 en espera", "gpuaccel hold 14"),  # put it on hold
        ("quita o 12 da cola", "gpuaccel cancel 12"),  # take it out of the queue
        ("quita o 12 da cola polo de agora", "gpuaccel hold 12"),  # for now: held
        ("para toda a cola un momento", "gpuaccel pause"),  # stop the whole queue
        ("cambia a prioridade do 12 a 5", "gpuaccel priority 12 5"),  # changed "a" its value
    ],
)
def test_galician_requests(heldout_svc: AssistantService, message: str, command: str) -> None:
    _, text, query = ask(heldout_svc, message, None)
    assert query is None and command in text, (message, in_english(message), text)


def test_galician_follow_ups(heldout_svc: AssistantService) -> None:
    for turns, said in (
        (("o 5 por que fallou?", "lánzao outra vez"), "gpuaccel retry 5"),  # a pronoun joined: retry it
        (("canto quenta a h100?", "y la 4090?"), "28 °C"),  # Spanish's "y la" slipped in
        (("cancela o 11", "non, quería dicir o 12"), "gpuaccel cancel 12"),  # I meant 12
        (("canto quenta a h100?", "para o 11 un momento"), "gpuaccel pause 11"),  # stop it a moment
        (("a 4090 está libre?", "e canto leva parada?"), "1h36m"),  # how long it has been idle
    ):
        sid = None
        for turn in turns:
            sid, text, _ = ask(heldout_svc, turn, sid)
        assert said in text, (turns, [in_english(t) for t in turns], text)


@pytest.mark.parametrize(
    "message",
    [
        "hoxe?",
        "e onte?",
        "canto durou?",
        "enerxia?",
        "relanzao",
        "cal foi o pico?",
        "que lle pasou?",
        "xa está, volve a empezar",
        "mañá",
    ],
)
def test_galician_marks(message: str) -> None:
    assert galician_marked(message), message


@pytest.mark.parametrize(
    "message",
    [
        "¿cuántos jobs fallaron hoy?",  # Spanish's "fallaron"
        "el 12 está cancelao?",  # Spanish's participle said without its "d"
        "lo cambia o no?",  # Spanish's "o" (or)
        "quanto tempo ficou na fila?",  # Portuguese
        "cal reiniciar la cua?",  # Catalan's "cal" (must)
        "perché non parte il job 12?",  # Italian's "non"
        "gpu 1 idle xa?",  # Nepali's "xa"
        "gpu 0 pe kya chal raha hai",  # Hindi's "hai"
        "pausaa job 11 hetkeksi",  # Finnish's "pausaa"
        "mataas ang temp ng gpu 0",  # Tagalog's "mataas"
        "toi quen job id roi",  # Vietnamese's "quen" (forget)
    ],
)
def test_other_languages_sharing_its_words_are_not_galician(message: str) -> None:
    assert not galician_marked(message), message


def test_a_galician_conversation_keeps_shared_words_galician_but_not_spanish() -> None:
    lean = Lean(carried=frozenset({"galician"}))
    assert galician_marked("que di o log?", lean)  # Spanish's "que" and Portuguese's "o": Galician here
    assert not galician_marked("que di o log?")  # said first, no word of its own
    assert not galician_marked("¿y cuánto tiempo lleva?", lean)  # Spanish's own words: Spanish's


@pytest.mark.parametrize(
    ("message", "english"),
    [
        ("canta enerxia leva gastado a 4090 hoxe", "how much energy used so far the 4090 today"),
        ("canto leva esperando o 12?", "how long has it been waiting the job 12?"),
        ("cantas veces o intentou?", "how many times did it try?"),
        ("dende cando está parada a 4090?", "since when is idle the 4090?"),
        ("xa está, volve a arrancala", "ok, start it again"),
    ],
)
def test_galician_is_read_in_english(message: str, english: str) -> None:
    assert in_english(message) == english, in_english(message)


# Portuguese's own readings, found with Galician's (each read so in Portuguese alone)


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # "até que temperatura chegou" (how hot it got): its peak, not a threshold of 4090 °C
        (
            ("até que temperatura chegou a 4090 ontem?",),
            {"name": "gpu_reading", "gpu": 1, "metric": "temperature", "label": "yesterday"},
        ),
        # "quanto consumiu?" with no subject: the energy the card just named used
        (
            ("qual foi a temperatura máxima da h100 ontem?", "quanto consumiu?"),
            {"name": "energy", "gpu": 0, "label": "yesterday"},
        ),
        # "quanto tempo esteve a 70 graus" with no subject: the card just named, at that reading
        (
            ("a 4090 está ocupada?", "quanto tempo esteve a 70 graus ou mais hoje?"),
            {"name": "gpu_reading", "gpu": 1, "metric": "temperature", "at_least": 70},
        ),
    ],
)
def test_portuguese_readings_found_with_galician(
    heldout_svc: AssistantService, turns: tuple[str, ...], expected: dict
) -> None:
    sid, query = None, None
    for turn in turns:
        sid, _, query = ask(heldout_svc, turn, sid)
    assert query is not None, (turns, in_english(turns[-1]))
    label = expected.pop("label", None)
    assert {k: query.get(k) for k in expected} == expected, (in_english(turns[-1]), query)
    assert label is None or query["window"]["label"] == label, query


def test_portuguese_pronoun_before_a_past_verb() -> None:
    """ "o" before the verb is "it", not the article: "quantas vezes o tentou?" (how many times it tried)."""
    assert in_english("quantas vezes o tentou?") == "how many times did it try?", in_english(
        "quantas vezes o tentou?"
    )


@pytest.mark.parametrize(
    ("turns", "said"),
    [
        (("tira o 13 da fila",), "gpuaccel cancel 13"),  # take it out of the queue
        (("tira o 13 da fila por agora",), "gpuaccel hold 13"),  # for now: held
        (("muda a memória do 13 para 40000 mib",), "--memory 40000"),  # a setting changed "para" its value
        (("o 13 está à espera de quê?", "põe-lhe 2 gpus"), "--gpus 2"),  # give it 2 GPUs
        (("que tempo vai fazer amanhã em Lisboa?",), "not the weather"),  # the weather: declined
    ],
)
def test_portuguese_requests_found_with_galician(
    heldout_svc: AssistantService, turns: tuple[str, ...], said: str
) -> None:
    sid, text, query = None, "", None
    for turn in turns:
        sid, text, query = ask(heldout_svc, turn, sid)
    assert query is None and said in text, (turns, in_english(turns[-1]), text)
