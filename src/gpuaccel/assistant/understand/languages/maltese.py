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
    marked_unaccented,
    past_form,
    read_unaccented,
)

# Maltese's letters with their marks, as a writer without a Maltese keyboard types them ("għ" is then "gh");
# and the curly apostrophe of "x’hemm", "f’liema" as the straight one
_UNACCENTED = str.maketrans("ħġżċàèìòùĦĠŻĊÀÈÌÒÙ’", "hgzcaeiouHGZCAEIOU'")

# the prepositions the article is joined to ("fil-", "fl-": in the; "tal-": of the; "bil-", "bl-": with the;
# "mill-": from the; "sal-": until the; "ghall-": for the; "lill-": to the; "mal-": with the), none alone
_BEFORE_ARTICLE = "fi|f|ta|bi|b|mi|mil|sa|gha|ghal|li|lil|ma"
# the article joined to its noun by a hyphen: "l-" and "il-", or, before a sun letter, "i" with that letter
# doubled ("is-sd-xl-train", "it-temp", "id-driver", "in-nvidia", "ir-resnet", "ic-cpu", "ix-xoghol",
# "iz-zmien"); never inside a name ("sd-xl-train", "mistral-7b"), nor Russian's "iz-za" (because of)
_ARTICLE = (
    rf"(?<![\w'-])(?:(?:i|{_BEFORE_ARTICLE})?l-(?=[\w])"
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
# the verb: "i" and the stem's first consonant doubled before it ("ikk", "irr", "ipp", or one only:
# "ipawzja"), then the stem, a "j" and the ending
_BORROWED = (
    rf"\b(?:i[bcdfgklmnpqrstvxz]?)?(?P<stem>{_MALTESE_STEM})(?P<end>j?a(?:{_OBJECT})?|j?(?:{_PAST}))\b"
    rf"|\b(?P<stem2>{_ENGLISH_STEMS})-?(?P<end2>j(?:a(?:{_OBJECT})?|{_PAST}))\b"
)

# a message is Maltese where it has its article joined to a word, "x'" before a word, or one of its own
# words (read without its letters' marks); never "kif" (Levantine's how), "meta" (Greek's after), "le"
# (French's the), "hi" (English's), "ma", "sa", "din", "dan", "tista" (Slovenian's that), "ilu" (Polish's
# how many), "aktar" (Arabic's more), "falla" (Spanish's it fails), "uzat" (Romanian's worn), "gara"
# (Italian's race), "minuti" (Italian's and Bulgarian's minutes), "ghada" (Arabic's lunch), "dam" alone
_MARK = re.compile(
    rf"{_ARTICLE}|(?<![\w'])[xf]'(?=[a-z])|{_BORROWED}"
    r"|\b(?:"
    # question words
    r"kemm|liema|ghaliex|ghalfejn|ghala|ghalxiex|fejn|hemmx"
    # moments
    r"|issa|bhalissa|illum|ilbierah|lbierah|dalghodu|illejla|filghodu|filghaxija|nofsinhar|siegha"
    r"|sighat|sieghat|gimgha|ftit"
    # verbs
    r"|qed|qieghed|qieghda|qeghdin|jimxi|timxi|jimxu|jimxix|mexa|mxiet|mxew|jistenna|tistenna|jistennew"
    r"|stenna|stenniet|stennew|beda|bdiet|bdew|jibda|tibda|spicca|spiccat|spiccaw|lesta|falliet|fallew"
    r"|waqa|waqghet|waqghu|uzaw|juza|tuza|juzaw|haraq|harqet|jahraq|tahraq|gibed|gibdet|jigbed"
    r"|tigbed|damet|damu|ilha|ilhom|kien|kienet|kienu|kellu|kellha|kellhom|ghandu|ghandha|ghandhom"
    r"|grat|ghamel|ghamlet|ghamlu|jaghmel|taghmel|aghmel|aghmlu|hareg|harget|kiteb|kitbet|jghid|tghid"
    r"|urini|urih|uriha|urihom|erga|ibghatu|ibghatha|ipprova|ibda|ibdieh|ibdiha|ibdel|ibdlu|ibdilha"
    r"|zomm|zommu|zommha|waqqaf|waqqfu|waqqafha|kompli|komplih|ridt|nghid|kelli|zbaljajt|tistax|jista|se jkun"
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


# a noun said with the article, or a job by its number or its name ("il-gpu 0", "l-job 12", "is-sd-xl-train",
# "il-405b"): what a Maltese verb said before its subject acts on
_SUBJECT = (
    r"(?<![\w'-])(?:(?:il|l|i[cdnrstxz])-(?:(?:gpu|job|karta)\s+\d+|[\w.]+(?:-[\w.]+)*)"
    r"|(?:gpu|job|karta)\s+\d+)"
)
# the verbs a job or a card uses a reading with ("uza": it used, "haraq": it burned, "gibdet": it drew; "qed
# tuza": it is using), as English says them after "did" or "is"
_SPENT = {
    "uza": "use", "uzat": "use", "uzaw": "use", "haraq": "burn", "harqet": "burn", "harqu": "burn",
    "gibed": "draw", "gibdet": "draw", "gibdu": "draw", "hela": "use", "hliet": "use", "ikkonsma": "consume",
    "ikkonsmat": "consume", "juza": "using", "tuza": "using", "jigbed": "drawing", "tigbed": "drawing",
    "jahraq": "burning", "tahraq": "burning", "jikkonsma": "consuming", "tikkonsma": "consuming",
}  # fmt: skip
_SPENT_VERB = rf"(?:qed\s+)?(?:{'|'.join(sorted(_SPENT, key=len, reverse=True))})\b"


def _spent(m: re.Match[str]) -> str:
    """ "kemm energy uzat il-gpu 0" (how much energy did GPU 0 use), "kemm haraq energy" (how much energy
    did it burn), "kemm memory qed tuza l-gpu 1" (how much memory is GPU 1 using): the question in English's
    order, its subject "it" where none is said."""
    what, said, subject = m["what"] or m["what2"], (m["verb"] or m["verb2"]).lower(), m["subject"] or "it"
    verb = _SPENT[said.split()[-1]]
    if verb.endswith("ing"):
        return f"how much {what} is {subject} {verb}"
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
        # a correction: "le, 13 ridt nghid" (no, I meant 13), "ridt nghid il-job 13", "skuzani"
        # a number taken back alone: "le, il-13" (no, the 13), "skuzani, 13", "zbaljajt, 13" (I was wrong),
        # "mhux 12, 13" (not 12: 13)
        (
            rf"^\W*(?:(?:{_TAKEN_BACK})\W+)+{_NUMBER}\s*[.!]*$"
            rf"|^\W*mhux\s+{_JOB_SAID}\d+\W+(?:(?:imma|izda)\s+)?{_NUMBER}\s*[.!]*$",
            lambda m: f"sorry, I meant {m[1] or m[2]}",
        ),
        (r"\b(?:skuzani|skuza|skuzi|zbaljajt|ghamilt\s+zball)\b", "sorry"),
        (
            r"(?<![\w'-])((?:(?:i?l|tal)-)?(?:job\s+)?#?\d+)\s+(?:ridt|kont\s+qed)\s+(?:nghid|infisser)\b"
            r"|(?<![\w'-])((?:(?:i?l|tal)-)?(?:job\s+)?#?\d+)\s+kelli\s+f'mohhi\b",
            lambda m: f"I meant {re.sub(r'^(?:i?l|tal)-', '', m[1] or m[2])}",
        ),
        (r"\b(?:ridt|kont\s+qed)\s+(?:nghid|infisser)\b|\bkelli\s+f'mohhi\b", "I meant"),
        # how much a job or a card used, its verb before what it used or its subject after it ("kemm energy
        # uzat il-gpu 0": how much energy did GPU 0 use; "kemm haraq energy": how much energy did it burn)
        (
            rf"\bkemm\s+(?:(?P<what>(?!qed\b)[a-z]+)\s+(?P<verb>{_SPENT_VERB})|(?P<verb2>{_SPENT_VERB})\s+(?P<what2>[a-z]+)\b)"
            rf"(?:\s+(?P<subject>{_SUBJECT}))?",
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
        (r"(?<![\w'-])(?:il-|l-)(?=(?:job|gpu)\b)", ""),
        (_ARTICLE, "the "),
        # questions: how hot, how long, how many times, how much
        (r"\bkemm\s+(?:hi\s+|hu\s+|huma\s+)?(?:shuna|shun|shan|shana|shonin)\b", "how hot is"),
        (r"\bkemm\s+(?:dam|damet|damu)\s+(?:j|t)imxi\b", "how long did it run"),
        (r"\bkemm\s+(?:dam|damet|damu)\s+biex\s+(?:lesta|spicca|spiccat|lestiet)\b", "how long did it take"),
        (r"\bkemm\s+(?:dam|damet|damu|ha\s+hin|hadet\s+hin)\b", "how long did it take"),
        (r"\bkemm\s+(?:ilu|ilha|ilhom)\s+(?:qed\s+)?(?:j|t)istenn(?:a|ew)\b", "how long has it been waiting"),
        (r"\bkemm\s+(?:ilu|ilha|ilhom)\s+(?:qed\s+)?(?:j|t)imx(?:i|u)\b", "how long has it been running"),
        (r"\bkemm\s+(?:ilu|ilha|ilhom)\b", "how long has it been"),
        (r"\b(?:ilu|ilha|ilhom)\s+(?=idle|free|busy|held|\w+ing\b)", "has it been "),
        (r"\bkemm\s+(?:stenna|stenniet|stennew)\b", "how long did it wait"),
        (r"\bkemm(?:-il|\s+il-)?\s+(?:darba|drabi)\b", "how many times"),
        (r"\bkemm\s+(?=(?:jobs|gpus|processes|process|attempts|darbiet)\b)", "how many "),
        (r"\bkemm\b", "how much"),
        # what: "x'inhu" (what is), "x'hemm" (what is there), "x'kien" (what was), "x'gara" (what happened)
        (r"\bx'(?:gara|grat|gralu|gralha)\s+(?:minnu|minnha|bih|biha)\b", "what happened to it"),
        (r"\bx'(?:gara|grat)\s+(?:minn|b')\s*", "what happened to "),
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
        (r"\bhemmx\b|\bhemm\s+xi\b", "is there any"),
        (r"\bhemm\b", "there is"),
        (r"\bfuq\s+liema\b", "on which"),
        (r"\bliema\b", "which"),
        (r"\b(?:ghaliex|ghalfejn|ghala|ghalxiex)\b", "why"),
        (r"\bfejn\b", "where"),
        (r"\bkif\b", "how"),
        # readings
        (r"\b(?:shana|shuna|shun)\b", "temperature"),
        (r"\bmemorja\b", "memory"),
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
        # verbs: its progressive "qed" (is -ing) before the verb, its past, its present; its subject is
        # in the verb ("beda": it started; "qabel beda": before it started)
        (r"\bmhux\s+(?:qed\s+)?(?:j|t)imxi\b|\bma\s+(?:qed\s+)?(?:j|t)imxix\b", "is not running"),
        (r"\bmhux\s+(?:qed\s+)?(?:j|t)imxu\b|\bma\s+(?:qed\s+)?(?:j|t)imxux\b", "are not running"),
        (r"\b(?:qed|qieghed|qieghda)\s+(?:j|t)imxi\b", "is running"),
        (r"\b(?:qed|qeghdin)\s+(?:j|t)imxu\b", "are running"),
        (r"\b(?:qed|qieghed|qieghda)\s+(?:j|t)istenna\b", "is waiting"),
        (r"\b(?:qed|qeghdin)\s+(?:j|t)istennew\b", "are waiting"),
        (r"\b(?:qed|qieghed|qieghda)\s+(?:j|t)igbed\b", "is drawing"),
        (r"\b(?:qed|qieghed|qieghda)\s+(?:j|t)uza\b", "is using"),
        (r"\b(?:qed|qieghed|qieghda)\s+(?:j|t)ahraq\b", "is burning"),
        (r"\b(?:qed|qieghed|qieghda)\s+(?:j|t)ghid\b", "is saying"),
        (r"\bqabel\s+(?:beda|bdiet)\b", "before it started"),
        # its negation, "ma" before the verb and "-x" joined after it ("ma bediex": it did not start)
        (r"\bma\s+(?:bediex|bdietx)\b", "did it not start"),
        (r"\bma\s+(?:spiccax|spiccatx|lestiex)\b", "did it not finish"),
        (r"\bma\s+(?:mexiex|mxietx)\b", "did it not run"),
        (r"\bma\s+(?:qed\s+)?(?:j|t)ibdiex\b", "is it not starting"),
        (r"\bma\s+(?:qed\s+)?(?:j|t)istennix\b", "is it not waiting"),
        (r"\bwara\s+(?:spicca|spiccat|lesta)\b", "after it finished"),
        (r"\b(?:j|t)imx(?:i|u)\b", "run"),
        (r"\b(?:j|t)istenn(?:a|ew)\b", "wait"),
        (r"\b(?:j|t)uza(?:w)?\b", "use"),
        (r"\b(?:j|t)igbed\b", "draw"),
        (r"\b(?:mexa|mxiet)\b", "did it run"),
        (r"\bmxew\b", "ran"),
        (r"\b(?:stenna|stenniet|stennew)\b", "waited"),
        (r"\b(?:beda|bdiet)\b", "did it start"),
        (r"\bbdew\b", "started"),
        (r"\b(?:spicca|spiccat|lesta|lestiet)\b", "did it finish"),
        (r"\bspiccaw\b", "finished"),
        (r"\b(?:falla|falliet|fallew|waqa|waqghet|waqghu)\b", "failed"),
        (r"\b(?:uza|uzat|uzaw)\b", "used"),
        (r"\b(?:haraq|harqet|harqu)\b", "burned"),
        (r"\b(?:gibed|gibdet|gibdu)\b", "drew"),
        (r"\b(?:kellu|kellha|kellhom)\b", "had"),
        (r"\b(?:ghandu|ghandha|ghandhom)\b", "has"),
        (r"\b(?:kiteb|kitbet)\b", "wrote"),
        (r"\b(?:hareg|harget)\b", "came out"),
        (r"\b(?:kien|kienet)\b", "was"),
        (r"\bkienu\b", "were"),
        (r"\b(?:(?:j|t)ghid|qal|qalet)\b", "says"),
        (r"\b(?:ghamel|ghamlet)\b", "did"),
        (r"\b(?:qed|qieghed|qieghda|qeghdin)\b", "is"),
        # the verb's subject in the verb: "ghaliex qed jistenna" (why is it waiting), "minn meta qed jimxi"
        (
            r"\b(why|when|where|since when|how much|how long)\s+(is|are|was|were)\s+(not\s+)?(?=\w+ing\b)",
            r"\1 \2 it \3",
        ),
        # the small words, once the phrases above have read what they open
        (r"\bbiex\s+(?:j|t)uza\b", "so that it uses"),
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
        (r"\b([a-z]+)\s+(?:wahda|wiehed)\b", r"one \1"),
        (r"\b(?:wahda|wiehed)\b", "one"),
        (r"\b(?:zewg|tnejn)\b", "two"),
        (r"\bghal\s+ftit\b", "for a bit"),
        (r"\bftit\b", "a bit"),
        (r"\bghal\b", "for"),
        (r"\b(?:hu|huwa|hi|hija)\b(?=\s+(?:idle|free|busy|running|hot|held))", "is"),
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
