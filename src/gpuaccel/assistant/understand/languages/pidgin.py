"""English creoles' function words read as the English words they stand for: Nigerian (and Ghanaian) Pidgin,
Jamaican Patois, Trinidadian Creole, Bajan and Guyanese Creolese, one table read where any shows a word of
its own."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import (
    Lean,
    compiled,
    ing_form,
    past_form,
    read_where_marked,
)

# Nigerian Pidgin's function words, read only in a message that has one of its own (an English "e", "am",
# "don", "be" or "chop" stays as it was): "wetin e print before e crash" is "what it print before it crash"
_PIDGIN_MARK = re.compile(
    r"\b(?:wetin|dey|abeg|nko|sef|abi|wahala|oya|sabi|una|dem|wey|na\s+(?:which|who|wetin|why|how))\b"
    r"|(?<![\w.'-])e(?![\w.'-])"
    # the perfect's "don" after its subject ("I don reduce the batch size": I have; not "I don't"), and a
    # request's "make you" opening its clause ("ok make you restart am": please restart it)
    r"|\b(?:i|we|you|they|e)\s+don\s+(?=[a-z])"
    r"|(?:^|[,.;!?]\s*|\b(?:ok|okay|so|now|then|pls|please|kindly)\s+)make\s+(?:you|una)\s+(?=[a-z])"
    r"|\b(?:what|which|who|when|where)(?:\s+\w+)?\s+be\s+(?:that|this|it|the|am)\b"  # "what time be that"
    # Jamaican Patois' own words ("pon di card": on the card, "mi haffi": I have to, "cyaan": can't), and its
    # "wah" asking (what) before what it asks: "wah time?", "wah di difference", "wah was running" (not an
    # exclamation's "wah", as Singlish and Hinglish say wow)
    r"|\b(?:pon|cyaan|haffi|nuh|inna|likkle|gwaan|wha\s+mek)\b"
    r"|\b(?:wah|wha)\s+(?:di|dat|dis|time|was|did|job|jobs|gpu|card|mi|yuh|happen\w*|run\w*|a|is)\b"
    # "wah" asking what did a thing to a job ("wah kill it?": what killed it, no request to kill it), and
    # Guyanese Creolese's "leh we" / "leh mi" (let's, let me: "leh we bump it to 5"; Franco's "leh", why,
    # is read only before other words) and "di" before a reading's extreme or mean, or after "an" ("an di
    # lowest?": and the lowest; "di" alone is Italian's, Tagalog's, Indonesian's too)
    r"|\b(?:wah|wha)\s+(?:kill|crash|stop|end|break|broke|cause)\w*\s+(?:it|di|dat|de|the|that|job|dem)\b"
    r"|\bleh\s+(?:we|us|mi|me)\b|\ban\s+di\b"
    r"|\bdi\s+(?:lowest|highest|hottest|coolest|coldest|busiest|longest|mean|average|avg|peak|max|min)\b"
    # Trinidadian Creole's own words ("I doh want it", "it buss", "allyuh", "stuck too, ent?"), its "wha"
    # asking before any word ("wha lr it had"), and its "de" and "dat" after an English word (the, that: "on
    # de server", "de peak in dat window", "compare dat with"; Dutch's and the Romance languages' "de" and
    # "dat" are read before this, and follow no such word)
    r"|\b(?:doh|allyuh|buss|ent(?=\s*[?!.]*\s*$))\b|\bwha\s+(?=[a-z])"
    r"|(?:^|\b(?:on|of|at|for|from|and|up|with|is|was|all|what|how|to|by|see|check|in"
    r"|cancel|hold|release|pause|resume|retry|restart|kill|swap)\s+)de\s+(?=[a-z])"
    r"|\bit\s+eh\s+[a-z]+ing\b|(?:^|[,.;!?]\s*)it\s+have\s+(?:any|a|some|no|plenty)\b"
    r"|\b(?:compare|hit|in|at|for|with|was)\s+dat\b|\bdat\s+(?:one|job|window|card|gpu|time)\b"
    # Bajan's own words ("fuh both": for, "wuh running": what, "wunna": you all, "doan": don't, "nuttin":
    # nothing), and its "dis" before a span or a thing of the machine ("dis morning": this morning)
    r"|\b(?:fuh|wuh|wunna|doan|nuttin)\b"
    r"|\bdis\s+(?:morning|afternoon|evening|hour|week|month|one|job|card|gpu|box|machine|time|run)\b",
    re.I,
)
_PIDGIN_ING = (
    "run|use|hold|wait|spin|do|happen|work|burn|train|go|load|draw|print|finish|start|crash|chop|eat"
)
_PIDGIN = (
    # "which job dey run": is running
    (r"\bdey\s+(" + _PIDGIN_ING + r")\b", lambda m: "is " + ing_form(m[1])),
    # the past unmarked in a question: "wetin e print before e crash", "what time e hit am", "how long e run"
    (
        r"(^|[.?!,;:]\s*|\b(?:and|so|ok|then)\s+)(wetin|what|when|why|where|which|how)((?:\s+[a-z0-9-]+){0,2}?)"
        r"\s+e\s+(?!(?:be|go|dey|don|still|no|never|fit)\b)([a-z]+)\b",
        r"\1\2\3 did it \4",
    ),
    (r"\bwetin\s+be\b", "what is"),
    # "make you restart am": a request, "please" (not "make it run", "make I see": let me see)
    (r"(^|[,.;!?]\s*|\b(?:ok|okay|so|now|then)\s+)make\s+(?:you|una)\s+(?=[a-z])", r"\1please "),
    (r"\bwetin\b", "what"),
    (r"(?<![\w.'-])e\s+go\b", "it will"),  # "e go really save memory?"
    (r"(?<![\w.'-])e\s+be\s+like\s+say\b", "it seems"),
    (r"(?<![\w.'-])e(?![\w.'-])", "it"),
    # "am" is the object pronoun after a verb ("restart am", "what time e hit am"); not "i am", "9 am"
    (r"(?<!\bi )(?<!\d)(?<!\d )\bam\b(?!\s+i\b)", "it"),
    (r"\bdey\b", "is"),
    (r"\b(i|we|you|they)\s+don\b", r"\1 have"),
    (r"\bdon\b", "has"),
    (r"\bdem\b", "they"),
    # the relative clause's verb unmarked for the past: "the one wey fail", "the jobs wey finish today"
    # (the one that failed, that finished; "wey dey run" is read above: that is running)
    (
        r"\bwey\s+(fail|crash|die|finish|start|stop|succeed|cancel|complete|run)\b",
        lambda m: "that " + past_form(m[1].lower()),
    ),
    (r"\bwey\b", "that"),
    (r"\bchop\b", "use"),  # "how many GPU-hours e don chop": used up
    (r"\bwan\b", "want"),
    (r"\bsabi\b", "know"),
    (r"\buna\b", "you"),
    (r"\babi\b", "or"),
    (r"\bwahala\b", "problem"),
    (r"\babeg\b,?\s*", "please "),
    (r"^\s*na\s+(?=which|who|what|why|how)\b", ""),  # "na which process dey hold am?"
    (
        r"(?<!\bwill )(?<!\bcan )(?<!\bto )(?<!\bnot )(?<!\bmay )\bbe\b"
        r"(?=\s+(?:the|a|an|my|your|that|this|it)\b)",
        "is",
    ),
    (r"\s*\b(?:nko|sef|oya)\b", ""),  # "and 12 nko": and 12
    (r"\s+\bo\b(?=\s*(?:[.,!?;]|$))", ""),  # "the sweep fail o"
    # Jamaican Patois: "wah gwaan" (a greeting), "wha mek" (why), "wah" (what), "did a run" (was running)
    (r"\b(?:wah|wha)\s+gwaan\b[!,.]*\s*", ""),
    (r"\bleh\s+(?:we|us)\b", "let's"),  # Guyanese: "leh we hold it" (let's), "leh mi see" (let me)
    (r"\bleh\s+(?:mi|me)\b", "let me"),
    (r"\bwha\s+mek\b", "why"),
    (r"\b(?:wah|wha|wuh)\s+(?=(?:running|waiting|queued|happening|going\s+on)\b)", "what is "),
    (r"\b(?:wah|wha|wuh)\b", "what"),
    (r"\bdid\s+a\s+(" + _PIDGIN_ING + r")\b", lambda m: "was " + ing_form(m[1].lower())),
    (r"\bpon\b", "on"),
    (r"\binna\b", "in"),
    (r"\bdi\b", "the"),
    # Trinidadian Creole: "de" (the), "doh" (don't), "buss" (failed: "why job 5 buss"), "eh" before a verb
    # (isn't: "it eh going nowhere"), "ent" closing a question (isn't it), "allyuh" (you all), "it have"
    # opening a clause (there is: "it have any job waiting?"); its "wha running" (what is running) is read
    # with Patois' "wha" above
    (r"\bde\b(?=\s+[a-z0-9])", "the"),
    (r"\bdoh\b", "don't"),
    (r"\bbuss(?:ed)?\b", "failed"),
    (r"\b(it|dat|that|he|she|dey|they|we|i)\s+eh\s+(?=[a-z]+ing\b)", r"\1 is not "),
    (r",?\s*\bent\b(?=\s*[?!.]*\s*$)", ""),
    (r"\ballyuh\b", "you all"),
    (r"(^|[,.;!?]\s*)it\s+have\s+(?=any|a|some|no|plenty|\d)", r"\1is there "),
    (r"\bdis\b", "this"),
    (r"\bdat\b", "that"),
    (r"\bden\b", "then"),
    (r"\bhaffi\b", "have to"),
    (r"\bcyaan\b", "can't"),
    (r"\bnuh\b", "not"),
    (r"\byuh\b", "you"),
    (r"\blikkle\b", "little"),
    (r"\bfi\b(?=\s+[a-z])", "to"),  # "how fi convert": how to
    # Bajan: "fuh" (for: "de kWh fuh both"), "wuh" (what: "wuh running"), "wunna" (you all), "muh" (my: "muh
    # boss"), "doan" (don't), "tek" (take: "how long it tek"), "nuttin" (nothing); its "dis" and "wuh" are
    # read above
    (r"\bfuh\b", "for"),
    (r"\bwunna\b", "you all"),
    (r"\bmuh\b", "my"),
    (r"\bdoan\b", "don't"),
    (r"\btek\b", "take"),
    (r"\bnuttin\b", "nothing"),
    # "mi" is I as a clause's subject ("mi haffi present it", "mi mean today"), else me ("explain to mi")
    (r"(^|[,.;!?]\s*|\b(?:an|and|but|so|then|because|cause|cuz)\s+)mi\b", r"\1I"),
    (r"\bmi\b(?=\s+(?:have|can't|not|mean|want|waan|need|did|was|just|jus|think|know|see)\b)", "I"),
    (r"\bmi\b", "me"),
    # "an" is and before a consonant's word ("HBM3 an GDDR6X", "an what job"), not the article ("an H100")
    (r"\ban\b(?=\s+(?:[bcdgjkpqtvwyz]|the\b|then\b|this\b|that\b))", "and"),
)
_PIDGIN_READ = compiled(_PIDGIN)  # compiled once


def pidgin_read(text: str, lean: Lean | None = None) -> str:
    """A Pidgin-English message in the English words its function words stand for (see :data:`_PIDGIN`)."""
    return read_where_marked(text, _PIDGIN_MARK, _PIDGIN_READ, lean, "pidgin")
