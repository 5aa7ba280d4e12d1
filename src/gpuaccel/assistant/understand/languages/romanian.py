"""Romanian read in English: Romanian written whole, or mixed with English words of the trade, where the
message has marks of its own (a letter only Romanian has, one of its own words, or a pronoun or article
joined to a word by a hyphen: "reia-l", "da-i", "4090-ul"), typed with its diacritics or without them."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import Lean, compiled, marked_unaccented, read_unaccented

# each Romanian letter with a diacritic (both the comma and the older cedilla forms), and the plain letter a
# writer typing fast puts for it ("rulează" and "ruleaza", "așteaptă" and "asteapta" are one word)
_UNACCENTED = str.maketrans("ăâîșşțţĂÂÎȘŞȚŢ", "aaisstt" + "AAISSTT")

# a message is Romanian where it has a letter only Romanian has (ă ș ț: "â" and "î" are French's and
# Portuguese's too) or one of its own words, read without diacritics; none of them another language's word
# ("ce" is French's and Italian's, "si" Spanish's and Italian's, "la", "pe", "care", "ora", "cat" and "ieri"
# are others' too: those show only beside a word of Romanian's own)
_ROMANIAN_MARK = re.compile(
    r"[ășşțţ]|\b(?:acum|azi|aseara|asta-?noapte|dimineata|ruleaza|ruleze|rulat|ruland|joburi\w*|jobul\w*"
    r"|asteapt?a|asteptat|opreste\w*|reia\w*|porneste|pornit|elibereaza\w*|muta-l|muti|coada|pauza|ordinea"
    r"|schimba|consumat|muncit|mersi|fiecare|incoace|murit|picat|crapat|incercat|cata|cate|avea|ocupat\w*"
    r"|ocupta|ziceam|zic|ma refeream|peste|intre|dupa|cand|arata\w*|logul|placi|placile|cealalta"
    r"|celalalt|calda|cald|luam|cumparam|inca|pana|iar|terminat|mancat|curent"
    r"|utiliz[a-z]*re|temperatura maxima|de ce (?:a|au|nu|e|este|sta|s-a|mai)|la ce ora|cat timp"
    r"|cat a|cat de|te rog|poti|pune|pune-i|da-i|a fost|au fost|puterea|placii|folose\w+|jobului"
    r"|muta \S+ pe)(?!\w)"
    # a pronoun or article joined by a hyphen ("reia-l", "da-i", "mistral-ul", "gpu-uri", "retry-urile")
    r"|\w-(?:l|i|ul|ului|urile|uri|ii)\b"
    # a follow-up opened by "si" (and) and a day, a card or a question word ("si ieri?", "si pe gpu 1?")
    r"|^\s*si (?:ieri|azi|acum|aseara|pe|cate|cat|cata|cand|energie|memorie|media)\b",
    re.I,
)

_ROMANIAN = compiled(
    (
        # requests: "opreste-l de tot" / "da-i cancel" (cancel it), "reia-l" / "da-i retry" (retry it),
        # "pune-i prioritate 10", "poti sa-l muti pe gpu 1?", "elibereaza-l", "pune pauza la toata coada",
        # "porneste coada inapoi", "schimba ordinea intre 12 si 13", "pune 13 pe hold"
        # a job with its article joined ("jobul 12", "jobului 5"): the job; said first, so that the phrases
        # below read its number
        (r"\bjob(?:ul|ului)\s+(?=\d)", "job "),
        # the queue paused and resumed (before "opreste" and "reporneste" are read as cancel and retry)
        (r"\bpune (?:pauza|pe pauza) (?:la|pe) (?:toata |intreaga )?coad(?:a|ei)\b", "pause the queue"),
        (r"\bpune coada pe pauza\b|\bopreste coada\b", "pause the queue"),
        (r"\b(?:re)?porneste (?:coada|scheduler-ul)(?: inapoi| din nou)?\b", "resume the queue"),
        (r"\b(?:porneste|da drumul la) coada\b", "resume the queue"),
        (r"\bde tot\b", ""),
        (
            r"\b(?:opreste|anuleaza|omoara|da-i cancel|da-i kill)-?l?\b(?:,?\s*da-i (?:cancel|kill)\b)?",
            "cancel it",
        ),
        # "da-i retry la 9", "da-i cancel lui 12": the request of that job
        (r"\bda-i (retry|rerun|restart|cancel|kill|hold|release) (?:la|lui) (?=(?:job )?\d)", r"\1 job "),
        (r"\b(?:reia-l|reporneste-l|relanseaza-l|da-i (?:retry|rerun|restart))\b", "retry it"),
        (r"\b(?:reia|reporneste|relanseaza)\b", "retry"),
        (
            r"\b(?:pune-i|da-i|seteaza-i|fa-i)\s+(?:o\s+)?prioritate(?:a)?\s+(?:de\s+|la\s+)?(\d+)\b",
            r"set its priority to \1",
        ),
        (
            r"\b(?:pune|seteaza|da)\s+(?:lui\s+)?(.{1,30}?)\s+prioritate(?:a)?\s+(?:de\s+|la\s+)?(\d+)\b",
            r"set the priority of \1 to \2",
        ),
        (r"\bprioritate(?:a)?\b", "priority"),
        (r"\b(?:poti|puteti) sa-?l\s+(?:muti|mutati)\s+pe\b", "can you move it to"),
        (r"\b(?:poti|puteti) sa\b", "can you"),
        (r"\bmuta-l\s+pe\b|\bmuta-l\b", "move it to"),
        (r"\bmuta\s+(.{1,30}?)\s+pe\b", r"move \1 to"),
        (r"\belibereaza-l\b|\bda-i drumul\b|\bda-i release\b", "release it"),
        (r"\belibereaza\b", "release"),
        (r"\bschimba (?:ordinea )?(?:intre )?(\S+) (?:si|cu) (\S+?)(?=[,.;!?]|\s|$)", r"switch \1 and \2"),
        (r"\bpune-l pe hold\b|\bpune-l in asteptare\b", "hold it"),
        (r"\bpune (.{1,30}?) pe hold\b|\bpune (.{1,30}?) in asteptare\b", lambda m: f"hold {m[1] or m[2]}"),
        # a reason said beside a request ("am scazut batch size", "fac update la driver"): the writer's own
        (r"\bam scazut\b", "i lowered"),
        (r"\bfac update\b", "i am doing an update"),
        # what is not asked of the machine: a card to buy, a price ("ce gpu sa mai luam", "cat costa")
        (r"\bce (.{1,25}?) sa(?:-mi)? (?:mai )?(?:luam|cumparam|iau|cumpar)\b", r"which \1 should we buy"),
        (r"\bcat costa\b", "what is the price of"),
        (r"\binca (?=un|o)\b", "another "),
        (r"\bpt\b|\bpentru\b", "for"),
        # corrections: "nu stai, ziceam de gpu 0" (no wait, I meant GPU 0)
        (r"\bnu stai\b", "no wait"),
        (r"\b(?:ziceam|vorbeam|ma refeream)(?: de| la| despre)?\b", "i meant"),
        (r"\bde fapt\b", "actually"),
        (r"\bgata\b,?\s*", ""),
        (r"\bmersi\b|\bmultumesc\b", "thanks"),
        (r"\bte rog\b", "please"),
        # questions: how long, how many times, why, when, at what time
        (
            r"\b(?:de )?cat timp (?:merge|ruleaza)\b|\bde cat(?: timp)? (?:merge|ruleaza)\b",
            "how long has it been running",
        ),
        (r"\bde cand (?:merge|ruleaza)\b", "how long has it been running"),
        (r"\bde cand\b", "since when"),
        (r"\bcat (?:timp )?a rulat\b", "how long did it run"),
        # "cat a consumat 4090-ul ieri", "cata energie a consumat gpu 0": the energy a card or job used
        (
            r"\bcat(?:a)?(?: energie| enrgie| curent)? a (?:consumat|mancat) (.{1,30}?)"
            r"(?= azi| ieri| aseara| in | de la| intre| dupa|[?,.!]|$)",
            r"how much energy did \1 use",
        ),
        (
            r"\bcat (?:timp )?a muncit (.{1,30}?)(?= ieri| azi| aseara| dupa| intre| in | de la|[?,.]|$)",
            r"how long was \1 busy",
        ),
        (r"\bcat (?:timp )?a (?:stat|fost)\b", "how long was"),
        (r"\b(?:de )?cat timp\b", "how long"),
        (r"\bde cate ori a (?:incercat|rulat|reincercat|dat retry)\b", "how many times did it try"),
        (r"\bde cate ori\b", "how many times"),
        (r"\bla ce ora a (?:murit|picat|crapat|esuat|dat fail)\b", "at what time did it fail"),
        (r"\bla ce ora\b", "at what time"),
        (r"\bde ce nu porneste\b", "why is not starting"),
        (r"\bnu porneste\b", "is not starting"),
        (r"\bde ce sta (job \d+|\S+?)(?=[?.,!]|\s|$)", r"why is \1 waiting"),
        (r"\bde ce\b", "why"),
        (r"\bcand\b", "when"),
        (r"\bce are\b", "what is wrong"),
        # what a job had ("ce lr avea ala?": what lr did that one have)
        (r"\bce (\S+) avea\b", r"what \1 did it have"),
        (r"\bavea\b", "had"),
        (r"\b(\S+)-ul cate are\b", r"how many does the \1 have"),
        (r"\bcate are\b", "how many does it have"),
        (r"\bcare din\b", "which of"),
        (r"\bcare placa\b", "which card"),
        (r"\bcare a fost\b", "what was"),
        (r"\bcare\b", "which"),
        (r"\bce (?=joburi|jobul|job|gpu|placa|placi|card)", "which "),
        (r"\bce\b", "what"),
        (r"\bcat(?:a|e|i)? (?=energie|enrgie|memorie|curent|putere)", "how much "),
        (r"\bcate\b", "how many"),
        (r"\bcat[a]?\b", "how much"),
        (r"\barata-mi\b|\barata\b", "show me"),
        (r"\bspune-mi\b|\bzi-mi\b", "tell me"),
        (r"\bcompara\b", "compare"),
        (r"\bfiecare\b", "each"),
        (r"\blogul(?: de la| lui| jobului)?\b", "the log of"),
        # spans and times
        (r"\bde ieri incoace\b|\bde ieri\b", "since yesterday"),
        (r"\bde azi dimineata\b", "since this morning"),
        (r"\bazi dimineata\b|\bdimineata asta\b|\bin dimineata asta\b", "this morning"),
        (r"\bieri dimineata\b", "yesterday morning"),
        (r"\bieri seara\b|\baseara\b|\bastanoapte\b|\basta-noapte\b|\bnoaptea trecuta\b", "last night"),
        (r"\bdimineata\b", "this morning"),
        (r"\bazi\b|\bastazi\b", "today"),
        (r"\bieri\b", "yesterday"),
        (r"\bpana acum\b", "so far"),
        (r"\bacum\b", "now"),
        (r"\bdupa ora (\d{1,2})\b|\bdupa (\d{1,2})\b(?![:.]?\d|\s*%)", lambda m: f"after {m[1] or m[2]}:00"),
        (r"\bde la ora (\d{1,2})\b", r"since \1:00"),
        (r"\bintre (?:ora )?(\d{1,2}(?::\d{2})?) si (\d{1,2}(?::\d{2})?)\b", r"between \1 and \2"),
        (r"\bintre\b", "between"),
        (r"\bin medie\b", "on average"),
        (r"\bin total\b", "in total"),
        (r"\bcu toate (?:retry-urile|incercarile|reincercarile)\b", "over all its attempts"),
        (r"\biar\b", "again"),
        (r"\binapoi\b", "back"),
        # readings
        (r"\btemperatur(?:a|ii)\b", "temperature"),
        (r"\butiliz[a-z]*re(?:a|ii)?\b", "utilization"),
        (r"\bmemori(?:a|e|ei)\b", "memory"),
        (r"\bputer(?:ea|ii|e)\b", "power"),
        (r"\b(temp|temperature|utilization|util|power|memory) (?:maxim[a]?)\b", r"max \1"),
        (r"\b(temp|temperature|utilization|util|power|memory) (?:medi[ae])\b", r"mean \1"),
        (r"\bmedi[ae] de\b|\bmedi[ae]\b", "mean"),
        (r"\bmaxim[a]?\b", "max"),
        (r"\bminim[a]?\b", "min"),
        (r"\bpeak de\b", "peak"),
        (r"\ben(?:e)?rgie\b", "energy"),
        (r"\bcurent\b", "power"),
        (r"\bmai cald[a]?\b", "hotter"),
        (r"\bmai rece\b", "cooler"),
        (r"\b(?:cealalta|celalalt|celelalte) plac[ai]\b|\bcealalta\b", "the other card"),
        (r"\ba plac(?:ii|ilor)\b", "of card"),
        (r"\bplac(?:a|ile|ii|i)\b", "card"),
        (r"\bpeste\b", "above"),
        (r"\bsub\b", "below"),
        (r"\bocupat[a]?\b|\bocupta\b", "used"),
        # what jobs and cards did: "a crapat", "a murit", "a picat", "a dat fail" (failed), "a terminat"
        (r"\b(?:a|au) (?:crapat|murit|picat|esuat|dat fail)\b|\b(?:crapat|picat|murit)\b", "failed"),
        (r"\ba terminat\b|\bs-a terminat\b", "finished"),
        (r"\ba consumat\b|\bau consumat\b|\ba folosit\b", "used"),
        (r"\ba mancat\b", "ate"),
        (r"\ba muncit\b", "was busy"),
        (r"\ba incercat\b", "tried"),
        (r"\ba rulat\b|\bau rulat\b", "ran"),
        (r"\bruleaza\b|\bmerge\b", "is running"),
        (r"\bsta\b|\basteapt?a\b", "is waiting"),
        (r"\ba stat\b", "was"),
        (r"\ba fost\b|\bera\b", "was"),
        (r"\bjoburi(?:le)?\b", "jobs"),
        (r"\bjobul\b", "the job"),
        (r"\bin coada\b", "in the queue"),
        (r"\bcoada\b", "queue"),
        (r"\bpauza\b", "pause"),
        # a noun with its article joined ("4090-ul", "mistral-ul"): the noun; "gpu-uri" / "retry-urile"
        (r"\b(\w+)-(?:urile|uri)\b", r"\1s"),
        (r"\b(\w[\w.-]*?)-(?:ul|ului|le)\b", r"the \1"),
        # the function words
        (r"\bsau\b", "or"),
        (r"(?<=\s)si\b|^si\b", "and"),
        (r"\bpe\b", "on"),
        (r"\bcu\b", "with"),
        (r"\bdin\b", "of"),
        (r"\bde la\b", "from"),
        (r"\bla\b", "at"),
        (r"\bnu\b", "not"),
        (r"\beste\b|\be\b", "is"),
        (r"\bun\b|\bo\b", "a"),
        (r"\bsa\b|\bmai\b|\bboss\b", ""),
    )
)


# letters Romanian never writes: Turkish's (its "ş" is Romanian's older cedilla too), Spanish's, Portuguese's,
# French's; a message with one is another language's, whatever words it shares
_NOT_ROMANIAN = re.compile(r"[ıİğĞöÖüÜçÇñÑãõéáíóúàèìòùêôëïœ]")


def romanian_marked(text: str) -> bool:
    """Whether ``text`` shows Romanian's marks (:data:`_ROMANIAN_MARK`), with or without diacritics, and no
    letter of another language's (:data:`_NOT_ROMANIAN`)."""
    return marked_unaccented(text, _ROMANIAN_MARK, _UNACCENTED, _NOT_ROMANIAN)


def romanian(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Romanian (:data:`_ROMANIAN_MARK`): its letters without their
    diacritics, then its phrases and words (:data:`_ROMANIAN`); else as it was."""
    return read_unaccented(text, lean, "romanian", romanian_marked, _UNACCENTED, _ROMANIAN)
