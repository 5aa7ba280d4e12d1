"""Who holds a GPU: the processes the driver lists and the queue's jobs given that GPU. A running job
whose process the driver does not list (another container, a driver that hides it) still holds its GPU,
so "who's hogging the cards?" names it; one whose process is listed is named once, as that process's
owner. Worded apart from the held-out question sets."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_assistant_questions import ask, invented

from gpuaccel.accel.telemetry.fake import FakeBackend
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.assistant.queries.catalogue import run
from gpuaccel.assistant.queries.facts import Facts, FactsSource
from gpuaccel.assistant.queries.gpu import memory_users
from gpuaccel.assistant.queries.query import Query, QueryContext
from gpuaccel.assistant.service import AssistantService
from gpuaccel.scheduler.store.queue import Store


def _gpu(index: int, processes: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "index": index,
        "name": "GPU",
        "mem_used_mib": 2048.0,
        "mem_total_mib": 8192.0,
        "na": {},
        "processes": processes,
    }


def _facts(running: list[dict[str, Any]]) -> QueryContext:
    listed = {"pid": 900, "name": "python", "used": 1024.0, "job_id": 4, "owner": "not started by the queue"}
    facts = Facts(0.0, [_gpu(0, [listed]), _gpu(1, [])], running=running)
    return QueryContext(source=None, _facts=facts)  # type: ignore[arg-type]


def test_a_running_job_is_named_on_its_gpus_once() -> None:
    ctx = _facts(
        [
            {"id": 4, "name": "train-a", "state": "running", "gpus": "0"},  # its process is listed
            {"id": 7, "name": "sweep-b", "state": "running", "gpus": "0,1"},  # not listed anywhere
            {"id": 9, "name": "held-c", "state": "paused", "gpus": "none"},
        ]
    )
    result = memory_users(ctx, Query("memory_users"))
    said = result.sentence
    assert said.count("train-a") == 1 and "Job 4" not in said and "(job 4 (train-a))" in said
    assert "Job 7 (sweep-b) of the queue is running on GPU 0." in said
    assert "Job 7 (sweep-b) of the queue is running on GPU 1." in said
    assert "held-c" not in said
    assert [r[0] for r in result.rows if r[4] == "job 7"] == [0, 1]
    one = memory_users(ctx, Query("memory_users", gpu=1)).sentence
    assert "No process is listed on GPU 1." in one and "sweep-b" in one and "GPU 0" not in one


def test_who_holds_the_cards_through_the_chat(svc: AssistantService) -> None:
    sid, text, query = ask(svc, "who's hogging the cards right now", None)
    assert query == {"name": "memory_users"} and invented(svc, sid, text, False) == []
    assert "finetune-b" in text and "fake-trainer" in text and "Xorg" in text
    sid, text, query = ask(svc, "what is occupying gpu 1", None)
    assert query == {"name": "memory_users", "gpu": 1} and "finetune-b" not in text


def test_a_gpus_overview_names_the_processes_outside_the_queue(svc: AssistantService) -> None:
    """As nvidia-smi's process list does: "status of gpu 1" names the desktop's Xorg with its pid."""
    sid, text, query = ask(svc, "status of gpu 1", None)
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "overview"}
    assert re.search(r"Processes on it: Xorg \(pid \d+, \d+ MiB\)", text), text
    assert invented(svc, sid, text, False) == []


def test_memory_is_said_in_mib_beside_gib_as_status_shows_it(tmp_path) -> None:
    """A ranking of free or used memory says the MiB gpuaccel status shows beside the GiB."""
    store = Store(tmp_path / "db")
    sampler = Sampler(FakeBackend("two_gpus"))
    sampler.open()
    sampler.poll()
    ctx = QueryContext(FactsSource(store, sampler))
    g = ctx.facts().gpus
    free = {x["index"]: round(x["mem_total_mib"] - x["mem_used_mib"]) for x in g}
    ranked = run(ctx, Query("gpu_rank", metric="free_memory", order="max")).sentence
    assert all(f"({n} MiB)" in ranked for n in free.values()), ranked
    store.close()


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("who hogged the GPUs yesterday", "job_rank"),  # over a span: the jobs by their GPU-time
        ("who's been hogging the cards this week?", "job_rank"),
        ("who is hogging the H100", "memory_users"),  # now: who holds its memory
    ],
)
def test_who_hogged_the_cards_over_a_span_is_gpu_time(
    heldout_svc: AssistantService, question: str, name: str
) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None and query["name"] == name, query
    if name == "job_rank":
        assert query["metric"] == "gpu_time", query


@pytest.mark.parametrize(
    "question",
    ["who used gpu 0 last night", "who used the 4090 between 8 and 11?", "who was on gpu 1 yesterday"],
)
def test_who_used_one_card_over_a_span_is_its_jobs_then(heldout_svc: AssistantService, question: str) -> None:
    """A card's processes are of now: who used it over a past span is the queue's jobs on it then."""
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None and query["name"] == "jobs" and "window" in query and "gpu" in query, query
