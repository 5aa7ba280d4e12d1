"""Other languages said in an English message, read in English before anything else reads it: one module
a language (Tamil in Latin letters (Tanglish), Bengali in Latin letters (Banglish), Hindustani in Latin
letters, Hinglish and Roman Urdu read as one; Dutch, German, Italian, French, Spanish, Portuguese, Polish,
Korean and Japanese, Nigerian Pidgin, Scots, Taglish, Vietnamese, Indonesian, Hebrew in English letters,
Egyptian Franco, Greeklish, Turkish, Ukrainian and Russian, Romanian, Catalan, Hungarian, Czech, Swahili
and Sheng, Swedish, Finnish, Estonian, Latvian, Lithuanian, Serbian-Croatian-Bosnian in Latin letters,
Slovenian, Slovak, Bulgarian in Latin letters, Albanian, Maltese, Icelandic, Nepali in Latin letters,
Luxembourgish, Persian in Latin letters or its own script, Galician read through Portuguese's table),
each read whole where the message has marks of its own, and the words of French, Italian, Hindi and
Turkish said in passing (:mod:`.in_passing`).
Each table names only what the assistant reads (a reading, a day, a question word, a request, an article
before a card); the rest of a message is left as it was."""

from __future__ import annotations

import re
import unicodedata

from gpuaccel.assistant.understand.languages.albanian import albanian
from gpuaccel.assistant.understand.languages.bengali import bengali
from gpuaccel.assistant.understand.languages.bulgarian import bulgarian
from gpuaccel.assistant.understand.languages.catalan import catalan
from gpuaccel.assistant.understand.languages.czech import czech
from gpuaccel.assistant.understand.languages.danish import danish
from gpuaccel.assistant.understand.languages.dutch import dutch
from gpuaccel.assistant.understand.languages.east_asian import east_asian
from gpuaccel.assistant.understand.languages.estonian import estonian
from gpuaccel.assistant.understand.languages.finnish import finnish
from gpuaccel.assistant.understand.languages.franco_arabic import franco_read
from gpuaccel.assistant.understand.languages.french import french
from gpuaccel.assistant.understand.languages.galician import galician
from gpuaccel.assistant.understand.languages.german import german
from gpuaccel.assistant.understand.languages.greeklish import greeklish_read
from gpuaccel.assistant.understand.languages.hebrew import hebrew_read
from gpuaccel.assistant.understand.languages.hindi import hindi
from gpuaccel.assistant.understand.languages.hungarian import hungarian
from gpuaccel.assistant.understand.languages.icelandic import icelandic
from gpuaccel.assistant.understand.languages.in_passing import in_passing
from gpuaccel.assistant.understand.languages.indonesian import indonesian_read
from gpuaccel.assistant.understand.languages.italian import italian
from gpuaccel.assistant.understand.languages.latvian import latvian
from gpuaccel.assistant.understand.languages.lithuanian import lithuanian
from gpuaccel.assistant.understand.languages.luxembourgish import luxembourgish
from gpuaccel.assistant.understand.languages.maltese import maltese
from gpuaccel.assistant.understand.languages.nepali import nepali
from gpuaccel.assistant.understand.languages.persian import persian
from gpuaccel.assistant.understand.languages.pidgin import pidgin_read
from gpuaccel.assistant.understand.languages.polish import polish
from gpuaccel.assistant.understand.languages.portuguese import portuguese
from gpuaccel.assistant.understand.languages.romanian import romanian
from gpuaccel.assistant.understand.languages.scots import scots_read
from gpuaccel.assistant.understand.languages.serbo_croatian import serbo_croatian
from gpuaccel.assistant.understand.languages.slovak import slovak
from gpuaccel.assistant.understand.languages.slovenian import slovenian
from gpuaccel.assistant.understand.languages.spanish import spanish
from gpuaccel.assistant.understand.languages.swahili import swahili_read
from gpuaccel.assistant.understand.languages.swedish import swedish
from gpuaccel.assistant.understand.languages.tables import Lean
from gpuaccel.assistant.understand.languages.tagalog import taglish_read
from gpuaccel.assistant.understand.languages.tamil import tamil
from gpuaccel.assistant.understand.languages.turkish import turkish_read
from gpuaccel.assistant.understand.languages.ukrainian_russian import ukrainian_russian
from gpuaccel.assistant.understand.languages.vietnamese import vietnamese_read, vietnamese_typed

__all__ = [
    "Lean",
    "franco_read",
    "greeklish_read",
    "hebrew_read",
    "in_english",
    "indonesian_read",
    "pidgin_read",
    "scots_read",
    "swahili_read",
    "taglish_read",
    "turkish_read",
    "vietnamese_read",
]


_UNACCENTED = re.compile(r"[\u0300-\u036f]")  # the accents NFD splits from their letters
# English's own words, none a word of a language read here ("was" is German's what, "is" Dutch's, "on"
# French's we, "do" and "a" Portuguese's, "to" Polish's, "of" Dutch's or, "me" Spanish's and French's): a
# message with one is English, read as English in any conversation
_ENGLISH = re.compile(
    r"\b(?:the|and|what|what's|whats|which|how|why|when|who|whose|where|did|does|were|are|with|show|tell"
    r"|give|about|its|it|that|this|these|those|there|from|after|before|since|until|any|running|please)\b",
    re.I,
)


def in_english(text: str, lean: Lean | None = None) -> str:
    """``text`` with the words of each language in English, in one order (:func:`_read`): each module reads
    the message where its own marks show, noted in ``lean.read``. A message that shows no language's marks
    (or only a letter another language shares: Spanish's "é" in French), and no English word of its own
    (:data:`_ENGLISH`), is read again by the modules the conversation leans to (``lean.carried``, those that
    read its last message): "et le max ?" and "et sa fréquence SM ?" after French turns, "y la H100?" after
    Spanish ones; an English follow-up, or one in another language, is read as it would be anywhere."""
    if lean is None:
        return _read(text, None)
    lean.leaning = False
    read = _read(text, lean)
    if not lean.carried or lean.read & lean.carried or _ENGLISH.search(text) or _marked_after(read):
        return read
    if lean.read and _marked(_UNACCENTED.sub("", unicodedata.normalize("NFD", text))):
        return read  # another language's words, not only a letter it shares ("é": French's and Spanish's)
    lean.read.clear()
    lean.leaning = True
    return _read(text, lean)


def _marked(text: str) -> bool:
    """Whether ``text`` shows any language's marks."""
    probe = Lean()
    _read(text, probe)
    return bool(probe.read)


def _marked_after(text: str) -> bool:
    """Whether ``text`` shows Pidgin's or Scots' marks (read after English's own shorthand, in ``spoken``):
    a message of theirs leans to no other language."""
    probe = Lean()
    pidgin_read(scots_read(text, probe), probe)
    return bool(probe.read)


def _read(text: str, lean: Lean | None) -> str:
    """``text`` with the words of each language in English, in one order.

    Danish first of all (:func:`danish`): its marks are its own (æ ø, its words: "hvad", "hvor", "paa",
    "i gaar"), but its words are Swedish's too ("idag", "loggen", "den", "var"), so it is read before Swedish
    sees them. Then Swedish (:func:`swedish`): its marks are its own (å, its words: "varfor", "igar",
    "vantar", "hur"), but its short words are others' ("var" Hungarian's and Turkish's, "den", "det", "med"
    Dutch's and German's, "nu" Dutch's, "pa" Spanish's), so it is read before any of them sees them. Then
    Hungarian (:func:`hungarian`): its marks are its own (ő ű, its words, a number with its
    ending: "a 12es job"), but its short words are others' ("mi" Turkish's particle, "ma" Italian's but,
    "es" Spanish's is, "var" Turkish's there is), so it is read before any of them sees them. Then
    Serbian, Croatian and Bosnian (:func:`serbo_croatian`): its marks are its own ("koliko", "juce",
    "zasto", "jel"), but its words are Czech's ("koliko" its "kolik", "ceka", "na", "je"), so it is read
    before Czech sees them. Then Czech
    (:func:`czech`): its marks are its own (ě ř ů, its words: "kolik", "bezi", "vcera"), but its short words
    are others' ("co" and "to" Polish's, "na" Polish's and Swahili's, "a" Portuguese's, "ne" Turkish's), so it
    is read before any of them sees them. Then Catalan
    (:func:`catalan`): its marks are its own words ("avui", "quina", "va petar", "allibera'l"), but its
    words are others' ("que", "la", "va", "porta" Spanish's and Italian's, "ocupada" Romanian's "ocupat",
    "i" Italian's article), so it is read before any of them sees them. Nepali in Latin letters before it
    (:func:`nepali`): its marks are its own words ("kati", "kina", "thiyo", "bhayo", "gardinu"), but Turkish
    reads its "thiyo" as a progressive typed short ("-iyo"), Swahili its "kati", Dutch its "kun", Hindi its
    "baje", "ghanta" and "wala" (read by Hindi's own table from Nepali's), so it is read before any of them
    sees them. Galician before both (:func:`galician`): its marks are its own words ("hoxe", "onte", "canto",
    "enerxia", "relanzao"), but its "xa" is Nepali's "chha", its "hai" Hindi's, its "non" Italian's and its
    "que", "o", "a" Spanish's and Portuguese's, so it is read, through Portuguese's table, before any of them
    sees them. Then Romanian
    (:func:`romanian`): its marks are its own (ă ș ț, its words, a pronoun joined
    by a hyphen: "reia-l"), but its words are others' ("ce" French's and Italian's, "si" Spanish's, "sau"
    Vietnamese's, "e" Bengali's, "la" Tamil's), so it is read before any of them sees them. Then Tamil in
    Latin letters (:func:`tamil`), then Bengali in Latin letters (:func:`bengali`): their marks are their
    own, but their postpositions and particles are other languages' words (Tamil's "la" Spanish's the, its
    "ku" and "um"; Bengali's "e", "te", "ki", "r", "ta": Pidgin's "e", Hinglish's "ki"). Swahili and Sheng
    after Tamil and before Bengali (:func:`swahili_read`): their short words are Polish's "na", "ile", "je"
    and Hindi's "ya", read as theirs only where Swahili's own words show. Then Ukrainian and Russian, in
    Cyrillic or in Latin letters, whose transliterated words are other languages' words once read (Polish
    "jak", "na", "do", Greeklish "karta"). Then the languages read only where their own marks show, whose
    words are also other languages' words:
    Franco and Greeklish before all (Spanish "el", French "le", Italian "ti" and "tra" are theirs only where
    their marks show), Turkish after Franco and before the rest (its "ç" is French's mark, "ile" Polish's
    "how many", "'de" Spanish's "of", "karta" Greeklish's card: each read as Turkish first), Indonesian
    before Taglish and Hinglish (which read its "nya", "di" and "lagi"),
    Vietnamese, Taglish and Hebrew before the tables that read their words (Turkish "dün" is yesterday,
    Tagalog "dun" there; Italian "qua" here, Vietnamese "hom qua" yesterday; Italian "ma" but, Hebrew "ma ze"
    what is; Dutch "nu" now). Then Luxembourgish (:func:`luxembourgish`), read with German's tables once its
    own words are German's: its short words are Dutch's ("wat", "op", "leeft"), German's ("nach", "weis")
    and French's ("haut", "merci"), so it is read before any of them sees them. Then the languages read
    whole. Pidgin and Scots are read after English's own
    shorthand is (:func:`pidgin_read`, :func:`scots_read`, in ``spoken``)."""
    # Persian first of all (:func:`persian`), in Latin letters or its own script: its marks are its own words
    # ("chera", "cheqadr", "emruz", "lotfan", "fail shod", "hold kon", "log-esh"), but its short words are
    # others' ("chi" and "che" Italian's, "va" Italian's goes, "mersi" Romanian's thanks, "az" Hungarian's,
    # "ta" Nepali's), so it is read before any of them sees them.
    # Then Icelandic (:func:`icelandic`): its marks are its own ("ð", "þ", its words: "núna",
    # "hvaða", "hvenær", "keyrði", "loggið"), but its short words are the other Nordic languages' ("hvad" and
    # "hver" Danish's, "og", "er", "var", "i dag" everyone's) and its accents Spanish's ("á", "í"), so it is
    # read before any of them sees them; once read in English no other table sees its words.
    # Then Maltese (:func:`maltese`): its marks are its own (its article joined by a hyphen, "il-gpu",
    # "is-server", "fil-log"; "x'" before a word; "kemm", "qed", "ghaliex"), and once read in English no table
    # sees its words that are others' ("kif" Levantine's how, "meta" Greek's after, "le" French's the).
    # Then Albanian (:func:`albanian`): its marks are its own words and endings ("cfare", "pse", "eshte",
    # "anuloje", "gpu-ja", "queue-n"), but its short words are every other's ("sa" Tagalog's and Slovak's,
    # "po" Bulgarian's, "ne" Czech's, "kur" Lithuanian's, "me" Spanish's, "per" Italian's, "jo" Hindi's), so
    # it is read before any of them sees them.
    # Then Bulgarian in Latin letters (:func:`bulgarian`): its marks are its own words and endings
    # ("zashto", "sega", "vyrvi", "kartata", "queue-to", "resume-ni"), but its words are Serbian's ("kolko",
    # "kakvo", "ima li"), Slovak's and Czech's ("kolko", "dnes", "pak") and Russian's ("vchera", "pokazhi"),
    # so it is read before any of them sees them. Then Lithuanian (:func:`lithuanian`): its marks are its own
    # words ("kiek", "kodel", "siandien", "dabar", "jobas"), but its "kas", "ir", "ar", "kad" and "vakar" are
    # Latvian's (what, is, with, when, yesterday), its "eile" (the queue) Estonian's yesterday, its "kada"
    # Serbian's when, so it is read before any of them sees them.
    # Then Latvian (:func:`latvian`): its marks are its own words
    # ("tagad", "sodien", "cik", "kapec", "dzobs"), but its "kas" (what) is Estonian's yes-no opener, its
    # "kad" (when) Serbian's, so it is read before either sees them. Then Slovak (:func:`slovak`): its
    # marks are its own ("kedy", "preco", "dlho", "bezal", "pamat"), but its words are Slovenian's and
    # Serbian's ("kolko", "pusti", "daj"), Czech's ("bezi", "teplota", "zrus": it reads them with Czech's
    # table), Polish's ("teraz") and Tagalog's ("ako", "sa"), so it is read before any of them. Then Slovenian
    # (:func:`slovenian`): its marks are its own ("kaj", "kdaj", "vceraj", "zdaj",
    # "lahko"), but its words are Serbian's and Croatian's ("koliko", "daj", "spusti", "na", "je") and its
    # English verbs' endings Finnish's ("resumas": Slovenian's you resume, Finnish's resumed), so it is read
    # before them. Then Finnish (:func:`finnish`): its marks are its own (a colon case ending, "GPU 0:n", its
    # words), but its short words are others' ("se", "on", "ja", "nyt" Danish's new, "mita" Hindi's).
    # Estonian between them (:func:`estonian`): its words are Finnish's too ("ja", "on", "oli", "miks",
    # "tapa"), so it reads them where its own marks show ("mis", "kas", "praegu", "jookseb", "GPU peal") first
    # Vietnamese typed with its marks before all (:func:`vietnamese_typed`): its letters are its own (ơ ư, a
    # dot below, two stacked marks), but once another table folds them its words are others' ("nào"
    # Portuguese's "não", "là" French's "la", "qua" Italian's here)
    typed = vietnamese_typed(text)
    text = vietnamese_read(text, lean) if typed else text
    text = maltese(icelandic(persian(text, lean), lean), lean)
    text = slovak(latvian(lithuanian(bulgarian(albanian(text, lean), lean), lean), lean), lean)
    text = finnish(estonian(slovenian(text, lean), lean), lean)
    text = czech(serbo_croatian(hungarian(swedish(danish(text, lean), lean), lean), lean), lean)
    text = swahili_read(tamil(romanian(catalan(nepali(galician(text, lean), lean), lean), lean), lean), lean)
    text = turkish_read(franco_read(ukrainian_russian(bengali(text, lean), lean), lean), lean)
    text = greeklish_read(text, lean)
    text = indonesian_read(text, lean)
    text = hebrew_read(taglish_read(text if typed else vietnamese_read(text, lean), lean), lean)
    text = hindi(east_asian(polish(text, lean), lean), lean)
    text = luxembourgish(text, lean)
    text = in_passing(french(italian(german(dutch(text, lean), lean), lean), lean))
    return spanish(portuguese(text, lean), lean)
