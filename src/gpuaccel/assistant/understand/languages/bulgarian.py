"""Bulgarian read in English: written in Latin letters ("shlyokavitsa", as a Sofia lab types it on a chat
without a Cyrillic keyboard: "kolko gree gpu 0 sega", "zashto 13 ne trygva", "pausni go", "kakvo pishe v
logut"), where the message has marks of its own. Its letters are typed each in several ways, the digits and
the q among them: "6" or "sh" for ш and "6t", "sht" for щ ("za6to", "zashto"), "4" or "ch" for ч ("4aka"),
"q", "ya" or "ia" for я ("posledniq"), "y", "u" or "a" for ъ ("vyrvi", "vurvi", "varvi"), "zh" or "j" for ж
("pokaji"); so a message's letters are first written one way (:func:`_spelled`), then its table reads it.
Bulgarian has no cases but a definite article joined to its noun ("kartata", "queue-to", "logut", "job-a"),
which English words of the trade take too, as they take its verbs' endings ("cancelni", "resume-ni",
"failnaha", "restartirai"). Its words are others' ("kolko" Serbian's and Slovak's, "kakvo" and "ima li"
Serbian's, "dnes" Czech's, "vchera" and "pokazhi" Russian's), so it is read before all of them, and only
where a word of its own shows (:data:`_MARK`)."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import (
    Lean,
    compiled,
    english_verb,
    it_or,
    past_form,
    reads,
    translated,
)

# the digits and the letter a writer puts for a Cyrillic letter, as its letters: "6" ш (beside a letter:
# "za6to", "6te"; never in a number, "6 GPUs"), "4" ч (before a vowel: "4aka", "ve4e"; never in "4090" or
# "gpu4"), "q" я (not in "queue" or at a word's start, "qwen": "posledniq", "vyrvqt", and alone, "q polzva":
# her); the other ways ("zh" or "j" for ж, "y", "u" or "a" for ъ) are read by the patterns themselves
_SPELLINGS = (
    (re.compile(r"(?<=[a-z])6(?=[a-z])|(?<![\w])6(?=t?[aeiouy])", re.I), "sh"),
    (re.compile(r"(?<=[a-z])4(?=[a-z])|(?<![\w])4(?=[aeiouy])", re.I), "ch"),
    (re.compile(r"(?<=[a-z])q(?!u)|\bq\b", re.I), "ya"),
)

# the hard vowel ъ, typed "y", "u", "a" (or "ă")
_Y = "[yuaă]"

# the English verbs a writer gives a Bulgarian ending ("cancelni", "resume-ni", "updatevai", "restartirai",
# "failnaha"): the verb, as :func:`tables.english_verb` reads a cut stem
_STEM = (
    "cancel|resume|resum|release|releas|pause|paus|retry|restart|rerun|hold|kill|submit|start|stop|update"
    "|updat|upgrade|upgrad|reboot|delete|reset|fail|crash|run"
)
# a message is Bulgarian where it has one of its own words, read once its letters are written one way; none
# of them Serbian's ("kolko", "kakvo", "ima li", "koga", "vreme", "proces"), Czech's or Slovak's ("dnes",
# "pamet", "pak", "kolko"), Russian's ("vchera", "pokazhi", "pishe", "energiya"), Slovenian's or Macedonian's
# alone
_MARK = re.compile(
    r"\b(?:"
    # question words
    r"zashto|zashtoto|kakvo(?= (?:e|ima|stana|pishe|izkara|vyrvi|stava)\b)|kakva|kakvi|kak[yu]v|koya"
    rf"|kade|k{_Y}de|ot koga|ot kolko|kolko (?:e|sa|vreme|joba|gree|shte|tok|energiya|obshto)"
    # days and moments
    r"|sega|zasega|v momenta|snoshti|utre|sutrinta|dnes sutrinta|veche|posledniya|poslednite|predi da"
    r"|predi tova|sushtiya|sushtoto|sushtata|celiya|celiyat|prez"
    # verbs
    rf"|gree|greyat|d{_Y}rpa|d{_Y}rpat|v{_Y}rvi|v{_Y}rvyat|v{_Y}rveshe|v{_Y}rti|v{_Y}rtyat|v{_Y}rtya|v{_Y}rtyal\w*"
    rf"|tr{_Y}gva|tr{_Y}gvat|tr{_Y}gne|tr{_Y}gna\w*|chaka|chakat|chakal\w*|chakaha|g{_Y}rm\w*|provali\w*"
    rf"|priklyuchi\w*|sv{_Y}rshi\w*|v{_Y}rvya\w*|v{_Y}rtya\w*|izgoryaha"
    r"|mozhe(?:sh)? li|mojesh li|iskah da ka(?:zh|j)a"
    r"|izgori|izgoryal\w*|izharchi\w*|izpolzva\w*|polzva\w*|pishe|stana|izkara|otne|puskam|pusni|puskni"
    r"|slozhi|sloji|smeni|promeni|pokaji mi|produlzhi|prodylzhi|prodalzhi|otkazhi|otkaji|zadurzhi"
    r"|zadyrzhi|zadrzhi|spri|beshe|zabiva|izvinyavai|izvinyavay|izvinete|imah predvid|nishto|neshto"
    # an English verb with its ending: the imperative ("pausni go", "resume-ni", "updatevai", "restartirai"),
    # the past ("failnaha"); nouns with its article ("queue-to", "logut", "kartata")
    rf"|(?:{_STEM})-ni|(?:{_STEM})ni(?= (?:go|ya|gi|mu)\b)|(?:{_STEM})(?:evai|vai|irai|iraite|naha|nahme)"
    r"|queue-?to|log(?:ut|a mu)|kartata|kartite|drugata"
    r"|nulevata|\d+-cata|natovarvane\w*|moshtnost\w*|pametta|temperaturata|chestota\w*|energiyata|opashka\w*"
    r"|opiti|opita|vsichki|dvete|obshto|sredno\w*|gpu-?chasa|neka (?:iska|polzva|izpolzva)"
    # a superlative, its "nai-" joined by a hyphen ("nai-goreshtata", "nai-mnogo"), and its weeks
    r"|nai-\w+|tazi sedmica|minalata sedmica|minalata"
    r"|(?:[a-z]{1,3}\d{2,4}|\d{4})-kata"
    r")(?!\w)",
    re.I,
)

# its pronouns for a job or a card ("go" him, "ya" her, "gi" them, "mu" to him): "it"
_PRONOUNS = ("go", "ya", "gi", "mu", "nego", "neya", "tova", "toy", "tya")
# "start" in its forms: said with "otnovo" or "pak" (again), a retry ("puskni go pak", "pusni otnovo X")
_START = "puskni|pusni|pusnete|pusnesh|startirai|startiray|startiraite"
# the verbs of a request in English, once read, that a pronoun said after its ending belongs to
_REQUESTS = r"cancel|resume|release|pause|retry|restart|hold|kill|rerun|start|stop|update|reboot|delete|reset"


def _english_verb(m: re.Match[str]) -> str:
    """An English verb with a Bulgarian ending, in English: "cancelni" cancel, "restartirai" restart,
    "failnaha" failed, "crashna" crashed."""
    verb = english_verb(m[1])
    if m[2].lower().lstrip("-").startswith("na"):
        return past_form(verb)
    return verb


def _clock(said: str) -> str:
    """A clock time as said ("12", "13:30"), as English reads it ("12:00", "13:30")."""
    return said if ":" in said else f"{said}:00"


_TABLE = compiled(
    (
        # a card by its model with the article ("H100-kata", "4090-kata", "na 4090-ka"): the model; a card by
        # its number so ("1-cata", "nulevata karta", the zero one): GPU N
        (r"\b([a-z]{1,3}\d{2,4}|\d{4})-?k(?:ata|a|i|ite)\b", r"\1"),
        (r"\b(\d)-?(?:cata|tsata|kata)\b", r"GPU \1"),
        (r"\bnulevata(?:\s+karta)?\b", "GPU 0"),
        # English verbs given a Bulgarian ending: the imperative, the past
        (rf"\b({_STEM})(-?(?:nete|ni|iraite|irai|evaite|evai|vaite|vai))\b", _english_verb),
        (rf"\b({_STEM})(-?(?:naha|nahme|nah|nal|nala|nalo|nali|na))\b", _english_verb),
        # the pronoun after its verb ("cancel go", "release go"): the verb's object
        (rf"\b({_REQUESTS})\s+(?:go|ya|gi|nego|neya)\b", r"\1 it"),
        # nouns with the article, English ones too ("queue-to", "logut", "job-a", "SM-a", "servera")
        (r"\b(?:na\s+)?(?:queue|opashka)-?(?:to|ta|a)?(?:\s+mu)?\b", "the queue"),
        (r"\bv\s+opashkata\b", "in the queue"),
        (r"\bopashkata\b", "the queue"),
        (r"\b(?:v\s+)?log(?:-?ut|-?a|a)\s+mu\b", "its log"),
        (r"\b(?:v\s+)?log(?:-?ut|-?a)\s+na\b", "the log of"),
        (r"\bot\s+(?:the\s+)?log(?:-?ut|-?a)?\b", "of the log"),
        (r"\bv\s+log(?:-?ut|-?a)\b", "in the log"),
        (r"\blog(?:-?ut|-?a)\b", "the log"),
        (r"\bkolko\s+job(?:-?a|ove)\b", "how many jobs"),
        (r"\bjob(?:ovete|ove)\b", "jobs"),
        (r"\bjob(?:-?a|-?ut)\b", "the job"),
        (r"\b(gpu|sm|vram|nvidia|cuda|cpu)-?(?:to|ta|a|ut)\b", r"the \1"),
        (r"\bgpu[- ]?chas(?:a|ove)\b", "GPU-hours"),
        (rf"\bs(?:{_Y}rv{_Y}r|erver)(?:a|ut|yt)?\b", "the server"),
        (r"\bdr(?:ai|ay|i)ver(?:a|ut|i|ite)?\b", "the driver"),
        (r"\bversiya(?:ta)?\b", "version"),
        # a name with the article ("whisper-finetune-a", "sd-xl-a"): the name
        (r"\b([a-z][\w.]*(?:-[\w.]+)*)-(?:a|ya|to|ta|te|ut|yat)\b", r"\1"),
        # corrections and declines ("izvinyavai, imah predvid job 12")
        (r"\b(?:izvinyavai|izvinyavay|izvinyavam|izvinete|izvini|sori|pardon)\b", "sorry"),
        (
            r"\b(?:imah|imam)\s+(?:v\s+)?predvid\b|\biskah\s+da\s+ka(?:zh|j)a\b|\bmisleh\b",
            "I meant",
        ),
        # requests said in Bulgarian
        (r"\b(?:slozhi|sloji)\s+(.{1,30}?)\s+na\s+hold\b", lambda m: f"hold {it_or(m[1], _PRONOUNS)}"),
        (r"\b(?:slozhi|sloji)\s+(.{1,30}?)\s+na\s+pauza\b", lambda m: f"pause {it_or(m[1], _PRONOUNS)}"),
        (
            rf"\b(?:{_START})(?=\s+(?:\S+\s+){{0,2}}?(?:otnovo|pak|oshte\s+vednuzh)\b)"
            rf"|\b(?:otnovo|pak)\s+(?:{_START})\b",
            "retry",
        ),
        (r"\bretry\s+((?:\S+\s+){0,2}?)(?:otnovo|pak|oshte\s+vednuzh)\b", r"retry \1"),
        # a request asked ("mozhesh li da otkazhesh ...": can you cancel), the verb in its "you" form too
        (r"\b(?:mozhe(?:sh|te)?|moje(?:sh|te)?)\s+li\s+(?:da\s+)?", "can you "),
        (r"\b(?:pusni|puskni|pusnete|pusnesh|osvobodi|osvobodete|osvobodish)\b", "release"),
        (r"\b(?:spri|sprete|spresh|pauzirai|pauziray|pauzirash)\b", "pause"),
        (rf"\b(?:prod{_Y}l(?:zh|j)(?:i|ete|ish)|v{_Y}zobnovi\w*)\b", "resume"),
        (r"\b(?:otka(?:zh|j)(?:i|ete|esh)|premahni\w*|iztrii|iztriesh|ubii|ubij)\b", "cancel"),
        (rf"\bzad{_Y}?r(?:zh|j)(?:i|ete|ish)\b", "hold"),
        (r"\b(?:pokazhi|pokaji|pokazhete|pokajete)(?:\s+mi)?\b", "show me"),
        (r"\b(?:daj|dai|day)\s+mi\b", "give me"),
        # a priority given its value ("daj na X prioritet 7", "slozhi prioritet 3 na 12")
        (
            r"\b(?:daj|dai|day|slozhi|sloji|postavi|vdigni|smeni)\s+(?:na\s+)?(.{1,30}?)\s+prioritet(?:a|ut)?\s+"
            r"(?:na\s+)?(\d+)\b",
            lambda m: f"set the priority of {it_or(m[1], _PRONOUNS)} to {m[2]}",
        ),
        (
            r"\b(?:daj|dai|day|slozhi|sloji|postavi|smeni)\s+prioritet(?:a|ut)?\s+(\d+)\s+na\s+(\S+)",
            lambda m: f"set the priority of {it_or(m[2], _PRONOUNS)} to {m[1]}",
        ),
        (r"\b(?:daj|dai|day)\s+(?:mu|i|na)\b", "give it"),
        (r"\bprioritet(?:a|ut)?\b", "priority"),
        # a change of a job's setting ("smeni pametta na X na 20000 MiB", "X neka iska samo 1 GPU")
        (r"\b(?:smeni|promeni|smenete|promenete|napravi)\b", "change"),
        (r"\bna\s+(?=\d+\s*(?:mib|gib|gb|mb|gpu)\b)", "to "),
        (r"\bneka\s+(?:iska|polzva|izpolzva|zaema)\b", "should use"),
        (r"\bneka\b", "let"),
        # questions: how long, since when, how much, how hot
        (r"\bot\s+kolko\s+vreme\b", "how long"),
        (r"\bot\s+koga\b", "since when"),
        (r"\bkolko\s+(?:pyti|puti|pati)\b", "how many times"),
        (rf"\bkolko\s+(?:vreme|chasa|dulgo|d{_Y}lgo)\b", "how long"),
        (rf"\bkolko\s+(?:(?:obshto|vsichko)\s+)?(?:e|sa)\s+(?=chakal|v{_Y}rty|v{_Y}rv)", "how long "),
        (rf"\bkolko\s+(?=chakal|v{_Y}rty)", "how long "),
        (r"\bkolko\s+(?:shte\s+)?gree\b", "how hot is"),
        (r"\bkolko\s+gradusa\b", "what temperature"),
        (r"\bkolko\s+(?=vata|kwh|wh|gpu|karti|procesa|opita|gradusa|minuti)", "how many "),
        (r"\bkolko\b", "how much"),
        (r"\bkakvo\s+stana\s+s\b", "what happened to"),
        (r"\bkakvo\s+(?:e\s+)?stanalo\b|\bkakvo\s+stana\b", "what happened"),
        (r"\bkakva\s+e\s+bila\b", "what was"),
        (rf"\bkakv(?:o|a|i)\b|\bkak{_Y}v\b", "what"),
        (r"\bna\s+ko(?:ya|i|y|e|j)\b", "on which"),
        (r"\bv\s+ko(?:ya|i|y|e|j)\b", "in which"),
        (r"\bko(?:ya|i|y|e|j|ito)\b", "which"),
        (r"\bkoga\b", "when"),
        (r"\bzashto(?:to)?\b", "why"),
        (rf"\bk{_Y}de\b|\bkade\b", "where"),
        (r"\bima\s+li\b", "is there"),
        (r"\bkak\b", "how"),
        # spans and moments
        (r"\bvchera\s+sutrinta\b", "yesterday morning"),
        (r"\bvchera\s+vecherta\b|\bsnoshti\b", "last night"),
        (r"\b(?:dnes\s+)?sutrinta\b|\btazi\s+sutrin\b", "this morning"),
        (r"\butre\s+(?:po|na)\s+obed\b", "tomorrow at noon"),
        (r"\b(?:sled\s?obed|sledobed)\b", "this afternoon"),
        (r"\bza\s+celiya\s+den(?:\s+dnes)?\b", "for the whole day today"),
        (r"\b(?:prez|za|v)\s+posledniya\s+chas\b", "in the last hour"),
        (r"\b(?:prez|za|v)\s+poslednite\s+(\d+)\s+chasa\b", r"in the last \1 hours"),
        (r"\b(?:prez|za|v)\s+poslednite\s+(\d+)\s+minuti\b", r"in the last \1 minutes"),
        (r"\bpredi\s+(\d+)\s+minuti\b", r"\1 minutes ago"),
        (r"\bpredi\s+(\d+)\s+chasa\b", r"\1 hours ago"),
        (r"\bza\s+(?:sushtiya|sushtoto|sushtata)\s+(?:period|vreme|interval)\b", "for the same period"),
        (r"\bpredi\s+da\s+(?:ne\s+)?\b", "before it "),
        (r"\bda\s+ne\s+", "so that it does not "),
        (r"\bpredi\s+tova\b", "before that"),
        (r"\bpredi\b", "before"),
        # a span between two clock times ("ot 9 do 11:30", "mezhdu 12 i 13"): its hours as times
        (
            r"\b(?:ot|mezhdu)\s+(\d{1,2}(?::\d{2})?)\s+(?:do|(?-i:i))\s+(\d{1,2}(?::\d{2})?)\b",
            lambda m: f"between {_clock(m[1])} and {_clock(m[2])}",
        ),
        (r"\b(?:v\s+momenta|tochno\s+sega|sega)\b", "now"),
        (r"\bzasega\b", "for now"),
        (r"\bza\s+malko\b", "for a bit"),
        (r"\b(?:tazi|tq|tya)\s+sedmica\b", "this week"),
        (r"\bminalata\s+sedmica\b", "last week"),
        (r"\bdnes\b", "today"),
        (r"\bvchera\b", "yesterday"),
        (r"\butre\b", "tomorrow"),
        (r"\bveche\b", "already"),
        (r"\b(?:pak|otnovo)\b", "again"),
        # readings
        (r"\btemperatur(?:a|ata|ta)\b", "temperature"),
        (r"\bmoshtnost(?:ta)?\b", "power"),
        (r"\benergiya(?:ta)?\b|\btok(?:a|ut)?\b", "energy"),
        (r"\bnatovarvane(?:to)?\b|\bzaetost(?:ta)?\b", "utilization"),
        (r"\bpamet(?:ta)?\b", "memory"),
        (r"\b(?:takt(?:a|ut)?|chestota(?:ta)?)\b", "clock"),
        (r"\bventilator(?:a|ut)?\b", "fan"),
        (r"\bvata\b", "watts"),
        (r"\bgradusa\b", "°C"),
        (r"\bprocesi(?:te)?\b", "processes"),
        (r"\bproces(?:a|ut)?\b", "process"),
        (r"\bdvete\s+karti\b", "both cards"),
        (r"\bdrugata(?:\s+karta)?\b", "the other card"),
        (r"\bkarti(?:te)?\b", "cards"),
        (r"\bkarta(?:ta)?\b", "card"),
        (r"\bopit(?:i|a|ite)\b", "attempts"),
        (r"\brezultat(?:i|ite)\b", "results"),
        (r"\bgreshk(?:a|ata|i)\b", "error"),
        (r"\bchas(?:a|ove)?\b", "hours"),
        (r"\bminuti\b", "minutes"),
        (r"\bsredn(?:o|oto|ata|a|iya|ite|i)\b|\bsreden\b", "average"),
        # superlatives, "nai-" joined to the adjective ("nai-goreshtata karta", "nai-mnogo"), and thresholds
        (r"\bnai-?(?:goresh|gorya?sh)t\w*", "hottest"),
        (r"\bnai-?(?:visok|golyam)\w*", "highest"),
        (r"\bnai-?(?:nis|malk)k?\w*", "lowest"),
        (r"\bnai-?mnogo\b", "the most"),
        (rf"\bnai-?d{_Y}lg\w*", "longest"),
        (r"\b(?:poveche|nad)\s+ot\b|\bnad\b", "above"),
        (r"\bpo-?malko\s+ot\b|\bpod\b", "below"),
        (r"\bmaksimaln(?:a|ata|o|oto|iya)\b", "max"),
        (r"\bposledn(?:ata|iya|oto|ite|iyat)\b", "last"),
        (r"\bred(?:a|ut)?\b", "line"),
        (r"\bred(?:ove|ovete)\b", "lines"),
        (r"\bsvobodn(?:a|o|i)\b", "free"),
        (r"\bzaet(?:a|o|i)?\b", "used"),
        # verbs
        (rf"\bne\s+(?:e\s+)?tr{_Y}gnal[aoi]?\b", "has not started"),
        (rf"\bne\s+tr{_Y}gva(?:t)?\b", "is not starting"),
        (rf"\btr{_Y}gn(?:e|at)\b", "started"),
        (rf"\btr{_Y}gna(?:l|la|lo|li|ha)?\b", "started"),
        (rf"\btr{_Y}gva(?:t)?\b", "starts"),
        (rf"\bv{_Y}r(?:v|t)(?:yat|at)\b", "are running"),
        (rf"\bv{_Y}r(?:v|t)i\b|\braboti\b", "is running"),
        # its past without its subject ("kolko vreme e vyrtyal?", "... predi tova"): did it run
        (
            rf"\b(?:e\s+)?v{_Y}r(?:v|t)(?:ya|yal|yala|yalo|yali)\b"
            r"(?=\s*(?:[?.!,]|$|before\b|with\b|in total\b))",
            "did it run",
        ),
        (rf"\b(?:e\s+)?v{_Y}r(?:v|t)(?:ya|yal|yala|yalo|yali|esh)\b", "run"),
        (rf"\bv{_Y}r(?:v|t)yaha\b", "ran"),
        (r"\bchakat\b", "are waiting"),
        (r"\bchaka\b", "is waiting"),
        (r"\b(?:e\s+)?chakal[aoi]?\b|\bchakaha\b", "waited"),
        (rf"\bg{_Y}rm(?:ya|yal|yala|yalo|yali|yaha|i)\b|\b(?:se\s+)?provali(?:l|la|lo|li|ha)?\b", "failed"),
        (rf"\b(?:priklyuchi|sv{_Y}rshi)(?:l|la|lo|li|ha)?\b", "finished"),
        (r"\bgree(?:yat)?\b", "temperature"),
        (rf"\bd{_Y}rpa(?:t)?\b", "draws"),
        (
            r"\b(?:e\s+|sa\s+)?(?:izgori|izgoryal[aoi]?|izharchi\w*|izpolzva(?:l|la|lo|li)|potrebi\w*)\b",
            "used",
        ),
        (r"\b(?:polzva|izpolzva)(?:t)?\b", "uses"),
        (r"\bpishe\b", "says"),
        (r"\bizkara\b", "output"),
        (r"\botne\b", "took"),
        (r"\biska\b", "asks for"),
        (r"\bzabiva\b", "hangs"),
        (r"\bpuskam\b", "want to launch"),
        (r"\bbeshe\b", "was"),
        (r"\be\s+bil[aoi]?\b", "was"),
        (r"\bbil[aoi]?\b", "was"),
        # the small words, once the phrases above have read what they open
        (r"\bne\s+e\b", "is not"),
        (r"\be\b", "is"),
        (r"\bsa\b", "are"),
        (r"\bne\b", "not"),
        (r"\bli\b", ""),
        (r"\b(?:go|ya|gi|nego|neya|tova|toy|tya)\b", "it"),
        (r"\bmu\b", "its"),
        (r"\bima\b", "there is"),
        (r"\bnyama\b", "there is no"),
        (r"\bna\b", "on"),
        (r"\b(?:v|vuv|vyv)\b", "in"),
        (r"\b(?:s|sus|sys)\b", "with"),
        (r"\bot\b", "from"),
        (r"\bdo\b", "to"),
        (r"\bza\b", "for"),
        (r"\bpo\b", "on"),
        (r"^\W*(?-i:i|a)\b", "and"),
        (r"\b(?-i:i)\b", "and"),
        (r"\bsamo\b", "only"),
        (r"\bobshto\b", "in total"),
        (r"\bvsichk(?:i|o)\b", "all"),
        (r"\bnishto\b", "nothing"),
        (r"\bneshto\b", "something"),
        (r"\bmi\b", "me"),
        (r"\bda\b", "to"),
        (r"\b(?:shte|mnogo)\b", ""),
        (r"\b(?:molya|molq)\b", "please"),
        (r"\b(?:blagodarya|mersi|merci)\b", "thanks"),
        (r"^\W*(?:zdravei|zdrasti|zdr)\b\W*", ""),
        (r"\b(?:dobre|okei|okey)\b", "ok"),
    )
)


def _spelled(text: str) -> str:
    """``text`` with each digit typed for a letter ("za6to", "4aka") as the letter (:data:`_SPELLINGS`)."""
    for pattern, letters in _SPELLINGS:
        text = pattern.sub(letters, text)
    return text


def bulgarian_marked(text: str) -> bool:
    """Whether ``text`` shows Bulgarian's marks (:data:`_MARK`) once its letters are written one way."""
    return bool(_MARK.search(_spelled(text)))


def bulgarian(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Bulgarian (:func:`bulgarian_marked`, or ``lean`` leaning to it):
    its letters written one way, then its phrases and words (:data:`_TABLE`); else as it was."""
    if not reads(lean, "bulgarian", bulgarian_marked(text)):
        return text
    return re.sub(r"[ \t]{2,}", " ", translated(_spelled(text), _TABLE)).strip()
