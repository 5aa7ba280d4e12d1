"""Tokenizers: bytes, RWKV's World vocabulary, and a vocabulary carried in the model file itself; streaming
their bytes as text (a character may be split across tokens)."""

from __future__ import annotations

import codecs
import json
from collections.abc import Iterable
from functools import cached_property
from pathlib import Path

EOT = 0  # token 0: end of text in the World vocabulary and in our byte vocabulary; never sampled

Trie = dict[int, list]  # byte -> [the children, the id of the token that ends here or -1]


def build_trie(tokens: Iterable[tuple[int, bytes]]) -> Trie:
    """The tokens by their bytes: what greedy encoding walks and constrained decoding follows."""
    root: Trie = {}
    for i, tok in tokens:
        node = root
        for j, b in enumerate(tok):
            child = node.setdefault(b, [{}, -1])
            if j == len(tok) - 1:
                child[1] = i
            node = child[0]
    return root


class ByteTokenizer:
    """The bundled tiny model's vocabulary: token = byte value (1..255); 0 is end of text."""

    name = "bytes"
    vocab_size = 256

    def encode(self, text: str) -> list[int]:
        return [b for b in text.encode("utf-8") if b != 0]

    def token_bytes(self, token: int) -> bytes:
        return bytes([token]) if 0 < token < 256 else b""

    @cached_property
    def trie(self) -> Trie:
        return build_trie((i, bytes([i])) for i in range(1, 256))


class WorldTokenizer:
    """The RWKV World vocabulary (65536 tokens) shipped inside the rwkv package, for real World/G1 models."""

    name = "rwkv_vocab_v20230424"
    vocab_size = 65536

    def __init__(self) -> None:
        import rwkv
        from rwkv.rwkv_tokenizer import TRIE_TOKENIZER

        vocab = Path(rwkv.__file__).parent / "rwkv_vocab_v20230424.txt"
        self._tok = TRIE_TOKENIZER(str(vocab))

    def encode(self, text: str) -> list[int]:
        return list(self._tok.encodeBytes(text.encode("utf-8")))

    def token_bytes(self, token: int) -> bytes:
        return self._tok.idx2token.get(token, b"") if token != EOT else b""

    @cached_property
    def trie(self) -> Trie:
        return build_trie((i, t) for i, t in self._tok.idx2token.items() if i != EOT)


class VocabTokenizer:
    """A vocabulary read from the model file's metadata (``tokenizer=vocab``; ``vocab``: a JSON list of the
    tokens' bytes in hex, the id a token's position), encoded by greedy longest match as World's is.

    Why: a small model cannot afford World's 65,536 rows in its embedding and head; a vocabulary fitted to
    its corpus (a subset of World's tokens) can. Ids 1..255 must be the single bytes, so every text encodes.
    """

    name = "vocab"

    def __init__(self, tokens: list[bytes]) -> None:
        if len(tokens) < 256 or tokens[0] != b"" or any(tokens[i] != bytes([i]) for i in range(1, 256)):
            raise ValueError(
                "a vocabulary needs id 0 = end of text (empty) and ids 1..255 = the single bytes"
            )
        if len(set(tokens)) != len(tokens):
            raise ValueError("a vocabulary may not hold the same token twice")
        self.tokens = tokens
        self.vocab_size = len(tokens)
        self.trie = build_trie(enumerate(tokens[1:], start=1))

    @classmethod
    def from_metadata(cls, value: str) -> VocabTokenizer:
        try:
            return cls([bytes.fromhex(h) for h in json.loads(value)])
        except (ValueError, TypeError) as exc:
            raise ValueError(f"the model file's vocab is not a JSON list of hex strings ({exc})") from None

    def to_metadata(self) -> str:
        return json.dumps([t.hex() for t in self.tokens], separators=(",", ":"))

    def encode_bytes(self, data: bytes) -> list[int]:
        out, i, n, root = [], 0, len(data), self.trie
        while i < n:
            node, j, best, best_end = root, i, data[i], i + 1
            while j < n and (hit := node.get(data[j])) is not None:
                j += 1
                if hit[1] > 0:
                    best, best_end = hit[1], j
                node = hit[0]
            out.append(best)
            i = best_end
        return out

    def encode(self, text: str) -> list[int]:
        return self.encode_bytes(text.encode("utf-8").replace(b"\0", b""))

    def token_bytes(self, token: int) -> bytes:
        return self.tokens[token] if 0 < token < self.vocab_size else b""


Tokenizer = ByteTokenizer | WorldTokenizer | VocabTokenizer


class Utf8Stream:
    """Turns token bytes into text as they come; a character split across tokens waits for its rest."""

    def __init__(self) -> None:
        self._dec = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def feed(self, data: bytes) -> str:
        return self._dec.decode(data)

    def flush(self) -> str:
        return self._dec.decode(b"", final=True)
