"""Turkish read in English, written whole or said inside English as Istanbul writes it on Slack ("GPU'ların
sıcaklığı şu an kaç?", "su an ne calisiyor", "kuyrukta bekleyen job'lar neden bekliyor?", "onu şimdilik
hold'a al"): its question words and particles, days and hours, the nouns and verbs of a machine and its
queue, its superlatives and means, and the case and possessive suffixes it puts on its own words and on
English ones ("job'lar" jobs, "GPU'nun" the GPU's, "4090'da" on the 4090, "9'dan beri" since 9), with its
letters (ı ş ğ ç ö ü) or typed without them, as a phone types it ("cekiyo", "tmm", "dakka", "1de?"). Its
verb comes last: a request's is said first in English ("llama'yı iptal et" cancel llama, "şunu iptal et"
cancel it), and so is what "ne" (what) asks ("orada ne çalışıyor" what is running there)."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import Lean, compiled, past_form, read_where_marked

# the suffixes Turkish puts after an apostrophe, on a name of the trade or a number, in the order it stacks
# them: the plural ("job'lar"), the possessive ("priority'si", "util'leri"), a case ("GPU'nun", "log'a",
# "H100'de", "9'dan", "checkpoint'i", "retry'la", "GPU'daki") and the past of "to be" ("job'tu", "busy'di");
# written here without the Turkish letters, which are taken off first (:data:`_FOLD`)
_PLURAL = r"l[ae]r"
_POSSESSIVE = r"(?:l[ae]r[iu]|s?[iu])"
_CASE = r"(?:n?[iu]n|n?[dt][ae]n|n?[dt][ae](?:ki)?|y?[iu]|y?[ae]|n[ae]|n[iu]|y?l[ae])"
_WAS = r"(?:y?[dt][iu]r?|y?m[iu]s)"
_SUFFIX = rf"(?=[a-z])(?:{_PLURAL})?(?:{_POSSESSIVE})?(?:{_CASE})?(?:{_WAS})?"
# the same with the Turkish letters, as a mark: "GPU'ların", "H100'ün", "power'ı"
_SUFFIX_MARKED = (
    r"(?:l[ae]r)?(?:l[ae]r[ıiuü]|s?[ıiuü])?"
    r"(?:n?[ıiuü]n|n?[dt][ae]n|n?[dt][ae](?:ki)?|y?[ıiuü]|y?[ae]|n[ae]|n[ıiuü]|y?l[ae])?"
    r"(?:y?[dt][ıiuü]r?|y?m[ıiuü][sş])?"
)

# Turkish marks: its own letters ı ş ğ (not ç ö ü, which French, German and Portuguese write too); a suffix
# after an apostrophe on a word of two letters or more, or a number ("job'lar", "9'dan"; not French "l'un",
# "qu'il", nor English "it's", "we'll", "they're", which no suffix spells); a verb's present in "-iyor"
# ("calisiyor", "bekliyor") or "-iyo"; and its words, none an English word nor another language's ("kac",
# "neden", "hangi", "su an", "dun gece", "peki", "oldu", "sunu", "tmm"; not "dun", Tagalog's, "sabah",
# Franco's, "tamam", Hindi's, "beri", Indonesian's "give")
_TURKISH_MARK = re.compile(
    r"(?-i:[ıİşŞğĞ])"
    # (not French's "qu'", nor Italian's elided "quant'e", "com'e", "dov'e": "è" typed without its accent)
    r"|(?:(?<=\d)|(?<=\w\w))(?<!\bqu)(?<!\bquant)(?<!\bcom)(?<!\bdov)['’](?=[a-zıçğöşü])"
    + _SUFFIX_MARKED
    + r"(?![\w'’])"
    r"|\b[a-zçğıöşü]{2,}[iıuü]yo(?:r|du|rdu|rlar|rum|ruz|rsun|lar)\b"  # (not Spanish "incluyo")
    # the present typed as it is said ("cekiyo", "kullaniyo"; not "-uyo", Spanish's, nor Korean "aniyo")
    r"|\b(?!aniyo\b)[a-zçğıöşü]{2,}[iıü]yo\b"
    # a card's number or name with a case ending and no apostrophe ("1de", "0da", "4090da", "h100de"), a
    # digit's in its own harmony (not Spanish "2da", its second)
    r"|\b(?:[1278]de|[069]da|[345]te|(?:\d{4}|[abh]\d{2,3})[dt][ae])(?:ki|n)?\b"
    r"|\b(?:ka[çc]|ka[çc]ta|ka[çc]ar|neden|niye|ni[çc]in|nas[ıi]l|hangi\w*|neydi|nedir|nerede|nerde|nereye"
    r"|ne\s+(?:zaman\w*|kadar\w*|var|vard[ıi]|oldu|yaz[ıi]yor)|[şs]u\s+an(?:da|a)?|[şs]imdi\w*"
    r"|d[üu]nk[üu]|d[üu]n\s+(?:gece|ak[şs]am|sabah)|(?-i:dün)|bug[üu]n\w*|bu\s+(?:sabah|ak[şs]am|gece"
    r"|hafta)|s[ıi]cakl[ıi]\w*|bellek\w*|belle[ğg]\w*|haf[ıi]za\w*|enerji\w*|kuyru[kğg]\w*|kartlar\w*"
    r"|kart(?:[ıi]|[ıi]n|ta|taki)|[çc]al[ıi][şs](?:[ıi]yor|t[ıi]|m[ıi][şs]|an|acak|m[ıi]yor|m[ıi]yo"
    r"|t[ıi]r)\w*|bekle\w*|bitti\w*|biten\w*|bitmedi|oldu\w*|olan\w*|patlad[ıi]\w*|[çc][öo]kt[üu]"
    r"|iptal|durdur\w*|devam|tekrar|yeniden|ba[şs]la\w*|y[üu]kselt\w*|d[üu][şs][üu]r\w*|y[üu]ksek\w*"
    r"|d[üu][şs][üu]k\w*|fazla|ortalama\w*|kere|defa|ayr[ıi]|peki|toplam\w*|s[üu]rd[üu]"
    r"|s[üu]rm[üu][şs]|s[üu]re(?:si|leri|sini|lerini)|saniye\w*|dakika\w*|derece\w*|harca\w*"
    r"|kulland\w*|kullan[ıi]l\w*|[çc]ekti\w*|g[öo]rd[üu]\w*|kaydet\w*|m[ıi]s[ıi]n(?:[ıi]z)?"
    r"|m[uü]s[uü]n(?:[uü]z)?|var\s+m[ıi]|edildi|ettim|etti|[üu]st[üu]nde|[üu]st[üu]|alt[ıi]nda"
    r"|y[üu]z[üu]nden|de[ğg]il\w*|diye|i[çc]in|biraz|hen[üu]z|sonra|yok|deneme\w*|denedi\w*|eleman\w*"
    r"|sonu[çc]\w*|[öo]ner(?:i|ir|irsin|irim|isin)|kar[şs][ıi]la[şs]t[ıi]r\w*|bo[şs]ta|me[şs]gul"
    # "hata" (error), not Hinglish's "hata do"/"hatao" (remove it)
    r"|ekib\w*|bak[ıi]m\w*|sunucu\w*|makine\w*|hata(?!o\b|\s+d(?:o|e|ijiye|ena)\b)\w*|yaz[ıi]yor|yazar"
    r"|ne\s+i[şs]e|numaral[ıi]|aras[ıi](?:nda)?|ayn[ıi]|limit(?:i|ini)|fanlar\w*"
    r"|g[öo]rev\w*|duraklat\w*|de[ğg]i[şs]tir\w*|anlat[ıi]r|hakk[ıi]nda|aras[ıi]ndaki"
    r"|[şs]unu|bunu|[şs]una|buna|tmm|nbr|slm|tskler|dakka"
    # a wish said of a job ("çalışsın", "koşsun" let it run; "bırak" let; "sil gitsin" just delete it), a
    # mind changed ("vazgeçtim"), "sadece" (only), "sırasında" (during), "listeden" (from the list)
    r"|[çc]al[ıi][şs]s[ıi]n|ko[şs]sun|b[ıi]rak|gitsin|vazge[çc]\w*|sadece|s[ıi]ras[ıi]nda|liste(?:den|ye|sinden)"
    r"|(?:ba[şs]la|bit|patla|[çc][öo]k|iptal\s+ol|iptal\s+edil)m[ae]d[ae]n)\b"  # "bitmeden" (before it ended)
    # an English verb done with "et" ("release et", "pause eder misin"; not French's "et" between two)
    r"|\b(?:cancel|pause|resume|release|hold|retry|restart|rerun|kill|requeue|submit)\s+"
    r"(?:et(?=\s*(?:[,.!?]|$))|ed(?:er|ebilir|in|iver|elim|ildi)\b|etti\w*)",
    re.I,
)

# the Turkish letters taken off, once a message is read as Turkish, so each pattern after reads a word
# typed with them or without ("sıcaklığı" as "sicakligi", "çalışıyor" as "calisiyor")
_FOLD = str.maketrans("ıİşŞğĞçÇöÖüÜâÂîÎûÛ", "iIsSgGcCoOuUaAiIuU")

# a name of the trade Turkish puts its suffixes on with no apostrophe ("joblar", "gpuda", "processler"), a
# card's name or its number ("4090da", "h100de", "1de": on GPU 1); not "login", "logic"
_NOUN = r"(?:jobs?|gpu\d?|process|card|node|checkpoint|util|alarm|log(?!i[cn]\b)|\d{4}|[abh]\d{2,3}|\d)"
# a card's name: what is "on" it ("4090'da" on the 4090), not "in" it as in a log ("log'unda")
_CARD = re.compile(r"^(?:gpu\s*\d*|h100|h200|a100|4090|3090|card|node|rank\s*\d*|\d+)$", re.I)
# the English verbs Turkish asks with "et" (do) or "yap" (make) after them ("release et", "pause eder
# misin", "cancel edildi")
_ENGLISH_VERB = r"(cancel|pause|resume|release|hold|retry|restart|rerun|kill|requeue|submit|stop|start|test)"
_PRIORITY = r"(?:priority|oncelik|oncelig|prio)(?:['’]?\w+)?"  # "priority'sini", "onceligini"
_REQUEST = (
    r"cancel|pause|resume|release|hold|retry|restart|rerun|kill|requeue|raise the priority of"
    r"|lower the priority of|compare|show|check|remove|change"
)


def _verb_of(said: str) -> str:
    """The English verb of "iptal ettim" (cancel) or of an English verb done with "et" ("pause ettim")."""
    verb = said.split()[2].lower()
    return "cancel" if verb == "iptal" else verb


def _suffixed(m: re.Match[str]) -> str:
    """A word with Turkish suffixes in English: a plural ("job'lar" jobs), a genitive ("H100'ün" H100's), a
    locative ("4090'da" on the 4090, "log'unda" in its log), an ablative ("X'den" from X), an instrumental
    ("retry'la" with retry), the past of "to be" ("busy'di" was busy); an accusative or a dative, which
    English says by the order of its words, is dropped ("checkpoint'i", "hold'a")."""
    word, suffix = m[1], m[2].lower()
    plural = suffix.startswith(("lar", "ler"))
    rest = suffix[3:] if plural else suffix
    if plural:
        word += "es" if re.search(r"(?:s|x|sh|ch)$", word, re.I) else "s"
    was = re.search(r"(?:y?[dt][iu]r?|y?m[iu]s)$", rest) if len(rest) >= 2 else None
    if was and not re.fullmatch(r"n?[dt][ae]n?|[iu]n|n[iu]n", rest):  # "job'tu", not "log'da"
        rest = rest[: was.start()]
        return f"was {word}" if not rest else f"was the {word}"
    if re.search(r"[dt][ae]ki$|[dt][ae]$", rest) and not re.search(r"[dt][ae]n$", rest):
        owned = "its " if re.match(r"s?[iu]n", rest) and not plural else ""
        article = "" if re.match(r"(?:gpu|card|node|rank)\s*\d", word, re.I) else "the "
        if re.fullmatch(r"[0-7]", word):  # a card by its number alone ("1'de?", "0da"): on GPU 1
            return f"on GPU {word}"
        return f"{'on' if _CARD.match(word) else 'in'} {owned or article}{word}"
    if re.search(r"[dt][ae]n$", rest):
        return f"from {word}"
    if re.fullmatch(r"(?:l[ae]r[iu]|s?[iu])?n?[iu]n", rest) and rest not in ("i", "u"):
        return f"{word}'" if word.endswith("s") else f"{word}'s"
    if re.search(r"y?l[ae]$", rest):
        return f"with {word}"
    if re.fullmatch(r"l[ae]r[iu]|s[iu](?:n[iu])?", rest):
        return f"{'their' if rest.startswith('l') else 'its'} {word}"
    return word


# the units said after a number ("3 saat once" 3 hours ago, "80 derecenin ustunde" above 80 degrees), by
# their first three letters
_UNIT = {
    "saa": "hours", "dak": "minutes", "dk": "minutes", "gun": "days", "gün": "days", "der": "degrees",
    "wat": "W", "w": "W",
}  # fmt: skip


# the verbs a general question asks with ("batch mi düşüreyim": should I lower the batch)
_DO = {"dusur": "lower", "azalt": "reduce", "artir": "raise", "kullan": "use"}

# the small counts said before a noun ("üç" is read as "three" before its letters are taken off)
_COUNT = {"tek": "a single", "bir": "one", "bi": "one", "iki": "two", "dort": "four", "bes": "five"}

# what a job did, said with "-madan önce" (before it did): "başlamadan önce" before it started, "iptal
# olmadan önce" before it was cancelled, "patlamadan önce" before it crashed, "bitmeden önce" (not
# "durmadan", nonstop)
_BEFORE_IT = {
    "basla": "it started", "bit": "it finished", "patla": "it crashed", "cok": "it crashed",
    "iptal ol": "it was cancelled", "iptal edil": "it was cancelled",
}  # fmt: skip

# the times Turkish says first in its clause ("o sirada GPU'da ne vardi": at that time on the GPU what was)
_WHEN_FIRST = re.compile(
    r"^\s*(?:at that time|now|today|yesterday(?: evening| morning| afternoon)?|last night|this morning"
    r"|this afternoon|tonight|since then|so far|for now"
    r"|in the last (?:\d+ )?(?:hour|hours|minutes|days))\b\s*",
    re.I,
)


def _what_first(lead: str, before: str, verb: str) -> str:
    """A clause that asks "ne" (what) before its verb, said in English's order: "now ne is running" what is
    running now, "on the GPU ne was" what was on the GPU, "H100's peak neydi" what was H100's peak."""
    when = _WHEN_FIRST.search(before)  # a time said first in Turkish is said last in English
    if when:
        before = (before[: when.start()] + before[when.end() :]).strip() + " " + when[0].strip()
    said = f"what {verb} {before}".strip()
    return lead + re.sub(r"\s{2,}", " ", said)


_TURKISH = (
    # a job by its number: "9 numaralı görev" (job number 9), "11 numaralı işi", "görevin" its owner's
    (r"\b(\d+)\s+numaral[ıi]\s+(?:i[şs]|g[öo]rev|job)(?:[ıi]n|n[ıi]n)\b", r"job \1's"),
    (r"\b(\d+)\s+numaral[ıi]\s+(?:i[şs]|g[öo]rev|job)(?:[ıi]|y[ıi]|e|ye)?\b", r"job \1"),
    # a card by its number, its suffix kept for what it says ("0 numaralı gpu'da" on gpu 0)
    (
        r"\b(\d+)\s+numaral[ıi]\s+(?:gpu|kart|card)['’]?(\w*)",
        lambda m: f"gpu {m[1]}" + (f"'{m[2]}" if m[2] else ""),
    ),
    # words whose letters, taken off, spell an English word: "iş" (a job; "is"), "önce" (before; "once"),
    # "süre" (a duration; "sure"), "üç" (three)
    (r"\bne\s+i[şŞ]e\s+yar\w*", "what is it for"),
    (r"\bi[şŞ](?:ler|leri|lerin|lerde)\b", "jobs"),
    (r"\bi[şŞ](?:i|in|e|te)?\b", "job"),
    (r"\bisler(?:i|in|de)?\b", "jobs"),  # typed without its letters, where its suffix shows it
    (r"\b(\d+)\s+(saat|dakika|dk|g[üu]n)\s+[öo]nce\b", lambda m: f"{m[1]} {_UNIT[m[2][:3].lower()]} ago"),
    (
        r"\b(ba[şs]la|bit|patla|[çc][öo]k|iptal\s+ol|iptal\s+edil)m[ae]d[ae]n\b(?:\s+[öo]nce)?",
        lambda m: "before " + _BEFORE_IT[re.sub(r"\s+", " ", m[1].lower().translate(_FOLD))],
    ),
    (r"\b[öÖ]nceki\b", "previous"),
    (r"\b[öÖo]nce\s+ba[şs]las[ıi]n\b", "should start first"),
    (r"\b[öÖ]nce\b", "before"),
    (r"\bne\s+kadar(?:\s+s[üÜu]re)?dir\b|\bne\s+kadar\s+zamandir\b", "how long has it been"),
    (r"\bs[üÜ]re(?:si|sini)\b", "its duration"),
    (r"\bs[üÜ]re(?:leri|lerini)\b", "their durations"),
    (r"\bs[üÜ]re(?:ler)?\b", "duration"),
    (r"\b[üÜ][çÇ]\b", "three"),
    (r"(?-i:[ıİşŞğĞçÇöÖüÜâÂîÎûÛ])", lambda m: m[0].translate(_FOLD)),
    (r"\bsure(?:si|sini)\b", "its duration"),  # typed without its letters, only where a suffix shows it
    (r"\bsure(?:leri|lerini)\b", "their durations"),
    # the present as it is said and typed on a phone, its "r" dropped ("cekiyo" cekiyor, "bekliyodu",
    # "kullaniyom" kullaniyorum), and the words said short ("napiyo" what is it doing, "dakka" a minute)
    (
        r"\b([a-z]+[iu])yo(du|lar|m)?\b",
        lambda m: m[1] + "yor" + {"du": "du", "lar": "lar", "m": "um"}.get((m[2] or "").lower(), ""),
    ),
    (r"\b(?:napiyor|ne\s+yapiyor)(?:\s+(?:bu|o|su))?\b", "what is it doing"),  # "napiyo bu"
    # a name said before it: "mistral napiyo" (what is mistral doing)
    (r"(^\s*|[,.;!?]\s*)([\w.-]+)\s+what is it doing\b", r"\1what is \2 doing"),
    (r"\b(?:napti|napmis|ne\s+yapti|ne\s+yapmis)\b", "what did it do"),
    (r"\bdakka\b", "dakika"),
    # particles and words that ask nothing: "abi", "hocam", "ya", "acaba", "tamam"; "peki" (well) opening a
    # follow-up is "and" ("peki max?"); "yok" (no) opening a correction is "no"
    (r"\b(?:abi|abla|hocam|kanka|acaba|lutfen|hadi|bakalim|bi\s+bakar\s+misin)\b,?", ""),
    # chat shorthand: "slm" (hi), "nbr" (what's up), "pardon" (sorry) ask nothing; "tmm" is "tamam" (ok)
    (r"\b(?:slm|selam|nbr|naber|pardon)\b,?", ""),
    (r"\bbu\s+arada\b,?", ""),  # "bu arada" (by the way) opens another matter and asks nothing
    (r"(^\s*|[.?!]\s*)peki\b,?", r"\1and "),
    (r",?\s*\bpeki\b", ""),
    (r"(^\s*|[.?!]\s*)(?:tamam|tamamdir|tmm|okey)\b,?\s*", r"\1ok "),
    (r"(^\s*)yok(?:\s+yok)*\b,?", r"\1no,"),  # "yok yok, ..." (no no)
    (r"\s+\bya\b(?=\s*(?:[,?.!]|$))", ""),
    # hours and days: "dun gece" (last night), "bu sabah", "sabah 9'dan beri" (since 9 this morning), "saat
    # 14'te" (at 14:00), "son 1 saatte" (in the last hour), "10:00-12:00 arasi" (between)
    (r"\bdun\s+gece\b", "last night"),
    (r"\bdun\s+aksam\b", "yesterday evening"),
    (r"\bdun\s+sabah\b", "yesterday morning"),
    (r"\bdun\s+(?:ogleden\s+sonra|ogle)\b", "yesterday afternoon"),
    (r"\bdunku\b", "yesterday's"),
    (r"\bdun\b", "yesterday"),
    (r"\bbugunku\b", "today's"),
    (r"\bbugun\b", "today"),
    (r"\b(?:bu\s+)?sabahtan\s+beri\b", "since this morning"),
    (r"\bdunden\s+beri\b", "since yesterday"),
    (r"\bdunden\b", "from yesterday"),
    # "de"/"da" written apart after a time is "too" ("dünden de var mı": any from yesterday too)
    (r"\b((?:from\s+)?(?:yesterday|today|last night|this morning))\s+d[ae]\b", r"\1 too"),
    (r"\bbu\s+sabah(?:ki)?\b", "this morning"),
    (r"\bbu\s+(?:aksam|gece)\b", "tonight"),
    (r"\b(?:bu\s+)?ogleden\s+sonra\b", "this afternoon"),
    (r"\bbu\s+hafta\b", "this week"),
    (r"\bgecen\s+hafta\b", "last week"),
    (r"\byarin\b", "tomorrow"),
    (
        r"\b(?:sabah\s+|saat\s+)?(\d{1,2})(?:[:.](\d\d))?['’]?(?:dan|den|tan|ten)\s+(\d{1,2})(?:[:.](\d\d))?"
        r"['’]?(?:y?[ae])\s+kadar\b",
        lambda m: f"from {m[1]}:{m[2] or '00'} to {m[3]}:{m[4] or '00'}",
    ),
    # "9 ile 12 arası", "18:00 ile 24:00 arasında" (between 9 and 12)
    (
        r"\b(?:saat\s+)?(\d{1,2})(?:[:.](\d\d))?\s+(?:ile|ve)\s+(\d{1,2})(?:[:.](\d\d))?\s+aras(?:i|inda)\b",
        lambda m: f"between {m[1]}:{m[2] or '00'} and {m[3]}:{m[4] or '00'}",
    ),
    (
        r"\b(\d{1,2}[:.]\d\d\s*-\s*\d{1,2}[:.]\d\d)\s+aras(?:i|inda)\b",
        lambda m: "between " + m[1].replace(".", ":"),
    ),
    (r"\bsabah(?:\s+saat)?\s+(\d{1,2})['’]?(?:dan|den|tan|ten)\s+beri\b", r"since \1 in the morning"),
    (r"\b(?:saat\s+)?(\d{1,2})[:.](\d\d)['’]?(?:dan|den|tan|ten)\s+beri\b", r"since \1:\2"),
    (r"\b(?:saat\s+)?(\d{1,2})['’]?(?:dan|den|tan|ten)\s+beri\b", r"since \1:00"),
    (r"\b(?:saat\s+)?(\d{1,2})[:.](\d\d)['’]?(?:y?[ae])\s+kadar\b", r"until \1:\2"),
    (r"\bsaat\s+(\d{1,2})['’]?(?:y?[ae])\s+kadar\b", r"until \1:00"),
    (r"\bsaat\s+(\d{1,2})(?:[:.](\d\d))?['’]?(?:d[ae]|t[ae])\b", lambda m: f"at {m[1]}:{m[2] or '00'}"),
    (r"\b(\d{1,2})[:.](\d\d)['’]?(?:d[ae]|t[ae])\b", r"at \1:\2"),
    # "sabah 9'da" (at 9 in the morning), "aksam 7'de" (at 19:00)
    (
        r"\b(sabah|aksam)\s+(?:saat\s+)?(\d{1,2})(?:[:.](\d\d))?['’]?(?:d[ae]|t[ae])\b",
        lambda m: f"at {int(m[2]) + (12 if m[1].lower() == 'aksam' and int(m[2]) < 12 else 0)}:"
        + (m[3] or "00"),
    ),
    (r"\bson\s+yarim\s+saat(?:te|tir|in)?\b", "in the last 30 minutes"),
    (r"\byarim\s+saattir\b", "for 30 minutes"),
    (r"\byarim\s+saat\b", "30 minutes"),
    (r"\bson\s+(?:bir|1)\s+saat(?:te|tir|in)?\b", "in the last hour"),
    (r"\bson\s+(\d+)\s+saat(?:te|tir|in)?\b", r"in the last \1 hours"),
    (r"\bson\s+(\d+)\s+(?:dakika|dk)(?:da|dir|nin)?\b", r"in the last \1 minutes"),
    (r"\bson\s+(\d+)\s+gun(?:de|dur|un)?\b", r"in the last \1 days"),
    (r"\bo\s+zamandan\s+beri\b|\bondan\s+beri\b", "since then"),
    (r"\bne\s+zamandan\s+beri\b|\bne\s+zamandir\b|\bne\s+kadardir\b", "since when"),
    (r"\bo\s+(?:sirada|saatte|anda|zaman|esnada|arada)\b|\bo\s+sira\b", "at that time"),
    # "X sırasında" (during X): while the job X ran; a time said before it tells which run ("dün gece
    # finetune sırasında": while the finetune ran last night), said after it
    (
        r"\b(?:((?:last night|yesterday(?: evening| morning| afternoon)?|today|this morning|this afternoon"
        r"|tonight))\s+)?(?!(?:o|bu|su|that|this)\s)((?:job\s+)?[\w.-]+)\s+sirasinda\b",
        lambda m: f"while {'' if m[2].lower().startswith('job') else 'the '}{m[2]} ran"
        + (f" {m[1]}" if m[1] else ""),
    ),
    # "13:45 civarı" (around 13:45)
    (r"\b(\d{1,2}[:.]\d\d)\s+(?:civar(?:i|inda)|sular(?:i|inda))\b", r"around \1"),
    (r"\bondan\s+sonra\b", "after that"),
    (r"\bsu\s+ana\s+kadar\b|\bsimdiye\s+kadar\b", "so far"),
    (r"\bsimdilik\b", "for now"),
    (r"\bayni\s+(?:saat(?:ler)?(?:de|te)|zaman\s+araliginda|aralikta)\b", "at the same hours"),
    (r"\bayni\b", "the same"),
    (r"\bsu\s+an(?:da)?\b|\bsimdi\b", "now"),
    (r"\b(?:saat\s+)?kacta\b|\bsaat\s+kac\b", "at what time"),
    (r"\bhala\b", "still"),
    (r"\b(?:sadece|yalnizca)\b", "only"),
    (r"\bartik\b", "now"),  # "artık" (by now, from now on)
    (r"\bhenuz\b", "yet"),
    (r"\byakin\s+zamanda\b", "soon"),
    # above and below a value: "80 derecenin ustunde" (above 80 degrees), "500W ustu"; "70 derece ve
    # ustunde" (at 70 degrees or above)
    (
        r"\b(\d+)\s*(derece\w*|watt\w*|w|%|gb|gib|mib)\s+(?:ve|veya|ya\s+da)\s+"
        r"(ustunde|ustu|uzerinde|uzeri|altinda|alti)\b",
        lambda m: f"at or {'below' if m[3].startswith('alt') else 'above'} {m[1]} "
        + _UNIT.get(m[2][:3].lower(), m[2]),
    ),
    (
        r"\b(\d+)\s*(derece\w*|watt\w*|w|%|gb|gib|mib)['’]?\w*\s+(?:ustunde|ustu|uzerinde|uzeri|ustune)\b",
        lambda m: f"above {m[1]} {_UNIT.get(m[2][:3].lower(), m[2])}",
    ),
    (
        r"\b(\d+)\s*(derece\w*|watt\w*|w|%|gb|gib|mib)['’]?\w*\s+(?:altinda|alti)\b",
        lambda m: f"below {m[1]} {_UNIT.get(m[2][:3].lower(), m[2])}",
    ),
    # superlatives, means and sums: "en yuksek" (highest), "en fazla kac" (at most how many), "ortalama"
    (r"\ben\s+(?:fazla|cok)\s+(?=ne\s+kadar|kac)", "at most "),
    (r"\ben\s+(?:az)\s+(?=ne\s+kadar|kac)", "at least "),
    (r"\ben\s+(?:fazla|cok)(?=\s*(?:[,.;!?]|$))", "at most"),  # said last: "ne kadar kullanmis en fazla"
    (r"\ben\s+(?:yuksek|fazla|cok)\b", "the highest"),
    (r"\ben\s+(?:dusuk|az)\b", "the lowest"),
    (r"\ben\s+sicak\b", "the hottest"),
    (r"\ben\s+(?:mesgul|yogun)\b", "the busiest"),
    (r"\ben\s+uzun\b", "the longest"),
    (r"\ben\s+kisa\b", "the shortest"),
    (r"\ben\s+son\b", "last"),
    (r"\bdaha\s+(?:cok|fazla)\b", "more"),
    (r"\bdaha\s+az\b", "less"),
    (r"\bcok\s+fazla\b", "too much"),
    (r"\bistiyor\b", "asks for"),
    (r"\bdaha\s+sicak\b", "hotter"),
    (r"\bdaha\s+(?:mesgul|yogun)\b", "busier"),
    (r"\bsicak\b", "hot"),
    (r"\bortalama(?:si|lari)?\b", "average"),
    (r"\btoplam(?:da)?\b", "in total"),
    (r"\bayri\s+ayri\b|\btek\s+tek\b|\bher\s+biri(?:nin|ni)?\b", "each separately"),
    (r"\btek\s+basina\b", "alone"),
    # the request verbs, an English one with "et" (do): "release et" (release it), "iptal et" (cancel),
    # "hold'a al" (hold), "devam ettir" (resume), "tekrar baslat" (restart), "yeniden dene" (retry)
    (
        r"(^\s*|[,.;!?]\s*)(?:ok\s+)?"
        + _ENGLISH_VERB
        + r"\s+(?:et|edin|eder\s+misin|ediver|edebilir\s+misin)\b(?!\s+(?:sunu|bunu|onu|suna|buna)\b)",
        r"\1\2 it",
    ),
    (r"\b" + _ENGLISH_VERB + r"\s+(?:eder|edebilir)\s+mis[iu]n(?:iz)?\b", r"can you \1"),
    (r"\b" + _ENGLISH_VERB + r"\s+(?:ed(?:ecegim|icem|icez|ecegiz|elim))\b", r"I will \1"),
    (r"\b" + _ENGLISH_VERB + r"\s+(?:et|edin|ediver|yap)\b", r"\1"),
    (
        r"\b(cancel|pause|resume|release|hold|retry|restart|rerun|kill|requeue|submit|stop|start|fail|crash)"
        r"\s+(?:etti(?:m|n|k)?|edildi|edilmis|oldu|olmus)\b",
        lambda m: past_form(m[1].lower()),
    ),
    (r"\boom\s+(?:oldu|olmus)\b", "ran out of memory"),
    # "ben mi iptal ettim" (was it I who cancelled it): did I cancel it
    (
        r"\bben\s+mi\s+(?:iptal|" + _ENGLISH_VERB[1:-1] + r")\s+ettim\b",
        lambda m: f"did I {_verb_of(m[0])} it",
    ),
    (r"\biptal\s+(?:ettim|ettik)\b", "cancelled it"),
    (r"\biptal\s+(?:etti|edildi|edilmis|oldu)\b", "cancelled"),
    (r"\biptal\s+(?:eder|edebilir)\s+mis[iu]n(?:iz)?\b", "can you cancel"),
    (r"\biptal(?:\s+(?:et|edin|ediver))?\b", "cancel"),
    # the queue stopped ("kuyruğu durdur", "dondur" freeze; "yeni job başlamasın" let no new job start) and
    # opened again ("kuyruğu geri aç", "kuyruğu tekrar başlat")
    (r"\b(?:kuyru[kg]\w*)\s+(?:tamamen\s+)?(?:durdur|duraklat|dondur)\w*", "pause the queue"),
    (r"\byeni\s+(?:job|is|gorev)\w*\s+(?:baslamasin|almasin|girmesin)\b", "pause the queue"),
    (
        r"\b(?:kuyru[kg]\w*)\s+(?:geri\s+|tekrar\s+|yeniden\s+)?"
        r"(?:ac|actir|acar\s+mis[iu]n|acabilir\s+mis[iu]n|baslat\w*|devam\s+ettir\w*)\b",
        "resume the queue",
    ),
    (r"\bdondur\b", "freeze"),
    (r"\bvazgec(?:tim|tik)\b", "never mind"),
    # a held job let go ("bırak çalışsın" let it run), a job deleted ("sil gitsin", "listeden sil")
    (r"\bbirak\s+(?:calissin|kossun|baslasin)\b", "let it run"),
    (r"\bliste(?:den|sinden)\s+(?=sil\b)", ""),  # "listeden sil bunu": remove it (from the job list)
    (r"\bsil\s+gitsin\b", "remove"),
    (r"\bsil(?:er|ebilir)\s+mis[iu]n(?:iz)?\b", "can you remove"),
    (r"\bsil\b", "remove"),
    (r"\bliste(?:den|sinden)\b", "from the list"),
    (r"\bhold['’]?[ae]\s+al\w*|\bbeklemeye\s+al\w*|\bbeklet\b", "hold"),
    (r"\baskiya\s+al\w*|\bdurdur\b", "pause"),
    (r"\bnasil\s+devam\s+ettir\w*", "how do I resume it"),
    (r"\bdevam\s+(?:ettir|et)\w*", "resume"),
    (r"\bserbest\s+birak\w*", "release"),
    (r"\b(?:tekrar|yeniden)\s+(?:baslat|calistir|basla)\w*", "restart"),
    (r"\b(?:tekrar|yeniden)\s+dene\b", "retry"),
    (r"\b(?:bi|bir)\s+daha\b", "again"),  # "bi daha retry'la" (retry it once more)
    # put back in the queue: "tekrar kuyruğa at" (requeue it)
    (r"\b(?:tekrar|yeniden|geri)\s+kuyru[kg]a\s+(?:at|koy|sok|ekle|gonder)\w*", "requeue"),
    (r"\b(?:tekrar|yeniden)\s+(?:dener|deneyebilir)\s+mis[iu]n(?:iz)?\b", "can you retry it"),
    # "duraklat" (pause), asked ("duraklatabilir misin" can you pause); "nasıl devam ettireceğim" (how do I
    # resume it), "işim bitince" (when I am done)
    (r"\bduraklat(?:ir|abilir)\s+mis[iu]n(?:iz)?\b", "can you pause"),
    (r"\bduraklat\b", "pause"),
    (r"\bisim\s+bit(?:ince|tiginde|tikten\s+sonra)\b", "when I am done"),
    # two jobs' order changed: "12 ile 13'ün sırasını değiştir" (swap 12 and 13)
    (
        r"\b([\w.-]+)\s+(?:ile|ve)\s+([\w.-]+?)['’]?(?:n?[iu]n)\s+sira(?:sini|larini)\s+degistir\w*"
        r"(\s+mis[iu]n(?:iz)?)?",
        lambda m: ("can you " if m[3] else "")
        + "swap "
        + " and ".join(f"job {n}" if n.isdigit() else n for n in (m[1], m[2])),
    ),
    (r"\boldur\b", "kill"),
    (r"\bdegistir\b", "change"),
    (r"\b(\d{2,3})(?:y?[iu])\b", r"\1"),
    # a priority raised or lowered: "X'in priority'sini yukselt" (raise the priority of X), "10 yap" (to 10)
    (
        r"\b((?:job\s+)?[\w.-]+)['’]?(?:n?[iu]n)\s+" + _PRIORITY + r"\s+(\d+)"
        r"['’]?(?:y?[ae])?\s+(?:yap|olsun|cek|ayarla)\w*",
        r"set the priority of \1 to \2",
    ),
    (r"\b" + _PRIORITY + r"\s+(?:yukselt|artir|arttir)\w*", "raise the priority of"),
    (r"\b" + _PRIORITY + r"\s+(?:dusur|azalt)\w*", "lower the priority of"),
    # the job just said: "önceliğini 10 yapar mısın" (can you set its priority to 10)
    (
        r"\b" + _PRIORITY + r"\s+(\d+)['’]?(?:y?[ae])?\s+(?:yap|ayarla|cek)(?:ar|abilir)\s+mis[iu]n(?:iz)?",
        r"can you set its priority to \1",
    ),
    (r"\b" + _PRIORITY + r"\s+(\d+)['’]?(?:y?[ae])?\s+(?:yap|ayarla|cek)\b", r"set its priority to \1"),
    (r"\b(\d+)\s+yap\b", r"set to \1"),
    (r"\bayarla(?:r|yabilir)\s+mis[iu]n(?:iz)?\b", "can you set it"),
    # moved up the queue: "öne al" (bring forward), "başa al" (to the front)
    (r"\b(?:one|basa)\s+(?:al|cek|gecir)(?:ir|abilir)\s+mis[iu]n(?:iz)?\b", "can you raise the priority of"),
    (r"\b(?:one|basa)\s+(?:al|cek|gecir)(?:in|iver|sana)?\b", "raise the priority of"),
    (r"\boncelik\w*|\boncelig\w*", "priority"),
    # an English verb made Turkish with "-la" ("retry'la" retry, "pause'lar mısın" can you pause), said with
    # "bi" (just) before it
    (r"\b(?:bi\s+)?" + _ENGLISH_VERB + r"['’]?l[ae](?:r|yabilir)\s+mis[iu]n(?:iz)?\b", r"can you \1"),
    (r"\b(?:bi\s+)?" + _ENGLISH_VERB + r"['’]?l[ae](?:yalim|yin|yiver|sana)?\b", r"\1"),
    # what a suffix says on a name of the trade or a number, after its apostrophe or not ("job'lar",
    # "GPU'nun", "4090'da", "checkpoint'i"; "joblar", "gpuda")
    # "bu process hangi job'in" (which job's is this process): it belongs to which job; "hangi job'tu"
    (r"\bhangi\s+([\w.-]+)['’]?(?:in|nin|un|nun)\s*(?=[?.!]*\s*$)", r"belongs to which \1"),
    (r"\bhangi\s+([\w.-]+)['’]?(?:ti|tu|di|du|ydi|ydu)\b", r"which \1 was it"),
    # a count of cards with "-la" or "ile" (with): "tek GPU'yla" with a single GPU, "2 kartla" with 2 cards
    (
        r"\b(tek|bir|bi|iki|\d+)\s+(gpu|kart|card)(?:['’]?y?l[ae]|\s+ile)\b",
        lambda m: f"with {_COUNT.get(m[1].lower(), m[1])} {'gpu' if m[2].lower() == 'gpu' else 'card'}"
        + ("s" if m[1].lower() not in ("tek", "bir", "bi", "1") else ""),
    ),
    # a memory lowered to an amount: "40000 MiB'e düşür" (lower its memory to 40000 MiB)
    (
        r"\b(\d+(?:\.\d+)?)\s*(mib|gib|gb|mb)['’]?(?:y?[ae])\s+(?:dusur|indir)\w*",
        r"lower its memory to \1 \2",
    ),
    (r"((?:\b(?:gpu|job|card|node)\s+)?[\w.:-]*\w)['’](" + _SUFFIX + r")(?![\w'’])", _suffixed),
    (r"\b(" + _NOUN + r")(" + _SUFFIX + r")(?![\w'’])", _suffixed),
    (r"\b(\d+b|[a-z]*\d+[a-z]*)\s+olan(?:in|i)?\b", r"the \1 one"),
    # a wish said last ("X sadece GPU 1'de koşsun": X should run only on GPU 1; "tek GPU'yla çalışsın")
    (
        r"(^\s*|[,.;!?]\s*)(?:(?!(?:only|just)\s)([^,.;!?]*?)\s+)?((?:only\s+|just\s+)?(?:with|on)\s+[^,.;!?]*?)\s+"
        r"(?:kossun|calissin)\b",
        lambda m: f"{m[1]}{m[2] or 'it'} should run {m[3]}",
    ),  # "405b olan": the 405b one
    (r"\bhangi\s+([\w-]+)['’]?\s*(?:yuzunden|nedeniyle)\b", r"which \1 caused it"),
    (r"\byuzunden\b|\bnedeniyle\b", "because of"),
    # the nouns of a machine and its queue, with their suffixes ("sicakligi" its temperature, "kuyrukta" in
    # the queue, "kartlarda" on the cards)
    (r"\bsicakl\w*", "temperature"),
    (r"\b(?:bellek|belleg|hafiza)\w*", "memory"),
    (r"\bguc(?:u|unu|un)?\b", "power"),
    (r"\benerji\w*", "energy"),
    (r"\b(?:elektrik)\w*", "electricity"),
    (r"\bkuyruk(?:ta|taki)\b", "in the queue"),
    (r"\b(?:kuyruk|kuyrug)\w*", "queue"),
    (r"\bdiger\s+kart\w*", "the other card"),
    (r"\b(?:iki|2)\s+kart\w*", "the two cards"),
    (r"\bher\s+kart\w*", "each card"),
    # the cards, plural, are all of them ("kartlar ne kadar harcadi": what all the cards used)
    (r"\bkartlar(?:da|daki)\b", "on all the cards"),
    (r"\bkartlar\w*", "all the cards"),
    (r"\bhangi\s+kart\w*", "which card"),
    (r"\bkart(?:ta|taki)\b", "on the card"),
    (r"\bkart\w*", "the card"),
    (r"\b(?:islem|surec)(?:ler\w*)\b", "processes"),
    (r"\b(?:islem|surec)\w*", "process"),
    (
        r"\b(iki|three|dort|bes|\d+)\s+deneme(?:de|lerde|nin)\b",
        lambda m: f"in the {_COUNT.get(m[1], m[1])} attempts",
    ),
    (r"\bher\s+deneme\w*", "in each attempt"),
    (r"\bdeneme(?:ler\w*)\b", "attempts"),
    (r"\bdeneme\w*", "attempt"),
    (r"\bsonuc\w*\s+ne\s+(?:cikti|oldu)\b", "what are the results"),
    (r"\bsonuc\w*", "results"),
    (r"\bdeger(?:i|in|leri)?\b", "value"),  # "en yüksek değer" the highest value
    (r"\bgorev(?:ler)\w*", "jobs"),  # "görev" a task, a job
    (r"\bgorev\w*", "job"),
    (r"\beleman(?:i|ini)\b", "element"),  # "son elemanı" its last element
    (r"\beleman\w*", "elements"),
    (r"\bhata\s+(?:verdi|vermis)\b", "failed with an error"),
    (r"\bhata\s+mesaj\w*", "error message"),
    (r"\bhata\w*", "error"),
    (r"\b(?:log\s+)?satir(?:i|in)?\b", "log line"),
    (r"\b(?:log\s+)?satirlar\w*", "log lines"),
    (r"\bfan\s+hiz\w*", "fan speed"),
    (r"\bfan(?:i|in|lari|larin)\b", "fan"),
    (r"\bfanlar\w*", "fans"),
    (r"\blimit(?:i|ini)\b", "its limit"),  # "H100'un fani": its fan
    (r"\bdonuyor\b", "is spinning"),
    (r"\bhiz\w*", "speed"),
    (r"\bkullanim\w*|\bdoluluk\w*", "usage"),
    (r"\btuketim\w*", "consumption"),
    (r"\bdurum\w*", "state"),
    (r"\bderece\w*", "degrees"),
    (r"\bsaniye\w*", "seconds"),
    (r"\b(?:dakika\w*|dk)\b", "minutes"),
    (r"\bsaat(?:lik)?\b", "hours"),
    (r"\bsunucu\w*", "the server"),
    (r"\bmakine\w*", "the machine"),
    (r"\bbakim(?:da)?\b", "in maintenance"),
    (r"\bekib(?:e)\b", "to the team"),
    (r"\bekip\w*", "the team"),
    (r"\bmesaj\w*", "message"),
    (r"\bkomut\w*", "command"),  # "onun komutu ne": what is its command
    (r"\bkisa\b", "short"),
    (r"\bdizi\w*", "array"),
    # question words: "ne kadar" (how much; how long of a time), "kac kere" (how many times), "neden"
    # a name said bare before what is asked of it is the one named, as English says it with "the" ("dun
    # gece finetune kacta bitti": when the finetune finished)
    (
        r"(^\s*|[,.;!?]\s*|\b(?:yesterday|today|last night|this morning|now)\s+)"
        r"(?!(?:hmm+|okay|and|then|what|which|this|that|total|average|all|the)\b)([a-z][a-z-]{3,})\s+"
        r"(?=(?:at what time|ne\s+zaman|ne\s+kadar|neden|niye|nerede)\b)",
        r"\1the \2 ",
    ),
    (r"\bne\s+kadar\s+oldu\b", "how long has it been"),
    (
        r"\bne\s+kadar(?=\s+(?:[\w'-]+\s+){0,2}(?:sur|bekle|calis|kal|zaman|surdu|surmus|suruyor)\w*)",
        "how long",
    ),
    # "ne kadar bekledi" (how long did it wait): the job just said; two asked in a row are joined ("ne kadar
    # bekledi ne kadar calisti")
    (
        r"\bhow long\s+(bekle|calis|sur|kal)(?:[dt][iu]|mis|misti)\b",
        lambda m: "how long did it "
        + {"bekle": "wait", "calis": "run", "sur": "last", "kal": "stay"}[m[1].lower()],
    ),
    (r"\b(did it (?:wait|run|last|stay))\s+(?=how\s+(?:long|much|many)\b)", r"\1 and "),
    (r"\bne\s+kadardi\b", "how much was"),
    (r"\bbu\s+kadar(?=\s*(?:[,.;!?]|$))", "so much"),  # "neden bu kadar": why so much
    (r"\bbu\s+kadar\b", "so"),
    (r"\bne\s+kadar\b", "how much"),
    # "memory ne kadar kullanmis" (how much memory did it use), a reading said before what asks it
    (
        r"\b(?:(?:the\s+)?(memory|energy|power|electricity)\s+)?how much\s+"
        r"(kullan|harca|ye|cek)(?:[dt][iu]|mis)\b",
        lambda m: f"how much {m[1] + ' ' if m[1] else ''}did it {'draw' if m[2].lower() == 'cek' else 'use'}",
    ),
    # "X ne zamandi" (when was X): said first
    (r"(^\s*(?:and\s+)?|[,.;!?]\s*)([^,.;!?]+?)\s+ne\s+zaman(?:di|du)\b", r"\1when was \2"),
    (r"\bne\s+zaman\b", "when"),
    (r"\bkac\s+(?:kere|kez|defa|sefer)\b", "how many times"),
    (r"\b(\d+)\s+(?:kere|kez|defa|sefer)\b", r"\1 times"),
    # "yuzde kac kullanildi" (what percent was it used): its utilization
    (r"\byuzde\s+kac\s+(?:kullanil|mesgul|yuklu)\w*", "what utilization"),
    (r"\byuzde\s+kac\b|\bkac\s+yuzde\b", "what percent"),
    (r"\byuzde\s+(\d+)\b", r"\1%"),
    # a count's noun, singular in Turkish ("kac GPU-hour", "kac job"): plural in English
    (
        r"\bkac\s+((?:gpu[- ])?hour|job|gpu|card|process|attempt|watt|element|line|retry|restart|time)"
        r"(?![\w-])",
        lambda m: f"how many {m[1]}{'ies' if m[1].lower().endswith('y') else 's'}".replace("yies", "ies"),
    ),
    (
        r"\bkac\s+(?!(?:su|simdi|oldu|olmus|mi|ya|ve|peki|bugun|dun|now|today|yesterday)\b)(?=[\w'-])",
        "how many ",
    ),
    (r"\bkac\b", "how much"),
    (
        r"\bhow many (hours|minutes)\s+(bekle|calis|sur|kal)(?:[dt][iu]|mis|misti)\b",
        lambda m: f"how many {m[1]} did it "
        + {"bekle": "wait", "calis": "run", "sur": "last", "kal": "stay"}[m[2].lower()],
    ),
    # a card said first, as what ran ("h100 dun ne kadar calisti": how long the H100 worked): its busy time
    (
        r"((?:^|[,.;!?])\s*(?:the\s+)?(?:gpu\s*\d+|h100|h200|a100|\d{4}|card|all the cards)\b[^,.;!?]*?)"
        r"\b(how long|how many (?:hours|minutes)) did it run\b",
        r"\1\2 was it busy",
    ),
    (
        r"\b((?:job\s+)?\d+|[a-z][\w.-]*\d[\w.-]*)\s+(?:neden|niye|nicin)\s+(?:hala\s+|still\s+)?"
        r"(baslamadi|baslamiyor|calismiyor|is not running|not started)",
        lambda m: f"why has {m[1]} not started",
    ),
    (r"\b(?:neden|niye|nicin|icin\s+mi)\b", "why"),
    (r"\bnasil\b", "how"),
    # "hangi lr ile calisti" (which lr did it run with)
    (
        r"\b(hangi\s+[\w.=-]+|ne)\s+ile\s+calis(?:ti|mis|misti|iyor|iyordu)\b",
        lambda m: f"{'what' if m[1].lower() == 'ne' else m[1]} did it run with",
    ),
    # a general question: "OOM'u nasil cozerim" (how do I fix OOM), "batch mi dusureyim X mi" (should I
    # lower the batch or X)
    (
        r"\b([\w.-]+)\s+(?:nasil|how)\s+(?:cozerim|cozulur|duzeltirim|duzelir|gideririm|giderilir)\b",
        r"how do I fix \1",
    ),
    (
        r"\b([\w.-]+)\s+m[iu]\s+(dusur|azalt|artir|kullan)(?:eyim|ayim|sem|sam|elim|alim)\s+"
        r"([\w.-]+(?:\s+[\w.-]+)?)\s+m[iu]\b",
        lambda m: f"should I {_DO[m[2].lower()]} {m[1]} or {m[3]}",
    ),
    (r"\bhangisini\s+(?:onerirsin|onerir\s+misin|tavsiye\s+edersin)\b", "which do you recommend"),
    (r"\bhangileri\w*", "which ones"),
    (r"\bhangisi(?:ni|nin)?\b", "which one"),
    (r"\bhangi\b", "which"),
    (r"\bkimin\b", "whose"),
    # "kim kullaniyor" with nothing named: who is using it (the card just said)
    (r"\bkim\s+(?:kullaniyor|yiyor)(?=\s*(?:[,.;!?]|$))", "who is using it"),
    (r"\bkim\b", "who"),
    (r"\b(?:nerede|nerde)\b", "where"),
    (r"\bnereye\b", "where"),
    (r"\b(?:nereden|nerden)\b", "from where"),
    # the verbs and states of a job and a card, in their tenses: "calisiyor" (is running), "bekledi"
    # (waited), "bitti" (finished), "harcadi" (used), "cekiyor" (is drawing), "surdu" (lasted)
    (r"\bcalis(?:iyor|iyo)lar\b", "are running"),
    (r"\bcalis(?:iyor|iyo)\b", "is running"),
    (r"\bcalis(?:iyordu|iyodu)(?:lar)?\b", "was running"),
    (r"\bcalism(?:iyor|iyo)\b", "is not running"),
    (r"\bcalis(?:ti|tilar|mis|misti|mislar)\b", "ran"),
    (r"\bcalismadi\b", "did not run"),
    (r"\bcalisan(?:lar)?\b", "running"),
    (r"\bcalis(?:acak|icak)\b", "will run"),
    (r"\bcalistir\b", "run"),
    (r"\bbekl(?:iyor|iyo)lar\b", "are waiting"),
    (r"\bbekl(?:iyor|iyo)\b", "is waiting"),
    (r"\bbekl(?:iyordu|iyodu)\b", "was waiting"),
    (r"\bbekle(?:di|mis|diler|misler)\b", "waited"),
    (r"\bbekleyen(?:ler)?\b", "waiting"),
    (r"\bbitti\s+mi\b", "finished?"),
    (r"\b(?:bitti|bitmis|bitirdi|biten|bitenler)\b", "finished"),
    (r"\bbitmedi\b", "not finished"),
    (r"\b(?:bitecek|biter)\b", "will finish"),
    (r"\bbasladi\b", "started"),
    (r"\bbaslamadi\b", "not started"),
    (r"\b(?:baslayacak|baslar)\b", "will it start"),
    (r"\bbaslat\b", "start"),
    (r"\b(?:patladi|coktu|patlayan|patlayanlar|patlamis)\b", "crashed"),
    (r"\bfirla(?:di|mis|yan)\b", "spiked"),  # "fırladı" (shot up)
    (r"\bbasarisiz\s+oldu\b", "failed"),
    (r"\bbasarili\b", "succeeded"),
    (r"\b(?:harcadi|harcamis|yedi|yemis)\b", "used"),
    (r"\bharcadik\b|\bkullandik\b", "did we use"),
    (r"\b(?:harciyor|yiyor|kullaniyor)\b", "is using"),
    (r"\b(?:kullandi|kullanmis)\b", "used"),
    (r"\bkullanildi\b", "was used"),
    (r"\bkullaniliyor\b", "is used"),
    (r"\bduzelttim\b", "I fixed"),
    (r"\b(?:bakacagim|bakicam)\b", "I will look"),
    (r"\b(?:harcayan|kullanan|yiyen)\b", "using"),
    (r"\bcekiyor\b", "is drawing"),
    (r"\bcekti\b", "drew"),
    (r"\bceken\b", "drawing"),
    (r"\b(?:gordu|gormus)\b", "did it reach"),
    (r"\bgordum\b", "I saw"),
    (r"\bgorunuyor\b", "shows"),
    (r"\bsurdu\b", "did it last"),
    (r"\b(the longest|the shortest)\s+suren\b", r"\1"),  # "en uzun suren job": the longest job
    (r"\bsuren\b", "lasting"),
    (r"\bsurmus\b", "did it take"),
    (r"\bsuruyor\b", "is it taking"),
    (r"\bkaldi\b", "did it stay"),
    (r"\bkaydetti\b", "did it save"),
    (r"\bkaydedildi\b", "was it saved"),
    (r"\bdenedi\b", "did it try"),
    (r"\bdenen(?:di|mis)\b", "was it tried"),
    (r"\bdene\b", "retry"),
    (r"\btuttu\b", "did it come to"),
    (r"\bacik\s+mi\s+tutalim\b", "should we keep it on"),
    (r"\b(?:yaziyor|diyor)\b", "does it say"),
    (r"\b(?:yazar|yazabilir|yazar\s+mi)\s+mis[iu]n(?:iz)?\b", "can you write"),
    (r"\b(?:bakar|bakabilir)\s+mis[iu]n(?:iz)?\b", "can you check"),
    # a general question, not of this machine: "ResNet ile ViT arasındaki fark" (the difference between
    # ResNet and ViT), "kısaca anlatır mısın" (can you briefly explain), "X mi daha iyi, yoksa Y mi" (is X
    # better, or Y), "bir e-posta taslağı" (an email draft), "kurallar hakkında" (about the rules)
    (r"\bgenel\s+(?:olarak|bir\s+soru)(?:\s+sorayim)?\b:?", "a general question:"),
    (
        r"\b([\w.-]+)\s+ile\s+([\w.-]+)\s+arasindaki\s+(?:(temel|ana)\s+)?fark(?:i|lar|lari)?\s+(?:nedir|ne)\b",
        lambda m: f"what is the {'main ' if m[3] else ''}difference between {m[1]} and {m[2]}",
    ),
    (r"\b([\w.-]+)\s+ile\s+([\w.-]+)\s+arasindaki\b", r"between \1 and \2"),
    (r"\bfrom\s+([\w.-]+)\s+kacinmak\s+icin\b", r"to avoid \1"),  # "OOM'dan kaçınmak için"
    (r"\bdusurmek\b", "lowering"),
    (r"\b(?:anlatir|anlatabilir|aciklar|aciklayabilir)\s+mis[iu]n(?:iz)?\b", "can you explain"),
    (r"\bkisaca\b", "briefly"),
    (r"\btemel\b", "main"),
    (r"\bfark(?:i|lari|lar)?\b", "difference"),
    (r"\bdaha\s+iyi\b", "better"),
    (r"\byoksa\b", "or"),
    (r"\bkacinmak\b", "to avoid"),
    (r"\bhakkinda\b", "about"),
    (r"\be-?posta\w*|\bmail\w*", "email"),
    (r"\btaslag\w*|\btaslak\b", "draft"),
    (r"\bkural\w*", "rules"),
    (r"\bhocama\b", "to my advisor"),
    (r"\b(?:gosterir|gosterebilir)\s+mis[iu]n(?:iz)?\b", "can you show"),
    (r"\bsoruyorum\b", "I am asking about"),
    (r"\bbulamayacak\b", "will not find"),
    (r"\bbulamadi\b", "could not find"),
    (r"\bkarsilastir\w*", "compare"),
    (r"\bgoster\b", "show"),
    (r"\bolacak\b", "will be"),
    (r"\b(at what time|when)\s+(?:oldu|olmus)\b", r"\1 did it happen"),  # "ne zaman olmuş"
    (r"\b(?:oldu|olmus)\b", "was it"),
    (r"\bvardi\b", "was"),
    (r"\bvar\s+mi\b", "is there"),
    (r"\bvar\b", "is"),
    (r"\b(?:bosta|bos)(?:y?d[iu]|y?t[iu])\b", "was idle"),
    (r"\bmesgul(?:d[iu]|t[iu])\b", "was busy"),
    (r"\b(?:bosta|bos)\b", "idle"),
    (r"\bmesgul\b", "busy"),
    (r"\bdolu\b", "used"),
    (r"\b(?:test\s+)?ed(?:icem|ecegim)\b", "I will test"),
    # the small words: "ile" (with, and), "ve" (and), "icin" (for), "mi" (the question's particle: "X mi Y
    # mi" is X or Y), "onu" (it), "ben" (I)
    (r"\b([\w.-]+)\s+m[iu]\s+([\w.-]+(?:\s+[\w.-]+)?)\s+m[iu]\b", r"\1 or \2"),
    (r"\bben\s+mi\b", "did I"),
    (r"\s+\bm[iu]\b", ""),
    (r"\bmis[iu]n(?:iz)?\b", ""),
    (r"\bile\b", "with"),
    (r"\bve\b", "and"),
    (r"\b(?:veya|ya\s+da)\b", "or"),
    (r"\bicin\b", "for"),
    (r"\bdiye\b", "saying"),
    (r"\bbeni\b", "me"),
    (r"\bben\b", "I"),
    (r"\bbiz\b", "we"),
    (r"\b(?:onu|bunu)\s+(is|was)\s+waiting\b", r"\1 waiting for it"),  # "onu mu bekliyor"
    (r"\s+\bo(?=\s*[?.!]*\s*$)", ""),  # "hangi lr ile calismisti o" (that one, said last): asked of it
    (r"\bonu\b|\bbunu\b|\bsunu\b|\bsuna\b|\bbuna\b", "it"),  # "sunu iptal et": cancel it
    (r"\bonun\b|\bsunun\b|\bbunun\b", "its"),
    (r"\b(?:orada|orda)\b", "on it"),
    (r"\b(?:burada|burda)\b", "here"),
    (r"\bbu\b", "this"),
    (r"\b(?:hepsi|hepsini|tumu|butun|tum)\b", "all"),
    (r"\bher\b", "each"),
    (r"\biki\b", "two"),
    (r"\bilk\b", "first"),
    (r"\bson\b", "the last"),
    (r"\bbiraz\b", "for a while"),
    (r"\b(?:bi|bir)\s*sey\b", "something"),
    (r"\b(short|long|small)\s+(?:bi|bir)\b", r"a \1"),  # "kısa bir e-posta": a short email
    (r"\b(?:bi|bir)\b", "a"),
    (r"\bgibi\b", "like"),
    (r"\bsonra\b", "after"),
    (r"\bberi\b", "since"),
    (r"\bevet\b", "yes"),
    (r"\bhayir\b", "no"),
    (r"\b(?:tesekkurler|tskler|tesekkur\s+ederim|sagol|sag\s+ol)\b", "thanks"),
    # "o zaman" said after a request is "then", said of nothing ("öne al o zaman")
    (r"\b(" + _REQUEST + r")\s+at that time(?=\s*(?:[,.;!?]|$))", r"\1"),
    # the verb said last: a request's is said first ("llama cancel" cancel llama, "it for now hold" hold it
    # for now), and so is what "ne" (what) asks with its verb ("now ne is running" what is running now, "on
    # the GPU ne was" what was on the GPU)
    (
        r"((?:^|[,.;!?])\s*(?:ok\s+)?)(?!(?:" + _REQUEST + r"|can you|ok|and|no)\b)([^,.;!?]{1,80}?)\s+"
        r"((?:can you\s+)?(?:" + _REQUEST + r"))(?=\s*(?:[,.;!?]|$))",
        r"\1\3 \2",
    ),
    # a request to write or explain, said last: said first ("a short email draft can you write": can you
    # write a short email draft)
    (
        r"(^\s*|[,.;!?]\s*)(?!can you\b)([^,.;!?]{1,120}?)\s+(can you (?:write|explain))(?=\s*(?:[,.;!?]|$))",
        r"\1\3 \2",
    ),
    (
        r"(^\s*|[,.;!?]\s*)([^,.;!?]*?)\s*\bne\s+([^,.;!?]+?)\s*(?=[,.;!?]|$)",
        lambda m: _what_first(m[1], m[2], m[3]),
    ),
    (
        r"(^\s*|[,.;!?]\s*)([^,.;!?]+?)\s+(ne|nedir|neydi)(?=\s*(?:[,.;!?]|$))",
        lambda m: _what_first(m[1], m[2], "was" if m[3].lower() == "neydi" else "is"),
    ),
    (r"\bhow long has it been is (\w+ing)\b", r"how long has it been \1"),  # "ne kadar suredir bekliyor"
    (r"\bneydi\b", "what was"),
    (r"\bnedir\b", "what is"),
    (r"(\w's|s')\s+(?:its|their|the)\s+", r"\1 "),
    # "since then" said first ("o zamandan beri kartlar ne kadar harcadi"): said last, as English says it
    (r"(^\s*|[,.;!?]\s*)since then\s+([^,.;!?]+)", r"\1\2 since then"),
    # a request with nothing said after its verb acts on what was just said: "yeniden dene" retry it
    (
        r"(^\s*|[,.;!?]\s*)(?:ok\s+)?(retry|restart|cancel|hold|release|pause|resume|kill|rerun)"
        r"(?=\s*(?:[.;!?]|$))",
        r"\1\2 it",
    ),
    (r"((?:job\s+)?\S+'s?)\s+in its (\w+)", r"in \1 \2"),  # "mistral's in its log": in mistral's log
    (r"\b(the priority of [^,.;!?]+?)'s\b", r"\1"),  # "job 13'un onceligini yukselt"
    (r"\s+(?=[?.!,;:])", ""),
)
_TURKISH_READ = compiled(_TURKISH)  # compiled once


def turkish_read(text: str, lean: Lean | None = None) -> str:
    """A Turkish or Turkish-English message in English (see :data:`_TURKISH`); a message with no Turkish
    mark of its own (:data:`_TURKISH_MARK`) as it was."""
    return read_where_marked(text, _TURKISH_MARK, _TURKISH_READ, lean, "turkish")
