"""Estonian read in English: Estonian written whole, or mixed with English words of the trade, as Tallinn or
Tartu types it on a chat (often without õ, ä, ö and ü: "mis praegu jookseb", "kui kaua ta jooksis", "tapa
see jobi ära"), where the message has marks of its own. Estonian, Finnish's close relative, is
agglutinative: its case endings go straight on the trade's English words, after a hyphen or an apostrophe
where the word is an abbreviation ("GPU-l" on the GPU, "queue's" in the queue, "jobi" the job, "pausile" to
pause); its postpositions follow the name ("GPU 0 peal" on GPU 0, "10 peale" to 10); its yes-no questions
open with "kas". Read before Finnish, whose words it shares ("ja", "on", "oli", "miks", "tapa", "jatka",
"valmis"), so none of its marks is a Finnish word."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import (
    Lean,
    compiled,
    it_or,
    marked_unaccented,
    read_unaccented,
)

# each Estonian letter with its tilde or dots, and the plain letter a writer typing fast puts for it
# ("täna" and "tana", "võtab" and "votab" are one word)
_UNACCENTED = str.maketrans("õäöüšžÕÄÖÜŠŽ", "oaouszOAOUSZ")

# the pronouns a request names its job by ("ta", "tema", "see", "seda", "selle"; "sellele", "talle": to it)
_IT = ("ta", "tema", "see", "seda", "selle", "sellel", "sellele", "temal", "tal", "talle", "temale")

# a message is Estonian where it has one of its own words read without its marks; none of them Finnish's
# ("miks", "ja", "on", "oli", "valmis", "tapa", "jatka", "mulle", "logi", "prioriteetti" are read only
# beside a mark), nor Spanish's or
# French's "mis" ("mis jobs", "mis à jour": "mis" marks only where it opens a question), Dutch's and
# Afrikaans' "kaart" (card), Slurm's "jobid=13"
_ESTONIAN_MARK = re.compile(
    r"(?:^|[,.!?]\s*)(?:ja\s+|aga\s+|ok\s+|no\s+)?(?:mis|kas)\b(?!\s+(?:[aà]\s+jour|jobs|trabajos|gpus|tareas)\b)"
    r"|\b(?:mis\s+kell|kui\s+(?:palju|kaua|kiiresti|kuum|suur)|kaua|palju|mitu|millal|kelle|kes\s+(?:on|oli|kasutab)"
    r"|praegu|hetkel|eile|ule-?eile|tana(?!\s+(?:aamuna|iltana|iltapaivana|paivana|vuonna|yona))"
    r"|tanane|tanasest|eilsest|eilne|hommikul|ohtul|oosel|jooksul|viimase|viimasel|paeva\w*"
    r"|jookse\w*|jooksi\w*|jooksnud|ootab|ootas|ootavad|ootel|ootele|ootama|kulutas|kulutab|tarbis|tarbib"
    r"|votab|vottis|votnud|juhtus|startis|failis|feilis|crashis|kukkus|lopetas|lopuks|loppes|kestis"
    r"|kirjutas|kasutab|kasutas|keskmine|keskmiselt|kokku|kokkuvote|kraadi|voolu|energiat|ventikas"
    r"|ventilaator\w*|protsess\w*|logisse|logis|kaarti|kaardi|katse\w*|jarjekor\w*"
    r"|kustuta|eemalda|katkesta|tuhista|peata|proovi|uuesti|lase|vabasta|pausile|pausi|hoia|prioriteet|prioriteedi|prioriteeti"
    r"|vaheta|omavahel|muuda|sellele|talle|samal\s+ajal|kasutati|tundi|serveris|serverisse|serveril"
    r"|peale|peal|pealt|palun|pole|motlesin|mottlesin|seal|minu|vaja|enam|rohkem|vahem|seda|selle"
    r"|jobid(?!=)|jobe|joobid|kuum)\b",
    re.I | re.M,
)


# the adjectives "kui X" asks how X a reading is ("kui kuum": how hot)
_ADJECTIVE = {"kuum": "hot", "soe": "warm", "kiire": "fast", "suur": "big", "tais": "full"}


def _it(said: str) -> str:
    return it_or(said, _IT)


_ESTONIAN = compiled(
    (
        # "on" is Estonian's is (read first: the English "on" read off a postposition below is no Estonian)
        (r"\bon\b", "is"),
        (r"\b(?:oli|olid)\b", "was"),
        # a correction: "ei oota, 13 mõtlesin" (no wait, I meant 13)
        (r"\bei\s+oota\b,?", "no wait,"),
        (r"\bei\s+sori\b|\bsori\b", lambda m: "no sorry" if m[0].lower().startswith("ei") else "sorry"),
        # (the card or the job meant said whole: "GPU 1 mõtlesin", "job 12 mõtlesin")
        (
            r"\b((?:gpu|job|jobi)\s*\d+|\S+)\s+(?:ma\s+)?(?:motlesin|mottlesin|motlen|pidasin silmas)\b",
            lambda m: f"I meant {re.sub(r'(?i)^jobi', 'job', m[1])}",
        ),
        # "GPU-tund" (a GPU-hour) in its cases ("mitu GPU-tundi": how many GPU-hours); "tund" alone an hour
        (r"\bgpu[- ]?tun(?:d|di|nid|de|ni|nis)\b", "GPU-hours"),
        (r"\b(\d+(?:[.,]\d+)?)\s+tun(?:d|di)\b", r"\1 hours"),
        # what a job should run with, then "muuda ära" (change it): "X peaks 2 GPU-ga jooksma", "X võiks 1
        # GPU-d kasutama" read as "make X run on N gpus" (before the endings below read "GPU-ga" as "on GPU")
        (
            r"\b(\S+?)\s+(?:peaks|peab|voiks|voib|tohiks)\s+(?:(?:jooksma|tootama|kaima|kasutama)\s+)?"
            r"(\d+)\s+gpu(?:-?(?:ga|d|de|l|le))?(?:\s+(?:peal|peale))?(?:\s+(?:jooksma|tootama|kaima|kasutama))?\b"
            r"(?:,?\s+muuda\s+(?:see\s+|seda\s+)?ara\b)?",
            lambda m: f"make {_it(m[1])} run on {m[2]} gpu",
        ),
        # English words with Estonian case endings after a hyphen or an apostrophe ("GPU-l", "queue's",
        # "held-is", "driveri"): the word; "jobi/jobid" the job, the jobs
        (r"\b((?:gpu\s?)?\d+|gpu)-?(?:l|le|lt|s|st|sse|ga|ni|d|de|del|dele)\b", r"on \1"),
        (r"\b(queue|held|log|util|power|temp)['-]?(?:s|st|sse|is|ist|i|le|l|ga)\b", r"in \1"),
        (r"\bserveri?(?:s|sse|l|le|lt)\b", "on the server"),
        (r"\b(?:jobid|jobe|jobidel|joobid|jobisid|jobidega)\b", "jobs"),
        (r"\b(?:jobi|jobil|jobile|jobist|jobis|jobiga|joob|joobi)\b", "job"),
        # requests: "tapa/katkesta/tühista" (cancel), "kustuta/eemalda" (remove), "pausi/peata" (pause),
        # "las jätkab/jätka" (resume), "proovi uuesti" (retry), "pane ootele/hoia kinni" (hold), "lase lahti/
        # vabasta" (release), "tõsta X prioriteet N peale" (priority), "pane X N GPU peale" (GPU count)
        (
            r"\b(?:tosta|pane|muuda|sea)\s+(\S+?)\s+prioriteet\w*\s+(\d+)(?:\s+(?:peale|peal|ks))?\b",
            lambda m: f"set the priority of {_it(m[1])} to {m[2]}",
        ),
        (r"\b(?:tosta|tostke)\s+(\S+?)\s+prioriteet\w*", lambda m: f"bump the priority of {_it(m[1])}"),
        (r"\bprioriteet\w*", "priority"),
        (
            r"\b(?:pane|muuda|sea)\s+(\S+?)\s+(?:siis\s+)?(\d+)\s+gpu(?:-?(?:le|ga|l))?(?:\s+peale)?\b",
            lambda m: f"change {_it(m[1])} to {m[2]} gpus",
        ),
        (
            r"\b(?:pane|lase)\s+(?:kogu\s+)?(?:the\s+)?(?:queue|jarjekord)\w*\s+(?:pausile|seisma|kinni)\b"
            r"|\b(?:peata|pausi)\s+kogu\s+(?:queue|jarjekord)\w*",
            "pause the whole queue",
        ),
        (
            r"\b(?:lase|pane)\s+(?:kogu\s+)?(?:queue|jarjekord)\w*\s+(?:uuesti\s+|jalle\s+)?(?:kaima|kaiku|toole)\b",
            "resume the queue",
        ),
        (r"\b(?:pane|hoia)\s+(\S+?)\s+(?:ootele|kinni|hoidu)\b", lambda m: f"hold {_it(m[1])}"),
        (r"\b(?:pane|lase)\s+(\S+?)\s+(?:pausile|pausi\s+peale)\b", lambda m: f"pause {_it(m[1])}"),
        # "tee sellele retry" (do a retry to it): "tee" (do) with the job in the allative and the English verb
        (
            r"\btee\s+(\S+?)\s+(retry|restart|rerun|cancel|kill|pause|resume|hold|release)\b"
            r"|\btee\s+(retry|restart|rerun|cancel|kill|pause|resume|hold|release)\s+(\S+?)(?=[\s,.!?]|$)",
            lambda m: f"{m[2] or m[3]} {_it(m[1] or m[4])}",
        ),
        # two jobs swapped in the queue: "vaheta X ja Y (järjekorras) ära", "vaheta X ja Y omavahel"
        (
            r"\bvaheta(?:me)?\s+((?:jobi?\s+)?\S+)\s+ja\s+((?:jobi?\s+)?\S+)(?:\s+omavahel)?",
            lambda m: f"swap {re.sub(r'(?i)^jobi', 'job', m[1])} and {re.sub(r'(?i)^jobi', 'job', m[2])}",
        ),
        (r"\b(?:lase|laske)\s+(\S+?)\s+lahti\b", lambda m: f"release {_it(m[1])}"),
        (r"\bvabasta\b", "release"),
        (
            r"\b(?:proovi|kaivita|jooksuta|lase)\s+(\S+?\s+)?(?:uuesti|veelkord|veel\s+kord)\b",
            lambda m: f"retry {_it(m[1].strip()) if m[1] else 'it'}",
        ),
        (
            r"\b(?:tapa|katkesta|tuhista|cancelda|killi)\s+(\S+?)(?:\s+job)?\s+ara\b",
            lambda m: f"cancel {_it(m[1])}",
        ),
        (r"\b(?:tapa|katkesta|tuhista|cancelda|killi)\b", "cancel"),
        (r"\b(?:kustuta|eemalda)\s+(\S+?)(?:\s+job)?\s+ara\b", lambda m: f"remove {_it(m[1])}"),
        (r"\b(?:kustuta|eemalda)\b", "remove"),
        (r"\b(?:pausi|peata|pauseri)\s+(\S+)", lambda m: f"pause {_it(m[1])}"),
        (r"\blas\s+(?:ta\s+|see\s+)?jatkab\b|\bjatka\b|\bjatkake\b", "resume it"),
        (r"\bara\b", ""),
        (r"\bpalun\b", "please"),
        (r"\bmuuda\b", "change it"),
        (r"\bmis\s+seis\s*[,.!]\s*", ""),
        (r"\bmis\s+seis\b", "what is the status"),
        (r"\bpole\s+(?:enam\s+)?vaja\b", "not needed anymore"),
        (r"\bvaja\b", "needed"),
        # times: "mis kell" (what time), "eile" (yesterday), "täna hommikul" (this morning), "viimase tunni
        # jooksul" (in the last hour), "tänasest päevast" (of today)
        (r"\bmis\s+kell\s+(?:on|is)\s*\??$", "what time is it"),
        # ("mis kell?" alone asks when what was just said happened)
        (r"\bmis\s+kell\b\s*\??$", "at what time?"),
        (r"\bmis\s+kell(?:ajal)?\b", "what time did"),
        (r"\b(?:tana\s+)?hommikul\b", "this morning"),
        (r"\b(?:tana\s+)?ohtul\b", "tonight"),
        (r"\beile\s+ohtul\b|\boosel\b", "last night"),
        (r"\bule-?eile\b", "the day before yesterday"),
        (r"\beil(?:e|sest|ne|set)(?:\s+paeva\w*)?\b", "yesterday"),
        (r"\btana(?:sest|ne|st)?(?:\s+paeva\w*)?\b", "today"),
        # ("viimase tunni keskmine": the last hour's mean, the genitive alone with "jooksul" left out)
        (r"\bviimase\s+tunni(?:\s+jooksul)?\b|\bviimasel\s+tunnil\b", "in the last hour"),
        (r"\bviimase\s+(\d+)\s+tunni(?:\s+jooksul)?\b", r"in the last \1 hours"),
        (r"\bviimase\s+(\d+)\s+minuti(?:\s+jooksul)?\b", r"in the last \1 minutes"),
        (r"\b(?:praegu|hetkel|nuud|just\s+praegu)\b", "now"),
        (r"\bsamal\s+ajal\b", "at the same time"),
        (r"\benne\s+seda\b", "before that"),
        (r"\bparast\s+seda\b", "after that"),
        (r"\benne\b", "before"),
        (r"\bparast\b", "after"),
        # question words: "kui palju" (how much), "kui kaua/kaua" (how long), "mitu" (how many), "miks" (why),
        # "millal" (when), "kes/kelle" (who/whose), "mis" (what; "mis job" which job), "kas" (yes-no)
        (r"\bkui\s+palju\b(?=\s+(?:\S+\s+){0,3}(?:busy|idle|hoivatud|toos|jooks))", "how long"),
        (r"\bkui\s+palju\b|\b(?<!kui )palju\b", "how much"),
        (r"\b(?:kui\s+)?kaua\b", "how long"),
        # ("kui kuum GPU 0 on": the verb last, as Estonian puts it)
        (
            r"\bkui\s+(kuum|soe|kiire|suur|tais)\b(.*?)\s+is\s*(\??)\s*$",
            lambda m: f"how {_ADJECTIVE[m[1].lower()]} is{m[2]}{m[3]}",
        ),
        (r"\bkui\s+(kuum|soe|kiire|suur|tais)\b", lambda m: f"how {_ADJECTIVE[m[1].lower()]}"),
        (r"\bmitu\s+%", "what %"),
        (r"\bmitu\b", "how many"),
        (r"\bmiks\b", "why"),
        (r"\bmillal\b", "when"),
        (r"\bkelle\b", "whose"),
        (r"\bkes\b", "who"),
        (r"\bmis\s+(?=(?:job|jobs|gpu|kaart|protsess)\w*\b)", "which "),
        (r"\b(?:mis|mida)\b", "what"),
        (r"\bmilline\b|\bmissugune\b", "which"),
        (r"\bkus\b", "where"),
        (r"^\s*kas\b\s*", ""),
        # what a job did: "jookseb" (is running), "jooksis" (ran), "jooksnud" (been running), "ootab" (is
        # waiting), "failis/kukkus läbi" (failed), "startis/algas" (started), "sai valmis" (finished),
        # "kestis" (took), "kulutas/võttis" (used), "kirjutas" (wrote), "juhtus" (happened)
        (r"\bis\s+(?:juba\s+)?jooksnud\b|\bjooksnud\s+(?:is|on)\b|\bjooksnud\b", "has been running"),
        (r"\bjookse(?:b|vad)\b|\bkaib\b|\bkaimas\b", "is running"),
        (r"\bjooksi(?:s|d)\b", "ran"),
        (r"\boota(?:b|vad)\b|\bootel\b", "is waiting"),
        (r"\bootas\b", "waited"),
        (r"\b(?:failis|feilis|crashis|kukkus\s+labi|kukkus\s+kokku|kukkus)\b", "failed"),
        (r"\b(?:startis|algas|kaivitus|hakkas\s+jooksma)\b", "started"),
        (r"\b(?:sai\s+valmis|valmis\s+sai|lopetas|loppes)\b", "finished"),
        (r"\bkestis\b", "took"),
        (r"\b(?:kulutas|vottis|tarbis|kasutas)\b", "used"),
        (r"\b(?:kasutati|kulutati|tarbiti)\b", "were used"),
        (r"\b(?:kulutab|votab|tarbib|kasutab)\b", "uses"),
        (r"\bkirjutas\b", "write"),
        (r"\bjuhtus\b", "happen"),
        (r"\blopuks\b", ""),
        # readings and things: "temp/kraadi" (temperature/degrees), "mälu" (memory), "vool/võimsus" (power),
        # "energia" (energy), "ventikas" (fan), "protsessid" (processes), "logi" (log), "keskmine" (average)
        (r"\b(\d+)\s+kraadi\s+(?:voi|or)\s+(?:rohkem|ule|kuumem)\b", r"at \1 degrees or above"),
        (r"\bule\s+(\d+)\s+kraadi\b", r"above \1 degrees"),
        (r"\balla\s+(\d+)\s+kraadi\b", r"below \1 degrees"),
        (r"\bkraadi\b", "degrees"),
        (r"\btemperatuur\w*", "temperature"),
        (r"\bmalu\b|\bmalu(?:st|s|t)\b", "memory"),
        (r"\bnoue(?:t|d)?\b", "requirement"),  # "mälu nõue": the memory requirement
        (r"\b(?:voolu|vool|voimsus\w*|voimsust)\b", "power"),
        (r"\benergia(?:t|st)?\b", "energy"),
        (r"\b(?:ventikas|ventikat|ventilaator\w*)\b", "fan"),
        (r"\bkeerutab\b|\bkeerleb\b", "speed"),
        (r"\bprotsess(?:id|e|i)?\b", "processes"),
        (r"\blogi(?:sse|s|st|d)?\b", "the log"),
        (r"\bkeskmi(?:ne|selt|st)\b", "average"),
        (r"\b(?:korgeim|suurim|maksimum)\b", "max"),
        (r"\b(?:madalaim|vaikseim|miinimum)\b", "min"),
        (r"\b(?:koigi|koikide)\s+katse\w*\s+kokku\b|\bkoigi\s+katse\w*", "across all attempts in total"),
        (r"\bkatse\w*", "attempts"),
        (r"\bkokku\b", "in total"),
        (r"\b(?:luhike\s+|luhikese\s+)?kokkuvote\w*", "a short summary"),
        (r"\banna\b", "give"),
        (r"\bnaita\b", "show"),
        (r"\b(?:ytle|utle|raagi)\b", "tell me"),
        (r"\b(?:kaart|kaarti|kaardi|kaardid)\b", "card"),
        (r"\bjarjekorras\b", "in the queue"),
        (r"\bjarjekor(?:d|da|rast)\b", "the queue"),
        (r"\b(?:vaba|vabad)\b", "free"),
        # postpositions: "X peal" (on X), "N peale" (to N), "seal" (there)
        # (the thing before it said whole: "GPU 1 peal" on GPU 1, "40000 MiB peale" to 40000 MiB)
        (r"\b((?:gpu|card)\s*\d+|\d+(?:[.,]\d+)?\s*(?:mib|gib|gb|mb|w|%)|\S+)\s+peal\b", r"on \1"),
        (r"\b((?:gpu|card)\s*\d+|\d+(?:[.,]\d+)?\s*(?:mib|gib|gb|mb|w|%)|\S+)\s+peale\b", r"to \1"),
        (r"\bseal(?:\s+peal)?\b", "on it"),
        # pronouns and the small words
        (r"\b(?:mul|minul)\b", "I have"),
        (r"\b(?:minu|mu)\b", "my"),
        (r"\b(?:selle|tema|ta|see|seda|tal)\b(?=\s*(?:[?.!,]|$))", "it"),
        (r"\bselle\b|\btema\b(?=\s+\w)", "its"),
        (r"\b(?:ta|tema|see|seda|tal)\b", "it"),
        (r"\bja\b", "and"),
        (r"^\s*aga\b", "and"),
        (r"\baga\b", "but"),
        (r"\bvoi\b", "or"),
        (r"\bei\b", "not"),
        (r"\b(?:juba|siis|ikka|veel|korraks|nagu|ka|oma)\b", ""),
        (r"\brohkem\b", "more"),
    )
)


def estonian_marked(text: str) -> bool:
    """Whether ``text`` shows Estonian's marks (:data:`_ESTONIAN_MARK`), with its tildes and dots or not."""
    return marked_unaccented(text, _ESTONIAN_MARK, _UNACCENTED)


def estonian(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Estonian (:data:`_ESTONIAN_MARK`): its letters without their
    marks, then its endings, phrases and words (:data:`_ESTONIAN`); else as it was."""
    return read_unaccented(text, lean, "estonian", estonian_marked, _UNACCENTED, _ESTONIAN)
