"""Spanish read in English where the message has marks of its own (Spain's and Latin America's)."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import (
    REQUEST_VERBS,
    Lean,
    compiled,
    english_verb,
    past_form,
    reads,
    translated,
)

# the English verbs of the trade a Latin American writer makes Spanish with "-ear" ("retryear", "killear",
# "holdear", "resetear", "crashear"), each read by :func:`tables.english_verb` ("updat" update, "releas"
# release): the imperative with its pronoun joined ("retryéalo", "killéelo", "holdeámelo"), the infinitive
# ("retryear"), the past ("crasheó"); the forms with a pronoun or the "-ear" infinitive are a mark of Spanish
_ENGLISH_STEM = (
    "retry|rerun|kill|hold|releas|paus|resum|restart|reboot|reset|submit|delet|updat|upgrad|crash|fail|start"
)
_ENGLISH_VERB = rf"\b({_ENGLISH_STEM})e(?:(?P<past>o)|(?:a|e|ar)(?:me|nos)?(?P<it>lo|la|los|las)?)\b"


def _english_verb(m: re.Match[str]) -> str:
    """An English verb given a Spanish "-ear" ending, in English: "retryealo" retry it, "crasheo" crashed."""
    verb = english_verb(m[1])
    if m["past"]:
        return past_form(verb)
    return f"{verb} it" if m["it"] else verb


# Spanish, read only in a message that has marks of its own (an inverted mark, an accented letter, or one of
# its question or time words): the words the assistant reads, in English, so "cuanta energia gasto la 4090
# ayer" reads as "how much energy used the 4090 yesterday" (word order aside, which the readers do not need).
_SPANISH_MARK = re.compile(
    r"[¿¡áéíóúñ]|(?<!\bthe )(?<!\bin )\bque\b"  # ("in the que": a typed queue)
    r"|\b(?:cual|cuales|cuanto|cuanta|cuantos|cuantas|cuando|desde|hoy|ayer|anoche|porque"
    r"|esta|estuvo|fallo|termino|oye|porfa|porfis|dame|ponle|cancela|pausa|sueltalo|donde|quien|tiempo|energia"
    r"|memoria|luz|cola|corrio|tardo|lleva|arranca|sigue|rompio|trono|intento|resultados|promedio|minimo"
    r"|maximo|ultima|caliente|ocupada|ocupado|desocupada|desocupado|gasto|trabajo|veces|gracias|tambien|como|quiero|necesito"
    r"|puedes|podrias|diferencia|entre|rapido|haciendo|algo|nada|pues|revisar|ahorita|rato|cuentame|vuelva"
    r"|pare|ponga|usted|media|tope|pequena|grande|gastado|fallado|trabajado|electricidad|ventilador|reloj"
    # Spain's, typed fast: "mola", "tio", the "vosotros" forms ("recomendais", "teneis"), a word that lost
    # its accent ("ultimo", "intentos", "libre")
    r"|pico|potencia|prioridad|libre|pone|ultimo|intentos|mola|tio|recomendais|teneis|podeis|sabeis|horas"
    r"|delante|despues|lineas|linea|borra|borralo|borrala|actualiza|actualice|actualizar|instalame"
    # Spain's machine words: "la gráfica" (the GPU), "procesos", "retenlo" (hold it), "señal", "murió"
    r"|grafica|graficas|proceso|procesos|retenlo|retenla|senal|murio"
    # Colombia's: "parce", "regálame", "un ratico", "esta mañanita", "quieta", "se totió"
    r"|parce|parcero|parcera|regala|regalame|regaleme|ratico|mananita|quieta|quieto|totio|demoro|corrida"
    # Mexico's: "neta", "tronaron" (failed), "se aventó" / "quemó" (took, used), "pásame", "arriba de"
    r"|neta|tronaron|avento|aventaron|quemo|quemaron|pasame|mandame|echame|arriba|abajo|jalando"
    # ("al probe dale nomás 1 GPU", "súbele", "corra": a request in the "tú" form, the subjunctive)
    r"|nomas|dale|dejale|asignale|subele|bajale|corra"
    # the River Plate's "vos" requests: "soltalo", "ponelo", "decime", "fijate", and "entonces" (then)
    r"|soltalo|soltala|ponelo|ponela|subile|decime|contame|fijate|laburando|entonces"
    r"|vuelvelo|vuelvela|correlo|sacalo"
    # the River Plate's chat: "che", "laburó" (worked), "al pedo" (idle), "palmó" (failed), "soltá",
    # "recomendás", "podés", "en ese mismo rango", a question "aparte", "entrenar", "por encima"
    r"|che|laburo|laburaron|pedo|palmo|palmaron|solta|recomendas|podes|tenes|rango|mismo|contra"
    r"|pregunta|aparte|entrenar|conviene|encima|debajo"
    # Chile's chat: "cachai" (you get it?), "tenis" (tienes), "bacán", "medianoche", "sobre 300 W" (above)
    r"|cachai|tenis|bacan|medianoche|receta)\b"
    # ("po" closing a clause: "y la 4090 po?"; "q" for "que" before a word, never the English queue or
    # question: "a q hora", "q hay", not "the q", "quick q", "q status")
    r"|\bpo\s*[?!.]*$|\bsobre \d"
    r"|(?<!\bthe )(?<!\bin )(?<!\brandom )(?<!\bquick )(?<!\brunbook )(?<![-./#])\bq\b"
    r"(?=\s+(?!status\b|len\w*\b|size\b|depth\b)[a-z])"
    r"|\b(?:cancel|paus|suelt|liber|reanud|reintent|relanz|mat|resum)(?:a|e)l[oa]\b"  # "pausalo": pause it
    # an English verb made Spanish, its pronoun joined or as an infinitive: "retryealo", "resetear"
    rf"|\b(?:{_ENGLISH_STEM})e(?:a|e|ar)(?:me|nos)?(?:lo|la|los|las)\b|\b(?:{_ENGLISH_STEM})ear\b"
    r"|\b(?:resumi|move)(?:lo|la)\b"  # the River Plate's "vos" of an -ir, -er verb: "resumilo", "movelo"
    # a job by its number after Spanish's article ("el 13": Portuguese says "o 13", Italian "il 13"), and
    # "pa que" (so that: Portuguese says "pra que")
    r"|\bel #?\d{1,4}\b(?!\s*(?:%|°|w\b|gb\b))|\bpa (?:que|q)\b"
    r"|\b(?:ponlo|ponla|a partir de)\b|^\s*vale\b,"  # "ponlo en hold": hold it; "vale, ...": ok, ...
    r"|(?:^|[.,;!?]\s*)y (?:el|la|los|las|en|de)\b",  # "mola. y el pico?": and the peak?
    re.I,
)
# what Spanish alone says, not Italian, which is read before it and shares words with it ("cosa",
# "ultimo", "elemento"): an inverted mark, "ñ", its question and day words ("cuánto", "cuál", "dónde",
# "quién", "hoy", "ayer", "ahora", "hay", "tuvo"); such a message is left to :func:`spanish` whole, so "una
# cosa que no tiene nada que ver" is not Italian's "a what" first. (Portuguese still reads such a message
# first: a message of Spain's may hold Portuguese's words the Spanish table does not name.)
_SPANISH_OWN = re.compile(
    r"[¿¡ñ]|\b(?:cuant[oa]s?|cuales?|cuando|donde|quien(?:es)?|hoy|ayer|anoche|ahora|hay|tuvo"
    # the River Plate's, and words Italian says otherwise ("domanda", "allenare"): "che, pregunta aparte"
    # is not Italian's "che" (that)
    r"|pregunta|entrenar|laburo|laburaron|al pedo|palmo|palmaron|recomendas|fijate|decime|rango"
    r"|ayudas|ayudame|avisando|mensaje"
    # Spanish's article "el" (Italian says "il"): "che, cambiá el 13" is the River Plate's "che", no "what"
    r"|el)\b",
    re.I,
)
# a part of a day said after it ("ayer por la tarde"): the span the readers know
_PART_OF_DAY = {
    ("ayer", "manana"): "yesterday morning",
    ("ayer", "tarde"): "yesterday afternoon",
    ("ayer", "noche"): "last night",
    ("hoy", "manana"): "this morning",
    ("hoy", "tarde"): "this afternoon",
    ("hoy", "noche"): "tonight",
}


def _hour(said: str, article: str | None) -> str:
    """An hour said after "las" ("las 14") as the clock says it (14:00); else as said."""
    return f"{said}:00" if article and ":" not in said else said


_COUNT = {"un": "one", "una": "one", "dos": "two"}  # a count of cards said in words


def _job_said(said: str | None) -> str:
    """A job said after "al" ("al 13", "al probe") as English says it ("job 13", "the probe"); "it" where
    none is said."""
    if said is None:
        return "it"
    return f"job {said}" if said.isdigit() else f"the {said}" if not said.startswith("job") else said


_UNACCENTED = str.maketrans("áéíóúüñÁÉÍÓÚÜÑ", "aeiouunAEIOUUN", "¿¡")
_SPANISH = compiled(
    (
        # an English verb given a Spanish ending (:func:`_english_verb`), read first so that each phrase
        # below reads it as it reads the English
        (_ENGLISH_VERB, _english_verb),
        # Chile's chat, typed fast: "q" is "que" ("q hay en la 4090", "a q hora fue eso"; never a job's or a
        # card's name), "pq" is "porque"; tags that ask nothing: "cachai" (you get it?), "po" closing a
        # clause ("y la 4090 po?"), "oye" after a sentence ("gracias. oye, ..."), "bacán" (great)
        (r"(?<![-./])(?<!job )(?<!gpu )\bq\b(?![-./]\w)", "que"),
        (r"\bpq\b", "porque"),
        (r",?\s*\bcachai\b\s*(?:,\s*)?", " "),
        (r",?\s*\bpo\b(?=\s*(?:[?!.,;]|$))", ""),
        (r"(^|[.,;!?]\s*)(?:oye|oiga)\b[,!]?\s*", r"\1"),
        (r"(^|[.,;!?]\s*)(?:bacan|filete|la raja)\b[.,!]*\s*", r"\1"),
        # "fuera de tema", "cambiando de tema": a new subject said first (asked of no machine); "tenis"
        # (Chile's "tienes"), "una receta" (a recipe), a football match ("el clásico", "el partido") and who
        # won it ("ganó"): the world's, not this machine's
        (r"\b(?:fuera de tema|cambiando de tema|otro tema)\b", "off topic"),
        (r"\b(?:tenis|tienes|tenes|tiene)\s+(?=una?\b)", "do you have "),
        (r"\brecetas?\b", "recipe"),
        (r"\b(?:futbol|clasico|partido de futbol)\b", "football"),
        (r"\bgano\b", "won"),
        # Spain's openers ask nothing: "mola. y el pico?", "vale, ...", "tio, ..."
        (r"^\s*(?:mola|vale|guay|genial|perfecto|tio|tia)\b[.,!]*\s*", ""),
        # Colombia's (paisa) turns. Openers and tags that ask nothing: "qué más parce, ...", "listo, ...",
        # "parce, ...", "¿sí o qué?", "pues"; "de una" is at once ("suéltelo de una")
        (r"^\s*que mas\b(?:\s*,?\s*(?:parcer[oa]|parce|pues))?\s*[.,!]+\s*", ""),
        (r"(^|[.,;!?]\s*)(?:parcer[oa]|parce|listo|hagale|dale pues|bueno pues)\b[.,!]*\s*", r"\1"),
        (r",?\s*\b(?:parcer[oa]|parce|pues)\b\s*(?=[,.?!]|$)", ""),
        (r",?\s*\bsi o que\s*\?", "?"),
        # Mexico's openers and tags that ask nothing: "neta, ...", "órale", "qué onda, ...", "wey"
        (r"(^|[.,;!?]\s*)(?:(?:neta|orale|chido)\b|que onda\s*(?=[.,!?]))[.,!?]*\s*", r"\1"),
        (r",?\s*\b(?:wey|guey)\b,?", ""),
        # the River Plate's: "che" anywhere asks nothing; "decime la posta" (tell me the truth) is "tell me";
        # "listo, ya terminé" says the writer is done ("ya terminó": it finished, read below)
        (r"\bche\b[.,!]*\s*", ""),
        (r"\s*\bla posta\b", ""),
        (r"\bya (?:termine|acabe)\b", "i am done"),
        # the River Plate's "vos" requests, stressed last, read as their "tú" twins below: "ponelo"
        # (ponlo), "soltalo" (suéltalo), "subile" (súbele), "decime" (dime), "contame", "mostrame"
        (r"\bpone(lo|la|le|los|las)\b", r"pon\1"),
        (r"\bsolta(lo|la)?\b", r"suelta\1"),  # "soltá el 14"
        (r"\bsubi(le|lo|la)\b", r"sube\1"),
        # ("resumí", "mové": an -ir, -er verb stressed last; the "tú" twins "resume", "mueve")
        (r"\bresumi(lo|la|le)?\b", r"resume\1"),
        (r"\bmove(lo|la)\b", r"mueve\1"),
        (r"\bdeci(?:me|nos)\b", "dime"),
        (r"\bconta(?:me|nos)\b", "cuentame"),
        (r"\bmostra(?:me|nos)\b", "muestrame"),
        # a log to look at, as any of them says it: "fijate en el log", "mirá el log", "checa el log"
        (
            r"\b(?:fijate|mira|revisa|checa|checale|chequea|chequeale)(?: en)? (?:el|la|los|las) "
            r"(log|logs|salida|output)\b",
            r"check the \1",
        ),
        # two jobs swapped in the queue: "cambiá de lugar el 12 y el 13", "intercambia el 12 con el 13"
        (
            r"\b(?:cambia|cambie|intercambia|intercambie)"
            r"(?: de lugar| de orden| el orden de| el orden(?= del\b))?\s+"  # ("el orden del 12 y el 13")
            r"((?:el|al|del) \S{1,30}?)\s+(?:y|con)\s+((?:el|al) \S{1,30}?)(?=\s+en la cola|\s*[?.!,]|$)",
            r"switch \1 and \2",
        ),
        (r"\bde una\b(?=\s*(?:[,.;!?]|$))", "now"),  # (not "más de una GPU")
        (r"\b(?:suelt|liber)e(?:lo|la)\b", "release it"),
        # the small words of time said small ("esta mañanita", "un ratico", "un momentico"): the word itself
        (r"\b(manan|rat|moment|tard|noch)(?:it|ic)(a|o)\b", r"\1\2"),
        # ("hoy a la mañana": the River Plate's "this morning")
        (
            r"\b(ayer|hoy) (?:en|a) la (manana|tarde|noche)\b",
            lambda m: _PART_OF_DAY[m[1].lower(), m[2].lower()],
        ),
        (r"\bhace (?:un )?rato\b", "a while ago"),
        # asked for, said as a gift ("¿me regala la temperatura?", "regálame el log"): give me
        (r"\b(?:me )?(?:regala|regalas|regalaria|regalarias)\b|\bregal[ae]me\b", "give me"),
        (r"\b(?:me )?(?:ayuda|ayudas) con\b", "give me"),  # "¿me ayuda con el comando?"
        # what happened to a job: "¿qué pasó con el sweep?", "se cayó", "se totió" (failed)
        (r"\bque (?:paso|hubo) con\b", "what happened with"),
        (r"\b(?:se )?(?:demoro|demora|tardo|duro) mas\b", "took longer"),  # "¿cuál se demoró más?"
        # "¿con qué señal murió?": the signal a job died by
        (r"\bcon (?:que|cual) senal (?:se )?(?:murio|peto|fallo|termino)\b", "what signal did it die with"),
        (r"\bse (?:cayo|totio|toteo|murio|tosto|rompio|jodio|colgo)\b", "failed"),
        # "qué más corrió": what else ("qué más" said first, as a greeting, read above)
        (r"\bque mas\b(?=\s+(?:corrio|corria|hubo|paso|uso|estaba|fallo|hay))", "what else"),
        # a command asked for: "¿qué comando uso?", "¿cómo hago?" (how do i do it)
        (r"\b(?:que|cual) (?:comando|orden) (?:uso|pongo|corro|tiro|escribo)\b", "what command do i use"),
        (r"\bcomando\b", "command"),
        # "¿cómo hago para que pytorch no fragmente la memoria?": how do i stop it (a job or a card after
        # "que" is a request, read below)
        (
            r"\bcomo (?:hago|le hago|puedo hacer|hacemos) para que "
            r"(?!(?:el|la|los|las|job|mi|mis) (?:\d|job|gpu|h\d|tarjeta))(.{1,40}?) no (?:me |nos |se |te )?",
            r"how do i stop \1 from ",
        ),
        (r"\bcomo (?:hago|le hago)\b", "how do i do it"),
        # a request with "me" and "it" joined, or "let's" ("cancelámelo", "pausémoslo"): the request and "it"
        (
            r"\b(cancel|paus|suelt|solt|liber|reanud|reintent|relanz|mat)(?:a|e)(?:me|mos)(?:lo|la)\b",
            lambda m: {"solt": "suelt"}.get(m[1].lower(), m[1]) + "alo",
        ),
        # ("me" alone joined is for whom, which asks nothing: "páusame el 11", "cancélame el 12": pause it)
        (
            r"\b(cancel|paus|suelt|solt|liber|reanud|reintent|relanz)(?:a|e)me\b",
            lambda m: {"solt": "suelt"}.get(m[1].lower(), m[1]) + "a",
        ),
        # Mexico's "dale" before a request said in English ("dale resume", "dale cancel"): go ahead, that
        # request
        (rf"\b(?:dale|dele|denle)\s+(?=(?:{REQUEST_VERBS}|restart|play)\b)", ""),
        # a priority raised or set to a number said after "a" ("súbele la prioridad a 10 porfa": its priority
        # to 10; the job is "al 10" or "del 10", as below)
        (
            r"\b(?:subele|subale|suba|sube|bajele|bajale|baja|baje|cambiale|cambia|cambie|ponle|pon|ponga|dale"
            r"|dejale|deja)n?\s+(?:la )?prioridad\s+(?:a|en)\s+(-?\d+)"
            r"(?=\s*(?:[?.!,]|$|(?:porfa|por favor|plis|pls|please|ya|nomas)\b))",
            r"set its priority to \1",
        ),
        # the usted form with "le" joined, which Colombia says of a job: "bájele la prioridad a ese",
        # "súbale la prioridad", "pónganle prioridad" (a number or a job after, read below)
        (r"\bprioridad (?:a|al|de|del) (?:ese|esa|este|esta)(?: job)?\b", "prioridad"),
        (
            r"\b(?:bajele|bajale|baje|baja)(?:n|le)?\s+(?:la )?prioridad\b(?!\s+(?:del?|al|a la|a)\b)",
            "lower its priority",
        ),
        (
            r"\b(?:subele|subale|suba|sube)(?:n|le)?\s+(?:la )?prioridad\b(?!\s+(?:del?|al|a la|a)\b)",
            "raise its priority",
        ),
        # a job's cards lowered or raised to a count ("bájale a 1 sola GPU", "súbele a 2 gpus"): it, to that
        (
            r"\b(baj|sub)[ae]le a (una?|\d{1,2})(?: sol[ao])? (?=(?:gpus?|tarjetas?|graficas?)\b)",
            lambda m: ("lower" if m[1].lower() == "baj" else "raise")
            + f" it to {1 if m[2][0] in 'uU' else m[2]} ",
        ),
        # a card taken off a job ("quítale una gráfica", "quítale al 13 una GPU"): one GPU fewer than it asks
        # for
        (
            r"\bquit(?:a|e|ale|ele)\s+(?:(?:al|a la) ((?:job )?#?[\w.-]+)\s+)?(una?|dos|\d)\s+"
            r"(?:gpus?|graficas?|tarjetas?)\b(?:\s+(?:al|a la) ((?:job )?#?[\w.-]+))?",
            lambda m: f"take {_COUNT.get(m[2].lower(), m[2])} gpu off " + _job_said(m[1] or m[3]),
        ),
        (r"\b(?:bajele|bajale)\b", "baja"),
        (r"\b(?:subele|subale)\b", "sube"),
        (
            r"\b(?:ponle|pongale|ponganle|pongan|ponga|pon|dele|dale)\s+(?:mas )?prioridad\b"
            r"(?!\s+(?:del?|al|a la|a)\b)",
            "raise its priority",
        ),
        # "para que sea el siguiente": to go next
        (
            r"\b(?:para que|pa que|asi) (?:sea|sale|salga|quede|vaya|corra|arranque|entre) (?:(?:el|de) )?"
            r"(?:siguiente|primero|proximo)\b",
            "to run next",
        ),
        # "¿cómo dejo en hold el llama?", "¿cómo pongo el 12 antes que el 13?": how do i
        (r"\bcomo (?:dejo|pongo|meto)(?:lo|la)? en (hold|espera)\b", "how do i hold"),
        (r"\bcomo (?:dejo|pongo|meto)(?:lo|la)? en pausa\b", "how do i pause"),
        (
            r"\bcomo (?:pongo|meto|paso|muevo|subo)\s+(.{1,40}?)\s+"
            r"(?:por delante|delante|antes)\s+(?:de(l)?|que)\b",
            lambda m: f"how do i put {m[1]} ahead of" + (" el" if m[2] else ""),
        ),
        # a reason or a purpose said after the ask ("para que no arranque cuando termine el mistral", ", que
        # igual no va a correr hoy"): no part of what is asked, so its words ("hoy") do not become the ask's
        (r"\s*\bpara que no (?:arranque|empiece|corra|entre)\b[^?,;.]*", ""),
        # ("no quiero que arranque cuando termine el mistral": a wish, not the job asked about)
        (r",?\s*\b(?:que )?no (?:quiero|queremos) que (?:arranque|empiece|corra|entre)\b[^?,;.]*", ""),
        # (a reason said after a request: "retenlo, que quiero cambiar el checkpoint", "que ya he bajado ...")
        (
            r"\s*,\s*que (?:igual|total|de todas formas|necesito|necesitamos|quiero|queremos|ya he|ya hemos)"
            r"\b[^?,;.]*",
            "",
        ),
        (
            r"(?<!\bpor)(?<!\bpara)(?<!\blo)(?<!\bel)(?<!\bla)(?<!\bdesde)"
            r"\s+que (?:necesito|necesitamos)\b[^?,;.]*",
            "",
        ),
        # how long at a heat, how long busy, since when idle: "a 80 grados o más", "ocupada de verdad",
        # "¿desde qué hora está quieta?"
        # "cuánto tiempo pasó a 400 W o más", "cuánto rato estuvo en 80 grados": how long it was at it ("sobre
        # 300 W" is above it, read below)
        (
            r"\bcuanto (?:tiempo|rato) (?:paso|estuvo|se mantuvo|duro|aguanto)\s+(?:a|en)\s+(?=\d)",
            "how long was it at ",
        ),
        (r"(?<=\bit at )(\d+)\s*(w|watts?|%|°c?|grados) o mas\b", r"\1 \2 or more"),
        (r"\ba (\d+) (?:grados|°c?)(?: o mas)\b", r"at or above \1 degrees"),
        (r"\b(\d+)\s*(w|watts?|%) o mas\b", r"\1 \2 or more"),
        # a job given something, said first with "al" and doubled by "le" ("al probe ponle nomás 1 GPU": give
        # the probe just 1 GPU); Mexico's "nomás" (just, only)
        # (what it is told to do, "ponle que corra en la GPU 1", "dile que corra nomás en la 1": it should run
        # there, only there)
        (
            r"\b(?:(?:al|a la) ([\w.-]+(?: job)?),?\s+)?(?:ponle|dile|hazle|pidele|dejale) que "
            r"(?:corra|jale|ruede|use|se ejecute)(?: (nomas|solo|solamente))? (en|con)\b",
            lambda m: f"{m[1] or 'it'} should run "
            + ("only " if m[2] else "")
            + ("on" if m[3].lower() == "en" else "with"),
        ),
        (r"\b(?:al|a la) ([\w.-]+(?: job)?),?\s+(?:ponle|dale|dejale|asignale)\b", r"give \1"),
        # (the job doubled by "le" said last, what is given first: "ponle 40000 MiB de memoria al job 12")
        (
            r"\b(?:ponle|dale|dejale|asignale)\s+(\d[^,.;?!]{0,40}?)\s+al ((?:job )?#?[\w.-]+)",
            lambda m: f"give {'el ' + m[2] if m[2].isdigit() else m[2]} {m[1]}",
        ),
        # (the job said straight after the verb, the amount after it: "ponle al llama-70b-eval 40000 MiB de
        # memoria", "dale al 13 una sola GPU")
        (
            r"\b(?:ponle|dale|dejale|asignale)\s+(?:al|a la) ((?:job )?#?[\w.-]+)\s+(?=\d|una?\b)",
            lambda m: f"give {'el ' + m[1] if m[1].isdigit() else m[1]} ",
        ),
        (r"\bnomas\b", "only"),
        # "que el eval corra en la GPU 1" (have it run there), "que use 1 GPU": what a job should do
        (
            r"^\s*(?:y )?que (?:el |la )?(.{1,40}?)\s+(?:corra|jale|se ejecute|se corra|ruede)\s+(en|con)\b",
            lambda m: f"{m[1]} should run {'on' if m[2].lower() == 'en' else 'with'}",
        ),
        (r"\bgrados\b", "degrees"),
        (r"\bdesde que hora\b", "since when"),
        (r"\bsenal\b", "signal"),
        (r"\b(?:se )?murio\b", "died"),
        # a mean said after what it is of ("el uso medio", "la temperatura media"; not "media hora")
        (r"\b(uso|temperatura|potencia|consumo|memoria) medi[oa]\b", r"mean \1"),
        # "el máximo de cada día": each day
        (r"\bcada dia\b|\bpor dia\b", "each day"),
        # a job's time over its tries: "sumando todos los intentos", "contando sus reintentos"
        (
            r"\b(?:sumando|contando|en|entre) (?:todos )?(?:los|sus) (?:re)?intentos\b",
            "across all its attempts",
        ),
        (r"\b(?:ha|han) estado\b", "has been"),
        # ("ociosa", "inactiva": idle; "cuánto estuvo ociosa": how long was it idle)
        (
            # (Portuguese, read first, has made "ociosa" idle)
            r"\bcuanto (?:tiempo |rato )?(?:estuvo|ha estado|paso) "
            r"(?:(?:quiet|ocios|inactiv|parad)[ao]s?|idle|al pedo|sin hacer nada)\b",
            "how long was it idle",
        ),
        # (the River Plate's "al pedo", anyone's "sin hacer nada": idle)
        (
            r"\b(?:esta|estan|estuvo|quedo) (?:(?:quiet|ocios|inactiv)[ao]s?|al pedo|sin hacer nada)\b",
            "is idle",
        ),
        (r"\b(?:quiet|ocios|inactiv)[ao]s?\b|\bal pedo\b|\bsin hacer nada\b", "idle"),
        # a card at work over a span, in any country's word ("estuvo laburando", "chambeando", "jalando"):
        # busy ("¿está trabajando?" now is left to ask how it is)
        (r"\b(?:estuvo|ha estado|estaba) (?:trabajando|laburando|chambeando|jalando)\b", "was busy"),
        # how long a card worked, its verb in the past: "cuánto laburó la H100", "cuánto trabajó" (how long
        # was it busy); "laburó" alone, was busy
        (r"\bcuanto (?:tiempo |rato )?(?:trabajo|laburo|chambeo)\b", "how long was it busy"),
        (r"\b(?:laburo|laburaron|chambeo|chambearon)\b", "was busy"),
        (r"(?<!\bmas )\bocupad[ao]s?\b", "busy"),  # ("más ocupada": busiest, below)
        (r"\bde verdad\b|\brealmente\b", ""),
        # the most memory before a crash: "¿cuánta memoria llegó a usar?" (how much at most)
        (r"\bllego a (?:usar|gastar|consumir|ocupar|coger|comerse|pedir)\b", "used at most"),
        (r"\bantes del? (?=oom\b)", "before the "),
        # which job did it: "¿qué job la puso así?"
        (r"\bque (job|proceso|trabajo) (?:la|lo) (?:puso|dejo|tuvo) asi\b", r"which \1 was running then"),
        # comparing two jobs: "compáreme el 8b con el sd-xl", "¿y en tiempo de corrida?" (run time)
        (r"\bcompar(?:eme|ame|e|a|en)\b", "compare"),
        # two days set against each other: "la de ayer contra la de hoy", "ayer vs hoy" (yesterday vs today)
        (r"\b(?:(?:el|la|los|las) )?de (hoy|ayer|anoche)\b(?=\s+(?:vs\.?|versus|contra)\b)", r"\1"),
        (r"\b(?:vs\.?|versus|contra) (?:(?:el|la|los|las) )?(?:de )?(hoy|ayer|anoche)\b", r"vs \1"),
        # ("el uso de ayer con el de hoy": one day set against the other, as "compara" asks)
        (r"\b(hoy|ayer|anoche) con (?:(?:el|la|los|las|lo) )?de (hoy|ayer|anoche)\b", r"\1 vs \2"),
        # ("¿se calentó más ayer o hoy?": which of two days, each day's asked)
        (r"\b(hoy|ayer|anoche) o (hoy|ayer|anoche)\b", r"\1 vs \2"),
        (r"\bcontra\b", "vs"),
        (r"\b(?:tiempo de )?corrida\b", "run time"),
        # "pregunta general: ¿qué es mejor, LoRA o QLoRA?": an unrelated question, which is better
        (r"\b(?:una )?pregunta (?:general|aparte|rapida|de otra cosa)\b", "an unrelated question"),
        (r"\bque es mejor\b", "which is better"),
        # "¿conviene bf16 o fp16 para entrenar?": which is better, for training
        (r"\b(?:me |nos |te )?conviene\b", "is it better"),
        (r"\b(?:para|pa) entrenar\b", "for training"),
        (r"\bentrenar\b", "train"),
        (r"\bcada tanto\b|\bde vez en cuando\b", "now and then"),
        (r"\bmejor\b", "better"),
        (r"\b(?:la|el) otr[ao] (tarjeta|gpu)\b", r"the other \1"),
        (r"\botr[ao]\b(?! vez)", "other"),  # ("otra vez" is again, read below)
        (r"\bperdon\b", "sorry"),
        # a request corrected after it ("no, espera, me equivoqué, el 13; el 12 déjalo en paz"): wait, i
        # meant 13, not 12
        (r"(^|[.,;!?]\s*|\bno,?\s+)(?:espera|esperate|aguanta|aguantame)\b", r"\1wait"),
        (r"\bme equivoque(?: de (?:job|numero))?\b|\b(?:quise|queria) decir\b", "i meant"),
        (
            r"\b(?:el|al|la) ((?:job )?#?[\w.-]+),?\s+(?:dejalo|dejala|no lo toques|no la toques)"
            r"(?: en paz\b| asi\b| como esta\b|(?=\s*(?:[,.;!?]|$)))"
            r"|\b(?:deja|no toques) en paz (?:al|a la) ((?:job )?#?[\w.-]+)",
            lambda m: f"not {m[1] or m[2]}",
        ),
        (r",?\s*\bno me acuerdo\b", ""),  # ("i do not remember" would be read as memory)
        (r"\b(?:y )?(?:luego|despues),? para que (?:siga|continue|vuelva a correr)\b", "and then"),
        # "después de las 6pm", "despues de las 18": after that hour (its "las" says an hour, as in "entre")
        (
            r"\bdespues de (las? )?(\d{1,2}(?::\d{2})?)\b(?!\s*(?:am|pm|a\.m|p\.m|de la|hs?|hrs)\b)",
            lambda m: "after " + _hour(m[2], m[1]),
        ),
        (r"\bdespues de las? (?=\d)", "after "),
        (r"\bdespues del?\b", "after"),
        (r"\b(?:luego|despues)\b", "then"),
        (r"\bquien (?:tardo|duro|corrio) mas\b", "which took longer"),
        # Spain's typed fast: a job said first, then the verb with "it" joined to it ("el 405b ponlo en
        # hold": hold the 405b; "el mistral cancelalo": cancel the mistral), read verb first
        (
            r"^(\s*)((?:el|la|los|las) (?:del? )?(?:job )?[\w.\[\]-]+),?\s+"
            r"(pon|cancel[ae]|paus[ae]|suelt[ae]|liber[ae]|reanud[ae]|reintent[ae]|relanz[ae]|mat[ae])"
            r"(?:lo|la|los|las)\b",
            r"\1\3 \2",
        ),
        # "el de sd-xl", "y el de memoria?", "la de la 4090": the one of that name or thing (a job number
        # after "del" is read below: "el del 12" is job 12's; a day or a time is no name: "la de ayer")
        (
            r"\b(?:el|la) del? (?:(?:el|la) )?"
            r"(?!(?:que|hoy|ayer|anoche|ahora|ahorita|antes|despues|esta|este|ese|esa|eso|mas|menos|job|gpu)\b"
            r"|\d{1,3}\b)([\w.\[\]-]+)",
            r"the \1 one",
        ),
        # "ponlo en hold", "pon el 13 en espera": hold it; "ponlo en pausa": pause it
        (
            r"\b(?:pon|ponga|deja|deje)(?:lo|la|los|las)?\s*(.{0,30}?)\s*en (hold|espera|pausa)\b",
            lambda m: ("pause " if m[2].lower() == "pausa" else "hold ") + (m[1] or "it"),
        ),
        # "pon el 12 por delante del 13": the 12 put ahead of the 13 in the queue
        (
            r"\b(?:pon|ponga|mete|meta|pasa|pase|mueve|mueva|sube|suba)\s+(.{1,30}?)\s+"
            r"(?:por delante|delante|antes)\s+de(l)?\b",
            lambda m: f"put {m[1]} ahead of" + (" el" if m[2] else ""),
        ),
        # a job moved to a card: "mueve el whisper pa la 4090", "cámbialo a la gpu 1" (move it to the 4090)
        (
            r"\b(?:mueve|mueva|muevan|move|cambia|cambie|manda|mande|pasa|pase)(lo|la)?\s+(.{1,40}?)\s*"
            r"\b(?:pa|para|a) (?:la|el|the) (?=(?:gpu|tarjeta|grafica|card|h\d+|a\d+|\d{4})\b)",
            lambda m: f"move {m[2] if m[2].strip() else 'it'} to the ",
        ),
        (
            r"\b(?:muevelo|muevela|cambialo|cambiala|mandalo|mandala|pasalo|pasala)\s+"
            r"(?:pa|para|a) (?:la|el|the) (?=(?:gpu|tarjeta|grafica|card|h\d+|a\d+|\d{4})\b)",
            "move it to the ",
        ),
        # "sube la prioridad del 13 a 10", "cambiale la prioridad al probe a 5": its priority to 10;
        # without a number, raised or lowered ("baja la prioridad del 12")
        (
            r"\b(?:sube|suba|subele|baja|baje|bajale|cambia|cambie|cambiale|pon|ponle|ponga|dale|dele)"
            r"\s+(?:la )?prioridad\s+(?:a la|al|del|de la|de|a)\s+(.{1,40}?)\s+(?:a|al|en)\s+(-?\d+)\b",
            r"set the priority of el \1 to \2",
        ),
        (r"\b(?:sube|suba|subele)\s+(?:la )?prioridad\s+(?:del?|al|a la|a)\b", "raise the priority of el"),
        (r"\b(?:baja|baje|bajale)\s+(?:la )?prioridad\s+(?:del?|al|a la|a)\b", "lower the priority of el"),
        # a request and "it" joined, no accent: "relanzalo", "reanudalo"; asked: "como lo reanudo?" (how
        # do I resume it)
        (r"\bcomo (?:lo|la|los|las) (?:reanudo|continuo|retomo|despauso)\b", "how do i resume it"),
        (r"\bcomo (?:lo|la|los|las) (?:relanzo|reintento|vuelvo a lanzar)\b", "how do i rerun it"),
        (r"\bcomo (?:lo|la|los|las) (?:suelto|libero)\b", "how do i release it"),
        (r"\b(?:relance|relanza|lance|lanza)(?:lo|la|los|las)\b", "rerun it"),
        # requests in the polite "usted" form and their "tú" twins, a pronoun joined or not ("vuelva a
        # lanzarlo": run it again; "pare un momento el mistral": pause it; "vuelva a ponerlo en marcha":
        # resume it; "ponga el 12 con más prioridad, un 10": its priority to 10)
        (r"\b(?:vuelva|vuelve|vuelvan) a (?:lanzar|ejecutar|correr|intentar)(?:lo|la|los)?\b", "rerun it"),
        (r"\b(?:relance|relanza|relanzar|lance|lanza)(?:lo|la)? (?:de nuevo|otra vez)\b", "rerun it"),
        # Latin America's: "vuélvelo a correr", "córrelo otra vez" (run it again), "sácalo del hold"
        # (release it)
        (r"\b(?:vuelvelo|vuelvela) a (?:lanzar|ejecutar|correr|intentar|mandar)\b", "rerun it"),
        (r"\b(?:correlo|correla|mandalo|mandala) (?:de nuevo|otra vez)\b", "rerun it"),
        (r"\bsaca(?:lo|la)? del hold\b", "release it"),
        (r"\b(?:relance|relanza)(?:lo|la)?\b", "rerun"),
        (
            r"\b(?:vuelva|vuelve) a (?:ponerlo|ponerla|arrancarlo|arrancarla) en marcha\b"
            r"|\b(?:pongalo|ponlo|pongala|ponla) en marcha\b|\breanude(?:lo|la)?\b",
            "resume it",
        ),
        (
            r"\b(?:pare|para|parelo|paralo|detenga|detengalo|deten|detenlo) un (?:momento|rato|momentito)\b",
            "pause for a moment",
        ),
        (r"\b(?:parelo|paralo|pararlo|detengalo|detenlo)\b", "stop it"),
        (r"\b(?:pare|detenga|deten)\b", "stop"),
        (r"\b(?:cancele|cancelen)(?:lo|la)?\b", "cancel"),
        (r"\b(?:suelte|libere)(?:lo|la)?\b", "release"),
        (r"\b(?:reintente)(?:lo|la)?\b", "retry"),
        (
            r"\b(?:ponga|pon|dele|dale|suba|sube)\s+(.{1,40}?)\s+(?:con )?(?:mas|mayor) prioridad,?"
            r"\s+(?:un|a|al)?\s*(\d+)\b",
            r"set the priority of \1 to \2",
        ),
        (r"\blo cancelamos nosotros\b", "did we cancel it"),
        # how long, how much, on average, full load
        (r"\bcuanto (?:tiempo |rato )?(?:tuvo|ha tenido|tiene) que esperar\b", "how long did it wait"),
        (r"\bcuanto (?:tiempo |rato )?(?:corrio|estuvo corriendo|ha corrido)\b", "how long did it run"),
        # the time a run took, said with Mexico's "aventarse" or "irse": "cuánto tiempo se aventó (en total)
        # corriendo" (how long did it run, in total)
        (
            r"\bcuanto (?:tiempo|rato) (?:se )?(?:avento|fue|llevo|paso|estuvo)( en total)? corriendo\b",
            r"how long did it run\1",
        ),
        # every attempt summed: "cuanto corrio sumando todos (los intentos)"
        (
            r"\b(?:sumando|contando) tod[oa]s(?: (?:los|las|sus) (?:intentos|reintentos))?\b"
            r"|\b(?:sumando|con|en) (?:todos )?(?:los|sus) (?:intentos|reintentos)\b"
            r"|\bcon todo y (?:los |sus )?(?:intentos|reintentos)\b",  # Mexico's "con todo y": all of it
            "with all its attempts",
        ),
        (r"\bcuantos intentos\b", "how many attempts"),
        (r"\b(?:re)?intentos\b", "attempts"),
        (r"\bhizo\b", "did it make"),
        # "hace cuánto que está corriendo", "hace cuanto rato q esta esperando": how long has it been at it
        (
            r"\bhace cuanto (?:tiempo |rato )?(?:que )?(?:esta|estan|lleva|llevan)"
            r" (corriendo|esperando|trabajando)\b",
            lambda m: "how long has it been "
            + {"corriendo": "running", "esperando": "waiting"}.get(m[1].lower(), "busy"),
        ),
        (r"\bcuanto rato\b", "how long"),
        (r"\bmas rato\b", "longer"),  # "cual corrio mas rato": which ran longer
        (r"\ba (?:que|cuanta) velocidad\b", "how fast"),
        (r"\ba cuanto (?:va|esta|anda|andan)\b", "what is"),
        # "¿a cuánto llegó?", "¿hasta cuánto subió como máximo?": how high it got (its peak); "como
        # máximo" is "at most"
        (r"\b(?:a|hasta) cuanto (?:llego|llegaron|subio|subieron|trepo|alcanzo)\b", "how high did it get"),
        (r"\bcomo maximo\b", "at most"),
        # a job changed to ask for other cards: "cambiá el 13 para que use una sola GPU" (change it to use)
        (
            r"\b(?:cambia|cambie|modifica|modifique)(le|lo|la)?\b(.{0,40}?)\s+(?:para|pa)"
            r"\s+(?:que|q)\s+(?:use|usa|corra con|tenga)\b",
            lambda m: "change" + (" it" if m[1] else "") + m[2] + " to use",
        ),
        (r"\b(?:una|1) sola\b|\bun solo\b", "a single"),  # "a cuánto anda el clock": what is
        (r"\b(?:de|en) media\b", "on average"),
        (r"\bla media\b", "the average"),
        (r"\bmedia hora\b", "half an hour"),
        (r"\bmedia\b", "average"),  # "temperatura media": the average temperature
        (r"\ba tope\b", "at full load"),
        (r"\ben total\b", "in total"),
        (r"\ba tiempo\b", "on time"),
        (r"\bpor (?:encima|arriba) del?\b", "above"),
        # Chile's "sobre 300 W", "sobre 70 grados": above a value; "sobre todo": above all
        (r"\bestuvo (?=(?:sobre|bajo|arriba de|encima de|debajo de) \d)", "was it "),  # (it: said before)
        (r"\bsobre (?=\d)", "above "),
        (r"\bsobre todo\b", "above all"),
        (r"\bpor debajo del?\b", "below"),
        # ("entre las 12 y las 14": hours by their "las", read as hours: 12:00 and 14:00, but where a part of
        # the day or "hs" follows, which reads them)
        (
            r"\bentre (las? )?(\d{1,2}(?::\d{2})?) y (?:las? )?(\d{1,2}(?::\d{2})?)\b"
            r"(?!\s*(?:de la|del|am|pm|a\.m|p\.m|h|hs|hrs)\b)",
            lambda m: f"between {_hour(m[2], m[1])} and {_hour(m[3], m[1])}",
        ),
        (r"\bentre (?:las? )?(\d{1,2}(?::\d{2})?) y (?:las? )?(\d{1,2}(?::\d{2})?)\b", r"between \1 and \2"),
        # "de 9 a 12", "de las 9 a las 12": from one hour to another (not where a priority is asked: "de 5 a
        # 10" is its value then)
        (
            r"\bde (las? )?(\d{1,2}(?::\d{2})?) a (?:las? )?(\d{1,2}(?::\d{2})?)\b"
            r"(?!\s*(?:%|w\b|gb|gib|°|grados))",
            lambda m: (
                m[0] if "prioridad" in m.string else f"from {_hour(m[2], m[1])} to {_hour(m[3], m[1])}"
            ),
        ),
        # (an hour and a part of the day, or midnight: "entre las 6 de la tarde y medianoche")
        (r"\bmedianoche\b", "midnight"),
        (r"\bmediodia\b", "noon"),
        (r"\bentre (?:las? )?(?=\d{1,2}\b(?::\d{2})?)", "between "),
        # ("en ese mismo rango", "en el mismo horario": the span just asked)
        (
            r"\ben (?:(?:ese|este)(?: mismo)?|el mismo)"
            r" (?:rato|periodo|tiempo|intervalo|rango|lapso|horario)\b"
            r"|\ben (?:esa|la)(?: misma)? franja\b",
            "in that period",
        ),
        (r"\b(?:de )?esa hora\b", "of that hour"),
        (r"\bque tal\b", "how was"),
        # what a log says ("que pone en el log": what does the log say), which job a peak was ("y de que
        # job era": and which job was it)
        (r"\bque pone\b", "what does it say"),
        (r"\bpone\b", "says"),
        (r"\bexactamente\b", "exactly"),
        (r"\bde que (job|trabajo|proceso|tarea)\b", r"which \1"),
        # spans: "a partir de las 14h" (since 14:00), "ayer por la tarde" (yesterday afternoon)
        (r"\ba partir de (?:las?|el)?\b", "since"),
        (
            r"\b(\d{1,2}(?::\d{2})?) de la (?:(manana|madrugada)|tarde|noche)\b",
            lambda m: m[1] + (" am" if m[2] else " pm"),
        ),
        (r"\b(ayer|hoy) por la (manana|tarde|noche)\b", lambda m: _PART_OF_DAY[m[1].lower(), m[2].lower()]),
        # (not another day's: "el sábado a la mañana", "mañana por la tarde")
        (
            r"(?<!sabado )(?<!domingo )(?<!lunes )(?<!martes )(?<!miercoles )(?<!jueves )(?<!viernes )"
            r"(?<!manana )\b(?:por|a) la (manana|tarde)\b",
            lambda m: _PART_OF_DAY["hoy", m[1].lower()],
        ),
        # asked off the subject: "una cosa que no tiene nada que ver" (an unrelated question), "que
        # diferencia hay entre" (what is the difference between)
        (r"\b(?:una )?(?:cosa|pregunta) que no tiene nada que ver\b", "an unrelated question"),
        (r"\b(?:que|cual es la) diferencia (?:hay )?entre\b", "what is the difference between"),
        # free: "libre", "desocupada" (not in use: Colombia's and Mexico's word)
        (r"\b(?:esta|estan|sigue|siguen) (?:libres?|desocupad[ao]s?)\b", "is free"),
        (r"\blibres?\b|\bdesocupad[ao]s?\b", "free"),
        (r"\b(?:gpu|tarjeta)[\s-]?horas\b", "gpu-hours"),
        (r"\bcual de (?:las|los) dos\b", "which of the two"),
        # "¿cuál de los elementos falló?": which element (one asked of a sweep's, a list's kind)
        (
            r"\bcual de (?:los|las) (elemento|job|trabajo|corrida|run|intento)s\b",
            lambda m: "which "
            + {"trabajo": "job", "corrida": "run", "intento": "attempt"}.get(m[1].lower(), m[1]),
        ),
        (r",?\s*\bno\s*\?", "?"),  # "ha fallado, ¿no?": a tag asking to be told so
        # the cards by size, as a studio says them: "la grande" (the H100), "la pequeña" (the 4090)
        (r"\b(?:la|el) (?:pequena|pequeno|chica|chico|peque)\b", "the small card"),
        (r"\b(?:la|el) (?:grande|gorda|gordo|potente)\b", "the big card"),
        # things
        (r"\bhoras de (?:gpu|tarjeta)\b", "gpu hours"),
        (r"\belectricidad\b", "electricity"),
        (r"\bventilador(?:es)?\b", "fan"),
        (r"\breloj(?:es)?\b", "clock"),
        (r"\bimagenes por segundo\b", "images per second"),
        (r"\bresumen\b", "summary"),
        (r"\bmaquinas\b", "machines"),
        (r"\bmaquina\b", "machine"),
        (r"\bevaluacion\b", "eval"),
        (r"\bentrenamiento\b", "training"),
        (r"\bbarrido\b", "sweep"),
        (r"\berrores\b", "errors"),
        # what happened, in the perfect and the preterite
        (r"\b(?:ha|han|hemos|habia) (?:gastado|consumido)\b|\bgastaron\b|\bconsumieron\b", "used"),
        (r"\b(?:ha|han|hemos) usado\b", "have used"),
        (r"\b(?:ha|han) trabajado\b|\btrabajaron\b", "has been busy"),
        (r"\b(?:ha|han) fallado\b|\bfallado\b", "failed"),
        (r"\b(?:ha|han) terminado\b|\bterminado\b", "finished"),
        (r"\b(?:espero|esperaron|estuvo esperando)\b(?! que)", "waited"),
        (r"\b(?:antes de|para|pa) (?:empezar|arrancar|comenzar|entrar)\b", "before it started"),
        (r"\ben (?:la )?cola\b", "in the queue"),
        (r"\bantes de pararlo\b|\bantes de que (?:lo )?pararan\b", "before it was stopped"),
        (r"\b(?:empezo|arranco|comenzo)\b", "started"),
        (r"\b(?:alcanzo|llego) a (?:sacar|dar|hacer)\b", "reached"),  # "qué throughput llegó a sacar"
        (r"\b(?:cogio|alcanzo|llego a)\b(?!\s*(?:a )?(?:correr|jalar|durar)\b)", "reached"),
        (r"\blevanto (?:mucha |harta )?(?:temperatura|temp)\b", "got hot"),  # "levantó temperatura"
        (r"\b(?:se hizo|se corrio|se ejecuto)\b", "ran"),
        (r"\bsalieron\b|\bsalio\b", "came out"),
        (r"\blo que diga\b", "what says"),
        (r"\bque (\w+) (?:tuvo|tenia)\b", r"what \1 did it have"),  # "y que lr tenia": its lr
        (r"\b(?:tuvo|tenia)\b", "had"),
        (r"\biba sacando\b|\bsacaba\b", "was doing"),
        # how a run went before, told ("ayer me iba", "antes funcionaba bien"): it worked (not "iba a",
        # was going to)
        (
            r"\b(?:me |nos |le )?(?:iba|funcionaba|andaba|jalaba|tiraba)(?: (?:bien|perfecto|de lujo))?\b"
            r"(?!\s+a\b)",
            "it worked",
        ),
        # Mexico's and the rest of Latin America's turns: "en la mañana" (this morning), "cuánto alcanzó a
        # correr" (how long did it run), "se fue" (took), "se estaba comiendo" (was using), "¿a qué hora fue
        # eso?" (at what time was that), "qué lr me recomiendas" (advice)
        (r"\ben la manana\b", "this morning"),
        (r"\ben la tarde\b", "this afternoon"),
        (r"\ben la noche\b", "last night"),
        (r"\bcuanto (?:alcanzo|llego) a (?:correr|jalar|durar)\b", "how long did it run"),
        (r"\b(?:alcanzo|llego) a (?:correr|jalar)\b", "did it run"),
        (r"\bantes de (?:morir|morirse|tronar|caerse|fallar|romperse|reventar|colgarse)\b", "before it died"),
        # "y de energía cuánto usó cada uno?": the thing said first, then asked (how much energy did each
        # use); "usó" a verb where a subject follows it, not "uso" (utilization)
        (r"\bde (energia|memoria|luz|temperatura|potencia|consumo) (cuant[oa]s?)\b", r"\2 \1"),
        # ("a cuánto está de uso la 0": "de uso" is the noun, how busy it is, never the verb)
        (r"\bde uso\b", "utilization"),
        (r"\buso\b(?=\s+(?:cada|el|la|los|las|ese|esa|este|esta|hoy|ayer)\b)", "used"),
        (r"\bcada un[oa]\b", "each one"),
        # which job a peak was, what a run wrote last: "¿a qué hora y con qué job?", "¿qué escribió al final?"
        (r"\bcon (?:que|cual) (job|trabajo|proceso)\s*(?=[?.!]|$)", r"which \1"),
        (r"\bque (?:escribio|imprimio|escupio)\b", "what did its log say"),
        # "¿... y con qué lr?", "con qué batch": the setting a run used ("con qué job" read above; "basta con
        # que" goes on)
        (r"\bcon (?:que|cual) ([\w-]+(?: size| rate)?)\s*(?=[?.!,]|$)", r"what \1 did it use"),
        # "¿cuál gastó más?" with nothing after: the most energy, as a card's or a job's spending is said
        (
            r"\b(?:gasto|gastaron|consumio|consumieron|se comio|se comieron) mas\s*(?=[?.!]|$)",
            "used the most energy",
        ),
        (r"\bal final\b", "at the end"),
        (r"\bcuanto tiempo se (?:fue|llevo|tardo|avento)\b", "how long did it take"),
        # what a card or a job used, in Mexico's words: "cuánta energía se aventó la H100" (aventarse: to get
        # through), "cuántas GPU-hours quemó" (burned); "cuánto lleva quemado" (so far)
        (r"\b(?:se )?(?:avento|aventaron|ha aventado)\b", "used"),
        (r"\blleva(?:n)? quemad[oa]s?\b", "has used so far"),
        (r"\b(?:se )?(?:quemo|quemaron|ha quemado|han quemado)\b", "used"),
        (r"\b(?:esta |estan )?quemando\b", "is it drawing"),
        # asked for, said as a pass or a send: "pásame el log", "mándame", "échame", "me pasas"
        (r"\b(?:pasame|mandame|echame|muestrame|ensename)\b|\bme (?:pasas|mandas|muestras)\b", "give me"),
        (r"\bdime\b", "tell me"),
        # where a log ends: "lo último del log", "el final del log" (its last lines)
        (r"\b(?:lo ultimo|lo final|el final) del? (log|output|salida)\b", r"the last lines of the \1"),
        (r"\bcontando (?:los|las) (?:reintentos|intentos)\b", "with all its attempts"),
        (r"\bse estaba comiendo\b|\bse esta comiendo\b|\bse comia\b", "was using"),
        (r"\bmientras (?:corria|corrio|corre)\b", "while it ran"),
        (r"\b(?:fue|era) eso\b", "was that"),
        (r"\bcon que (\w+) (?:era|fue|corrio)(?: (?:ese|esa|eso))?\b", r"which \1 was it using"),
        (r"\b(?:ese|esa)\s*(?=[?.!]|$)", "that one"),
        # "y ese qué lr tenía?": that one asked of (not "el job ese que falló": the one that failed)
        (
            r"(^\s*|[,;.?!]\s*)(y )?(?:ese|esa) (?=que\b)",
            lambda m: m[1] + ("and " if m[2] else "") + "that one, ",
        ),
        (r"\b(?:eso|ese|esa)\b", "that"),
        # ("tu", "usted" and Spain's "vosotros": "que batch size me recomendais")
        (
            r"\bque (.{1,30}?) (?:me|nos) (?:recomiendas|recomienda|recomendas|recomendais|recomendarias)\b",
            r"what \1 do you recommend",
        ),
        (
            r"\b(?:me|nos) (?:recomiendas|recomienda|recomendas|recomendais|recomendarias)\b",
            "do you recommend",
        ),
        (r"\bnecesito saber\b|\bquiero saber\b", "i want to know"),
        (r"\bpa mi reporte\b|\bpara mi reporte\b|\bpa mi tarea\b", "for my write-up"),
        (r"\barriba del?\b", "above"),
        (r"\bmaxima\b", "max"),
        (r"\bminima\b", "min"),
        (r"\bestaba\b", "was"),
        # a subject Spanish leaves in the verb is "it" ("¿qué job era?": which job was it; "cuánto rato estuvo
        # corriendo": how long was it running)
        # ("¿cuándo fue y con qué job?": when was it, and which job)
        (r"\b(?:fue|era)(?=\s*(?:[?.!,]|$)|\s+y\b)", "was it"),
        (r"\bestuvo (corriendo|funcionando|trabajando|esperando)\b", r"was it \1"),
        (r"\blo intento\b", "did it try"),
        (r"\b(?:esta|estan) (?:gastando|consumiendo|tirando)\b", "is it drawing"),
        (r"\b(?:gastando|consumiendo)\b", "drawing"),
        # a request to write: "¿me puede escribir un correo ...?"
        (
            r"\b(?:me |nos )?(?:puede|puedes|podria|podrias|pueden|ayuda a|ayudas a|ayudarias a) "
            r"(?:escribir|redactar)(?:me|nos)?\b",
            "can you write",
        ),
        (r"\b(?:escribame|escribeme|redacteme|redactame)\b", "write me"),
        (r"\b(?:me|nos) (?:escribes|escribis|redactas|redactais|haces|hariais)\b", "can you write me"),
        (r"\bmensaj(?:e|ito)s?\b", "message"),
        # what the message is to say: "avisando que la H100 va a estar ocupada toda la tarde" (saying that
        # it will be busy all afternoon)
        (r"\bavis(?:ando|ar)(?: a (?:todos|todas|la gente|el equipo))? que\b", "saying that"),
        (r"\b(?:va|van) a estar\b", "will be"),
        (
            r"\btod[oa] (?:el|la) (dia|manana|tarde|noche)\b",
            lambda m: "all "
            + {"dia": "day", "manana": "morning", "tarde": "afternoon"}.get(m[1].lower(), "night"),
        ),
        (r"\bgrupo\b", "group"),
        (r"\bcorreo(?: electronico)?\b|\bemail\b", "email"),
        # questions
        (r"\bpor que no (?:arranca|empieza|inicia|corre)\s+(.+?)(\s*[?.!]*)$", r"why is \1 not starting\2"),
        (r"^(\s*)(?:por que|porque)\b", r"\1why"),
        (r"\bpor que\b", "why"),
        (r"\ba que hora\b", "at what time"),
        (r"\bdesde cuando\b", "since when"),
        (r"\bcuanto tiempo\b", "how long"),
        (r"\bcuanto (?:se )?(?:tardo|demoro|duro)\b", "how long did it take"),
        (r"\bcuanto (?:corrio|estuvo corriendo)\b", "how long did it run"),
        # "cuánto lleva" with nothing after it, or of a card, asks how much so far ("y la 4090 hoy cuánto
        # lleva" after an energy); with a gerund or of a job, how long ("cuánto lleva corriendo el 11")
        (
            r"\bcuanto lleva(?:n)?(?=\s*(?:[?.!,]|$|hoy\b|(?:la|the) (?:h\d|\d{4}\b|gpu|tarjeta)))",
            "how much so far",
        ),
        (r"\bcuanto lleva\b", "how long has it been"),
        # a total asked of what the turn before named ("¿y cuánta tiene en total?": memory, energy)
        (r"\bcuant[oa]s? tiene\b", "how much does it have"),
        (r"\bque tan\b", "how"),
        (r"\bcuantas veces\b", "how many times"),
        (r"\bde cuant[oa]\b", "how much"),  # "¿de cuánto (es) el total?": how much
        (r"\bcuant[oa]s\b", "how many"),
        (r"\bcuant[oa]\b", "how much"),
        (r"\bcual(?:es)?\b", "which"),
        (r"\bquien(?:es)?\b", "who"),
        (r"\bdonde\b", "where"),
        (r"\bcuando\b", "when"),
        (r"\bcomo le (?:fue|va) (?:al?|a la|a los|a las)\s+(.+?)(\s*[?.!]*)$", r"how did the \1 go\2"),
        (r"\bque onda(?: con)?\b", "what's up with"),  # ("qué onda la H100": with it)
        (r"\bcomo (?:va|esta|anda)\s+(.+?)(\s*[?.!]*)$", r"how is \1 doing\2"),
        (r"\bcomo va\b", "how is"),
        (r"\bcomo\b", "how"),
        (r"\ben que (\w+) va\b", r"at which \1 is it"),
        # "q hay en la 4090", "y en la H100 qué hay": what is there ("lo que hay": the one that, above)
        (r"(?<!\blo )(?<!\bel )(?<!\bla )\bque hay\b", "what is there"),
        (r"\b(?:el|la|lo) que\b", "the one that"),
        (r"(^|[,;.?!]\s*|\by\s+|\bo\s+)que\b", r"\1what"),
        (r"\bque\b", "that"),
        # times and spans
        (r"\b(?:la )?ultima hora\b", "the last hour"),
        (r"\b(?:el|lo|la) (?:ultimo|ultima)\b", "the last"),
        (r"\bultim[oa]s?\b", "last"),
        (r"\blineas?\b", "lines"),
        (r"\belementos?\b", "element"),
        (r"\b(?:las )?ultimas (\d+) horas\b", r"the last \1 hours"),
        (r"\bdesde (?:las?|el)\b", "since"),
        (r"\bdesde\b", "since"),
        (r"\bhasta (?:las?|el)\b|\bhasta\b", "until"),
        (r"\ba las? (?=\d)", "at "),  # "a las 4 pm": at 4 pm
        (r"\besta manana\b", "this morning"),
        (r"\besta tarde\b", "this afternoon"),
        (r"\ben ese momento\b|\ba esa hora\b", "then"),
        (r"\bde momento\b|\bpor ahora\b", "for now"),
        (r"\bhoy\b", "today"),
        (r"\bmanana\b", "tomorrow"),  # ("esta mañana", "por la mañana" read above)
        (r"\bayer\b", "yesterday"),
        (r"\banoche\b", "last night"),
        (r"\bahor(?:a|ita)(?: mismo)?\b", "now"),
        (r"\bfinde\b", "weekend"),
        # how much and which way
        (r"\barriba de\b|\bpor encima de\b|\bmas de\b", "above"),
        (r"\babajo de\b|\bpor debajo de\b|\bmenos de\b", "below"),
        (r"\b(?:lo|el) maximo\b", "the max"),
        (r"\bmaximo\b", "max"),
        (r"\b(?:lo|el) minimo\b", "the min"),
        (r"\bminimo\b", "min"),
        (r"\ben promedio\b|\bpromedio\b", "on average"),
        (r"\bpico\b", "peak"),
        (r"\bmas ocupad[ao]s?\b", "busiest"),
        (r"\bse calento mas\b|\bmas calient[e]s?\b", "was hottest"),
        (r"\bmas\b", "more"),
        # what happened
        # Spain's "petar", Mexico's "tronar", the River Plate's "palmar"
        (
            r"\b(?:se )?(?:rompio|trono|tronaron|fallo|fallaron|peto|petaron|ha petado|palmo|palmaron"
            r"|ha palmado)\b",
            "failed",
        ),
        (r"\b(?:ha|han) tronado\b|\btronado\b", "failed"),
        (r"\b(?:ya )?(?:termino|terminaron|acabo)\b", "finished"),
        (r"\bno arranca\b|\bno empieza\b", "is not starting"),
        (r"\b(?:arranca|empieza)\b", "start"),
        (r"\b(?:corre|corriendo)\b", "running"),
        (r"\b(?:corria|corrio)\b", "ran"),
        (r"\bse calento\b", "got hot"),
        (r"\bcalientes?\b", "hot"),
        # Spain's "vosotros" (you, said to several people: the team, not the assistant) and a pronoun before
        # its verb ("¿no la estáis usando?": aren't you guys using it); "la veo tranquila" (it looks quiet)
        (
            r"\b(no )?(?:la|lo|las|los) (?:estais|estan) (\w+ndo)\b",
            lambda m: f"are you guys {'not ' if m[1] else ''}{m[2]} it",
        ),
        (r"\bestais\b", "are you guys"),
        (r"\b(?:la|lo|las|los) (?:veo|noto)\b", "it looks"),
        (r"\btranquil[ao]s?\b", "quiet"),
        (r"\besperando\b", "waiting"),  # (Spanish's own gerund, before the Spanglish ones)
        (r"\b(\w+?)e?ando\b", r"\1ing"),  # Spanglish gerunds: "throttleando", "loggeando"
        (r"\bse puso\b", "got"),
        (r"\b(?:se )?(?:gasto|consumio|comio|llevo)\b", "used"),
        (r"\btrabajo\b", "did it work"),
        (r"\b(?:lo )?intento\b", "tried"),
        (r"\bqueria pedir\b", "did it try to allocate"),
        (r"\bpidio\b", "asked for"),
        (r"\b(?:la )?lleno\b", "filled"),
        (r"\b(?:lo )?mato\b", "killed"),
        (r"\bpaso\b", "happened"),
        (r"\bdice\b", "says"),
        (r"\bhay\b", "is there"),
        (r"\bsigue\b", "still"),
        (r"\bestuvo\b", "was"),
        (r"\b(?:esta|estan)\b", "is"),
        (r"\b(?:fue|era)\b", "was"),
        (r"\btiene\b", "has"),
        (r"\busando\b", "using"),
        (r"\bhaciendo\b", "doing"),
        (r"\balgo\b", "anything"),
        (r"\bnada\b", "nothing"),
        (r"\basi\b", "like that"),
        # things
        (r"\bmemoria\b", "memory"),
        (r"\benergia\b", "energy"),
        (r"\bluz\b", "electricity"),
        (r"\bcola\b", "queue"),
        (r"\btiempo\b", "time"),
        (r"\bveces\b", "times"),
        (r"\bresultados\b", "results"),
        # Spain's "la gráfica" is the GPU ("los procesos de la gráfica 0": GPU 0's processes)
        (r"\b(?:la |las )?grafica(s?)\b", r"GPU\1"),
        (r"\bprocesos\b", "processes"),
        (r"\bproceso\b", "process"),
        (r"\b(?:el |la )?ordenador\b", "the machine"),
        (r"\bparad[oa]s?\b", "idle"),
        (r"\btarjetas\b", "cards"),
        (r"\btarjeta\b", "card"),
        (r"\bmomento\b", "moment"),
        (r"\btemperatura\b", "temperature"),
        (r"\b(?:potencia|consumo)\b", "power"),
        (r"\buso\b", "utilization"),
        (r"\bhoras\b", "hours"),
        (r"\bminutos\b", "minutes"),
        (r"\b(?:entero|completo)\b", "whole"),
        (r"\blas dos\b|\blos dos\b|\bambas\b|\bambos\b", "both"),
        (r"\bcuesta\b", "cost"),
        (r"\bchiste\b", "joke"),
        (r"\bdiferencia entre\b", "difference between"),
        (r"\brapido\b", "quick"),
        # requests (a pronoun joined to the verb is "it": "sueltalo", "cancelalo")
        # ("resúmelo" after a pause is the English "resume it", as people who work in English say it)
        (r"\bresum(?:a|e)(?:lo|la)\b", "resume it"),
        (r"\b(cancel|paus|suelt|liber|reanud|reintent|relanz|mat)(?:a|e)l[oa]\b", r"\1a it"),  # ("reanúdala")
        (r"\bcancel(?:a|ar)\b", "cancel"),
        # the drivers or CUDA updated, asked as a request ("¿me actualiza los drivers?", "instálame el CUDA
        # 12", "reinstalar el driver"): the request in English, which the administrator does
        (
            r"\b(?:me |nos )?(actuali[zc]|reinstal|instal)(?:a|as|e|en|ar)(?:me|nos)?\b",  # ("actualíceme")
            lambda m: {"reinstal": "reinstall", "instal": "install"}.get(m[1].lower(), "update"),
        ),
        # a finished job taken off the list: "bórralo", "borra el 3 de la lista", "elimina el job 3"
        (r"\b(?:borr|elimin)[ae](lo|la)\b", "remove it"),
        (r"\b(?:borr|elimin)(?:a|e|ar)\b", "remove"),
        (r"\bpaus(?:a|ar)\b", "pause"),
        (r"\b(?:suelta|libera|liberar)\b", "release"),
        (r"\breanud(?:a|ar)\b", "resume"),
        (r"\b(?:reintent(?:a|ar)|relanz(?:a|ar))\b", "retry"),
        (r"\bmata\b", "kill"),
        # Spain's "retener" is to hold: "retenlo de momento" (hold it for now), "retén el 12"
        (r"\breten(?:lo|la|los|las)\b", "hold it"),
        # ("me" joined for whom, as to any request's verb: "retenme el del 405b", "retenmelo": hold it)
        (r"\breten(?:me|nos)(?:lo|la|los|las)\b", "hold it"),
        (r"\breten(?:me|nos)\b", "hold"),
        (r"\b(?:reten|retener|retenga)\b", "hold"),
        (r"\bponle\b", "give"),
        (r"\bprioridad\b", "priority"),
        (r"\bdame\b", "give me"),
        (r"\bcuentame\b", "tell me"),
        (r"\b(?:quiero|necesito)\b", "i want"),
        (r"\b(?:puedes|podrias|podes)\b", "can you"),
        (r"\b(?:porfa|porfas|porfis|por favor)\b", "please"),  # (Mexico's "porfis")
        (r"\bgracias\b", "thanks"),
        (r"\bun (?:rato|toque)\b", "for a while"),  # (the River Plate's "un toque")
        # "sube el 12", "bájale también al 13": a priority raised or lowered, said after one was set
        (r"\b(?:sube|suba)\b", "raise"),
        (r"\b(?:baja|baje)\b(?=\s+(?:tambien\s+)?(?:al?|el|it)\b)", "lower"),
        (r"\btambien\b", "also"),
        # "la 0", "de la 1": a card by its number ("la" says "la GPU"; an hour's "a la 1" is read above)
        (
            r"\b(?:la|las) ([0-7])\b(?!\s*(?:%|w\b|gb|gib|mib|°|c\b|[.:]\d|am\b|pm\b|de la\b|hs?\b))",
            r"gpu \1",
        ),
        # "el 12", "al 12": a job by its number (not "el 90%")
        (
            r"\b(el|al|del) #?(\d{1,4})\b(?!\s*(?:%|w\b|gb|gib|mib|°|c\b|de\b|of\b|[.:]\d))",
            lambda m: {"el": "", "al": "to ", "del": "of "}[m[1].lower()] + f"job {m[2]}",
        ),
        # function words
        (r"\btod[oa]s\b", "all"),
        (r"\bal\b", "to the"),
        (r"\bdel\b", "of the"),
        (r"\b(?:el|la|los|las)\b", "the"),
        (r"\bde\b", "of"),
        (r"\ben\b", "in"),
        (r"\b(?:pa|para)\b", "for"),
        (r"\bcon\b", "with"),
        (r"\bsin\b", "without"),
        (r"\by\b", "and"),
        (r"\bo\b", "or"),
        (r"\b(?:lo|le)\b", "it"),
        (r"\bse\b\s*", ""),
    )
)


def spanish_own(text: str) -> bool:
    """Whether ``text`` has what only Spanish says (:data:`_SPANISH_OWN`), accents on or off."""
    return bool(_SPANISH_OWN.search(text) or _SPANISH_OWN.search(text.translate(_UNACCENTED)))


def spanish_marked(text: str) -> bool:
    """Whether ``text`` shows Spanish's marks (:data:`_SPANISH_MARK`), with its accents or without them."""
    return bool(_SPANISH_MARK.search(text) or _SPANISH_MARK.search(text.translate(_UNACCENTED)))


def spanish(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Spanish (:data:`_SPANISH_MARK`); else as it was, but for what is
    said in passing in any message: "oye" first asks nothing, and an article before a card or a job ("what
    was running on la H100", "el job 11") is "the"."""
    text = re.sub(r"^\s*(?:oye|oiga|mira)\b[,!]?\s*", "", text, flags=re.I)
    text = re.sub(
        r"\b(?:la|el|los|las)\s+(?=(?:h100|h200|a100|4090|gpus?|cards?|tarjetas?|jobs?|queue)\b)",
        "the ",
        text,
        flags=re.I,
    )
    if not reads(lean, "spanish", spanish_marked(text)):
        return text
    return translated(text.translate(_UNACCENTED), _SPANISH)
