"""Other languages said in an English message, read in English before anything else reads it: one module
a language (Hinglish, Dutch, German, Italian, French, Spanish, Portuguese, Korean and Japanese, Nigerian
Pidgin, Scots, Taglish, Vietnamese, Egyptian Franco, Greeklish), each read whole where the message has marks
of its own, and the words of French, Italian, Hindi and Turkish said in passing (:mod:`.in_passing`). Each
table names only what the assistant reads (a reading, a day, a question word, a request, an article before a
card); the rest of a message is left as it was."""

from __future__ import annotations

from gpuaccel.assistant.understand.languages.dutch import dutch
from gpuaccel.assistant.understand.languages.east_asian import east_asian
from gpuaccel.assistant.understand.languages.franco_arabic import franco_read
from gpuaccel.assistant.understand.languages.french import french
from gpuaccel.assistant.understand.languages.german import german
from gpuaccel.assistant.understand.languages.greeklish import greeklish_read
from gpuaccel.assistant.understand.languages.hindi import hindi
from gpuaccel.assistant.understand.languages.in_passing import in_passing
from gpuaccel.assistant.understand.languages.italian import italian
from gpuaccel.assistant.understand.languages.pidgin import pidgin_read
from gpuaccel.assistant.understand.languages.portuguese import portuguese
from gpuaccel.assistant.understand.languages.scots import scots_read
from gpuaccel.assistant.understand.languages.spanish import spanish
from gpuaccel.assistant.understand.languages.tagalog import taglish_read
from gpuaccel.assistant.understand.languages.vietnamese import vietnamese_read

__all__ = [
    "franco_read",
    "greeklish_read",
    "in_english",
    "pidgin_read",
    "scots_read",
    "taglish_read",
    "vietnamese_read",
]


def in_english(text: str) -> str:
    """``text`` with the words of each language in English (Pidgin, Scots, Taglish, Vietnamese, Franco and
    Greeklish apart: :func:`pidgin_read`, :func:`scots_read`, :func:`taglish_read`, :func:`vietnamese_read`,
    :func:`franco_read`, :func:`greeklish_read`)."""
    return spanish(portuguese(in_passing(french(italian(german(dutch(hindi(east_asian(text)))))))))
