"""Czech read in English: Czech written whole, or mixed with English words of the trade, as Prague types it on
a chat (mostly without its diacritics: "co ted bezi na gpu?", "proc spadlo sd-xl-train", "kolik pameti je
zabrano na H100"), where the message has marks of its own: English verbs given Czech endings ("pauzni",
"retryni", "failnul"), a card's model in its cases ("na 4090ce", "ta H100ka"), "pust ho" (let it go: resumed,
released or run again by what the job is in). Its short words are others' ("co" and "to" Polish's, "na"
Polish's and Swahili's, "a" Portuguese's, "ta" Bengali's, "ne" Turkish's): they are read only beside a word
of Czech's own."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import (
    INFLECTED_MODEL,
    Lean,
    compiled,
    english_verb,
    ing_form,
    marked_unaccented,
    past_form,
    read_unaccented,
)

# each Czech letter with a diacritic, and the plain letter a writer typing fast puts for it ("běží" and
# "bezi", "průměrná" and "prumerna" are one word)
_UNACCENTED = str.maketrans("áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ", "acdeeinorstuuyz" + "ACDEEINORSTUUYZ")

# the English verbs a writer gives a Czech ending ("pauzni" pause, "retryni" retry, "failnul" failed,
# "updatnout" update, "restartuj" restart, "resetni" reset): the English verb
VERB_STEM = (
    "fail|crash|restart|cancel|kill|retry|rerun|pauz|paus|resum|releas|hold|submit|reboot|updat|upgrad|start"
    "|deploy|reset"
)


def _english_verb(m: re.Match[str]) -> str:
    """An English verb with a Czech ending, in English: "pauzni" pause, "failnul" failed, "restartuje" is
    restarting."""
    verb = english_verb(m[1])
    ending = m[2].lower()
    if ending.startswith("nul") or ending.startswith("oval"):
        return past_form(verb)
    if ending in ("uje", "ujou"):
        return f"is {ing_form(verb)}"
    return verb


# a message is Czech where it has a letter only Czech has (ě ř ů) or one of its own words, read without
# diacritics; none of them another language's word once its diacritics are dropped (Polish's "jaka", "jak",
# "rano", "karte", "byl", "procesy", "jobem", "nad"; English's "proc" of /proc, "ted"; German's "Grafik":
# those are read only beside a word of Czech's own)
CZECH_MARK = re.compile(
    r"[ěřůĚŘŮ]|\b(?:"
    r"kolik\w*|kdy|ktery|kterej|ktera|ktere|kteri|kterou|kterem|jaky|jakej|jakou|vcera\w*|vcerejs\w*|dnes"
    r"|dneska|dnesni\w*|zitra|bezi|bezej\w*|bezel\w*|nebezi\w*|nebezel\w*|ceka|cekaj\w*|cekal\w*|spadl\w*"
    r"|umrel\w*|selhal\w*|pokusu|pokusy|pokusech|celkem|prumer\w*|nejvyss\w*|nejniz\w*|spick\w*|karet"
    r"|kartach|kartou|teplot\w*|stupnu|stupne|spotreb\w*|prikon\w*|pamet\w*|zabran\w*|utilizace"
    r"|vytizeni|vyuziti|zrus\w*|spust\w*|nespousti|pust|pozdrz\w*|podrz\w*|pozastav\w*|pokracuj\w*"
    r"|prioritu|presun\w*|zvys|prosim|diky|dekuju|nevis|myslel\w*|jsem|jsou|neni|melo|trval\w*"
    r"|fronte|fronty|frontu|fronta|jobu|zere|sezral\w*|klidu|hodiny|hodinu|posledni|zatim|tehdy|dlouho"
    r"|casu|obou|obe|druhy|druha|druhou|druhe|mezi|vecer|odpoledne|dopoledne|porovnej|ukaz|napis"
    r"|doporuc\w*|pocasi|jinak|potrebuju|chvili|nejak\w*|nechci|znovu"
    r"|vytizen\w*|pametov\w*|vetrak\w*|pokazil\w*|jede|nejede|presne|znova|zpatky|vyssi|nizsi|nastav|celou"
    r"|celej|jednu|zacal\w*|skoncil\w*|dopadl\w*"
    # free and hot in their genders ("volná", "horký"; Slovak's free is "voľná", read as Czech's too)
    r"|voln(?:a|y|e|o|ou|ej|ych)|hork(?:a|y|e|ou|ej|ych)"
    # "co (je) se sweepem" (what about the sweep): "s"/"se" before a noun in its instrumental, asked with
    # "co" (Polish asks "co z")
    r"|co\s+(?:je\s+|bude\s+)?se?\s+[\w.-]+(?:em|ou|ami|emi)"
    # "co se (tam / s tim) stalo" (what happened there / with it): Polish says "co sie stalo", so "stalo"
    # alone is no mark
    r"|co\s+se\s+(?:(?:tam|s\s+(?:nim|tim|ni|nimi))\s+)?stal[oa]?"
    # an English verb given a Czech ending ("pauzni", "retryni", "failnul", "updatnout")
    rf"|(?:{VERB_STEM})(?:ni|nete|nout|nul|nula|nulo|nuli|nuly)"
    r")(?!\w)",
    re.I,
)

CZECH = compiled(
    (
        # English verbs given a Czech ending: the imperative ("pauzni", "retrynete", "restartuj"), the
        # infinitive ("updatnout"), the past ("failnul", "restartoval"), the present ("restartuje")
        (
            rf"\b({VERB_STEM})(ni|nete|nout|nut|nul|nula|nulo|nuli|nuly|uj|ujte|ovat|oval|ovala|ovalo|ovali|ovaly"
            r"|uje|ujou)\b",
            _english_verb,
        ),
        # a card by its model in its cases ("ta 4090ka", "na H100ce"), and "ta/ty/tu" said before it: the card
        INFLECTED_MODEL,
        (r"\b(?:ten|ta|to|ty|tu|te|tou|tech)\s+(?=(?:[a-z]{1,3}\d{2,4}|\d{4})\b)", "the "),
        # "a ten 9?" (and that 9): the thing talked about by its number, as English's "and the 9?"
        (r"\bten\s+(?=\d{1,3}\b)", "the "),
        # requests: "zrus ho" (cancel it), "spust ho znovu" (retry it), "pozdrz 12" (hold), "pust ho do
        # fronty" / "uvolni" (release), "pozastav" (pause), "pust ho dal" / "pokracuj" / "obnov" (resume),
        # "dej X prioritu 10", "zvys prioritu jobu 13", "presun X na zacatek"
        # the pronoun said before its verb ("tak ho zrus", "pak ho zase pust dal", "tak mu dej jednu kartu"):
        # the verb first
        (
            r"\b(ho|mu)\s+(?:(zase|znovu|znova)\s+)?(zrus\w*|pozdrz\w*|podrz\w*|pozastav\w*|uvolni|pust\w*"
            r"|spust\w*|zkus|dej|dejte|nastav|zmen|cancel|kill|pause|resume|retry|rerun|release|hold|restart"
            r"|start)\b",
            lambda m: f"{m[3]} {m[1]} {m[2] or ''}",
        ),
        (
            r"\b(?:spust|spustit)\s+((?:\S+\s+){0,2}?)(?:znovu|znova|zase|jeste jednou|od zacatku)\b",
            r"retry \1",
        ),
        (r"\b(?:restartuj|zopakuj)\b", "retry"),
        # "zkus ho znovu / jeste jednou / jeste raz" (try it again): retry
        (
            r"\bzkus(?:te)?\s+((?:\S+\s+){0,2}?)(?:znovu|znova|zase|jeste jednou|jeste raz)\b",
            r"retry \1",
        ),
        (r"\b(?:pust|pustit)\s+((?:\S+\s+){0,2}?)do fronty\b|\buvolni\b", r"release \1"),
        (r"\bpokracuj\w*\b|\bobnov\b", "resume"),
        # "pust ho" (let it go), "pust ho zpatky / zas / znova / dal": by what the job or queue is in, a
        # paused one resumed, a held one released, an ended one run again (acts' "goagain")
        (
            r"\b(?:pust|pustte|pustit)\s+((?:\S+\s+){0,2}?)"
            r"(?:znovu|znova|zase|zas|zpatky|zpet|nazpet|dal|dale|jeste jednou)\b",
            r"goagain \1",
        ),
        (r"\b(?:pust|pustte|pustit)\b", "goagain"),
        # "hod / dej job 12 na hold" (put it on hold), "sundej ho z holdu" (take it off hold)
        (r"\b(?:hod|hodni|hodte|dej|dejte|dat|posli)\s+(.{1,30}?)\s+na hold\b", r"put \1 on hold"),
        (r"\b(?:sundej|sundat|vytahni|dej|hod)\s+(.{1,30}?)\s+z holdu\b", r"take \1 off hold"),
        (r"\bzrus(?:it|te)?\b|\bzabij\b", "cancel"),
        (r"\b(?:pozdrz|podrz)(?:te|et)?\b", "hold"),
        (r"\bhodn(?:i|ete)\b", "hold"),  # "hodni job 12" (English's hold, its l dropped, given "-ni")
        (r"\bpozastav(?:it|te)?\b", "pause"),
        (
            r"\b(?:dej|nastav|zmen)\s+(.{1,30}?)\s+(?:(?:vyssi|nizsi|vetsi|mensi|jinou)\s+)?prioritu,?\s+"
            r"(?:(?:na|treba|tak|asi|rekneme|tipuju)\s+)*(\d+)\b"
            r"|\b(?:dej|nastav|zmen)\s+prioritu\s+(.{1,30}?)\s+na\s+(\d+)\b",
            lambda m: f"set the priority of {m[1] or m[3]} to {m[2] or m[4]}",
        ),
        (
            r"\b(?:zvys|zvedni)\s+prioritu\s+(.{1,30}?)(?=\s*[?.!,]|\s+prosim\b|\s*$)"
            r"|\bdej\s+(.{1,30}?)\s+vyssi prioritu\b"
            r"|\bpresun\s+(.{1,30}?)\s+na (?:zacatek|zacatek fronty|dopredu)\b",
            lambda m: f"bump the priority of {m[1] or m[2] or m[3]}",
        ),
        (r"\bpriorit(?:a|u|y)\b", "priority"),
        # the job in its cases ("jobu 9", "jobem 12", "joby"); "ten job co bezi" (the job that runs)
        (r"\bjob(?:u|em|y|ech|um)\b", lambda m: "jobs" if m[0].lower() == "joby" else "job"),
        (r"\b(?:ten|ta|to)\s+(job|karta|kartu|gpu)\s+co\b", r"the \1 that"),
        # "ten" in its cases before the job ("s tim jobem", "toho jobu"): that job (read after "ten job co":
        # the job that)
        (r"\b(?:ten|toho|tomu|tom|tim)\s+(?=job\b)", "that "),
        # "log toho, co spadl" (the log of the one that failed), "ten, co bezi" (the one that runs)
        (r"\btoho,?\s+co\b", "of the one that"),
        (r"\bten,?\s+co\b", "the one that"),
        # the questions that ask what ran at a moment just named ("co tam tehdy bezelo", "ktery job to byl",
        # "co to bylo za job")
        (
            r"\bco (?:tam )?(?:tehdy |v tu dobu )?bezelo\b|\bktery job to byl\b|\bco to bylo za job\b"
            r"|\bco to bylo\b",
            "which job was running then",
        ),
        # "co se (tam) pokazilo" (what went wrong there), "co se stalo" (what happened)
        (
            r"\bco se\s+(?:(tam|s nim|s tim)\s+)?(?:pokazil[oa]?|posral[oa]?|podelal[oa]?|nepovedl[oa]?)\b",
            lambda m: "what went wrong" + (" there" if m[1] == "tam" else " with it" if m[1] else ""),
        ),
        (
            r"\bco se\s+(?:(tam|s nim|s tim|s ni|s nimi)\s+)?stal[oa]?\b",
            lambda m: "what happened" + (" there" if m[1] == "tam" else " with it" if m[1] else ""),
        ),
        (r"\b(?:pokazil|posral|nepovedl)[oa]?\b", "went wrong"),
        # "nastav mu memory na 40000 MiB" (set its memory to ...), "zmen jobu 13 gpu na 1": a setting given a
        # value (the priority's own words are read above)
        (
            r"\b(?:nastav|zmen)(?:te)?\s+(?:(mu|jej|ji)\s+)?(.{1,30}?)\s+na\s+(-?\d)",
            lambda m: f"set {'its ' if m[1] else ''}{m[2]} to {m[3]}",
        ),
        # "proc ceka X" (why is X waiting), "proc nebezi" (why is it not running), "proc spadlo X"
        (r"\bproc\s+(?:se\s+)?nespousti\b", "why is it not starting"),
        (r"\b(?:se\s+)?(?:nespusti|nespousti|nespustil[oa]?)\b", "does not start"),
        # "na co ceka (X)" (on what does X wait): what is X waiting for
        (
            r"\bna co\s+(?:ceka|cekaj\w*)(?:\s+(job \d+|[^\s?.!,]+))?",
            lambda m: f"what is {m[1] or 'it'} waiting for",
        ),
        (r"\bproc\s+nebezi\b", "why is it not running"),
        (r"\bproc\s+ceka\s+(job \d+|\S+?)(?=[?.!,]|\s|$)", r"why is \1 waiting"),
        (
            r"\bproc\s+(?:spadl[oa]?|umrel[oa]?|selhal[oa]?|padl[oa]?)\s+(job \d+|\S+?)(?=[?.!,]|\s|$)",
            r"why did \1 fail",
        ),
        (r"\bproc\b", "why"),
        (r"\bod kdy\b", "since when"),
        # "jak dopadl X" / "X jak dopadl" (how did X turn out): how did X go
        (
            r"\bjak\s+dopadl[oa]?\s+(?:(?:ten|ta|to)\s+)?([^?.!,]{1,40}?)(?=\s*(?:[?.!,]|$))"
            r"|(?:^|(?<=\s))([^\s?.!,]+)\s+jak\s+dopadl[oa]?\b",
            lambda m: f"how did {m[1] or m[2]} go",
        ),
        (r"\bdopadl[oa]?\b", "ended"),
        # "v kolik (hodin) to spadlo" (at what time did it fail); "v kolik" at what time
        (
            r"\b(?:v kolik|kolik bylo hodin,? kdy)(?: hodin)?(?: to)?\s+"
            r"(?:spadl\w*|umrel\w*|selhal\w*|padl\w*)",
            "at what time did it fail",
        ),
        (r"\bv kolik(?: hodin)?\b", "at what time"),
        (r"\bkdy\b", "when"),
        # "kolik" is how long before idle or busy time ("kolik casu byla v klidu"), how many before attempts,
        # else how much
        (r"\bkolik\s+(?:(?:mel[oa]?|ma|mely)\s+)?pokus\w*(?:\s+mel[oa]?)?", "how many attempts did it have"),
        (r"\bjak dlouho\b|\bkolik casu\b", "how long"),
        (
            r"\bkolik\b(?=(?:\s+\S+){0,3}?\s+(?:v klidu|idle|busy|necinn\w*|bezel\w*|cekal\w*|trval\w*))",
            "how long",
        ),
        # "kolik uz to bezi" (how much already it runs): how long it has been running
        (r"\bkolik\s+uz\s+(?=(?:\S+\s+)?(?:bezi|jede|ceka|bezel\w*|cekal\w*)\b)", "how long "),
        (r"\bkolik (?=wattu|watu|gpu|kwh|wh|%|stup)", "how many "),
        (r"\bkolik\b", "how much"),
        (r"\b(?:ktery|kterej|ktera|ktere|kteri|kterou|kterem)\b", "which"),
        (r"\b(?:jaky|jakej|jaka|jake|jakou|jakem)\b", "what"),
        (r"\bco\b", "what"),
        (r"\bjak moc\b", "how much"),
        (r"\bdlouho\b", "long"),
        # "mame neco na holdu" (have we anything on hold): is anything
        (r"\bmame\s+(?:neco|nejak\w*)\b", "is anything"),
        (r"\bneco\b", "anything"),
        (r"\bv\s+jak\w*\s+stav\w*\b", "in what state"),
        (r"\bstav(?:u|e|em)?\b", "state"),
        (r"\bjak\b", "how"),
        # spans and moments: "vcera vecer" (last night), "dnes rano" (this morning), "po 6 vecer" (after
        # 18:00), "mezi 9 a 12", "za posledni hodinu", "od vcerejska"
        # "vcera po 6 vecer": after 18:00 of that day, the day said first, as English's "yesterday after
        # 18:00" (the spans read it as yesterday 18:00 to midnight)
        (
            r"\bvcera po (\d{1,2})(?::(\d\d))? (?:vecer|vecir)\b",
            lambda m: f"yesterday after {int(m[1]) % 12 + 12}:{m[2] or '00'}",
        ),
        (
            r"\bpo (\d{1,2})(?::(\d\d))? (?:vecer|vecir)\b",
            lambda m: f"after {int(m[1]) % 12 + 12}:{m[2] or '00'}",
        ),
        (r"\bvcera vecer\b|\bvcera v noci\b", "last night"),
        (r"\bvcera (?:rano|dopoledne)\b", "yesterday morning"),
        (r"\bvcera odpoledne\b", "yesterday afternoon"),
        (r"\bod vcerejska\b", "since yesterday"),
        (r"\bvcera\b|\bvcerejs\w*", "yesterday"),
        (r"\b(?:dnes|dneska) (?:rano|dopoledne)\b|\b(?:rano|dopoledne)\b", "this morning"),
        (r"\b(?:dnes|dneska) odpoledne\b|\bodpoledne\b", "this afternoon"),
        (r"\b(?:dnes|dneska) vecer\b|\bvecer\b", "this evening"),
        (r"\bdnes\b|\bdneska\b|\bdnesni\w*", "today"),
        (r"\bzitra\b", "tomorrow"),
        (r"\bted\b'?|\bnyni\b|\bmomentalne\b|\baktualne\b", "now"),
        (r"\bmezi (\d{1,2}(?::\d\d)?) a (\d{1,2}(?::\d\d)?)\b", r"between \1 and \2"),
        (r"\b(?:za|v|behem) posledni hodin[uey]\b|\bposledni hodin[ua]\b", "in the last hour"),
        (r"\bza posledni(?:ch)? (\d+) hodin\w*\b", r"in the last \1 hours"),
        (r"\bposledn\w*|\bnaposled(?:y)?\b", "last"),  # ("naposled": last, the last time)
        (r"\bzatim\b", "so far"),
        (r"\btehdy\b|\bv tu dobu\b", "then"),
        (r"\bcelkem\b", "in total"),
        (r"\bpres vsechny\b", "over all"),
        (r"\bnez se spustil[oa]?\b", "before it started"),
        # readings and what a card or job did
        (r"\bteplot(?:a|y|u|e|ou)\b", "temperature"),
        (r"\b(\d+)\s*stup(?:en|ne|nu|nich)\b", r"\1 °C"),
        (r"\bstup(?:en|ne|nu|nich)\b", "degrees"),
        (r"\bvytizen[aoyi]?\b", "utilized"),
        (r"\bvetra(?:k|ku|ky|kem|cich)\b", "fan"),
        (r"\bspotreb(?:a|u|y|e|ou)\b", "energy use"),
        (r"\bprikon(?:u|em)?\b", "power draw"),
        (r"\benergi(?:e|i)\b", "energy"),
        (r"\bpamet(?:i)?\b|\bpametov\w*", "memory"),
        (r"\b(?:utilizace|utilizaci|vytizeni|vyuziti)\b", "utilization"),
        (r"\b(?:clocky|takty|frekvence)\b", "clocks"),
        (r"\bprocesy\b", "processes"),
        (r"\bgpu[- ]hodin(?:y|a)?\b", "GPU-hours"),
        (r"\b(\d+)\s*hodin(?:y|u|a)?\b", r"\1 hours"),
        (r"\bwatt?u\b", "watts"),
        (r"\bprumer(?:n[aeyiou]\w*)?\b", "average"),
        (r"\b(?:nejvyss\w*|maximaln\w*)\b", "highest"),
        (r"\b(?:nejnizs\w*|minimaln\w*)\b", "lowest"),
        (r"\bspick(?:a|u|y)\b", "peak"),
        (r"\bpokus(?:u|y|ech)?\b", "attempts"),
        (r"\bnad\b", "above"),
        (r"\bpod\b", "below"),
        (r"\bv klidu\b|\bnecinn\w*", "idle"),
        (r"\bvoln(?:a|y|e|o|ou|ej|ych)\b", "free"),
        (r"\bhork(?:a|y|e|ou|ej|ych)\b", "hot"),
        (r"\b(?:ve|do) fronte\b|\bve fronte\b", "in the queue"),
        (r"\bfront(?:a|y|u|e)\b", "queue"),
        (r"\bv logu\b", "in the log"),
        # a line of the log ("posledni radek logu"): the log's lines
        (r"\bradek\s+logu\b", "line of the log"),
        (r"\bradky\s+logu\b", "lines of the log"),
        (r"\bradek\b", "line"),
        (r"\bradky\b", "lines"),
        (r"\blog(?:u|y)\b", "log"),
        # the cards: "na druhy karte" / "ta druha" (the other card), "obe karty" / "obou kartach" (both)
        (
            r"\b(?:na\s+)?(?:te\s+)?druh(?:y|e|a|ou)\s+kar(?:ta|te|tu|ty|tou)\b|\bta druha\b",
            "on the other card",
        ),
        (r"\bob(?:e|ou|ema)\s+(?:kar(?:ty|tach|et|tami)|gpu)\b|\bobe\b|\bobou\b", "both cards"),
        (r"\bkar(?:ta|ty|te|tu|tou|et|tach|tami)\b|\bgrafik(?:a|y|u|ou)\b", "card"),
        # verbs
        (r"\bnebezi\b|\bnejede\b", "is not running"),
        (r"\bjede\b", "is running"),
        (r"\b(?:bezi|bezej\w*)\b", "is running"),
        (r"\bbezel[oa]?\b", "ran"),
        (r"\bbezely\b", "ran"),
        (r"\b(?:ceka|cekaj\w*)\b", "is waiting"),
        (r"\bcekal[oa]?\b", "waited"),
        (r"\b(?:spadl|umrel|selhal|padl)[oaiy]?\b", "failed"),
        (r"\btrval[oa]?\b", "did it take"),
        (r"\b(?:spustil|zacal)[oa]?\b", "started"),
        (r"\bskoncil[oa]?\b", "finished"),
        (r"\b(?:zere|bere)\b", "draws"),
        (r"\b(?:spotreboval|sezral|snedl|spalil)[oa]?\b", "used"),
        (r"\bzabran[oa]?\b|\bobsazen[oa]?\b", "used"),
        (r"\bukaz(?:te)?(?: mi)?\b", "show"),
        (r"\bporovnej\b", "compare"),
        (r"\bnapis(?: mi)?\b", "write me"),
        (r"\bdoporuc(?:te)?(?: mi)?\b", "recommend me"),
        (r"\bbasnick\w*", "poem"),
        (r"\bgrafick\w+ kar\w*", "graphics cards"),
        (r"\bna chvil(?:i|ku)\b", "briefly"),
        (r"\bcel(?:ou|ej|y|a|e|eho|ym)\b", "whole"),
        (r"\bpresne\b", "exactly"),
        (r"\btreba\b", "say"),
        (r"\b(?:jen|jenom|pouze)\b", "only"),
        (r"\b(?:jednu|jeden|jedna)\b", "one"),
        (r"\b(?:dej|dejte)\b", "give"),
        (r"\bnechci\b", "I do not want"),
        (r"\bv noci\b", "at night"),
        (r"\bpocasi\b", "the weather"),
        # corrections and the small words
        (r"\bmyslel[a]? jsem\b", "I meant"),
        # a card by its number said as a noun ("jednicka" the one, "nulka" the zero): that GPU
        (r"\b(?:nul(?:a|u|k[au]))\b", "GPU 0"),
        (r"\bjednick[au]\b", "GPU 1"),
        (r"\bne,? pardon\b|\bne,? sorry\b", "no sorry"),
        (r"\bdiky\b|\bdekuju\b|\bdekuji\b", "thanks"),
        (r"\bprosim(?:te|vas)?\b", "please"),
        (r"\bhotovo\b", "done"),
        (r"\bjinak\b", "by the way"),
        (r"\bnevis\b", "do you know"),
        (r"\bpotrebuju\b", "I need"),
        (r"\bjsou\b", "are"),
        (r"\bneni\b", "is not"),
        # ("jak horká je?": the subject dropped at the question's end, as Czech drops it: is it)
        (r"\bje(?=\s*[?.!]*\s*$)", "is it"),
        (r"\bje\b", "is"),
        (r"\b(?:byl|byla|bylo|byly)\b", "was"),
        (r"\b(?:mel|mela|melo)\b", "had"),
        (r"\bma\b", "does it have"),
        (r"\bbude\b", "will be"),
        (r"^\s*a\b|(?<=[,.])\s*a\b|(?<=\s)a(?=\s)", " and"),
        (r"(?<=\s)i(?=\s)", "and"),
        (r"\bna\b", "on"),
        (r"\b(?:v|ve)\b", "in"),
        # "s" (with: "co se stalo s jobem 9", what happened with job 9), "se" before a noun in its
        # instrumental case ("se zbytkem fronty": with the rest of the queue; not the "se" of a verb: "co se
        # stalo", read above)
        # ("co (je) se sweepem?": what about the sweep)
        (r"\bwhat\s+(?:(?:is|will be)\s+)?se?\s+(?=[\w.-]+(?:em|ou|ami|emi)\b)", "what about "),
        (r"\bs\b|\bse\b(?=\s+[\w.-]+(?:em|ou|ami|emi)\b)", "with"),
        (r"\bod\b", "since"),
        (r"\bpo\b", "after"),
        (r"\bpred\b", "before"),
        (r"\bnez\b", "before"),
        (r"\bu\b", "of"),
        (r"\bza\b", "for"),
        (r"\bo\b", "about"),
        # (and after a preposition: "na ni", "na nem", "s nim": on it, with it)
        (r"\b(?:ho|jej|ji|mu)\b|(?<=\bon )(?:ni|nem|nej)\b|(?<=\bwith )(?:nim|ni)\b", "it"),
        (r"\b(?:ten|ta|to|ty|toho|tom)\b(?!\s+\d)", "it"),
        (r"\btam\b", "there"),
        (r"\b(?:zase|znovu)\b", "again"),
        (r"\bpak\b", "then"),
        (r"\b(?:tak|stejne|se|mi|si|jsem)\b", ""),
        (r"^\s*ne\b", "no"),
    )
)

# letters Czech never writes: Polish's, Hungarian's, Turkish's, Romanian's, Spanish's and Portuguese's,
# French's and German's; a message with one is another language's, whatever words it shares
_NOT_CZECH = re.compile(r"[ąęłśźżćńőűıİğşșțăñãõàèìòùêôëïœöüäÄÖÜß]")


def czech_marked(text: str) -> bool:
    """Whether ``text`` shows Czech's marks (:data:`CZECH_MARK`), with or without diacritics, and no letter
    of another language's (:data:`_NOT_CZECH`)."""
    return marked_unaccented(text, CZECH_MARK, _UNACCENTED, _NOT_CZECH)


def czech(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Czech (:data:`CZECH_MARK`): its letters without their
    diacritics, then its phrases and words (:data:`CZECH`); else as it was."""
    return read_unaccented(text, lean, "czech", czech_marked, _UNACCENTED, CZECH)
