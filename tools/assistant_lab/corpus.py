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

import functools
import json
import random
import re
import tempfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from assistant_lab.augment.rewording import all_forms, augment, normal
from assistant_lab.augment.shapes import respan
from assistant_lab.phrasings import grammar as P
from gpuaccel.assistant.queries.catalogue import Query, QueryContext, run
from gpuaccel.assistant.queries.facts import FactsSource
from gpuaccel.assistant.understand.model import pick_json, pick_prompt
from gpuaccel.assistant.understand.picker import PER_GPU, REFUSAL, WINDOWED, Context
from gpuaccel.assistant.understand.words import window_of


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


FIXED_NOW = 1_780_000_000.0  # the corpus's clock, so a seed gives the same bytes

_CHOICE = re.compile(r"\[([^\[\]]*)\]")
_LIST = re.compile(r"<(\w+)>")
DEV_SHARE = 6  # one template in six (never a query's first) is kept for the dev split


def is_dev(template: str, index: int) -> bool:
    """Whether a template belongs to the dev split: stable across runs, the first of every list trains."""
    return index > 0 and zlib.crc32(template.encode()) % DEV_SHARE == 0


def _split(templates: tuple[str, ...], dev: bool) -> list[str]:
    return [t for i, t in enumerate(templates) if is_dev(t, i) == dev]


@functools.cache
def dev_forms() -> frozenset[str]:
    """Every question the dev templates can make (slots unfilled, normalized), which training must not say."""
    templates = [t for _, ts in P.PHRASINGS for t in _split(ts, True)] + _split(P.OFF_TOPIC, True)
    templates += [t for ts in P.FOLLOW_UPS.values() for t in _split(ts, True)]
    return frozenset(all_forms(templates, P.WORDS))


def reworded(text: str, rng: random.Random, windowed: bool = False, first: bool = True) -> str:
    """A training question reworded (:func:`~assistant_lab.augment.rewording.augment`; ``first``: not a
    follow-up), unless the rewording is one of the dev split's questions: then as the template wrote it."""
    out = augment(text, rng, windowed, first)
    return text if normal(out) in dev_forms() else out


def expand(template: str, rng: random.Random) -> str:
    """Word lists and choices of a template resolved at random (slots such as {G} left)."""
    text = _LIST.sub(lambda m: rng.choice(P.WORDS[m.group(1)]), template)
    text = _CHOICE.sub(lambda m: rng.choice(m.group(1).split("|")), text)
    return re.sub(r"\s+", " ", text).strip()


def slots(rng: random.Random) -> dict[str, Any]:
    """A GPU, a job, a time span and a job name for one question."""
    name = rng.choice(P.NAME_PARTS) + rng.choice(
        ("", "", "-" + rng.choice(P.NAME_PARTS), f"-{rng.randint(1, 9)}", "_v2", "-x")
    )
    return {
        "g": rng.choice((0, 0, 0, 1, 1, 1, 2, 3)),
        "j": rng.choice((rng.randint(1, 12), rng.randint(1, 400))),
        "w": rng.choice(P.SPANS).format(n=rng.randint(2, 48)),
        "n": name,
        "m": rng.choice(list(P.METRIC_WORDS)),
    }


def fill(text: str, s: dict[str, Any], rng: random.Random) -> str:
    """The slots of an expanded template, each in one of the ways people write it."""
    for key, forms in (("{G}", P.GPU_FORMS), ("{J}", P.JOB_FORMS), ("{N}", P.NAME_FORMS)):
        if key in text:
            text = text.replace(key, rng.choice(forms).format(g=s["g"], j=s["j"], n=s["n"]))
    text = text.replace("{M}", rng.choice(P.METRIC_WORDS[s["m"]])).replace("{L}", str(s.get("l")))
    return text.replace("{W}", s["w"]).replace("{g}", str(s["g"])).replace("{j}", str(s["j"]))


def query_of(spec: dict[str, Any], s: dict[str, Any], now: float) -> Query:
    """A template's query fields with the question's slots put in ({L}: a log's count of lines)."""
    values = {"{G}": s["g"], "{J}": s["j"], "{N}": s["n"], "{L}": s.get("l")}
    kw = {k: values.get(v, v) for k, v in spec.items() if v != "{W}"}
    if "window" in spec:
        kw["window"] = window_of(s["w"].lower(), now)
    return Query(**kw)


def _typo(word: str, rng: random.Random) -> str:
    k = rng.randrange(1, len(word) - 1)
    kind = rng.randrange(4)
    if kind == 0:
        return word[:k] + word[k + 1] + word[k] + word[k + 2 :]  # swapped
    if kind == 1:
        return word[:k] + word[k + 1 :]  # dropped
    if kind == 2:
        return word[:k] + word[k] + word[k:]  # doubled
    return word[:k] + rng.choice("aeiourstnl") + word[k + 1 :]  # another letter


def noisy(text: str, rng: random.Random, keep: str = "") -> str:
    """The user's way of typing: a greeting or a please, typos, case, punctuation (``keep`` untouched)."""
    text = rng.choice(P.PREFIXES) + text.rstrip("?") + rng.choice(P.SUFFIXES)
    words = text.split(" ")
    for _ in range(rng.choice((0, 0, 0, 1, 1, 2))):
        spots = [i for i, w in enumerate(words) if w.isalpha() and len(w) >= 4 and w != keep]
        if spots:
            i = rng.choice(spots)
            words[i] = _typo(words[i], rng)
    out = " ".join(words)
    r = rng.random()
    if r < 0.35:
        out = out.lower()
    elif r < 0.5:
        out = out[:1].upper() + out[1:]
    return out + rng.choice(("?", "?", "?", "", "", ".", "??", " ?"))


@dataclass
class Pick:
    """One picking example: the question, the conversation so far, the query it asks (None: off-topic)."""

    question: str
    context: Context
    query: Query | None
    first: tuple[str, Query] | None = None  # the question and query a follow-up follows


def _plain(rng: random.Random, now: float, dev: bool) -> tuple[str, Query, dict[str, Any]]:
    while True:
        spec, templates = rng.choice(P.PHRASINGS)
        choices = _split(templates, dev)
        if choices:
            break
    s = slots(rng)
    text = expand(rng.choice(choices), rng)
    if not dev:
        text = reworded(text, rng, windowed="window" in spec)
        s["w"] = respan(s["w"], rng)
    return noisy(fill(text, s, rng), rng, keep=s["n"]), query_of(spec, s, now), s


SUBJECTS = ("failures", "jobs", "job_rank", "queue", "summary")


def _next(kind: str, last: Query, subjects: list[int], s: dict[str, Any], now: float) -> Query | None:
    """What a follow-up of this kind asks after ``last`` (None: it makes no sense there)."""
    if kind == "gpu" and last.job is None:
        if last.name == "gpu_rank":
            return Query("gpu_reading", gpu=s["g"], metric=last.metric)
        if last.name == "idle_gpus":
            return Query("gpu_reading", gpu=s["g"], metric="util")
        return replace(last, gpu=s["g"]) if last.name in PER_GPU else None
    if kind == "metric" and last.name in ("gpu_reading", "gpu_rank") and s["m"] != last.metric:
        return Query("gpu_reading", gpu=last.gpu, metric=s["m"])
    if kind == "window" and last.job is None:
        window = window_of(s["w"].lower(), now)
        return replace(last, window=window) if last.name in WINDOWED else Query("summary", window=window)
    if kind == "why" and subjects:
        return Query("job_detail", job=subjects[0])
    if kind == "job" and last.job is not None:
        return replace(last, job=s["j"])
    return None


def sample(rng: random.Random, now: float, dev: bool = False) -> Pick:
    """One question with its answer query on a generated machine (the prompt names its GPUs and jobs):
    a share that needs the machine or is off-topic with a query's cues (:mod:`corpus_context`), the rest
    from the phrasing grammar. A dev question is the grammar's alone, with no machine (:func:`dev_set`
    adds one from a stream of its own, so the dev questions stay the ones earlier models were scored on)."""
    if dev:
        return _sample(rng, now, True)
    from assistant_lab.contextual import CONTEXTUAL_SHARE, contextual, with_machine

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
    from assistant_lab.contextual import with_machine

    rng, machines = random.Random(seed), random.Random(seed + 1_000_003)
    return [with_machine(sample(rng, now, dev=True), machines, train=False) for _ in range(n)]


ADDED_SHARE = 0.08  # documents of the queries added after the dev split was fixed, per document before


def documents(
    seed: int = 1, per_machine: int = 200, now: float = FIXED_NOW, answers: float = 0.15
) -> Iterator[str]:
    """Endless training documents: picking turns (follow-ups after their first question, refusals), and
    for a share of them the answering turn written from the query's real result on a generated machine.
    The questions of queries added after the dev split was fixed (:func:`corpus_context.added`) come from
    a random stream of their own, between the others, which stay the documents they were."""
    from assistant_lab.contextual import added

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
