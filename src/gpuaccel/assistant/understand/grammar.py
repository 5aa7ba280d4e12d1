"""What the picking model may write after its prompt: every valid query for this question, as a grammar.

The model writes `` none`` or a query as :func:`~assistant.understand.model.pick_json` writes it (keys sorted,
``", "`` and ``": "`` between them). :class:`PickGrammar` says, for any text written so far, which
characters may come next, so a decoder that only follows them can only end on a valid query. The values
come from four places and nowhere else: the query specs (:data:`~assistant.queries.catalogue.CATALOGUE`:
names, fields, enums), the question and the conversation (GPU indices, job ids, counts of a time span, job
names, a log's count of lines), the machine (its GPU indices, the ids of the jobs the question names by
name), and the time spans :func:`~assistant.understand.words.window_of` names. So a number or a name the
model writes is always one the user, the previous answer or the machine gave, and a GPU index is always
one of the machine's where those are known.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from gpuaccel.assistant.queries.catalogue import CATALOGUE, QUERY_NAMES
from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.queries.spans import window_of
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.names import named_jobs
from gpuaccel.assistant.understand.picker import PER_GPU
from gpuaccel.assistant.understand.words import pointing, words

REFUSE = " none"  # what the picking model writes for a question no query answers
OPEN = " {"
# Time spans that need no number from the question (labels as window_of writes them).
FIXED_SPANS = ("today", "this morning", "yesterday", "the last hour", "the last day", "this week")
SPAN_UNITS = ("minutes", "hours", "days")
NAME_TOKEN = re.compile(r"[A-Za-z0-9][\w.-]*[A-Za-z0-9]", re.ASCII)


def fields_of(name: str) -> tuple[str, ...]:
    """The fields a query may carry: its spec's, and a GPU for those a follow-up moves to another GPU."""
    params = set(CATALOGUE[name].params)
    if name in PER_GPU:
        params.add("gpu")
    return tuple(sorted(params))


def choices_of(name: str, field: str) -> tuple[str, ...] | None:
    """A field's accepted text values (None: any value of the question's own)."""
    choices = CATALOGUE[name].param(field).choices
    if choices is None:
        return None
    return tuple(choices)


def said_numbers(question: str) -> list[int]:
    """The whole numbers a question says, in digits ("gpu1", "#7") or spelled after what they number
    ("job three")."""
    found = [int(n) for n in re.findall(r"\d+", question) if len(n) <= 9]
    return found + [int(n) for n in re.findall(r"\b\d{1,9}\b", " ".join(words(question)))]


def numbers_in(question: str, context: Context) -> list[int]:
    """Every whole number the question or the conversation names ("gpu1", "#7", "job three", the last
    query's GPU, the jobs the last answer named), in the order they came."""
    found = said_numbers(question)
    last = context.last
    if last is not None:
        found += [v for v in (last.gpu, last.job) if v is not None]
    found += list(context.subjects) + list(context.gpus)
    return list(dict.fromkeys(found))


_GPU_NUMBER = re.compile(
    r"\b(?:gpus?|cards?|devices?|boards?|accelerators?|cuda)\s*(?:number|num|nr|no\.?|#|:)?\s*(\d{1,4})\b"
)


def gpus_in(question: str, context: Context) -> list[int]:
    """The GPU indices the model may write: every one of the machine's ("the 4090", "the other one" name a
    GPU by no number), a number the question puts after a GPU word ("gpu 3" on a two-GPU machine gets its
    "no GPU 3" answer), and the conversation's numbers; where the machine's GPUs are known, no other number
    ("17 times 23" names no GPU)."""
    numbers = numbers_in(question, context) + list(context.subject_gpus)
    if not context.gpus:
        return list(dict.fromkeys(numbers))
    said = [int(n) for n in _GPU_NUMBER.findall(" ".join(words(question)))]
    known = set(context.gpus)
    return list(dict.fromkeys([n for n in numbers if n in known] + said + list(context.gpus)))


# words that take up a job the conversation was at ("compare it with job 4", "are both done")
_POINTS_BACK = pointing(("both", "same", "previous", "again", "other", "one", "ones"))


def jobs_in(question: str, context: Context) -> list[int]:
    """The job ids the model may write: the numbers of the question and of the conversation's jobs, and
    the ids of the jobs it names by name (never the machine's GPU indices as such). A question that names
    a job by name and points back at none ("how long did data-prep take?" after another job) leaves the
    conversation's jobs out: the one it names is meant ("why the sweep one" after the failures points back
    at the sweep element among them). Never 0: the queue's ids start at 1, and a 0 said is a card ("der
    0er", "gpu0")."""
    found = [n for n in said_numbers(question) if n > 0]
    named = named_jobs(question, context)
    last = context.last
    talked = ([last.job] if last is not None and last.job is not None else []) + list(context.subjects)
    if named and not _POINTS_BACK.search(question):
        talked = []
    return list(dict.fromkeys(found + talked + named))


def compared_in(jobs: list[int], context: Context) -> list[str]:
    """The job lists a ranking may be limited to ("4,6"): every ordered pair of ``jobs`` (those the model may
    write, :func:`jobs_in`) and all of them in the order said, as the rules write ``among``; and the last
    ranking's own list ("which one used more energy?" of the jobs just compared)."""
    jobs = jobs[:8]
    lists = [f"{a},{b}" for a in jobs for b in jobs if a != b]
    if len(jobs) > 2:
        lists.append(",".join(map(str, jobs)))
    last = context.last
    if last is not None and last.among:
        lists.append(last.among)
    return list(dict.fromkeys(lists))


def thresholds_in(question: str, context: Context) -> list[int]:
    """The values a reading's time at or above may be asked for ("how long over 80 °C"): the question's
    whole numbers, and the last query's threshold ("and on the other card?")."""
    found = [n for n in said_numbers(question) if n > 0]
    last = context.last
    if last is not None and last.at_least is not None:
        found.append(last.at_least)
    return list(dict.fromkeys(found))


def names_in(question: str, context: Context) -> list[str]:
    """Words of the question that could name a job (any run of letters, digits, ``. _ -``), and the queue's
    job names the question contains; ASCII only: the byte-level picking model writes a character a token."""
    found = [m.group(0) for m in NAME_TOKEN.finditer(question)]
    q = question.lower()
    found += [n for n in context.job_names if n.lower() in q]
    last = context.last
    if last is not None and last.job_name:
        found.append(last.job_name)
    return [n for n in dict.fromkeys(found) if n.isascii()]


def spans_for(numbers: list[int], context: Context, now: float, question: str = "") -> list[str]:
    """Time-span labels the model may write: the fixed ones, "the last N units" for the question's numbers,
    the span the question's own words name as the span reader reads them ("since noon", "yesterday
    evening", "between 13:45 and 13:50": one reader for rules and model), and the previous query's span;
    each as :func:`window_of` labels it, so it reads back the same."""
    texts = [f"{s}" for s in FIXED_SPANS] + [f"last {n} {u}" for n in numbers if n > 0 for u in SPAN_UNITS]
    labels = [w.label for w in (window_of(t, now) for t in texts) if w is not None]
    said = window_of(question.lower(), now) if question else None
    if said is not None:
        labels.append(said.label)
    last = context.last
    if last is not None and last.window is not None:
        labels.append(last.window.label)
    return [lab for lab in dict.fromkeys(labels) if (w := window_of(lab.lower(), now)) and w.label == lab]


@dataclass(frozen=True)
class Part:
    """Where a query's JSON stands: the names still possible and the fields written so far, in order."""

    names: tuple[str, ...]
    items: tuple[tuple[str, Any], ...] = ()
    closed: bool = False


Hypothesis = tuple[Part | None, str]  # (None: the first step, " none" or " {"), the text of the piece so far


class PickGrammar:
    """Every query the model may write for one question; :meth:`allowed` and :meth:`step` walk it by
    character, :meth:`result` reads a finished text back as the :class:`Query` (or None for `` none``)."""

    def __init__(self, question: str, context: Context, now: float) -> None:
        numbers = numbers_in(question, context)
        jobs = jobs_in(question, context)
        self.now = now
        self.domains: dict[str, list[Any]] = {
            "gpu": gpus_in(question, context),
            "job": jobs,
            "job_name": names_in(question, context),
            "window": spans_for(numbers, context, now, question),
            "lines": [n for n in said_numbers(question) if n > 0],  # "the last 50 lines"
            "among": compared_in(jobs, context),
            "at_least": thresholds_in(question, context),
        }
        self._pieces: dict[Part | None, list[tuple[str, Part]]] = {}

    def values(self, name: str, field: str) -> list[Any]:
        if field == "name":
            return [name]
        fixed = choices_of(name, field)
        return list(fixed) if fixed is not None else self.domains[field]

    def pieces(self, part: Part | None) -> list[tuple[str, Part]]:
        """The pieces of text that may come next (whole fields, the closing brace) and where each leads."""
        if part in self._pieces:
            return self._pieces[part]
        out: list[tuple[str, Part]] = []
        if part is None:
            out = [(REFUSE, Part((), closed=True)), (OPEN, Part(tuple(QUERY_NAMES)))]
        elif not part.closed:
            written = [k for k, _ in part.items]
            has_name = "name" in written
            sep = ", " if written else ""
            keys = sorted({f for n in part.names for f in fields_of(n)} | {"name"})
            for key in keys:
                if written and key <= written[-1]:
                    continue
                if key > "name" and not has_name:
                    break  # the name comes before these keys: without it no query can be finished
                for value in self._values_for(part.names, key):
                    names = tuple(
                        n
                        for n in part.names
                        if (key == "name" or key in fields_of(n)) and value in self.values(n, key)
                    )
                    if key == "name":
                        required = CATALOGUE[value].required
                        if any(r < "name" and r not in written for r in required):
                            continue
                    if names:
                        text = f'{sep}"{key}": {json.dumps(value)}'
                        out.append((text, Part(names, (*part.items, (key, value)))))
            if has_name and all(r in written for r in CATALOGUE[part.names[0]].required):
                out.append(("}", Part(part.names, part.items, closed=True)))
        self._pieces[part] = out
        return out

    def _values_for(self, names: tuple[str, ...], key: str) -> list[Any]:
        if key == "name":
            return list(names)
        vals: dict[Any, None] = {}
        for n in names:
            if key in fields_of(n):
                vals.update(dict.fromkeys(self.values(n, key)))
        return list(vals)

    def start(self) -> list[Hypothesis]:
        return [(None, "")]

    def _closure(self, hyps: list[Hypothesis]) -> list[Hypothesis]:
        """A piece written in full also opens the next piece (a number may still go on: "1" or "12")."""
        out = list(hyps)
        for part, text in hyps:
            for piece, nxt in self.pieces(part):
                if piece == text:
                    out.append((nxt, ""))
        return list(dict.fromkeys(out))

    def allowed(self, hyps: list[Hypothesis]) -> set[str]:
        """The characters that may come next."""
        chars = set()
        for part, text in self._closure(hyps):
            if part is not None and part.closed:
                continue
            chars.update(
                p[len(text)] for p, _ in self.pieces(part) if p.startswith(text) and len(p) > len(text)
            )
        return chars

    def step(self, hyps: list[Hypothesis], char: str) -> list[Hypothesis]:
        """The hypotheses after writing ``char`` (empty: not allowed)."""
        out = []
        for part, text in self._closure(hyps):
            if part is not None and part.closed:
                continue
            t = text + char
            if any(p.startswith(t) for p, _ in self.pieces(part)):
                out.append((part, t))
        return out

    def finished(self, hyps: list[Hypothesis]) -> Part | None:
        """The closed query (or refusal) the text ends, if it ends one."""
        return next((p for p, _ in self._closure(hyps) if p is not None and p.closed), None)

    def result(self, part: Part) -> Query | None:
        """The query a finished text names; None for the refusal."""
        if not part.names:
            return None
        data = dict(part.items)
        if "window" in data:
            data["window"] = window_of(data["window"].lower(), self.now)
        return Query(**data)
