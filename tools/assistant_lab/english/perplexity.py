"""Held-out English cross-entropy per byte of model files, whatever their tokenizer, and a unigram baseline.

Why per byte: the bundled models differ in vocabulary (bytes before, a fitted vocabulary now), so only a
loss per byte of the same text compares them. Each model reads the same held-out documents through the
runtime (:class:`~gpuaccel.assistant.engine.runtime.Engine`, rwkv's CPU forward), each document from a
fresh state, at most ``--max-bytes`` bytes of each; the baseline is the fitted vocabulary's unigram
distribution from the training split (add-one), on the same documents.

``python -m assistant_lab.english.perplexity --data .pretrain --model NEW --model OLD --docs 48``
"""

from __future__ import annotations

import argparse
import json
import lzma
import math
from collections import Counter
from pathlib import Path

import torch

from assistant_lab.english.tokens import load_vocab
from gpuaccel.assistant.engine.runtime import Engine


def held_out_documents(data: Path, n: int, max_bytes: int) -> list[str]:
    """``n`` documents spread evenly over the English held-out split, each cut at a line in ``max_bytes``."""
    with lzma.open(data / "english_val.txt.xz", "rt", encoding="ascii") as f:
        docs = [d for d in f.read().split("\0") if len(d) > 200]
    step = max(1, len(docs) // n)
    out = []
    for d in docs[::step][:n]:
        cut = d[:max_bytes]
        out.append(cut[: cut.rfind("\n")] if "\n" in cut and len(d) > max_bytes else cut)
    return out


def nats_per_byte(engine: Engine, docs: list[str]) -> float:
    total, n_bytes = 0.0, 0
    for doc in docs:
        ids = engine.tokenizer.encode(doc)
        logits, _ = engine.forward_all([0, *ids[:-1]], None)  # token 0 (end of text) before each document
        lp = torch.log_softmax(logits.float(), dim=-1)
        total -= float(lp[torch.arange(len(ids)), torch.tensor(ids)].sum())
        n_bytes += len(doc.encode())
    return total / n_bytes


def unigram_nats_per_byte(data: Path, docs: list[str]) -> float:
    tok = load_vocab(data)
    counts: Counter[int] = Counter()
    with lzma.open(data / "english_train.txt.xz", "rt", encoding="ascii") as f:
        counts.update(tok.encode(f.read(4_000_000)))
    total = sum(counts.values()) + tok.vocab_size
    nats = -sum(math.log((counts[i] + 1) / total) for d in docs for i in tok.encode(d))
    return nats / sum(len(d.encode()) for d in docs)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--data", type=Path, required=True, help="the corpus build (english_val.txt.xz, vocab.json)"
    )
    ap.add_argument("--model", type=Path, action="append", default=[])
    ap.add_argument("--docs", type=int, default=48)
    ap.add_argument("--max-bytes", type=int, default=1500)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args(argv)
    torch.set_num_threads(1)
    docs = held_out_documents(args.data, args.docs, args.max_bytes)
    result = {
        "documents": len(docs),
        "bytes": sum(len(d) for d in docs),
        "unigram (fitted vocabulary, first 4 MB of the training split)": unigram_nats_per_byte(
            args.data, docs
        ),
    }
    for path in args.model:
        result[str(path)] = nats_per_byte(Engine(path, "cpu fp32"), docs)
    for k, v in result.items():
        extra = f"  ({v / math.log(2):.3f} bits/byte)" if isinstance(v, float) else ""
        print(f"{k}: {v:.4f}{extra}" if isinstance(v, float) else f"{k}: {v}")
    if args.out:
        args.out.write_text(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
