"""Other languages said in an English message, read in English before anything else reads it: one module
a language (Hindustani in Latin letters, Hinglish and Roman Urdu read as one; Dutch, German, Italian,
French, Spanish, Portuguese, Polish, Korean and Japanese, Nigerian Pidgin, Scots, Taglish, Vietnamese,
Indonesian, Hebrew in English letters, Egyptian Franco, Greeklish, Turkish, Ukrainian and Russian), each read
whole where the message has marks of its own, and the words of French, Italian, Hindi and Turkish said in
passing (:mod:`.in_passing`). Each table names only what the assistant reads (a reading, a day, a question
word, a request, an article before a card); the rest of a message is left as it was."""

from __future__ import annotations

from gpuaccel.assistant.understand.languages.dutch import dutch
from gpuaccel.assistant.understand.languages.east_asian import east_asian
from gpuaccel.assistant.understand.languages.franco_arabic import franco_read
from gpuaccel.assistant.understand.languages.french import french
from gpuaccel.assistant.understand.languages.german import german
from gpuaccel.assistant.understand.languages.greeklish import greeklish_read
from gpuaccel.assistant.understand.languages.hebrew import hebrew_read
from gpuaccel.assistant.understand.languages.hindi import hindi
from gpuaccel.assistant.understand.languages.in_passing import in_passing
from gpuaccel.assistant.understand.languages.indonesian import indonesian_read
from gpuaccel.assistant.understand.languages.italian import italian
from gpuaccel.assistant.understand.languages.pidgin import pidgin_read
from gpuaccel.assistant.understand.languages.polish import polish
from gpuaccel.assistant.understand.languages.portuguese import portuguese
from gpuaccel.assistant.understand.languages.scots import scots_read
from gpuaccel.assistant.understand.languages.spanish import spanish
from gpuaccel.assistant.understand.languages.tagalog import taglish_read
from gpuaccel.assistant.understand.languages.turkish import turkish_read
from gpuaccel.assistant.understand.languages.ukrainian_russian import ukrainian_russian
from gpuaccel.assistant.understand.languages.vietnamese import vietnamese_read

__all__ = [
    "franco_read",
    "greeklish_read",
    "hebrew_read",
    "in_english",
    "indonesian_read",
    "pidgin_read",
    "scots_read",
    "taglish_read",
    "turkish_read",
    "vietnamese_read",
]


def in_english(text: str) -> str:
    """``text`` with the words of each language in English, in one order.

    First Ukrainian and Russian, in Cyrillic or in Latin letters, whose transliterated words are other
    languages' words once read (Polish "jak", "na", "do", Greeklish "karta"). Then the languages read only
    where their own marks show, whose words are also other languages' words:
    Franco and Greeklish before all (Spanish "el", French "le", Italian "ti" and "tra" are theirs only where
    their marks show), Turkish after Franco and before the rest (its "ç" is French's mark, "ile" Polish's
    "how many", "'de" Spanish's "of", "karta" Greeklish's card: each read as Turkish first), Indonesian
    before Taglish and Hinglish (which read its "nya", "di" and "lagi"),
    Vietnamese, Taglish and Hebrew before the tables that read their words (Turkish "dün" is yesterday,
    Tagalog "dun" there; Italian "qua" here, Vietnamese "hom qua" yesterday; Italian "ma" but, Hebrew "ma ze"
    what is; Dutch "nu" now). Then the languages read whole. Pidgin and Scots are read after English's own
    shorthand is (:func:`pidgin_read`, :func:`scots_read`, in ``spoken``)."""
    text = turkish_read(franco_read(ukrainian_russian(text)))
    text = hebrew_read(taglish_read(vietnamese_read(indonesian_read(greeklish_read(text)))))
    return spanish(portuguese(in_passing(french(italian(german(dutch(hindi(east_asian(polish(text))))))))))
