"""What a user tells beside a question or a request about what they are doing, mean to do, or why they
ask ("i wanna game for a bit", "I am preparing the monthly report", "my advisor is asking", "nvidia-smi
says around 68"): context for the ask beside it, never an ask of its own. One definition that the splitter
of asks (:mod:`.asks`), the request reader (:mod:`.acts`) and the picker read alike."""

from __future__ import annotations

import re

# a greeting, said alone (:func:`.replies.small_talk` answers it) or before what the user tells ("Good
# afternoon, I am preparing the report for management."): it asks nothing
HELLO = re.compile(r"(?:hi|hello|hey|hiya|howdy|yo|good (?:morning|afternoon|evening))(?: there)?")
_GREETED = re.compile(
    rf"^(?:{HELLO.pattern})(?:\s+(?:all|everyone|team|folks|guys|sir|madam))?\s*[,.!:;-]\s*", re.IGNORECASE
)
# what the user means to do, said beside a question: context for it, not an ask ("i need to run a sweep")
_MEANS_TO = re.compile(
    r"^(?:(?:ok|so|but|because|cause|cuz|coz)\s+)*(?:i|we)\s*(?:'?m|am|'?re|are)?\s*"
    r"(?:(?:really|just|definitely|do not|don'?t|dont)\s+)*"  # "i really dont want to OOM it"
    r"(?:wanna|gonna|want to|need to|have to|plan to|planning to|going to|about to|would like to|"
    # "we might buy another card", "we're thinking about renting"
    r"should like to|might|may|(?:are |am |'?re |'?m )?(?:thinking (?:of|about)|considering)|"
    r"'?d like to|will|'?ll)\b(?!\s+(?:know|see|find|check|understand|ask|hear|learn|look|get)\b)",
    re.IGNORECASE,  # "i'd like to know ..." asks
)
# what the user is doing, said beside a question: "I am preparing the monthly report." (not "I'm wondering
# which ...", "I'm looking for the log", which ask)
_DOING = re.compile(
    r"^(?:(?:ok|so|but|because|cause)\s+)*(?:i|we)\s*(?:'?m|am|'?re|are)\s+(?:\w+ly\s+)?"
    r"(?!(?:wondering|asking|looking|trying|checking|curious|interested|seeing|getting|missing)\b)[a-z]+ing\b",
    re.IGNORECASE,
)
# why the user asks, said beside the question: "Trying to figure out if we need to buy another card." (the
# subject may be left out); asked alone it is still answered whole (:func:`split_asks` keeps a lone part)
_PURPOSE = re.compile(
    r"^(?:(?:ok|so|but|because|cause|just)\s+)*(?:(?:i|we)\s*(?:'?m|am|'?re|are)\s+)?(?:just\s+)?"
    r"(?:trying|hoping|wanting|looking)\s+to\s+"
    r"(?:figure out|decide|work out|justify|plan|budget|make (?:a|the) case|estimate|calculate|gauge|assess"
    r"|forecast|project|compare|price out|size up)\b",  # "I'm trying to estimate what a day costs us"
    re.IGNORECASE,
)

# who the question is for, said beside it: "my advisor is asking about the electricity", "the finance team
# needs it by Friday" (a person's words, not an ask of its own)
_FOR_SOMEONE = re.compile(
    r"^(?:(?:ok|so|but|because|cause|cuz|coz)\s+)*(?:my|our|the)\s+(?:\w+\s+)?"
    r"(?:advisor|adviser|boss|supervisor|pi|manager|professor|prof|lead|finance|accounting|accountant"
    r"|colleague|coworker|labmate|client|customer|director|cfo|cto|ceo|auditor|department|dept|team)s?"
    r"\s+(?:is\s+|are\s+|was\s+|were\s+|keeps\s+)?(?:asking|asked|asks|wants|wanted|needs|needed|requested"
    r"|requests)\b",
    re.IGNORECASE,
)
# what another tool or person shows, said beside the question: "nvidia-smi says around 68 but I want to be
# sure", "grafana showed a spike" (not "what nvidia-smi says", which asks)
_SEEN_ELSEWHERE = re.compile(
    r"^(?:(?:but|and|so|though|although|because|since)\s+)*"
    r"(?!(?:what|which|why|how|who|where|when|does|do|is|are|did|can|could)\b)(?:\S+\s+){0,2}"
    r"(?:says|shows|said|showed|reports|reported|reads|displays|displayed)\b[^?]*$",
    re.IGNORECASE,
)
# which clock the times are to be said in, said beside the question: "machine clock not utc pls", "box time"
_CLOCK_SAID = re.compile(
    r"^(?:(?:ok|and|but|so|pls|please|plz)\s+)*(?:(?:in|use|using|by|on)\s+)?(?:the\s+)?"
    r"(?:machine|box|server|local|host)(?:'s|s)?\s+(?:clock|time)"
    r"(?:\s*,?\s*(?:not|no|instead of|rather than)\s+(?:in\s+)?(?:utc|gmt))?"
    r"(?:\s+(?:pls|please|plz|thx|thanks))?$",
    re.IGNORECASE,
)
# what the user is about to do, the subject left out: "going to reseat a cable near node 2"
_ABOUT_TO = re.compile(
    r"^(?:(?:ok|so|but|just)\s+)*(?:gonna|going to|about to|need to|have to|got to|gotta|want to|wanna"
    r"|planning to|plan to)\s+(?!be\b|know\b|see\b|check\b)\w+",
    re.IGNORECASE,
)


# what the user wants, said as the condition of the question after it: "So if I want my own job to start
# soon, which card should I use?"
_IF_WANTED = re.compile(
    r"^(?:(?:ok|so|but|and|now)\s+)*if\s+(?:i|we)\s+(?:want|wanna|need|would like|'?d like|plan|mean)\b"
    # (not one that names the GPU asked about: "if I want to put a run on gpu0, how much is free there?")
    r"(?![^?]*\b(?:on|onto|to)\s+(?:the\s+)?(?:gpu\s*\d+|card\s*\d+|[a-z]*\d{3,4}\w*)\b)[^?]*$",
    re.IGNORECASE,
)


def sets_the_scene(part: str) -> bool:
    """Whether a part of a message says what the user means to do or is doing ("i wanna game for a bit",
    "I am preparing the monthly report"): context for the ask or request beside it, not one itself; a
    greeting before it changes nothing ("Good afternoon, I am preparing the report for management.")."""
    part = _GREETED.sub("", part.strip(), count=1)
    return bool(
        _MEANS_TO.match(part)
        or _DOING.match(part)
        or _PURPOSE.match(part)
        or _ABOUT_TO.match(part)
        or _FOR_SOMEONE.match(part)
        or _IF_WANTED.match(part.strip())
        or _CLOCK_SAID.match(part.strip(" ,.!?"))
        or _SEEN_ELSEWHERE.match(part.strip())
    )
