"""Other languages said in an English message, read in English before anything else reads it: German,
French, Italian, Korean and Japanese words said in passing, Spanish and Portuguese where the message has marks
of its own, Nigerian Pidgin's function words. Each table names only what the assistant reads (a reading, a
day, a question word, an article before a card); the rest of a message is left as it was."""

from __future__ import annotations

import re
from collections.abc import Callable


def in_english(text: str) -> str:
    """``text`` with the words of each language below in English (Pidgin apart: :func:`pidgin_read`)."""
    return _spanish(_portuguese(_in_passing(_french(_german(_east_asian(text))))))


# German said in passing: a reading's word ("Auslastung", "Stromverbrauch"), "und", an article before a card,
# "um 11:10" / "14 Uhr" (at 11:10, 14:00), "seit" (since), "gestern" / "heute" / "jetzt"
_GERMAN_WORDS = {
    "wie war": "how was", "wie ist": "how is", "wie hoch": "how high", "wie viel": "how much",
    "wieviel": "how much", "wie viele": "how many", "wie lange": "how long", "was war": "what was",
    "welche": "which", "welcher": "which", "welches": "which", "warum": "why", "wann": "when",
    "bitte": "please",
    "auslastung": "utilization", "gpu-auslastung": "utilization", "stromverbrauch": "power draw",
    "leistungsaufnahme": "power draw", "leistung": "power", "verbrauch": "consumption",
    "temperatur": "temperature", "speicher": "memory", "grafikspeicher": "memory", "lüfter": "fan",
    "grafikkarte": "card", "karte": "card", "karten": "cards", "und": "and", "oder": "or", "seit": "since",
    "gestern": "yesterday", "heute": "today", "jetzt": "now", "gerade": "now",
}  # fmt: skip
_GERMAN = re.compile(rf"\b(?:{'|'.join(_GERMAN_WORDS)})\b", re.I)
# an article before what those words became, a card or a job ("die Auslastung": the utilization; "die" left
# alone reads as "died")
_GERMAN_NOUNS = sorted({w for w in _GERMAN_WORDS.values() if " " not in w} - {"and", "or", "since"})
_GERMAN_ARTICLE = re.compile(
    rf"\b(?:die|der|das|den|dem)\s+(?=(?:h100|h200|a100|4090|gpus?|jobs?|{'|'.join(_GERMAN_NOUNS)})\b)", re.I
)


# German written whole, read only in a message with marks of its own (an umlaut or eszett, or one of its
# own words): its phrases before :data:`_GERMAN_WORDS` ("Starten Sie ihn bitte noch einmal": rerun it;
# "Wie lange ist die 4090 heute ungenutzt herumgestanden?": how long was the 4090 idle today), its function
# words after them
_GERMAN_MARK = re.compile(
    r"[äöüß]|\b(?:wie|welche[rsmn]?|bitte|heute|gestern|wann|seit|ist|nicht|sie|und|zwischen|insgesamt"
    r"|lief|gelaufen|verbraucht|karten?|uhr|stunden?|danke|geben|setzen|starten|brechen|pausieren)\b",
    re.I,
)
_GERMAN_PHRASES = tuple(
    (re.compile(pattern, re.I), english)
    for pattern, english in (
        # requests, said to "Sie" or to "du"
        (r"\b(?:starten|starte) sie\b(.{0,40}?)\b(?:noch ?einmal|nochmal|erneut|neu)\b", r"rerun\1"),
        (r"\b(?:starte|starten)\b(.{0,40}?)\b(?:noch ?einmal|nochmal|erneut|neu)\b", r"rerun\1"),
        (r"\bneu starten\b", "rerun"),
        (r"\bsetzen sie (?:seine|ihre|die) priorität (?:bitte )?auf (\d+)\b", r"set its priority to \1"),
        (r"\bbrechen sie (.{0,30}?)(?: bitte)? ab\b", r"cancel \1"),
        (r"\babbrechen\b", "cancel"),
        (r"\bpausieren sie\b", "pause"),
        (r"\bpausieren\b", "pause"),
        (
            r"\bwie setze ich (es|ihn|sie) (?:danach |dann |nachher )?wieder fort\b",
            r"how do i resume \1 afterwards",
        ),
        (r"\b(?:fortsetzen|weiterlaufen lassen)\b", "resume"),
        (r"\bgeben sie (es|ihn|sie|das)(?: bitte)? frei\b", r"release \1"),
        (r"\bfreigeben\b", "release"),
        (r"\berzählen sie mir\b", "tell me"),
        (r"\bwitz\b", "joke"),
        (r"\bkönnen sie mir\b(.{0,60}?)\bentwerfen\b", r"can you write me\1"),
        (r"\be-mail\b", "email"),
        # questions
        (r"\bseit wann\b", "since when"),
        (r"\bwie lange\b", "how long"),
        (r"\bwie viele\b", "how many"),
        (r"\bwie viel\b", "how much"),
        (r"\bwie heiß\b", "how hot"),
        (r"\bam heißesten\b", "hottest"),
        (r"\bwie hat sich (.{1,30}?) verhalten\b", r"how was \1"),
        (r"\bwas ziehen\b", "what draw"),
        (r"\bwelcher job hat (?:die|das|den|es) verursacht\b", "which job was it"),
        (r"\bwelcher job war da drauf\b|\bwelcher job lief da(?: gerade)?\b", "which job was running then"),
        (r"\bwas ist bei der (?:evaluierung|auswertung) herausgekommen\b", "what were the eval results"),
        (r"\bhat alles geklappt\b", "did everything succeed"),
        (r"\bzuletzt ins log geschrieben\b", "last logged"),
        (r"\b(?:wollte es|wollte er|hat es) (?:.{0,30}?)anfordern\b", "did it try to allocate"),
        (r"\bbevor (?:sie|es|er) drangekommen (?:sind|ist)\b", "before they started"),
        # spans and moments
        (r"\bin diesem augenblick\b|\bim moment\b|\bmomentan\b|\bderzeit\b|\baktuell\b|\bgerade\b", "now"),
        (r"\b(?:im selben|im gleichen|in dem|in diesem) zeitraum\b|\bin dieser stunde\b", "in that span"),
        (r"\bin der letzten stunde\b", "in the last hour"),
        (r"\bheute nacht\b|\bletzte nacht\b", "last night"),
        (r"\bgestern abend\b", "yesterday evening"),
        (r"\bseit mitternacht\b", "since midnight"),
        (r"\bseit mittag\b", "since noon"),
        (r"\bzwischen (\d{1,2}) und (\d{1,2})(?::00)?\b", r"between \1:00 and \2:00"),
        (r"\bheuer\b", "this year"),
        # readings, how much and which way
        (r"\b(?:steht|stand) (?:sie |es |er )?(?:schon )?still\b", "is idle"),
        (
            r"\b(?:ungenutzt|untätig|unbenutzt)(?: herumgestanden| gestanden)?\b|\bherumgestanden\b",
            "idle",
        ),
        (r"\bdrosselt\b|\bgedrosselt\b", "throttling"),
        (r"\bsm-takt\b|\btakt\b", "sm clock"),
        (r"\bgpu-stunden\b", "gpu hours"),
        (r"\bstrom\b", "electricity"),
        (r"\benergie\b", "energy"),
        (r"\bversuche\b", "attempts"),
        (r"\blernrate\b", "learning rate"),
        (r"\b(\d+)\s*grad\b", r"\1 °C"),
        (r"\boder (?:darüber|mehr|höher)\b", "or more"),
        (r"\b(?:durchschnittliche|durchschnittlich|im schnitt|durchschnitt)\b", "average"),
        (r"\b(?:die )?(?:höchste|maximale)\b|\bmaximal\b|\bspitze\b", "max"),
        (r"\b(?:die )?(?:niedrigste|minimale)\b|\bminimal\b", "min"),
        (r"\bausgelastet\b", "utilized"),
        (r"\bbelegt\b", "used"),
        (r"\bvon welchem job\b", "by which job"),
        (r"\b(?:insgesamt|in summe)\b", "in total"),
        (r"\b(?:verbraucht|gebraucht|geleistet)\b", "used"),
        (r"\b(?:ist|sind) (?:es |er |sie )?(?:in summe |insgesamt )?gelaufen\b|\bgelaufen\b", "ran"),
        (r"\blief\b|\bläuft\b", "ran"),
        (r"\bauf den karten\b", "on the cards"),
        (r"\bin der queue warten\b|\bin der warteschlange warten\b", "wait in the queue"),
        (r"\bwarteschlange\b", "queue"),
        (r"\bmussten\b", "had to"),
        (r"\bdieses element\b|\bdieser job\b", "this one"),
        (r"\bbeiden\b", "both"),
        (r"\bmit welche[mr]\b", "with which"),
    )
)
_GERMAN_FUNCTION_WORDS = tuple(
    (re.compile(pattern, re.I), english)
    for pattern, english in (
        (r"\b(?:es|ihn|er)\b", "it"),
        (r"(?<!\bpause )\bsie\b", "it"),
        (r"\b(?:der|die|das|den|dem|des)\b", "the"),
        (r"\bist\b", "is"),
        (r"\bhat\b", "has"),
        (r"\bwar\b", "was"),
        (r"\bwurde\b", "was"),
        (r"\bim\b", "in the"),
        (r"\bin der\b", "in the"),
        (r"\bmit\b", "with"),
        (r"\bfür\b", "for"),
        (r"\bvon\b", "of"),
        (r"\bauf\b", "on"),
        (r"\bda\b", "then"),
        (r"\bdann\b", "then"),
        (r"\bdanach\b", "afterwards"),
        (r"\bnoch\b", ""),
        (r"\bschon\b", ""),
        (r"\bich\b", "i"),
        (r"\bdanke\b", "thanks"),
    )
)


def _german(text: str) -> str:
    """``text`` with the German words of :data:`_GERMAN_WORDS` in English, and its clock said as English says
    it; where the message is German written whole (:data:`_GERMAN_MARK`), its phrases first
    (:data:`_GERMAN_PHRASES`) and its function words last (:data:`_GERMAN_FUNCTION_WORDS`)."""
    whole = _GERMAN_MARK.search(text) is not None
    text = re.sub(r"\bum (\d{1,2})(?::(\d{2}))?(?:\s*uhr\b)?(?=\s*(?:[?.!,]|$|\w))", _um, text, flags=re.I)
    text = re.sub(r"\b(\d{1,2})\s*uhr\b", r"\1:00", text, flags=re.I)
    if whole:
        text = _translated(text, _GERMAN_PHRASES)
    text = _GERMAN.sub(lambda m: _GERMAN_WORDS[m[0].lower()], text)
    text = re.sub(r"\b(how (?:high|much|many|long)|which|why|when) war\b", r"\1 was", text, flags=re.I)
    text = _GERMAN_ARTICLE.sub("the ", text)
    return _translated(text, _GERMAN_FUNCTION_WORDS) if whole else text


# Korean and Japanese said in passing in an English message ("오늘 h100 max temp", "4090 昨日 peak"):
# their day words in English; any other Hangul or CJK word (a feeling, "혹시", "ㅇㅋ") asks nothing of
# the machine and is left out, where the message has English of its own to read
_EAST_ASIAN_WORDS = (
    ("그저께", "the day before yesterday"), ("어젯밤", "last night"), ("오늘", "today"),
    ("어제", "yesterday"), ("지금", "now"), ("현재", "now"), ("방금", "just now"),
    ("아까", "earlier today"), ("오전", "this morning"), ("오후", "this afternoon"),
    ("저녁", "this evening"), ("이번 주", "this week"), ("이번주", "this week"), ("지난주", "last week"),
    ("今日", "today"), ("昨日", "yesterday"), ("今朝", "this morning"), ("昨夜", "last night"),
    ("午後", "this afternoon"), ("午前", "this morning"), ("今週", "this week"), ("今", "now"),
)  # fmt: skip
# what is asked, in Japanese ("今のGPU温度は?", "今日の電力量は?", "ジョブ3はなぜ失敗?") and Korean: a message
# with one of these asks of the machine even with no English of its own
_EAST_ASIAN_ASKS = (
    ("消費電力量", " energy "), ("電力量", " energy "), ("消費電力", " power draw "), ("電力", " power "),
    ("温度", " temperature "), ("使用率", " utilization "), ("利用率", " utilization "),
    ("メモリ", " memory "), ("ファン", " fan "), ("クロック", " clock "), ("ジョブ", " job "),
    ("なぜ", " why "), ("失敗", " failed "), ("最大", " max "), ("最高", " max "), ("平均", " average "),
    ("最小", " min "), ("何時", " what time "),
    ("いつ", " when "), ("どのくらい", " how long "), ("エネルギー", " energy "), ("キュー", " queue "),
    ("온도", " temperature "), ("전력량", " energy "), ("전력", " power "), ("사용률", " utilization "),
    ("메모리", " memory "), ("작업", " job "), ("왜", " why "), ("최대", " max "), ("평균", " average "),
)  # fmt: skip
_EAST_ASIAN = re.compile(r"[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af\u3040-\u30ff\u4e00-\u9fff]+")


def _east_asian(text: str) -> str:
    """``text`` with the Korean and Japanese of :data:`_EAST_ASIAN_ASKS` and :data:`_EAST_ASIAN_WORDS` in
    English, the rest of such words left out (a message with neither English of its own nor one of those
    asks stays as it is)."""
    asks = any(said in text for said, _ in _EAST_ASIAN_ASKS)
    if not _EAST_ASIAN.search(text) or not (asks or re.search(r"[A-Za-z]{2}", text)):
        return text
    for said, english in (*_EAST_ASIAN_ASKS, *_EAST_ASIAN_WORDS):
        text = text.replace(said, f" {english} ")
    text = _EAST_ASIAN.sub(" ", text)
    return re.sub(r"\s+([?.!,])", r"\1", re.sub(r"[ \t]{2,}", " ", text)).strip()


# French said in passing in an English message: its day words ("aujourd'hui", "hier soir", "ce matin"), a
# few question words ("combien", "pourquoi"), a reading's word ("température", "mémoire"), an article before
# a card or a job ("la carte H100", "le job 2"), "Go" after a number (GB) and "chauffé" (heated up); none of
# them is an English word, so they are read in any message
_FRENCH_WORDS = (
    (r"\baujourd['’]?hui\b", "today"),
    (r"\bavant[- ]hier\b", "the day before yesterday"),
    (r"\bhier (?:soir|au soir)\b", "yesterday evening"),
    (r"\bhier matin\b", "yesterday morning"),
    (r"\bhier (?:après|apres)[- ]midi\b", "yesterday afternoon"),
    (r"\bhier\b", "yesterday"),
    (r"\bce matin\b", "this morning"),
    (r"\bcet (?:après|apres)[- ]midi\b|\bcet aprem\b", "this afternoon"),
    (r"\bce soir\b", "this evening"),
    (r"\bcette nuit\b", "last night"),
    (r"\bcette semaine\b", "this week"),
    (r"\b(?:maintenant|actuellement)\b", "now"),
    (r"\ben ce moment\b", "right now"),
    (r"\bdepuis\b", "since"),
    (r"\bjusqu['’]?(?:à|a)\b", "until"),
    (r"\bminuit\b", "midnight"),
    (r"\bmidi\b", "noon"),
    (r"\bça fait combien de temps qu['’]?(?:il|elle) (?:roule|tourne|run)\b", "how long has it been running"),
    (r"\bcombien(?: de)?\b", "how much"),
    # Québec French: "c'est-tu fini" (is it finished), "en tout" (in all), "celle-là" (that one),
    # "relance-la" (run it again), "quelle job" (which job), "à matin" (this morning)
    (r"\bc['’]est[- ]tu\b", "is it"),
    (r"\bfini(?:e|s)?\b", "finished"),
    (r"\ben tout\b", "in all"),
    (r"\b(?:celle|celui)[- ]l[àa]\b", "that one"),
    (r"\brelance[- ](?:la|le|les)\b", "rerun it"),
    (r"\bc['’](?:était|etait) quel(?:le)? (job|carte|gpu)(?:,? ça)?\b", r"which \1 was it"),
    (r"\bquel(?:le)? (job|carte|gpu)\b", r"which \1"),
    (r"\bà matin\b", "this morning"),
    (r"(?:\b(?:à|a)\s+)?\bquelle heure\b", "at what time"),  # "à quelle heure?" after a peak
    (r"\bpourquoi\b", "why"),
    (r"\bquand\b", "when"),
    (r"\btempérature\b", "temperature"),
    (r"\bmémoire\b", "memory"),
    (r"\bpuissance\b", "power"),
    (r"\bconsommation\b", "consumption"),
    (r"\bénergie\b", "energy"),
    (r"\bmerci(?: beaucoup)?\b", "thanks"),
    (r"\b(?:a |a bien |a beaucoup |has |have |had )?chauff(?:é|e|ée|ed)\b", "heated up"),
    (r"(?<=\d)\s?Go\b", " GB"),  # (case kept: "24 Go" of a card's memory, not "let it go")
    # "la carte H100": the H100 (a card's model after "carte", not its index: "la carte 1" is card 1)
    (r"\b(?:(?:la|les)\s+)?cartes?\s+(?=(?:[a-z]+\d+|\d{3,})\b)", "the "),
    (r"\b(?:la|le|les|l['’])\s*(?=(?:cartes?|h100|h200|a100|4090|gpus?|jobs?)\b)", "the "),
    (r"\ble\s+(?=[a-z])", "the "),  # "le sweep" (no English word; "la" is: "the LA office")
    (r"\bcartes\b", "cards"),
    (r"\bcarte\b", "card"),
)
# Italian said in passing, read the same way ("Ieri the H100 max temperature?", "a che ora?", "la scheda",
# "va bene, put it on hold"); "quanto" and "quando", which Portuguese shares, are read with it
_ITALIAN_WORDS = (
    (r"\bieri sera\b", "yesterday evening"),
    (r"\bieri notte\b|\bstanotte\b", "last night"),
    (r"\bieri\b", "yesterday"),
    (r"\boggi pomeriggio\b|\bquesto pomeriggio\b", "this afternoon"),
    (r"\boggi\b", "today"),
    (r"\bstamattina\b|\bstamani\b", "this morning"),
    (r"\bstasera\b", "this evening"),
    (r"\bquesta settimana\b", "this week"),
    (r"\badesso\b", "now"),
    (r"\b(?:a )?che ora\b", "at what time"),
    (r"\bperch[eé]\b", "why"),
    (r"\bgradi\b", "degrees"),
    (r"\b(?:(?:la|le)\s+)?sched[ae]\s+(?=(?:[a-z]+\d+|\d{3,})\b)", "the "),  # "la scheda 4090": the 4090
    (r"\b(?:la|le) sched[ae]\b", "the card"),
    (r"\bsched[ae]\b", "card"),
    (r"\bva bene\b", "ok"),
    (r"\bgrazie(?: mille)?\b", "thanks"),
    (r"^\s*(?:dai|boh|allora|ciao)\b[,!.]*\s*", ""),
    (r"\bho visto\b", "i saw"),
    (r"\bscrivi(?:mi)?\b", "write"),
    (r"\buna mail\b", "an email"),
    (r"\bin italiano\b", "in Italian"),
)
# Hindi said in passing in Indian English ("kal H100 peak power kitna tha", "log mein kya likha hai"): its
# day and question words, "tha" (was), a progressive's helpers, fillers; "kal" is yesterday (no reading is
# of tomorrow). Indian English's own turns are read too: "same to same" (the same), "prepone" (bring forward:
# start), "do the needful" (please)
_HINDI_WORDS = (
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
# Turkish said in passing ("bugün H100 max temp", "dün ... how much was", "bu sabah (9-12 arası)"): its day
# and question words; "arası" (between) after a span in brackets is left out
_TURKISH_WORDS = (
    (r"\bbug[üu]n\b", "today"),
    (r"\bd[üu]n\b", "yesterday"),
    (r"\bbu sabah\b", "this morning"),
    (r"\bbu ak[şs]am\b", "this evening"),
    (r"\b[şs]imdi\b", "now"),
    (r"\bne kadar\b", "how much"),
    (r"\bka[çc]\b", "how many"),
    (r"\bneden\b|\bni[çc]in\b", "why"),
    (r"\bne zaman\b", "when"),
    (r"\s*\baras[ıi]\b", ""),
    (r"\b(?:hocam|abi|tamam)\b,?", ""),
)
# French written whole (France's and Québec's), read only in a message with marks of its own (a letter
# Spanish does not have, or one of its own words): its phrases and function words in English ("Elle est
# restée combien de temps au-dessus de 80 °C, la H100 ?" is "how long was it above 80 °C, the H100?"); the
# words any message may say in passing are :data:`_FRENCH_WORDS`, read after
_FRENCH_MARK = re.compile(
    r"[àâçèêëîïôûùœ]|\b(?:combien|quelle?s?|pourquoi|depuis|aujourd['’]hui|est-ce|qu['’]est|c['’]est|vous"
    r"|elle|ils|tourné|tournait|consommé|annulez|relancez|libérez|supprimez|mettez|journée|dernière"
    r"|dernières|heures|moyenne|carte|cartes|merci|svp|quoi|tâche|tentatives|essais|premier|première|tout"
    r"|toutes|bonjour|liste)\b",
    re.I,
)
_FRENCH_UNACCENTED = str.maketrans("àâçèéêëîïôûùœÀÂÇÈÉÊËÎÏÔÛÙŒ’", "aaceeeeiiouuoAACEEEEIIOUUO'")
_FRENCH = tuple(  # phrases, read first
    (re.compile(pattern, re.I), english)
    for pattern, english in (
        # requests, said to "vous" or to "tu" ("relancez-le": get it going again, a paused job resumed and
        # an ended one retried; "mettez le mistral en pause": pause it)
        (r"\b(?:relancez|relance|relancer|redemarrez|redemarre)-(?:le|la|les)\b", "get it going again"),
        (r"\b(?:relancez|relancer|redemarrez)\b", "retry"),
        (r"\b(?:mettre|mettez|mets|met)\s+(.{1,40}?)\s+en pause\b", r"pause \1"),
        (r"\b(?:annulez|annule|annuler)-(?:le|la|les)\b", "cancel it"),
        (r"\b(?:annulez|annuler)\b", "cancel"),
        (r"\b(?:liberez|libere|liberer)-(?:le|la|les)\b", "release it"),
        (r"\b(?:liberez|liberer)\b", "release"),
        (r"\b(?:supprimez|supprime|supprimer|retirez)-(?:le|la|les)\b", "remove it"),
        (r"\b(?:supprimez|supprimer)\b", "remove"),
        (r"\b(?:reprenez|reprends|reprendre)-(?:le|la)\b", "resume it"),
        (r"\btel quel\b", "as it is"),
        (r"\bs['’]il (?:vous|te) pla[iî]t\b|\bsvp\b|\bstp\b", "please"),
        (r"\bvous pouvez\b|\bpouvez-vous\b|\btu peux\b", "can you"),
        (r"\bme faire un point sur\b|\bfaire le point sur\b", "give me an overview of"),
        (r"\bun conseil pour\b", "what is a good way to"),
        (
            r"\bc['’]est quoi la difference entre\b|\bquelle est la difference entre\b",
            "what is the difference between",
        ),
        # questions
        (r"\bdepuis quelle heure\b|\bdepuis quand\b", "since when"),
        (r"\b(?:c['’]etait |et )?a quelle heure\b", "at what time"),
        (r"\bil en est ou\b|\bou en est[- ]il\b|\bou en est\b", "where is it in its training"),
        (r"\b(?:il|elle) a (?:dure|tourne) combien de temps\b", "how long did it run"),
        (r"\b(?:il|elle) a tourne combien de temps\b", "how long did it run"),
        (r"\b(?:a |ont )?tourne combien de temps\b", "how long did it run"),
        (r"\b(?:est|sont) restee?s? combien de temps\b", "how long was it"),
        (r"\bcombien de temps\b", "how long"),
        (r"\bcombien de (?:gpu[- ]heures|heures[- ]gpu)\b", "how many gpu hours"),
        (r"\bcombien d['’ ]?energie\b", "how much energy"),
        (r"\bca represente combien\b", "how much is that"),
        (r"\bentre combien et combien\b", "min and max"),
        (
            r"\bcombien (?:de\s+|d['’]\s*)"
            r"(?=(?:kwh|wh|w|watts?|go|gb|gib|mib|mo|memoire|temps|energie|puissance)\b)",
            "how much ",
        ),  # ("combien de kWh": an amount)
        (r"\bcombien de\s+|\bcombien d['’]\s*", "how many "),
        (r"\bcombien\b", "how much"),
        (r"\bqu['’]est-ce qui\b", "what"),
        (r"\bqu['’]est-ce que\b", "what"),
        (r"\bquel(?:le)?s? job\b", "which job"),
        (r"\bqui a le plus\b", "which job most"),
        (r"\ba le plus\b", "the most"),
        (r"\ble plus\b", "the most"),
        (r"\bquoi\b", "what"),
        # spans and clocks
        (r"\b(?:sur )?(?:les )?dernieres (\d+) heures\b", r"over the last \1 hours"),
        (r"\b(?:sur )?la derniere heure\b", "over the last hour"),
        (r"\bsur la journee\b|\bdans la journee\b", "today"),
        (r"\bsur le meme creneau\b|\bmeme creneau\b|\bmeme periode\b", "over the same span"),
        (
            r"\bentre (\d{1,2})h(\d{2})? et (\d{1,2})h(\d{2})?\b",
            lambda m: f"between {m[1]}:{m[2] or '00'} and {m[3]}:{m[4] or '00'}",
        ),
        (r"\bentre (\d{1,2})h(\d{2})? et minuit\b", lambda m: f"between {m[1]}:{m[2] or '00'} and midnight"),
        (r"\bdepuis (\d{1,2})h(\d{2})?\b", lambda m: f"since {m[1]}:{m[2] or '00'}"),
        (r"\bpour l['’]instant\b|\bjusqu['’]ici\b", "so far"),
        (r"\ben dernier\b", "last"),
        (r"\bderniere?s?\b", "last"),
        (r"\bau total\b", "in total"),
        (r"\btoutes tentatives confondues\b", "over all its attempts"),
        # readings, how much and which way
        (r"\bau[- ]dessus (?:de|du)\b", "above"),
        (r"\ben[- ]dessous (?:de|du)\b", "below"),
        (r"\ben moyenne\b", "on average"),
        (r"\bmoyenne\b", "average"),
        (r"\b(?:gpu[- ]heures|heures[- ]gpu)\b", "gpu hours"),
        (r"\bcarte par carte\b|\bpar carte\b|\bsur chaque carte\b", "per card"),
        (r"\bmeme chose\b", "the same"),
        (r"\bau repos\b|\bne fait (?:plus )?rien\b", "idle"),
        (r"\bd['’]utilisation\b|\butilisation\b", "utilization"),
        (r"\b(?:a |ont )?(?:bosse|travaille)\b", "was busy"),
        (r"\bla file(?: d['’]attente)?\b", "the queue"),
        (
            r"\battend encore de demarrer\b|\battend (?:encore )?de (?:demarrer|partir)\b",
            "is still waiting to start",
        ),
        (r"\btentatives\b|\bessais\b", "attempts"),
        (r"\brates\b|\bechoues\b", "failed"),
        (r"\bgaspille\b", "wasted"),
        # what happened
        (r"\b(?:a |ont )?consomme\b", "used"),
        (r"\bsquatte\b", "used"),
        (r"\b(?:a |ont )?logge\b", "logged"),
        (r"\bavant d['’]etre arrete\b", "before it was stopped"),
        (r"\btournait\b", "was running"),
        (r"\b(?:a |ont )?tourne\b", "ran"),
        (r"\b(?:a |ont )?dure\b", "took"),
        (r"\b(?:est |a )?plante\b", "failed"),
        (r"\bet le tout premier\b", "and the very first"),
    )
)
# the function words, read after :data:`_FRENCH_WORDS` ("c'est-tu", "ce matin", "la carte H100" first)
_FRENCH_FUNCTION_WORDS = tuple(
    (re.compile(pattern, re.I), english)
    for pattern, english in (
        (r"\b(?:est|sont) restee?s?\b", "was"),
        (r"\bc['’]etait\b", "was it"),
        (r"\betait\b", "was"),
        (r"\bc['’]est\b", "it is"),
        (r"\b(?:ce|cet|cette)\b", "this"),
        (r"\bsont\b", "are"),
        (r"\best\b", "is"),
        (r"\b(?:il|elle)\b", "it"),
        (r"\b(?:ils|elles)\b", "they"),
        (
            r"\b(?:le|les)\s+(\d{1,3})\b(?!\s*(?:%|w\b|go\b|°|h\b))",
            r"job \1",
        ),  # "le 7": job 7 (not "la 4090")
        (r"\bl['’]", "the "),
        (r"\b(?:le|la|les)\b", "the"),
        (r"\b(?:du|des)\b", "of the"),
        (r"\bd['’]", "of "),
        (r"\bde\b", "of"),
        (r"\bsur\b", "on"),
        (r"\bdans\b", "in"),
        (r"\bet\b", "and"),
        (r"\bou\b", "or"),
        (r"\bavec\b", "with"),
        (r"\bpour\b", "for"),
        (r"\b(?:un|une)\b", "a"),
        (r"\bje\b|\bj['’]", "i "),
        (r"\bbon,\s*", ""),
    )
)


def _french(text: str) -> str:
    """``text`` read in English where it is French (:data:`_FRENCH_MARK`): its phrases, then the words said
    in passing (:data:`_FRENCH_WORDS`: "ce matin", "la carte H100", "c'est-tu"), then its function words;
    else as it was."""
    if not _FRENCH_MARK.search(text):
        return text
    text = _translated(text.translate(_FRENCH_UNACCENTED), _FRENCH)
    return _translated(_translated(text, _FRENCH_IN_PASSING), _FRENCH_FUNCTION_WORDS)


_IN_PASSING = tuple(
    (re.compile(p, 0 if p.startswith("(?<=") else re.I), english)
    for p, english in (*_FRENCH_WORDS, *_ITALIAN_WORDS, *_HINDI_WORDS, *_TURKISH_WORDS)
)
_FRENCH_IN_PASSING = _IN_PASSING[: len(_FRENCH_WORDS)]


def _in_passing(text: str) -> str:
    """``text`` with the French words of :data:`_FRENCH_WORDS`, the Italian of :data:`_ITALIAN_WORDS`, the
    Hindi of :data:`_HINDI_WORDS` and the Turkish of :data:`_TURKISH_WORDS` in English."""
    return _translated(text, _IN_PASSING)


def _translated(
    text: str, table: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...]
) -> str:
    """``text`` with each pattern of ``table`` replaced by its English, in order."""
    for pattern, english in table:
        text = pattern.sub(english, text)
    return text


# Spanish, read only in a message that has marks of its own (an inverted mark, an accented letter, or one of
# its question or time words): the words the assistant reads, in English, so "cuanta energia gasto la 4090
# ayer" reads as "how much energy used the 4090 yesterday" (word order aside, which the readers do not need).
_SPANISH_MARK = re.compile(
    r"[¿¡áéíóúñ]|(?<!\bthe )(?<!\bin )\bque\b"  # ("in the que": a typed queue)
    r"|\b(?:cual|cuales|cuanto|cuanta|cuantos|cuantas|cuando|desde|hoy|ayer|anoche|porque"
    r"|esta|estuvo|fallo|termino|oye|porfa|dame|ponle|cancela|pausa|sueltalo|donde|quien|tiempo|energia"
    r"|memoria|luz|cola|corrio|tardo|lleva|arranca|sigue|rompio|trono|intento|resultados|promedio|minimo"
    r"|maximo|ultima|caliente|ocupada|ocupado|gasto|trabajo|veces|gracias|tambien|como|quiero|necesito"
    r"|puedes|podrias|diferencia|entre|rapido|haciendo|algo|nada|pues|revisar|ahorita|rato|cuentame|vuelva"
    r"|pare|ponga|usted|media|tope|pequena|grande|gastado|fallado|trabajado|electricidad|ventilador|reloj)\b"
    r"|\b(?:cancel|paus|suelt|liber|reanud|reintent|relanz|mat)(?:a|e)lo\b",  # "pausalo": pause it
    re.I,
)
_UNACCENTED = str.maketrans("áéíóúüñÁÉÍÓÚÜÑ", "aeiouunAEIOUUN", "¿¡")
_SPANISH = tuple(
    (re.compile(pattern, re.I), english)
    for pattern, english in (
        # requests in the polite "usted" form and their "tú" twins, a pronoun joined or not ("vuelva a
        # lanzarlo": run it again; "pare un momento el mistral": pause it; "vuelva a ponerlo en marcha":
        # resume it; "ponga el 12 con más prioridad, un 10": its priority to 10)
        (r"\b(?:vuelva|vuelve|vuelvan) a (?:lanzar|ejecutar|correr|intentar)(?:lo|la|los)?\b", "rerun it"),
        (r"\b(?:relance|relanza|relanzar|lance|lanza)(?:lo|la)? (?:de nuevo|otra vez)\b", "rerun it"),
        (r"\b(?:relance|relanza)(?:lo|la)?\b", "rerun"),
        (
            r"\b(?:vuelva|vuelve) a (?:ponerlo|ponerla|arrancarlo|arrancarla) en marcha\b"
            r"|\b(?:pongalo|ponlo|pongala|ponla) en marcha\b|\breanude(?:lo|la)?\b",
            "resume it",
        ),
        (
            r"\b(?:pare|para|parelo|paralo|detenga|detengalo|deten|detenlo) un (?:momento|rato|momentito)\b",
            "pause for a moment",
        ),
        (r"\b(?:parelo|paralo|pararlo|detengalo|detenlo)\b", "stop it"),
        (r"\b(?:pare|detenga|deten)\b", "stop"),
        (r"\b(?:cancele|cancelen)(?:lo|la)?\b", "cancel"),
        (r"\b(?:suelte|libere)(?:lo|la)?\b", "release"),
        (r"\b(?:reintente)(?:lo|la)?\b", "retry"),
        (
            r"\b(?:ponga|pon|dele|dale|suba|sube)\s+(.{1,40}?)\s+(?:con )?(?:mas|mayor) prioridad,?"
            r"\s+(?:un|a|al)?\s*(\d+)\b",
            r"set the priority of \1 to \2",
        ),
        (r"\blo cancelamos nosotros\b", "did we cancel it"),
        # how long, how much, on average, full load
        (r"\bcuanto rato\b", "how long"),
        (r"\ba (?:que|cuanta) velocidad\b", "how fast"),
        (r"\ba cuanto (?:va|esta)\b", "what is"),
        (r"\b(?:de|en) media\b", "on average"),
        (r"\bla media\b", "the average"),
        (r"\ba tope\b", "at full load"),
        (r"\ben total\b", "in total"),
        (r"\ba tiempo\b", "on time"),
        (r"\bpor (?:encima|arriba) del?\b", "above"),
        (r"\bpor debajo del?\b", "below"),
        (r"\bentre (?:las? )?(\d{1,2}(?::\d{2})?) y (?:las? )?(\d{1,2}(?::\d{2})?)\b", r"between \1 and \2"),
        (r"\ben (?:ese|este) (?:rato|periodo|tiempo|intervalo)\b|\ben esa franja\b", "in that period"),
        (r"\b(?:de )?esa hora\b", "of that hour"),
        (r"\bque tal\b", "how was"),
        (r"\bcual de (?:las|los) dos\b", "which of the two"),
        (r",?\s*\bno\s*\?", "?"),  # "ha fallado, ¿no?": a tag asking to be told so
        # the cards by size, as a studio says them: "la grande" (the H100), "la pequeña" (the 4090)
        (r"\b(?:la|el) (?:pequena|pequeno|chica|chico|peque)\b", "the small card"),
        (r"\b(?:la|el) (?:grande|gorda|gordo|potente)\b", "the big card"),
        # things
        (r"\bhoras de (?:gpu|tarjeta)\b", "gpu hours"),
        (r"\belectricidad\b", "electricity"),
        (r"\bventilador(?:es)?\b", "fan"),
        (r"\breloj(?:es)?\b", "clock"),
        (r"\bimagenes por segundo\b", "images per second"),
        (r"\bresumen\b", "summary"),
        (r"\bmaquinas\b", "machines"),
        (r"\bmaquina\b", "machine"),
        (r"\bevaluacion\b", "eval"),
        (r"\bentrenamiento\b", "training"),
        (r"\bbarrido\b", "sweep"),
        (r"\berrores\b", "errors"),
        # what happened, in the perfect and the preterite
        (r"\b(?:ha|han|hemos|habia) (?:gastado|consumido)\b|\bgastaron\b|\bconsumieron\b", "used"),
        (r"\b(?:ha|han|hemos) usado\b", "have used"),
        (r"\b(?:ha|han) trabajado\b|\btrabajaron\b", "has been busy"),
        (r"\b(?:ha|han) fallado\b|\bfallado\b", "failed"),
        (r"\b(?:ha|han) terminado\b|\bterminado\b", "finished"),
        (r"\b(?:espero|esperaron|estuvo esperando)\b(?! que)", "waited"),
        (r"\bantes de (?:empezar|arrancar|comenzar)\b", "before it started"),
        (r"\bantes de pararlo\b|\bantes de que (?:lo )?pararan\b", "before it was stopped"),
        (r"\b(?:empezo|arranco|comenzo)\b", "started"),
        (r"\b(?:cogio|alcanzo(?! a (?:correr|jalar|durar)\b)|llego a)\b", "reached"),
        (r"\b(?:se hizo|se corrio|se ejecuto)\b", "ran"),
        (r"\bsalieron\b|\bsalio\b", "came out"),
        (r"\blo que diga\b", "what says"),
        (r"\btuvo\b", "had"),
        (r"\biba sacando\b|\bsacaba\b", "was doing"),
        # Mexico's and the rest of Latin America's turns: "en la mañana" (this morning), "cuánto alcanzó a
        # correr" (how long did it run), "se fue" (took), "se estaba comiendo" (was using), "¿a qué hora fue
        # eso?" (at what time was that), "qué lr me recomiendas" (advice)
        (r"\ben la manana\b", "this morning"),
        (r"\ben la tarde\b", "this afternoon"),
        (r"\ben la noche\b", "last night"),
        (r"\bcuanto alcanzo a (?:correr|jalar|durar)\b", "how long did it run"),
        (r"\balcanzo a (?:correr|jalar)\b", "did it run"),
        (r"\bantes de (?:morir|morirse|tronar|caerse|fallar)\b", "before it died"),
        (r"\bcuanto tiempo se (?:fue|llevo|tardo)\b", "how long did it take"),
        (r"\bcontando (?:los|las) (?:reintentos|intentos)\b", "with all its attempts"),
        (r"\bse estaba comiendo\b|\bse esta comiendo\b|\bse comia\b", "was using"),
        (r"\bmientras (?:corria|corrio|corre)\b", "while it ran"),
        (r"\b(?:fue|era) eso\b", "was that"),
        (r"\bcon que (\w+) (?:era|fue|corrio)\b", r"which \1 was"),
        (r"\b(?:ese|esa)\s*(?=[?.!]|$)", "that one"),
        (r"\b(?:eso|ese|esa)\b", "that"),
        (r"\bque (.{1,30}?) me recomiendas\b", r"what \1 do you recommend"),
        (r"\bme recomiendas\b", "do you recommend"),
        (r"\bnecesito saber\b|\bquiero saber\b", "i want to know"),
        (r"\bpa mi reporte\b|\bpara mi reporte\b|\bpa mi tarea\b", "for my write-up"),
        (r"\barriba del?\b", "above"),
        (r"\bmaxima\b", "max"),
        (r"\bminima\b", "min"),
        (r"\bestaba\b", "was"),
        # a subject Spanish leaves in the verb is "it" ("¿qué job era?": which job was it; "cuánto rato estuvo
        # corriendo": how long was it running)
        (r"\b(?:fue|era)\s*(?=[?.!]|$)", "was it"),
        (r"\bestuvo (corriendo|funcionando|trabajando|esperando)\b", r"was it \1"),
        (r"\blo intento\b", "did it try"),
        (r"\b(?:esta|estan) (?:gastando|consumiendo|tirando)\b", "is it drawing"),
        (r"\b(?:gastando|consumiendo)\b", "drawing"),
        # a request to write: "¿me puede escribir un correo ...?"
        (
            r"\b(?:me |nos )?(?:puede|puedes|podria|podrias|pueden) (?:escribir|redactar)(?:me|nos)?\b",
            "can you write",
        ),
        (r"\b(?:escribame|escribeme|redacteme|redactame)\b", "write me"),
        (r"\bcorreo(?: electronico)?\b|\bemail\b", "email"),
        # questions
        (r"\bpor que no (?:arranca|empieza|inicia|corre)\s+(.+?)(\s*[?.!]*)$", r"why is \1 not starting\2"),
        (r"^(\s*)(?:por que|porque)\b", r"\1why"),
        (r"\bpor que\b", "why"),
        (r"\ba que hora\b", "at what time"),
        (r"\bdesde cuando\b", "since when"),
        (r"\bcuanto tiempo\b", "how long"),
        (r"\bcuanto (?:se )?(?:tardo|demoro|duro)\b", "how long did it take"),
        (r"\bcuanto (?:corrio|estuvo corriendo)\b", "how long did it run"),
        (r"\bcuanto lleva\b", "how long has it been"),
        (r"\bque tan\b", "how"),
        (r"\bcuantas veces\b", "how many times"),
        (r"\bcuant[oa]s\b", "how many"),
        (r"\bcuant[oa]\b", "how much"),
        (r"\bcual(?:es)?\b", "which"),
        (r"\bquien(?:es)?\b", "who"),
        (r"\bdonde\b", "where"),
        (r"\bcuando\b", "when"),
        (r"\bcomo le (?:fue|va) (?:al?|a la|a los|a las)\s+(.+?)(\s*[?.!]*)$", r"how did the \1 go\2"),
        (r"\bque onda con\b", "what's up with"),
        (r"\bcomo (?:va|esta|anda)\s+(.+?)(\s*[?.!]*)$", r"how is \1 doing\2"),
        (r"\bcomo va\b", "how is"),
        (r"\bcomo\b", "how"),
        (r"\ben que (\w+) va\b", r"at which \1 is it"),
        (r"\b(?:el|la|lo) que\b", "the one that"),
        (r"(^|[,;.?!]\s*|\by\s+|\bo\s+)que\b", r"\1what"),
        (r"\bque\b", "that"),
        # times and spans
        (r"\b(?:la )?ultima hora\b", "the last hour"),
        (r"\b(?:las )?ultimas (\d+) horas\b", r"the last \1 hours"),
        (r"\bdesde (?:las?|el)\b", "since"),
        (r"\bdesde\b", "since"),
        (r"\bhasta (?:las?|el)\b", "until"),
        (r"\besta manana\b", "this morning"),
        (r"\besta tarde\b", "this afternoon"),
        (r"\ben ese momento\b|\ba esa hora\b", "then"),
        (r"\bhoy\b", "today"),
        (r"\bayer\b", "yesterday"),
        (r"\banoche\b", "last night"),
        (r"\bahor(?:a|ita)(?: mismo)?\b", "now"),
        (r"\bfinde\b", "weekend"),
        # how much and which way
        (r"\barriba de\b|\bpor encima de\b|\bmas de\b", "above"),
        (r"\babajo de\b|\bpor debajo de\b|\bmenos de\b", "below"),
        (r"\b(?:lo|el) maximo\b", "the max"),
        (r"\bmaximo\b", "max"),
        (r"\b(?:lo|el) minimo\b", "the min"),
        (r"\bminimo\b", "min"),
        (r"\ben promedio\b|\bpromedio\b", "on average"),
        (r"\bpico\b", "peak"),
        (r"\bmas ocupad[ao]s?\b", "busiest"),
        (r"\bse calento mas\b|\bmas calient[e]s?\b", "was hottest"),
        (r"\bmas\b", "more"),
        # what happened
        (r"\b(?:se )?(?:rompio|trono|fallo|fallaron)\b", "failed"),
        (r"\b(?:ya )?(?:termino|terminaron|acabo)\b", "finished"),
        (r"\bno arranca\b|\bno empieza\b", "is not starting"),
        (r"\b(?:arranca|empieza)\b", "start"),
        (r"\b(?:corre|corriendo)\b", "running"),
        (r"\b(?:corria|corrio)\b", "ran"),
        (r"\bse calento\b", "got hot"),
        (r"\bcalientes?\b", "hot"),
        (r"\b(\w+?)e?ando\b", r"\1ing"),  # Spanglish gerunds: "throttleando", "loggeando"
        (r"\bse puso\b", "got"),
        (r"\b(?:se )?(?:gasto|consumio|comio|llevo)\b", "used"),
        (r"\btrabajo\b", "did it work"),
        (r"\b(?:lo )?intento\b", "tried"),
        (r"\bqueria pedir\b", "did it try to allocate"),
        (r"\bpidio\b", "asked for"),
        (r"\b(?:la )?lleno\b", "filled"),
        (r"\b(?:lo )?mato\b", "killed"),
        (r"\bpaso\b", "happened"),
        (r"\bdice\b", "says"),
        (r"\bhay\b", "is there"),
        (r"\bsigue\b", "still"),
        (r"\besperando\b", "waiting"),
        (r"\bestuvo\b", "was"),
        (r"\b(?:esta|estan)\b", "is"),
        (r"\b(?:fue|era)\b", "was"),
        (r"\btiene\b", "has"),
        (r"\busando\b", "using"),
        (r"\bhaciendo\b", "doing"),
        (r"\balgo\b", "anything"),
        (r"\bnada\b", "nothing"),
        (r"\basi\b", "like that"),
        # things
        (r"\bmemoria\b", "memory"),
        (r"\benergia\b", "energy"),
        (r"\bluz\b", "electricity"),
        (r"\bcola\b", "queue"),
        (r"\btiempo\b", "time"),
        (r"\bveces\b", "times"),
        (r"\bresultados\b", "results"),
        (r"\btarjetas\b", "cards"),
        (r"\btarjeta\b", "card"),
        (r"\bmomento\b", "moment"),
        (r"\btemperatura\b", "temperature"),
        (r"\b(?:potencia|consumo)\b", "power"),
        (r"\buso\b", "utilization"),
        (r"\bhoras\b", "hours"),
        (r"\bminutos\b", "minutes"),
        (r"\b(?:entero|completo)\b", "whole"),
        (r"\blas dos\b|\blos dos\b|\bambas\b|\bambos\b", "both"),
        (r"\bcuesta\b", "cost"),
        (r"\bchiste\b", "joke"),
        (r"\bdiferencia entre\b", "difference between"),
        (r"\brapido\b", "quick"),
        # requests (a pronoun joined to the verb is "it": "sueltalo", "cancelalo")
        (r"\b(cancel|paus|suelt|liber|reanud|reintent|relanz|mat)(?:a|e)lo\b", r"\1a it"),
        (r"\bcancel(?:a|ar)\b", "cancel"),
        (r"\bpaus(?:a|ar)\b", "pause"),
        (r"\b(?:suelta|libera|liberar)\b", "release"),
        (r"\breanud(?:a|ar)\b", "resume"),
        (r"\b(?:reintent(?:a|ar)|relanz(?:a|ar))\b", "retry"),
        (r"\bmata\b", "kill"),
        (r"\bponle\b", "give"),
        (r"\bprioridad\b", "priority"),
        (r"\bdame\b", "give me"),
        (r"\bcuentame\b", "tell me"),
        (r"\b(?:quiero|necesito)\b", "i want"),
        (r"\b(?:puedes|podrias)\b", "can you"),
        (r"\b(?:porfa|por favor)\b", "please"),
        (r"\bgracias\b", "thanks"),
        (r"\bun rato\b", "for a while"),
        # "el 12", "al 12": a job by its number (not "el 90%")
        (
            r"\b(el|al|del) #?(\d{1,4})\b(?!\s*(?:%|w\b|gb|gib|mib|°|c\b|de\b|of\b|[.:]\d))",
            lambda m: {"el": "", "al": "to ", "del": "of "}[m[1].lower()] + f"job {m[2]}",
        ),
        # function words
        (r"\bal\b", "to the"),
        (r"\bdel\b", "of the"),
        (r"\b(?:el|la|los|las)\b", "the"),
        (r"\bde\b", "of"),
        (r"\ben\b", "in"),
        (r"\b(?:pa|para)\b", "for"),
        (r"\bcon\b", "with"),
        (r"\bsin\b", "without"),
        (r"\by\b", "and"),
        (r"\bo\b", "or"),
        (r"\b(?:lo|le)\b", "it"),
        (r"\bse\b\s*", ""),
    )
)


def _spanish(text: str) -> str:
    """``text`` read in English where it is Spanish (:data:`_SPANISH_MARK`); else as it was, but for what is
    said in passing in any message: "oye" first asks nothing, and an article before a card or a job ("what
    was running on la H100", "el job 11") is "the"."""
    text = re.sub(r"^\s*(?:oye|oiga|mira)\b[,!]?\s*", "", text, flags=re.I)
    text = re.sub(
        r"\b(?:la|el|los|las)\s+(?=(?:h100|h200|a100|4090|gpus?|cards?|tarjetas?|jobs?|queue)\b)",
        "the ",
        text,
        flags=re.I,
    )
    plain = text.translate(_UNACCENTED)
    if not _SPANISH_MARK.search(text) and not _SPANISH_MARK.search(plain):
        return text
    return _translated(plain, _SPANISH)


# Portuguese (Brazil's), read only in a message that has marks of its own (a nasal vowel or a cedilla, or one
# of its own words): the words the assistant reads, in English ("quanta energia a H100 gastou hoje" is "how
# much energy the H100 used today"); what Spanish shares with it is read by _SPANISH after
_PORTUGUESE_MARK = re.compile(
    r"[ãõç]|\b(?:hoje|ontem|agora|quanto|quanta|quantos|quantas|quem|placas?|fila|valeu|k{3,}|nao|vc|voce"
    r"|ventoinha|nessa|nesse|liberta|cancela-o|relanca|tenta|esteve|arrancar|percentagem|estava|prioridade"
    r"|tava|estava|rodou|rodando|rodar|tentou|gastou|consumiu|esquentou|ociosa|ocioso|falhou"
    r"|terminou|durou|comecou|esperando|esperou|libera|segura|dela|dele|entao|pra|pro|isso|nessa|essa|esse"
    r"|utilizacao|graus|somando|desistir|deu pau|meio dia|beleza|tambem"
    r"|que horas|parad[oa]|livre|outr[oa]|morr\w+|de novo|roda|nada a ver|pergunta|ajuda|deixa"
    r"|aconteceu)\b",
    re.I,
)
_PORTUGUESE_UNACCENTED = str.maketrans("ãõçâêôàáéíóúüÃÕÇÂÊÔÀÁÉÍÓÚÜ", "aocaeoaaeiouuAOCAEOAAEIOUU")
_PORTUGUESE = tuple(
    (re.compile(pattern, re.I), english)
    for pattern, english in (
        # what asks nothing: laughter, a greeting, thanks
        (r"\bk{3,}\b", ""),
        (r"^\s*(?:oi|ola|e ai|fala)\b[,!]*\s*", ""),
        (r"\b(?:valeu|obrigad[oa])\b", "thanks"),
        (r"\b(?:pf|pfv|por favor)\b", "please"),
        (r"^\s*(?:nossa|eita|poxa|beleza)\b[.,!]*\s*", ""),
        (r"\bpergunta nada a ver\b|\bnada a ver\b", "unrelated question"),
        # Portugal's Portuguese: "está a correr" (is running), "a ventoinha" (the fan), "nessa hora" (then),
        # "tenta outra vez" (retry), "cancela-o", "liberta-o", "sobe a prioridade ... para 10", "troca a
        # posição de X na fila com a de Y" (switch them), "se faz favor" (please)
        (r"\bse faz favor\b", "please"),
        (r"\bpergunta a parte\b|\bem termos gerais\b", "in general"),
        (r"\bescreve-me\b", "write me"),
        (
            r"\b(?:esta|estava|estao|estavam) a (correr|esperar|usar|gastar)\b",
            lambda m: {"correr": "running", "esperar": "waiting", "usar": "using", "gastar": "using"}[
                m[1].lower()
            ],
        ),
        (r"\bestar a correr\b|\ba correr\b", "running"),
        (r"\besteve a espera\b|\besteve em espera\b", "waited"),
        (r"\ba espera\b", "waiting"),
        (r"\bantes de arrancar\b|\bantes de comecar\b", "before it started"),
        (r"\bnessa hora\b|\bnesse momento\b|\bnessa altura\b|\bnaquele momento\b", "then"),
        (r"\bnesse (?:periodo|intervalo)\b|\bnesse dia\b", "in that span"),
        (
            r"\bentre as (\d{1,2})h(\d{2})? e o meio-dia\b",
            lambda m: f"between {m[1]}:{m[2] or '00'} and noon",
        ),
        (r"\bmeio-dia\b", "noon"),
        (r"\bventoinhas?\b", "fan"),
        (r"\bpercentagem\b", "percent"),
        (r"\bdessa placa\b|\bdesta placa\b", "of that card"),
        (r"\bde quem era o job\b", "which job was"),
        (r"\bque job era esse\b|\bque job era\b", "which job was that"),
        (r"\btenta (?:outra vez|de novo|novamente)\b|\brelanca\b", "retry"),
        (r"\bcancela-o\b|\bcancela-a\b", "cancel it"),
        (r"\bliberta-o\b|\bliberta-a\b|\bliberta\b", "release it"),
        (r"\bsuspende-o\b|\bpausa-o\b", "pause it"),
        (r"\bsobe a prioridade d[oa] (.{1,40}?) para (\d+)\b", r"set the priority of \1 to \2"),
        (r"\btroca a posicao d[oa] (\S+) na fila com a d[oa] (\S+)", r"switch \1 and \2"),
        (r"\bcada uma\b|\bcada um\b", "each"),
        (r"\bclock dos sms\b", "sm clock"),
        (r"\besse elemento\b|\besse job\b", "that one"),
        # questions
        (r"\bdesde que horas\b|\bdesde quando\b", "since when"),
        (r"\b(?:a )?que horas\b", "at what time"),
        (r"\b(?:por que|porque|pq)\b", "why"),
        (r"\bquantas vezes\b", "how many times"),
        (r"\bquanto tempo\b", "how long"),
        (r"\bdurou quanto\b|\bquanto durou\b", "how long did it last"),
        (r"\bquant[oa] de\b", "how much"),
        (r"\bquant[oa]s\b", "how many"),
        (r"\bquant[oa]\b", "how much"),
        (r"\bqual das duas placas\b", "which of the two cards"),
        (r"\b(?:qual|quais)\b", "which"),
        (r"\bquem\b", "who"),
        (r"\bo que\b", "what"),
        (r"\bem que\b", "at which"),
        # times and spans
        (r"\bate agora\b", "so far"),
        (r"\bhoje\b", "today"),
        (r"\bontem (?:a|de) noite\b", "last night"),
        (r"\bontem\b", "yesterday"),
        (r"\b(?:hoje a noite|esta noite)\b", "tonight"),
        (r"\bagora\b", "now"),
        (r"\bnessa hora\b|\bnaquela hora\b|\bnesse momento\b", "at that time"),
        (r"\b(?:umas|lá pelas|por volta das|as)\s+(?=\d)", "at "),
        (r"\bdesde as\b|\bdesde\b", "since"),
        (r"\bdas (?=\d)", "from "),
        (r"\b(?:ao|as|ate)\s+(?=meio dia|\d)", "to "),
        (r"\bmeio[\s-]dia\b", "noon"),
        (r"\bmeia[\s-]noite\b", "midnight"),
        (r"\bno total\b", "in total"),
        # readings and what they did
        (r"\b(?:a )?temp(?:eratura)? maxima\b", "the max temperature"),
        (r"\btemperatu?ra\b", "temperature"),
        (r"\bmaxima\b", "max"),
        (r"\bminima\b", "min"),
        (r"\bmedia\b", "mean"),
        (r"\bpico\b", "peak"),
        (r"\bpotencia\b", "power"),
        (r"\bmemoria\b", "memory"),
        (r"\benergia\b", "energy"),
        (r"\butilizacao\b", "utilization"),
        (r"\bgraus\b", "degrees"),
        (r"\bacima de\b", "above"),
        (r"\babaixo de\b", "below"),
        (r"\besquentou mais\b", "got hotter"),
        (r"\besquentou\b", "heated up"),
        (r"\b(?:gastou|consumiu|usou)\b", "used"),
        (r"\b(?:ociosa|ocioso|parada|parado)\b", "idle"),
        (r"\blivre\b", "free"),
        (r"\bsendo usad[oa]\b", "being used"),
        (r"\busando\b", "using"),
        (r"\busad[oa]\b", "used"),
        (r"\brodando\b", "running"),
        (r"\brodou\b", "ran"),
        (r"\b(?:comecou|iniciou) a trabalhar\b", "started working"),
        (r"\bcomecou\b", "started"),
        (r"\btentou\b", "tried"),
        (r"\btentativas\b", "attempts"),
        (r"\btentativa\b", "attempt"),
        (r"\bsomando todas as attempts\b", "over all its attempts"),
        (r"\bentre uma attempt e outra\b", "between attempts"),
        (r"\bantes de desistir\b", "before giving up"),
        (r"\bantes de morrer\b", "before it died"),
        (r"\besperando\b", "waiting"),
        (r"\besperou\b", "waited"),
        (r"\bfalhou\b|\bdeu pau\b|\bmorreu\b", "failed"),
        (r"\bterminou\b", "finished"),
        (r"\baconteceu\b", "happened"),
        (r"\bne\b[,?]?", ""),
        (r"\bvezes\b", "times"),
        (r"\bo log diz\b", "the log says"),
        (r"\bdiz\b", "says"),
        # requests ("roda X de novo", "manda ele de novo": run it again)
        (r"(^|[,;.!?]\s*)(?:roda|rode|manda|mande) (?:o |a )?(.*?)\s*de novo\b", r"\1retry \2"),
        (r"\brodar\b", "run"),
        (r"\bsegura\b", "hold"),
        (r"\blibera\b", "release"),
        (r"\bcancela\b", "cancel"),
        (r"\bpausa\b", "pause"),
        (r"\bde novo\b", "again"),
        (r"\bconta uma piada\b", "tell a joke"),
        (r"\b(?:vc|voce) recomenda\b", "do you recommend"),
        (r"\b(?:queria|quero|preciso)\b", "i want to"),
        # the rest: "tá", "ele", "dela", the articles and prepositions
        (r"\b(?:ta|esta)\b", "is"),
        (r"\b(?:tava|estava)\b", "was"),
        (r"\bficou\b", "was"),
        (r"\bfoi\b", "was"),
        (r"\b(?:ele|ela)\b", "it"),
        (r"\b(?:dele|dela)\b", "its"),
        (r"\b(?:esse|essa|este|isso)\b", "that"),
        (r"\bas duas\b|\bos dois\b|\bambas\b", "both"),
        (r"\bduas\b", "two"),
        (r"\boutr[oa]s?\b", "other"),
        (r"\bplacas\b", "cards"),
        (r"\bplaca\b", "card"),
        (r"\bfila\b", "queue"),
        (r"\bmeu\b|\bminha\b", "my"),
        (r"\bmais\b", "more"),
        (r"\b(?:so|somente)\b", "only"),
        (r"\b(?:entao|tambem|mesmo|ai)\b", ""),
        (r"\bja\b", "already"),
        (r"\bdiminui\b", "lowered"),
        (r"\bnao\b", "not"),
        (r"\bou\b", "or"),
        (r"\bcom\b", "with"),
        (r"\b(?:pra|pro|para)\b", "for"),
        (r"\b(?:do|da|dos|das)\b", "of the"),
        (r"\b(?:no|na|nos|nas)\b", "in the"),
        (r"\bem\b", "in"),
        (r"\b(?:um|uma)\b", "a"),
        (r"\b(?:o|a|os|as)\b", "the"),
        (r"\bde\b", "of"),
        (r"(^|[,;.?!:]\s*)e\b", r"\1and"),
        (r"\be\b", "and"),
        (r"\bque\b", "that"),
    )
)


def _portuguese(text: str) -> str:
    """``text`` read in English where it is Portuguese (:data:`_PORTUGUESE_MARK`); else as it was."""
    plain = text.translate(_PORTUGUESE_UNACCENTED)
    if not _PORTUGUESE_MARK.search(plain):
        return text
    return re.sub(r"[ \t]{2,}", " ", _translated(plain, _PORTUGUESE)).strip()


def _um(m: re.Match[str]) -> str:
    """ "um 11:10" at 11:10, "um 14 Uhr" at 14:00 (a bare "um 5" is the English "um": kept)."""
    if m[2] is None and "uhr" not in m[0].lower():
        return m[0]
    return f"at {m[1]}:{m[2] or '00'}"


# Nigerian Pidgin's function words, read only in a message that has one of its own (an English "e", "am",
# "don", "be" or "chop" stays as it was): "wetin e print before e crash" is "what it print before it crash"
_PIDGIN_MARK = re.compile(
    r"\b(?:wetin|dey|abeg|nko|sef|abi|wahala|oya|sabi|una|dem|wey|na\s+(?:which|who|wetin|why|how))\b"
    r"|(?<![\w.'-])e(?![\w.'-])"
    r"|\b(?:what|which|who|when|where)(?:\s+\w+)?\s+be\s+(?:that|this|it|the|am)\b",  # "what time be that"
    re.I,
)
_PIDGIN_ING = (
    "run|use|hold|wait|spin|do|happen|work|burn|train|go|load|draw|print|finish|start|crash|chop|eat"
)
_PIDGIN = (
    (r"\bdey\s+(" + _PIDGIN_ING + r")\b", lambda m: "is " + _ing(m[1])),  # "which job dey run": is running
    # the past unmarked in a question: "wetin e print before e crash", "what time e hit am", "how long e run"
    (
        r"(^|[.?!,;:]\s*|\b(?:and|so|ok|then)\s+)(wetin|what|when|why|where|which|how)((?:\s+[a-z0-9-]+){0,2}?)"
        r"\s+e\s+(?!(?:be|go|dey|don|still|no|never|fit)\b)([a-z]+)\b",
        r"\1\2\3 did it \4",
    ),
    (r"\bwetin\s+be\b", "what is"),
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
)
_PIDGIN_READ = tuple((re.compile(pattern, re.I), repl) for pattern, repl in _PIDGIN)  # compiled once


def _ing(verb: str) -> str:
    """A verb's -ing form ("run" running, "use" using)."""
    if verb.endswith("e"):
        return verb[:-1] + "ing"
    if verb in ("run", "spin"):
        return verb + verb[-1] + "ing"
    return verb + "ing"


def pidgin_read(text: str) -> str:
    """A Pidgin-English message in the English words its function words stand for (see :data:`_PIDGIN`)."""
    if not _PIDGIN_MARK.search(text):
        return text
    for pattern, repl in _PIDGIN_READ:
        text = pattern.sub(repl, text)
    return re.sub(r"\s{2,}", " ", text).strip()
