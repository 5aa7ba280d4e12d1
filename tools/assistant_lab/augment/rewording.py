"""Rewordings of training questions, so a picker learns the cue words of a query, not a template's shape.

The phrasing grammar gives each query a few sentence shapes; a small model trained on them alone learns the
shapes and misses the same request worded another way. :func:`augment` rewrites a template after its choices
are resolved and before its slots ({G}, {J}, {W}, {N}) are filled: synonyms per concept, a clause moved to the
front, function words dropped (telegraphic), contractions, fillers and frames ("I was wondering ...",
"right now", "btw"), and case. None of them changes the query a question asks (the word lists are in
:mod:`assistant_lab.augment.words`, casual words and idioms in :mod:`assistant_lab.augment.idioms`). Words
that mean nothing here, indirect and expectant forms and context around a question come from
:mod:`assistant_lab.augment.shapes`. Only training questions are augmented; the dev split keeps its own
wording, and :func:`all_forms` lets the corpus refuse a rewording that would equal a dev template's question.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterable, Mapping

from assistant_lab.augment import shapes as S
from assistant_lab.augment import words as A
from assistant_lab.augment.idioms import MORE_SYNONYMS, NEW_SYNONYMS

KEEP = 0.25  # share of questions left as the template wrote them

# The grammar's concepts with their casual words and idioms, then the concepts only the idioms name.
SYNONYMS = tuple((pat, alts + MORE_SYNONYMS.get(pat, ())) for pat, alts in A.SYNONYMS) + NEW_SYNONYMS
_SYNONYMS = re.compile("|".join(f"(?P<s{i}>\\b(?:{pat})\\b)" for i, (pat, _) in enumerate(SYNONYMS)))
_SLOT = r"(\{[GJ]\})"
_VERB_FIRST = re.compile(rf"^(is|does|did|has) {_SLOT} (.+)$")
_PREP_LAST = re.compile(rf"^(.+) (on|for|of|in) {_SLOT}$")
_OBJECT_LAST = re.compile(rf"^(.+ (?:is|about|using|on|ran|was)) {_SLOT}$")
_SPAN_LAST = re.compile(r"^(\S+ .+) (\{W\})$")
_SLOT_FIRST = re.compile(rf"^{_SLOT} ((?:\S+ ?){{1,3}})$")


def synonyms(text: str, rng: random.Random, p: float = 0.6) -> str:
    """Each concept word replaced, with probability ``p``, by another word for the same thing."""

    def swap(m: re.Match[str]) -> str:
        if rng.random() >= p or m.lastgroup is None:
            return m.group(0)
        return rng.choice(SYNONYMS[int(m.lastgroup[1:])][1])

    return _SYNONYMS.sub(swap, text)


def reorder(text: str, rng: random.Random) -> str:
    """The GPU, job or time span said first: "on gpu 1, how hot is it", "today, which jobs failed"."""
    if m := _VERB_FIRST.match(text):
        return f"{m[2]}{rng.choice((',', ' -', ':'))} {m[1]} it {m[3]}"
    if m := _PREP_LAST.match(text):
        return f"{'on' if m[2] == 'on' else 'for'} {m[3]}, {m[1]}"
    if m := _OBJECT_LAST.match(text):
        return f"{m[2]}{rng.choice((',', ':'))} {m[1]} it"
    if m := _SPAN_LAST.match(text):
        return f"{m[2]}{rng.choice((',', ':'))} {m[1]}"
    if (m := _SLOT_FIRST.match(text)) and "then" not in m[2]:
        return f"{m[2]}{rng.choice((' for', ' of', ''))} {m[1]}"
    return text


def telegraphic(text: str, rng: random.Random) -> str:
    """Function words left out and long words shortened, as in "gpu1 temp now" (slots and numbers stay)."""
    out = []
    for word in text.split():
        low = word.lower()
        if low in A.FUNCTION_WORDS and rng.random() < 0.7:
            continue
        if low in ("what", "which") and rng.random() < 0.3:
            continue
        out.append(A.ABBREVIATIONS[low] if low in A.ABBREVIATIONS and rng.random() < 0.5 else word)
    return " ".join(out) if len(out) >= 2 or any("{" in w for w in out) else text


def contract(text: str, rng: random.Random) -> str:
    """Contractions made or undone, and sometimes the apostrophe left out."""
    for long, short in A.CONTRACTIONS:
        if re.search(rf"\b{long}\b", text) and rng.random() < 0.6:
            text = re.sub(rf"\b{long}\b", short, text)
        elif short in text and rng.random() < 0.5:
            text = text.replace(short, long)
    for word in A.APOSTROPHES:
        if word in text and rng.random() < 0.3:
            text = text.replace(word, word.replace("'", ""))
    return text


def fill_in(text: str, rng: random.Random, windowed: bool) -> str:
    """A filler, a frame or a "right now" put in at the start, the end or between words.

    A question about a time span gets no "right now": it would name a second time."""
    kind = rng.randrange(5 if windowed else 6)
    if kind == 0:
        return f"{rng.choice(A.OPENERS)} {text}"
    if kind == 1:
        return rng.choice(A.FRAMES).format(q=text)
    if kind == 2:
        return text + rng.choice(A.CLOSERS)
    if kind in (3, 4):
        words = text.split()
        if len(words) >= 2:
            words.insert(rng.randrange(1, len(words)), rng.choice(A.INSERTS))
        return " ".join(words)
    now = rng.choice(A.NOW_WORDS)
    return f"{now}, {text}" if rng.random() < 0.3 else f"{text} {now}"


def recase(text: str, rng: random.Random) -> str:
    """Shouted or title-cased words; slots keep their case (a job name is matched as written)."""
    if "{N}" in text or rng.random() < 0.5:
        return " ".join(w if "{" in w else w.capitalize() for w in text.split())
    return " ".join(w if "{" in w else w.upper() for w in text.split())


def augment(text: str, rng: random.Random, windowed: bool = False, first: bool = True) -> str:
    """A template's resolved text reworded in some of the ways above and of
    :mod:`assistant_lab.augment.shapes`
    (or left as it is, :data:`KEEP`). A follow-up (not ``first``) keeps its own short shape: no indirect
    form, no context around it."""
    if rng.random() < KEEP:
        return text
    shaped = first and rng.random() < 0.2
    if shaped:
        text = S.shape(text, rng)
    if rng.random() < 0.6:
        text = synonyms(text, rng)
    if not shaped and rng.random() < 0.25:
        text = reorder(text, rng)
    if not shaped and rng.random() < 0.15:
        text = telegraphic(text, rng)
    if rng.random() < 0.3:
        text = contract(text, rng)
    if rng.random() < 0.35:
        text = S.noise(text, rng)
    if rng.random() < 0.4:
        text = fill_in(text, rng, windowed)
    if first and rng.random() < 0.2:
        text = S.wrap(text, rng)
    if rng.random() < 0.08:
        text = recase(text, rng)
    return text


def normal(text: str) -> str:
    """A question's words only, lower case, each slot by its kind: how two wordings are compared."""
    return " ".join(re.sub(r"[^a-z0-9{} ]", " ", text.lower()).split())


def all_forms(templates: Iterable[str], words: Mapping[str, tuple[str, ...]]) -> set[str]:
    """Every question (normalized) the templates can make, slots unfilled."""
    out: set[str] = set()
    for template in templates:
        parts = re.split(r"(\[[^\[\]]*\]|<\w+>)", template)
        options = [
            p[1:-1].split("|") if p.startswith("[") else words[p[1:-1]] if p.startswith("<") else (p,)
            for p in parts
        ]
        out.update(normal("".join(c)) for c in itertools.product(*options))
    return out
