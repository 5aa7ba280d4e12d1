"""Nigerian Pidgin's function words ("wetin", "dey", "e", "am", "don"), a tablet's autocorrect slips ("hour"
for "how", "he" for "the" before a card), a number word mistyped after "job"; two ideas told apart and a
value judged for a kind of card (not this machine's); several states asked together; which card a span's
reading was higher on; "who stopped it" of a job (not who holds a GPU); the element of an array asked as
"which one failed". Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, converse

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.spoken import written


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("wetin dey happen for gpu 1?", "what is happening for gpu 1?"),
        ("abeg, wetin job 4 print for the end?", "please what job 4 print for the end?"),
        ("when e finish?", "when did it finish?"),
        ("dem don cancel am?", "they has cancel it?"),
        ("abeg I don check am", "please I have check it"),
        ("I am at 9 am today", "I am at 9 am today"),  # English "am" is kept where no Pidgin word is said
        ("wetin be that", "what is that"),
        ("make you cancel am, we don fix the config", "please cancel it, we have fix the config"),
        ("the jobs wey crash yesterday", "the jobs that crashed yesterday"),  # the relative clause's past
        ("hour many jobs failed", "how many jobs failed"),
        ("it ran for an hour long", "it ran for an hour long"),
        ("power of he h100", "power of the h100"),
        ("retry job twelv", "retry job 12"),
        ("is the job fine?", "is the job fine?"),  # "fine" is no slip of "five"
        ("mean power gpu 0 bewteen 9 and 10:15", "mean power gpu 0 between 9 and 10:15"),  # a span's lead
        ("temp on gpu 1 untill 4", "temp on gpu 1 until 4"),
        ("being 12 hours late", "being 12 hours late"),  # no slip of "between"
    ],
)
def test_written_reads_pidgin_and_slips(said: str, read: str) -> None:
    assert written(said) == read


def test_pidgin_follow_ups_read_the_job_in_focus(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(heldout_svc, "wetin happen to job 9?", "wetin e log before e die?")
    assert query == {"name": "job_log", "job": 9}, query
    (_, _), (text, query) = converse(heldout_svc, "wetin happen to job 5?", "oya retry am")
    assert query is None and "gpuaccel retry 5" in text, text
    _, text, query = ask(heldout_svc, "which job dey use the H100 now?", None)
    assert query is not None and "mistral-7b-sft" in text, (query, text)


def test_a_mistyped_span_lead_still_reads_its_clock_times(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "peak temp gpu 1 betwen 12 and 1:30?", None)
    assert query is not None and query["window"]["label"] == "between 12:00 and 13:30", (query, text)


def test_pidgin_requests_and_relative_clauses_without_a_marker_word(heldout_svc: AssistantService) -> None:
    # "make you ..." and "we don ..." are Pidgin's own: the request reads "am" as the job in focus
    (_, _), (text, query) = converse(
        heldout_svc, "wetin happen to job 3?", "make you restart am, we don fix the flags"
    )
    assert query is None and "gpuaccel retry 3" in text, text
    (_, _), (text, query) = converse(
        heldout_svc, "compare job 8 and job 10 energy", "and the one wey fail for the sweep, e use how much?"
    )
    assert query == {"name": "job_detail", "job": 9} and "44.0 Wh" in text, (query, text)


def test_autocorrect_and_mistyped_numbers(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "cancel job thirten", None)
    assert query is None and "gpuaccel cancel 13" in text, text
    (_, _), (text, query) = converse(heldout_svc, "energy of the 4090 yesterday", "hour much on the h100")
    assert query is not None and query["name"] == "energy" and query["window"]["label"] == "yesterday", query


@pytest.mark.parametrize(
    "question",
    [
        "what's the difference between pipeline parallel and data parallel?",
        "difference between fp8 and bf16 training?",
        "not about the machine: what is the difference between nvlink and pcie",
        "is 90 degrees too hot for an A100?",
        "is 450w too much for a 3090",
    ],
)
def test_ideas_and_kinds_of_card_are_not_this_machine(heldout_svc: AssistantService, question: str) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is None, (question, query)


def test_a_difference_between_this_machines_things_is_read(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "difference between gpu 0 and gpu 1 in power right now", None)
    assert query is not None and query["metric"] == "power", query


def test_several_waiting_states_asked_together(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "what is pending or held right now?", None)
    assert query is not None and query["name"] == "queue", query
    assert "llama-70b-eval" in text and "whisper-finetune" in text, text
    _, _, query = ask(heldout_svc, "which jobs are held in the queue?", None)
    assert query == {"name": "jobs", "state": "held"}, query


def test_a_span_reading_says_which_card_was_higher(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "which of the cards ran hotter yesterday?", None)
    assert query is not None and query["metric"] == "temperature", query
    assert "GPU 0 (NVIDIA H100 80GB HBM3) had the highest peak and mean" in text, text


def test_who_ended_a_job_is_its_record(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(
        heldout_svc, "job 6 - who killed it?", "and the images/s it reached at the end?"
    )
    assert query == {"name": "job_log", "job": 6}, query


def test_which_element_of_an_array_failed_and_its_setting(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "of the lr-sweep runs, which run crashed, and at what lr?", None)
    assert query == {"name": "job_log", "job": 9} and "lr=0.001" in text, (query, text)


def test_energy_asked_alone_after_a_span_is_that_cards_over_that_span(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(heldout_svc, "mean power of the h100 yesterday", "how much electricity?")
    assert query is not None and query["name"] == "energy" and query.get("gpu") == 0, query
    assert query["window"]["label"] == "yesterday", query
    assert text.startswith("GPU 0 (NVIDIA H100 80GB HBM3) used "), text


def test_why_two_cards_differ_is_which_is_highest_and_what_runs(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(heldout_svc, "power draw of every gpu", "why is there such a gap?")
    assert query == {"name": "gpu_rank", "metric": "power", "order": "max"}, query
    assert "mistral-7b-sft" in text, text


def test_a_bare_value_of_a_card_over_a_span(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "for how long was gpu 1 above 95 this morning?", None)
    assert query is not None and query["metric"] == "util" and query["at_least"] == 95, query
    _, _, query = ask(heldout_svc, "how long was gpu 0 warmer than 80 today", None)
    assert query is not None and query["metric"] == "temperature" and query["at_least"] == 80, query


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("wah job a run pon di H100?", "what job a run on the H100?"),
        ("mi cyaan find di log", "I can't find the log"),
        ("how fi check dat, mi haffi know", "how to check that, I have to know"),
        ("how fi check dat?", "how fi check dat?"),  # no word of Patois' own: read as it was
        ("peak temp pon GPU 0 an wah did a run den", "peak temp on GPU 0 and what was running then"),
        ("is there an H100 free", "is there an H100 free"),  # no Patois word: "an" stays the article
        ("wah, the h100 is hot", "wah, the h100 is hot"),  # an exclamation's "wah" is no Patois mark
        ("wha di temp pon gpu 0", "what the temp on gpu 0"),
        ("wa job 3 done?", "wa job 3 done?"),  # "wa" (Japanese's topic mark) is no Patois "wah"
        ("di gpu is free", "di gpu is free"),  # "di" alone (Italian's, Tagalog's) marks nothing
    ],
)
def test_written_reads_jamaican_patois(said: str, read: str) -> None:
    assert written(said) == read


def test_patois_questions_read_the_machine(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "wah di peak power pon GPU 1 yesterday an wah did a run den?", None)
    assert query is not None and "187 W" in text and "flash-attn-build" in text, (query, text)
    _, text, query = ask(heldout_svc, "mi haffi know di top utilisation pon GPU 1 dis morning", None)
    assert query is not None and "100%" in text, (query, text)


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("wha waiting in de queue?", "what is waiting in the queue?"),
        ("I doh see de log", "I don't see the log"),
        ("why de sweep buss", "why the sweep failed"),
        ("kill de eval, it eh finishing today", "kill the eval, it is not finishing today"),
        ("dat card hot too, ent?", "that card hot too?"),
        ("it have any job held?", "is there any job held?"),
        ("wha temp GPU 0 at", "what temp GPU 0 at"),
        ("avg power for de H100 in dat window", "avg power for the H100 in that window"),
        ("is the job done, eh?", "is the job done, eh?"),  # a closing "eh" is Canada's, no Creole
    ],
)
def test_written_reads_trinidadian_creole(said: str, read: str) -> None:
    assert written(said) == read


def test_trinidadian_questions_read_the_machine(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "wha running on de H100 now?", None)
    assert query is not None and "mistral-7b-sft" in text, (query, text)
    _, text, query = ask(heldout_svc, "bump up de priority on 13 to 50", None)
    assert "gpuaccel priority 13 50" in text, (query, text)


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("mean temp on gpu 0 dis afternoon?", "mean temp on gpu 0 this afternoon?"),
        ("wuh waiting fuh de 4090", "what is waiting for the 4090"),
        ("hold job 12, muh team doan need it", "hold job 12, my team don't need it"),
        ("gpu 1 doin nuttin, how long it tek", "gpu 1 doing nothing, how long it take"),
        ("dis is fine", "dis is fine"),  # "dis" before no span or thing of the machine marks nothing
    ],
)
def test_written_reads_bajan(said: str, read: str) -> None:
    assert written(said) == read


def test_bajan_questions_read_the_machine(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "top util on gpu 1 dis morning", None)
    assert query is not None and query.get("window", {}).get("label") == "this morning", (query, text)
    _, text, query = ask(heldout_svc, "which gpu draw de most power today? an de kWh fuh each", None)
    assert "GPU 0 2.31 kWh, GPU 1 1.14 kWh" in text, (query, text)


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("leh we hold job 12 till tomorrow", "let's hold job 12 till tomorrow"),
        ("leh mi see di log", "let me see the log"),
        ("an di highest?", "and the highest?"),
        ("and di average pon gpu 1", "and the average on gpu 1"),
        ("wah crash di eval?", "what crash the eval?"),
        ("leh el job 3 wa2ef?", "why the job 3 failed?"),  # Franco's "leh" (why) before its own words
    ],
)
def test_written_reads_guyanese_creolese(said: str, read: str) -> None:
    assert written(said) == read


def test_guyanese_questions_read_the_machine(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(heldout_svc, "wah happen to job 12?", "leh we raise it to priority 9")
    assert query is None and "gpuaccel priority 12 9" in text, text
    _, text, query = ask(heldout_svc, "job 3 last night, wah kill it?", None)
    assert query is not None and "SIGSEGV" in text, (query, text)
    (_, _), (text, query) = converse(heldout_svc, "peak power gpu 0 today", "an di mean?")
    assert query is not None and query["metric"] == "power" and "mean" in text, (query, text)
