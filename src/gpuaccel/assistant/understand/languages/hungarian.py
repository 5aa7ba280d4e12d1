"""Hungarian read in English: Hungarian written whole, or mixed with English words of the trade, as Budapest
types it on a chat (often without its accents: "mennyi ideig futott", "miert var meg mindig a 12es job"),
where the message has marks of its own. Hungarian is agglutinative: its case endings go on its own words
and on numbers and names of the trade ("a 12es job" job 12, "a 4090-en" on the 4090, "a 13ast" job 13,
"a whisper-finetune-t"), and these are read off before its phrases are."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import Lean, compiled, marked_unaccented, read_unaccented

# each Hungarian letter with an accent, and the plain letter a writer typing fast puts for it ("hőmérséklet"
# and "homerseklet", "leállítás" and "leallitas" are one word)
_UNACCENTED = str.maketrans("áéíóöőúüűÁÉÍÓÖŐÚÜŰ", "aeiooouuu" + "AEIOOOUUU")

# a number's or a name's case ending, as Hungarian joins it (with a hyphen or without): "-as/-es/-os/-s"
# the one numbered ("a 12es job", "a 0-s kartya"), then the accusative "-t", or the ending itself: on
# ("-on/-en/-n"), onto ("-ra/-re"), to ("-nak/-nek"), in ("-ban/-ben"), from ("-bol/-bol"), until ("-ig")
_NUMBERED = r"(?:-?[aeo]s|-s)"

# a message is Hungarian where it has a letter only Hungarian has (ő ű), a number with its ending ("12es",
# "13ast", "0as", "2-es": no other language read here joins one so), or one of its own words read without
# accents; none of them another language's or English's word ("mi", "ma", "es", "az", "ez", "most", "var",
# "ki", "fut", "este", "memoria" are others' too: they are read only beside a mark)
_HUNGARIAN_MARK = re.compile(
    r"[őűŐŰ]"
    r"|\b\d+" + _NUMBERED + r"(?:t|at|et|ot)?\b"
    # an English verb of the trade given a Hungarian verb's ending ("release-eld", "holdold", "cancel-ozd")
    r"|\b(?:cancel|release|hold|retry|restart|pause|resume|kill)-?(?:eld|old|ald|ozd|ezd|eljuk|oljuk)\b"
    r"|\b(?:mennyi\w*|menyi|mikor|miert|melyik\w*|hany|hanyas|hanyadik|hanykor|milyen|meddig|ideig|ideje"
    r"|tegnap\w*|reggel|delelott|delutan|kozott|mostanaig|futott|futnak|futo|fogyaszt\w*|homerseklet\w*"
    r"|homersek\w*|hofok\w*|kartya\w*|osszesen|osszes\w*|atlag\w*|mutasd|allitsd|allitotta|inditsd|tartsd"
    r"|engedd|szuneteltesd|folytasd|tedd|mozgasd|legyszi|legyszives|kerlek|elszallt|szallt|lehalt|meghalt"
    r"|bukott|probalkozas\w*|felett|folotte|alatta|legalabb|szerver\w*|gepen|logja\w*|indult|elindult"
    r"|pontosan|varakozott|mielott|elotte|utana|hasonlitsd|ossze|energiat|energiaban|aramot|hasznalt"
    r"|hasznalatban|hasznal|orajel\w*|processzek|vannak|rajta|akkor|dolgozott|evett|ugyanakkor|tobb|tovabb"
    r"|kevesebb|bocs|akartam|gondoltam|szolok|amig|irt|vegen|kulonbseg\w*|utolso|oraban|futasi|vagy"
    r"|vegyunk|holnap|hajtotta|lelotte|valaki|ujra|vissza|elore|megy|fokon|gpun|kartyan|kartyak\w*|orat"
    r"|masik\w*|varakoz\w*|mindig|hasznalja|hogyan|kesobb|leg\w+bb|halt (?:el|meg))\b",
    re.I,
)

_HUNGARIAN = compiled(
    (
        # a job or a card by its number, its ending read off: "a 12es job" (job 12), "a 11es jobot", "a 0as
        # kartya" (card 0), "a 0as gpun" (on GPU 0); a number said bare with its ending ("a 13ast", "es a
        # 9es?") is the job or card just said
        (r"\b(?:a|az)\s+(\d+)" + _NUMBERED + r"\s+job(?:ot|ra|nak|ja|bol|hoz)?\b", r"job \1"),
        (r"\b(?:a|az)\s+(\d+)" + _NUMBERED + r"\s+(?:kartyan|gpun|gpu-n)\b", r"on GPU \1"),
        (r"\b(?:a|az)\s+(\d+)" + _NUMBERED + r"\s+(?:kartya|gpu)\w*", r"GPU \1"),
        (r"\b(\d+)" + _NUMBERED + r"(?:t|at|et|ot)?\b", r"\1"),
        # a card or a name with its case ending: "a gpu1en", "a gpu0-n", "a h100on", "a 4090en" (on it);
        # "a whisper-finetune-t" (it, the object), "a 0-ra" (onto it)
        (r"\b(?:a\s+)?((?:gpu\s?)?\d+|[ahb]\d{2,3})-?(?:on|en|n)\b", r"on \1"),
        (r"\b([\w.-]+?)-(?:t|ot|et|at)\b", r"\1"),
        (r"\b(\d+)-(?:ra|re|nak|nek|t)\b", r"\1"),
        # requests: "allitsd le" (cancel), "inditsd ujra" (retry), "tartsd vissza" (hold), "engedd el"
        # (release), "szuneteltesd a queue-t" (pause), "folytasd" (resume), "tedd elore" (move it up); an
        # English verb given a Hungarian ending ("release-eld", "holdold")
        # (a verb in its definite form, "-d", acts on "it" where no object follows: "inditsd ujra legyszi"
        # retry it please, "inditsd ujra a 9est" retry 9)
        (
            r"\b(cancel|hold|release|pause|resume|retry|restart|kill)-?(?:old|eld|ald|ozd|ezd|eljuk|oljuk)\b",
            r"\1",
        ),
        (r"\b(?:allitsd|allitsuk|allitsa) le\b|\bleallitas\b|\blolj?d le\b", "cancel"),
        (r"\b(?:inditsd|inditsuk|futtasd|futtassuk) (?:ujra|megint)\b|\bujrainditas\b", "retry"),
        (r"\btartsd vissza\b|\btartsuk vissza\b", "hold"),
        (r"\bengedd el\b|\bengedjuk el\b", "release"),
        (r"\b(cancel|retry|hold|release)\b(?!\s+(?:a|az|the|job|\d)\b)", r"\1 it"),
        (r"\bszuneteltesd\b|\ballitsd meg\b", "pause"),
        (r"\bfolytasd\b|\binditsd el\b", "resume"),
        (r"\b(.{1,30}?)\s+tedd el[oö]re\b", r"move \1 up"),
        (r"\btedd el[oö]re\b", "move it up"),
        (r"\b(?:tedd at|mozgasd)\b", "move"),
        (r"\bprioritas(?:t|sal|a)?\b", "priority"),
        (r"\bamig nem szolok\b", "until I say"),
        (r"\b(?:legyszi|legyszives|kerlek|pls)\b", "please"),
        # "hogyan inditom el utana?" (how do I start it again after): asked of what was just paused
        (
            r"\b(?:hogyan|hogy)\s+(?:tudom\s+)?(?:inditom|inditsam|inditani)\s+(?:el|ujra)\b",
            "how do i start it again",
        ),
        (r"\bhogyan\b", "how"),
        (r"\butana\b", "after"),
        (r"\bkesobb\b", "later"),
        (r"\bkell (?:a |az )?", "I need the "),
        # corrections: "nem, a 0-ra gondoltam", "bocs nem a 13ast, a 12est akartam" (I meant)
        (r"\bbocs(?:i|anat)?\b,?", "sorry"),
        (r"\b(?:a|az)\s+(\S+)\s+(?:akartam|gondoltam)\b", r"I meant \1"),
        (r"\b(?:akartam|gondoltam)\b", "I meant"),
        # spans and times: "tegnap este" (last night), "ma reggel" (this morning), "9 es 12 kozott"
        (r"\btegnap este\b|\btegnap ejjel\b", "last night"),
        (r"\btegnap reggel\b", "yesterday morning"),
        (r"\btegnap delutan\b", "yesterday afternoon"),
        (r"\btegnap ota\b", "since yesterday"),
        (r"\btegnap\b", "yesterday"),
        (r"\bma (?:reggel|delelott)\b", "this morning"),
        (r"\bma delutan\b", "this afternoon"),
        (r"\bma este\b", "tonight"),
        (r"\b(?:reggel|delelott)\b", "this morning"),
        (r"\bdelutan\b", "this afternoon"),
        (r"\b(\d{1,2}(?::\d\d)?)\s+es\s+(\d{1,2}(?::\d\d)?)\s+(?:ora\s+)?kozott\b", r"between \1 and \2"),
        (r"\bkozott\b", "between"),
        (r"\b(?:az\s+)?utolso\s+oraban\b", "in the last hour"),
        (r"\b(\d{1,2})\s+ota\b", r"since \1:00"),
        (r"\bota\b", "since"),
        (r"\bugyanakkor\b|\bugyanabban az idoben\b", "at the same time"),
        (r"\bakkor\b", "at that time"),
        (r"\bmielott\b", "before"),
        (r"\belotte\b", "before it"),
        (r"\bma\b", "today"),
        (r"\bmost\b", "now"),
        # question words: "mennyi ideig" (how long), "mennyi ideje" (how long has it been), "hany orakor"
        # (at what time), "mikor" (when), "miert" (why), "melyik" (which), "mennyi" (how much)
        (r"\bmennyi ideje (?:megy|fut)(?: mar)?\b", "how long has it been running"),
        (r"\b(?:mennyi ideig|meddig)\b", "how long"),
        (r"\bmennyi ideje\b", "how long"),
        (r"\bmennyit dolgozott\b", "how long was it busy"),
        (r"\bmennyit varakozott\b|\bmennyit vart\b|\bmennyi ideig varakozott\b", "how long did it wait"),
        (r"\bhany\s+(?:gpu[- ]?or[aá]t?|gpu-hours?)\b", "how many GPU-hours"),
        (r"\bhany orakor\b", "at what time"),
        (r"\bhany fok(?:os)?(?: van)?\b", "what is the temperature"),
        (r"\bhany(?:as)?\b", "how many"),
        (r"\b(?:mennyi|menyi)\s+volt\b", "what was"),
        (r"\b(?:mennyi|menyi|mennyit)\b", "how much"),
        (r"\bmikor\b", "when"),
        (r"\bmiert\b", "why"),
        (r"\bmelyik\b", "which"),
        (r"\bmilyen\b", "what"),
        (r"\bpontosan\b", "exactly"),
        (r"\bki\s+(allitotta le|cancel)\b", "who cancelled it"),
        (r"\bki\b(?=\s+(?:futott|fut|hasznal))", "who"),
        (r"\bhasznalja\b", "is using"),
        # the superlatives, "leg-...-bb": "a legmelegebb" (the hottest), "a legtobb" (the most)
        (r"\blegmelegebb\b|\blegforrobb\b", "hottest"),
        (r"\bleghidegebb\b", "coolest"),
        (r"\blegterheltebb\b", "busiest"),
        (r"\blegtobb\b", "the most"),
        (r"\blegkevesebb\b", "the least"),
        (r"\bleghosszabb\b|\blegtovabb\b", "longest"),
        (r"\bmi\s+van\b", "what is"),
        (r"\bmit\b|\bmi\b", "what"),
        (r"\bhasonlitsd ossze\b", "compare"),
        (r"\bmutasd(?: meg)?\b", "show"),
        # readings and what a card or job did
        (r"\bhomersek(?:let|elt)\w*|\bhofok\w*", "temperature"),
        (r"\b(\d+)\s+fokon vagy folotte\b", r"at or above \1 °C"),
        (r"\b(\d+)\s+fok(?:on)?\b", r"\1 °C"),
        (r"\butilizaci\w*|\bkihasznaltsag\w*", "utilization"),
        (r"\bmemoria\w*", "memory"),
        (r"\bfogyasztas\w*", "power draw"),
        (r"\benergia(?:t|ban|ja)?\b", "energy"),
        (r"\baram(?:ot)?\b", "energy"),
        (r"\borajel\w*", "clocks"),
        (r"\batlag(?:os)?\b", "mean"),
        (r"\bcsucs\b", "peak"),
        (r"\bmaximum\b", "max"),
        (r"\bminimum\b", "min"),
        (r"\blegalabb\s+(\d+)\s*%(?:-?[oa]n)?", r"at least \1%"),
        (r"\b(\d+)\s*%-?(?:on|an|en)?\s+felett\b|\b(\d+)\s*%\s+folott\b", lambda m: f"above {m[1] or m[2]}%"),
        (r"\bfelett\b|\bfolotte\b", "above"),
        (r"\balatt\b", "below"),
        (r"\bket kartya\w*|\bket gpu\w*|\bmindket kartya\w*", "both cards"),
        (r"\ba masik(?: kartya\w*)?\b", "the other card"),
        (r"\bkartyan\b|\bgpun\b", "on the card"),
        (r"\bkartya\w*", "card"),
        (r"\bosszesen\b|\bosszesne\b", "in total"),
        (r"\bfutasi ido\w*\b", "run time"),
        (r"\b(?:a\s+)?queue-?ban\b|\bsorban\b", "in the queue"),
        (r"\b(job \d+|[\w.]+-[\w.-]+) logj(?:at|a)\b", r"the log of \1"),
        (r"\blogjaban\b", "in its log"),
        (r"\blogj(?:at|a)\b", "its log"),
        (r"\bprobalkozas\w*", "attempts"),
        (
            r"\b(?:(?:mi|what)\s+)?(?:halt el|halt meg|szallt el|elszallt|lehalt|meghalt|bukott el|bukott)\b",
            "failed",
        ),
        (r"\blelotte valaki\b", "did someone kill it"),
        (r"\bindult el\b|\belindult\b|\bindult\b", "started"),
        (r"\bnem indul el\b|\bnem indul\b", "is not starting"),
        (r"\b(?:futott|ment)\s+tovabb\b", "ran longer"),
        (r"\bfutott\b", "ran"),
        (r"\bfutnak\b|\bfut\b|\bmegy\b", "is running"),
        (r"\bment\b", "ran"),
        (r"\b(?:var|varakozik) (?:meg )?mindig\b|\bvar meg\b", "is still waiting"),
        (r"\bvarakozik\b", "is waiting"),
        (r"\bvar\b", "is waiting"),
        (r"\b(?:evett|hasznalt(?: el)?|fogyasztott)\b", "used"),
        (r"\bhasznalatban\b", "in use"),
        (r"\bhajtotta\b", "drove it"),
        (r"\btobb\b", "more"),
        (r"\bkevesebb\b", "less"),
        (r"\bvolt\b", "was"),
        (r"\bvannak\b|\bvan\b", "are"),
        (r"\brajta\b", "on it"),
        (r"\b(?:a\s+)?szerveren\b|\b(?:a\s+)?gepen\b", "on the machine"),
        (r"\bprocesszek\b", "processes"),
        (r"\bez\b|\bezt\b", "this"),
        (r"\baz\b(?=\s*[?.!]*\s*$)", "that"),
        (r"\bazt\b", "that"),
        # the small words
        (r"\bvagy\b", "or"),
        (r"(?<!\w)es\b", "and"),
        (r"\bnem\b", "not"),
        (r"\b(?:mar|meg|el|ki|le)\b", ""),
        (r"\b(?:a|az)\b", "the"),
    )
)


def hungarian_marked(text: str) -> bool:
    """Whether ``text`` shows Hungarian's marks (:data:`_HUNGARIAN_MARK`), with or without accents."""
    return marked_unaccented(text, _HUNGARIAN_MARK, _UNACCENTED)


def hungarian(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Hungarian (:data:`_HUNGARIAN_MARK`): its letters without their
    accents, then its endings, phrases and words (:data:`_HUNGARIAN`); else as it was."""
    return read_unaccented(text, lean, "hungarian", hungarian_marked, _UNACCENTED, _HUNGARIAN)
