"""Lithuanian read in English: Lithuanian written whole, or mixed with English words of the trade, as Vilnius
or Kaunas types it on a team chat (mostly without ą č ę ė į š ų ū ž, with chat spellings: "kas dabar sukas
ant h100", "kiek jau bega", "pauzink ji", "kodel nestartuoja"), where the message has marks of its own.
Lithuanian inflects its nouns and verbs by ending and gives the trade's English words its own ("jobas",
"jobui", "jobu": the job; "failino" failed, "uzholdintu" held, "cancelink" cancel, "startavo" started); its
question words open the question ("kiek", "kodel", "kada", "koks", "kuris", "ar"), its verb often before
its subject ("kiek bego jobas 8": how long did job 8 run). It is read before Latvian, whose "vakar" (both
languages' yesterday), "kas", "ir", "ar", "kad", "tas" and "jau" it shares with other meanings (Latvian's
"ir" is, "ar" with, "kad" when; Lithuanian's "ir" and, "ar" the yes-no opener, "kad" that), so none of its
marks is a Latvian word, nor Estonian's ("kas", "eile": Lithuanian's "eilę", the queue) or Serbian's ("kada",
"kad", "tada")."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import (
    INFLECTED_MODEL,
    VERB_LAST,
    Lean,
    compiled,
    english_verb,
    it_or,
    marked_unaccented,
    past_form,
    read_unaccented,
)

# each Lithuanian letter with its ogonek, dot, macron or caron, and the plain letter a writer typing fast puts
# for it ("šiandien" and "siandien", "eilėje" and "eileje" are one word)
_UNACCENTED = str.maketrans("ąčęėįšųūžĄČĘĖĮŠŲŪŽ", "aceeisuuzACEEISUUZ")

# letters Lithuanian never writes (Latvian's ā ē ī ģ ķ ļ ņ, Estonian's and Finnish's õ ä ö ü, Czech's,
# Polish's, Hungarian's, Turkish's, Romanian's and the Romance and Germanic ones): a message with one is
# another's (matched on the lowered text, not case-blind: Turkish's dotless "ı" is, case-blind, every "i")
_NOT_LITHUANIAN = re.compile(r"[āēīģķļņõäöüåæøćđěřůťďňłśźżőűığşșțăñãàèìòùêôëïœßáéíóúçâîûý]")

# the English verbs of the trade a writer gives a Lithuanian ending ("pauzink", "failino", "uzholdintu",
# "startavo"), each read by :func:`tables.english_verb` ("releas" release, "pauz" pause)
_STEM = (
    "fail|crash|cancel|kill|releas|paus|pauz|hold|reset|restart|retry|rerun|resum|submit|build|start|run"
    "|deploy|updat|upgrad|throttl|queu|delet|stop|boot|launch|train"
)
# their endings: a request ("pauzink", "cancelinkit", the infinitive "restartinti"), a past or its participle
# ("failino", "uzholdintas", "uzholdintu jobu": held jobs; "startavo"), the present ("failina",
# "startuoja"), a wish ("startuotu": would start)
_REQUEST_ENDING = "ink|inkit|inkite|inkim|inti|int|uok|uokit|uoti"
_PAST_ENDING = (
    "ino|inom|inot|inau|inai|avo|avau|inusi|inusio|inusiu|inusius|ines|intas|inta|intu|intus|intos|intam"
)
_PRESENT_ENDING = "ina|inu|uoja|uoju|ineja"
_WISH_ENDING = "uotu|intu"
_ENDING = f"{_REQUEST_ENDING}|{_PAST_ENDING}|{_PRESENT_ENDING}|{_WISH_ENDING}"

# a message is Lithuanian where it has one of its own words, read without its diacritics; none of them
# another language's ("vakar", "kas", "kad", "ar", "ir", "tas", "jau", "karsta" Latvian's, "eile" Estonian's,
# "kada", "kad" and "tada" Serbian's, "ji" Slovenian's, "tai" Finnish's, "gali" Latvian's and Hindi's,
# "darbus" and "darbu" Latvian's, "joba" Polish's and Slovenian's, "jobe" Estonian's, "jobu" Czech's,
# "temperatura" Spanish's, "testi" and "nera" Italian's, "visus" Latvian's, "kortu" Polish's, "minutes" and
# "sory" English's are read only beside one ("karšta" typed with its caron is Lithuanian's own: Latvian's hot
# is "karsts", "karsta", without it; typed without it, Lithuanian's where its yes-no opener "ar" asks it: "ar
# h100 karsta?", Latvian's "ar" is "with"); "ant" marks only before a card or a job's place, never inside a
# name: "ant-colony")
_MARK = re.compile(
    r"\b(?:"
    # question words
    r"kiek|kodel|koks|kokia|kokie|kokios|kokiu|koki|kokio|kokiam|kokioj\w*|kuris|kurie|kurios|kuriam"
    r"|kuriame|kurioje|kurio|kuria|kuriuo|kelinta|kelintas|kieno|kaip|nuo kada|iki kada|nuo|ar yra|ar buvo"
    # moments
    r"|siandien\w*|siandienin\w*|dabar|dabr|dbr|siuo metu|siuo momentu|siryt|ryte|uzvakar|vakare|vakarykst\w*"
    r"|valand\w*|minuciu|minutes? atgal|sekundziu|paskutin\w*|pastaraj\w*|pastarasias|pastaruos\w*"
    r"|kol kas|vis dar|is naujo|dar karta"
    # verbs, and an English verb given a Lithuanian ending ("failino", "pauzink", "uzholdintu")
    r"|sukas|sukasi|sukosi|sukos|bega|bego|pabego|pabegt\w*|begti|veikia|veike|neveikia|dirba|dirbo|laukia"
    r"|lauke|laukti|stovi|stovejo|kabo|kabojo|nuluzo|luzo|nukrito|numire|sprogo|nugriuvo|nepavyko|pavyko"
    r"|pasibaige|baigesi|prasidejo|pradejo|pasileido|prasideda|suvalge|suvalgo|suede|sunaudojo|naudoja"
    r"|naudojo|suvartojo|vartoja|traukia|trauke|uzima|uzeme|uzimta|uzimtas|kaito|kaista|parase|raso|gavo"
    r"|nutiko|atsitiko|ivyko|nedaro|daro|uzstrigo|istrigo|pakibo|uzluzo|yra|buvo|reikia|reik"
    r"|nebereikia|nereikia|turejau omeny\w*|turejau galvoj\w*|omeny|spejo|uztruko|truko|trunka|atrodo"
    r"|(?:ne)?(?:uz|nu|su|at|per|pa|un)?(?:" + _STEM + r")(?:" + _ENDING + r")"
    # requests
    r"|atsauk\w*|nutrauk\w*|sustabdyk\w*|sustabdyti|pristabdyk\w*|pristabdyti|tesk|pratesk"
    r"|atnaujink\w*|paleisk\w*|paleist\w*|atleisk\w*|leisk|perleisk\w*|sulaikyk\w*|sulaikyti|sulaikyt(?:as|a|i|u|os|us)|pakartok\w*"
    r"|istrink\w*|istrinti|pasalink\w*|sukeisk\w*|parodyk\w*|pasakyk\w*|duok|prasau|aciu|pakeisk\w*|pakeisti"
    r"|nustatyk\w*|uzdek\w*|uzdeti|pakelk\w*|nuleisk\w*|sumazink\w*|sumazinau|padidink\w*|tegu|tegul"
    r"|galetum|galit|galite"
    # nouns and adjectives in their cases
    r"|job(?:as|o|ui|ai|us|ams|uose)|darbas|darbo|darbui|darbai|darbams|uzduot\w*"
    r"|eilej|eileje|eiles|eilei|plokst\w*|kort(?:os|oje|ai|a)|grafin\w*|atmint\w*|galia|galios|galingum\w*"
    r"|energijos|energjos|apkrov\w*|apkraut\w*|uzimtum\w*|vidutin\w*|vidurk\w*|didziaus\w*|maziaus\w*"
    r"|karsciaus\w*|saltiaus\w*|karšt(?:a|as|i|os|ai)|laisviaus\w*|laipsn\w*|ventiliator\w*|fanas|clockas|dazn\w*"
    r"|logas|logai|logus|klaid\w*|bandym\w*|santrauk\w*|temperaturos|procesai|serveryje|draiveris"
    # "karšta" typed without its caron, asked with the yes-no opener "ar" ("ar h100 karsta?")
    r"|^\W*ar\s+(?:\S+\s+){1,3}karst(?:a|as|i|os|ai)"
    # the small words of its chat
    r"|ant(?=\s+(?:gpu|[a-z]{0,4}\d|kort|plokst|grafin|server|vien|abi|vis|tos|tu|sit|jo|mano))"
    r"|nieko|niekas|kazkas|kazka|viskas|irgi|taip pat|is viso|prasom"
    r")\b",
    re.I,
)

# the pronouns a request or a question names its job or card by ("ji", "jis", "jo", "ta", "tai"): it
_IT = (
    "ji", "jis", "jo", "jam", "jai", "ja", "jos", "tas", "ta", "tai", "to", "tam", "sita", "sitas", "si",
    "sis",
)  # fmt: skip

# the numbers a card count is said in ("vienos kortos", "dvieju ploksciu")
_COUNT = {"vien": "1", "dvi": "2", "du": "2", "trij": "3", "tri": "3", "keturi": "4"}


# the job said in its cases before its number ("jobas 9", "joba 12"): "job"
_JOB_WORD = re.compile(r"(?i)^job\w*")


# the prepositions an hour of the clock is said with ("nuo 9 valandos", "apie 10 valanda")
_AT_HOUR = {"apie": "around", "nuo": "since", "iki": "until", "po": "after", "pries": "before"}


# a job said right after a request ("... 9", "... joba 9", "... darba 9"): the request's own object
_JOB_NEXT = re.compile(r"\s+(?:#?\d|job|darb|uzduot)")


def _retried(m: re.Match[str]) -> str:
    """ "paleisk (X) is naujo": retry X, or "it" where no job is said, before it or right after it ("paleisk
    is naujo 9" / "... joba 9": that job, no "it" before it)."""
    if m[1]:
        return f"retry {_it(m[1].strip())}"
    return "retry" if _JOB_NEXT.match(m.string, m.end()) else "retry it"


def _it(said: str) -> str:
    return it_or(said, _IT)


def _count(said: str) -> str:
    """A card count as a numeral: "vienos" 1, "dvieju" 2, "4" 4."""
    said = said.lower()
    if said.isdigit():
        return said
    return next((n for stem, n in _COUNT.items() if said.startswith(stem)), said)


def _whose(said: str | None) -> str:
    """Whose setting a request changes, in English: "its" for a pronoun or none said, else "X's"."""
    return "its" if not said or _it(said) == "it" else f"{said}'s"


# the verbs whose "at-" (or English "un-") undoes them ("atpauzink": resume, "atholdink": release)
_UNDONE = {"pause": "resume", "hold": "release"}


def _english_verb(m: re.Match[str]) -> str:
    """An English verb with a Lithuanian ending, in English: "pauzink" pause, "failino" failed,
    "uzholdintu" held, "failina" fails, "nestartuoja" does not start, "startuotu" start, "atpauzink"
    resume."""
    negated, verb, ending = bool(m["no"]), english_verb(m["stem"]), m["ending"].lower()
    if (m["prefix"] or "").lower() in ("at", "un"):  # "atpauzink", "unholdink": undone
        verb = _UNDONE.get(verb, verb)
    if re.fullmatch(_PAST_ENDING, ending):
        return f"did not {verb}" if negated else past_form(verb)
    if re.fullmatch(_PRESENT_ENDING, ending):
        return f"does not {verb}" if negated else f"{verb}s"
    return f"not {verb}" if negated else verb


_TABLE = compiled(
    (
        # a card by its model in its cases ("ant 4090-os", "h100'e"): the model
        # (:data:`tables.INFLECTED_MODEL`)
        INFLECTED_MODEL,
        # a job's name given a case ending after an apostrophe ("llama-70b-eval'ui", "sd-xl-train'o")
        (r"\b([\w.-]*[\d-][\w.-]*)['’](?:as|o|ui|a|e|u|ai|ams|us)\b", r"\1"),
        # a correction: "sory, 9 turejau omeny" (sorry, I meant 9), "turejau galvoje job 12"
        (r"\b(?:sory|sorri|atsiprasau)\b", "sorry"),
        (
            r"\b((?:job(?:as|a|o)?\s*|gpu\s*)?[\w.-]+)\s+(?:as\s+)?turejau\s+(?:omeny|omenyje|galvoje|galvoj)\b",
            lambda m: f"I meant {_JOB_WORD.sub('job', m[1])}",
        ),
        (r"\bturejau\s+(?:omeny|omenyje|galvoje|galvoj)\b", "I meant"),
        # a card standing idle: "nieko nedaro" (does nothing), "stovi be darbo" (stands without work)
        (r"\b(?:nieko\s+nedaro|nedaro\s+nieko|nieko\s+neveikia|neveikia\s+nieko)\b", "is idle"),
        (
            r"\b(?:idle|laisva|laisvas|be\s+darbo)\s+stovi\b|\bstovi\s+(?:idle|laisva|laisvas|be\s+darbo)\b",
            "is idle",
        ),
        # negative concord: "niekas naujo nestartuotu" (nothing new would start), its verb read unnegated
        (r"\b(niekas|nieko)\s+((?:naujo|daugiau)\s+)?ne(?=\w{4,})", r"\1 \2"),
        # English verbs given a Lithuanian ending; "uz-", "nu-", "su-" their perfective prefixes ("uzholdink":
        # hold), "ne-" their negation ("nestartuoja": does not start)
        (
            rf"\b(?P<no>ne)?(?P<prefix>uz|nu|su|at|per|pa|un)?(?P<stem>{_STEM})(?P<ending>{_ENDING})\b",
            _english_verb,
        ),
        # the job and the queue in their cases: "jobas/jobo/jobui/joba", "darbas", "uzduotis" (task);
        # "eile/eiles/eileje" (the queue)
        (r"\b(?:job|darb)(?:ai|us|u|ams|uose)\b(?!\s*#?\d)", "jobs"),
        (r"\b(?:job(?:as|o|ui|a|e|u)|darb(?:as|o|ui|a|e|u))\b", "job"),
        (r"\b(?:uzduotys|uzduociu|uzduotims|uzduotyse)\b", "jobs"),
        (r"\buzduot\w*", "job"),
        (r"\beil(?:eje|ej)\b", "in the queue"),
        (r"\b(?:is|nuo)\s+eil(?:es|e)\b", "from the queue"),
        # requests: "uzdek jobui 13 prioriteta 10" (set job 13's priority to 10), "pakelk prioriteta"
        # (bump the priority), "pakeisk i 1 gpu" / "kad uztektu vienos kortos" (change it to 1 GPU), "tegu
        # praso 40000 atminties" (set its memory to 40000), "pristabdyk eile" (pause the queue), "paleisk
        # eile vel" (resume the queue), "paleisk is naujo" (retry), "paleisk/atleisk" (release), "sulaikyk"
        # (hold), "pristabdyk" (pause), "tesk/atnaujink" (resume), "atsauk/nutrauk" (cancel), "istrink"
        # (remove), "sukeisk X ir Y" (switch)
        (
            r"\b(?:uzdek|uzdeti|nustatyk|nustatyti|pakeisk|pakeisti|duok|uzmesk|padaryk|pastatyk)\s+"
            r"(?:(.{1,30}?)\s+)?prioritet\w*\s+(?:i\s+|iki\s+|lygu\s+|=\s*)?(\d+)"
            r"(?:\s+(job\s*\d+|[\w.-]*\d[\w.-]*))?",
            lambda m: f"set the priority of {_it(m[1] or m[3] or 'it')} to {m[2]}",
        ),
        (
            r"\b(?:pakelk|padidink|pakelti)\s+(?:(.{1,30}?)\s+)?prioritet\w*",
            lambda m: f"bump the priority of {_it(m[1] or 'it')}",
        ),
        (r"\bprioritet\w*", "priority"),
        (
            r"\b(?:kad|jog)\s+(?:uztektu|pakaktu|uzteks|uztenka|pakanka|uztektu)\s+(\w+)\s+"
            r"(?:gpu\w*|kort\w*|plokst\w*|grafin\w*)",
            lambda m: f"so it needs {_count(m[1])} gpu",
        ),
        (
            r"\b(?:pakeisk|pakeisti|perkelk|nustatyk)\s+(?:(\S+?)\s+)?(?:i|ant|kad\s+naudotu)\s+(\w+)\s+"
            r"(?:gpu\w*|kort\w*|plokst\w*|grafin\w*)",
            lambda m: f"change {_it(m[1] or 'it')} to {_count(m[2])} gpus",
        ),
        (
            r"\b(?:atmint\w*|vram)\s+(?:tegu|tegul|lai)\s+(?:praso|prasytu|ima|naudoja|turi|rezervuoja)\s+"
            r"(\d+(?:\.\d+)?\s*(?:mib|gib|gb|mb)?)"
            r"|\b(?:tegu|tegul|lai)\s+(?:praso|prasytu|ima|naudoja|turi|rezervuoja)\s+"
            r"(\d+(?:\.\d+)?\s*(?:mib|gib|gb|mb)?)\s+(?:atmint\w*|vram)",
            lambda m: f"set its memory to {(m[1] or m[2]).strip()}",
        ),
        (
            r"\b(?:nustatyk|pakeisk|sumazink|padidink|uzdek)\s+(?:(.{1,30}?)\s+)?(?:atmint\w*|vram)\s+"
            r"(?:i\s+|iki\s+|=\s*)?(\d+(?:\.\d+)?\s*(?:mib|gib|gb|mb)?)",
            lambda m: f"set {_whose(m[1])} memory to {m[2]}",
        ),
        (
            r"\b(?:pristabdyk|pristabdyti|sustabdyk|sustabdyti|stabdyk|pause)\s+(?:visa\s+|visos\s+)?"
            r"(?:eile|eiles|queue)\b",
            "pause the whole queue",
        ),
        (
            r"\b(?:(?:vel|is naujo)\s+)?(?:paleisk|paleisti|paleist|leisk|leisti|leist|tesk|testi"
            r"|atnaujink\w*|resume)\s+(?:(?:vel|is naujo|toliau)\s+)?(?:visa\s+)?(?:eile|eiles|queue)\b"
            r"(?:\s+vel\b)?",
            "resume the queue",
        ),
        (
            r"\b(?:paleisk|paleisti|paleist|leisk)\s+(\S+?\s+)?(?:is\s+naujo|dar\s+karta|vel|dar\s+syki)\b",
            _retried,
        ),
        (r"\b(?:perleisk\w*|pakartok\w*|perkrauk\w*|restartuok\w*)\b", "retry"),
        (r"\bband(?:e|ei|em|yta)\s+paleist\w*", "tried to run"),
        (r"\b(?:paleisk\w*|paleisti|paleist|atleisk\w*|atleisti)\b", "release"),
        (r"\bsulaikyt(?:as|a|i|u|os|us)\b", "held"),
        (r"\b(?:sulaikyk\w*|sulaikyti|uzlaikyk\w*)\b", "hold"),
        (r"\b(?:pristabdyk\w*|pristabdyti)\b", "pause"),
        (r"\b(?:tesk|testi|pratesk\w*|atnaujink\w*)\b", "resume"),
        (r"\b(?:atsauk\w*|nutrauk\w*|nuzudyk\w*|uzmusk\w*)\b", "cancel"),
        (r"\b(?:sustabdyk\w*|sustabdyti|stabdyk)\b", "stop"),
        (r"\b(?:istrink\w*|istrinti|pasalink\w*|ismesk\w*)\b", "remove"),
        (
            r"\b(?:sukeisk\w*)\s+(\S+)\s+(?:ir|su)\s+(\S+?)(?:\s+vietomis)?(?=[\s,.!?]|$)",
            r"switch \1 and \2",
        ),
        (r"\b(?:parodyk\w*|rodyk)\b", "show"),
        (r"\b(?:pasakyk\w*|sakyk)\b", "tell me"),
        (r"\bduok\b", "give"),
        (r"\b(?:pakeisk\w*|pakeisti)\b", "change it"),
        (r"\b(?:prasau|prasom|pls|plz)\b", "please"),
        (r"\baciu\b", "thanks"),
        # "gal gali X atsaukti?" (can you cancel X?): the request in English order (:data:`tables.VERB_LAST`)
        (r"^(\W*)(?:gal\s+)?(?:gali|galetum|galit|galite|galetumet)\b", r"\1can you"),
        VERB_LAST,
        (r"\b(?:gali|galetum|galit|galite)\b", "can"),
        # moments: "vakar" (yesterday), "siandien" (today), "ryte/siryt" (this morning), "vakar vakare" (last
        # night), "dabar/siuo metu" (now), "per paskutine valanda" (in the last hour), "pries 10 min" (10
        # minutes ago), "nuo kada" (since when), "tada" (then), "kelinta valanda" (at what time)
        (r"\bvakar\s+ryte\b", "yesterday morning"),
        (r"\bvakar\s+(?:vakare|nakti)\b|\bsianakt\b", "last night"),
        (r"\b(?:siandien\s+)?(?:ryte|siryt|nuo\s+ryto)\b", "this morning"),
        (r"\b(?:siandien\s+)?vakare\b", "this evening"),
        (r"\buzvakar\b", "the day before yesterday"),
        (r"\bvakarykst\w*", "yesterday's"),
        (r"\bvakar\b", "yesterday"),
        (r"\bsiandienos\b|\bsiandienin\w*", "today's"),
        (r"\bsiandien\w*", "today"),
        (r"\b(?:dabar|dabr|dbr|siuo\s+metu|siuo\s+momentu|siuo\s+metu)\b", "now"),
        (r"\b(?:per\s+)?(?:paskutine|paskutini|pastaraja|paskutiniaja)\s+valand\w*", "in the last hour"),
        (r"\b(?:per\s+)?(?:paskutines|paskutinias|pastarasias)\s+(\d+)\s+valand\w*", r"in the last \1 hours"),
        (r"\b(?:per\s+)?(?:paskutines|paskutinias|pastarasias)\s+(\d+)\s+min\w*", r"in the last \1 minutes"),
        (r"\bpries\s+(\d+)\s+min\w*", r"\1 minutes ago"),
        (r"\bpries\s+(\d+)\s+valand\w*", r"\1 hours ago"),
        (r"\bpries\s+valand\w*", "an hour ago"),
        (r"\bgpu[- ]?valand\w*", "GPU-hours"),
        (
            r"\bkelint(?:a|as)\s+valand\w*|\b(?:kuriuo|kokiu)\s+laiku\b|\bkiek\s+valandu(?=\s*\?)",
            "at what time",
        ),
        # a clock time said as an hour with its preposition ("apie 10 valanda": around 10:00), not a count of
        # hours ("10 valandu", "3 valandas")
        (
            r"\b(apie|nuo|iki|po|pries)\s+(\d{1,2})\s*(?:valanda|val\.?)(?!\w)",
            lambda m: f"{_AT_HOUR[m[1].lower()]} {m[2]}:00",
        ),
        (r"\b(\d+)\s+valand\w*", r"\1 hours"),
        (r"\b(\d+)\s+(?:minuciu|minutes|minute|min)\b", r"\1 minutes"),
        (r"\bvaland\w*", "hour"),
        (r"\bpaskutin\w*|\bpastaraj\w*|\bpastarasias\b|\bpastaruos\w*", "last"),
        (r"\bnuo\s+kada\b", "since when"),
        (r"\biki\s+kada\b", "until when"),
        (r"\b(?:tada|tuomet|tuo\s+metu)\b", "then"),
        (r"\bkol\s+kas\b", "for now"),
        # question words: "kiek laiko/kiek ilgai" (how long; "kiek" before a verb of running or waiting too:
        # "kiek bego jobas 8"), "kiek" (how much, how many), "kodel" (why), "kada" (when), "koks/kokia" (what,
        # which), "kuris" (which), "kas" (what), "ka" (what), "ar yra" (is there), "ar" (the yes-no opener)
        (r"\bkiek\s+(?:jau\s+)?(?:laiko|ilgai)\b", "how long"),
        (
            r"\bkiek(?=\s+(?:[\w.-]+\s+){0,3}?(?:bega|bego|pabego|pabegt\w*|begti|sukosi|sukasi|sukas|sukos"
            r"|veike|veikia|dirbo|dirba|lauke|laukia|stovejo|stovi|kabo|kabojo|uztruko|truko|trunka)\b)",
            "how long",
        ),
        (r"\bkiek(?=\s+(?:[\w.-]+\s+){0,3}?(?:kaito|kaista|kaitina)\b)", "how hot"),
        (r"\bkiek\s+kart\w*", "how many times"),
        # its present verb before its subject ("kiek vram naudoja X": how much vram does X use)
        (
            r"\bkiek\s+((?:[\w%]+\s+){0,2}?)(naudoja|uzima|vartoja|suvalgo|traukia)\s+"
            r"(?!dabar\b|siuo\b|ant\b)([\w.-]+)",
            lambda m: f"how much {m[1]}does {m[3]} {'draw' if m[2].lower() == 'traukia' else 'use'}",
        ),
        (r"\bkiek\s+(?:tai|tas|cia)\s+([^?.!,]+)", r"how much \1 is it"),
        (r"\bkiek(?=\s+(?:gpu|job|darb|kort|plokst|proces|procent|%|\d))", "how many"),
        (r"\bkiek\b", "how much"),
        (r"\bkodel\b", "why"),
        (r"\bkada\b", "when"),
        (r"\bkas\s+(?:buvo|nutiko|atsitiko|ivyko)\s+(?:su|su\s+tuo)\b", "what happened with"),
        (r"\bkas\s+(?:nutiko|atsitiko|ivyko)\b", "what happened"),
        (r"\bkas\s+(?:naudoja|uzima|laiko|uzeme)\b", "who uses"),
        (
            r"\bkok(?:s|ia|ie|ios|i|io)\s+(?=(?:job|jobs|darb\w*|kort\w*|plokst\w*|grafin\w*|gpu|proces\w*)\b)",
            "which ",
        ),
        (r"\bkok(?:s|ia|ie|ios)\b(?=\s+(?:\S+\s+)?(?:yra|buvo|bus)\b)", "what"),
        (r"\bkok(?:s|ia|ie|ios)\b", "what is"),
        (r"\b(?:kuris|kuri|kurie|kurios|kurio|kuriam|kuriame|kurioje|kuria|kuriuo|kuriu)\b", "which"),
        (r"^(\W*)ar\s+(?:yra|bus)\s+(?:kokiu|koki|kokia|kokie|kazkokiu)?\b", r"\1are there any"),
        (r"^(\W*)ar\s+buvo\s+(?:kokiu|koki|kokia|kokie|kazkokiu)?\b", r"\1were there any"),
        (r"^(\W*)ar\s+", r"\1"),
        (r"\bkokiu\b", "any"),
        (r"\bko\s+(\S+\s+)?lauk(?:ia|e)\b", lambda m: f"what is {m[1] or ''}waiting for"),
        (r"\b(?:kas|ka)\b", "what"),
        (r"\bkur\b", "where"),
        (r"\bkaip\b", "how"),
        (r"\bkieno\b", "whose"),
        # verbs: "sukas/bega/veikia" (is running), "sukosi/bego/veike" (ran), "stovi/laukia" (is waiting;
        # "idle stovi": is idle), "lauke" (waited), "nuluzo/nukrito" (failed), "pasibaige" (ended),
        # "prasidejo" (started), "suvalge/suede/sunaudojo" (used), "traukia" (draws), "kaito" (was hot),
        # "uzstrigo" (is stuck)
        (r"\b(?:ventiliator\w*|fan(?:as|ai)|ausintuv\w*)\s+(?:sukas|sukasi)\b", "fan speed"),
        (r"\b(?:sukas|sukasi|bega|veikia|dirba|eina)\b", "is running"),
        (r"\b(?:neveikia|nebega|nesisuka)\b", "is not running"),
        (r"\bspejo\s+(?:pa)?beg\w*|\b(?:sukosi|sukos|bego|pabego|veike|dirbo|ejo)\b", "ran"),
        (r"\b(?:pabegt\w*|begti|veikti)\b", "run"),
        (r"\b(?:stovi|laukia|kabo|kabojo)\b", "is waiting"),
        (r"\b(?:lauke|stovejo)\b", "waited"),
        (r"\blaukti\b", "wait"),
        (r"\b(?:uzstrigo|istrigo|pakibo|uzluzo|uzkibo)\b", "is stuck"),
        (r"\b(?:nuluzo|luzo|nukrito|numire|sprogo|nugriuvo|nepavyko)\b", "failed"),
        (r"\bpavyko\b", "succeeded"),
        (r"\b(?:pasibaige|baigesi|pabaige|uzsibaige|baige)\b", "ended"),
        (r"\b(?:prasidejo|pradejo|pasileido)\b", "started"),
        (r"\bprasideda\b", "starts"),
        (r"\b(?:nepasileidzia|neprasideda)\b", "does not start"),
        (r"\b(?:suvalge|suede|sunaudojo|naudojo|suvartojo|isnaudojo|sudegino|uzeme)\b", "used"),
        (r"\bvyko\b", "ran"),
        (r"\b(?:naudoja|vartoja|suvalgo|uzima)\b", "uses"),
        (r"\buzimt(?:a|as|os|i)\b", "used"),
        (r"\btraukia\b", "draws"),
        (r"\btrauke\b", "drew"),
        (r"\bkaito\b", "was hot"),
        (r"\bkaista\b", "is hot"),
        (r"\blabai\b", "very"),  # ("ar gpu 1 labai karsta?": very hot)
        (r"\bkarst(?:a|as|i|os)\b", "hot"),
        (r"\bband(?:e|ei|em|yta)\b", "tried"),
        (r"\b(?:parase|rase)\b", "wrote"),
        (r"\braso\b", "writes"),
        (r"\bgavo\b", "got"),
        (r"\b(?:nutiko|atsitiko|ivyko)\b", "happened"),
        (r"\b(?:uztruko|truko)\b", "took"),
        (r"\b(?:nebereikia|nereikia)(?:\s+(?:jo|jos|ju|to))?\b", "not needed anymore"),
        (r"\b(?:reikia|reik)\b", "need"),
        (r"\batrodo\b", "seems"),
        (r"\byra\b", "is"),
        (r"\bbuvo\b", "was"),
        (r"\bbus\b", "will be"),
        (r"\bnera\b", "is not"),
        # readings and things in their cases
        (r"\btemperatur\w*", "temperature"),
        (r"\b(\d+)\s+laipsn\w*", r"\1 degrees"),
        (r"\blaipsn\w*", "degrees"),
        (r"\blaisvos\s+atmint\w*", "free memory"),
        (r"\batmint\w*", "memory"),
        (r"\b(?:galios|galia)\s+limit\w*", "power limit"),
        (r"\b(?:galia|galios|galingum\w*)\b", "power"),
        (r"\benerg(?:ij|j)\w*", "energy"),
        (r"\b(?:apkrov\w*|uzimtum\w*|panaudojim\w*)", "utilization"),
        (r"\b(?:ventiliator\w*|fan(?:as|o|ai|a|ui)|ausintuv\w*)\b", "fan"),
        (r"\bclock(?:as|o|ai|us|a)\b|\bdazn\w*", "clock"),
        (r"\bvidutiniskai\b", "on average"),
        (r"\b(?:vidutin\w*|vidurk\w*)", "average"),
        (r"\b(?:didziaus\w*|maksimal\w*)", "max"),
        (r"\b(?:maziaus\w*|minimal\w*)", "min"),
        (r"\bpik(?:as|o|a)\b", "peak"),
        (r"\bkarsciaus\w*", "hottest"),
        (r"\b(?:saltiaus\w*|vesiaus\w*)", "coolest"),
        (r"\b(?:labiausiai\s+apkraut\w*|apkrautiaus\w*)", "busiest"),
        (r"\blaisviaus\w*", "freest"),
        (r"\blaisv(?:a|as|os|i|u)\b", "free"),
        (r"\bproces(?:as|ai|u|us|o)\b", "processes"),
        (r"\blog(?:as|a|e|o|ai|us|u)\b", "the log"),
        (r"\bklaid\w*", "error"),
        (r"\bper\s+visus\s+bandym\w*", "across all attempts"),
        (r"\bbandym(?:ai|us|u|uose)\b", "attempts"),
        (r"\bbandym\w*", "attempt"),
        (r"\bis\s+viso\b", "in total"),
        (r"\bilgiaus\w*", "the longest"),
        (r"\btrumpiaus\w*", "the shortest"),
        (r"\bdaugiaus\w*", "the most"),
        (r"\bgreit(?:is|i|io)\b", "speed"),
        (r"\bprocent\w*", "percent"),
        (r"\bapkraut(?:a|as|os|i)\b", "utilized"),
        (r"\beilut\w*", "lines"),
        (r"\b(?:abi|abieju|abiem|abu)\b", "both"),
        (r"\bturi\b", "has"),
        (r"\bsantrauk\w*", "a summary"),
        (r"\b(?:serveryje|serveryj|serveri|servery)\b", "on the server"),
        (r"\bserveris\b", "the server"),
        (r"\b(?:draiver|driver)(?:is|io|i|iai)\b", "the driver"),
        (r"\b(?:vienos|viena|vieno|vienu|vienai)\s+(?=kort|plokst|grafin|gpu)", "one "),
        (r"\b(?:dvieju|dvi|du|dviem)\s+(?=kort|plokst|grafin|gpu)", "two "),
        (r"\b(?:plokst\w*|kort(?:a|os|oje|ai|u|e|as)|grafin\w*)", "card"),
        (r"\beil(?:e|es|ei|ese)\b", "the queue"),
        # pronouns and the small words
        (r"\b(?:ji|jis|jo|jam|jai|ja|tai|ta|tas|tam|sita|sitas)\b(?=\s*(?:[?.!,]|$))", "it"),
        (r"^(\W*)tai\b", r"\1so"),
        (r"\b(?:jo|jos)\b(?=\s+\w)", "its"),
        (r"\b(?:ji|jis|jam|jai|ja|tai|sita|sitas)\b", "it"),
        (r"\b(?:ta|tas|tam|to)\b(?=\s+(?:job|card|gpu))", "that"),
        (r"^(\W*)o\b", r"\1and"),
        (r"\b(?:irgi|taip\s+pat)\b", "too"),
        (r"\bir\b", "and"),
        (r"\bbet\b", "but"),
        (r"\bar\b", "or"),
        (r"(?<![\w-])ant(?![\w-])", "on"),
        (r"\bsu\b", "with"),
        (r"\bnuo\b", "since"),
        (r"\b(?:iki|kol)\b", "until"),
        (r"\bpo\b", "after"),
        (r"\bpries\b", "before"),
        (r"\b(?:is\s+naujo|vel|dar\s+karta)\b", "again"),
        (r"\bvis\s+dar\b", "still"),
        (r"\bkad\b", "so that"),
        (r"\b(?:visa|visus|visi|visos|visas|visa)\b", "all"),
        (r"\bviskas\b", "that's all"),
        (r"\b(?:nieko|niekas)\b", "nothing"),
        (r"\bnaujo\b", "new"),
        (r"\b(?:kazkas|kazka)\b", "something"),
        (r"\bmano\b", "my"),
        (r"\bman\b", "me"),
        (r"\btik\b", "only"),
        (r"\b(?:jau|dar|gi|na|nu)\b", ""),
        (r"^\s*ne\b|\bne\b(?=\s*[,.!])", "no"),
        # last: a word read as nothing leaves no space before a stop or a comma
        (r"[ \t]+(?=[?.!,])", ""),
    )
)


def lithuanian_marked(text: str) -> bool:
    """Whether ``text`` shows Lithuanian's marks (:data:`_MARK`), with or without its diacritics, and no
    letter of another language's (:data:`_NOT_LITHUANIAN`)."""
    return marked_unaccented(text.lower(), _MARK, _UNACCENTED, _NOT_LITHUANIAN)


def lithuanian(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Lithuanian (:data:`_MARK`): its letters without their
    diacritics, then its phrases and words (:data:`_TABLE`); else as it was."""
    return read_unaccented(text, lean, "lithuanian", lithuanian_marked, _UNACCENTED, _TABLE)
