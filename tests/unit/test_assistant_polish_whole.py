"""Polish written whole (readings and their spans, peaks and means, energy, busy and idle time, jobs' waits,
failures and logs, requests, follow-ups opened by "a"), typed with its diacritics or without them; "w" (in)
never read as watts; English and the other languages left as they were. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

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
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None, (question, in_english(question))
    label = expected.pop("label", None)
    assert {k: query.get(k) for k in expected} == expected, (in_english(question), query)
    assert label is None or query["window"]["label"] == label, query


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
