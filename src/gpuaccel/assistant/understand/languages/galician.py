"""Galician read in English: Galician as typed in chat, with its accents or without them, Spanish words
slipped in ("vale", "porfa", "pa", "bah") and English words of the trade ("job", "log", "hold"), where the
message has marks of its own. Galician and Portuguese are one language in two spellings (Galician writes
"x" for Portuguese's "j" and "g", "ñ" and "ll" for "nh" and "lh") with a few words of their own ("onte",
"hoxe", "cal", "canto", "dende", "ata" for "ontem", "hoje", "qual", "quanto", "desde", "até"): its words are
folded onto Portuguese's and read by Portuguese's one table (:func:`portuguese.portuguese_read`), so each
reading, span and request is named in English in one place. Only what Portuguese says otherwise is read
here: "levar" with a participle or a gerund ("leva gastado", "leva correndo": so far), a pronoun joined to
its verb ("relanzao", "cancelao", "arrancala"), "para" said as a request (stop) and "canto quenta" (how hot).
Its own words are no other language's; where it shares one, it shows only beside one of its own, or in a
conversation already read in Galician."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.portuguese import portuguese_marked, portuguese_read
from gpuaccel.assistant.understand.languages.spanish import spanish_marked, spanish_own
from gpuaccel.assistant.understand.languages.tables import Lean, carried, compiled, reads, translated

# Galician's accented letters, and "ñ" written as Portuguese writes it ("mañá" is "manhã")
_UNACCENTED = str.maketrans(
    {"á": "a", "é": "e", "í": "i", "ó": "o", "ú": "u", "ñ": "nh", "Á": "A", "É": "E"}
    | {"Í": "I", "Ó": "O", "Ú": "U", "Ñ": "NH"}
)

# the requests a pronoun is joined to, Galician's way ("relanzao", "cancelao", "pausao", "liberao": Portuguese
# writes "relança-o", Spanish "relánzalo"), each verb's stem and its English; never after "está", "foi" or
# "ha", where it is the participle a Spanish writer says without its "d" ("está cancelao": cancelled)
_JOINED_VERBS = {
    "relanz": "retry", "lanz": "retry", "reintent": "retry", "reinici": "restart", "cancel": "cancel",
    "mat": "cancel", "paus": "pause", "suspend": "pause", "liber": "release", "solt": "release",
    "retom": "resume", "reanud": "resume",
}  # fmt: skip
_JOINED = (
    r"(?<!\besta )(?<!\bta )(?<!\bha )(?<!\bfoi )(?<!\bfue )(?<!\bquedou )(?<!\bquedo )"
    rf"\b({'|'.join(_JOINED_VERBS)})[ae]o\b"
)

# a message is Galician where it has one of its own words, read without accents; none of them another
# language's word ("xa" is Nepali's "chha", "hai" Hindi's "is", "non" French's and Italian's "not", "ata"
# Albanian's "they" and Tagalog's "it seems", "cal" Catalan's "must", "quen" Vietnamese's "forget", "nese"
# Albanian's "if", "mana" Hindi's "forbidden": those show only beside a word of Galician's own)
_GALICIAN_MARK = re.compile(
    r"\b(?:hoxe|onte|antonte|enerxia|dende|cando|cant[oa]s?|estivo|estiveron|tivo|tiveron|fallou"
    r"|rematou|petou|quenta|quentou|amosa\w*|grazas|lles?|ponlle|enton|tamen|moit[oa]s?|facer"
    r"|faime|dicir|correron|unha|pola|nese rato)\b"
    # "cal" asking which, before a verb or an article ("cal foi", "cal é", "cal das dúas")
    r"|\bcal (?:foi|e|era|a|o|as|os|das|dos)\b"
    r"|\bquen (?:o|a|os|as|foi|lanzou|mandou|parou|cancelou)\b"
    # "xa" (already) before a verb, "volve a" (again), the queue with Galician's article ("a cola", "na
    # cola": Spanish says "la cola", Portuguese "a fila"), a Spanish-spelled request before Portuguese's
    # article ("pon o 12 en hold", "cambia a memoria", "quita o 9": Spanish says "el", "la")
    r"|\bxa (?:esta|e|foi|pode|leva|rematou|acabou|vale)\b|\bvolve\b|\b(?:a|da|na|toda a) cola\b"
    # ("cambia o no", "pon o quita": Spanish's "or")
    r"|\b(?:pon|cambia|quita|mira|borra) (?:(?:o|os|as) (?!no\b|non\b|si\b|nada\b|algo\b|quita\b|pon\b)"
    r"|a (?:memoria|prioridade|cola)\b)"
    # a pronoun joined to a request's verb ("relanzao", "cancelao", "pausao", "liberao")
    rf"|{_JOINED}",
    re.I,
)

# what only Spanish says beside what :func:`spanish.spanish_own` names: its articles "la", "los", "las" and
# "y" (and) as words (Galician says "a", "os", "as", "e", and joins "la" to a verb: "arrancala"), so "y la
# H100?" said in a Galician conversation is Spanish's
_SPANISH_ARTICLES = re.compile(r"\b(?:la|los|las|y)\b", re.I)

# "mañá" (tomorrow, "pola mañá" the morning) with its "ñ" and its accent: Spanish says "mañana", Portuguese
# "manhã"
_MANHA = re.compile(r"\bmañá(?!\w)", re.I)

# what Galician says otherwise than Portuguese, read in English or as Portuguese says it, before Portuguese's
# table reads the rest
_GALICIAN = compiled(
    (
        # what asks nothing: "bah", "vale", "porfa" (Spanish's), "grazas"
        (r"(^|[.,;!?]\s*)(?:bah|ei|boas|ola)\b[.,!]*\s*", r"\1"),
        (r"^\s*vale\b[.,!]*\s*(?:e\b\s*)?", ""),
        (r"\bporfa\b", "por favor"),
        (r"\bgrazas\b", "obrigado"),
        (r"\bperdon\b", "desculpa"),
        (r"\bpolo de agora\b|\bde momento\b", "por agora"),  # for now
        # a correction: "quería dicir o 13" (I meant 13)
        (r"\b(?:queria|quero) dicir\b", "i meant"),
        # requests: a pronoun joined to the verb ("relanzao" retry it, "cancelao", "pausao", "liberao")
        (_JOINED, lambda m: _JOINED_VERBS[m[1].lower()] + " it"),
        (r"\brelanza\b", "relanca"),
        # "volve a arrancala", "volve a lanzalo": start it again (the infinitive's "-r" dropped before its
        # pronoun)
        (r"\bvolve a (?:arranca|lanza|relanza|arrinca)(?:la|lo)\b", "start it again"),
        (r"\bvolve a\b", "volta a"),
        # "para toda a cola", "para a cola": pause the queue; "para" opening a request before a job: stop it
        (r"(^|[,;.!?]\s*)para (?:toda )?a cola\b", r"\1pause the queue"),
        (r"(^|[,;.!?]\s*)para (?=o (?:job )?#?\d|o [\w.-]+-)", r"\1stop "),
        # "pon o 12 en hold", "ponlle so 1 gpu" (give it only 1 GPU)
        (r"\bponlle\b", "poe-lhe"),
        (r"\bpon\b", "poe"),
        (r"\bamosa(?:me|-me)?\b", "mostra-me"),
        (r"\bfaime\b", "faz-me"),
        (r"\bdime\b", "diz-me"),
        # "levar" with a participle or "xa": what is done so far ("canta enerxia leva gastado", "cantas
        # gpu-horas leva xa o 11"); with a gerund, how long it has been at it ("canto leva correndo")
        (
            r"\bcanto (?:tempo )?leva(?:n)? (correndo|esperando|parad[ao])\b",
            lambda m: "how long has it been "
            + {"correndo": "running", "esperando": "waiting"}.get(m[1].lower(), "idle"),
        ),
        (
            r"\bleva(?:n)? (?:xa )?(gastad|consumid|usad)[oa]\b",
            lambda m: {"gastad": "gastou", "consumid": "consumiu", "usad": "usou"}[m[1].lower()]
            + " ate agora",
        ),
        (r"\bleva(?:n)? xa\b|\bxa leva(?:n)?\b", "ja usou"),
        # "nese rato" (in that while), "ata que temperatura chegou" (how hot it got)
        (r"\bnese rato\b|\bnese intervalo\b", "nesse intervalo"),
        (r"\bque lle pasou\b", "o que aconteceu"),
        # "canto quenta" (how hot it runs), "quenta moito" (it runs hot)
        (r"\bcanto quenta\b", "how hot is"),
        (r"\bquenta\b", "esta quente"),
        # spans: "pola mañá" (in the morning; "mañá" alone is tomorrow), "pola tarde", "onte á noite"
        (r"\b(pola|de|esta|onte) (?:manha|mana)\b", r"\1 manha"),
        (r"(?<!pola )(?<!de )(?<!esta )(?<!onte )\b(?:manha|mana)\b", "amanha"),
        (r"\bonte (?:a|pola) noite\b", "ontem a noite"),
        (r"\bpola noite\b", "esta noite"),
        # Galician's words, as Portuguese spells them
        (r"\bhoxe\b", "hoje"),
        (r"\bantonte\b", "anteontem"),
        (r"\bonte\b", "ontem"),
        (r"\benerxia\b", "energia"),
        (r"\bdende\b", "desde"),
        (r"\bata\b", "ate"),
        (r"\bcando\b", "quando"),
        (r"\bcant([oa]s?)\b", r"quant\1"),
        (r"\bcal\b", "qual"),
        (r"\bcales\b", "quais"),
        (r"\bquen\b", "quem"),
        (r"\bnon\b", "nao"),
        (r"\bxa\b", "ja"),
        (r"\btamen\b", "tambem"),
        (r"\bmoit([oa]s?)\b", r"muit\1"),
        (r"\bentonces\b|\benton\b", "entao"),
        (r"\bpol([oa]s?)\b", r"pel\1"),
        (r"\bnes([ea]s?)\b", r"ness\1"),
        (r"\bniso\b", "nisso"),
        (r"\bes([ea]s?)\b", r"ess\1"),
        (r"\biso\b", "isso"),
        (r"\bestivo\b", "esteve"),
        (r"\bestiveron\b", "estiveram"),
        (r"\btivo\b", "teve"),
        (r"\btiveron\b", "tiveram"),
        (r"\bfall(ou|aron|ar)\b", lambda m: "falh" + {"aron": "aram"}.get(m[1].lower(), m[1])),
        (r"\bpet(?:ou|aron)\b", "rebentou"),
        (r"\bremat(?:ou|aron)\b", "terminou"),
        (r"\bquent(?:ou|aron)\b", "aqueceu"),
        (r"\bcorreron\b", "correram"),
        (r"\btardou\b", "demorou"),
        (r"\bintentou\b", "tentou"),
        (r"\bintentos\b", "tentativas"),
        (r"\bveces\b", "vezes"),
        (r"\bprocesos\b", "processos"),
        (r"\bhai\b", "ha"),
        (r"\butilizacion\b", "utilizacao"),
        (r"\bversion\b", "versao"),
        (r"\bcola\b", "fila"),
        (r"\bchupar\b", "consumir"),
        (r"\bfacer\b", "fazer"),
        (r"\bdicir\b", "dizer"),
        (r"\bdi\b", "diz"),
        (r"\bpasou\b", "passou"),
        (r"\bintre\b", "instante"),
        (r"\bunha\b", "uma"),
        (r"\bten\b", "tem"),  # (not English's ten: "canta memoria ten libre")
        (r"\btenhen\b", "tem"),
        (r"\bun\b", "um"),
        (r"\ben\b", "em"),
        (r"\bpa\b", "pra"),
        # a setting changed "a" its new value ("cambia a memoria do 13 a 40000 mib": Portuguese says "para")
        (r"\b(cambia|muda|sube|baixa)\b(.{1,40}?) a (?=\d)", r"\1\2 para "),
        (r"\bcambia\b", "muda"),
        # Spanish's words slipped in: "y" (and), "la" (the), "el" (Galician's he)
        (r"\by\b", "e"),
        (r"\bla\b", "a"),
        (r"\bel\b", "ele"),
        (r"\bquita\b", "tira"),
    )
)


def galician_marked(text: str, lean: Lean | None = None) -> bool:
    """Whether ``text`` shows Galician's marks (:data:`_GALICIAN_MARK`), with or without its accents; in a
    conversation read in Galician (``lean``), a word it shares with Portuguese or Spanish is its too ("que di
    o log?", "para o 11, porfa"), but not Spanish's own ("¿cuánto?", "hoy", "el 13"): Galician says them
    otherwise."""
    if _GALICIAN_MARK.search(text.translate(_UNACCENTED)) or _MANHA.search(text):
        return True
    if not carried(lean, "galician") or _SPANISH_ARTICLES.search(text):
        return False
    if spanish_own(text.replace("ñ", "n")):  # (its "ñ" is Galician's too: "teñen", "mañá")
        return False
    return portuguese_marked(text) or spanish_marked(text)


def galician(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Galician (:func:`galician_marked`): its letters without their
    accents, what Galician says its own way (:data:`_GALICIAN`), then Portuguese's table; else as it was."""
    if not reads(lean, "galician", galician_marked(text, lean)):
        return text
    return portuguese_read(translated(text.translate(_UNACCENTED), _GALICIAN))
