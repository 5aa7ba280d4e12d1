"""Greek written in Latin letters (Greeklish) inside an English message, read as the English it stands for:
"poso zestathike xthes i GPU 0?" is "how hot did the GPU 0 get yesterday?". English shaped by Greek ("the
GPU 1", "how many hours was busy the GPU 1", "yes?") is read by the English readers as it is."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import REQUEST_VERBS, Lean, compiled, read_where_marked

# Greeklish words no English message has; not "ti", "to", "i", "me" or "posa" (English, Italian, Spanish
# words), which are read only beside a mark
_GREEKLISH_MARK = re.compile(
    r"\b(?:ti\s+ginetai|ginetai|poso|posi|posoi|pote|giat[iy]|xthes|xtes|chthes|simera|twra|akyrw\w*"
    r"|akyro\w*|akirw\w*|zestath\w*|reuma|revma|trwei|troei|kart(?:a|es|as)|kalimera|kalispera"
    r"|efxaristo|efharisto|poia|poio|poios|einai|isxys|isxis|mesimeri"
    # the queue's and the readings' own words: running, the queue, waiting, starting, broke, ran again, the
    # temperature, the fan, memory, max and min, energy, burned, span, time, was, had, that one, last,
    # afternoon, evening, until, degrees, I want, I finished, I meant, wrote, raise, you suggest, no
    r"|trexei|trexoun|etrexe|oura|ouras|perimen\w*|ksekin\w*|xekin\w*|espase|skase|xanatrex\w*"
    r"|thermokras\w*|anemistir\w*|mnimi|megist\w*|elaxist\w*|energeia|ekapse|diastima|xrono|itan|eixe"
    r"|ekein\w+|teleftai\w*|apogevma|vradi|mexri|vathm\w*|thelw|teleiwsa|ennoousa|egrapse|anevase"
    r"|proteineis|leei|oxi|kratise|mesos\s+oros|meso|kane\s+(?:" + REQUEST_VERBS + r")|vale\s+to)\b",
    re.I,
)
# the Greek article before a name of the trade or a reading ("i GPU 0", "to job 12", "tin karta", "i mesi
# isxys"): "the"
_NAME = (
    r"(?=\s+(?:gpu\d*|job|karta|kartes|card|h100|4090|queue|ouras?|average|max|min|peak|power|temperature|fan"
    r"|memory|last|log|lr|[a-z][\w.]*-[\w.-]+)\b)"
)
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
    # since when, what time: "apo ti ora trexei" (from what hour is it running), "ti ora?"
    (r"\bapo\s+ti\s+ora\b", "since what time"),
    (r"\bti\s+ora\b", "what time"),
    (r"\b(?:ekeini\s+tin|tin\s+idia)\s+(?:w|o)ra\b", "at that time"),
    # how long: "poso xrono" (how much time), "posi wra" (how much hour); "exei idi" (it has already)
    (r"\bpos[oi]\s+(?:xrono|wra|ora)\b", "how long"),
    (r"\bexei\s+idi\b", "has it been running"),
    # how long a job lasted: "poso kratise" (how much did it last)
    (r"\bpos[oi]\s+kratise\s+(?:to\s+)?([\w.]+-[\w.-]+)", r"how long did \1 run"),
    (r"\bpos[oi]\s+kratise\b", "how long did it run"),
    (r"\bkratise\b", "lasted"),
    (r"^a\s+(?=kai\b)", ""),
    (r"\bmexri\s+(?:twra|tora)\b", "so far"),
    # the evening, the morning, the afternoon: "xthes to vradi" (last night), "simera to proi"
    (r"\b(?:xthes|xtes|chthes)\s+to\s+vradi\b", "last night"),
    (r"\bto\s+vradi\b", "in the evening"),
    (r"\bto\s+proi\b", "in the morning"),
    (r"\bmeta\s+tis\s+(\d{1,2})\s+to\s+apogevma\b", lambda m: f"after {int(m[1]) % 12 + 12}:00"),
    (r"\bto\s+apogevma\b", "in the afternoon"),
    (r"\bapo\s+tis\s+(\d{1,2})\s+mexri\s+tis\s+(\d{1,2})\b", lambda m: f"between {m[1]}:00 and {m[2]}:00"),
    (r"\bmeta\s+tis\s+(\d{1,2})\b", r"after \1:00"),
    (r"\bmexri\s+tis\s+(\d{1,2})\b", r"until \1:00"),
    (r"\b(?:tin\s+)?teleftaia\s+(?:w|o)ra\b", "the last hour"),
    (r"\bteleftai\w*\b", "last"),
    (r"\bse\s+auto\s+to\s+diastima\b", "in that span"),
    # the queue: "i oura" (the queue), "stin oura" (in the queue), "perimenoun" (they wait)
    (r"\bti\s+exei\s+(?:i\s+)?oura\b", "what is in the queue"),
    (r"\bstin\s+oura\b", "in the queue"),
    (r"\b(?:i\s+|tin\s+|tis\s+)?ouras?\b", "the queue"),
    (r"\bperimenoun\b", "are waiting"),
    (r"\bpos[oi]\s+perimen\w*\b", "how long did it wait"),
    (r"\bperimen\w*\b", "wait"),
    (r"\bprin\s+(?:na\s+)?(?:ksekin|xekin)\w*\b", "before it started"),
    (r"\bden\s+(?:ksekin|xekin)\w*\b", "does not start"),
    (r"\b(?:ksekin|xekin)\w*\b", "started"),
    # what broke: "espase", "skase" (burst)
    (r"\b(?:espase|skase)\b", "failed"),
    # a request: "kane release to" (do release it), "xanatrexe to" (run it again), "pause to" (pause it),
    # "anevase to priority tou X" (raise X's priority), "vale to X priority 10" (put X at priority 10)
    # "kane resume" with nothing after it: the job the conversation is on ("resume it")
    (r"\bkane\s+(" + REQUEST_VERBS + r")\b(?=\s*[.!?]*\s*$)", r"\1 it"),
    (r"\bkane\s+(" + REQUEST_VERBS + r")\b", r"\1"),
    (r"\bxanatrex\w*\b", "retry"),
    (r"\b(" + REQUEST_VERBS + r")\s+to\b(?=\s*(?:$|[,.!?]|re\b))", r"\1 it"),
    (r"\bekana\s+fix\b", "I fixed"),
    (r"\banevase\s+to\s+priority\s+tou\b", "raise the priority of"),
    (r"\bvale\s+to\s+([\w.-]+)\s+priority\b", r"set the priority of \1 to"),
    # its log, what it said, what it had: "ti leei to log tou", "ti lr eixe ekeino"
    (r"\bti\s+leei\s+to\s+log\s+tou\b", "what does its log say"),
    (r"\bti\s+egrapse\s+sto\s+log\b", "what did it write in the log"),
    (r"\bti\s+(\w+)\s+eixe\s+ekeino\b", r"what \1 did that one have"),
    (r"\bekein[oi]\b", "that one"),
    (r"\beixe\b", "had"),
    # the readings: temperature, fan, memory, max, min, average, energy, degrees
    (r"\bthermokras\w*\b", "temperature"),
    (r"\banemistir\w*\b", "fan"),
    (r"\bmnimi\b", "memory"),
    (r"\bmegist\w*\b", "max"),
    (r"\belaxist\w*\b", "min"),
    (r"\bmes(?:os\s+oros|os|o)\b", "average"),
    (r"\bpos[oi]\s+energeia\s+ekapse\b", "how much energy did it use"),
    (r"\benergeia\b", "energy"),
    (r"\bekapse\b", "used"),
    (r"\bpano\s+apo\b", "above"),
    (r"\bvathm\w*\b", "degrees"),
    (r"\b(?:exei\s+)?faei\b", "has used"),
    # "o anemistiras tis" (the fan of her): its fan
    (r"\b(?:o|i|to|tin|ti)\s+((?:\w+\s+)?\w+)\s+(?:tis|tou)\b(?=\s*[?!.,]*\s*$)", r"its \1"),
    (r"\bapo\s+(?=poi)", "from "),
    (r"\bre\b(?!-),?", ""),  # the particle "re" (hey), not "re-run"
    (r"\bgia\b", "for"),
    (r"\bena\b", "a"),
    (r"\bsto\b", "in the"),
    # a correction: "oxi re, tin gpu 1 ennoousa" (no, I meant GPU 1)
    (r"\boxi\b(?:\s+re\b)?", "no"),
    (r"\bennoousa\b", "I meant"),
    (r"\bthelw\b", "I want"),
    (r"\bteleiwsa\b", "I am done"),
    (r"\bproteineis\b", "do you recommend"),
    (r"\bginetai\b", "is going on"),
    (r"\bakyr\w*\b|\bakir\w*\b", "cancel"),
    (r"\bpos(?:o|oi|i|a|es)\b", "how much"),
    (r"\bpote\b", "when"),
    (r"\bgiat[iy]\b", "why"),
    (r"\bpoi(?:a|o|os|oi)\b", "which"),
    (r"\bti\b(?=\s+(?:einai|ekane|egine|trexei|etrexe|exei|failed|temperature|lr)\b)", "what"),
    (r"\beinai\b", "is"),
    (r"\btrex(?:ei|oun)\b", "is running"),
    (r"\betrexe\b", "was running"),
    (r"\bitan\b", "was"),
    (r"\bexei\b", "has"),
    (r"\b(?:kai|k)\b", "and"),
    (r"\bstin\b|\bstis\b", "on"),
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
    (r"\btou\b(?=\s+[\w.-]+)", "of"),
)
_GREEKLISH_READ = compiled(_GREEKLISH)  # compiled once


def greeklish_read(text: str, lean: Lean | None = None) -> str:
    """An English message with Greeklish words in English (see :data:`_GREEKLISH`); a message without one
    (:data:`_GREEKLISH_MARK`) as it was."""
    return read_where_marked(text, _GREEKLISH_MARK, _GREEKLISH_READ, lean, "greeklish")
