"""Icelandic read in English: Icelandic as Reykjavik types it on a chat, short and lowercase, with English
words of the trade inside its sentences ("hvað er 4090 að draga mörg wött núna", "af hverju failaði job
5?", "settu job 12 á hold"), typed with its letters (þ ð æ ö and its accents) or, on a keyboard without
them, as "th", "d", "ae", "o" and the bare vowels ("hvad er thad buid ad bida lengi"), where the message has
marks of its own. Its nouns carry their article as an ending ("hitinn": the temperature, "kortinu": the
card, "loggið": the log), English's nouns of the trade take it too ("queue-inu", "clockið", "driverinn",
"jobbunum"); English's verbs take its verbs' endings ("failaði": failed, "cancellaðu": cancel, "retry-að",
"pásaðu"). Its verb comes second, before its subject ("hvað beið job 4 lengi": how long did job 4 wait),
and its question is split around it ("hvað ... lengi": how long, "hvað ... mikið X": how much X). Its short
words are the other Nordic languages' ("hvad" and "hver" Danish's what and each, "hun" Danish's she,
"og", "er", "var", "med", "til", "i", "a" everyone's, "takk" and "bara" Norwegian's, "sko" Danish's shoe,
"okei" Finnish's): none marks a message as Icelandic alone (:data:`_MARK`). It is read before every other
language: its "ð" and "þ" are no other language's, and once read in English no other table sees its
words."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import (
    REQUEST_VERBS,
    Lean,
    compiled,
    ing_form,
    marked_unaccented,
    past_form,
    read_unaccented,
    verb_forms,
)

# Icelandic's letters as a writer without an Icelandic keyboard types them ("það" as "thad", "hæsti" as
# "haesti", "núna" as "nuna", "mörg" as "morg"); the table reads the message so typed
_UNACCENTED = str.maketrans(
    {
        "þ": "th", "Þ": "Th", "ð": "d", "Ð": "D", "æ": "ae", "Æ": "Ae", "ö": "o", "Ö": "O", "á": "a",
        "Á": "A", "é": "e", "É": "E", "í": "i", "Í": "I", "ó": "o", "Ó": "O", "ú": "u", "Ú": "U", "ý": "y",
        "Ý": "Y", "’": "'",
    }
)  # fmt: skip
# the letters Icelandic never writes: Danish's and Norwegian's ø and å, Swedish's and German's ä, German's
# ü and ß, and the others' (a Danish "hvad kører" or a Swedish "vad kör" is not Icelandic)
_NEVER = re.compile(r"[øåäüßñçčšžłęąőűășțěřů]", re.I)

# its verbs, each form with the English verb and what the form says: "past" (it did: "keyrði" it ran,
# "keyrðu" they ran), "now" (it does: "keyrir" it runs, is running), "done" (its supine, after "hefur":
# "hefur keyrt" has run), "base" (its infinitive, after "að": "að keyra" running), "imp" (its imperative:
# "stöðvaðu" stop), typed without its letters' marks; "dó" (it died) is English's "do" typed without its
# accent, read only after its subject or before it in a question (:func:`_inverted`)
_VERBS = {
    "run": "past keyrdi keyrdu | now keyrir | done keyrt | base keyra",
    "wait": "past beid bidu | now bidur | done bedid | base bida",
    "use": "past notadi notudu | now notar | done notad | base nota",
    "take": "past tok toku | now tekur | done tekid | base taka",
    "draw": "past dro | now dregur | done dregid | base draga",
    "eat": "now etur | base eta",
    "burn": "past brenndi | now brennir | done brennt | base brenna",
    "happen": "past gerdist | now gerist | done gerst | base gerast",
    "do": "past gerdi | now gerir | done gert | base gera",
    "stop": "past stodvadi stoppadi | now stodvar stoppar | done stodvad stoppad | base stodva stoppa"
    " | imp stodvadu stoppadu",
    "start": "past byrjadi hofst startadi | now byrjar startar | done byrjad startad | base byrja starta"
    " | imp byrjadu startadu",
    "finish": "past klaradi klaradist klarudu | now klarar klarast | done klarad | base klara",
    "fail": "past mistokst klikkadi feiladi failadi | now mistekst klikkar feilar failar"
    " | done klikkad feilad failad",
    "crash": "past hrundi krassadi crashadi | now hrynur krassar crashar | done krassad crashad",
    "die": "past dou | done daid",
    "say": "past sagdi | now segir | base segja",
    "write": "past skrifadi | now skrifar | done skrifad | base skrifa",
    "show": "now synir | done synt | base syna | imp syndu",
    "reach": "past nadi | now naer | done nad",
    "mean": "past meinti | now meinar",
}
_FORMS, _FORM = verb_forms(_VERBS)
# the forms that are other languages' words or English's, none a mark alone ("eta"; Spanish's
# "nota" and "notar", Norwegian's "tok", "feilar", Danish's "naer", Swedish's "stoppa", "starta", "klara",
# "crashar", German's "Gert", Pinyin's "dou")
_SHARED_FORMS = (
    "nad", "naer", "nadi", "nota", "notar", "taka", "tok", "tekid", "dro", "gera", "gert", "gerst",
    "draga", "segja", "eta", "stoppa", "stoppar", "stoppad", "starta", "startar", "startad", "klara",
    "klarar", "klarad", "feilar", "crashar", "dou",
)  # fmt: skip
# an English verb's past and past participle, where :func:`tables.past_form` does not say them ("took",
# "drawn")
_PAST = {"take": "took", "draw": "drew", "do": "did", "say": "said", "write": "wrote", "mean": "meant"}
_DONE = {"run": "run", "take": "taken", "draw": "drawn", "eat": "eaten", "do": "done", "say": "said"}

# the English verbs of the trade a writer gives an Icelandic ending ("failaði", "cancellaðu", "retry-að",
# "pásaðu", "killa"), as Icelandic spells them ("kansell", "pás", "krass") or as English does, each with its
# English verb
_STEMS = {
    "fail": "fail", "feil": "fail", "crash": "crash", "krass": "crash", "cancell": "cancel",
    "cancel": "cancel", "kansell": "cancel", "kansel": "cancel", "retry": "retry", "rerun": "rerun",
    "restart": "restart", "paus": "pause", "pas": "pause", "kill": "kill", "hold": "hold",
    "releas": "release", "submit": "submit", "resum": "resume", "updat": "update", "apdeit": "update",
    "debug": "debug", "throttl": "throttle", "boot": "reboot", "reboot": "reboot",
}  # fmt: skip
_STEM = "|".join(sorted(_STEMS, key=len, reverse=True))
# its endings, unaccented: the past ("-aði", "-uðu"), the imperative ("-aðu"), the supine ("-að"), the
# present ("-ar"), the infinitive ("-a"), the participle ("-andi"), with a hyphen or without
_BORROWED = rf"\b(?P<stem>{_STEM})-?(?P<end>adi|udu|adu|ad|ar|andi|a)\b"
# the words before its supine that make it English's past participle ("hefur failað": has failed, "var
# cancellað": was cancelled), not its infinitive ("geturðu retry-að það": can you retry it)
_PERFECT = re.compile(
    r"\b(?:hefur|hafa|hafdi|hofdu|var|er|eru|voru|verid|buid|has|had|have|is|was)\s+(?:\S+\s+)?$", re.I
)

# a job's number said alone, as a correction takes it back ("13", "job 13", "#13"), and the words it is
# taken back with ("nei": no, "afsakið", "fyrirgefðu": sorry, "úps": oops)
_TAKEN_BACK = r"(?:job\s*)?#?(\d+)"
_SORRY = "nei|neibb|afsakid|fyrirgefdu|sorry|ups|obbosi"

# a message is Icelandic where it has "ð" or "þ" (no other language read here writes them) or one of its own
# words, read without its letters' marks; none of them another language's word ("hvad" and "hvert" are
# Danish's and Norwegian's, "hun", "nei", "takk", "bara", "sko", "kort", "synd", "vid", "spa", "med",
# "i dag" theirs too, "okei" Finnish's, "medal" and "milli" English's, "pasa" Spanish's, "verdi" Norwegian's
# value, "orka" Swedish's to have the strength, "clockid" Estonian's plural): read only beside these
_MARK = re.compile(
    r"[ðþÐÞ]|\b(?:"
    # question words
    r"hvada|hverju|afhverju|hvenaer|hvernig|hversu|hvers vegna|hverjir|hverjar"
    # moments and spans
    r"|nuna|i gaer|gaer|gaerkvoldi|gaermorgun|fyrradag|i morgun|a morgun|hadegi|hadegid|i kvold|i nott"
    r"|klukkan|klukkutim\w*|klukkustund\w*|klst|sidasta|sidustu|seinasta|seinustu|sama tima|smastund"
    r"|sma stund|yfir daginn|samtimis"
    # readings
    r"|hitinn|hitann|hitanum|hitastig\w*|medalhit\w*|medaltal\w*|heitur|heitt|heitari|heit[au]st\w*"
    r"|kald[au]st\w*|haest\w*|laegst\w*|adgerdalaus\w*|lausagang\w*|orku|orkan|orkuna|orkunni"
    r"|orkunotkun\w*|rafmagn\w*|aflid|aflinu|afltakmark\w*|minnid|minnis\w*|notkun\w*|nyting\w*"
    r"|alagid|viftan|viftuna|viftunni|viftunnar|wott|vott|kortid|kortinu|kortin|kortunum|skjakort\w*"
    r"|velinni|velin|vedrid|vedrinu|vedur|upptekin\w*|lengst\w*|stoduna|stodunni|sidast"
    # jobs, the queue, the log, and English's nouns with its article
    r"|loggid|logginn|logginum|loggnum|jobbinu|jobbinn|jobbnum|jobbunum|jobbana|jobbarnir"
    r"|queue-?(?:inu|inn|num)|clockinu|driverinn|driverinum|skorinu|tilraun\w*|bidrod\w*"
    # verbs
    rf"|{'|'.join(f for f in _FORMS if f not in _SHARED_FORMS)}"
    r"|buid|geturdu|gaetirdu|viltu|settu|setja|taktu|hleyptu|hleypa|breyttu|breyta|eyddu|syndu|uppfaer\w*"
    r"|spadu|heldurdu|haettu|endurraes\w*|haltu afram|halda afram|verdur|verdi(?= heit)|hefur|voru"
    r"|cancelladu|kanselladu|pasadu|pausadu|retry-?adu?|killadu|holdadu|meina"
    # a number taken back alone ("nei, 13": no, 13, "afsakið, 13"); Norwegian's "nei, 13" reads the same
    rf"|(?<=^)(?:nei|afsakid|fyrirgefdu)\W+{_TAKEN_BACK}\s*[.!]*(?=$)"
    # the small words of its chat
    r"|thad|thvi|thetta|thessi|thessu|thessa|henni|honum|mikid|mikil|mikla|mikinn|margar|morg|margir"
    r"|ekki|ekkert|eitthvad|einhver\w*|adur|jaeja|thegar|yfir|aftur"
    r")(?!\w)",
    re.I,
)


def _borrowed(m: re.Match[str]) -> str:
    """An English verb of the trade with an Icelandic ending, in English: its past ("failaði" failed), its
    participle ("crashandi" crashing), its present ("failar" fails), its supine after "hefur"/"var" ("hefur
    failað" has failed), else the verb itself ("cancellaðu" cancel, "retry-að" retry, "killa" kill)."""
    verb, end = _STEMS[m["stem"].lower()], m["end"].lower()
    if end in ("adi", "udu") or (end == "ad" and _PERFECT.search(m.string[: m.start()])):
        return past_form(verb)
    if end == "andi":
        return ing_form(verb)
    if end == "ar":
        return f"{verb}s"
    return verb


def _verb(m: re.Match[str]) -> str:
    """An Icelandic verb in English by its form (:data:`_VERBS`): its past, its present as English's -ing
    after "is", its supine as English's participle, its infinitive as the verb."""
    verb, said = _FORMS[m[0].lower()]
    if said == "past":
        return _PAST.get(verb) or past_form(verb)
    if said == "now":
        return {"say": "says", "mean": "means"}.get(verb, f"is {ing_form(verb)}")
    if said == "done":
        return _DONE.get(verb) or past_form(verb)
    return verb


# a question word, once read in English, before which Icelandic puts its verb ahead of its subject ("af
# hverju bíður job 13": why is job 13 waiting, "hvað beið job 4 lengi": how long did job 4 wait, "hvað
# notaði það mikið rafmagn": how much energy did it use); not where the question word is the subject
# ("hver stoppaði X", "hvaða job keyrði": who stopped X, which job ran)
_ASKED = r"why|when|what time|where|how long|how much [\w-]+|how many [\w-]+"
# the subject said after the verb: a pronoun, a job or a card by its number or model, a job by its name
_SUBJECT = (
    r"thad|hann|hun|thau|their|thaer|(?:job|gpu)\s*\d+|[a-z]{1,4}\d{2,4}\b|\d{4}\b"
    r"|[a-z][\w.]*-[\w.-]*[a-z0-9]"
)


def _inverted(m: re.Match[str]) -> str:
    """A question's verb said before its subject, in English's order: "why did job 3 die", "when did it
    finish", "why is job 13 waiting"."""
    said, subject = m["verb"].lower(), m["subject"]
    verb, form = _FORMS.get(said, ("die", "past"))
    if form == "now":
        return f"{m['asked']} is {subject} {ing_form(verb)}"
    if form == "past":
        return f"{m['asked']} did {subject} {verb}"
    return m[0]


def _progressive(m: re.Match[str]) -> str:
    """ "er X að keyra" (is X running), "var X búið að bíða" (had X been waiting), "er búið að keyra" (has
    been running): Icelandic's "vera að" and "vera búinn að" before a verb, in English."""
    be, subject, done, said = m[1].lower(), m[2] or "", m["done"], m["verb"].lower()
    verb = _FORMS[said][0] if said in _FORMS else {"gerast": "happen", "vinna": "work", "hitna": "heat"}[said]
    doing = ing_form(verb)
    if done:
        have = "had" if be in ("var", "voru") else "has" if be == "er" else "have"
        return f"{have} {subject}been {doing}"
    english = {"er": "is", "var": "was", "eru": "are", "voru": "were"}[be]
    return f"{english} {subject}{doing}"


# the words a verb's "vera að" is said with ("er að keyra": is running), each Icelandic infinitive
_DOING = "|".join(
    sorted([f for f, (_, s) in _FORMS.items() if s == "base"] + ["gerast", "vinna", "hitna"], key=len)
)

# "síðustu", "seinustu", "síðasta" (the last), after "í", "á" or "undanfarna" (the past) or alone
_LAST = r"\b(?:(?:i|a|undanfarn(?:a|ar|i))\s+)?(?:sidust(?:u|a)|seinust(?:u|a)|sidasta|seinasta)"

# "mikið" (much) and "margir" (many) as they agree with their noun
_MUCH = "(?:mikid|mikil|mikla|mikinn|miklu)"
_MANY = "(?:margar|morg|marga|margir|margt|morgum)"

_TABLE = compiled(
    (
        # greetings and the small words said before a question ("hæ", "jæja", "ókei", "sko")
        (r"^\W*(?:hae|hallo|hai)\b", "hi"),
        (r"\bjaeja\b", "well"),
        (r"\b(?:okei|oki|okey)\b", "ok"),
        (r"\bsko\b", ""),
        # spans and moments: "í gær" (yesterday), "í morgun" (this morning; "á morgun" is tomorrow), "eftir
        # hádegi" (this afternoon), "síðasta klukkutímann" (the last hour), "milli 9 og 11", "á sama tíma"
        # (in the same span), "yfir daginn" (over the day)
        (r"\bi\s+gaer\s*kvold(?:i)?\b|\bi\s+gaerkvoldi\b", "last night"),
        (r"\bi\s+gaer\s*morgun\b", "yesterday morning"),
        (r"\bi\s+gaer\s+eftir\s+hadegi(?:d)?\b", "yesterday afternoon"),
        (r"\bi\s+fyrradag\b", "the day before yesterday"),
        (r"\b(?:i\s+)?gaer(?:dag)?\b", "yesterday"),
        (r"\bi\s+dag\s+eftir\s+hadegi(?:d)?\b|\beftir\s+hadegi(?:d)?\b", "this afternoon"),
        (r"\b(?:i\s+morgun|fyrir\s+hadegi)\b", "this morning"),
        (r"\ba\s+morgun\b", "tomorrow"),
        (r"\bi\s+dag\b", "today"),
        (r"\bi\s+kvold\b", "tonight"),
        (r"\bi\s+nott\b", "last night"),
        (r"\b(?:i\s+)?(?:thessari\s+)?vikunni\b|\bi\s+thessari\s+viku\b", "this week"),
        (r"\bi\s+sidustu\s+viku\b", "last week"),
        (
            rf"{_LAST}\s+(\d+)\s+(?:klukkutim\w*|klukkustund\w*|klst|tim(?:a|ana|um))\b",
            r"in the last \1 hours",
        ),
        (rf"{_LAST}\s+(\d+)\s+(?:minut\w*|min)\b", r"in the last \1 minutes"),
        (rf"{_LAST}\s+(?:klukkutim\w*|klukkustund\w*|klst|tim(?:ann|a))\b", "in the last hour"),
        (rf"{_LAST}\s+solarhring\w*", "in the last 24 hours"),
        (r"\bfyrir\s+(\d+)\s+(?:minut\w*|min)(?:\s+sidan)?\b", r"\1 minutes ago"),
        (
            r"\bfyrir\s+(\d+)\s+(?:klukkutim\w*|klukkustund\w*|klst|tim(?:um|a))(?:\s+sidan)?\b",
            r"\1 hours ago",
        ),
        (r"\bfyrir\s+(?:klukkutima|klukkustund|tima)(?:\s+sidan)?\b", "an hour ago"),
        (
            r"\b(?:a\s+)?milli\s+(?:kl\.?\s*|klukkan\s+)?(\d{1,2}(?::\d\d)?)\s+og\s+(?:kl\.?\s*|klukkan\s+)?"
            r"(\d{1,2}(?::\d\d)?)\b",
            r"between \1 and \2",
        ),
        (
            r"\bfra\s+(?:kl\.?\s*)?(\d{1,2}(?::\d\d)?)\s+til\s+(?:kl\.?\s*)?(\d{1,2}(?::\d\d)?)\b",
            r"between \1 and \2",
        ),
        (
            r"\b(?:a|i)\s+sama\s+tima(?:bili)?\b|\bsama\s+timabil\w*|\ba\s+theim\s+tima(?:bili)?\b",
            "in the same span",
        ),
        (r"\bsamtimis\b", "at the same time"),
        (r"\byfir\s+daginn\b", "over the day"),
        (r"\ballan\s+daginn\b", "all day"),
        (r"\bsidan\s+hvenaer\b", "since when"),
        (r"\bsidan\s+(?:kl\.?\s*|klukkan\s+)(\d{1,2})\b(?![:.]\d)", r"since \1:00"),
        # "klukkan hvað" (at what time, the clock what), "hvað var klukkan" (what time was it)
        (r"\bhvad\s+er\s+klukkan\b", "what time is it"),
        (r"\bklukkan\s+hvad\b|\bhvad\s+klukkan\b|\bum\s+hvad\s+leyti\b", "what time"),
        (r"\bhvenaer\s+dags\b", "what time"),
        (r"\b(?:kl\.?|klukkan)\s*(\d{1,2})\b(?![:.]\d)", r"at \1:00"),
        (r"\b(?:kl\.?|klukkan)\s*(\d{1,2}[:.]\d\d)\b", r"at \1"),
        (r"\b(?:akkurat\s+)?nuna\b|\bi\s+augnablikinu\b", "now"),
        (r"\b(?:i\s+)?(?:sma\s*stund|smastund|sma\s+tima|bili)\b", "for some time"),
        (r"\b(?:samtals|alls|i\s+heild)\b", "in total"),
        (r"\bsidan\b", "since"),
        (r"\bsidast\b", "last"),
        (r"\badur(?:\s+en)?\b", "before"),
        # questions split around their verb: "hvað ... lengi" (how long), "hvað tók X langan tíma" (how long
        # did X take), "hvað ... mikið X" (how much X), "hvað ... mörg X" (how many X), "hvað ... heit"
        # (how hot); "hversu" (how) before them
        (
            r"\bhvad\s+(tok|tekur)\s+([^?.,!]{1,60}?)\s+langan\s+tima\b",
            lambda m: f"how long {'did' if m[1].lower() == 'tok' else 'does'} {m[2]} take",
        ),
        (r"\b(?:hversu|hve)\s+langan\s+tima\b", "how long"),
        (r"\blangan\s+tima\b", "long"),
        (r"\b(?:hversu|hve|hvad)\s+lengi\b", "how long"),
        (r"\bhvad\s+([^?.,!]{1,60}?)\s+lengi\b", r"how long \1"),
        (rf"\b(?:hversu|hve)\s+{_MUCH}\b", "how much"),
        (rf"\b(?:hversu|hve)\s+{_MANY}\b", "how many"),
        (
            rf"\bhvad\s+((?:[\w.-]+\s+){{0,5}}?){_MUCH}\s+(?!(?:i|a|af|med|til)\b)([\w-]+)",
            lambda m: " ".join(("how much", m[2], *m[1].split())),
        ),
        # "hvað er minnið mikið í notkun" (how much is the memory in use): "mikið" said after its noun
        (rf"\bhvad\s+((?:[\w.-]+\s+){{0,5}}?){_MUCH}\b", r"how much \1"),
        (
            rf"\bhvad\s+((?:[\w.-]+\s+){{0,5}}?){_MANY}\s+([\w-]+)",
            lambda m: " ".join(("how many", m[2], *m[1].split())),
        ),
        (r"\b(?:hversu|hve)\s+(?=heit)", "how "),
        (r"\bhvad\s+([^?.,!]{1,60}?)\s+(heit(?:ur|t|ari)?)\b", r"how hot \1"),
        # "hvað er að frétta af X" (what is new with X), "hvað gerðist með X" (what happened to X), "hvað er
        # málið með X" (what is the matter with X), "hvað segir X" (what does X say)
        (r"\bhvad\s+er\s+ad\s+fretta\s+(?:af|med|hja|um)\b", "what is new with"),
        (r"\bhvad\s+er\s+ad\s+fretta\b", "what is new"),
        (r"\bhvad\s+gerdist\s+(?:med|vid|hja|i|a)\b", "what happened to"),
        (r"\bhvad\s+(?:er|var)\s+malid\s+med\b", "what is the matter with"),
        (r"\bhvad\s+segir\s+([^?.,!]{1,60}?)(?=\s*[?.,!]|$)", r"what does \1 say"),
        (r"\bhvad\s+stendur\s+i\b", "what does it say in"),
        (r"\bstendur\s+(thad|\S+)\s+i\b", r"is \1 in"),
        (r"\bhvad\s+heldurdu\b", "what do you think"),
        (r"\bheldurdu\b", "do you think"),
        # "af hverju" (why), "hvaða" (which), "hver"/"hvert" before "er"/"var" (what: "hver er hitinn")
        # and before a verb (who: "hver stoppaði X"), "hvenær" (when), "hvar" (where), "hvernig" (how)
        (r"\b(?:af\s+hverju|afhverju|hvers\s+vegna|utaf\s+hverju)\b", "why"),
        (r"\bhvada\b", "which"),
        (r"\bhver(?:jir|jar)\b", "which"),
        (r"\bhvert?\b(?=\s+(?:er|var|eru|voru|verdur)\b)", "what"),
        (r"\bhver\b", "who"),
        (r"\bhvert\b", "what"),
        (r"\bhvad\s+med\b", "what about"),
        (r"\bhvad\b", "what"),
        (r"\ba\s+which\b", "at what"),
        (r"\bhvenaer\b", "when"),
        (r"\bhvar\b", "where"),
        (r"\bhvernig\b", "how"),
        (r"\b(?:hversu|hve)\b", "how"),
        (r"\bhvort\b", "whether"),
        # requests: "geturðu" (can you), "settu X á hold" (hold X), "settu X á pásu" (pause X), "hleyptu X af
        # stað" (let X go: release it), "hættu við X" (cancel X), "keyrðu X aftur" (run X again: retry),
        # "breyttu X í N" (change X to N), "sýndu mér" (show me), "haltu áfram" (go on: resume)
        (
            r"\b(?:geturdu|getur\s+thu|gaetirdu|gaetir\s+thu|viltu|vilt\s+thu|gaetum\s+vid|getum\s+vid)\b",
            "can you",
        ),
        (r"\b(?:vinsamlegast|plis|plz)\b", "please"),
        (r"\bsett?(?:u|ja|ti)\s+([^?.,!]{1,40}?)\s+(?:a|i)\s+(?:hold|bid)\b", r"hold \1"),
        (r"\bsett?(?:u|ja|ti)\s+([^?.,!]{1,40}?)\s+(?:a|i)\s+pas(?:u|a)\b", r"pause \1"),
        (r"\bsett?(?:u|ja|ti)\s+([^?.,!]{1,40}?)\s+(?:aftur\s+)?i\s+gang\b", r"release \1"),
        (r"\b(?:hleyp(?:tu|a|ti)|koma|komdu)\s+([^?.,!]{1,40}?)\s+(?:af\s+stad|i\s+gang)\b", r"release \1"),
        (r"\btak(?:a|tu)\s+([^?.,!]{1,40}?)\s+af\s+(?:hold(?:i)?|bid)\b", r"release \1"),
        (r"\b(?:haettu|haetta|haetti)\s+vid\b", "cancel"),
        (
            r"\b(?:keyr(?:du|a)|reyndu|reyna|prufadu|profadu)\s+([^?.,!]{0,40}?)\s*aftur\b",
            lambda m: f"retry {m[1] or 'it'}",
        ),
        (r"\b(?:haltu|halda)\s+afram\s+(?:med\s+)?", "resume "),
        (r"\b(?:haltu|halda)\s+afram\b", "resume"),
        (r"\bbreyt(?:tu|a|ti|t)\s+([^?!]{1,60}?)\s+i\s+(\d+)", r"change \1 to \2"),
        (r"\bsett?(?:u|ja|ti)\s+([^?.,!]{1,40}?)\s+(?:a|i)\s+(\d+)\s+(gpu|kort)", r"set \1 to \2 \3"),
        (r"\bsett?(?:u|ja|ti)\b", "set"),
        (r"\bbreyt(?:tu|a|ti|t)\b", "change"),
        (r"\b(?:syndu|syna|synt)\s+mer\b", "show me"),
        (r"\bsyndu\b", "show"),
        (r"\beyd(?:du|a|di)\b", "delete"),
        (r"\b(?:drep(?:tu|a|du)?|drap)\b", "kill"),
        (
            r"\bendurraes(?:tu|a|ti|t)\s+(?:vel(?:ina|inni|in)?|server(?:inn|inum)?|thjon(?:inn|inum))\b",
            "reboot the machine",
        ),
        (r"\bendurraes(?:tu|a|ti|t)\b", "restart"),
        (r"\buppfaer(?:du|a|t|di)\b", "update"),
        (r"\b(?:spadu|spa|spair)\b", "predict"),
        # English's verbs of the trade with its endings ("failaði", "cancellaðu", "retry-að", "pásaðu")
        (_BORROWED, _borrowed),
        # a correction: "nei ég meinti 13" (no, I meant 13), "ég átti við 13" (I meant 13), "ekki 12
        # heldur 13" (not 12 but 13)
        (r"\b(?:eg\s+)?atti\s+vid\b", "I meant"),
        (r"\b(?:eg\s+)?meinti\b", "I meant"),
        (r"\b(?:eg\s+)?meina\b", "I mean"),
        # a number taken back alone, "nei, 13" (no, 13), "afsakið, 13" (sorry, 13), "ekki 12 heldur 13" (not
        # 12 but 13): what English says with "I meant"
        (
            rf"^\W*(?:(?:{_SORRY})\W+)+{_TAKEN_BACK}\s*[.!]*$"
            rf"|^\W*ekki\s+{_TAKEN_BACK}\W+(?:heldur\s+)?{_TAKEN_BACK}\s*[.!]*$",
            lambda m: f"sorry, I meant {m[1] or m[3]}",
        ),
        (r"\bekki\s+((?:job\s+)?\d+)\s*,?\s*heldur\s+", r"not \1 but "),
        (r"\b(?:afsakid|fyrirgefdu)\b", "sorry"),
        # "er X búið að keyra" (has X been running), "er X að draga" (is X drawing)
        (
            rf"\b(er|var|eru|voru)\s+((?:[\w.-]+\s+){{0,3}}?)(?P<done>bui(?:d|nn|n)\s+)?ad\s+"
            rf"(?P<verb>{_DOING})\b",
            _progressive,
        ),
        (
            rf"\b(er|var)\s+bui(?:d|nn|n)\s+ad\s+({REQUEST_VERBS})\b",
            lambda m: f"{'has' if m[1].lower() == 'er' else 'had'} been {past_form(m[2].lower())}",
        ),
        (r"\bbui(?:d|nn|n)\s+ad\s+", ""),
        (r"\bekki\s+farid\s+af\s+stad\b", "not started"),
        (r"\bfarid\s+af\s+stad\b", "started"),
        (r"\bfor\s+af\s+stad\b", "started"),
        # "fór X hæst" (how high did X go: X's highest), "fór (mikil orka) í" (went into)
        (r"\bfor\s+([^?.,!]{1,30}?)\s+(?=haest)", r"was \1 "),
        (r"\bfor\s+(?=haest)", "was "),
        (r"\bfor(?:u)?\s+i\b", "went into"),
        (r"\b(thad|hann|hun|thau|job\s*\d+|[\w.]+-[\w.-]+)\s+do\b", r"\1 died"),
        # readings
        (r"\bmedal(?=hit|afl|orku|orka|alag|nyting|notkun|minni|vift)", "average "),
        (r"\b(?:a|ad)\s+medaltali\b", "on average"),
        (r"\bmedal(?:tal(?:id|inu|i)?)?\b", "average"),
        (r"\bhaest(?:i|a|ur|an|u)?\b", "highest"),
        (r"\blaegst(?:i|a|ur|an|u)?\b", "lowest"),
        (r"\btopp(?:ur|urinn|inn|num)?\b", "peak"),
        (r"\bheit(?:ast|ust)(?:i|a|ur|an|u)?\b", "hottest"),
        (r"\blengst(?:i|a|ur|an|u)?\b", "longest"),
        (r"\bkald(?:ast|ust)(?:i|a|ur|an|u)?\b", "coolest"),
        (r"\bheitari\b", "hotter"),
        (r"\bheit(?:ur|t)?\b", "hot"),
        (r"\b(?:hiti|hitinn|hitann|hitanum|hitans|hita|hitastig(?:id|inu|s)?)\b", "temperature"),
        (
            r"\b(?:orka|orku|orkan|orkuna|orkunni|orkunnar|orkunotkun(?:in|ina)?|rafmagn(?:id|inu|s)?)\b",
            "energy",
        ),
        (r"\b(?:afl|aflid|aflinu|afls|aflnotkun)\b", "power"),
        (r"\bafltakmark(?:id|inu)?\b", "power limit"),
        (r"\b(?:wott|vott|vatt|wottum|vottum)\b", "watts"),
        (r"\bminnisnotkun(?:in|ina|inni)?\b", "memory usage"),
        (r"\bminni\s+en\b", "less than"),
        (r"\bmeira\s+en\b", "more than"),
        (r"\b(?:minni|minnid|minninu|minnis)\b", "memory"),
        (r"\bi\s+notkun\b", "in use"),
        (r"\bnotkun(?:in|ina|inni)?\b", "usage"),
        (r"\b(?:nyting(?:in|una|unni|u)?|alag(?:id|inu|s)?)\b", "utilization"),
        (r"\bvift(?:a|an|u|una|unni|unnar)\b", "fan"),
        (r"\bvift(?:ur|urnar)\b", "fans"),
        (r"\bklukkutidni\b", "clock"),
        (r"\b(?:skjakort|kort)(?:id|inu)\b", "card"),
        (r"\b(?:skjakort|kort)(?:in|unum|anna)\b", "cards"),
        (r"\b(?:skjakort|kort)\b", "card"),
        (r"\bvel(?:in|inni|ina|arinnar)\b", "machine"),
        (r"\bvedr(?:id|inu|ur)\b|\bvedur\b", "weather"),
        # English's nouns of the trade with its article or case ending ("queue-inu", "clockið", "loggið",
        # "driverinn", "jobbunum", "skorið")
        (r"\blogg(?:id|inn|inum|num|nn)?\b|\blog-?(?:id|inn|inum)\b", "the log"),
        (r"\bqueue-?(?:id|inu|inn|num|nu)\b|\bbidrod(?:in|inni|ina)?\b", "the queue"),
        (r"\b(?:jobb|job)-?(?:unum|anna|ana|arnir|ar|in)\b", "jobs"),
        (r"\bjobb-?(?:id|inu|inn|num|i|s)?\b|\bjob-?(?:id|inu|inn|num)\b", "job"),
        (r"\bgpu-?(?:unum|anna|arnir|ana|ur|urnar)\b", "gpus"),
        (r"\bgpu-?(?:an|unni|una|u)\b", "gpu"),
        (r"\bgpu-?(?:id|inu|inn|num)\b", "gpu"),
        (
            r"\b(clock|limit|driver|process|server|node|checkpoint|container|kernel|benchmark|batch|status"
            r"|config|attempt)-?(?:id|inn|inum|inu|num|nn|in)\b",
            r"\1",
        ),
        (r"\bskor(?:id|inu)?\b", "score"),
        (r"\bstad(?:a|an)\b|\bstod(?:u|una|unni)\b", "state"),
        (r"\bprosent(?:um|a|ur|in)?\b", "percent"),
        (r"\btilraun(?:ir|irnar|a|um|in)?\b", "attempts"),
        (r"\bferl(?:i|id|inu)\b", "process"),
        (r"\b(?:klukkutim(?:a|ar|ana|um|inn|ann)?|klukkustund(?:ir|a|um)?|klst)\b", "hours"),
        (r"\bminut(?:ur|a|um|una)\b", "minutes"),
        # verbs: its progressive is read above; its forms here (:data:`_VERBS`)
        (r"\bhvad\s+(?:er|var)\s+(\S+)\s+ad\s+gera\b", r"what is \1 doing"),
        (r"\b(?:hefur|hafa)\s+((?:[\w.-]+\s+){0,2}?)verid\b", r"has \1been"),
        (r"\bhafdi\s+((?:[\w.-]+\s+){0,2}?)verid\b", r"had \1been"),
        (
            rf"\b(?P<asked>{_ASKED})\s+(?P<verb>{_FORM}|do)\s+(?P<subject>{_SUBJECT})(?=[\s?.!,]|$)",
            _inverted,
        ),
        (rf"\b(?:{_FORM})\b", _verb),
        (r"\b(?:verdur|verdi)\b", "will be"),
        (r"\bverid\b", "been"),
        (r"\bhefur\b", "has"),
        (r"\bhafa\b", "have"),
        (r"\bhafdi\b", "had"),
        (r"\b(?:er|ert)\b", "is"),
        (r"\beru\b", "are"),
        (r"\bvar\b", "was"),
        (r"\bvoru\b", "were"),
        (r"\bvera\b", "be"),
        # states: "laus" (free), "upptekin" (busy), "í gangi" (running), "í bið" (waiting)
        (r"\blaus(?:t|ar|ir)?\b", "free"),
        (r"\bupptekin(?:n)?\b|\bupptekid\b", "busy"),
        (r"\badgerdalaus\w*|\bi\s+lausagangi\b", "idle"),
        (r"\bi\s+gangi\b|\bi\s+keyrslu\b", "running"),
        (r"\bi\s+bid\b", "waiting"),
        # the small words
        (
            r"\b(retry|cancel|pause|release|hold|resume|restart|kill|rerun)\s+(?:a\s+)?"
            r"(?:thad|thvi|honum|henni|hana|hann)\b",
            r"\1 it",
        ),
        (r"\b(?:a|i)\s+(?:thvi|henni|honum)\b", "on it"),
        (r"\bi\s+thad\b", "into it"),
        (r"\bthetta\s+allt\b", "all this"),
        (r"\b(?:thad|thvi|hun|hana|henni|hann|honum)\b", "it"),
        (r"\b(?:thetta|thessi|thessu|thessa|thennan)\b", "this"),
        (r"\b(?:hans|hennar|thess)\b", "its"),
        (r"\b(?:their|thau|thaer)\b", "they"),
        (r"\btheirra\b", "their"),
        (r"\btheim\b", "them"),
        (r"\beg\b", "I"),
        (r"\bmer\b", "me"),
        (r"\bthu\b", "you"),
        (r"^\W*en\b", "and"),
        (r"\ben\b", "but"),
        (r"\bog\b", "and"),
        (r"\beda\b", "or"),
        (r"\bef\b", "if"),
        (r"\bthegar\b", "when"),
        (r"\bsem\b", "that"),
        (r"\bekki\b", "not"),
        (r"\bekkert\b", "nothing"),
        (r"\b(?:eitthvad|einhver(?:jir|jar|ja|n|t)?)\b", "any"),
        (r"\benn\b", "still"),
        (r"\bbara\b", "just"),
        (r"\balveg\b", "completely"),
        (r"\blika\b", "too"),
        (r"\baftur\b", "again"),
        (r"\b(?:allt|allir|allar|oll|ollum)\b", "all"),
        (r"\bbaedi\b", "both"),
        (r"\bhitt\b|\bhin\b", "the other"),
        (r"\bnei\b", "no"),
        (r"\bja\b", "yes"),
        (r"\btakk\b", "thanks"),
        (r"\bmikid\b|\bmikil\b|\bmikla\b", "much"),
        (r"\b(?:margar|morg|marga|margir)\b", "many"),
        (r"\b(?:eitt|einn|ein|einu|einum)\b(?=\s+(?:gpu|kort|card|job))", "one"),
        (r"\b(?:tvo|tveir|tvaer|tveimur)\b", "two"),
        (r"\bad\b", ""),
        (r"\ba\b", "on"),
        (r"(?<=\s)i\b(?!-)|^i\b(?!-)", "in"),  # lowercase: "I" (ég) read before stays
        (r"\baf\b", "of"),
        (r"\bfra\b", "from"),
        (r"\btil\b", "to"),
        (r"\bmed\b", "with"),
        (r"\bhja\b", "for"),
        (r"\byfir\b", "over"),
        (r"\bundir\b", "under"),
        (r"\bum\b", "about"),
        (r"\bfyrir\b", "for"),
        (r"\beftir\b", "after"),
        (r"\bmilli\b", "between"),
        (r"\bvid\b", "with"),
        (r"\bmest(?:a|i|ur|an|u)?\b", "most"),
        (r"\bsama\b", "same"),
        (r"\bnu\b", "now"),
    )
)


def icelandic_marked(text: str) -> bool:
    """Whether ``text`` shows Icelandic's marks (:data:`_MARK`), typed with its letters or without them,
    and none of the letters it never writes (:data:`_NEVER`)."""
    return marked_unaccented(text.lower(), _MARK, _UNACCENTED, _NEVER)


def icelandic(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Icelandic (:func:`icelandic_marked`, or ``lean`` leaning to it):
    its letters as typed without their marks, then its phrases and words (:data:`_TABLE`); else as it
    was."""
    return read_unaccented(text, lean, "icelandic", icelandic_marked, _UNACCENTED, _TABLE)
