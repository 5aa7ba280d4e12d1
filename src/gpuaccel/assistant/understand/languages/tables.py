"""The one way each language's table is compiled and read: its patterns, case-insensitive, replaced by their
English in order."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

English = str | Callable[[re.Match[str]], str]

# the queue's request verbs as other languages say them in English, verb last ("oita hold kore dao", "adha
# release pannu"): one alternation for the tables that put such a verb first
REQUEST_VERBS = r"cancel|kill|hold|release|pause|resume|restart|retry|rerun|submit|delete|stop"
Table = tuple[tuple[re.Pattern[str], English], ...]


def compiled(pairs: tuple[tuple[str, English], ...]) -> Table:
    """``pairs`` of (pattern, English) compiled once, case-insensitive but where the pattern opens with a
    lookbehind (its case is part of what it reads: "(?<=\\d)\\s?Go\\b" is French's GB after a number, not
    "let it go")."""
    return tuple((re.compile(p, 0 if p.startswith("(?<=") else re.I), english) for p, english in pairs)


def it_or(said: str, pronouns: tuple[str, ...]) -> str:
    """The job a request or question names, as English reads it: "it" where ``said`` is one of the
    language's pronouns for it ("den", "det", "er"), else as said ("13", "whisper-finetune")."""
    return "it" if said.lower() in pronouns else said


def translated(text: str, table: Table) -> str:
    """``text`` with each pattern of ``table`` replaced by its English, in order."""
    for pattern, english in table:
        text = pattern.sub(english, text)
    return text


@dataclass
class Lean:
    """The languages a conversation was read in, carried to its next message: ``carried`` names the modules
    that read its last message; ``read`` gathers those that read this one, each noted where its gate lets it
    read (:meth:`reads`). While ``leaning`` (the message shows no language's marks and is not plainly
    English: :func:`languages.in_english` decides), the carried modules read it as if it showed theirs, so
    "et le max ?" after French turns is French, "y la H100?" after Spanish ones Spanish."""

    carried: frozenset[str] = frozenset()
    leaning: bool = False
    read: set[str] = field(default_factory=set)

    def reads(self, language: str, marked: object) -> bool:
        """Whether ``language``'s module reads the message: where its own marks show (``marked``), or where
        the conversation leans to it; noted in :attr:`read`."""
        if marked or (self.leaning and language in self.carried):
            self.read.add(language)
            return True
        return False


def carried(lean: Lean | None, language: str) -> bool:
    """Whether the conversation's last message was read in ``language``: where a reader lets its words
    shared with others mark it too."""
    return lean is not None and language in lean.carried


def reads(lean: Lean | None, language: str, marked: object) -> bool:
    """A module's gate: whether it reads the message, by its marks (``marked``) or by ``lean``."""
    return bool(marked) if lean is None else lean.reads(language, marked)


def read_where_marked(
    text: str,
    mark: re.Pattern[str],
    table: Table | Callable[[], Table],
    lean: Lean | None = None,
    language: str = "",
) -> str:
    """``text`` with ``table`` read where ``mark`` finds a word of the language in it (or where ``lean``
    leans to ``language``), its spaces closed up; else as it was: a language said inside English is read
    only where it shows itself (Pidgin, Scots, Vietnamese words), so an English word its table also names is
    never rewritten. A table slow to build may be given as the function that builds it, called only for a
    marked message."""
    if not reads(lean, language, mark.search(text)):
        return text
    return re.sub(r"\s{2,}", " ", translated(text, table() if callable(table) else table)).strip()


def marked_unaccented(
    text: str, mark: re.Pattern[str], unaccented: dict[int, int], never: re.Pattern[str] | None = None
) -> bool:
    """Whether ``text`` shows a language's ``mark``, typed with its accents or without them (``unaccented``:
    a ``str.translate`` table), and no letter it never writes (``never``)."""
    if never is not None and never.search(text):
        return False
    return bool(mark.search(text) or mark.search(text.translate(unaccented)))


def read_unaccented(
    text: str,
    lean: Lean | None,
    language: str,
    marked: Callable[[str], bool],
    unaccented: dict[int, int],
    table: Table,
) -> str:
    """``text`` read in English where it is ``language`` (``marked``, or ``lean`` leaning to it): its letters
    without their accents, then ``table``, its spaces closed up (not its lines); else as it was. The languages
    typed with their accents or without them read so (Romanian, Catalan, Hungarian)."""
    if not reads(lean, language, marked(text)):
        return text
    return re.sub(r"[ \t]{2,}", " ", translated(text.translate(unaccented), table)).strip()


def verb_forms(verbs: dict[str, str]) -> tuple[dict[str, tuple[str, str]], str]:
    """A language's verb table (English verb -> "tense form form | tense form ..." ) as each form's (verb,
    tense) and one alternation of the forms, longest first: the readers that table their verbs' forms by
    tense (Icelandic, Maltese) parse them by this one rule."""
    forms = {
        form: (verb, said.split()[0])
        for verb, said_all in verbs.items()
        for said in said_all.split("|")
        for form in said.split()[1:]
    }
    return forms, "|".join(sorted(forms, key=len, reverse=True))


def ing_form(verb: str) -> str:
    """An English verb's -ing form ("run" running, "use" using, "wait" waiting)."""
    if verb.endswith("e"):
        return verb[:-1] + "ing"
    if verb in ("run", "spin"):
        return verb + verb[-1] + "ing"
    return verb + "ing"


def past_form(verb: str) -> str:
    """An English verb's past ("fail" failed, "run" ran, "stop" stopped, "submit" submitted), as Taglish's
    "nag-fail" and Indonesian's "dicancel" say it."""
    irregular = {
        "cancel": "cancelled",
        "run": "ran",
        "hold": "held",
        "oom": "ran out of memory",
        "get": "got",
        "do": "did",
    }
    if verb in irregular:
        return irregular[verb]
    if verb.endswith("e"):
        return verb + "d"
    if verb.endswith("y") and verb[-2:-1] not in ("a", "e", "o", "u"):
        return verb[:-1] + "ied"  # "nag-retry": retried
    if verb in ("stop", "submit", "drop", "plan"):
        return verb + verb[-1] + "ed"
    return verb + "ed"


# the English verbs of the trade that writers of other languages cut before their own endings ("releas" in
# Dutch "releasen", "paus" in Finnish "pauseta", "resum" in Slovenian "resumas", "throttl" in Serbian
# "throttluje"): the verb each cut stem is (the others, "cancel", "kill", "fail", are whole verbs)
# (and "pauz", "updat", "upgrad" in Czech "pauzni", "updatnout", "upgradnul")
ENGLISH_STEMS = {
    "releas": "release", "paus": "pause", "resum": "resume", "throttl": "throttle", "idl": "idle",
    "queu": "queue", "pauz": "pause", "updat": "update", "upgrad": "upgrade",
}  # fmt: skip


def english_verb(stem: str) -> str:
    """The English verb a stem given another language's ending stands for ("releas" release, "kill" kill)."""
    return ENGLISH_STEMS.get(stem.lower(), stem.lower())


# an English verb of the trade given a Dutch or German infinitive's ending ("killen", "canceln",
# "releasen"): the English verb
ENGLISH_VERB_INFINITIVE: tuple[str, English] = (
    r"\b(kill|cancel|releas|paus|resum|restart|rerun|hold)(?:le|e)?n\b",  # ("cancellen", the l doubled)
    lambda m: english_verb(m[1]),
)
# the English requests said whole in another language's order, last ("den 12er bitte retry")
ENGLISH_REQUESTS = r"kill|cancel|release|pause|resume|restart|hold|rerun|retry"
# that verb said last, as Dutch and German put it after what it acts on ("kan je job 13 killen?",
# "kannste job 13 canceln?"): the request in English order
VERB_LAST: tuple[str, English] = (
    r"\b(?:can you|kan je|kun je|kunt u|wil je|kannste|können sie)\s+(.{1,40}?)"
    rf"\s+({ENGLISH_REQUESTS})\b",
    r"\2 \1",
)


# a GPU's model said as a noun of a language that declines it, its case ending joined to the code (Czech and
# Slovak "ta 4090ka", "na 4090ce", "H100ku", "s 4090kou"; Polish "3090-tka", "na 3090-tce", "4090-tkę";
# Slovenian "na 4090ki", "4090ko"; Croatian "4090ica", "na 4090ici"; Russian in Latin letters "na 4090ke";
# Lithuanian's own endings after a hyphen or an apostrophe, "h100'as", "ant 4090-os", "h100-e", "4090-ai"):
# the model as English says it, so the card is read by its model ("on 4090"), not as a number ("GPU 4090").
# A code is letters and 2-4 digits ("H100", "rtx4090") or 4 digits ("4090"), never a bare count ("10ka");
# (a Cyrillic ending, "4090-ке", needs none: no Latin letter is joined to the code)
INFLECTED_MODEL: tuple[str, English] = (
    r"\b([a-z]{1,3}\d{2,4}|\d{4})(?:-?(?:t?(?:k(?:a|u|y|i|e|o|ou|ach|ami|om|ę|ą)|ce)|ic(?:a|e|i|u|om|ama))"
    r"|['’-](?:as|o|ui|ai|ei|oje|eje|os|es|e|u))\b",
    r"\1",
)
