"""Hindi read in English: its words said in passing in Indian English (:data:`HINDI_IN_PASSING`), and
Hindustani in Latin letters written whole where the message has marks of its own (:func:`hindi`): Hinglish
and Roman Urdu, one language with two spellings (kya/kia, hai/he, nahi/nai, dobara/dubara), read as one, with
Hyderabad's Dakhini (kitta, kaiku, nakko) read as the words it says them for."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import Lean, compiled, reads, translated

# Hindi said in passing in Indian English ("kal H100 peak power kitna tha", "log mein kya likha hai"): its
# day and question words, "tha" (was), a progressive's helpers, fillers; "kal" is yesterday (no reading is
# of tomorrow). Indian English's own turns are read too: "same to same" (the same), "prepone" (bring forward:
# start), "do the needful" (please)
HINDI_IN_PASSING = compiled(
    (
        (r"\baaj\s*kal\b", "these days"),  # "aaj kal" (nowadays), not today and yesterday
        (r"\bkal\b", "yesterday"),
        (r"\baaj\b", "today"),
        (r"\babhi\b", "now"),
        (r"\bkitn[aie]\b", "how much"),
        (r"\bkya\b", "what"),
        (r"\bky[uo]n\b", "why"),
        (r"\bkab\b", "when"),
        (r"\bkaun\b|\bkis ?ne\b", "who"),
        (r"\bkaise\b", "how"),
        (r"\b(?:aa|ho|chal) (?:raha|rahi|rahe)\b", ""),  # "kitna aa raha tha": how much was (coming)
        (r"\b(?:gaya|gayi|hua|hui) (?=th[aie]\b)", ""),  # "kitna gaya tha": how much was (it went)
        (r"\bth[ai]\b", "was"),
        (r"\bhai(?:n)?\b", "is"),
        (r"\bmein\b", "in"),
        (r"\blikha\b", "written"),
        (r"\bkiya\b", "did"),
        (r"\b(?:yaar|yar|bhai|arre|arey|accha|achha|ji)\b,?", ""),
        (r"\bsame to same\b", "same"),
        (r"\bprepone\b", "start"),
        (r"\bdo the needful\b,?", "please"),
    )
)

# Hinglish written whole (Hindi in Latin letters, English words of the trade mixed in), read only in a
# message with marks of its own (none an English word): "gpu 0 ka max power kya raha", "usko restart kar
# do", "kitni der chala". Hindi puts the verb last and its postpositions after the noun; English readers
# need the question words, the verbs and the spans, so those are what the table turns
# (not after an apostrophe: French "aujourd'hui"; nor after French's texted "c": "c koi" is c'est quoi;
# "acha que" is Portuguese's "thinks that": "vc acha q ...")
_HINDI_MARK = re.compile(
    r"(?<!['’])(?<!\bc )\b(?:hai|hain|tha|thi|kya|kitna|kitni|kitne|kyun|kyon|kaise|kab|kaun|kaunsa|kaunse"
    r"|usko|isko|uska"
    r"|iska|uski|iski|unka|inka|kar\s+do|karo|kardo|kr\s*do|kro|batao|bata\s+do|dikhao|nahi|nahin|bhai|yaar|abhi"
    # the familiar "de" of a request ("compare kar de"), "bhi" (too), "aaya" (came), "baaki" (the rest)
    r"|(?:kar|bata|dikha)\s+de|bhi|aaya|aayi|baaki|walon"
    r"|aaj|wala|wale|wali|ghante|ghanta|baar|hua|hui|hue|gaya|gayi|raha|rahi|rahe|chala|chalao|chalega"
    r"|lage|laga|lagi|lagta|dono|saare|pehle|upar|zyada|theek|acha(?!\s+q(?:ue)?\b)|accha|achha|arre|haan|khatam|kisne"
    r"|kuch|samjhao|karna|karke|chahiye|hoga|dobara|usne|isne|uske|iske|bijli|subah|shaam|dopahar|raat"
    r"|aur|koi|usme|isme|daalo|daal"
    # "ke liye" (for), "wagairah" (and so on), "bachne" (to avoid), "zarurat" (need), "hata do" (remove)
    r"|liye|wagairah|wagaira|vagairah|vagaira|bachne|bachna|zarurat|zaroorat|hatao|hata\s+d(?:[oe]|ijiye)"
    # Urdu's spellings of the same words, as Roman Urdu types them (kia, nai, dubara, khali, darmiyan)
    r"|kia|nai|nhi|dubara|dobarah|khali|dusra|dusre|dusri|doosra|doosre|baje|beech|darmiyan|chuka|chuki"
    r"|samjha|barha|barhao"
    # Dakhini's (Hyderabad's) own: "kitta" (kitna), "kaiku" (why), "nakko" (don't), "chalu karo" (switch on)
    r"|kitta|kitte|kitti|kaiku|kayku|kaiko|nakko|roko|chalu"
    # Lucknow's and Awadh's own: "kahe" (why), "atka" (stuck), "hamka" (to us), "ruko" (wait)
    r"|kahe|kaahe|atka|atki|hamka|humka|hamko|humko|ruko)\b",
    re.I,
)
_NOT_ORDER = r"(?!(?:pehle|pehla|last|baad|agl[aie]|pichl[aie]|dusr[aie]|doosr[aie])\b)"
_OBJECT = r"(?:usko|isko|use|ise|unko|inko|uski|iski|ye|yeh|wo|woh|vo)"
# raising a priority: "badha do", "thoda badha do", "upar kar do", "upar karo"
_RAISE = (
    r"(?:(?:thod[aie]|zara)\s+)?(?:(?:aage\s+)?(?:badha|badhao|bada)|(?:upar|aage)\s+kar(?:o|do)?)"
    r"(?:\s*(?:do|de|dijiye))?\b"
)
_VERBS_WORD = r"cancel|cancle|kill|hold|release|pause|resume|restart|retry|rerun|submit|delete|stop|swap"
_VERBS = rf"(?:{_VERBS_WORD})"
_DO = r"(?:kar\s*(?:do|de|dijiye|dena|dijie)|karo|kardo|karna\s+(?:tha|hai|hoga))"
# Urdu typed in Latin letters (Roman Urdu) is the same language with its own spellings: "kia" for kya (what)
# but kiya after a verb or "nahi" ("cancel nahi kia": did not cancel), "he"/"hy" for hai at a clause's end
# ("kab se busy he"), "nai"/"nhi" for nahi, "dubara" for dobara, ṛ written "r" ("barha do": badha do,
# "para hai": pada hai, "thora"), and WhatsApp's "kr do"/"kro"; each read as the spelling the table reads.
# Hyderabad's Dakhini says some words its own way: "kitta"/"kitte" (kitna/kitne: how much, how many),
# "kaiku" (kyun: why), "nakko" (nahi: don't), and runs "kardiya", "hogaye" together
_URDU_SPELLINGS = compiled(
    (
        (r"\b(?:nai|nhi|nahee)\b", "nahi"),
        (rf"\b(nahi|nahin|ne|{_VERBS_WORD})\s+kia\b", r"\1 kiya"),
        (r"\bkia\b", "kya"),
        (r"(?<=[\w?])\s+(?:he|hy|hay)\b(?=\s*(?:[?.!,]|$))", " hai"),
        (r"\b(?:dubara|dobarah|dobaara|dubaara)\b", "dobara"),
        (r"\bbarh(a|ao|ana|ani)\b", r"badh\1"),
        (r"\bpar([ai])\b(?=\s+(?:hai|hain|he|tha|thi|hua|hui|raha|rahi)\b)", r"pad\1"),
        (r"\bthor([aie])\b", r"thod\1"),
        (r"\bchor do\b", "chhod do"),
        (r"\bg(?:y|a)i\b", "gayi"),
        (r"\bgya\b", "gaya"),
        (r"\bkr\s*(do|de|dein|dijiye)\b", r"kar \1"),
        (r"\bkro\b", "karo"),
        (r"\brh([aie])\b", r"rah\1"),
        (r"\bkhai\b", "khayi"),
        (r"\bkon(s[aei])\b", r"kaun\1"),
        (
            r"\bkhaa?lee?\b|\bkhaali\b",
            "khali",
        ),  # the long vowels typed doubled: "khaali", "khalee"  # "konsa job" (kaunsa: which), typed short
        (r"\bkitt([aie])\b", r"kitn\1"),
        (r"\b(?:kaiku|kayku|kaiko|kaikoo)\b", "kyun"),
        (r"\bnakko\b", "nahi"),
        (r"\bkar(diya|diye|di|do|de)\b", r"kar \1"),
        (r"\bho(gaya|gayi|gaye)\b", r"ho \1"),
        # Lucknow's and Awadh's (UP's) own: "kahe" (kyun: why), "ka hua" opening a clause (kya hua: what
        # happened; "ka" elsewhere is of), "kaun sa" written apart (kaunsa: which), "pichhle" (pichle: last)
        (r"\b(?:kahe|kaahe|kahey)\b", "kyun"),
        (r"(^|[,.?!;]\s*)ka\s+(hua|hui|hai)\b", r"\1kya \2"),
        (r"\bkaun\s+s([aei])\b", r"kauns\1"),
        (r"\bpichhl([aei])\b", r"pichl\1"),
    )
)


def _hour(part: str | None, h: str, end: bool, minutes: str = "00") -> str:
    """The clock's hour ``h`` said in a ``part`` of the day ("shaam 5": 17:00), its part turning the hours
    past noon (the night's from 7 on; "raat 2 baje" is 2:00); ``end``: a span's end (midnight is 24:00)."""
    part, n = (part or "").lower(), int(h)
    if part == "raat" and n == 12:  # midnight: "raat 8 se 12 tak" ends at 24:00
        return "24:00" if end else "0:00"
    late = part in ("dopahar", "shaam", "sham") or (part == "raat" and n >= 7)
    return f"{n + 12 if late and n < 12 else n}:{minutes}"


def _clock_span(m: re.Match[str]) -> str:
    """ "subah 10 se 11 baje ke beech" (between 10:00 and 11:00), "shaam 5 se 6 ke darmiyan" (17:00 and
    18:00), "12:30 se 13:15 ke beech": a span said by the clock (:func:`_hour`), its minutes where said;
    its end's own part of the day where said ("shaam 6 baje se raat 12 baje tak": 18:00 to 24:00), else
    its start's."""
    end_part = m.groupdict().get("part_b") or m["part"]
    start = _hour(m["part"], m["a"], False, m["ma"] or "00")
    return f"between {start} and {_hour(end_part, m['b'], True, m['mb'] or '00')}"


def _clock_until(m: re.Match[str]) -> str:
    """ "9 se 12 baje tak" (from 9 to 12 o'clock), "raat 8 baje se 12 tak": a span said by its ends, a
    span of the clock only where "baje", a part of the day or minutes say so ("job 5 se 10 tak" is of
    jobs)."""
    if not (m["part"] or m["part_b"] or m["ba"] or m["bb"] or m["ma"] or m["mb"]):
        return m[0]
    return _clock_span(m)


def _clock_after(m: re.Match[str]) -> str:
    """ "12 baje ke baad" (after 12:00), "shaam 5 ke baad" (after 17:00): a moment of the clock said before
    "ke baad" (after), the clock's only where "baje", a part of the day or minutes say so ("job 11 ke baad"
    is after a job)."""
    if not (m["part"] or m["ba"] or m["m"]):
        return m[0]
    return f"after {_hour(m['part'], m['h'], False, m['m'] or '00')}"


# the words Hindustani and Nepali say alike, one table read by both readers (:mod:`.nepali`): the hour
# asked, "kitne baje" and Nepali's "kati baje" (at what o'clock); an hour of the clock, "9 baje" (9:00);
# hours, "ghante", and "ghanta" after a number other than one (Nepali's plural: "2 ghanta", two hours)
CLOCK_WORDS: tuple[tuple[str, str], ...] = (
    (r"\b(?:kitne|kati)\s+baje\b", "at what time"),
    (r"\b(\d{1,2})\s*baje\b", r"\1:00"),
    (r"(?<=\d )(?<!\b1 )ghanta\b", "hours"),
    (r"\bghante\b", "hours"),
    (r"\bghanta\b", "hour"),
)
# what is meant, said before "wala" (the one of): "resnet50 wala job" (the resnet50 job), "aur finetune
# wala?" (and the finetune one?), a number with it the job (or card) of that number ("12 wala job", "9
# number wala", "1 number wala gpu"); not "pehle wala" or "uske baad wala" (an order, read apart). Nepali
# says it alike ("mistral wala job"): one table read by both readers
WALA: tuple[tuple[str, str], ...] = (
    (r"\b(\d+)\s+(?:number\s+)?wal[aie]\s+(gpu|card)\b", r"\2 \1"),
    (r"\b(\d+)\s+(?:number\s+wal[aie](?:\s+job)?|wal[aie]\s+job)\b", r"job \1"),
    (rf"\b{_NOT_ORDER}([\w-]+)\s+wal[aie]\s+(job|card|gpu|run)\b", r"the \1 \2"),
    (rf"\b{_NOT_ORDER}([\w-]+)\s+wal[aie](?=\s*[?.!]*\s*$)", r"the \1 one"),
)

_HINGLISH = compiled(
    (
        # "acha sa title" (a good title), said before "acha" (ok) is dropped as a filler
        (r"\b(?:acha|accha|achha|achi|acchi)\s+s[aie]\b", "a good"),
        (
            # "thodi der ke liye" (for a while) goes whole, its "ke liye" with it
            r"\b(?:theek hai|thik hai|acha|accha|achha|chalo|haan|arre|yaar|bhai|jaldi|zara"
            r"|(?:thodi|kuch) der(?: ke liye)?"
            r"|ke liye chahiye|baad (?:me|mein) dekh(?:enge|te hain|te hai|lenge))"
            r"\b,?",
            "",
        ),
        (r"\b(?:arre\s+)?nahi(?:n)?,?\s+galti ho gayi\b|\bgalti ho gayi\b|\bsorry galti\b", "no sorry,"),
        # "ruko" (wait: the speaker's own pause, not "roko", stop it), "nahi ruko" (no wait) taking a request
        # back
        (r"\b(?:nahi(?:n)?,?\s+)?ruko\b", lambda m: "no wait" if m[0].lower().startswith("n") else "wait"),
        # "zarurat nahi hai" (it is not needed), before "nahi" is read alone
        (
            r"\b(?:iski\s+|uski\s+|ab\s+)?(?:zarurat|zaroorat|jarurat)\s+nahi(?:n)?(?:\s+(?:hai|he|h))?\b",
            "not needed",
        ),
        (r"\b([\w-]+)\s+ko\s+nahi(?:n)?\b", r"not \1"),
        (r"^(.{1,80}?)\s+(?:likh do|likho|likh dijiye|likh de)\b", r"write \1"),
        # "mere paper ke liye" (for my paper); "mera" elsewhere is left ("ho gaya mera test": mine is done)
        (r"\b(?:mera|meri|mere)\s+([\w-]+)\s+(?=ke\s+liye\b)", r"my \1 "),
        # "thesis ke liye acha sa title suggest karo": suggest a good title for the thesis
        (rf"\b([\w-]+(?:\s+[\w-]+)?)\s+ke\s+liye\s+(.{{1,40}}?)\s+suggest\s+{_DO}", r"suggest \2 for \1"),
        # an English verb said last, put first: "manager ko ek short msg draft kar de" (draft a short msg to
        # the manager: asked of no reading), "gpu hours me bhi compare kar de" (compare the gpu hours too)
        (rf"^(.{{1,80}}?)\s+(suggest|draft|compare|check)\s+{_DO}", r"\2 \1"),
        (r"\bthrottl\w*\s+(?:kuch\s+)?(?:bol|dikha)\s+(?:raha|rahi)\b", "is it throttling"),
        (
            r"\b(?:max|maximum|peak)\s+(?:kitna|kitni)\s+(?:gaya|gayi|pahuncha|hua)(?:\s+th[aie])?",
            "what was the max",
        ),
        # the lowest, said as "sab se kam" (least of all): "sab se kam kitna gaya" (what was the lowest)
        (
            r"\b(?:sab\s*se\s+kam|min|minimum)\s+(?:kitna|kitni)\s+(?:(?:gaya|gayi|pahuncha|hua|raha|rahi)"
            r"(?:\s+th[aie])?|th[aie])\b",
            "what was the lowest",
        ),
        (r"\bsab\s*se\s+kam\b", "the lowest"),
        (r"\bsab\s+se\s+zyada\b", "the most"),
        # what a thing costs: "kitne ka padta hai" (how much does it come to), Urdu's "parta"
        (
            r"\bkitne\s+(?:ka|ki|mein|me)\s+(?:padt|part)[aie](?:\s+(?:hai|he|hain))?\b",
            "how much does it cost",
        ),
        (r"\bek\s+ghanta\b", "an hour"),
        # a purchase weighed: "naya server lena hai" (we want to take a new server: buy one; "gpu 0 lena hai"
        # is taking this machine's card), "kharidna hai" (to buy), "h100 le ya a100" (the h100 or the a100),
        # "kaun sasta padega" (which will come out cheaper)
        (
            r"\b(?:naya|nayi|naye)\s+([\w-]+(?:\s+[\w-]+)?)\s+(?:lena|lene|kharidna|kharidne|khareedna|khareedne)"
            r"(?:\s+(?:hai|he|h|hain|chahiye))?\b",
            r"we want to buy a new \1",
        ),
        (
            r"\b([\w-]+(?:\s+[\w-]+)?)\s+(?:kharidna|kharidne|khareedna|khareedne)(?:\s+(?:hai|he|h|hain|chahiye))?\b",
            r"we want to buy \1",
        ),
        (r"\b([\w-]+)\s+(?:le|lein|len|lu|lun|loon)\s+ya\s+([\w-]+)\b", r"\1 or \2"),
        (
            r"\b(?:kaun|kaunsa|kaunsi|kaunse)\s+(sast|mehng|mehang|behtar|acch|ach)[aie]?\s+(?:padeg|raheg|hog)[aie]\b",
            lambda m: "which will be "
            + {"sast": "cheaper", "mehng": "pricier", "mehang": "pricier"}.get(m[1].lower(), "better"),
        ),
        # "usi ghante me" (in that same hour), "isi din" (the same day)
        (r"\b(?:usi|isi)\s+ghante\b", "the same hour"),
        (r"\b(?:usi|isi)\b", "the same"),
        # what the speaker thought: "humko laga" (it seemed to us), "mujhe laga chal gaya hoga" (I thought it
        # would be running by now)
        (
            r"\b(?:humko|hamko|hamka|humka|hume|humein|hamein|mujhe|mereko|hamre|humre)"
            r"\s+(?:laga|lagaa|lagta\s+tha)\b",
            "i thought",
        ),
        (r"\bchal\s+(?:gaya|gayi|gaye|pada|padi)\s+hog[aie]\b", "it would be running"),
        (r"\b(?:humko|hamko|hamka|humka|hume|humein|hamein)\b", "for us"),
        # "X aaye to kya karte hain" (what does one do if X comes): advice, asked of no job
        (r"\baa(?:ye|e|ey)\s+to\b", "comes,"),
        (r"\bkya\s+karte\s+(?:hain|hai|ho)\b|\bkya\s+karna\s+chahiye\b", "how do i fix it"),
        (r"\bjo\s+(.{1,30}?)\s+(?:uska|uski|uske)\s+([\w-]+)", r"the \2 of the one that \1"),
        (r"\bkaise\s+(\w+)\s+(?:karte|karu|karun|karein|kare|karenge)(?:\s+(?:hai|hain))?\b", r"how do i \1"),
        # requests: "<job> ko <verb> kar do", "<verb> kar do isko", "usko dobara chala do" (run it again),
        # "band kar do" (stop it: cancel), "chhod do" (let it go: release), "priority badha do" (raise it)
        (rf"\b(?:band|khatam)\s+{_DO}(?:\s+{_OBJECT})?", "cancel it"),
        *WALA,
        (
            # "phir se chalao usko" (run it again): the object said after the verb too
            rf"(?:\b{_OBJECT}\s+)?\b(?:dobara|phir se|firse|fir se|wapas)\s+(?:chala|chalao|start kar)"
            rf"(?:\s*(?:do|de|dein|den|dijiye|dijie))?\b(?:\s+{_OBJECT}\b)?",
            "rerun it",
        ),
        (r"\b(the [\w-]+ job|job [\w-]+)\s+(?:ko\s+)?rerun it\b", r"rerun \1"),  # "job 5 dobara chala do"
        # "roko" / "rok do" (hold it up: pause), "thoda roko" (for a while); "wapas chalu karo" (switch it
        # back on: resume); the job said before the verb is put after it ("mistral wala job roko": pause it)
        (
            rf"(?:\b{_OBJECT}\s+)?\b(?:(?:thod[aie]|zara|abhi)\s+)?(?:roko|rok\s*(?:do|de|dijiye|dena))\b"
            rf"(?:\s+{_OBJECT}\b)?",
            "pause it",
        ),
        (
            rf"(?:\b{_OBJECT}\s+)?\b(?:(?:wapas|phir se|fir se|dobara)\s+)?chalu\s+{_DO}(?:\s+{_OBJECT}\b)?",
            "resume it",
        ),
        (r"\b(the [\w-]+ job|job [\w-]+)\s+(?:ko\s+)?(pause|resume) it\b", r"\2 \1"),
        # swapping two jobs' places: "12 aur 13 ki jagah swap kar do", "dono ki jagah badal do"
        (
            rf"\b((?:job\s+)?[\w-]+)\s+aur\s+((?:job\s+)?[\w-]+)\s+(?:ki|ka|ke)\s+jagah\s+(?:swap|switch|badal|badlo|exchange)"
            rf"(?:\s*{_DO}|\s+do)?",
            r"swap \1 and \2",
        ),
        # two jobs said before the verb, "ko" left out: "12 aur 13 dono cancel kar do" (cancel 12 and 13)
        (
            rf"\b((?:job\s+)?[\w-]+)\s+aur\s+((?:job\s+)?[\w-]+)(?:\s+dono)?(?:\s+ko)?\s+({_VERBS})\s+{_DO}",
            r"\3 \1 and \2",
        ),
        # what they are, said as a clause: "queue me jo pade hai" (the ones lying in the queue)
        (
            r"\bjo\s+(queue|line)\s+(?:me|mein)\s+(?:pad|ruk)[aie]\s+(?:hai|hain|he|h)\b,?",
            r"the ones in the \1,",
        ),
        (
            r"\b(queue|line)\s+(?:me|mein)\s+jo\s+(?:pad|ruk)[aie]\s+(?:hai|hain|he|h)\b,?",
            r"the ones in the \1,",
        ),
        # taking a finished job off the list: "purana job list se hata do", "hata do history se" (remove it);
        # "puran[aie]" (old) says it is done
        (r"\b(hata(?:o|\s*(?:do|de|dijiye|dena)))\s+((?:list|history)\s+se)\b", r"\2 \1"),
        (
            r"\b((?:job\s+)?[\w-]+)(?:\s+wal[aie])?(?:\s+puran[aie])?(?:\s+(?:job|run))?\s+(?:ko\s+)?"
            r"(?:list|history)\s+se\s+hata(?:o|\s*(?:do|de|dijiye|dena))\b",
            r"remove \1 from the list",
        ),
        # taking a job off the queue: "job 7 hata do" (remove it: cancel), "usko queue se hatao"
        (
            r"\b((?:job\s+)?[\w-]+)\s+(?:ko\s+)?(?:(?:queue|line)\s+se\s+)?hata(?:o|\s*(?:do|de|dijiye|dena))\b"
            r"(?:\s+(?:queue|line)\s+se\b)?",
            r"cancel \1",
        ),
        # a job put before another: "job 9 ko uske pehle chala do" (run 9 before it) is the two swapped,
        # "switch kar do dono ko" (swap the two) said with it read with it
        (
            rf"\b((?:job\s+)?[\w-]+(?:\s+[\w-]+)?)\s+ko\s+(?:iske|uske|isse|usse|is\s+se|us\s+se)\s+pehle"
            rf"\s+(?:chala|chalao|bhej|bhejo)\s*(?:do|de|dijiye)?\b"
            rf"(?:,?\s*(?:dono\s+ko\s+)?(?:switch|swap)\s+{_DO}(?:\s+dono\s+ko)?(?:\s+(?:queue|line)\s+(?:mein|me)\b)?)?",
            r"swap \1 and it",
        ),
        # "job 11 ko thoda pause kar do" (pause it for a while): the adverb between says no other verb
        (
            rf"\b((?:[\w-]+\s+){{0,3}}?[\w-]+)\s+ko\s+(?:(?:thod[aie]|zara|abhi|jaldi)\s+)?({_VERBS})\s+{_DO}",
            r"\2 \1",
        ),
        # the whole queue as the object: "poori queue pause kar do" (pause the queue), "queue resume karo"
        (
            rf"\b(?:(?:poori|puri|saari|sari|whole)\s+)?(queue|line)\s+(?:ko\s+)?(pause|resume)\s+{_DO}",
            r"\2 the whole \1",
        ),
        # where a job runs: "job 12 ko GPU 1 pe pin kar do", "usko gpu 0 par chala do" (pin it to GPU 0)
        (
            rf"\b(?:((?:job\s+)?[\w-]+)\s+ko|{_OBJECT})\s+(gpu\s*\d+)\s+(?:pe|par)\s+"
            rf"(?:(?:pin|move|shift)\s+{_DO}|chala\s*(?:do|de|dijiye)|chalao)",
            lambda m: f"pin {m[1] or 'it'} to {m[2]}",
        ),
        # how many GPUs it asks for, said with "pe kar do": "usko 1 GPU pe kar do" (set it to 1 GPU)
        (
            rf"\b(?:((?:job\s+)?[\w-]+)\s+ko|{_OBJECT})\s+(\d+)\s+(gpus?)\s+(?:pe|par)\s+{_DO}",
            lambda m: f"set {m[1] or 'it'} to {m[2]} {m[3]}",
        ),
        (rf"\b{_OBJECT}\s+({_VERBS})\s+{_DO}", r"\1 it"),
        (rf"\b({_VERBS})\s+{_DO}(?:\s+{_OBJECT})?", r"\1 it"),
        # "job 12 ka priority 10 kar do" (set it to 10; Lucknow says "ka priority"), "priority 5 kar do"
        (
            rf"\b((?:job\s+)?[\w-]+)(?:\s+wal[aie])?\s+(?:ki|ka)\s+(?:priority|prio)\s+(\d+)\s+{_DO}",
            r"set the priority of \1 to \2",
        ),
        (rf"\b(?:{_OBJECT}\s+)?(?:priority|prio)\s+(\d+)\s+{_DO}", r"set its priority to \1"),
        # the memory it asks for, the same way: "job 13 ki memory 40000 MiB kar do", "memory 20 GB kar do"
        (
            rf"\b((?:job\s+)?[\w-]+)(?:\s+wal[aie])?\s+(?:ki|ka)\s+(?:memory|mem|vram)\s+(\d+\s*(?:mib|gib|mb|gb))\s+{_DO}",
            r"set the memory of \1 to \2",
        ),
        (
            rf"\b(?:{_OBJECT}\s+)?(?:memory|mem|vram)\s+(\d+\s*(?:mib|gib|mb|gb))\s+{_DO}",
            r"set its memory to \1",
        ),
        # "job 12 ki priority badha do" (raise job 12's), "priority kam kar do" (lower it)
        (
            # a model's size said before its name ("70b eval ki priority"): the name whole
            rf"\b((?:job\s+)?(?:\d+(?:\.\d+)?[bm]\s+)?[\w-]+)(?:\s+wal[aie])?\s+(?:ki|ka)\s+(?:priority|prio)\s+{_RAISE}",
            r"bump the priority of \1",
        ),
        (
            rf"\b((?:job\s+)?[\w-]+)\s+(?:ki|ka)\s+(?:priority|prio)\s+(?:kam|neeche|ghata|ghatao)\s*{_DO}?",
            r"lower the priority of \1",
        ),
        (
            rf"\b(?:{_OBJECT}\s+)?(?:priority|prio)\s+(?:kam|neeche|ghata|ghatao)\s*{_DO}?",
            "lower its priority",
        ),
        (
            rf"\b(?:{_OBJECT}\s+)?(?:priority|prio)\s+{_RAISE}",
            "bump its priority",
        ),
        (r"\bchhod\s+do\b", "release it"),
        # the priority said last: "13 wala ko bhi thoda aage badhao priority me" (move 13 up too)
        (
            rf"\b((?:job\s+)?[\w-]+)(?:\s+wal[aie])?\s+ko\s+(bhi\s+)?{_RAISE}\s+(?:priority|prio)\s+(?:mein|me)\b",
            lambda m: f"bump the priority of {m[1]}{' too' if m[2] else ''}",
        ),
        (r"\b([\w-]+)\s+ko\s+(?:abhi\s+)?hold\s+(?:pe|par)\s+(?:daal|dal|rakh)(?:\s+do|o)\b", r"hold \1"),
        (r"\bhold\s+(?:pe|par)\s+(?:daal|dal|rakh)(?:\s+do|o)\b", "hold it"),
        (r"\bkal (?:subah |shaam |raat )?tak\b", "by tomorrow"),
        (r"\bkal se\b", "since yesterday"),
        # "us time kya chal raha tha" (what was running then): the moment said after the clause it opens
        (
            r"\bus\s+(?:time|waqt|samay)\s+((?:kya|kaun\w*|kis\s+job)\b[^?.!,]{0,40}?)(?=\s*(?:[?.!,]|$))",
            r"\1 then",
        ),
        (r"\bus (?:time|waqt|samay)(?:\s+(?:mein|me))?\b", "then"),  # "us time mein" (in that time)
        # "kab hua ye" (when did it happen), "kaunsa job tha" (which job was it): the subject left unsaid
        (
            r"\b(?:(?:ye|yeh|wo|woh|vo)\s+)?kab\s+(?:hua|hui|hue)(?:\s+(?:ye|yeh|wo|woh|vo|th[aie]))?\b",
            "when did it happen",
        ),
        # "konsa job tha tab" (which job was it then): "tab" said last
        (
            r"\b(?:kaunsa|kaunsi|kaunse)\s+([\w-]+)\s+th[aie]\s+tab\b(?=\s*(?:[?.!,]|$))",
            r"which \1 was it then",
        ),
        (r"\b(?:kaunsa|kaunsi|kaunse)\s+([\w-]+)\s+th[aie]\b(?=\s*(?:[?.!,]|aur\b|$))", r"which \1 was it"),
        # "peak kab aaya" (when did the peak come)
        # "peak temp kab aaya" (when did the temperature's peak come): its reading said between
        (
            r"\b(peak|max|maximum|spike)((?:\s+[a-z][\w-]*)?)\s+kab\s+(?:aaya|aayi|aya|ayi|hua|hui|tha|thi)\b",
            r"when was the \1\2",
        ),
        # what a log said: "log mein kya likha tha" (what was written in it), "log me step kitna hai"
        (r"\b(log|logs|output)\s+(?:me|mein)\s+kya\s+likha\s+(?:tha|thi)\b", r"what was written in the \1"),
        # "log mein last kya aaya" (what came last in it), "aakhri kya likha tha"
        (
            r"\b(log|logs|output)\s+(?:me|mein)\s+(?:last|aakhri|akhri|aakhiri)\s+kya"
            r"(?:\s+(?:aaya|aayi|aya|ayi|likha|hai|he|h))?(?:\s+th[aie])?\b",
            r"what came last in the \1",
        ),
        (
            r"\b(log|logs|output)\s+(?:me|mein)\s+(step|epoch|loss)\s+(?:kitna|kitni|kya|kaunsa)\s+(?:hai|he|h)\b",
            r"what \2 is it at in the \1",
        ),
        # a list's element by its place: "sweep ka pehla element" (the sweep's first), "uska last run"
        (
            r"\b([\w-]+)\s+(?:ka|ki|ke)\s+(pehla|pehli|pehle|last|aakhri|akhri|aakhiri)\s+(element|run|attempt)\b",
            lambda m: f"the {'first' if m[2].lower().startswith('peh') else 'last'} {m[3]} of {m[1]}",
        ),
        # "energy mein kaun zyada" (which used more energy)
        (
            r"\b([\w-]+)\s+(?:me|mein)\s+(?:kaun|kiska|kiski|kiske)\s+(?:zyada|jyada)(?:\s+(?:hai|tha|h))?\b",
            r"which used more \1",
        ),
        # the rest of a list: "baaki walon ka final loss" (the others' final loss), "baaki jobs"
        (r"\b(?:baaki|baki|baqi)\s+(?:walon|wale|wali|sab|sabhi|saare)\b", "the others"),
        (r"\b(?:baaki|baki|baqi)\s+(jobs|runs|elements|cards|gpus)\b", r"the other \1"),
        (r"\bpichle\s+(\d+)\s+ghant[eo](?:\s+(?:me|mein))?\b", r"in the last \1 hours"),
        (r"\bky[uo]\b", "why"),
        (r"\b(?:report|mail|email)\s+(?:bhejni|bhejna|banani|banana|likhni|likhna)\s+(?:hai|h)\b\.?", ""),
        (
            # an adverb before the question ("actually", "practically", "basically kya farak hai")
            # or the question word after it ("actual farak kya hai")
            r"\b(\S+)\s+aur\s+(\S+)\s+(?:mein|me)\s+(?:(?:[a-z]+ly|actual|real|asli|exact)\s+)?"
            r"(?:kya\s+(?:farak|fark|difference)|(?:farak|fark|difference)\s+kya)\s+hai\b",
            r"what is the difference between \1 and \2",
        ),
        (r"\b(\w+)\s+kaise\s+(?:karte|karu|karun|karein|kare)(?:\s+(?:hai|hain))?\b", r"how do i \1"),
        (r"\bkitn[aie] (?:gaye|gayi|gaya|lage|lagi)\b", "how much used"),
        (r"\buska (?:bata do|batao)\b", "show it"),
        (r"\bmera matlab\s+(.{1,30}?)\s+th[ai]\b", r"i meant \1"),
        (
            r"\b(?:(?P<part>subah|dopahar|shaam|sham|raat)\s+)?(?P<a>\d{1,2})(?::(?P<ma>\d{2}))?(?:\s*baje)?\s+se\s+"
            r"(?P<b>\d{1,2})(?::(?P<mb>\d{2}))?(?:\s*baje)?\s+(?:ke\s+)?(?:beech|darmiyan)\b",
            _clock_span,
        ),
        (
            r"\b(?:(?P<part>subah|dopahar|shaam|sham|raat)\s+)?(?P<a>\d{1,2})(?::(?P<ma>\d{2}))?(?P<ba>\s*baje)?\s+se\s+"
            r"(?:(?P<part_b>subah|dopahar|shaam|sham|raat)\s+)?(?P<b>\d{1,2})(?::(?P<mb>\d{2}))?(?P<bb>\s*baje)?\s+tak\b",
            _clock_until,
        ),
        (r"\bpichle\s+(?:ek|1)\s+ghante\s+(?:mein|me)\b", "in the last hour"),
        (r"\bpichle\s+(\d+)\s+ghant[eo]\s+(?:mein|me)\b", r"in the last \1 hours"),
        (r"\bsabse zyada\b", "the most"),
        (r"\bkis job (?:ki|ke) wajah se\b", "and which job ran then"),
        (r"\bkis job (?:ke|ki) (?:time|waqt)\b", "which job ran then"),  # "kis job ke time?": then
        (r"\bresult kya aaya\b|\bresult kya tha\b", "what was the result"),
        # "kitni der chal chuki thi": how long had it run (Hindi leaves the subject unsaid)
        (r"\bchal\s+chuk[aie]\s+th[aie]\b", "had it run"),
        (r"\bchal\s+chuk[aie](?:\s+(?:hai|hain))?\b", "has it run"),
        (r"\btab tak\b", "until then"),
        (r"\buske baad wal[ae]\b", "the one after it"),
        (r"\b(?:use|consume) (?:ki|kiya|kiye|hui)\b", "used"),
        (r"\bsirf\b", "only"),
        (r"\balag alag\b", "each"),
        (r"\bsamjha do\b", "explain"),
        (r"\b(?:zara|dekh ke)\b", ""),
        # what a model needs ("7b model ko qlora se train karne me kitna vram lagta hai": how much vram does
        # training a 7b model with qlora need; Hindi says no article)
        (r"\b(\d+(?:\.\d+)?[bm])\s+model\s+ko\b", r"a \1 model"),
        (r"\b(\w+)\s+karne\s+(?:me|mein|ke liye)\b", r"to \1"),
        # avoiding a failure: "oom se bachne ke liye tips de do" (give tips to avoid oom), general knowledge;
        # "wagairah" (and so on)
        (
            r"\b([\w-]+)\s+se\s+bach(?:ne|na)\s+ke\s+liye\s+(.{1,40}?)\s+(?:de\s*do|de\s+dijiye|bata\s*do|batao)\b",
            r"give \2 to avoid \1",
        ),
        (r"\b([\w-]+)\s+se\s+bach(?:ne|na)\s+ke\s+liye\b", r"to avoid \1"),
        (r"\b(?:wagairah|wagaira|vagairah|vagaira)\b", "etc"),
        (r"\b((?:my\s+)?[\w-]+)\s+ke\s+liye\b", r"for \1"),
        # how a method saves a resource ("gradient checkpointing se memory kaise bachti hai": how does it save
        # memory), general knowledge
        (
            r"\b((?:[\w-]+\s+)?[\w-]+)\s+se\s+([\w-]+)\s+kaise\s+bach(?:ti|ta|te|ati|ata|ate)\s+(?:hai|hain)\b",
            r"how does \1 save \2",
        ),
        (r"\blagt[aie] (?:hai|hain)\b|\blagega\b|\bchahiye\b", "needed"),
        # questions
        (r"\bkitne time se\b|\bkab se\b", "since when"),
        # the hour asked: "kitne baje?" (at what o'clock), "kis time pe" (at what time)
        (r"\bkis\s+(?:time|waqt|samay)\s+(?:pe|par)\b", "at what time"),  # "kitne baje": CLOCK_WORDS
        # "kitna wait kiya" (how long did it wait), "har retry se pehle" (before each retry)
        (
            r"\bkitn[aie]\s+(?:der\s+|time\s+)?wait\s+(?:kiya|kia|kari|kara|karna pada)\b",
            "how long did it wait",
        ),
        (r"\bhar\s+([\w-]+)\s+se\s+pehle\b", r"before each \1"),
        (r"\bhar\s+([\w-]+)\s+ke\s+baad\b", r"after each \1"),
        (r"\bkitni der\b|\bkitna time\b|\bkitne der\b|\bkitna der\b", "how long"),
        (r"\bkitni baar\b|\bkitne baar\b", "how many times"),
        (r"\bkitna garam\b|\bkitni garam\b", "how hot"),
        (r"\bkitne pe\b", "at what"),
        (r"\bkaun kaun\b|\bkaunsa\b|\bkaunse\b|\bkaunsi\b", "which"),
        (r"\bkis cheez (?:ka|ke liye) wait kar (?:raha|rahi|rahe)(?: hai)?\b", "what is it waiting for"),
        (r"\bkis cheez\b", "what"),
        (r"\bkya hua\b", "what happened"),
        (r"\b(?:koi\s+)?kuch\s+(?:nahi\s+)?chala?\s+(?:raha|rahi|rahe)\b(?:\s+kya)?", "is anything running"),
        # "server pe kya chal raha hai" (what is running on the server): the place said first
        (
            r"\b((?:gpu|card)\s*\d|[a-z][\w-]*)\s+(?:pe|par)\s+kya\s+chal\s+(?:raha|rahi|rahe)"
            r"(?:\s+(?:hai|he|h|hain))?\b",
            r"what is running on the \1",
        ),
        (r"\bstart\s+(?:kyun|kyon)\s+nahi(?:n)?\s+(?:hua|hui|hue|ho raha|ho rahi)\b", "why not started"),
        # being stuck, said "atka" (caught), "phansa" (trapped), "ruka" (halted): "13 kyun atka hai" (why is
        # 13 stuck), "abhi tak atka hua hai" (it is still stuck); the job said first is put in the question
        (
            r"\b(?!(?:aur|ab|abhi|ye|yeh|wo|woh|vo|usko|isko|ki|ka|ke|ko)\b)((?:job\s+)?[\w-]+)(?:\s+wal[aie])?"
            r"\s+(?:kyun|kyon)\s+(?:atk|ruk|phans|phas|fans|fas)[aie](?:\s+(?:hua|hui|hue))?\s+(?:hai|he|h|hain)\b",
            r"why is \1 stuck",
        ),
        (
            r"\b(?:kyun|kyon)\s+(?:atk|ruk|phans|phas|fans|fas)[aie](?:\s+(?:hua|hui|hue))?\s+(?:hai|he|h|hain)\b",
            "why is it stuck",
        ),
        (r"\b(?:atk|phans|phas|fans|fas)[aie](?:\s+(?:hua|hui|hue))?\s+(?:hai|he|h|hain)\b", "is stuck"),
        (r"\bstart hone se pehle\b", "before it started"),
        (r"\b(fail|crash)\s+hone\s+se\s+pehle\b", r"before it \1ed"),  # "crash hone se pehle"
        # "13 ka kya scene hai" (what is 13's state: Indian English's "what's the scene")
        (r"\b([\w-]+)\s+(?:ka|ki|ke)\s+kya\s+scene\s+(?:hai|he|h)\b", r"what is the status of \1"),
        (r"\bkya\s+scene\s+(?:hai|he|h)\b", "what is the status"),
        (r"\btry kiya\b", "tried"),
        (r"\bqueue (?:me|mein)\s+(?:pada|padi) (?:raha|rahi)\b", "waited in the queue"),
        (r"\b(?:pada|padi) (?:raha|rahi)\b", "was"),
        (r"\bkya kya\b", "what"),
        # "80 degree se upar", "80 degree ya us se upar" (80 or above it)
        (
            r"\b(\d+)\s*degree\s+(?:ya\s+(?:(?:us|is|uss|iss)\s+se|usse|isse)|se|ke)\s+(?:upar|zyada)"
            r"(?:\s+(?:gaya|gayi|raha|rahi|tha))*",
            r"at \1 °C or more",
        ),
        # "ya us se upar", typed "ya usse upar" (or above it)
        (r"\bya\s+(?:(?:us|is|uss|iss)\s+se|usse|isse)\s+(?:upar|zyada)\b", "or more"),
        (r"\bya\s+(?:(?:us|is|uss|iss)\s+se|usse|isse)\s+(?:neeche|kam)\b", "or less"),
        # a GPU with nothing on it: "kab se khali pada hai" (since when is it idle); memory "khali" is free
        (r"\b(memory|vram|mem|gb|gib|space|jagah)\s+khali\b", r"\1 free"),
        (r"\bkhali\s+(?:(?:pad|baith)[aie]\s+)?(?:hai|hain)\b", "is idle"),
        (r"\bkhali\s+(?:pad|baith)[aie]\b", "idle"),
        (r"\bkhali\b", "free"),
        (r"\b(?:pada|padi|pade) (?:hai|hain)\b", "is"),  # "queue mein kya pada hai": what is (lying) in it
        (r"\bfarak\b|\bfark\b", "difference"),
        # verbs, states and how a run went
        (r"\bchal (?:raha|rahi|rahe) th[aie]\b", "was running"),  # before "chal raha" alone
        (r"\bchal (?:raha|rahi|rahe)(?: hai| hain)?\b", "is running"),
        (r"\bchalega\b", "will run"),
        (r"\b(?:chala|chali|chale)(?: th[ai])?\b", "ran"),
        (r"\bfail (?:hua|hui|hue|ho gaya|ho gayi)\b", "failed"),
        (r"\bcrash (?:hua|hui|hue|ho gaya)\b", "crashed"),
        (r"\bpass (?:hua|hui|hue|ho gaye)\b", "succeeded"),
        (r"\bkhatam (?:hua|hui|hue|ho gaya)\b", "ended"),
        (r"\bstart (?:hua|hui|hue|nahi hua|hone)\b", "started"),
        (r"\b(?:band|ruk) (?:hua|hui|hue|ho gaya|gaya|gayi|gaye)\b", "stopped"),  # "ruk gaya" (it stopped)
        (r"\batka (?:hua|hui)\b|\batki (?:hui)\b|\bruka (?:hua)\b", "stuck waiting"),
        (r"\bwait kar (?:raha|rahi|rahe)(?: hai| hain)?\b", "is waiting"),
        (r"\bwait karna pada\b", "waited"),
        (r"\bbusy raha\b", "was busy"),
        (r"\bidle (?:raha|pada)\b", "was idle"),
        (r"\bkha gaya\b|\bkhayi\b|\bkhaya\b|\bkhaa gaya\b", "used"),
        # "kitna aaya" (how much came: how much was it), "log me last kya aaya tha" (what was last in it)
        (r"\b(?:aaya|aayi|aaye|aya|ayi)\b", ""),
        (r"\b(compare|check)\s+kar\b", r"\1"),  # "compare kar job 4 aur 5 ka energy": said first
        (r"\b(?:lage|laga|lagi|li|liya|diye|di)\b", "used"),
        (r"\bkheench (?:raha|rahi)\b|\bkhinch (?:raha|rahi)\b", "draws"),
        (r"\bbhari hai\b|\bbhari\b", "used"),
        (r"\bbol (?:raha|rahi)\b", "says"),
        (r"\b(?:batao|bata do|bata dijiye|dikhao|dikha do)\b", "show"),
        (r"\bsamjhao\b", "explain"),
        (r"\blikh do\b|\blikho\b", "write"),
        # spans and moments
        (r"\bkal raat(?: ko)?\b", "last night"),
        (r"\bkal shaam(?: ko)?\b", "yesterday evening"),
        (r"\bkal subah\b", "yesterday morning"),
        (r"\b(?:aaj\s+)?subah\s+se\b", "since this morning"),  # "subah se" (from the morning on, until now)
        (r"\baaj subah\b", "this morning"),
        (r"\baaj shaam\b", "this evening"),
        (
            r"\b(?:(?P<part>subah|dopahar|shaam|sham|raat)\s+)?(?P<h>\d{1,2})(?::(?P<m>\d\d))?(?P<ba>\s*baje)?"
            r"\s+ke\s+baad\b",
            _clock_after,
        ),
        (r"\b(?:(?:dopahar|subah|shaam|raat)\s+)?(\d{1,2})\s*baje\s+se\b", r"since \1:00"),
        # a part of the day said alone is today's: "subah 4090 ka temp" (this morning)
        (r"\bsubah\b", "this morning"),
        (r"\bdopahar\b", "this afternoon"),
        (r"\b(?:shaam|sham)\b", "this evening"),
        (r"\blast (\d+) ghant[ae] (?:me|mein)\b", r"in the last \1 hours"),
        *CLOCK_WORDS,
        (r"\bab tak\b|\babhi tak\b", "so far"),
        (r"\bab\b", "now"),
        (r"\b(?:usme|isme|usmein|ismein)\b", "in it"),
        (r"\b(?:uspe|uspar|ispe|ispar)\b", "on it"),
        (r"\b(koi|kuch)\s+bhi\b", r"\1"),  # "koi bhi" (any at all)
        (r"\bbhi\b", "too"),
        (r"\bkoi\b", "any"),
        (r"\b([\w-]+(?:\s+[\w-]+){0,2})\s+ke time\b", r"during \1"),
        (r"\busse pehle\b|\bus(?:ke)? pehle\b", "before that"),
        (r"\bpehle wal[ae]\b", "the first"),
        (r"^nahi(?:n)?\b,?\s*(?=(?:dusr|doosr|dosr))", "no, "),  # "nahi dusre card ka": no, the other card
        (r"\b(?:dusr|doosr|dosr)[aie]\b", "the other"),
        (r"\blast wal[ae]\b", "the last"),
        (r"\bse upar\b", "or more"),
        # "400W ke upar" (above 400 W); "gpu ke upar" (on the GPU) is no threshold
        (r"\b(\d+(?:\.\d+)?\s*(?:w|watts?|%|gb|gib|mib|mhz)?)\s+ke\s+upar\b", r"\1 or more"),
        (r"\bse neeche\b", "or less"),
        (r"\bdegree\b", "°C"),
        (r"\bbijli\b", "energy"),
        (r"\bdono(?: ka| ki| ke)?\b", "both"),
        (r"\bsaare\b|\bsab\b", "all"),
        (r"\bzyada\b", "more"),
        (r"\bkisne\b|\bkis ne\b", "which"),
        (r"\bkisi ne\b", "someone"),
        (r"\b(?:uska|uski|uske|iska|iski|iske)\b", "its"),
        (r"\b(?:usne|isne|usko|isko|use|ise)\b", "it"),
        (r"\b(?:ye|yeh|wo|woh|vo)\b(?=\s*(?:[?.!,]|$))", "it"),
        (r"\bjo\b", "the one that"),
        (r"\bnahi(?:n)?\b", "not"),
        (r"\bkuch\b", "anything"),
        (r"\b(?:wala|wale|wali|walon)\b", ""),
        # postpositions and helpers, last
        (r"\b(?:ka|ki|ke|ko|ne)\b", ""),
        (r"\b(?:me|mein|mai)\b", "in"),
        (r"\b(?:pe|par)\b", "on"),
        (r"\bhai(?:n)?\b", "is"),
        (r"\bth[ai]\b", "was"),
        (r"\b(?:raha|rahi|rahe|hua|hui|hue|gaya|gayi|gaye|ho)\b", ""),  # "gaye" left is no "gate"
        (r"\baur\b", "and"),
    )
)


def hindi(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Hinglish written whole (:data:`_HINDI_MARK`); else as it was
    (its words said in passing are :data:`HINDI_IN_PASSING`, read with the other languages')."""
    if not reads(lean, "hindi", _HINDI_MARK.search(text)):
        return text
    text = translated(translated(translated(text, _URDU_SPELLINGS), _HINGLISH), HINDI_IN_PASSING)
    return re.sub(r"\s{2,}", " ", text).strip()
