"""Maltese mixed with English (typed with ħ ġ ż ċ għ or without their marks: h g z c gh), read by its own
module: its article joined by a hyphen to Maltese and English nouns ("il-gpu", "t-temperatura", "fil-queue",
"tal-job"), its verb before its subject ("meta spicca l-X"), its adjective after its noun ("medja",
"l-oghla"), its question and time words, English verbs given its endings ("irritrajja", "ippawzja",
"hold-jah"), requests said in Maltese, corrections that take a number back, declines; the Arabic, Greek,
French, Spanish, Russian, Italian, Swedish and English messages that share a word with it left to them.
Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, assert_reads

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.maltese import maltese_marked


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # "kemm hu shun" (how hot is), the article joined to an English noun
        ("kemm hu shun il-gpu 1 issa?", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        # the article after a vowel, its "i" dropped, before a sun letter ("t-temperatura"); "tal-" of the
        ("x'inhi t-temperatura tal-4090?", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        # the verb before its subject, with "qed" (is -ing) and the letters' marks typed
        ("kemm power qed tigbed il-H100 bħalissa?", {"name": "gpu_reading", "gpu": 0, "metric": "power"}),
        ("kemm memorja qed tuża l-H100?", {"name": "gpu_reading", "gpu": 0, "metric": "memory"}),
        ("liema gpu hi l-iktar sħuna?", {"name": "gpu_rank", "metric": "temperature"}),  # the most hot
        (
            "kemm enerġija ħaraq il-gpu 1 ilbieraħ?",  # how much energy did GPU 1 burn yesterday
            {"name": "energy", "gpu": 1, "label": "yesterday"},
        ),
        (
            "x'kienet l-ogħla utilization tal-gpu 1 fl-aħħar 3 sigħat?",
            {"name": "gpu_reading", "gpu": 1, "metric": "util", "label": "in the last 3 hours"},
        ),
        (
            "il-qawwa medja tal-gpu 0 mill-9 sal-11",  # the adjective after its noun; a span of two hours
            {"name": "gpu_reading", "gpu": 0, "metric": "power", "label": "between 09:00 and 11:00"},
        ),
        (
            "it-temperatura medja tal-gpu 1 dalgħodu",
            {"name": "gpu_reading", "gpu": 1, "metric": "temperature", "label": "this morning"},
        ),
        ("liema jobs waqgħu lbieraħ?", {"name": "failures", "label": "yesterday"}),  # fell: failed
        ("għaliex is-sd-xl-train falliet?", {"name": "job_detail", "job": 5}),  # "is-s": the article
        ("meta spiċċa l-llama-8b-eval?", {"name": "job_detail", "job": 4}),  # when did X finish
        ("għaliex il-job 12 ma bediex?", {"name": "job_detail", "job": 12}),  # "ma ...x": did not start
        ("fejn qed jimxi l-mistral-7b-sft?", {"name": "job_nodes", "job": 11}),
        ("hemmx xi job fuq hold?", {"name": "jobs", "state": "held"}),  # is there any
        ("kemm jobs qed jistennew fil-queue?", {"name": "queue", "state": "queued"}),
        ("urini l-log tal-job 5", {"name": "job_log", "job": 5}),  # show me
        ("x'inhu l-istat tal-job 14?", {"name": "job_detail", "job": 14}),
    ],
)
def test_maltese_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    assert_reads(heldout_svc, question, expected)


@pytest.mark.parametrize(
    ("message", "command"),
    [
        ("irritrajja l-job 9", "gpuaccel retry 9"),  # English's verb with Maltese's ending
        ("retryja 5 pls", "gpuaccel retry 5"),
        ("ippawżja l-job 11", "gpuaccel pause 11"),
        ("kkancellja job 12 jekk jogħġbok", "gpuaccel cancel 12"),  # its "i" dropped; please
        ("irrilizja l-job 14", "gpuaccel release 14"),
        ("agħmel hold lil job 13", "gpuaccel hold 13"),  # do hold
        ("waqqaf il-job 11 għal ftit", "gpuaccel pause 11"),  # stop it for a bit
        ("tista' tagħmel reboot tas-server?", "A reboot of the machine"),  # declined plainly
        ("tista tagħmel upgrade tad-driver?", "An update of the GPU drivers"),
    ],
)
def test_maltese_requests(heldout_svc: AssistantService, message: str, command: str) -> None:
    _, text, query = ask(heldout_svc, message, None)
    assert query is None and command in text, (message, in_english(message), text)


def test_maltese_follow_ups_that_lean_on_the_turn_before(heldout_svc: AssistantService) -> None:
    for turns, said in (
        (("x'gara mill-job 9?", "ibdieh mill-ġdid"), "gpuaccel retry 9"),  # start it anew: retry
        (("x'inhu l-istat tal-job 14?", "ħallih imur"), "gpuaccel release 14"),  # let it go
        (("agħmel hold lil job 12", "skużani, 13"), "gpuaccel hold 13"),  # a number taken back
        (("ikkancellja l-job 13", "mhux 13, 12"), "gpuaccel cancel 12"),
        (("agħmel hold lil job 12", "le, il-13"), "gpuaccel hold 13"),
        (("irritrajja l-job 5", "9 ridt ngħid"), "gpuaccel retry 9"),  # I meant 9
        (("il-job 12 għaliex qed jistenna?", "ibdlilu biex juża żewġ gpus"), "--gpus 2"),  # so that it uses
        (("kemm hu shun il-gpu 0?", "u l-1?"), "28 °C"),
        (("kemm energy uza l-job 4?", "u kemm dam jimxi?"), "42m00s"),  # how long did it run
        (("liema job qed jimxi fuq il-gpu 0?", "minn meta?"), "13:30"),  # since when
        (("kemm power qed tigbed il-gpu 0?", "u l-memorja tagħha?"), "60 GiB"),  # its memory
    ):
        sid = None
        for turn in turns:
            sid, text, _ = ask(heldout_svc, turn, sid)
        assert said in text, (turns, [in_english(t) for t in turns], text)


def test_maltese_is_read_alike_with_its_letters_marks_or_without() -> None:
    for marked, plain in (
        ("għaliex il-job 7 ma bediex?", "ghaliex il-job 7 ma bediex?"),
        ("kemm enerġija ħaraq iż-żewġ gpus?", "kemm energija haraq iz-zewg gpus?"),
        ("x’hemm fil-queue bħalissa?", "x'hemm fil-queue bhalissa?"),
    ):
        assert in_english(marked) == in_english(plain), (marked, plain)


@pytest.mark.parametrize(
    "message",
    [
        "x'hemm?",  # "x'" before a word
        "kemm?",
        "u tal-job 9?",  # the article joined to a preposition
        "ipawżjah",  # English's verb with its ending and its object
        "hold-jah",
        "is-server ok?",  # the article before a sun letter
        "fl-aħħar siegħa",
        "le, 13 ridt ngħid",
    ],
)
def test_maltese_marks(message: str) -> None:
    assert maltese_marked(message), message


@pytest.mark.parametrize(
    "message",
    [
        "kif el temp 3al GPU 0 halla2?",  # Levantine's "kif" (how)
        "max mnimi stin gpu 1 xthes meta tis 5",  # Greek's "meta" (after)
        "le job 12 a planté cette nuit",  # French's "le"
        "hi, is the H100 busy?",  # English's "hi"
        "w GPU 0 fedlet 2ad eh 3and 300 W aw aktar?",  # Arabic's "aktar" (more)
        "la GPU falla cada rato",  # Spanish's "falla"
        "job upal iz-za pamyati",  # Russian's "iz-za" (because of)
        "la media negli ultimi 10 minuti",  # Italian's "minuti"
        "hela kön väntar",  # Swedish's "hela" (whole)
        "is the l-bfgs run done?",  # English's own word with an "l-"
    ],
)
def test_other_languages_sharing_its_words_are_not_maltese(message: str) -> None:
    assert not maltese_marked(message), message


@pytest.mark.parametrize(
    ("message", "english"),
    [
        # "ilu", "ilha" (he, she has been) with the state or the verb, its subject after them
        ("kemm ilha idle il-gpu 1?", "how long has gpu 1 been idle?"),
        ("kemm ilu jimxi l-job 11?", "how long has job 11 been running?"),
        # the verb before its subject; a question naming its thing before the verb says English's past
        ("meta beda l-job 3?", "when did job 3 start?"),
        ("liema job falla lbierah?", "which job failed yesterday?"),
        ("kemm memorja qed tuza l-gpu 1?", "how much memory is gpu 1 using?"),
        ("ibdlu biex juza gpu wahda", "change it so that it uses one gpu"),  # "biex": so that
    ],
)
def test_maltese_is_read_in_english_order(message: str, english: str) -> None:
    assert in_english(message) == english, in_english(message)
