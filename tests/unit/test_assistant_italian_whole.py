"""Italian written whole (spans, peaks, busy time, requests, follow-ups opened by "e" and an article, the
GPU-hours a named array took together), a name to think up declined, "and above" as "or more", and "what it
print" without its auxiliary. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "qual è stato il picco di potenza della 4090 nelle ultime tre ore?",
            {"name": "gpu_reading", "gpu": 1, "metric": "power", "label": "in the last 3 hours"},
        ),
        ("quanta energia ha consumato l'H100 ieri?", {"name": "energy", "gpu": 0, "label": "yesterday"}),
        (
            "per quanto tempo è stata occupata la scheda 0 oggi?",
            {"name": "gpu_reading", "gpu": 0, "metric": "util", "label": "today"},
        ),
        ("cosa sta girando adesso?", {"name": "queue", "state": "running"}),
        ("perché è fallito il job 5?", {"name": "job_detail", "job": 5}),
    ],
)
def test_italian_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None, (question, in_english(question))
    label = expected.pop("label", None)
    assert {k: query.get(k) for k in expected} == expected, query
    assert label is None or query["window"]["label"] == label, query


def test_italian_requests(heldout_svc: AssistantService) -> None:
    for message, command in (
        ("annulla il job 13 per favore", "gpuaccel cancel 13"),
        ("sbloccalo, il whisper-finetune", "gpuaccel release 14"),
        ("scambia il 12 con il 13", "gpuaccel switch"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)
    # what the writer will do later is theirs, not a second request
    _, text, query = ask(heldout_svc, "annulla il job 12, poi lo rilancio io domani", None)
    assert query is None and "gpuaccel cancel 12" in text and "retry" not in text, text


def test_italian_follow_ups_opened_by_e_and_an_article(heldout_svc: AssistantService) -> None:
    sid, _, query = ask(heldout_svc, "qual è la temperatura massima della 4090 oggi?", None)
    assert query is not None and query["gpu"] == 1, query
    _, _, query = ask(heldout_svc, "e l'H100?", sid)
    assert query is not None and query["gpu"] == 0 and query["metric"] == "temperature", query


def test_english_is_not_read_as_italian() -> None:
    english = ("how long was gpu 0 above 80 degrees?", "cancel job 3 and hold 4", "la la land on gpu 1?")
    for message in english:
        assert in_english(message) == message


def test_the_gpu_hours_an_array_took_together_said_in_italian(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "quante GPU-hours ha usato lo sweep in tutto?", None)
    assert query is not None and query.get("job_name") == "lr-sweep", query
    assert "1.40 GPU-hours" in text, text


def test_a_name_to_think_up_is_declined(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "now I need a catchy name for our new box, any ideas?", None)
    assert query is None
    _, _, query = ask(heldout_svc, "what are the names of the gpus?", None)
    assert query is not None


def test_and_above_is_a_threshold_and_a_bare_print_asks_the_log(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "yesterday gpu 1 was how long at 40 degrees and above?", None)
    assert query is not None and query.get("at_least") == 40, query
    sid, _, _ = ask(heldout_svc, "job 9 why fail?", None)
    _, _, query = ask(heldout_svc, "what it print just before?", sid)
    assert query is not None and query["name"] == "job_log" and query["job"] == 9, query


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "Mi scusi, a che velocità gira la ventola della 4090?",
            {"name": "gpu_reading", "gpu": 1, "metric": "fan"},
        ),
        (
            "Potrebbe dirmi l'utilizzo medio dell'H100 oggi tra le 10 e le 11?",
            {"name": "gpu_reading", "gpu": 0, "metric": "util", "label": "between 10:00 and 11:00"},
        ),
        (
            "Quali job sono andati a buon fine ieri?",
            {"name": "jobs", "state": "succeeded", "label": "yesterday"},
        ),
    ],
)
def test_italian_said_to_lei(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    test_italian_questions(heldout_svc, question, expected)


def test_italian_what_a_job_printed_and_its_total_over_attempts(heldout_svc: AssistantService) -> None:
    for first, then, expected in (
        ("Il job 9 è fallito?", "Con quale learning rate è fallito?", {"name": "job_log", "job": 9}),
        (
            "Il job 5 è fallito?",
            "Quanta energia ha consumato su tutti i tentativi?",
            {"name": "job_detail", "job": 5},
        ),
    ):
        sid, _, _ = ask(heldout_svc, first, None)
        _, text, query = ask(heldout_svc, then, sid)
        assert query is not None and {k: query.get(k) for k in expected} == expected, (
            in_english(then),
            query,
        )
    assert "64.8 Wh" in text, text


def test_italian_a_span_kept_by_the_same_interval(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "Qual è stata la temperatura media della 4090 oggi fra le 13 e le 14?", None)
    _, _, query = ask(heldout_svc, "E quella dell'H100 nello stesso periodo?", sid)
    assert query is not None and query["gpu"] == 0, query
    assert query["window"]["label"] == "between 13:00 and 14:00", query


def test_italian_requests_said_to_lei(heldout_svc: AssistantService) -> None:
    for message, command in (
        ("Per favore, rilanci il job 9.", "gpuaccel retry 9"),
        ("Il job 13 non ci serve più, potrebbe annullarlo?", "gpuaccel cancel 13"),
        ("Potrebbe sbloccare il job 14?", "gpuaccel release 14"),
        ("Sospenda il job 12 finché non torno dalla riunione, grazie.", "gpuaccel hold 12"),
        ("Vorrei che il job 12 andasse prima: potrebbe alzargli la priorità?", "gpuaccel priority 12"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)
    for first, then, command in (
        ("Il whisper-finetune è in coda?", "Lo rilasci pure, per cortesia.", "gpuaccel release 14"),
        ("Il job 3 è fallito?", "La rilanci, grazie.", "gpuaccel retry 3"),
        ("Metta in pausa il job 11.", "E quando vorrò riprenderlo, cosa devo fare?", "gpuaccel resume 11"),
    ):
        sid, _, _ = ask(heldout_svc, first, None)
        _, text, query = ask(heldout_svc, then, sid)
        assert query is None and command in text, (then, in_english(then), text)


def test_italian_asides_are_not_questions_of_the_machine(heldout_svc: AssistantService) -> None:
    for message in (
        "Una curiosità: secondo Lei conviene più PyTorch o JAX per un progetto nuovo?",
        "Mi aiuterebbe a scrivere un'email ai colleghi per il seminario di giovedì?",
    ):
        _, _, query = ask(heldout_svc, message, None)
        assert query is None, (message, in_english(message), query)


def test_italian_chat_shorthand_and_a_job_said_by_its_number(heldout_svc: AssistantService) -> None:
    # "xké"/"nn" shorthand, "il 12" a job (a masculine article; a card is "la 0"), "che palle" a sigh
    _, text, query = ask(heldout_svc, "uffa, xké il 12 nn è ancora partito? che palle", None)
    assert query == {"name": "job_detail", "job": 12}, (in_english("xké il 12 nn è ancora partito?"), query)
    sid, _, query = ask(heldout_svc, "e il 13 invece che aspetta?", None)
    assert query == {"name": "job_detail", "job": 13}, query
    # the reason said beside the request is not a second one, and the job talked about is the one cancelled
    _, text, query = ask(heldout_svc, "vabbè annullalo, tanto nn parte cmq", sid)
    assert query is None and "gpuaccel cancel 13" in text, text
    # a share said after "il" is no job ("sopra il 90%", "il 50% di utilizzo")
    assert "job" not in in_english("la 4090 è stata sopra il 90% di utilizzo oggi?")


@pytest.mark.parametrize(
    ("message", "command"),
    [
        ("mettilo a priorità 7 dai", "gpuaccel priority 14 7"),
        ("blocca il 12 per ora, finché nn finisco", "gpuaccel hold 12"),
        ("anzi, fai partire il 12 prima del 13", "gpuaccel switch 12 13"),
        ("alza la priorità al 12", "gpuaccel priority 12"),
    ],
)
def test_italian_chat_requests(heldout_svc: AssistantService, message: str, command: str) -> None:
    sid, _, _ = ask(heldout_svc, "il whisper-finetune è in coda?", None)
    _, text, query = ask(heldout_svc, message, sid)
    assert query is None and command in text, (message, in_english(message), text)


@pytest.mark.parametrize(
    ("first", "then", "expected"),
    [
        # how long the running job has gone on ("va avanti")
        (
            "cosa c'è sulla scheda 0 adesso?",
            "ok, e da quanto va avanti?",
            {"name": "job_detail", "job": 11},
        ),
        # a threshold corrected ("aspè, intendevo..."), said with its plural article
        (
            "quanto tempo è stata la 4090 sopra i 70 gradi oggi?",
            "aspè, intendevo sopra i 50",
            {"name": "gpu_reading", "gpu": 1, "at_least": 50},
        ),
        # "che" opening a question is "what", "aveva" had
        ("fammi vedere il log del job 9", "che lr aveva?", {"name": "job_log", "job": 9}),
    ],
)
def test_italian_chat_follow_ups(
    heldout_svc: AssistantService, first: str, then: str, expected: dict
) -> None:
    sid, _, _ = ask(heldout_svc, first, None)
    _, _, query = ask(heldout_svc, then, sid)
    assert query is not None and {k: query.get(k) for k in expected} == expected, (in_english(then), query)


def test_italian_chat_readings(heldout_svc: AssistantService) -> None:
    # a card's busy time ("quanto ha lavorato"), not the jobs it ran
    _, _, query = ask(heldout_svc, "quanto ha lavorato la 4090 oggi?", None)
    assert query is not None and query["name"] == "gpu_reading" and query["metric"] == "util", query
    _, text, query = ask(heldout_svc, "quanta corrente sta tirando la 4090 adesso?", None)
    assert query is not None and query["metric"] == "power", query
    _, text, query = ask(heldout_svc, "utilizzo medio oggi, h100 o 4090: chi scalda di più?", None)
    assert query is not None and query.get("gpu") is None, query
    # half past an hour ("alle 11 e mezza"), not a length ("due ore e mezza")
    _, _, query = ask(heldout_svc, "potenza media della 4090 dalle 10 alle 11 e mezza?", None)
    assert query is not None and query["window"]["label"] == "between 10:00 and 11:30", query
    _, text, query = ask(heldout_svc, "quante gpu ore ha usato il job 5 sommando i tentativi?", None)
    assert query == {"name": "job_detail", "job": 5} and "0.16 GPU-hours" in text, (query, text)


def test_italian_weather_is_not_a_gpu_temperature(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "che tempo farà domani a roma?", None)
    assert query is None, query


@pytest.mark.parametrize(
    ("first", "message", "command"),
    [
        # chat's requests with the pronoun joined to the verb, and its bare imperatives
        ("il whisper-finetune è in coda?", "dagli priorita 4 grazie", "gpuaccel priority 14 4"),
        ("resnet50-bench com'è finito?", "eliminalo dalla lista dai", "gpuaccel remove 6"),
        ("cosa c'è in coda?", "cancella il 13 dai", "gpuaccel cancel 13"),
        ("cosa c'è in coda?", "killa il job 12, e' sbagliato", "gpuaccel cancel 12"),
    ],
)
def test_italian_chat_requests_with_joined_pronouns(
    heldout_svc: AssistantService, first: str, message: str, command: str
) -> None:
    sid, _, _ = ask(heldout_svc, first, None)
    _, text, query = ask(heldout_svc, message, sid)
    assert query is None and command in text, (message, in_english(message), text)


def test_italian_chat_without_accents_and_a_summary(heldout_svc: AssistantService) -> None:
    # "quant'e" (quanto è) and "e'" typed without accents; "ne" leaning on the reading asked before
    sid, _, query = ask(heldout_svc, "quant'e la memoria totale della 4090?", None)
    assert query is not None and query["gpu"] == 1 and query["metric"] == "memory", query
    _, _, query = ask(heldout_svc, "e quanta ne e' libera adesso?", sid)
    assert query is not None and query["gpu"] == 1 and query["metric"] == "free_memory", query
    # a doubled consonant dropped ("stamatina"); a summary asked in the diminutive
    _, _, query = ask(heldout_svc, "temperatura massima della 4090 stamatina?", None)
    assert query is not None and query["window"]["label"] == "this morning", query
    _, _, query = ask(heldout_svc, "mi fai un riepilogo di ieri?", None)
    assert query is not None and query["name"] == "summary" and query["window"]["label"] == "yesterday", query


def test_italian_chat_requests_on_jobs_and_on_the_whole_queue(heldout_svc: AssistantService) -> None:
    """A chat's requests: "dai" and "ci sta" before them, "un attimo", the whole queue paused and started
    again, a card said as "scheda N", a job named before its request ("il 12 mettilo a ..."), the job said
    after an elided article ("l'11") in what the writer did before, "rimettilo in moto"."""
    for message, command in (
        ("fai ripartire tutta la coda", "gpuaccel resume ("),
        ("ferma la coda per favore, devo riavviare", "gpuaccel pause ("),
        ("metti il job 14 sulla scheda 1", "gpuaccel edit 14 --gpu-ids 1"),
        ("intanto il 12 mettilo a priorita 3", "gpuaccel priority 12 3"),
        ("ho messo in pausa l'11 stamattina, rimettilo in moto", "gpuaccel resume 11"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)
    for first, then, command in (
        ("cosa sta girando adesso?", "dai, mettilo in pausa un attimo", "gpuaccel pause 11"),
        ("il job 14 è in hold?", "ci sta! rilascialo", "gpuaccel release 14"),
    ):
        sid, _, _ = ask(heldout_svc, first, None)
        _, text, query = ask(heldout_svc, then, sid)
        assert query is None and command in text, (then, in_english(then), text)


def test_italian_chat_questions_heat_processes_a_span_onwards_and_what_ran_there(
    heldout_svc: AssistantService,
) -> None:
    """ "quanto scalda" (its temperature), "i processi", "dalle due in poi" (since 14:00) and "ha toccato"
    (reached), "ci ha girato sopra" (ran on it), "quando e' partito" (the accent as an apostrophe), and what
    runs "sulla coda" (its running jobs, so "it" is then the one running)."""
    for question, expected in (
        ("quanto scalda la 4090 adesso?", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        ("fammi vedere i processi sulla scheda 0", {"name": "memory_users", "gpu": 0}),
        (
            "dalle due in poi, che potenza massima ha toccato la scheda 0?",
            {"name": "gpu_reading", "gpu": 0, "metric": "power", "label": "since 14:00"},
        ),
    ):
        test_italian_questions(heldout_svc, question, expected)
    sid, _, _ = ask(heldout_svc, "la scheda 1 è ferma?", None)
    _, _, query = ask(heldout_svc, "e l'ultimo job che ci ha girato sopra?", sid)
    assert query == {"name": "jobs", "gpu": 1}, query
    sid, _, query = ask(heldout_svc, "cosa gira ora sulla coda?", None)
    assert query == {"name": "queue", "state": "running"}, query
    _, text, _ = ask(heldout_svc, "quando e' partito?", sid)
    assert "13:30" in text, text
