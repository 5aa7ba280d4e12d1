"""Latvian read in English: Latvian written whole, or mixed with English words of the trade, as Riga types it
on a chat (often without its long vowels and soft consonants, or with a long vowel typed twice: "kas tagad
griezas uz GPU", "kaa ar atminju", "cik ilgi tas skreja", "restarte to dzobu"), where the message has marks
of its own. Latvian inflects its nouns and verbs by ending, and gives the trade's English words its own
endings ("dzobs", "dzobu", "dzoba": the job; "failoja" failed, "buildojas" built, "nokillo" kill); its
question words open the question ("cik", "kad", "kapec", "kurs"), though a chat may put one last ("un idle
cik?"). It is read before every other language: its "kas" (what) is Estonian's yes-no opener, its "kad"
(when) Serbian's, its "vakar" (yesterday) Lithuanian's, so its marks are only its own words."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import (
    Lean,
    compiled,
    english_verb,
    it_or,
    past_form,
    reads,
)

# each Latvian letter with its macron, caron or cedilla, and the plain letter a writer typing fast puts for it
# ("šodien" and "sodien", "atmiņa" and "atmina" are one word); "nj" and "lj" are how some type ņ and ļ
_UNACCENTED = str.maketrans("āčēģīķļņšūžĀČĒĢĪĶĻŅŠŪŽ", "acegiklnsuzACEGIKLNSUZ")
# a long vowel typed twice ("kaa" for "kā", "beidzaas" for "beidzās"), read as one: "aa", "ii" and "uu" are
# no English word's ("ee" and "oo" are: "speed", "sweep"), and only in a word of letters alone, no name's
# ("llama-8b")
_DOUBLED = re.compile(r"(?i)(?<![\w-])[a-z]*([aiu])\1[a-z]*(?![\w-])")
# ("atminja", "atminju": ņ typed "nj")
_SOFT = re.compile(r"\b(atmi|klu)nj(?=\w)", re.I)

# the pronouns a request names its job by ("vinu", "to", "tam"): it
_IT = ("vins", "vinu", "vinam", "vina", "to", "tam", "tas", "ta", "tie", "tiem")

# letters Latvian never writes (Lithuanian's ą ę ė į ų, Estonian's and Finnish's õ ä ö ü, Czech's, Polish's,
# Hungarian's, Turkish's, Romanian's and the Romance and Germanic ones): a message with one is another's
# (matched on the lowered text, not case-blind: Turkish's dotless "ı" is, case-blind, every "i")
_NOT_LATVIAN = re.compile(r"[ąęėįųõäöüåæøćđěřůťďňłśźżőűığşșțăñãàèìòùêôëïœßáéíóú]")

# a message is Latvian where it has one of its own words, read without its marks; none of them another
# language's ("kas" Estonian's, "kad" and "uz" Serbian's, "vakar" Lithuanian's, "temperatura" Spanish's,
# "energija", "utilizacija" Slovenian's and Serbian's, "prioritat" Catalan's, "ventilatoru" Romanian's,
# "minimala" Swedish's, "strada" Italian's road, "ir" Spanish's go, "un" French's are read only beside one)
_MARK = re.compile(
    r"\b(?:"
    # question words
    r"cik|kapec|kadel|kurs|kurss|kuri|kuru|kuram|kuriem|kopss? cikiem|cikos|ka ar|kads|kadu"
    r"|kad[sau] (?:ir|bija)"
    # moments
    r"|tagad|sobrid|paslaik|patlaban|pasreiz|sodien|sodienas|sodienu|vakardien|aizvakar|no rita|sorit"
    r"|vakara|sonakt|pedej\w*|stund(?:a|as|u|am)|minutem|tobrid|tiesi|atkal"
    # verbs, and an English verb given a Latvian ending ("failoja", "buildojas", "nokill")
    r"|griez\w*|negriez\w*|skrien|skreja|neskrien|stradaja|darbojas|gaja|gaida|gaidija|gaidis"
    r"|nesagaid\w*|nokrita|nomira|izgazas|izdevas|beidzas|beidza|pabeidza\w*|sakas"
    r"|starteja\w*|notika|apeda|apedis|patereja|pateretja|paterejis|pateret|izmanto(?:ja)?|aiznem\w*"
    r"|iestredz\w*|iestriga|sadedzin\w*|vajag|nav|bija"
    r"|(?:fail|build|crash|restart|cancel|kill|start|deploy|train)oj(?:a|as|is|usi)|no(?:kill|cancel|fail|paus|hold)\w*"
    # requests
    r"|restarte|restartet|palaid|palaist|atcel|atcelt|aptur|apturi|apturet|noturi|noturet|aizturi|atlaid"
    r"|partrauc|partraukt|turpini|atsac|iesledz|ieslegt|izsledz|izslegt|izdzes|dzes|nonem|uzliec|uzstadi|iestati"
    r"|nomaini|nomainit|samaini|samainit|vietam|paradi|pasaki|pagaidi|labak|vienkarsi|ludzu|paldies"
    # nouns and adjectives in their cases
    r"|dzob\w*|uzdevum\w*|rind(?:a|u|as|ai)|atmin\w*|jaud(?:a|u|as)|energijas|ventilators"
    r"|utilizacijas|noslodz\w*|meginajum\w*|kopsavilkum\w*|grad(?:iem|us)|prioritati|kluda\w*"
    r"|saraksta|sarakstu|apkope|videj\w*|maksimal(?:ais|o)|minimal(?:ais|o)|visvairak|vismazak|visilgak|karsts|silts"
    r"|(?:vis)?(?:karstak|aukstak|noslogotak|brivak)\w*"
    r"|brivs|briva|dikstave|elementu|virs|vins|vinu|vinam|tiem"
    # hot in its other genders and numbers ("karsta", "karsti": Lithuanian's too, typed without "š"), Latvian
    # where its copula "ir" or its yes-no opener "vai" says it ("vai h100 ir karsta?"; Lithuanian asks "ar")
    r"|ir karst(?:a|i|as)|^\W*vai\s+(?:\S+\s+){1,3}karst(?:a|i|as)"
    r")\b",
    re.I,
)
# the letters only Latvian writes of the languages read here (its long vowels, its soft consonants): a word
# with one of them beside one of its words above, or alone, is Latvian ("kāda ir GPU 1 temperatūra?")
_LATVIAN_LETTER = re.compile(r"[āēīģķļņĀĒĪĢĶĻŅ]")

# the English verbs of the trade a writer gives a Latvian ending ("failoja", "buildojas", "restartet")
_STEM = "fail|build|crash|run|restart|retry|cancel|kill|paus|hold|releas|resum|submit|start|deploy|train"
# the past a Latvian verb is in English, its subject unsaid ("cik ilgi skreja": how long did it run)
_PAST = {
    "skreja": "run", "griezas": "run", "strada": "run", "stradaja": "run", "gaja": "run", "darbojas": "run",
    "gaidija": "wait", "buildojas": "build", "sakas": "start", "starteja": "start", "beidzas": "end",
    "beidza": "end", "apeda": "use", "patereja": "use", "pateretja": "use", "izmantoja": "use",
    "failoja": "fail", "nokrita": "fail", "nomira": "fail",
}  # fmt: skip
_PAST_WORDS = "|".join(_PAST)
# the question words those questions open with
_ASKED = {"cik": "how long", "kad": "when", "kur": "where"}
# what a job is doing now, said with "cik ilgi (jau)" (how long has it been ...)
_DOING = {
    "skrien": "running", "griezas": "running", "strada": "running", "darbojas": "running", "iet": "running",
    "gaida": "waiting", "stav": "waiting",
}  # fmt: skip
_DOING_WORDS = "|".join(_DOING)
# the moments said between the question word and its verb ("cik ilgi vakar stradaja X"): said after in English
_MOMENT = r"(?:vakar|sodien|sorit|tagad|sobrid|jau|vel|tiesi)"


def _it(said: str) -> str:
    return it_or(said, _IT)


def _did(asked: str, subject: str | None, verb: str, moments: str) -> str:
    """A question of the past in English's order ("cik ilgi vakar skreja X": how long did X run yesterday),
    its subject the job in focus where it is unsaid or a pronoun, its moments said last."""
    said = f"{_ASKED[asked.split()[0].lower()]} did {_it(subject) if subject else 'it'} {_PAST[verb.lower()]}"
    return f"{said} {moments}".strip()


def _doing(subject: str | None, verb: str, moments: str) -> str:
    """How long a job has been doing what it does now, in English ("cik ilgi jau gaida X": how long has X
    been waiting), its subject the job in focus where it is unsaid or a pronoun."""
    said = f"how long has {_it(subject) if subject else 'it'} been {_DOING[verb.lower()]}"
    return f"{said} {moments.strip()}".strip()


def _english_verb(m: re.Match[str]) -> str:
    """An English verb with a Latvian ending, in English: "failoja" failed, "restartet" restart."""
    verb = english_verb(m[1])
    return past_form(verb) if m[2].lower() in ("oja", "ojas", "ojis", "ojusi") else verb


_TABLE = compiled(
    (
        # "no" (from, of) in its phrases, read before any English "no" is written: "no rita" (in the morning),
        # "no jauna" (anew), "no saraksta" (from the list), "no tiem" (of them)
        (r"\bvakar\s+no\s+rita\b", "yesterday morning"),
        (r"\b(?:sodien\s+)?(?:no\s+rita|sorit)\b", "this morning"),
        (r"\bno\s+jauna\b", "again"),
        (r"\bno\s+(?:saraksta|rindas)\b", "from the list"),
        (r"\bno\s+tiem\b", "of them"),
        (r"\bno\b(?=\s+\w)", "of"),
        # the job named first, its question after ("whisper-finetune kapec stav?": why is it stuck)
        (r"^(\W*)([\w.-]*[\d-][\w.-]*)\s+(kapec|kadel|cik\s+ilgi|kad)\s+", r"\1\3 \2 "),
        # "the X that ..." ("tas elements kas failoja": the element that failed)
        (r"\b(?:tas|ta|tie)\s+(\w+)\s+(?:kas|kurs|kura|kuri)\b", r"the \1 that"),
        # the perfect, its "ir" (has) often left out: "tas jau apedis" (it has used), "vins ir nokritis"
        (
            r"\b(?:(tas|vins|vina)\s+)?(?:ir\s+)?(?:jau\s+)?(?:apedis|paterejis|izmantojis|sadedzinajis)\b",
            lambda m: "has it used" if m[1] else "has used",
        ),
        (r"\bpirms\s+(?:(?:tas|vins)\s+)?(?:starteja|sakas)\b", "before it started"),
        # a question word with its verb, the subject said after it or before it or left unsaid (the job in
        # focus): "cik ilgi jau skrien" how long has it been running, "cik ilgi skreja X" and "cik ilgi X
        # skreja" how long did X run, "kad vins starteja" when did it start
        (
            rf"\bcik\s+ilgi\s+((?:{_MOMENT}\s+)*)({_DOING_WORDS})\s+"
            r"(?!rind|uz\b|of\b|before\b|this\b|yesterday\b|sodien|vakar|tagad)((?:(?!\bun\b)[^?.!,])+?)"
            r"(?=\s*(?:[?.!,]|$))",
            lambda m: _doing(m[3], m[2], m[1]),
        ),
        (
            rf"\bcik\s+ilgi\s+(?:(?!{_MOMENT}\b)(\S+?)\s+)?((?:{_MOMENT}\s+)*)({_DOING_WORDS})"
            r"(?=\s*(?:rinda\s*)?(?:[?.!,]|$))",
            lambda m: _doing(m[1], m[3], m[2]),
        ),
        (
            rf"\b(cik\s+ilgi|kad)\s+((?:{_MOMENT}\s+)*)({_PAST_WORDS})\s+"
            r"(?!rind|uz\b|of\b|before\b|this\b|yesterday\b|sodien|vakar|tagad)((?:(?!\bun\b)[^?.!,])+?)"
            r"(?=\s*(?:[?.!,]|$))",
            lambda m: _did(m[1], m[4], m[3], m[2]),
        ),
        (
            rf"\b(cik\s+ilgi|kad)\s+((?:{_MOMENT}\s+)*)(?:(?!{_MOMENT}\b)(\S+?)\s+)?((?:{_MOMENT}\s+)*)"
            rf"({_PAST_WORDS})\b",
            lambda m: _did(m[1], m[3], m[5], m[2] + m[4]),
        ),
        (
            r"\b(kad|kur)\s+(?:tas|vins|vina|ta)\s+(bija|ir)\b",
            lambda m: f"{_ASKED[m[1].lower()]} {'was' if m[2].lower() == 'bija' else 'is'} it",
        ),
        # English verbs given a Latvian ending ("failoja", "buildojas", "nokillo", "restartet"); "no-" the
        # perfective prefix ("nokill": kill)
        (
            rf"\bno({_STEM})(oja|ojas|ojis|ojusi|o|ot|e|et|ejiet)?\b",
            lambda m: _english_verb(m) if m[2] else m[1],
        ),
        (rf"\b({_STEM})(oja|ojas|ojis|ojusi|o|ot|et|ejiet)\b", _english_verb),
        (r"\brestarte\b", "retry"),
        # a correction: "ne, pagaidi, labak ..." (no wait, rather ...)
        (r"\b(?:ne|nu)\s*[,!.]?\s*pagaidi\b[,!.]?", "no wait,"),
        (r"\bpagaidi\b", "wait"),
        (r"\blabak\s+(?:vienkarsi\s+)?", ""),
        (r"\bvienkarsi\b", ""),
        # requests: "uzliec tam prioritati 10" (set its priority to 10), "nomaini uz 1 GPU" (change it to 1
        # GPU), "samaini 12 un 13 vietam" (swap them), "apturi visu rindu" (pause the whole queue), "palaid"
        # (let go: release; "palaid velreiz": retry), "noturi" (hold), "atcel" (cancel), "izdzes" (remove)
        (
            r"\b(?:uzliec|uzstadi|iestati|nomaini|ieliec|uzliek)\s+(\S+?)\s+prioritat\w*\s+(?:uz\s+)?(\d+)",
            lambda m: f"set the priority of {_it(m[1])} to {m[2]}",
        ),
        (
            r"\b(?:uzliec|uzstadi|iestati|nomaini|ieliec)\s+prioritat\w*\s+(?:uz\s+)?(\d+)",
            r"set the priority of it to \1",
        ),
        (r"\bprioritat\w*", "priority"),
        (r"\b(?:viena|vienu|vienam)\s+(?=gpu|kart)", "one "),
        (r"\b(?:divi|diviem|divu|divos)\s+(?=gpu|kart)", "two "),
        (
            r"\b(?:nomaini|nomainit|maini|izmaini|parcel|parlik)\s+(?:(\S+?)\s+)?uz\s+(\d+|one|two)\s+gpu\w*",
            lambda m: f"change {_it(m[1]) if m[1] else 'it'} to {m[2]} gpus",
        ),
        (
            r"\b(\S+?)\s+vajag\s+palaist\s+uz\s+(\d+|one|two)\s+gpu\w*",
            lambda m: f"{_it(m[1])} should run on {m[2]} gpu",
        ),
        (
            r"\b(?:samaini|samainit|switch|apmaini)\s+(\S+)\s+(?:un|ar)\s+(\S+)(?:\s+vietam)?(?:\s+rind\w*)?",
            r"switch \1 and \2",
        ),
        (
            r"\b(?:apturi|aptur|apturet|nopauze|pauze)\s+(?:visu\s+|visa\s+)?(?:rindu|rinda)\b",
            "pause the whole queue",
        ),
        (
            r"\b(?:iesledz|ieslegt|turpini|atsac|atsakt|palaid)\s+(?:(?:atkal|velreiz|again)\s+)?(?:visu\s+)?"
            r"(?:rindu|rinda)\b"
            r"|\bka\s+(?:to\s+|vinu\s+)?(?:atkal\s+)?(?:iesledz|ieslegt|turpinat|atsakt)\b(?:\s+(?:to|vinu))?",
            "resume the queue",
        ),
        (
            r"\b(?:palaid|palaist)\s+(\S+?\s+)?(?:velreiz|vel reiz|no jauna|atkal)\b",
            lambda m: f"retry {_it(m[1].strip()) if m[1] else 'it'}",
        ),
        (r"\b(?:palaid|atlaid)\s+(?:valla|vala)\b", "release it"),
        (r"\b(?:palaid|atlaid)\b", "release"),
        (r"\b(?:noturi|noturet|aizturi|aizturet)\b", "hold"),
        (r"\b(?:apturi|aptur|apturet|nopauze|pauze)\b", "pause"),
        (r"\b(?:turpini|atsac|iesledz|ieslegt)\b", "resume"),
        (r"\b(?:atcel|atcelt|nogalini|partrauc|partraukt)\b", "cancel"),
        (r"\b(?:izdzes|dzes|nonem|izmet)\b", "remove"),
        (r"\b(?:paradi|paradiet)\b", "show"),
        (r"\b(?:pasaki|pastasti)\b", "tell me"),
        (r"\bdod\b", "give"),
        (r"\bludzu\b", "please"),
        (r"\bpaldies\b", "thanks"),
        # times: "tagad/sobrid" (now), "sodien" (today), "vakar" (yesterday), "no rita/sorit" (this morning),
        # "pedeja stunda" (in the last hour), "tobrid/tad" (then)
        (r"\bvakar\s+(?:vakara|nakti)\b", "last night"),
        (r"\baizvakar\b", "the day before yesterday"),
        (r"\b(?:vakar|vakardien)\b", "yesterday"),
        (r"\b(?:sodien\s+)?pecpusdiena\b", "this afternoon"),
        (r"\bsodienas\b", "today's"),
        (r"\bsodien\w*\b", "today"),
        (r"\b(?:tagad|sobrid|paslaik|patlaban|pasreiz)\b", "now"),
        (r"\b(?:pedeja|pedejo|pedejaja)\s+stund\w*", "in the last hour"),
        (r"\b(?:pedejas|pedejam)\s+(\d+)\s+stund\w*", r"in the last \1 hours"),
        (r"\b(?:pedejas|pedejam)\s+(\d+)\s+minut\w*", r"in the last \1 minutes"),
        (r"\bpirms\s+(\d+)\s+minut\w*", r"\1 minutes ago"),
        (r"\bpirms\s+(\d+)\s+stund\w*", r"\1 hours ago"),
        (r"\bgpu[- ]?stund\w*|\bgpu-h\b", "GPU-hours"),
        (r"\b(\d+)\s+stund\w*", r"\1 hours"),
        (r"\b(\d+)\s+minut\w*", r"\1 minutes"),
        (r"\b(?:tobrid|taja brid|tad)\b", "then"),
        (r"\b(?:kops|kopss)\s+(?:cikiem|kura laika|kad)\b", "since when"),
        (r"\bkops\b", "since"),
        (r"\bcikos\b", "at what time"),
        # question words: "cik ilgi" (how long), "cik" (how much, how many), "kad" (when), "kapec" (why),
        # "kurs/kura/kuri" (which), "kas" (what, who), "kads/kada" (what), "ka ar X" (what about X)
        (r"^(\W*(?:un\s+)?)(\w+)\s+cik\s*\?", r"\1how much \2?"),  # "un idle cik?": the question word last
        (r"\bcik\s+ilgi\b", "how long"),
        (r"\bcik\s+reiz(?:es|u)\b", "how many times"),
        (r"\bcik\s+daudz\b", "how much"),
        (
            r"\bcik\s+(karsts|karsta|silts|silta)\b",
            lambda m: "how hot" if m[1].lower().startswith("k") else "how warm",
        ),
        (r"\bcik\s+(?=gpu|kwh|wh|dzob|uzdevum|procent|%|\d)", "how many "),
        (r"\bcik\b", "how much"),
        (r"\bkad\s+tiesi\b", "when exactly"),
        (r"\bkad\b", "when"),
        (r"\b(?:kapec|kadel)\b", "why"),
        (
            r"\bkas\s+(?:tas|tie)\s+(bija|ir)\s+par\s+(\w+)",
            lambda m: f"which {m[2]} {'was' if m[1].lower() == 'bija' else 'is'} it",
        ),
        (r"\bkas\s+notika\s+ar\b", "what happened to"),
        (r"\bkas\s+ir\s+rinda\b", "what is in the queue"),
        (r"\bka\s+ar\b", "what about"),
        (r"\b(?:kurs|kurss|kura|kuri|kuru|kuram|kuriem|kuras)\b", "which"),
        (r"\b(?:kads|kada|kadi|kadu|kadas)\b(?=\s+(?:ir|bija|bus)\b)", "what"),
        (r"\bkas\b", "what"),
        (r"\bkur\b", "where"),
        (r"^\s*vai\b\s*", ""),
        # verbs: "griezas/skrien/strada" (is running), "skreja/gaja" (ran), "gaida" (is waiting),
        # "gaidija" (waited), "nokrita/nomira" (failed), "izdevas" (succeeded), "sakas/starteja" (started),
        # "beidzas" (ended), "apeda/patereja" (used), "aiznemts" (used), "stav uz vietas" (is stuck)
        (r"\bstav\s+uz\s+vietas\b|\b(?:ir\s+)?iestredz\w*|\biestriga\b", "is stuck"),
        (r"\b(?:negriezas|neskrien|nestrada|nedarbojas)\b", "is not running"),
        (r"\b(?:griezas|skrien|strada|darbojas|iet|rulle)\b", "is running"),
        (r"\b(?:bija\s+)?(?:gaja|skreja|stradaja)\b", "was running"),
        (r"\b(?:gaida|stav)\b", "is waiting"),
        (r"\bgaidija\b", "waited"),
        (r"\b(?:nokrita|krita|nomira|izgazas|failoja)\b", "failed"),
        (r"\bizdevas\b", "succeeded"),
        (r"\b(?:sakas|starteja|startejas|sakts)\b", "started"),
        (r"\b(?:beidzas|beidza|pabeidza|pabeidzas)\b", "ended"),
        (r"\bnotika\b", "happened"),
        (r"\b(?:apeda|apedis|patereja|pateretja|paterejis|izmantoja|izlietoja|sadedzin\w*)\b", "used"),
        (r"\b(?:izmanto|aiznem|patere)\b", "uses"),
        (r"\baiznemt(?:s|a|ais|as)\b", "used"),
        (r"\bnesagaid\w*", "will not get"),
        (r"\bvajag\b", "needs"),
        (r"\bbija\b", "was"),
        (r"\bbus\b", "will be"),
        (r"\bnav\b", "is not"),
        (r"\bir\b", "is"),
        # readings and things in their cases
        (r"\btemperatur\w*", "temperature"),
        (r"\bventilator\w*", "fan"),
        (r"\batmin\w*", "memory"),
        (r"\bjaud(?:a|u|as)\s+limit\w*", "power limit"),
        (r"\bjaud(?:a|u|as)\b", "power"),
        (r"\benergij\w*", "energy"),
        (r"\b(?:utilizacij\w*|noslodz\w*)", "utilization"),
        (r"\bpeaks\b", "peak"),
        (r"\blimits\b", "limit"),
        (r"\b(?:videj\w*)", "average"),
        (r"\b(?:maksimal\w*|augstak\w*)", "max"),
        (r"\b(?:minimal\w*|zemak\w*)", "min"),
        (r"\bvisvairak\b", "the most"),
        (r"\bvisilgak\b", "the longest"),
        (r"\b(?:vis)?karstak\w*", "hottest"),
        (r"\b(?:vis)?aukstak\w*", "coolest"),
        (r"\b(?:vis)?noslogotak\w*", "busiest"),
        (r"\b(?:vis)?brivak\w*", "freest"),
        (r"\bkaut\s+kas\b", "anything"),
        (r"\bvismazak\b", "the least"),
        (r"\b(\d+)\s+grad\w*", r"\1 degrees"),
        (r"\bgrad\w*", "degrees"),
        (r"\bvirs\b", "above"),
        (r"\bzem\b", "below"),
        (r"\b(?:briv\w*)\b", "free"),
        (r"\bdikstave\b", "idle"),
        (r"\bkarst(?:s|a|i|as)\b", "hot"),
        (r"\bsilts\b", "warm"),
        (r"\bmeginajum(?:i|us|iem)\b", "attempts"),
        (r"\bmeginajum\w*", "attempt"),
        (r"\bpedej\w*", "last"),
        (r"\bkopsavilkum\w*", "summary"),
        (r"\blog(?:u|a|am)\b", "the log"),
        (r"\bkluda\w*", "error"),
        (r"\bprocess(?:i|us|iem)\b", "processes"),
        (r"\bkart(?:e|es|i)\b", "card"),
        (r"\belement(?:s|u|a|am)\b", "element"),
        # the job: "dzobs/dzobu/dzoba" and the native "uzdevums" in their cases; "ta dzoba" that job's
        (r"\b(?:ta|to|tas|tam)\s+(?:dzob|uzdevum)\w*", "that job"),
        (r"\b(?:dzob|uzdevum)(?:i|us|iem|os)\b", "jobs"),
        (r"\b(?:dzob|uzdevum)\w*", "job"),
        (r"\brinda\b(?=\s*(?:[?.!,]|$))", "in the queue"),  # "rindā" typed plain, said last
        (r"\b(?:rinda|rindu|rindas|rindai)\b", "the queue"),
        (r"\bapkope\b", "maintenance"),
        # pronouns and the small words
        (r"\buz\s+(ta|to)\s+gpu\b", "on that GPU"),
        (r"\buz\s+(\d+)\b(?!\s*(?:gpu|gib|mib|%|w))", r"on GPU \1"),
        (r"\b(?:vins|vinu|vinam|vina)\b", "it"),
        (r"\b(?:tas|tam)\b(?=\s*(?:[?.!,]|$))", "it"),
        (r"\btam\b", "its"),
        (r"\b(?:tas|ta)\b", "it"),
        (r"\bto\b(?=\s*(?:[?.!,(]|$))", "it"),  # (elsewhere "to" is English's, written above)
        (r"\btiem\b", "them"),
        (r"\bun\b", "and"),
        (r"\bbet\b", "but"),
        (r"\bvai\b", "or"),
        (r"\bar\b", "with"),
        (r"\buz\b", "on"),
        (r"\bpar\b", "about"),
        (r"\bpirms\b", "before"),
        (r"\bpec\b", "after"),
        (r"\blidz\b", "until"),
        (r"\bkopa\b", "in total"),
        (r"\b(?:visu|visa|visi|visas|visus)\b", "all"),
        (r"\batkal\b", "again"),
        (r"\btiesi\b", "exactly"),
        (r"\btikai\b", "only"),
        (r"\b(?:vel|jau|ari|vienalga|nu)\b", ""),
        (r"^\s*ne\b|\bne\b(?=\s*[,.!])", "no"),
    )
)


def _plain(text: str) -> str:
    """``text`` without Latvian's diacritics, a long vowel typed twice read once and "nj" read as "n"."""
    text = text.translate(_UNACCENTED)
    text = _DOUBLED.sub(lambda m: re.sub(r"(?i)([aiu])\1", r"\1", m[0]), text)
    return _SOFT.sub(r"\1n", text)


def latvian_marked(text: str) -> bool:
    """Whether ``text`` shows Latvian's marks (:data:`_MARK`), with or without its diacritics, and no letter
    of another language's (:data:`_NOT_LATVIAN`)."""
    if _NOT_LATVIAN.search(text.lower()):
        return False
    return bool(_LATVIAN_LETTER.search(text) or _MARK.search(_plain(text)))


def latvian(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Latvian (:data:`_MARK`): its letters without their diacritics,
    then its phrases and words (:data:`_TABLE`); else as it was."""
    if not reads(lean, "latvian", latvian_marked(text)):
        return text
    plain = _plain(text)
    for pattern, english in _TABLE:
        plain = pattern.sub(english, plain)
    return re.sub(r"[ \t]+(?=[?.!,])", "", re.sub(r"[ \t]{2,}", " ", plain)).strip()
