"""The pretraining corpus: prose out of reStructuredText, deduplication, a stable held-out split, only
redistributable sources read, the picks' tokens marked as the runtime will write them, and the fitted
vocabulary read back from a model file."""

from __future__ import annotations

import pytest

from assistant_lab.english.build import dedup, held_out
from assistant_lab.english.sources import SOURCES, rst_prose
from assistant_lab.english.tokens import ANSWER_MARK, encode_document
from gpuaccel.assistant.engine.runtime import ModelError, tokenizer_for
from gpuaccel.assistant.engine.tokenizers import VocabTokenizer

RST = """\
.. _tut-if:

:keyword:`!if` Statements
=========================

Perhaps the most well-known statement type is the :keyword:`if` statement.  For
example::

   >>> x = int(input("Please enter an integer: "))

.. function:: open(file, mode='r')

   Open *file* and return a ``file object``; see :ref:`the guide <guide>`.

.. code-block:: python

   print("not prose")
"""


def test_rst_prose_keeps_sentences_and_drops_code_targets_and_markup() -> None:
    text = rst_prose(RST)
    assert "Perhaps the most well-known statement type is the if statement. For example:" in text
    assert "Open file and return a file object; see the guide." in text
    assert "input(" not in text and "not prose" not in text and "tut-if" not in text and "===" not in text


def test_dedup_drops_a_paragraph_seen_before_and_the_split_is_stable() -> None:
    long = "A paragraph long enough to count as one that may repeat across pages."
    seen: set[bytes] = set()
    docs = list(dedup([f"{long}\nfirst", f"{long.upper()}\nsecond", long], seen))
    assert docs == [f"{long}\nfirst", "second"]
    assert [held_out(f"doc {i}") for i in range(400)] == [held_out(f"doc {i}") for i in range(400)]
    assert 0 < sum(held_out(f"doc {i}") for i in range(2000)) < 100  # about one in 50


def test_only_sources_that_allow_shipping_a_model_are_read() -> None:
    assert {s.name for s in SOURCES if s.redistributable} == {"wordnet", "python_docs"}
    assert all(s.read is None for s in SOURCES if not s.redistributable)
    assert all(s.licence and s.why for s in SOURCES)


def _vocab(*words: str) -> VocabTokenizer:
    return VocabTokenizer([b"", *(bytes([i]) for i in range(1, 256)), *(w.encode() for w in words)])


def test_vocab_tokenizer_encodes_by_longest_match_and_travels_in_metadata() -> None:
    tok = _vocab("gpu", "gpu_reading", " {", " hot", "\n\n")
    ids = tok.encode("gpu_reading hot {\n\n")
    assert b"".join(tok.token_bytes(i) for i in ids) == b"gpu_reading hot {\n\n"
    assert tok.token_bytes(ids[0]) == b"gpu_reading" and len(ids) == 4
    back = tokenizer_for(tok.vocab_size, "vocab", tok.to_metadata())
    assert isinstance(back, VocabTokenizer) and back.tokens == tok.tokens
    with pytest.raises(ModelError, match="embedding"):
        tokenizer_for(tok.vocab_size + 1, "vocab", tok.to_metadata())
    with pytest.raises(ModelError, match="JSON list of hex"):
        tokenizer_for(300, "vocab", "not json")
    with pytest.raises(ValueError, match="single bytes"):
        VocabTokenizer([b"", b"a"])


def test_a_pick_is_encoded_apart_from_its_prompt_and_marked() -> None:
    tok = _vocab("query", " {", '"}', "\n\n", "Assistant")
    prompt = "System: Pick.\n\nUser: how hot is gpu 0?" + ANSWER_MARK
    pick = ' {"gpu": 0}\n\n'
    doc = prompt + pick + "User: more" + ANSWER_MARK + " none\n\n"
    ids, mask = encode_document(doc, tok)
    assert ids[-1] == 0 and len(ids) == len(mask)
    marked = b"".join(tok.token_bytes(i) for i, m in zip(ids, mask, strict=True) if m)
    assert marked == pick.encode() + b" none\n\n"
    assert ids[: len(tok.encode(prompt))] == tok.encode(prompt)  # as the runtime encodes the prompt
