"""Danish read in English: Danish written whole, or mixed with English words of the trade, as Copenhagen types
it on a chat, often without æ ø å ("ae", "oe", "aa", or just "a", "o": "hvad koerer der lige nu", "hvor
laenge korte den", "hvornaar doede den"), where the message has marks of its own. Its short words are
others' ("og" English slang's, "den", "det", "var", "har", "med", "til" Swedish's, Dutch's and German's, "i"
Swedish's and Italian's): they are read only beside a word of Danish's own. Read before Swedish, whose
words Danish shares ("idag", "loggen", "mellan"/"mellem" once read): a Danish message is read whole here
and so leaves Swedish nothing to read. A card's name takes Danish's definite ending ("h100'en", "4090'eren":
the H100, the 4090), read off here. Norwegian Bokmål is read here too, as Dano-Norwegian: most of its words
are Danish's or a spelling of them ("hva", "lenge", "kjører", "forsøk", "mellom", "igjen"), read by the same
patterns; its own ("mye", "snittet", "i kveld", "feila", "slipp løs", "kanseller", "oppdater", "gi ... prio",
"kor mye", "24t", "gikk med", "ba ... om") have theirs beside Danish's."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import (
    Lean,
    compiled,
    it_or,
    marked_unaccented,
    read_unaccented,
)

# each Danish letter with its slash or ring as a writer without them types it ("kører" and "koerer",
# "traekker", "i gaar"); one typing faster drops the second letter too ("korer", "i gar"), so the table reads
# "oe?" and "aa?" where Danish writes ø and å, and å is read as "a" (Swedish's "på" is no Danish "paa")
_UNACCENTED = str.maketrans({"æ": "ae", "ø": "oe", "å": "a", "Æ": "Ae", "Ø": "Oe", "Å": "A"})
# the letters Danish never writes: Swedish's, German's and Finnish's ä and ö (a Swedish "på" is not Danish)
_NEVER = re.compile(r"[äöÄÖ]")

# a message is Danish where it has "æ" or "ø" (no other language read here writes them) or one of its own
# words, read without its marks; none of them another language's word ("tak" is Polish's yes, "samme"
# and "timer" are English-like, "kor" Turkish's blind, "den" and "og" everyone's: read only beside these)
_DANISH_MARK = re.compile(
    r"[æøÆØ]|\b(?:"
    r"hvad|hvor\w*|hvilke[nt]?|hvem|hvornaa?r|k(?:oe)r(?:er|te|t)|lige nu|i gaa?r|igaar|i morges"
    r"|i aftes|str(?:oe)m|traekker|k(?:oe?)en|venter|ventede|d(?:oe?)de|fejlede|annuller"
    r"|paa|mellem|midnat|siden (?:kl|klokk(?:a|en))|vaeret|brugt|brugte|tidsrum|laenge|i ?alt|fors(?:oe?)g"
    r"|gns|gennemsnit"
    r"|saet|h(?:oe?)jere|bagefter|naaede|laveste|h(?:oe?)jeste|sidste time|skete|skrev|jeg|stoppede"
    r"|byt om|tilbage|indtil videre|vejret|forskellen|anbefale|sammm?enlign|tilsammen|sidder|varmest|samme"
    r"|ledige?|vis (?:loggen|mig)|bruge"
    # Norwegian's own words (Bokmål; Swedish writes "vad", "länge", "mycket", "igen", "när"): "hva", "mye",
    # "lenge", "kjører", "når", "feilet", "igjen", "i kveld", "etter", "mellom", "forsøk", "strømtrekk"
    # ("naar" is Dutch's to, and Swedish writes "stått" too: Norwegian's "naar" only before its verb, "staatt"
    # only without the ring)
    r"|hva|hvert?|mye|lenge|kj(?:oe?)r(?:er|te|t)?|når|naar(?= (?:var|ble|startet|stoppet|kj))|feil(?:a|et)"
    r"|igjen|i kveld|etter|mellom|fors(?:oe?)k\w*|snittet|gjennomsnitt\w*|staatt|ubrukt|\w*forbruk|slipp"
    r"|ferdig|siste time\w*|(?:den|det) andre|tilbake|sett(?=.{1,40}\bp(?:aa|å|a) (?:pause|hold)\b)"
    # and its words of the trade ("vifta", "minnekravet", "klokkefrekvens"), its requests ("fjern" remove,
    # "drep" kill, "fortsett" resume, "endre" change, "låse ... til" pin to), its times ("etterpå",
    # "ettermiddag", "inntil videre", "tidsrom", "akkurat nå"); Swedish writes "fläkt", "ta bort",
    # "fortsätt", "ändra", "låsa ... till", "efteråt", "eftermiddag", "tills vidare", "just nu"
    r"|vift(?:e|en|a|er|ene)|minnekrav\w*|(?:minne)?klokkefrekvens\w*|minneklokk\w*|trekker|holdt"
    r"|fjern|drep|fortsett|(?:ae|e)ndre(?=\s.{1,40}?\btil\b)|l(?:aa|a)se?(?=\s.{1,40}?\btil\b)"
    r"|etterpaa?|ettermiddag|inntil|tidsrom|akkurat"
    # and its requests "kanseller" (cancel; Swedish writes "kansellera"), "oppdater" (update; Swedish
    # "uppdatera"), "sett ... til" (set ... to; Swedish "sätt ... till"), "gi ... prio" (give it priority;
    # Swedish "ge"), and Nynorsk's and the dialects' "kor" (how) before what it asks ("kor mye", "kor
    # lenge"; "kor" alone is Turkish's blind)
    r"|kanseller(?:e|t)?|op{1,2}dater\w*|sett(?=.{1,40}\btil\b)|gi(?=\s.{1,40}?\bprio)"
    r"|kor(?= (?:mye|mange|lenge|lang tid)\b)"
    r")(?!\w)",
    re.I,
)

_IT = ("den", "det")  # a job pointed at in a request ("sæt den til 7")

# a number or a card's name said with Danish's definite ending ("h100'en", "4090'eren", "gpu 0'en")
_CARD_DEFINITE = r"\b((?:gpu\s?)?\d{1,4}|[a-z]\d{2,3})'(?:en|eren)\b"
# Norwegian writes the ending without the apostrophe ("h100en", "4090en"): a card's model only, not a
# bare number ("10en")
_CARD_DEFINITE_NO = r"\b([a-z]\d{2,3}|\d{4})(?:en|eren)\b"

_DANISH = compiled(
    (
        (_CARD_DEFINITE, r"the \1"),
        (_CARD_DEFINITE_NO, r"the \1"),
        # requests: "annuller" (cancel), "kør igen" (retry), "sæt X på pause" (pause), "start igen/genoptag"
        # (resume), "frigiv" (release), "hold X tilbage" (hold), "sæt den til 50" (priority, after one was
        # asked for), "giv X højere prio" (raise it), "byt om på X og Y" (switch them)
        (r"\bbyt (?:om )?(?:paa?|mellem)\s+(\S+)\s+og\s+(\S+)", r"switch \1 and \2"),
        (
            r"\bs(?:ae|e)tt?\s+prio(?:ritet(?:en)?)?\s+(?:til\s+)?(\d+)\s+(?:paa?|for)\s+((?:job\s*)?\S+?)(?=[\s?.!,]|$)",
            lambda m: f"set the priority of {it_or(m[2], _IT)} to {m[1]}",
        ),
        (
            r"\bs(?:ae|e)tt?\s+((?:job\s*)?(?!prio|minne)\S+?)\s+til\s+(?:prio(?:ritet)?\s+)?(\d+)\b",
            lambda m: f"set the priority of {it_or(m[1], _IT)} to {m[2]}",
        ),
        (
            r"\bgive?\s+((?:job\s*)?\S+?)\s+(?:en\s+)?h(?:oe?)jere\s+prio(?:ritet)?\b",
            lambda m: f"bump the priority of {it_or(m[1], _IT)}",
        ),
        # "sæt prio til 50", Norwegian "sett prio til 50": the new priority of the job talked about (read
        # before "prio" alone is)
        (r"\bs(?:ae|e)tt?\s+prio(?:ritet(?:en)?)?\s+til\s+(\d+)\b", r"set the priority of it to \1"),
        (r"\bh(?:oe?)jere\s+prio(?:ritet)?\b", "higher priority"),
        (r"\bprio(?:ritet(?:en)?)?\b", "priority"),
        # "mistral jobbet", Norwegian "mistral-jobben" (the mistral job): a name before the definite noun;
        # "den siste jobben" (the last job: Norwegian marks both the adjective and the noun definite)
        (r"\b(?:den|det) (\w+e) jobb(?:et|en)\b", r"the \1 job"),
        (r"\b(?!(?:det|den|for)\b)([\w.]+(?:-[\w.]+)*?)[ -]jobb(?:et|en)\b", r"the \1 job"),
        # an English noun of the trade given the definite ending ("queuen", "loss'en", "log-en",
        # "driveren": the queue, the loss, the log, the driver), the maker's name before it with it ("nvidia
        # driveren": the nvidia driver)
        (
            r"\b((?:nvidia |cuda )?)(queue|log|loss|driver|node|notebook|checkpoint|container|array|finetune)"
            r"(?:['-]?en|['-]?et|(?<=e)n)\b",
            r"the \1\2",
        ),
        # "flytt(e) X frem(over) i køen" (move X up the queue)
        (r"\bflytte?\s+(.{1,40}?)\s+frem(?:over)?\b", r"move \1 up"),
        (r"\bs(?:ae|e)tt?\s+(?:hele\s+)?(.{1,40}?)\s+paa?\s+pause\b", r"pause \1"),
        # "sett den på hold" (put it on hold): hold it
        (r"\bs(?:ae|e)tt?\s+(.{1,40}?)\s+paa?\s+hold\b", r"hold \1"),
        # "sett minnekravet til X ned til 40000" (set X's memory requirement down to 40000): the job whose
        # memory it is said after "til" (Norwegian's possessive), not a number (the new amount)
        (
            r"\bminne(?:kravet|krav|t)?\s+til\s+(?!\d)((?:job\s*)?[\w.-]+)",
            lambda m: "its memory requirement" if m[1].lower() in _IT else f"{m[1]}'s memory requirement",
        ),
        (r"(?<!\bhar )\bs(?:ae|e)tt?\b", "set"),  # ("har sett": has seen)
        (r"\bned til\b", "down to"),
        (r"\bopp til\b", "up to"),
        # "lås X til gpu 1" (lock X to gpu 1): pin it there
        (r"\bl(?:aa?)se?\s+(.{1,40}?)\s+til\s+(?=(?:the\s+)?(?:gpu|kort|[a-z]?\d))", r"pin \1 to "),
        # "hva skriver jeg for å få den i gang igjen" (what do I type to get it going again): how do I
        # resume it
        (r"\bhvad? (?:skriver|gj?(?:oe?)r|maa?) jeg for (?:aa?|at)\b", "how do I"),
        (r"\bfaa? (\S+) i gang igj?en\b", r"resume \1"),
        (r"\bfaa? (\S+) i gang\b", r"start \1"),
        (r"\bhold\s+(.{1,40}?)\s+tilba(?:g|k)e\b", r"hold \1"),
        # "den skal (bare) holdes tilbake" (it is to be held): the passive, Norwegian and Danish
        (r"\b(\S+)\s+(?:skal|maa?)\s+(?:bare\s+)?holdes\s+tilba(?:g|k)e\b", r"hold \1"),
        (r"\bstarter\s+jeg\s+(\S+)\s+igj?en\b", r"do I resume \1"),
        (r"\bstart\s+(\S+)\s+igj?en\b", r"resume \1"),
        (r"\bgenoptag\b", "resume"),
        # "kør den igen", Norwegian "kjør den igjen / på nytt" (run it again)
        (
            r"\bkj?(?:oe?)r\s+((?:\S+\s+){0,3}?)(?:igj?en|paa? nytt?)\b",
            lambda m: f"retry {m[1].strip() or 'it'}",
        ),
        (r"\b(?:annuller|kanseller(?:e)?)\b", "cancel"),
        # "oppdater(e)", Danish "opdater(e)" (update), "til (den) nyeste" (to the latest)
        (r"\bop{1,2}dater(?:e|er)?\b", "update"),
        (r"\b(?:til )?(?:den )?nyeste\b", "to the latest"),
        # "gi X prio 7" (give X priority 7), "gi" Norwegian's give
        (r"\bgi\b", "give"),
        # "drep den" (kill it), "fjern den fra lista" (remove it from the list), "fortsett" (go on:
        # resume; "fortsatt", Swedish's "fortsätt", is Norwegian's still), "endre den til 1 gpu" (change it)
        (r"\b(?:drep|draeb)e?\b", "kill"),
        (r"\bdrept(?:e)?\b", "killed"),
        (r"\bfjerne?\b", "remove"),
        (r"\blista\b|\blisten\b(?! to\b)", "the list"),
        (r"\bforts(?:ett|aet)\b", "resume"),
        (r"\bfortsa(?:tt|t)\b", "still"),
        (r"\b(?:ae|e)ndre?\b", "change"),
        (r"\bfrigiv\b", "release"),
        # Norwegian "slipp den løs" (let it loose): release it
        (r"\bslipp?\s+(.{1,40}?)\s+l(?:oe?)s\b", r"release \1"),
        (r"\bslipp\b", "release"),
        (r"\bin(?:d|n)til videre\b", "for now"),
        (r"\bbagefter\b|\betterpaa?\b", "afterwards"),
        (r"\b(cancel|retry|hold|release|pause|resume)\s+(?:paa?\s+)?(?:den|det)\b", r"\1 it"),
        (r"\btak\b", "please"),
        (r"\bjeg mente\b", "I meant"),
        (r"\bmente\b", "I meant"),  # "sorry, mente 13" (its "I" dropped, as chat drops it)
        (r"\bvent\b", "wait"),
        (r"\bne[ji]\b", "no"),
        (r"\bferdig\b|\bfaerdig\b", "done"),
        # question words: "hvad" (what), "hvorfor" (why), "hvornår" (when), "hvilken/hvilket/hvilke"
        # (which), "hvem" (who), "hvor længe/lang tid/mange/meget" (how long/many/much), "hvordan" (how)
        (r"\bhvad? kj?(?:oe?)rer(?: der)?\b", "what is running"),
        # "hvad/hvilket job kørte der" (Norwegian "hva kjørte") with no time of its own asks about the moment
        # just talked about
        (
            r"\b(?:hvad?|hvilke[tn]? jobs?) kj?(?:oe?)rte(?: der\b|(?=\s*[?.!]*$))"
            r"(?!.*\b(?:da|dengang|i ?gaa?r|i ?dag|i morges|kl|mell[eo]m|siden|si(?:d)?ste|e[ft]ter)\b)",
            "which job ran then",
        ),
        (r"\b(?:hvad?|hvilke[tn]? jobs?) kj?(?:oe?)rte(?: der)?\b(?!\s+(?:den|det|de)\b)", "which job ran"),
        (r"\bhvad? (?:skete|skjedde) der\b", "what happened"),
        (r"\b(?:hvor|kor) (?:l(?:ae|e)nge|lang tid)\b", "how long"),
        (r"\b(?:hvor|kor) mange\b", "how many"),
        (r"\b(?:hvor|kor) (?:meget|mye)\b", "how much"),
        (r"\bhvor varm\b", "how hot"),
        (r"\bhvad? med\b", "what about"),
        (r"\bhvad? er\b", "what is"),
        (r"\bhvad? var\b", "what was"),
        (r"\bhvad?\b", "what"),
        (r"\bhvorfor\b", "why"),
        (r"\bhvornaa?r\b|\bnaa?r\b", "when"),
        (r"\bhvordan\b", "how"),
        (r"\bhvilke[nt]? af\b", "which of"),
        (r"\bhvert?\b", "each"),
        (r"\bhvilke[nt]?\b", "which"),
        (r"\bhvem\b", "who"),
        (r"\bhvor\b", "where"),
        # spans and times: "i går aftes" (last night), "i morges" (this morning), "mellem 9 og 12", "siden kl
        # 18" (since 18:00), "sidste time" (the last hour), "samme periode/tidsrum" (the same span)
        (r"\bi ?gaa?r (?:aftes|kveld)\b|\bi nat\b", "last night"),
        (r"\bi ?gaa?r morges\b", "yesterday morning"),
        # "formiddag" is the forenoon, from the working morning to noon (about 9 to 12), not the whole
        # morning from midnight
        (r"\bi ?gaa?r formiddag\b", "yesterday between 9:00 and 12:00"),
        (r"\bi ?gaa?r e(?:f|t)termiddag\b", "yesterday afternoon"),
        (r"\bi ?gaa?r\b", "yesterday"),
        (r"\bi ?morges\b", "this morning"),
        (r"\bi ?morgen\b", "tomorrow"),
        (r"\bi formiddag\b", "between 9:00 and 12:00 today"),
        (r"\bi e(?:f|t)termiddag\b", "this afternoon"),
        (r"\b(?:til )?i (?:aften|kveld)\b", "tonight"),
        (r"\bi ?dag\b", "today"),
        (r"\bhele dagen\b", "all day"),
        (r"\bmidnat\b", "midnight"),
        (r"\bsiden (?:kl\.?|klokk(?:a|en))\s*(\d{1,2})\b(?![:.]\d)", r"since \1:00"),
        (r"\be(?:f|t)ter (?:kl\.?\s*)?(\d{1,2})\b(?![:.]\d)", r"after \1:00"),
        (r"\b(?:kl\.?|klokk(?:a|en))\s*(\d{1,2})\b(?![:.]\d)", r"\1:00"),
        (r"\bmell[eo]m\s+(\S+)\s+og\s+(\S+)", r"between \1 and \2"),
        (r"\bmell[eo]m\b", "between"),
        (r"\bsi(?:d)?ste time(?:n)?\b", "in the last hour"),
        (r"\b(\d{1,3}) ?t\b", r"\1 hours"),  # "siste 24t" (the last 24 hours), as "timer" is written short
        (r"\bi samme (?:time|periode|tidsr[uo]m)\b|\bsamme (?:periode|tidsr[uo]m)\b", "in the same period"),
        (r"\b(?:de|den|det) si(?:d)?ste\b", "the last"),
        (r"\bsi(?:d)?ste\b", "last"),
        (r"\bakkurat naa?\b", "right now"),
        (r"\blige nu\b|\bnu\b|\bnaa?\b", "now"),
        (r"\bsiden\b", "since"),
        (r"\bda\b", "then"),
        # readings: "strøm" (power; "hvor meget strøm brugt" is energy, as English's "power used"),
        # "trækker" (draws), "gns" (mean), "laveste/højeste" (lowest/highest), "grader" (degrees)
        (r"\bstr(?:oe?)m(?:trekk)?\b", "power"),
        # "på det meste" (at the most: the peak), "maks" (max)
        (r"\bpaa? det meste\b", "at most"),
        (r"\bmaks\b", "max"),
        (r"\beffekt(?:en)?\b", "power"),
        (r"\benergiforbru[gk]\b", "energy used"),
        (r"\benergi(?:en)?\b", "energy"),
        (r"\bhukommelse(?:n)?\b|\bminnet?\b", "memory"),
        # "klokkefrekvens" (clock frequency), "minneklokka" (the memory clock); "klokka 14" is a time
        (r"\bminneklokk\w*", "memory clock"),
        (r"\bklokk?efrekvens\w*", "clock"),
        (r"\bvift(?:ene|er)\b", "fans"),
        (r"\bvift(?:e|en|a)\b", "fan"),
        (r"\b(?:gns|gj?enn[eo]msnit+(?:lig|et)?|snitt(?:et)?)\b", "mean"),
        (r"\bh(?:oe?)jeste\b", "highest"),
        (r"\blaveste\b", "lowest"),
        (r"\bvarmest\b", "hottest"),
        (r"\bgrader\b", "degrees"),
        (r"\bmere?\b", "more"),
        (r"\bbegge kort(?:ene)?\b", "both cards"),
        (r"\bbegge\b", "both"),
        (r"\b(?:den|det) andr?e?t? kort(?:et)?\b|\bden anden\b", "the other card"),
        (r"\b(?:den|det) andre\b", "the other"),  # Norwegian's "the other one"
        (r"\bandre\b", "other"),
        (r"\bkortene\b", "the cards"),
        (r"\bkortet\b", "the card"),
        (r"\bkort\b", "card"),
        (r"\bgpu[- ]timer\b", "gpu-hours"),
        (r"\bpro[cs]esser\b", "processes"),
        (r"\bgpuene\b|\bgpu'?erne\b", "the gpus"),
        (r"\bi ?alt\b|\btilsammen\b", "in total"),
        (r"\balle fors(?:oe?)[gk]\b", "all attempts"),
        (r"\bfors(?:oe?)[gk]ene\b", "attempts"),
        (r"\bfors(?:oe?)[gk]\b", "attempt"),
        (r"\bsammm?enlign\b", "compare"),
        (r"\beller\b", "or"),
        (r"\bvis\b", "show"),
        (r"\bloggen\b", "the log"),
        (r"\bidle tid\b", "idle time"),
        # "i bruk/brug" (in use: busy), "ubrukt/ubrugt" (unused: idle), "stått/stået" (stood: been)
        (r"\bi bru[gk]\b", "busy"),
        (r"\bubru[gk]t\b", "idle"),
        (r"\bst(?:aa?)(?:tt|et)\b", "been"),
        (r"\bstod\b", "was"),
        # "har den holdt på" (has it kept at it): has it been running
        (r"\bhar ((?:job\s*)?\S+) holdt paa?\b", r"has \1 been running"),
        # jobs and what they did: "kører" (runs), "kørte" (ran), "venter" (waits), "køen" (the queue),
        # "døde/fejlede" (died/failed), "stoppede" (stopped), "nåede at bruge" (got to use)
        (r"\bi k(?:oe?)en\b|\bi k(?:oe)\b", "in the queue"),
        (r"\bk(?:oe?)en\b|\bk(?:oe)\b", "the queue"),
        # Danish puts the verb before its subject after a question word ("hvornår døde den", "hvor længe
        # kørte den": when did it die, how long did it run); not where the question word is the subject
        # ("hvem startede job 11", "hvilket job brugte 4090": who started job 11, which job used the 4090)
        (
            r"(?<!\bwho )(?<!\bwhat )(?<!\bjob )(?<!\bjobs )(?<!\bwhich )"
            r"\b(kj?(?:oe?)rte|bru[gk]te|ventede|ventet|venta|d(?:oe?)de|fejlede|stoppede|startede|venter|kj?(?:oe?)rer"
            r"|tr(?:ae|e)kker|bru[gk]er)"
            r"\s+(den|det|de|(?:job\s*)?\d+|(?:the\s+)?(?:gpu\s?\d|[a-z]\d{2,3}|\d{4})|[a-z][\w.]*-[\w.-]+)(?=[\s?.!,]|$)",
            lambda m: _inverted(m[1], m[2]),
        ),
        (r"\btr(?:ae|e)kker\b", "draw"),
        (r"\bhar (\S+) v(?:ae)?ret\b", r"has \1 been"),
        (r"\bhar (\S+) kj?(?:oe?)rt\b", r"has \1 been running"),
        (r"\bkj?(?:oe?)rer\b", "is running"),
        (r"\bkj?(?:oe?)rte\b", "ran"),
        (r"\bkj?(?:oe?)rt\b", "run"),
        # "måtte X vente" (did X have to wait): did X wait
        (r"\bmaa?tte\s+(\S+)\s+vente\b", r"did \1 wait"),
        (r"\bf(?:oe|o)r (?=den|det|de|\S+ start)", "before "),
        (r"\bventer\b", "is waiting"),
        (r"\bvent(?:ede|et|a)\b", "waited"),
        (r"\bstarter\b", "starts"),
        (r"\bstart(?:ede|et|a)\b", "started"),
        (r"\bd(?:oe?)de\b", "died"),
        (r"\bfejlede\b|\bfeil(?:a|et|te)\b", "failed"),
        (r"\bstopp(?:ede|et|a)\b", "stopped"),
        (r"\bskre?iv\b", "wrote"),
        (r"\bble\b", "was"),
        (r"\bsidder\b|\bstaa?r\b|\bligger\b", "are"),
        (r"\bledige?\b", "free"),
        (r"\bnaa?ede (?:den|det) at\b", "did it"),
        (r"\bbru[gk]t\b|\bbru[gk]te\b", "used"),
        (r"\bbru[gk]er\b", "uses"),
        (r"\bbruge?\b", "use"),
        (r"\bhavde\b", "had"),
        (r"\bjobb(?:et|en)\b", "the job"),
        (r"\bjobb\b", "job"),
        # "hvor mye strøm gikk med" (how much power went: was used), "ba X om" (did X ask for), "ber X om"
        # (does X ask for), Danish "bad X om"
        (r"\bgikk med\b", "was used"),
        (r"\b(?:ba|bad) (\S+) om\b", r"did \1 ask for"),
        (r"\bber (\S+) om\b", r"does \1 ask for"),
        (r"\btimer\b", "hours"),
        (r"\bjobb(?:ene|er)\b", "jobs"),
        (r"\bvaeret\b", "been"),
        # the small words
        (r"\bkan du\b", "can you"),
        (r"\bmye\b", "much"),
        (r"\bbare\b(?! metal)", "just"),
        (r"\bhele(?: the)?\b", "the whole"),  # ("hele queuen": the whole queue)
        (r"\bvejret\b", "the weather"),
        (r"\bforskellen (?:paa?|mellem)\b", "the difference between"),
        (r"\bforskellen\b", "the difference"),
        (r"\bder\b", "there"),
        (r"\b(?:den|det)\b", "it"),
        (r"\bde\b", "they"),
        (r"\ber\b", "is"),
        (r"\bvar\b", "was"),
        (r"\bhar\b", "has"),
        (r"\bikke\b", "not"),
        (r"\bpaa?\b", "on"),
        (r"\b(?:en|et)\b", "a"),
        (r"(?<=\s)i\b|^i\b", "in"),  # lowercase: "I" (jeg) read before stays
        (r"\baf\b", "of"),
        (r"\bmed\b", "with"),
        (r"\btil\b", "to"),
        (r"\bfra\b", "from"),
        (r"\bover\b", "over"),
        (r"\bjeg\b", "I"),
        (r"\bog\b", "and"),
    )
)


# a Danish verb said before its subject, in English ("kørte den": did it run; "venter 13": is 13 waiting)
_INVERTED = {
    "koerte": "did {} run",
    "korte": "did {} run",
    "brugte": "did {} use",
    "brukte": "did {} use",
    "ventede": "did {} wait",
    "doede": "did {} die",
    "dode": "did {} die",
    "fejlede": "did {} fail",
    "stoppede": "did {} stop",
    "startede": "did {} start",
    "ventet": "did {} wait",
    "venter": "is {} waiting",
    "koerer": "is {} running",
    "korer": "is {} running",
    "kjoerte": "did {} run",
    "kjorte": "did {} run",
    "kjoerer": "is {} running",
    "kjorer": "is {} running",
    "venta": "did {} wait",
    "traekker": "does {} draw",
    "trekker": "does {} draw",
    "bruger": "does {} use",
    "bruker": "does {} use",
}


def _inverted(verb: str, subject: str) -> str:
    """``verb`` said before ``subject`` in English order ("doede den": did it die)."""
    said = {"den": "it", "det": "it", "de": "they"}.get(subject.lower(), subject)
    return _INVERTED[verb.lower()].format(said)


def danish_marked(text: str) -> bool:
    """Whether ``text`` shows Danish's marks (:data:`_DANISH_MARK`), with or without its letters' marks."""
    return marked_unaccented(text, _DANISH_MARK, _UNACCENTED, _NEVER)


def danish(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Danish (:data:`_DANISH_MARK`): its letters typed without their
    marks, then its phrases and words (:data:`_DANISH`); else as it was."""
    return read_unaccented(text, lean, "danish", danish_marked, _UNACCENTED, _DANISH)
