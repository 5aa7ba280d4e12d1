"""Catalan read in English: Catalan written whole, typed with its accents or without them, with Spanish words
slipped in ("desde", "y", "vale", "algo") and English words of the trade ("job", "queue", "retry"), where the
message has marks of its own (a letter only Catalan writes, one of its own words, its past said with "va"
and an infinitive: "va petar", "va fer", or a pronoun joined to a verb: "allibera'l", "repren-lo")."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import Lean, compiled, marked_unaccented, read_unaccented

# Catalan's accented letters and its "l·l", and the plain letters a writer typing fast puts for them
# ("llançar" and "llancar", "què" and "que" are one word)
_UNACCENTED = str.maketrans("àèéíïòóúüçÀÈÉÍÏÒÓÚÜÇ·", "aeeiioouuc" + "AEEIIOOUUC" + ".")

# a message is Catalan where it has "l·l" or one of its own words, read without accents; none of them another
# language's word ("que", "la", "les", "el", "ara", "va", "porta", "quant", "quanta", "tarda" and "qui" are
# Spanish's, Italian's, French's or Portuguese's too: those show only beside a word of Catalan's own)
_CATALAN_MARK = re.compile(
    r"l·l|l\.l(?=[aeiou])|\b(?:avui|ahir|anit|dema|mati|mateix|aquest|aquesta|aquests|aquestes|aquell|aquella"
    r"|quina|quines|quins|quin|quants|quantes|petat|xupa\w*|ensenya\w*|mostra'm|mostram"
    r"|utilitzacio|utilitzat|mitjana|la cua|allibera\w*|repren\w*|rellan[cçs]a\w*|llan[cçs]a\w*"
    r"|arrenca|esta esperant|corrent|fent servir|fa servir|hi ha|hi havia|sisplau|si us plau|siusplau"
    r"|perque|per que|per sobre|per sota|calenta|calent|gastat|consumit|amb|gairebe|tambe|doncs|ostres"
    r"|recomana'm|recomanam|llegir|guanyar|treure|hores|prioritat|volia dir|vull dir|targeta|targetes"
    r"|des de|des d|d'ahir|d'avui|quant de temps|quant temps|atura\w*|cancel·la|posa'l"
    r"|posa-lo|puja|encara)(?!\w)"
    # a job put on hold its way: "posa el 12 en hold" (Spanish says "pon", Italian "metti")
    r"|\bposa(?:-lo|'l)? (?:\S+ ){0,3}?en (?:hold|espera|pausa)\b"
    # an hour span said its way: "entre les 9 i les 12" (French says "et")
    r"|\bentre les \d{1,2}(?::\d\d)? i les\b"
    # its past, "va"/"van" and an infinitive ("va petar", "va fer", "van gastar"; Spanish says "va a")
    # ("van" is Dutch's "of": "van eerder", "van power"; its infinitives are listed)
    r"|\bva (?:fer|dir|ser|estar|\w+ar|\w+er|\w+ir|\w+re)\b"
    r"|\bvan (?:fer|dir|ser|estar|petar|fallar|gastar|consumir|tardar|trigar|esperar|acabar|comen[cç]ar"
    r"|morir)\b"
    # "l" joined to a verb by an apostrophe ("allibera'l", "atura'l"; Italian and French put "l'" first)
    r"|\b\w+'ls?\b"
    # a follow-up opened by "i" (and): "i la 1?", "i el 13?", "i d'energia?", "i ocupada?", "i quant ..."
    # (a lowercase "i", and each word whole: English's "I am", "i asked", "I personally" are not Catalan's)
    r"|^\s*(?-i:i) (?:(?:el|la|les|els|de|del|a|per|quant\w*|ocupad\w*|parad\w*)(?!\w)|[ld]')",
    re.I,
)

# letters and marks Catalan never writes (Spanish's "ñ" and "¿ ¡", Portuguese's "ã õ ê ô", Romanian's,
# French's "ù" and "â", Italian's "ì", Turkish's, Hungarian's): a message with one is another language's
_NOT_CATALAN = re.compile(r"[¿¡ñÑãõâêôûùìăşșţțğıöőűÖŐŰ]")

_CATALAN = compiled(
    (
        # openers and tags that ask nothing: "ei", "ostres", "tio", "vale", "ja", "de moment"
        (r"(^|[.,;!?]\s*)(?:ei|ep|ostres|hola|bon dia|tio|tia)\b[.,!]*\s*", r"\1"),
        (r"^\s*(?:vale|val|d'acord|ok)\b(?:\s+ja\b)?[.,!]*\s*", "ok, "),
        (r",?\s*\btio\b", ""),
        (r"\bde moment\b", "for now"),
        (r"\bun moment\b", "a moment"),
        (r"\bsi us plau\b|\bsisplau\b|\bsiusplau\b|\bsi et plau\b", "please"),
        (r"\bperd(?:o|ona)\b", "sorry"),
        # a job as a masculine noun with its number ("el 13", "del 9", "al 12"): the job; a card is feminine
        # ("la 1", "de la 0"): the card (an hour is plural: "les 9")
        (r"\b(?:el|del|al) (?:job |treball )?(?=\d{1,3}\b(?![:.,]\d))", "job "),
        (r"\b(?:de la|a la|la) (?=[0-7]\b(?![:.,]?\d))", "gpu "),
        # requests: "torna a llançar-lo" / "rellança'l" (retry it), "allibera'l" (release it), "atura'l"
        # (cancel it), "posa el 13 en hold" (hold 13), "repren-lo" (resume it), "pausa la cua"
        (
            r"\b(?:torna(?:-lo|'l)? a (?:llan[cçs]ar|executar|engegar|correr)|rellan[cçs]a|reintenta)"
            r"(?:-lo|-la|'l|'la)\b",
            "retry it",
        ),
        (r"\btorna(?:-lo|'l) a (?:llan[cçs]ar|executar|engegar|correr)\b", "retry it"),
        (r"\b(?:torna a (?:llan[cçs]ar|executar|engegar|correr)|rellan[cçs]a|reintenta)\b", "retry"),
        (r"\b(?:pausa|atura|para) (?:la|tota la) cua\b", "pause the queue"),
        (r"\b(?:repren|reempren|engega|arrenca|activa) (?:la|tota la) cua\b", "resume the queue"),
        (r"\ballibera(?:-lo|-la|'l|'la)\b", "release it"),
        (r"\ballibera\b", "release"),
        (r"\b(?:repren|reempren|continua)(?:-lo|-la|'l|'la)\b", "resume it"),
        (r"\b(?:repren|reempren)\b", "resume"),
        (r"\b(?:atura|cancel·?la|cancela|mata)(?:-lo|-la|'l|'la)\b", "cancel it"),
        (r"\b(?:atura|cancel·?la|mata)\b", "cancel"),
        (r"\b(?:pausa|para)(?:-lo|-la|'l|'la)\b", "pause it"),
        (
            r"\b(?:posa|deixa)(?:-lo|-la|'l|'la)?\s*(.{0,30}?)\s*en (hold|espera|pausa)\b",
            lambda m: ("pause " if m[2].lower() == "pausa" else "hold ") + (m[1] or "it"),
        ),
        (r"\bret(?:e|en)(?:-lo|-la|'l|'la)\b", "hold it"),
        # ("al 13" is read as "job 13" above)
        (
            r"\b(?:posa|dona)(?:-li|'l)? (?:la )?prioritat (\d+) (?:a |al |a la )?(?=job )",
            r"set priority \1 on ",
        ),
        (r"\b(?:posa|dona)(?:-li|'l)? (?:la )?prioritat (\d+)\b", r"set its priority to \1"),
        (r"\bpuja(?:-li)? (?:la )?prioritat\b", "raise the priority"),
        (r"\bbaixa(?:-li)? (?:la )?prioritat\b", "lower the priority"),
        (r"\bprioritat\b", "priority"),
        (r"\bmou(?:-lo|-la|'l)\b", "move it"),
        (r"\bmou\b", "move"),
        # what is not asked of the machine: the weather ("quin temps fara"), a paper to read
        (r"\bquin temps (?:fara|fa|farà)\b", "what will the weather be"),
        (r"\brecomana(?:'m|m|-me)?\b", "recommend me"),
        (r"\bper llegir\b", "to read"),
        (r"\bqui va guanyar\b", "who won"),
        # show me: "ensenya'm", "mostra'm" (typed "ensenyam")
        (r"\b(?:ensenya|mostra)(?:'m|m|-me)\b|\b(?:ensenya|mostra)\b", "show me"),
        (r"\bel log\b", "the log"),
        # questions: how long, how much, why, when, at what time, since when
        (r"\bquant (?:de )?temps\b", "how long"),
        # "quin va durar mes?" (which lasted longer), "quin va gastar mes?" (which used more)
        (r"\b(?:va|ha) durar (?:mes|mes temps)\b", "lasted longer"),
        (r"\bquant va (esperar|correr|corre|durar|estar)\b", r"how long did it \1"),
        (r"\bquant esperava\b", "how long did it wait"),
        (
            r"\bquant (?:esta |està )?(?:xupant|xupa|consumint|consumeix|gastant|gasta|tira)\b",
            "how much power is drawing",
        ),
        (r"\ba quant va\b", "what is"),
        (r"\bdes(?:de| de) quina hora\b", "since when"),
        (r"\ba quina hora\b", "at what time"),
        (r"\bquina hora\b", "what time"),
        (r"\bper ?que\b", "why"),
        (r"\bquan\b", "when"),
        (r"\bcompara(?:'ls|-los|-me)?\b", "compare"),
        (r"\bquin (\S+) tenia\b", r"what \1 did it have"),
        (r"\bquin\w* gpu\b", "which gpu"),
        (r"\bquins processos\b", "which processes"),
        (r"\bquin(?:a|s|es)?\b", "which"),
        (r"\bquant(?:a|s|es)? (?=energia|memoria|potencia)", "how much "),
        (r"\bquant(?:s|es)\b", "how many"),
        (r"\bquanta?\b", "how much"),
        (r"\bque hi ha\b", "what is"),
        (r"\bhi ha\b|\bhi havia\b", "is there"),
        (r"\bque\b", "what"),
        (r"\bqui\b", "who"),
        (r"\bintents\b", "attempts"),
        # what jobs and cards did: "ha petat", "va petar", "ha fallat", "ha mort" (failed)
        (r"\b(?:ha|han|va|van) (?:petat|petar|fallat|fallar|mort|morir|caigut|caure|rebentat)\b", "failed"),
        (r"\bpetat\b|\bpetar\b", "failed"),
        (r"\b(?:ha|han|va|van) (?:gastat|gastar|consumit|consumir|fet servir|fer servir)\b", "used"),
        (r"\b(?:esta |està )?fent servir\b|\bfa servir\b|\butilitza\b", "is using"),
        (r"\b(?:ha|va) fer\b", "did it make"),
        (r"\bno arrenca\b|\bno surt\b|\bno comenca\b", "is not starting"),
        (r"\barrenca\b", "starts"),
        (r"\b(?:ha|han) (?:estat|anat)\b|\bva (?:estar|anar)\b", "was"),
        (r"\b(?:esta|està) (?:corrent|executant-se)\b|\bcorre\b|\bcorrent\b", "is running"),
        (r"\bcorria\b", "was running"),
        (r"\bva (durar|esperar|correr|treure|parar|cancelar|cancel·lar)\b", r"did it \1"),
        (r"\bdurar\b", "last"),
        (r"\besperar\b|\besperava\b", "wait"),
        (r"\bcorrer\b", "run"),
        (r"\btreure\b", "get"),
        (r"\bparar\b", "stop"),
        (r"\b(?:esta|està) esperant\b|\besperant\b|\bespera\b", "waiting"),
        (r"\btenia\b", "had"),
        (r"\bporta(?: ja)?\b", "so far"),
        (r"\b(?:esta|està)\b", "is"),
        # spans and times
        (r"\bahir a la nit\b|\banit\b", "last night"),
        (r"\bahir (?:al|pel) mati\b", "yesterday morning"),
        (r"\bahir a la tarda\b", "yesterday afternoon"),
        (r"\b(?:aquest|avui al|avui pel) mati\b", "this morning"),
        (r"\b(?:aquesta|avui a la) tarda\b", "this afternoon"),
        (r"\baquesta nit\b", "tonight"),
        (r"\bdes d'ahir\b", "since yesterday"),
        (r"\bdes d'avui\b", "since today"),
        (r"\bavui\b", "today"),
        (r"\bahir\b", "yesterday"),
        (r"\bdema\b", "tomorrow"),
        (r"\bara mateix\b", "right now"),
        (r"\bara\b", "now"),
        (r"\bentre les (\d{1,2}(?::\d{2})?) i les (\d{1,2}(?::\d{2})?)\b", r"between \1 and \2"),
        (r"\bdes de les (\d{1,2}(?::\d{2})?)\b", r"since \1:00"),
        (r"\bdes(?:de| de)\b", "since"),
        (r"\bde mitjana\b|\ben mitjana\b", "on average"),
        (r"\ben total\b", "in total"),
        (r"\bentre retry i retry\b", "between retries"),
        (r"\ben aquell moment\b|\bllavors\b", "then"),
        (r"\baquell moment\b", "that moment"),
        # readings
        (r"\bpic de\b", "peak"),
        (r"\bpic\b", "peak"),
        (r"\btemperatur(?:a|es)\b", "temperature"),
        (r"\butilitzacio\b|\bus de la gpu\b", "utilization"),
        (r"\bmemoria\b", "memory"),
        (r"\bpotencia\b|\bconsum\b", "power"),
        (r"\benergia\b", "energy"),
        (r"\bventilador\b", "fan"),
        (r"\bprocessos\b", "processes"),
        (r"\b(temp|temperature|utilization|power|memory) maxim[a]?\b", r"max \1"),
        (r"\b(temp|temperature|utilization|power|memory) minim[a]?\b", r"min \1"),
        (r"\b(temp|temperature|utilization|power|memory) mitjana\b", r"mean \1"),
        (r"\bmitjana d'|\bmitjana de\b|\bmitjana\b", "mean "),
        (r"\bmaxim[a]?\b", "max"),
        (r"\bminim[a]?\b", "min"),
        (r"\bgpu-hores\b", "gpu-hours"),
        (r"\bhores\b", "hours"),
        (r"\bgraus\b", "degrees"),
        (r"\bper sobre (?:de|del)\b|\bper sobre\b|\bper damunt (?:de|del)\b", "above"),
        (r"\bper sota (?:de|del)\b|\bper sota\b", "below"),
        (r"\bmes calent[a]?\b", "hotter"),
        (r"\bmes frei?d[a]?\b", "cooler"),
        (r"\bmes\b", "more"),
        (r"\bl'altr[ae]\b", "the other one"),
        (r"\b(?:parad|aturad|inactiv)[a]\b|\b(?:parat|aturat|inactiu)\b|\bsense fer res\b", "idle"),
        (r"\bocupad[a]\b|\bocupat\b", "busy"),
        (r"\b(?:targeta|grafica)\b", "card"),
        (r"\ba la (?:cua|queue)\b", "in the queue"),
        (r"\bcua\b", "queue"),
        (r"\ba les (?=gpus?\b|targetes\b|grafiques\b)", "on the "),
        # the function words, and Spanish's slipped in
        (r"\balgun[a]? cosa\b|\balgo\b|\bres\b", "anything"),
        (r"\balgun[a]?\b", "any"),
        (r"\bamb\b", "with"),
        (r"\bd'(?=\w)", "of "),
        (r"\bdel\b", "of the"),
        (r"\bde la\b", "of the"),
        (r"\bl'(?=\w)", "the "),
        (r"\b(?:el|la|les|els)\b", "the"),
        (r"(?<=\s)[iy]\b|^\s*[iy]\b", "and"),
        (r"\bo\b", "or"),
        (r"\bja\b", ""),
        (r"\ba\b", "at"),
        (r"\bde\b", "of"),
        (r"\bno\b", "no"),
        (r"\bun\b|\buna\b", "a"),
        (r"\bbon\b", "good"),
        # corrections: "no, volia dir la gpu 0" (no, i meant GPU 0); read after "i" (and) is
        (r"\b(?:volia|vull|volem) dir\b", "i meant"),
    )
)


def catalan_marked(text: str) -> bool:
    """Whether ``text`` shows Catalan's marks (:data:`_CATALAN_MARK`), with or without accents, and no letter
    Catalan never writes (:data:`_NOT_CATALAN`)."""
    return marked_unaccented(text, _CATALAN_MARK, _UNACCENTED, _NOT_CATALAN)


def catalan(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Catalan (:data:`_CATALAN_MARK`): its letters without their
    accents, then its phrases and words (:data:`_CATALAN`); else as it was."""
    return read_unaccented(text, lean, "catalan", catalan_marked, _UNACCENTED, _CATALAN)
