"""Swahili and Sheng (Nairobi's street mix of Swahili and English) read in English, written whole or said
inside English ("niaje, nini inarun kwa gpu saa hii?", "temp ya gpu 0 iko ngapi sasa", "simamisha job 13
tafadhali"): its question words, days and hours, a verb's subject and tense prefixes (Swahili's "ilikuwa",
"imetumia", and Sheng's on an English verb: "ime-fail", "ina-run", "ilisave", "i-retry"), the requests of a
queue, the nouns of a machine, ordinals ("gpu ya pili": the second gpu) and the small words ("ya", "na",
"kwa", "hii", "hiyo"), read only where the message shows Swahili's own words (its short shared words "na",
"ya", "sasa", "iko", "hii", "leo" are no mark)."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import (
    Lean,
    compiled,
    ing_form,
    past_form,
    read_where_marked,
)

# English verbs of the trade that Sheng puts Swahili's prefixes on ("ime-fail", "inarun", "ilisave")
_VERBS = (
    r"run|fail|crash|save|test|retry|cancel|hold|release|pause|resume|restart|start|finish|stop|load|train"
    r"|use|wait|queue|submit|print|throttle|spike|idle|die|end|log|kill|oom"
)
_NOT_TAGALOG = r"(?!\s+(?:mo|ko|natin|nyo|niyo|na|po|naman|muna|sa|lang|nga)\b)"
# Swahili's own words, none an English word nor a word of another language read here ("na", "ya", "sasa",
# "iko", "hii", "leo", "ama", "muda", "ni", "je" are others' too: no mark), and a Swahili subject and tense
# prefix on an English verb of the trade ("ime-fail", "inarun", "ilisave", "i-retry", "u-cancel")
_SWAHILI_MARK = re.compile(
    r"\b(?:niaje|nini|kwanini|mbona|lini|ngapi|gani|ipi|wapi|nani|jioni|mchana|asubuhi"
    r"|usiku|kesho|tangu|sahii|kati\s+ya|kabla\s+ya|baada\s+ya|zaidi\s+ya|chini\s+ya|juu\s+ya|saa\s+hii"
    r"|sasa\s+hivi|kwa|hiyo|hio|yake|zote|yote|pamoja|jumla|wastani|kabisa|pili|kwanza|tatu"
    r"|ingine|nyingine|mwisho|joto|stima|tafadhali|tafadhal|hapana|sawa|msee|kidogo"
    r"|muda\s+(?:gani|mrefu|mfupi)|simamisha|rudia|ngoja|iachilie|achilia|endelea|hamisha|peleka"
    r"|nionyeshe|nioneshe|onyesha|nipe|nataka|nilimaanisha|nimemaliza|hapo"
    r"|imekuwa|ilikuwa|alikuwa|zilikuwa|iko\s+(?:ngapi|wapi|kwa|aje)|ziko|ilijaribu|ilijaribiwa|ilirudiwa"
    r"|ilichukua|zilichukua|imechukua|ilipata|imekaa|imetumia|ilitumia|zimetumia|ilikula|imekula|iliisha"
    r"|iliishaje|imeisha|kuisha|kuanza|ilianza|imeanza|haijaanza|haijaisha|ilingoja|imengoja"
    r"|inangoja|inasubiri"
    r"|ilikufa|imekufa|imeanguka|ilianguka|zimeanguka|zilianguka|zimekufa|zilikufa|inakimbia|anaitumia"
    r"|anatumia|inatumia|haina|haitapata|haiko)\b"
    # (the verb whole: "analog" is English's a-na-log)
    r"|\b(?!analog)(?:i|a|zi|u)(?:me|na|li|ki|ta)-?(?:" + _VERBS + r")(?:ed|ing|s)?\b"
    # Sheng's plural prefix on an English noun ("ma-card": the cards), a reading "of" a card or job said
    # "ya" / "za" ("temp ya gpu 0", "priority ya llama-70b-eval"; Hindi's "ya" is or, between two things of
    # a kind), "ni" before an English question word ("busy ni how much"), and a question closed by "je?"
    r"|\bma-(?:card|gpu|job|process)|\bzima\s+(?=job|\d|hiyo|hio|ile)"
    r"|\b(?:temp\w*|power|util\w*|memory|energy|log|logs|priority|prio|clocks?|fan|peak|average|avg|mean"
    r"|lowest|highest|hours|readings?)\s+(?:ya|za)\s+(?:gpu|card|job|sweep|[a-z\d]+-[\w.-]+)"
    r"|\bni\s+(?=how|what|which|who|when)\b|\bje\s*\?+\s*$"
    # "i-cancel job 13", "u-retry hiyo", "i-hold" said alone (Taglish's "i-release mo", "i-retry ang X",
    # "... na lang i-run" are its own: a Swahili word or a job must follow)
    r"|\b(?:i|u)-(?:" + _VERBS + r")(?=\s+(?:job|hiyo|hio|ile|hii|tafadhali|sasa|sai|kwa)\b|\s+\d)"
    r"|^\s*(?:i|u)-(?:" + _VERBS + r")\s*[?.!]*\s*$",
    re.I,
)


def _prefixed(m: re.Match[str]) -> str:
    """A Sheng verb in English by its tense prefix: "ime-fail" failed (the perfect read as the past, as
    English asks "what failed since yesterday"), "ina-run" is running, "ilisave" saved, "iki-run" running,
    "ita-finish" will finish."""
    tense, verb = m[1].lower(), m[2].lower()
    if tense == "na":
        return "is " + ing_form(verb)
    if tense == "ki":
        return ing_form(verb)
    if tense == "ta":
        return "will " + verb
    return past_form(verb)


_ORDINALS = {"kwanza": "first", "pili": "second", "tatu": "third"}

_SWAHILI = (
    # greetings and particles that ask nothing: "niaje", "mambo", "sasa" opening a message, "aki", "maze"
    (r"^\s*(?:niaje|mambo|vipi|sasa|habari)\b[,!.]?\s*(?=\S)", ""),
    (r"\s*\b(?:maze|msee|bana|buda|aki|aih)\b[,!]?", ""),
    (r"^\s+", ""),
    (r"(^|[,.;!?]\s*)(?:poa|sawa|okay)\b[,!.]?", r"\1ok,"),
    (r"(^|[,.;!?]\s*)hapana\b[,!.]?", r"\1no,"),
    (r"\b(?:nilimaanisha|nimaanisha|namaanisha)\b", "I meant"),
    (r"\btafadhali?\b", "please"),
    # the ordinal after its noun: "gpu ya pili" (the second gpu), "job ya kwanza" (the first job); "ile
    # ingine / nyingine" (the other one)
    (
        r"\b(gpu|card|kadi|job)\s+ya\s+(kwanza|pili|tatu)\b",
        lambda m: f"the {_ORDINALS[m[2].lower()]} {m[1]}",
    ),
    (r"\b(?:ile|hiyo|hio)\s+(?:ingine|nyingine)\b|\b(?:ingine|nyingine)\b", "the other one"),
    (r"\b(?:ile\s+)?(\S+)\s+ya\s+mwisho\b", r"the last \1"),
    # question words: "saa ngapi" (what time), "mara ngapi" (how many times), "kwa muda gani" (how long),
    # "muda mrefu" (long), "kwa nini" / "mbona" (why), "X ngapi" (how much X), "X gani" (which X)
    (r"\b(?:ilikuwa|ni)\s+saa\s+ngapi\b|\bsaa\s+ngapi\s+(?:ilikuwa|hiyo|hio)\b", "what time was it"),
    (r"\bsaa\s+ngapi\b", "what time"),
    (r"\bmara\s+ngapi\b", "how many times"),
    (r"\b(?:kwa\s+)?muda\s+gani\b", "how long"),
    (r"\bmuda\s+mrefu\b", "longer"),
    (r"\b(?:kwa\s+nini|kwanini|mbona)\b", "why"),
    (r"\bjoto\s+(?:mpaka|hadi)\s+wapi\b", "how hot"),
    (
        r"\b(energy|power|stima|nguvu|memory|gpu[\s-]hours|hours|jobs|gpus|kwh|wh|watts|times)\s+ngapi\b",
        lambda m: ("how many " if m[1].lower() in ("jobs", "gpus", "times", "hours") else "how much ") + m[1],
    ),
    (r"\b(?:ni|iko|ni\s+kiasi)\s+ngapi\b", "is how much"),
    (r"\bilikuwa\s+ngapi\b", "was how much"),
    (r"\b(job|gpu|card|kadi)s?\s+ngapi\b", r"how many \1s"),  # "job ngapi": how many jobs
    (r"\bngapi\b", "how much"),
    (r"\b(gpu|card|kadi|job)\s+ipi\b", r"which \1"),  # "gpu ipi": which gpu
    (r"\b(?:ni\s+)?ipi\b", "which"),
    (r"\biko\s+([\w-]+)\s+gani\b", r"what \1 is it at"),  # "iko step gani": what step is it at
    (r"\b(?:ni\s+)?([\w-]+)\s+gani\b", r"which \1"),
    (r"\b(?:ni\s+)?nini\b", "what"),
    (r"\blini\b", "when"),
    (r"\bnani\b", "who"),
    # "ilisave checkpoint wapi": where did it save the checkpoint
    (r"\bili-?(" + _VERBS + r")\s+((?:\S+\s+){0,2}?)wapi\b", r"where did it \1 \2"),
    (r"\bwapi\b", "where"),
    (r"\b(?:iliishaje|imeishaje|ilienda\s+aje)\b", "how did it end"),
    (r"\baje\b", "how"),
    # days and hours: "leo asubuhi" (this morning), "jana jioni" (yesterday evening), "kati ya 9 na 12"
    (r"\b(?:leo\s+asubuhi|asubuhi\s+(?:hii|ya\s+leo))\b", "this morning"),
    (r"\b(?:leo\s+mchana|mchana\s+(?:huu|wa\s+leo))\b", "this afternoon"),
    (r"\b(?:leo\s+jioni|jioni\s+(?:hii|ya\s+leo))\b", "this evening"),
    (r"\bjana\s+usiku\b|\busiku\s+wa\s+jana\b", "last night"),
    (r"\bjana\s+jioni\b|\bjioni\s+ya\s+jana\b", "yesterday evening"),
    (r"\bjana\s+asubuhi\b|\basubuhi\s+ya\s+jana\b", "yesterday morning"),
    (r"\bjana\s+mchana\b", "yesterday afternoon"),
    (r"\bjana\b", "yesterday"),
    (r"\bleo\b", "today"),
    (r"\bkesho\b", "tomorrow"),
    (r"\basubuhi\b", "morning"),
    (r"\bmchana\b", "afternoon"),
    (r"\bjioni\b", "evening"),
    (r"\busiku\b", "night"),
    (r"\bkati\s+ya\s+(\S+)\s+na\s+(?=\S)", r"between \1 and "),
    (r"\btangu\b", "since"),
    (r"\bkabla\s+ya\b", "before"),
    (r"\bbaada\s+ya\b", "after"),
    (r"\b(?:sasa\s+hivi|saa\s+hii|sahii|sai)\b", "now"),
    (r"\bsasa\b", "now"),
    (r"\bsaa\s+(\d+)\b", r"\1 hours"),
    # above, below, totals, means, peaks: "juu ya 80%" (above 80%), "jumla" (in total), "wastani" (average)
    (r"\b(?:juu\s+ya|zaidi\s+ya)\b", "above"),
    (r"\bchini\s+ya\b", "below"),
    (r"\bjuu\s+kabisa\b", "highest"),
    # "sweep yote (pamoja)": the whole sweep (together); "zote pamoja" said alone: all together
    (
        r"\b(?!(?:na|ni|and|is|of|ya|za)\b)([a-z][\w-]*)\s+(?:yote|nzima|mzima)\b(\s+pamoja\b)?",
        lambda m: f"the whole {m[1]}{' together' if m[2] else ''}",
    ),
    (r"\b(?:zote|yote)\s+pamoja\b", "all together"),
    (r"\bpamoja\b", "together"),
    (r"\b(?:zote|yote)\b", "all"),
    (r"\bjumla\b", "total"),
    (r"\bwastani\b", "average"),
    # "ina joto zaidi" (is hotter), "joto zaidi" (hotter), "zaidi" alone (more)
    (r"\b(?:ina\s+|iko\s+na\s+)?joto\s+(?:zaidi|kuliko)\b", "is hotter"),
    (r"\bzaidi\b", "more"),
    (r"\bjoto\b", "temperature"),
    (r"\bstima\b", "power"),
    (r"\bnguvu(?:\s+ya\s+umeme)?\b", "power"),  # "nguvu" (strength), "nguvu ya umeme" (electric power)
    (r"\bma-(card|gpu|job)s?\b", r"the \1s"),
    # the queue's requests: "simamisha" / "zima" (cancel), "rudia" (retry), "ngoja" opening a clause (wait:
    # a correction) else hold, "iachilie" (release), "endelea" (resume), "peleka" / "hamisha" (move), "weka
    # priority ya X iwe N" (set the priority of X to N)
    (r"\bsimamisha\s+(?:queue|foleni)\b", "pause the queue"),
    (r"\b(?:simamisha|zima)\b", "cancel"),
    (r"\brudia\b", "retry"),
    (r"(^|[,.;!?]\s*)ngoja\b", r"\1wait"),
    (r"\bngoja\b", "hold"),
    (r"\b(?:iachilie|achilia)\b", "release"),
    (r"\bendelea(?:\s+na)?\b", "resume"),
    (r"\b(?:peleka|hamisha)\b", "move"),
    (r"\bweka\s+(priority|prio)\s+ya\b", r"set the \1 of"),
    (r"\bweka\b", "set"),
    (r"\biwe\b", "to"),
    (r"\bkidogo\b", "for a bit"),
    (r"\bnataka\s+ku-?", "I want to "),
    (r"\bnataka\b", "I want"),
    (r"\bnimemaliza\b", "I'm done"),
    (r"\b(?:nionyeshe|nioneshe|onyesha|nipe)\b", "show me"),
    (r"\bkitu\b", "something"),
    # Sheng's prefixes on an English verb ("ime-fail", "inarun", "ilisave", "ikirun"); "i-retry", "u-cancel"
    # (the request's "it", "you")
    (r"\bimekuwa\s+iki-?(" + _VERBS + r")\b", lambda m: "has been " + ing_form(m[1].lower())),
    (r"\b(?:ilikuwa|alikuwa)\s+ina-?(" + _VERBS + r")\b", lambda m: "was " + ing_form(m[1].lower())),
    (r"\b(?:i|a|zi|u)(me|na|li|ki|ta)-?(" + _VERBS + r")\b", _prefixed),
    # ("i-" is the object "it": "i-retry tafadhali" is retry it please, where no job is said after it)
    (
        r"\bi-(" + _VERBS + r")\b(?=\s*(?:[,.!?]|$|please\b|tafadhali\b|sasa\b|sai\b|now\b|pls\b))",
        r"\1 it",
    ),
    (r"\b(?:i|u|ku)-(" + _VERBS + r")\b" + _NOT_TAGALOG, r"\1"),
    # Swahili's own verbs: "imekuwa" (has been), "ilikuwa" (was), "ilijaribu" (tried), "imetumia" (used),
    # "ilikula" (ate: used), "ilichukua" (took), "haijaanza" (has not started), "ilingoja" (waited)
    (r"\balikuwa\s+anaitumia\b", "was using it"),
    (r"\b(?:anaitumia|inaitumia)\b", "is using it"),
    (r"\b(?:anatumia|inatumia)\b", "is using"),
    (r"\b(?:imekuwa|imekaa)\b", "has been"),
    (r"\b(?:ilikuwa|alikuwa|zilikuwa)\b", "was"),
    (r"\b(?:ilijaribu|ilijaribiwa)\b", "was tried"),
    (r"\b(?:ilirudiwa|imerudiwa)\b", "was retried"),
    (r"\b(?:zilichukua|ilichukua|imechukua)\b", "took"),
    (r"\bilipata\b", "got"),
    (r"\b(?:imetumia|ilitumia|zimetumia|ilikula|imekula)\b", "used"),
    (r"\bkuisha\b", "to finish"),
    (r"\b(?:iliisha|imeisha)\b", "ended"),
    (r"\bkuanza\b", "starting"),
    (r"\b(?:ilianza|imeanza)\b", "started"),
    (r"\bhaijaanza\b", "has not started"),
    (r"\bhaijaisha\b", "has not finished"),
    (r"\b(?:ilingoja|imengoja)\b", "waited"),
    (r"\b(?:inangoja|inasubiri)\b", "is waiting"),
    (r"\b(?:ilikufa|imekufa|imeanguka|ilianguka|zimeanguka|zilianguka|zimekufa|zilikufa)\b", "failed"),
    (r"\binakimbia\b", "is running"),
    (r"\bhaitapata\b", "won't get"),
    (r"\bhaina\b", "has no"),
    (r"\bhaiko\b", "is not"),
    (r"\bziko\b", "are"),
    (r"\biko\s+kwa\b", "is in"),
    (r"\biko\b", "is"),
    # the small words: "ya" / "za" (of), "na" (and; with after a failure: "ime-fail na nini", failed with
    # what), "kwa" (on, in), "ni" (is), "hii" (this), "hiyo" (that), "hapo" (then), "yake" (its), "ama" (or)
    (r"\b(failed|crashed|died)\s+na\b", r"\1 with"),
    (r"\b(?:ya|za|wa)\b", "of"),
    (r"\bna\b", "and"),
    (r"\bkwa\s+(?=queue|foleni|log)", "in the "),
    (r"\bkwa\b", "on"),
    (r"\bfoleni\b", "queue"),
    (r"\bni\b", "is"),
    (r"\b(\w+)\s+(?:hii|huu)\b", r"this \1"),
    (r"\b(?:hiyo|hio|hizo)\b", "that"),
    (r"\b(?:hii|huu|hizi)\b", "this"),
    (r"\bhapo\b", "then"),
    (r"\bhapa\b", "here"),
    (r"\b(before|after|kabla|baada)\s+yake\b", r"\1 it"),
    (r"\b((?:(?:lowest|highest|peak|average|avg|max|min|mean)\s+)?\S+)\s+yake\b", r"its \1"),
    (r"\byake\b", "its"),
    (r"\bile\b", "that"),
    (r"\bama\b", "or"),
    (r"\bbado\s+(is|was|has)\b", r"\1 still"),  # "bado inangoja": still waiting
    (r"\bbado\b", "yet"),
    (r"\bndio\b", "yes"),
    (r"\bmara\b", "times"),
    (r"\bjuu\b", "up"),
    (r"\bmpaka\b|\bhadi\b", "until"),
    (r"\s*\bje\b", ""),
    (r"\s+(?=[?.!,;:])", ""),
)
_SWAHILI_READ = compiled(_SWAHILI)  # compiled once


def swahili_read(text: str, lean: Lean | None = None) -> str:
    """A Swahili or Sheng message in English (see :data:`_SWAHILI`); a message with no Swahili mark of its
    own (:data:`_SWAHILI_MARK`) as it was."""
    return read_where_marked(text, _SWAHILI_MARK, _SWAHILI_READ, lean, "swahili")
