"""Polish written whole (readings and their spans, peaks and means, energy, busy and idle time, jobs' waits,
failures and logs, requests, follow-ups opened by "a"), typed with its diacritics or without them; "w" (in)
never read as watts; English and the other languages left as they were. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, assert_reads

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.polish import polish


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("jaka jest temperatura karty 1?", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        ("ile pamięci zajmuje karta 0?", {"name": "gpu_reading", "gpu": 0, "metric": "memory"}),
        ("ile pamieci zajmuje karta 0?", {"name": "gpu_reading", "gpu": 0, "metric": "memory"}),
        (
            "jaka była maksymalna moc na 4090 wczoraj?",
            {"name": "gpu_reading", "gpu": 1, "metric": "power", "label": "yesterday"},
        ),
        (
            "jakie bylo srednie obciazenie H100 w ostatnich dwóch godzinach?",
            {"name": "gpu_reading", "gpu": 0, "metric": "util", "label": "in the last 2 hours"},
        ),
        (
            "jaka była najniższa temperatura karty 0 od 9:00?",
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature", "label": "since 09:00"},
        ),
        ("ile energii zużyła karta 1 dzisiaj?", {"name": "energy", "gpu": 1, "label": "today"}),
        ("ile pradu zuzyla H100 wczoraj?", {"name": "energy", "gpu": 0, "label": "yesterday"}),
        ("dlaczego padło zadanie 9?", {"name": "job_detail", "job": 9}),
        ("czemu job 3 sie wywalil?", {"name": "job_detail", "job": 3}),
        ("jak długo czekał w kolejce job 12?", {"name": "job_detail", "job": 12}),
        ("co czeka w kolejce?", {"name": "queue", "state": "queued"}),
    ],
)
def test_polish_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    assert_reads(heldout_svc, question, expected)


def test_polish_requests(heldout_svc: AssistantService) -> None:
    for message, command in (
        ("anuluj job 12 proszę", "gpuaccel cancel 12"),
        ("wstrzymaj zadanie 11", "gpuaccel pause 11"),
        ("zwolnij job 14", "gpuaccel release 14"),
        ("ponów job 9", "gpuaccel retry 9"),
        ("zablokuj job 13", "gpuaccel hold 13"),
        ("ustaw priorytet joba 12 na 7", "gpuaccel priority 12 7"),
        ("zamień miejscami 13 i 12", "gpuaccel switch"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)
    sid, _, _ = ask(heldout_svc, "wstrzymaj job 11", None)
    _, text, query = ask(heldout_svc, "dobra, wznow go", sid)
    assert query is None and "gpuaccel resume 11" in text, text


def test_polish_follow_ups_and_the_job_running_at_a_peak(heldout_svc: AssistantService) -> None:
    sid, _, query = ask(heldout_svc, "jaka była najwyższa temperatura karty 1 dzisiaj?", None)
    assert query is not None and query["gpu"] == 1 and query["metric"] == "temperature", query
    _, text, query = ask(heldout_svc, "przy jakim jobie?", sid)
    assert query is not None and query["name"] == "jobs" and query["window"]["label"].startswith("at "), query
    sid, _, _ = ask(heldout_svc, "ile energii zużyła H100 od 12:00?", None)
    _, _, query = ask(heldout_svc, "a sama 4090?", sid)
    assert query is not None and query["name"] == "energy" and query["gpu"] == 1, query
    assert query["window"]["label"] == "since 12:00", query


def test_polish_w_is_in_never_watts() -> None:
    assert in_english("co czeka w kolejce?") == "what is waiting in queue?"
    assert "how many W" in in_english("ile W ciągnie karta 0?")


def test_polish_asides_are_not_questions_of_the_machine(heldout_svc: AssistantService) -> None:
    for message in (
        "jaka jest różnica między CUDA a ROCm w kilku zdaniach?",
        "napisz krótkiego maila do zespołu, że w piątek jest przegląd serwerów",
    ):
        _, _, query = ask(heldout_svc, message, None)
        assert query is None, (message, in_english(message), query)


def test_english_and_other_languages_are_not_read_as_polish() -> None:
    for message in (
        "how long was gpu 0 above 80 degrees?",
        "cancel job 3 and hold 4",
        "is a job on the H100 w/ 2 GPUs?",
        "cuánta energía usó la 4090 ayer?",
        "qual è stato il picco di potenza della 4090?",
        "wie hoch war die Temperatur der 4090 gestern?",
    ):
        assert polish(message) == message


def test_the_first_asks_span_said_again_asks_each_of_the_other_gpu(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "gpu 0's highest temperature yesterday, and which job ran then?", None)
    _, _, query = ask(heldout_svc, "and gpu 1 yesterday?", sid)
    assert query is not None and query["name"] == "gpu_reading" and query["gpu"] == 1, query
    assert query["metric"] == "temperature" and query["window"]["label"] == "yesterday", query


def test_how_to_count_in_the_shell_is_declined(heldout_svc: AssistantService) -> None:
    for message in ("how do i count the words of a file in bash?", "jak policzyć słowa w pliku w bashu?"):
        _, _, query = ask(heldout_svc, message, None)
        assert query is None, (message, in_english(message), query)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a card by its number's noun: "zerówka", "na zerze" (GPU 0), "jedynka", "na jedynce" (GPU 1)
        ("ile pamieci zajete na zerze?", {"name": "gpu_reading", "gpu": 0, "metric": "memory"}),
        ("jaki wiatrak ma jedynka?", {"name": "gpu_reading", "gpu": 1, "metric": "fan"}),
        ("jaka moc ciagnie zerowka?", {"name": "gpu_reading", "gpu": 0, "metric": "power"}),
        # "utylizacja" and VRAM in its cases; both cards
        ("jaka utylizacja na jedynce?", {"name": "gpu_reading", "gpu": 1, "metric": "util"}),
        ("ile vramu zajete na 4090?", {"name": "gpu_reading", "gpu": 1, "metric": "memory"}),
        ("utylizacja obydwu kart?", {"name": "gpu_reading", "gpu": None, "metric": "util"}),
        # a threshold said with "stopni" and "albo / lub więcej", the verb "miała" / "ciągnęła"
        (
            "jak dlugo zerowka miala 60 stopni lub wiecej wczoraj?",
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature", "at_least": 60, "label": "yesterday"},
        ),
        (
            "ile czasu h100 ciagnela 500 W albo wiecej dzisiaj?",
            {"name": "gpu_reading", "gpu": 0, "metric": "power", "at_least": 500, "label": "today"},
        ),
        # "cieplejsza": warmer, asked of the cards over a span
        (
            "która karta była cieplejsza wczoraj wieczorem?",
            {"name": "gpu_reading", "gpu": None, "metric": "temperature"},
        ),
        # "co chodziło na jedynce o 9:30": the job running then
        ("co chodzilo na zerze o 9:30?", {"name": "jobs", "gpu": 0, "label": "at 09:30"}),
    ],
)
def test_polish_cards_by_their_nouns_thresholds_and_moments(
    heldout_svc: AssistantService, question: str, expected: dict
) -> None:
    assert_reads(heldout_svc, question, expected)


def test_polish_follow_ups_by_card_noun_pronoun_and_attempt(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "jaki był najwyższy pobór mocy na jedynce dzisiaj?", None)
    _, _, query = ask(heldout_svc, "a co na niej wtedy leciało?", sid)
    assert query is not None and query["name"] == "jobs" and query["gpu"] == 1, query
    sid, _, _ = ask(heldout_svc, "który job z lr-sweep padł?", None)
    _, text, query = ask(heldout_svc, "daj log z niego", sid)
    assert query is not None and query["name"] == "job_log" and query["job"] == 9, query
    sid, _, _ = ask(heldout_svc, "dlaczego sd-xl-train padło?", None)
    _, text, query = ask(heldout_svc, "a ile czekał przed trzecią próbą?", sid)
    assert query is not None and query["name"] == "job_detail" and query["job"] == 5, query
    _, text, query = ask(heldout_svc, "o której się wywaliło?", sid)
    assert query is not None and query["name"] == "job_detail" and query["job"] == 5, query


def test_polish_requests_with_the_job_unsaid_or_said_first(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "czemu flash-attn-build się wysypał?", None)
    _, text, query = ask(heldout_svc, "ok, odpal jeszcze raz", sid)
    assert query is None and "gpuaccel retry 3" in text, (in_english("ok, odpal jeszcze raz"), text)
    sid, _, _ = ask(heldout_svc, "czemu whisper-finetune nie startuje?", None)
    _, text, query = ask(heldout_svc, "dobra, puść go", sid)
    assert query is None and "gpuaccel release 14" in text, text
    _, text, query = ask(heldout_svc, "job 12 ustaw prio na 4", None)
    assert query is None and "gpuaccel priority 12 4" in text, (in_english("job 12 ustaw prio na 4"), text)


def test_polish_asks_of_the_world_are_declined(heldout_svc: AssistantService) -> None:
    for message in (
        "ile kosztuje 4090 w sklepie?",
        "jaki batch size byś polecił dla llamy 8b?",
    ):
        _, _, query = ask(heldout_svc, message, None)
        assert query is None, (message, in_english(message), query)


def test_polish_requests_by_their_other_verbs_and_a_correction(heldout_svc: AssistantService) -> None:
    """ "nadaj / daj ... priorytet N", "zmień X żeby używał N GPU zamiast M", "ubij", "usuń", "wstrzymaj w
    kolejce X", "sorry nie, Y ma zaczekać" (the job the correction names), "ten" before any noun: that."""
    for message, command in (
        ("nadaj jobowi 12 priorytet 3", "gpuaccel priority 12 3"),
        ("zmień job 12 żeby używał 2 GPU zamiast 1", "gpuaccel edit 12 --gpus 2"),
        ("ubij job 11, coś nie tak", "gpuaccel cancel 11"),
        ("wstrzymaj w kolejce job 12", "gpuaccel hold 12"),
        ("wstrzymaj w kolejce job 13, przepraszam nie, llama-70b-eval niech zaczeka", "gpuaccel hold 12"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)
    sid, _, _ = ask(heldout_svc, "czemu llama-70b-eval jeszcze nie ruszył?", None)
    _, text, query = ask(heldout_svc, "to daj mu prio 8", sid)
    assert query is None and "gpuaccel priority 12 8" in text, (in_english("to daj mu prio 8"), text)
    sid, _, _ = ask(heldout_svc, "kiedy skonczyl sie data-prep?", None)
    _, text, query = ask(heldout_svc, "ok to usuń go z listy", sid)
    assert query is None and "gpuaccel remove 1" in text, text
    sid, _, _ = ask(heldout_svc, "jaki job leciał na jedynce wczoraj o 20:11?", None)
    _, text, query = ask(heldout_svc, "puść ten build ponownie", sid)
    assert query is None and "gpuaccel retry 3" in text, (in_english("puść ten build ponownie"), text)


def test_polish_follow_ups_on_the_job_in_focus_and_the_busy_and_idle_time(
    heldout_svc: AssistantService,
) -> None:
    """What the job in focus had or printed ("jaki lr miała?", "co wypisał na końcu?"), the job behind a
    peak ("który job to zrobił"), a card's busy ("mielił") and idle ("stało bez pracy")
    time, "zero" the subject of a verb as GPU 0, both cards separately, a day summed up."""
    sid, _, _ = ask(heldout_svc, "dlaczego sie wysypal lr-sweep?", None)
    _, _, query = ask(heldout_svc, "a jaki lr miał?", sid)
    assert query is not None and query["name"] == "job_log" and query["job"] == 9, query
    sid, _, _ = ask(heldout_svc, "ile trwał data-prep?", None)
    _, text, query = ask(heldout_svc, "a co wypisał na końcu?", sid)
    assert query is not None and query["name"] == "job_log" and query["job"] == 1, query
    sid, _, _ = ask(heldout_svc, "ile czekał llama-8b-eval w kolejce?", None)
    _, _, query = ask(heldout_svc, "a ile trwał sam trening?", sid)
    assert query is not None and query["name"] == "job_detail" and query["job"] == 4, query
    sid, _, _ = ask(heldout_svc, "najwyższa moc na jedynce dziś?", None)
    _, _, query = ask(heldout_svc, "a który job to zrobił?", sid)
    assert query is not None and query["name"] == "jobs" and query["gpu"] == 1, query
    for message, gpu, label in (
        ("ile godzin jedynka mieliła wczoraj?", 1, "yesterday"),
        ("ile godzin GPU 0 stało bez pracy dzisiaj?", 0, "today"),
        ("jak długo zero stało bezczynnie wczoraj?", 0, "yesterday"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is not None and query.get("gpu") == gpu and query.get("metric") == "util", (
            message,
            query,
        )
        assert query["window"]["label"] == label and "idle" in text, (message, text)
    sid, _, _ = ask(heldout_svc, "ile energii zużyła jedynka wczoraj?", None)
    _, text, query = ask(heldout_svc, "a obie karty osobno dzisiaj?", sid)
    assert query is not None and query["name"] == "energy" and query.get("gpu") is None, query
    _, _, query = ask(heldout_svc, "podsumuj wczorajszy dzień", None)
    assert query is not None and query["name"] == "summary" and query["window"]["label"] == "yesterday", query


def test_polish_new_words_leave_english_alone() -> None:
    """ "ten" before a number or a unit is English's ten; "zero" as a number stays a number."""
    assert polish("show ten minutes of gpu 0") == "show ten minutes of gpu 0"
    assert "GPU 0" not in in_english("ile kart ma zero procesów?")


@pytest.mark.parametrize(
    ("message", "reading"),
    [
        # "ile stopni": what temperature
        ("ile stopni ma jedynka?", "what temperature"),
        # "z ostatniej godziny / godzinki": in the last hour
        ("średnia moc z ostatniej godziny", "in the last hour"),
        ("srednie obciazenie z ostatniej godzinki", "in the last hour"),
        # the card by its noun in the accusative ("zerkę", "zerke"): GPU 0
        ("porównaj zerkę i jedynkę", "GPU 0"),
        # the job in focus by its pronoun: "podbij jej priorytet do 4 prosze"
        ("podbij jej priorytet do 4 prosze", "set the priority of it to 4"),
        ("ustaw mu limit na 500", "set its limit to"),
        ("niech idzie na jednej karcie", "let it run on 1 card"),
        ("przypnij mistral-sft do GPU 0", "pin mistral-sft to GPU 0"),
        # "w ogóle nie rusza", "co jest z nią": is not starting at all, what is wrong with it
        ("czemu job 4 w ogóle nie startuje, co jest z nią?", "is not starting at all"),
        ("co jest z nim?", "what is wrong with it"),
        ("koło 9:15 był szczyt, o ktorej dokladnie?", "around 9:15"),
        ("a średnio ile było?", "what was the average"),
        ("czyli ile to już?", "so how long is that already"),
        ("ile wczoraj zero sie obijalo?", "how long"),
        ("ile czasu stała idle karta 1?", "was idle"),
        ("co jest w logu joba 3?", "in the log"),
        ("kiedy ruszyła?", "started"),
        # no job named: the job in focus waited ("ile czekało w kolejce, zanim wystartowało?")
        ("ile czekalo w kolejce zanim wystartowalo?", "how long did it wait in queue before started"),
        ("gdzie zapisał wyniki? powinno być w logach", "where saved"),
        ("czy coś jest na holdzie?", "on hold"),
    ],
)
def test_polish_casual_readings(message: str, reading: str) -> None:
    """Casual Polish, with or without diacritics: the card's nicknames in their cases, requests on the job in
    focus by its pronoun ("mu", "jej"), idle as "obijać się", English words in Polish cases ("na holdzie")."""
    assert reading in in_english(message), in_english(message)
