"""Training text that teaches a model to pick the query and to answer from its result, made from real queries.

Each document comes from a generated machine (a store of random jobs, two fake GPUs with random readings,
an hour of power history) on which :mod:`assistant.queries` really runs, so every answer quotes a real
result block. Three kinds, in the RWKV-7 chat format:

- picking: :func:`~assistant.model_picker.pick_prompt` then `` <json>`` (or `` none``), as
  :class:`~assistant.model_picker.ModelPicker` reads it;
- answering: ``System: <result block>`` / ``User: <question>`` / ``Assistant: <the result's sentence>``;
- follow-ups: a first question and a follow-up, the second pick carrying the first one's subject.

Phrasings are the templates below with random typos, case and punctuation; the held-out question set in
the tests is written apart from them. :func:`documents` feeds ``tiny_data`` (``--query-mb``).
"""

from __future__ import annotations

import json
import random
import tempfile
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from gpuaccel.assistant.facts import FactsSource
from gpuaccel.assistant.intent import REFUSAL, Context
from gpuaccel.assistant.model_picker import pick_json, pick_prompt
from gpuaccel.assistant.queries import Query, QueryContext, Window, run

# (query fields, phrasings); {g} is a GPU number, {j} a job id, {w} a time span.
TEMPLATES: list[tuple[dict, tuple[str, ...]]] = [
    (
        {"name": "gpu_rank", "metric": "temperature", "order": "max"},
        ("Which GPU is the hottest?", "hottest gpu", "what gpu runs hot the most", "warmest card?"),
    ),
    (
        {"name": "gpu_rank", "metric": "temperature", "order": "min"},
        ("coolest gpu?", "which card is coldest"),
    ),
    ({"name": "gpu_rank", "metric": "util", "order": "max"}, ("busiest gpu", "which gpu has the most load")),
    ({"name": "gpu_rank", "metric": "util", "order": "min"}, ("least busy gpu?", "which card is idlest")),
    ({"name": "gpu_rank", "metric": "power", "order": "max"}, ("which gpu draws the most power",)),
    (
        {"name": "gpu_reading", "metric": "temperature", "gpu": "{g}"},
        ("How hot is GPU {g}?", "temp of gpu {g}"),
    ),
    ({"name": "gpu_reading", "metric": "util", "gpu": "{g}"}, ("how busy is gpu {g}", "utilization gpu {g}")),
    (
        {"name": "gpu_reading", "metric": "power", "gpu": "{g}"},
        ("power draw of gpu {g}?", "watts on gpu {g}"),
    ),
    ({"name": "gpu_reading", "metric": "memory", "gpu": "{g}"}, ("memory used on gpu {g}", "gpu {g} vram?")),
    ({"name": "gpu_reading", "metric": "free_memory", "gpu": "{g}"}, ("free memory on gpu {g}",)),
    ({"name": "gpu_reading", "metric": "tensor"}, ("are the tensor cores used?", "tensor activity")),
    ({"name": "gpu_reading", "metric": "tflops"}, ("how many TFLOP/s now?", "flops estimate")),
    ({"name": "gpu_list"}, ("what GPUs do I have?", "list gpus", "gpu models")),
    ({"name": "idle_gpus"}, ("which gpus are idle?", "any free gpu?")),
    ({"name": "memory_users"}, ("what is using GPU memory?", "who holds the vram")),
    ({"name": "energy", "window": "{w}"}, ("energy used {w}", "how many Wh {w}")),
    ({"name": "gate_state"}, ("is the idle gate open?", "are you on the GPU?")),
    (
        {"name": "job_detail", "job": "{j}"},
        ("tell me about job {j}", "why did job {j} fail?", "job {j} status"),
    ),
    ({"name": "jobs", "window": "{w}"}, ("what ran {w}?", "jobs {w}")),
    ({"name": "job_rank", "metric": "duration", "order": "max"}, ("longest job", "which job took longest")),
    ({"name": "job_rank", "metric": "gpu_time", "order": "max"}, ("which job used the most GPU time?",)),
    ({"name": "failures"}, ("any failures?", "which jobs failed", "what went wrong")),
    ({"name": "failures", "state": "cancelled"}, ("which jobs were cancelled?", "cancelled jobs")),
    ({"name": "queue"}, ("what is in the queue?", "what is running and waiting")),
    ({"name": "summary", "window": "{w}"}, ("summarize {w}", "what happened {w}?")),
    ({"name": "node_load"}, ("which node is idle?", "any idle server in the cluster?")),
    ({"name": "node_load", "order": "max"}, ("busiest node", "which host is the busiest?")),
    ({"name": "node_load", "order": "min"}, ("least busy node?", "which server has the least load")),
    (
        {"name": "cluster_gpus"},
        ("how many GPUs does each node have?", "gpus per host", "list the cluster's nodes"),
    ),
    ({"name": "job_nodes"}, ("which job ran where?", "where did the jobs run", "jobs on the cluster")),
    ({"name": "job_nodes", "job": "{j}"}, ("where did job {j} run?", "which node ran job {j}")),
    ({"name": "lost_nodes"}, ("any node lost?", "which servers are down", "did a node leave the cluster")),
]
OFF_TOPIC = (
    "what is the weather",
    "write a haiku",
    "who is the president",
    "translate hello to French",
    "recommend a movie",
    "what is 2+2",
)
FOLLOW_UPS = (("and GPU {g}?", "gpu"), ("what about {w}?", "window"), ("why?", "why"))
SPANS = {"today": "today", "yesterday": "yesterday", "in the last hour": "in the last hour"}


def noisy(text: str, rng: random.Random) -> str:
    """The user's spelling: sometimes a dropped or swapped letter, lower case, no question mark."""
    words = text.split()
    if rng.random() < 0.3:
        i = rng.randrange(len(words))
        w = words[i]
        if len(w) > 4:
            k = rng.randrange(1, len(w) - 2)
            w = w[:k] + w[k + 1] + w[k] + w[k + 2 :] if rng.random() < 0.5 else w[:k] + w[k + 1 :]
            words[i] = w
    out = " ".join(words)
    if rng.random() < 0.4:
        out = out.lower()
    return out.rstrip("?") if rng.random() < 0.3 else out


def _window(label: str, now: float) -> Window:
    midnight = time.mktime(time.localtime(now)[:3] + (0, 0, 0, 0, 0, -1))
    if label == "yesterday":
        return Window(midnight - 86400, midnight, label)
    if label == "today":
        return Window(midnight, now, label)
    return Window(now - 3600, now, label)


def machine(rng: random.Random, folder: Path, now: float) -> QueryContext:
    """A store of random jobs and two fake GPUs with random readings, for queries to run on."""
    from gpuaccel.accel.telemetry.fake import FakeBackend
    from gpuaccel.accel.telemetry.sampler import Sampler
    from gpuaccel.scheduler.jobs import validate_request
    from gpuaccel.scheduler.store import Store

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
    from gpuaccel.scheduler.cluster import NodeView
    from gpuaccel.scheduler.cluster_telemetry import HostTelemetry

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


def _fill(fields: dict, rng: random.Random, now: float) -> tuple[Query, dict[str, str]]:
    slots = {"g": str(rng.randrange(2)), "j": str(rng.randint(1, 12)), "w": rng.choice(list(SPANS))}
    kw = {}
    for k, v in fields.items():
        if v == "{g}":
            kw["gpu"] = int(slots["g"])
        elif v == "{j}":
            kw["job"] = int(slots["j"])
        elif v == "{w}":
            kw["window"] = _window(slots["w"], now)
        else:
            kw[k] = v
    return Query(**kw), slots


def turn(system: str, question: str, answer: str) -> str:
    return f"System: {system}\n\nUser: {question}\n\nAssistant: {answer}\n\n"


def picking(question: str, query: Query | None, context: Context | None = None) -> str:
    answer = "none" if query is None else pick_json(query)
    return pick_prompt(question, context or Context()) + f" {answer}\n\n"


FIXED_NOW = 1_780_000_000.0  # the corpus's clock, so a seed gives the same bytes


def documents(seed: int = 1, per_machine: int = 40, now: float = FIXED_NOW) -> Iterator[str]:
    """Endless training documents (picking, answering, follow-ups, refusals), one machine per batch."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        while True:
            ctx = machine(rng, Path(tmp), now)
            for _ in range(per_machine):
                if rng.random() < 0.08:
                    q = noisy(rng.choice(OFF_TOPIC), rng)
                    yield picking(q, None) + turn("Facts: none", q, REFUSAL)
                    continue
                fields, phrasings = rng.choice(TEMPLATES)
                query, slots = _fill(fields, rng, now)
                question = noisy(rng.choice(phrasings).format(**slots), rng)
                result = run(ctx, query)
                text = picking(question, query)
                text += turn(result.block(), question, result.sentence)
                if rng.random() < 0.25:
                    text += _follow_up(ctx, query, result.subject_jobs, rng, now)
                yield text
            ctx.store.close()


def _follow_up(ctx: QueryContext, first: Query, subjects: list[int], rng: random.Random, now: float) -> str:
    phrase, kind = rng.choice(FOLLOW_UPS)
    if kind == "why" and subjects:
        nxt = Query("job_detail", job=subjects[0])
    elif kind == "gpu" and first.gpu is not None:
        nxt = replace(first, gpu=1 - first.gpu)
    elif kind == "window" and first.window is not None:
        nxt = replace(first, window=_window("yesterday", now))
    else:
        return ""
    q = phrase.format(g=nxt.gpu, w="yesterday")
    result = run(ctx, nxt)
    return picking(q, nxt, Context(first, subjects)) + turn(result.block(), q, result.sentence)
