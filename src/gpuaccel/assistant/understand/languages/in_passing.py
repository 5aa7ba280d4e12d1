"""Words of other languages said in passing in an English message (French, Italian, Hindi, Turkish): each
names only what the assistant reads, and none is an English word, so they are read in any message."""

from __future__ import annotations

from gpuaccel.assistant.understand.languages.french import FRENCH_IN_PASSING
from gpuaccel.assistant.understand.languages.hindi import HINDI_IN_PASSING
from gpuaccel.assistant.understand.languages.italian import ITALIAN_IN_PASSING
from gpuaccel.assistant.understand.languages.tables import compiled, translated

# Turkish said in passing ("bugün H100 max temp", "dün ... how much was", "bu sabah (9-12 arası)"): its day
# and question words; "arası" (between) after a span in brackets is left out
_TURKISH_WORDS = (
    (r"\bbug[üu]n\b", "today"),
    (r"\bd[üu]n\b", "yesterday"),
    (r"\bbu sabah\b", "this morning"),
    (r"\bbu ak[şs]am\b", "this evening"),
    (r"\b[şs]imdi\b", "now"),
    (r"\bne kadar\b", "how much"),
    (r"\bka[çc]\b", "how many"),
    (r"\bneden\b|\bni[çc]in\b", "why"),
    (r"\bne zaman\b", "when"),
    (r"\s*\baras[ıi]\b", ""),
    (r"\b(?:hocam|abi|tamam)\b,?", ""),
)
_IN_PASSING = FRENCH_IN_PASSING + ITALIAN_IN_PASSING + HINDI_IN_PASSING + compiled(_TURKISH_WORDS)


def in_passing(text: str) -> str:
    """``text`` with the French words said in passing (:data:`french.FRENCH_IN_PASSING`), the Italian of
    :data:`italian.ITALIAN_IN_PASSING`, the Hindi of :data:`hindi.HINDI_IN_PASSING` and the Turkish of
    :data:`_TURKISH_WORDS` in English."""
    return translated(text, _IN_PASSING)
