"""Scots and Glaswegian English written in English letters ("whit wis runnin on the h100 the now", "gie it
another go") read as the English words they stand for."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import Lean, compiled, read_where_marked

# the auxiliaries Scots says "not" after as "-nae" ("didnae", "cannae", "wouldnae"); "antennae" is no mark
_NAE = r"(?:did|can|could|would|should|wid|is|was|wis|does|dae|do|din|has|have|hav|had|are|were|will|must)nae"

# the -ing words a Scots writer drops the g of ("drawin", "usin", "throttlin", "roastin"): only these, so a
# word that ends in "in" of its own ("begin", "within", "admin", "login", "margin", "plugin", "train") stays;
# not "checking" ("a checkin" is a word of its own)
_ING = (
    "running using drawing doing going throttling roasting burning cooking baking screaming working waiting"
    " sitting queueing queuing holding training finetuning fine-tuning evaluating loading saving logging"
    " printing writing reading crashing dying failing finishing starting stopping killing pausing resuming"
    " retrying restarting rerunning getting putting taking making moving hogging filling eating chewing"
    " spinning idling sleeping hanging stalling coming leaving looking thinking saying asking telling trying"
    " playing building compiling downloading uploading copying syncing testing benchmarking sweeping serving"
    " pushing pulling booting rebooting nipping moaning sharing heating cooling climbing peaking maxing"
    " spiking dropping jumping hitting happening showing reporting blocking hammering thrashing leaking"
    " swapping redoing updating upgrading morning evening something anything nothing everything"
).split()
_DROPPED_G = r"\b(" + "|".join(sorted({w[:-1] for w in _ING}, key=len, reverse=True)) + r")['’]?(?!\w)"

# "an" where English has "and": before a word "an" never stands before, one that opens with a consonant
# sound ("an yesterday", "an the 4090", "an whit", "an is it", "an on gpu 1"); not "an hour", "an h100", "an
# error", nor a letter said with a vowel ("an rtx", "an llm", "an fp8 run", "an sft job")
_AN_AND = (
    r"\ban(?=\s+(?:[bcdgjkpqtvwyz]|[flmnrsx](?=[aeiouy])"
    r"|(?:is|it|its|it's|in|on|if|at|of|or|i|are|as|how|he|his|her|has|had|have)\b|(?!8|1[18]\b)\d))"
)
# Scots marks, none of them an English word (or one no English question writes: "whit", "naw", "yon"); a
# message without one is left as it was, so an English "an", "a", "o" or "wee" is never read. Not "ye"
# (Hinglish "this"), "ma" (Italian "but"), "wee" (Swahili "you"), "ken" (a name). A dropped g is a mark
# ("how much memory's it usin"), and so are a follow-up opened by "an" ("an yesterday"), "an" between two
# numbers ("jobs 7 an 10"), "an that" after a list ("energy an that") and "o" for "of" after a word that
# counts ("each o them")
_SCOTS_MARK = re.compile(
    rf"\b(?:whit|wis|dae|daein|gaun|{_NAE}|gonnae|naw|aye|yin|ower|fae|afore|auld|yon|gie|wi|tae|aboot"
    r"|oot|doon|heid|youse|the now)\b(?!-\w)"  # ("whit's"; not "the now-empty queue", "wi-fi")
    rf"|{_DROPPED_G}|^\s*{_AN_AND}|\d\s+an\s+\d|\ban that\s*(?:$|[.?!,;:])"
    r"|\b(?:each|which|any|some|none|one|both|all|two|most|lot|half|rest|end|out)\s+o['’]?\s+"
    r"(?:them|the|it|that|those|these|us|yon)\b",
    re.I,
)

# a verb a Scots writer opens a clause with after "a" for "I" ("pause it, a need the h100"): not the
# article before a noun
_I_VERB = (
    r"need|want|think|thought|meant|mean|ken|know|reckon|dinnae|didnae|cannae|wis|was|am|have|had|just"
    r"|can|will|would|wid|saw|seen|got|see|hope|guess"
)

_SCOTS = (
    # a request's idiom: "gie it another go", "gie job 9 another shot", "gie the sweep another wee bash":
    # retry it
    (
        r"\bg(?:ie|ive)\s+(it|that|that yin|that one|this|job\s*#?\d+"
        r"|the\s+[\w.-]+(?:\s+(?:job|run|one|yin))?)"
        r"\s+(?:another|anither|one more)\s+(?:wee\s+)?(?:go|shot|try|bash|run|whirl)\b",
        r"retry \1",
    ),
    (r"\bgonnae\s+no\b", "please do not"),
    # "gonnae draft us a note" is a request (will you); "it's never gonnae fit" is going to
    (r"(^|[.?!,;:]\s*|\b(?:and|an|so|but)\s+)gonnae\b(?=\s+(?!be\b)[a-z])", r"\1can you"),
    (r"\bgonnae\b", "going to"),
    (r"\b(did|can|could|would|should|is|was|does|do|has|have|had|are|were|must)nae\b", r"\1 not"),
    (r"\bwisnae\b", "was not"),
    (r"\bwidnae\b", "would not"),
    (r"\b(?:dinnae|dinna|dae nae)\b", "do not"),
    (r"\bdaenae\b", "does not"),
    (r"\bwillnae\b", "will not"),
    (r"\bhavnae\b", "have not"),
    (r"\bwhit\b", "what"),
    (r"\bwis\b", "was"),
    (r"\bwid\b", "would"),
    (r"\bdae\b", "do"),
    (r"\bdaes\b", "does"),
    (r"\bnaw\b", "no"),
    (r"\baye\b", "yes"),
    (r"\b(?:(?:at|right) )?the now\b(?![-'’]\w)|\bnoo\b", "now"),  # "the sm clock at the now": now
    (r"\bthe morra\b|\bthe morn\b", "tomorrow"),
    # "the day" and "the night" said where English says "today" and "tonight": at the end of a clause
    (
        r"\bthe (day|night)\b(?=\s*(?:$|[.?!,;:]|\b(?:an|and|or|so|anyway|then|already)\b))",
        lambda m: "to" + m[1],
    ),
    (r"\b(?:this|that|the other|which|the|each|every|ae|one)\s+yin\b", lambda m: m[0][:-3] + "one"),
    (r"\byins\b", "ones"),
    (r"\byin\b", "one"),
    # "o'" and "o" for "of" ("each o them", "which o' the cards"); not "1 o'clock", "4o"
    (r"(?<![\w'’])o['’]?(?=\s+(?!clock\b)[a-z])", "of"),
    (r"\bower\b", "over"),
    (r"\bfae\b", "from"),
    (r"\bafore\b", "before"),
    (r"\bauld\b", "old"),
    (r"\byon\b", "that"),
    (r"\ba wee (bit|while)\b", r"a \1"),
    (r"\bwee\b", "small"),
    (r"\bgie\b", "give"),
    (r"\bwi['’]?(?=\s)", "with"),
    (r"\btae\b", "to"),
    (r"\baboot\b", "about"),
    (r"\boot\b", "out"),
    (r"\bdoon\b", "down"),
    (r"\bheid\b", "head"),
    (r"\b(?:youse|yous|ye)\b", "you"),
    (r"\byer\b", "your"),
    (r"\bken\b", "know"),
    (r"\bma\b(?=\s+[a-z])", "my"),
    # "no" for "not" before what it denies ("it'll no be done", "that's no really", "is it no runnin")
    (
        r"\b(ll|is|it|s|was|are|re|did|does|can|could|would|should|will)\s+no"
        r"(?=\s+(?:be|been|really|done|finished|started|sure|working|workin|running|runnin|goin|going)\b"
        r"(?!\s+(?:jobs?|runs?|tasks?|process\w*)\b))",  # (not "there was no running job")
        r"\1 not",
    ),
    # and before a state said last ("is yon job no finished yet", "it's no ready"; not "no failed jobs")
    (
        r"\bno(?=\s+(?:\w+ed|done|begun|gone|ready|over|running|working)"
        r"\s*(?:$|[.?!,;:]|\byet\b|\bat all\b))",
        "not",
    ),
    (_DROPPED_G, lambda m: m[1] + "g"),
    (r"\bdaein['’]?(?!\w)", "doing"),  # "whit's it daein": doing
    (r"\bgaun\b", "going"),  # "is it gaun tae finish": going to
    # "an" for "and" (:data:`_AN_AND`), or at a clause's end
    (_AN_AND, "and"),
    (r"\ban\b(?=\s*(?:$|[.?!,;:]))", "and"),
    (r"\b(\d+\s+)an(?=\s+\d)", r"\1and"),  # "jobs 7 an 8": and, though "an 8" is English
    # "energy an that": and so on, said after a list; nothing asked
    (r",?\s*\band that\b(?=\s*(?:$|[.?!,;:]))", ""),
    (r"(^|[.?!,;:]\s*|\b(?:and|but|so|cos)\s+)a(?=\s+(?:" + _I_VERB + r")\b)", r"\1I"),
)
_SCOTS_READ = compiled(_SCOTS)  # compiled once


def scots_read(text: str, lean: Lean | None = None) -> str:
    """A Scots message in the English words it stands for (see :data:`_SCOTS`); a message with no Scots mark
    of its own (:data:`_SCOTS_MARK`) as it was."""
    return read_where_marked(text, _SCOTS_MARK, _SCOTS_READ, lean, "scots")
