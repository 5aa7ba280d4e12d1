"""Dutch read in English where the message is Dutch written whole (marks of its own: a question word, a
day, a verb or a function word no other language here shares), as a Dutch engineer writes it, English
words of the trade mixed in ("hoe lang heeft de run gedraaid?", "zet die even on hold").

Afrikaans is read by the same tables: it is Dutch's daughter, most of the words the assistant reads are
the same word ("hoeveel", "wanneer", "laagste", "gemiddeld", "kaart", "vanmiddag") or the same word spelt
one letter apart ("vandag"/"vandaag", "hoe lank"/"hoe lang", "middernag"/"middernacht", "ander"/"andere"),
and its perfect is Dutch's (a helper, the participle last: "hoe lank het dit gerun?"). So each entry names
both spellings once (a module of its own would repeat the shared words, the verb-last rules and the spans);
its own words ("watter", "hoekom", "altesaam", "asseblief", "gebreek") are only marks and entries more."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import (
    ENGLISH_VERB_INFINITIVE,
    VERB_LAST,
    Lean,
    compiled,
    reads,
    translated,
)

_DUTCH_MARK = re.compile(  # (not the words German shares: "energie", "beide", "kosten", "waren", "dank",
    # "staat", "geworden", "wilde", "regel", "tot", "andere")
    r"\b(?:hoe|hoeveel|hoelang|waarom|wanneer|welke|welk|gisteren|gistern|eergisteren|vandaag|vanochtend|"
    r"vanmorgen|vanmiddag|vanavond|vannacht|afgelopen|draait|draaide|draaiden|draaien|gedraaid|heeft|"
    r"hebben|wordt|werd|het|een|niet|niks|niets|maar|graag|kaart|kaarten|geheugen|verbruik|verbruikt|"
    r"stroom|stroomverbruik|uur|uren|toen|sinds|elkaar|kun|kunt|zet|mislukt|gefaald|faalde|mislukte|wacht|"
    r"wachten|wachtte|stond|ook|nu|gemiddelde|gemiddeld|hoogste|laagste|eigenlijk|trouwens|bezig|zijn|"
    r"mijn|ik|nee|bedoelde|bedoel|waar|alsjeblieft|bedankt|pauzeer|annuleer|annuleren|hervat|herstart|"
    r"vrijgeven|geef|diezelfde|datzelfde|gebruikte|gebruikt|gekost|temperatuur|vergelijk|allebei|qua|"
    r"haalde|piekvermogen|vermogen|laatste|regels|zit|zat|trekt|moest|geduurd|duurde|hele|processen|laat|"
    r"weer|doorgaan|stil|vrij|haal|wissel|aub|efkes|allez|amai|wachtende|voorrang|ergens|"
    r"daarop|erop|gegaan|keer|gister|klokfrequentie|klokfrequenties|kunde|ochtend|voormiddag|namiddag|tussen|middernacht|gestaan|stilgestaan|tegen|"
    r"moet|eerder|omhoog|gooien|lijkt|killen|druk|alleen|opnieuw|hem|vanmidag|iets|"
    r"wachtrij|allemaal|momenteel|gevraagd|vroeg|vraagt|gepauzeerd|pauzeren|hervatten|herstarten|jij|staan|"
    # "wat staat er", "wa zit er" (what is: German says "was steht")
    r"wa?t (?:staat|staan|stond|stonden|zit|zitten|zat|zaten) er|"
    # Flemish: "gij" (you), "ne keer" (once: a softener), "nog altijd" (still)
    r"gij|ne keer|nen keer|nog altijd|"
    # chat's forms: "ff" (even), "geheuge" (the final n not said), "ipv" (in plaats van), a request's verbs
    r"ff|geheuge|ipv|cancellen|ruim|opruimen|gefaalde|krijgen|hoeft|samenvatting|overzicht|"
    # Afrikaans' own words
    r"vandag|watter|hoekom|lank|nou|altesaam|altesame|gerun|geloop|gewag|gebreek|gevrek|omgeval|gekry|"
    r"asseblief|hoër|probeer|middernag|vanoggend|vanaand|gisteraand|jy|kanselleer|pouseer|wys|hou|terug)\b",
    re.I,
)
# a follow-up that opens with Dutch's "and" before an article or a question word ("en de 4090?", "en qua
# energie?"): no other language here says "en" so
_DUTCH_AND = re.compile(r"^\s*en\s+(?:de|het|hoe|wat|qua|op|van|wie|welke|sinds|die|dat|voor)\b", re.I)
# the pronouns said for a job or a card: "ie" / "hij" / "hem" (it; Afrikaans "hy" / "hom" / "dit"), "die" /
# "dat" standing alone (that one)
_IT = r"(?:ie|hij|hem|'m|em|hy|hom|die|dat|da|het|deze|dit)"  # (Flemish "da": dat; chat's "'m", "em": hem)
_HOW_LONG = r"(?:hoe lan[gk]|hoelan[gk])"  # (Afrikaans "hoe lank")
# Afrikaans' participles, which Dutch spells otherwise: "het" before one is its helper (has), never the
# article ("wat het toe gerun?": what ran then)
_AFRIKAANS_PARTICIPLE = r"(?:gerun|geloop|gewag|gebreek|gevrek|omgeval|gekry|gebruik|gekos|gestop)"
_NUMBER = {"twee": 2, "drie": 3, "vier": 4, "vijf": 5, "zes": 6}
# the request verbs' Dutch infinitives, said last after a helper as the English ones are ("kun je job 11
# pauzeren?", "kunt gij 13 annuleren"): their English verbs, for :data:`VERB_LAST`
_REQUEST_INFINITIVE = {
    "pauzeren": "pause", "annuleren": "cancel", "hervatten": "resume", "herstarten": "restart",
    "vrijgeven": "release",
}  # fmt: skip
_PAST = ("run", "use", "cost", "save", "log", "stop", "wait", "take", "ask for")


def _did(m: re.Match[str]) -> str:
    """ "heeft ie gedraaid": did it run (the participle's English verb by the group it matched)."""
    verb = next(v for v, said in zip(_PAST, m.groups()[1:], strict=True) if said)
    return f"did {m[1]} {verb}"


_DUTCH = compiled(
    (
        (r"\bm['’]n\b", "my"),
        (r"\bof\b", "or"),  # (read first: the English written below says "of")
        (r"\bnog\s+nen?\s+keer\b", "nog een keer"),  # (Flemish "nog ne keer": once more)
        (
            r"\b(?:even|efkes|eens|effe|ff|maar|toch|gewoon|dan maar|allez|amai|aub|nen? keer)\b",
            "",
        ),  # the softeners of a request (Flemish "ne keer": just, once)
        # Flemish's "gij" / "ge" after the helper ("kunt gij", "kunde": kun je), as Dutch's "je" reads
        (r"\b(?:kunt|kun|kan)\s+(?:gij|ge|jij)\b|\bkunde\b", "kun je"),
        (r"\b(?:wilt|wil)\s+(?:gij|ge|jij|u)\b", "wil je"),
        # requests: "stop die", "cancel die", "restart hem", "zet X on hold" / "in de wacht", "geef X vrij",
        # "laat hem (weer) verder gaan", "pauzeer", "geef job 12 een hogere prio", "zet 13 voor 12 in de
        # queue"
        # (the whole queue stopped is the queue paused: "stop de hele queue", Afrikaans "stop die hele ry")
        (
            r"\b(?:stop|stopt|pauzeer|pouseer)\s+(?:de|die)\s+(?:hele\s+)?(?:queue|wachtrij|ry|tou)\b",
            "pause the queue",
        ),
        (rf"\b(?:stop|stopt|kill|annuleer|kanselleer|cancel)\s+{_IT}\b", "cancel it"),
        # Afrikaans: "probeer (dit) weer" (retry), "hou X terug" (hold), "begin X weer" (resume)
        (r"\bprobeer\s+(?:weer|opnieuw)\b", "retry it"),
        (r"\bprobeer\s+(.{1,40}?)\s+(?:weer|opnieuw)\b", r"retry \1"),
        (r"\bhou\s+(.{1,40}?)\s+terug\b", r"hold \1"),
        # Flemish "hou job 12 tegen" (hold it back; "tegenhouden")
        (r"\b(?:hou|houd|houden)\s+(.{1,40}?)\s+tegen\b|\btegenhouden\b", r"hold \1"),
        (r"\bbegin\s+(.{1,40}?)\s+weer\b", r"resume \1"),
        # Afrikaans' possessive: "job 12 se prioriteit" (job 12's priority)
        (r"(?<=\w)\s+se\b", "'s"),
        # Afrikaans' helper after its participle, closing a clause: "wat gpu 0 gekry het," (that gpu 0 got)
        (r"\b(ge\w+|omgeval)\s+het\b(?=\s*(?:[?.!,]|$))", r"\1"),
        # (and before its pronoun: "hoeveel het hy?", how much has it: Dutch's article is before no pronoun)
        (
            rf"\bhet\b(?=\s+(?:(?:hy|hom|dit|jy|ek|ons|hulle)\b|(?:\S+\s+){{0,4}}?{_AFRIKAANS_PARTICIPLE}\b))",
            "heeft",
        ),
        # an English verb with Dutch's infinitive ("kan je die job killen?", "de prio omhoog gooien"), and
        # Dutch's own request verbs as infinitives ("kun je job 11 pauzeren?")
        ENGLISH_VERB_INFINITIVE,
        (rf"\b(?:{'|'.join(_REQUEST_INFINITIVE)})\b", lambda m: _REQUEST_INFINITIVE[m[0].lower()]),
        VERB_LAST,
        # the request's verb said last, as an infinitive, its object first and no helper ("die job cancellen
        # graag", "12 killen aub"; "X hoeft niet meer, cancellen": X is no longer needed): the request in
        # English order
        (
            r"^(?:ok[,\s]+)?(?!(?:en\s+)?(?:kan|kun|kunt|wil|mag|moet|hoe|wat|wa|waarom|wanneer|welke|wie)\b)"
            r"(.{1,40}?)"
            r"(?:\s+(?:hoeft|hoeven)\s+(?:niet\s+meer|niet)\s*,?)?\s+"
            r"(kill|cancel|release|pause|resume|restart|hold|rerun)(?=\s*(?:graag|alsjeblieft|aub)?\s*[.!]*$)",
            r"\2 \1",
        ),
        # the same said with the Dutch verbs: "X opnieuw draaien graag" (run X again), "X op pauze zetten",
        # "X on hold zetten", and with a helper ("kan ik die on hold zetten?", "kan de queue op pauze?": the
        # verb left out)
        (
            r"(?:^|,\s*)(?:(?:kan|kun|kunt|wil|mag|moet)\s+(?:je\s+|jij\s+|u\s+|ik\s+|we\s+|ge\s+)?)?"
            r"(?!(?:hoe|wat|waarom|wanneer)\b)(.{1,40}?)\s+(?:opnieuw|nog een keer|nog eens)\s+"
            r"(?:draaien|starten|runnen|proberen|doen)\b",
            r"rerun \1",
        ),
        (
            r"\b(?:kan|kun|kunt|wil|mag|moet)\s+(?:je\s+|jij\s+|u\s+|ik\s+|we\s+|ge\s+)?"
            r"(.{1,40}?)\s+(?:on hold|op hold|in de wacht)(?:\s+(?:zetten|gezet worden))?\b",
            r"hold \1",
        ),
        (
            r"\b(?:kan|kun|kunt|wil|mag|moet)\s+(?:je\s+|jij\s+|u\s+|ik\s+|we\s+|ge\s+)?"
            r"(.{1,40}?)\s+op\s+(?:pauze|pause)(?:\s+(?:zetten|gezet worden))?\b",
            r"pause \1",
        ),
        (r"(?:^|,\s*)(.{1,40}?)\s+(?:on hold|op hold|in de wacht)\s+zetten\b", r"hold \1"),
        (r"(?:^|,\s*)(.{1,40}?)\s+op\s+(?:pauze|pause)\s+zetten\b", r"pause \1"),
        # "ruim de gefaalde jobs op", "de oude jobs opruimen" (clean up)
        (r"\bruim\s+(.{1,40}?)\s+op\b", r"clean up \1"),
        (r"^(.{1,40}?)\s+opruimen\b", r"clean up \1"),
        (r"\bopruimen\b", "clean up"),
        # "X moet 2 gpu's krijgen ipv 1" (X should get 2 GPUs instead of 1)
        (r"\b(?:moet|moeten)\s+(.{1,40}?)\s+krijgen\b", r"should get \1"),
        (r"\b(?:ipv|i\.p\.v\.?|in plaats van)\b", "instead of"),
        (r"\bgpu['’]s\b", "gpus"),
        (
            r"\b((?:job\s+)?\d+)'s\s+prio(?:riteit)?\s+(?:omhoog|hoger|hoër)\s*"
            r"(?:gooien|zetten|doen|halen|maken|maak|sit)?\b",
            r"bump the priority of \1",
        ),  # (Afrikaans: "job 12 se prioriteit hoër maak", read "job 12's" above)
        (
            r"\b(?:de |zijn |haar )?prio(?:riteit)?\s+(?:omhoog|hoger|hoër)\s*"
            r"(?:gooien|zetten|doen|halen|maken|maak|sit)?\b",
            "bump its priority",
        ),
        # a job put higher in the queue ("zet job 13 wat hoger in de wachtrij", "13 wat hoger zetten in de
        # queue"): its priority raised
        (
            r"\b(?:zet\s+)?((?:job\s+)?\S+)\s+(?:wat\s+|iets\s+)?(?:hoger|omhoog)\s*(?:zetten|plaatsen)?\s+"
            r"in\s+de\s+(?:wachtrij|queue|rij)(?:\s+(?:zetten|plaatsen))?",
            r"bump the priority of \1",
        ),
        (r"\b(?:die|de) gefaalde\b(?!\s+(?:jobs|runs|taken|opdrachten))", "the failed one"),
        (r"\bgefaalde\b", "failed"),
        (r"\b(?:stop|annuleer|breek)\s+(.{1,40}?)\s+af\b", r"cancel \1"),
        (r"\bannuleer\b|\bkanselleer\b", "cancel"),
        (rf"\b(?:restart|herstart|start)\s+{_IT}\s+(?:opnieuw|nog een keer|nog eens)\b", "rerun it"),
        (rf"\b(?:restart|herstart)\s+{_IT}\b", "restart it"),
        (r"\b(?:start|draai)\s+(.{1,40}?)\s+(?:opnieuw|nog een keer|nog eens)\b", r"rerun \1"),
        (r"\bherstart\b", "restart"),
        (r"\bzet\s+(.{1,40}?)\s+(?:on hold|in de wacht|op hold)\b", r"hold \1"),
        (r"\bzet\s+(.{1,40}?)\s+op\s+(?:pauze|pause)\b", r"pause \1"),
        (r"\bhaal\s+(.{1,40}?)\s+uit\s+(?:hold|de wacht)\b", r"release \1"),
        (r"\bwissel\s+(.{1,40}?)\s+en\s+(.{1,40}?)\s+(?:van plaats|om)\b", r"switch \1 and \2"),
        (r"\bzet\s+(?:zijn|haar|de)\s+(?:prio|prioriteit)\s+op\s*(\d+)\b", r"set its priority to \1"),
        (r"\bvoorrang\s+(?:krijgen|geven)\b", "priority"),
        (r"\bgeef\s+(.{1,40}?)\s+vrij\b", r"release \1"),
        # ("laat hem verder lopen": the pronoun becomes "it" with the function words)
        (
            r"\blaat\s+(.{1,40}?)\s+(?:(?:weer|terug)\s+)?"
            r"(?:verder ?gaan|doorgaan|doorlopen|verder (?:draaien|lopen|doen|werken|trainen))\b",
            r"resume \1",
        ),
        (r"\b(?:hervat|verder laten gaan)\b", "resume"),
        (r"\bpauzeer\b|\bpauze\b|\bpouseer\b", "pause"),
        (
            r"\b(?:kun je|kan je|kunt u|wil je)?\s*(.{1,40}?)\s+een\s+(?:hogere|lagere|andere)\s+"
            r"(?:prio|prioriteit)\s+geven\b",
            r"set the priority of \1",
        ),
        (r"\bzet\s+(.{1,40}?)\s+op\s+(?:prio|prioriteit)\s*(\d+)\b", r"set the priority of \1 to \2"),
        (r"\bzet\s+(\S+)\s+(?:voor|vóór)\s+(\S+)(?:\s+in de (?:queue|wachtrij))?", r"switch \1 and \2"),
        # a setting given its value ("zet die op 2 gpu's", "zet het geheugen van 13 op 30 GB"): set it
        (r"\bzet\s+(.{1,40}?)\s+op\s+(\d)", r"set \1 to \2"),
        # the queue or a job turned (back) on ("zet em terug aan", "zet de queue weer aan"): as English says
        # it (resumed)
        (
            r"\bzet\s+(.{1,40}?)\s+(?:(terug|weer|opnieuw)\s+)?aan\b",
            lambda m: f"turn {m[1]} {'back ' if m[2] else ''}on",
        ),
        (r"\bprioriteit\b|\bprio\b", "priority"),
        # the verb at the end of a Dutch clause, put back after its helper: "hoe lang heeft ie gedraaid" (how
        # long did it run), "waarom is job 5 mislukt" (why did job 5 fail), "hoe heet is ie geworden"
        (
            r"\bwie\s+(?:heeft|had)\s+(.{1,60}?)\s+(?:gestopt|afgebroken|gecanceld|geannuleerd|gekild)\b",
            r"who stopped \1",
        ),
        (r"\bwie\s+(?:heeft|had)\s+(.{1,60}?)\s+(?:gestart|ingediend|opgestart)\b", r"who submitted \1"),
        # "hoelang heeft gpu 1 stilgestaan" (how long has it been idle)
        (r"\b(?:heeft|hebben|had|hadden)\s+(.{1,40}?)\s+stil\s?gestaan\b", r"has \1 been idle"),
        (
            r"\b(?:heeft|hebben|had|hadden)\s+(.{1,60}?)\s+(?:(gedraaid|gelopen|gerun|geloop)"
            r"|(verbruikt|gebruikt|opgemaakt|gebruik)|(gekost|gekos)|(weggeschreven|opgeslagen|bewaard)"
            r"|(geschreven|gelogd|geprint)|(gestopt|afgebroken|gestop)|(gewacht|gewag)|(geduurd)"
            r"|(gevraagd|aangevraagd))\b",
            _did,
        ),
        (
            r"\b(?:is|zijn|was|waren|heeft)\s+(.{1,40}?)\s+(?:mislukt|gefaald|gecrasht|gebreek|gevrek|omgeval)\b",
            r"did \1 fail",
        ),
        (r"\b(?:is|was)\s+(.{1,40}?)\s+(?:maximaal\s+|het\s+)?geworden\b", r"did \1 get at most"),
        (rf"\bhaalde\s+{_IT}\b", "did it reach"),
        # what a job asks for ("hoeveel geheugen vroeg die", "hoeveel gpus vraagt job 13"; not "vroeg"
        # early: "te vroeg gestopt")
        (rf"\bvroeg\s+({_IT}|job\s*\d+)(?:\s+(?:om|aan))?(?=\s*(?:[?.!,]|$))", r"did \1 ask for"),
        (rf"\bvraagt\s+({_IT}|job\s*\d+)(?:\s+(?:om|aan))?(?=\s*(?:[?.!,]|$))", r"does \1 ask for"),
        # the job by its name after "wat" or "hoeveel ..." ("wat vroeg de probe", "hoeveel gpus vraagt de
        # 405b probe": what did it ask for; not "draaide ie gisteren vroeg de eval", early)
        (
            r"\b(wat|hoeveel(?:\s+[^\s?.!,]+){0,2}?)\s+(vroeg|vraagt)\s+((?:de|het)\s+[^\s?.!,]+"
            r"(?:\s+[^\s?.!,]+){0,2}?|[a-z][\w.]*-[\w.-]+)(?:\s+(?:om|aan))?(?=\s*(?:[?.!,]|$))",
            lambda m: f"{m[1]} {'did' if m[2].lower() == 'vroeg' else 'does'} {m[3]} ask for",
        ),
        (r"\bvroeg\s+om\b", "asked for"),  # "job 13 vroeg om 2 gpus"
        (r"\bvraagt\s+om\b", "asks for"),
        (r"\b(?:(te)\s+)?vroeg\b", lambda m: "too early" if m[1] else "early"),  # ("te vroeg gestopt")
        (
            r"\b(?:gebruikte|verbruikte)\s+(\S+)\s+(?=(?:op|in|voor|tijdens|gisteren|vandaag)\b)",
            r"did \1 use ",
        ),
        # questions
        (r"\bkon starten\b|\bkon beginnen\b", "started"),
        (r"\btot nu toe\b|\btot nu\b", "so far"),
        (r"\btot morgen\b", "until tomorrow"),
        # "hoe pas ik dat aan?", "hoe kan ik dat aanpassen?" (how do I change that)
        (r"\bhoe\s+pas\s+(?:ik|je|we)\s+(.{1,30}?)\s+aan\b", r"how do i change \1"),
        (r"\baanpassen\b", "change"),
        # "wat staat er (allemaal) in de wachtrij", "wa zit er on hold" (what is)
        (r"\bwat?\s+(?:staat|staan|zit|zitten)\s+er\s+(?:allemaal\s+|nu\s+|nog\s+)?", "what is "),
        (r"\bwat?\s+(?:stond|stonden|zat|zaten)\s+er\s+(?:allemaal\s+)?", "what was "),
        (
            r"\b(?:staan|staat|stonden)\s+(.{1,30}?)\s+(?:al\s+)?in de (?:queue|wachtrij)\b",
            r"have \1 waited in the queue",
        ),
        (r"\bwachtende\b", "waiting"),
        (r"\b(?:zitten|draaien|draait|zit)\s+(?:er\s+)?(?:daarop|erop)\b", "are running on it"),
        (r"\bhoeveel tijd\b", "how long"),
        (r"\b(\w+ing)\s+bezig\b", r"\1"),
        (r"\beffectief\b", ""),
        (
            r"\bhoeveel\s+(\w+\s+)?(?:gebruikte|verbruikte)\s+(.{1,30}?)\s+(?:er\s+)?"
            r"(?:maximaal|max|het meest)(?:\s+van)?\b",
            r"how much \1did \2 use at most",
        ),
        (r"\baan het rekenen\b|\baan het werk\b", "busy"),
        (r"\bdrie keer\b", "three times"),
        (r"\bgeef mij\b|\bgeef me\b", "give me"),
        (r"\bwys my\b|\bwys vir my\b", "show me"),
        (r"\bergens\b", "anywhere"),
        (r"\bandere?\b", "other"),
        (r"\blaatste\b", "last"),
        (r"\bgegaan\b", "gone"),
        (r"\bsinds wanneer\b", "since when"),
        (
            rf"\b{_HOW_LONG}\s+(?:wacht|staat)\s+" + _IT + r"\s+(?:al|nu al|te wachten)\b",
            "how long has it been waiting",
        ),
        (
            rf"\b{_HOW_LONG}\s+(?:draait|loopt|loop)\s+{_IT}(?:\s+(?:nu\s+)?al)?\b",
            "how long has it been running",
        ),
        (r"\bmoest(?:en)?\s+(.{1,40}?)\s+wachten\b", r"did \1 wait"),
        # "hoelang is da nu al bezig" (how long has it been at it), "was die toen bezig" (was it busy then)
        (rf"\b{_HOW_LONG}\s+is\s+{_IT}\s+(?:nu\s+)?(?:al\s+)?bezig\b", "how long has it been running"),
        (rf"\b(is|was)\s+{_IT}\s+bezig\b", r"\1 it busy"),
        (rf"\b{_HOW_LONG}\b", "how long"),
        (r"\bhoe vaak\b|\bhoeveel keer\b", "how many times"),
        (r"\bhoeveel\b", "how much"),
        (r"\bhoe (?:warm|heet)\b", "how hot"),
        (r"\b(?:om\s+)?hoe laat\b", "at what time"),
        (r"\bhoe ver\b", "how far along"),
        (r"\bhoe staat\s+(.{1,30}?)\s+ervoor\b", r"how is \1"),
        (r"\bhoe\b", "how"),
        (r"\bwat (?:draait|loopt) er\b|\bwat loop\b|\bwat is er aan het draaien\b", "what is running"),
        (r"\b(?:is|was)\s+er\s+(?:toch\s+)?iets\s+(?:gecrasht|gefaald|mislukt)\b", "did anything crash"),
        (r"\bdruk\b", "busy"),
        (r"\bvanmidag\b", "this afternoon"),
        (r"\bgister\b(?!\s*(?:aand|avond|middag|ochtend|oggend))", "yesterday"),
        (r"\balleen\b", "only"),
        (
            r"\b(?:de )?afgelopen (twee|drie|vier|vijf|zes) uur\b",
            lambda m: f"the last {_NUMBER[m[1].lower()]} hours",
        ),
        (r"\bwat\b|\bwa\b", "what"),  # (Flemish "wa")
        (r"\bwelke?\b|\bwatter\b", "which"),
        (r"\bwaarom\b|\bhoekom\b", "why"),
        (r"\bwanneer\b", "when"),
        (r"\bwie\b", "who"),
        (r"\bwaar\b", "where"),
        # verbs and states
        (
            r"\bdoet\s+(?:helemaal\s+)?(?:niks|niets)(?:\s+meer)?\b"
            r"|\bstaat (?:stil|te niksen|(?:niks|niets) te doen)\b",
            "is idle",
        ),
        (r"\bdoet\s+(.{1,30}?)\s+(?:helemaal\s+)?(?:niks|niets)(?:\s+meer)?\b", r"is \1 idle"),
        (r"\bstaat\s+(.{1,30}?)\s+(?:stil|te niksen|(?:niks|niets) te doen)\b", r"is \1 idle"),
        (r"\b(?:stond|stonden)\s+(.{1,30}?)\s+(?:stil|te niksen|(?:niks|niets) te doen)\b", r"was \1 idle"),
        (r"\b(?:draait|loopt)\b", "is running"),
        (r"\b(?:draaide|draaiden|liep|liepen|gedraaid|gelopen)\b", "ran"),
        (r"\bdraaien\b", "are running"),
        (
            r"\b(?:mislukt|gefaald|faalde|faalden|mislukte|gecrasht|crashte|gebreek|gevrek|omgeval)\b",
            "failed",
        ),
        (r"\bgoed (?:afgerond|gegaan|gelukt)\b|\bgelukt\b", "succeeded"),
        (r"\b(?:afgerond|klaar)\b", "finished"),
        (r"\bgestopt\b", "stopped"),
        # a state ("de queue staat nog altijd gepauzeerd": is still paused; "staat on hold")
        (
            r"\b(?:(staat|staan)|stond|stonden)\s+(?=(?:nog\s+(?:altijd|steeds)\s+)?"
            r"(?:gepauzeerd|op pau[sz]e|on hold|op hold|in de wacht)\b)",
            lambda m: "is " if m[1] else "was ",
        ),
        (r"\bgepauzeerd\b", "paused"),
        (r"\bgedaan\b", "done"),
        (r"\bstaat\s+(.{1,30}?)\s+te wachten\b", r"is \1 waiting"),
        (r"\b(?:wachtte|wachtten|moest wachten|moesten wachten)\b", "waited"),
        (r"\bwachten\b", "wait"),
        (r"\bwacht\b", "waits"),
        (r"\bbezig\b", "busy"),
        (r"\bgethrottled\b|\bgethrottelt\b|\bteruggeschroefd\b", "throttled"),
        (r"\b(?:verbruikt|gebruikt|gekost|opgemaakt)\b", "used"),
        (r"\bgebruikte\b", "used"),
        (r"\b(?:verbruikte|kostte)\b", "used"),
        (r"\bvoor\s+" + _IT + r"\s+(?:OOM|out of memory)\s+ging\b", "before it went OOM"),
        (r"\bwilde\s+" + _IT + r"\s+(?:nog\s+)?alloceren\b", "did it try to allocate"),
        (r"\balloceren\b", "allocate"),
        (r"\bhaalde\b", "reached"),
        (r"\bweggeschreven\b|\bopgeslagen\b", "saved"),
        (r"\bgeworden\b|\bgekry\b", "got"),
        (r"\b(?:geduurd|duurde)\b", "took"),
        (r"\b(?:zat|zaten)\b", "was"),
        (r"\bzit(?:ten)?\s+er\s+(?:nu\s+)?(?:al\s+)?in\b", "has it used so far"),
        (r"\btrekt\b(.{1,30}?)\baan (?:stroom|vermogen)\b", r"draws\1"),
        (r"\btrekt\b", "draws"),
        (r"\bin gebruik\b", "in use"),
        (r"\bvoor(?=\s+(?:ie|hij|zij)\s)", "before"),
        (r"\b(?:startte|begon)\b", "started"),
        (r"\b(?:laatste|vorige)\s+regels?\b", "last line"),
        (r"\bregels?\b", "lines"),
        (r"\bprocessen\b", "processes"),
        (r"\bhele\b", "whole"),
        (r"\balle\b", "all"),
        (r"\bbedoelde\b|\bbedoel\b", "meant"),
        (r"\bvergelijk\b", "compare"),
        (r"\bschrijf\b", "write"),
        (r"\bgeef\b", "give"),
        (r"\bzeg\b", "say"),
        # spans and moments
        (r"\b(?:het )?(?:afgelopen|laatste|vorige) uur\b", "the last hour"),
        (
            r"\bin (?:dat|dit|datzelfde|hetzelfde) uur\b|\bin (?:die|diezelfde|dezelfde) (?:tijd|periode)\b",
            "in that span",
        ),
        (r"\b(?:de )?afgelopen (\d+) uur\b", r"the last \1 hours"),
        (r"\bvannacht\b|\bafgelopen nacht\b|\bvorige nacht\b", "last night"),
        (r"\bgister\s?(?:avond|aand)\b", "yesterday evening"),
        (r"\bgister\s?middag\b", "yesterday afternoon"),
        (r"\bgister\s?(?:ochtend|oggend)\b|\bgistermorgen\b", "yesterday morning"),
        (r"\beergisteren\b", "the day before yesterday"),
        (r"\bgisteren\b|\bgistern\b", "yesterday"),
        (r"\bvandaa?g\b", "today"),
        # (Flemish says "deze ochtend", "deze nacht": this morning, the night just gone)
        (
            r"\bvanochtend\b|\bvanmorgen\b|\bvanoggend\b|\bdeze (?:ochtend|morgen|voormiddag)\b",
            "this morning",
        ),
        (r"\bvanmiddag\b|\bdeze (?:middag|namiddag)\b", "this afternoon"),
        (r"\bvanavond\b|\bvanaand\b|\bdeze avond\b", "this evening"),
        (r"\bdeze nacht\b", "last night"),
        (r"\bop (?:dat|da|die) (?:moment|ogenblik)\b", "at that moment"),
        (r"\bdeze week\b", "this week"),
        # ("tussen 0 en 6u", "tussen 18u en middernacht": Flemish writes an hour "6u")
        (
            r"\btussen (\d{1,2})(?::(\d{2}))?(?:\s*u(?:ur)?)? en "
            r"(?:(\d{1,2})(?::(\d{2}))?(?:\s*u(?:ur)?)?|(middernacht))\b",
            lambda m: f"between {m[1]}:{m[2] or '00'} and "
            + ("midnight" if m[5] else f"{m[3]}:{m[4] or '00'}"),
        ),
        (r"\bom (\d{1,2})(?::(\d{2}))?\s*uur\b", lambda m: f"at {m[1]}:{m[2] or '00'}"),
        (r"\bsinds (\d{1,2})(?::(\d{2}))?\s*uur\b", lambda m: f"since {m[1]}:{m[2] or '00'}"),
        (r"\bsinds middernacht\b", "since midnight"),
        (r"\bsinds\b", "since"),
        (r"\bmiddernacht\b|\bmiddernag\b", "midnight"),
        (r"\b(?:op dit moment|momenteel|nu|nou)\b", "now"),
        (r"\bnog\s+(?:altijd|steeds)\b", "still"),
        (r"\btoen?\b", "then"),  # (Afrikaans "toe")
        (
            r"\bin totaal\b|\bbij elkaar(?: opgeteld)?\b|\balles samen\b|\bsamen\b|\baltesa(?:a|me)m?\b",
            "in total",
        ),
        (r"\balle (?:pogingen|runs|elementen)\b", "all attempts"),
        (r"\bpogingen\b", "attempts"),
        (r"\bpoging\b", "attempt"),
        # readings, how much and which way
        (r"(?<![a-z\d])(\d{1,3})\s*graden\b", r"\1 °C"),
        (r"\bor (?:hoger|meer|erboven)\b", "or more"),
        (r"\bop (\d+)(?=\s*(?:°|graden|procent|%|w\b|watt))", r"at \1"),
        (r"\bboven (?:de )?(\d+)", r"above \1"),
        (r"\bpiekvermogen\b", "peak power"),
        (
            r"\bstroomverbruik\b|\bvermogen\b|\bverbruik\b(?!\s+(?:aan|van)\s+(?:geheugen|energie))",
            "power draw",
        ),
        (r"\bstroom\b", "power"),
        (r"\benergieverbruik\b|\benergie\b", "energy"),
        (r"\bgeheugengebruik\b", "memory use"),
        (r"\bgeheugen?\b", "memory"),  # ("geheuge": chat drops the final n)
        (r"\btemperatuur\b", "temperature"),
        (r"\bbelasting\b|\bbezetting\b", "load"),
        (r"\bklokfrequenties\b|\bkloksnelheden\b", "clock speeds"),
        (r"\bklokfrequentie\b|\bkloksnelheid\b|\bklok\b", "clock"),
        (r"\bventilator\b", "fan"),
        (r"\bkaarten\b", "cards"),
        (r"\bkaart\b", "card"),
        (r"\bgpu-uren\b|\bgpu uren\b", "GPU-hours"),
        (r"\buren\b", "hours"),
        (r"\buur\b", "hour"),
        (r"\b(?:de )?(?:hoogste|maximale)\b|\bmaximaal\b", "max"),
        (r"\b(?:de )?(?:laagste|minimale)\b|\bminimaal\b", "min"),
        (r"\b(?:het )?gemiddelde\b|\bgemiddeld\b", "average"),
        (r"\bpiek\b", "peak"),
        (r"\bde meeste\b|\bhet meeste\b|\bmeeste\b", "the most"),
        (r"\bde minste\b|\bhet minste\b", "the least"),
        (r"\bsneller\b", "faster"),
        (r"\btrager\b|\blangzamer\b", "slower"),
        (r"\bwarmer\b|\bheter\b", "hotter"),
        (r"\bwarmste\b|\bheetste\b", "hottest"),
        (r"\bhoger\b|\bhoër\b", "higher"),
        (r"\blanger\b", "longer"),
        (r"\b(?:beide|allebei|beiden)\b", "both"),
        (r"\bper kaart\b", "per card"),
        (r"\bqua\b", "in"),
        (r"\bverschil\b", "difference"),
        (r"\btussen\b", "between"),
        (r"\bredelijke?\b", "reasonable"),
        (r"\bpraktische?\b", "practical"),
        (r"\bgoede?\b", "good"),
        (r"\bbeste\b", "best"),
        (r"\bwachtrij\b", "queue"),
        (r"\bopdracht\b|\btaak\b", "job"),
        (r"\bsamenvatting\b|\boverzicht\b", "summary"),
        (r"\bkorte?\b", "short"),
    )
)
_DUTCH_FUNCTION_WORDS = compiled(
    (
        # "die" standing alone is the job or card in focus; before a noun or as a relative it is "that"
        # ("geef 'm", "geef em": hem, as chat writes it)
        (r"\b(?:ie|hij|hem|em|hy|hom)\b|(?<!\w)['’]m\b", "it"),
        (r"\b(?:die|dat|da|deze|dit)\b(?=\s*(?:[?.!,]|$|al\b|nog\b|nu\b|ook\b|en\b|until\b))", "it"),
        (r"\b(?:die|dat|da)\b", "that"),
        (r"\b(?:deze|dit)\b", "this"),
        (r"\bhet\b(?=\s*(?:[?.!,]|$))", "it"),
        (r"\b(?:de|het)\b", "the"),
        (r"\been\b", "a"),
        (r"\ber\b", ""),
        (r"\b(?:al|nog|ooit|precies|eigenlijk)\b", ""),
        (r"\btrouwens\b", "by the way"),
        (r"\bis\b", "is"),
        (r"\b(?:zijn|waren)\b", "were"),
        (r"\bwas\b", "was"),
        (r"\b(?:heeft|hebben|had)\b", "has"),
        (r"\b(?:wordt|werd)\b", "is"),
        (r"\bniet\b|\bnie\b|\bni\b", "not"),  # (Flemish "ni")
        (r"\b(?:nee|neen)\b", "no"),
        (r"\bja\b", "yes"),
        (r"\bik\b|\bek\b", "i"),
        (r"\bmijn\b", "my"),
        (r"\b(?:je|jij|u|jy|gij)\b|\bge\b(?!-)", "you"),  # (Flemish "gij", "ge")
        (r"\bkan de\b", "can you"),  # (Flemish "kande", kun je)
        (r"\b(?:kun|kan|kunt)\b", "can"),
        (r"\bdan\b(?=\s*[?.!]*\s*$)", "then"),
        (r"\ben\b", "and"),
        (r"\bvan\b", "of"),
        (r"\bop\b", "on"),
        (r"\bin\b", "in"),
        (r"\bmet\b", "with"),
        (r"\bvoor\b|\bvir\b", "for"),
        (r"\bbij\b", "at"),
        (r"\bnaar\b", "to"),
        (r"\bper\b", "per"),
        (r"\bgraag\b|\balsjeblieft\b|\balstublieft\b|\basseblief\b", "please"),
        (r"\bbedankt\b|\bdank je(?: wel)?\b", "thanks"),
        (r"\bsorry\b", "sorry"),
    )
)


def dutch(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Dutch written whole (:data:`_DUTCH_MARK`): its phrases and words
    (:data:`_DUTCH`), then its function words (:data:`_DUTCH_FUNCTION_WORDS`); else as it was."""
    if not reads(lean, "dutch", _DUTCH_MARK.search(text) or _DUTCH_AND.search(text)):
        return text
    text = translated(translated(text, _DUTCH), _DUTCH_FUNCTION_WORDS)
    return re.sub(r"\s{2,}", " ", text).strip()
