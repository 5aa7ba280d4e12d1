"""Terse and spoken questions: a job's number at the end ("what happened to 6", "why fail 5"), a card's model
number after "on" ("procs on 4090"), GPU-hours after a job's number, a one-word follow-up after a GPU's
memory, "break down", a span said beside a job's name, "before that happened" of the job in focus, and
two cards compared over a day. Worded apart from the blind question sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker

NAMES = {"resnet50-bench": 6, "sd-xl-train": 5, "mistral-7b-sft": 11}
MACHINE = Context(job_names=NAMES, gpus=[0, 1], gpu_models={0: "NVIDIA H100 80GB HBM3", 1: "RTX 4090"})


@pytest.mark.parametrize(
    ("question", "want"),
    [
        ("what became of 6", Query("job_detail", job=6)),
        ("why dead 5", Query("job_detail", job=5)),
        ("11 gpu-hours?", Query("job_detail", job=11)),
        ("who is on 4090", Query("memory_users", gpu=1)),
    ],
)
def test_terse_numbers(question: str, want: Query) -> None:
    assert RulePicker().pick(question, MACHINE, 0.0) == want


def test_free_after_a_gpus_memory_is_its_free_memory() -> None:
    after = Context(Query("gpu_reading", gpu=1, metric="memory"), job_names=NAMES, gpus=[0, 1])
    assert RulePicker().pick("how much left?", after, 0.0) == Query(
        "gpu_reading", gpu=1, metric="free_memory"
    )


def test_the_chat_on_the_heldout_machine(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    _, text, query = ask(svc, "give me a breakdown of the lr-sweep jobs' energy", None)
    assert query == {"name": "jobs", "job_name": "lr-sweep"}, query
    assert "job 9 (lr-sweep) failed after 6m55s using 44.0 Wh" in text, text
    _, text, query = ask(svc, "mean power of the 4090 from 12:00 to 13:24 during the lr sweep", None)
    assert query is not None and (query["name"], query["gpu"]) == ("gpu_reading", 1), query
    assert "mean 379 W" in text, text
    sid, _, _ = ask(svc, "why was resnet50-bench stopped", None)
    _, text, query = ask(svc, "and what energy did it burn on the h100 during that", sid)
    assert query == {"name": "job_detail", "job": 6} and "190 Wh" in text, (query, text)
    sid, _, _ = ask(svc, "what went wrong with flash-attn-build", None)
    _, text, query = ask(svc, "how long had it run when that happened", sid)
    assert query == {"name": "job_detail", "job": 3} and "2m30s" in text, (query, text)
    _, text, query = ask(svc, "was the 4090 busier than the h100 today?", None)
    assert query is not None and (query["name"], query["metric"]) == ("gpu_reading", "util"), query
    assert "mean 15%" in text and "mean 14%" in text, text
