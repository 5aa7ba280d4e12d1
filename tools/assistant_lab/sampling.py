"""Questions sampled from the phrasing grammar: a template expanded, slots filled, reworded, typo'd."""

from __future__ import annotations

import functools
import random
import re
import zlib
from dataclasses import dataclass, replace
from typing import Any

from assistant_lab.augment.rewording import all_forms, augment, normal
from assistant_lab.augment.shapes import respan
from assistant_lab.phrasings import grammar as P
from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.queries.spans import window_of
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import PER_GPU, WINDOWED

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
