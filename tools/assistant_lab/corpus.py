"""Training text that teaches a model to pick the query and to answer from its result, made from real queries.

Questions are sampled from the phrasing grammar (:mod:`assistant_lab.phrasings.grammar`) with the user's
habits added (greetings, typos, case, punctuation). In the RWKV-7 chat format a document holds:

- picking: :func:`~assistant.understand.model.pick_prompt` then `` <json>`` (or `` none``), as
  :class:`~assistant.understand.model.ModelPicker` reads it;
- follow-ups: a first question's pick, then the follow-up's, its prompt carrying the first query and the jobs
  its answer named;
- answering (a share of documents): ``System: <result block>`` / ``User: <question>`` / ``Assistant: <the
  result's sentence>``, the query really run on a generated machine (random jobs, two fake GPUs with random
  readings, an hour of power history, sometimes a Ray cluster).

One template in six is kept for the dev split (:func:`is_dev`, :func:`dev_set`), never trained on; the
held-out question set in the tests is written apart from both. :func:`documents` feeds ``tiny_data``
(``--query-mb``).
"""

from __future__ import annotations

import json
import random
import tempfile
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from assistant_lab.augment.shapes import respan
from assistant_lab.contextual import CONTEXTUAL_SHARE, added, contextual, with_machine
from assistant_lab.phrasings import grammar as P
from assistant_lab.sampling import (
    FIXED_NOW,
    SUBJECTS,
    Pick,
    _next,
    _plain,
    _split,
    expand,
    fill,
    noisy,
    reworded,
    slots,
)
from gpuaccel.assistant.queries.catalogue import run
from gpuaccel.assistant.queries.facts import FactsSource
from gpuaccel.assistant.queries.query import Query, QueryContext
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import REFUSAL
from gpuaccel.assistant.understand.prompt import pick_json, pick_prompt


def machine(rng: random.Random, folder: Path, now: float) -> QueryContext:
    """A store of random jobs and two fake GPUs with random readings, for queries to run on."""
    from gpuaccel.accel.telemetry.fake import FakeBackend
    from gpuaccel.accel.telemetry.sampler import Sampler
    from gpuaccel.scheduler.lifecycle.validation import validate_request
    from gpuaccel.scheduler.store.queue import Store

    store = Store(folder / f"m{rng.randrange(10**9)}.db")
    reasons = ("CUDA out of memory", "exit code 1", "timed out after 600 s", "killed by signal 9")
    for k in range(rng.randint(1, 12)):
        job = store.insert(validate_request({"kind": "command", "argv": ["x"], "name": f"job-{k}"}))
        state = rng.choice(("succeeded", "succeeded", "failed", "cancelled", "running", "queued"))
        start = now - rng.uniform(60, 40 * 3600) if state not in ("queued", "cancelled") else None
        end = None if start is None or state == "running" else start + rng.uniform(5, 3 * 3600)
        with store.transaction() as c:
            c.execute(
                "UPDATE jobs SET state = ?, started_at = ?, finished_at = ?, assigned_gpus = ?, reason = ?,"
                " attempt = ?, created_at = ? WHERE id = ?",
                (
                    state,
                    start,
                    end if state != "cancelled" else now - 60,
                    json.dumps([rng.randrange(2)]),
                    rng.choice(reasons)
                    if state == "failed"
                    else "cancelled by user"
                    if state == "cancelled"
                    else None,
                    1 if start else 0,
                    (start or now) - 60,
                    job.id,
                ),
            )
    with store.transaction() as c:  # an hour of power history, for energy questions
        for k in range(60):
            for gpu in (0, 1):
                c.execute(
                    "INSERT INTO telemetry_1m (gpu, t, power_w) VALUES (?, ?, ?)",
                    (gpu, now - 3600 + 60 * k, float(rng.randint(30, 650))),
                )
    backend = FakeBackend("two_gpus")
    for gpu in (0, 1):
        backend.set_value(gpu, "temperature_c", float(rng.randint(30, 88)))
        backend.set_value(gpu, "util_gpu", float(rng.randint(0, 100)))
        backend.set_value(gpu, "power_w", float(rng.randint(30, 650)))
    sampler = Sampler(backend)
    sampler.open()
    sampler.poll()
    source = FactsSource(store, sampler)
    if rng.random() < 0.5:  # half the machines are daemons connected to a Ray cluster
        source.cluster = generated_cluster(rng, store)
    return QueryContext(source, now=lambda: now)


class StaticCluster:
    """A Ray cluster frozen in time: the node list and node snapshots a daemon's connection would give."""

    def __init__(self, nodes: list[Any], hosts: list[Any]) -> None:
        self._nodes = nodes
        self.telemetry = SimpleNamespace(hosts=lambda: list(hosts))

    def nodes(self) -> list[Any]:
        return list(self._nodes)


def generated_cluster(rng: random.Random, store: Any) -> StaticCluster:
    """Two to four nodes of one to four GPUs with random load, maybe one lost; some jobs ran on them."""
    from gpuaccel.scheduler.placement.cluster import NodeView
    from gpuaccel.scheduler.placement.cluster_telemetry import HostTelemetry

    models = ("NVIDIA H100 80GB HBM3", "NVIDIA A100-SXM4-80GB", "NVIDIA GeForce RTX 4090")
    nodes, hosts = [], []
    for k in range(rng.randint(2, 4)):
        node_id = f"{rng.randrange(16**8):08x}" + "0" * 48
        alive = k == 0 or rng.random() < 0.8
        reason = (
            None if alive else rng.choice(("Expected termination: received SIGTERM", "node heartbeat lost"))
        )
        count = rng.randint(1, 4)
        state = "ALIVE" if alive else "DEAD"
        view = NodeView(
            node_id, f"gpu-{k + 1}", f"10.0.0.{k + 1}", k == 0, alive, state, reason, float(count)
        )
        gpus = [
            {
                "info": {"index": i, "name": rng.choice(models)},
                "sample": {"util_gpu": rng.choice((0, 0, rng.randint(1, 100)))},
            }
            for i in range(count)
        ]
        nodes.append(view)
        hosts.append(HostTelemetry(node_id, view.label, alive, reason, FIXED_NOW, {"gpus": gpus}))
    alive_labels = [v.label for v in nodes if v.alive]
    for job in store.list(limit=100):
        if job.started_at is not None and rng.random() < 0.4:
            with store.transaction() as c:
                c.execute(
                    'UPDATE jobs SET "where" = ?, node = ? WHERE id = ?',
                    ("ray", rng.choice(alive_labels), job.id),
                )
    return StaticCluster(nodes, hosts)


def turn(system: str, question: str, answer: str) -> str:
    return f"System: {system}\n\nUser: {question}\n\nAssistant: {answer}\n\n"


def picking(question: str, query: Query | None, context: Context | None = None) -> str:
    answer = "none" if query is None else pick_json(query)
    return pick_prompt(question, context or Context()) + f" {answer}\n\n"


def sample(rng: random.Random, now: float, dev: bool = False) -> Pick:
    """One question with its answer query on a generated machine (the prompt names its GPUs and jobs):
    a share that needs the machine or is off-topic with a query's cues (:mod:`corpus_context`), the rest
    from the phrasing grammar. A dev question is the grammar's alone, with no machine (:func:`dev_set`
    adds one from a stream of its own, so the dev questions stay the ones earlier models were scored on)."""
    if dev:
        return _sample(rng, now, True)

    if rng.random() < CONTEXTUAL_SHARE:
        return contextual(rng, now)
    return with_machine(_sample(rng, now, False), rng)


def _sample(rng: random.Random, now: float, dev: bool) -> Pick:
    """One question of the grammar with its answer query: a plain one, a follow-up (a quarter) or an
    off-topic one."""
    r = rng.random()
    if r < 0.1:
        text = expand(rng.choice(_split(P.OFF_TOPIC, dev)), rng)
        return Pick(noisy(text if dev else reworded(text, rng), rng), Context(), None)
    question, query, _ = _plain(rng, now, dev)
    if r < 0.35:
        subjects = [rng.randint(1, 40) for _ in range(rng.randint(1, 3))] if query.name in SUBJECTS else []
        if query.name == "job_detail":
            subjects = [query.job]
        kind = rng.choice(list(P.FOLLOW_UPS))
        s = slots(rng)
        if query.gpu is not None:
            s["g"] = (query.gpu + rng.randint(1, 3)) % 4
        nxt = _next(kind, query, subjects, s, now)
        templates = [t for t in _split(P.FOLLOW_UPS[kind], dev) if query.gpu is not None or "{g}" not in t]
        if nxt is not None and templates:
            text = expand(rng.choice(templates), rng)
            if not dev:
                text = reworded(text, rng, windowed=kind == "window", first=False)
                s["w"] = respan(s["w"], rng)
            text = noisy(fill(text, s, rng), rng)
            return Pick(text, Context(query, subjects), nxt, (question, query))
    return Pick(question, Context(), query)


def dev_set(n: int, seed: int = 7, now: float = FIXED_NOW) -> list[Pick]:
    """Questions worded by the dev templates only (none of them is in the training text), each on a
    generated machine drawn from a stream of its own (the questions and queries stay the same)."""

    rng, machines = random.Random(seed), random.Random(seed + 1_000_003)
    return [with_machine(sample(rng, now, dev=True), machines, train=False) for _ in range(n)]


ADDED_SHARE = 0.25  # documents of the queries added after the dev split was fixed, per document before


def documents(
    seed: int = 1, per_machine: int = 200, now: float = FIXED_NOW, answers: float = 0.15
) -> Iterator[str]:
    """Endless training documents: picking turns (follow-ups after their first question, refusals), and
    for a share of them the answering turn written from the query's real result on a generated machine.
    The questions of queries added after the dev split was fixed (:func:`corpus_context.added`) come from
    a random stream of their own, between the others, which stay the documents they were."""

    rng, extra = random.Random(seed), random.Random(seed + 7_000_003)
    with tempfile.TemporaryDirectory() as tmp:
        while True:
            ctx = machine(rng, Path(tmp), now)
            for _ in range(per_machine):
                picks = [(sample(rng, now), rng)]
                if extra.random() < ADDED_SHARE:
                    picks.append((added(extra, now), extra))
                yield from (_document(p, r, ctx, answers) for p, r in picks)
            ctx.store.close()


def _document(p: Pick, rng: random.Random, ctx: QueryContext, answers: float) -> str:
    """One document: the picking turns of ``p`` (its first question's before a follow-up's), and with
    probability ``answers`` the answering turn."""
    text = ""
    if p.first is not None:  # the first question on the same machine
        text += picking(p.first[0], p.first[1], replace(p.context, last=None, subjects=[], subject_gpus=[]))
    text += picking(p.question, p.query, p.context)
    if p.query is None:
        if rng.random() < answers:
            text += turn("Facts: none", p.question, REFUSAL)
    elif rng.random() < answers:
        result = run(ctx, p.query)
        text += turn(result.block(), p.question, result.sentence)
    return text
