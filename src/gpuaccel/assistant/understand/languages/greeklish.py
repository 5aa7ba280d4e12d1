"""Greek written in Latin letters (Greeklish) inside an English message, read as the English it stands for:
"poso zestathike xthes i GPU 0?" is "how hot did the GPU 0 get yesterday?". English shaped by Greek ("the
GPU 1", "how many hours was busy the GPU 1", "yes?") is read by the English readers as it is."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import Lean, compiled, read_where_marked

# Greeklish words no English message has; not "ti", "to", "i", "me" or "posa" (English, Italian, Spanish
# words), which are read only beside a mark
_GREEKLISH_MARK = re.compile(
    r"\b(?:ti\s+ginetai|ginetai|poso|posi|posoi|pote|giat[iy]|xthes|xtes|chthes|simera|twra|akyrw\w*"
    r"|akyro\w*|akirw\w*|zestath\w*|reuma|revma|trwei|troei|kart(?:a|es|as)|kalimera|kalispera"
    r"|efxaristo|efharisto|poia|poio|poios|einai|isxys|isxis|mesimeri)\b",
    re.I,
)
# the Greek article before a name of the trade or a reading ("i GPU 0", "to job 12", "tin karta", "i mesi
# isxys"): "the"
_NAME = r"(?=\s+(?:gpu|job|karta|kartes|card|h100|4090|queue|ouras?|average|max|power|temperature)\b)"
_GREEKLISH = (
    (r"\b(?:kalimera|kalispera|geia\s+sou|efxaristo|efharisto)\b[!,.]*", ""),
    # how hot a card got: "poso zestathike" (how much did it heat up)
    (r"\bpos[oi]\s+zestath\w*\b", "how hot did it get"),
    (r"\bzestath\w*\b", "got hot"),
    # what a card draws: "poso reuma trwei" (how much current does it eat)
    (r"\bpos[oi]\s+(?:reuma|revma)\s+(?:trwei|troei)\b", "how much power does it draw"),
    (r"\b(?:reuma|revma|isxys|isxis)\b", "power"),
    (r"\b(?:trwei|troei)\b", "draws"),
    (r"\bti\s+ginetai\b", "what is going on"),
    (r"\bginetai\b", "is going on"),
    (r"\bakyr\w*\b|\bakir\w*\b", "cancel"),
    (r"\bpos(?:o|oi|i|a|es)\b", "how much"),
    (r"\bpote\b", "when"),
    (r"\bgiat[iy]\b", "why"),
    (r"\bpoi(?:a|o|os|oi)\b", "which"),
    (r"\bti\b(?=\s+(?:einai|ekane|egine|trexei|etrexe)\b)", "what"),
    (r"\beinai\b", "is"),
    (r"\bmesi\b", "average"),
    (r"\b(?:xthes|xtes|chthes)\b", "yesterday"),
    (r"\bsimera\b", "today"),
    (r"\b(?:twra|tora)\b", "now"),
    (r"\bkart(?:a|as)\b", "card"),
    (r"\bkartes\b", "cards"),
    # "apo tis 1 to mesimeri": from 1 in the afternoon
    (r"\b(?:apo\s+)?tis\s+(\d{1,2})\s+to\s+mesimeri\b", lambda m: f"since {int(m[1]) % 12 + 12}:00"),
    (r"\bto\s+mesimeri\b|\bmesimeri\b", "noon"),
    (r"\bapo\b(?=\s+(?:tis\s+)?\d)", "from"),
    (r"\bme\s+(?:tin|ti|to|ton)\b", "with the"),
    (r"\b(?:i|o|to|tin|ti|ton|tis|tou)" + _NAME, "the"),
)
_GREEKLISH_READ = compiled(_GREEKLISH)  # compiled once


def greeklish_read(text: str, lean: Lean | None = None) -> str:
    """An English message with Greeklish words in English (see :data:`_GREEKLISH`); a message without one
    (:data:`_GREEKLISH_MARK`) as it was."""
    return read_where_marked(text, _GREEKLISH_MARK, _GREEKLISH_READ, lean, "greeklish")
