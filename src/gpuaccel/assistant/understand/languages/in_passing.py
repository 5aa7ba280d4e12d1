"""Words of other languages said in passing in an English message (French, Italian, Hindi, Turkish): each
names only what the assistant reads, and none is an English word, so they are read in any message."""

from __future__ import annotations

from gpuaccel.assistant.understand.languages.french import FRENCH_IN_PASSING
from gpuaccel.assistant.understand.languages.hindi import HINDI_IN_PASSING
from gpuaccel.assistant.understand.languages.tables import compiled, translated

# Italian said in passing, read the same way ("Ieri the H100 max temperature?", "a che ora?", "la scheda",
# "va bene, put it on hold"); "quanto" and "quando", which Portuguese shares, are read with it
_ITALIAN_WORDS = (
    (r"\bieri sera\b", "yesterday evening"),
    (r"\bieri notte\b|\bstanotte\b", "last night"),
    (r"\bieri\b", "yesterday"),
    (r"\boggi pomeriggio\b|\bquesto pomeriggio\b", "this afternoon"),
    (r"\boggi\b", "today"),
    (r"\bstamattina\b|\bstamani\b", "this morning"),
    (r"\bstasera\b", "this evening"),
    (r"\bquesta settimana\b", "this week"),
    (r"\badesso\b", "now"),
    (r"\b(?:a )?che ora\b", "at what time"),
    (r"\bperch[eé]\b", "why"),
    (r"\bgradi\b", "degrees"),
    (r"\b(?:(?:la|le)\s+)?sched[ae]\s+(?=(?:[a-z]+\d+|\d{3,})\b)", "the "),  # "la scheda 4090": the 4090
    (r"\b(?:la|le) sched[ae]\b", "the card"),
    (r"\bsched[ae]\b", "card"),
    (r"\bva bene\b", "ok"),
    (r"\bgrazie(?: mille)?\b", "thanks"),
    (r"^\s*(?:dai|boh|allora|ciao)\b[,!.]*\s*", ""),
    (r"\bho visto\b", "i saw"),
    (r"\bscrivi(?:mi)?\b", "write"),
    (r"\buna mail\b", "an email"),
    (r"\bin italiano\b", "in Italian"),
)
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
_IN_PASSING = FRENCH_IN_PASSING + compiled(_ITALIAN_WORDS) + HINDI_IN_PASSING + compiled(_TURKISH_WORDS)


def in_passing(text: str) -> str:
    """``text`` with the French words said in passing (:data:`french.FRENCH_IN_PASSING`), the Italian of
    :data:`_ITALIAN_WORDS`, the Hindi of :data:`hindi.HINDI_IN_PASSING` and the Turkish of
    :data:`_TURKISH_WORDS` in English."""
    return translated(text, _IN_PASSING)
