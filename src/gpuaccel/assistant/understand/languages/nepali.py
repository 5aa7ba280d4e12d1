"""Nepali in Latin letters (as Kathmandu types it on a phone: Nepali with English words of the trade mixed
in), read in English where the message has marks of its own (:func:`nepali`): "gpu 0 ko temp kati chha
aile" (what is GPU 0's temperature now), "job 5 kina fail bhayo" (why did job 5 fail), "job 11 lai pause
gardeu" (pause job 11). Nepali puts the verb last and its postpositions after the noun ("gpu 0 ko": of GPU
0, "gpu 0 ma": on GPU 0, "h100 le": by the H100, "job 11 lai": to job 11, "9 dekhi 11 samma": from 9 to
11), and a writer spells its words as they sound, no two alike ("bhayo"/"vayo", "chha"/"cha"/"xa",
"ahile"/"aile"), so each word is read in all its spellings. Its short words are every other language's
("ko", "ma", "le", "ta", "ni", "na", "ra"), so none marks a message as Nepali alone; the words it says as
Hindi does ("baje", "ghanta", "wala") are read by Hindi's own table (:data:`hindi.CLOCK_WORDS`,
:data:`hindi.WALA`)."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.hindi import CLOCK_WORDS, WALA
from gpuaccel.assistant.understand.languages.tables import (
    REQUEST_VERBS,
    Lean,
    compiled,
    it_or,
    past_form,
    read_where_marked,
)

# its spellings, as a phone types them: "bh" or "v" ("bhayo", "vayo"), "chh", "ch" or "x" ("chha", "cha",
# "xa"), "h" kept or dropped ("ahile", "aile"), a vowel doubled or not ("aaja", "aja")
_BH = r"(?:bh|v)"
_CHH = r"(?:chh|ch|x)"
_IS = rf"(?:{_CHH}aa?)"  # "chha", "cha", "xa": is
_IS_NOT = rf"(?:{_CHH}aina|{_CHH}ain|{_CHH}ena)"  # "chaina", "xaina": is not
_WAS = r"(?:thiyo|thyo|thiye|thio)"
_BECAME = rf"(?:{_BH}a?y[oe])"  # "bhayo", "vayo", "bhaye" (they became): became, happened
_BECOME = rf"(?:{_BH}a(?:e|i)?ko|{_BH}ako)"  # "bhako", "vako", "bhaeko": become, happened (its perfect)

# Nepali's own words, none an English word nor another language's (its short words "ko", "ma", "le", "lai",
# "ta", "ni", "na", "ra", "ani", "cha", "ho", "k", "kun" are others', Swahili says "kati ya" (between), Hindi
# "dekhi" (saw) and "chale" (they went), Italian "gara" (race), Spanish "hola", Indonesian "sama" (with),
# Ghana's "chale" (mate)): question words, days and parts of the day, its verbs ("chha", "thiyo", "bhayo",
# "garyo", "chalyo", "khayo", "lagyo") and requests ("gardinu", "gardeu")
_MARK = re.compile(
    r"\b(?:kati(?!\s+ya\b)|kina|kaile|kahile|kasle|kasto|kasari|kahaa"
    r"|aaja|hijo|bholi|aile|ahile|aahile|ahle|bihana|bihan|beluka|diuso|raati|samma"
    rf"|chha|{_IS_NOT}|{_WAS}|{_BECAME}|{_BECOME}|{_BH}airacha|{_BH}airako|{_BH}aira(?:he)?ko|hunu|huncha"
    r"|garyo|gareko|garera|garnu|garna|garne|gardinu|gardinus|gardeu|gardiu|gardey|garideu|garidinu"
    r"|gardina|garidinus|chalyo|chaleko|chalirako|chaliraheko|chalirakheko|chaldai|chalaune|chalaunu|chalau"
    r"|pugyo|pugla|pugeko|khayo|khadai|khaeko|lagyo|lagcha|lageko|aayo|lekheko|lekhyo|dekhau"
    r"|dekhaunu|dekhaideu|dekhaidinu|milcha|sakcha|sakiyo|chaidaina|chahidaina|chaincha|ghumiracha"
    r"|jharidinu|jhardeu|jharideu|ghataideu|ghataidinu|badhaideu|badhaidinu|banaideu|banaidinu|milaideu"
    r"|milaidinu|rakhideu|rakhidinu|vaneko|bhaneko|maile|hoina"
    r"|tesko|tesma|teslai|yesko|yesma|yeslai|euta|eutaa|choti|patak|ekchin|ekchhin|feri|pheri"
    r"|sabai|sabbai|timi|tapai|tapain|agadi|pachi|pachhi|bhanda|vanda|kurdai|kureko|ajhai|ahilesamma|taato"
    r"|chiso|chalaideu|chalaidinu)\b",
    re.I,
)

# a request's ending: "gar" (do), "gara", "garnu"/"garnus" (please do), "gardinu"/"gardeu"/"garideu" (do it
# for me), "gardina" (for me, as in "gardina milcha": can you do it); not "garnu cha" (it must be done)
_DO = (
    r"(?:gar(?:i)?d(?:inu(?:s|hos)?|eu|iu|ey|enu|ina)|garnu(?:s|hos)?(?!\s+(?:cha|chha|xa|parcha|parne)\b)"
    r"|gara|gar)\b"
)
# what a request acts on, said before its verb (with "lai", to): a job by its number or its name, the whole
# queue, or "tyo"/"yo" (that, this: it)
_PRONOUNS = ("tyo", "yo", "teslai", "yeslai", "tyo job", "yo job")
_THING = r"(?:the whole queue|job\s+\d+|\d+|[a-z][\w.]*-[\w.-]+|tyo(?:\s+job)?|yo(?:\s+job)?|teslai|yeslai)"
_ADVERB = r"(?:ekchin|ekchhin|ali|feri|pheri|ahile|aile|abo|aba)"
_REQUEST = rf"{REQUEST_VERBS}|switch|swap|release"
# the English verbs said with Nepali's "became" ("fail bhayo": it failed, "cancel vako": was cancelled)
_HAPPENED = "fail|crash|cancel|start|finish|succeed|stop|kill|pause|hold|release"
# the other English verbs a writer says last with Nepali's "do" ("driver update gardina", "temp predict
# gardinu")
_ENGLISH_VERBS = "update|upgrade|install|reboot|check|compare|predict|guess|show|explain|tell"


def _said(thing: str | None) -> str:
    """What a request acts on as English says it: "it" where nothing is said or a pronoun is ("tyo": that)."""
    return it_or(thing, _PRONOUNS) if thing else "it"


def _request(m: re.Match[str]) -> str:
    """ "job 11 lai ekchin pause gardeu" (pause job 11 for a moment), "feri retry gardinu" (retry it again),
    "tyo retry gar" (retry it): the verb said last is put first, with what it acts on."""
    said = _said(m["thing"])
    adverbs = (m["adverbs"] or "").lower().split()
    after = " for a moment" if {"ekchin", "ekchhin"} & set(adverbs) else ""
    after += " again" if {"feri", "pheri"} & set(adverbs) else ""
    return f"{m['verb'].lower()} {said}{after}"


def _became(m: re.Match[str]) -> str:
    """ "fail bhayo" (it failed), "crash vayo" (crashed), "cancel vako" (was cancelled): an English verb said
    with Nepali's "became"."""
    return past_form(m[1].lower())


_TABLE = compiled(
    (
        # the speaker's asides: "dai", "didi" (brother, sister), "bro", "hajur" (sir); "hai", "na", "la"
        # closing a clause (ok?, please, there) ask nothing ("ni" and "ta" are read with English's: spoken)
        (r"\b(?:dai|didi|bro|hajur)\b,?", ""),
        (r"\s*\b(?:hai|na|la|ke re|re)\b(?=\s*(?:[?!.,;]|$))", ""),
        # a correction: "13 vaneko maile" (I meant 13), "maile 13 bhaneko"; "haina"/"hoina" (no) first
        (r"^\W*(?:haina|hoina)\b", "no"),
        (r"\b([\w-]+(?:\s+\d+)?)\s+(?:vaneko|bhaneko)(?:\s+ho)?\s+(?:maile|mailey)\b", r"i meant \1"),
        (r"\b(?:maile|mailey)\s+([\w-]+(?:\s+\d+)?)\s+(?:vaneko|bhaneko)\b", r"i meant \1"),
        # the whole queue: "sabai queue" (all the queue)
        (r"\b(?:sabai|sabbai|pura|puro)\s+queue\b", "the whole queue"),
        # requests: "X lai pause gardeu", "tyo retry gar", "feri retry gardinu na"
        (
            rf"\b(?:(?P<thing>{_THING})\s+(?:lai\s+)?)?(?P<adverbs>(?:{_ADVERB}\s+)*)(?P<verb>{_REQUEST})\s+{_DO}",
            _request,
        ),
        # a job's setting said with the value it is to be: "job 13 ko memory 40000 MiB ma jharidinu" (lower
        # job 13's memory to 40000 MiB), "priority 5 banaideu" (make it 5), "1 gpu ma chalaune garideu" (have
        # it run on 1 GPU)
        (
            r"\b(?:(?P<job>job\s+\d+|[a-z][\w.]*-[\w.-]+)\s+(?:ko\s+)?)?(?P<what>memory|mem|priority|prio)\s+"
            r"(?P<value>\d+(?:\s*(?:mib|gib|mb|gb))?)\s+(?:ma\s+)?(?:jhar|ghata|badha|bana|mila|change\s+gar|rakh)"
            r"\w*",
            lambda m: f"set the {m['what'].lower()} of {m['job'] or 'it'} to {m['value']}",
        ),
        (
            rf"\b(?:(?P<thing>{_THING})\s+(?:lai\s+)?)?(?P<n>\d+)\s+(?P<gpus>gpus?)\s+(?:ma|maa)\s+(?:matra\s+)?"
            rf"chala(?:une|unu|au|ideu|idinu|idinus)\b\s*(?:{_DO})?(?:,?\s*change\s+{_DO})?",
            lambda m: f"change {_said(m['thing'])} to use {m['n']} {m['gpus']}",
        ),
        # "nvidia driver update gardina milcha timi le?" (can you update the nvidia driver for me?): an
        # English verb said last, asked of the assistant ("timi le": you), and any other English verb said
        # last in a request ("temp predict gardinu": predict the temperature)
        (
            r"^(.{1,80}?)\s+([a-z]+)\s+(?:gar(?:i)?dina|garna)\s+(?:milcha|milxa|sakchau|sakchhau|sakxau"
            r"|sakincha|sakinchha|sakinxa)\b(?:\s+(?:timi|tapai|tapain)(?:\s*le)?)?",
            r"can you \2 \1",
        ),
        (rf"^(.{{1,80}}?)\s+({_ENGLISH_VERBS})\s+{_DO}", r"\2 \1"),
        # how a job went: "fail bhayo" (failed), "cancel vako" (was cancelled), "start vako chaina" (has not
        # started), "busy bhako" (was busy)
        (rf"\bstart\s+(?:{_BECOME}|{_BECAME})\s+{_IS_NOT}\b", "has not started"),
        (rf"\b(?:chaldai|chaleko)\s+{_IS_NOT}\b", "is not running"),
        # "fail vako thiyo" (had failed), "kina vayo" (why did it happen)
        (
            rf"\b({_HAPPENED})\s+{_BECOME}\s+{_WAS}\b",
            lambda m: f"had {past_form(m[1].lower())}",
        ),
        (rf"\bkina\s+(?:{_BECAME}|{_BECOME})\b", "why did it happen"),
        (rf"\b({_HAPPENED})\s+(?:{_BECAME}|{_BECOME})\b", _became),
        (rf"\b(busy|idle|free|khali)\s+(?:{_BECAME}|{_BECOME})\b", r"\1"),
        # "cancel hunu agadi" (before being cancelled)
        (
            r"\b(fail|crash|cancel|start)\s+hunu\s+(?:agadi|aghi|vanda\s+agadi|bhanda\s+agadi)\b",
            lambda m: f"before it {past_form(m[1].lower())}",
        ),
        (r"\baba\s+(?:chaidaina|chahidaina)\b", "no longer needed"),
        (rf"\b(?:k|ke|kye)\s+(?:lekheko|lekhiyeko)\s+{_WAS}\b", "what was written"),
        (rf"\b(?:k|ke|kye)\s+(?:lekheko|lekhiyeko)\s+{_IS}\b", "what is written"),
        # "tesko log ma k cha" (what is in its log)
        (rf"\b((?:tesko\s+|yesko\s+)?[\w-]+)\s+(?:ma|maa)\s+(?:k|ke|kye)\s+{_IS}\b", r"what is in \1"),
        # how long: "kati vayo chaleko" (how long has it been running), "kati vayo wait gareko" (waiting)
        (
            rf"\bkati\s+(?:{_BECAME}|{_BECOME})\s+(?:chaleko|chalirako|chaliraheko)\b",
            "how long has it been running",
        ),
        (
            rf"\bkati\s+(?:{_BECAME}|{_BECOME})\s+(?:wait\s+gareko|kureko|kurdai)\b",
            "how long has it been waiting",
        ),
        (r"\bkati\s+(?:time|samaya|samay|bela|ber)\s+(?:chalyo|chaleko)\b", "how long did it run"),
        (r"\bkati\s+(?:time|samaya|samay|bela|ber)\s+(?:lagyo|lageko)\b", "how long did it take"),
        (r"\bkati\s+(?:time|samaya|samay|bela|ber)\b", "how long"),
        (r"\bkati\s+ghanta\b", "how many hours"),
        (rf"\bkati\s+(?:chaleko\s+{_WAS}|chalisakeko\s+{_WAS})\b", "how long had it run"),
        (r"\bkati\s+chalyo\b", "how long did it run"),
        (r"\bkati\s+(?:lagyo|lageko)\b", "how much did it take"),
        (r"\bkati\s+(?:ma|maa)\b", "at what"),
        (r"\bkati\s+(?:choti|patak|palta|pali)\b", "how many times"),
        (r"\bkati\s+(?:ota|wata|vota)\b", "how many"),
        # readings' extremes: "peak kati pugyo" (how high did the peak reach)
        (r"\b(?:sabai\s+bhanda|sabai\s+vanda|sabse)\s+(?:taato|tato)\b", "the hottest"),
        (r"\b(?:sabai\s+bhanda|sabai\s+vanda|sabse)\s+chiso\b", "the coolest"),
        (r"\b(?:sabai\s+bhanda|sabai\s+vanda|sabse)\s+(?:dherai|badi|jyada)\b", "the most"),
        (r"\b(?:sabai\s+bhanda|sabai\s+vanda|sabse)\s+lamo\b", "the longest"),
        (r"\b(?:taato|tato)\b", "hot"),
        (r"\bchiso\b", "cool"),
        (r"\b(?:sabai\s+bhanda|sabai\s+vanda|sabse)\s+kam\b", "the least"),
        # spans and moments: "hijo raati" (last night), "aaja bihana" (this morning), "9 dekhi 11 samma"
        # (from 9 to 11), "aile samma" (so far), "kaile dekhi" (since when)
        (r"\bhijo\s+(?:raati|rati|raat)\b", "last night"),
        (r"\bhijo\s+(?:bihana|bihan)\b", "yesterday morning"),
        (r"\bhijo\s+(?:beluka|belka)\b", "yesterday evening"),
        (r"\b(?:aaja|aja|aaj)\s+(?:bihana|bihan)\b", "this morning"),
        (r"\b(?:aaja|aja|aaj)\s+(?:beluka|belka)\b", "this evening"),
        (r"\b(?:bihana|bihan)\b", "this morning"),
        (r"\b(?:beluka|belka)\b", "this evening"),
        (r"\b(?:diuso|diunso)\b", "this afternoon"),
        (r"\b(?:raati|rati)\b", "last night"),  # the night before (no reading is of the night to come)
        (r"\bhijo\s+ko\b", "yesterday's"),
        (r"\bhijo\b", "yesterday"),
        (r"\b(?:aaja|aja)\s+ko\b", "today's"),
        (r"\b(?:aaja|aja)\b", "today"),
        (r"\bbholi\b", "tomorrow"),
        (
            rf"\b(?:kaile|kahile)\s+dekhi\s+(idle|busy|free|khali|running|down)\s+{_IS}\b",
            r"since when is it \1",
        ),
        (r"\b(?:kaile|kahile)\s+dekhi\b", "since when"),
        (r"\b(?:aile|ahile|aahile|ahle)\s*(?:samma|sama)\b|\bahilesamma\b", "so far"),
        (r"\bajhai\s+(?:samma|sama)\b|\bajhai\b", "still"),
        (r"\b(?:aile|ahile|aahile|ahle)\b", "now"),
        (
            r"\b(\d{1,2}(?::\d\d)?)\s+(?:baje\s+)?(?:dekhi|bata)\s+(\d{1,2}(?::\d\d)?)\s+(?:baje\s+)?(?:samma|sama)\b",
            r"from \1 to \2",
        ),
        *CLOCK_WORDS,
        (r"\b(?:tyo|yo)\s+(?:1|ek)\s+hour\s+(?:ma|maa)\b", "in that hour"),
        (r"\b(?:tyo|yo)\s+(\d+)\s+hours?\s+(?:ma|maa)\b", r"in those \1 hours"),
        # a span or a place said before "ma" (in): "last 1 hr ma" (in the last hour), "queue mai" (in the
        # queue), "log ko last ma" (last in the log), "sabai attempt ma" (over all attempts)
        (r"\b(last\s+\d+\s*(?:hrs?|hours?|mins?|minutes?|days?))\s+(?:ma|maa)\b", r"in the \1"),
        (r"\b(log|output)\s+(?:ko\s+)?(?:last|antim|anti)\s+(?:ma|maa)\b", r"last in the \1"),
        (r"\b(?:sabai|sabbai)\s+(attempt|try|retry|run)s?\s+(?:ma|maa)\b", r"over all \1s"),
        (r"\b(queue|log|server|list|history)\s+(?:ma|maa|mai)\b", r"in the \1"),
        (r"\b(?:tyo|yo)\s+(?:bela|samaya|time)\b", "then"),
        *WALA,
        # question words
        (r"\b(?:kaile|kahile)\b", "when"),
        (r"\bkina\b", "why"),
        (r"\bkasle\b", "who"),
        (r"\bkasto\b", "how"),
        (r"\bkasari\b", "how"),
        (r"\b(?:kahaa|kaha)\b", "where"),
        (r"\bkun\b", "which"),
        (r"\bkati\b", "how much"),
        (r"\b(?:k|ke|kye)\s+(?:k|ke|kye)\b", "what"),  # "k k" (what things)
        (r"\b(?:k|kye)\b", "what"),
        # verbs, states and how a run went
        (rf"\b(?:chalirako|chaliraheko|chaldai)\s+{_IS}\b|\bchalirachha\b|\bchaliracha\b", "is running"),
        (rf"\b(?:chaleko|chalirako)\s+{_WAS}\b", "had run"),
        (r"\b(?:chalyo|chale)\b", "ran"),
        (r"\b(?:chaleko|chalirako|chaliraheko|chaldai)\b", "running"),
        (rf"\bwait\s+(?:gardai|garirako)\s+{_IS}\b", "is waiting"),
        (r"\bwait\s+(?:gareko|garyo)\b", "waited"),
        (r"\btry\s+(?:garyo|gareko)\b", "tried"),
        (rf"\buse\s+(?:{_BH}airacha|{_BH}airako|{_BH}ai\s*raheko|{_BH}ako|gareko|garyo)\b", "used"),
        (rf"\b(?:khadai|khairako)\s+{_IS}\b", "is using"),
        (r"\b(?:khayo|khaeko|khako)\b", "used"),
        (rf"\bghumirak?o?\s*{_IS}\b|\bghumiracha\b", "is spinning"),
        (r"\b(?:pugyo|pugeko)\b", "reached"),
        (r"\bpugla\b", "will reach"),
        (r"\b(?:lagyo|lageko)\b", "took"),
        (r"\blagcha\b", "takes"),
        (r"\baayo\b", "came"),
        (r"\bgayo\b", "went"),
        (r"\b(?:lekheko|lekhyo)\b", "written"),
        (r"\b(?:dekhau|dekhaunu|dekhaideu|dekhaidinu|dekhaunus)\b", "show"),
        (r"\bsakiyo\b", "done"),
        (r"\b(?:chaidaina|chahidaina)\b", "not needed"),
        (rf"\bgarnu\s+(?:{_IS}|parcha|parne)\b", "must be done"),
        (rf"\b{_BH}airacha\b|\b{_BH}airako\b", "is"),
        (rf"\b{_WAS}\b", "was"),
        (rf"\b{_IS_NOT}\b", "is not"),
        (rf"\b{_IS}\b", "is"),
        (rf"\b(?:{_BECAME}|{_BECOME})\b", "happened"),
        (r"\s*\bho\b(?=\s*(?:[?.!,]|$))", ""),
        (r"\bho\b", "is"),
        # the small words, once the phrases above have read what they open
        (r"\b(?:tesko|yesko)\b(?=\s*[?.!]*\s*$)", "of it"),
        (r"\b(?:tesko|yesko)\b", "its"),
        (r"\b(?:tesma|yesma)\b", "in it"),
        (r"\b(?:teslai|yeslai)\b", "it"),
        (r"\btyo\b", "that"),
        (r"\b(?:euta|eutaa|ek\s*ta)\b", "one"),
        (r"\b(?:sabai|sabbai)\b", "all"),
        (r"\b(?:jamma|total\s+ma)\b", "total"),
        (r"\b(?:feri|pheri)\b", "again"),
        (r"\b(?:ekchin|ekchhin)\b", "for a moment"),
        (r"\b(?:agadi|aghi)\b", "before"),
        (r"\b(?:pachi|pachhi)\b", "after"),
        (r"\b(?:bhanda|vanda)\b", "than"),
        (r"\bdekhi\b", "since"),
        (r"\b(?:samma|sama)\b", "until"),
        (r"\s*\bchai\b", ""),
        (r"\baba\b", "now"),
        (r"\bpani\b", "too"),
        (r"^\W*(?:ani|ra)\b", "and"),
        (r"\b(?:ani|ra)\b", "and"),
        # postpositions, last: "ko" (of), "le" (by), "lai" (to), "ki" (or), "ma"/"mai" (in, on)
        (r"\s*\b(?:ko|le|lai)\b", ""),
        (r"\bki\b", "or"),
        (r"\b((?:gpu|card)\s*\d+|h100|4090|a100)\s+(?:ma|maa)\b", r"on \1"),
        (r"\b(?:ma|maa|mai)\b", "in"),
    )
)


def nepali_marked(text: str) -> bool:
    """Whether ``text`` shows Nepali's marks (:data:`_MARK`)."""
    return bool(_MARK.search(text))


def nepali(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Nepali (:data:`_MARK`), or where the conversation leans to it ("ra
    4090 le?" after Nepali turns); else as it was."""
    return read_where_marked(text, _MARK, _TABLE, lean, "nepali")
