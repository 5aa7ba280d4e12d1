"""Egyptian Arabic written in Latin letters and digits ("Franco", Arabizi), inside English or whole, read as
the English it stands for: "el gpu 0 3amla eh delwa2ty?" is "what is the gpu 0 doing now?"."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import compiled, read_where_marked

# Franco writes the sounds Latin letters lack with digits: 3 ain, 2 hamza, 7 ha, 5 kha, 8 ghain. A word of
# letters with one such digit beside a vowel ("3amla", "delwa2ty", "a5er", "le7ad", "eshta8alet") is a mark;
# not a name of the trade ("h100", "fp16", "e5m2", "llama-7b", "resnet50"), an hour ("3am", "7pm") or an
# ordinal ("3rd"); "7" last is "embare7", "sob7"
_DIGIT_WORD = (
    r"(?<![\w.-])(?=[a-z]*[23578][a-z]*(?![\w-]))(?=[a-z0-9]{4})"
    r"(?:[a-z]*[aeiou][23578][a-z]+|[a-z]+[23578][aeiou][a-z]*|[23578][aeiou][a-z]+|[a-z]{2,}7)(?![\w-])"
)
# and its words no English message has ("leh" why, "emta" when, "kam" how many, "el naharda" today, "w el"
# and the, "fel" in the, "ya3ni" I mean); not "eh" (a Canadian's tag), "men", "le", "el" (Spanish), "mesh",
# "wel" (Dutch), "wala" (Tagalog), "fein" (German) or "yani" (Turkish), which are read only beside a mark.
# "leh" said last is Singlish's particle ("hellaswag leh?") and "kam" before a verb Hindi's "less" ("kam
# hai"): each a mark only where Franco puts it ("leh el 13 mestani", "leh?"; "kam job", "energy kam?")
_FRANCO_MARK = re.compile(
    _DIGIT_WORD + r"|\bleh\b(?!\s*[?!.]*\s*$)|^\s*leh\s*[?!.]*\s*$"
    r"|\bkam\b(?=\s*[?,]|\s*$|\s+(?:el|job|jobs|mara|daraga|w|wel)\b)"
    r"|\b(?:emta|feen|meen|anhy|anhi|e?n+aharda|shaghal\w*|mestan[yi]\w*"
    r"|fashal\w*|fe4el\w*|tab(?=\s+w\b)|w\s+(?:el|fel|kam|eh|leh|emta)|fel|lel|elly|ely"
    r"|keda|walla|ezay|ekteb|bokra|daraga|fedel|ad\s+eh|kolaha|kolohom|mashghool\w*)\b",
    re.I,
)

# what asks how long: a state or a time said before "ad eh" ("kan busy ad eh", "fedel shaghal ad eh",
# "fo2 80 daraga ad eh"); else "ad eh" asks how much
_STATE = r"(?:busy|idle|running|waiting|above|below|shaghal\w*|mestan\w*|fo2|ta7t|wa2t)"
_FRANCO = (
    # fillers that ask nothing: "tab" (well), "ya3ni" (I mean), "yaba", "ya basha", "aslan" (anyway)
    (r"^\s*tab\b,?\s*|\s*\b(?:ya3ni|yani|yaba|ya\s+basha|ya\s+handasa|aslan)\b,?", " "),
    (r"\blaw\s+sama7t\b|\bmen\s+fadlak\b", "please"),
    (r"\bbs\b", "but"),
    # the time a thing took or stayed: "5ad wa2t ad eh" (took how long), "fedel shaghal ad eh" (stayed
    # running how long), "ba2alo ad eh mestani" (has been waiting how long), "kan busy ad eh" (was busy)
    (r"\b5a(?:d|det)\s+wa2t\s+ad\s+eh\b", "how long did it take"),
    (r"\bba2al(?:o|ha|ohom)\s+ad\s+eh\s+(\w+)", r"how long has it been \1"),
    (r"\bfedel\s+(.{1,30}?)\s+ad\s+eh\b", r"how long did it stay \1"),
    (rf"\bkan(?:et)?\s+({_STATE})\s+ad\s+eh\b", r"how long was it \1"),
    (rf"\b({_STATE}(?:\s+\d+\s*(?:w|daraga|degrees?|%))?)\s+ad\s+eh\b", r"how long \1"),
    (r"\bad\s+eh\b", "how much"),
    # "what" said after its verb: "3amla eh" (doing what), "kan katb eh" (was writing what)
    (r"\bkan(?:et)?\s+bey3mel\s+eh\b|\bkan(?:et)?\s+3amel\s+eh\b", "what was it doing"),
    (r"\b(?:3amla|3amel|bet3mel|bey3mel)\s+eh\b", "doing what"),
    # what a job "wrote" is what it logged
    (r"\bkan(?:et)?\s+kat(?:a)?b(?:et)?\s+eh\b", "what was it logging"),
    (r"\bkat(?:a)?b(?:et)?\s+eh\b", "what did it log"),
    # who did a thing and how often: "et3amalo cancel" (was cancelled), "3amal retry kam mara" (retried how
    # many times), "meen 3amal keda" (who did that)
    (r"\bet3amal(?:o|et|ha)?\s+(\w+)", r"was \1ed"),
    (r"\b3amal\s+retry\s+kam\s+mar(?:a|at)\b", "how many times did it retry"),
    (r"\b3amal\s+keda\b", "did that"),
    (r"\bkam\s+mar(?:a|at)\b", "how many times"),
    # "e3mel" (do) before a verb of the queue is that verb ("e3mel pause lel job 11": pause job 11); before
    # a setting, set it ("e3mel priority el 12 = 10")
    (
        r"\b(?:e3mel|a3mel|e3mli)\s+(cancel|pause|resume|hold|release|retry|restart|rerun|kill|switch)\b"
        r"(?:\s+l(?:el|e|l)?\b)?",
        r"\1",
    ),
    (r"\be3mel\b", "set"),
    (r"\bezay\s+a3mel\b", "how do i do"),
    (r"\bekteb\b", "write"),
    # question words
    (r"\bkam\s+(job|process|card|gpu|element)s?(?![\w-])", r"how many \1s"),
    (r"\bkam\s+(?=(?:daraga|darga|mara|marat|images?|steps?|epochs?|GPU-hours)\b)", "how many "),
    (r"\bkam\b", "how much"),
    (r"\beh\s+el\s+(\w+s)\s+(?:elly|ely)\b", r"what are the \1 that"),
    (r"\beh\s+(?:elly|ely)\b", "what is"),
    (r"\beh\s+el\b", "what is the"),
    (r"\beh\b", "what"),
    (r"\bleh\b", "why"),
    (r"\bemta\b", "when"),
    (r"\bfee?n\b|\bfein\b", "where"),
    (r"\bmeen\b", "who"),
    (r"\banh[yi]\b", "which"),
    (r"\bezay\b", "how"),
    # a yes-or-no question says no "is it": "throttled walla la2" is "is it throttled or not"
    (r"\b(?<!is it )([a-z]+)\s+wall?a\s+la2\b", r"is it \1 or not"),
    (r"\bwall?a\s+la2\b", "or not"),
    (r"\bwall?a\b", "or"),
    (r"\bla2\b", "no"),
    (r"\baywa\b", "yes"),
    # moments and spans: "delwa2ty" now, "el naharda" today, "embare7" yesterday, "el sob7" (this) morning,
    # "a5er sa3a" / "el sa3a elly fatet" the last hour, "bokra" tomorrow, "men 9 le 12" from 9 to 12,
    # "le7ad" until, "el dohr" noon
    (r"\bd(?:e)?lwa2t(?:y|i|ei)\b", "now"),
    (r"\b(?:el\s*)?e?n+aharda\b", "today"),
    (r"\b(?:i|e)?mbare7\b", "yesterday"),
    (r"(?<=\d)\s+el\s+sob7\b", " in the morning"),
    (r"\b(?:el\s+)?sob7\b", "this morning"),
    (
        r"\b(?:fel\s+|fi\s+)?(?:el\s+)?sa3a\s+(?:elly|ely)\s+fatet\b|\ba(?:5|kh)er\s+sa3a\b",
        "in the last hour",
    ),
    (r"\bsa3(?:et)?ha\b", "then"),
    (r"\bbokra\b", "tomorrow"),
    (r"\b(?:el\s+)?dohr\b", "noon"),
    (r"\bmen\s+(?=\d|el\b|noon\b)", "from "),
    (r"(?<=\d)\s+le\s+(?=\d)", " to "),
    (r"\b(?:le|l)7add?\b", "until"),
    # wanting and knowing: "3ayez a3raf" I want to know
    (r"\b(?:3ayez|3awz|3ayz|3ayza)\b", "I want"),
    (r"\ba3raf\b", "to know"),
    # what a job or a card did or does: failed, running, waiting, finished, ran, reached, busy
    (r"\b(?:fashal|fashalet|fe4el|fe4let|wa2ef|wa2fa)\b", "failed"),
    (r"\bkan(?:et)?\s+(?:shaghal|shaghala|3amel|3amla)\b", "was running"),
    (r"\b(?:shaghal|shaghala|shaghalin|shaghaleen|3amla|bey3mel|beyshta8al)\b", "running"),
    (r"\b(?:eshta8al|eshta8alet|eshta8alo)\b", "ran"),
    (r"\b(?:mestan[yi]|mestanya|mestaneen)\b", "waiting"),
    (r"\b(?:5eles|5alas|5elset|5alset)\b", "finished"),
    (r"\bmashghool(?:a)?\b", "busy"),
    (r"\bfad(?:ya|y|ia|i)\b", "free"),
    (r"\bwesel(?:et)?\b", "reached"),
    (r"\bkat(?:a)?b(?:et)?\b", "wrote"),
    (r"\b5a(?:d|det|do)\b", "took"),
    (r"\bwa2t\b", "time"),
    (r"\bda2(?:ayem|ay2|i2a)\b", "minutes"),
    (r"\ba(?:5|kh)er\s+7aga\b", "the last thing"),
    (r"\ba(?:5|kh)er\b", "last"),
    (r"\bfo2\b", "above"),
    (r"\bta7t\b", "below"),
    (r"\bdaraga\b|\bdarga(?:t)?\b", "degrees"),
    (r"\bfa?r2\b", "difference"),
    (r"\bben\b(?=.{1,40}\bw(?:el)?\b)", "between"),  # "ben bf16 w fp16"
    (r"\bmar(?:a|at)\b", "times"),
    (r"\bkol(?:aha|ohom|lo|lohom)\b", "all"),
    (r"\bmesh\b", "not"),
    (r"\bay\b(?=\s+[a-z])", "any"),
    (r"\b(?:el\s+)?([\w-]+)\s+bta3(?:etha|aha|o|oh|ha)\b", r"its \1"),  # "el energy bta3etha": its energy
    (r"\bbta3(?:etha|aha|o|oh|ha)\b", "its"),
    (r"\bbta3(?:et)?\b", "of"),
    # a job named by its number alone ("leh el 13 mestani", "hold el 12", "switch el 12 wel 13"); a card is
    # named by four digits ("el 4090")
    (r"\b(el|wel)\s+(\d{1,3})\b(?!\s*(?:w|%|°|degrees?|daraga|gb|gib|mib)\b)", r"\1 job \2"),
    # the articles and prepositions Franco joins to a word: "fel" in the, "wel" and the, "lel" to the,
    # "3al" on the, "3aleha" on it, "fe" in, "w" and
    (r"\bfel\b", "in the"),
    (r"\bwel\b", "and the"),
    (r"\blel\b", "to the"),
    (r"\bbel\b", "with the"),
    (r"\b3al(?:a)?\b", "on"),
    (r"\b3ale(?:ha|h|ih|iha)\b", "on it"),
    (r"\bfe\b(?=\s+[a-z])", "in"),
    (r"\b(?:elly|ely)\b", "that"),
    (r"\ben\b(?=\s+el\b)", "that"),  # "ekteb message ... en el H100 mashghool"
    (r"\bel\b", "the"),
    # "w" and, but after a bare number ("600 w"), where it is watts; "bf16 w fp16" is "and"
    (
        r"(?:^|(?<=\s))(\S+\s+)?w\b(?!/)(?=\s+[a-z])",
        lambda m: m[0] if m[1] and re.fullmatch(r"[\d.]+\s+", m[1]) else (m[1] or "") + "and",
    ),
    (r"\bpls\b|\bplz\b", "please"),
)
_FRANCO_READ = compiled(_FRANCO)  # compiled once


def franco_read(text: str) -> str:
    """An Egyptian Franco message in the English words it stands for (see :data:`_FRANCO`); a message with
    no Franco mark of its own (:data:`_FRANCO_MARK`) as it was."""
    return read_where_marked(text, _FRANCO_MARK, _FRANCO_READ)
