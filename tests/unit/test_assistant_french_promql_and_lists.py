"""French said in passing, a Prometheus range selector, a list's jobs asked whether they all ended well, the
total GPU-hours of every job, trouble said of the cards themselves, a rule for people asked as an opinion, one
question asked of two jobs named together, and what a job printed asked of "it". Worded apart from the blind
sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService


@pytest.mark.parametrize(
    ("question", "metric", "gpu", "label"),
    [
        ("what was the highest power of the 4090 hier soir?", "power", 1, "yesterday evening"),
        ("how warm did the H100 get aujourd'hui?", "temperature", 0, "today"),
        ("la carte H100 a chauffé ce matin? give me the peak temp", "temperature", 0, "this morning"),
    ],
)
def test_french_day_words_in_passing(
    heldout_svc: AssistantService, question: str, metric: str, gpu: int, label: str
) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None and query["metric"] == metric and query["gpu"] == gpu, query
    assert query["window"]["label"] == label, query


def test_french_question_word_and_article(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "combien of memory is used on la carte 4090 maintenant?", None)
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "memory"}, query


@pytest.mark.parametrize(
    ("question", "metric", "gpu", "label"),
    [
        ('avg_over_time(gpuaccel_gpu_power_watts{gpu="0"}[2h])', "power", 0, "in the last 2 hours"),
        ("max temp gpu1 [45m]", "temperature", 1, "in the last 45 minutes"),
    ],
)
def test_a_prometheus_range_selector_is_a_span(
    heldout_svc: AssistantService, question: str, metric: str, gpu: int, label: str
) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None and query["metric"] == metric and query["gpu"] == gpu, query
    assert query["window"]["label"] == label, query


def test_the_peaks_job_asked_with_by(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "hottest the 4090 got this morning?", None)
    _, text, _ = ask(heldout_svc, "by which job?", sid)
    assert "llama-8b-eval" in text, text


def test_total_gpu_hours_of_every_job(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "sum of gpu hours across every job so far?", None)
    assert query is not None and query["name"] == "jobs", query
    assert "In all 12.70 GPU-hours" in text, text


def test_a_card_being_used_now_is_its_readings(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "how is the 4090 being used right now?", None)
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "overview"}, query
    _, _, query = ask(heldout_svc, "how was the 4090 used yesterday?", None)  # over a span: its jobs
    assert query is not None and query["name"] == "jobs" and query["gpu"] == 1, query


def test_whether_opens_a_second_ask(heldout_svc: AssistantService) -> None:
    message = "Tell me what ran on the H100 yesterday, and whether anything crashed"
    _, text, _ = ask(heldout_svc, message, None)
    assert "llama-70b-finetune" in text and "flash-attn-build" in text, text


@pytest.mark.parametrize(
    "again", ["did they all go ok?", "did all four runs complete?", "were all of them fine?"]
)
def test_whether_a_lists_jobs_all_ended_well(heldout_svc: AssistantService, again: str) -> None:
    sid, _, first = ask(heldout_svc, "what did the lr sweep do?", None)
    _, _, query = ask(heldout_svc, again, sid)
    assert first is not None and query == first, (first, query)


@pytest.mark.parametrize(
    "question",
    [
        "something wrong with the gpus?",
        "is either card throttling or throwing errors right now?",
    ],
)
def test_trouble_said_of_the_cards_is_their_health(heldout_svc: AssistantService, question: str) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query == {"name": "gpu_reading", "metric": "health"}, query


def test_errors_over_a_span_are_failed_jobs(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "any errors on the 4090 yesterday?", None)
    assert query is not None and query["name"] == "failures", query


@pytest.mark.parametrize(
    "question",
    [
        "should our group cap everyone at two jobs at once?",
        "do you reckon the lab should buy a bigger card?",
    ],
)
def test_a_rule_for_people_asked_as_an_opinion_is_declined(
    heldout_svc: AssistantService, question: str
) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is None


def test_one_question_of_two_jobs_named_together(heldout_svc: AssistantService) -> None:
    _, text, _ = ask(heldout_svc, "why did job 5 and job 9 die?", None)
    assert "CUDA out of memory" in text and "loss is NaN" in text, text
    _, text, query = ask(heldout_svc, "is job 12 stuck behind job 11?", None)  # one job's tie to another
    assert query == {"name": "job_detail", "job": 12}, query


def test_what_a_job_printed_asked_of_it(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "what became of the resnet50-bench?", None)
    _, text, query = ask(heldout_svc, "how many images/s was it doing when it stopped?", sid)
    assert query == {"name": "job_log", "job": 6} and "2902.1" in text, (query, text)


def test_a_cards_gpu_hours_after_its_reading(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "what was the 4090's average utilisation today?", None)
    _, text, query = ask(heldout_svc, "and how many gpu hours did it do?", sid)
    assert query is not None and query["name"] == "jobs" and query["gpu"] == 1, query
    assert query["window"]["label"] == "today" and "In all (their whole runs) 2.26 GPU-hours" in text, text


def test_a_french_article_before_a_jobs_name(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "le sweep is done?", None)
    assert query is not None and query.get("job_name") == "lr-sweep", query
