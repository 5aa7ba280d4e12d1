"""Noise, idioms and sentence shapes of training questions: words that mean nothing here, cue words kept."""

from __future__ import annotations

import random
import re
from collections import Counter

from assistant_lab import sampling as S
from assistant_lab.augment import noise_words as N
from assistant_lab.augment import words as A
from assistant_lab.augment.idioms import MORE_SYNONYMS, NEW_SYNONYMS, SPAN_FORMS
from assistant_lab.augment.rewording import augment, normal
from assistant_lab.augment.shapes import CUE, EXPECT, INDIRECT, SOFT, _spans, noise, respan, shape, wrap
from assistant_lab.machines import JOB_MODELS, JOB_VERBS
from assistant_lab.phrasings import grammar as P
from assistant_lab.phrasings.offtopic import OFF_TOPIC_FAMILIES
from gpuaccel.assistant.queries.spans import window_of
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import JOB_ASPECTS, OFF_TOPIC, RulePicker
from gpuaccel.assistant.understand.words import LESS, LOST, MORE, NUMBER_WORDS, ORDINALS, WORD_OF, words

_TOKEN = re.compile(r"\{\w\}|[a-z]+|\d+")


def _training_texts(rng: random.Random, per_template: int) -> list[tuple[dict, str]]:
    return [
        (spec, S.expand(t, rng))
        for spec, templates in P.PHRASINGS
        for t in S._split(templates, dev=False)
        for _ in range(per_template)
    ]


def _cues(text: str) -> Counter[str]:
    """The cue words and slots of a text, counted."""
    return Counter(w for w in _TOKEN.findall(text.lower()) if w in CUE or w.startswith("{") or w.isdigit())


def _topics(text: str) -> set[str]:
    """What the rules read in a text: its topic concepts, ranking words and lost-node words."""
    read = words(text.replace("{", " ").replace("}", " "))
    return {WORD_OF[w] for w in read if w in WORD_OF} | {w for w in read if w in MORE | LESS | LOST}


def test_noise_keeps_every_cue_word_and_slot_and_drops_only_soft_words() -> None:
    rng = random.Random(4)
    for _, text in _training_texts(rng, 20):
        out = noise(text, rng)
        assert _cues(out) == _cues(text), (text, out)
        gone = Counter(text.lower().split()) - Counter(out.lower().split())
        assert all(w.strip(",.:;?!-") in SOFT for w in gone), (text, out)
        added = Counter(out.split()) - Counter(text.split())
        assert all(w in N.COMMON_WORDS or w in N.NAMES for w in added), (text, out)


def test_noise_words_mean_nothing_to_the_rules() -> None:
    """No word or clause the noise adds names a topic, a ranking, a time, a number, a job or a pronoun
    (read as the rules read it, spelling repair included)."""
    banned = set(WORD_OF) | MORE | LESS | LOST | set(NUMBER_WORDS) | set(JOB_VERBS) | set(JOB_MODELS)
    banned |= set(P.NAME_PARTS) | {"why", "where", "who", "it", "its", "that", "one", "other", "next"}
    frames = tuple(f.replace("{q}", "").replace("{s}", "") for f in INDIRECT + EXPECT)
    lists = (N.COMMON_WORDS, N.NAMES, N.ASIDES, N.PREAMBLES, N.AFTERWORDS, N.HANDLES, frames)
    for entry in (e.replace("{p}", name) for lst in lists for e in lst for name in ("Sam", "Priya")):
        raw = re.findall(r"[a-z]+", entry.lower().replace("'s", ""))
        assert not (set(raw) | set(words(entry))) & banned, entry
        assert window_of(entry.lower(), S.FIXED_NOW) is None and not re.search(r"\d|[\"`{}]", entry), entry
    questions = P.OFF_TOPIC + sum(OFF_TOPIC_FAMILIES.values(), ())
    off_topic = {w for t in questions for w in re.findall("[a-z]+", t)}
    off_topic |= OFF_TOPIC | JOB_ASPECTS | set(ORDINALS)
    assert not {w.lower() for w in N.COMMON_WORDS + N.NAMES} & off_topic  # no word of an off-topic question


def test_shapes_and_wraps_keep_slots_topics_and_times() -> None:
    rng = random.Random(6)
    changed = 0
    for _, text in _training_texts(rng, 4):
        for out in (shape(text, rng), wrap(text, rng)):
            changed += out != text
            assert sorted(re.findall(r"\{\w\}", out)) == sorted(re.findall(r"\{\w\}", text)), (text, out)
            lost, added = _topics(text) - _topics(out), _topics(out) - _topics(text)
            # "did anything break" -> "anything broke": the rules read "broke", not "break"
            assert not lost and (not added or " did " in f" {text} "), (text, out)
            assert window_of(out.lower(), S.FIXED_NOW) == window_of(text.lower(), S.FIXED_NOW), (text, out)
    assert changed > 500


def test_shape_forms() -> None:
    rng = random.Random(2)
    seen = {shape("is {G} busy", rng) for _ in range(300)} | {shape("did {J} fail", rng) for _ in range(300)}
    assert "{G} is busy, right" in seen and "do you know whether {G} is busy" in seen
    assert "{J} failed, right" in seen and "do you know if {J} failed" in seen
    assert "do you know how busy {G} is" in {shape("how busy is {G}", rng) for _ in range(300)}
    assert shape("what is your state", rng).endswith(" what is your state")  # "your" is no "you"


def test_the_rules_read_a_noised_question_as_the_clean_one() -> None:
    """A check that the noise means nothing: the rule picker picks the same query with it as without it
    (nearly always; a random word may still sit between a cue and its slot)."""
    rng = random.Random(8)
    rules, same, total = RulePicker(), 0, 0
    for _, text in _training_texts(rng, 4):
        s = S.slots(rng)
        clean = S.fill(text, s, random.Random(1))
        noised = S.fill(noise(wrap(text, rng), rng), s, random.Random(1))
        total += 1
        same += rules.pick(clean, Context(), S.FIXED_NOW) == rules.pick(noised, Context(), S.FIXED_NOW)
    assert same / total > 0.99, same / total


def test_idioms_extend_known_concepts_and_keep_rankings_and_times() -> None:
    patterns = {pat for pat, _ in A.SYNONYMS}
    assert set(MORE_SYNONYMS) <= patterns
    for pat, alts in [(p, MORE_SYNONYMS[p]) for p in MORE_SYNONYMS] + list(NEW_SYNONYMS):
        for alt in alts:
            assert window_of(alt, S.FIXED_NOW) is None and not re.search(r"\d", alt), alt
            if not set(pat.split("|")) & (MORE | LESS):
                assert not set(normal(alt).split()) & (MORE | LESS), (pat, alt)


def test_a_span_said_another_way_reads_as_the_same_span() -> None:
    rng = random.Random(3)
    for span in P.SPANS:
        for n in (2, 5, 24, 48):
            text = span.format(n=n)
            assert len(_spans(text)) >= 2, text
            for _ in range(10):
                other = respan(text, rng)
                assert window_of(other.lower(), S.FIXED_NOW) == window_of(text.lower(), S.FIXED_NOW)
    assert len(SPAN_FORMS) >= 40


def test_rewording_never_adds_a_time_and_follow_ups_keep_their_shape() -> None:
    rng = random.Random(5)
    for spec, text in _training_texts(rng, 10):
        out = augment(text, rng, windowed="window" in spec)
        assert window_of(out.lower(), S.FIXED_NOW) == window_of(text.lower(), S.FIXED_NOW), (text, out)
    preambles = {p.split("{p}")[0] for p in N.PREAMBLES if not p.startswith("{p}")}
    follow = [augment("{G} then?", rng, first=False) for _ in range(2_000)]
    assert not any(f.startswith(tuple(preambles)) or f.startswith(N.HANDLES) for f in follow)
