"""Tokenizers: the bundled tiny model's byte vocabulary and RWKV's World vocabulary, and streaming their bytes
as text (a character may be split across tokens)."""

from __future__ import annotations

import codecs
from pathlib import Path

EOT = 0  # token 0: end of text in the World vocabulary and in our byte vocabulary; never sampled


class ByteTokenizer:
    """The bundled tiny model's vocabulary: token = byte value (1..255); 0 is end of text."""

    name = "bytes"
    vocab_size = 256

    def encode(self, text: str) -> list[int]:
        return [b for b in text.encode("utf-8") if b != 0]

    def token_bytes(self, token: int) -> bytes:
        return bytes([token]) if 0 < token < 256 else b""


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


Tokenizer = ByteTokenizer | WorldTokenizer


class Utf8Stream:
    """Turns token bytes into text as they come; a character split across tokens waits for its rest."""

    def __init__(self) -> None:
        self._dec = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def feed(self, data: bytes) -> str:
        return self._dec.decode(data)

    def flush(self) -> str:
        return self._dec.decode(b"", final=True)
