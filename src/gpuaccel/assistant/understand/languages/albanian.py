"""Albanian read in English: as Tirana or Prishtina types it on a team chat, mostly without ë and ç ("e" and
"c" for them: "sa eshte temp e gpu 0 tani", "pse deshtoi job 5", "anuloje", "cfare ka ne queue"), with the
trade's English words mixed in, where the message has marks of its own. Albanian joins its definite article
and its case endings to a noun, English ones too, with a hyphen or without ("gpu-ja", "job-i", "jobi 9",
"queue-n", "log-un", "logun", "driverin", "serverit"), links a noun to what it belongs to with a small article
("temp e gpu 0": the temp of GPU 0; "log-u i X": the log of X), joins "it" to a request's verb ("anuloje":
cancel it; "liroje": release it; "vendose ne hold": put it on hold), and puts its verb before its subject in
a question ("pse deshtoi job 5": why did job 5 fail; "sa priti X": how long did X wait), which it is read in
English's order for. Its short words are others' ("sa" Tagalog's and Slovak's, "po" Bulgarian's and Polish's,
"ne" Czech's and Turkish's, "kur" Lithuanian's and Latvian's where, "me" Spanish's, "per" Italian's, "jo"
Hindi's, "ora" Italian's and Romanian's hour, "pret" French's ready), so none of them is a mark of its own
(:data:`_MARK`), and it is read first of all, before any of them sees them."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import (
    Lean,
    compiled,
    english_verb,
    ing_form,
    it_or,
    marked_unaccented,
    past_form,
    read_unaccented,
)

# ë and ç, and the plain letters a writer puts for them ("është" and "eshte", "çfarë" and "cfare": one word)
_UNACCENTED = str.maketrans("ëçËÇ", "ecEC")

# letters Albanian never writes (the other languages' accents): a message with one is another language's
_NOT_ALBANIAN = re.compile(r"[āēīģķļņõäöüåæøćđěřůťďňłśźżőűığşșțăñãàèìòùêôïœßáéíóúâîûýčšžąęėįųū]")

# the trade's English nouns that take Albanian's article or case ending ("gpu-ja", "job-i", "queue-n",
# "log-un", "driverin", "serverit", "fan-i", "hold-i")
_NOUNS = (
    "gpu|job|queue|log|driver|server|fan|hold|node|task|peak|clock|temp|checkpoint|cluster|container|kernel"
    "|script|batch|step|cpu|vram"
)
# their endings after a hyphen: the article ("-i", "-u", "-ja", "-a"), the cases ("-in", "-un", "-n", "-it",
# "-ut", "-se", "-s", "-ne", "-ve"), the plural ("-et", "-te", "-t", "-e", "-eve", "-at", "-ave")
_ENDING = "ja|ne|se|ve|te|t|in|it|i|un|ut|u|eve|et|e|ave|at|n|s|a|ra|ri|rin|rit"
# those of them no other language read here joins to an English noun with a hyphen (not Bulgarian's "-a",
# "-ut", "-te", Serbian's "-u", "-a", "-e", Slovenian's "-ja", Finnish's and Estonian's "-i", "-t", Swedish's
# "-n", English's "-s"): a mark of its own
_MARK_ENDING = "ne|se|ve|in|it|un|et|eve|ave"
_PLURAL = {"te", "t", "ve", "eve", "et", "e", "ave", "at"}
# the same endings joined without a hyphen, where the word leaves no doubt ("jobi", "logun", "driverin",
# "serverit", "gpuja", "queuen")
_JOINED = (
    r"job(?:i|in|it|et|eve|at)|log(?:u|un|ut|et)|gpu(?:ja|ne|se|te|ve)|queue(?:n|ja|s|ne|se)"
    r"|driver(?:i|in|it|at|ave|et)|server(?:i|in|it|at|ave|et)|fan(?:i|in|it)|hold(?:i|in|it)"
    r"|peak(?:u|un|ut)|temp(?:i|in|it)|node(?:i|in|it)|task(?:u|un|ut)"
)

# the English verbs a writer gives an Albanian ending ("canceloje", "holdo", "killoje", "retry-oje",
# "crashoi", "u cancelua"), each read by :func:`tables.english_verb`
_STEM = (
    "cancel|kill|hold|releas|release|paus|pause|resum|resume|restart|retry|rerun|submit|start|stop|updat|update"
    "|upgrad|upgrade|reboot|delet|delete|reset|fail|crash|run|queu"
)

# a message is Albanian where it has one of its own words, read without ë and ç; none of them another
# language's ("sa", "po", "ne", "kur", "ku", "me", "per", "se", "jo", "ka", "ora", "pret", "si", "a", "e",
# "i", "te", "nga", "dhe" are read only beside one)
_MARK = re.compile(
    r"\b(?:"
    # question words
    r"cfare|c'(?=ore\b|ka\b|po\b|u\b|ndodhi\b|thote\b|eshte\b|kemi\b)|cka|qka|qysh|pse|perse|cili|cila|cilat"
    r"|cilet|cilen|cilin|cilit|ciles|cileve|cilave|qe kur|prej kur|sa kohe|sa here|sa gjate"
    # moments
    r"|tani|tash|tashti|sot|sonte|dje|pardje|neser|mengjes\w*|mbremje|paradite|pasdite|perkohesisht"
    r"|aktualisht|momentalisht|or(?:en|et|es) e (?:fundit|kaluar)|minutat e fundit|javen e kaluar|kete jave"
    r"|(?<![\w ])a ka|ndonje|ne pritje|u nis|kemi|nxori|i duhet|kush|radhe|radhen|ne pauze|prioritet(?:in|it)"
    r"|minutash|oresh|me fal|na fal|shkruan|ndodh|kishte|lere|harroje|sotme|djeshme|djeshem|anuloi|anulua"
    r"|nderro\w*|kembeji|shkembe\w*|kerkoje"
    # verbs, and an English verb given an Albanian ending
    r"|eshte|esht|osht|asht|jane|ishte|ishin|ka qene|kane qene|punon|punojne|punoi|punuan|punuar"
    r"|priti|pritur|presin|niset|nisur|niste|filloi|fillon|deshtoi|deshtuan|deshtuar|deshton|rrezua|rrezuar"
    r"|rrezohej|harxhoi|harxhuan|harxhuar|harxhon|konsumoi|terheq\w*|terhoqi|nxeh\w*|zgjati|ndodhi|thote"
    r"|mbaroi|mbarova|perfundoi|ekzekut\w+|rrine|shkon|arritur|kerkon|kerkoi|perdor\w*"
    rf"|(?:{_STEM})-?(?:oje|ojeni|oni|osh|oi|ua|uan|uar|ova)"
    # requests
    r"|anuloje\w*|anuloni|anulosh|anulova|anuloja|fshije\w*|ndale\w*|ndalo\w*|liroje\w*|lironi|lirosh"
    r"|anulo|fshi|fshini|mbaj|mbajeni|liro|instaloje|instalosh|instaloni|(?:hold|kill|restart|reboot)o"
    r"|lesho\w*|rinis\w*|rifillo\w*|vazhdo\w*|vendos\w*|mbaje\w*|pauzo\w*|ridergo\w*|riprovo\w*|provoje"
    r"|ndrysho\w*|perditeso\w*|trego\w*|shfaq\w*|shiko|shif|shih|jepi|mund te|mund ta|mundesh|mundeni"
    r"|(?:bej|beje|bone|boje)"
    r"(?= (?:retry|reboot|restart|cancel|kill|hold|release|pause|resume|update|submit))"
    r"|te lutem|ju lutem|faleminderit|flm|kisha fjalen|doja te|desha|gabova"
    # nouns with their article or case ending
    rf"|(?:{_NOUNS})-(?:{_MARK_ENDING})"
    r"|energji\w*|fuqi\w*|memorien|procese(?:t|sh|ve)"
    r"|mesatar\w*|maksimum(?:i|in)|gjithsej|gjithe|gjitha|bashke|dyja|provat|perpjekj\w*|rresht\w*"
    r")(?!\w)",
    re.I,
)

# the pronouns a request or question names its job by ("ate", "kete", "ai"): it
_IT = ("ate", "kete", "ai", "ajo", "ky", "kjo", "e", "ta", "atij", "asaj")

# the Albanian verbs a question asks about, by their English verb: in the past ("priti": waited), in the
# present ("pret": waits), as a participle after "ka"/"kane" ("pritur": waited); a plural form marked
_PAST = {
    "priti": "wait", "punoi": "run", "punuan": "run", "zgjati": "take", "deshtoi": "fail", "deshtuan": "fail",
    "harxhoi": "use", "harxhuan": "use", "konsumoi": "use", "shpenzoi": "use", "perdori": "use",
    "filloi": "start", "nisi": "start", "nis": "start", "mbaroi": "finish", "perfundoi": "finish",
    "terhoqi": "draw", "kerkoi": "ask for", "ekzekutoi": "run", "ekzekutua": "run", "ekzekutuan": "run",
    "rrezua": "crash", "nxeh": "get hot", "qendroi": "stay", "ndenji": "stay", "shkroi": "write",
    "nxori": "give", "anuloi": "cancel", "anulua": "cancel", "ndaloi": "stop",
}  # fmt: skip
_PRESENT = {
    "punon": "run", "punojne": "run", "pret": "wait", "presin": "wait", "niset": "start", "nisen": "start",
    "fillon": "start", "terheq": "draw", "terheqin": "draw", "harxhon": "use", "konsumon": "use",
    "perdor": "use", "kerkon": "ask for", "deshton": "fail", "rri": "run", "rrine": "run", "shkon": "go",
    "ekzekutohet": "run", "ekzekutohen": "run", "xhiron": "run", "nxehet": "get hot", "qendron": "stay",
    "ndodh": "happen", "ecen": "go",
}  # fmt: skip
_PARTICIPLE = {
    "punuar": "run", "pritur": "wait", "deshtuar": "fail", "harxhuar": "use", "konsumuar": "use",
    "perdorur": "use", "filluar": "start", "nisur": "start", "mbaruar": "finish", "perfunduar": "finish",
    "terhequr": "draw", "arritur": "get", "ndodhur": "happen", "rrezuar": "crash", "ekzekutuar": "run",
    "kerkuar": "ask for", "qendruar": "stay", "provuar": "try", "anuluar": "cancel",
}  # fmt: skip
# the past verbs said with "u" whose subject is what they were done to ("u anulua": was cancelled)
_PASSIVE = {"anulua"}
_PLURAL_VERBS = {"punuan", "deshtuan", "harxhuan", "ekzekutuan", "punojne", "presin", "nisen", "terheqin",
                 "rrine", "ekzekutohen"}  # fmt: skip
_IRREGULAR = {
    "take": ("took", "taken"), "draw": ("drew", "drawn"), "get": ("got", "got"), "go": ("went", "gone"),
    "write": ("wrote", "written"), "run": ("ran", "run"), "stay": ("stayed", "stayed"),
}  # fmt: skip

# what a question names its subject by, said after its verb: a job by its number or name, a card by its
# number or model ("job 5", "12", "mistral-7b-sft", "gpu 0", "h100", "4090"), both cards
_SUBJECT = (
    r"(?:job\s*#?\d+|gpu\s*\d+|both\s+(?:the\s+)?gpus|the\s+(?:gpus|cards|jobs)\b|#?\d{1,3}\b(?!\s*(?:%|:|\.\d|min|or|kwh|wh|w\b|mib|gib|gb|mb))"
    r"|[a-z][\w.]*(?:-[\w.]+)+|[a-z]{1,4}\d+[\w.]*|\d{4}\b)"
)
# the question words after which a verb with no subject said asks about "it" ("sa zgjati": how long did it
# take; "kur filloi": when did it start), not those that are its subject ("cfare ndodhi": what happened)
_ASKS = re.compile(
    r"(?:\bhow(?:\s+(?:long|much|many|hot|far))?|\bwhy|\bwhen|\bsince when|^\W*a|\bsa(?:\s+kohe)?|\bpse"
    r"|\bperse|\bkur)\s*(?:\b(?:not|nuk|s)\s+)?$"
)
_ASKED = re.compile(
    r"(?:\b(?:how|why|when|where|what|which|who|is there|can you|sa|pse|perse|kur|qysh|si|ku|cfare)\b"
    r"|^\W*a\s)[^,.;?!]*$"
)
# the question words that are the verb's own subject ("kush po perdor gpu 0": who is using GPU 0; "cili job
# deshtoi": which job failed): what follows the verb is its object, not its subject
_ASKER = re.compile(r"\b(?:who|kush|which(?:\s+[\w-]+)?|cil\w+(?:\s+[\w-]+)?)\s*$")


def _tense(verb: str, form: str) -> str:
    """``verb`` ("wait", "ask for", "get hot") in ``form``: "past", "participle" or "ing"."""
    head, _, rest = verb.partition(" ")
    if form == "ing":
        word = ing_form(head)
    else:
        past, participle = _IRREGULAR.get(head, (past_form(head), past_form(head)))
        word = past if form == "past" else participle
    return f"{word} {rest}".strip()


def _asked(m: re.Match[str]) -> bool:
    """Whether the verb ``m`` found is in a question (a question word earlier in its clause, or "a" opening
    it) that its subject is said after ("pse deshtoi job 5"), not one whose question word is its subject
    ("kush po perdor gpu 0")."""
    before = m.string[: m.start()]
    return bool(_ASKED.search(before)) and not _ASKER.search(before)


def _bare(m: re.Match[str]) -> bool:
    """Whether the verb ``m`` found follows its question word right away ("how long" ``did it``...)."""
    return bool(_ASKS.search(m.string[: m.start()].rstrip()))


def _past(m: re.Match[str]) -> str:
    """A past verb ("deshtoi", "u nxeh", "nuk filloi") in English: "did job 5 fail" where a question names
    its subject after it, "did it fail" right after a question word, else its past ("failed"); one said with
    "u" that is done to its subject ("u anulua": was cancelled) in the passive."""
    verb, subject = _PAST[m["verb"].lower()], m["subject"]
    if m["verb"].lower() in _PASSIVE:
        done = _tense(verb, "participle")
        if subject and _asked(m):
            return f"was {subject} {done}"
        return "was it " + done if _bare(m) else f"was {done}" + (f" {subject}" if subject else "")
    return _in_the_past(m, verb, subject, bool(m["neg"]))


def _in_the_past(m: re.Match[str], verb: str, subject: str | None, negated: bool) -> str:
    """``verb`` in the past as the question ``m`` found it in asks it (:func:`_past`)."""
    if subject and _asked(m):
        return f"did {subject} {'not ' if negated else ''}{verb}"
    if _bare(m):
        return f"did it {'not ' if negated else ''}{verb}"
    said = f"did not {verb}" if negated else _tense(verb, "past")
    return f"{said} {subject}" if subject else said


def _present(m: re.Match[str]) -> str:
    """A verb of now ("po pret", "ka qe punon", "nuk po niset") in English: "is job 12 waiting" where a
    question names its subject after it, "has it been running" right after a question word, else "is
    running"."""
    verb, subject, negated = _PRESENT[m["verb"].lower()], m["subject"], bool(m["neg"])
    ing, since = _tense(verb, "ing"), bool(m["since"])
    be = "are" if m["verb"].lower() in _PLURAL_VERBS else "is"
    aux, been = ("has", "been ") if since else (be, "")
    no = "not " if negated else ""
    if subject and _asked(m):
        return f"{aux} {subject} {no}{been}{ing}"
    if _bare(m):
        return f"{aux} it {no}{been}{ing}"
    said = f"{aux} {no}{been}{ing}"
    return f"{said} {subject}" if subject else said


def _perfect(m: re.Match[str]) -> str:
    """A verb after "ka"/"kane" ("ka harxhuar", "kane deshtuar"), or "eshte"/"jane" ("eshte provuar": has
    been tried), in English: "has gpu 0 used" where a question names its subject after it, else "has
    used"."""
    verb, subject = _PARTICIPLE[m["verb"].lower()], m["subject"]
    aux = "have" if m["aux"].lower() in ("kane", "kan", "jane") else "has"
    no = "not " if m["neg"] else ""
    participle = _tense(verb, "participle")
    if m["aux"].lower() in ("eshte", "jane"):  # said with "is" ("eshte provuar"): has been tried
        participle = f"been {participle}"
    if subject and _asked(m):
        return f"{aux} {subject} {no}{participle}"
    if _bare(m):
        return f"{aux} it {no}{participle}"
    said = f"{aux} {no}{participle}"
    return f"{said} {subject}" if subject else said


def _verbs(table: dict[str, str]) -> str:
    return "|".join(sorted(table, key=len, reverse=True))


# a job said right after a request ("anuloje job 12", "liroje whisper-finetune"): the request's own object,
# "it" not added
_OBJECT_NEXT = re.compile(r"\s+(?:#?\d|job|the\s+job|[a-z][\w.]*-[\w.-]+|[a-z]+\d|gpu|the\s+queue)", re.I)


def _request(english: str) -> object:
    """The English of an Albanian request verb whose ending says "it" ("anuloje": cancel it): the verb, and
    "it" where no job is named right after it."""

    def read(m: re.Match[str]) -> str:
        clitic = bool(m["it"]) or bool(m.groupdict().get("before"))
        if clitic and not _OBJECT_NEXT.match(m.string, m.end()):
            return f"{english} it"
        return english

    return read


def _english_verb(m: re.Match[str]) -> str:
    """An English verb with an Albanian ending, in English: "canceloje" cancel it, "holdo" hold, "crashoi"
    crashed, "u cancelua" cancelled."""
    verb, ending = english_verb(m["stem"]), m["ending"].lower()
    if ending in ("oi", "ua", "uan", "uar"):  # its past ("pse crashoi X": why did X crash)
        return _in_the_past(m, verb, m["subject"], False)
    said = f" {m['subject']}" if m["subject"] else ""
    if ending == "ova":  # "e cancelova": I cancelled it
        return f"I {past_form(verb)} it{said}"
    if ending in ("oje", "ojeni") and not said and not _OBJECT_NEXT.match(m.string, m.end()):
        return f"{verb} it"
    return f"{verb}{said}"


_JOINED_NOUN = re.compile(rf"({_NOUNS})(\w+)", re.I)


def _joined(m: re.Match[str]) -> str:
    """An English noun its ending is joined to without a hyphen ("jobi", "logun", "driverin"), as
    :func:`_noun` reads it."""
    said = _JOINED_NOUN.fullmatch(m[0])
    assert said is not None
    return _noun(m, said[1], said[2])


def _hyphened(m: re.Match[str]) -> str:
    """An English noun its ending is joined to by a hyphen ("job-i", "gpu-te", "queue-n"), as :func:`_noun`
    reads it."""
    return _noun(m, m["noun"], m["ending"])


def _noun(m: re.Match[str], noun: str, ending: str) -> str:
    """An English noun given Albanian's article or case ending ("job-i", "gpu-te", "logun"): the noun, "the"
    before it where no number or name follows it ("jobi 9": job 9), plural where its ending is ("job-e")."""
    noun, ending = noun.lower(), ending.lower()
    plural = ending in _PLURAL and not (noun == "log" and ending == "e")
    word = f"{noun}s" if plural else noun
    if ending == "e" and plural:  # the plural without its article ("job-e": jobs)
        return word
    if re.match(r"\s+#?\d|\s+[a-z][\w.]*-[\w.-]+", m.string[m.end() :], re.I):
        return word
    return f"the {word}"


def _clock(said: str) -> str:
    """A clock time as said ("12", "13:30"), as English reads it ("12:00", "13:30")."""
    return said if ":" in said else f"{said}:00"


def _it(said: str) -> str:
    return it_or(said, _IT)


_TABLE = compiled(
    (
        # the short forms of its small words: "c'" (cfare: what), "s'" (nuk: not), "t'" (te), "m'" (me)
        (r"\bc'(?=\w)", "cfare "),
        (r"\bs'(?=\w)", "nuk "),
        (r"\bt'(?=\w)", "te "),
        (r"\bm'(?=\w)", "me "),
        (r"\b(?:cka|qka)\b", "cfare"),
        # English verbs given an Albanian ending ("canceloje", "holdo", "retry-oje", "crashoi", "u cancelua")
        (
            rf"\b(?:u\s+|e\s+)?(?P<stem>{_STEM})-?(?P<ending>ojeni|oje|oni|osh|oi|ua|uan|uar|ova|oja|o)\b"
            rf"(?:\s+(?P<subject>{_SUBJECT}))?",
            _english_verb,
        ),
        # the trade's English nouns with its article or case ending ("job-i", "gpu-te", "queue-n", "logun")
        (rf"\b(?P<noun>{_NOUNS})-(?P<ending>{_ENDING})\b", _hyphened),
        (rf"\b(?:{_JOINED})\b", _joined),
        (r"\bjobe\b", "jobs"),
        (r"\blogjet\b", "the logs"),
        (r"\blogje\b", "logs"),
        # a card by its model, or a job by its number, with a case ending ("h100-shin", "4090-a", "13-shit",
        # "12-ten"): the model, the number
        (
            r"\b([a-z]{1,3}\d{2,4}|\d{4})-(?:shit|shin|shi|ja|es|en|a|s|n|se|ne)\b",
            r"\1",
        ),
        (r"\b(\d{1,3})-(?:shit|shin|shi|ta|tes|ten|it|in|i|es|en|a|s|n)\b", r"\1"),
        # a job's name with a case ending after a hyphen ("lr-sweep-it", "llama-8b-eval-in"): the name
        (r"\b([a-z][\w.]*-[\w.]*\d[\w.]*|[a-z][\w.]*-[\w.]+-[\w.]+)-(?:it|in|i|un|ut|u|s|se|n)\b", r"\1"),
        (r"\b(?:rradh|radh)(?:a|en|es|e|ë)\b", "the queue"),
        (r"\bne\s+the\s+queue\b|\bne\s+queue\b", "in the queue"),
        # a correction: "jo, e kisha fjalen 13" (no, I meant 13), "doja te them 13", "desha me thane 13",
        # "me fal, 13" (sorry, 13), "gabova" (my mistake)
        (r"\b(?:me\s+fal(?:ni)?|na\s+fal|sori|sorry|pardon|gabova|gabim\s+(?=\d))\b", "sorry"),
        (
            r"\bnuk\s+(?:e\s+)?kisha\s+(?:fjalen|parasysh)(?:\s+per)?\s+[^,\s]+,?\s+(?:por|po|as)\s+(?:per\s+)?",
            "I meant ",
        ),
        (
            r"\b(?:e\s+)?kisha\s+(?:fjalen|parasysh|ne\s+mendje)(?:\s+(?:per|te))?\b"
            r"|\b(?:doja|desha|deshta|kam\s+dashur)\s+(?:te|me)\s+(?:them|thoja|thane|thene|thone)\b",
            "I meant",
        ),
        (
            r"\b(?:jo\s+)?faleminderit\b|\bflm\b|\brrofsh\b|\bmersi\b",
            lambda m: "no thanks" if m[0].lower().startswith("jo") else "thanks",
        ),
        (r"\b(?:nuk|s)\s+ka\s+nevoje\b|\blere(?:\s+fare)?\b|\bharroje\b", "never mind"),
        (r"\b(?:te|ju)\s+lutem\b|\blutem\b|\bpls\b|\bplz\b", "please"),
        # requests: "a mund te ..." (can you), then the verb; "-je" joined to it, or "e" or "ta" before it, is
        # "it" ("anuloje": cancel it; "ma anulo": cancel it for me)
        (
            r"^(\W*)(?:a\s+)?(?:mund|mundesh|mundeni|mundeshi|mundesh)\s+(?:te|ta|me|ma)?\s*(?:m[ae]\s+)?",
            r"\1can you ",
        ),
        (r"\ba\s+(?:mund|mundesh|mundeni)\s+(?:te|ta|me|ma)?\s*(?:m[ae]\s+)?", "can you "),
        (
            r"\b(?:bej|beje|bone|boje|bo)\s+(?=retry|reboot|restart|cancel|kill|hold|release|pause|resume|update|submit)",
            "",
        ),
        # the queue paused and resumed ("ndale perkohesisht gjithe queue-n", "rinise queue-n", "rifillo
        # radhen")
        (
            r"\b(?:ndal\w*|pauzo\w*|ndal\w*\s+perkohesisht)\s+(?:perkohesisht\s+)?(?:(?:gjithe|krejt|te\s+gjithe)\s+)?the\s+queue\b",
            "pause the whole queue",
        ),
        (
            r"\b(?:rinis\w*|riniso\w*|rifillo\w*|vazhdo\w*|lesho\w*|nis\w*)\s+(?:(?:perseri|prape)\s+)?(?:(?:gjithe|krejt)\s+)?the\s+queue\b",
            "resume the queue",
        ),
        # a priority given its value ("vendos priority 10 per job 13", "ndrysho prioritetin e 13 ne 5")
        (
            r"\b(?:vendos\w*|ndrysho\w*|cakto\w*|jepi|jep|beje|bej)\s+(?:(?:the\s+)?priorit\w*\s+)(\d+)\s+(?:(?:per|te|tek|ne)\s+)?(job\s*\d+|\S+)",
            lambda m: f"set the priority of {_it(m[2])} to {m[1]}",
        ),
        (
            r"\b(?:vendos\w*|ndrysho\w*|cakto\w*|jepi|jep)\s+(?:the\s+)?priorit\w*\s+(?:e|i|te|se)\s+(\S+(?:\s+\d+)?)\s+(?:ne|në|me|=)\s+(\d+)",
            lambda m: f"set the priority of {_it(m[1])} to {m[2]}",
        ),
        (
            r"\b(?:jepi|jep|vendosi)\s+(\S+(?:\s+\d+)?)\s+(?:the\s+)?priorit\w*\s+(\d+)",
            lambda m: f"set the priority of {_it(m[1])} to {m[2]}",
        ),
        (
            r"\b(?:rrit|ngri)\w*\s+(?:the\s+)?priorit\w*(?:\s+(?:e|i|te)\s+(\S+(?:\s+\d+)?))?",
            lambda m: f"bump the priority of {_it(m[1] or 'it')}",
        ),
        (r"\bpriorit(?:et|eti|etin|etit|ete)\b", "priority"),
        # put on hold, on pause ("vendose job 12 ne hold", "vere ne pauze", "mbaje ne pritje")
        (
            r"\b(?:vendos|vere|ver|vendose|vere|mbaj|mbaje|fut|futi)(?P<it>e|eni|ni)?\s+(?:(?P<what>.{1,30}?)\s+)?ne\s+(?:the\s+)?hold\b",
            lambda m: f"hold {_it(m['what']) if m['what'] else 'it'}",
        ),
        (
            r"\b(?:vendos|vere|ver|vendose|mbaj|mbaje|fut)(?P<it>e|eni|ni)?\s+(?:(?P<what>.{1,30}?)\s+)?ne\s+pauz[ea]\b",
            lambda m: f"pause {_it(m['what']) if m['what'] else 'it'}",
        ),
        (
            r"\b(?:mbaj|mbaje)\s+(?:(?P<what>.{1,30}?)\s+)?ne\s+pritje\b",
            lambda m: f"hold {_it(m['what']) if m['what'] else 'it'}",
        ),
        # released from hold ("liroje X nga hold-i": release X)
        (r"\s+(?:nga|prej)\s+(?:the\s+)?hold(?:-?\w+)?\b", ""),
        (r"\bne\s+pritje\b", "waiting"),
        (r"\bne\s+(?:the\s+)?hold\b(?!\s+(?:job|\d))", "on hold"),
        # its request verbs, "-je" ("it") joined or not: cancel, delete, kill, pause, hold, release, resume,
        # retry, restart, update, show
        (
            r"\b(?P<before>(?:e|ta|ma)\s+)?ndal(?:(?P<it>e|oje|eni|ojeni)|o|ni)?\s+perkohesisht\b",
            _request("pause"),
        ),
        (r"\bperkohesisht\b", "for now"),
        (r"\bper\s+(?:pak|nje\s+moment|nje\s+cast|ca\s+minuta)\b", "for a bit"),
        (r"\b(?P<before>(?:e|ta|ma)\s+)?anul(?:o|on|oni|osh|oj|u|ue)(?P<it>je|jeni)?\b", _request("cancel")),
        (r"\b(?P<before>(?:e|ta|ma)\s+)?fshi(?:ni|sh)?(?P<it>je|jeni)?\b", _request("delete")),
        (r"\b(?P<before>(?:e|ta|ma)\s+)?(?:vra|vrit|vrite)(?P<it>je|ni)?\b", _request("kill")),
        (r"\b(?P<before>(?:e|ta|ma)\s+)?ndal(?:o|osh|ni)?(?P<it>e|oje|eni|ojeni)?\b", _request("stop")),
        (r"\b(?P<before>(?:e|ta|ma)\s+)?pauz(?:o|osh|oni|u|ue)(?P<it>je|jeni)?\b", _request("pause")),
        (r"\b(?P<before>(?:e|ta|ma)\s+)?mbaj(?:ni|sh)?(?P<it>e|eni)?\b", _request("hold")),
        (
            r"\b(?P<before>(?:e|ta|ma)\s+)?(?:lir|lesh)(?:o|osh|oni|u|ue)(?P<it>je|jeni)?\b",
            _request("release"),
        ),
        (
            r"\b(?P<before>(?:e|ta|ma)\s+)?(?:rifill|vazhd)(?:o|osh|oni|u|ue)(?P<it>je|jeni)?\b",
            _request("resume"),
        ),
        (
            r"\b(?P<before>(?:e|ta|ma)\s+)?(?:ridergo|riprovo|provo)(?:sh|ni)?(?P<it>je|jeni)?\s+(?:perseri|prape|serish|edhe\s+nje\s+here)\b"
            r"|\b(?P<b2>(?:e|ta|ma)\s+)?(?:ridergo|riprovo)(?:sh|ni)?(?P<i2>je|jeni)?\b",
            lambda m: "retry it"
            if (m["it"] or m["before"] or m["i2"] or m["b2"]) and not _OBJECT_NEXT.match(m.string, m.end())
            else "retry",
        ),
        # the machine restarted ("rinise serverin", "restarto kompjuterin"): a reboot
        (
            r"\b(?:rinis|riniso|restarto|rindiz)\w*\s+(?:the\s+server|the\s+machine|server\w*|kompjuter\w*"
            r"|makin\w*|sistem\w*)",
            "reboot the machine",
        ),
        (
            r"\b(?P<before>(?:e|ta|ma)\s+)?rinis(?:ni|esh)?(?P<it>e|eni)?\b|\briniso(?P<i2>je)?\b",
            lambda m: "retry it"
            if (m["it"] or m["before"] or m["i2"]) and not _OBJECT_NEXT.match(m.string, m.end())
            else "retry",
        ),
        (r"\b(?P<before>(?:e|ta|ma)\s+)?perditeso(?:sh|ni|j)?(?P<it>je)?\b", _request("update")),
        (r"\b(?P<before>(?:e|ta|ma)\s+)?instalo(?:sh|ni|j)?(?P<it>je)?\b", _request("install")),
        (
            r"\b(?:(?:me|ma|m)\s+)?(?:trego|tregom|tregoni|shfaq|shfaqe|shfaqni|shiko|shikoje|shif|shih)\b",
            "show",
        ),
        (r"\b(?:(?:me|ma)\s+)?(?:jep|jepi|jepni)\s+(?=\S)", "give "),
        # a job's setting changed ("ndrysho memorien e 13 ne 30000 MiB", "ndryshoje 13 ne 1 gpu", "le te
        # kerkoje vetem 1 gpu": let it ask for only 1 GPU), two jobs switched ("nderro 12 me 13": switch
        # 12 and 13)
        (
            r"\b(nje|dy|tre|kater)\s+(?=gpu|kart)",
            lambda m: {"nje": "1", "dy": "2", "tre": "3", "kater": "4"}[m[1].lower()] + " ",
        ),
        (r"\bne\s+(?=\d+(?:[.,]\d+)?\s*(?:mib|gib|gb|mb|gpu|kart)\b)", "to "),
        (r"\ble\s+t[ae]\s+(?:kerkoje|perdore|marre|kete)\b", "it should use"),
        (
            r"\b(?:nderro|nderroji|kembe|kembeji|shkembe|shkembeji)(?:\s+vendet)?\s+(\S+)\s+(?:me|dhe|e)\s+(\S+?)(?=[\s,.!?]|$)",
            r"switch \1 and \2",
        ),
        (r"\bndrysho(?P<it>je|jeni)?(?:ni|sh)?\b", _request("change")),
        # the question a job's progress asks: "ku ka arritur job 11" (how far has job 11 got)
        (
            rf"\bku\s+(?:ka|kane|eshte)\s+arritur(?:\s+(?P<subject>{_SUBJECT}))?",
            lambda m: f"how far has {m['subject'] or 'it'} got",
        ),
        # question words: "sa kohe", "sa gjate", "sa" before a verb of running or waiting (how long), "sa
        # here" (how many times), "sa u nxeh" (how hot did it get), "sa" (how much, how many); "pse" (why),
        # "kur" (when), "qe kur" (since when), "ne c'ore" (at what time), "cfare" (what), "cili" (which),
        # "qysh"/"si" (how), "ku" (where), "kush" (who), "a" the yes-no opener
        (r"\b(?:ne\s+)?(?:cfare|cilen|sa)\s+ore\b(?!\s*gpu)|\bora\s+sa\b", "at what time"),
        (r"\b(?:qe\s+)?(?:prej|nga)\s+kur\b|\bqe\s+kur\b", "since when"),
        (r"\bsa\s+(?:kohe|gjate|kohe\s+gjithsej)\b", "how long"),
        (
            r"\bsa(?=\s+(?:(?:ka\s+qe|po|nuk|u)\s+)*(?:zgjat\w*|prit\w*|pret|presin|punoi|punuan|punon|punojne"
            r"|punuar|qendr\w*|ndenji|rri|rrine|xhiro\w*|vazhdoi)\b)",
            "how long",
        ),
        (
            r"\bsa\s+u\s+nxeh(?:\s+(?P<subject>" + _SUBJECT + r"))?",
            lambda m: f"how hot did {m['subject'] or 'it'} get",
        ),
        (r"\bsa\s+(?:e\s+)?nxehte\b", "how hot"),
        (r"\bsa\s+her(?:e|a)\b", "how many times"),
        # a threshold passed ("ka kaluar 600 W", "kaloi 80 grade"): above it
        (r"\b(?:ka\s+kaluar|kaloi|kalon|ka\s+shkuar\s+mbi|shkoi\s+mbi)\s+(?=\d)", "went above "),
        (
            r"\bsa(?=\s+(?:kwh|wh|watt|vat|w\b|gpu|job|procese|karta|ore|minuta|mb|gb|mib|gib|mhz|grad|\d))",
            "how many",
        ),
        (r"\bsa\b", "how much"),
        (r"\b(?:pse|perse)\b", "why"),
        (r"\bne\s+cil(?:en|in|at|et|ave|eve)\b", "on which"),
        (r"\bcil(?:i|a|at|et|en|in|it|es|eve|ave)\b", "which"),
        (r"\bcfare\s+ndodhi\s+me\b", "what happened with"),
        (r"\bcfare\s+ka\b", "what is"),
        (r"\bcfare\s+(?:thote|shkruan)\b", "what does it say"),
        (r"\bcfare\s+kishte\b", "what was"),
        (r"\bcfare\b", "what"),
        (
            rf"\b(?:qysh|si)\s+(?:po\s+)?(?:shkon|ecen)\b(?:\s+(?P<subject>{_SUBJECT}))?",
            lambda m: f"how is {m['subject'] or 'it'} going",
        ),
        (r"\b(?:qysh|si)\b", "how"),
        (r"\bkush\b", "who"),
        (r"\bkur\b", "when"),
        (r"\bku\b", "where"),
        (r"\ba\s+ka\b", "is there"),
        # moments: "nga ora 12 deri 13:30" (between 12:00 and 13:30), "qe nga ora 9" (since 9:00), "ne oren e
        # fundit" (in the last hour), "para 10 minutash" (10 minutes ago), "sot/dje/pardje", "tani"
        (
            r"\b(?:nga|prej|mes|midis|ndermjet)\s+(?:(?:ora|ores|oren)\s+)?(\d{1,2}(?::\d{2})?)\s+"
            r"(?:deri(?:\s+(?:ne|te))?|dhe|e)\s+(?:(?:ora|ores|oren)\s+)?(\d{1,2}(?::\d{2})?)\b",
            lambda m: f"between {_clock(m[1])} and {_clock(m[2])}",
        ),
        (
            r"\bqe\s+(?:nga|prej)\s+(?:(?:ora|ores|oren)\s+)?(\d{1,2}(?::\d{2})?)\b(?!\s*(?:min|or))",
            lambda m: f"since {_clock(m[1])}",
        ),
        (
            r"\b(?:ne|në)\s+(?:oren|ora)\s+(\d{1,2}(?::\d{2})?)\b|\bora\s+(\d{1,2}(?::\d{2})?)\b",
            lambda m: f"at {_clock(m[1] or m[2])}",
        ),
        (
            r"\b(?:ne|gjate)\s+or(?:en|es)\s+(?:e|se|te)\s+(?:fundit|kaluar)\b|\bor(?:en|a)\s+e\s+(?:fundit|kaluar)\b",
            "in the last hour",
        ),
        (
            r"\b(?:ne|gjate)?\s*(\d+)\s+or(?:et|eve|e)\s+(?:e|te)\s+(?:fundit|kaluara)\b",
            r"in the last \1 hours",
        ),
        (
            r"\b(?:ne|gjate)?\s*(\d+)\s+minut(?:at|ave|a)\s+(?:e|te)\s+(?:fundit|kaluara)\b",
            r"in the last \1 minutes",
        ),
        (r"\bpara\s+(\d+)\s+minut\w*", r"\1 minutes ago"),
        (r"\bpara\s+(\d+)\s+or\w*", r"\1 hours ago"),
        (r"\bpara\s+(?:nje|1)\s+ore\b", "an hour ago"),
        (r"\b(?:sot\s+(?:ne\s+)?mengjes|kete\s+mengjes|sot\s+paradite)\b", "this morning"),
        (r"\b(?:sot\s+)?pasdite\b", "this afternoon"),
        (r"\bdje\s+(?:ne\s+)?mengjes\b", "yesterday morning"),
        (r"\bdje\s+pasdite\b", "yesterday afternoon"),
        (r"\bdje\s+(?:ne\s+)?mbremje\b|\bmbreme\b", "last night"),
        (r"\b(?:sonte|kete\s+mbremje)\b", "this evening"),
        (r"\b(?:kete|kjo)\s+jave\b", "this week"),
        (r"\bjav(?:en|a)\s+e\s+(?:kaluar|shkuar)\b", "last week"),
        (r"\bne\s+(?:ate|kete)\s+interval\b", "in that interval"),
        (r"\bne\s+(?:ate|kete)\s+periudhe\b", "in that period"),
        (r"\bne\s+(?:ate|kete)\s+kohe\b|\batehere\b", "then"),
        # today's, yesterday's, said after their noun ("job-et e sotme": today's jobs)
        (r"\b(?:the\s+)?([\w-]+)\s+(?:i|e|te)\s+(?:sotem|sotme|sotmet)\b", r"today's \1"),
        (r"\b(?:the\s+)?([\w-]+)\s+(?:i|e|te)\s+(?:djeshem|djeshme|djeshmet)\b", r"yesterday's \1"),
        (r"\bpardje\b", "the day before yesterday"),
        (r"\bsot\b", "today"),
        (r"\bdje\b", "yesterday"),
        (r"\bneser\b", "tomorrow"),
        (r"\bderi\s+tani\b", "so far"),
        (r"\b(?:tani|tash|tashti|aktualisht|momentalisht|per\s+momentin|ne\s+kete\s+moment)\b", "now"),
        (r"\b(\d+)\s+or(?:e|esh|et)\b", r"\1 hours"),
        (r"\b(\d+)\s+(?:minuta|minutash|minutat)\b", r"\1 minutes"),
        (r"\bgpu[- ]?or(?:e|et|esh)\b|\bore\s+gpu\b", "GPU-hours"),
        # before a thing happened: "para se te niste" (before it started), "para se ta anuloja" (before I
        # cancelled it)
        (
            r"\bpara\s+se\s+(?:ta|t[ae])\s+anuloja\b|\bpara\s+se\s+ta\s+cancel(?:oja|loja)\b",
            "before I cancelled it",
        ),
        (
            r"\bpara\s+se\s+(?:te|ta)\s+(niste|fillonte|rrezohej|deshtonte|mbaronte|perfundonte|mbyllej|ndalej|nisej)\b",
            lambda m: "before it "
            + {
                "niste": "started",
                "fillonte": "started",
                "nisej": "started",
                "rrezohej": "crashed",
                "deshtonte": "failed",
                "mbaronte": "finished",
                "perfundonte": "finished",
                "mbyllej": "ended",
                "ndalej": "stopped",
            }[m[1].lower()],
        ),
        (r"\bpara\s+se\b", "before"),
        (r"\bpasi\b", "after"),
        # verbs, in English's order in a question ("pse deshtoi job 5": why did job 5 fail; "sa kohe ka qe
        # pret": how long has it been waiting; "sa kWh ka harxhuar gpu 0": how many kWh has gpu 0 used)
        (
            rf"\b(?P<aux>ka|kane|kan|eshte|jane)\s+(?:(?P<neg>nuk)\s+)?(?P<verb>{_verbs(_PARTICIPLE)})\b(?:\s+(?P<subject>{_SUBJECT}))?",
            _perfect,
        ),
        (
            rf"\b(?:(?P<neg>nuk|s)\s+)?(?:(?P<since>ka\s+qe)\s+)?(?:po\s+)?(?P<verb>{_verbs(_PRESENT)})\b(?:\s+(?P<subject>{_SUBJECT}))?",
            _present,
        ),
        (
            rf"\b(?:(?P<neg>nuk|s)\s+)?(?:(?:u|e|i|ia|ta)\s+)?(?P<verb>{_verbs(_PAST)})\b"
            rf"(?:\s+(?P<subject>{_SUBJECT}))?",
            _past,
        ),
        (r"\b(?:u\s+)?ndodhi\b", "happened"),
        (r"\b(?:thote|shkruan)\b", "says"),
        (r"\b(?:u\s+)?ekzekutua\b", "ran"),
        (r"\bmbarova\b", "I finished"),
        (r"\b(?:e\s+)?anulova\b", "I cancelled it"),
        (r"\bdua\s+te\b", "I want to"),
        # what a job needs ("sa kohe i duhet X per te mbaruar": how long does X need to finish)
        (
            rf"\bi\s+(?:duhet|duhen)(?:\s+(?P<subject>{_SUBJECT}))?",
            lambda m: f"does {m['subject'] or 'it'} need",
        ),
        (r"\bper\s+te\s+(?:mbaruar|perfunduar)\b", "to finish"),
        (r"\bsa\s+(?P<what>\S+)\s+kemi\b", lambda m: f"how many {m['what']} are there"),
        (r"\bkemi\b", "we have"),
        (r"\b(?:e\s+)?ridergoj(?:a)?\b", "resubmit it"),
        (r"\bdo\s+(?:te|ta|e)\s+", "I will "),
        (r"\bbej\b", "do"),
        # readings and what they are of
        (r"\bmesatar(?:ja|en|es)\s+(?:e|i|te)\s+", "the average "),
        (
            r"\b(temp\w*|utilization|util|power|energy|fuqi\w*|energji\w*|memori\w*|clock|ngarkes\w*)\s+mesatar\w*",
            r"average \1",
        ),
        (
            r"\b(temp\w*|utilization|util|power|energy|fuqi\w*|energji\w*|memori\w*|clock)\s+maksimal\w*",
            r"max \1",
        ),
        (r"\bmesatar\w*", "average"),
        (r"\b(?:maksimum(?:i|in|it)?|maksimal\w*|kulm(?:i|in|it)?)\b", "max"),
        (r"\b(?:minimum(?:i|in|it)?|minimal\w*)\b", "min"),
        (r"\bme\s+(?:e|i|te)\s+nxeht\w*", "hottest"),
        (r"\bme\s+(?:e|i|te)\s+ftoht\w*", "coolest"),
        (r"\bme\s+(?:(?:e|i|te)\s+)?gjat\w*", "the longest"),
        (r"\b(?:me\s+shume\s+se|mbi)\b", "above"),
        (r"\b(?:me\s+pak\s+se|nen)\b", "below"),
        (r"\b(\d+)\s*grad(?:e|a|et)?\b", r"\1 °C"),
        (r"\bgrad(?:e|a|et)\b", "degrees"),
        (r"\bme\s+shume\b", "the most"),
        (r"\b(?:i|e|te)\s+nxehte\b|\bnxeht\w*", "hot"),
        (r"\btemperatur\w*", "temperature"),
        (r"\benergji\w*", "energy"),
        (r"\bfuqi\w*", "power"),
        (r"\bvat(?:e|et|esh)?\b", "watts"),
        (r"\b(?:memorien|memoria|kujtesen|kujtesa)\b", "the memory"),
        (r"\b(?:memori|kujtes)\w*", "memory"),
        (r"\bventilator\w*", "fan"),
        (r"\b(?:perdorim|ngarkes|shfrytezim)\w*", "utilization"),
        (r"\bfrekuenc\w*", "clock"),
        (r"\bprocese(?:t|sh|ve)?\b", "processes"),
        (r"\bproces(?:i|in|it)\b", "process"),
        (r"\bkart(?:at|a|en|es|e)\s+grafik\w*|\bkart(?:at|ave)\b", "cards"),
        (r"\bkart(?:a|en|es|e)\b", "card"),
        (r"\brresht(?:i|in)\s+(?:i|e)\s+fundit\b", "the last line"),
        (r"\brresht(?:at|ave)\s+(?:e|te)\s+fundit\b", "the last lines"),
        (r"\brresht\w*", "lines"),
        (r"\bne\s+fund\b", "at the end"),
        (r"\b(?:i|e|te|se)\s+fundit\b", "last"),
        (r"\bgabim(?:i|in|it|et)?\b", "error"),
        (r"\bdeshtim(?:et|eve|e)\b", "failures"),
        (r"\bdeshtim(?:i|in|it)?\b", "failure"),
        (r"\bne\s+te\s+gjitha\s+(?:prov|tentativ|perpjekj)\w*", "across all attempts"),
        (r"\b(?:prov|tentativ|perpjekj)(?:at|ave|a|e|en|et)\b", "attempts"),
        (r"\b(?:gjithsej|ne\s+total|totalisht|ne\s+teresi)\b", "in total"),
        (r"\b(?:te\s+dyja|te\s+dy)\s+(?=(?:the\s+)?(?:gpu|card|kart))", "both "),
        (r"\bboth\s+the\s+", "both "),
        (r"\b(?:bashke|se\s+bashku)\b", "together"),
        (r"\b(?:gjithe|krejt)\s+(?=the\s+)", "the whole "),
        (r"\bthe\s+whole\s+the\s+", "the whole "),
        (r"\b(?:te\s+gjitha|te\s+gjithe|gjithe|gjitha|krejt)\b", "all"),
        (r"\b(?:i|e)\s+lir[ea]\b|\bte\s+lira\b", "free"),
        (r"\b(?:i|e)\s+zen[ea]\b|\bte\s+zena\b", "busy"),
        (r"\bbosh\b|\bpa\s+pune\b", "idle"),
        (r"\bmirembajtje\b", "maintenance"),
        (r"\b(?:makin|kompjuter)(?:a|en|es|i|in|it)\b", "the machine"),
        (r"\bpun(?:et|eve)\b", "jobs"),
        (r"\bdetyr\w*", "job"),
        (r"\bher(?:e|a)\b", "times"),
        (r"\bperseri\b|\bprape\b|\bserish\b|\bedhe\s+nje\s+here\b", "again"),
        # a noun linked to what it belongs to ("temp e gpu 0", "log-u i X", "peak power i saj"): "of"
        (r"\b(?:i|e|te|se)\s+(?:saj|tij|atij|asaj)\b", "of it"),
        (r"\b(?:i|e|te|se)\s+(?:tyre|atyre)\b", "of them"),
        (
            r"(?-i:\b(?:i|e|se)\s+)(?=(?:gpu|job|the\s+|nvidia|queue|server|card|[a-z]{1,4}\d+|\d{4}\b"
            r"|[a-z][\w.]*-[\w.-]+|utilization|power|temp|memory|energy))",
            "of ",
        ),
        (r"(?-i:\b(?:i|e|se)\s+)(?=#?\d{1,3}\b(?!\s*(?:%|°|:|min|or|gpu)))", "of job "),
        (r"(?-i:\bte\s+)(?=(?:gpu|card|[a-z]{1,4}\d+|\d{4}\b|server))", "on "),
        (r"(?-i:\bte\s+)(?=(?:the\s+|job|[a-z][\w.]*-[\w.-]+))", "of "),
        # the small words
        (
            r"\b(?:eshte|esht|osht|asht|ishte)\b(?=\s*(?:now|today|yesterday)?\s*(?:[?.!,]|$|dhe\b))",
            lambda m: "was it" if m[0].lower() == "ishte" else "is it",
        ),
        (r"\b(?:eshte|esht|osht|asht)\b", "is"),
        (r"\b(?:jane|jan)\b", "are"),
        (r"\bishte\b", "was"),
        (r"\bishin\b", "were"),
        (r"\bka\s+qene\b", "has been"),
        (r"\bkane\s+qene\b", "have been"),
        (r"\bkishte\b", "had"),
        (r"\b(?:kane|kan)\b", "have"),
        (r"\bka\b", "has"),
        (r"^(\W*)po\s*,", r"\1yes,"),
        (r"^(\W*)(?:po|e)\b", r"\1and"),
        (r"^(\W*)a\b\s*", r"\1"),
        (r"\bpo\b", ""),
        (r"\bnuk\b", "not"),
        (r"\bjo\b", "no"),
        (r"\bmos\b", "do not"),
        (r"\b(?:dhe|edhe)\b", "and"),
        (r"\b(?:ose|apo)\b", "or"),
        (r"\bne\s+(?=(?:gpu|card|[a-z]{1,4}\d+|\d{4}\b|server|the\s+server|the\s+machine|which))", "on "),
        (r"\bon\s+server\b", "on the server"),
        (r"\bne\b", "in"),
        (r"\bnga\b", "from"),
        (r"\bderi\b", "until"),
        (r"\bqe\s+nga\b|\bqe\s+prej\b", "since"),
        (r"\bprej\b", "since"),
        (r"\bper\b", "for"),
        (r"\bpa\b", "without"),
        (r"\b(?:pas|mbas)\b", "after"),
        (r"\bpara\b", "before"),
        (r"\bme\b", "with"),
        (r"\bqe\b", "that"),
        (r",\s*se\b", ", because"),
        (r"\bse\b", "that"),
        (r"\b(?:vete|vet)\b", "myself"),
        (r"\bune\b", "I"),
        (r"\b(?:ky|kjo|kete|keto)\b", "this"),
        (r"\b(?:ai|ajo|ate|ato|ata)\b", "that"),
        (r"\bvetem\b", "only"),
        (r"\b(?:ende|akoma)\b", "still"),
        (r"\bndonje\b", "any"),
        (r"\b(?:asgje|asnje)\b", "nothing"),
        (r"\bdicka\b", "something"),
        (r"\b(?:mire|oke|dakord|ne\s+rregull)\b", "ok"),
        (r"^\W*(?:pershendetje|tung|ckemi|hej)\b\W*", ""),
        (r"\bta\b", "it"),
        (r"(?-i:\b(?:e|i|te|ma|me)\b)", ""),
        # last: a word read as nothing leaves no space before a stop or a comma
        (r"[ \t]+(?=[?.!,])", ""),
    )
)


def albanian_marked(text: str) -> bool:
    """Whether ``text`` shows Albanian's marks (:data:`_MARK`), typed with ë and ç or without them, and no
    letter of another language's (:data:`_NOT_ALBANIAN`)."""
    return marked_unaccented(text.lower(), _MARK, _UNACCENTED, _NOT_ALBANIAN)


def albanian(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Albanian (:data:`_MARK`): its letters without ë and ç, then its
    phrases and words (:data:`_TABLE`); else as it was."""
    return read_unaccented(text, lean, "albanian", albanian_marked, _UNACCENTED, _TABLE)
