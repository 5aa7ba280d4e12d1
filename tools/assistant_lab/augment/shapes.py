"""Word-level noise and more sentence shapes for training questions, so a picker keys on a query's cues.

A model trained on the grammar's wording alone scores well on questions shaped like the grammar's and
poorly on the words people add, leave out or use instead. These rewrite a training question without
changing its query: :func:`noise` puts in words that mean nothing here
(:mod:`assistant_lab.augment.noise_words`)
and drops or replaces only the words of :data:`SOFT` (never a cue word of :data:`CUE`, a slot or a
number); :func:`shape` asks the same question indirectly ("do you know whether {G} is busy") or with the
answer expected ("{G} is busy, right"); :func:`wrap` adds context before or after it ("about to launch an
experiment; ..."), an aside or a chat handle; :func:`respan` says a time span another way that reads as
the same span (:mod:`assistant_lab.augment.idioms`). :func:`assistant_lab.augment.rewording.augment` applies
them.
"""

from __future__ import annotations

import functools
import random
import re

from assistant_lab.augment import idioms as I
from assistant_lab.augment import noise_words as N
from gpuaccel.assistant.queries.spans import window_of
from gpuaccel.assistant.understand.words import LESS, LOST, MORE, NUMBER_WORDS, WORD_OF

# Words the query depends on: topic, ranking, state and node words, question words, negations, pronouns
# and words that point back, and the words that name a job or a time. Noise never drops or replaces them.
CUE = frozenset(
    set(WORD_OF)
    | MORE
    | LESS
    | LOST
    | set(NUMBER_WORDS)
    | set(
        "why where who whose whom when which what how whether if not no never nothing none it its that this"
        " these those they them one ones other another same again each every all per much many named called"
        " name names with in on of for since ago still then and any anything there is are was were do does"
        " did has have can could you your yourself use used using left free doing going get hard work i"
        " long yet ok".split()
    )
)
# Words a question keeps its meaning without: noise may drop them or put another word in their place.
SOFT = frozenset(
    "the a an my me please pls just really show tell give find see need want know some check".split()
)
# Words the next word belongs to: nothing is put in right after them ("how much", "most loaded").
_GLUE = CUE | set("the a an my our to at by from gpu tensor power top kilowatt".split())
_STRIP = ",.:;?!-"


def _is_slot(word: str) -> bool:
    return "{" in word


def _random_word(rng: random.Random) -> str:
    return rng.choice(N.NAMES) if rng.random() < 0.2 else rng.choice(N.COMMON_WORDS)


def noise(text: str, rng: random.Random) -> str:
    """One to two words that mean nothing here put in, or a soft word dropped or replaced by one."""
    words = text.split()
    kind = rng.random()
    soft = [i for i, w in enumerate(words) if w.lower().strip(_STRIP) in SOFT and w[-1] not in _STRIP]
    if kind < 0.25 and soft and len(words) > 2:
        for i in sorted(rng.sample(soft, min(len(soft), rng.choice((1, 1, 2)))), reverse=True):
            del words[i]
        return " ".join(words)
    if kind < 0.45 and soft:
        words[rng.choice(soft)] = _random_word(rng)
        return " ".join(words)
    for _ in range(rng.choice((1, 1, 1, 2))):
        spots = [0, len(words)] + [
            i for i in range(1, len(words)) if words[i - 1].lower().strip(_STRIP) not in _GLUE
        ]
        words.insert(rng.choice(spots), _random_word(rng))
    return " ".join(words)


_GPU = "gpus?|GPUs?|cards?|graphics cards?|devices?|accelerators?"
_SUBJECT = (
    rf"(?:\{{[GJ]\}}|you|there|anything"
    rf"|(?:the|my|a|any|all the) (?:{_GPU}|tensor cores|queue|gate|cluster|nodes?))(?![\w'])"
)
_BE = re.compile(rf"^(is|are|was|were|has|have) ({_SUBJECT})( on \{{G\}})? (.+)$")
_DID = re.compile(rf"^((?:why|when|how long|how|what) )?did ({_SUBJECT}|I|we|any job) (\w+)(.*)$")
_DOES = re.compile(rf"^(does|do) ({_SUBJECT}|I) (\w+)(.*)$")
_WH_BE = re.compile(rf"^(how \w+|how \w+ \w+|what|where|how) (is|are) ({_SUBJECT})(.*)$")
_WHAT_THE = re.compile(r"^what(?:'s| is) (the .+)$")
_PAST = {
    "fail": "failed",
    "succeed": "succeeded",
    "finish": "finished",
    "work": "worked",
    "crash": "crashed",
    "die": "died",
    "break": "broke",
    "run": "ran",
    "take": "took",
    "start": "started",
    "go": "went",
    "use": "used",
    "cancel": "cancelled",
    "complete": "completed",
    "stop": "stopped",
    "end": "ended",
    "begin": "began",
    "consume": "consumed",
    "burn": "burned",
}
_THIRD = {"have": "has", "use": "uses", "run": "runs", "get": "gets", "need": "needs", "own": "owns"}
_SOME = {"anything": "something", "any job": "some job"}
INDIRECT = (
    "do you know {q}",
    "could you check {q}",
    "can you find out {q}",
    "I wonder {q}",
    "any idea {q}",
    "wondering {q}",
    "not sure {q}",
    "need to find out {q}",
    "curious {q}",
    "could you look up {q}",
    "would you know {q}",
    "can you see {q}",
    "trying to find out {q}",
    "can someone tell me {q}",
    "pls check {q}",
)
EXPECT = ("{s}, right", "{s}, correct", "{s}, yeah", "{s}, no", "I assume {s}", "I guess {s}", "{s} I hope")
EXPECT += ("{s}, I think", "so {s}", "{s}, yes or no", "surely {s}", "{s}, am I right", "pretty sure {s}")


def _statement(text: str, rng: random.Random) -> tuple[str, bool] | None:
    """A question as the statement it asks about, and whether it was a yes/no question; None: no such form."""
    if m := _BE.match(text):
        subject = m[2]
        neg = " not" if subject.startswith("{") and m[1] in ("is", "are") and rng.random() < 0.2 else ""
        return f"{subject}{m[3] or ''} {m[1]}{neg} {m[4]}", True
    if (m := _DID.match(text)) and m[3] in _PAST:
        wh, subject = m[1] or "", m[2]
        return f"{wh}{subject} {_PAST[m[3]]}{m[4]}", not wh
    if (m := _DOES.match(text)) and m[3] in _THIRD:
        verb = _THIRD[m[3]] if m[2] not in ("I", "you") and not m[2].endswith("s") else m[3]
        return f"{m[2]} {verb}{m[4]}", True
    if m := _WH_BE.match(text):
        return f"{m[1]} {m[3]} {m[2]}{m[4]}", False
    if m := _WHAT_THE.match(text):
        return f"what {m[1]} is", False
    return None


def shape(text: str, rng: random.Random) -> str:
    """The question asked indirectly ("do you know whether ..."), or, for a yes/no one, with the answer
    expected ("{G} is busy, right"); as it was where its shape allows neither."""
    said = _statement(text, rng)
    if said is None:
        if re.match(r"^(which|what|who|how many|how much) ", text):
            return rng.choice(INDIRECT).format(q=text)  # "which gpu is the hottest": its own word order
        return text
    statement, yes_no = said
    if yes_no and rng.random() < 0.5:
        for any_, some in _SOME.items():
            statement = re.sub(rf"^{any_}\b", some, statement)
        return rng.choice(EXPECT).format(s=statement)
    if yes_no:
        statement = f"{rng.choice(('whether', 'if'))} {statement.replace(' not ', ' ')}"
    return rng.choice(INDIRECT).format(q=statement)


def _with_name(text: str, rng: random.Random) -> str:
    return text.replace("{p}", rng.choice(N.NAMES))


def wrap(text: str, rng: random.Random) -> str:
    """Context before the question or after it, an aside, or a chat handle in front."""
    kind = rng.randrange(4)
    if kind == 0:
        before = _with_name(rng.choice(N.PREAMBLES), rng)
        return f"{before}{rng.choice(('.', ';', ' -', ',', '...', '. so', '. quick check:'))} {text}"
    if kind == 1:
        after = _with_name(rng.choice(N.AFTERWORDS), rng)
        return f"{text}{rng.choice(('?', '.', ' -'))} {after}"
    if kind == 2:
        aside = _with_name(rng.choice(N.ASIDES), rng)
        if rng.random() < 0.6:
            return rng.choice(("{q}, {a}", "{q} - {a}", "{q} ({a})")).format(q=text, a=aside)
        return f"{aside}{rng.choice((':', ',', ' -'))} {text}"
    return f"{rng.choice(N.HANDLES)} {text}"


@functools.cache
def _spans(span: str) -> tuple[str, ...]:
    """The forms of :data:`~assistant_lab.augment.idioms.SPAN_FORMS` that read as the same span as
    ``span``."""
    now = 1_780_000_000.0
    n = re.search(r"\d+", span)
    want = window_of(span.lower(), now)
    forms = {f.format(n=n[0] if n else "7") for f in I.SPAN_FORMS}
    return tuple(sorted(f for f in forms if window_of(f.lower(), now) == want))


def respan(span: str, rng: random.Random) -> str:
    """A time span said another way that reads as the same span (half the time it stays as it is)."""
    forms = _spans(span)
    return rng.choice(forms) if forms and rng.random() < 0.5 else span
