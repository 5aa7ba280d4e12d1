"""Taglish (Tagalog mixed into English, as Manila writes it) read in English where the message has Tagalog
marks of its own: its question words, its verbs (English stems in Tagalog prefixes: "nag-fail", "naka-run",
"na-cancel"), its polite requests ("pa-retry naman", "i-release mo"), its days, and the particles that say
nothing a reader needs ("po", "naman", "lang", "ba", "na", "yung"). Cebuano (Bisaya, as Cebu writes it into
the same Taglish: "unsa ang nagdagan sa GPU 0 karon?") is read here too, not in a module of its own: one
message mixes both ("gaano katagal ... ug pila ang energy?"), and they share their markers ("ang", "sa",
"niya", "na"), so its words are said as Tagalog's or English first and the rules below read the rest."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import (
    Lean,
    compiled,
    ing_form,
    past_form,
    reads,
    translated,
)

# Tagalog's own words, never a word of Spanish, Italian, Portuguese, Hindi or Dutch (which share short ones:
# "na", "sa", "pa", "ba", "ko", "ano", "sino", "dito", "lang", "wala", "pala" are no mark); "po" only after an
# English word of a question or a greeting ("what time po?", "hi po"; not Italian "un po", Chilean "sí po")
_TAGALOG_MARK = re.compile(
    r"\b(?:yung|naman|ngayon|ngayong|kanina|kaninang|kahapon|kagabi|mamaya|gaano|katagal|bakit|kailan|ilang"
    r"|anong|saang|aling|siya|sya|niya|nya|sila|natin|namin|ako|doon|diyan|muna|kasi|talaga|diba|sige|wag"
    r"|huwag|salamat|mga|ng|nung|noong|kailangan|nangyari|pakita|patingin|ulit|tapos|gumagamit|gumamit"
    r"|ginagamit|tumatakbo|tumakbo|naghihintay|naghintay|nagsimula|natapos|uminit|umabot|pinakamataas"
    r"|pinakamainit|pinakamababa|kelan|paano|kumusta|kamusta|meron|magkano|kuryente|nagamit|bkt|pasulat|pagawa"
    r"|walang|naayos|taasan|babaan)\b"
    # Cebuano's own words ("pila" alone is Spanish's too, "asa", "duha", "nato" other languages': no mark)
    r"|\b(?:unsa|unsay|unsaon|ngano|nganong|kinsa|kanus-a|tanan|karon|karong|adlaw|ganina|gahapon|kagahapon|gabii|buntag"
    r"|palihug|kaayo|murag|maayo|nagsugod|nisugod|nagdagan|nagadagan|gadagan|nidagan|sukad|taasi|ubsi"
    r"|pinakaubos|pinakataas|dugay|naghulat|nagahulat)\b|\bpila\s+(?:ka|ang|man)\b"
    r"|\b(?:ug|og)\s+(?:ang|sa|pila|unsa)\b"  # "ug ang GPU 1?": and GPU 1 ("ug" alone is no mark)
    r"|\b(?:cancel|kill|hold|release|pause|resume|retry|rerun|restart)\s+(?:mo\s+)?na\s+(?:lang|muna)\b|\bnalang\b"
    r"|\blang\s+pala\b"  # "kill na lang po" (Dutch's "na lang" follows no English verb of the trade)
    r"|\b(?:nag|naka|mag|pa|paki)-[a-z]{3,}"  # "nag-fail", "naka-run", "pa-retry" ("na-" is Dutch's too)
    r"|\bi-[a-z]{3,}\s+(?:mo|ko|natin|nyo|niyo|na|po|naman|muna|sa)\b"  # "i-release mo", Cebuano "i-hold sa"
    r"|\bnag(?:s|sa|re)?(?:fail|crash|start|run|stop|error|submit|retry)\w*"  # "nagfail", "nagsstart"
    r"|\b(?:hi|hello|thanks|thank you|ok|okay|yes|sorry|please|pls|what|when|which|who|where|why|how)\b"
    r"[^.?!\n]{0,40}?(?<!\bun )\bpo\b(?!['’])",
    re.I,
)

# the particles a request carries between its verb and its object ("pa-retry naman po ng job 5")
# ("sige i-retry nato": Cebuano's "let's"; a whole word, not "na" of "nato")
_SOFT = r"(?:\s+(?:mo|ko|natin|nato|nyo|niyo|naman|na|lang|po|muna|nga|please|pls|ulit)\b)*"
_OBJECT = r"(?:\s*(?:ng|yung|iyong|ang|si|kay|sa)\b)?"


def _state(verb: str) -> str:
    """What "naka-" says of a verb: the state it leaves ("naka-run" running, "naka-hold" held)."""
    states = {"run": "running", "throttle": "throttling", "idle": "idle", "queue": "queued", "hold": "held"}
    return states.get(verb, past_form(verb))


def _job_number(m: re.Match[str]) -> str:
    """A bare number after "yung" in a question of a job ("bkt d pa tumatakbo yung 12?"): job 12; kept
    where the message names a GPU or a card ("temp ng GPU 0 at yung 1?": GPU 1) or no verb of a job."""
    if re.search(r"\b(?:gpu|card)s?\b", m.string, re.I) or not _JOB_VERB.search(m.string):
        return m[0]
    return f"job {m[1]}"


_JOB_VERB = re.compile(
    r"(?:start|run|fail|crash|cancel|queue|wait|hintay|antay|finish|tapos|submit|retry|hold|release|pause"
    r"|resume|kill|log|error)",
    re.I,
)


def _request(m: re.Match[str]) -> str:
    """A polite request in English, its object kept: "pa-retry naman ng job 5" please retry job 5."""
    again = " again" if re.search(r"\bulit\b", m[2], re.I) else ""
    return f"please {m[1].lower()}{again} "


def _request_of_it(m: re.Match[str]) -> str:
    """A polite request said of nothing ("pa-retry na lang po", "i-release mo na lang ulit"): said of the
    job talked about, "it"."""
    again = " again" if re.search(r"\bulit\b", m[2], re.I) else ""
    return f"please {m[1].lower()} it{again}{m[3]}"


_TAGLISH = compiled(
    (
        # Cebuano said as Tagalog, the rules below read it: "unsa" (ano), "unsay" (ano ang), "pila ka" (ilang:
        # how many), "pila ang energy" (how much; "sa pila" is Tagalog's queue), "nagdagan" (tumatakbo),
        # "karon adlaw" (today), "ganina" (kanina), "gahapon" (kahapon), "gabii" (gabi), "ug" (and)
        (r"\b(?:unsa|ano)(?:y|ng)?\s+(?:ang\s+)?command\b", "what is the command"),  # "unsa command pag-X"
        (r"\bunsay\b", "ano ang"),
        (r"\bunsa\b", "ano"),
        (r"\bngano(?:ng)?\b", "bakit"),
        (r"\bkinsa(?:y)?\b", "sino"),
        (r"\bkanus-?a\s+(?:to|kadto|ato)\b", "when was that"),  # "kanus-a to?": when was that
        (r"\bkanus-?a\b", "kailan"),
        # "asa mas init, GPU 0 o GPU 1?" (which is hotter, GPU 0 or GPU 1); "gahapon ug karon" (and today)
        (r"\basa\b(?=\s+(?:ang\s+)?mas\b)", "which"),
        (r"\bo\b(?=\s+(?:gpu|card)\b)", "or"),
        (r"\b((?:ka)?gahapon)\s+(?:ug|og)\s+karon\b", r"\1 and today"),
        (r"\bunsaon(?:\s+pag)?\b", "how to"),
        (r"\b(?:nagsugod|nisugod|nagsugdan)\b", "nagsimula"),
        # "pila ka dugay tanan nagdagan?" said of the job talked about: how long did it run in all
        (r"\bdugay\s+tanan\s+(?:nagdagan|nidagan)\b(?=\s*(?:[?.!]|$))", "dugay did it run in all"),
        (r"\btanan\b", "lahat ng"),
        (r"\bugma\b", "bukas"),
        (r"\bpila\s+(?:na\s+)?ka\b", "ilang"),  # "pila na ka dugay": how long now
        (r"\bpila\s+(?:ang|man)\b", "how much"),
        # "pila energy sa GPU 1?": a question's first word before its noun, how much ("sa pila": the queue)
        (r"(?:^|(?<=[,.?!;]\s))\s*pila\b(?!\s+(?:na\s+)?(?:ka|ang|man)\b)", "how much"),
        # "pila ka dugay" (how long), "mas dugay" (longer), "nilapas sa 600W" (above 600 W)
        (r"\bilang\s+dugay\b", "how long"),
        (r"\bmas\s+dugay\b", "longer"),
        (r"\b(?:naghulat|nagahulat|gahulat|nag-?huwat)\b", "naghihintay"),  # "siya naghulat": waiting
        (r"\b(?:ni|mi)?lapas\s+(?:sa\s+)?(?=\d)", "above "),
        # "ganinang buntag" (earlier this morning), "sukad alas 12" (since 12:00)
        (r"\bganina(?:ng)?\s+buntag(?:a)?\b", "this morning"),
        (r"\bsukad\b", "since"),
        (r"\balas\s+(\d{1,2})\b(?!:)", r"\1:00"),
        # "i-hold sa ang X" (hold X first, for now): Tagalog's "muna", which the requests below drop
        (r"\bi-([a-z]{3,})\s+sa\b(?=\s+(?:ang|si|ug|nang)\b)", r"i-\1 muna"),
        # "taasi/ubsi iyang priority" (raise / lower its priority); "pag-resume" (to resume)
        (r"\btaasi\b", "raise"),
        (r"\bubsi\b", "lower"),
        (r"\biyang\b", "its"),
        # "human" (after) says nothing more; said of nothing, of the job talked about ("to resume it")
        (r"\bpag-([a-z]{3,})\b(?:\s+human\b)?(?=\s*(?:[?.!]|$))", r"to \1 it"),
        (r"\bpag-([a-z]{3,})\b(?:\s+human\b)?", r"to \1"),
        (r"\bpinaka-?ubos\b", "lowest"),
        (r"\bpinaka-?taas\b", "highest"),
        (r"\bmas\s+init\b", "hotter"),
        (r"\b(?:nagdagan|nagadagan|gadagan|nidagan)\b", "tumatakbo"),
        (r"\bkarong\s+buntag(?:a)?\b|\bkaron\s+buntag\b", "this morning"),
        (r"\bkaron(?:g)?\s+(?:nga\s+)?adlaw(?:a)?\b", "today"),
        (r"\b(?:karon|ron)\b", "ngayon"),
        (r"\bganina\b", "kanina"),
        (r"\b(?:ka)?gahapon\b", "kahapon"),
        (r"\bgabii\b", "gabi"),
        (r"\b(?:ug|og)\b", "and"),
        (r"\bpalihug\b,?", "please"),
        (r"\s*\bdiay\b", ""),  # "unsa diay ...?": a particle (so, then) that says nothing a reader needs
        # a question of advice ("unsa maayo na thermal paste", "anong magandang paste"): what is a good one;
        # "murag init kaayo" (it seems very hot)
        (r"\bano(?:ng)?\s+(?:ang\s+)?(?:maayo|maganda)(?:\s+na\b|ng\b)?", "what is a good"),
        (r"\b(?:maayo|magandang|maganda)\b", "good"),
        (r"\bmurag\b", "it seems"),
        (r"\binit\s+kaayo\b", "very hot"),
        (r"\bkaayo\b", "very"),
        # to raise or lower a job's priority ("taasan ang priority ng job 5", "babaan ang prio sa X")
        (r"\btaasan\b", "raise"),
        (r"\bbabaan\b", "lower"),
        (r"\b(priority|prio)\s+(?:sa|ng|ni|nang)\s+(?!-?\d+\b)", r"\1 of "),
        # "naayos ko na yung CUDA_HOME": I fixed the CUDA_HOME (a reason said after a request)
        (r"\bnaayos\b", "fixed"),
        (r"\bwalang\b", "no"),
        (r"\b(?:pag|sa)\s+gabi\b", "at night"),
        # a span of last night by the clock ("kagabi from 10pm to 6am"): from 10pm yesterday to 6am, so the
        # hours said are read, not the whole of last night
        (
            r"\bkagabi\s+(?:from|mula)\s+(\d{1,2}(?::\d\d)?\s*pm)\s+(?:to|until|hanggang)\s+"
            r"(\d{1,2}(?::\d\d)?\s*am)\b",
            r"from \1 yesterday to \2",
        ),
        (
            r"\b(?:from|mula)\s+(\d{1,2}(?::\d\d)?\s*pm)\s+(?:to|until|hanggang)\s+(\d{1,2}(?::\d\d)?\s*am)"
            r"\s+kagabi\b",
            r"from \1 yesterday to \2",
        ),
        (r"\bpara\s+sa\b", "for the"),
        # "sa server room": in the room ("on server room" reads as a server of a cluster)
        (r"\bsa\s+(?=(?:server\s+)?(?:room|office|lab)\b)", "in the "),
        # "pila ang energy nga nagamit?" said of the job talked about: how much did it use
        (r"\bnga\s+(?:nagamit|nagamit\s+niya)(?=\s*(?:[?.!]|$))", "did it use"),
        (r"\b(?:sa\s+)?duha(?:\s+ka)?\s+(card|gpu|job)s?\b", r"both \1s"),  # "sa duha ka card": both cards
        (r"\bpinaka-?init\b", "hottest"),
        # greetings, thanks, interjections ("hi po,", "ay wag na pala": never mind)
        (r"\b(?:ay|eh|hehe+|haha+|sige|grabe)\b[,.!]?\s*", ""),
        (r"^\s*e\s+(?=(?:yung|ung|iyong|ang|sa|si)\b)", "and "),  # "e yung H100?": and the H100?
        (r"^\s*(?:hindi|hinde|di)\s*[,.!]", "no,"),  # "ay hindi, yung isa po": no, the other one
        (r"\b(?:yung|ung|iyong|ang)\s+isa\b(?!\s*(?:ng|pa|pang)\b)", "the other one"),
        (r"\b(?:wag|huwag) na(?:\s+pala)?\b,?", "never mind,"),
        (r"\b(?:wag|huwag)\b", "don't"),
        # what a word means, two things told apart ("ano ibig sabihin ng Xid 79", "difference ng SXM at
        # PCIe"): the question as English asks it, not a reading of this machine
        (
            r"\bano(?:ng)?\b((?:\s+(?:ba|po|usually|yung|ang|talaga))*)\s+(?:ang\s+)?ibig\s+sabihin\s+"
            r"(?:ng\s+)?([^?.!,]+?)(?=\s*(?:[?.!,]|$))",
            lambda m: f"what does {m[2]}{' usually' if 'usually' in m[1].lower() else ''} mean",
        ),
        (
            r"\b(difference|pinagkaiba|kaibahan)\s+(?:ng|ni|sa)\s+(\S+)\s+(?:at|and|sa)\s+",
            r"difference between \2 and ",
        ),
        (r"\bpinagkaiba\b|\bkaibahan\b", "difference"),
        # polite requests: "pa-<verb>", "paki-<verb>", "i-<verb> mo" (please <verb>), particles and the
        # object's marker dropped; "pakita" (show) and "patingin" (let me see) are the words for "show"
        (r"\b(?:pakita|pakitignan|pakitingnan|patingin|pasilip)\b" + _SOFT + _OBJECT, "show "),
        (r"\bpakisuyo\b,?", "please"),
        # "pasulat naman ng msg", "pagawa ng email": please write (Tagalog's own verbs, not the trade's)
        (r"\b(?:pa|paki)-?(?:sulat|gawa)(?:an)?\b" + _SOFT + _OBJECT, "please write "),
        # "pwede pa-bump up yung job 8?": please move job 8 up, the way English says it; "pwede" (may I, can
        # you) before a request says nothing more
        (r"\bpwede(?:\s+(?:ba|bang|po|naman))*\s+(?=(?:pa|paki|i)-)", ""),
        (
            r"\b(?:pa|paki|i)-?(move|bump|push)\s+(up|down)\b" + _SOFT + r"\s+(?:si|yung|ung|ang|ng)?\s*"
            r"((?:job\s*#?)?[\w.-]+)",
            r"please move \3 \2",
        ),
        (
            r"\b(?:pa|paki|i)-([a-z]{3,})\b(" + _SOFT + r")(\s*(?:[,.!?;]|$))",
            _request_of_it,
        ),
        # a verb of the trade said bare and left "na lang" ("retry na lang po": just retry it)
        (
            r"\b(cancel|kill|hold|release|pause|resume|retry|rerun|restart)\b((?:\s+(?:mo|nyo|niyo|na|po|nga|naman|ulit))*"
            r"\s+(?:lang|pala|muna|nalang)(?:\s+(?:na|lang|pala|muna|po|nga|naman|ulit))*)(\s*(?:[,.!?;]|$))",
            _request_of_it,
        ),
        (r"\b(?:pa|paki|i)-([a-z]{3,})\b(" + _SOFT + r")" + _OBJECT, _request),
        (
            r"\bpaki(cancel|hold|release|pause|resume|retry|rerun|restart|kill|check|stop)\b"
            + _SOFT
            + _OBJECT,
            r"please \1 ",
        ),
        (
            r"\b(cancel|hold|release|pause|resume|retry|rerun|restart|kill|stop)\s+(?:mo|natin|nyo|niyo)\b",
            r"\1",
        ),
        # who used a card over a span ("sino gumamit ng H100 kagabi"): who was using it then, its jobs
        (
            r"\bsino(?:ng)?\s+(?:ang\s+|yung\s+)?(?:nag-?hog|nag-?use|gumamit|nag-?gamit)\b(?:\s+ng\b)?"
            r"(?=\s+(?:yung\s+|ang\s+)?(?:gpu|card|[a-z]?\d))",
            "who was using",
        ),
        # how long a card was used ("ilang minuto nagamit yung 4090?"): how long it was busy, not its jobs
        (
            r"\b(ilang\s+(?:oras|minuto)|ga?ano(?:\s+na)?\s+katagal)\s+(?:nagamit|ginamit)\s+"
            r"(?:yung|ung|iyong|ang)\s+(?=(?:gpu|card|[a-z]?\d))",
            r"\1 busy ",
        ),
        # the verbs: English stems in Tagalog's prefixes ("nag-fail" failed, "nagsstart" starting, "naka-run"
        # running, "na-cancel" cancelled, "mag-submit" submit) and Tagalog's own
        (r"\bnag-?(?:s|sa|re|ra)-?(start|run|submit|wait|fail|crash)\b", lambda m: ing_form(m[1].lower())),
        (r"\bnag-([a-z]+)\b", lambda m: past_form(m[1].lower())),
        (r"\bnag(fail|crash|start|run|stop|error|submit|retry)\b", lambda m: past_form(m[1].lower())),
        (r"\bnaka-?(run|throttle|idle|queue|hold|pause|reserve)\b", lambda m: _state(m[1].lower())),
        (r"\bnaka-([a-z]+)\b", lambda m: _state(m[1].lower())),
        (r"\bnaka(?=\s+\d)", "at"),  # "naka 80 degrees or above": at 80
        (r"\bna-([a-z]+)\b", lambda m: past_form(m[1].lower())),  # "yung na-cancel": cancelled
        (r"\b(?:mag|mo)-([a-z]+)\b", r"\1"),  # Cebuano's "mo-check" too
        # Cebuano's past "gi-reduce na nako" (I reduced): a reason said after a request, as "naayos ko na"
        (r"\bgi-([a-z]{3,})\b(?:\s+na)?(?:\s+(?:nako|ko))?", lambda m: past_form(m[1].lower())),
        (r"\bnaghihintay\b|\bnag-?aantay\b", "is waiting"),
        (r"\bnaghintay\b|\bnag-?antay\b", "waited"),
        (r"\b(?:gumagamit|ginagamit)\b(?:\s+ng\b)?", "is using"),
        (r"\b(?:gumamit|ginamit)\b(?:\s+ng\b)?", "used"),
        (r"\b(?:kumakain|kumain|kinain|naubos|nagamit|nakonsumo|kinonsumo)\b(?:\s+ng\b)?", "used"),
        (r"\btumatakbo\b", "is running"),
        (r"\btumakbo\b", "ran"),
        (r"\bnagsimula\b", "started"),
        (r"\bnatapos\b|\btapos na\b", "finished"),
        (r"\bumabot\b", "reached"),
        (r"\buminit\b", "got hot"),
        (r"\bnangyari\b", "happened"),
        (r"\bkailangan\b", "needed"),
        # question words ("gaano na katagal": how long; "ilang tries": how many; "anong oras": what time;
        # "sino gumagamit": who is using)
        (r"\bga?ano\b(?:\s+(?:na|ba|po|pa))*\s+katagal\b", "how long"),
        (r"\bga?ano\b(?:\s+(?:na|ba|po|pa))*\s+kainit\b", "how hot"),
        (r"\bga?ano\b(?:\s+(?:na|ba|po|pa))*\s+(?:kalaki|karami)\b|\bmagkano\b", "how much"),
        (r"\bp(?:a|)ano\b", "how"),
        (r"\bk[au]musta\b", "how is"),
        (r"\bilang\s+beses\b", "how many times"),
        (r"\bilang\s+oras\b", "how many hours"),
        (r"\bilang\s+minuto\b", "how many minutes"),
        (r"\bilan(?:g)?\b", "how many"),
        (r"\bano(?:ng|'ng)?\s+oras\b", "what time"),
        (r"\bano(?:ng|'ng)?\s+(?:ba\s+|po\s+)*(?=difference\b)", "what is the "),
        (r"\bano(?:ng|'ng)?\s+(?:ba\s+|po\s+)*(?:yung|iyong|ang)\b", "what is the"),
        (r"\bano(?:ng|'ng)?\b", "what"),
        (r"\bsino(?:ng)?\b", "who"),
        (r"\bbakit\b|\bbkt\b", "why"),
        (r"\bk(?:ai|e)lan\b", "when"),
        (r"\bsaang\b|\baling\b|\balin\b", "which"),
        (r"\bsaan\b", "where"),
        # days and spans
        (r"\bkaninang\s+umaga\b|\bngayong\s+umaga\b", "this morning"),
        (r"\bkaninang\s+hapon\b|\bngayong\s+hapon\b", "this afternoon"),
        (r"\bngayong\s+araw(?:\s+na\s+ito)?\b", "today"),
        (r"\bngayon\b", "now"),
        (r"\bkanina\b", "earlier"),
        (r"\bkahapon\s+ng\s+umaga\b", "yesterday morning"),
        (r"\bkahapon\b", "yesterday"),
        (r"\bkagabi\b", "last night"),
        (r"\bbukas\b", "tomorrow"),
        (r"\bbuong\s+araw\b", "all day"),
        (r"\b(?:sa\s+)?huling\s+(\d+)\s+oras\b", r"in the last \1 hours"),
        (r"\b(?:sa\s+)?huling\s+(?:isang\s+)?oras\b", "in the last hour"),
        (r"\bmula\s+(.{1,12}?)\s+hanggang\b", r"from \1 to"),
        (r"\bhanggang\b", "until"),
        (r"\b(?:simula|mula)\b", "since"),
        (r"\b(?:nung|noong)\b", "when"),
        # which and how much: "dalawang GPU" (both), "pinakamainit" (hottest), "mas matagal" (longer)
        (r"\b(?:ng\s+|yung\s+)?(?:dalawang|parehong)\s+(gpu|card|job)s?\b", r"both \1s"),
        (r"\bpinaka-?mainit\b", "hottest"),
        (r"\bpinaka-?mataas\b", "highest"),
        (r"\bpinaka-?mababa\b", "lowest"),
        (r"\bpinaka-?matagal\b", "longest"),
        (r"\bpinaka-?\b", "most "),
        (r"\bmas\s+matagal\b", "longer"),
        (r"\bmas\s+mainit\b", "hotter"),
        (r"\bmas\b", "more"),
        (r"\blahat\s+ng\b", "all"),
        (r"\bbawat\b", "each"),
        (r"\bpila\b", "queue"),
        (r"\bkuryente\b", "electricity"),
        # a place in the queue ("sa unahan ng queue": to its front), a priority's new value ("sa 80": to 80)
        (r"\bsa\s+(?:unahan|harap)\b(?:\s+ng\b)?", "to the front of the"),
        (r"\bsa\s+(?:dulo|hulihan)\b(?:\s+ng\b)?", "to the back of the"),
        (r"\b(prio(?:rity)?\b.{1,30}?)\s+sa\s+(?=-?\d+\b(?!\s*(?:am|pm|nn)\b))", r"\1 to "),
        (r"\bnasa\b", "at"),
        # "nasa 90% pataas": at 90% or above ("pababa": or below)
        (r"\bpataas\b", "or above"),
        (r"\bpababa\b", "or below"),
        (r"\b(?:di|d|hindi)\s+pa\b", "not yet"),  # "bkt d pa tumatakbo": 'd' is chat's "hindi"
        (r"\bdi\s+ba\b|\bdiba\b", ""),
        (r"\b(?:di|hindi)\b", "not"),
        (r"\bkasi\b", "because"),
        (r"\bpero\b", "but"),
        (r"\bulit\b", "again"),
        (r"\bbuong\b", "the whole"),
        # a question of a job said before ("gaano na katagal naghihintay?": how long has it been waiting) and
        # what there is ("may tumatakbo ba", "meron bang naka-queue": is anything running, queued)
        (
            r"\bhow long\s+(?:(?:siya|sya|yun|iyon|yon)\s+)?is\s+(waiting|running)"
            r"(?:\s+(?:siya|sya|yun|iyon|yon))?(?=\s*(?:[?.!,]|$))",
            r"how long has it been \1",
        ),
        (
            r"\b(?:may|meron|mayroon)(?:\s+(?:bang|ba|pa|na))*\s+(?:is\s+)?"
            r"(?=(?:running|waiting|queued|failed|held|paused)\b)",
            "is anything ",
        ),
        # "the one running": "anong process yung naka-run" is what process is running
        (r"\b(?:yung|iyong|ang)\s+(?=running\b|held\b|queued\b|paused\b|idle\b)", "is "),
        (r"\b(?:yung|iyong|ang)\s+(?=is\s+\w+ing\b|used\b|ran\b|failed\b|cancelled\b)", ""),
        # pronouns: "log niya" its log, "yun" that, "siya" it; "X ni job 13": X with job 13
        (r"\b(?:yung|iyong|ang)\s+([\w-]+)\s+(?:niya|nya)\b", r"its \1"),
        (r"\b([\w-]+)\s+(?:niya|nya)\b", r"its \1"),
        (r"\b(?:sila|siya|sya)\s+ni\s+", "it with "),
        (r"\b(?:siya|sya|ito|eto)\b", "it"),
        (r"\b(?:sila)\b", "they"),
        (r"\b(what|which|who)(\s+[\w-]+)?\s+(?:yun|iyon|yon)\b(?=\s*(?:[?.!]|$))", r"\1\2 was that"),
        (r"\b(?:yun|iyon|yon|iyan|yan)\b", "that"),
        (r"\b(?:dun|doon)\b", "there"),
        (r"\bnun\b(?=\s*(?:[?.!,]|$))", "then"),  # "max temp ng H100 nun": then, the span said before
        (r"\b(?:dito|d2)\b", "here"),
        # a hot room and what to do ("ang init sa office, ok lang ba pag 33°C? tips para lumamig"): said in
        # English, so the question off this machine is seen as one
        (r"\bang\s+init\b", "it is hot"),
        (r"\bok(?:ay)?\s+lang\s+ba\b", "is it ok"),
        (r"\bpag\b(?!-)", "if"),
        (r"\b(?:may|meron|mayroon)(?:\s+(?:bang|ba|kayo|po))*\s+(?=(?:tips?|advice|suggestions?)\b)", "any "),
        (r"\b(?:para\s+)?(?:lumamig|palamigin|mapalamig)\b", "to cool down"),
        (r"\bsalamat\b", "thanks"),
        (r"\bako\b", "I"),
        # particles and markers, last: "sa queue" in the queue, "sa card" on the card, "ng" of, "yung" the
        (r"\bsa\s+(queue|log)\b", r"in the \1"),
        (r"\bsa\b", "on"),
        (r"\bng\b|\bni\b|\bkay\b", "of"),
        (r"\b(?:yung|iyong|ung|ang)\s+(?=job\s*#?\d)", ""),  # "yung job 3": job 3
        (r"\b(?:yung|iyong|ung)\s+#?(\d+)(?=\s*(?:[?.!,]|$))", _job_number),
        (r"\b(?:yung|iyong|ung|ang)\b", "the"),
        (
            r"\b(?:po|naman|lang|ba|bang|pa|na|muna|pala|nga|daw|raw|din|rin|yata|talaga|ko|mo|natin|namin"
            r"|nyo|niyo|kayo|mga|sana|nalang)\b",
            "",
        ),
    )
)


def taglish_read(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Taglish (:data:`_TAGALOG_MARK`); else as it was."""
    if not reads(lean, "taglish", _TAGALOG_MARK.search(text)):
        return text
    text = translated(text, _TAGLISH)
    text = re.sub(r"\s+([?.!,;:])", r"\1", text)
    return re.sub(r"\s{2,}", " ", text).strip()
