"""The submit fast path answers a valid submission exactly as the routed endpoint does, and sends everything
else on to that endpoint (which writes every error)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.testclient import TestClient

from gpuaccel.app.daemon.guards import validation_error
from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.http.routes import create_router
from gpuaccel.scheduler.http.submit import SubmitEndpoint, SubmitFastPath
from gpuaccel.scheduler.lifecycle.service import Scheduler
from gpuaccel.scheduler.paths import DataDir
from gpuaccel.scheduler.store.queue import Store

PATH = "/api/v1/jobs"
CMD = {"kind": "command", "argv": ["echo", "hi"], "name": "fast", "labels": {"team": "a"}}


class Counting:
    """The app behind the fast path, counting what reaches it."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.seen: list[str] = []

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            self.seen.append(f"{scope['method']} {scope['path']}")
        await self.app(scope, receive, send)


def _app(tmp: Path, fast: bool) -> tuple[Any, Counting, Store]:
    store = Store(tmp / "db.sqlite")
    scheduler = Scheduler(store, DataDir(tmp), SchedulerConfig())
    submits = SubmitEndpoint(scheduler)
    api = FastAPI()
    api.add_exception_handler(RequestValidationError, validation_error)  # as the daemon composes it
    api.include_router(create_router(scheduler, None, "test", 0.0, submits), prefix="/api/v1")
    inner = Counting(api)
    return (SubmitFastPath(inner, submits, PATH) if fast else inner), inner, store


@pytest.fixture
def doors(tmp_path: Path) -> Iterator[dict[str, tuple[TestClient, Counting, Store]]]:
    made = {}
    for name, fast in (("fast", True), ("routed", False)):
        (tmp_path / name).mkdir()
        app, inner, store = _app(tmp_path / name, fast)
        made[name] = (TestClient(app), inner, store)
    yield made
    for _, _, store in made.values():
        store.close()


def _same_job(a: dict[str, Any], b: dict[str, Any]) -> None:
    a, b = ({k: v for k, v in job.items() if k != "created_at"} for job in (a, b))
    assert a == b


def test_a_valid_submission_is_answered_by_the_fast_path_as_the_route_answers_it(doors: dict) -> None:
    fast, inner, store = doors["fast"]
    routed, _, _ = doors["routed"]
    a = fast.post(PATH, json=CMD)
    b = routed.post(PATH, json=CMD)
    assert inner.seen == []  # the routed endpoint never saw it
    assert (a.status_code, a.headers["location"]) == (b.status_code, b.headers["location"])
    assert (a.status_code, a.headers["location"]) == (201, f"{PATH}/1")
    assert a.headers["content-type"] == b.headers["content-type"] == "application/json"
    _same_job(a.json(), b.json())
    stored = store.get(1)
    assert stored is not None and stored.argv == ["echo", "hi"] and stored.labels == {"team": "a"}


def test_an_idempotency_key_is_honoured_on_the_fast_path(doors: dict) -> None:
    fast, inner, store = doors["fast"]
    first = fast.post(PATH, json=CMD, headers={"Idempotency-Key": "k-1"})
    again = fast.post(PATH, json=CMD, headers={"Idempotency-Key": "k-1"})
    other = fast.post(PATH, json={**CMD, "name": "other"}, headers={"Idempotency-Key": "k-1"})
    assert (first.status_code, again.status_code, other.status_code) == (201, 200, 409)
    assert first.json()["id"] == again.json()["id"] and "already used" in other.json()["detail"]
    assert inner.seen == [] and len(store.list(limit=10)) == 1


@pytest.mark.parametrize(
    ("body", "headers"),
    [
        (json.dumps({**CMD, "argv": []}), {}),  # refused by the model
        (json.dumps({**CMD, "name": "\ud800"}), {}),  # a lone surrogate
        (json.dumps([CMD]), {}),  # not an object
        ("{", {}),  # not JSON
        ("[" * 50_000, {}),  # nested past the parser's recursion limit
        (json.dumps(CMD), {"content-type": "text/plain"}),
        (json.dumps(CMD), {"Idempotency-Key": "has space"}),
        (json.dumps({**CMD, "depends_on": [99]}), {}),  # valid shape, refused when stored
    ],
)
def test_anything_else_gets_the_routed_endpoints_answer(doors: dict, body: str, headers: dict) -> None:
    fast, inner, store = doors["fast"]
    routed, _, _ = doors["routed"]
    send = {"content-type": "application/json", **headers}
    a = fast.post(PATH, content=body.encode("utf-8", "surrogatepass"), headers=send)
    b = routed.post(PATH, content=body.encode("utf-8", "surrogatepass"), headers=send)
    assert 400 <= a.status_code < 500
    assert (a.status_code, a.json()) == (b.status_code, b.json())
    assert store.list(limit=10) == []


def test_other_requests_pass_through(doors: dict) -> None:
    fast, inner, _ = doors["fast"]
    assert fast.get(PATH).status_code == 200
    assert fast.post("/api/v1/jobs/1/cancel").status_code == 404
    assert inner.seen == [f"GET {PATH}", "POST /api/v1/jobs/1/cancel"]


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [("gpus", "2", "valid integer"), ("hold", "true", "valid boolean"), ("timeout_s", "60", "valid number"),
     ("priority", 1.5, "valid integer")],
)  # fmt: skip
def test_a_value_of_the_wrong_type_is_refused_not_coerced(
    doors: dict, field: str, value: Any, words: str
) -> None:
    """``"gpus": "2"`` was read as 2: a script's typo passed silently. Both doors answer 422 naming it."""
    for door in ("fast", "routed"):
        client, _, store = doors[door]
        r = client.post(PATH, json={**CMD, field: value})
        assert r.status_code == 422, (door, r.text)
        assert field in r.text and words in r.text, r.text
        assert store.list(limit=10) == []
