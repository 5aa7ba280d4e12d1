"""Italian read in English: its words said in passing in any message (:data:`ITALIAN_IN_PASSING`), and
Italian written whole where the message has marks of its own."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.french import french_sure
from gpuaccel.assistant.understand.languages.spanish import spanish_own
from gpuaccel.assistant.understand.languages.tables import Lean, compiled, reads, translated

# Italian said in passing in an English message ("Ieri the H100 max temperature?", "a che ora?", "la
# scheda", "va bene, put it on hold"); none of them is an English word, so they are read in any message
_ITALIAN_WORDS = (
    (r"\bieri sera\b", "yesterday evening"),
    (r"\bieri notte\b|\bstanotte\b", "last night"),
    (r"\bieri mattina\b", "yesterday morning"),
    (r"\bieri pomeriggio\b", "yesterday afternoon"),
    (r"\bieri\b", "yesterday"),
    (r"\boggi pomeriggio\b|\bquesto pomeriggio\b", "this afternoon"),
    (r"\boggi\b", "today"),
    # ("stamatina": chat drops a doubled consonant)
    (r"\b(?:di |da )?stamm?att?ina\b|\b(?:di )?stamani\b", "this morning"),
    (r"\bstasera\b", "this evening"),
    (r"\bquesta settimana\b", "this week"),
    (r"\badesso\b", "now"),
    (r"\b(?:a )?che ora\b", "at what time"),
    (r"\bperch[eé]\b", "why"),
    (r"\bgradi\b", "degrees"),
    (r"\b(?:(?:la|le)\s+)?sched[ae]\s+(?=(?:[a-z]+\d+|\d{3,})\b)", "the "),  # "la scheda 4090": the 4090
    (
        r"\b(?:(?:la|le)\s+)?sched[ae]\s+(\d{1,2})\b(?![.,]\d)",
        r"GPU \1",
    ),  # "la scheda 1": GPU 1, by its index
    (r"\b(?:la|le) sched[ae]\b", "the card"),
    (r"\bsched[ae]\b", "card"),
    (r"\bva bene\b", "ok"),
    (r"\bgrazie(?: mille)?\b", "thanks"),
    (r"^\s*(?:dai(?! (?:pi[uù] |la )?priorit)|boh|allora|ciao|ottimo|perfetto)\b[,!.]*\s*", ""),
    (r"\bho visto\b", "i saw"),
    (r"\bscrivi(?:mi)?\b", "write"),
    (r"\buna mail\b", "an email"),
    (r"\bin italiano\b", "in Italian"),
)
ITALIAN_IN_PASSING = compiled(_ITALIAN_WORDS)

# Italian written whole, read only in a message with marks of its own: "è" said alone, an elided article
# only Italian has ("dell'H100", "sull'altra", "com'è"), or one of its own words (none of them Portuguese,
# Spanish or French, which are read after: "quanto", "quando" and "sempre", which Portuguese shares, and
# "fallo", which Spanish has, are not marks)
_ITALIAN_MARK = re.compile(
    r"(?:^|\s)[èÈ](?:\s|$)|\b(?:più|può|già|così|però)(?!\w)"
    r"|\b(?:dell|sull|nell|dall|all|quell|com|cos|quant|dov)['’]|\bc['’][èe](?!\w)"  # "c'è" (not "c'est")
    r"|(?:^|\s)[eE]['’](?=\s)"  # "e'": chat's "è" without its accent ("e' andato in loop")
    r"|\b(?:che|chi|cosa|quale|quali|quanti|quante|della|delle|dello|degli|nella|nelle|nello|negli|sulla"
    r"|sulle|sullo|dalla|dalle|alle|agli|dimmi|fammi|dammi|mostrami|annulla\w*|rilancia\w*|sblocca\w*|mettilo"
    r"|mettila|sposta\w*|scambia\w*|scheda|schede|stato|stata|stava|stavano|sta|stanno|girando|girava"
    r"|girato|gira|partito|partita|ferma|fermo|occupata|occupato|fallito|falliti|fallita|esploso|ultime"
    r"|ultimi|questo|questa|quello|quella|quel|perch[eé]|grazie|adesso|oggi|ieri|stamattina|stasera|gradi"
    r"|potenza|consumato|aspettato|riprovato|riprova|riprovalo|usato|usata|ancora|anche|sono|hanno"
    r"|fallo ripartire|riprendilo|mezzogiorno|mezzanotte|niente|ottimo|priorit[aà])(?!\w)"
    # a follow-up opened by "e" and an article ("e l'H100?", "e il minimo?"), or "ha" and a participle
    r"|(?:^|[,.;!?]\s*)e (?:(?:il|lo|la|gli|le|come)\b|(?:l|sull|nell|dell)['’])"
    r"|\bh[ao] (?:\w+(?:ato|uto|ito)|letto|fatto|preso|messo)\b|\bmi serve\b"
    # the writer who says "Lei": a request asked ("potrebbe", "vorrei", "per cortesia"), its imperative said
    # after its pronoun ("lo rilanci", "lo rilasci", "sospenda"), and readings and outcomes of its own
    r"|\b(?:potrebbe|vorrei|vorr[oò]|aiuterebbe|rilanci|rilasci|sospenda|metta|per cortesia|ventola"
    r"|frequenza|utilizzo|intervallo|raggiunt[oa]|tentativi|terminat[oi]|buon fine|curiosit[aà])(?!\w)"
    # texting shorthand ("xké", "cmq", "aspè") and everyday words of a chat ("anzi", "invece", "intendevo")
    r"|\b(?:xk[eé]|xch[eé]|cmq|asp[eè]|aspetta|anzi|invece|intendevo|scusa|vabb[eè]|fai|domani|blocca\w*"
    r"|lavorato|aspettando|va avanti|intanto|rimett\w*|in moto"
    # chat's requests with their pronouns joined ("cancellalo", "killa", "toglilo", "mettigli") and a summary
    # (not English's "cancellation", "killall", "eliminate")
    r"|(?:cancella|killa|elimina)(?:lo|la|li|le|re)?|togli\w*|rimuovi\w*|mettigli|mettile|dagli|riassunt\w*"
    r"|riepilog\w*)(?!\w)",
    re.I,
)
_NUMBERS = {
    "un": "1", "una": "1", "due": "2", "tre": "3", "quattro": "4", "cinque": "5", "sei": "6", "sette": "7",
    "otto": "8", "dieci": "10", "dodici": "12", "ventiquattro": "24", "trenta": "30", "quaranta": "40",
    "cinquanta": "50",
}  # fmt: skip
_UNIT = {"ore": "hours", "ora": "hour", "minuti": "minutes", "minuto": "minute", "giorni": "days"}
_SPAN_NUMBER = rf"(\d+|{'|'.join(sorted(_NUMBERS, key=len, reverse=True))})"


def _last_span(m: re.Match[str]) -> str:
    """ "nelle ultime due ore" / "nell'ultima ora": "in the last 2 hours" / "in the last hour"."""
    count = m[1] and _NUMBERS.get(m[1].lower(), m[1])
    return f"in the last {count} {_UNIT[m[2].lower()]}" if count else f"in the last {_UNIT[m[2].lower()]}"


# the imperative said to "Lei" without its pronoun ("rilanci il job 9", "sospenda il llama-70b-eval")
# and its infinitive after "potrebbe" ("potrebbe annullare il job 13?")
_FORMAL = {
    "rilanci": "retry", "rilasci": "release", "cancelli": "cancel", "annulli": "cancel", "sospenda": "hold",
    "rilanciare": "retry", "rilasciare": "release", "sbloccare": "release", "cancellare": "cancel",
    "annullare": "cancel", "sospendere": "hold",
}  # fmt: skip

# "è" becomes "is" first (the rest of the accents are then dropped), so the phrases below read "is"
_IS = re.compile(
    r"(?:(?<=^)|(?<=\s)|(?<=['’]))[èÈ](?=\s|$|[?!.,])|\b[eE]['’](?=\s)"
    r"|(?<=\b(?:com|cos|dov)['’])e\b|(?<=\bquant['’])e\b"  # "com'e", "quant'e": "è" without its accent
)
_UNACCENTED = str.maketrans("àáèéìíòóùúÀÁÈÉÌÍÒÓÙÚ’", "aaeeiioouuAAEEIIOOUU'")
_ITALIAN = compiled(
    (
        # texting shorthand ("xké" why, "nn" not, "cmq" anyway, "aspè" wait) and a chat's fillers ("vabbè",
        # "uè", "che palle", a closing "va"), none of them asked of the machine
        (r"\bx(?:ke|che)\b", "why"),
        (r"\bnn\b", "non"),
        (r"\bcmq\b,?", ""),
        # a chat's openers and asides: "tipo" (like, not "tipo di", a kind of), "intanto" (meanwhile), "ci
        # sta" (fair enough) before a request, "dai" (come on) before one ("ok dai mettilo in pausa"), "un
        # attimo"
        (r"(?:^|(?<=[,.;!?]\s))tipo\b(?! di\b),?\s*|\bintanto\b,?\s*", ""),
        (r"^\s*ci sta\s*[,!.]", "ok,"),
        (
            r"\bdai\b,?\s*(?=(?:mett|fa[il]|rilasc|rilanc|blocc|ferm|cancell|annull|ripr|sblocc|togli|rimuov|elimin"
            r"|sposta|scambia|rimett|dimmi|fammi|dammi|mostrami)\w*)",
            "",
        ),
        (r"\bun attimo\b|\bun momento\b", "for a bit"),
        (r"\b(?:vabbe|ue|uffa)\b[,!.]*\s*|,?\s*\bche palle\b[!.]*|(?<!\bcome)\s+va\s*(?=[?!.]*$)", ""),
        (r"\basp(?:e|etta)\b", "wait"),
        (r"\bintendevo\b", "i meant"),
        (r"\bscusa(?:mi)?\b", "sorry"),
        (r"\banzi\b", "actually"),
        (r"\binvece\b", "instead"),
        (r"\bquasi\b", "almost"),
        (r"\bun'ora\b", "an hour"),
        (r"\bmezz'ora\b", "half an hour"),
        # a job said by its number after a masculine article ("il 13 non parte", "prima del 12", "alza la
        # priorità al 13"; a card is "la 0", "la 4090"), not a share, a reading, a length or a date
        (
            r"(?<!sopra )(?<!sotto )(?<!oltre )\b(il|del|al|dal) (\d{1,3})\b"
            r"(?![.,:]\d|\s*(?:%|°|gradi|grad|w\b|watt|gb|gib|mib|mb|ore|ora|minut|second|giorn|percent"
            r"|per cento|genn|febb|marz|apri|magg|giug|lugl|agos|sett|otto|nove|dice))",
            r"\1 job \2",
        ),
        # the same after an elided article ("ho messo in pausa l'11", "dell'8")
        (
            r"(?<![\w'])(l|dell|all|dall|sull)'(\d{1,3})\b(?![.,:]\d|\s*(?:%|°|gradi|ore|ora|minut|second|giorn))",
            r"\1' job \2",
        ),
        # a job named before its request, its pronoun joined to the verb ("il 13 mettilo a priorità 10", "il
        # 12 cancellalo"): the request after a comma, as English says it ("job 13, set its priority to 10")
        (
            r"\b((?:il|lo|la|l')\s*(?:job\s+)?\d{1,3})\s+(?=(?:mett|cancell|annull|rilanc|rilasc|sblocc|blocc|ferm"
            r"|togl|rimuov|elimin|spost|fal|riprov|kill|ammazz|rimett|riprend|sospend)\w*(?:lo|la)\b)",
            r"\1, ",
        ),
        # the weather, asked beside the machine: "che tempo fa domani?" (not "tempo", a span's word)
        (r"\bche tempo fa(?:ra)?\b", "what is the weather"),
        (r"\bdomani\b", "tomorrow"),
        # what is not asked of the machine: a question set apart, a wish said after a request ("annulla il
        # job 12, tanto lo rilancio io dopo": cancel it; the relaunch is the writer's own, not asked)
        (r"\bdomanda (?:a parte|fuori tema|off[- ]?topic|generica)\b", "unrelated question"),
        # a reason said beside a request ("cancellalo, tanto non parte", "blocca il 12 che non deve partire")
        (r",?\s*\btanto non\b[^,.;!?]*|\s*\bche non (?:deve|devono) (?:ri)?partire\b", ""),
        (
            r",?\s*(?:tanto\s+)?(?:poi\s+)?lo (?:rilancio|rilancero|faccio ripartire|riavvio|rifaccio)\b"
            r"[^,.;!?]*",
            "",
        ),
        # an aside is no question of the machine ("una curiosità che non c'entra: secondo Lei conviene bf16?",
        # "mi aiuterebbe a scrivere due righe?"): an unrelated question, the help asked of the writer
        (
            r"\buna curiosita(?: che non c'entra(?: nulla| niente)?)?\b|\bnon c'entra (?:nulla|niente)\b",
            "unrelated question",
        ),
        (r"\bsecondo (?:lei|te|voi)\b", "in your opinion"),
        (r"\bconviene (?:di )?(?:piu )?", "is it better "),
        (
            r"\b(?:mi aiuterebbe|mi potrebbe aiutare|potrebbe aiutarmi|pu[oò] aiutarmi|mi aiuta) a\b",
            "could you help me",
        ),
        (r"\bscrivere\b", "write"),
        # "non ci serve (più)": not needed, the reason said before a cancel (not "serve", a host's word)
        (r"\bnon (?:ci|mi|gli) serve pi[uù]\b", "is no longer needed"),
        (r"\bnon (?:ci|mi|gli) serve\b", "is not needed"),
        (r"\bmi serve\b|\bho bisogno di\b", "i need"),
        (r"\bidee\b", "ideas"),
        (r"\bun nome (?:\w+ )?per\b", "a name for"),
        (r"\bnuov[oa]\b", "new"),
        (r"\bcome (?:spiego|spiegherei)\b", "how do i explain"),
        (r"\bche differenza c'is\b|\bqual is la differenza\b", "what is the difference"),
        (r"\s*\bin pratica\b", ""),
        (r"\bniente di (?:grave|strano|speciale)\b[.,!]*\s*", ""),
        (r"\bniente\b", "nothing"),
        # requests ("rilancialo", "riprova a lanciarlo": retry it; "mettilo in hold": hold it; "fallo
        # ripartire": resume it; "sbloccalo": release it; "dai priorità a X"; "sposta X davanti a Y")
        (r"\b(?:riprova a |prova a )?(?:ri)?lanciar?(?:lo|la)? (?:di nuovo|ancora)\b", "retry it"),
        (
            r"\briprova a (?:lanciar|far partir|avviar)(?:lo|la)\b|\brilancia(?:lo|la)\b|\briprovalo\b",
            "retry it",
        ),
        (r"\brilancia\b", "retry"),
        # said to "Lei": the imperative after its pronoun ("lo rilanci", "la rilasci", "lo sospenda"), or the
        # infinitive after "potrebbe" / "può" ("potrebbe cancellarlo?", "può rilanciarla?"); a wish left after
        # a hold ("sospenda X finché non ho controllato i dati") is the writer's, not asked
        (
            r"\b(?:potrebbe|pu[oò]|riuscirebbe a)\s+(?!essere|stare|avere)"
            r"(?=\w+(?:ar|er|ir)(?:e|lo|la|li|le|gli)\b)",
            "could you ",
        ),
        (
            r"\bquante volte (?:il sistema |lo scheduler )?(?:ha (?:ri)?provato a (?:ri)?lanciar(?:lo|la)"
            r"|(?:lo|la) ha rilanciat[oa]|is stat[oa] rilanciat[oa])\b",
            "how many times did it retry",
        ),
        (r"\b(?:(?:lo|la) rilanci|rilanciar(?:lo|la))\b", "retry it"),
        (r"\b(?:(?:lo|la) (?:rilasci|sblocchi)|(?:rilasciar|sbloccar)(?:lo|la))\b", "release it"),
        (r"\b(?:(?:lo|la) (?:cancelli|annulli)|(?:cancellar|annullar)(?:lo|la))\b", "cancel it"),
        (r"\b(?:(?:lo|la) sospenda|sospender(?:lo|la))\b", "hold it"),
        (r"\b(?:(?:lo|la) fermi|fermar(?:lo|la))\b", "stop it"),
        (
            r"\b(?:(?:lo|la) faccia ripartire|(?:lo|la) riprenda|farl[oa] ripartire|riprender(?:lo|la))\b",
            "resume it",
        ),
        (rf"\b(?:{'|'.join(_FORMAL)})\b", lambda m: _FORMAL[m[0].lower()]),
        (r"\s*\bfinche\b[^.;!?]*", ""),
        (r"\b(?:lo|la) metta in pausa\b", "pause it"),
        (r"\b(?:lo|la) metta in (?:hold|attesa)\b", "hold it"),
        (r"\bmetta in pausa\b", "pause"),
        (r"\bmetta in (?:hold|attesa)\b", "hold"),
        # "vorrei che X passasse davanti agli altri", "può alzargli la priorità?": X first
        (
            r"\bvorrei che (.{1,40}?) (?:passasse|andasse|partisse) (?:davanti|prima)"
            r"(?: (?:agli|degli|a tutti gli) altri)?",
            r"prioritize \1",
        ),
        # a priority set to a number ("mettilo a priorità 10", "alza la priorità del 12 a 5"), or raised for a
        # job named after it ("alza la priorità al 13")
        # (the pronoun joined to "metti" or "dai": "mettigli priorita 10", "dagli la priorita 5")
        (
            r"\b(?:mett(?:ilo|ila|igli|ile)|d(?:agli|alle))(?: a| con| la)? priorita (\d+)\b",
            r"set its priority to \1",
        ),
        (
            r"\b(?:metti|alza|porta) (?:la )?priorita d(?:i|el|ella) (.{1,40}?) a (\d+)\b",
            r"set the priority of \1 to \2",
        ),
        (r"\bmetti (.{1,40}?) a priorita (\d+)\b", r"set the priority of \1 to \2"),
        (r"\balza(?:re)? (?:la )?priorita (?:a|al|alla|allo|del|della|dello|di) ", "prioritize "),
        (r"\b(?:could you |gli )?alza(?:rgli|rle|re|i)? (?:la )?priorita\b", "prioritize it"),
        # "quando vorrò farlo ripartire" (read "resume it" by now): "when i want to resume it"
        (
            r"\bvorr(?:o|ei)"
            r"(?= (?:resume|retry|release|cancel|hold|stop|pause|\w+(?:are|ere|ire)(?:l[oa])?)\b)",
            "i want to",
        ),
        (r"\bvorr(?:o|ei)\b", "i want"),
        (r"\b(?:che )?cosa devo fare\b|\bcome devo fare\b|\bcome faccio\b", "what should i do"),
        (r"\bper cortesia\b|\bper favore\b|\bcortesemente\b", "please"),
        (r"\bmett(?:ilo|ila|i) in (?:hold|attesa|coda ferma)\b", "hold it"),
        (r"\bmett(?:ilo|ila) in pausa\b|\bmetti in pausa\b", "pause it"),
        (
            r"\bfall[oa] ripartire\b|\bfall[oa] riprendere\b|\briprendil[oa]\b|\briattival[oa]\b"
            r"|\brimett(?:ilo|ila)\s+in\s+(?:moto|marcia|piedi)\b",
            "resume it",
        ),
        # what the writer did before ("prima ho messo in pausa l'11"): told, not asked
        (r"\b(?:prima |poco fa )?ho messo in pausa\b", "i paused"),
        (r"\b(?:prima |poco fa )?ho messo in (?:hold|attesa)\b", "i put on hold"),
        # "mettimi il job 14 sulla scheda 1", "mettilo sulla 4090": put it there (after "metti ... a
        # priorità", read above)
        (r"\bmett(?:ilo|ila)\b", "put it"),
        (r"\bmetti(?:mi)?\b", "put"),
        (r"\bsblocca(?:lo|la)?\b|\brilascia(?:lo|la)?\b", "release it"),
        (r"\bannulla(?:lo|la)\b|\bcancella(?:lo|la)\b|\bammazza(?:lo|la)\b|\bkilla(?:lo|la)\b", "cancel it"),
        (r"\bannulla\b|\bammazza\b|\bkilla\b|\bcancella\b", "cancel"),
        # an ended job taken off the list ("toglilo dalla lista", "rimuovi il 6", "eliminalo")
        (r"\b(?:togli|rimuovi|elimina)(?:l[oa])\b", "remove it"),
        (r"\b(?:togli|rimuovi|elimina)\b", "remove"),
        (r"\blista\b", "list"),
        (r"\bi processi\b", "the processes"),
        (r"\bprocessi\b", "processes"),
        (r"\bprocesso\b", "process"),
        # a summary asked ("mi fai un riassuntino di oggi?", "un riepilogo di ieri")
        (r"\bmi fai vedere\b", "show me"),
        (r"\bmi (?:fai|faresti|fa)\b", "can you give me"),
        (r"\b(?:riassunt|riepilog)(?:o|ino|hino)\b", "summary"),
        # the whole queue held or started again ("blocca tutta la coda", "fai ripartire la coda")
        (
            r"\b(?:blocca|ferma|sospendi|metti in pausa)(?:re)? (?:tutt[ao] )?(?:la )?coda(?: intera)?\b",
            "pause the queue",
        ),
        (
            r"\b(?:fai ripartire|riavvia|sblocca|riprendi|rimetti in moto|fai riprendere)(?:re)?"
            r" (?:tutt[ao] )?(?:la )?coda\b",
            "resume the queue",
        ),
        (r"\bferma(?:lo|la)\b", "stop it"),
        (r"\bblocca(?:lo|la)\b", "hold it"),
        (r"\bblocca\b", "hold"),
        (r"\bd(?:ai|a') (?:più |piu |la )?priorit[aà] a(?:l|lla)?\b", "prioritize"),
        (
            r"\b(?:sposta|fai (?:passare|partire|andare)) (.{1,40}?) (?:davanti|prima) (?:a|di|al|del)"
            r" (.{1,40}?)(?=[,.;!?]|$)",
            r"switch \1 and \2",
        ),
        (r"\bscambia (.{1,40}?) (?:e|con) (.{1,40}?)(?=[,.;!?]|$)", r"switch \1 and \2"),
        # questions
        # what a job printed: "con quale learning rate è fallito X?" asks its log
        (r"\bcon quale (.{1,30}?) is fallit[oa]\b", r"with which \1 did it fail"),
        (r"\bqual is stat[oa]\b|\bqual era\b", "what was"),
        (r"\bqual is\b", "what is"),
        (r"\bcom'is andat[oa]\b", "how did it go"),
        (r"\bcom'is\b|\bcome is\b", "how is"),
        (r"\bcos'is\b|\bche cos'is\b", "what is"),
        (r"\bquant'is\b", "how much is"),
        (r"\bdov'is\b", "where is"),
        (r"\bche job era\b|\bche job is\b", "which job was it"),
        (
            r"\bda quanto(?: tempo)? (?:is (?:partit[oa]|in esecuzione|acces[oa])|gira"
            r"|sta (?:girando|andando)|va avanti)\b",
            "how long has it been running",
        ),
        (r"\bquando is partit[oa]\b", "when did it start"),
        (r"\bda quando is\b", "since when is"),
        (r"\bda quando\b", "since when"),
        (r"\b(?:per )?quanto tempo\b", "how long"),
        (r"\bquanto ha aspettato\b", "how long did it wait"),
        # how long a job ran ("quanto ha girato") and a card worked ("quanto ha lavorato": its busy time)
        (r"\bquanto (?:tempo )?ha girato\b", "how long did it run"),
        (r"\bquanto (?:tempo )?ha lavorato\b", "how long was it busy"),
        (r"\b(?:ha lavorato|lavorava)\b", "was busy"),
        (r"\b(?:sta lavorando|lavora)\b", "is busy"),
        # what a queued job waits on ("il 12 che sta aspettando?"; not "il job che sta aspettando da ore")
        (
            r"(?:(?<=^)|(?<=, )|(?<=instead )|(?<=\d ))che (?:cosa )?(?:sta )?aspett(?:ando|a)\b",
            "what is it waiting for",
        ),
        (r"\bsta aspettando\b|\baspetta\b", "is waiting"),
        # who, or which card, runs hotter ("chi scalda di più?")
        (r"\b(?:chi|quale|quale delle due) scalda(?:va)? (?:di )?piu\b", "which is hotter"),
        (r"\bquanto scalda(?:va)?\b", "how hot is"),
        # the power a card draws ("quanto sta tirando di corrente": how much power it draws)
        (
            r"\bquanto (?:sta )?tira(?:ndo)?(?: di)? corrente\b|\bquanta corrente (?:sta )?tira(?:ndo)?\b",
            "how much power is drawing",
        ),
        (r"\b(?:sta )?tira(?:ndo)?(?: di)? corrente\b", "draws power"),
        # a job that will not start ("il 13 non parte ancora"), and what it had ("che lr aveva?")
        (r"\bnon parte\b", "is not starting"),
        (r"\bnon (?:is )?partit[oa]\b", "has not started"),
        (r"\baveva\b", "had"),
        (r"\bsta li\b", "it is sitting there"),
        (r"\bquanto is durat[oa]\b|\bquanto ha durato\b", "how long did it last"),
        (r"\bquant[oa] (energia|potenza|memoria) ha (?:consumato|usato)\b", r"how much \1 did it use"),
        # a total over a job's attempts ("in totale con tutti quei tentativi", "sommando i tentativi")
        (
            r"\b(?:in (?:tutto|totale),? )?(?:con|su|in|per) tutti (?:i|quei|questi|i suoi) tentativi\b"
            r"|\bsommando (?:i|tutti i) tentativi\b",
            "in total over all its attempts",
        ),
        (r"\bquante volte ha riprovato\b", "how many times did it retry"),
        (r"\bgpu[- ]?ore\b|\bore[- ]gpu\b", "GPU-hours"),
        (r"\bquante volte\b", "how many times"),
        # the partitive "ne" leans on the reading said before ("quanta ne è usata?": how much of it is used)
        (r"\bquant[oa] ne\b", "how much of it"),
        (r"\bquant[ie] ne\b", "how many of them"),
        (r"\bquant[ie]\b", "how many"),
        (r"\bquant[oa]\b", "how much"),
        (r"\b(?:che )?cosa\b", "what"),
        (r"\bchi era\b", "who was it"),
        (r"\bchi\b", "who"),
        (r"\bqual[ei]?\b", "which"),
        (r"\bche (?=job|gpu|scheda|card|temperatura|potenza|frequenza|utilizzo|picco|clock)", "which "),
        # "che" opening a question is "what" ("che learning rate aveva?"; a relative "che" follows its noun)
        (r"(^|[,?!.:;]\s+)che\b", r"\1what"),
        (r"\bquando\b", "when"),
        (r"\bfammi vedere\b|\bmostrami\b|\bfammi\b", "show me"),
        (r"\bdimmi\b", "tell me"),
        (r"\bdammi\b", "give me"),
        # spans and times
        (rf"\bnell[ea]? ?'?ultim[eao]\s*{_SPAN_NUMBER}?\s*(ore|ora|minuti|minuto|giorni)\b", _last_span),
        (rf"\bnegli ultimi\s*{_SPAN_NUMBER}?\s*(minuti|giorni)\b", _last_span),
        # half and quarter past an hour said ("alle 13 e mezza": 13:30; not "due ore e mezza", a length)
        (
            r"\b(alle|dalle|le|delle|verso le) (\d{1,2}) e (mezz[ao]|un quarto|tre quarti)\b",
            lambda m: f"{m[1]} {m[2]}:" + {"un quarto": "15", "tre quarti": "45"}.get(m[3].lower(), "30"),
        ),
        # "dalle 9 alle 12", "tra le 9 e le 12": between two hours (English reads "from 9 to 12" as job 12)
        (
            r"\b(?:dalle|tra le|fra le) (\d{1,2}(?:[:.]\d{2})?) (?:alle|e le) (\d{1,2}(?:[:.]\d{2})?)\b",
            r"between \1 and \2",
        ),
        (
            r"\bnell[oae] stess[oae] (?:intervallo|periodo|fascia(?: oraria)?|ore|arco di tempo)\b",
            "over the same span",
        ),
        # an hour said in words ("dalle due in poi": since 2), and "in poi" (onwards) after it
        (
            rf"\b(dalle|alle|verso le) ({'|'.join(k for k in _NUMBERS if k not in ('un', 'una'))}|l'una)\b",
            lambda m: f"{m[1]} {_NUMBERS.get(m[2].lower(), '1')}",
        ),
        (r"\s*\bin poi\b", ""),
        (r"\bdalle (?=\d)|\bda(?:lle)? (?=mezzogiorno|mezzanotte)", "since "),
        (r"\bmezzogiorno\b", "noon"),
        (r"\bmezzanotte\b", "midnight"),
        (r"\bin questo momento\b|\bora come ora\b", "right now"),
        (r"\bin quel momento\b|\ba quell'ora\b|\ballora\b", "at that time"),
        (r"\bper ora\b", "for now"),
        (r"\bsempre (?=oggi|ieri|stamattina)", ""),
        (r"\bin tutto\b|\bin totale\b", "in total"),
        (r"\btotal[ei]\b", "total"),
        (r"\balla fine\b", "in the end"),
        (r"\bprima di partire\b", "before starting"),
        # readings and what jobs did
        (r"\bla ventola\b", "the fan"),
        (r"\bventol[ae]\b", "fan"),
        (r"\b(?:a )?che velocita (?:gira|va)\b", "what speed"),
        (r"\bvelocita\b", "speed"),
        # the SM clock ("a che frequenza stanno girando i core?") and what holds it back ("limitazione")
        (
            r"\b(?:a )?che frequenza (?:stanno girando|girano|gira|sta girando|lavorano)\b",
            "at what clock are",
        ),
        (r"\bfrequenz[ae]\b", "clock"),
        (r"\bi core\b", "the cores"),
        (r"\blimitazion[ei]\b", "throttling"),
        (r"\bqualche\b", "some"),
        (r"\bin corso\b", "going on"),
        (r"\bmi (?:pare|sembra) che ci sia\b", "i think there is"),
        (r"\butilizzo medio\b", "mean utilization"),
        (r"\butilizzo\b", "utilization"),
        (r"\bmedio\b", "mean"),
        # outcomes: "andati a buon fine", "terminati correttamente"; "non è andato a buon fine" failed
        (r"\bnon (?:is|sono) (?:andat|terminat)[oaie] (?:a buon fine|correttamente|bene)\b", "failed"),
        (
            r"\b(?:(?:is|sono) )?(?:andat|terminat|finit)[oaie]"
            r" (?:a buon fine|correttamente|bene|con successo)\b",
            "succeeded",
        ),
        (r"\b(?:is stat[oa] |ha )raggiunt[oa]\b", "was reached"),
        (r"\braggiunt[oa]\b", "reached"),
        (r"\bha toccato\b", "reached"),
        (r"\bd(?:ei|elle) due\b", "of the two"),
        (r"\btemperatura massima\b", "max temperature"),
        (r"\btemperatura minima\b", "min temperature"),
        (r"\btemperatura\b", "temperature"),
        (r"\bmassim[oa]\b", "max"),
        (r"\bminim[oa]\b", "min"),
        (r"\bin media\b", "on average"),
        (r"\bmedia\b", "mean"),
        (r"\bpicco (?:di|della|del)\b", "peak"),
        (r"\bpicco\b", "peak"),
        (r"\b(?:e )?di (?=potenza|memoria|temperatura|energia)", "and "),
        (r"\bpotenza\b", "power"),
        (r"\bmemoria\b", "memory"),
        (r"\benergia\b", "energy"),
        (r"\bconsumo\b", "consumption"),
        (r"\bo pi[uù]\b", "or more"),
        (r"\bo meno\b", "or less"),
        # "ci" (there, on it) before a job's run ("l'ultimo job che ci ha girato sopra": the last one that ran
        # on it)
        (r"\bci (?:ha girato|is girat[oa])(?: sopra)?\b", "ran on it"),
        (r"\bci (?:stava girando|girava)(?: sopra)?\b", "was running on it"),
        (r"\b(?:sopra|oltre|pi[uù] di)\b", "above"),
        (r"\bpi[uù] a lungo\b", "longer"),
        (r"\bpi[uù](?= \w)", "more"),
        (r"\b(?:sotto|meno di)\b", "below"),
        (r"\bal (\d+)\s?%\s*(?:di )?", r"at \1% "),
        (r"\ba (?=\d)", "at "),
        (r"\bdi util\b", "util"),
        (r"\boccupat[oa]\b", "busy"),
        (r"\b(?:ferm[oa]|inattiv[oa]|a riposo)\b", "idle"),
        (r"\bliber[oa]\b", "free"),
        (r"\bha passato\b", "spent"),
        (r"\b(?:la|lo) stava usando\b", "was using it"),
        (r"\bstava usando\b", "was using"),
        (r"\b(?:la|lo|le|li) sta(?:nno)? usando\b", "is using it"),
        (r"\bsta usando\b|\busa\b", "uses"),
        # what runs "on the queue" ("cosa gira adesso sulla coda?"): its running jobs, not the whole queue
        (
            r"\b(gira|girano|sta girando|stanno girando)((?:\s+(?:adesso|ora|now))?)"
            r"\s+(?:sulla|nella|in)\s+coda\b",
            r"\1\2",
        ),
        (r"\bstava girando\b|\bgirava\b|\bha girato\b|\bis girat[oa]\b", "was running"),
        (r"\bsta girando\b|\bgira\b", "is running"),
        (r"\bgirat[oa]\b", "ran"),
        (r"\bha (?:usat|consumat)[oaie]\b|\b(?:usat|consumat)[oaie]\b", "used"),
        (r"\bha aspettato\b|\baspettat[oa]\b", "waited"),
        (r"\bha riprovato\b|\briprovat[oa]\b", "retried"),
        (r"\bha letto\b", "read"),
        (r"\bha salvato\b", "saved"),
        (r"\bha (?:fallito|crashato)\b|\bis (?:fallit[oa]|esplos[oa]|mort[oa]|crashat[oa])\b", "failed"),
        (r"\b(?:fallit[oia]|esplos[oa]|crashat[oa])\b", "failed"),
        (r"\bha killat[oa]\b|\bkillat[oaie]\b", "cancelled"),
        (r"\bis partit[oa]\b", "started"),
        (r"\bha finito\b|\bis finit[oa]\b", "finished"),
        (r"\bho finito\b", "i am done"),
        (r"\bquell[oa] che\b", "the one that"),
        (r"\bl'ultimo elemento\b", "the last element"),
        (r"\bultim[oaie]\b", "last"),
        (r"\belement[oi]\b", "element"),
        (r"\bin coda\b", "in the queue"),
        (r"\bcoda\b", "queue"),
        (r"\bis stat[oa]\b|\bstava\b|\bera\b", "was"),
        # the function words: articles, prepositions joined to them, and the rest
        (r"\b(?:l'|sull'|nell'|dell'|dall'|all')?altr[oa]\b", "the other"),
        (r"\bdell'|\bdella\b|\bdello\b|\bdel\b|\bdei\b|\bdegli\b|\bdelle\b", "of the "),
        (r"\bnell'|\bnella\b|\bnello\b|\bnel\b|\bnei\b|\bnegli\b|\bnelle\b", "in the "),
        (r"\bsull'|\bsulla\b|\bsullo\b|\bsul\b|\bsui\b|\bsugli\b|\bsulle\b", "on the "),
        (r",?\s*\bdai\b(?=\s*(?:[,.!?]|$))", ""),
        (r"\bdall'|\bdalla\b|\bdallo\b|\bdal\b|\bdai\b|\bdalle\b", "from the "),
        (r"\ball'|\balla\b|\ballo\b|\bal\b|\bagli\b|\balle\b", "at the "),
        (r"\bl'", "the "),
        (r"\bun'", "a "),
        (r"\b(?:il|lo|la|gli|le)\b", "the"),
        (r"\bi (?=\d)", ""),  # "sopra i 60" (the plural article; "i" is English's pronoun elsewhere)
        (r"\b(?:un|una|uno)\b", "a"),
        (r"\bquest[oa]\b", "this"),
        (r"\bquell[oa]\b|\bquel\b", "that"),
        (r"\bper (?=the\b|a\b|ora\b)", "for "),
        (r"\bnon\b(?!-)", "not"),
        (r"\bancora\b", "still"),
        (r"\banche\b", "also"),
        (r"\bgi[aà]\b", "already"),
        (r"\bsono\b", "are"),
        (r"\bhanno\b", "have"),
        (r"\bha\b", "has"),
        (r"\bdi\b", "of"),
        (r"\bcon\b", "with"),
        (r"\btra\b|\bfra\b", "between"),
        (r"\bche\b", "that"),
        (r"(^|[,;.?!:]\s*)e\b", r"\1and"),
        (r"\be\b", "and"),
        (r"\bo\b", "or"),
        (r"\bma\b", "but"),
        (r"\bpoi\b", "then"),
        (r"\bora\b", "now"),
        # ("ne": "of it", the partitive that leans on what was said before; "dai" said alone: come on)
        (r"\b(?:sempre|tanto|pure|proprio|giusto|ah|mi|ci|ti|si|ne)\b,?", ""),
    )
)


def italian(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Italian (:data:`_ITALIAN_MARK`): "è" as "is", its phrases, the
    words said in passing (:data:`ITALIAN_IN_PASSING`), then its function words; else as it was."""
    # Spanish's own words and French's: read by spanish() and french() whole
    marked = _ITALIAN_MARK.search(text) and not (spanish_own(text) or french_sure(text))
    if not reads(lean, "italian", marked):
        return text
    plain = _IS.sub("is", text).translate(_UNACCENTED)
    plain = translated(translated(plain, ITALIAN_IN_PASSING), _ITALIAN)
    return re.sub(r"[ \t]{2,}", " ", plain).strip()
