"""Taglish (Tagalog mixed into English): its question words, its verbs in Tagalog prefixes ("nag-crash",
"naka-queue"), its polite requests ("paki-hold po", "i-cancel mo", "pa-resume na lang"), its follow-ups
("anong oras po?") and questions off this machine, read in English; its marks never read in Spanish,
Italian, Portuguese, Hindi or Dutch, which share its short words. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, converse

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import taglish_read
from gpuaccel.assistant.understand.spoken import written


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("bakit po nag-crash yung job 3?", "why crashed job 3?"),
        ("kelan natapos yung job 4?", "when finished job 4?"),
        ("meron bang naka-queue ngayon?", "is anything queued now?"),
        (
            "ilang beses nag-retry yung sd-xl-train kahapon?",
            "how many times retried the sd-xl-train yesterday?",
        ),
        ("sino ang gumagamit ng 4090?", "who is using 4090?"),
        ("gano na katagal naghihintay?", "how long has it been waiting?"),
        ("pakita po yung log niya", "show its log"),
        ("paki-hold na lang po", "please hold it"),
        ("i-cancel mo na yung job 14", "please cancel job 14"),
        ("pa-move naman ng job 13 sa unahan ng queue", "please move job 13 to the front of the queue"),
        ("anong GPU yun?", "what GPU was that?"),
        ("thanks po, what time po?", "thanks, what time?"),
        # 'd' for "hindi", a bare job id after "yung", a wait said of "siya"
        ("bkt d pa tumatakbo yung 12?", "why not yet is running job 12?"),
        ("temp ng GPU 0 at yung 1?", "temp of GPU 0 at the 1?"),  # a card's number, not a job's
        ("gano na katagal sya naghihintay?", "how long has it been waiting?"),
        # "X pataas/pababa": at or above/below X; "nun" then; "yung isa" the other one
        (
            "ilang minuto nasa 90% pataas yung util ng 4090?",
            "how many minutes at 90% or above the util of 4090?",
        ),
        ("ano max temp ng H100 nun", "what max temp of H100 then"),
        ("ay hindi, yung isa po", "no, the other one"),
        # a card used (busy), who used it over a span (its jobs), a request left bare ("release na lang po")
        ("ilang minuto nagamit yung 4090 kahapon?", "how many minutes busy 4090 yesterday?"),
        ("sino gumamit ng H100 kahapon ng umaga?", "who was using H100 yesterday morning?"),
        ("sige, release na lang po", "please release it"),
        (
            "pwede po pa-bump up yung llama-70b-eval? priority 50 sana",
            "please move llama-70b-eval up? priority 50",
        ),
    ],
)
def test_taglish_read_in_english(said: str, read: str) -> None:
    assert written(said) == read


@pytest.mark.parametrize(
    "said",
    [
        "cuanto tiempo lleva la 12 en la cola? no la 13 sino la 12",  # Spanish "sino", "la"
        "ya po, cancela el job 13 porfa",  # Chile's "po"
        "la 4090 scalda un po, chi lo sa?",  # Italian "un po", "sa"
        "quanto tempo o job 12 ficou na fila no ano passado?",  # Portuguese "na", "ano"
        "job 12 ko hold kar do na, abhi wala koi",  # Hindi "ko", "na", "wala"
        "hoe lang draait job 11 al, na de pauze?",  # Dutch "lang", "na"
        "kan je job 11 niet na lang wachten cancelen?",  # Dutch "na lang"
    ],
)
def test_no_taglish_read_in_languages_sharing_its_short_words(said: str) -> None:
    assert taglish_read(said) == said


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("paki-hold po ng job 12", "gpuaccel hold 12"),
        ("i-cancel mo na yung llama-405b-probe, di na kailangan", "gpuaccel cancel 13"),
        ("pa-set po ng priority ng job 12 sa 80", "gpuaccel priority 12 80"),
        ("pwede po pa-bump up yung llama-70b-eval? priority 50 sana", "gpuaccel priority 12 50"),
    ],
)
def test_taglish_requests(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_taglish_requests_said_of_the_job_talked_about(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(heldout_svc, "anong nangyari sa job 9?", "sige, pa-rerun na lang po")
    assert query is None and "gpuaccel retry 9" in text, text
    (_, _), (text, query) = converse(
        heldout_svc, "paki-hold muna yung job 12", "ay wag na, i-release mo ulit"
    )
    assert query is None and "gpuaccel release 12" in text, text
    (_, _), (text, query) = converse(
        heldout_svc, "i-hold mo muna yung job 13", "ay teka, cancel na lang pala"
    )
    assert query is None and "gpuaccel cancel 13" in text, text


def test_taglish_questions(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    (_, _), (text, _) = converse(svc, "bkt di pa tumatakbo yung job 12?", "gano na katagal naghihintay?")
    assert "1h20m" in text, text
    _, text, query = ask(svc, "sino po yung gumagamit ng H100 ngayon?", None)
    assert query is not None and "mistral-7b-sft" in text, text
    _, text, query = ask(svc, "magkano kuryente ng H100 kahapon?", None)
    assert query is not None and query["name"] == "energy" and "4.89 kWh" in text, (query, text)
    (_, _), (text, query) = converse(svc, "pinakamataas na temp ng 4090 kahapon?", "anong oras po yun?")
    assert query is not None and "20:12" in text, text
    (_, _), (text, _) = converse(svc, "bkt d pa tumatakbo yung 12?", "gano na katagal sya naghihintay?")
    assert "1h20m" in text, text
    _, text, _ = ask(svc, "ilang minuto nagamit yung 4090 kahapon?", None)
    assert "2m30s" in text, text
    _, text, _ = ask(svc, "gaano katagal nasa 60 degrees pataas yung H100 kahapon?", None)
    assert "7h55m" in text, text
    (_, _), (text, _) = converse(svc, "sino gumamit ng 4090 kaninang umaga?", "ano max temp ng 4090 nun")
    assert "73 °C" in text, text
    (_, _), (text, _) = converse(svc, "power ng H100?", "ay hindi, yung isa po")
    assert "21 W" in text, text
    # the waits of several jobs: both ends, the shortest too
    _, text, _ = ask(svc, "gano katagal naghintay sa pila lahat ng lr-sweep?", None)
    assert "1h00m" in text and "2m00s" in text, text


@pytest.mark.parametrize(
    "said",
    [
        "ano po ibig sabihin ng ECC error sa GPU?",
        "pa-draft naman ng short announcement na naka-maintenance yung 4090 bukas",
        "ano ba pinagkaiba ng bf16 at fp16?",
        "grabe ang init sa office, ok lang ba yung H100 pag 33°C ang room? may tips ba kayo para lumamig",
    ],
)
def test_taglish_questions_off_this_machine_are_declined(heldout_svc: AssistantService, said: str) -> None:
    _, _, query = ask(heldout_svc, said, None)
    assert query is None


# Cebuano (Bisaya) in a Cebu writer's Taglish: its question words ("unsay", "pila ka", "pila ang"), its verbs
# ("nagdagan", "nagsugod"), its days ("karon adlaw"), "ug" (and), "palihug" (please), read in the same module
@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("unsay nagdagan sa 4090 karon?", "what is the is running on 4090 now?"),
        ("pila ka attempts ang job 5?", "how many attempts job 5?"),
        ("kanus-a nagsugod ang job 8?", "when started job 8?"),
        ("pila ka oras idle ang H100 karon adlaw?", "how many hours idle the H100 today?"),
        ("ug pila ang energy?", "and how much energy?"),
        ("palihug babaan ang prio sa job 12", "please lower the prio of job 12"),
        # a span of last night by the clock, its hours kept
        ("avg util ng 4090 kagabi from 9pm to 3am", "avg util of 4090 from 9pm yesterday to 3am"),
        ("hold mo na lang, naayos ko na", "please hold it, fixed"),
        # "i-<verb> sa" (for now), "nato" (let's), "taasi" (raise), "pag-<verb> human" (to <verb> after)
        ("i-cancel sa ang job 7, mo-check pa ko", "please cancel job 7, check"),
        ("sige i-release nato, ok na", "please release it, ok"),
        ("taasi iyang prio", "raise its prio"),
        ("sige i-rerun nato, gi-fix na nako ang config", "please rerun it, fixed the config"),
        ("unsa command pag-hold human?", "what is the command to hold it?"),
        # spans and measures: "ganinang buntag", "sukad alas 9", "pila ka dugay", "nilapas sa", "pinakaubos"
        ("ganinang buntag, pila ang avg util sa H100?", "this morning, how much avg util on H100?"),
        ("sukad alas 9, pila energy sa H100?", "since 9:00, how much energy on H100?"),
        ("pila ka dugay nilapas sa 300W ang 4090?", "how long above 300W the 4090?"),
        ("pila na ka dugay siya naghulat?", "how long has it been waiting?"),
        ("pila ka dugay tanan nidagan?", "how long did it run in all?"),
        ("unsa diay difference sa SXM ug PCIe?", "what is the difference between SXM and PCIe?"),
        ("ngano na-cancel ang job 6 ganina buntag?", "why cancelled job 6 this morning?"),
        ("ug ang pinakaubos?", "and the lowest?"),
        ("kanus-a to?", "when was that?"),
        ("asa mas init gahapon, GPU 0 o GPU 1?", "which hotter yesterday, GPU 0 or GPU 1?"),
        ("unsa mga job na-cancel gahapon ug karon?", "what job cancelled yesterday and today?"),
    ],
)
def test_cebuano_read_in_english(said: str, read: str) -> None:
    assert written(said) == read


@pytest.mark.parametrize(
    "said",
    [
        "la pila de logs del job 12 está llena, ron para todos",  # Spanish "pila", "ron"
        "la pila della 4090 è scarica, ug",  # Italian "pila"
        "berapa lama job 12 sudah di antrian, ada yang karena error?",  # Indonesian
        "a las 12 la pila está baja, o no?",  # Spanish "pila", "alas", "o"
        "la pila sa o no, alle 9 asa",  # no Cebuano word of its own
        "il modello è nato ieri, alle 12 o alle 9?",  # Italian "nato" (born)
    ],
)
def test_no_cebuano_read_in_languages_sharing_its_short_words(said: str) -> None:
    assert taglish_read(said) == said


def test_cebuano_questions_and_requests(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    _, text, query = ask(svc, "unsay nagdagan sa H100 karon?", None)
    assert query is not None and "mistral-7b-sft" in text, text
    (_, _), (text, _) = converse(svc, "pila ka oras busy ang GPU 0 karon adlaw?", "ug pila ang idle?")
    assert "12h35m" in text, text
    (_, _), (text, _) = converse(
        svc, "anong nangyari sa job 9?", "pila ka GPU-hours ug pila ang energy nga nagamit?"
    )
    assert "0.12 GPU-hours" in text and "44.0 Wh" in text, text
    (_, _), (text, _) = converse(
        svc,
        "ano max power ng H100 kagabi from 11pm to 5am?",
        "ilang minuto siya at or above 65C during that time?",
    )
    assert "1h35m" in text, text
    (_, _), (text, query) = converse(
        svc, "anong nangyari sa job 9?", "retry mo na lang, naayos ko na yung learning rate"
    )
    assert query is None and "gpuaccel retry 9" in text, text
    _, text, query = ask(svc, "palihug taasan ang priority sa llama-405b-probe", None)
    assert query is None and "gpuaccel priority 13" in text, text
    _, _, query = ask(svc, "unsa maayo na cooler para sa H100? init kaayo ang room", None)
    assert query is None


def test_cebuano_requests_and_spans_of_its_own(heldout_svc: AssistantService) -> None:
    """Cebuano's "i-<verb> sa" (for now), "taasi" (raise), "pag-<verb> human" (to <verb> after), and its
    spans: "ganinang buntag" (this morning), "sukad alas 9" (since 9:00)."""
    svc = heldout_svc
    _, text, query = ask(svc, "i-hold sa ang llama-405b-probe, mo-check pa ko sa config", None)
    assert query is None and "gpuaccel hold 13" in text, text
    (_, _), (text, query) = converse(svc, "i-hold sa ang llama-405b-probe", "unsa command pag-release human?")
    assert query is None and "gpuaccel release 13" in text, text
    (_, _), (text, query) = converse(
        svc, "unsa nahitabo sa job 9?", "sige i-rerun nato, gi-fix na nako ang lr"
    )
    assert query is None and "gpuaccel retry 9" in text, text
    (_, _), (text, query) = converse(svc, "unsa status sa llama-405b-probe?", "taasi iyang priority pls")
    assert query is None and "gpuaccel priority 13" in text, text
    _, text, query = ask(svc, "ganinang buntag, pila ang max temp sa H100?", None)
    assert query is not None and query["window"]["label"] == "this morning", (query, text)
    _, text, query = ask(svc, "sukad alas 9, pila energy sa H100?", None)
    assert query is not None and query["name"] == "energy", (query, text)
    assert "9:00" in query["window"]["label"], (query, text)
