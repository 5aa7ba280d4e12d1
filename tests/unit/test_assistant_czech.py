"""Czech written whole or mixed with English words of the trade (readings now and over a span, peaks, means
and minima, energy, idle time, jobs' waits, failures, attempts and logs, requests with the pronoun before
the verb, corrections and follow-ups opened by "a"), typed with its diacritics or without them; the other
languages' messages that share its short words ("co", "to", "na", "a", "ne", "jak") left to them. Worded
apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, assert_reads

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.czech import czech_marked


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("jaká je teplota na gpu 1 teď?", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        ("kolik paměti zabírá gpu 0?", {"name": "gpu_reading", "gpu": 0, "metric": "memory"}),
        ("kolik energie spotřebovala 4090 včera?", {"name": "energy", "gpu": 1, "label": "yesterday"}),
        (
            "nejvyšší příkon na gpu 0 včera odpoledne",
            {"name": "gpu_reading", "gpu": 0, "metric": "power", "label": "yesterday afternoon"},
        ),
        (
            "průměrné vytížení gpu 1 mezi 10 a 11",
            {"name": "gpu_reading", "gpu": 1, "metric": "util", "label": "between 10:00 and 11:00"},
        ),
        (
            "jak dlouho byla h100 dneska nad 80 stupnu",
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature", "at_least": 80, "label": "today"},
        ),
        (
            "max teplota na 4090 vcera po 7 vecer",
            {
                "name": "gpu_reading",
                "gpu": 1,
                "metric": "temperature",
                "label": "yesterday between 19:00 and 00:00",
            },
        ),
        ("proč selhal job 9?", {"name": "job_detail", "job": 9}),
        ("proc ceka job 13", {"name": "job_detail", "job": 13}),
        ("kdy spadlo sd-xl-train", {"name": "job_detail", "job": 5}),
        ("jak dlouho čekal job 12 ve frontě?", {"name": "job_detail", "job": 12}),
        ("kolik pokusu melo flash-attn-build", {"name": "job_detail", "job": 3}),
        ("co je v logu jobu 3", {"name": "job_log", "job": 3}),
    ],
)
def test_czech_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    assert_reads(heldout_svc, question, expected)


def test_czech_requests(heldout_svc: AssistantService) -> None:
    for message, command in (
        ("zruš job 12", "gpuaccel cancel 12"),
        ("pozdrž job 13 prosím", "gpuaccel hold 13"),
        ("pust job 14 do fronty", "gpuaccel release 14"),
        ("pozastav frontu", "gpuaccel pause"),
        ("spust job 3 znovu", "gpuaccel retry 3"),
        ("nastav prioritu jobu 12 na 5", "gpuaccel priority 12 5"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)


def test_czech_follow_ups_corrections_and_the_pronoun_before_its_verb(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "teplota gpu 1 dnes rano", None)
    _, _, query = ask(heldout_svc, "a na ta druha?", sid)  # the other card, over the same span
    assert query is not None and (query["gpu"], query["window"]["label"]) == (0, "this morning"), query
    sid, _, _ = ask(heldout_svc, "kolik ted bere gpu 0", None)
    _, _, query = ask(heldout_svc, "ne, myslel jsem jedničku", sid)
    assert query is not None and (query["metric"], query["gpu"]) == ("power", 1), query
    sid, _, _ = ask(heldout_svc, "kolik zere h100", None)
    _, _, query = ask(heldout_svc, "a co 1?", sid)
    assert query is not None and (query["metric"], query["gpu"]) == ("power", 1), query
    sid, _, _ = ask(heldout_svc, "proc spadl job 9?", None)
    _, text, query = ask(heldout_svc, "tak ho zase spust", sid)  # "ho" (it) said before its verb
    assert query is None and "gpuaccel retry 9" in text, text


def test_english_verbs_given_czech_endings(heldout_svc: AssistantService) -> None:
    # the imperative "-ni" / "-nete" of an English verb of the trade ("killni", "pauzni"), its past "-nul"
    for message, command in (
        ("killni job 13 prosim", "gpuaccel cancel 13"),
        ("pauzni job 11", "gpuaccel pause 11"),
        ("retrynete job 9 prosim", "gpuaccel retry 9"),
        ("holdni job 13", "gpuaccel hold 13"),
        ("rebootnete prosim cely stroj", "A reboot of the machine"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)
    assert in_english("kdy to failnulo") == "when it failed"


def test_let_it_go_is_resumed_released_or_run_again_by_what_it_is_in(heldout_svc: AssistantService) -> None:
    for first, then, command in (
        ("proc ceka whisper-finetune?", "tak ho pust", "gpuaccel release 14"),  # held
        ("pozastav job 11", "pust ho zpet", "gpuaccel resume 11"),  # paused
        ("proc spadl flash-attn-build?", "opravil jsem data, pust ho jeste jednou", "gpuaccel retry 3"),
        ("pozastav frontu", "pust to zpatky", "gpuaccel resume ("),  # the queue
    ):
        sid, _, _ = ask(heldout_svc, first, None)
        _, text, query = ask(heldout_svc, then, sid)
        assert query is None and command in text, (then, text)


def test_czech_words_slovak_reads_with_it(heldout_svc: AssistantService) -> None:
    """What a job came to ("jak dopadl X"), what it waits on ("na co ceka X"), "zkus ho znovu" (try it
    again), "kolik uz to bezi" (how long it has run), when it ended ("skoncil"), the log of the one that
    failed ("toho, co spadl"), a line of the log ("radek logu"), the card taken for a while ("na chvili"):
    Czech's words, which Slovak's reader reads with Czech's table too."""
    for question, expected in (
        ("jak dopadl resnet50-bench?", {"name": "job_detail", "job": 6}),
        ("na co ceka llama-405b-probe?", {"name": "job_detail", "job": 13}),
        ("v kolik skoncil llama-8b-eval?", {"name": "job_detail", "job": 4}),
        ("posledni radek logu flash-attn-build", {"name": "job_log", "job": 3}),
    ):
        _, _, query = ask(heldout_svc, question, None)
        assert query is not None and {k: query.get(k) for k in expected} == expected, (
            in_english(question),
            query,
        )
    for first, then, said in (
        ("proc spadl sd-xl-train?", "zkus ho jeste jednou", "gpuaccel retry 5"),
        ("co bezi na nulce?", "a kolik uz to bezi?", "1h30m"),
        ("jak dopadly joby lr-sweep?", "co je v logu toho, co spadl?", "loss is NaN"),
    ):
        sid, _, _ = ask(heldout_svc, first, None)
        _, text, _ = ask(heldout_svc, then, sid)
        assert said in text, (then, in_english(then), text)
    assert in_english("pauzni ho, potrebuju kartu na chvili") == "pause it, I need card briefly"


def test_a_job_given_a_setting_by_the_pronoun_before_the_verb(heldout_svc: AssistantService) -> None:
    for first, then, command in (
        ("proc ceka llama-70b-eval?", "hod ho na hold", "gpuaccel hold 12"),
        ("proc ceka llama-405b-probe?", "dejte mu jenom jednu grafiku", "gpuaccel edit 13 --gpus 1"),
        ("proc ceka llama-405b-probe?", "nastav mu pamet na 30000 MiB", "gpuaccel edit 13 --memory 30000"),
        ("proc ceka llama-70b-eval?", "dej mu nizsi prioritu, rekneme 3", "gpuaccel priority 12 3"),
    ):
        sid, _, _ = ask(heldout_svc, first, None)
        _, text, query = ask(heldout_svc, then, sid)
        assert query is None and command in text, (then, text)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("kolik zere ta 4090ka", {"gpu": 1, "metric": "power"}),
        ("teplota na H100ce", {"gpu": 0, "metric": "temperature"}),
        ("jak moc je vytizena jednicka?", {"gpu": 1, "metric": "util"}),
        ("kolik stupnu ma nulka?", {"gpu": 0, "metric": "temperature"}),
        ("jak rychle jede vetrak na 4090ce?", {"gpu": 1, "metric": "fan"}),
        ("jaky je pametovy clock na H100ce?", {"gpu": 0, "metric": "mem_clock"}),
        # the same case ending in the other languages that decline a card's model (tables.INFLECTED_MODEL)
        ("ile pamięci zajmuje teraz 4090tka?", {"gpu": 1, "metric": "memory"}),  # Polish
        ("koliko vlece 4090ka zdaj?", {"gpu": 1, "metric": "power"}),  # Slovenian
        ("kolika je temperatura na 4090ici?", {"gpu": 1, "metric": "temperature"}),  # Croatian
        ("skolko pamyati zanyato na 4090ke?", {"gpu": 1, "metric": "memory"}),  # Russian in Latin letters
    ],
)
def test_a_card_by_its_model_in_its_cases_and_the_readings_words(
    heldout_svc: AssistantService, question: str, expected: dict
) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None and {k: query.get(k) for k in expected} == expected, (
        in_english(question),
        query,
    )


def test_what_went_wrong_after_a_list_and_a_card_by_its_model_in_a_follow_up(
    heldout_svc: AssistantService,
) -> None:
    sid, _, _ = ask(heldout_svc, "ukaz joby lr-sweep", None)
    _, text, query = ask(heldout_svc, "a co se s tim pokazilo?", sid)  # the one of them that failed
    assert query == {"name": "job_detail", "job": 9} and "loss is NaN" in text, (query, text)
    sid, _, _ = ask(heldout_svc, "kolik pameti je zabrano na H100ce", None)
    _, _, query = ask(heldout_svc, "a na 4090ce?", sid)  # (not GPU 4090)
    assert query is not None and (query["gpu"], query["metric"]) == (1, "memory"), query


def test_czech_asks_off_the_machine_are_declined(heldout_svc: AssistantService) -> None:
    for message in ("napis mi recept na svickovou", "jaky bude kurz eura zitra?"):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and "gpuaccel" not in text, (message, in_english(message), text)


@pytest.mark.parametrize(
    "message",
    [
        "ile prądu zużyła karta 0 wczoraj?",  # Polish
        "co teraz działa na gpu 0?",
        "jak dlugo czekal job 12?",  # Polish without its diacritics
        "a temperatura da placa 0 agora",  # Portuguese
        "kazi gani inaendelea kwenye gpu 0 na nani?",  # Swahili
        "ted, what is in /proc/meminfo on the box?",  # English
    ],
)
def test_other_languages_sharing_its_words_are_not_czech(message: str) -> None:
    assert not czech_marked(message), message


def test_a_plural_failure_and_what_happened_there_read_as_english_reads_them(
    heldout_svc: AssistantService,
) -> None:
    """A past plural ("spadly", "selhali": they failed) is a failure as the singular is; "co se tam stalo" is
    Czech by the phrase ("stalo" alone is Polish's too)."""
    sid, _, query = ask(heldout_svc, "ktere joby vcera spadly?", None)
    sid_en, _, query_en = ask(heldout_svc, "which jobs failed yesterday?", None)
    assert query == query_en, (in_english("ktere joby vcera spadly?"), query, query_en)
    _, text, query = ask(heldout_svc, "a co se tam stalo?", sid)
    _, _, query_en = ask(heldout_svc, "and what happened there?", sid_en)
    assert query is not None and query == query_en, (in_english("a co se tam stalo?"), query, query_en, text)


@pytest.mark.parametrize(
    ("message", "english"),
    [
        ("a co se stalo s jobem 12?", "and what happened with job 12?"),
        ("co se s nim stalo?", "what happened with it?"),  # the preposition before the verb
        ("co se pokazilo s tim jobem", "what went wrong with that job"),
        ("na ktere karte bezel job 4 s jobem 7?", "on which card ran job 4 with job 7?"),
        # the pronoun after its preposition ("na ni", "na nem": on it), "naposled" (last)
        ("a co na nem bezelo naposledy?", "and what on it ran last?"),
        ("pozdrz ten job co ceka", "hold the job that is waiting"),  # ("ten job co": the job that)
    ],
)
def test_prepositions_their_pronouns_and_that_job_in_its_cases(message: str, english: str) -> None:
    # "s" (with) before what it goes with, a pronoun after its preposition, "ten" in its cases before the job
    assert in_english(message) == english, in_english(message)


def test_what_happened_with_a_job_by_its_number_or_pointed_at(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "co se stalo s jobem 3?", None)
    assert query is not None and (query["name"], query.get("job")) == ("job_detail", 3), query
    sid, _, _ = ask(heldout_svc, "ukaz job 6", None)
    _, _, query = ask(heldout_svc, "a co se s nim stalo?", sid)
    assert query is not None and (query["name"], query.get("job")) == ("job_detail", 6), query


def test_what_ran_last_on_the_card_talked_about_reads_as_english(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "jaka je teplota karty 0?", None)
    _, _, query = ask(heldout_svc, "a co na ni bezelo naposled?", sid)
    sid_en, _, _ = ask(heldout_svc, "what's the temperature of gpu 0?", None)
    _, _, query_en = ask(heldout_svc, "and what ran on it last?", sid_en)
    assert query is not None and query == query_en == {"name": "finished", "gpu": 0}, (query, query_en)


def test_free_and_hot_in_their_genders_and_a_name_in_its_cases(heldout_svc: AssistantService) -> None:
    """ "volná" (free) and "horká" (hot) in any gender, the subject dropped after "je" ("jak horká je?": how
    hot is it); a job's name given a case ending ("buildu": the build's, "se sweepem": with the sweep) is
    that job, as the name said alone is."""
    sid, _, query = ask(heldout_svc, "je 4090 ted volna?", None)
    assert query == {"name": "idle_gpus", "gpu": 1}, (in_english("je 4090 ted volna?"), query)
    _, _, query = ask(heldout_svc, "a jak horka je?", sid)
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}, query
    _, _, query = ask(heldout_svc, "ukaz log buildu", None)
    assert query == {"name": "job_log", "job": 3}, query
    _, _, query = ask(heldout_svc, "a co je se sweepem?", None)
    assert query is not None and query.get("job_name") == "lr-sweep", query
