"""How often the assistant's spelling repair reads an everyday word as a topic word, and how many slips of
the topic words it still repairs.

``intent_words.words`` repairs each word of a question against the topic vocabulary, so a repair that
reaches too far turns "family" into "fail" and a question about the hardware into one about failures. This
runs every word of ``tests/unit/word_lists.py`` (a few thousand everyday words by topic) through
``words`` and the time-span reader, and every slip of a topic word (swapped, dropped, doubled, one key
off) and written misspelling through ``words``; it lists the everyday words read as topic words or time
spans and the typos no longer repaired. Where the ``rwkv`` package (the ``assistant`` extra) is installed it
also runs the whole words of its World tokenizer's vocabulary (some 16,000 words of 4+ letters that
nobody chose for these rules). CPU only, seconds: ``python benchmarks/word_repair.py [--list]``.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "unit"), str(ROOT / "tools")]

import word_lists as L  # noqa: E402
import word_typos as T  # noqa: E402

from assistant_lab.corpus import FIXED_NOW  # noqa: E402
from gpuaccel.assistant.queries.spans import window_of  # noqa: E402
from gpuaccel.assistant.understand.words import (  # noqa: E402
    LESS,
    LOST,
    MORE,
    SHORTHAND,
    STOP,
    WORD_OF,
    words,
)

TIME_WORDS = {"yesterday", "today", "hour", "hours", "week", "minutes", "morning", "midnight"}
CUES = set(WORD_OF) | MORE | LESS | LOST | TIME_WORDS


def meaning(word: str) -> tuple[object, ...]:
    """What the rules read in a word: its topic, superlative side, lost node, or the time word itself."""
    return (WORD_OF.get(word), word in MORE, word in LESS, word in LOST, word if word in TIME_WORDS else None)


SUFFIXES = {"s", "es", "d", "ed", "r", "er", "st", "est", "ing", "ly", "y", "ity", "ful", "ted", "ies", "ied"}


def inflection(word: str, read: str) -> bool:
    """Whether one word is the other with an ending ("degree" and "degrees", "finish" and "finished"): a
    repair between them reads the same word, no everyday word as a topic word."""
    short, long_ = sorted((word, read), key=len)
    stem = short if long_.startswith(short) else short[:-1]
    return long_.startswith(stem) and long_[len(stem) :] in SUFFIXES | {short[-1:] + x for x in SUFFIXES}


def everyday_misreads(
    listed: list[str] | None = None, spans: bool = True
) -> tuple[list[str], dict[str, str], dict[str, str]]:
    """The everyday words that are no vocabulary word, those read as a topic word (word -> read) and those
    that make a time span ("the weekly sync"; word -> the span). ``spans=False`` leaves the spans out (empty):
    three phrases read per word cost twice the words' own reading, wasted where no one looks at them."""
    plain = [
        w for w in (L.common_words() if listed is None else listed) if w not in CUES | STOP | set(SHORTHAND)
    ]  # exact words read by design
    cue, span = {}, {}
    for w in plain:
        read = words(w)
        if read != [w] and set(read) & CUES and not (len(read) == 1 and inflection(w, read[0])):
            cue[w] = " ".join(read)
        if not spans:
            continue
        for phrase in (f"the {w} sync", f"this {w}", f"show the {w} numbers"):
            win = window_of(" ".join(words(phrase)), FIXED_NOW)
            if win is not None:
                span[w] = f"{phrase!r}: {win.label}"
                break
    return plain, cue, span


def typos() -> tuple[dict[str, str], dict[str, str]]:
    """Slips and misspellings of the vocabulary's words, and those read as something else (typo -> read)."""
    keep_out = set(L.common_words()) | CUES | STOP
    cues = sorted(w for w in CUES if len(w) >= 4)
    typo = T.slip_typos(cues, keep_out) | {t: c for t, c in T.WRITTEN_TYPOS.items() if t not in keep_out}
    missed = {}
    for t, cue in typo.items():
        read = words(t)
        if len(read) != 1 or meaning(read[0]) != meaning(cue):
            missed[t] = f"{' '.join(read)} (meant {cue})"
    return typo, missed


def world_words() -> list[str]:
    """The lower-case whole words of 4+ letters in the World tokenizer's vocabulary (a token that is a space
    and the word), or none without the ``rwkv`` package."""
    spec = importlib.util.find_spec("rwkv")
    if spec is None or not spec.submodule_search_locations:
        return []
    vocab = Path(next(iter(spec.submodule_search_locations))) / "rwkv_vocab_v20230424.txt"
    found = set()
    for line in vocab.read_text(encoding="utf-8").splitlines():
        token = line[line.index(" ") + 1 : line.rindex(" ")]
        if re.fullmatch(r"' [a-z]{4,}'", token):
            found.add(ast.literal_eval(token)[1:])
    return sorted(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="list every misread word and missed typo")
    args = parser.parse_args()
    plain, cue, span = everyday_misreads()
    typo, missed = typos()
    fresh, fresh_cue, _ = everyday_misreads(L.fresh_words(), spans=False)
    written = {t for t in typo if t in T.WRITTEN_TYPOS}
    world, world_cue, _ = everyday_misreads(world_words(), spans=False)
    print(f"everyday words read as topic words: {len(cue)}/{len(plain)}")
    print(f"everyday words read as time spans: {len(span)}/{len(plain)}")
    print(f"words written after the rules were set, read as topic words: {len(fresh_cue)}/{len(fresh)}")
    if world:
        print(f"words of the World tokenizer's vocabulary read as topic words: {len(world_cue)}/{len(world)}")
    print(f"slips of topic words repaired: {len(typo) - len(missed)}/{len(typo)}")
    print(f"written misspellings repaired: {len(written - set(missed))}/{len(written)}")
    if args.list:
        for w, read in sorted(cue.items()):
            print(f"  cue   {w} -> {read}")
        for w, read in sorted(fresh_cue.items()):
            print(f"  fresh {w} -> {read}")
        for w, read in sorted(world_cue.items()):
            print(f"  world {w} -> {read}")
        for w, read in sorted(span.items()):
            print(f"  span  {w}: {read}")
        for t, read in sorted(missed.items()):
            print(f"  typo  {t} -> {read}")


if __name__ == "__main__":
    main()
