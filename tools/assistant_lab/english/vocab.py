"""Fit the small model's vocabulary: the World tokens its corpus uses most, plus every single byte.

Why not World itself: its 65,536 rows cost 2 x 65,536 x C parameters in the embedding and the head (33.6 M at
C = 256, 67 MB in fp16: more than the whole 40 MB file may hold). Why World's tokens rather than a new BPE:
the runtime already encodes by World's greedy longest match, so the same code reads both vocabularies
(:class:`~gpuaccel.assistant.engine.tokenizers.VocabTokenizer`), and the fitted one is a subset of the one G1
models use.
"""

from __future__ import annotations

from collections import Counter

from gpuaccel.assistant.engine.tokenizers import VocabTokenizer, WorldTokenizer


def fit_vocab(text: str, size: int) -> tuple[list[bytes], dict]:
    """``size`` tokens: id 0 end of text, 1..255 the bytes, then World's most frequent multi-byte tokens in
    ``text`` (NUL-separated documents), most frequent first; and how many tokens a byte of text costs."""
    if size < 512:
        raise ValueError(f"vocabulary size {size} too small: at least 512 (256 bytes and 256 words)")
    world = WorldTokenizer()
    counts: Counter[bytes] = Counter()
    n_world = 0
    docs = [d.encode("ascii", "ignore") for d in text.split("\0") if d]
    for doc in docs:
        ids = world._tok.encodeBytes(doc)
        n_world += len(ids)
        counts.update(world.token_bytes(i) for i in ids)
    words = [tok for tok, _ in counts.most_common() if len(tok) > 1 and b"\0" not in tok]
    vocab = [b"", *(bytes([i]) for i in range(1, 256)), *words[: size - 256]]
    fitted = VocabTokenizer(vocab)
    n_fitted = sum(len(fitted.encode_bytes(d)) for d in docs)
    n_bytes = sum(len(d) for d in docs)
    return vocab, {
        "size": len(vocab),
        "fitted_on_bytes": n_bytes,
        "bytes_per_token_world": round(n_bytes / max(1, n_world), 3),
        "bytes_per_token_fitted": round(n_bytes / max(1, n_fitted), 3),
        "world_tokens_seen": len(counts),
    }
