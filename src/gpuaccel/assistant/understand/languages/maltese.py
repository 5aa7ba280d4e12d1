"""Maltese read in English: Maltese mixed with English, as Malta's offices chat (whole English words and
phrases inside Maltese sentences: "kemm qed tigbed power il-gpu 1 issa?", "il-job 9 ghaliex falla?",
"ipawzja l-queue pls"), typed with its letters' marks or, on most keyboards, without them (ħ as h, ġ as g,
ż as z, ċ as c, għ as gh: "ghaliex" is "għaliex"), where the message has marks of its own. Maltese joins its
article to the noun with a hyphen ("il-gpu", "l-queue"), its consonant doubled before the sun letters
("is-server", "it-temp", "id-driver", "ir-resnet50-bench"), and to its prepositions ("fil-log": in the log,
"tal-gpu 0": of GPU 0, "mill-10 sal-11"); English's nouns of the trade take it as its own do. English's verbs
of the trade take its verbs' endings ("ikkancellja", "ipawzjah": pause it, "irrilaxxah": release it,
"hold-jah", "crashja": crashed), its pronouns joined to the verb ("ibghatu": send it, "ibdieh": start it).
Its verb goes before its subject ("kemm energy uzat il-gpu 0": how much energy did GPU 0 use), its adjective
after its noun ("it-temperatura medja": the average temperature). Its words are a Semitic language's with
Italian's and English's beside them: "kif" (how) is Levantine Arabic's, "meta" (when) Greek's after, "le"
(no) French's article, "hi" (she, it) English's greeting, so none of those marks a message as Maltese
(:data:`_MARK`). It is read before every other language: its article and its own words are no other
language's, and once read in English no other table sees its words."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import (
    Lean,
    compiled,
    english_verb,
    ing_form,
    marked_unaccented,
    past_form,
    read_unaccented,
    verb_forms,
)

# Maltese's letters with their marks, as a writer without a Maltese keyboard types them ("għ" is then "gh");
# and the curly apostrophe of "x’hemm", "f’liema" as the straight one
_UNACCENTED = str.maketrans("ħġżċàèìòùĦĠŻĊÀÈÌÒÙ’", "hgzcaeiouHGZCAEIOU'")

# the prepositions the article is joined to ("fil-", "fl-": in the; "tal-": of the; "bil-", "bl-": with the;
# "mill-": from the; "sal-": until the; "ghall-": for the; "lill-": to the; "mal-": with the), none alone
_BEFORE_ARTICLE = "fi|f|ta|bi|b|mi|mil|sa|gha|ghal|li|lil|ma"
# the article joined to its noun by a hyphen: "l-" and "il-", or, before a sun letter, "i" with that letter
# doubled ("is-sd-xl-train", "it-temp", "id-driver", "in-nvidia", "ir-resnet", "ic-cpu", "ix-xoghol",
# "iz-zmien"); never inside a name ("sd-xl-train", "mistral-7b"), nor Russian's "iz-za" (because of), nor
# English's own words with an "l-" ("L-BFGS", "l-value")
_ARTICLE = (
    rf"(?<![\w'-])(?:(?:i|{_BEFORE_ARTICLE})?l-(?=[\w])(?!(?:bfgs|shaped|value|values)\b)"
    rf"|(?:i|{_BEFORE_ARTICLE})([cdnrstxz])-(?=\1)(?!za\b))"
)

# the English verbs of the trade a writer gives a Maltese ending, as Maltese spells them ("kancell",
# "pawz", "rilaxx", "ritraj") or as English does ("cancel", "pause", "retry"), each with its English verb
_MALTESE_STEMS = {
    "kancell": "cancel", "kancel": "cancel", "kanell": "cancel", "pawz": "pause", "paws": "pause",
    "rilaxx": "release", "rilax": "release", "riliz": "release", "rilis": "release", "ritrajj": "retry",
    "ritraj": "retry", "ristart": "restart", "restart": "restart", "rizjum": "resume", "risjum": "resume",
    "rizum": "resume", "rezum": "resume", "kill": "cancel", "kil": "cancel", "kraxx": "crash",
    "krexx": "crash", "krash": "crash", "fejl": "fail", "sabmitt": "submit", "apdejt": "update",
    "delit": "delete", "riset": "reset", "ribut": "reboot", "hold": "hold", "holdj": "hold",
}  # fmt: skip
_ENGLISH_STEMS = (
    "cancel|pause|paus|release|releas|retry|restart|resume|resum|hold|kill|crash|fail|submit|update"
)
_MALTESE_STEM = "|".join(sorted(_MALTESE_STEMS, key=len, reverse=True))
# its endings: the imperative ("ikkancellja", "irrilaxxa"), with the object joined ("ipawzjah": pause it,
# "ipawzjaha": her, "ipawzjahom": them), the past ("crashja": it crashed, "ikkancellat": she cancelled,
# "ikkancellaw": they cancelled, "ikkancellajt": I cancelled)
_OBJECT = "h|ha|hom"
_PAST = "at|aw|ajt|ajna|ajtu|iet|ew"
# the verb: "i" and the stem's first consonant doubled before it ("ikk", "irr", "ipp"; or one only, "ipawzja";
# or the "i" dropped, "kkancellja"), then the stem, a "j" and the ending
_BORROWED = (
    rf"\b(?:i?(?P<double>[bcdfgklmnpqrstvxz])(?=(?P=double))|i)?(?P<stem>{_MALTESE_STEM})(?P<end>j?a(?:{_OBJECT})?|j?(?:{_PAST}))\b"
    rf"|\b(?P<stem2>{_ENGLISH_STEMS})-?(?P<end2>j(?:a(?:{_OBJECT})?|{_PAST}))\b"
)

# its verbs, each form with the English verb and what the form says: "did" (it did: "mexa" it ran, "mxiet"
# she ran), "did-they" ("mxew" they ran), "does" ("jimxi" it runs, "timxi"), "do-they" ("jimxu" they run),
# "not" (its negation, "-x" joined to the verb after "ma": "ma mexiex" it did not run, "ma jimxix" it does not
# run: the present's forms open with its "j" or "t")
_VERBS = {
    "run": "did mexa mxiet | did-they mxew | does jimxi timxi | do-they jimxu"
    " | not mexiex mxietx jimxix timxix jimxux",
    "start": "did beda bdiet | did-they bdew | does jibda tibda | do-they jibdew"
    " | not bediex bdietx jibdiex tibdiex",
    "finish": "did spicca spiccat lesta lestiet temm intemm | did-they spiccaw lestew"
    " | does jispicca tispicca | not spiccax spiccatx lestiex",
    "fail": "did falla falliet waqa waqghet | did-they fallew waqghu | does jfalli tfalli"
    " | not falliex fallietx",
    "wait": "did stenna stenniet | did-they stennew | does jistenna tistenna | do-they jistennew"
    " | not jistennix tistennix",
    "use": "did uza uzat hela hliet | did-they uzaw | does juza tuza | do-they juzaw",
    "burn": "did haraq harqet | did-they harqu | does jahraq tahraq",
    "draw": "did gibed gibdet | did-they gibdu | does jigbed tigbed | do-they jigbdu",
    "consume": "did ikkonsma ikkonsmat | does jikkonsma tikkonsma",
    "say": "did qal qalet | does jghid tghid",
    "write": "did kiteb kitbet | does jikteb tikteb",
}
_FORMS, _FORM = verb_forms(_VERBS)
# the forms that are other languages' words too, none a mark alone ("falla" Spanish's it fails, "uzat"
# Romanian's worn, "hela" Swedish's whole)
_SHARED_FORMS = ("falla", "uza", "uzat", "hela", "qal", "temm")
# the verbs a job or a card uses a reading with ("uza": it used, "haraq": it burned, "gibdet": it drew)
_SPENT = "|".join(
    sorted((f for f, (v, _) in _FORMS.items() if v in ("use", "burn", "draw", "consume")), key=len)
)
# its progressive, "qed" (or "qieghed", "qieghda", "qeghdin") before the verb: is -ing
_NOW = r"(?:qed|qieghed|qieghda|qeghdin)"

# a message is Maltese where it has its article joined to a word, "x'" before a word, or one of its own
# words (read without its letters' marks); never "kif" (Levantine's how), "meta" (Greek's after), "le"
# (French's the), "hi" (English's), "ma", "sa", "din", "dan", "tista" (Slovenian's that), "ilu" (Polish's
# how many), "aktar" (Arabic's more), "gara" (Italian's race), "minuti" (Italian's and Bulgarian's minutes),
# "ghada" (Arabic's lunch), "dam" alone, nor its verbs' forms that are others' words (:data:`_SHARED_FORMS`)
_MARK = re.compile(
    rf"{_ARTICLE}|(?<![\w'])[xf]'(?=[a-z])|{_BORROWED}"
    r"|\b(?:"
    # question words
    r"kemm|liema|ghaliex|ghalfejn|ghala|ghalxiex|fejn|hemmx"
    # moments
    r"|issa|bhalissa|illum|ilbierah|lbierah|dalghodu|illejla|filghodu|filghaxija|nofsinhar|siegha"
    r"|sighat|sieghat|gimgha|ftit"
    # verbs
    rf"|{'|'.join(f for f in _FORMS if f not in _SHARED_FORMS)}"
    r"|qed|qieghed|qieghda|qeghdin|damet|damu|ilha|ilhom|kien|kienet|kienu|kellu|kellha|kellhom|ghandu"
    r"|ghandha|ghandhom|grat|ghamel|ghamlet|ghamlu|jaghmel|taghmel|aghmel|aghmlu|hareg|harget|urini|urih"
    r"|uriha|urihom|erga|ibghatu|ibghatha|ipprova|ibda|ibdieh|ibdiha|ibdel|ibdlu|ibdilha|zomm|zommu|zommha"
    r"|hallih|halliha|waqqaf|waqqfu|waqqafha|kompli|komplih|ridt|nghid|kelli|zbaljajt|tistax|jista|se jkun"
    # the small words of its chat
    r"|mhux|tieghu|taghha|taghhom|minnu|minnha|fuqu|fuqha|biex|biss|kollha|wahda|wiehed|medja|medju|oghla"
    r"|oghola|inqas|xejn|ukoll|jekk|joghgbok|jghogbok|grazzi|skuzani|skuza|lanqas"
    r")\b",
    re.I,
)

# the words a number is taken back with ("le": no, "skuzani": sorry, "zbaljajt": I was wrong), and a job's
# number said again alone ("il-13", "job 13", "13")
_TAKEN_BACK = "le|skuzani|skuza|skuzi|zbaljajt|ghamilt zball"
_JOB_SAID = r"(?:(?:i?l|tal)-)?(?:job\s+)?#?"
_NUMBER = rf"{_JOB_SAID}(\d+)"
# "I meant": "ridt nghid" (I wanted to say), "kont qed nghid" (I was saying), "kelli f'mohhi" (I had in mind)
_MEANT = r"(?:ridt|kont\s+qed)\s+(?:nghid|infisser)|kelli\s+f'mohhi"


def _clock(said: str) -> str:
    """A clock time as said ("10", "10:30"), as English reads it ("10:00", "10:30")."""
    return said if ":" in said else f"{said}:00"


def _borrowed(m: re.Match[str]) -> str:
    """An English verb of the trade with a Maltese ending, in English: the request ("ikkancellja" cancel,
    "ipawzjah" pause it), the past ("ikkancellat" cancelled, "crashja" crashed: a crash or a failure is
    told, never asked)."""
    stem, end = m["stem"] or m["stem2"], (m["end"] or m["end2"]).lower().lstrip("j")
    verb = _MALTESE_STEMS.get(stem.lower()) or english_verb(stem)
    if re.fullmatch(_PAST, end) or verb in ("crash", "fail"):
        return past_form(verb)
    said = {"h": " it", "ha": " it", "hom": " them"}.get(end[1:], "")
    return verb + said


# a noun said with the article (Maltese's or, once read, English's), or a job or a card by its number or a
# job by its name ("il-gpu 0", "l-job 12", "is-sd-xl-train", "il-405b", "the queue"): the subject a Maltese
# verb is said before or after
_SUBJECT = (
    r"(?<![\w'-])(?:(?:(?:il|l|i[cdnrstxz])-|the\s+)(?!(?:last|first|other|highest|lowest|most|average)\b)"
    r"(?:(?:gpu|job|karta)\s+\d+|[\w.]+(?:-[\w.]+)*)"
    r"|(?:gpu|job|karta)\s+\d+|[a-z][\w.]*-[\w.-]*\d[\w.-]*)"
)
# its question words, read in English before its verbs are: a verb said after one asks ("meta beda": when did
# it start); a question that names its thing before the verb ("liema gpu", "liema jobs": which GPU ran it,
# which jobs failed) says the verb as English's past
_ASKED = re.compile(r"\b(?:how|when|why|where|which|what)\b", re.I)
_WHICH_BEFORE = re.compile(r"\b(?:which|what)\s+[\w-]+\s*$", re.I)


def _before_or_after(m: re.Match[str]) -> str:
    """ "qabel beda" (before it started), "wara spicca" (after it finished)."""
    verb = _FORMS[m[0].split()[-1].lower()][0]
    return f"{'before' if m[1].lower() == 'qabel' else 'after'} it {past_form(verb)}"


def _verb(m: re.Match[str]) -> str:
    """A Maltese verb in English, its subject said after it or in the verb: "qed jimxi l-mistral" (is the
    mistral running), "mhux qed jimxi" (is not running), "falla l-job 5" (did job 5 fail), "meta beda" (when
    did it start), "ma bediex" (did it not start), "liema jobs fallew" (which jobs failed)."""
    if m["asked"]:  # "ghaliex il-job 7 ma bediex": why did job 7 not start
        return f"{m['asked']} {_verb_said(m, m['first'])}"
    return _verb_said(m, m["subject"])


def _verb_said(m: re.Match[str], said_subject: str | None) -> str:
    """:func:`_verb`'s English, its subject ``said_subject`` (or none)."""
    verb, said = _FORMS[m["verb"].lower()]
    subject = f" {said_subject}" if said_subject else ""
    negated = bool(m["neg"]) or said == "not"
    present = said in ("does", "do-they") or (said == "not" and m["verb"][0].lower() in "jt")
    if present and (m["now"] or negated):
        return f"{'are' if said == 'do-they' else 'is'}{subject} {'not ' if negated else ''}{ing_form(verb)}"
    if present:  # its present is English's -ing ("hemm xi jobs jistennew": are there any jobs waiting)
        return f"{ing_form(verb)}{subject}"
    before = m.string[: m.start()] if not m["asked"] else m["asked"]
    if said == "did-they" or (not subject and _WHICH_BEFORE.search(before)):
        return f"did not {verb}{subject}" if negated else f"{past_form(verb)}{subject}"
    if subject or "?" in m.string or _ASKED.search(before):
        return f"did{subject or ' it'} {'not ' if negated else ''}{verb}"
    return f"did not {verb}" if negated else past_form(verb)


_SPENT_VERB = rf"(?:{_NOW}\s+)?(?:{_SPENT})\b"
# its present's forms ("jimxi", "jistennew"), and the states a job or a card is in, said in English
_PRESENT = "|".join(f for f, (_, said) in _FORMS.items() if said in ("does", "do-they"))
_STATE = "idle|busy|free|held|on hold|stuck|waiting|running"


def _how_long(m: re.Match[str]) -> str:
    """ "kemm ilha idle il-gpu 1" (how long has GPU 1 been idle), "kemm ilu jistenna" (how long has it been
    waiting): "ilu", "ilha" (he, she has been) said with the state or the verb, its subject after them."""
    if not (m["verb"] or m["state"]):
        return "how long has it been"
    doing = ing_form(_FORMS[m["verb"].lower()][0]) if m["verb"] else m["state"]
    return f"how long has {m['subject'] or 'it'} been {doing}"


def _spent(m: re.Match[str]) -> str:
    """ "kemm energy uzat il-gpu 0" (how much energy did GPU 0 use), "kemm haraq energy" (how much energy
    did it burn), "kemm memory qed tuza l-gpu 1" (how much memory is GPU 1 using): the question in English's
    order, its subject "it" where none is said."""
    what, said, subject = m["what"] or m["what2"], (m["verb"] or m["verb2"]).lower(), m["subject"] or "it"
    verb, form = _FORMS[said.split()[-1]]
    if form in ("does", "do-they"):
        return f"how much {what} is {subject} {ing_form(verb)}"
    return f"how much {what} did {subject} {verb}"


_TABLE = compiled(
    (
        # a span between two clock times ("bejn l-10:00 u l-11:00", "mill-9 sal-11", "minn 10 sa 12:30")
        (
            r"\b(?:bejn|minn|mi[lsdtnrxzc]{1,2}-)\s*(?:[a-z]{1,2}-)?(\d{1,2}(?::\d{2})?)\s+"
            r"(?:u|sa|sa[lsdtnrxzc]-)\s*(?:[a-z]{1,2}-)?(\d{1,2}(?::\d{2})?)\b",
            lambda m: f"between {_clock(m[1])} and {_clock(m[2])}",
        ),
        # spans and moments
        (r"\bfl-ahhar\s+siegha\b", "in the last hour"),
        (r"\bfl-ahhar\s+(\d+)\s+(?:minuti|minuta|min)\b", r"in the last \1 minutes"),
        (r"\bfl-ahhar\s+(\d+)\s+(?:sighat|sieghat|siegha)\b", r"in the last \1 hours"),
        (r"\bfl-ahhar\s+nofs\s+siegha\b", "in the last 30 minutes"),
        (r"\b(\d+)\s+(?:minuti|minuta)\s+ilu\b", r"\1 minutes ago"),
        (r"\b(\d+)\s+(?:sighat|sieghat|siegha)\s+ilu\b", r"\1 hours ago"),
        (r"\bsiegha\s+ilu\b", "an hour ago"),
        (r"\b(?:fl|l|il)-ahhar\s+(?=(?:\d+|nofs)\s|siegha|gimgha|jum)", "in the last "),
        (r"\bfl-ahhar\b", "in the last"),
        (r"\b(?:l|il)-ahhar\b", "the last"),
        (r"\b(?:ilbierah|lbierah|il-bierah)\s+filghaxija\b|\bil-lejl\s+li\s+ghadda\b", "last night"),
        (r"\b(?:ilbierah|lbierah|il-bierah)\s+filghodu\b", "yesterday morning"),
        (r"\b(?:illum\s+)?(?:dalghodu|filghodu)\b", "this morning"),
        (r"\b(?:illum\s+)?wara\s+nofsinhar\b", "this afternoon"),
        (r"\billejla\b", "tonight"),
        (r"\b(?:din|dil)[- ](?:il-)?gimgha\b", "this week"),
        (r"\bil-gimgha\s+(?:l-ohra|li\s+ghaddiet)\b", "last week"),
        (r"\billum\b", "today"),
        (r"\b(?:ilbierah|lbierah|il-bierah)\b", "yesterday"),
        (r"\bghada\b", "tomorrow"),
        (r"\b(?:bhalissa|bhal\s+issa|issa)\b", "now"),
        (r"\bf'(?:dak|dan)\s+il-(?:hin|perjodu)\b", "in that span"),
        (r"\bf'(?:liema|x')\s*hin\b", "at what time"),
        (r"\bminn\s+meta\b", "since when"),
        (r"\bsa\s+meta\b", "until when"),
        # English verbs of the trade with Maltese endings ("ikkancellja", "ipawzjah", "hold-jah", "crashja")
        (_BORROWED, _borrowed),
        # requests said with "aghmel" (do) and English's noun ("aghmel hold", "aghmlu restart": do it),
        # asked with "tista" (can you: "tista taghmel update")
        (r"\b(?:tista|tistax|tistghu|tistghux)'?\s+(?:t|j)?aghmel\s+", "can you "),
        (r"\b(?:aghmlu|aghmilhu|aghmilha)\s+(\w+)", r"\1 it"),
        (r"\b(?:aghmel|naghmel)\s+(?=\w)", ""),
        (r"\b(?:tista|tistax|tistghu|tistghux)'?(?!\w)", "can you"),
        # a job started again: "erga ibghatu" (send it again), "erga ipprova" (try again), "ibdieh mill-gdid"
        # (start it anew), "erga ibdieh"
        (
            r"\berga'?\s+(?:ibghat|ibghatu|ibghatha|ipprova|ipprovah|ipprovaha|ibda|ibdieh|ibdiha|tella|tellgha)\b"
            r"|\b(?:ibdieh|ibdiha|ibda|ibghatu|ibghatha|ipprova)\s+mill-gdid\b",
            "retry it",
        ),
        (r"\bmill-gdid\b", "again"),
        (r"\berga'?(?!\w)", "again"),
        # requests said in Maltese: "zommu" (hold it), "waqqfu" (stop it: pause), "kompli" (go on: resume),
        # "hallih imur" (let it go: release), "ibdel" (change), "urini" (show me)
        (r"\b(?:zommu|zommha)\b", "hold it"),
        (r"\bzomm\b", "hold"),
        (r"\b(?:waqqfu|waqqafha)\b", "pause it"),
        (r"\bwaqqaf\b", "pause"),
        (r"\b(?:komplih|kompliha)\b", "resume it"),
        (r"\bkompli\b", "resume"),
        (r"\b(?:hallih|halliha|hallieh)\s+(?:imur|jimxi|timxi)\b", "release it"),
        (r"\b(?:ibdlu|ibdilha|ibdlilu)\b", "change it"),
        (r"\bibdel\b", "change"),
        (r"\b(?:urini|urina)\b", "show me"),
        (r"\b(?:urih|uriha)\b", "show it"),
        # a correction: "le, 13 ridt nghid" (no, I meant 13), "ridt nghid il-job 13", "13 kelli f'mohhi";
        # a number taken back alone: "le, il-13" (no, the 13), "skuzani, 13", "zbaljajt, 13" (I was wrong),
        # "mhux 12, 13" (not 12: 13)
        (
            rf"^\W*(?:(?:{_TAKEN_BACK})\W+)+{_NUMBER}\s*[.!]*$"
            rf"|^\W*mhux\s+{_JOB_SAID}\d+\W+(?:(?:imma|izda)\s+)?{_NUMBER}\s*[.!]*$",
            lambda m: f"sorry, I meant {m[1] or m[2]}",
        ),
        (r"\b(?:skuzani|skuza|skuzi|zbaljajt|ghamilt\s+zball)\b", "sorry"),
        (rf"(?<![\w'-]){_NUMBER}\s+(?:{_MEANT})(?!\w)", r"I meant \1"),
        (rf"\b(?:{_MEANT})(?!\w)", "I meant"),
        # how much a job or a card used, its verb before what it used or its subject after it ("kemm energy
        # uzat il-gpu 0": how much energy did GPU 0 use; "kemm haraq energy": how much energy did it burn)
        (
            rf"\bkemm\s+(?:(?P<what>(?!{_NOW}\b)[a-z]+)\s+(?P<verb>{_SPENT_VERB})"
            rf"|(?P<verb2>{_SPENT_VERB})\s+(?P<what2>[a-z]+)\b)(?:\s+(?P<subject>{_SUBJECT}))?",
            _spent,
        ),
        # what a job did ("x'ghamel il-queue ilbierah": what did the queue do yesterday)
        (rf"\bx'(?:ghamel|ghamlet|ghamlu)\s+({_SUBJECT}|(?:i?l-)?\w+)", r"what did \1 do"),
        # an adjective after its noun ("it-temperatura medja": the average temperature, "il-power l-oghla",
        # "l-attempts kollha": all the attempts), and "tieghu", "taghha" (its) after it
        (r"(?<![\w'-])(?:(?:i?l|i[cdnrstxz])-)?([a-z][\w]*)\s+(?:medja|medju)\b", r"the average \1"),
        (r"(?<![\w'-])(?:(?:i?l|i[cdnrstxz])-)?([a-z][\w]*)\s+(?:i?l-)(?:oghla|oghola)\b", r"the highest \1"),
        (r"(?<![\w'-])(?:(?:i?l|i[cdnrstxz])-)?([a-z][\w]*)\s+(?:i?l-)inqas\b", r"the lowest \1"),
        (r"(?<![\w'-])(?:(?:i?l|i[cdnrstxz])-)([a-z][\w]*)\s+kollha\b", r"all the \1"),
        (r"(?<![\w'-])(?:(?:i?l|i[cdnrstxz])-)([a-z][\w-]*)\s+(?:tieghu|taghha)\b", r"its \1"),
        (r"(?<![\w'-])(?:(?:i?l|i[cdnrstxz])-)([a-z][\w-]*)\s+taghhom\b", r"their \1"),
        # the article joined to a preposition ("fil-queue", "tal-gpu 0", "bl-average") or to a word alone
        (r"\bbl-average\b|\bb'mod\s+medju\b|\bbil-medja\b", "on average"),
        (r"(?<![\w'-])(?:fi|f)(?:l|([cdnrstxz])(?=-\1))-", "in the "),
        (r"(?<![\w'-])ta(?:l|([cdnrstxz])(?=-\1))-", "of the "),
        (r"(?<![\w'-])(?:mi|mil)(?:l|([cdnrstxz])(?=-\1))-", "from the "),
        (r"(?<![\w'-])(?:bi|b)(?:l|([cdnrstxz])(?=-\1))-", "with the "),
        (r"(?<![\w'-])(?:ghal|gha)(?:l|([cdnrstxz])(?=-\1))-", "for the "),
        (r"(?<![\w'-])sa(?:l|([cdnrstxz])(?=-\1))-", "until the "),
        (r"(?<![\w'-])(?:lil|li)(?:l|([cdnrstxz])(?=-\1))-", "to the "),
        (r"(?<![\w'-])ma(?:l|([cdnrstxz])(?=-\1))-", "with the "),
        (r"\bta'\s*", "of "),
        (r"\bf'\s*", "in "),
        (r"(?<![\w'-])(?:il-|l-)(?:ohra|iehor|ohrajn)\b", "the other"),
        (r"(?<![\w'-])(?:il-|l-)ewwel\b", "the first"),
        (r"(?<![\w'-])(?:il-|l-)?(?:iktar|aktar)\s+(?:shun|shuna|shan|shana|shonin)\b", "the hottest"),
        (r"(?<![\w'-])(?:il-|l-)?(?:iktar|aktar)\s+(?:kiesah|kiesha|bierda|bierd|friski)\b", "the coolest"),
        (r"(?<![\w'-])(?:il-|l-)?(?:iktar|aktar)\s+(?:twil|twila|twal)\b", "the longest"),
        (r"(?<![\w'-])(?:il-|l-)(?=(?:job|gpu)\b)", ""),
        (_ARTICLE, "the "),
        # the article after a vowel, its "i" dropped ("x'inhi t-temperatura", "u s-server")
        (r"(?<![\w'-])([cdnrstxz])-(?=\1)", "the "),
        # questions: how hot, how long, how many times, how much
        (r"\bkemm\s+(?:hi\s+|hu\s+|huma\s+)?(?:shuna|shun|shan|shana|shonin)\b", "how hot is"),
        (r"\bkemm\s+(?:dam|damet|damu)\s+(?:j|t)imxi\b", "how long did it run"),
        (r"\bkemm\s+(?:dam|damet|damu)\s+biex\s+(?:lesta|spicca|spiccat|lestiet)\b", "how long did it take"),
        (r"\bkemm\s+(?:dam|damet|damu|ha\s+hin|hadet\s+hin)\b", "how long did it take"),
        (
            rf"\bkemm\s+(?:ilu|ilha|ilhom)\b(?:\s+(?:(?:{_NOW}\s+)?(?P<verb>{_PRESENT})|(?P<state>{_STATE}))\b"
            rf"(?:\s+(?P<subject>{_SUBJECT}))?)?",
            _how_long,
        ),
        (r"\b(?:ilu|ilha|ilhom)\s+(?=idle|free|busy|held|\w+ing\b)", "has it been "),
        (r"\bkemm\s+(?:stenna|stenniet|stennew)\b", "how long did it wait"),
        (r"\bkemm(?:-il|\s+il-)?\s+(?:darba|drabi)\b", "how many times"),
        (r"\bkemm\s+(?=(?:jobs|gpus|processes|process|attempts|darbiet)\b)", "how many "),
        (r"\bkemm\b", "how much"),
        # what: "x'inhu" (what is), "x'hemm" (what is there), "x'kien" (what was), "x'gara" (what happened)
        (r"\bx'(?:gara|grat|gralu|gralha)\s+(?:minnu|minnha|bih|biha)\b", "what happened to it"),
        (r"\bx'(?:gara|grat)\s+(?:(?:minn|from)\s+|b'\s*)", "what happened to "),
        (r"\bx'(?:gara|grat)\b", "what happened"),
        (r"\bx'(?:inhu|inhi|hu|hi)\b", "what is"),
        (r"\bx'(?:inhuma|huma)\b", "what are"),
        (r"\bx'hemm\b", "what is"),
        (r"\bx'(?:kien|kienet)\b", "what was"),
        (r"\bx'kienu\b", "what were"),
        (r"\bx'(?:hareg|harget)\b", "what came out"),
        (r"\bx'(?:kiteb|kitbet)\b", "what did it write"),
        (r"\bx'(?:qed\s+|qieghed\s+|qieghda\s+)?(?:j|t)ghid\s+(its\s+\w+|the\s+\w+)", r"what is \1 saying"),
        (r"\bx'(?:qed|qieghed|qieghda)\s+(?:j|t)ghid\b", "what is it saying"),
        (r"\bx'(?:j|t)ghid\b", "what does it say"),
        (r"\bx'se\s+(?:j|t)kun\b", "what will be"),
        (r"\bx'se\b", "what will"),
        (r"\bx'", "what "),
        (r"\bhemmx?\s+xi\b|\bhemmx\b", "is there any"),
        (r"\bhemm\b", "there is"),
        (r"\bfuq\s+liema\b", "on which"),
        (r"\bliema\b", "which"),
        (r"\b(?:ghaliex|ghalfejn|ghala|ghalxiex)\b", "why"),
        (r"\bfejn\b", "where"),
        (r"\bkif\b", "how"),
        # readings
        (r"\b(?:shana|shuna|shun)\b", "temperature"),
        (r"\btemperatur[ae]?\b", "temperature"),
        (r"\bmemorja\b", "memory"),
        (r"\b(?:istat|status)\b", "state"),
        (r"\b(?:qawwa|kurrent)\b", "power"),
        (r"\b(?:energija|elettriku)\b", "energy"),
        (r"\b(?:medja|medju)\b", "average"),
        (r"\b(?:oghla|oghola)\b", "highest"),
        (r"\b(?:iktar|aktar)\s+minn\b", "more than"),
        (r"\binqas\s+minn\b", "less than"),
        (r"\b(?:iktar|aktar)\b", "most"),
        (r"\binqas\b", "lowest"),
        (r"\bsiegha\b", "hour"),
        (r"\b(?:sighat|sieghat)\b", "hours"),
        (r"\bminuti\b", "minutes"),
        (r"\bhin\b", "time"),
        # verbs: its progressive "qed" (is -ing) before the verb, its past, its present, its negation; its
        # subject in the verb or said after it (:func:`_verb`); "qabel beda": before it started
        (r"\b(qabel|wara)\s+(?:beda|bdiet|spicca|spiccat|lesta|lestiet)\b", _before_or_after),
        # "biex" (so that) before its present ("biex juza gpu wahda": so that it uses one GPU)
        (rf"\bbiex\s+({_PRESENT})\b", lambda m: f"so that it {_FORMS[m[1].lower()][0]}s"),
        (
            rf"(?:\b(?P<asked>why|when|where)\s+(?P<first>{_SUBJECT})\s+)?(?:\b(?P<neg>mhux|ma)\s+)?"
            rf"(?:\b(?P<now>{_NOW})\s+)?\b(?P<verb>{_FORM})\b(?:\s+(?P<subject>{_SUBJECT}))?",
            _verb,
        ),
        (r"\b(?:kellu|kellha|kellhom)\b", "had"),
        (r"\b(?:ghandu|ghandha|ghandhom)\b", "has"),
        (r"\b(?:hareg|harget)\b", "came out"),
        (r"\b(?:kien|kienet)\b", "was"),
        (r"\bkienu\b", "were"),
        (r"\b(?:ghamel|ghamlet)\b", "did"),
        (r"\b(?:inhu|inhi)\b", "is"),
        (r"\binhuma\b", "are"),
        (rf"\b{_NOW}\b", "is"),
        # the verb's subject in the verb: "ghaliex qed jistenna" (why is it waiting), "minn meta qed jimxi"
        (
            r"\b(why|when|where|since when|how much|how long)\s+(is|are|was|were)\s+(not\s+)?(?=\w+ing\b)",
            r"\1 \2 it \3",
        ),
        # the small words, once the phrases above have read what they open
        (r"\bbiex\b", "so that"),
        (r"\blil\s+(?=\w)", ""),
        (r"\b(?:tieghu|taghha)\b", "its"),
        (r"\btaghhom\b", "their"),
        (r"\b(?:fuqu|fuqha)\b", "on it"),
        (r"\bfuq\b", "on"),
        (r"\bqabel\b", "before"),
        (r"\bwara\b", "after"),
        (r"\bmeta\b", "when"),
        (r"\bbejn\b", "between"),
        (r"\bminn\b", "from"),
        (r"\bmhux\b", "not"),
        (r"^\W*le\b", "no"),
        (r"^\W*u\b", "and"),
        (r"\bu\b", "and"),
        (r"\bjew\b", "or"),
        (r"\bimma\b", "but"),
        (r"\bbiss\b", "only"),
        (r"\bukoll\b", "too"),
        (r"\bkollha\b", "all"),
        (r"\bxejn\b", "nothing"),
        (r"\bxi\b", "any"),
        (r"\b(gpus?|karta|kards?|jobs?|process(?:es)?)\s+(?:wahda|wiehed)\b", r"one \1"),  # "gpu wahda": one
        (r"\b(?:wahda\s+ohra|wiehed\s+iehor)\b", "another one"),
        (r"\b(?:wahda|wiehed)\b", "one"),
        (r"\b(?:ohra|iehor|ohrajn)\b", "other"),
        (r"\b(?:zewg|tnejn)\b", "two"),
        (r"\bghal\s+ftit\b", "for a bit"),
        (r"\bftit\b", "a bit"),
        (r"\bghal\b", "for"),
        (r"\b(?:hu|huwa|hi|hija)\b(?=\s+(?:the|idle|free|busy|running|hot|held|on|in)\b)", "is"),
        (r"\bhuma\b(?=\s+(?:the|idle|free|busy|running|hot|held|on|in)\b)", "are"),
        (r"\bjekk\s+(?:joghgbok|jghogbok|joghgbkom)\b", "please"),
        (r"\bgrazzi\b", "thanks"),
        (r"\biva\b", "yes"),
    )
)


def maltese_marked(text: str) -> bool:
    """Whether ``text`` shows Maltese's marks (:data:`_MARK`), typed with its letters' marks or without."""
    return marked_unaccented(text.lower(), _MARK, _UNACCENTED)


def maltese(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Maltese (:func:`maltese_marked`, or ``lean`` leaning to it): its
    letters without their marks, then its phrases and words (:data:`_TABLE`); else as it was."""
    return read_unaccented(text, lean, "maltese", maltese_marked, _UNACCENTED, _TABLE)
