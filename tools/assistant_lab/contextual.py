"""Picking examples on a generated machine: every question's prompt names the machine's GPUs and jobs, and
some questions can only be answered from them.

:func:`with_machine` puts a machine (:func:`~assistant_lab.machines.machine_context`) under a question of
the phrasing grammar without changing what it asks: no GPU index the question names is missing, and no job
of the queue is one the rules would read in the question. :func:`contextual` makes the questions that need
the machine (:mod:`assistant_lab.phrasings.context`), off-topic ones with numbers, GPU models and job-ish
words (:mod:`assistant_lab.phrasings.offtopic`), and the questions of queries added after the dev split was
fixed (:mod:`assistant_lab.phrasings.added`); targets follow the rules' reading of these questions
(:class:`~assistant.understand.picker.RulePicker`).
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

from assistant_lab import sampling as S
from assistant_lab.machines import (
    BY_NAME,
    JOB_MODELS,
    JOB_NAME_FORMS,
    JOB_VERBS,
    job_name,
    machine_context,
    said_model,
    stem_of,
    unique_gpus,
)
from assistant_lab.phrasings import added as A
from assistant_lab.phrasings import context as X
from assistant_lab.phrasings import grammar as P
from assistant_lab.phrasings.offtopic import OFF_TOPIC_FAMILIES
from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.names import named_job, quoted_job_name
from gpuaccel.assistant.understand.picker import PER_GPU

CONTEXTUAL_SHARE = 0.35  # of the training questions: those that need the machine, and more off-topic ones
_PRONOUN = re.compile(r"\b(?:its?|that)\b", re.I)


def machine_only(context: Context) -> Context:
    """The machine of a context, without the conversation (a conversation's first question)."""
    return replace(context, last=None, subjects=[], subject_gpus=[])


def _reads_as_job(question: str, name: str, job_id: int) -> bool:
    """Whether the rules would read the job ``name`` in ``question`` (then it cannot sit in the queue
    of a question that asks something else)."""
    q, stem = question.lower(), stem_of(name)
    if name.lower() not in q and (stem is None or stem not in q):
        return False  # the common case, without the rules' regular expressions
    stems = quoted_job_name(question) is None
    return named_job(question, Context(job_names={name: job_id}), stems) is not None


def with_machine(pick: S.Pick, rng: random.Random, train: bool = True) -> S.Pick:
    """The same question and query on a generated machine: enough GPUs for every index it names, no job
    named as the question reads one; in training the GPU a ranking named first is "that one"."""
    named = [q.gpu for q in (pick.query, pick.context.last) if q is not None and q.gpu is not None]
    machine = machine_context(rng, min_gpus=max(named, default=0) + 1)
    asked = [pick.question] + ([pick.first[0]] if pick.first else [])
    jobs = dict(machine.job_names)
    if pick.query is not None and pick.query.job_name and rng.random() < 0.7:
        jobs[pick.query.job_name + rng.choice(("-v2", "-b", "-x", "_2"))] = max(jobs.values(), default=40) + 1
    jobs = {n: i for n, i in jobs.items() if not any(_reads_as_job(q, n, i) for q in asked)}
    context = replace(pick.context, job_names=jobs, gpus=machine.gpus, gpu_models=machine.gpu_models)
    last, query = pick.context.last, pick.query
    if train and last is not None and last.name in ("gpu_rank", "idle_gpus"):
        context.subject_gpus = [rng.choice(machine.gpus)]
        if (
            query is not None
            and query.name == "gpu_reading"
            and query.gpu is None
            and _PRONOUN.search(pick.question)
        ):
            query = replace(query, gpu=context.subject_gpus[0])  # "and its power then?": the one it named
    return replace(pick, context=context, query=query)


def _training(templates: tuple[str, ...]) -> list[str]:
    return S._split(templates, False)


def _specs(test: Any) -> list[tuple[dict[str, Any], list[str]]]:
    pool = [(spec, _training(ts)) for spec, ts in P.PHRASINGS if test(spec)]
    return [(spec, ts) for spec, ts in pool if ts]


def _question(
    template: str,
    rng: random.Random,
    s: dict[str, Any],
    windowed: bool,
    gpu_said: str | None,
    first: bool = True,
) -> str:
    """A template worded, reworded (``first``: not a follow-up), and its slots filled; the GPU said by
    its model where given."""
    text = S.reworded(S.expand(template, rng), rng, windowed, first)
    if gpu_said is not None:
        text = text.replace("{G}", gpu_said)
    return S.fill(text, s, rng)


def _first_on_gpu(rng: random.Random, now: float, gpu: int, said: str | None) -> tuple[str, Query]:
    """A first question about one GPU (a per-GPU query with its index), maybe naming it by its model."""
    pool = _specs(lambda spec: spec.get("gpu") == "{G}" and spec["name"] in PER_GPU)
    spec, templates = rng.choice(pool)
    s = S.slots(rng)
    s["g"] = gpu
    template = rng.choice([t for t in templates if "{G}" in t] or templates)
    text = _question(template, rng, s, "window" in spec, said if said and rng.random() < 0.3 else None)
    return S.noisy(text, rng, keep=s["n"]), S.query_of(spec, s, now)


def _by_model(rng: random.Random, now: float) -> S.Pick | None:
    """A GPU said by its model ("how hot is the 4090"): that GPU's index."""
    machine = machine_context(rng)
    unique = unique_gpus(machine)
    if not unique:
        return None
    gpu = rng.choice(unique)
    said = said_model(rng, machine.gpu_models[gpu])
    s = S.slots(rng)
    s["g"] = gpu
    if rng.random() < 0.25 and len(machine.gpus) > 1:  # "and the 4090?" after a question about another GPU
        other = rng.choice([g for g in machine.gpus if g != gpu])
        first, last = _first_on_gpu(rng, now, other, None)
        nxt = S._next("gpu", last, [], s, now)
        follow = [t for t in _training(P.FOLLOW_UPS["gpu"]) if "{G}" in t]
        if nxt is None:
            return None
        text = S.noisy(_question(rng.choice(follow), rng, s, False, said, first=False), rng)
        context = replace(machine, last=last)
        return S.Pick(text, context, nxt, (first, last))
    if rng.random() < 0.5:
        spec, templates = rng.choice(X.MODEL_PHRASINGS)
        templates = list(templates)
    else:
        spec, templates = rng.choice(_specs(lambda spec: spec.get("gpu") == "{G}"))
        templates = [t for t in templates if "{G}" in t]
    if not templates:
        return None
    text = _question(rng.choice(templates), rng, s, "window" in spec, said)
    return S.Pick(S.noisy(text, rng, keep=s["n"]), machine, S.query_of(spec, s, now))


def _other_one(rng: random.Random, now: float) -> S.Pick:
    """ "and the other one?" after a question about one GPU of two: the other GPU."""
    machine = machine_context(rng, count=2)
    gpu = rng.randrange(2)
    unique = unique_gpus(machine)
    said = said_model(rng, machine.gpu_models[gpu]) if gpu in unique else None
    first, last = _first_on_gpu(rng, now, gpu, said)
    s = S.slots(rng)
    if rng.random() < 0.3:
        text = _question(rng.choice(X.OTHER_ONE_METRIC), rng, s, False, None, False)
        nxt = Query("gpu_reading", gpu=1 - gpu, metric=s["m"])
    else:
        text = _question(rng.choice(X.OTHER_ONE), rng, s, False, None, False)
        nxt = replace(last, gpu=1 - gpu)
    context = replace(machine, last=last)
    return S.Pick(S.noisy(text, rng, keep="other"), context, nxt, (first, last))


def _that_one(rng: random.Random, now: float) -> S.Pick:
    """A reading of the GPU a ranking or the idle list named first ("what's its power?")."""
    machine = machine_context(rng, min_gpus=2)
    spec, templates = rng.choice(_specs(lambda spec: spec["name"] in ("gpu_rank", "idle_gpus")))
    s = S.slots(rng)
    first = S.noisy(_question(rng.choice(templates), rng, s, False, None), rng)
    last = S.query_of(spec, s, now)
    subject = rng.choice(machine.gpus)
    text = S.noisy(_question(rng.choice(X.THAT_ONE), rng, s, False, None, False), rng)
    context = replace(machine, last=last, subject_gpus=[subject])
    return S.Pick(text, context, Query("gpu_reading", gpu=subject, metric=s["m"]), (first, last))


def _named_job(rng: random.Random, now: float) -> S.Pick | None:
    """A job said by its name ("why is eval-x stuck"): job_detail of that job's id."""
    machine = machine_context(rng)
    if not machine.job_names:
        return None
    name, job_id = rng.choice(list(machine.job_names.items()))
    stem = stem_of(name)
    stems = [stem_of(n) for n in machine.job_names]
    if stem and stems.count(stem) == 1 and stem not in machine.job_names and rng.random() < 0.2:
        name = stem  # "how did finetune go" of finetune-v2
    said = rng.choice(JOB_NAME_FORMS).format(n=name)
    if rng.random() < 0.6:
        template = rng.choice(X.NAMED_JOB)
    else:
        detail = next(ts for spec, ts in P.PHRASINGS if spec == {"name": "job_detail", "job": "{J}"})
        template = rng.choice([t for t in _training(detail) if "{J}" in t])
    text = S.reworded(S.expand(template, rng), rng).replace("{J}", said)
    return S.Pick(S.noisy(text, rng, keep=name), machine, Query("job_detail", job=job_id))


def _name_part(rng: random.Random, now: float) -> S.Pick | None:
    """A part of jobs' names ("anything with llama in the name"): the jobs whose name holds it."""
    machine = machine_context(rng)
    parts = {
        p
        for n in machine.job_names
        for p in re.split(r"[-_]", n)
        if len(p) >= 3 and p.isalpha() and p not in machine.job_names
    }
    if machine.job_names and not parts:
        return None
    word = rng.choice(sorted(parts)) if parts else rng.choice(JOB_MODELS + JOB_VERBS)
    text = S.expand(rng.choice(X.NAME_PART), rng).replace("{w}", word)  # no filler between "contains" and it
    return S.Pick(S.noisy(text, rng, keep=word), machine, Query("jobs", job_name=word))


def _number(rng: random.Random) -> str:
    return str(
        rng.choice((rng.randint(2, 30), rng.randint(2, 99), rng.randint(100, 999), rng.randint(1000, 9999)))
    )


def _off_topic(rng: random.Random, now: float) -> S.Pick:
    """A question about anything else, with numbers, GPU models or job names in it: ``none``."""
    machine = machine_context(rng)
    family = rng.choice(sorted(OFF_TOPIC_FAMILIES))
    text = S.reworded(S.expand(rng.choice(OFF_TOPIC_FAMILIES[family]), rng), rng)
    models = list(machine.gpu_models.values()) if rng.random() < 0.6 else list(BY_NAME)
    names = list(machine.job_names) or [job_name(rng)]
    fills = {
        "a": lambda: _number(rng),
        "b": lambda: _number(rng),
        "h": lambda: str(rng.randint(1, 12)),
        "d": lambda: str(rng.randint(1, 28)),
        "r": lambda: rng.choice(BY_NAME[rng.choice(models)].said),
        "n": lambda: rng.choice(names),
    }
    text = re.sub(r"\{([abhdrn])\}", lambda m: fills[m.group(1)](), text)
    return S.Pick(S.noisy(text, rng), machine, None)


def added(rng: random.Random, now: float) -> S.Pick:
    """A question of a query or reading added after the dev split was fixed (:mod:`phrasings_added`: all
    train, none is dev), a quarter of them a follow-up: the fan of the GPU the last answer was about, the
    log of the job it was about. The corpus draws these from a stream of their own
    (``intent_corpus.documents``), so the questions drawn before stay the ones earlier models saw."""
    if rng.random() < 0.25:
        return _fan_follow_up(rng, now) if rng.random() < 0.5 else _log_follow_up(rng, now)
    spec, templates = rng.choice(A.ADDED)
    s = S.slots(rng)
    s["l"] = rng.choice((5, 10, 30, 50, 100, rng.randint(1, 300)))
    text = _question(rng.choice(templates), rng, s, "window" in spec, None)
    return with_machine(S.Pick(S.noisy(text, rng, keep=s["n"]), Context(), S.query_of(spec, s, now)), rng)


def _fan_follow_up(rng: random.Random, now: float) -> S.Pick:
    """ "and the fan?" after a question about one GPU: that GPU's fan speed."""
    machine = machine_context(rng, min_gpus=2)
    gpu = rng.choice(machine.gpus)
    first, last = _first_on_gpu(rng, now, gpu, None)
    text = S.noisy(_question(rng.choice(A.FAN_FOLLOW_UPS), rng, S.slots(rng), False, None, False), rng)
    return S.Pick(
        text, replace(machine, last=last), Query("gpu_reading", gpu=gpu, metric="fan"), (first, last)
    )


def _log_follow_up(rng: random.Random, now: float) -> S.Pick:
    """ "show me the log" after one job's detail or a list of failures: the log of the job named first."""
    machine = machine_context(rng)
    s = S.slots(rng)
    asked = {"name": "job_detail", "job": "{J}"} if rng.random() < 0.6 else {"name": "failures"}
    spec, templates = rng.choice(_specs(lambda spec: spec == asked))
    first = S.noisy(_question(rng.choice(templates), rng, s, False, None), rng)
    last = S.query_of(spec, s, now)
    subjects = [s["j"]] if last.job is not None else [rng.randint(1, 400) for _ in range(rng.randint(1, 3))]
    text = S.noisy(_question(rng.choice(A.LOG_FOLLOW_UPS), rng, s, False, None, False), rng)
    context = replace(machine, last=last, subjects=subjects)
    return S.Pick(text, context, Query("job_log", job=subjects[0]), (first, last))


FAMILIES = (
    (0.25, _by_model),
    (0.10, _other_one),
    (0.07, _that_one),
    (0.22, _named_job),
    (0.06, _name_part),
    (0.30, _off_topic),
)


def contextual(rng: random.Random, now: float) -> S.Pick:
    """One question that needs the machine, or an off-topic one that looks like a query."""
    makers, shares = [m for _, m in FAMILIES], [w for w, _ in FAMILIES]
    while True:
        pick = rng.choices(makers, shares)[0](rng, now)
        if pick is not None:
            return pick
