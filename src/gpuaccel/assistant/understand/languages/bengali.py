"""Bengali in Latin letters (Banglish, as Dhaka types it: Bengali with English words of the trade mixed in),
read in English where the message has marks of its own (:func:`bengali`): "gpu1 er temp koto chilo" (what
was GPU 1's temperature), "ajke koyta job fail korse" (how many jobs failed today), "oita hold kore dao"
(hold that one). Bengali puts the verb last and its postpositions after the noun ("gpu1 er": of GPU 1,
"queue te": in the queue); the table turns its question words, its verbs, its spans and its requests."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import REQUEST_VERBS, Lean, compiled, read_where_marked

# Banglish's own words, none an English word nor one Hinglish says ("ki", "r", "koro", "kon", "ache" and
# "bolo" are shared or English, so they are read only once one of these shows): question words, days and
# parts of the day, the past ("chilo", "korse", "hoisilo", "uthsilo"), requests ("kore dao", "abar chalao")
_BENGALI_MARK = re.compile(
    r"\b(?:keno|koto|kototuku|kokhon|koyta|koybar|ajke|gotokal|shokal|bikal|theke|chilo|chhilo|upore"
    r"|cholche|cholchilo|cholse|cholsilo|choltese|tokhon|ekhon|ekhono|porjonto|ghonta|jonno|moddhe"
    r"|uthsilo|uthechilo|uthse|namsilo|nemechilo|namse|korse|korche|korlo|korsilo|korechilo|hoisilo"
    r"|hoyechilo|hocche|hoyeche|holo|khaise|nise|niyeche|dekhao|duita|duitar|oita|eita|kore\s+dao"
    r"|kore\s+din|koren|korun|bariye|komiye|jayga|obosthay|obostha|boshe|gula|gulo|naki|soho|kivabe"
    r"|kibhabe|lagbe|abar|ekta|bhalo|hobe|chaisilam|chaichilam|jotota|onekkhon|atke|gorom|pore)\b",
    re.I,
)

# a request's ending: "kore dao" (do it), "koro", "kore din"/"korun" (polite), "kore felo" (get it done)
_DO = r"(?:kore\s+(?:dao|din|felo|fel)|koro|korun|koren)"
_THAT = r"(?:oita|eita|oi\s+ta|ei\s+ta|ota|eta)"
# what a request acts on, said before its verb: "405b probe ta" (the 405b probe), "job 12", "12"
_THING = r"((?:job\s+)?[\w-]+(?:\s+[\w-]+)?)\s+(?:ta|ke|take)"

_BANGLISH = compiled(
    (
        # fillers and the speaker's asides: "bhai" (brother), "acha" (ok), "to" closing a request, "pore
        # chalabo" (I will run it later), "amar ... lagbe" (I need ...)
        (r"\b(?:bhai|acha|accha|achha|thak|ok thik ache|thik ache)\b,?", ""),
        (r",?\s*\bpore\s+(?:chalabo|dekhbo|korbo)\b", ""),
        (r"\s+\bto\b(?=\s*[?.!]*\s*$)", ""),
        # requests: the verb said last is put first, with what it acts on ("oita hold kore dao": hold it,
        # "405b probe ta cancel koro": cancel the 405b probe, "retry koro oita": retry it)
        (
            rf"\b(?:{_THAT}\s+)?(?:ektu\s+)?({REQUEST_VERBS})\s+{_DO}(?:\s+abar)?(?:\s+{_THAT})?",
            r"\1 it",
        ),
        (rf"\b{_THING}\s+(?:ektu\s+|abar\s+)?({REQUEST_VERBS}) it\b", r"\2 \1"),
        # "resnet50 ta abar chalao" (run it again: rerun)
        (rf"\b{_THING}\s+abar\s+(?:chalao|chalan|chalai\s+dao|start\s+{_DO})\b", r"rerun \1"),
        (r"\babar\s+(?:chalao|chalan|start\s+(?:kore\s+dao|koro))\b", "rerun it"),
        # priorities: "12 er priority 10 kore dao" (set it to 10), "whisper er priority ektu bariye dao"
        # (raise it a bit), "komiye dao" (lower it)
        (rf"\b((?:job\s+)?[\w-]+)\s+er\s+priority\s+(\d+)\s+{_DO}", r"set the priority of \1 to \2"),
        (rf"\bpriority\s+(\d+)\s+{_DO}", r"set its priority to \1"),
        (
            r"\b((?:job\s+)?[\w-]+)\s+er\s+priority\s+(?:ektu\s+)?(?:bariye|baray|barao)\s*(?:dao|din|den)?\b",
            r"bump the priority of \1",
        ),
        (
            r"\b((?:job\s+)?[\w-]+)\s+er\s+priority\s+(?:ektu\s+)?(?:komiye|komao)\s*(?:dao|din|den)?\b",
            r"lower the priority of \1",
        ),
        # swapping two jobs' places: "12 r 13 er jayga swap koro" (swap 12 and 13)
        (
            rf"\b((?:job\s+)?[\w-]+)\s+(?:r|ar|aar)\s+((?:job\s+)?[\w-]+)\s+er\s+jayga\s+(?:swap|switch|bodol)"
            rf"(?:\s*{_DO})?",
            r"swap \1 and \2",
        ),
        # an English verb said last, put first: "energy te compare koro duita" (compare the two on energy)
        (rf"^(.{{1,80}}?)\s+(compare|check)\s+{_DO}\b(.*)$", r"\2\3 \1"),
        (rf"\b(compare|check)\s+{_DO}\b", r"\1"),
        # "X er ta bolte chaisilam" (I meant X's), "bolte chaisilam" (I meant)
        (r"\b([\w-]+(?:\s+\d+)?)\s+er\s+ta\s+bolte\s+(?:chaisilam|chaichilam)\b", r"i meant \1"),
        (r"\bbolte\s+(?:chaisilam|chaichilam)\b", "i meant"),
        (r"\bmane\b", "i mean"),
        # what a span holds: "gotokal er data jotota ache" (as much of yesterday as there is)
        (r"\b(?:er\s+)?data\s+jotota\s+ache\b", ""),
        # spans and moments
        (r"\bgotokal\s+rat(?:e)?\b", "last night"),
        (r"\bgotokal\s+shokal(?:e)?\b", "yesterday morning"),
        (r"\bgotokal\b", "yesterday"),
        (r"\b(?:ajke\s+)?shokal\s+theke\b", "since this morning"),
        (r"\b(?:ajke\s+)?shokal(?:e)?\b", "this morning"),
        (r"\b(?:ajke\s+)?bikal(?:e)?\b", "this afternoon"),
        (r"\bajke\b", "today"),
        (r"\bekhon\s+porjonto\b", "so far"),
        (r"\bekhono\b", "still"),
        (r"\bekhon\b", "now"),
        # the hour asked: "time ta bolo" (tell the time), "kon time e" (at what time), below
        (r"\btime\s+(?:ta\s+)?(?:(?:exactly|thik)\s+)?(?:bolo|bolen|dao|din)\b", "at what time exactly"),
        (r"\b(?:oi|sei)\s+somoy\b", "at that time"),
        (r"\btokhon\b", "then"),
        # "9 ta theke 12 ta porjonto" (from 9 to 12): "ta" counts the hour
        (r"\b(\d{1,2})(?:\s*ta)?\s+theke\s+(\d{1,2})(?:\s*ta)?\s+(?:porjonto|obdhi)\b", r"from \1 to \2"),
        (r"\blast\s+(\d+)\s+ghon?ta(?:\s+(?:te|e|dhore))?\b", r"in the last \1 hours"),
        (r"\bghon?ta\b", "hours"),
        (r"\bonekkhon\s+dhore\b|\bonekkhon\b", "for a long time"),
        # thresholds: "95% er upore" (above 95%), "65 degree ba tar beshi" (65 degrees or more)
        (r"\b(\d+(?:\.\d+)?\s*(?:%|degree|degrees|°C|w|watt)?)\s+(?:er|theke)\s+upore\b", r"above \1"),
        (r"\bba\s+tar\s+(?:beshi|upore)\b", "or more"),
        (r"\bba\s+tar\s+(?:kom|niche)\b", "or less"),
        # readings' extremes: "max koto uthsilo" (how high did it rise), "lowest koto namsilo" (how low)
        (
            r"\b(max|maximum|peak|highest)((?:\s+[a-z][\w-]*)?)\s+koto\s+(?:uthsilo|uthechilo|uthse|uthlo|chilo"
            r"|hoisilo)\b",
            r"what was the \1\2",
        ),
        (
            r"\b(min|minimum|lowest)((?:\s+[a-z][\w-]*)?)\s+koto\s+(?:namsilo|nemechilo|namse|namlo|chilo"
            r"|hoisilo)\b",
            r"what was the \1\2",
        ),
        # how a job went: "keno fail holo" (why did it fail), "start hocche na keno" (why is it not starting)
        (r"\bstart\s+hocche\s+na\s+keno\b|\bkeno\s+start\s+hocche\s+na\b", "why is it not starting"),
        (r"\b(fail|crash)\s+(?:holo|korlo|korse|hoise|hoyeche)\b", r"\1ed"),
        (r"\bstart\s+(?:hoisilo|hoyechilo|holo|hoise|hoyeche)\b", "did it start"),
        (r"\bki\s+(?:hoisilo|hoyechilo|holo|hoise|hoyeche)\b", "what happened"),
        (r"\bki\s+obosthay\s+ache\b", "what state is it in"),
        (r"\batke\s+ache\b", "is stuck"),
        (r"\bboshe\s+ache\b", "is waiting"),
        # how long: "koto khon" (how long), "kototuku" (how much of it), "beshi khon" (longer)
        (r"\bkoto\s*khon\b|\bkototuku\b|\bkoto\s+time\b", "how long"),
        (r"\b(?:kon|konta|kon\s+ta)\s+beshi\s+khon\b", "which longer"),
        (r"\bshob\s+mile\b", "in total"),
        (r"\bkoybar\b", "how many times"),
        (r"\bkoyta\b", "how many"),
        # "kon card koto energy khaise" (how much energy each card used)
        (r"\bkon\s+(card|gpu|job)\s+koto(\s+[a-z][\w-]*)?", r"how much\2 each \1"),
        (r"\bkoto\s+gorom\b", "how hot"),
        (r"\bkoto\s+(?:chilo|chhilo)\b", "what was"),
        (r"\bkoto\b", "how much"),
        (r"\bkeno\b", "why"),
        (r"\bkokhon\b", "when"),
        (r"\bkon\s+(?:time|somoy)\s+e\b", "at what time"),
        (r"\bkon\s+kon\s*ta\b|\bkon\s+kon\b", "which"),
        (r"\bkon\s*ta\b|\bkon\b", "which"),
        (r"\b(?:kivabe|kibhabe)\s+([\w-]+)\s+(?:kori|korbo|korte\s+hoy)\b", r"how do i \1"),
        (r"\bkivabe\b|\bkibhabe\b", "how"),
        (r"\blagbe\s+na\b", "not needed"),
        (r"\blagbe\b", "needed"),
        (r"\btheke\b", "from"),
        # verbs, states and how a run went
        (r"\bcholchilo\b|\bcholsilo\b", "was running"),
        (r"\bcholche\b|\bcholtese\b", "is running"),
        (r"\bcholse\b|\bcholeche\b", "ran"),
        (r"\bwait\s+(?:korche|kortese)\b", "is waiting"),
        (r"\bwait\s+(?:korse|korechilo|korsilo)\b", "waited"),
        (r"\b(\w+)\s+boshe\s+chilo\b", r"\1 was"),  # "idle boshe chilo": was idle, "queue te boshe chilo"
        (r"\bboshe\s+chilo\b", "waited"),
        (r"\bchilo\s+na\b", "was not"),
        (r"\b(?:chilo|chhilo)\b", "was"),
        (r"\b(?:khaise|khayeche|nise|niyeche)\b", "used"),
        (r"\btry\s+korse\b", "was it tried"),
        (r"\b(?:korse|korche|korlo|korsilo|korechilo)\b", "did"),
        (r"\b(?:hoisilo|hoyechilo|holo|hoise|hoyeche|hocche)\b", ""),
        (r"\buse\s+hocche\b", "used"),
        (r"\bbole\b", "says"),
        (r"\bdekhao\b", "show"),
        (r"\bbolo\b", "tell"),
        # a request's "dao" (give) closing it asks for what is named: "min r max o dao" (the min and max too)
        (r"\s+\b(?:dao|din|den)\s*[?.!]*\s*$", ""),
        (r"\b(?:dao|din|den)\b", "give"),
        (r"\bsoho\b", "with"),
        (r"\bgorom\b", "hot"),
        (r"\bnaki\b", "or not"),
        (r"\bduitar\b|\bduita\b|\bdutoi\b", "both"),
        (r"\babar\b", "again"),
        (r"\bektu\b", "a bit"),
        (r"\bbeshi\b", "more"),
        (r"\bekta\b", "a"),
        (r"\bbhalo\b", "good"),
        (r"\b(?:oita|eita|ota|eta)\b", "that one"),
        # postpositions and helpers, last: "er" (of), "er jonno" (for), "er moddhe" (between), "te"/"e"
        # (in, on), "ta"/"gula" (the one, the ones), "r" (and), "o" (too), "ki" (what)
        (r"\ber\s+jonno\b", "for"),
        (r"\bjonno\b", "for"),
        (r"\ber\s+moddhe\b", "of"),
        (r"\b(?:er|r)\s*(?=[?.!]*\s*$)", ""),
        (r"\ber\b", ""),
        (r"\b((?:gpu|card|job)\s+\d+|[\w-]+)\s+(?:te|e)\b(?!['’-])", r"in \1"),
        (r"\b(?:ta|ti|gula|gulo|ke)\b", ""),
        (r"(?:^|(?<=\s))(?:r|ar|aar)\b(?!['’-])", "and"),
        (r"(?<=\w)\s+o\b(?=\s*(?:[?.!]|dao|give|$))", " too"),
        (r"\bki\b", "what"),
        (r"\bache\b", "is"),
    )
)


def bengali(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Banglish (:data:`_BENGALI_MARK`), or where the conversation
    leans to it ("r 4090 er?" after Banglish turns); else as it was."""
    return read_where_marked(text, _BENGALI_MARK, _BANGLISH, lean, "bengali")
