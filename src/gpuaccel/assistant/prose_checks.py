"""What model prose may be shown: every number a fact, every claim about a value what the value is, English.

Why one module: the chat's prose after an answer and a report's summary make one promise -- nothing the
model made up reaches a person, and what it writes reads as English -- so both go through these checks.

- :class:`NumberCheck` / :func:`checked_prose`: free prose (a model that writes its own numbers, an RWKV-7
  G1) ends before its first sentence quoting a number the facts do not hold.
- :func:`check_slots`: prose whose values are slots (the bundled model writes ``{jobs_failed} jobs failed``
  and never a value): a sentence is kept only when each slot names a fact, the model wrote no digit of its
  own, the words around each slot speak of what the slot is (a peak temperature beside "peak" or "hot"), and
  a reading of one GPU or one listed job sits in a sentence that says whose it is. Slots are then filled with
  the facts' own text.
- :func:`grammar_problems`, for both: the sentence starts and ends as one, counts agree with their nouns
  and verbs ("1 job was", "3 jobs were"), no word is doubled, brackets close, and -- where the model file
  carries them -- every pair of adjacent words is one that the prose the model learned from holds (what
  catches "does not are"). It is a check of form, not of sense: a sentence can pass it and still weigh the
  facts wrongly, which is why the facts' own paragraph opens every report.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from gpuaccel.api.durations import parse_duration
from gpuaccel.assistant.queries.query import NUMBER

# the word pairs an English check accepts (a model file's ``prose_pairs``, or a set built in a test)
Pairs = set[tuple[str, str]] | frozenset[tuple[str, str]]
SLOT = re.compile(r"\{([a-z][a-z0-9_]*)\}")
_WORD = re.compile(r"\{[a-z0-9_]+\}|[A-Za-z][A-Za-z'-]*|\d[\d.,:]*|[^\sA-Za-z\d]")
# Words the sentence must hold outside its slots for a slot of this kind: the claim the value is put in
# (stems match a word's start; a phrase matches as written). Keyed by the slot name without its GPU or list
# index; a kind not listed asks for nothing: names, ids, the day, and values that say what they are
# themselves (a failure's reason, why a job waits, a state).
CLAIMS = {
    "jobs_run": ("ran", "run", "job", "launch", "start"),
    "jobs_succeeded": ("succe", "finish", "complet", "fine", "clean", "went through", "worked", "ok"),
    "jobs_failed": ("fail", "crash", "error", "broke", "died"),
    "jobs_cancelled": ("cancel", "kill", "stopp", "abort"),
    "jobs_unfinished": (
        "running",
        "still",
        "finish",
        "unfinish",
        "going",
        "progress",
        "under way",
        "not done",
    ),
    "jobs_waiting": ("wait", "queue", "pend", "held", "hold", "line"),
    "gpu_hours": ("gpu-hour", "hour"),
    "energy": ("energy", "use", "using", "drew", "draw", "consum", "burn", "power", "took", "cost", "spent"),
    "util": (
        "util",
        "busy",
        "busiest",
        "load",
        "idle",
        "quiet",
        "work",
        "active",
        "usage",
        "average",
        "mean",
        "pinned",
    ),
    "tensor": ("tensor",),
    "temp_peak": ("hot", "temp", "peak", "warm", "heat", "cool"),
    "attempts": ("attempt", "tries", "tried", "try", "retr", "time"),
    "attempt": ("attempt", "tries", "tried", "try", "retr", "time"),
    "gpu_time": ("gpu time", "spent", "burn", "cost", "after", "took", "ran", "for", "wasted", "lost"),
    "ran_for": (
        "ran",
        "for",
        "after",
        "took",
        "run",
        "long",
        "time",
        "lasted",
        "lasting",
        "taking",
        "spent",
        "in",
        "clock",
    ),
    "exit_code": ("exit", "code", "status", "return"),
}
# Words that judge a reading, and the values they fit, as the people whose summaries the bundled model learned
# from used them: a GPU is "hot" from 80 °C, "idle" under 20 %. Each is checked against the reading it
# speaks of (:func:`_judgement_problems`).
JUDGEMENTS: tuple[tuple[str, str, float, float], ...] = (
    (r"very hot", "temp_peak", 85.0, math.inf),
    (r"(?<!very )\bhot\b|\boverheat", "temp_peak", 80.0, math.inf),
    (r"\bwarm\b|\bwarmer\b", "temp_peak", 65.0, 88.0),
    (r"\bcool(er)?\b|\bcold\b|\btemperatures? \w+ low\b", "temp_peak", -math.inf, 68.0),
    (r"\bidle\b|\bidling\b", "util", -math.inf, 20.0),
    (r"\bquiet\b(?! queue)|\blight(ly)?\b|\bbarely\b|\bunderused\b", "util", -math.inf, 40.0),
    (r"\b(moderate(ly)?|modest)\b(?! (peak|temperature|temp))", "util", 15.0, 80.0),
    (r"(?<!least )(?<!moderately )(?<!not )\bbusy\b|\bheavily\b", "util", 50.0, math.inf),
    (r"\bflat out\b|\bpinned\b|\bmaxed\b|\bfully (busy|loaded|used)\b|\bsaturated\b", "util", 80.0, math.inf),
    (r"\bonly (at |averaged |averaging |reached )?(?=\{gpu\d+_util\})", "util", -math.inf, 50.0),
)  # fmt: skip
# Words that compare the reading before them with the one after ("GPU 3 at 40%, well below GPU 1 at 90%").
COMPARISONS: tuple[tuple[str, bool], ...] = (
    (r"\b(below|under|lower than|less than|up to)\b", False),
    (r"\b(above|higher than|more than|ahead of)\b", True),
)
# Words that single a GPU out: it must hold the highest (or lowest) reading of that kind of all the GPUs.
SUPERLATIVES: tuple[tuple[str, str, bool], ...] = (
    (r"\bbusiest\b|\bbusier\b|\bmost (busy|loaded|used)\b|\bled by\b|\bthe most (load|work)\b", "util", True),
    (r"\bhottest\b|\bwarmest\b|\bhotter\b|\bhighest peak\b", "temp_peak", True),
    (r"\bcoolest\b|\bcooler\b|\bcoldest\b", "temp_peak", False),
    (r"\bquietest\b|\blightest\b|\bleast (busy|loaded|used)\b|\bidlest\b", "util", False),
)
# A cause a sentence gives must be the one a failure's reason says: the words naming it, and what that
# reason then holds ("a missing module" only for a ModuleNotFoundError). Cooling advice needs a hot GPU.
CAUSES: tuple[tuple[str, str], ...] = (
    (r"\bmodule\b|\bpackage\b|\binstall", r"ModuleNotFound|No module"),
    (r"\bmemory\b|\bbatch\b|\boom\b", r"out of memory|OutOfMemory|\b137\b|SIGKILL"),
    (r"\bnccl\b|\bnetwork\b|\bcommunicat|\binterconnect", r"NCCL"),
    (r"\bshard\b|\bfile\b|\bpath\b|\bdataset\b", r"FileNotFound|No such file"),
    (r"\bnan\b|\bdiverg|\blearning rate\b|\bunstable\b", r"NaN|nan"),
    (r"\bsegfault|\bsegmentation\b", r"SIGSEGV"),
    (r"\bshapes?\b", r"shape"),
)
# Words that judge how the jobs went: of a day, by the share of the jobs that ran which failed; of one job,
# by its state.
OUTCOMES: tuple[tuple[str, float, float, tuple[str, ...]], ...] = (
    (r"\b(rough|bad|tough|poor(ly)?)\b( day| one)?", 0.25, math.inf, ("failed", "cancelled")),
    (r"\b(productive|smooth(ly)?|good|clean(ly)?|fine)\b", -math.inf, 0.15, ("succeeded", "running")),
    (r"\bmixed\b( day| bag)?", 0.15, 0.45, ("failed", "cancelled", "succeeded")),
)
# What a job report may say the job did: the words of each state (a daily report's counts are not checked so).
JOB_STATES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (r"\bsucceeded\b|\bsuccessful(ly)?\b|\bcompleted\b|\bwrapped up\b", ("succeeded",)),
    (r"\bfailed\b|\bcrashed\b", ("failed",)),
    (r"\bcancel|\bby (its|the) user\b", ("cancelled",)),
    (r"\bstill running\b|\bis running\b|\bstill going\b", ("running",)),
    # an end of any kind: "finished on attempt 1" of a job still running is false
    (r"\bfinished\b|\bended\b|\bhas ended\b|\bcame to an end\b", ("succeeded", "failed", "cancelled")),
)
# Words that say how many there are: "the only failure" is one, "both GPUs" two.
COUNT_CLAIMS: tuple[tuple[str, str, float], ...] = (
    (r"\b(the|its) only (failure|job that failed|failed job)\b|\bonly one (job )?failed\b", "jobs_failed", 1),
    (r"\bboth (gpus|cards|of (its|the) (gpus|cards))\b", "gpus", 2),
)
# Words that say a count is zero: the fact must be 0 ("nothing failed" on a day with a failure is false).
NONE_CLAIMS: tuple[tuple[str, str], ...] = (
    (r"\b(nothing|none|no jobs?|not one) (failed|crashed)\b|\bno failures?\b|\bwithout (a )?failures?\b",
     "jobs_failed"),
    (r"\b(nothing|none|no jobs?) (is |are |was |were )?(waiting|queued|pending)\b|\bqueue (is |was )?empty\b",
     "jobs_waiting"),
    (r"\b(nothing|none|no jobs?) (was |were )?cancel", "jobs_cancelled"),
    (r"\b(nothing|none|no jobs?) (succeeded|finished)\b", "jobs_succeeded"),
    (r"\bno jobs? (were |was )?(run|ran)\b|\bnothing (ran|went through)\b|\bno jobs (were )?recorded\b",
     "jobs_run"),
)  # fmt: skip
# Words that say a job was retried or not: its attempt number must agree.
RETRIES: tuple[tuple[str, bool], ...] = (
    (r"\bon (its|a) retry\b|\bafter (a |one )?retr(y|ies|ying)\b|\bretried\b|\bsecond (try|attempt)\b", True),
    (r"\bwithout (a |any )?retr(y|ies)\b|\bfirst (try|attempt)\b|\bfirst time\b", False),
)
# A sentence opening on a pronoun speaks of the one before it: without that one it reads as nonsense.
_PRONOUN_START = re.compile(
    r"((because|since|although|though|while|when|after|before|so|and|but|yet),? )?"
    r"((it|its|they|their|them|he|she)\b|(this|that|these|those|both)\s+(was|is|were|are|had|has|ran|used|"
    r"failed|took|cost|means?)\b)",
    re.IGNORECASE,
)
# Words that judge how long something ran, and the seconds they fit: of the duration slot they are nearest
# (a job's run, a failure's GPU time), else the job's run.
DURATIONS: tuple[tuple[str, float, float], ...] = (
    (r"\b(long|lengthy|marathon|costly|expensive)\b", 3600.0, math.inf),
    (
        r"\b(short|quick(ly)?|fast|brief|briefly|soon)\b(?! (check|look|note|update|recap|summary))",
        -math.inf,
        1800.0,
    ),
)
_COOLING = re.compile(r"\bcooling\b|\bairflow\b|\bfans?\b")
# Nouns that take a count, singular -> plural, and the verbs whose number follows their subject.
_COUNTED = {
    "job": "jobs",
    "gpu": "gpus",
    "attempt": "attempts",
    "try": "tries",
    "failure": "failures",
    "run": "runs",
    "hour": "hours",
    "time": "times",
}
_PLURAL = {p: s for s, p in _COUNTED.items()}
# English's closed classes (determiners, auxiliaries, prepositions, conjunctions, pronouns): broken grammar
# shows where they meet other words ("does not are", "the was"), so only pairs with one of them are checked
# against the pairs a model learned from; two content words ("costly failure") may meet anew.
FUNCTION_WORDS = frozenset(
    """a an the this that these those some any no every each all both either neither is are was were be been
    being am do does did done has have had having will would shall should can could may might must not to of
    in on at by for from with without into onto over under after before during since until than then as and
    or but nor so yet if because while although though whether which who whom whose what when where why how
    it its they them their there here he she his her we our you your i me my""".split()
)
_VERB_NUMBER = {"was": 1, "is": 1, "has": 1, "does": 1, "were": 2, "are": 2, "have": 2, "do": 2}


class NumberCheck:
    """Passes model prose on in whole sentences, only while every number in them is an allowed one.

    The first sentence quoting a number the facts do not hold ends the prose (``failed`` is set and the
    rest is dropped), so no invented number and no masking ever reaches the user; callers stop generating.
    """

    _END = re.compile(r"[.!?](?=\s)|\n")

    def __init__(self, allowed: set[str]) -> None:
        self.allowed = allowed
        self._pending = ""
        self.failed: str | None = None  # the first sentence that failed the check

    def _check(self, sentence: str) -> str:
        bad = [n for n in NUMBER.findall(sentence) if n not in self.allowed]
        if bad:
            self.failed = sentence.strip()
            return ""
        return sentence

    def feed(self, text: str) -> str:
        if self.failed is not None:
            return ""
        self._pending += text
        out = ""
        while self.failed is None and (m := self._END.search(self._pending)):
            sentence, self._pending = self._pending[: m.end()], self._pending[m.end() :]
            out += self._check(sentence)
        return out

    def flush(self) -> str:
        """The last, unfinished sentence: kept only if it passes too."""
        out, self._pending = self._pending, ""
        return "" if self.failed is not None else self._check(out)


def checked_prose(text: str, allowed: set[str]) -> str:
    """``text`` cut before its first sentence with a number outside ``allowed``."""
    check = NumberCheck(allowed)
    return (check.feed(text) + check.flush()).strip()


def sentences(text: str) -> list[str]:
    """``text`` split after each ., ! or ? that ends a sentence (not one inside a slot or a number)."""
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+(?=[A-Z{])", text.strip()) if s.strip()]


def _kind(name: str) -> str:
    """A slot name without its GPU or list index: ``gpu0_temp_peak`` -> ``temp_peak``."""
    return re.sub(r"^(gpu\d+|failure\d+|waiting\d+)_", "", name)


def words(sentence: str) -> list[str]:
    """The sentence's words, numbers, slots and punctuation marks, in order."""
    return _WORD.findall(sentence)


def pair_words(sentence: str) -> list[str]:
    """Words as :func:`grammar_problems` pairs them: lower case, every slot and number one token."""
    return ["<v>" if w.startswith("{") or w[0].isdigit() else w.lower() for w in words(sentence)]


def checked_pairs(sentence: str) -> list[tuple[str, str]]:
    """The pairs of adjacent words of ``sentence`` that the English check looks up: those with a function
    word (:data:`FUNCTION_WORDS`); sentence bounds are ``<s>`` and ``</s>``."""
    w = ["<s>", *pair_words(sentence), "</s>"]
    return [(a, b) for a, b in zip(w, w[1:], strict=False) if a in FUNCTION_WORDS or b in FUNCTION_WORDS]


def pairs_of(
    texts: Iterable[str], vocabulary: set[str] | None = None, every: bool = False
) -> set[tuple[str, str]]:
    """The checked pairs of every sentence of ``texts`` (with both words in ``vocabulary``, if given; with
    ``every``, all its pairs, so every word of ``texts`` is in the check's lexicon): what a check built
    from that prose accepts."""
    out: set[tuple[str, str]] = set()
    for text in texts:
        for s in sentences(text):
            w = ["<s>", *pair_words(s), "</s>"]
            pairs = list(zip(w, w[1:], strict=False)) if every else checked_pairs(s)
            if vocabulary is not None:
                pairs = [(a, b) for a, b in pairs if a in vocabulary and b in vocabulary]
            out.update(pairs)
    return out


def grammar_problems(sentence: str, pairs: Pairs | None = None) -> list[str]:
    """What keeps ``sentence`` (slots filled or not) from reading as English; empty when nothing does."""
    problems = []
    ws = words(sentence)
    if not ws or not (ws[0][0].isupper() or ws[0].startswith("{") or ws[0][0].isdigit()):
        problems.append("does not start as a sentence")
    if not ws or ws[-1] not in (".", "!", "?"):
        problems.append("does not end as a sentence")
    alpha = [w for w in ws if w[0].isalpha() or w.startswith("{")]
    if not 3 <= len(alpha) <= 45:
        problems.append(f"{len(alpha)} words (3 to 45 make a sentence)")
    low = [w.lower() for w in ws]
    doubled = [a for a, b in zip(low, low[1:], strict=False) if a == b and a[0].isalpha()]
    if doubled:
        problems.append(f"'{doubled[0]}' twice in a row")
    if re.search(r"[a-z}][.!?][A-Za-z]", sentence):
        problems.append("no space after the end of a sentence")
    for a, b in (("(", ")"), ("[", "]"), ("{", "}")):
        if sentence.count(a) != sentence.count(b):
            problems.append(f"unbalanced {a}{b}")
    problems += _agreement(sentence)
    if pairs:
        lexicon = _lexicon(pairs if isinstance(pairs, frozenset) else frozenset(pairs))
        unknown = [w for w in pair_words(sentence) if w[0].isalpha() and w not in lexicon]
        if unknown:
            problems.append(f"'{unknown[0]}' is no word of the English it learned from")
        unseen = [f"{a} {b}" for a, b in checked_pairs(sentence) if (a, b) not in pairs]
        if unseen:
            problems.append(f"'{unseen[0]}' is in none of the English it learned from")
    return problems


@functools.lru_cache(maxsize=4)
def _lexicon(pairs: frozenset[tuple[str, str]]) -> frozenset[str]:
    """Every word of ``pairs``: the words of the English a model learned from, as far as its check knows."""
    return frozenset(w for pair in pairs for w in pair)


def _agreement(text: str) -> list[str]:
    """A number before a counted noun, and that noun before a verb, agree ("1 jobs", "3 jobs was" do not).
    Words are split at spaces, so a number inside a name ("deberta-0611 job") is no count."""
    problems = []
    low = [w.strip(".,;:!?()").lower() for w in text.split()]
    for a, b in zip(low, low[1:], strict=False):  # "GPUs 2" / "GPU 0,4": the noun's number is the list's
        if a == "gpus" and re.fullmatch(r"\d+", b):
            problems.append(f"'GPUs {b}'")
        elif a == "gpu" and re.fullmatch(r"\d+(,\d+)+", b):
            problems.append(f"'GPU {b}'")
    for i, w in enumerate(low[:-1]):
        if not re.fullmatch(r"\d+(\.\d+)?", w):
            continue
        noun = low[i + 1]
        one = w == "1"
        named = i > 0 and low[i - 1] in ("gpu", "gpus", "job", "jobs", "attempt", "step", "code")  # an id
        if noun in _VERB_NUMBER and (_VERB_NUMBER[noun] == 2) == one and not named:  # "0 was", "1 were"
            problems.append(f"'{w} {noun}'")
        if one and noun in _PLURAL:
            problems.append(f"'1 {noun}'")
        elif not one and noun in _COUNTED and "." not in w:
            problems.append(f"'{w} {noun}'")
        if i + 2 < len(low) and low[i + 2] in _VERB_NUMBER and noun in (*_COUNTED, *_PLURAL):
            plural = noun in _PLURAL
            if plural != (_VERB_NUMBER[low[i + 2]] == 2):
                problems.append(f"'{w} {noun} {low[i + 2]}'")
    return problems


@dataclass
class Checked:
    """A summary after the checks: the sentences shown (slots filled) and those dropped, each with why."""

    text: str = ""
    dropped: list[dict[str, Any]] = field(default_factory=list)


def _speaks_of(low: str, stems: tuple[str, ...]) -> bool:
    """Whether ``low`` (lower case) holds one of ``stems`` at a word's start, or one of its phrases."""

    def has(stem: str) -> bool:
        if " " in stem or not stem[0].isalpha():
            return stem in low
        return re.search(rf"\b{re.escape(stem)}", low) is not None

    return any(has(stem) for stem in stems)


def _slot_problems(sentence: str, known: dict[str, str]) -> list[str]:
    """What is wrong with the slots of one sentence as the model wrote it (before they are filled)."""
    names = SLOT.findall(sentence)
    unknown = [n for n in names if n not in known]
    if unknown:
        return [f"{{{unknown[0]}}} is no fact of this report"]
    twice = [n for n in set(names) if names.count(n) > 1]
    if twice:
        return [f"{{{twice[0]}}} twice in one sentence"]
    bare = SLOT.sub(" ", sentence)
    if re.search(r"[{}]", bare):
        return ["a slot left open"]
    if re.search(r"\d", bare):
        return ["a number the model wrote itself, not a fact's slot"]
    low = bare.lower()
    one_gpu = sum(re.fullmatch(r"gpu\d+", k) is not None for k in known) == 1
    for n in names:
        kind = _kind(n)
        stems = CLAIMS.get(kind) or (CLAIMS["energy"] if kind.endswith("energy") else ())
        if stems and not _speaks_of(low, stems):
            return [f"{{{n}}} is not spoken of as what it is (one of: {', '.join(stems[:4])})"]
        owner = re.match(r"(gpu\d+|failure\d+|waiting\d+)_", n)
        if owner and not (one_gpu and owner.group(1).startswith("gpu")):
            who = owner.group(1)
            anchors = (who,) if who.startswith("gpu") else (f"{who}_job", f"{who}_name")
            if not any(a in names for a in anchors):
                return [f"{{{n}}} in a sentence that does not say whose it is"]
    return []


def _value(text: str) -> float | None:
    m = re.match(r"-?\d+(\.\d+)?", text)
    return float(m.group(0)) if m else None


def _seconds(text: str) -> float | None:
    """A duration as the reports write it ("1d03h", "2m25s") in seconds; None for any other text."""
    try:
        return parse_duration(text)
    except ValueError:
        return None


def _readings(known: dict[str, str], kind: str) -> dict[str, float]:
    """Every GPU's reading of ``kind`` in the facts, by GPU slot name (``gpu0``: 91.0)."""
    out = {}
    for name, text in known.items():
        m = re.fullmatch(r"(gpu\d+)_" + kind, name)
        value = _value(text) if m else None
        if m and value is not None:
            out[m.group(1)] = value
    return out


_CLAUSE_END = re.compile(r"[,;:]|\b(while|but|whereas|although|though)\b")
_READING_KINDS = ("util", "tensor", "temp_peak", "energy")


def _spoken_of(
    sentence: str, at: int, slots: list[tuple[int, str]], clause_only: bool = False, after_only: bool = False
) -> str | None:
    """The slot a word at ``at`` speaks of: in its clause, the first after it, else (not ``after_only``) the
    last before it; with none in its clause, the nearest in the sentence (``clause_only``: none)."""
    if not slots:
        return None
    bounds = [0, *(m.start() for m in _CLAUSE_END.finditer(sentence)), len(sentence)]
    lo = max(b for b in bounds if b <= at)
    hi = min(b for b in bounds if b > at) if any(b > at for b in bounds) else len(sentence)
    after = [(p, n) for p, n in slots if at < p < hi]
    before = [(p, n) for p, n in slots if lo <= p < at]
    if after:
        return after[0][1]
    if before and not after_only:
        return before[-1][1]
    return None if clause_only else min(slots, key=lambda pn: abs(pn[0] - at))[1]


def _judgement_problems(sentence: str, known: dict[str, str]) -> list[str]:
    """Words that judge a reading ("hot", "idle", "the busiest") against the reading they speak of: the GPU
    reading slot they are nearest in their clause (one of another kind: not this judgement's), else the GPU
    named there, else the only GPU; with no GPU said, every GPU's highest (a "quiet day" is quiet on all)."""
    low = sentence.lower()
    slots = [(m.start(), m.group(1)) for m in SLOT.finditer(sentence)]
    readings = [(p, n) for p, n in slots if n.startswith("gpu") and _kind(n) in _READING_KINDS]
    gpus = [(p, n) for p, n in slots if re.fullmatch(r"gpu\d+", n)]

    def meant(at: int, kind: str) -> tuple[str | None, list[float] | None]:
        """The GPU a judgement at ``at`` is of and its reading(s) of ``kind``: None where the word is of a
        reading of another kind; empty where there is no reading to judge by."""
        values = _readings(known, kind)
        name = _spoken_of(low, at, readings, clause_only=True, after_only=True)
        if name is not None and _kind(name) != kind:
            if kind == "util" and _kind(name) == "tensor":
                return None, None  # "a more modest {gpu1_tensor}": the word is of the reading after it
            if not any(_kind(n) == kind for _, n in readings):
                return name, []  # "warm at {gpu1_util}": a word of one reading said of another
            name = None  # "busy and hot at {gpu0_util}, peak {gpu0_temp_peak}": the reading of its kind
        name = name or _spoken_of(low, at, [(p, n) for p, n in readings if _kind(n) == kind])
        name = name or _spoken_of(low, at, gpus)
        if name is not None:
            gpu = name.split("_")[0]
            return gpu, [values[gpu]] if gpu in values else []
        if len(values) == 1:
            return next(iter(values)), list(values.values())
        return None, [max(values.values())] if values else []

    for pattern, kind, low_bound, high_bound in JUDGEMENTS:
        for m in re.finditer(pattern, low):
            gpu, values = meant(m.start(), kind)
            if values is not None and not values:  # "warm at {gpu1_util}"; "a busy day" with no readings kept
                said = f"said of {{{gpu}}}" if gpu and "_" in gpu else "with no reading to judge it by"
                return [f"'{m.group(0)}' {said}"]
            bad = [v for v in values or () if not low_bound <= v < high_bound]
            if bad:
                return [f"'{m.group(0)}' for a reading of {bad[0]:g}"]
    for pattern, kind, highest in SUPERLATIVES:
        for m in re.finditer(pattern, low):
            gpu, values = meant(m.start(), kind)
            everyone = _readings(known, kind)
            if gpu is None or not values or len(everyone) < 2:
                continue
            best = max(everyone.values()) if highest else min(everyone.values())
            if values[0] != best:
                return [f"'{m.group(0)}' for {gpu} ({values[0]:g}; {best:g} is another GPU's)"]
    durations = [(p, n) for p, n in slots if _kind(n) in ("ran_for", "gpu_time")]
    for pattern, shortest, longest in DURATIONS:
        for m in re.finditer(pattern, low):
            name = _spoken_of(low, m.start(), durations) or ("ran_for" if "ran_for" in known else None)
            seconds = _seconds(known.get(name, "")) if name else None
            if seconds is not None and not shortest <= seconds < longest:
                return [f"'{m.group(0)}' for {known[name]}"]
    for pattern, higher in COMPARISONS:
        for m in re.finditer(pattern, low):
            left = [n for p, n in readings if p < m.start()]
            right = [n for p, n in readings if p > m.start() and left and _kind(n) == _kind(left[-1])]
            if left and right:
                a, b = _value(known[left[-1]]), _value(known[right[0]])
                if a is not None and b is not None and (a > b) != higher and a != b:
                    return [f"'{m.group(0)}' between {a:g} and {b:g}"]
    return []


def _outcome_problems(sentence: str, known: dict[str, str]) -> list[str]:
    """Words that judge how the jobs went ("a rough day", "all good") against the failures or the state."""
    low = SLOT.sub(" ", sentence).lower()
    ran, failed, state = (
        _value(known.get("jobs_run", "")),
        _value(known.get("jobs_failed", "")),
        known.get("state"),
    )
    for pattern, low_bound, high_bound, states in OUTCOMES:
        m = re.search(pattern, low)
        if m is None:
            continue
        if state is not None and state not in states:
            return [f"'{m.group(0).strip()}' for a job that {state}"]
        if state is None and ran and failed is not None and not low_bound <= failed / ran < high_bound:
            return [f"'{m.group(0).strip()}' for {failed:g} failed of {ran:g}"]
    for pattern, key, count_said in COUNT_CLAIMS:
        m = re.search(pattern, low)
        gpus = sum(re.fullmatch(r"gpu\d+", k) is not None for k in known)
        have = float(gpus) if key == "gpus" else _value(known.get(key, ""))
        if m and have is not None and have != count_said:
            return [f"'{m.group(0)}' with {have:g} {'GPUs' if key == 'gpus' else key.replace('_', ' ')}"]
    for pattern, key in NONE_CLAIMS:
        m = re.search(pattern, low)
        count = _value(known.get(key, ""))
        if m and count:  # a count of 0 is never listed in the slots' text as anything but "0"
            return [f"'{m.group(0)}' with {key.replace('_', ' ')} {count:g}"]
    attempt = _value(known.get("attempt", ""))
    for pattern, retried in RETRIES:
        m = re.search(pattern, low)
        if m and attempt is not None and (attempt > 1) != retried:
            return [f"'{m.group(0)}' for attempt {attempt:g}"]
    if state is not None:
        for pattern, states in JOB_STATES:
            m = re.search(pattern, low)
            if m and state not in states:
                return [f"'{m.group(0)}' for a job that {'is ' if state == 'running' else ''}{state}"]
    return []


def _cause_problems(sentence: str, before: str, known: dict[str, str]) -> list[str]:
    """A cause the sentence names that the reason of no failure it speaks of holds (the failures named in it,
    else in the sentence ``before`` it; a job report's own reason); cooling advice with no hot GPU."""
    low = SLOT.sub(" ", sentence).lower()
    failures = {m.group(1) for m in re.finditer(r"\{(failure\d+)_", sentence)}
    failures = failures or {m.group(1) for m in re.finditer(r"\{(failure\d+)_", before)}
    reasons = " ".join([known.get(f"{f}_reason", "") for f in failures] + [known.get("reason", "")])
    for words, reason in CAUSES:
        m = re.search(words, low)
        if m and not re.search(reason, reasons):
            return [f"'{m.group(0)}' is a cause no failure's reason here gives"]
    same = re.search(r"\b(the )?same (way|error|reason|cause|problem)\b", low)
    said = {known.get(f"{f}_reason") for f in failures}
    if same and len(failures) > 1 and len(said) > 1:
        return [f"'{same.group(0)}' for failures whose reasons differ"]
    hot = max(_readings(known, "temp_peak").values(), default=-math.inf)
    if _COOLING.search(low) and hot < 80.0:
        return [f"cooling advice with the hottest peak at {hot:g}"]
    return []


def _junction_problems(sentence: str, known: dict[str, str], pairs: Pairs) -> list[str]:
    """Where a filled-in value that starts or ends with a word meets the sentence's words: the same pair check
    ("it was exited with code 1" reads wrong once filled)."""
    for m in SLOT.finditer(sentence):
        text = known.get(m.group(1), "")
        if sentence[: m.start()].endswith("} ") and text[:1].isupper():
            return [f"{{{m.group(1)}}} right after another value, with no word to join them"]
        value = pair_words(text)
        if not value or not text[0].isalpha() or " " not in text:  # a quantity or a name: one token
            continue
        before = pair_words(sentence[: m.start()])
        after = pair_words(sentence[m.end() :])
        edges = [(before[-1] if before else "<s>", value[0])]
        if text[-1].isalpha():
            edges.append((value[-1], after[0] if after else "</s>"))
        for a, b in edges:
            if "<v>" in (a, b) or not (a in FUNCTION_WORDS or b in FUNCTION_WORDS) or (a, b) in pairs:
                continue
            return [f"'{a} {b}' is in none of the English it learned from"]
    return []


def fill(text: str, known: dict[str, str]) -> str:
    """``text`` with each slot of ``known`` replaced by its fact's text (others left as written)."""
    return SLOT.sub(lambda m: known.get(m.group(1), m.group(0)), text)


def check_slots(text: str, known: dict[str, str], pairs: Pairs | None = None) -> Checked:
    """Prose with slots: each sentence kept, its slots filled from ``known``, only when its slots, its claims
    and its English all check out (the module's docstring); the others are dropped with the reason."""
    out = Checked()
    kept = []
    last_kept, before = False, ""
    for s in sentences(text):
        filled = fill(s, known)
        problems = (
            _slot_problems(s, known) or _judgement_problems(s, known) or _cause_problems(s, before, known)
        )
        problems = problems or _outcome_problems(s, known) or grammar_problems(s, pairs) or _agreement(filled)
        problems = problems or (_junction_problems(s, known, pairs) if pairs else [])
        if not problems and not last_kept and _PRONOUN_START.match(s):
            problems = ["speaks of a sentence that is not shown"]
        if problems:
            out.dropped.append({"sentence": s, "why": problems[0]})
        else:
            kept.append(filled)
        last_kept, before = not problems, s
    out.text = " ".join(kept)
    return out


def check_free(text: str, allowed: set[str]) -> Checked:
    """Free prose: cut before its first sentence quoting a number outside ``allowed`` (:class:`NumberCheck`),
    and each sentence before that kept only when it reads as English (:func:`grammar_problems`)."""
    out = Checked()
    kept = []
    for s in sentences(text):
        bad = [n for n in NUMBER.findall(s) if n not in allowed]
        if bad:
            out.dropped.append({"sentence": s, "why": f"{bad[0]} is no number of the facts; the rest is cut"})
            break
        problems = grammar_problems(s)
        if problems:
            out.dropped.append({"sentence": s, "why": problems[0]})
        else:
            kept.append(s)
    out.text = " ".join(kept)
    return out
