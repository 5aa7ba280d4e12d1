"""Serbian, Croatian and Bosnian read in English: one language in Latin letters, written whole or mixed with
English words of the trade, as a Belgrade, Zagreb or Sarajevo admin types it on a chat (mostly without its
diacritics, with chat spellings: "sta radi na gpu 0", "kolko je struje potrosila 4090 juce", "zasto ceka
job 13", "jel pukao build", "otkazi ga"), Croatian's own words and ijekavian spellings too ("tko", "što",
"tjedan", "posljednji", "tijekom", "prije", "mislila sam"), where the message has marks of its own. Its
short words are others' ("na" Polish's and Czech's, "je" Czech's, "a" Portuguese's, "sta" Italian's and
Romanian's, "gde" and "posle" Russian's in Latin letters, "ceka" Czech's): they are read only beside a word
of its own."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import (
    INFLECTED_MODEL,
    Lean,
    compiled,
    english_verb,
    ing_form,
    it_or,
    marked_unaccented,
    past_form,
    read_unaccented,
)

# each letter with a diacritic and what a writer typing fast puts for it ("potrošnja" and "potrosnja",
# "juče" and "juce", "između" and "izmedju" are one word)
_UNACCENTED = str.maketrans(
    {"č": "c", "ć": "c", "š": "s", "ž": "z", "đ": "dj", "Č": "C", "Ć": "C", "Š": "S", "Ž": "Z", "Đ": "Dj"}
)

# a message is Serbian, Croatian or Bosnian where it has one of its own words, read without diacritics (its
# letters č ć š ž đ are Czech's, Slovak's and Slovenian's too); none of them another language's word once its
# diacritics are dropped: Czech's "ceka", "cekala", "obe", "oba", "vec", "nema", "pise", "serveru", "jednu",
# Polish's "sam", "ubij", Russian's "gde", "posle", "gotovo", "ona", Romanian's "vreme", "jos" and "de ce
# sta", Tagalog's "kada" and "pala", Japanese's "tada", Italian's "sta" after its question words or before a
# gerund or an article ("sta girando", "quanto sta la") or in "ci sta" (fair enough), "ventilatori", English's
# "ceo" are read only beside a word of its own; "prioritet" is Russian's too, said there with "do" before the
# new value ("podnimi prioritet 12 do 10") where this language says "na"
_MARK = re.compile(
    r"\b(?:"
    # question words and particles
    r"koliko|kolko|kolika|koliki|kolike|koliku|kolka|kolki|kolku|zasto|zbog cega|otkad|odkad|od kad|od kada"
    r"|kad|gdje|tko|što|koji|koja|koje|kojeg|kojem|kojoj|kojim|kojih|koju|jel|je li|da li|ima li"
    r"|(?<!ce )(?<!che )(?<!quanto )(?<!come )(?<!cosa )(?<!ci )sta"
    r"(?!\s+(?:la|il|lo|l'|le|gli|un|una|uno|per|ancora|\w+ando|\w+endo)\b)"
    # days and moments
    r"|juce|jucer|jucera|jucerasnj\w*|prekjuce|prekjucer|danas|danasnj\w*|jutros|sinoc|veceras|sutra"
    r"|trenutno|trenutn[aeiou]\w*|trenutacno|ujutru|ujutro|uvece|navece|popodne|poslepodne|poslijepodne"
    r"|poslednj\w*|posljednj\w*|zadnj\w*|tijekom|kakv(?:a|o|e|u)|brzin[aeiu]|izmedju|izmedu|nakon|poslije|vremena|vrijeme"
    # verbs, and an English verb given its past ("failovao", "restartovali")
    r"|radi|rade|radila|radilo|radili|vrti|vrte|vrtio|vrtela|vrtila|cekaju|cekao|cekalo|pao|pukao|pukla"
    r"|puklo|puko|crkao|crkla|crklo|krepao|trajao|trajala|trajalo|traje|poceo|pocela|pocelo|krenuo|krenula"
    r"|krece|krene|potrosio|potrosila|potrosilo|potrosili|pojeo|pojela|pojelo|iskoristio|iskoristila"
    r"|iskorisceno|iskoristeno|utrosio|utrosila|utroseno|potroseno|vuce|vuku|trosi|trose|zauzima\w*"
    r"|zauzet\w*|opterecen\w*|iskoriscen\w*|desilo|dogodilo|ubio|ubila|otkazan\w*|otkazao|otkazala"
    r"|snimio|snimila|sacuvao|upisao|zapisao|zavrsio|zavrsila|zavrsilo|gotov sam|gotova sam"
    r"|pokazi|prikazi|izlistaj|proveri|provjeri|pogledaj|treba mi|trebam|nemoj"
    r"|(?:fail|crash|throttl|restart|cancel|kill|start|retry|paus|resum|releas|run|idl|queu)\w*"
    r"(?:ovao|ovala|ovalo|ovali|ovale|ovan|ovana|ovano)|(?:fail|crash|throttl)uj[eu]"
    # requests
    r"|otkazi|otkazite|otkazati|prekini|prekinite|pauziraj\w*|zaustavi|nastavi|nastavite|pokreni"
    r"|pokrenite|restartuj|ponovi|ponovo|ponovno|iznova|pusti|oslobodi|otpusti|zadrzi|zadrzite|prebaci"
    r"|zameni|zamijeni|zamjeni|podigni|digni|povecaj|spusti|smanji|postavi|namesti|podesi"
    r"|obrisi|obrisite|obrisati|izbrisi|izbrisite|ukloni|uklonite|makni|maknite|mozes li|mozete li"
    # nouns in their cases
    r"|kartic\w*|memorij\w*|memorj\w*|struj[aeuo]|strujom|potrosnj\w*|energij\w*|snag[aeiu]"
    r"|jobovi|jobova|jobovima|jobove|jobom|poslovi|poslova|zadatak|zadatka|zadaci|pokusaj\w*"
    r"|prosecn\w*|prosjecn\w*|prosek\w*|prosjek\w*|najvec\w*|najvis\w*|najniz(?:a|i|e|u|oj|om|eg|ih)|najmanj\w*|najtopl\w*"
    r"|pregled\w*|sazet\w*|kratk(?:i|a|o|u|ak)|tjedan|tjedna|tjednu|jedan|jednog|dvije"
    r"|ukupno|sveukupno|stepen\w*|greska|greske|gresku|procesi|procesa|taktovi|sati|sata|satima|linije"
    r"|linija|gpu-u|gpu-a|gpu-om|prioritet\w*(?!.*\bdo\s+\d)|nult\w+|nuli|jedinic\w*"
    # the small words of its chat
    r"|brate|bre|ajde|hajde|molim|hvala|izvini|nesto|nista|neki|neka|nekog|njega|njemu|njoj|ovaj|onaj|taj"
    r"|mislio sam|mislila sam|pogresio|pogresila|pogrijesio|pogrijesila|nije|nisu|sve|svi"
    r"|cijeli|cijela|cijelu|obje|obadve|obadvije|obema|tacno|tad"
    r")(?!\w)",
    re.I,
)
# the English verbs a writer gives a Serbian ending ("failovao", "throttluje", "restartuj"): the English verb
_STEM = "fail|crash|throttl|restart|cancel|kill|start|retry|paus|resum|releas|hold|run|idl|queu|submit"
# the verbs that give a job's priority a new value ("postavi prioritet jobu 12 na 5", "digni mu prioritet na
# 8", "spusti prioritet 13 na 1"): raised, lowered or set, it is set to that value
_PRIORITY_SET = r"daj|postavi|stavi|namesti|podesi|promeni|promijeni|podigni|digni|povecaj|spusti|smanji"
_PRONOUNS = ("mu", "ga", "njemu", "njega", "joj", "nju", "ju", "to", "taj", "ovaj", "onaj")


def _english_verb(m: re.Match[str]) -> str:
    """An English verb with a Serbian ending, in English: "failovao" failed, "throttluje" is throttling,
    "restartuj" restart."""
    verb = english_verb(m[1])
    ending = m[2].lower()
    if ending in ("uje", "uju"):
        return f"is {ing_form(verb)}"
    if ending in ("uj", "ujte", "ovati"):
        return verb
    return past_form(verb)


def _after_evening(m: re.Match[str]) -> str:
    """ "posle 6 uvece": after 18:00; "juce posle 6 uvece": yesterday after 18:00, as English says it (the
    spans read it as that evening)."""
    day = "yesterday " if (m[1] or "").lower().startswith("ju") else ""
    return f"{day}after {int(m[2]) % 12 + 12}:{m[3] or '00'}"


# the words said between "koliko je" and its verb that name no subject: a span, a total, a moment; and the
# unit the question asks in ("koliko je sati radio": how many hours), dropped
_NO_SUBJECT = frozenset(
    "ukupno sveukupno ukupan danas juce jucer jutros sinoc tad tada onda sve vec bas tacno tocno".split()
)
_TIME_UNITS = frozenset("dugo sati sata vremena minuta".split())
# a card said as the one that worked ("GPU 1", "kartica", "H100", "4090"): its work is its busy time
_CARD = re.compile(r"\b(?:gpu|kartic\w*|[ahlbv]\d{2,3}|\d{4})\b", re.I)


def _how_long_running(m: re.Match[str]) -> str:
    """ "koliko je 4090 radio": how long was 4090 busy (a card's work is its busy time); "koliko je ukupno
    radio": how long was it running in total (the words between name no subject: :data:`_NO_SUBJECT`), so a
    follow-up's "it" is said."""
    said = [w for w in m[1].split() if w.lower() not in _TIME_UNITS]
    verb = "busy" if _CARD.search(" ".join(said)) else "running"
    if all(w.lower() in _NO_SUBJECT for w in said):
        return " ".join([f"how long was it {verb}", *said])
    return f"how long was {' '.join(said)} {verb}"


_TABLE = compiled(
    (
        # a card by its model in its cases ("na 4090ce", "4090ka"): the model (:data:`tables.INFLECTED_MODEL`)
        INFLECTED_MODEL,
        # English verbs given a Serbian ending ("failovali", "throttluje", "restartuj", "pauzirao")
        (rf"\b({_STEM})(?:ov)?(ao|ala|alo|ali|ale|an|ana|ano|uje|uju|uj|ujte|ovati)\b", _english_verb),
        (r"\bpauzira(?:o|la|lo|n|na|no)\b", "paused"),
        # requests. The pronoun said before its verb ("njega otkazi", "ga pusti"): the verb first
        (
            r"\b(?:ga|njega|nju|ju)\s+(otkazi\w*|pauziraj\w*|pusti|nastavi\w*|zadrzi\w*|ubij|prekini|"
            r"oslobodi|restartuj|pokreni)\b",
            r"\1 it",
        ),
        # the queue started again after a pause ("pokreni queue opet", "pusti red ponovno", "nastavi cijeli
        # queue"): resume, not a job's retry
        (
            r"\b(?:(?:ponovo|ponovno|opet)\s+)?(?:pokreni|pokrenite|pusti|pustite|startuj|vrati|nastavi|nastavite)"
            r"\s+(?:(?:ceo|celi|cijeli|citav)\s+)?(?:queue(?:-?u|-?a)?|red(?: cekanja)?)(?!\w)"
            r"(?:\s+(?:ponovo|ponovno|opet|nazad|natrag))?",
            "resume the queue",
        ),
        # "pokreni ga ponovo", "pusti opet", "ponovo pokreni X": retry
        (
            r"\b(?:pokreni|pokrenite|pusti|startuj|vrati)\s+((?:\S+\s+){0,2}?)(?:ponovo|ponovno|opet|iznova"
            r"|jos jednom)\b|\b(?:ponovo|ponovno|opet|iznova)\s+(?:pokreni|pokrenite|pusti|startuj)\b",
            lambda m: f"retry {m[1] or 'it'}",
        ),
        (r"\b(?:restartuj|ponovi|ponovite)\b", "retry"),
        # "vrati sve (nazad)", "vrati ga nazad" after a pause: resume
        (r"\bvrati\s+((?:\S+\s+){0,2}?)(?:nazad|natrag)\b|\bvrati sve\b", r"resume \1"),
        (r"\b(?:nastavi|nastavite|nastaviti|odpauziraj|unpauziraj)\b", "resume"),
        (r"\b(?:pusti|pustiti|oslobodi|otpusti|odblokiraj)\b", "release"),
        (r"\b(?:otkazi|otkazite|otkazati|prekini|prekinite|prekinuti|ubij|ubijte)\b", "cancel"),
        # a job taken off the list: "obrisi", "izbrisi", "ukloni", "makni" (and their infinitives)
        (
            r"\b(?:obrisi|obrisite|obrisati|izbrisi|izbrisite|izbrisati|ukloni|uklonite|ukloniti|makni|maknite"
            r"|maknuti)\b",
            "remove",
        ),
        (r"\b(?:iz|sa|s) (?:liste|popisa|spiska)\b", "from the list"),
        (r"\bstavi\s+(.{1,30}?)\s+na (?:hold|cekanje)\b", r"hold \1"),
        (r"\b(?:zadrzi|zadrzite|zadrzati)\b", "hold"),
        (r"\b(?:pauziraj|pauzirajte|pauzirati|zaustavi|zaustavite|zaustaviti|stopiraj)\b", "pause"),
        (r"\b(?:ceo|celi|celu|cijeli|cijelu|citav|citavu)\s+(?:red|queue|red cekanja)\b", "the whole queue"),
        # "daj mu prioritet 10", "postavi prioritet jobu 12 na 5", "digni prioritet jobu 12 na 5", "daj
        # prioritet 3 jobu 12": a priority given its new value, whichever verb gives it
        (
            rf"\b(?:{_PRIORITY_SET})\s+(.{{1,30}}?)\s+prioritet\s+(?:na\s+)?(\d+)\b",
            lambda m: f"set the priority of {it_or(m[1], _PRONOUNS)} to {m[2]}",
        ),
        (
            rf"\b(?:{_PRIORITY_SET})\s+prioritet\s+(?:na\s+)?(\d+)\s+" r"(?:za\s+)?(job\w*\s+\d+|\S+)",
            r"set the priority of \2 to \1",
        ),
        (
            rf"\b(?:{_PRIORITY_SET})\s+prioritet\s+(.{{1,30}}?)\s+na\s+(\d+)\b",
            r"set the priority of \1 to \2",
        ),
        (
            r"\b(?:podigni|povecaj|digni)\s+prioritet\s+(.{1,30}?)(?=\s*[?.!,]|\s+molim\b|\s*$)",
            r"bump the priority of \1",
        ),
        (r"\bprioritet(?:a|u|om)?\b", "priority"),
        # "zameni mesta 12 i 13", "zamijeni jobove 12 i 13": switch
        (
            r"\bzam(?:e|ije|je)ni\s+(?:mesta\s+|mjesta\s+)?(?:jobovima\s+|jobove\s+|poslove\s+)?(\S+)\s+i\s+(\S+)",
            r"switch \1 and \2",
        ),
        (r"\bprebaci\b", "move"),
        (r"\bda (?:ide|radi|se vrti|krene)\s+na\b", "to"),
        (r"\b(?:pokazi|pokazite|prikazi|izlistaj|ispisi)(?: mi)?\b", "show"),
        (r"\bdaj(?:te)? mi\b", "give me"),
        (r"\bdaj(?:te)?\b", "give"),
        (r"\b(?:mozes|mozete|bi|biste)\s+li(?:\s+(?:molim te|molim vas))?\b", "can you"),
        # the day's summary: "kratki pregled dana", "sazetak", "rezime"
        (r"\bpregled(?:a|u)? (?:dana|danasnjeg dana|danas)\b|\bdnevni pregled\b", "overview of the day"),
        (r"\bpregled(?:a|u)?\b", "overview"),
        (r"\b(?:sazetak|sazetka|rezime|sazeto)\b", "summary"),
        (r"\bkrat(?:ki|ak|ka|ko|ku)\b", "short"),
        (r"\b(?:proveri|provjeri|pogledaj|cekiraj)\b", "check"),
        (r"\btreba mi\b|\btrebam\b", "I need"),
        # corrections ("cekaj, pogresio sam, mislio sam na 13")
        (
            r"\b(?:mislio|mislila|htio|htela|hteo|htjela)\s+sam(?:\s+(?:reci|da kazem))?(?:\s+na)?\b",
            "I meant",
        ),
        (r"\b(?:pogresio|pogresila|pogrijesio|pogrijesila|zeznuo|zeznula)\s+sam\b|\bizvini\b", "sorry"),
        # "cekaj" opening the correction, at the message's start or after a "ne" or a stop ("ne čekaj, mislila
        # sam 13", "..., cekaj, mislio sam na 4090")
        (
            r"(?:^|(?<=[.,!;]))\s*(?:ne[,!.]?\s+)?cekaj(?:te)?\b(?=\s*[,!.]|\s+(?:mislio|mislila|htio|htjela|hteo|htela))",
            " no wait",
        ),
        (r"^\s*cekaj\b", "wait"),
        (r"\b(?:zapravo|ustvari|u stvari)\b", "actually"),
        (r"^\s*gotovo\b", "done"),
        (r"\b(?:gotov|gotova|zavrsio|zavrsila)\s+sam\b", "I am done"),
        # the job in its cases ("jobu 9", "jobom", "jobovi", "jobova"); "posao", "zadatak"
        (r"\bjob(?:ovi|ova|ovima|ove)\b", "jobs"),
        (r"\bjob(?:a|u|om)\b", "job"),
        (r"\b(?:poslovi|poslova|zadaci|zadataka)\b", "jobs"),
        (r"\b(?:posao|zadatak|zadatka)\b", "job"),
        # English words of the trade given a case ending after a hyphen ("GPU-u", "pstate-u", "log-a")
        (
            r"\b(gpu|cpu|vram|pstate|p-state|log|queue|server|driver|node)-(?:u|a|om|ovi|ova|ovima|e|i)\b",
            r"\1",
        ),
        (r"\b(gpu|server|driver|log|cluster|kernel|container)(?:u|a|om|ovi|ova|ovima|e)\b", r"\1"),
        # ... and where the word ends in a vowel or is a P-state, the ending straight on it ("P-stateu",
        # "queueu", "nodeu")
        (r"\b(p-state|pstate|queue|node|cache)(?:u|a|om|ovi|ova|ovima)\b", r"\1"),
        # the questions that ask what ran at a moment just named ("koji job je tad bio na kartici", "sta je
        # tada radilo")
        (
            r"\b(?:koji|koja|koje)\s+(?:je\s+)?(?:job|posao|proces)\s+(?:je\s+)?(?:tad|tada|u tom trenutku)"
            r"\s+(?:bio|radio|radilo|vrtio|bilo)\b|\bsta je (?:tad|tada) (?:radilo|radio|bilo|vrtelo)\b",
            "which job was running then",
        ),
        # questions: "od kad" since when; "u koliko sati" at what time; "koliko" how long before a verb of
        # time, how many before a count, else how much
        (r"\b(?:od kad|od kada|otkad|odkad|odkada)\b", "since when"),
        (
            r"\bu (?:koliko sati|koliko casova|koje vreme|koje vrijeme)\b|\bkoliko je sati bilo kad\b",
            "at what time",
        ),
        (r"\b(?:kad|kada)\s+(?:tacno|tocno)\b", "when exactly"),
        (r"\b(?:kad|kada)\b", "when"),
        # "koliko je (X) radio": how long X was running (a card's busy time, a job's run), "it" where X is
        # not said
        (
            r"\b(?:koliko|kolko)(?:\s+dugo)?\s+(?:je|su)\s+((?:\S+\s+){0,3}?)(?:radio|radila|radilo|radili)\b",
            _how_long_running,
        ),
        (r"\b(?:koliko|kolko)\s+(?:je\s+|su\s+)?(?:dugo|vremena)\b", "how long"),
        (r"\b(?:koliko|kolko)\s+puta\b", "how many times"),
        (
            r"\b(?:koliko|kolko)\b(?=(?:\s+\S+){0,3}?\s+(?:idle|busy|radio|radila|radilo|trajao|trajala"
            r"|trajalo|traje|cekao|cekala|cekalo|ceka|neaktivn\w*|besposl\w*|zauzet\s+(?:danas|juce|jucer)"
            r"|preko|iznad|ispod))",
            "how long",
        ),
        (r"\b(?:koliko|kolko)\s+(?=gpu|jobova|poslova|procesa|pokusaj|sati|vati|kwh|wh|%)", "how many "),
        (r"\b(?:koliko|kolko)\b", "how much"),
        (r"\b(?:kolika|koliki|kolike|koliku|kolka|kolki|kolku|kakva|kakav|kakvo|kakve|kakvu)\b", "what"),
        (r"\b(?:zasto|zbog cega|zbog koga)\b|\bsto ne\b", lambda m: "why not" if "ne" in m[0] else "why"),
        (r"\bnije jasno\b", "unclear"),
        (r"\bna (?:kom|kojem|kojoj)\b", "on which"),
        (r"\bu (?:kom|kojem|kojoj)\b", "in which"),
        (r"\b(?:koji|koja|koje|kojeg|kojem|kojoj|kojim|kojih|koju)\b", "which"),
        (r"\b(?:sta|sto)\s+(?:se\s+)?(?:desilo|dogodilo)\b", "what happened"),
        (r"\b(?:sta|sto)\b(?!\s*(?:posto|%))", "what"),
        (r"\b(?:ko|tko)\b", "who"),
        (r"\b(?:gde|gdje)\b", "where"),
        (r"\bkako\b", "how"),
        (r"\b(?:jel|je l|je li|da li)\s+(?:ima|imaju)\b|\bima li\b", "is there"),
        (r"\b(?:jel|je l|je li|da li)\b", ""),
        # spans and moments
        (
            r"\b(?:(danas|juce|jucer)\s+)?(?:posle|poslije|nakon|od)\s+(\d{1,2})(?::(\d\d))?\s*(?:h\s+)?"
            r"(?:uvece|navece)\b",
            _after_evening,
        ),
        (r"\b(?:juce|jucer) (?:ujutru|ujutro|pre podne|prije podne)\b", "yesterday morning"),
        (
            r"\b(?:juce|jucer) (?:popodne|poslepodne|posle podne|poslijepodne|poslije podne)\b",
            "yesterday afternoon",
        ),
        (r"\b(?:juce|jucer) (?:uvece|navece)\b|\bsinoc\b", "last night"),
        (r"\b(?:juce|jucer|jucera|jucerasnj\w*)\b", "yesterday"),
        (r"\b(?:prekjuce|prekjucer)\b", "2 days ago"),
        (r"\b(?:danas )?(?:ujutru|ujutro|pre podne|prije podne)\b|\bjutros\b", "this morning"),
        (r"\b(?:danas )?(?:popodne|poslepodne|posle podne|poslijepodne|poslije podne)\b", "this afternoon"),
        (r"\b(?:danas )?(?:uvece|navece)\b|\bveceras\b", "this evening"),
        (r"\b(?:danas|danasnj\w*)\b", "today"),
        (r"\bsutra\b", "tomorrow"),
        (
            r"\b(?:ovaj|ovog|ovom|ove|ovoj|ovu) (?:tjedan|tjedna|tjednu|nedelj[aeiu]|sedmic[aeiu])\b",
            "this week",
        ),
        (
            r"\b(?:prosli|proslog|proslom|prosle|proslu)"
            r" (?:tjedan|tjedna|tjednu|nedelj[aeiu]|sedmic[aeiu])\b",
            "last week",
        ),
        (r"\b(?:tjedan|tjedna|tjednu)\b", "week"),
        (r"\bod ponoci\b", "since midnight"),
        (r"\b(?:trenutno|trenutacno|sad|sada|upravo|u ovom trenutku|ovog trenutka)\b", "now"),
        (r"\bizme(?:dj|d)u (\d{1,2}(?::\d\d)?) i (\d{1,2}(?::\d\d)?)\b", r"between \1 and \2"),
        (
            r"\b(?:u |za |tokom |tijekom )?(?:poslednj|posljednj|zadnj)\w* (?:sat(?: vremena)?|sata)\b"
            r"|\b(?:pre|prije) sat vremena\b"
            r"|\bu zadnjih sat\b",
            "in the last hour",
        ),
        (
            r"\b(?:u |za |tokom |tijekom )?(?:poslednj|posljednj|zadnj)\w* (\d+) (?:sat|sata|sati)\b",
            r"in the last \1 hours",
        ),
        (
            r"\b(?:u |za |tokom |tijekom )?(?:poslednj|posljednj|zadnj)\w* (\d+) minut\w*",
            r"in the last \1 minutes",
        ),
        (
            r"\b(?:u |za |tokom |tijekom )?(?:poslednj|posljednj|zadnj)\w* pola sata\b",
            "in the last 30 minutes",
        ),
        (r"\b(?:pre|prije) (\d+) (?:minut\w*)\b", r"\1 minutes ago"),
        (r"\b(?:pre|prije) (\d+) (?:sat|sata|sati)\b", r"\1 hours ago"),
        (r"\b(?:u tom periodu|u tom intervalu|za to vreme|za to vrijeme|u tom vremenu)\b", "in that span"),
        (r"\b(?:tad|tada|u tom trenutku|u to vreme|u to vrijeme)\b", "then"),
        (r"\b(?:pre|prije) nego (?:sto |sta |da )?(?:je )?\b", "before "),
        (r"\b(?:pre|prije) toga\b", "before that"),
        (r"\b(?:posle|poslije|nakon) toga\b", "after that"),
        (r"\b(?:sveukupno|sve ukupno|ukupno|zajedno)\b", "in total"),
        (
            r"\bkroz sve pokusaje\b|\bu svim pokusajima\b|\bsv[ea] (?:\S+ )?pokusaj[ae]?\b",
            "over all attempts",
        ),
        # readings in their cases
        (r"\bpotrosnj[aeiu] (?:energije|struje)\b", "energy use"),
        (r"\bpotrosnj[aeiu]\b", "power draw"),
        (r"\b(?:limit|granic[aeiu]) snage\b", "power limit"),
        (r"\bsnag[aeiu]\b|\bsnagom\b", "power"),
        (r"\bbrzin(?:a|e|u|i|om) (?:ventilatora|ventilatori|fana)\b", "fan speed"),
        (r"\bbrzin(?:a|e|u|i|om)\b", "speed"),
        (r"\bstruj[aeuo]\b|\bstrujom\b", "electricity"),
        (r"\benergij[aeiu]\b|\benergijom\b", "energy"),
        (r"\btemperatur(?:a|e|u|i|om)\b", "temperature"),
        (r"\bmemorijsk\w+ (?:bus|magistral\w*|kontroler\w*)\b", "memory bus"),
        (r"\bmemori?j(?:a|e|u|i|om)\b", "memory"),
        (r"\bvram-?(?:a|u|om)\b", "VRAM"),
        (
            r"\b(?:vrti|vrte)(?: se)?\s+ventilator\w*\b|\bventilator\w*\s+(?:se\s+)?(?:vrti|vrte)\b",
            "the fan spinning",
        ),
        (r"\bventilator(?:a|i|u|om|ima)?\b", "fan"),
        (
            r"\b(?:opterecenj[aeu]|iskoriscenost\w*|iskoristenost\w*|utilizacij[aeiu]|iskoriscenj[aeu]"
            r"|opterecen[aoi]?)\b",
            "utilization",
        ),
        (r"\b(?:takt(?:ovi|a|ova)?|frekvencij[aeiu]|klokovi)\b", "clocks"),
        (r"\bproces(?:i|e|ima)\b", "processes"),
        (r"\bproces(?:a|u|om)?\b", "process"),
        (r"\b(?:u |iz |na )?red(?:u|a)? cekanja\b", "in the queue"),
        (r"(?<=\S)\s+(?:u|iz) (?:redu|reda)\b", " in the queue"),
        (r"\bu logu\b", "in the log"),
        (r"\biz loga\b", "from the log"),
        (r"\blog(?:a|u|om|ovi|ove|ova)\b", "log"),
        (r"\b(?:zadnj|poslednj|posljednj)\w* linij\w*\b", "last lines"),
        (r"\blinij[aeu]\b|\blinija\b", "lines"),
        (r"\bpokusaj(?:i|e|a|ima)\b", "attempts"),
        (r"\bpokusaj(?:u|em)?\b", "attempt"),
        (r"\bgpu[- ]?(?:sat|sati|sata|satima|casova)\b|\bsati gpu\b", "GPU-hours"),
        (r"\bsat vremena\b", "an hour"),
        (r"\b(\d+)\s*(?:sat|sata|sati|casova)\b", r"\1 hours"),
        (r"\b(\d+)\s*stepen(?:i|a)?\b", r"\1 °C"),
        (r"\b(\d+)\s*(?:vati|vata)\b", r"\1 W"),
        (r"\b(?:vati|vata|vat)\b", "watts"),
        (r"\bgresk[aeu]\b|\bgreskom\b", "error"),
        (r"\b(?:kartic(?:a|e|i|u|om|ama)|graficka kartica|graficke kartice|grafick\w+)\b", "card"),
        (r"\bna (?:obe|oba|obje|obema|obadve|obadvije) (?:card|gpu|gpu-a)\b", "on both cards"),
        (r"\b(?:obe|oba|obje|obema|obadve|obadvije) (?:card|gpu|gpu-a)\b", "both cards"),
        (r"\bna drug(?:oj|om) (?:card)?\b|\bna drugoj\b", "on the other card "),
        # counts said as words ("samo jedan GPU", "dvije kartice")
        (r"\b(?:jedan|jedna|jedno|jednu|jednog)\b", "one"),
        (r"\b(?:dva|dvije|dve)\b", "two"),
        (r"\b(?:cetiri)\b", "four"),
        # a card by its number said as a noun ("na nuli": on GPU 0, "jedinica", "keca": GPU 1)
        (r"\bnult\w+\b|\bnul(?:a|i|u|om)\b", "GPU 0"),
        (r"\bjedinic(?:a|i|u|om)\b|\bkec(?:a|u|om)?\b", "GPU 1"),
        # no articles: "na serveru" is on the server (this machine), not a cluster's server
        (r"\b(?:na|u) server(?:u)?\b", "on the server"),
        (r"\bserver(?:u|a|om)\b", "server"),
        # superlatives, means and thresholds; "najvise" of an amount is the most of it ("najvise memorije")
        (r"\bnajvis\w*(?=\s+(?:memor|energ|electricity|vram|gpu-?(?:sat|hour)|sati|vremena))", "the most"),
        (r"\b(?:maksimaln\w*|maks|najvec\w*|najvis\w*|najjac\w*)\b", "highest"),
        (r"\b(?:zadnj|poslednj|posljednj)(?:i|a|e|u|eg|em|oj|ega)\b", "last"),
        (r"\b(?:minimaln\w*|najniz(?:a|i|e|u|oj|om|eg|ih)|najmanj\w*)\b", "lowest"),
        (r"\b(?:prosecn\w*|prosjecn\w*|prosek|prosjek|srednj\w*)\b|\bu pro(?:s|sj)eku\b", "average"),
        (r"\bnajtopl\w*|\bnajvruc\w*", "hottest"),
        (r"\bnajhladn\w*", "coolest"),
        (r"\b(?:preko|iznad|vise od)\b", "above"),
        (r"\b(?:ispod|manje od)\b", "below"),
        (r"\b(?:ili|i) vise\b", "or more"),
        (r"\b(?:ili|i) manje\b", "or less"),
        (r"\bvise\b", "more"),
        (r"\bmanje\b", "less"),
        (r"\b(?:neaktivn\w*|besposl\w*|u mirovanju)\b", "idle"),
        (r"\bslobodn\w*", "free"),
        # verbs
        (r"\bne\s+(?:krece|krene|pocinje|startuje|pokrece se)\b", "is not starting"),
        (r"\bne\s+(?:radi|rade)\b", "is not running"),
        (r"\b(?:radi|rade|vrti|vrte|se vrti|se vrte|se izvrsava)\b", "is running"),
        (r"\b(?:radio|radila|radilo|radili|vrtio|vrtela|vrtila|vrtelo|vrtilo)\b", "ran"),
        (r"\b(?:ceka|cekaju)\b", "is waiting"),
        (r"\b(?:cekao|cekala|cekalo|cekali)\b", "waited"),
        (
            r"\b(?:je\s+|su\s+)?(?:pao|pala|palo|pali|pale|pukao|pukla|puklo|pukli|pukle|puko|crkao|crkla|crklo"
            r"|crkli|krepao|krepala)\b",
            "failed",
        ),
        (r"\b(?:trajao|trajala|trajalo)\b", "did it take"),
        (r"\btraje\b", "is it running"),
        (r"\b(?:poceo|pocela|pocelo|zapoceo|zapocela|krenuo|krenula|krenulo|pokrenut[aoi]?)\b", "started"),
        (r"\b(?:zavrsio|zavrsila|zavrsilo|zavrsen[aoi]?)\b", "finished"),
        (
            r"\b(?:potrosi[ol]\w*|pojeo|pojela|pojelo|iskoristi[ol]\w*|iskorisceno|iskoristeno|utrosi[ol]\w*"
            r"|utroseno|potroseno)\b",
            "used",
        ),
        (r"\b(?:trosi|trose|zauzima|zauzimaju)\b(?=(?:\s+\S+){0,2}?\s+(?:memor|vram))", "uses"),
        (r"\b(?:vuce|vuku|trosi|trose)\b", "draws"),
        (r"\b(?:vukla|vukao|trosila|trosio)\b", "drew"),
        (r"\bzauzima\w*\b", "uses"),
        (r"\bzauzet[aoi]?\b", "used"),
        (r"\b(?:otkazan\w*|otkazao|otkazala|prekinut\w*)\b", "cancelled"),
        (r"\b(?:ubio|ubila|ubijen\w*)\b", "killed"),
        (r"\b(?:se\s+)?(?:desilo|dogodilo)(?:\s+se)?\b", "happened"),
        (r"\b(?:pise|pisalo)\b", "does it say"),
        (r"\b(?:snimio|snimila|sacuvao|sacuvala|upisao|upisala|zapisao|zapisala)\b", "saved"),
        # a request whose object is left out, as the language lets it be ("ajde, otkazi", "ok retry"): of
        # the job in focus
        (
            r"^\W*(?:(?:ajde|hajde|ok|okej|dobro|vazi|onda|pa|e|brate|bre)\W+)*"
            r"(cancel|retry|rerun|restart|pause|resume|release|hold|kill)\W*"
            r"(?:(?:brate|bre|onda|odmah|molim te|molim|pls)\W*)*$",
            r"\1 it",
        ),
        # the small words, once the phrases above have read what they open
        (r"\bje\s+((?:\S+\s+){0,2}?)(?:bio|bila|bilo)\b", r"was \1"),
        (r"\bsu\s+((?:\S+\s+){0,2}?)(?:bili|bile|bila)\b", r"were \1"),
        (r"\b(?:mu|joj) je\b", "is its"),
        (r"\b(?:imao|imala|imalo|imali)\b", "had"),
        (r"\bima\b", "has"),
        (r"\bnema\b", "has no"),
        (r"\bnije\b", "is not"),
        (r"\bnisu\b", "are not"),
        (r"\bje\b", "is"),
        (r"\bsu\b", "are"),
        (r"\b(?:bio|bila|bilo|bili|bile)\b", "was"),
        (r"\b(?:ovaj|ova|ovo|ovog|ovom)\b(?=\s+\S)", "this"),
        (r"\b(?:onaj|ona|ono|onog|onom)\s+(?=iz|sa|od|na|koji|sto)", "the one "),
        (r"\b(?:onaj|onog|onoga|onu)\b(?=\s+[a-z])", "that"),
        (r"\bstar(?:i|a|o|u|og)\b", "old"),
        (r"\b(?:njega|nju|ga|ju|njih)\b", "it"),
        (r"\b(?:mu|joj|njemu|njoj)\b", "it"),
        (r"\b(?:taj|tog|toga|tom)\b(?=\s+[a-z])", "that"),
        (r"\b(?:taj|tog|toga|tom)\b|\bto\b(?=\s*(?:[?.!,]|$))|^\s*to\b", "it"),
        (r"\b(?:neki|neka|neko|nekog|neku|nekih)\b", "any"),
        (r"\bnesto\b", "anything"),
        (r"\bsve\b", "all"),
        (r"\b(?:svi|sva|svih|svim|svima)\b", "all"),
        (r"\b(?:ceo|celi|cela|celu|celog|cijeli|cijela|cijelu|citav\w*)\b", "whole"),
        (r"\b(?:obe|oba|obje|obema|obadve|obadvije)\b", "both"),
        (r"\btacno\b|\btocno\b", "exactly"),
        (r"\bvec\b", "already"),
        (r"\bsamo\b", "only"),
        (r"\b(?:opet|ponovo|ponovno|iznova)\b", "again"),
        (r"\bmalo\b", "a bit"),
        (r"\b(?:molim(?: te| vas)?|pls|plz)\b", "please"),
        (r"\b(?:hvala|fala)(?: ti| vam)?\b", "thanks"),
        (r"\b(?:okej|vazi|dobro)\b", "ok"),
        (r"^\s*a\b|(?<=[,.])\s*a\b", " and"),
        (r"(?<=\s)i(?=\s)|^i(?=\s)", "and"),
        (r"\bili\b", "or"),
        (r"\bali\b", "but"),
        (r"\bna\b", "on"),
        (r"\bu\b", "in"),
        (r"\b(?:sa|s)\b", "with"),
        (r"\bod\b(?=\s*\d)", "since"),
        (r"\bod\b", "of"),
        (r"\biz\b", "from"),
        (r"\bza\b", "for"),
        (r"\bdo\b(?=\s*\d)", "until"),
        (r"\bkroz\b", "over"),
        (r"\b(?:tijekom|tokom)\b", "during"),
        (r"\b(?:pre|prije)\b", "before"),
        (r"\b(?:posle|poslije|nakon)\b", "after"),
        (r"\b(?:kod|pri)\b", "at"),
        (r"\bda\b", ""),
        (r"\b(?:sam|si|smo|ste|se|mi|ti|bre|brate|care|ajde|hajde|ej|ma|jbg|bas|jos|pa|onda)\b", ""),
        (r"^\s*ne\b", "no"),
        (r"\bne\b", "not"),
    )
)

# letters Serbian, Croatian and Bosnian never write in Latin letters: Czech's, Polish's, Hungarian's,
# Turkish's, Romanian's, Spanish's and Portuguese's, French's and German's, the Nordic ones; a message with
# one is another language's, whatever words it shares
_NOT_SERBO_CROATIAN = re.compile(r"[ěřůťďňąęłśźżőűıİğşșțăñãõàèìòùêôëïœöüäåæøÄÖÜßáéíóú]")


def serbo_croatian_marked(text: str) -> bool:
    """Whether ``text`` shows Serbian's, Croatian's or Bosnian's marks (:data:`_MARK`), with or without
    diacritics, and no letter of another language's (:data:`_NOT_SERBO_CROATIAN`)."""
    return marked_unaccented(text, _MARK, _UNACCENTED, _NOT_SERBO_CROATIAN)


def serbo_croatian(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Serbian, Croatian or Bosnian (:data:`_MARK`): its letters without
    their diacritics, then its phrases and words (:data:`_TABLE`); else as it was."""
    return read_unaccented(text, lean, "serbo_croatian", serbo_croatian_marked, _UNACCENTED, _TABLE)
