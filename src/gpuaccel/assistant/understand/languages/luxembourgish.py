"""Luxembourgish read in English: written whole or mixed with English words of the trade, as a Luxembourg
team types it on a chat (its accents often dropped: "wei waarm ass d'gpu 0 elo", "firwat ass de job 5
gefailt", "wéini war en faerdeg", "zënter wéini"), where the message has marks of its own.

Luxembourgish is a language of its own, not a spelling of German: the words a question turns on are its own
("wéi" how, "wéivill" how much, "wéini" when, "firwat" why, "ass" is, "huet" has, "gouf" became, "elo" now,
"haut" today, "gëschter" yesterday, "zënter" since, "gelaf" ran, "fäerdeg" done, "d'" the), so German's
mark never sees it and German's gate is not widened to its words. But its nouns and many of its
participles and phrases are German's ("temperatur", "energie", "verbraucht", "gedauert", "wie lange ist er
gelaufen" said "wéi laang ass en gelaf"), and its word order is German's. So its own words are read as
German's (or in English, where German has no word for them), then German's tables read the message
(:func:`german.german_read`): one reading of each word the two share, as Slovak's are read by Czech's.

It is read before Dutch and German, whose words it shares ("wat", "dat", "op", "net", "leeft", "mengen",
"neen" Dutch's; "kanns", "weis", "nach" German's), and before French (its "merci", "pardon", "haut", the ë
of "ëmmer"). A short word ("ass", "elo", "haut", "wat", "vun", "op", "mer", "d'" before a vowel) never marks
it alone: those are read as its own only in a conversation read in Luxembourgish."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.german import german_read
from gpuaccel.assistant.understand.languages.tables import Lean, carried, compiled, reads, translated

# its accents folded as a writer typing fast drops them ("wéi" wei, "gëschter" geschter, "ëmmer" emmer);
# ä is kept (German's tables read it, "fäerdeg" is matched with it or without it)
_UNACCENTED = str.maketrans("éëèêÉËÈÊ", "eeeeEEEE")

# its own words, none another language's: question words, days and spans, verbs and adverbs, read without
# its accents (:data:`_UNACCENTED`)
_OWN_WORDS = (
    r"weivill|wivill|weini|firwat|wisou|weisou|zenter|geschter|huet|hunn|gouf|gelaf|faerdeg|fäerdeg|waarm"
    r"|laang|gezunn|stonn|stonnen|leschter|leschten|leschte|moien|moies|owes|mettes|schonn|gewaart|gaang"
    r"|geschitt|stoung|seet|maach|maachen|maache|besat|heich|hechst|duerchschnett|iwwer|dreit|seier|wgl"
    r"|zäit|zait|versich|zesummen|geff|wannechgelift|entschellegt|aneren|nemmen|virgeschter|nomettes|nuecht"
    r"|stroum|stroumverbrauch|späicher|spaicher|auslaaschtung|niddregst\w*|ofgebrach|ofbriechen|annuleier\w*"
    r"|relanceier\w*|fräiginn|fraiginn|zreckhalen|zreck|keier|gesot|geschriwwen|gemaach|minutten|weieen|weieng"
    r"|ugefaang|ugefaangen"
)
# words marked only with their accents ("wéi", "déi", "méi", "ëmmer", "erëm", "schéck"): without them they
# are another language's ("dei" Italian's, "emmer" Dutch's bucket, "scheck" German's cheque)
_OWN_ACCENTED = r"wéi|déi|méi|ëmmer|erëm|schéck|gëtt|béid|béide|\w+éier(?:en|t|e)?"
_MARK = re.compile(
    rf"\b(?:{_OWN_WORDS})\b"
    # its article cut to "d'" before a consonant or a number ("d'gpu", "d'4090", "d'h100"): French and
    # Italian cut theirs only before a vowel
    r"|\bd['’](?=[bcdfgjklmnpqrstvwxz\d]|h\d)",
    re.I,
)
_MARK_ACCENTED = re.compile(rf"(?<!\w)(?:{_OWN_ACCENTED})(?!\w)", re.I)
# its short words, and the languages that write each too ("ass" English's, "elo" Portuguese's, "haut" and
# "merci" French's, "wat", "op", "leeft", "mengen", "neen" Dutch's, "nach", "kanns", "weis" German's; "vun",
# "vum", "ech", "hir", "muer" no other's, but too short to tell a message by alone): no one of them marks a
# message as Luxembourgish. Not "an" and "a" (its "and", English's article), nor "do" (its "there",
# English's verb): an English follow-up says them too
_SHARED_WITH = {
    "ass": "en", "elo": "pt", "haut": "fr", "wei": "de", "wat": "nl de", "dat": "nl", "vun": "", "vum": "",
    "vu": "fr", "mam": "pl cs", "mat": "en hi", "op": "nl", "net": "nl de en", "nach": "de", "ech": "",
    "mer": "fr", "dee": "sco hi", "deen": "", "dei": "it", "hir": "", "fir": "en", "een": "nl", "eng": "en",
    "mol": "de", "aner": "", "muer": "", "merci": "fr nl", "pardon": "fr en nl de", "neen": "nl",
    "mengen": "nl",
    "waart": "nl", "leeft": "nl", "kanns": "de", "weis": "de", "emmer": "nl", "erem": "hu", "dar": "es pt ro",
    "där": "sv", "sai": "it", "säi": "", "gett": "", "fräi": "", "frai": "", "kaart": "nl", "kaarten": "nl",
    "mee": "nl", "och": "sv de", "keen": "en", "keng": "",
    # (everyone's: "de" the Romance languages' and Dutch's, "en" theirs and the Nordic ones', "se" the
    # Romance and Nordic ones')
    "de": "*", "en": "*", "se": "*",
}  # fmt: skip
_SHARED_WORD = re.compile(rf"\b(?:{'|'.join(_SHARED_WITH)})\b", re.I)
_SHARED = re.compile(rf"{_SHARED_WORD.pattern}|\bd['’]", re.I)


def _two_apart(plain: str) -> bool:
    """Whether ``plain`` says two of Luxembourgish's short words that no one other language says together
    ("wat leeft elo op der gpu 0": Dutch's "wat" and "leeft" beside Portuguese's "elo"; "weis mer de log vum
    X": "vum" no other's), so the message is Luxembourgish; "wat is er op de gpu" (Dutch's words only) is
    not, nor a message with everyone's "de", "en" or "se" beside one word."""
    said = {m[0].lower() for m in _SHARED_WORD.finditer(plain)}
    owners = [set(_SHARED_WITH[w].split()) for w in said if _SHARED_WITH[w] != "*"]
    return any(not a & b for i, a in enumerate(owners) for b in owners[i + 1 :])


# letters Luxembourgish never writes (the Nordic ones, Hungarian's, Spanish's and Portuguese's, German's ß):
# a message with one is another language's
_NOT_LUXEMBOURGISH = re.compile(r"[ßåæøőűñãõ]")


def luxembourgish_marked(text: str, lean: Lean | None = None) -> bool:
    """Whether ``text`` shows Luxembourgish's marks, typed with its accents or without them: a word of its
    own (:data:`_MARK`, :data:`_MARK_ACCENTED`) or two of its short words no other language says together
    (:func:`_two_apart`), and no letter it never writes; in a conversation read in
    Luxembourgish (``lean``), a short word it shares with others too ("an d'h100?", "a wat ass hir
    limit?")."""
    if _NOT_LUXEMBOURGISH.search(text):
        return False
    plain = text.translate(_UNACCENTED)
    if _MARK_ACCENTED.search(text) or _MARK.search(plain) or _two_apart(plain):
        return True
    return carried(lean, "luxembourgish") and bool(_SHARED.search(text))


# its own words as German's (or in English, where German's tables have no word for them), read before
# German's tables read the message; on its text without accents
_OWN = compiled(
    (
        # a greeting says nothing ("moien, wei waarm ..."); "wgl", "w.e.g." (wann ech gelift) please, read
        # before its "e" is
        (r"^\s*moien\b[,!.]?\s*", ""),
        (r"\b(?:wgl|wannechgelift)\b|\bw\.?e\.?g\.?(?!\w)", "bitte"),
        # questions: "wéivill" how much, "wéi" how, "wéini" when, "firwat" / "wisou" why, "zënter" since,
        # "wat fir (e)" what kind of, "wien" who, "wou" where
        (r"\bwei ?vill\b|\bwivill\b", "wieviel"),
        (r"\bweini\b", "wann"),
        (r"\bzenter\b", "seit"),
        (r"\b(?:firwat|wisou|weisou)\b", "warum"),
        (r"\bwei\b", "wie"),
        (r"\bwat fir (?:een|eng|en|e)?\s*(?=\w)", "which "),
        # "wat ass de job 11 fir een": what is job 11 (of what kind)
        (r"\bwat (ass|war) (.{1,40}?) fir (?:een|eng|en|e)\b", r"was \1 \2"),
        (r"\bwat\b", "was"),
        (r"\bwien\b", "wer"),
        (r"\bwei ?een\b|\bwei ?eng\b", "welche"),
        (r"\bwei ?(?:vill )?mol\b", "wie oft"),
        (r"\bwou\b", "wo"),
        # moments and spans: "haut de moien" this morning, "haut" today, "gëschter" yesterday, "elo" now,
        # "muer" tomorrow, "mëttes" at noon, "an der leschter stonn" in the last hour, "an där zäit" then
        (r"\b(?:haut\s+)?de\s+moien\b|\bhaut\s+moien\b", "heute vormittag"),
        (r"\b(?:haut\s+)?(?:den\s+)?mettes\b", "mittags"),
        (r"\b(?:haut\s+)?den\s+owend\b|\bhaut\s+owend\b", "heute abend"),
        (r"\bgeschter\s+owend\b", "gestern abend"),
        (r"\b(?:haut\s+)?nomettes\b", "heute nachmittag"),
        (r"\b(?:haut\s+)?an der nuecht\b|\blescht nuecht\b", "heute nacht"),
        (r"\bhaut\b", "heute"),
        (r"\bvirgeschter\b", "vorgestern"),
        (r"\bgeschter\b", "gestern"),
        (r"\belo\b", "jetzt"),
        (r"\bmuer\b", "morgen"),
        (r"\bmoies\b", "morgens"),
        (r"\bowes\b", "abends"),
        (r"\blescht(?:er|en|e)?\b", "letzten"),
        (r"\bstonn\b", "stunde"),
        (r"\bstonnen\b", "stunden"),
        (r"\bminutten\b", "minuten"),
        (r"\b(?:zäit|zait)\b", "zeit"),
        (r"\bdag\b", "tag"),
        (r"\bdeeg\b", "tage"),
        (r"\bam ganzen\b", "insgesamt"),
        (r"\b(?:alles|all)\s+zesummen\b", "insgesamt"),
        (r"\bzesummen\b", "zusammen"),
        (r"\bam moment\b", "im moment"),
        # "am" in the ("am log", "am duerchschnëtt"), not before a superlative ("am héchsten")
        (r"\bam\b(?!\s+\w+sten\b)", "im"),
        # "an der" / "an där" (in the: "an der queue", "an där zäit"); "an" else its "and", as "a" before a
        # consonant opening the message ("a wéivill ...", "an d'4090")
        (r"\ban (?:der|där|dar|dem)\b", "in der"),
        (r"\ban\b", "und"),
        (r"^\s*a\b(?=\s+[^\W\d_])", "und"),
        # verbs: "ass" is, "sinn" are, "huet" has, "hunn" have, "gouf" became, "gëtt" becomes, "kanns (de)"
        # can you, "gëff" give, "weis" show, "maach" do, "leeft" runs, "gelaf" run, "waart" waits, "zitt"
        # draws, "dréit" turns, "seet" says, "stoung" stood, "geschitt" happened, "gaang" gone, "besat" taken
        (r"\bwieder\b", "wetter"),  # (its weather: its "again" is "erëm", read below)
        (r"\bass\b", "ist"),
        (r"\bsinn\b", "sind"),
        (r"\bhuet\b", "hat"),
        (r"\bhunn\b", "haben"),
        (r"\bgouf\b", "wurde"),
        (r"\bgett\b", "wird"),
        (r"\bkanns (?:de|du)\b", "kannst du"),
        (r"\bkanns\b", "kannst"),
        (r"\bgeff\b", "gib"),
        (r"\bweis\b", "zeig"),
        (r"\bmaach(?:en)?\b", "mach"),
        (r"\bmaache\b", "machen"),
        (r"\bbrauch\b", "braucht"),
        (r"\bleeft\b", "läuft"),
        (r"\bgelaf\b", "gelaufen"),
        (r"\bgewaart\b", "gewartet"),
        (r"\bwaart\b", "wartet"),
        (r"\bzitt\b", "zieht"),
        (r"\bgezunn\b", "gezogen"),
        (r"\bdreit\b", "dreht"),
        (r"\bseet\b", "sagt"),
        (r"\bstoung\b", "steht"),
        (r"\bgeschitt\b", "passiert"),
        (r"\bgaang\b", "gegangen"),
        (r"\bbesat\b", "belegt"),
        (r"\b(?:fäerdeg|faerdeg)\b", "fertig"),
        (r"\bgesot\b", "gesagt"),
        (r"\b(?:ugefaang(?:en)?|gestart)\b", "gestartet"),
        (r"\bgeschriwwen\b", "geschrieben"),
        (r"\bgemaach\b", "gemacht"),
        (r"\bleef\b", "lief"),
        (r"\blafen\b", "laufen"),
        (r"\bgoufen\b", "wurden"),
        # requests: "ofbriechen" cancel ("brech X of"), "zréckhalen" hold, "fräiginn" release, "nach eng
        # Kéier" once more, "annuléieren" cancel, "relancéieren" run again
        (r"\bofgebrach\b", "abgebrochen"),
        (r"\bofbriechen\b", "abbrechen"),
        (r"\bbrech\b(.{0,30}?)\bof\b", r"brich\1ab"),
        (r"\bzreckhalen\b", "zurückhalten"),
        (r"\bhal\s+(.{1,40}?)\s+zreck\b", r"hold \1"),  # ("hal de job 12 zréck": its verb split)
        (r"\b(?:fräiginn|fraiginn|fräigin|fraigin)\b", "freigeben"),
        (r"\bnach (?:eng keier|emol)\b", "noch einmal"),
        (r"\bnei starten\b", "neu starten"),
        (r"\bannuleier(?:en)?\b", "abbrechen"),
        (r"\bannuleiert\b", "abgebrochen"),
        (r"\brelanceier(?:en)?\b", "noch einmal starten"),
        (r"\bscheck\b", "schick"),
        (r"\bech wollt soen\b", "ich meinte"),  # (I wanted to say)
        (r"\bmengen\b", "meine"),
        (r"\bmengt\b", "meinte"),
        # an English verb given its "-éieren" (German's "-ieren": "pauséieren" pausieren, "pauséier" pausier)
        (r"\b(\w{3,})eier(en|t)?\b", r"\1ier\2"),
        # adverbs and adjectives: "nach ëmmer" still, "schonn" already, "net" not, "méi" more, "erëm" again,
        # "waarm" warm, "laang" long, "héich" high, "héchst" highest, "séier" fast, "iwwer" over
        (r"\bnach emmer\b|\bemmer nach\b", "still"),
        (r"\bemmer\b", "immer"),
        (r"\bnach\b", "noch"),
        (r"\bschonn\b", "schon"),
        (r"\bnet\b", "nicht"),
        (r"\bmei\b", "mehr"),
        (r"\berem\b", "wieder"),
        (r"\bmol\b", "mal"),
        (r"\bwaarm\b", "warm"),
        (r"\blaang\b", "lange"),
        (r"\bheich\b", "hoch"),
        (r"\bhechst(?:en|e)?\b", "höchste"),
        (r"\bseier\b", "schnell"),
        (r"\biwwer\b", "über"),
        (r"\bduerchschnett\b", "durchschnitt"),
        (r"\bniddregst(?:en|e)?\b", "niedrigste"),
        (r"\bstroumverbrauch\b", "stromverbrauch"),
        (r"\bstroum\b", "strom"),
        (r"\b(?:späicher|spaicher)\b", "speicher"),
        (r"\bauslaaschtung\b", "auslastung"),
        (r"\bkaart(en)?\b", r"karte\1"),
        (r"\b(?:d['’]\s?)?moyenne\b", "durchschnitt"),
        (r"\bbeid(?:e|en)?\b", "beide"),
        (r"\baner(?:en|er|e)?\b", "andere"),
        (r"\bversich\b", "versuche"),
        (r"\bganz\b", "ganze"),
        (r"\bnemmen\b", "nur"),
        (r"\b(?:fräi|frai)\b", "frei"),
        # small words: "d'" the, "de" / "den" the ("kanns de" you, read above), "déi" that, "dee" / "deen"
        # that one ("deen deen gefailt ass": the one that failed), "en" it, "se" she, "hir" its, "mer" me,
        # "ech" I, "vun" / "vum" of, "mat" / "mam" with, "op" on, "fir" for, "do" there, "wgl" please
        (r"\b(?:dee|deen) (?:dee|deen)\b", "the one that"),
        (r"\bd['’]\s?", "die "),
        (r"\bdei\b", "die"),
        (r"\bdee\b", "der"),
        (r"\bdeen\b", "den"),
        (r"\bde\b", "den"),
        (r"\ben\b", "es"),
        (r"\bse\b", "sie"),
        (r"\bhir\b", "its"),
        (r"\bmer\b", "mir"),
        (r"\bech\b", "ich"),
        (r"\bvun\b|\bvu\b", "von"),
        (r"\bvum\b", "vom"),
        (r"\bmat\b", "mit"),
        (r"\bmam\b", "mit dem"),
        (r"\bop\b", "auf"),
        (r"\bfir\b", "für"),
        (r"\bdat\b", "das"),
        (r"\bdo\b", "da"),
        (r"\b(?:sai|säi)\b", "sein"),
        (r"\beng\b", "eine"),
        (r"\bengem\b", "einem"),
        (r"\be\b", "ein"),
        (r"\bdar\b|\bdär\b", "der"),
        (r"\bmerci\b", "danke"),
        (r"\bmee\b", "aber"),
        (r"\boch\b", "also"),
        (r"\b(?:keen|keng)\b", "no"),
        (r"\bneen\b", "nein"),
        (r"\b(?:pardon|entschellegt)\b", "entschuldigung"),
    )
)


def luxembourgish(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Luxembourgish (:func:`luxembourgish_marked`): its accents
    folded, its own words as German's (:data:`_OWN`), then German's tables (:func:`german.german_read`);
    else as it was."""
    if not reads(lean, "luxembourgish", luxembourgish_marked(text, lean)):
        return text
    german = re.sub(r"[ \t]{2,}", " ", translated(text.translate(_UNACCENTED), _OWN)).strip()
    return german_read(german)
