"""Persian read in English: as Tehran types it on a chat, in Latin letters ("Finglish": "dama-ye gpu 0 alan
chande?", "job 5 chera fail shod?", "job 12 ro hold kon lotfan") or in its own script ("مصرف برق دیروز
چقدر بود؟"), with the trade's English words mixed in, where the message has marks of its own. A writer
spells its words as they sound, no two alike ("kh" or "x": "khord"/"xord"; "gh" or "q": "cheghadr"/
"cheqadr"; "oo", "u" or "ou": "emrooz"/"emruz"; vowels dropped: "chqdr"), so each word is read in all its
spellings. Persian puts its verb last and its question word before it ("X chand bud": how much was X),
marks a request's object with "ro" ("job 12 ro hold kon": hold job 12), says a request with "kon" (do)
after an English verb ("pause-esh kon": pause it), joins "its" to a noun ("limitesh", "log-esh",
"memory-sh") and links a noun to what it is of with "-e"/"-ye" (its ezafe: "power-e H100", "dama-ye gpu
0"). Its short words are others' ("chi" and "che" Italian's who and what, "va" Italian's goes, "az"
Hungarian's the, "ta" Nepali's particle, "mersi" Romanian's thanks, "alan" Turkish's field, "bud", "sob",
"too", "be" English's), so none marks a message as Persian alone; in a conversation read in Persian they do
("va 4090 chi?": and the 4090?). It is read before every other language, so no other table sees its
words."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import (
    REQUEST_VERBS,
    Lean,
    carried,
    compiled,
    past_form,
    reads,
    translated,
)

# Persian's script as Latin letters: its digits, its question mark and comma, the joiner inside a word
# ("می‌شه"), Arabic's forms of its letters, and its words as a Finglish writer spells them (a word with
# "its" joined, "وضعیتش", read as the word and "-esh"); a word not here is left as it was
_SCRIPT_LETTERS = str.maketrans(
    {
        **{chr(0x06F0 + d): str(d) for d in range(10)},
        **{chr(0x0660 + d): str(d) for d in range(10)},
        "؟": "?", "،": ",", "؛": ";", "\u200c": "", "ي": "ی", "ك": "ک", "ة": "ه",
    }
)  # fmt: skip
_SCRIPT_WORDS = {
    "امروز": "emruz", "دیروز": "diruz", "پریروز": "pariruz", "فردا": "farda", "الان": "alan", "الآن": "alan",
    "حالا": "hala", "دیشب": "dishab", "امشب": "emshab", "صبح": "sob", "ظهر": "zohr", "عصر": "asr",
    "شب": "shab", "چقدر": "cheqadr", "چقد": "cheqad", "چند": "chand", "چنده": "chande", "چرا": "chera",
    "چی": "chi", "چیه": "chiye", "چه": "che", "کی": "kei", "کجا": "koja", "کدوم": "kodum", "کدام": "kodum",
    "چطور": "chetor", "چطوره": "chetore", "بود": "bud", "بوده": "bude", "بودن": "budan", "شد": "shod",
    "شده": "shode", "شدن": "shodan", "هست": "hast", "است": "ast", "نیست": "nist", "میشه": "mishe",
    "نمیشه": "nemishe", "کرد": "kard", "کرده": "karde", "کن": "kon", "بکن": "bokon", "کنید": "konid",
    "بده": "bede", "بگو": "begoo", "نشون": "neshun", "نشان": "neshun", "مصرف": "masraf", "برق": "barq",
    "دما": "dama", "دمای": "dama-ye", "توان": "tavan", "انرژی": "energy", "حافظه": "hafeze",
    "میانگین": "miangin", "متوسط": "motevaset", "حداکثر": "hadeaksar", "حداقل": "hadeaghal",
    "درصد": "darsad", "وضعیت": "vaziyat", "نتیجه": "natije", "خروجی": "khoruji", "لاگ": "log", "جاب": "job",
    "کارت": "kart", "گرافیک": "grafik", "لطفا": "lotfan", "لطفاً": "lotfan", "ممنون": "mamnun",
    "مرسی": "mersi", "سلام": "salam", "ببخشید": "bebakhshid", "منظورم": "manzooram", "رو": "ro", "را": "ro",
    "از": "az", "تا": "ta", "با": "ba", "به": "be", "و": "va", "یا": "ya", "که": "ke", "اون": "oon",
    "آن": "oon", "روی": "ru", "تو": "too", "توی": "too", "همه": "hame", "کل": "kolle", "کلا": "kollan",
    "دوباره": "dobare", "هنوز": "hanuz", "دیگه": "dige", "ساعت": "saat", "دقیقه": "daqiqe", "آخر": "akhar",
    "آخرین": "akharin", "اخیر": "akhir", "مصرفش": "masraf-esh", "کار": "kar", "میکنه": "mikone",
    "استفاده": "estefade", "منتظر": "montazer", "طول": "tool", "کشید": "keshid", "خورد": "khord",
    "خورده": "khorde", "کنسل": "cancel", "متوقف": "motevaghef", "داغ": "dagh", "بیکار": "bikar",
    "آزاد": "azad", "خالی": "khali", "مشغول": "mashghul",
}  # fmt: skip
_SCRIPT_WORD = re.compile(r"[\u0600-\u06ff]+")
# a letter of Persian's own (پ چ ژ گ, which Arabic has not), or a word of its table: a message in its script
_SCRIPT_MARK = re.compile(r"[پچژگ]")

# its spellings: "kh" or "x", "gh" or "q" (or "g"), "oo", "ou" or "u", "ee" or "i", a vowel dropped
_KH = r"(?:kh|x)"
_GH = r"(?:gh|q)"
_U = r"(?:oo|ou|u)"
_HOW_MUCH = rf"(?:ch(?:e|i)?(?:{_GH}|g)a?dd?r?)"  # "cheqadr", "cheghadr", "cheqad", "chqadr", "chqdr"
_TODAY = rf"(?:emr{_U}z|emroz)"
_YESTERDAY = rf"(?:d(?:i|ee)r{_U}z|diroz)"
_DAY_BEFORE = rf"(?:par(?:i|ee)r{_U}z|pariroz)"
_WHICH = r"(?:k[ou]d[ou]{1,2}m|kodam|kudum)"
_SHOW = rf"(?:nesh{_U}n|neshoon|nshun|nshoon|nishun)\s+(?:bede|bedeh|bde|bedid|bedin)"
_SORRY = r"(?:bebakhshid|bebakhshin|bebaxshid|bebaxshin|bbkhshid|bebakhsh|bebaxsh)"
_MEANT = rf"(?:manz{_U}ram|manzuram|manzooram|manzoram)"
_AGAIN = rf"(?:dobare|dobar|d{_U}bare|dbare)"
# do (it), as a request's verb said last; "bezar" (leave it: "roshan bezar", leave it on)
_DO = r"(?:kon|bokon|konid|bokonid|konin|bokonin|kn|koni|konam|bezar|bezaram|bezarid|bezarin)"

# the trade's nouns that Persian's plural ending and "its" are joined to ("gpu ha", "limitesh", "logesh")
_NOUNS = (
    r"gpu|job|card|kart|process|retry|attempt|log|element|file|node|task|error|run|sweep|model|user"
    r"|limit|memory|power|energy|temp|util|max|min|peak|fan|clock|lr|output|status|queue|driver"
)
# the nouns of Persian that "its" is joined to without a hyphen ("damash", "khorujish", "vaziyatesh")
_OWN_ITS = r"dama|khoruji|xoruji|vaziyat|vazeiat|natij|miangin|motevaset|masraf"
# Persian's own words, none an English word nor another language's ("chi", "che", "va", "az", "ta", "be",
# "ro", "ke", "ye", "bud", "shod", "kon", "alan", "dama", "hala", "mersi" are others' or English's, read
# only beside one of these or in a conversation read in Persian): question words, days, its verbs said
# with the trade's English ("fail shod", "hold kon"), its nouns, "its" joined to an English word with a
# hyphen ("log-esh", "memory-sh"), and its ezafe "-ye"
_MARK = re.compile(
    rf"\b(?:{_HOW_MUCH}e?|chande|chandta|chera|chiye|chie|chetore?|chejoori|{_WHICH}|{_TODAY}"
    rf"|{_YESTERDAY}|{_DAY_BEFORE}|dishab|emshab|lotfan|lotfn|lutfan|{_SORRY}|{_MEANT}|{_SHOW}|begoo|begu"
    r"|mamnun|mamnoon|motevaset|motavaset|motevasset|miangin|hadeaksar|hadde\s+aksar|hadeaghal|darsade?"
    rf"|masraf|estefade|montazer|tam{_U}m|khoruji\w*|xoruji\w*|natije-?ye|natijash|vaziyat\w*|vazeiat\w*"
    r"|bikar|oftade"
    rf"|keshid|mizad|khabid|xabid|{_KH}ord|{_KH}orde|mi{_KH}ore|mikeshe|mishe|mishan|nemishe|daran|mikone"
    rf"|hanuz|hanooz|akharin|kollan|kolan|{_AGAIN}|lahze|bendaz|bezan|bezaram|mikham|bebinam|lazem\s+nist"
    rf"|shodan|shode|{_GH}abl\s+az|baad\s+az|saat-e|daqiqe|daghighe|be\s+tore|gheymat\w*|qeymat\w*"
    r"|damash|damaye|dama-ye|roosh|hameye|hame-ye|akhe|dige|az\s+kei|dare\s+mire|daran\s+miran|chand\s+ta"
    r"|daghtar\w*|garmtar\w*|che\s+kasi|motevaghef|jabeja|ejra|dar\s*biy?ar|olaviy?at|mige|migan|talash"
    r"|chand\s+(?:daraje|darsad|bar|dafe|saat)|dagh-?e|(?:too|tu)\s+saf"
    r"|(?:sh[ou]r[ou]{1,2})\s+(?:shod|kard|mishe)"
    # a request's object marked with "ro" before its verb "kon" ("sd-xl-train ro motevaghef kon")
    r"|(?:ro|ra)\s+(?:[\w.-]+\s+){0,2}(?:kon|bokon|konid|bokonid|kn|koni)"
    # a verb of Persian said after the trade's English one ("fail shod", "hold kon", "masraf karde")
    rf"|(?:{REQUEST_VERBS}|fail|crash|run|start|finish|edit|update|check|chek)(?:-?e?sh)?\s+(?:shod|{_DO})"
    rf"|[a-z][\w.]*-(?:e|a)?sh|(?:{_NOUNS}|{_OWN_ITS})(?:esh|ash)|[a-z][\w.]*-ye)\b",
    re.I,
)
# the words Persian shares with others, a mark only in a conversation read in Persian ("va 4090 chi?",
# "4090 chi", "ru gpu 1 chi")
_SHARED = re.compile(
    r"\b(?:chi|che|chand|va|ru|roo|ro|bud|shod|kon|kei|alan|hala|oon|mersi|dama|ye|ba|az|ta|koja|natije"
    r"|sorry)\b"
    r"|-e\b",
    re.I,
)

# what a request acts on, said before "ro" (its object's mark): a job by its number or name, the queue, a
# noun of up to three words ("driver-e nvidia"), never a word that opens the clause ("ok", "pas": then)
_LEAD = r"(?:ok|okay|oki|khob|pas|hala|alan|lotfan|are|aare|na|thanks|hi|mersi|then|now|please|can|you)"
_THING = rf"(?:(?!{_LEAD}\b)[\w.#'-]+\s+){{0,2}}(?!{_LEAD}\b)[\w.#'-]+"
_ADVERB = rf"(?:{_AGAIN}|ye\s+lahze|lotfan|hala|alan|fe?lan|zood|zud|sari|sarie)"
# a request's verb said last: the trade's English verb and "kon" (do), or Persian's own; "its" joined to
# the English verb ("retrysh", "pause-esh") is "it" (not the end of a verb that ends so: "finish", "refresh")
_VERB = (
    rf"(?:(?P<en>(?:{REQUEST_VERBS}|edit|update|check)(?=(?:e|a)?sh\b)|[a-z][a-z-]*?(?=-(?:e|a)?sh\b)"
    rf"|[a-z][a-z-]*)(?P<it>-?(?:e|a)?sh)?\s+{_DO}|(?P<show>{_SHOW})|(?P<tell>begoo|begu|bego)"
    rf"|(?P<again>{_AGAIN}\s+(?:bezan(?:id|in|i)?|(?:ejra|run)\s+{_DO})))"
)
# Persian's verbs said with "shod" or "kard" (it became, it did), by their English ("talash kard": tried)
_PERSIAN_VERBS = {"ejra": "run", "talash": "try", "shoroo": "start", "shuru": "start", "shoru": "start"}
# a job's settings as Persian says them ("olaviat": priority)
_SETTING = {"olaviat": "priority", "olaviyat": "priority", "prio": "priority", "mem": "memory"}
# an amount a threshold says ("80 daraje": 80 degrees), and the units and nouns "chand" counts ("chand kWh":
# how many kWh, "chand images/s")
_AMOUNT = r"\d+(?:\s*(?:daraje|darsad|%|w|watt|°c))?"
_COUNTED = r"kwh|wh|w\b|watt|gpu|job|images|process|mib|gib|mb|gb|mhz|daraje|degree|\d|[a-z]+/s"
# Persian's own words said before "kon" (do), by their English verb ("roshan kon": turn it on)
_DONE = {
    "roshan": "turn on", "khamush": "turn off", "khamoosh": "turn off", "pak": "delete", "motevaghef": "stop",
    "negah": "look at", "chek": "check", "ejra": "run", "taghir": "change", "avaz": "change", "sabr": "wait",
}  # fmt: skip


def _verb(m: re.Match[str]) -> str:
    """The English verb of a request's verb said last (:data:`_VERB`)."""
    if m["show"]:
        return "show"
    if m["tell"]:
        return "tell me"
    if m["again"]:
        return "retry"
    return _DONE.get(m["en"].lower(), m["en"].lower())


def _adverbs(said: str | None) -> str:
    """What a request's adverbs said before its verb add after it: "again" ("dobare"), "for a moment" ("ye
    lahze"), "please" ("lotfan")."""
    said = (said or "").lower()
    after = " again" if re.search(_AGAIN, said) else ""
    after += " for a moment" if "lahze" in said else ""
    after += " now" if re.search(r"\b(?:alan|hala)\b", said) else ""
    return after + (" please" if "lotfan" in said else "")


def _requested(m: re.Match[str]) -> str:
    """ "job 12 ro hold kon" (hold job 12), "log-esh ro neshun bede" (show its log), "cancel kon X ro"
    (cancel X), "dobare retry-sh kon" (retry it again): the verb said last is put first, with what it acts
    on ("it" where "-esh" says it or nothing does)."""
    thing, verb = m["thing"], _verb(m)
    if not thing:
        asked = m["en"] is not None and re.fullmatch(REQUEST_VERBS, verb) is not None
        thing = "it" if m["it"] or asked or m["again"] else ""
    return f"{verb} {thing}".strip() + _adverbs(m["adverbs"])


def _setting(m: re.Match[str]) -> str:
    """ "priority-e job 12 ro 5 kon" (make job 12's priority 5): the setting's change as English asks it."""
    what = m["what"].lower()
    return f"set the {_SETTING.get(what, what)} of {m['job'] or 'it'} to {m['value']}"


def _plural(m: re.Match[str]) -> str:
    """A noun of the trade and Persian's plural ending ("gpu ha", "retry ha", "process hayi"): its English
    plural."""
    noun = m[1]
    if noun.lower().endswith("y") and noun[-2:-1].lower() not in "aeiou":
        return noun[:-1] + "ies"
    return noun + ("es" if noun.lower().endswith(("s", "sh", "ch", "x")) else "s")


# Persian's nouns of readings, by their English
_READINGS = (
    (r"\bdamaye\b", "temperature of"),
    (r"\bdama\b", "temperature"),
    (r"\b(?:tavan|qodrat|ghodrat)\b", "power"),
    (r"\bbar[qgk]h?\b", "electricity"),
    (r"\b(?:hafeze|hafeze-ye)\b", "memory"),
    (r"\b(?:miangin|motevaset|motavaset|motevasset)\b", "average"),
    (r"\b(?:hadeaksar|hadaksar|hadde\s+aksar)\b", "max"),
    (r"\b(?:hadeaghal|hadaghal|hadde\s+aghal)\b", "min"),
    (r"\bbishtarin\b", "the most"),
    (r"\bkamtarin\b", "the least"),
    (r"\bdarsad\b", "percent"),
    (r"\b(?:natije|natija)\b", "result"),
    (r"\b(?:khoruji|xoruji|khuruji)\b", "output"),
    (r"\b(?:vaziyat|vazeiat|vaziat)\b", "status"),
    (r"\b(?:masraf|estefade)\b", "use"),
    (r"\bkart(?:-e)?\s+grafik\w*|\bkart\b", "card"),
    (r"\bhava\b", "weather"),
    (r"\b(?:gheymat|qeymat|gheimat|qeimat)\b", "price"),
    (r"\bbazar\b", "market"),
    (r"\bbaze\b", "span"),
    (r"\bdaraje\b", "degrees"),
)


def _its(m: re.Match[str]) -> str:
    """A noun with "its" joined ("limitesh", "log-esh", "damash"): "its" and the noun, read as English."""
    noun = translated(m[1], _NOUN_TABLE)
    return f"its {noun}"


# a noun "its" is joined to, read alone ("natij" of "natijash": its result)
_NOUN_TABLE = compiled((*_READINGS, (r"^natij$", "result")))

_TABLE = compiled(
    (
        # plurals: "gpu ha" (the GPUs), "retry ha", "process hayi" (processes that), "job haye" (jobs of)
        (rf"\b({_NOUNS})(?:\s+|-)?ha(?:ye|yi|ie|i)?\b", _plural),
        # the speaker's asides and particles: "salam" (hi), "dadash"/"agha" (bro, sir), "akhe" (but),
        # "dige" closing a clause, "ha" closing one, "khob" (well)
        (r"^\W*(?:salam|slm|dorood|dorud)\b\W*", "hi, "),
        (r"\b(?:dadash|dadasham|agha|bro)\b,?", ""),
        (r"\s*\b(?:akhe|dg)\b", ""),
        (r"\bdige\s+lazem\s+nist\b", "no longer needed"),
        (r"\blazem\s+nist\b", "not needed"),
        (r"\s*\bdige\b(?=\s*(?:[?!.,;]|$))", ""),
        (r"\bdige\s*,", ","),
        (r"\s*\bha\b(?=\s*(?:[?!.,;]|$))", ""),
        (r"^\W*khob\b", "ok"),
        (r"\b(?:mersi|merci|mamnun|mamnoon|mamnun(?:am)?|sepas|tashakor)\b", "thanks"),
        # a correction: "na bebakhshid, 13 manzooram bud" (no, sorry, I meant 13), "manzooram job 13-e"
        (rf"^\W*na\b(?=\W+(?:{_SORRY}|sorry|{_MEANT}|\d|job))", "no"),
        (rf"\b{_SORRY}\b", "sorry"),
        (
            rf"\b((?:job\s+)?#?[\w.-]+)\s+{_MEANT}\s+(?:bud|bood|e|eh|ast|hast)\b",
            r"I meant \1",
        ),
        (rf"\b{_MEANT}\s+((?:job\s+)?#?[\w.-]+?)(?:-?e|\s+(?:bud|bood|e|eh|ast|hast))?\b", r"I meant \1"),
        # the whole queue, all of them: "kolle queue" (the whole queue), "hame-ye retry ha" (all the retries)
        (r"\b(?:kolle|kole|koll|tamam-e|tamame)\s+(?:-?e\s+)?queue\b", "the whole queue"),
        (r"\bhame(?:-?ye)?\b", "all"),
        # "-ro" joined to its object ("log-esh-ro"); "ke" opening what a request should do ("edit-esh kon ke
        # ba 1 gpu bere": edit it so that it runs with 1 GPU)
        (r"-(?:ro|ra)\b", " ro"),
        (r"\bke\s+(ba\s+\d+\s+gpus?)\s+(?:bere|ejra\s+beshe|run\s+beshe|bashe)\b", r"so that it runs \1"),
        # a request asked of the assistant: "mitooni X ro Y koni?" (can you Y X?)
        (
            r"^\W*(?:mitooni|mituni|mitoni|mitunid|mitoonid|mishe)\s+"
            r"(?=.*\b(?:koni|konid|konin|bezani|bedi)\b)",
            "can you ",
        ),
        # a job's setting said with its new value: "priority-e job 12 ro 5 kon" (set job 12's priority to 5),
        # "memory-sh ro be 30000 MiB taghir bede" (change its memory to 30000 MiB); a job run on fewer GPUs
        # ("job 13 ro ba 1 gpu ejra kon": change job 13 to use 1 GPU); two jobs swapped ("job 12 ro ba 13
        # jabeja kon"); a job taken off hold ("az hold dar biar": release it)
        (
            r"\b(?P<what>priority|prio|olaviy?at|memory|mem|gpus?)(?:-?e?sh|-?e)?\s+"
            r"(?:(?P<job>job\s+\d+|[a-z][\w.]*-[\w.-]+)\s+)?(?:ro|ra)\s+(?:be\s+)?"
            r"(?P<value>\d+(?:\s*(?:mib|gib|gb|mb))?)\s+(?:kon|bokon|konid|bezar|taghir\s+bede|avaz\s+kon)\b",
            _setting,
        ),
        (
            rf"(?<![\w-])(?P<thing>{_THING})\s+ro\s+ba\s+(?P<n>\d+)\s+(?P<gpus>gpus?)\s+"
            rf"(?:ejra|run|start)\s+{_DO}\b",
            lambda m: f"change {m['thing']} to use {m['n']} {m['gpus']}",
        ),
        (
            rf"(?<![\w-])(?P<a>{_THING})\s+ro\s+ba\s+(?P<b>[\w.#-]+(?:\s+\d+)?)\s+"
            rf"(?:jabeja|javaja|ja\s+be\s+ja|swap)\s+{_DO}\b",
            r"switch \g<a> and \g<b>",
        ),
        (r"\baz\s+hold\s+(?:dar\s*biar|dar\s*biyar|bardar|kharej\s+kon)\b", "release it"),
        # a threshold: "az 80 daraje bishtar" (above 80 degrees), "az 100 W kamtar" (below 100 W)
        (rf"\baz\s+({_AMOUNT})\s+(?:bishtar|balatar|bala\s*tar|ziy?adtar)\b", r"above \1"),
        (rf"\baz\s+({_AMOUNT})\s+(?:kamtar|paeentar|payi?ntar|paiintar)\b", r"below \1"),
        # requests: the verb said last put first, what it acts on said before "ro" ("job 12 ro hold kon"),
        # or after the verb ("cancel kon X ro"), or joined as "-esh" ("pause-esh kon"); "dobare bezan" (run
        # it again), "neshun bede" (show), "begoo" (tell)
        (
            rf"(?<![\w-])(?P<thing>{_THING})\s+ro\s+(?P<adverbs>(?:{_ADVERB}\s+)*){_VERB}\b",
            _requested,
        ),
        (
            rf"(?<![\w-])(?P<adverbs>(?:{_ADVERB}\s+)*){_VERB}\b(?:\s+(?P<thing>{_THING})\s+ro\b)?",
            _requested,
        ),
        # how long, how much: "cheqadr tool keshid" (how long did it take), "chand vaght" (how long), "chqadr
        # montazer mund" (how long did it wait), "chqadr run shod" (how long did it run)
        (
            rf"\b(?:{_HOW_MUCH}|chand)\s+(?:va[gqk]h?t|zaman)?\s*t[ou]{{1,2}}l\s+(?:keshid|kashid)\b",
            "how long did it take",
        ),
        (r"\bt[ou]{1,2}l\s+(?:keshid|kashid)\b", "took"),
        (
            rf"\b(?:{_HOW_MUCH}|chand)\s+(?:va[gqk]h?t\s+)?montazer\s+(?:m[ou]{{1,2}}nd|mande)\b",
            "how long did it wait",
        ),
        (r"\bmontazer\s+(?:m[ou]{1,2}nd|mande)\b", "waited"),
        (r"\bmontazer(?:-?e|\s+(?:hast|ast))?\b", "waiting"),
        (
            rf"\b(?:{_HOW_MUCH}|chand\s+va[gqk]h?t)\s+(?:run|ejra|kar)\s+(?:shod|kard)\b",
            "how long did it run",
        ),
        (r"\bchand\s+va[gqk]h?t\b", "how long"),
        (r"\bche\s+va[gqk]h?t\b", "when"),
        (r"\bchand\s+(?:saat|sa'at)\b(?!-)", "how many hours"),
        (r"\bchand\s+(?:bar|dafe|daf'e|martabe)\b", "how many times"),
        (r"\bchand\s+ta\b", "how many"),
        (r"\bchand\s+darsade?\b", "how many percent"),
        (r"\bchande\b", "how much is it"),
        (rf"\bchand(?=\s+(?:{_COUNTED}))", "how many"),
        (rf"\b{_HOW_MUCH}e\b", "how much is it"),
        (rf"\b(?:{_HOW_MUCH}|chand)\b", "how much"),
        # when, since when, where, which, why, what, how, who
        (
            r"\b(?:kei|key)\s+(?:start|ejra|run|sh[ou]r[ou]{1,2})\s+mish(?:e|an)\b",
            "when will it start",
        ),
        (r"\baz\s+(?:kei|key|ki)\b", "since when"),
        (r"\b(?:kei|key)\b(?=\s*(?:[?!.,;]|$))", "when"),
        (r"\bkei\b|(?<!api )(?<!ssh )(?<!the )(?<!a )\bkey\b", "when"),
        (r"\bk[ou]ja\b", "where"),
        (rf"\b{_WHICH}\b", "which"),
        (r"\bchera\b|\bchra\b", "why"),
        (r"\bchetore\b", "how is it"),
        (r"\b(?:chetor|chejoori|chejori)\b", "how"),
        (r"\b(?:chiye|chie|chiyeh)\b", "what is it"),
        (r"\bchi\s+shod\b", "what happened"),
        (r"\bchi\s+(?:bud|bood)\b", "what was it"),
        (r"\bche\s+kasi\b", "who"),
        (r"\bche\s+(?=[\w-]+\s+(?:hayi|haye|ha)\b|job|process|gpu|card|kart|saat)", "which "),
        (r"\b(?:chi|che)\b", "what"),
        (r"\bki\b", "who"),
        (r"\bkasi\b", "anyone"),
        (r"\bsaf\b", "the queue"),
        # days and parts of the day: "emruz sob" (this morning), "diruz" (yesterday), "dishab" (last night),
        # "az 9 ta 11" (from 9 to 11), "ta alan" (so far), "ta shab" (until tonight), "too ye saat-e akhir"
        # (in the last hour), "2 saat-e akhir" (the last 2 hours)
        (rf"\b{_TODAY}\s+(?:sob|sobh)\b", "this morning"),
        (rf"\b{_TODAY}\s+(?:asr|ba'?d\s*az\s*zohr|badazohr|badazzohr)\b", "this afternoon"),
        (rf"\b{_YESTERDAY}\s+(?:sob|sobh)\b", "yesterday morning"),
        (rf"\b{_YESTERDAY}\s+(?:asr|ba'?d\s*az\s*zohr|badazohr|badazzohr)\b", "yesterday afternoon"),
        (rf"\b(?:{_YESTERDAY}\s+shab|dishab)\b", "last night"),
        (r"\bemshab\b", "tonight"),
        (rf"\b{_DAY_BEFORE}\b", "the day before yesterday"),
        (rf"\b{_TODAY}\b", "today"),
        (rf"\b{_YESTERDAY}\b", "yesterday"),
        (r"\bfarda\b", "tomorrow"),
        (r"\b(?:ba'?d\s*az\s*zohr|badazohr|badazzohr)\b", "this afternoon"),
        (r"\b(?:sob|sobh)(?=\s+(?:az|saat|\d))|\bsobh\b", "this morning"),
        (
            r"\baz\s+(?:saat\s+)?(\d{1,2}(?::\d\d)?)\s+ta\s+(?:saat\s+)?(\d{1,2}(?::\d\d)?)\b",
            r"from \1 to \2",
        ),
        (r"\bta\s+(?:alan|hala|alaan)\b", "so far"),
        (r"\bta\s+shab\b", "until tonight"),
        (r"\b(?:too|tu|dar)\s+(?:ye|yek|1)\s+saat(?:-?e)?\s+(?:akhir|akhar|gozashte)\b", "in the last hour"),
        (r"\b(?:ye|yek|1)\s+saat(?:-?e)?\s+(?:akhir|akhar|gozashte)\b", "the last hour"),
        (r"\b(\d+)\s+saat(?:-?e)?\s+(?:akhir|akhar|gozashte)\b", r"the last \1 hours"),
        (r"\b(\d+)\s+da[qg]h?i[qg]h?e(?:-?ye)?\s+(?:akhir|akhar|gozashte)\b", r"the last \1 minutes"),
        (r"\bhafte(?:-?ye)?\s+(?:gozashte|pish)\b", "last week"),
        (r"\b(\d+)\s+saat\s+pish\b", r"\1 hours ago"),
        (r"\b(\d+)\s+da[qg]h?i[qg]h?e\s+pish\b", r"\1 minutes ago"),
        (r"\b(\d+)\s+saat\b(?!-)", r"\1 hours"),
        (r"\b(\d+)\s+da[qg]h?i[qg]h?e\b", r"\1 minutes"),
        (r"\b(?:alan|alaan|hala|haala|fe?lan)\b", "now"),
        (r"\bshab\b", "tonight"),
        (r"\bhan[ou]{1,2}z\b", "still"),
        # before, after, since: "qabl az start" (before it started), "ghabl az cancel" (before it was
        # cancelled)
        (
            rf"\b{_GH}abl\s+az\s+(?:inke\s+)?(start|cancel|fail|crash|shoroo|shuru|tamum)\w*"
            r"(?:\s+(?:shodan|shod|beshe|kone))?",
            lambda m: "before it "
            + {"shoroo": "started", "shuru": "started", "tamum": "finished", "cancel": "was cancelled"}.get(
                m[1].lower(), past_form(m[1].lower())
            ),
        ),
        (rf"\b{_GH}abl\s+az\b", "before"),
        (r"\bba'?a?d\s+az\b", "after"),
        (r"\baz\s+(?:kolle|kol|koll)\b", "out of the total"),
        (r"\bkollan\b|\bkolan\b|\bdar\s+majmu'?\b", "in total"),
        (r"\bbe\s+tore\s+motevaset\b|\bbe\s+tor\s+motevaset\b", "on average"),
        # how a job went or goes: "fail shod" (failed), "cancel shod" (was cancelled), "tamum shod"
        # (finished), "run shodan" (ran), "daran run mishan" (are running), "start nemishe" (does not
        # start), "dare mire" (is running), "masraf karde" (has used), "xord" (used: ate), "bikar oftade" (has
        # been idle)
        (rf"\b(?:kamel|kamelan)\s+tam{_U}m\s+shod\b", "finished completely"),
        (rf"\btam{_U}m\s+(?:shod|shode)\b", "finished"),
        (rf"\btam{_U}m\s+mishe\b", "will finish"),
        (
            r"\b(fail|crash|cancel|kill|start|stop|finish|succeed|pause|hold|release|run|ejra|retry|talash"
            r"|sh[ou]r[ou]{1,2})\s+(?:shod|shode|shodan|kard|karde)\b",
            lambda m: past_form(_PERSIAN_VERBS.get(m[1].lower(), m[1].lower())),
        ),
        (r"\b(?:dar(?:e|an)\s+)?(?:run|ejra)\s+mish(?:e|an)\b", "running"),
        (r"\b(?:start|ejra|run|shoroo|shuru)\s+nemish(?:e|an)\b", "does not start"),
        (r"\b(start|ejra|run|shoroo|shuru)\s+mish(?:e|an)\b", "starts"),
        (r"\bdar(?:e|an)\s+(?:mire|miran|kar\s+mikon(?:e|an))\b", "is running"),
        (r"\bkar\s+mikon(?:e|an)\b", "is running"),
        (r"\bbishtar(?:in)?\s+kar\s+kard\w*\b", "was the busiest"),
        (r"\bkar\s+kard\w*\b", "ran"),
        (r"\b(?:use|masraf|estefade)\s+(?:karde|kard|shode|shod)\b", "used"),
        (r"\bmasraf(?:-?e)?\s+(?:bar[qgk]h?|energy|enerzhi|power)\b", "energy use"),
        (r"\b(?:use|masraf|estefade)\s+mikon(?:e|an)\b", "is using"),
        (rf"\b(?:{_KH}ord|{_KH}orde|bord|borde)\b", "used"),
        (rf"\bmi{_KH}ore\b", "uses"),
        (r"\bmikeshe\b", "draws"),
        (r"\bkeshid\b", "drew"),
        (r"\bmizad\b", "was doing"),
        (r"\bmizane\b", "does"),
        (r"\b(?:khabid|xabid)\b", "died"),
        (r"\b(?:bikar|bekar)\s+(?:oftade|bude|shode|mund(?:e)?|mond(?:e)?)\b", "has been idle"),
        (r"\b(?:bikar|bekar)\b", "idle"),
        (r"\b(?:khali|azad)\b", "free"),
        (r"\b(?:mashghul|mashgul)\b", "busy"),
        (r"\b(?:daghtarin|garmtarin|dagh\s*tarin|garm\s*tarin)\b", "the hottest"),
        (r"\b(?:daghtar|garmtar|dagh\s*tar|garm\s*tar)(?:e|eh)\b", "is hotter"),
        (r"\b(?:daghtar|garmtar|dagh\s*tar|garm\s*tar)\b", "hotter"),
        (r"\b(?:khonaktarin|sardtarin)\b", "the coolest"),
        (r"\b(?:toolani\s*-?tarin|tulani\s*-?tarin)\b", "the longest"),
        (r"\bdagh(?:-?e|eh)?\b", "hot"),
        (r"\bbishtar(?:in)?\s+az\s+hame\b", "the most"),
        (r"\bbishtar\b(?!\s+az\s+\d)", "the most"),
        (r"\bpor(?:-?e|eh)?\b", "used"),
        (r"\b(?:mige|migan|migoo|neveshte)\b", "says"),
        # "its" joined: "limitesh" (its limit), "log-esh" (its log), "damash" (its temperature); "roosh" (on
        # it)
        (r"\b(?:roosh|rush)\b", "on it"),
        (r"\b([a-z][\w.]*?)-(?:e|a)?sh\b", _its),
        (rf"\b({_NOUNS}|{_OWN_ITS})(?:esh|ash|ish)\b", _its),
        (r"\b(dama|khoruji|xoruji)sh\b", _its),
        *_READINGS,
        # the ezafe: "power-e H100" (the power of the H100), "dama-ye gpu 0"; closing a clause, "is"
        (r"\b([\w.]+)-y?e\b(?=\s*(?:[?!.,;]|$))", r"\1"),
        (r"\b([\w.]+)-y?e\b", r"\1 of"),
        # verbs of being: "bud" (was), "bude" (has been), "budan" (were), "hast" (is), "nist" (is not),
        # "shod" (it became: it was), "mishe" (it becomes)
        (r"\b(?:bud|bood)\b", "was"),
        (r"\b(?:bude|boode)\b", "has been"),
        (r"\b(?:budan|boodan)\b", "were"),
        (r"\b(?:hastan|hastand)\b", "are"),
        (r"\b(?:hast|ast)\b", "is"),
        (r"\bnist\b", "is not"),
        (r"\b(?:shod|shodan)\b", "was"),
        (r"\bshode\b", "has been"),
        (r"\bnemishe\b", "cannot"),
        (r"\bmishe\b", "is"),
        # the small words, once the phrases above have read what they open
        (r"\b(?:ye|yek)\s+negah\s+(?:bendaz|bokon|kon)\b", "take a look"),
        (r"\b(?:oon|un)\s+yeki\b", "that one"),
        (r"\byeki\b", "one"),
        (r"\b(?:akharin|akhari)\b", "the last"),
        (r"\b(?:avalin)\b", "the first"),
        (r"\bakhar\b|\bakhir\b", "last"),
        (rf"\b{_AGAIN}\b", "again"),
        (r"\b(?:lotfan|lotfn|lutfan)\b", "please"),
        (r"\bmikham\s+bebinam\b", "I want to see whether"),
        (r"\bmikham\b", "I want"),
        (r"\b(?:too|tu|dar)\s+(?!(?:hot|much|many|long|high|low|slow|fast|big|cold|busy)\b)(?=\w)", "in "),
        (r"\b(?:ru|roo|rooye|ruye|roye)\b", "on"),
        (r"\b(?:oon|un)\b", "that"),
        (r"\b(?:ye|yek)\b", "a"),
        (r"\bbe\s+(?=\d|the\s+last|akharin|jadid)", "to "),
        (r"\bba\b", "with"),
        (r"\bbed[ou]{1,2}n(?:-?e)?\b", "without"),
        (r"\baz\b", "from"),
        (r"\bta\b", "until"),
        (r"\bke\b", "that"),
        (r"(?<=[\w-])(?:\s+|-)i\s+(?=that\b)", " "),
        (r"^\W*va\b", "and"),
        (r"\bva\b", "and"),
        (r"\bya\b", "or"),
        (r"^\W*(?:are|aare|bale)\b", "yes"),
        (r"\bpas\b", "then"),
        (r"\bro\b", ""),
        (r"[ \t]+(?=[?.!,])", ""),
    )
)


def _from_script(text: str) -> str:
    """``text`` with Persian's script as a Finglish writer spells it (:data:`_SCRIPT_WORDS`): its digits and
    marks as Latin ones, each word it knows, and "its" joined to one ("وضعیتش": "vaziyat-esh")."""
    text = text.translate(_SCRIPT_LETTERS)

    def word(m: re.Match[str]) -> str:
        said = m[0]
        if said in _SCRIPT_WORDS:
            return _SCRIPT_WORDS[said]
        if said.endswith("ش") and said[:-1] in _SCRIPT_WORDS:
            return _SCRIPT_WORDS[said[:-1]] + "-esh"
        return said

    return _SCRIPT_WORD.sub(word, text)


def persian_marked(text: str, lean: Lean | None = None) -> bool:
    """Whether ``text`` shows Persian's marks: its script's own letters, or a word of its own in Latin
    letters (:data:`_MARK`); in a conversation read in Persian (``lean``), a word it shares with others
    (:data:`_SHARED`: "va 4090 chi?")."""
    if _SCRIPT_MARK.search(text) or _MARK.search(_from_script(text)):
        return True
    return carried(lean, "persian") and bool(_SHARED.search(text))


def persian(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Persian (:func:`persian_marked`): its script in Latin letters,
    then its phrases and words (:data:`_TABLE`); else as it was."""
    if not reads(lean, "persian", persian_marked(text, lean)):
        return text
    return re.sub(r"[ \t]{2,}", " ", translated(_from_script(text), _TABLE)).strip()
