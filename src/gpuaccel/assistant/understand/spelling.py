"""What counts as a typo of a word: the slips of fingers on a keyboard, not any word that looks alike.

A repair by likeness alone (difflib's ratio) reads an everyday word as the topic word it shares letters
with ("family" as "fail", "chance" as "cancel", "school" as "cool"), so a question about something else
gets an answer about the GPUs. :func:`slips` counts the edits a person's fingers make instead: two
neighbouring letters swapped, a letter left out, a letter typed twice or next to the key it sits beside, a
key one off, and one vowel for another as words are misspelt by sound ("tempurature"). Any other
difference costs more than a typo, so "poker" is no "power" (k and w are far apart) and "mind" no "min".
``benchmarks/word_repair.py`` measured the rules that use it (``words.repair``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
VOWELS = frozenset("aeiouy")
FAR = 9  # the cost of an edit no slip of the fingers makes: more than any repair allows


def _neighbours() -> dict[str, frozenset[str]]:
    """Each key's neighbours on a QWERTY keyboard: beside it and on the rows above and below."""
    near: dict[str, frozenset[str]] = {}
    for r, row in enumerate(_ROWS):
        for c, key in enumerate(row):
            keys = {row[j] for j in (c - 1, c + 1) if 0 <= j < len(row)}
            for other in (r - 1, r + 1):
                if 0 <= other < len(_ROWS):
                    keys |= {_ROWS[other][j] for j in (c - 1, c, c + 1) if 0 <= j < len(_ROWS[other])}
            near[key] = frozenset(keys)
    return near


NEIGHBOURS = _neighbours()


# From how many letters of the word meant a letter too many may be a vowel or a key beside its neighbours
# (in a shorter word that is mostly another word: "dread", "frail", "moist" of dead, fail, most) and one
# vowel may stand for another ("tempurature"; "went" is no "want", "must" no "most").
LOOSE_FROM = 6
VOWEL_FROM = 6
TWO_FROM = 8
# Any letter for another, or any letter too many, is not what fingers do: it counts one and a half, so it
# is only ever the one slip of a word of ANY_FROM+ letters ("houus", "utilazation"), never beside another
# ("employed" is no "exploded", "donation" no "duration").
LOOSE = 1.5
ANY_FROM = 5


def _swap_cost(typed: str, meant: str, long_: bool, vowels: bool) -> float:
    """One letter for another: a key one off, c / k / s / z / x for each other by sound, a vowel for a vowel
    in a longer word, and any letter in a long one (:data:`LOOSE`)."""
    if typed == meant:
        return 0
    if typed in NEIGHBOURS.get(meant, ()) or {typed, meant} <= set("ckszx"):
        return 1
    if vowels and {typed, meant} <= VOWELS:
        return 1
    return LOOSE if long_ else FAR


def _extra_cost(typed: str, i: int, loose: bool, long_: bool) -> float:
    """A letter too many at ``typed[i]``: typed twice, an "s" at the end (a plural); in a word of
    :data:`LOOSE_FROM`+ letters also a key beside a letter next to it or a vowel; any letter in a long one
    (:data:`LOOSE`)."""
    c = typed[i]
    beside = typed[i - 1 : i] + typed[i + 1 : i + 2]
    if c in beside or (c == "s" and i == len(typed) - 1):
        return 1
    if loose and (c in VOWELS or any(c in NEIGHBOURS.get(b, ()) for b in beside)):
        return 1
    return LOOSE if long_ else FAR


def slips(typed: str, meant: str, limit: float = FAR) -> float:
    """The fewest slips that turn ``meant`` into ``typed`` (an edit no slip makes costs :data:`FAR`): the
    optimal string alignment distance with the costs above; a left-out letter always costs 1. Past
    ``limit`` it stops counting and says :data:`FAR` (each word of a question is held against the whole
    vocabulary)."""
    loose, vowels, long_ = len(meant) >= LOOSE_FROM, len(meant) >= VOWEL_FROM, len(meant) >= ANY_FROM
    n, m = len(typed), len(meant)
    extra = [_extra_cost(typed, i, loose, long_) for i in range(n)]
    prev2: list[float] = []
    prev: list[float] = list(range(m + 1))
    for i in range(1, n + 1):
        a = typed[i - 1]
        row = [prev[0] + extra[i - 1]] + [0.0] * m
        for j in range(1, m + 1):
            b = meant[j - 1]
            cost = min(prev[j] + extra[i - 1], row[j - 1] + 1, prev[j - 1] + _swap_cost(a, b, long_, vowels))
            if i > 1 and j > 1 and a == meant[j - 2] and typed[i - 2] == b:
                cost = min(cost, prev2[j - 2] + 1)
            row[j] = cost
        if min(row) > limit:
            return FAR
        prev2, prev = prev, row
    return prev[m]


def allowed(meant: str) -> float:
    """How many slips a typo of ``meant`` may hold: one, two in a word of 8+ letters ("smlaest"); one of
    any letter (:data:`LOOSE`) in a word of :data:`ANY_FROM`+ letters, and then no other."""
    return 2 if len(meant) >= TWO_FROM else LOOSE if len(meant) >= ANY_FROM else 1


FIRST_FROM = 7


def _one_slip_at_start(typed: str, meant: str) -> bool:
    """Whether the start of ``typed`` is the only slip: a key one off in a word of 6+ letters ("gotter"),
    any letter, a letter left out or one too many before it in a word of :data:`FIRST_FROM`+ letters
    ("emperature"; in a shorter word that is mostly another word: "otter", "older", "newest")."""
    if typed[1:] == meant[1:]:
        return len(meant) >= FIRST_FROM or (len(meant) >= 6 and typed[0] in NEIGHBOURS.get(meant[0], ()))
    return len(meant) >= FIRST_FROM and (typed[1:] == meant or typed == meant[1:])


def typo_of(typed: str, meant: str) -> bool:
    """Whether ``typed`` is a typo of ``meant``: it could mean it (:func:`could_mean`) within the slips the
    word allows (:func:`allowed`)."""
    return could_mean(typed, meant) and slips(typed, meant, allowed(meant)) <= allowed(meant)


def could_mean(typed: str, meant: str) -> bool:
    """Whether ``typed`` may be a typo of ``meant`` at all, before counting slips: the same first letter
    unless the first two are swapped ("ndoes") or the slip at its start is its only one
    (:func:`_one_slip_at_start`; at the start of a short word a slip makes another word: "cheat", "shot";
    "mallet" is no "smallest"); no word that is the word
    meant less two or more letters at its end ("install" is no "installed"); a word of 3 letters only
    with a letter typed twice ("gpuu"), as "mind" is no "min"."""
    if abs(len(typed) - len(meant)) > allowed(meant) or len(set(typed) - set(meant)) > allowed(meant):
        return False  # (each letter that is not in the word meant is a slip of its own)
    if typed[0] != meant[0] and typed[:2] != meant[1::-1] and not _one_slip_at_start(typed, meant):
        return False
    if len(meant) - len(typed) >= 2 and meant.startswith(typed):
        return False  # another form of the word, not a typo of it
    if len(meant) < 4:
        return len(typed) == len(meant) + 1 and any(
            typed[i] == typed[i - 1] and typed[:i] + typed[i + 1 :] == meant for i in range(1, len(typed))
        )
    return True


class Starts:
    """The words of a vocabulary whose start a typo may have (:func:`could_mean`'s first test), found by
    index, in the vocabulary's order: every unknown word of every question is held against the whole
    vocabulary, and testing each of its words one by one was most of the time a question took."""

    def __init__(self, vocab: Sequence[str]) -> None:
        self._order = {w: i for i, w in enumerate(vocab)}
        self._by: dict[tuple[int, str], list[str]] = defaultdict(list)
        for w in vocab:  # its first letter, its first two swapped, the word less its first letter, itself
            for key in {(1, w[:1]), (2, w[1::-1]), (3, w[1:]), (4, w)}:
                self._by[key].append(w)

    def __call__(self, typed: str) -> list[str]:
        """The words ``typed`` may be a typo of by its start: the same first letter, the first two swapped
        ("ndoes"), or one slip at the start (:func:`_one_slip_at_start`: the rest the same, a letter left
        out or one too many before it)."""
        keys = [(1, typed[:1]), (2, typed[:2]), (3, typed[1:]), (4, typed[1:]), (3, typed)]
        found = {w for key in keys for w in self._by.get(key, ())}
        return sorted(found, key=self._order.__getitem__)
