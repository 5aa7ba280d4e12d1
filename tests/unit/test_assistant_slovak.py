"""Slovak, written with its diacritics or without them and mixed with English words of the trade (readings now
and over a span, peaks and means, energy, jobs' waits, runs, failures and logs, requests with the pronoun
before the verb, a job made to run on one card, corrections and follow-ups opened by "a"), read by its own
module with Czech's table; the Serbian, Croatian, Slovenian, Polish, Tagalog and Czech messages that share
its words left to them. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, assert_reads

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.slovak import slovak_marked

CLOCKS_REFUSED = "A GPU's power limit, clocks or a reset are set with nvidia-smi as root"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("aká je teplota 4090 práve teraz?", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        ("koľko energie spotrebovala h100 včera?", {"name": "energy", "gpu": 0, "label": "yesterday"}),
        (
            "priemerná teplota 4090 za posledné 2 hodiny",
            {"name": "gpu_reading", "gpu": 1, "metric": "temperature", "label": "in the last 2 hours"},
        ),
        ("koľko pamäte je obsadenej na 4090?", {"name": "gpu_reading", "gpu": 1, "metric": "memory"}),
        ("čo beží teraz na h100?", {"name": "jobs", "gpu": 0}),
        ("prečo zlyhal sd-xl-train?", {"name": "job_detail", "job": 5}),
        ("kedy skončil llama-8b-eval?", {"name": "job_detail", "job": 4}),
        ("ako dlho čakal llama-70b-finetune vo fronte?", {"name": "job_detail", "job": 2}),
        ("máme niečo podržané?", {"name": "jobs", "state": "held"}),
        ("posledný riadok logu sd-xl-train?", {"name": "job_log", "job": 5}),
    ],
)
def test_slovak_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    assert_reads(heldout_svc, question, expected)


@pytest.mark.parametrize(
    ("message", "command"),
    [
        ("môžeš zrušiť job 13?", "gpuaccel cancel 13"),
        ("podrž job 13 nech sa ešte nespustí", "gpuaccel hold 13"),  # "nech ..." (so that): why
        ("nech llama-405b-probe beží len na gpu 0", "gpuaccel edit 13 --gpu-ids 0"),  # let X run only on
        ("skús flash-attn-build ešte raz", "gpuaccel retry 3"),  # try it once more
        ("daj llama-405b-probe prioritu 7", "gpuaccel priority 13 7"),
        ("môžeš resetnúť driver na h100?", CLOCKS_REFUSED),  # English's verb given Slovak's "-nut"
    ],
)
def test_slovak_requests(heldout_svc: AssistantService, message: str, command: str) -> None:
    _, text, query = ask(heldout_svc, message, None)
    assert query is None and command in text, (message, in_english(message), text)


def test_slovak_follow_ups_that_lean_on_the_turn_before(heldout_svc: AssistantService) -> None:
    for turns, said in (
        (("čo sa stalo s flash-attn-build?", "tak ho skús znova"), "gpuaccel retry 3"),  # the pronoun first
        (("čo beží na h100?", "odkedy?"), "13:30"),
        (("čo beží na h100?", "a ako dlho už beží?"), "1h30m"),
        (("ako dopadol resnet50-bench?", "koľko stihol bežať?"), "20m00s"),  # how long it managed to run
        (("máme niečo podržané?", "tak ho pusti"), "gpuaccel release 14"),
        # a correction after a change of a job's memory: the change of the job meant
        (("nastav jobu 12 pamäť na 30000", "prepáč, myslel som 13"), "gpuaccel edit 13 --memory 30000"),
    ):
        sid = None
        for turn in turns:
            sid, text, _ = ask(heldout_svc, turn, sid)
        assert said in text, (turns, text)
    sid, _, _ = ask(heldout_svc, "koľko bežal llama-8b-eval?", None)
    ask(heldout_svc, "a energie koľko?", sid)  # Serbian's "kolko", in a Slovak conversation
    _, _, query = ask(heldout_svc, "a ten 6?", sid)  # and that 6: the job by its number
    assert query is not None and query.get("job") == 6, query
    sid, _, _ = ask(heldout_svc, "prečo spadol job 9?", None)
    _, _, query = ask(heldout_svc, "čo je v logu toho, čo spadol?", sid)  # the log of the one that failed
    assert query == {"name": "job_log", "job": 9}, query


@pytest.mark.parametrize(
    "message",
    [
        "koľko trvala posledná úloha",  # its own letter
        "kedy to bolo",
        "kolko trval build?",  # Serbian's "kolko" beside Czech's "trval"
        "daj mu prioritu 3",  # Slovenian's "daj" beside Czech's "prioritu"
    ],
)
def test_slovak_marks(message: str) -> None:
    assert slovak_marked(message), message


@pytest.mark.parametrize(
    "message",
    [
        "možeš li da zadržiš job 12",  # Serbian's "možeš"
        "kolko je struje potrošio gpu 0 danas",  # Serbian's "kolko"
        "koliko je ukupno trajao, sa svim pokušajima",  # Serbian's "sa", Czech's mark's "kolik..."
        "pusti ga da radi",  # Serbian's "pusti"
        "daj mi pregled dneva prosim",  # Slovenian's "daj" beside the "prosim" Czech says too
        "kolko casa je tekel job 5",  # Slovenian's "kolko"
        "ako na bahala sa pag-cancel",  # Tagalog's "ako" and "sa"
        "co teraz dziala na gpu 0",  # Polish's "teraz"
        "kolik energie spotreboval job 4 vcera",  # Czech
        "jak dlouho uz bezi job 11",  # Czech
        "gpu 1 ka temp bolo",  # Hindi's "bolo"
    ],
)
def test_other_languages_sharing_its_words_are_not_slovak(message: str) -> None:
    assert not slovak_marked(message), message
