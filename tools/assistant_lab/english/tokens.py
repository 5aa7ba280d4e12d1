"""Turn the corpus text into token ids on many cores (the GPU machine has 16), with the picks marked.

Why here and not in the build: text compresses several times better than ids, so the text travels and is
tokenized where the cores are. A picking document is encoded in pieces: the prompt through
``Assistant: query``, then the pick (`` {...}`` or `` none`` and its blank line) on its own, exactly as the
runtime encodes the prompt and the decoder then writes the pick; the pick's tokens are marked (``mask``) so
the trainer can weigh them. A report summary written in slots is marked the same way after its prompt's
``Assistant:``. Documents are separated by token 0 (end of text).
"""

from __future__ import annotations

import json
import lzma
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from gpuaccel.assistant.engine.tokenizers import VocabTokenizer
from gpuaccel.assistant.reports.summary import SLOT_ASK

ANSWER_MARK = "\n\nAssistant: query"  # what understand.prompt.pick_prompt ends with
PROSE_MARK = f"{SLOT_ASK}\n\nAssistant:"  # what a report summary's prompt ends with (reports.summary)
_TOKENIZER: VocabTokenizer | None = None


def load_vocab(data_dir: Path) -> VocabTokenizer:
    return VocabTokenizer([bytes.fromhex(h) for h in json.loads((data_dir / "vocab.json").read_text())])


def _init(vocab: list[bytes]) -> None:
    global _TOKENIZER
    _TOKENIZER = VocabTokenizer(vocab)


def _next_mark(text: str) -> tuple[int, str] | None:
    """Where the first answer of ``text`` is announced (a pick's or a report summary's), and by which mark."""
    found = [(i, m) for m in (ANSWER_MARK, PROSE_MARK) if (i := text.find(m)) >= 0]
    return min(found) if found else None


def encode_document(doc: str, tok: VocabTokenizer) -> tuple[list[int], list[int]]:
    """The ids of one document followed by end of text, and 1 for each id that is part of an answer (a pick,
    or a report summary written in slots)."""
    ids: list[int] = []
    mask: list[int] = []
    rest = doc
    while (found := _next_mark(rest)) is not None:
        i, mark = found
        head = rest[: i + len(mark)]
        end = rest.find("\n\n", len(head))
        end = len(rest) if end < 0 else end + 2
        pick = rest[len(head) : end]
        for part, marked in ((head, 0), (pick, 1)):
            part_ids = tok.encode(part)
            ids += part_ids
            mask += [marked] * len(part_ids)
        rest = rest[end:]
    tail = tok.encode(rest)
    return ids + tail + [0], mask + [0] * (len(tail) + 1)


def _encode_many(docs: list[str]) -> tuple[np.ndarray, np.ndarray]:
    assert _TOKENIZER is not None
    ids: list[int] = []
    mask: list[int] = []
    for doc in docs:
        i, m = encode_document(doc, _TOKENIZER)
        ids += i
        mask += m
    return np.asarray(ids, np.uint16), np.asarray(mask, np.uint8)


def tokenize(data_dir: Path, out: Path, procs: int = 16) -> dict[str, int]:
    """``<group>_<split>.npy`` (uint16 ids) and ``..._mask.npy`` per text file of the build; the counts."""
    vocab = load_vocab(data_dir).tokens
    out.mkdir(parents=True, exist_ok=True)
    counts = {}
    with ProcessPoolExecutor(procs, initializer=_init, initargs=(vocab,)) as pool:
        for path in sorted(data_dir.glob("*.txt.xz")):
            with lzma.open(path, "rt", encoding="ascii") as f:
                docs = [d for d in f.read().split("\0") if d]
            shards = [docs[i :: procs * 4] for i in range(procs * 4)]
            parts = list(pool.map(_encode_many, shards))
            stem = path.name.removesuffix(".txt.xz")
            np.save(out / f"{stem}.npy", np.concatenate([p[0] for p in parts]))
            np.save(out / f"{stem}_mask.npy", np.concatenate([p[1] for p in parts]))
            counts[stem] = int(sum(len(p[0]) for p in parts))
    (out / "tokens.json").write_text(json.dumps(counts, indent=1))
    return counts
