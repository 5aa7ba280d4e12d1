"""Persian read by its own module, typed in Latin letters as a Tehran chat types it ("Finglish", each word
spelled its own way: "cheqadr"/"cheghadr", "emruz"/"emrooz", "khord"/"xord") or in its own script: its
question and time words, its verbs last ("fail shod", "tool keshid", "masraf kard"), "its" joined to a noun
("miangin-esh", "logesh"), its ezafe ("power-e gpu 0"), requests with "ro" before the verb and "kon" after
it ("job 7 ro kill kon"), a number taken back ("manzooram job 11 bud"); its short words shared with
Italian, Serbian, Arabic, Hungarian and English left to them. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, assert_reads

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import Lean, in_english
from gpuaccel.assistant.understand.languages.persian import persian_marked


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # "dama-ye" (the temperature of), "cheghadre" (how much is it), "alan" (now)
        ("dama-ye 4090 alan cheghadre?", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        # "emrooz" (today), "barq khord" (ate electricity: used energy)
        ("emrooz gpu 1 cheqadr barq khord?", {"name": "energy", "gpu": 1, "label": "today"}),
        # "dirooz sobh" (yesterday morning), "util-e h100" (the H100's utilization)
        (
            "dirooz sobh max util-e h100 chand bud?",
            {"name": "gpu_reading", "gpu": 0, "metric": "util", "label": "yesterday morning"},
        ),
        # "2 saat-e akhir" (the last 2 hours), "miangin" (average)
        (
            "2 saat-e akhir power-e gpu 0 miangin chand bud?",
            {"name": "gpu_reading", "gpu": 0, "metric": "power", "label": "in the last 2 hours"},
        ),
        # "dishab" (last night), "che job hayi" (which jobs), "fail shodan" (they failed)
        ("dishab che job hayi fail shodan?", {"name": "failures", "label": "last night"}),
        ("kodum gpu daghtare?", {"name": "gpu_rank", "metric": "temperature"}),  # which is hotter
        # "bishtarin" (the most), "ro" (its object's mark), "masraf kard" (used)
        ("bishtarin energy ro kodum job masraf kard?", {"name": "job_rank", "metric": "energy"}),
        ("pariruz 4090 chand kwh masraf kard?", {"name": "energy", "label": "the day before yesterday"}),
        # a threshold: "az 80 daraje bishtar" (above 80 degrees)
        ("emruz dama-ye gpu 0 az 80 daraje bishtar shod?", {"name": "gpu_reading", "gpu": 0, "at_least": 80}),
        ("h100 az key bikar-e?", {"name": "idle_gpus", "gpu": 0}),  # since when is it idle
        ("khoruji-ye data-prep ro begoo", {"name": "job_log", "job": 1}),  # tell me data-prep's output
        ("alan chi too saf-e?", {"name": "queue"}),  # what is in the queue ("saf") now
        ("gpu 0 alan chand daraje-e?", {"name": "gpu_reading", "gpu": 0, "metric": "temperature"}),
        ("emruz kodum kart bishtar kar kard?", {"name": "gpu_reading", "metric": "util"}),  # busiest card
        # its own script: "دمای" (the temperature of), "چنده" (how much is it); "برق مصرف کرد" (used
        # electricity)
        ("دمای gpu 0 الان چنده؟", {"name": "gpu_reading", "gpu": 0, "metric": "temperature"}),
        ("امروز gpu 1 چقدر برق مصرف کرد؟", {"name": "energy", "gpu": 1, "label": "today"}),
    ],
)
def test_persian_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    assert_reads(heldout_svc, question, expected)


@pytest.mark.parametrize(
    ("message", "command"),
    [
        ("job 13 ro cancel kon lotfan", "gpuaccel cancel 13"),  # "ro" before the verb, "kon" (do) after
        ("mishe job 5 ro dobare ejra koni?", "gpuaccel retry 5"),  # can you run it again
        ("kolle queue-ro motevaghef kon", "gpuaccel pause"),  # "-ro" joined; stop the whole queue
        ("priority-e job 12 ro 5 kon", "gpuaccel priority 12 5"),  # make job 12's priority 5
        ("job 13 ro ba 1 gpu ejra kon", "--gpus 1"),  # run it with 1 GPU
        ("job 12 ro ba 13 jabeja kon", "gpuaccel switch 12 13"),  # swap them
        ("sd-xl-train ro motevaghef kon", "gpuaccel cancel 5"),  # stop it (it has failed: refused)
        ("server ro restart kon lotfan", "A reboot of the machine"),  # declined
        ("mitooni driver-e nvidia ro upgrade koni?", "An update of the GPU drivers"),  # can you ...: declined
    ],
)
def test_persian_requests(heldout_svc: AssistantService, message: str, command: str) -> None:
    _, text, query = ask(heldout_svc, message, None)
    assert query is None and command in text, (message, in_english(message), text)


def test_persian_follow_ups_that_lean_on_the_turn_before(heldout_svc: AssistantService) -> None:
    for turns, said in (
        (("dama-ye h100 alan chande?", "va 4090 chi?"), "28 °C"),  # "va ... chi" (and what about): no mark
        (("emruz power-e gpu 1 max chand bud?", "miangin-esh chi?"), "mean 76 W"),  # its average
        (("job 14 chera start nemishe?", "az hold dar biar"), "gpuaccel release 14"),  # take it off hold
        (("job 12 ro pause kon", "na bebakhshid, manzooram job 11 bud"), "gpuaccel pause 11"),  # I meant 11
        # "kollan chand bar" (how many times in all)
        (("sd-xl-train chera fail shod?", "kollan chand bar retry shod?"), "attempt 3 of 3"),
    ):
        sid = None
        for turn in turns:
            sid, text, _ = ask(heldout_svc, turn, sid)
        assert said in text, (turns, [in_english(t) for t in turns], text)


@pytest.mark.parametrize(
    "message",
    ["chera?", "emrooz chi shod?", "lotfan", "job 9 ro retry kon", "logesh?", "mamnun", "مصرف برق"],
)
def test_persian_marks(message: str) -> None:
    assert persian_marked(message), message


@pytest.mark.parametrize(
    "message",
    [
        "chi usa la gpu 0 adesso?",  # Italian's "chi" (who)
        "che cosa gira sulla 4090?",  # Italian's "che"
        "koja je temperatura na gpu 1?",  # Serbian's "koja" (which)
        "shu el natije bel log?",  # Levantine Arabic's "natije" (result)
        "mersi, cat e temperatura?",  # Romanian's "mersi" (thanks)
        "sorry, the key is in the log, too",  # English's "sorry", "key", "too"
        "va bene, e la ventola?",  # Italian's "va"
    ],
)
def test_other_languages_sharing_its_words_are_not_persian(message: str) -> None:
    assert not persian_marked(message), message


def test_a_shared_word_marks_persian_only_in_a_conversation_read_in_persian() -> None:
    assert not persian_marked("h100 chi?")
    assert persian_marked("h100 chi?", Lean(frozenset({"persian"})))
    assert not persian_marked("h100 chi?", Lean(frozenset({"italian"})))


@pytest.mark.parametrize(
    ("message", "english"),
    [
        ("job 7 ro kill kon lotfan", "kill job 7 please"),  # the verb said last, put first
        ("ye lahze hold-esh kon", "hold it for a moment"),  # "-esh" joined to the verb: it
        ("cancel kon sd-xl-train ro", "cancel sd-xl-train"),  # what it acts on said after the verb
        ("2 saat-e akhir", "the last 2 hours"),
        ("natijash chi bud?", "its result what was it?"),  # "its" joined to a Persian noun
        ("fan-e h100 chand darsade?", "fan of h100 how many percent?"),  # the ezafe: of
        ("qabl az cancel shodan cheqadr kar kard?", "before it was cancelled how long did it run?"),
    ],
)
def test_persian_is_read_in_english_order(message: str, english: str) -> None:
    assert in_english(message) == english, in_english(message)
