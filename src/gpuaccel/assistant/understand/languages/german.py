"""German read in English: its words said in passing in any message, and German written whole where the
message has marks of its own."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.french import french_sure
from gpuaccel.assistant.understand.languages.tables import (
    ENGLISH_REQUESTS,
    ENGLISH_VERB_INFINITIVE,
    VERB_LAST,
    English,
    Lean,
    Table,
    compiled,
    it_or,
    reads,
    translated,
)

# German said in passing: a reading's word ("Auslastung", "Stromverbrauch"), "und", an article before a card,
# "um 11:10" / "14 Uhr" (at 11:10, 14:00), "seit" (since), "gestern" / "heute" / "jetzt"
_GERMAN_WORDS = {
    "wie war": "how was", "wie ist": "how is", "wie hoch": "how high", "wie viel": "how much",
    "wieviel": "how much", "wie viele": "how many", "wie lange": "how long", "was war": "what was",
    "welche": "which", "welcher": "which", "welches": "which", "welchem": "which", "welchen": "which",
    "warum": "why", "wieso": "why",
    "weshalb": "why", "wann": "when",
    "bitte": "please",
    "auslastung": "utilization", "gpu-auslastung": "utilization", "stromverbrauch": "power draw",
    "leistungsaufnahme": "power draw", "leistung": "power", "verbrauch": "consumption",
    "temperatur": "temperature", "speicher": "memory", "grafikspeicher": "memory", "lüfter": "fan",
    "grafikkarte": "card", "karte": "card", "karten": "cards", "und": "and", "oder": "or", "seit": "since",
    "gestern": "yesterday", "vorgestern": "the day before yesterday", "heute": "today", "jetzt": "now",
    "gerade": "now",
}  # fmt: skip
_GERMAN = re.compile(rf"\b(?:{'|'.join(_GERMAN_WORDS)})\b", re.I)
# an article before what those words became, a card or a job ("die Auslastung": the utilization; "die" left
# alone reads as "died")
_GERMAN_NOUNS = sorted({w for w in _GERMAN_WORDS.values() if " " not in w} - {"and", "or", "since", "please"})
_GERMAN_ARTICLE = re.compile(
    rf"\b(?:die|der|das|den|dem)\s+(?=(?:h100|h200|a100|4090|gpus?|jobs?|{'|'.join(_GERMAN_NOUNS)})\b)", re.I
)


# German written whole, read only in a message with marks of its own (an umlaut or eszett, or one of its
# own words): its phrases before :data:`_GERMAN_WORDS` ("Starten Sie ihn bitte noch einmal": rerun it;
# "Wie lange ist die 4090 heute ungenutzt herumgestanden?": how long was the 4090 idle today), its function
# words after them
# "gib (mir)" (give), not GiB after an amount ("the memory to 30 GiB")
_GIB = r"(?<![\d.]\s)(?<![\d.])gib"
_GERMAN_MARK = re.compile(
    r"[äöüß]|\b(?:wie|welche[rsmn]?|bitte|heute|gestern|wann|seit|ist|nicht|sie|und|zwischen|insgesamt"
    r"|lief|gelaufen|verbraucht|karten?|uhr|stunden?|danke|geben|setzen|starten|brechen|pausieren"
    r"|mal|wat|dit|ick|icke|nix|nen|nochmal|schmeiß|schmeiss|setz|läuft|zieht|pausier|vormittag|hat|ins"
    r"|heut|gell|isch|lang|gewartet|geschrieben|halten|wieviel|wird|werte|taktet|tauschen|meinen|stimmt"
    r"|kannste|kanns|schick|haste|nich|mach|lass|hau|krieg|fertig|wurde|dabei|probiert|oft|doch|stunden|letzten"
    r"|warum|steht|wartet|startet|eigentlich|abgebrochen|gecrasht|zeilen?|letzte|tiefste|trotzdem"
    r"|laeuft|lauft|gewesen|beider|wieder|sofort|muss|muessen|welcher|kannst|koennen|koennten|freigeben"
    r"|abbrechen|zurueckhalten|anhalten|fortsetzen|prioritaet|raeum\w*|aufraeumen|aelter"
    # requests ("lösch den job aus der liste", "entfern ihn", "der probe soll mit 1 GPU laufen statt 2")
    r"|lösch|lösche|loesch|loesche|entfern|entferne|liste|soll|sollte|laufen|statt|anstatt"
    rf"|{_GIB}"
    # everyday and Austrian speech ("was rennt auf der kiste", "zeig ma", "heast", "leiwand")
    r"|rennt|rennen|kiste|zeig|ziehn|ziehen|heast|leiwand|allokieren|raufsetzen|hochsetzen|tagen?"
    # a setting changed ("stell den auf 1 gpu um", "memory auf 40000 MiB runter")
    r"|stell|stelle|runter|rauf"
    # Bavarian ("wos laeft grad", "wia lang is er glaffa", "heid", "ned", "da 12er": job 12)
    r"|wos|wia|vui|heid|ned|glaffa|gloffa|gwart|zogn|gzogn|basst|servus|stund|worn|weng|laeft|laft|brich"
    r"|tausch|abgschmiert|wieso|leerlauf|wart|\d+er"
    # a correction ("Entschuldigung, ich meinte Job 4": sorry, I meant job 4)
    r"|entschuldigung|meinte)\b",
    re.I,
)
_HOURS = {
    "ein": 1, "eins": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8,
    "neun": 9, "zehn": 10, "elf": 11, "zwölf": 12,
}  # fmt: skip


def _half_past(m: re.Match[str]) -> str:
    """ "zwischen 12 und halb zwei": between 12:00 and 13:30 ("halb zwei" is half an hour before two, in
    the afternoon where the span opens there)."""
    hour = _HOURS.get(m[3].lower())
    if hour is None:
        return m[0]
    start = int(m[1])
    end = hour - 1 + (12 if start >= 12 and hour - 1 < 12 else 0)
    return f"between {start}:{m[2] or '00'} and {end}:30"


# a request's verb said last, as its infinitive ("12 bitte abbrechen": cancel 12; "den bitte sofort stoppen":
# cancel it; "13 zurückhalten": hold 13; "die Queue weiterlaufen lassen": resume the queue; "13 anhalten":
# halt 13, a pause if it runs, a hold if it waits), what it acts on before it, a job's number or name
# or a word for it
_INFINITIVES = {
    "abbrechen": "cancel", "stoppen": "cancel", "beenden": "cancel", "killen": "cancel",
    "zurückhalten": "hold", "zurückstellen": "hold", "anhalten": "halt", "pausieren": "pause",
    "freigeben": "release", "fortsetzen": "resume", "weiterlaufen lassen": "resume", "löschen": "remove",
    "entfernen": "remove",
}  # fmt: skip
_RERUN = r"(?:noch ?einmal|nochmal|erneut|neu)\s+starten"
_REQUEST_LAST = (
    r"\b(?:(?:den|die|das|dem)\s+(?=(?:job\s+)?#?\d|[\w.]+-|\w+ job\b))?"  # ("den 13 zurückhalten")
    # ("kannst den mistral job pausieren": a job said by a word of its name)
    r"((?:job\s+)?#?\d+|[\w.]+-[\w.-]+|(?<=den )\w+ job|die (?:queue|warteschlange)|den job|den|die|das"
    r"|ihn|es)"
    r"((?:\s+(?:bitte|sofort|gleich|jetzt|kurz|trotzdem|doch|dann|einfach|wieder|vorerst|erstmal|lieber"
    r"|nochmal|noch ?einmal|erneut))*)\s+"
    # (an English request said last as a German verb is: "den 9er bitte nochmal retry")
    rf"({'|'.join(_INFINITIVES)}|{_RERUN}|(?:{ENGLISH_REQUESTS})(?=\s*(?:[?.!,]|$)))\b"
)


def _request_last(m: re.Match[str]) -> str:
    """The request of :data:`_REQUEST_LAST` in English order: "cancel 12", "rerun it", "resume the queue"."""
    said = re.sub(r"\s+", " ", m[3])
    english = said.lower() if re.fullmatch(ENGLISH_REQUESTS, said, re.I) else "rerun"
    verb = next((v for k, v in _INFINITIVES.items() if re.fullmatch(_spelled(k), said, re.I)), english)
    what = m[1].lower()
    thing = (
        "the queue"
        if what.startswith("die ")
        else "it"
        if what in ("den", "die", "das", "ihn", "es", "den job")
        else m[1]
    )
    return f"{verb} {thing}{m[2]}"


# the words said between "mach" and the queue and its "zu" or "auf" ("mach bitte die queue wieder auf")
_QUEUE_ADVERB = r"(?:bitte|doch|gleich|kurz|jetzt|einfach|wieder|sofort|dann|halt)"


def _rerun(m: re.Match[str]) -> str:
    """ "starte den nochmal" rerun it; with no object, or only "bitte" said, the job in context: "starts
    bitte nochmal" rerun it please."""
    said = m[1].strip()
    if re.fullmatch(r"(?:(?:bitte|mal|doch|gleich|einfach|halt)\b\s*)*", said, re.I):
        return f"rerun it {said}".rstrip()
    return f"rerun {said}"


# the prepositions before a card named "der 0er" in the dative, as "auf der Karte" ("auf der 1er": on GPU 1)
_GENDERED_PREPOSITION = r"auf|an|in|mit|bei|von|zu|über|unter|neben"
# a reading before a card named in the genitive ("die Temperatur der 1er": of GPU 1)
_READING_NOUN = (
    r"power|leistung|leistungsaufnahme|temperatur|temp|auslastung|speicher|memory|lüfter|fan|takt|strom"
    r"|stromverbrauch|verbrauch|energie|util"
)


def _card_numbered(m: re.Match[str]) -> str:
    """A card named by its number with "-er" (:data:`_GERMAN_PHRASES`): "auf GPU 1", "temperatur of GPU 1"."""
    if m[5] is not None:  # "0er": GPU 0 wherever it is said
        return f"{m[4] + ' ' if m[4] else ''}GPU 0"
    if m[1]:
        return f"{m[1]} GPU {m[3]}"
    return f"{m[2]} of GPU {m[3]}" if m[2] else f"GPU {m[3]}"


def _any_spelling(pairs: tuple[tuple[str, English], ...]) -> Table:
    """``pairs`` compiled, their umlauts also read written out or left out and their ß also read ss, as a
    Swiss writer or a keyboard without them writes ("läuft" laeuft, lauft; "höchste" hoechste; "heiß"
    heiss)."""
    return compiled(tuple((_spelled(p), english) for p, english in pairs))


def _spelled(pattern: str) -> str:
    """``pattern`` with each word of :data:`_BAVARIAN` also read as Bavarian says it, each umlaut read as
    itself, written out or left out, and ß as ß or ss (not inside a lookbehind, whose width is fixed)."""
    pattern = re.sub(
        rf"(?<!\(\?<=)(?<!\(\?<!)(?:(?<=\\b)|(?<![\w\\]))({'|'.join(_BAVARIAN)})(?!\w)",
        lambda m: f"(?:{m[1]}|{_BAVARIAN[m[1]]})",
        pattern,
    )
    # a participle's "ge" said without its e, as Austrians and Bavarians say it ("gscheitert", "ghabt")
    pattern = re.sub(
        r"(?<!\(\?<=)(?<!\(\?<!)(?:(?<=\\b)|(?<![\w\\]))ge(?=[bcdfghjklmnpqrstvwxzäöü])", "ge?", pattern
    )
    return re.sub("[äöüß]", lambda m: _SPELLINGS[m[0]], pattern)


_SPELLINGS = {"ä": "(?:ä|ae|a)", "ö": "(?:ö|oe|o)", "ü": "(?:ü|ue|u)", "ß": "(?:ß|ss)"}
# a standard German word and how Bavarian says it ("wia lang is er glaffa": wie lange ist er gelaufen; "wos
# laeft grad auf da gpu": was läuft gerade auf der gpu; "warum startet der ned": nicht; "heid": heute)
_BAVARIAN = {
    "wie": "wia", "was": "wos", "ist": "is", "nicht": "ned|net", "heute": "heid|heit", "läuft": "läft",
    "gelaufen": "glaffa|gloffa|glaffn|glaufen|g'laufen", "gewartet": "gwart|gwartet", "gezogen": "zogn|gzogn",
    "noch": "no",
    "das": "des", "der": "da", "die": "de", "da": "do", "stunde": "stund", "worden": "worn", "wartet": "wart",
    "viel": "vui|vei", "abgeschmiert": "abgschmiert", "darüber": "drüber", "weiterlaufen": "weiterlaufn",
    "lassen": "lassn", "durchschnitt": "schnitt", "warum": "wieso|weshalb", "heut": "heid|heit",
}  # fmt: skip


# a request's participle, in the passive said with "soll" or "muss" ("soll beendet werden": should be ended),
# in English as the request reader reads it
_DONE_TO = {
    "beendet": "ended", "abgebrochen": "cancelled", "gestoppt": "stopped", "gekillt": "killed",
    "pausiert": "paused", "fortgesetzt": "resumed", "freigegeben": "released", "zurückgehalten": "held",
    "gelöscht": "removed", "entfernt": "removed", "neu gestartet": "restarted",
}  # fmt: skip


# what is to start again, said around "soll": the queue, a job, or it
_START_AGAIN_WHO = r"(?:er|sie|es|das|die queue|die warteschlange|der job)"


def _to_be_done(m: re.Match[str]) -> str:
    """ "soll bitte beendet werden": should be ended please, "muss gestoppt werden": must be stopped."""
    done = next(v for k, v in _DONE_TO.items() if re.fullmatch(_spelled(k), m[3], re.I))
    return f"{'should' if m[1].lower().startswith('soll') else 'must'} be {done}{m[2]}"


_GERMAN_PHRASES = _any_spelling(
    (
        # requests, said to "Sie" or to "du", and as Berlin says them ("schmeiß den raus": cancel it; "gib den
        # frei": release it; "halt den 70b eval mal fest": hold it; "setz den probe auf prio 5")
        (r"\b(?:ma|mal)\b\s*", ""),
        # ("können Sie mir ... entwerfen" is read below: a note to write)
        # ("kanns du": its t dropped, as the Rhineland types it)
        (r"\b(?:können|könnten|kannst|kanns|könntest) (?:sie|du)\b(?!\s+mir\b)", "can you"),
        # "die Priorität von 13 erhöhen", "13s Priorität hochsetzen": raise the priority of 13
        (
            r"\b(?:die )?(?:priorität|prio) (?:von|vom|für|des) (.{1,30}?)\s+(?:bitte\s+)?"
            r"(?:erhöhen|hochsetzen|anheben|raufsetzen|hochstufen)\b",
            r"raise the priority of \1",
        ),
        # "kannst den llama-70b-eval in der Prio raufsetzen", "13 in der Priorität hochstufen": raise it
        (
            r"\b(?:(?:den|die|das|dem)\s+)?((?:job\s+)?#?\d+|[\w.]+-[\w.-]+|ihn|es|den|die|das)\s+"
            r"(?:(?:bitte|mal|gleich)\s+)*in der (?:priorität|prio)\s+(?:bitte\s+)?"
            r"(?:erhöhen|hochsetzen|anheben|raufsetzen|hochstufen|raufstufen|nach oben setzen)\b",
            lambda m: f"raise the priority of {_it(m[1])}",
        ),
        (r"\bkannst\b(?!\s+(?:du|sie)\b)", "can you"),  # ("kannst den ... raufsetzen": du left out)
        # a server restarted is no job rerun ("wir müssen den Server neu starten")
        (
            r"\b(?:den|die|das)\s+(server|rechner|maschine|kiste)\b(.{0,30}?)\s+(?:neu\s*starten|neu\s*booten"
            r"|rebooten)\b",
            r"reboot the \1\2",
        ),
        # the drivers updated, the verb said last ("die nvidia treiber updaten": update the nvidia drivers;
        # "den nvidia driver updaten", its English noun)
        (
            r"\b(?:(?:die|den|der)\s+)?((?:nvidia|gpu|grafik)[\s-]?)?(?:treiber|driver)\s+(?:(?:bitte|mal|gleich)\s+)*(?:updaten"
            r"|aktualisieren|upgraden|installieren|neu installieren)\b",
            lambda m: f"update the {'nvidia ' if (m[1] or '').lower().startswith('nvidia') else ''}drivers",
        ),
        # a thing named by its number with "-er", as Austrians and Bavarians say it: a card model ("die
        # 4090er"), a card (feminine, as "die Karte": "die 1er", "auf der 0er", "die Leistung der 1er"; "0er"
        # always, no job has 0), or a job (masculine: "der 12er", "brich den 13er ab", "vom 13er")
        (r"\b(\d{4})er\b", r"\1"),
        (
            rf"\b(?:({_GENDERED_PREPOSITION})\s+(?:der|die)\s+|({_READING_NOUN})\s+der\s+|die\s+)(\d)er\b"
            r"|\b(?:(?:der|den|dem|die)\s+|(vom|beim|zum)\s+)?(0)er\b",
            _card_numbered,
        ),
        (
            r"\b(?:(?:der|den|dem)\s+|(vom|beim|zum)\s+)(\d{1,5})er\b",
            lambda m: f"{m[1] + ' ' if m[1] else ''}job {m[2]}",
        ),
        # "setz die prio vom 12er auf 10", "setze die Priorität von 12 auf 10": set its priority
        (
            r"\b(?:setz|setze|setzen sie)\s+(?:die\s+)?(?:prio|priorität)\s+(?:von|vom|für|des)\s+(.{1,40}?)"
            r"\s+(?:bitte\s+)?auf\s+(\d+)\b",
            r"set the priority of \1 to \2",
        ),
        # "den 405b-probe a weng rauf mit da prio": raise its priority
        (
            r"\b(?:(?:den|die|das|dem)\s+)?((?:job\s+)?#?\d+|[\w.]+-[\w.-]+|ihn|es|den|die|das)\s+"
            r"(?:(?:bitte|mal|gleich|a weng|ein wenig|ein bisschen|etwas)\s+)*(?:rauf|hoch|nach oben)"
            r"\s+mit\s+der\s+(?:priorität|prio)\b",
            lambda m: f"raise the priority of {_it(m[1])}",
        ),
        # "tausch 12 und 13 in da queue": switch 12 and 13
        (
            r"\btausch(?:e|en sie)?\s+(?:bitte\s+)?((?:job\s+)?\d+)\s+(?:und|mit)\s+((?:job\s+)?\d+)\b",
            r"switch \1 and \2",
        ),
        # the queue closed and opened as a door is ("mach die queue zu": pause it; "mach sie wieder auf", "die
        # queue wieder aufmachen": resume it)
        (
            rf"\bmach(?:e|en sie)?\s+(?:{_QUEUE_ADVERB}\s+)*(die (?:queue|warteschlange))\s+"
            rf"(?:{_QUEUE_ADVERB}\s+)*(zu|auf)\b(?!\s*\d)",
            lambda m: f"{'pause' if m[2].lower() == 'zu' else 'resume'} the queue",
        ),
        (
            rf"\bdie (?:queue|warteschlange)\s+(?:{_QUEUE_ADVERB}\s+)*(zu|auf)machen\b",
            lambda m: f"{'pause' if m[1].lower() == 'zu' else 'resume'} the queue",
        ),
        (_REQUEST_LAST, _request_last),
        # said with no object, the job in context ("bitte trotzdem nochmal starten": rerun it anyway)
        (rf"\b{_RERUN}\b", "rerun it"),
        (r"\b(?<!queue )(?<!warteschlange )(?:wieder\s+)?weiterlaufen lassen\b", "resume it"),
        # "Geben Sie 13 eine höhere Priorität": give 13 a higher priority
        (
            r"\b(?:gib|geben sie)\s+(.{1,30}?)(?:\s+bitte)?\s+(?:eine\s+)?(?:höhere|mehr)\s+priorität\b",
            r"give \1 a higher priority",
        ),
        (r"\bhöhere priorität\b", "higher priority"),
        (r"\bschmei(?:ß|ss)(?:en sie)?\s+(.{1,30}?)\s+raus\b", r"cancel \1"),
        (r"\b(?:gib|geben sie)\s+(.{1,30}?)(?:\s+bitte)?\s+frei\b", r"release \1"),
        # "mach den frei", "mach job 14 wieder frei": a job let go as "gib ... frei" says it (not "mach
        # speicher frei", memory freed)
        (
            r"\bmach(?:e|en sie)?\s+(?:(?:den|das|die)\s+(?=(?:job\s+)?#?\d|[\w.]+-))?"
            r"((?:job\s+)?#?\d+|[\w.]+-[\w.-]+|ihn|es|den|das|sie|den job)"
            r"(?:\s+(?:bitte|mal|jetzt|wieder|doch|endlich))*\s+frei\b",
            lambda m: f"release {_it(m[1])}",
        ),
        (r"\b(?:halt|halte|halten sie)\s+(.{1,30}?)\s+fest\b", r"hold \1"),
        # ("setz den bitte auf prio 10": the job in context, its pronoun and a "bitte" before the value)
        (
            r"\b(?:setz|setze|setzen sie)\s+(.{1,40}?)(?:\s+(?:bitte|dann|doch|gleich|jetzt))*"
            r"\s+auf (?:prio|priorität)\s*(\d+)\b",
            lambda m: f"set the priority of {_it(m[1])} to {m[2]}".replace(
                "the priority of it", "its priority"
            ),
        ),
        # a job's setting changed ("stell den auf 1 gpu um", "setz ihn auf 2 karten": set it to 1 GPU, "setz"
        # only with the value's unit, "setzen Sie seine Priorität auf 10" read below; "memory auf 40000 MiB
        # runter": lower its memory to 40000 MiB, "rauf" raise it)
        (
            r"\b(?:stell|stelle|stellen sie"
            r"|(?:setz|setze|setzen sie)(?=\s.{1,60}?\bauf\s+\d+\s*(?:gpus?|karten?|mib|gib|gb|mb)\b))"
            r"\s+(.{1,40}?)(?:\s+(?:bitte|dann|doch|gleich|jetzt))*"
            r"\s+auf\s+(\d+(?:\s*(?:gpus?|karten?|mib|gib|gb|mb))?)(?:\s+um)?\b",
            lambda m: f"set {_it(m[1])} to {m[2]}",
        ),
        (
            r"\b(?:(?:den|das)\s+)?(memory|speicher|vram)\s+(?:(?:bitte|dann|noch)\s+)*"
            r"auf\s+(\d+(?:\s*(?:mib|gib|gb|mb))?)\s+(runter|herunter|rauf|hinauf|hoch)"
            r"(?:setzen|stellen|drehen|schrauben)?\b",
            lambda m: f"{'lower' if 'unter' in m[3].lower() else 'raise'} the {m[1]} to {m[2]}",
        ),
        (r"\bpausier(?:e)?\b", "pause"),
        (r"\b(?:stoppe|stopp|stoppen sie)\b", "stop"),  # ("Stoppen Sie die ganze Queue": its pause)
        (r"\b(?:gesamte|ganze)[nmrs]?\b", "whole"),
        # "lösch den job aus der liste", "entfern den 9er": an ended job removed from the list
        (
            r"\b(?:lösch|lösche|löschen sie|entfern|entferne|entfernen sie)\s+(.{1,40}?)"
            r"(?:\s+(?:bitte\s+)?aus der (?:liste|queue|warteschlange))?(?=\s*[?.!,]|\s*$)",
            r"remove \1",
        ),
        # "mach an retry von dem" (Austrian "an": einen), "mach einen neustart": the request as a noun
        (
            r"\bmach(?:e|en sie)?\s+(?:(?:bitte|mal|ma|doch|halt|gleich)\s+)*(?:an|a|einen|nen|ein)\s+"
            r"(?:retry|rerun|neustart|restart)\b",
            "do a retry",
        ),
        # "kannst du das ändern?": change it (what was said before it)
        (r"\b(?:das|es|den|die|ihn)\s+(?:bitte\s+|mal\s+)*(?:ändern|umstellen)\b", "change it"),
        # "der probe soll nur 1 GPU nehmen statt 2": the GPUs a job should ask for
        (
            r"\bsoll(?:te|en)?\s+(?:(?:nur|bloß|lediglich)\s+)?(\d+)\s+gpus?\s+"
            r"(?:nehmen|kriegen|bekommen|nutzen|benutzen|verwenden|haben|belegen)\b",
            r"should run with only \1 GPU",
        ),
        # "die Queue soll danach wieder anlaufen", "danach soll sie wieder anlaufen": it should start again
        # (resumed, or run again); the subject before "soll" in a main clause, after it once something else
        # comes first; a few words between ("nach der Wartung") go after it
        (
            rf"\b(?:({_START_AGAIN_WHO})\s+)?soll(?:te|en)?(?:\s+({_START_AGAIN_WHO}))?"
            r"((?:\s+(?!wieder\b)\w+){0,4}?)\s+wieder\s+(?:anlaufen|starten|loslaufen|laufen)\b",
            lambda m: f"{m[1] or m[2] or 'it'} should start again{m[3]}",
        ),
        # "der Job soll beendet werden", "12 muss gestoppt werden": a request said in the passive
        (
            rf"\b(soll(?:te|en)?|muss|müssen)((?:\s+(?:bitte|sofort|jetzt|gleich))*)\s+({'|'.join(_DONE_TO)})"
            r"\s+werden\b",
            _to_be_done,
        ),
        # "der Job soll mit 1 GPU auskommen": make do with it
        (r"\bsoll(?:te|en)?\s+mit\s+(.{1,40}?)\s+auskommen\b", r"should make do with \1"),
        # "der probe soll mit 1 GPU laufen statt 2", "soll auf der 4090 laufen": what a job should run on
        (r"\bsoll(?:te|en)?\s+(.{1,40}?)\s+(?:laufen|rennen)\b", r"should run \1"),
        (r"\b(?:an)?statt\b", "instead of"),
        (
            r"\bwer hat (.{1,40}?)\s+(?:abgebrochen|gecancelt|gecancelled|gekillt|gestoppt|beendet)\b",
            r"who cancelled \1",
        ),
        # an English verb with German's infinitive ("kannste den mal canceln"), "lass ihn weiterlaufen",
        # "mach X auf hold", "hau X nach oben"
        ENGLISH_VERB_INFINITIVE,
        VERB_LAST,
        (r"\bkannste\b", "can you"),
        (r"\blass(?:en sie)?\s+(?:ihn|es|sie|den|die|das)\s+(?:wieder\s+)?weiterlaufen\b", "resume it"),
        (r"\bmach(?:en sie)?\s+(.{1,40}?)\s+auf hold\b", r"hold \1"),
        (r"\bhau\s+(.{1,40}?)\s+(?:in der queue\s+)?nach oben\b", r"bump the priority of \1"),
        # "halten Sie den mistral-7b-sft kurz an" (pause it), "tauschen Sie die zwei" (switch them), "setzen
        # Sie dem die Priorität auf 10" (set its priority to 10)
        # ("halt" read as pause of a running job, hold of one still waiting)
        (r"\b(?:halten sie|halt|halte)\s+(.{1,40}?)\s+(?:(?:kurz|mal|bitte)\s+)*an\b", r"halt \1"),
        (
            r"\btauschen sie\s+(?:die (?:zwei|beiden)|sie)\b|\btausch(?:e)? (?:die (?:zwei|beiden))\b",
            "switch them",
        ),
        (
            r"\bsetzen sie (?:dem|ihm|ihr|dem job)\s+(?:die|seine|ihre) priorität (?:bitte )?auf (\d+)\b",
            r"set its priority to \1",
        ),
        (
            r"\bwie lass(?:e)? ich (den|die|das|ihn|es|dit) (?:danach |dann )?weiterlaufen\b",
            "how do i resume it afterwards",
        ),
        (r"\bguck(?:e)? ins log\b|\bschau(?:e)? ins log\b", "check the log"),
        (r"\b(?:starten|starte) sie\b(.{0,40}?)\b(?:noch ?einmal|nochmal|erneut|neu)\b", r"rerun\1"),
        # ("starts nochmal neu": start it again, its "es" said as an s)
        (
            r"\b(?:starte|starten|start|starts|start's)\b(.{0,40}?)\b(?:noch ?einmal|nochmal|erneut|neu)"
            r"(?:\s+neu)?\b",
            _rerun,
        ),
        (r"\bneu starten\b", "rerun"),
        # "wie starte ich die danach wieder?": start it again (the queue or job in context: resumed)
        (
            r"\b(wie )?(?:starte|starten|start)(?: ich)? (den|die|das|ihn|es|sie|dit)\s+"
            r"((?:danach|dann|nachher|später)\s+)?wieder(?: an)?\b",
            lambda m: f"{'how do i ' if m[1] else ''}start it again{' afterwards' if m[3] else ''}",
        ),
        # "wie räum ich die failed jobs auf", "räum die alten jobs auf": clean them up, "die älter als 7
        # tage sind": older than 7 days
        (
            r"\b(wie )?räum(?:e)?(?: ich)? (.{1,60}?) auf\b",
            lambda m: f"{'how do i ' if m[1] else ''}clean up {m[2]}",
        ),
        (r"\b(?:die |welche )?älter als (\d+) tage[n]?(?: (?:sind|ist))?\b", r"older than \1 days"),
        (r"\balle\b", "all"),
        # a summary asked ("kannst du mir kurz zusammenfassen was heute los war", "fass mir gestern zusammen")
        (
            r"\b(?:(?:können|könnten|kannst|könntest) (?:sie|du) )?(?:mir |uns )?(?:kurz |mal |bitte )*"
            r"zusammenfassen\b",
            "can you summarize",
        ),
        (
            r"\bfass(?:e|en sie)?\s+(?:mir |uns )?(?:kurz |mal |bitte )*(.{0,40}?)(?:\s+(?:kurz|mal|bitte))*"
            r"\s+zusammen\b",
            r"summarize \1",
        ),
        (r"\bwas (heute|gestern) (?:so )?los war\b", r"what happened \1"),
        # "was ist mit dem build passiert": what happened to it
        (r"\bwas ist mit (.{1,40}?) passiert\b", r"what happened to \1"),
        (r"\bpassiert\b", "happened"),
        # "wann ist er gestartet", "wann hat job 4 angefangen": when did it start
        (
            r"\b(?:ist|hat|sind|haben)\s+((?:job\s+)?#?\d+|[\w.]+-[\w.-]+|er|sie|es|der|die|das|der job)\s+"
            r"(?:gestartet|angefangen|losgelaufen)\b",
            lambda m: f"did {_it(m[1])} start",
        ),
        (r"\b(?:gestartet|angefangen|losgelaufen)\b", "started"),
        (r"\bsetzen sie (?:seine|ihre|die) priorität (?:bitte )?auf (\d+)\b", r"set its priority to \1"),
        (r"\b(?:brechen sie|brich) (.{0,30}?)(?: bitte)? ab\b", r"cancel \1"),
        (r"\babbrechen\b", "cancel"),
        (r"\bpausieren sie\b", "pause"),
        (r"\bpausieren\b", "pause"),
        (
            r"\bwie setze ich (es|ihn|sie) (?:danach |dann |nachher )?wieder fort\b",
            r"how do i resume \1 afterwards",
        ),
        (r"\b(?:fortsetzen|weiterlaufen lassen)\b", "resume"),
        (r"\bgeben sie (es|ihn|sie|das)(?: bitte)? frei\b", r"release \1"),
        (r"\bfreigeben\b", "release"),
        (r"\berzählen sie mir\b", "tell me"),
        (r"\bwitz\b", "joke"),
        (
            r"\b(?:können|könnten|kannst|könntest) (?:sie|du) mir\b(.{0,60}?)"
            r"\b(?:entwerfen|formulieren|aufsetzen)\b",
            r"can you write me\1",
        ),
        (r"\be-mail\b", "email"),
        # a message sent to someone ("schick dem Marc eine Mail": send Marc a mail)
        (r"\b(?:schick|schicke|schicken sie|sende|senden sie)\b", "send"),
        # questions
        (r"\bum wie ?viel uhr\b|\bum welche uhrzeit\b", "at what time"),
        # "wie lange warten 12 und 13 schon": how long have 12 and 13 been waiting
        (r"\bwie lange? (?:warten|wartet)\s+(.{1,40}?)\s+schon\b", r"how long have \1 been waiting"),
        # why a job failed or does not start ("warum ist 9 abgebrochen", "wieso startet 13 nicht"), what it
        # waits for ("auf was wartet 12", "worauf wartet der"), how far it is ("wie weit ist er")
        (
            r"\b(warum|wieso|weshalb)\s+(?:ist|sind|wurde)\s+(.{1,40}?)\s+(?:denn\s+)?(?:abgebrochen|abgestürzt"
            r"|gecrasht|abgeschmiert|fehlgeschlagen|schiefgegangen|gescheitert|gefailt|gefailed)\b",
            lambda m: f"why did {_it(m[2])} fail",
        ),
        (
            r"\b(?:warum|wieso|weshalb)\s+(?:startet|beginnt|läuft)\s+(.{1,40}?)\s+(?:denn\s+|noch\s+|immer\s+)*nicht\b",
            lambda m: f"why is {_it(m[1])} not starting",
        ),
        # (and English's verb given German's participle: "ist gefailt")
        (r"\b(?:fehlgeschlagen|schiefgegangen|abgestürzt|gecrasht|gescheitert|gefailt|gefailed)\b", "failed"),
        (
            r"\b(?:auf was|worauf)\s+(?:wartet|warten)\s+(.{1,40}?)(?:\s+(?:eigentlich|denn|noch|gerade|da))*"
            r"(?=\s*[?.!,]|\s*$)",
            lambda m: f"what is {_it(m[1])} waiting for",
        ),
        (r"\bwie weit (?:ist|is|sind) (?:er|sie|es|der|die|das|der job)\b", "how far along is it"),
        # a job's run said with everyday verbs ("was rennt grad": what is running; "wie lang rennt der
        # schon": how long has it been running)
        (
            r"\bwie lange?\s+(?:rennt|läuft|rennen|laufen)\s+((?:job\s+)?\d+|[\w.]+-[\w.-]+|er|sie|es|der|die"
            r"|das|dit|der job)(?:\s+(?:schon|denn|eigentlich|jetzt|bereits))*\b",
            lambda m: f"how long has {_it(m[1])} been running",
        ),
        (r"\b(?:was|wer)\s+(?:rennt|läuft|rennen|laufen)\b", "what is running"),
        (r"\b(?:rennt|rennen)\b", "is running"),
        (r"\b(?:kiste|rechner|maschine)\b", "machine"),
        # a draw asked now ("wie viel strom ziehn die karten grad": how much power do the cards draw)
        (
            r"\bwie ?viel (?:strom|leistung|watt|power)\s+(?:zieht|ziehen|ziehn)\s+(.{1,40}?)"
            r"(?=\s+(?:grad|gerade|jetzt|momentan|aktuell)\b|\s*[?.!,]|\s*$)",
            r"how much power do \1 draw",
        ),
        # ("was zieht die 4090 grad an strom": what does it draw in power, now)
        (
            r"\bwas\s+(?:zieht|ziehen|ziehn)\s+(.{1,40}?)\s+((?:grad|gerade|jetzt|momentan|aktuell)\s+)?"
            r"an\s+(?:strom|leistung|watt)\b",
            lambda m: f"how much power do {m[1]} draw {m[2] or ''}".rstrip(),
        ),
        # what a job tried ("wie viel speicher wollt er allokieren"; "wie oft hat ers probiert": er es)
        (
            r"\b(?:wollte?|wolltn|hat)\s+(?:es|er|ers|sie|der)\b(?:.{0,30}?)\s*"
            r"\b(?:anfordern|allokieren|allozieren|reservieren)\b",
            "did it try to allocate",
        ),
        (r"\bhat\s+(?:ers|er|es|sies|sie|der)\s+(?:es\s+)?(?:probiert|versucht)\b", "did it try"),
        # what a job had ("welche lr hat der ghabt": which lr did it have)
        (
            r"\b(?:hat|hatte)\s+((?:job\s+)?\d+|[\w.]+-[\w.-]+|er|sie|es|der|die|das|der job)\s+gehabt\b",
            lambda m: f"did {_it(m[1])} have",
        ),
        # a job's output ("was is rausgekommen", "was kam dabei raus": what were the results)
        (
            r"\bwas (?:ist|is|sind)\s+(?:(?:da|dabei|denn|eigentlich|bei (?:der|dem|den) \w+)\s+)*"
            r"(?:raus|heraus)gekommen\b|\bwas kam (?:da |dabei |denn )?(?:raus|heraus)\b",
            "what were the results",
        ),
        # a job named by what came after the one talked about ("der finetune danach": the finetune after it;
        # not a card, the queue or a time: "die 4090 danach" is the card afterwards)
        (
            r"\b(?:der|den|dem|das|die)\s+(?!(?:gpus?|karten?|grafikkarte|queue|warteschlange|kiste|h100|\d+"
            r"|stunden?|tag|zeit|nacht|früh)\b)([a-z][\w.-]*)\s+danach\b",
            r"the \1 after it",
        ),
        (r"\bwann war (?:das|des|dit|det)\b", "when did that happen"),  # ("was" is read below)
        (r"\bzeig(?:e|en sie)?\b(?:\s+mir\b)?", "show"),
        (r"\b(?:heast|hearst|oida)\b,?", ""),
        (r"\bleiwand\b", "great"),
        (r"\bsteht (?=im\b|in\b)", "is "),
        (r"\b(?:die )?letzten? zeilen\b", "the last lines"),
        (r"\b(?:die )?letzte zeile\b", "the last line"),
        (r"\bzeilen?\b", "lines"),
        # "vor dem ersten Versuch": before the first attempt
        (r"\bvor (?=dem|der|den)\b", "before "),
        (r"\bnach (?=dem|der|den)\b", "after "),  # ("nach der Wartung": after the maintenance)
        (r"\bwartung\b", "maintenance"),
        (r"\bersten\b", "first"),
        (r"\bversuch\b", "attempt"),
        # a compound read ("Durchschnittstemperatur": average temperature; "Spitzenleistung": peak power),
        # energy said as a consumption over a span ("Stromverbrauch heute", "Gesamtverbrauch gestern")
        (r"\bdurchschnitts-?(\w+)", r"average \1"),
        (r"\bspitzen-?(\w+)", r"peak \1"),
        # ("Höchsttemperatur": max temperature; not "höchste" nor "höchstens", at most)
        (r"\bhöchst(?!e[nmrs]?\b|ens\b)-?(\w+)", r"max \1"),
        (r"\b(?:tiefst|niedrigst)(?!e[nmrs]?\b|ens\b)-?(\w+)", r"min \1"),
        # a run ("der mistral-Lauf": the mistral run)
        (r"-?\blauf\b", lambda m: " run" if m[0].startswith("-") else "run"),
        (r"\bgesamt(?:strom|energie)?verbrauch\b|\benergieverbrauch\b", "energy used"),
        (
            r"\b(?:strom|energie)?verbrauch\b(?=.{0,40}\b(?:heute|gestern|seit|letzten|vormittag|nachmittag"
            r"|woche|monat|insgesamt|zusammen|kwh)\b)|(?:(?<=heute )|(?<=gestern ))(?:strom)?verbrauch\b",
            "energy used",
        ),
        (r"\bpro (karte|gpu|job)\b", r"per \1"),
        # hours busy and idle, "von Mitternacht bis jetzt" (from midnight to now)
        (r"\bbeschäftigt\b", "busy"),
        (r"\bgewesen\b", ""),
        (r"\bvon (\S+) bis\b", r"from \1 to"),
        (r"\bmitternacht\b", "midnight"),
        (
            r"\b(?:bei\s+)?(\d+)\s*(?:grad|°c?)\s+oder\s+(?:wärmer|heißer|mehr|darüber|höher)\b",
            r"at or above \1 °C",
        ),
        (r"\b(?:am )?tiefsten?\b", "lowest"),
        (r"\blänger\b", "longer"),
        (r"\bkürzer\b", "shorter"),
        (r"\bwie setze ich\b", "how do i set"),
        (r"\bwie rechne ich (.{1,20}?) (?:in|auf) (.{1,20}?) um\b", r"how can i convert \1 to \2"),
        (r"\bnur die formel\b", "only the formula"),
        (r"\bich muss\b", "i must"),
        (rf"\b{_GIB}\b(?:\s+mir\b)?", "give me"),
        (r"\bwir müssen\b", "we must"),
        # "ich muss am Netzteil was prüfen": check something (not "was machen die GPUs", what they do)
        (r"\bwas (?:prüfen|checken|nachschauen|nachsehen)\b", "check something"),
        (r"\bprüfen\b", "check"),
        (r"^\s*(?:so|ok|okay|gut)?,?\s*fertig\s*[.!,]", "ok, done."),
        (r"\balles in allem\b", "in total"),
        (r"\balles\b", ""),
        (r"\bsofort\b", ""),
        (r"\btrotzdem\b", "anyway"),
        (r"\bwieder\b", ""),
        (r"\bkurz\b", ""),
        # ("wie lang hat der braucht": its participle without "ge", as Austrians say it)
        # ("wie lange hat der gedauert": how long it lasted)
        (
            r"\bwie lang(?:e)? hat (er|sie|es|der|die|das)\s+(?:(?:ge)?braucht|gedauert)\b",
            "how long did it take",
        ),
        (r"\bzwischen (\d{1,2})(?::(\d{2}))? und halb (\w+)\b", _half_past),
        (r"\bwie lang(?:e)?\b", "how long"),
        (r"\bwas\b", "what"),
        (r"\bgeworden\b", "got"),
        (r"\bwie ?viel\b", "how much"),
        (r"\bheut\b", "today"),
        (r"\bwie warm\b", "how hot"),
        # "wie schnell dreht der Lüfter": how fast the fan spins; "wie hoch ist die 4090 gegangen": how high
        # it went
        (r"\bwie schnell\b", "how fast"),
        (r"\bdreh(t|en)\b", lambda m: "spins" if m[1] == "t" else "spin"),
        (r"\bwie hoch (?:ist|sind) (.{1,40}?) gegangen\b", r"how high did \1 go"),
        (r"\bgegangen\b", "gone"),
        (r"\bbraucht\b", "uses"),  # ("wie viel memory braucht die gpu 0": how much it uses)
        (r"\bwie oft\b", "how many times"),
        (r"\bgenau\b", "exactly"),  # ("wann genau?": when exactly)
        (
            r"\b(?:die |in den )?letzten (zwei|drei|vier|fünf|sechs|\d+) stunden\b",
            lambda m: f"the last {_HOURS.get(m[1].lower(), m[1])} hours",
        ),
        (
            r"\b(?:der |die |in den |den )?letzten (zwei|drei|vier|fünf|sechs|sieben|\d+)"
            r" (tage|tagen|minuten|wochen)\b",
            lambda m: f"the last {_HOURS.get(m[1].lower(), m[1])} "
            + {"tage": "days", "tagen": "days", "minuten": "minutes"}.get(m[2].lower(), "weeks"),
        ),
        (r"\bfertig\b", "finished"),
        (r"\bwert\b", "value"),
        (r"\bnich\b", "not"),
        (r"\bdabei\b", "during it"),
        (r"\b(?:ach|eben|doch|eh|eigentlich|jeweils)\b,?", ""),
        (r"\bgell\b,?|\bhalt\b(?=\s*[.!,]|$)", ""),
        (r"\bisch\b", "is"),
        (r"\bgewartet\b", "waited"),
        (r"\b(?:warten|wartet)\b", "waiting"),
        (r"\bvorher\b", "before"),
        (r"\b(?:rausgegeben|ausgegeben|geschrieben|geloggt)\b", "logged"),
        (r"\bsagt\b", "says"),  # ("was sagt das log": what the log says)
        (r"\bins log\b", "in the log"),
        (r"\bwelche werte\b", "which scores"),
        (r"\bspeichertakt\b", "memory clock"),
        # "warum taktet die GPU 0 nicht voll", "wieso taktet sie so niedrig": why is it throttled (its clock
        # held below full)
        (
            r"\b(?:warum|wieso|weshalb)\s+taktet\s+(.{1,30}?)\s+(?:gerade\s+|jetzt\s+|momentan\s+)?"
            r"(?:nicht\s+(?:voll|hoch|mehr hoch)|(?:so|zu|derart)\s+(?:niedrig|langsam|tief|gering))\b",
            r"why is \1 throttled",
        ),
        (r"\btaktet\b(.{1,30}?)\bvoll\b", r"sm clock of\1"),
        (r"\bwird (?:die|der|sie|er|es)\s+gedrosselt\b", "is it throttled"),
        (r"\bich mein(e|te)?\b", lambda m: "i meant" if (m[1] or "").lower() == "te" else "i mean"),
        (r"\b(?:entschuldigung|verzeihung|entschuldigen sie)\b", "sorry"),
        (r"\bunterschied zwischen\b", "difference between"),
        (r"\bwas meinen sie\b", "in your opinion"),
        # advice asked ("lohnt sich X bei nem 7b modell überhaupt": is X worth it for a 7b model)
        (
            r"\blohnt (?:es )?sich\s+(?!es\b)(.{1,40}?)(?=\s+(?:bei|für|mit)\b|\s*[?.!]|\s*$)",
            r"is \1 worth it",
        ),
        (r"\blohnt sich\b", "is it worth"),
        (r"\bsag(?:en sie)?\s*,|\büberhaupt\b", ""),  # ("sag mal," its "mal" read above)
        (r"\b(?:bei|für) (?:nem|einem|einen|ein)\b", "for a"),
        (r"\bmodell\b", "model"),
        # what the writer changed ("hab die batch size runtergsetzt": i lowered the batch size)
        (
            r"\b(?:ich )?hab(?:e)?\s+(.{1,40}?)\s+(?:runtergesetzt|runtergsetzt|reduziert|verkleinert)\b",
            r"i lowered \1",
        ),
        (r"\bwärmer\b", "warmer"),
        # a card's temperature asked as how warm or cool ("wie kühl war die 0 am niedrigsten", "am wärmsten")
        (r"\bam (?:wärmsten|heißesten)\b", "hottest"),
        (r"\bam (?:kühlsten|kältesten)\b", "coolest"),
        (r"\bwie (?:kühl|kalt)\b", "how cool"),
        (r"\bwie warm\b", "how warm"),
        (r"\bseit wann\b", "since when"),
        (r"\bwie lange\b", "how long"),
        (r"\bwie viele\b", "how many"),
        (r"\bwie viel\b", "how much"),
        (r"\bwie heiß\b", "how hot"),
        (r"\bam heißesten\b", "hottest"),
        (r"\bwie hat sich (.{1,30}?) verhalten\b", r"how was \1"),
        (r"\bwas ziehen\b", "what draw"),
        (r"\bwelcher job hat (?:die|das|den|es) verursacht\b", "which job was it"),
        (r"\bwelcher job war da drauf\b|\bwelcher job lief da(?: gerade)?\b", "which job was running then"),
        (r"\bwas ist bei der (?:evaluierung|auswertung) herausgekommen\b", "what were the eval results"),
        (r"\bhat alles geklappt\b", "did everything succeed"),
        (r"\bzuletzt ins log geschrieben\b", "last logged"),
        (r"\b(?:wollte es|wollte er|hat es) (?:.{0,30}?)anfordern\b", "did it try to allocate"),
        (r"\bbevor (?:sie|es|er) drangekommen (?:sind|ist)\b", "before they started"),
        # Berlin's and everyday speech: "wat" (what), "dit" (it), "ick" (I), "grad" (now: not "70 Grad"),
        # "zusammengerechnet" (in total), "steht rum" (idle), "die andere" (the other one)
        (r"\bwat\b", "what"),
        (r"\b(?:ick|icke)\b", "i"),
        (r"\bnix\b", "nothing"),
        (r"\bnen\b", "a"),
        # ("über 70 grad"; "die H100 grad" and "auf der GPU 0 grad" are now)
        (r"(?<![a-z\d])(?<!gpu )(?<!job )(\d{1,3})\s*grad\b", r"\1 °C"),
        (r"\bgrad\b", "now"),
        (r"\bzusammengerechnet\b", "in total"),
        (r"\bzusammen\b", "together"),  # ("alle Versuche zusammen": all attempts together)
        (r"\b(?:steht|stand|standen)\b(.{0,20}?)\brum\b|\brumgestanden\b", r"is\1 idle"),
        (r"\b(?:die|der|das) andere\b", "the other one"),
        (r"\bandere[nmrs]?\b", "other"),  # ("auf der anderen Karte": on the other card)
        (r"\bam niedrigsten\b", "lowest"),
        (r"\bam meisten\b", "most"),
        (r"\b(?:heute )?vormittag\b|\bheute (?:früh|morgen)\b|\bin der früh\b", "this morning"),
        # the weather asked ("wie wird das Wetter morgen": tomorrow's), which no reading here answers
        (r"\bwetter\b", "weather"),
        (
            r"(?<!guten )(?<!gestern )(?<!am )(?<!den )(?<!jeden )\bmorgen\b"
            r"(?! (?:früh|vormittag|nachmittag|abend)\b)",
            "tomorrow",
        ),
        (r"\bbis dahin\b", "until then"),
        # "kurze Zusammenfassung vom Tag": a short summary of the day
        (r"\bzusammenfassung\b", "summary"),
        (r"\bkurze[nrs]?\b", "short"),
        (r"\bvom tag\b", "of the day"),
        (r"\b(?:heute )?nachmittag\b", "this afternoon"),
        (r"\bstrom gezogen\b|\bgezogen\b", "drew power"),
        (r"\bvergleich(?:e|en sie|en)?\b", "compare"),
        (r"\bheißer\b", "hotter"),
        (r"\büber (\d+)", r"above \1"),
        (r"\bverbrannt\b", "used"),
        (
            r"\bläuft (?:der|die|das|dit|er|es|sie) (?:schon|denn|noch)\b"
            r"|\bläuft (?:der|dit|er|es)(?=\s*[?.!,]|\s*$)",
            "is it running",
        ),
        # spans and moments
        (r"\bin diesem augenblick\b|\bim moment\b|\bmomentan\b|\bderzeit\b|\baktuell\b|\bgerade\b", "now"),
        (
            r"\b(?:im selben|im gleichen|in dem|in diesem) zeitraum\b|\bin (?:dieser|der) (?:stunde|zeit)\b",
            "in that span",
        ),
        (r"\b(?:in der |die |der )?letzten? stunde\b", "in the last hour"),  # ("schnitt letzte stunde")
        # "gestern ab 18 Uhr" (from 18:00 yesterday: its clock read above)
        # ("gestern ab 18 Uhr": the day said first, as English's "yesterday after 18:00", which the spans read
        # as the rest of yesterday, to its midnight)
        (r"\bgestern ab (\d{1,2}:\d{2})\b", r"yesterday after \1"),
        (r"\bab (?=\d{1,2}:\d{2}\b)", "from "),
        (r"\bheute nacht\b|\bletzte nacht\b", "last night"),
        (r"\bgestern abend\b", "yesterday evening"),
        (r"\bseit mitternacht\b", "since midnight"),
        (r"\bseit mittag\b", "since noon"),
        (r"\bzwischen (\d{1,2}) und (\d{1,2})(?::00)?\b", r"between \1:00 and \2:00"),
        (r"\bheuer\b", "this year"),
        # readings, how much and which way
        # "steht sie still", "wie lange stand die 4090 gestern still": idle, what stood between said
        (
            r"\b(steht|stand|standen)\s+(.{0,30}?)\s*\b(?:schon )?still\b",
            lambda m: f"{'is' if m[1].lower() == 'steht' else 'was'} {m[2]} idle".replace("  ", " "),
        ),
        (r"\bstillgestanden\b", "idle"),
        (
            r"\b(?:ungenutzt|untätig|unbenutzt)(?: herumgestanden| gestanden)?\b|\bherumgestanden\b"
            r"|\bim leerlauf\b",
            "idle",
        ),
        (r"\bdrosselt\b|\bgedrosselt\b", "throttling"),
        (r"\bsm[- ]?takt\b|\btakt\b", "sm clock"),
        (r"\bgpu-stunden\b", "gpu hours"),
        (r"\b(?:powerlimit|power-limit|leistungslimit|leistungsgrenze)\b", "power limit"),
        (r"\btemp[ae]ratur\b", "temperature"),
        (r"\blüfter\b", "fan"),  # ("luefter": its umlaut written out)  # ("temparatur", as it is often typed)
        (r"\bkost(?:et)?\b", "cost"),
        (r"\bstrom\b", "electricity"),
        (r"\benergie\b", "energy"),
        (r"\bversuche\b", "attempts"),
        (r"\bstunden\b", "hours"),
        (r"\blernrate\b", "learning rate"),
        (r"\b(\d+)\s*grad\b", r"\1 °C"),
        (r"\boder (?:darüber|mehr|höher)\b", "or more"),
        # "im Durchschnitt über den Tag": the average over the day
        (r"\büber (?:den (?:ganzen )?|'n )tag\b|\bübern tag\b", "over the day"),
        (r"\b(?:durchschnittliche|durchschnittlich|im schnitt|durchschnitt)\b", "average"),
        (r"\b(?:die )?(?:höchste|maximale)\b|\bmaximal\b|\bspitze\b", "max"),
        (r"\b(?:die )?(?:niedrigste|minimale)\b|\bminimal\b", "min"),
        (r"\bausgelastet\b", "utilized"),
        (r"\bbelegt\b", "used"),
        (r"\bfrei(?:e[nmrs]?)?\b", "free"),  # ("welche GPU ist frei": a verb's particle is read above)
        (r"\b(?:nur|ausschließlich|lediglich)\b", "only"),
        (r"\beinzige[nmrs]?\b", "single"),
        (r"\bprozess(e)?\b", lambda m: "processes" if m[1] else "process"),
        (r"\b(?:(dafür)\s+)?verantwortlich\b", lambda m: "responsible" + (" for that" if m[1] else "")),
        (r"\bvon welchem job\b", "by which job"),
        (r"\b(?:insgesamt|in summe)\b", "in total"),
        (r"\b(?:verbraucht|gebraucht|geleistet)\b", "used"),
        # ("mit welcher lr ist der gelaufen": with which lr did it run)
        (
            # ("insgesamt" read above: "in total")
            r"\b(?:ist|sind) (?:(es|er|sie|der|die|das) )?(in total )?gelaufen\b|\bgelaufen\b",
            lambda m: f"did it run{' in total' if m[2] else ''}" if m[1] else "ran",
        ),
        (r"\blief(?:en)?\b|\bläuft\b", "ran"),
        (r"\bauf den karten\b", "on the cards"),
        (r"\bin der queue warten\b|\bin der warteschlange warten\b", "wait in the queue"),
        (r"\bwarteschlange\b", "queue"),
        (r"\bmussten\b", "had to"),
        (r"\bdieses element\b|\bdieser job\b", "this one"),
        (r"\bbeide[nr]?\b", "both"),
        (r"\b(?:mit|bei) welche[mr]\b", "with which"),
        # a reading's genitive ("die temperatur der 4090", "die auslastung der h100": of the card)
        (
            r"\b(temperature|fan|energy|sm clock|auslastung|leistung|leistungsaufnahme|stromverbrauch"
            r"|speicher|verbrauch)\s+(?:der|des)\b",
            lambda m: f"{_GERMAN_WORDS.get(m[1].lower(), m[1])} of the",
        ),  # ("wann und bei welchem job?": the job at a peak)
    )
)


_GERMAN_FUNCTION_WORDS = compiled(
    (
        # Bavarian's article "da" after a preposition ("in da queue", "mit da prio": the), "do" there
        (r"\b(in|im|auf|mit|von|bei|an|aus|zu|über|unter) (?:da|de)\b", r"\1 der"),
        (r"\b(is|ist|war|was) do\b", r"\1 then"),
        (r"\b(?:es|ihn|er|dit|det)\b", "it"),
        # a demonstrative said for "it" before a verb's particle or the end ("starte den nochmal neu"; "von
        # welchem job war des?", Austrian and Bavarian "des" for das)
        (
            r"\b(?:den|der|die|das|des|dem)\b"
            r"(?=\s*(?:(?:bitte|please)\s*)?(?:[?.!,]|$|nochmal|noch|neu|danach|weiter|frei|fest|raus))",
            "it",
        ),
        (r"(?<!\bpause )\bsie\b", "it"),
        (r"\b(?:der|die|das|den|dem|des|de)\b", "the"),
        (r"\bist\b", "is"),
        (r"\bhat\b", "has"),
        (r"\bhaben\b", "have"),
        (r"\bhatten?\b", "had"),
        (r"\bwar\b", "was"),
        (r"\bwurde\b", "was"),
        (r"\bim\b", "in the"),
        (r"\bin der\b", "in the"),
        (r"\bmit\b", "with"),
        (r"\bfür\b", "for"),
        (r"\bvom\b", "of the"),
        (r"\b(?:von|vo)\b", "of"),  # (Austrian and Bavarian "vo": "vo wie viel insgesamt")
        (r"\bauf\b", "on"),
        (r"\bda\b", "then"),
        (r"\bdann\b", "then"),
        (r"\bdanach\b", "afterwards"),
        (r"\b(?:noch|no)\b", ""),  # (Bavarian "no")
        (r"\bschon\b", ""),
        (r"\bich\b", "i"),
        (r"\b(?:ein|eine|einen|einer)\b", "a"),
        (r"\b(?:dieser|diese|dieses|diesen|diesem)\b", "this"),
        (r"\bdanke\b", "thanks"),
        (r"^\s*nein\b", "no"),  # ("nein sorry, ich meine den 13": a correction)
    )
)


def german(text: str, lean: Lean | None = None) -> str:
    """``text`` with the German words of :data:`_GERMAN_WORDS` in English, and its clock said as English says
    it; where the message is German written whole (:data:`_GERMAN_MARK`), its phrases first
    (:data:`_GERMAN_PHRASES`) and its function words last (:data:`_GERMAN_FUNCTION_WORDS`); not where a
    mark only French writes shows (:func:`french_sure`: "flush-le de la liste" shares German's "liste")."""
    whole = reads(lean, "german", _GERMAN_MARK.search(text) and not french_sure(text))
    return german_read(text, whole=whole)


def german_read(text: str, *, whole: bool = True) -> str:
    """``text`` read by German's tables: its words said in passing and its clock, and where ``whole`` (German
    written whole) its phrases and function words too. Luxembourgish reads its message so once its own
    words are German's (:func:`luxembourgish.luxembourgish`): one reading of the words the two share."""
    text = re.sub(r"\bum (\d{1,2})(?::(\d{2}))?(?:\s*uhr\b)?(?=\s*(?:[?.!,]|$|\w))", _um, text, flags=re.I)
    text = re.sub(r"\b(\d{1,2})\s*uhr\b", r"\1:00", text, flags=re.I)
    if whole:
        text = translated(text, _GERMAN_PHRASES)
    text = _GERMAN.sub(lambda m: _GERMAN_WORDS[m[0].lower()], text)
    text = re.sub(r"\b(how (?:high|much|many|long)|which|why|when) war\b", r"\1 was", text, flags=re.I)
    text = _GERMAN_ARTICLE.sub("the ", text)
    return translated(text, _GERMAN_FUNCTION_WORDS) if whole else text


def _it(said: str) -> str:
    """A job said in a question: its bare number read as the job's, a pronoun or demonstrative for it as "it"
    ("warum ist der abgebrochen")."""
    if said.isdigit():
        return f"job {said}"  # ("warum startet 13 nicht": why is job 13 not starting)
    return it_or(said, ("er", "sie", "es", "der", "die", "das", "den", "der job"))


def _um(m: re.Match[str]) -> str:
    """ "um 11:10" at 11:10, "um 14 Uhr" at 14:00 (a bare "um 5" is the English "um": kept)."""
    if m[2] is None and "uhr" not in m[0].lower():
        return m[0]
    return f"at {m[1]}:{m[2] or '00'}"
