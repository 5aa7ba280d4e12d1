"""Egyptian Arabic written in Latin letters and digits ("Franco", Arabizi), inside English or whole, read as
the English it stands for: "el gpu 0 3amla eh delwa2ty?" is "what is the gpu 0 doing now?"."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import Lean, compiled, read_where_marked

# Franco writes the sounds Latin letters lack with digits: 3 ain, 2 hamza, 7 ha, 5 kha, 8 ghain. A word of
# letters with one such digit beside a vowel ("3amla", "delwa2ty", "a5er", "le7ad", "eshta8alet") is a mark;
# not a name of the trade ("h100", "fp16", "e5m2", "llama-7b", "resnet50"), an hour ("3am", "7pm") or an
# ordinal ("3rd"); "7" last is "embare7", "sob7"
_DIGIT_WORD = (
    r"(?<![\w.-])(?=[a-z]*[23578][a-z]*(?![\w-]))(?=[a-z0-9]{4})"
    r"(?:[a-z]*[aeiou][23578][a-z]+|[a-z]+[23578][aeiou][a-z]*|[23578][aeiou][a-z]+|[a-z]{2,}7)(?![\w-])"
)
# and its words no English message has ("leh" why, "emta" when, "kam" how many, "el naharda" today, "w el"
# and the, "fel" in the, "ya3ni" I mean, "fadya" free, "sokhna" hot, "tayeb" well, "far2" difference,
# "akher" last, "ma7adesh" nobody); not
# "eh" (a Canadian's tag), "men", "le", "el" (Spanish), "mesh", "wel" (Dutch), "wala" (Tagalog), "fein"
# (German) or "yani" (Turkish), which are read only beside a mark.
# "leh" said last is Singlish's particle ("hellaswag leh?") and "kam" before a verb Hindi's "less" ("kam
# hai"): each a mark only where Franco puts it ("leh el 13 mestani", "leh?"; "kam job", "energy kam?"); "leh
# we" and "leh mi" are Caribbean Creoles' let's and let me (read in pidgin)
# a word whose digits are letters, any number of them ("7arra2", "2a3ad", "mesta5dama"): three letters or
# more, each digit one of Franco's alone, one before a vowel or between a vowel and a letter, a vowel before
# the first digit where letters are; not a name of the trade ("h100", "e5m2", "hbm2e", "qwen2", "llama3",
# "fp8"), an hour ("3am"), an ordinal ("3rd") or Indonesian's and Malay's doubled word ("rata2nya": the
# average, "rata-ratanya")
_DIGIT_LETTERS = (
    r"(?<![\w.-])(?=(?:[a-z0-9]*[a-z]){3})(?![a-z0-9]*(?:\d\d|[0146]))(?=[235789]|[a-z]*[aeiouy][a-z]*\d)"
    r"(?![a-z]+2(?:nya|nye|kan|lah|an)?(?![\w-]))"
    r"(?=[a-z0-9]*(?:[235789][aeiou]|[aeiou][235789][a-z]))[a-z0-9]+(?![\w-]|\.\w)"
)
# the letters Franco's digits stand for: hamza (dropped), ain, kha, ha, ghain, qaf
_LETTER_OF_DIGIT = str.maketrans({"2": "", "3": "a", "5": "kh", "7": "h", "8": "gh", "9": "q"})
_FRANCO_MARK = re.compile(
    _DIGIT_WORD + r"|\bleh\b(?!\s*[?!.]*\s*$)(?!\s+(?:we|us|mi|me)\b)|^\s*leh\s*[?!.]*\s*$"
    r"|\bkam\b(?=\s*[?,]|\s*$|\s+(?:el|job|jobs|mara|daraga|w|wel)\b)"
    r"|\b(?:emta|feen|meen|anhy|anhi|e?n+a?harda|shaghal\w*|mestan[yi]\w*"
    r"|fashal\w*|fe4el\w*|tab(?=\s+w\b)|w\s+(?:el|fel|kam|eh|leh|emta)|fel|lel|elly|ely"
    r"|keda|walla|ezay|ekteb|bokra|daraga|fed(?:el|let|lo)|2?ad\s+eh|kat(?:a)?b(?:et)?\s+eh|koll?aha|koll?ohom"
    r"|mashghool\w*|fadya|fadia|sokhna|tayeb|fa?r2|akher|ma7add?(?:esh|sh)"
    # Levantine's ("shu" what, "kif" how, "lesh" why, "2addesh" how much, "baddi" I want, "halla2" now,
    # "hayda" this, "lyom" today, "aymta" when, "sarlo" it has been, "ya3ne" I mean, "daraje" degrees, "sanye"
    # seconds, "ayya job" which job)
    r"|shu|kif|lesh|2?add?e(?:sh|ish)|badd(?:i|e|na)|hall?a2|hayd[aei]|lyom|aymta|sarl(?:o|a|on)|ya3ne"
    r"|fi\s+shi|daraj(?:e|at)|th?anye|ayya\s+(?:job|gpu|card|process)s?"
    # and the requests' verbs: "sheel" (take off, remove), "7ot" / "7ottlo" (put, put for it)
    r"|sheel(?:o|a|on|ha)?|7ott?(?:l?(?:o|a|ha|on))?)\b",
    re.I,
)

# what asks how long: a state or a time said before "ad eh" ("kan busy ad eh", "fedel shaghal ad eh",
# "fo2 80 daraga ad eh", "aktar men 400 W ad eh": more than); else "ad eh" asks how much
_STATE = (
    r"(?:busy|idle|running|waiting|above|below|shaghal\w*|mestan\w*|fo2|ta7t|(?:aktar|a2all?)\s+men|wa2t)"
)
# staying in a state: "fedel" (remained) and "2a3ad" (sat, stayed; its hamza dropped: "a3ad", "a3det", "a3do")
_STAYED = r"(?:fed(?:el|let|lo|lat)|a3(?:ad|ada|adet|adt|det|dit|da|do))"
# the verbs of a job's end and start, asked when by "emta" said after or before them ("5eles emta", "emta
# bada2"): "when did it finish", "when did it start"
_ENDED = r"(?:5eles|5elset|5elso|5alas|5alaset|wa2ef|we2ef|we2fet|fashal\w*|fe[24]el|fe[24]l(?:et|o))"
_BEGAN = r"(?:bada2|bada2et|bada2o|ebtada|ebtadet|eshta8al|eshta8alet)"
# Levantine's "3am" before a verb is its -ing: "3am ybrun" (is running: an English verb given Levantine's
# "b" and "y"), "kan 3am yesta3mela" / "yesta3mlo" (was using it), "3am yestanna" (waiting), "3am yebda"
# (starting), "3am yeshta8el" (running)
_GOING = (
    r"(\bkan(?:et|o)?\s+)?(\b(?:mesh|msh|mish|ma)\s+)?\b3am\s+"
    r"(?:y|t|b|n)?(b?run|b?use|esta3m[ae]?l|estann?a|ebda2?|a3mel|eshta8[ae]l)"
    r"((?<=l)(?:o|a|ha|oh)|(?<=e)(?:o|a|ha))?\b"
)
_GOING_AS = {
    **dict.fromkeys(("run", "brun"), "running"),
    **dict.fromkeys(("use", "buse", "esta3mal", "esta3mel", "esta3ml"), "using"),
    **dict.fromkeys(("estana", "estanna"), "waiting"),
    **dict.fromkeys(("ebda", "ebda2"), "starting"),
    "a3mel": "doing",
    **dict.fromkeys(("eshta8el", "eshta8al"), "running"),  # "3am yeshta8el": is running (works)
}
_FRANCO = (
    # the spellings one sound has: "3'" is ghain as "8" is ("yeshta3'al", "yeshta8al": runs); a hamza that
    # opens a word is written "2" or left out ("2ad eh" / "ad eh", "2abl" / "abl", "2a3ad" / "a3ad": stayed;
    # not the hour "2am")
    (r"(?<=[a-z])3'(?=[a-z])|(?<![\w'])3'(?=[a-z])", "8"),
    (r"(?<![\w.-])2(?=[aeiou](?:[a-z]|[35789][a-z]))(?!am\b)", ""),
    # fillers that ask nothing: "tab", "tayeb", "mashi" (well, ok), "ya3ni" (I mean), "yaba", "ya basha",
    # "aslan" (anyway)
    (
        r"^\s*(?:tab|tayeb|tayyeb|tayyib|tayib|tayb|teyeb|mashi|mashy)\b,?\s*"
        r"|\s*\b(?:ya3ni|ya3ne|yani|yaba|ya\s+basha|ya\s+handasa|aslan)\b,?",
        " ",
    ),
    (r"\blaw\s+sama7t\b|\bmen\s+fadlak\b", "please"),
    (r"\bbs\b", "but"),
    # Levantine's words for what Egyptian says otherwise: "2addesh" (how much; how long before a state or a
    # span: "2addesh kan idle", "2addesh sarlo 3am ybrun", "2addesh stanna", "2addesh 25ad": took),
    # "shu" (what), "kif" (how is), "lesh" (why), "aymta" / "mn aymta" (when, since when), "min" (who) where
    # a verb follows, "ayya" (which), "halla2" (now), "la halla2" (so far), "lyom" (today), "wa2ta" (then)
    (r"\bw[ae]22?[ae]f(?=\s+el\b)", "stop"),  # said first, before what it stops: "wa2ef el queue"
    (r"\b2?add?e(?:sh|ish)\s+(?:wa2t|sa3a)\s+kan(?:et|o)?\b", "how long was it"),
    (rf"\b2?add?e(?:sh|ish)\s+(?:kan(?:et)?\s+)?({_STATE})\b", r"how long was it \1"),
    (rf"\b2?add?e(?:sh|ish)\s+kan(?:et)?\s+([\w -]{{1,24}}?)\s+({_STATE})\b", r"how long was \1 \2"),
    (r"\b2?add?e(?:sh|ish)\s+(?:sarl(?:o|a|on)|saralo)\b", "how long has it been"),
    # "2addesh ishtaghal" (how long did it run; "8" or "gh" for ghain, "e" or "i" first)
    (r"\b2?add?e(?:sh|ish)\s+[ei]shta(?:8|gh)al(?:et|o)?\b", "how long did it run"),
    (r"\b2?add?e(?:sh|ish)\s+(?:wa2t|sa3a)\b", "how long"),
    (r"\b2?add?e(?:sh|ish)\s+e?stann?(?:a|et|o)\b", "how long did it wait"),
    (r"\b2?add?e(?:sh|ish)\s+(?:2?a?5ad|a?kha?d)(?:et|o)?\b", "how long did it take"),
    (r"\b2?add?e(?:sh|ish)\b", "how much"),
    (r"\bsarl(?:o|a|on)\b", "it has been"),
    (r"\b(?:mn|men|min)\s+aymta\b|\baymta\b", "when"),
    (r"(?:^|(?<=\bw\s))\s*min\s+(?=kan|3am|b?y|b?t)", "who "),
    (r"\bshu\b", "what"),
    (r"\bkif\b", "how is"),
    (r"\blesh\b", "why"),
    (r"\bayy?a\b(?=\s+[a-z])", "which"),
    (r"\b(?:la|l)\s+hall?a2\b", "so far"),
    (r"\bhall?a2\b", "now"),
    (r"\b(?:el\s*)?lyom\b|\bel\s+yom\b", "today"),
    (r"\bwa2t(?:a|ha)\b", "then"),
    # "3am" before a verb is its -ing ("3am ybrun": running, "kan 3am yesta3mela": was using it; not the
    # hour "3am" before "yesterday"); an English verb takes Levantine's "b" and "y" ("ybrun", "btrun")
    (
        _GOING,
        lambda m: f"{m[1] or 'is '}{'not ' if m[2] else ''}{_GOING_AS[m[3].lower()]}{' it' if m[4] else ''}",
    ),
    # wanting: "baddi" (I want), "ma baddi" (I don't want), "shi" (any, anything), "jdid" (new)
    (r"\bma\s+badd(?:i|e|na)\b", "I don't want"),
    (r"\bbadd(?:i|e|na)\b", "I want"),
    (r"\bshi\b", "any"),
    (r"\bjdid(?:e|a)?\b", "new"),
    # what a card or a job spent: "sarraf" (used), "wosil la" (reached), "sanye" (seconds), "daraje"
    # (degrees), "iyyem" (days), "2adime" (old), "kella" (all of it), "3a" / "3leh" (on, on it), "taba3o"
    # (its), "5olso" (finished), "abel" (before), "bel zabet" (exactly), "bada" (started), "2sdi" (I mean)
    (r"\b(?:s|b?y|b?t)?sarr?af(?:et|o|it)?\b", "used"),
    (r"\b(?:wosil|wosel|wisil|wesil)(?:et|it)?(?:\s+la\b)?", "reached"),
    (r"\bkam\s+(?:sanye|sanya|thanye|thanya)\b", "how many seconds"),
    (r"\bkam\s+sa3a\b", "how many hours"),
    (r"\b(?:sanye|sanya|thanye|thanya|thawene|sawene)\b", "seconds"),
    (r"\bdaraj(?:e|a|at)\b", "degrees"),
    (r"\b(?:iyyem|iyem|ayyem|ayyam)\b", "days"),
    (r"\b(?:el\s+)?2?ad(?:ime|eme)\b", "old"),
    (r"\b(?:aktar|akter)\s+mn\b", "more than"),
    (r"\b(?:el\s+)?([\w-]+)\s+k[eo]ll(?:a|o|on|ha)\b", r"all the \1"),
    (r"\b3a\b(?=\s+(?:el\b|gpu|job|\d))", "on"),
    (r"\b3l(?:eh|e|a|ha|eha|ay)\b", "on it"),
    (r"\b(?:([fwl])?el\s+)?([\w-]+)\s+taba3(?:o|a|ha|on)\b", r"its \2"),
    (r"\btaba3(?:o|a|ha|on)\b", "its"),
    (r"\btaba3\b", "of"),
    (r"\b(?:5|kh)oll?(?:as|aso|so|set|sit)\b", "finished"),
    (r"\babel(?:\s+ma)?\b", "before"),
    (r"\bbe?l\s*zab[ea]?t\b", "exactly"),
    (r"(?<!emta\s)\bbad[ae]2?\b", "it started"),  # ("emta bada2": when did it start, below)
    (r"\b2?as?d(?:i|e)\b(?=\s)", "I mean"),
    (r"\b2sdi\b", "I mean"),
    (r"\bhayd[aei]\b", "this"),
    (r"\b(?:li|lli|yalli|illi)\b(?=\s+[a-z])", "that"),
    (r"\bbel\s+(?=queue|log|list)", "in the "),  # Levantine's "bel" is "in the"
    (r"\b(shu|what|how much)\s+fi\b(?!\s+(?:el|the)\b)", r"\1"),  # "shu fi": what is there
    # a correction: "msh el 4090, a2sod el H100" (not the 4090, I mean the H100)
    (r"\b(?:a2sod|a2sad|a2sdi|asdi|asdy|asdo)\b|\bma2?s(?:a|o)d(?:i|e|y)\b", "I mean"),
    (r"\b(?:msh|mish)\b", "not"),
    # the hour something happened: "el sa3a kam" / "kam el sa3a" / "sa3et kam" (at what time), "bel zabt"
    # (exactly)
    # (not "a5er sa3a kam": the last hour, how much)
    (
        r"\b(?<!5er\s)(?<!kher\s)(?:el\s+)?sa3a\s+kam\b|\bkam\s+el\s+sa3a\b|\b(?:fi\s+|fe\s+)?sa3et\s+kam\b",
        "at what time",
    ),
    (r"\bbe?l?\s*zabt\b|\bbezzabt\b", "exactly"),
    # who runs: "meen shaghal 3al H100" (who is running on the H100), "meen kan shaghal" / "kan meen shaghal"
    # (who was running)
    (r"\bmeen\s+kan(?:et)?\s+shaghal\w*|\bkan(?:et)?\s+meen\s+shaghal\w*", "who was running"),
    (r"\bmeen\s+shaghal\w*", "who is running"),
    # the time a thing took or stayed: "5ad wa2t ad eh" (took how long), "fedel shaghal ad eh" (stayed
    # running how long), "ba2alo ad eh mestani" (has been waiting how long), "kan busy ad eh" (was busy)
    (r"\b5a(?:d|det)\s+wa2t\s+ad\s+eh\b", "how long did it take"),
    (r"\bba2al(?:o|ha|ohom)\s+ad\s+eh\s+(\w+)", r"how long has it been \1"),
    (rf"\b{_STAYED}\s+ad\s+eh\s+(\w+)", r"how long did it stay \1"),  # "a3ad ad eh shaghal": the state last
    (rf"\b{_STAYED}\s+(.{{1,30}}?)\s+ad\s+eh\b", r"how long did it stay \1"),
    # how long a thing waited: "estana ad eh" (waited how long), "kol retry estana ad eh" (how long did each
    # retry wait)
    (r"\bkol\s+([\w-]+)\s+estan(?:a|na|et|it|o)\s+ad\s+eh\b", r"how long did each \1 wait"),
    (r"\bestan(?:a|na|et|it|o)\s+ad\s+eh\b", "how long did it wait"),
    # how much a thing takes: "wakhed memory ad eh" (is taking how much memory)
    (
        r"\b(?:wa(?:kh|5)(?:ed|da|deen|din)|beya5od|bya5od|bte5od|bta5od)\s+([\w-]+)\s+ad\s+eh\b",
        r"is taking how much \1",
    ),
    (r"\b(?:wa(?:kh|5)(?:ed|da|deen|din))\b", "taking"),  # "elly wa5da el memory": that is taking it
    # what a card or a job used up: "estahlaket energy kam" (consumed how much energy)
    (r"\b(?:by|bey|bt|bet)?e?stahl[ae]k(?:et|it|o|t)?\b", "used"),
    (r"\bkahraba\b", "energy"),  # electricity
    (rf"\bkan(?:et)?\s+({_STATE})\s+ad\s+eh\b", r"how long was it \1"),
    (rf"\b({_STATE}(?:\s+\d+\s*(?:w|daraga|degrees?|%))?)\s+ad\s+eh\b", r"how long \1"),
    (r"\bad\s+eh\b", "how much"),
    # "what" said after its verb: "3amla eh" (doing what), "kan katb eh" (was writing what)
    (r"\bkan(?:et)?\s+bey3mel\s+eh\b|\bkan(?:et)?\s+3amel\s+eh\b", "what was it doing"),
    (r"\b(?:3amla|3amel|bet3mel|bey3mel)\s+eh\b", "doing what"),
    # what a job "wrote" is what it logged; "katab eh" in its own order ("el data-prep katab eh fel log": the
    # data-prep wrote what in the log), as "what did it log in the log" names no log to English
    (r"\bkan(?:et)?\s+kat(?:a)?b(?:et)?\s+eh\b", "what was it logging"),
    (r"\bkat(?:a)?b(?:et)?\s+eh\b", "wrote what"),
    # who did a thing and how often: "et3amalo cancel" (was cancelled), "3amal retry kam mara" (retried how
    # many times), "meen 3amal keda" (who did that)
    (r"\bet3amal(?:o|et|ha)?\s+(\w+)", r"was \1ed"),
    (r"\b3amal\s+retry\s+kam\s+mar(?:a|at)\b", "how many times did it retry"),
    (r"\b3amal(?:et|t|o)?\s+keda\b", "did that"),
    (r"\bkam\s+mar(?:a|at)\b", "how many times"),
    (r"\bkol\s+mar(?:a|at)\b", "each time"),
    (r"\b(?:kaman|tany|tani)\s+mar(?:a|ra)\b|\bmar(?:a|ra)\s+tan(?:ya|ia|yia)\b", "again"),
    # "e3mel" (do) before a verb of the queue is that verb ("e3mel pause lel job 11": pause job 11); before
    # a setting, set it ("e3mel priority el 12 = 10")
    (
        r"\b(?:e3mel|a3mel|e3mli)\s+(cancel|pause|resume|hold|release|retry|restart|rerun|kill|switch)\b"
        r"(?:\s+l(?:el|e|l)?\b)?",
        r"\1",
    ),
    # ... and "e3melo" / "e3melha" / "e3melaha" (do it), "e3melhom" (do them) before one, that verb of the
    # job or jobs talked about ("e3melo retry")
    (
        r"\b[ea]?3m[ea]?l?l(?:o|oh|ha|aha|eha|(o?hom))\s+(cancel|pause|resume|hold|release|retry|restart"
        r"|rerun|kill|switch)\b",
        lambda m: f"{m[2]} {'them' if m[1] else 'it'}",
    ),
    (r"\be3mel\b", "set"),
    # the other requests' verbs: "e2felo" (shut it: stop it), "wa2af el queue" (stop the queue; said first,
    # as a request: "el job wa2af" is a job that stopped), "5alli el priority 10" (make it: set it), "badel
    # makano m3a job 13" (swap its place with job 13), "yeb2a GPU wa7da bas badal 2" (be one GPU only
    # instead of two)
    (r"\b(?:e2fel|e2fil)(?:o|oh|ha|aha|ohom)\b", "stop it"),
    (r"\b(?:e2fel|e2fil)\b", "stop"),
    (r"\b(?:yet2efel|yet2fel|tet2efel|et2afal|et2afel|et2aflet|et2afalet)\b", "was stopped"),
    (
        r"(^\s*|[,.;!?]\s*)(w\s+)?w[ae]?22?af(o|oh|ha|aha)?\b",
        lambda m: f"{m[1]}{'and ' if m[2] else ''}stop{' it' if m[3] else ''}",
    ),
    (r"\b(?:5|kh)all?(?:i|y|ee|e)(?:h|o|oh|ha|aha)\s+(?=y|t)", "make it "),  # "5alih yeshta8al": make it run
    # "5alli X yeshta8al": make X run
    (r"\b(?:5|kh)all?(?:i|y|ee)\s+(.{1,40}?)\s+(?=y?e?shta8al|teshta8al)", r"make \1 "),
    (r"\b(?:5|kh)all?(?:i|y|ee|e)(?:h|o|oh|ha|aha)\b", "set it"),
    (r"\b(?:5|kh)all?(?:i|y|ee)\b", "set"),
    (r"\bbad(?:el|del|il)\b", "swap"),
    # "ems7 el failed jobs" (wipe the failed jobs), "ems7o" (wipe it)
    (r"\b[ei]msa?7(?:o|oh|ha|aha|ohom)\b", "delete it"),
    (r"\b[ei]msa?7\b", "delete"),
    # Levantine's "sheel X mn el list" (take X off the list: remove it), "sheelo" (remove it)
    (r"\bsheel(?:o|oh|ha|aha|on)\b", "remove it"),
    (r"\bsheel\b", "remove"),
    (r"\bmn\b(?=\s+el\b)", "from"),
    (r"\bla\b(?=\s+(?:job|el\s+job)\b)", "for"),
    (r"\bmakan(?:o|oh|ha|aha)\b", "its place"),
    (r"\bm[a]?3a?\b(?=\s+(?:job|el|\d))", "with"),
    (r"\b(?:yeb2a|teb2a|yeba2a|teba2a|yb2a|tb2a)\s+(?=prio)", "to have "),  # "teb2a priority 10"
    (r"\b(?:yeb2a|teb2a|yeba2a|teba2a|yb2a|tb2a)\b", "to use"),
    # needing: "te7tag GPU wa7da" (to need one GPU), "m7tagaha" (I need it)
    (r"\b(?:te|ye|t|y)7tag\b", "need"),
    (r"\bm(?:e|o)?7tag(?:a|een|in)?(?:ha|o|oh|aha)\b", "need it"),
    (r"\bm(?:e|o)?7tag(?:a|een|in)?\b", "need"),
    (r"\b(gpu|card|job)\s+wa7(?:da|de|ed|eda)\b", r"one \1"),  # the number after its noun: "GPU wa7da"
    (r"\bwa7(?:da|de|ed|eda)\b", "one"),
    # "bas" after what it limits, at the end or before what is set aside ("GPU wa7da bas msh 2")
    (r"\bbas\s+(?=badal\b)|(?<=\w)\s+bas\b(?=\s*[?!.,]*\s*$|,?\s+(?:msh|mish|mesh|not)\b)", " only "),
    (r"\bbadal\b", "instead of"),
    # "fi jobs ...?" (are there jobs ...), "3amla hold" (on hold: said doing hold)
    (r"^\s*(?:fi|fih|fee|feeh|feh)\s+(?!el\b|the\b)(?=[a-z])", "are there "),
    (r"\b3am(?:el|la|lin|leen|len)\s+(hold|pause)\b", r"on \1"),
    # a thing named with "da" / "di" after it (this one): "lel job da" (to this job)
    (r"\b(?:el\s+)?(job|process|card|gpu|run|server|log|queue)\s+(?:da|dah|di|deh|dy)\b", r"this \1"),
    (r"\bel\s+([a-z][\w-]*)\s+(?:da|dah|di|deh|dy)\b(?!\s+(?:el|w)\b)", r"this \1"),  # "el memory di"
    # a job put first or last in the queue: "7oto fel awel el queue" (put it first in the queue)
    # "7ottlo hold" (put it on hold: put for it, Levantine's "lo"); "7otto" / "7ottlo" (put it)
    (r"\b7ot+l?(?:o|oh|ha|aha)\s+(hold|pause)\b", r"put it on \1"),
    (r"\b7ot+l?(?:o|oh|ha|aha)\b", "put it"),
    (r"\ba7ot+\b", "to put"),  # "3awza a7ot job": I want to put a job
    (r"\b7ot+\b", "put"),
    (r"\b(?:fe|fel|fi)\s+(?:el\s+)?aw+el\s+el\s+(queue|list)\b", r"first in the \1"),
    (r"\b(?:fe|fel|fi)\s+(?:el\s+)?a(?:5|kh)er\s+el\s+(queue|list)\b", r"last in the \1"),
    (r"\bezay\s+a3mel\b", "how do i do"),
    (r"\bekteb\b", "write"),
    # question words; "kam" before a reading's mass ("kam memory", "kam energy") asks how much
    (
        r"\bkam\s+(?=(?:memory|mem|vram|power|energy|kahraba|util\w*|temp\w*|7arar\w*|fan|clock|bandwidth)\b)",
        "how much ",
    ),
    (r"\bkam\s+(job|process|card|gpu|element)s?(?![\w-])", r"how many \1s"),
    (r"\bkam\s+(?=(?:daraga|darga|mara|marat|images?|steps?|epochs?|GPU-hours?)\b)", "how many "),
    # "kam" before any other noun counts it ("kam shard", "kam attempt": how many shards, attempts); not
    # before a word of the sentence ("kam el sa3a", "kam delwa2ty", "kam w ...")
    (
        r"\bkam\s+(?!(?:el|w|wel|fel|bel|lel|da|di|kan|kanet|ya3ni|bas|keda|ya|men|fe|fi|3al|3ala|walla)\b)"
        r"(?!d(?:e)?lwa2t|e?n+a?harda|i?mbare7|bokra|sob7)([a-z]{3,}?)s?\b(?![\w-])",
        r"how many \1s",
    ),
    (r"\bkam\b", "how much"),
    (r"\beh\s+el\s+(\w+s)\s+(?:elly|ely|elli)\b", r"what are the \1 that"),
    (r"\beh\s+(?:elly|ely|elli)\b", "what is"),
    (r"\beh\s+(?=a(?:5|kh)er\b|aw+el\b)", "what is the "),  # "eh akher job": what is the last job
    (r"\beh\s+el\b", "what is the"),
    (r"\beh\b", "what"),
    (r"\bleh\b", "why"),
    (rf"\b{_ENDED}\s+emta\b|\bemta\s+{_ENDED}\b", "when did it finish"),
    (rf"\b{_BEGAN}\s+emta\b|\bemta\s+{_BEGAN}\b", "when did it start"),
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
    (r"\b(?:el\s*)?e?n+a?harda\s+(?:el\s+)?sob7\b", "this morning"),  # "ennaharda el sob7": this morning
    (r"\b(?:el\s*)?e?n+a?harda\b", "today"),
    (r"\b(?:i|e)?mb[ae]re7\b", "yesterday"),
    (r"(?<=\d)\s+el\s+sob7\b", " in the morning"),
    (r"\b(?:el\s+)?sob7\b", "this morning"),
    (
        r"\b(?:fel\s+|fi\s+)?(?:el\s+)?sa3a\s+(?:elly|ely|elli)\s+fatet\b|\b(?:f[ei]?\s+)?a(?:5|kh)er\s+sa3a\b",
        "in the last hour",
    ),
    # said after its noun, as Levantine does: "bel sa3a el a5ira" (in the last hour), "el 3 sa3at el a5ira",
    # "el yomein el a5irin"
    (r"\b(?:[bf]el\s+|fi\s+)?(?:el\s+)?sa3a\s+el\s+a(?:5|kh)(?:ira|ire|eera)\b", "in the last hour"),
    (
        r"\b(?:[bf]el\s+|fi\s+)?el\s+(\d+)\s+sa3at\s+el\s+a(?:5|kh)(?:ira|ire|eera|irin|iyye)\b",
        r"in the last \1 hours",
    ),
    (
        r"\b(?:[bf]el\s+|fi\s+)?el\s+(\d+)\s+(?:ayam|iyam|iyyem)\s+el\s+a(?:5|kh)(?:ira|irin|iyye)\b",
        r"in the last \1 days",
    ),
    # "a5er 3 sa3at" (the last 3 hours), "a5er 2 ayam" (the last 2 days); "sa3tein" / "yomein" (two hours,
    # two days)
    (r"\b(?:f[ei]?\s+)?a(?:5|kh)er\s+(\d+)\s+sa3at\b", r"in the last \1 hours"),
    (r"\b(?:f[ei]?\s+)?a(?:5|kh)er\s+(\d+)\s+(?:ayam|iyam)\b", r"in the last \1 days"),
    (r"\b(?:f[ei]?\s+)?a(?:5|kh)er\s+(?:sa3tein|sa3teen)\b", "in the last 2 hours"),
    (r"\b(?:f[ei]?\s+)?a(?:5|kh)er\s+(?:yomein|yomeen)\b", "in the last 2 days"),
    (r"\bsa3at\b", "hours"),
    (r"\b(?:ayam|iyam)\b", "days"),
    (r"\bsa3(?:et)?ha\b", "then"),
    (r"\bbokra\b", "tomorrow"),
    (r"\b(?:el\s+)?dohr\b", "noon"),
    (r"\bmen\s+(?=\d|el\b|noon\b)", "from "),
    (r"(?<=\d)\s+le\s+(?=\d)", " to "),
    (r"\b(?:le|l)7add?\b", "until"),
    # wanting and knowing: "3ayez a3raf" I want to know
    (r"\b(?:3ayez|3awz|3ayz|3ayza|3awza|3awez|3ayzin|3awzin)\b", "I want"),
    (r"\ba3raf\b", "to know"),
    # what a job or a card did or does: failed, running, waiting, finished, ran, reached, busy
    (r"\b(?:fashal(?:et|o)?|fe[24]el|fe[24]l(?:et|o)|wa2ef|wa2fa|we2ef|we2fet)\b", "failed"),
    (r"\bwa2af(?:et|it|o)?\b", "stopped"),  # Levantine's past, said after the job: "abel ma wa2af"
    (r"\bkan(?:et)?\s+(?:shaghal|shaghala|3amel|3amla)\b", "was running"),
    (r"\b(?:shaghal|shaghala|shaghalin|shaghaleen|3amla|bey3mel|beyshta8al)\b", "running"),
    # a job and the verb after it is a clause: "akher job eshta8al 3aleha" (the last job that ran on it)
    (r"\b(job|process)\s+(?=eshta8al)", r"\1 that "),
    (r"\b(?:eshta8al|eshta8alet|eshta8alo)\b", "ran"),
    (r"\b(?:y|t)e?shta8[ae]l\b", "run"),  # "5alih yeshta8al": make it run
    (r"\b(?:mestan[yi]|mestanya|mestaneen)\b", "waiting"),
    (r"\b(?:5eles|5alas|5elset|5alset)\b", "finished"),
    (r"\bmashghool(?:a)?\b", "busy"),
    # "kanet sokhna awi" (was very hot), "a3la" / "a2al" (highest, lowest)
    # "kan" last asks what it was ("w ayya job kan?": and which job was it), the pronoun unsaid
    (r"\bkan(?:et)?(?=\s*[?!.]*\s*$)", "was it"),
    (r"\bkan(?:et|o)?\b", "was"),
    (r"\bsok(?:h|5)n(?:a|een|in)?\b|\bsa(?:kh|5)(?:en|na|nin|neen)\b|\b7ar+(?:a2|an|ana)?\b", "hot"),
    (r"\b7ar(?:a|aa)r(?:a|et|t)\b", "temperature"),  # "7arart el GPU": the GPU's temperature
    (r"\b7ass?(?:es|ess|is|eis)(?:ha|o|oh)?\b", "I feel"),
    (r"\b(?:ara|aret|arit|aro)\b", "read"),  # "2ara kam shard" (read how many shards), its hamza dropped
    (r"\b(\w+)\s+(?:awi|awy|2awi|2awy|gedan|geddan)\b", r"very \1"),  # said after its word: "sokhna awi"
    (r"\b(?:awi|awy|2awi|2awy|gedan|geddan)\b", "very"),
    # a threshold: "3and 400 W aw aktar" (at 400 W or more), "aktar men 80" (more than 80), "a2al men 50"
    # (less than 50; "men" before a number was read "from" above); said alone "a3la" and "a2al" are the
    # highest and the lowest
    (r"\baktar\s+(?:men|from)\b", "more than"),
    (r"\ba2all?\s+(?:men|from)\b", "less than"),
    (r"\baw\s+(?=aktar\b|a2all?\b)", "or "),
    (r"\baktar\b", "more"),
    (r"\b3and\b(?=\s+\d)", "at"),
    (r"\ba3la\b", "highest"),
    (r"\ba2all?\b", "lowest"),
    # what has ended long ago: "el jobs el adima" (the old jobs), "a2dam men 7 ayam" (older than 7 days;
    # "men" before a number was read "from" above)
    (r"\ba2dam\s+(?:men|from)\b", "older than"),
    (r"\b(?:el\s+)?2?ad(?:im|ima|eem|eema)\b", "old"),
    # who uses a card: "msh shayfa 7ad bystakhdemha" (I don't see anyone using it)
    (r"\bnot\s+shay(?:ef|fa|fin|feen)\b", "I don't see"),
    (r"\bshay(?:ef|fa|fin|feen)\b", "see"),
    (r"\b7ad\b", "anyone"),
    (r"\b(?:by|bey|be|bi|y)(?:e)?stakhdem(?:ha|aha)\b", "using it"),
    (r"\b(?:by|bey|be|bi|y)(?:e)?stakhdem(?:o|oh)?\b", "using"),
    (r"\bnot\s+me?sta(?:5|kh)dam?(?:a|een|in)?\b", "not used"),  # "msh mesta5dama": not in use
    (r"\bme?sta(?:5|kh)dem(?:a|een|in)?\b", "using"),
    (r"\babl\s+ma\b|\babl\b", "before"),
    (r"\bba3d\s+ma\b|\bba3d\b", "after"),
    (r"\b(?:yebda2|yebda|tebda2|tebda)\b", "it starts"),
    # "bada2 yetla3 fo2 el 80" (started going above 80): "tele3" / "yetla3" rise, go up
    (r"\b(?:y|t)[ei]tla3\b", "going"),
    (r"\b(?:tele3|tel3et|tel3o)\b", "went"),
    (r"\b(?:tany|tani)\b", "again"),
    # "ma7adesh yebda2" (let nobody start), "7aga gdida" (anything new)
    (r"\bma7add?(?:esh|sh)\b", "nobody"),
    (r"\b(?:7aga|7agat)\s+(?:gdida|gedida|gdeda|gdid|gedid|gdeed)\b", "anything new"),
    (r"\b(?:gdida|gedida|gdeda|gdid|gedid|gdeed)\b", "new"),
    (r"\bkaman\b", "also"),
    (r"\ba7san\b", "better"),
    (r"\bfad(?:ya|y|ia|i)\b", "free"),
    (r"\bwesel(?:et)?(?:-?l(?:aha|ha|o|oh|ohom))?\b", "reached"),  # "wesel-laha": reached (it)
    (r"\bkat(?:a)?b(?:et)?\b", "wrote"),
    (r"\b5a(?:d|det|do)\b", "took"),
    (r"\bwa2t\b", "time"),
    (r"\bda2(?:ayem|ay2|i2a)\b", "minutes"),
    (r"\ba(?:5|kh)er\s+7aga\b", "the last thing"),
    (r"\bfel\s+a(?:5|kh)er\b", "at the end"),
    (r"\ba(?:5|kh)er\b", "last"),
    (r"\bfo2\b", "above"),
    (r"\bta7t\b", "below"),
    (r"\bdaraga\b|\bdarga(?:t)?\b", "degrees"),
    (r"\bfa?r2\b", "difference"),
    (r"\b(?:ben|bein|beyn)\b(?=.{1,40}\bw(?:el)?\b)", "between"),  # "ben bf16 w fp16"
    (r"\bmar(?:a|at)\b", "times"),
    (r"\bel\s+([\w-]+)\s+koll?(?:aha|ohom|o|oh)\b", r"all the \1"),  # "el queue kollaha": the whole queue
    (r"\bkoll?(?:aha|ohom|o|lohom)\b|\bkoll?(?=\s+el\b)", "all"),
    (r"\bkol\b", "each"),
    (r"\bmesh\b", "not"),
    (r"\bay\b(?=\s+[a-z])", "any"),
    (
        r"\b(?:([fwl])?el\s+)?([\w-]+)\s+be?ta3(?:etha|aha|o|oh|ha)\b",
        lambda m: f"{ {'f': 'in ', 'w': 'and ', 'l': 'to '}.get((m[1] or '').lower(), '')}its {m[2]}",
    ),  # "el energy bta3etha": its energy
    (r"\bbe?ta3(?:etha|aha|o|oh|ha)\b", "its"),
    (r"\bbe?ta3(?:et)?\b", "of"),
    # a job named by its number alone ("leh el 13 mestani", "hold el 12", "switch el 12 wel 13"); a card is
    # named by four digits ("el 4090")
    # ("fo2 el 80": above 80, a value)
    (r"\b(above|below|than)\s+el\s+(?=\d)", r"\1 "),
    (r"\b(el|wel)\s+(\d{1,3})\b(?!\s*(?:w|%|°|degrees?|daraga|gb|gib|mib)\b)", r"\1 job \2"),
    # the articles and prepositions Franco joins to a word: "fel" in the, "wel" and the, "lel" to the,
    # "3al" on the, "3aleha" on it, "fe" in, "w" and
    (r"\bfel\b", "in the"),
    (r"\bwel\b", "and the"),
    (r"\blel\b", "to the"),
    (r"\bbel\b", "with the"),
    (r"\b3al(?:a)?\b", "on"),
    (r"\b3ale(?:ha|h|ih|iha)\b", "on it"),
    (r"\bfe?\b(?=\s+[a-z])", "in"),  # "fe" and its short "f" ("f el log")
    (r"\b(?:elly|ely|elli)\b", "that"),
    (r"\ben\b(?=\s+el\b)", "that"),  # "ekteb message ... en el H100 mashghool"
    (r"\bel\b", "the"),
    # "w" and, but after a bare number ("600 w"), where it is watts; "bf16 w fp16" is "and"
    (
        r"(?:^|(?<=\s))(\S+\s+)?w\b(?!/)(?=\s+[a-z])",
        lambda m: m[0] if m[1] and re.fullmatch(r"[\d.]+\s+", m[1]) else (m[1] or "") + "and",
    ),
    (r"\bpls\b|\bplz\b", "please"),
    # a Franco word no entry above reads keeps its digit-letters out of the numbers ("7asses", "2a3ad",
    # "wa2a3"): written in letters, it names no job, GPU or threshold; a figure beside it still does
    (_DIGIT_LETTERS, lambda m: m[0].translate(_LETTER_OF_DIGIT)),
)
_FRANCO_READ = compiled(_FRANCO)  # compiled once


def franco_read(text: str, lean: Lean | None = None) -> str:
    """An Egyptian Franco message in the English words it stands for (see :data:`_FRANCO`); a message with
    no Franco mark of its own (:data:`_FRANCO_MARK`) as it was."""
    return read_where_marked(text, _FRANCO_MARK, _FRANCO_READ, lean, "franco")
