"""Tamil in Latin letters (Tanglish, as Chennai types it: Tamil with English words of the trade mixed in),
read in English where the message has marks of its own (:func:`tamil`): "gpu la enna oditu iruku" (what is
running on the GPU), "nethu flash-attn-build yen fail aachu" (why did it fail yesterday), "adha retry podu"
(retry it). Tamil puts the verb last and its postpositions after the noun ("gpu la": on the GPU, "gpu 0 ku":
for GPU 0, "80 degree ku mela": above 80 degrees, "6 la irundhu 12 varaikum": from 6 to 12); the table
turns its question words, its verbs, its spans and its requests."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import (
    REQUEST_VERBS,
    Lean,
    compiled,
    past_form,
    read_where_marked,
)

# Tanglish's own words, none an English word nor another language's ("la", "ku", "um", "ah", "da", "sari",
# "vei", "oru", "ella", "mani" and "rendu" (French's "rendu") are shared, so they are read only once one of
# these shows): question words, days and parts of the day, its verbs' endings ("aachu", "iruku", "pannu",
# "eduthuchu"), its pronouns ("adhu", "adhuku", "adhula") and requests ("pannidu", "podu", "maathu")
_TAMIL_MARK = re.compile(
    r"\b(?:enna|ennenna|evlo|evvalavu|eppo|eppadi|epdi|ethana|endha|edhu|nethu|inniki|innaiku|inniku"
    r"|innaiki|kaalaila|kaalaiyila|saayangalam|raathiri|ippo|ippothaiku|appo|ithuvarai|innum|iruku|irukku"
    r"|irundhu|irundhuchu|varaikum|varaiku|aagala|aagave|aagudhu|aachu|aacha|aaiduchu|oditu|odudhu|odra"
    r"|odichu|odanum|odadhu|mudinjuchu|mudinjiduchu|pannu|pannidu|pannuchu|panudhu|pannudhu|pannangala"
    r"|panradhu|podu|vechidu|maathu|maathidu|machan|macha|adhu|adha|adhai|adhuku|adhukku|adhula|adhoda"
    r"|andha|jaasthi|adhigama|mattum|thirumba|kekkanum|eduthuchu|eduthuruku|kudichuchu|kedandhuchu|pochu"
    r"|ponuchu|vandhuchu|kuduthom|paaru|sollu|konjam|yethi|aprom|kadasila|thadava|serthu|yaaravadhu"
    r"|madhiri|illa)\b",
    re.I,
)

# a request's ending: "pannu" (do it), "pannidu" (get it done), "podu" (put), "vidu" (let), "vei" (place)
_DO = r"(?:pannu|pannidu|pannudu|pannunga|panni\s+vidu|podu|pottu\s+vidu|vidu|vechidu|vei|vainga)"
_THAT = r"(?:adha|adhai|idha|idhai|adhu|idhu)"
# what a request acts on, said before it with "ah" (the object's ending): "llama-405b-probe ah", "mistral
# sft ah"
_THING = r"((?:job\s+)?[\w-]+(?:\s+[\w-]+)?)\s+ah"
_PAST = r"(?:aachu|aaiduchu|aagiduchu|aanadhu)"


def _past(m: re.Match[str]) -> str:
    """ "fail aachu" (failed), "start aachu" (started): an English verb said with Tamil's past."""
    return past_form(m[1].lower())


_TANGLISH = compiled(
    (
        # fillers and the speaker's asides: "machan" (mate), "da" (closing a clause), "sari" (ok)
        (r"\b(?:machan|macha|dei|dey)\b,?", ""),
        (r"\s*\bda\b(?=\s*(?:[,?.!]|$))", ""),
        (r"\bsari\b,?", "ok"),
        # "gpu 0 nu kekkanum" (I meant to ask of GPU 0)
        (
            r"\b((?:gpu|card|job)\s*\d+|[\w-]+)\s+nu\s+(?:kekkanum|kekka\s+vandhen|kettu\s+irukanum|sonnen)\b",
            r"i meant \1",
        ),
        # "log oda last line" (the log's last line)
        (r"\b([\w-]+)\s+oda\s+(last|first|kadaisi|modhal)\s+(\w+)", r"the \2 \3 of the \1"),
        # "X enna nu paaru" (check what X is)
        (r"^(.{1,80}?)\s+enna\s+nu\s+(?:paaru|paru|sollu|check\s+pannu)\b", r"check what \1 is"),
        # requests: the verb said last is put first, with what it acts on ("llama-405b-probe ah cancel
        # pannidu": cancel it, "adha release pannu": release it, "retry podu": retry it)
        (rf"\b{_THING}\s+(?:konjam\s+)?({REQUEST_VERBS})\s+{_DO}", r"\2 \1"),
        (rf"\b{_THING}\s+hold\s+la\s+(?:vechidu|vei|podu|vainga)\b", r"hold \1"),
        (rf"\b{_THAT}\s+(?:mattum\s+)?(?:konjam\s+)?({REQUEST_VERBS})\s+{_DO}", r"\1 it"),
        (rf"\b({REQUEST_VERBS})\s+{_DO}", r"\1 it"),
        # priorities: "adhuku priority 10 vei" (set its priority to 10), "X priority konjam yethi vidu"
        # (raise it a bit), "korachi vidu" (lower it)
        (
            rf"\b(?:adhuku|adhukku|adhoda|{_THAT})\s+priority\s+(?:ah\s+)?(\d+)\s+(?:ah\s+)?{_DO}",
            r"set its priority to \1",
        ),
        (
            rf"\b((?:job\s+)?[\w-]+)\s+(?:ku\s+|oda\s+)?priority\s+(?:ah\s+)?(\d+)\s+(?:ah\s+)?{_DO}",
            r"set the priority of \1 to \2",
        ),
        (rf"\bpriority\s+(?:ah\s+)?(\d+)\s+(?:ah\s+)?{_DO}", r"set its priority to \1"),
        (
            r"\b(?:(?:adhuku|adhukku|adhoda|adhu)\s+)?priority\s+(?:ah\s+)?(?:konjam\s+)?(?:yethi|yeththi|ethi)"
            r"(?:\s*(?:vidu|podu|pannu|vei|du))?\b",
            "bump its priority",
        ),
        (
            r"\b((?:job\s+)?[\w-]+)\s+bump\s+its\s+priority\b",
            r"bump the priority of \1",
        ),
        (
            r"\b((?:job\s+)?[\w-]+)\s+(?:oda\s+)?priority\s+(?:ah\s+)?(?:konjam\s+)?(?:korachi|kuraichi|irakki)"
            r"(?:\s*(?:vidu|podu|pannu|du))?\b",
            r"lower the priority of \1",
        ),
        # moving a job: "X ah gpu 1 la mattum odra madhiri maathu" (make it run only on GPU 1: move it)
        (
            rf"\b(?:{_THING}\s+)?(gpu|card)\s*(\d+)\s+(?:la|ku)\s+(?:mattum\s+)?(?:odra\s+madhiri\s+)?"
            r"(?:maathu|maathidu|maathi\s+vidu|move\s+pannu|shift\s+pannu)\b",
            lambda m: f"move {m[1] or 'it'} to {m[2]} {m[3]}",
        ),
        # questions of a card: "gpu la enna oditu iruku" (what is running on the GPU)
        (
            r"\b((?:gpu|card)\s*\d*|[\w-]+)\s+la\s+(?:ippo\s+)?(?:enna|endha\s+job)\s+(?:oditu\s+irukk?u"
            r"|odikittu\s+irukk?u|odudhu|odra)\b",
            r"what is running on \1",
        ),
        (r"\benna\s+state\s+la\s+(?:irukk?u|iruk?kaan)\b", "what state is it in"),
        # how a job went: "start aagala" (it has not started), "fail aachu" (failed), "enna aachu" (what
        # happened), "fail aacha illa ... cancel pannangala" (did it fail or was it cancelled)
        (r"\bstart\s+aagave\s+illa\b", "never started"),
        (r"\bstart\s+(?:aagala|aagalai|aagalaye|aagavillai)\b", "not started"),
        (r"\benna\s+" + _PAST, "what happened"),
        (rf"\b(fail|start|cancel|crash|finish|complete|kill|stop|hold|pause|oom)\s+{_PAST}", _past),
        (r"\b(fail|crash|cancel)\s+aacha\b", r"did it \1"),
        (r"\b(hot|cool|busy|idle)\s+" + _PAST, r"got \1"),
        (r"\b([\w-]+)\s+pannangala\b", lambda m: f"was it {past_form(m[1].lower())}"),
        # spans and moments
        (r"\bnethu\s+(?:night|raathiri|raatri|rathiri)\b", "last night"),
        (r"\bnethu\s+(?:kaalaila|kaalaiyila|morning)\b", "yesterday morning"),
        (r"\bnethu\s+(?:saayangalam|evening)\b", "yesterday evening"),
        (r"\bnethu\b", "yesterday"),
        (r"\b(?:(?:inniki|innaiku|inniku|innaiki)\s+)?(?:kaalaila|kaalaiyila|morning)\b", "this morning"),
        (r"\b(?:(?:inniki|innaiku|inniku|innaiki)\s+)?(?:saayangalam|evening)\b", "this evening"),
        (r"\b(?:inniki|innaiku|inniku|innaiki)\b", "today"),
        (r"\b(?:ithuvarai|ithu\s+varaikum|ippo\s+varaikum|ippo\s+varai)\b", "so far"),
        (r"\bippothaiku\b", "for now"),
        (r"\bippo\b", "now"),
        (r"\bandha\s+(?:time|neram)\s+la\b", "at that time"),
        (r"\bappo\b", "then"),
        (r"\binnum\b", "still"),
        # "6 la irundhu midnight varaikum" (from 6 to midnight), "6 mani ku aprom" (after 6 o'clock)
        (
            r"\b(\d{1,2}(?::\d\d)?|midnight|noon)(?:\s*mani)?\s+(?:la|ku|le)\s+irundhu\s+(\d{1,2}(?::\d\d)?"
            r"|midnight|noon)(?:\s*mani)?\s+(?:varaikum|varaiku|varai|vara)\b",
            r"from \1 to \2",
        ),
        (r"\b(\d{1,2}(?::\d\d)?)(?:\s*mani)?\s+(?:ku|kku)\s+(?:aprom|appuram|apram|mela)\b", r"after \1"),
        (r"\b(\d{1,2}(?::\d\d)?)(?:\s*mani)?\s+(?:ku|kku)\s+(?:munnadi|munna)\b", r"before \1"),
        (r"\b([\w-]+)\s+(?:la|le)\s+irundhu\b", r"since \1"),
        (r"\blast\s+(\d+\s*(?:hr|hrs|hour|hours|h|min|mins|minutes))\s+la\b", r"in the last \1"),
        # thresholds: "80 degree ku mela" (above 80 degrees), "90% ku keezha" (below 90%)
        (r"\b(\d+(?:\.\d+)?\s*(?:%|degree|degrees|°C|w|watt)?)\s+(?:ku|kku)\s+(?:mela|mele)\b", r"above \1"),
        (
            r"\b(\d+(?:\.\d+)?\s*(?:%|degree|degrees|°C|w|watt)?)\s+(?:ku|kku)\s+(?:keezha|kela|kila)\b",
            r"below \1",
        ),
        # "X vs Y edhu jaasthi" (which of X and Y more)
        (r"\b(?:edhu|endha)\s+(?:jaasthi|adhigama|athigama)\b", "which more"),
        (r"\b(?:edhu|endha)\s+(?:kammi|korachala|kuraivaa?)\b", "which less"),
        # what a total is taken over, said first: "ella attempts um serthu ... evlo neram" (how long, all
        # attempts together: over all attempts, said last as English says it)
        (
            r"^\s*(?:ella|ellaa|ellame)\s+(attempts|retries|tries|runs)\s+(?:um\s+)?serthu\b,?\s*(?:total\s+)?(.+?)([?.!]*)$",
            r"\2 in total over all \1\3",
        ),
        # how long and how many: "evlo neram" (how much time), "ethana thadava" (how many times)
        (r"\b(?:evlo|ethana|evvalavu)\s+neram\s+(?:odichu|odunadhu|oduchu)\b", "how long did it run"),
        (r"\b(?:evlo|ethana|evvalavu)\s+neram\b", "how long"),
        (r"\b(?:ethana|evlo)\s+(?:thadava|thadavai|dhadava|vaati|murai)\b", "how many times"),
        (r"\bethana\b", "how many"),
        (r"\b(?:evlo|evvalavu)\b", "how much"),
        (r"\beppo\b", "when"),
        (r"\b(?:ennenna|enna\s+enna)\b", "which"),
        (r"\benna\b", "what"),
        (r"\byen\b(?!\s*\d)", "why"),
        (r"\b(?:endha|edhu)\b", "which"),
        (r"\b(?:epdi|eppadi)\s+(?:panradhu|pannanum|pannuradhu)\b", "how do i do"),
        (r"\b(?:epdi|eppadi)\b", "how"),
        # verbs, states and how a run went
        (r"\b(?:oditu|odikittu)\s+(?:irundhuchu|irundhadhu)\b", "was running"),
        (r"\b(?:oditu|odikittu)\s+irukk?u\b|\bodudhu\b|\bodra\b", "is running"),
        (r"\bodichu\b|\bodunadhu\b", "ran"),
        (r"\bodadhu\b", "will not run"),
        (r"\bodanum\b", "needs to run"),
        (r"\bwait\s+(?:panudhu|pannudhu|pannitu\s+irukk?u|pannikittu\s+irukk?u)\b", "is waiting"),
        (r"\bwait\s+pannuchu\b", "waited"),
        (r"\btry\s+pannuchu\b", "was it tried"),
        (r"\b(\w+)\s+pannuchu\b", lambda m: past_form(m[1].lower())),
        (r"\b(\w+)\s+aagudhu\b", r"is \1d"),
        (r"\b(?:mudinjuchu|mudinjiduchu|mudinjadhu|mudinjidhu)\b", "finished"),
        (r"\b(?:eduthuchu|eduthuruku|eduthadhu|kudichuchu|kudichadhu)\b", "used"),
        (r"\b(?:irundhuchu|irundhadhu|kedandhuchu|kedandhadhu)\b", "was"),
        (r"\b(?:vandhuchu|vandhadhu)\b", "was"),
        (r"\b(?:pochu|ponuchu|poachu|ponadhu)\b", "went"),
        (r"\b(?:kuduthom|kuduthen|kuduthoam)\b", "did we give"),
        (r"\bcompare\s+pannu\b", "compare"),
        (r"^(.{1,80}?),?\s+(?:konjam\s+)?explain\s+(?:pannu|pannunga)\b", r"explain \1"),
        (r"\b(?:paaru|paru)\b", "check"),
        (r"\bsollu\b", "tell"),
        (r"\b(?:irukk?u)\b", "is"),
        # pronouns: "adhuku" (for that), "adhula" (in that), "adha" (that one)
        (r"\b(?:adhuku|adhukku)\b", "for it"),
        (r"\b(?:adhula|idhula)\b", "in it"),
        (r"\badhoda\b", "its"),
        (r"\b(?:adha|adhai|adhu)\b", "it"),
        (r"\bandha\b", "that"),
        (r"\bindha\b", "this"),
        # "X um Y um" (X and Y), "rendu card um" (both cards)
        (r"\brendu\s+([\w-]+(?:\s+[\w-]+)?)\s+(?:kum|um)\b", r"both \1"),
        (r"\b(?:ella|ellaa)\s+([\w-]+)\s+um\b", r"all \1"),
        (r"\b([\w-]+)\s+um\s+(?=\S.*?\s+um\b)", r"\1 and "),
        (r"\s+\bum\b", ""),
        (r"\brendu\b", "both"),
        # postpositions and helpers, last: "la" (in, on), "ku" (for), "oda" (of), "ah" (an object's or an
        # adverb's ending: "idle ah", "last ah")
        (r"\b((?:gpu|card|job)\s*\d+|[\w.%/-]+)\s+ku\b", r"for \1"),
        (r"\b((?:gpu|card|job)\s*\d+|[\w.%/-]+)\s+la\b", r"in \1"),
        (r"\s+\boda\b", ""),
        (r"\s+\bah\b", ""),
        (r"\bmattum\b", "only"),
        (r"\bsumma\b", "just"),
        (r"\bkonjam\b", "a bit"),
        (r"\b(?:jaasthi|adhigama|athigama)\b", "more"),
        (r"\bthirumba\b", "again"),
        (r"\bserthu\b", "together"),
        (r"\bkadasila\b", "at the end"),
        (r"\byaaravadhu\b", "someone"),
        (r"\bnalla\b", "a good"),
        (r"\boru\b", "a"),
        (r"\billa\b(?=\s*(?:[?.!,]|$))", "not"),
        (r"\billa\b", "or"),
        (r"\baprom\b", "after"),
    )
)


def tamil(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Tanglish (:data:`_TAMIL_MARK`), or where the conversation leans
    to it ("same gpu 0 ku" after Tanglish turns); else as it was."""
    return read_where_marked(text, _TAMIL_MARK, _TANGLISH, lean, "tamil")
