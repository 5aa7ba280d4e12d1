"""Build the pretraining corpus: real English plus the picking dialogues, deduplicated, split, with a fitted
vocabulary, compact enough to carry to the GPU machine in one piece.

Two groups of documents, each written as xz-compressed text with documents separated by NUL:

- ``english``: :data:`~assistant_lab.english.sources.SOURCES` that allow redistribution, the project's docs
  and docstrings, and the facts dialogues of :mod:`assistant_lab.tiny.data` (the chat format);
- ``picking``: :func:`assistant_lab.corpus.documents` (picking turns, follow-ups, refusals, answers), the
  picks of the question sets people wrote, labelled by the rules (:mod:`assistant_lab.people`), and with
  ``--prose DIR`` the report summaries people wrote in slots (:mod:`assistant_lab.prose`).

Paragraphs seen before are dropped (exact match after case and space folding); a document goes to the
held-out split when a hash of its text says so (2%), so the split is the same on every run. The vocabulary is
fitted here (:mod:`assistant_lab.english.vocab`), or taken from a model file (``--vocab-from``) so a
chunk can continue that model's training on new text; the token ids are made on the GPU machine's cores
(:mod:`assistant_lab.english.tokens`), since text compresses better than ids and the 2-core machine is slow.

``python -m assistant_lab.english.build --out .pretrain [--install] [--vocab-from MODEL]``
"""

from __future__ import annotations

import argparse
import hashlib
import json
import lzma
import random
import re
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

from assistant_lab.english.sources import SOURCES, install
from assistant_lab.english.vocab import fit_vocab
from assistant_lab.people import documents as people_documents
from assistant_lab.prose import documents as prose_documents
from assistant_lab.tiny.data import dialogue, docstrings, project_docs

HELD_OUT = 50  # one document in 50 is held out
REPO = Path(__file__).resolve().parents[3]


def held_out(doc: str) -> bool:
    return int(hashlib.sha1(doc.encode()).hexdigest()[:8], 16) % HELD_OUT == 0


def dedup(docs: Iterable[str], seen: set[bytes]) -> Iterator[str]:
    """Each document without the paragraphs (lines) seen in an earlier document; empty ones dropped."""
    for doc in docs:
        keep = []
        for line in doc.split("\n"):
            key = hashlib.sha1(re.sub(r"\s+", " ", line.lower()).strip().encode()).digest()[:12]
            if len(line) < 40 or key not in seen:  # short lines (headings, "For example:") may repeat
                seen.add(key)
                keep.append(line)
        text = "\n".join(keep).strip()
        if text:
            yield text


def english_documents(seed: int, dialog_mb: float) -> dict[str, Iterator[str]]:
    rng = random.Random(seed)
    groups: dict[str, Iterator[str]] = {s.name: s.read() for s in SOURCES if s.redistributable and s.read}
    groups["project_docs"] = project_docs(REPO)
    groups["docstrings"] = docstrings(REPO)
    n_dialogues = int(dialog_mb * 1e6 / 400)  # a dialogue is about 400 bytes
    groups["dialogues"] = (dialogue(rng) for _ in range(n_dialogues))
    return groups


def picking_documents(seed: int, mb: float) -> Iterator[str]:
    from assistant_lab.corpus import documents

    total = 0
    for doc in documents(seed):
        yield doc.strip()
        total += len(doc)
        if total >= mb * 1e6:
            return


class Writer:
    """Appends documents to ``<group>_<split>.txt.xz`` and counts them per source."""

    def __init__(self, out: Path, group: str) -> None:
        self.files = {
            split: lzma.open(out / f"{group}_{split}.txt.xz", "wt", encoding="ascii", preset=6)  # noqa: SIM115 (closed by close())
            for split in ("train", "val")
        }
        self.stats: dict[str, dict[str, int]] = {}

    def add(self, source: str, docs: Iterable[str]) -> None:
        st = self.stats.setdefault(source, {"train_docs": 0, "train_bytes": 0, "val_docs": 0, "val_bytes": 0})
        for doc in docs:
            doc = doc.encode("ascii", "ignore").decode().replace("\0", "")
            split = "val" if held_out(doc) else "train"
            self.files[split].write(doc + "\0")
            st[f"{split}_docs"] += 1
            st[f"{split}_bytes"] += len(doc) + 1

    def close(self) -> None:
        for f in self.files.values():
            f.close()


def sample_text(out: Path, group: str, mb: float) -> str:
    """The first ``mb`` MB of a group's training text (what the vocabulary is fitted on)."""
    with lzma.open(out / f"{group}_train.txt.xz", "rt", encoding="ascii") as f:
        return f.read(int(mb * 1e6))


def model_vocab(path: Path) -> list[bytes]:
    """The vocabulary a model file carries (``tokenizer=vocab``), so new text encodes as that model reads."""
    from gpuaccel.assistant.engine.safetensors_header import read_header

    meta = read_header(path)[1]
    if meta.get("tokenizer") != "vocab":
        raise SystemExit(f"{path}: tokenizer={meta.get('tokenizer')!r}, not a fitted vocabulary ('vocab')")
    return [bytes.fromhex(h) for h in json.loads(meta["vocab"])]


def build(
    out: Path,
    seed: int,
    picking_mb: float,
    dialog_mb: float,
    vocab_size: int,
    people_copies: int = 12,
    vocab_from: Path | None = None,
    prose: Path | None = None,
    prose_copies: int = 8,
) -> dict:
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    english = Writer(out, "english")
    seen: set[bytes] = set()
    for name, docs in english_documents(seed, dialog_mb).items():
        english.add(name, dedup(docs, seen) if name != "dialogues" else docs)
    english.close()
    picking = Writer(out, "picking")
    picking.add("query_dialogues", picking_documents(seed, picking_mb))
    people: dict[str, dict[str, int]] = {}
    if people_copies > 0:
        picking.add("people_sets", people_documents(seed, people_copies, people))
    if prose is not None:
        picking.add("report_prose", prose_documents(prose, prose_copies, seed))
    picking.close()
    if vocab_from is not None:
        vocab = model_vocab(vocab_from)
        vocab_stats = {"from": str(vocab_from), "size": len(vocab)}
    else:  # the vocabulary sees English and picking text alike: the model reads both
        text = sample_text(out, "english", 4.0) + "\0" + sample_text(out, "picking", 4.0)
        vocab, vocab_stats = fit_vocab(text, vocab_size)
    (out / "vocab.json").write_text(json.dumps([t.hex() for t in vocab]))
    licences = {
        s.name: {
            "package": s.package,
            "licence": s.licence,
            "redistributable": s.redistributable,
            "why": s.why,
        }
        for s in SOURCES
    }
    summary = {
        "english": english.stats,
        "picking": picking.stats,
        "licences": licences,
        "vocab": vocab_stats,
        "people_sets": {"copies": people_copies, "sets": people},
        "report_prose": {"from": str(prose), "copies": prose_copies} if prose is not None else None,
        "seed": seed,
        "seconds": round(time.time() - t0, 1),
    }
    (out / "sources.json").write_text(json.dumps(summary, indent=1))
    return summary


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--picking-mb", type=float, default=60.0, help="picking dialogues, MB of text")
    ap.add_argument("--dialog-mb", type=float, default=0.5, help="facts dialogues (the chat format), MB")
    ap.add_argument("--vocab-size", type=int, default=8192)
    ap.add_argument("--people-copies", type=int, default=12, help="copies of each people-set pick (0: none)")
    ap.add_argument("--vocab-from", type=Path, help="this model file's vocabulary, not a fitted one")
    ap.add_argument("--install", action="store_true", help="apt-get install the sources' packages first")
    ap.add_argument("--prose", type=Path, help="a folder of people's report summaries (assistant_lab.prose)")
    ap.add_argument("--prose-copies", type=int, default=8, help="documents made of each written summary")
    args = ap.parse_args(argv)
    if args.install:
        install()
    summary = build(
        args.out,
        args.seed,
        args.picking_mb,
        args.dialog_mb,
        args.vocab_size,
        args.people_copies,
        args.vocab_from,
        args.prose,
        args.prose_copies,
    )
    print(json.dumps({k: summary[k] for k in ("english", "picking", "vocab", "seconds")}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
