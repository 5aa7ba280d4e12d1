"""Icelandic typed with þ ð æ ö and its accents or without them ("th", "d", "ae", "o", bare vowels), mixed
with English words of the trade that take its article and verb endings ("loggið", "queue-inu", "gpu-an",
"failaði", "retry-aðu", "cancellaðu"): readings now and over a span, jobs' runs, waits, failures and logs,
its questions split around their verb ("hvað ... lengi": how long, "hvað ... mikla orku": how much energy),
the verb before its subject in a question read in English's order ("hvenær byrjaði X": when did X start),
requests in Icelandic ("hættu við", "settu á hold", "hleyptu af stað", "breyttu ... í N"), corrections
("ég átti við 13", "nei, 12"), follow-ups opened by "og" or "en", predictions and the weather declined; the
other languages' messages that share its short words left to them. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, assert_reads

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.icelandic import icelandic_marked


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # readings now: "hversu heitt" (how hot), "hitinn" (the temperature), typed with its letters or not
        ("hversu heitt er 4090 kortið núna?", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        ("hvad er hitinn a gpu 1 nuna", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        ("hvað er mikið álag á h100 núna", {"name": "gpu_reading", "gpu": 0, "metric": "util"}),  # how much
        ("hver er heitasta gpu-an núna?", {"name": "gpu_rank", "metric": "temperature"}),  # the hottest
        ("hversu margar gpu-ur eru lausar núna?", {"name": "idle_gpus"}),  # how many are free
        ("er h100 upptekin?", {"name": "gpu_reading", "gpu": 0, "metric": "util"}),  # busy
        (
            "hvað er minnið á h100 mikið í notkun í prósentum?",
            {"name": "gpu_reading", "gpu": 0, "metric": "memory"},
        ),
        ("síðan hvenær hefur gpu 1 verið aðgerðalaus?", {"name": "idle_gpus"}),  # since when, idle
        # over a span: "meðalhitinn" (the average temperature), "í gær", "síðustu 3 klukkutíma", "milli 10
        # og 12", "síðasta sólarhringinn" (the last 24 hours), "klukkan 14" (at 14:00)
        (
            "hvað var meðalhitinn á gpu 0 í gær?",
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature", "label": "yesterday"},
        ),
        (
            "hvenær var h100 heitust í dag?",  # when was it hottest: its peak
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature", "label": "today"},
        ),
        (
            "hversu mikið rafmagn fór í 4090 síðustu 3 klukkutíma",
            {"name": "energy", "gpu": 1, "label": "in the last 3 hours"},
        ),
        (
            "hvað notaði gpu 1 mikla orku í gær",  # "hvað ... mikla orku": how much energy
            {"name": "energy", "gpu": 1, "label": "yesterday"},
        ),
        (
            "hvað var meðalaflið á h100 milli 10 og 12 í dag",
            {"name": "gpu_reading", "gpu": 0, "metric": "power", "label": "between 10:00 and 12:00"},
        ),
        (
            "hvað var minnisnotkunin á gpu 0 síðasta sólarhringinn?",
            {"name": "gpu_reading", "gpu": 0, "metric": "memory", "label": "in the last 24 hours"},
        ),
        (
            "hvad var hitinn a h100 klukkan 14",
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature", "label": "at 14:00"},
        ),
        (
            "hvad er power draw a 4090 sidustu 30 minutur",
            {"name": "gpu_reading", "gpu": 1, "metric": "power", "label": "in the last 30 minutes"},
        ),
        # jobs: "keyrir" (is running), "biðröðinni" (the queue), "failuðu" (failed), "mesta orku" (the most
        # energy), "logginn" (the log)
        ("hvaða job keyrir á gpu 0 núna?", {"name": "queue", "state": "running"}),
        ("hvað er í biðröðinni?", {"name": "queue"}),
        ("hvað bíða mörg jobs í biðröðinni?", {"name": "queue", "state": "queued"}),  # how many wait
        ("hvaða jobs failuðu í gær?", {"name": "failures", "label": "yesterday"}),
        ("hefur eitthvað failað í dag?", {"name": "failures", "label": "today"}),
        ("er eitthvað á hold?", {"name": "jobs", "state": "held"}),
        ("hvaða job notaði mesta orku í dag?", {"name": "job_rank", "metric": "energy", "label": "today"}),
        ("hvað keyrði lengst í gær?", {"name": "job_rank", "metric": "duration", "label": "yesterday"}),
        ("hvaða job beið lengst í dag?", {"name": "job_rank", "metric": "wait", "label": "today"}),
        ("geturðu sýnt mér logginn hjá job 9", {"name": "job_log", "job": 9}),
    ],
)
def test_icelandic_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    assert_reads(heldout_svc, question, expected)


@pytest.mark.parametrize(
    ("message", "command"),
    [
        ("stöðvaðu job 11", "gpuaccel cancel 11"),  # its imperative
        ("killaðu job 11", "gpuaccel cancel 11"),  # English's verb with its imperative's ending
        ("retry-aðu job 9", "gpuaccel retry 9"),
        ("hættu við job 12", "gpuaccel cancel 12"),  # stop with: cancel
        ("setja job 12 á hold takk", "gpuaccel hold 12"),  # set on hold
        ("viltu setja job 11 á pásu", "gpuaccel pause 11"),  # set on pause
        ("taktu job 14 af hold", "gpuaccel release 14"),  # take off hold
        ("haltu áfram með job 11", "gpuaccel resume 11"),  # go on with
        ("eyddu job 14", "gpuaccel remove 14"),
        ("gætirðu breytt minninu á job 13 í 30000 mib", "--memory 30000"),  # change ... to N
        ("geturdu uppfaert cuda a velinni", "An update of the GPU drivers"),  # declined plainly
        ("geturðu endurræst vélina?", "A reboot of the machine"),
    ],
)
def test_icelandic_requests(heldout_svc: AssistantService, message: str, command: str) -> None:
    _, text, query = ask(heldout_svc, message, None)
    assert query is None and command in text, (message, in_english(message), text)


def test_icelandic_follow_ups_that_lean_on_the_turn_before(heldout_svc: AssistantService) -> None:
    for turns, said in (
        (("hæ, hver er hitinn á h100?", "en 4090?"), "28 °C"),  # "en" (but: and what about)
        (("hvað notaði gpu 1 mikla orku í gær", "og h100?"), "4.89 kWh"),
        (("hvad er hitinn a gpu 1 nuna", "en viftan á henni?"), "30%"),  # the fan on it
        (("hvað var meðalhitinn á gpu 0 í gær?", "og hæsti?"), "71 °C"),
        (("hver var lægsti hitinn á gpu 1 í dag", "klukkan hvað?"), "09:12:00"),  # at what time
        (("hvaða job keyrir á gpu 0 núna?", "hvað er hann búinn að keyra lengi?"), "1h30m"),
        (("hvenær byrjaði llama-8b-eval?", "hvað beið það lengi?"), "5m00s"),  # how long did it wait
        (("hvaða jobs failuðu í gær?", "keyrðu það aftur"), "gpuaccel retry 3"),  # run it again
        (("hvað gerðist við job 9?", "retry-aðu það"), "gpuaccel retry 9"),
        (("er eitthvað á hold?", "hleyptu því af stað"), "gpuaccel release 14"),  # let it go
        (("cancellaðu job 12 takk", "nei ég átti við 13"), "gpuaccel cancel 13"),  # I meant
        (("stöðvaðu job 11", "nei, 12"), "gpuaccel cancel 12"),  # a number taken back alone
        (("setja job 12 á hold takk", "ekki 12 heldur 13"), "gpuaccel hold 13"),  # not 12 but 13
        (("hættu við job 12", "afsakið, 13"), "gpuaccel cancel 13"),  # sorry, 13
    ):
        sid = None
        for turn in turns:
            sid, text, _ = ask(heldout_svc, turn, sid)
        assert said in text, (turns, [in_english(t) for t in turns], text)


@pytest.mark.parametrize(
    "message",
    [
        "hvernig verður hitinn á h100 í kvöld? spáðu fyrir um það",  # a prediction
        "hvernig er veðrið í Reykjavík á morgun?",  # the weather
    ],
)
def test_icelandic_declines(heldout_svc: AssistantService, message: str) -> None:
    _, text, query = ask(heldout_svc, message, None)
    assert query is None and ("cannot tell what will happen" in text or "weather" in text), text


def test_icelandic_is_read_alike_with_its_letters_or_without() -> None:
    for marked, plain in (
        ("hvað er það búið að bíða lengi?", "hvad er thad buid ad bida lengi?"),
        ("hæsti hitinn á gpu 0 í gær", "haesti hitinn a gpu 0 i gaer"),
        ("hvaða jobs keyrðu á 4090 í morgun?", "hvada jobs keyrdu a 4090 i morgun?"),
        ("sýndu mér loggið hjá job 5", "syndu mer loggid hja job 5"),
    ):
        assert in_english(marked) == in_english(plain), (marked, plain)


@pytest.mark.parametrize(
    ("message", "english"),
    [
        # the verb before its subject in a question; "búinn að" (has been -ing); "hvað ... mikla X"
        ("hvenær kláraðist það?", "when did it finish?"),
        ("af hverju dó job 3?", "why did job 3 die?"),  # "dó" typed without its accent is English's "do"
        ("hvenær byrjaði llama-8b-eval?", "when did llama-8b-eval start?"),
        ("af hverju hrundi flash-attn-build?", "why did flash-attn-build crash?"),
        ("af hverju bíður job 13?", "why is job 13 waiting?"),
        ("hvað er hann búinn að keyra lengi?", "how long has it been running?"),
        ("hvað notaði gpu 1 mikla orku?", "how much energy did gpu 1 use?"),
        ("hvað er 4090 að draga mörg wött", "how many watts is 4090 drawing"),
        ("hvað tók job 6 langan tíma?", "how long did job 6 take?"),
        ("á morgun", "tomorrow"),  # "á morgun" is tomorrow, "í morgun" this morning
        ("í morgun", "this morning"),
    ],
)
def test_icelandic_is_read_in_english_order(message: str, english: str) -> None:
    assert in_english(message) == english, in_english(message)


@pytest.mark.parametrize(
    "message",
    [
        "núna?",
        "og þetta?",
        "hvaða gpu?",
        "loggið",
        "klukkan hvað?",
        "nei, 13",
        "afsakið, 13",
        "failaði það?",
        "hvada job",
    ],
)
def test_icelandic_marks(message: str) -> None:
    assert icelandic_marked(message), message


@pytest.mark.parametrize(
    "message",
    [
        "hvad kører der lige nu?",  # Danish's "hvad" (what), with its ø
        "hvor lenge har den kjørt?",  # Norwegian's "lenge"
        "nej, 13",  # Danish's no
        "vad kör på gpu 0 nu?",  # Swedish
        "GPU 0 clockid praegu?",  # Estonian's plural "-id" on an English noun
        "sko, bara okei takk",  # Danish's shoe, Norwegian's just and thanks, Finnish's okay
        "stoppa jobbet och starta om",  # Swedish's "stoppa", "starta"
        "¿cuál es la temperatura de la gpu?",  # Spanish's accents
        "what is the temperature of gpu 1 now",
    ],
)
def test_other_languages_sharing_its_words_are_not_icelandic(message: str) -> None:
    assert not icelandic_marked(message), message
