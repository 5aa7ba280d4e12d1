"""Swedish read in English: Swedish written whole, or mixed with English words of the trade, as Stockholm
types it on a chat (often without å ä ö: "vad e tempen pa gpu 0 just nu", "hur lange korde den totalt",
"varfor dog sd-xl-train"), where the message has marks of its own. Its short words are others' ("och" Scots'
interjection, "den", "det", "man", "till", "med" Danish's, Norwegian's, Dutch's and German's, "var" Turkish's
and Hungarian's, "pa" Spanish's, "nu" Dutch's): they are read only beside a word of Swedish's own. A card's
name takes Swedish's definite ending ("4090an", "h100an": the 4090, the H100), read off here."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import (
    Lean,
    compiled,
    it_or,
    marked_unaccented,
    read_unaccented,
)

# each Swedish letter with its ring or dots, and the plain letter a writer typing fast puts for it ("väntar"
# and "vantar", "försök" and "forsok", "hållit" and "hallit" are one word)
_UNACCENTED = str.maketrans("åäöÅÄÖ", "aaoAAO")

# a message is Swedish where it has "å" (no other language read here writes it) or one of its own words,
# read without its dots; none of them another language's word once its dots are dropped ("vad" only with
# its verb: VAD is English's voice activity detection; "byt" is Czech's "be", "pausa" Spanish's and
# Italian's pause, "lange" German's long, "manga" Japanese's, "dog" English's, "kor" Turkish's blind, "och"
# Scots', "igen" Hungarian's yes: those are read only beside a word of Swedish's own)
_SWEDISH_MARK = re.compile(
    r"[åÅ]|\b(?:"
    r"vad (?:e|ar|var|blir|hander|gor|kor\w*|star|stod|sager|tycker)|varfor|vilken|vilket|vilka|hur"
    r"|mycket|mkt|langst|langre|idag|igar|ikvall|imorse|inatt|kvall"
    r"|eftermiddag|mellan|midnatt|kors|korde|kora|vantar|vantade|kraschade|failade|forsok\w*|totalt|ihop"
    r"|snitt|medel\w*|hogsta|lagsta|grader|kortet|korten|tempen|temperaturen|effekten|minnet|minne|energin"
    r"|jamfor\w*|loggen|avbryt|fortsatt|ateruppta|slapp|snalla|behovs|behover|anvands|anvande|startar"
    r"|startade|hade|stod|blev|menade|hittill?s|timmar|timmen|jobben|jobbet|grejen|tycker|kopa|vadret"
    r"|igenom|senaste|flakten|snurrar|processer|prion|hoj|kolla|dragit|inte|byt plats|just nu|i morse"
    r"|satt prio\w*|pa (?:den|det)|anvander|drog|drar|imorgon|(?:kor|kora|starta)(?:\s+\S+){0,2}?\s+igen"
    r")(?!\w)",
    re.I,
)

_IT = ("den", "det")  # a job pointed at in a request ("höj prion på den")

# a number or a card's name said with Swedish's definite ending ("4090an", "4090:an", "h100an", "gpu0:an")
_CARD_DEFINITE = r"\b((?:gpu\s?)?\d{1,4}|[a-z]\d{2,3}):?an\b"

_SWEDISH = compiled(
    (
        (_CARD_DEFINITE, r"the \1"),
        # requests: "avbryt" (cancel), "kör igen" (retry), "pausa" (pause), "fortsätt/återuppta" (resume),
        # "släpp" (release), "håll" (hold), "sätt prio 10 på X" (priority), "höj prion på X" (raise it),
        # "byt plats på X och Y" (switch them); "på den" after a request is "it" ("retry på den")
        (r"\bbyt plats (?:pa|mellan)\s+(\S+)\s+och\s+(\S+)", r"switch \1 and \2"),
        (
            r"\b(?:satt|sat|andra)\s+prio(?:n|ritet(?:en)?)?\s+(?:till\s+)?(\d+)\s+(?:pa|for)\s+((?:job\s*)?\S+?)(?=[\s?.!,]|$)",
            lambda m: f"set the priority of {it_or(m[2], _IT)} to {m[1]}",
        ),
        (
            r"\b(?:hoj|hoja|oka)\s+prio(?:n|ritet(?:en)?)?\s+(?:pa|for)\s+((?:job\s*)?\S+?)(?=[\s?.!,]|$)",
            lambda m: f"bump the priority of {it_or(m[1], _IT)}",
        ),
        (r"\b(?:hoj|hoja|oka)\s+prio(?:n|ritet(?:en)?)?\b", "bump the priority"),
        (r"\bprio(?:n|ritet(?:en)?)?\b", "priority"),
        (
            r"\b(?:kor|kora|starta)\s+((?:\S+\s+){0,2}?)(?:igen|om)\b",
            lambda m: f"retry {m[1].strip() or 'it'}",
        ),
        (r"\bavbryt\b", "cancel"),
        (r"\bpausa\b", "pause"),
        (r"\b(?:fortsatt|ateruppta)\b", "resume"),
        (r"\bslapp\b", "release"),
        (r"\bhall\b(?=\s+(?:den|det|\d|job))", "hold"),
        (r"\b(cancel|retry|hold|release|pause|resume)\s+(?:pa\s+)?(?:den|det)(?:\s+dar)?\b", r"\1 it"),
        (r"\b(cancel|retry|hold|release|pause|resume)\s+pa\s+", r"\1 "),
        (r"\ben stund\b", "for a while"),
        (r"\b(?:snalla|tack)\b", "please"),
        (r"\bbehovs inte (?:langre|mer)\b", "is not needed anymore"),
        (r"\bbehover\b", "I need"),
        (r"\bmenade\b", "I meant"),
        (r"\bnej\b", "no"),
        # question words: "vad e/är" (what is), "varför" (why), "när" (when), "vilken" (which), "hur
        # länge/många/mycket" (how long/many/much); "varför startar inte X" (why is X not starting: Swedish
        # puts "inte" after its verb)
        (
            r"\bvarfor\s+(?:startar|borjar|kor)\s+inte\s+((?:job\s*)?\S+?)(?=[\s?.!,]|$)",
            r"why is \1 not starting",
        ),
        (r"\bvarfor\s+(?:dog|kraschade|failade|sprack)\s+(\S+)", r"why did \1 fail"),
        (r"\bvad (?:star|stod|sager|sa) (?:det )?i (?:loggen|log)\b", "what did the log say"),
        (r"\bvad sager loggen\b", "what does the log say"),
        (r"\bhur gar det for\b", "how is it going for"),
        (r"\bhur (?:lange|lnge|lang tid)\b", "how long"),
        (r"\bhur (?:manga|manga)\b", "how many"),
        (r"\bhur (?:mycket|mkt)\b", "how much"),
        (r"\bhur fort\b", "how fast"),
        (r"\bvad (?:e|ar)\b", "what is"),
        (r"\bvad var\b", "what was"),
        (r"\bvad tycker du\b", "what do you think"),
        (r"\bvad\b", "what"),
        (r"\bvarfor\b", "why"),
        (r"\bnar\b", "when"),
        (r"\bvilket av\b|\bvilken av\b|\bvilka av\b", "which of"),
        (r"\bvilken\b|\bvilket\b|\bvilka\b", "which"),
        (r"\bhur\b", "how"),
        # spans and times: "igår kväll" (last night), "i morse" (this morning), "mellan 9 och 12"
        (r"\bigar kvall\b|\bi natt\b|\binatt\b", "last night"),
        (r"\bigar morse\b|\bigar morgon\b", "yesterday morning"),
        (r"\bigar eftermiddag\b", "yesterday afternoon"),
        (r"\bigar\b", "yesterday"),
        (r"\bi ?morse\b|\bi morgse\b", "this morning"),
        (r"\bi ?morgon\b", "tomorrow"),
        (r"\bi eftermiddag\b", "this afternoon"),
        (r"\bi ?kvall\b", "tonight"),
        (r"\bidag\b|\bi dag\b", "today"),
        (r"\bhela dagen\b", "all day"),
        (r"\bmidnatt\b", "midnight"),
        (r"\bmellan\s+(\S+)\s+och\s+(\S+)", r"between \1 and \2"),
        (r"\bmellan\b", "between"),
        (r"\bsenaste timmen\b", "in the last hour"),
        (r"\bsenaste\b", "last"),
        (r"\bjust nu\b|\bnu\b", "now"),
        (r"\bhittill?s\b", "so far"),
        (r"\binnan\b", "before"),
        (r"\bda\b", "then"),
        # readings: "tempen" (the temperature), "effekt" (power), "minne" (memory), "fläkten" (the fan)
        (r"\bmedeltemp(?:en|eratur(?:en)?)?\b", "mean temperature"),
        (r"\btemp(?:en|eratur|eraturen)\b", "temperature"),
        (r"\beffekt(?:en)?\b", "power"),
        (r"\bminne(?:t)?\b", "memory"),
        (r"\benergi(?:n)?\b", "energy"),
        (r"\bflakt(?:en)?\b", "fan"),
        (r"\bsnurrar\b", "is spinning"),
        (r"\b(?:snitt|medel)\b", "mean"),
        (r"\bhogsta\b", "highest"),
        (r"\blagsta\b", "lowest"),
        (r"\bgrader\b", "degrees"),
        (r"\bbada korten\b|\bbagge korten\b", "both cards"),
        (r"\b(?:det |den )?andra kortet\b", "the other card"),
        (r"\bkorten\b", "the cards"),
        (r"\bkortet\b", "the card"),
        (r"\bkort\b", "card"),
        (r"\bgpu-timmar\b|\bgpu timmar\b", "gpu-hours"),
        (r"\bprocesser\b", "processes"),
        (r"\btotalt\b", "in total"),
        (r"\bihop\b|\btillsammans\b", "together"),
        (r"\bforsok(?:en)?\b", "attempts"),
        (r"\bjamfort med\b", "compared with"),
        (r"\bjamfor\b", "compare"),
        (r"\btog langst\b", "took the longest"),
        (r"\blangst\b", "longest"),
        (r"\beller\b", "or"),
        (r"\bkolla\b", "check"),
        (r"\bloggen\b", "the log"),
        # jobs and what they did: "körs/kör" (runs), "körde" (ran), "väntar" (waits), "kön" (the queue),
        # "kraschade/dog/la av" (crashed)
        (r"\bi kon\b", "in the queue"),
        (r"\bkon\b", "the queue"),
        (r"\bhar (?:den|det) hallit pa\b", "has it been running"),
        (r"\bhar stat still\b", "has been stuck"),
        (r"\bkors\b|\bkor\b", "is running"),
        (r"\bkorde\b", "ran"),
        (r"\bvantar\b", "is waiting"),
        (r"\bvantade\b", "waited"),
        (r"\bstartar\b", "starts"),
        (r"\bstartade\b", "started"),
        (r"\bkraschade\b|\bla av\b", "crashed"),
        (r"\bfailade\b", "failed"),
        (r"\bdog\b", "died"),
        (r"\bgick (?:den|det) igenom\b", "did it succeed"),
        (r"\bblev (?:den|det) klar\b", "did it finish"),
        (r"\bklar\b", "finished"),
        (r"\bblev det\b", "were there"),
        (r"\bblev\b", "was"),
        (r"\bdragit\b|\bdrog\b|\banvant\b|\banvande\b", "used"),
        (r"\banvander\b|\bdrar\b", "uses"),
        (r"\banvands\b", "is used"),
        (r"\bhade\b", "had"),
        (r"\bfick\b", "got"),
        (r"\bjobben\b", "jobs"),
        (r"\bjobbet\b", "the job"),
        (r"\bjobb\b", "job"),
        (r"\bgrejen\b", "the problem"),
        # the small words
        (r"\b(?:assa|alltsa)\b", "so"),
        (r"\bska vi\b", "should we"),
        (r"\bkopa\b", "buy"),
        (r"\bfler\b", "more"),
        (r"\bvadret\b", "the weather"),
        (r"\bnara\b", "near"),
        (r"\bdu kan\b", "you can"),
        (r"\b(?:den|det) dar\b", "that"),
        (r"\b(?:den|det)\b", "it"),
        (r"\b(?:ar|e)\b", "is"),
        (r"\bvar\b", "was"),
        (r"\bhar\b", "has"),
        (r"\binte\b", "not"),
        (r"\bpa\b", "on"),
        (r"\bi\b", "in"),
        (r"\bav\b", "of"),
        (r"\bmed\b", "with"),
        (r"\btill\b", "to"),
        (r"\bett\b|\ben\b", "a"),
        (r"\boch\b", "and"),
    )
)


def swedish_marked(text: str) -> bool:
    """Whether ``text`` shows Swedish's marks (:data:`_SWEDISH_MARK`), with or without its dots."""
    return marked_unaccented(text, _SWEDISH_MARK, _UNACCENTED)


def swedish(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Swedish (:data:`_SWEDISH_MARK`): its letters without their dots,
    then its phrases and words (:data:`_SWEDISH`); else as it was."""
    return read_unaccented(text, lean, "swedish", swedish_marked, _UNACCENTED, _SWEDISH)
