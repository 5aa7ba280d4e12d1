"""Albanian typed with ë and ç or without them ("e" and "c"), mixed with English words of the trade that take
its article and case endings ("job-i", "jobin", "gpu-te", "queue-n", "4090-es", "13-shit"): readings now and
over a span, jobs' runs, waits, failures and logs, requests in Albanian ("anuloje": cancel it) and in English
with its endings ("canceloje", "holdo"), the machine's own upkeep declined, corrections ("e kisha fjalen
...") and follow-ups opened by "po" or "e"; the verb before its subject in a question read in English's
order ("pse deshtoi X": why did X fail); the other languages' messages that share its short words left to
them. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, assert_reads

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.albanian import albanian_marked


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a card's model with its case ending, typed without ë and with it
        ("sa eshte temperatura e 4090-es tani?", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        ("sa është temperatura e 4090-ës tani?", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        ("sa memorie po perdor h100 per momentin?", {"name": "gpu_reading", "gpu": 0, "metric": "memory"}),
        ("çfarë po punon te gpu 0?", {"name": "jobs", "gpu": 0}),  # "te": at
        ("kush po perdor gpu 0?", {"name": "memory_users", "gpu": 0}),  # "who" is the subject, not GPU 0
        ("cila karte eshte me e nxehta?", {"name": "gpu_rank", "metric": "temperature"}),
        ("cilat gpu jane te lira tani?", {"name": "idle_gpus"}),
        (
            "cili job ka harxhuar me shume energji dje?",
            {"name": "job_rank", "metric": "energy", "label": "yesterday"},
        ),
        ("cilat job-e deshtuan sot?", {"name": "failures", "label": "today"}),  # "-e": the plural
        ("sa jobe kane deshtuar dje?", {"name": "failures", "label": "yesterday"}),
        ("a ka ndonje job ne hold?", {"name": "jobs", "state": "held"}),  # "a" opens a yes-no question
        ("pse s'po niset jobi 13?", {"name": "job_detail", "job": 13}),  # "s'" (not), "jobi" (the job)
        ("kur mbaroi data-prep?", {"name": "job_detail", "job": 1}),  # when did it finish
        ("sa kohe punoi job-i 2?", {"name": "job_detail", "job": 2}),
        ("cili job ka pritur me gjate sot?", {"name": "job_rank", "metric": "wait"}),
        ("cfare thote log-u i job-it 9?", {"name": "job_log", "job": 9}),  # "i": of
        ("rreshti i fundit i logut te mistral-7b-sft", {"name": "job_log", "job": 11}),
        (
            "temperatura mesatare e h100 ne 3 oret e fundit",
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature", "label": "in the last 3 hours"},
        ),
        (
            "fuqia mesatare e gpu 1 nga ora 9 deri ne 10:30",
            {"name": "gpu_reading", "gpu": 1, "metric": "power", "label": "between 09:00 and 10:30"},
        ),
        (
            "sa u nxeh gpu 1 dje ne mengjes?",  # how hot did it get
            {"name": "gpu_reading", "gpu": 1, "metric": "temperature", "label": "yesterday morning"},
        ),
        (
            "sa energji harxhoi 4090 pardje?",
            {"name": "energy", "gpu": 1, "label": "the day before yesterday"},
        ),
    ],
)
def test_albanian_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    assert_reads(heldout_svc, question, expected)


@pytest.mark.parametrize(
    ("message", "command"),
    [
        ("anulo llama-70b-eval", "gpuaccel cancel 12"),
        ("anuloje jobin 12", "gpuaccel cancel 12"),  # "-je" (it) with its job said too
        ("fshije jobin 10 nga lista", "gpuaccel remove 10"),
        ("ndalo job-in 11 per pak", "gpuaccel pause 11"),  # stopped for a while: paused
        ("riniso job-in 9", "gpuaccel retry 9"),
        ("mbaje 13 ne pritje", "gpuaccel hold 13"),
        ("vendose 13 ne hold", "gpuaccel hold 13"),
        ("lesho 14", "gpuaccel release 14"),
        ("rifillo job 11", "gpuaccel resume 11"),
        ("pauzo radhen", "gpuaccel pause"),  # the queue in Albanian
        ("vazhdo queue-n", "gpuaccel resume"),
        ("ndrysho prioritetin e job 12 ne 3", "gpuaccel priority 12 3"),
        ("jepi 13-shit prioritet 8", "gpuaccel priority 13 8"),  # the number with its case ending
        ("canceloje job 12", "gpuaccel cancel 12"),  # English's verb with Albanian's ending
        ("holdo 13", "gpuaccel hold 13"),
        ("ndrysho memorien e 13 ne 30000 MiB", "gpuaccel edit 13 --memory 30000"),  # a setting changed
        ("ndryshoje 13 ne nje gpu", "gpuaccel edit 13 --gpus 1"),  # "nje": one
        ("nderro 12 me 13 ne radhe", "gpuaccel switch 12 13"),  # two jobs switched
        ("a mund te instalosh cuda 12.4 ne server?", "An update of the GPU drivers or CUDA"),  # declined
        ("rinise kompjuterin te lutem", "A reboot of the machine"),  # the machine restarted: declined
    ],
)
def test_albanian_requests(heldout_svc: AssistantService, message: str, command: str) -> None:
    _, text, query = ask(heldout_svc, message, None)
    assert query is None and command in text, (message, in_english(message), text)


def test_albanian_follow_ups_that_lean_on_the_turn_before(heldout_svc: AssistantService) -> None:
    for turns, said in (
        (("sa watt po terheq gpu 0?", "e gpu 1?"), "21 W"),  # "e": and
        (("sa energji harxhoi 4090 dje?", "po sot?"), "today"),  # "po": and what about
        (("cila gpu eshte bosh?", "prej kur?"), "13:24"),  # since when
        (("pse deshtoi sd-xl-train?", "provoje perseri"), "gpuaccel retry 5"),  # try it again
        (("cfare po pret llama-405b-probe?", "fshije"), "gpuaccel remove 13"),  # delete it
        (("anuloje jobin 12", "me fal, doja te thoja 13"), "gpuaccel cancel 13"),  # sorry, I meant 13
        (("mbaje job-in 13", "jo jo, e kisha fjalen per 12"), "gpuaccel hold 12"),  # no, I meant 12
        (("pse nuk niset 13?", "le te kerkoje vetem 1 gpu"), "gpuaccel edit 13 --gpus 1"),  # let it ask for
    ):
        sid = None
        for turn in turns:
            sid, text, _ = ask(heldout_svc, turn, sid)
        assert said in text, (turns, [in_english(t) for t in turns], text)


@pytest.mark.parametrize(
    ("message", "english"),
    [
        # its question words, the verb before its subject put in English's order
        ("qysh po ecen jobi 4?", "how is job 4 going"),
        ("kush po pret ne radhe?", "who is waiting in the queue"),
        ("sa here eshte provuar job-i 5?", "how many times has job 5 been tried"),
        ("ne c'ore filloi data-prep?", "at what time did data-prep start"),
        ("ne cfare ore u rrezua flash-attn-build?", "at what time did flash-attn-build crash"),
        ("sa kohe ka qe punon mistral-7b-sft?", "how long has mistral-7b-sft been running"),
        ("sa kWh ka harxhuar h100 kete jave?", "how many kWh has h100 used this week"),
        ("sa energji harxhuan gpu-te javen e kaluar?", "how much energy did the gpus use last week"),
        ("sa memorie kerkon jobi 12?", "how much memory is job 12 asking for"),
        ("cfare kishte ne log-un e job-it 3?", "what was in the log of job 3"),
        ("cfare po ndodh me job 11 tash", "what is happening with job 11 now"),
        ("sa kohe i duhet job 11 per te mbaruar?", "how long does job 11 need to finish"),
        ("pse crashoi flash-attn-build?", "why did flash-attn-build crash"),  # English's verb, its past
        # moments
        ("temperatura e gpu 0 para 10 minutash", "temperature of gpu 0 10 minutes ago"),
        ("sa fuqi terhoqi gpu 0 qe nga ora 9?", "how much power did gpu 0 draw since 9:00"),
        ("sa priti job 4 para se te niste?", "how long did job 4 wait before it started"),
        ("sa punoi 6 para se ta anuloja?", "how long did 6 run before I cancelled it"),
        ("peak power i tij dje", "peak power of it yesterday"),
        ("kush e anuloi resnet50-bench?", "who cancelled resnet50-bench"),  # "e" (it) before the verb
        ("a u anulua job 6?", "was job 6 cancelled"),  # "u": done to it
        ("sa kohe ishte gpu 0 mbi 80 grade sot?", "how long was gpu 0 above 80 °C today"),
        ("sa here ka kaluar 600 W h100 sot?", "went above 600 W"),
        ("cilat jane job-et e sotme?", "which are today's jobs"),  # "e sotme": today's, after its noun
        ("cilat jane deshtimet e djeshme?", "which are yesterday's failures"),
        ("cfare ka ne logun e jobit 9", "what is in the log of job 9"),  # endings joined without a hyphen
        ("sa gpu-ore harxhoi llama-70b-finetune?", "how many GPU-hours did llama-70b-finetune use"),
        # requests, "it" joined to them or said before them, and Gheg's infinitive ("me liru")
        ("bej cancel job 12", "cancel job 12"),
        ("vere job 11 ne pauze", "pause job 11"),
        ("jepi prioritet 2 job 13", "set the priority of job 13 to 2"),
        ("rrit prioritetin e job 12", "bump the priority of job 12"),
        ("ma anulo pls", "cancel it please"),
        ("a mund ta anulosh 13?", "can you cancel 13"),
        ("mundesh me ma liru 14?", "can you release 14"),
        ("e cancelova dje", "I cancelled it yesterday"),
        # corrections and declines
        ("nuk e kisha fjalen per 12, por per 13", "I meant 13"),
        ("desha me thane gpu 1", "I meant gpu 1"),
        ("me fal, 14", "sorry, 14"),
        ("jo faleminderit", "no thanks"),
        ("lere fare", "never mind"),
    ],
)
def test_albanian_read_in_english(message: str, english: str) -> None:
    assert english in in_english(message), in_english(message)


@pytest.mark.parametrize(
    "message",
    [
        "cfare ka ne radhe",
        "sa kohe ka qe pret",
        "anuloje",
        "çfarë ndodhi me job-in 4",
        "pse deshtoi",
        "qysh po shkon",
        "sa jobe kemi",
        "log-un e 9",
        "a ka ndonje",
    ],
)
def test_albanian_marks(message: str) -> None:
    assert albanian_marked(message), message


@pytest.mark.parametrize(
    "message",
    [
        "ano ang temp sa gpu 0",  # Tagalog's "sa"
        "kakvo ima v opashkata po-rano",  # Bulgarian's "po"
        "kur sukasi jobas 9",  # Lithuanian's "kur" (where)
        "me puedes cancelar el job 12",  # Spanish's "me"
        "per favore cancella il job 12",  # Italian's "per"
        "jo job fail hua woh dikhao",  # Hindi's "jo"
        "la ce ora a pornit",  # Romanian's "ora"
        "le job 12 est pret",  # French's "pret" (ready)
        "mis jobi see on",  # Estonian's "jobi"
        "kenen jobi toi on",  # Finnish's "jobi"
        "kurs jobs failoja",  # Latvian's "failoja"
        "kane hold to 13",  # Greeklish's "kane"
        "4090'in fani kac",  # Turkish's "fani"
        "temperatura na gpu 0 danas",  # Serbian's "temperatura"
        "a logut mu",  # Bulgarian's article on "log"
        "naj rabi 2 GPU-ja",  # Slovenian's case ending on "GPU"
    ],
)
def test_other_languages_sharing_its_words_are_not_albanian(message: str) -> None:
    assert not albanian_marked(message), message
