"""Slovenian read in English: written whole or mixed with English words of the trade, as a Ljubljana admin
types it on a chat (mostly without č š ž, colloquial forms too: "kaj zdaj tece na GPU-jih", "kolk casa je
bil idle", "vceraj max power", "pavziraj ga", "zdaj ga lahko resumas"), where the message has marks of its
own. It is its own language, not a spelling of Serbian or Croatian: its question words ("kaj", "kdaj",
"zakaj", "kateri", "kje"), days ("danes", "vceraj", "zdaj"), verbs ("tece", "porabil", "rabim", "pozeni")
and its dual ("oba GPU-ja", "dve kartici") are its own, and its English words take its endings
("GPU-jih", "serverju", "cancelaj", "resumas"). It is read before Serbian-Croatian, whose "koliko", "na",
"je", "pa" and "daj" it shares."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import (
    INFLECTED_MODEL,
    Lean,
    compiled,
    english_verb,
    it_or,
    marked_unaccented,
    past_form,
    read_unaccented,
)

# its letters and what a writer typing fast puts for them ("včeraj" and "vceraj" are one word)
_UNACCENTED = str.maketrans({"č": "c", "š": "s", "ž": "z", "Č": "C", "Š": "S", "Ž": "Z"})

# a message is Slovenian where it has one of its own words, read without diacritics; none of them Serbian's
# or Croatian's ("koliko", "daj", "izbrisi", "spusti", "tece" are theirs too), Czech's ("kdo", "ze"),
# Indonesian's ("kok") or another language's word ("casa" Spanish's house, "in" English's, "danes" not
# after "the"); of an English verb with its ending only the request ("cancelaj"): "resumas" is Finnish's past
# and "cancelalo" Spanish's "cancel it", read as its own only beside its words
_MARK = re.compile(
    r"\b(?:"
    # question words
    r"kaj|kdaj|zakaj|kje|kolk|kaksn(?:a|o|i|e|en|ega|em)|kater(?:i|a|o|e|ega|emu|em|ih|im)"
    r"|kolk\w* casa|koliko casa|ob kateri uri|kuliko|kulko|ker(?:i|a|o|e|ega|ga|em|emu|ih|im)"
    # days and moments
    r"|(?<!the )danes|vceraj|vcerajsnj\w*|predvcerajsnjim|zdaj|zdej|sedaj|dopoldne|popoldne|zjutraj"
    r"|zvecer|sinoci|takrat|ravnokar|trenutno(?= tece)|(?:v )?zadnj\w* (?:uri|uro)|se enkrat|enkrat"
    # verbs, and an English verb given its ending ("cancelaj", "resumas", "failal")
    r"|tekel|tekla|teklo|tekli|tecejo|porabil\w*|porab[aeio]|porabljen\w*|zacel\w*|koncal\w*|cakaj|cakajo"
    r"|cakal\w*|mislil sem|mislila sem|hotel sem|hotela sem|lahko|rabis|spremenim|spremeni"
    r"|sem \w+(?:al|ala|il|ila|el|ela)|zmanjsal\w*|povecal\w*|zapisal\w*|preden|pobrisi|aja res|ne rabim"
    r"|pozeni\w*|pavzir\w*|ustav|ustavi|ustavite|nadaljuj\w*|preklici\w*|pognat\w*|zagnat\w*|pocist\w*"
    r"|zamenjaj\w*|vrstni red|spremenis|predn|rajsi|rajs|nazaj|starejs\w*"
    # the past's "-l" said "-u", as Ljubljana and Styria speak it ("crknu", "pojedu", "vleku", "teku")
    r"|crknu|pojedu|pojedel|vleku|vlekel|teku|padu|porabu|cakou|zacu"
    r"|(?:cancel|resum|restart|retry|paus|kill|releas|hold|fail|crash|run|submit|start)-?(?:aj|ajte|al|ala)"
    # a priority given its value with "na", as it and Croatian say it ("daj X priority na 10")
    r"|priority na(?= \d)"
    # nouns in their cases
    r"|pomnilni\w*|spomin\w*|stopinj\w*|poskus\w*|povzet\w*|povprecn\w*|najvisj\w*"
    r"|najnizj\w*|najvecj\w*|najmanjs\w*|najbolj|gpu-?ji\w*|gpu-?jev|gpu ur\w*|serverj\w*|jobov|jobih"
    r"|tega|temu"
    # the small words of its chat
    r"|skupaj|tudi|tud|spet|raje|ampak|zelo|hvala lepa|mogoce|nimam"
    r")(?!\w)",
    re.I,
)
# the English verbs a writer gives a Slovenian ending ("cancelaj", "resumas", "failal", "crashalo"): the verb
_STEM = "cancel|resum|restart|retry|paus|kill|releas|hold|fail|crash|run|submit|start"
_PRONOUNS = ("mu", "ga", "njemu", "njega", "ji", "jo", "njej", "to", "ta", "tega", "temu")


def _english_verb(m: re.Match[str]) -> str:
    """An English verb with a Slovenian ending, in English: "cancelaj" cancel, "resumas" (you) resume,
    "failal" failed."""
    verb = english_verb(m[1])
    if m[2].lower() in ("al", "ala", "alo", "ali", "an", "ana", "ano"):
        return past_form(verb)
    return verb


# "used" in its forms, "eaten" too (the GPU-hours a job has "pojedel")
_USED = (
    "porabil|porabu|porabila|porabilo|porabili|porabljen\\w*"
    "|pojedel|pojedu|pojedla|pojedlo|pojedli|pojel|pojela"
)

# "start" in its forms: the request and the infinitive "daj ga pognat" (have it run) says with "daj"
_START = "pozeni|pozenite|zazeni|zazenite|pognat|pognati|zagnat|zagnati"

# the verbs of a request, in English, that a pronoun said before them belongs to ("ga lahko spet resumas",
# "raje ga kar cancelaj", "spusti ga"): the verb first
_REQUESTS = r"cancel|resume|restart|retry|pause|kill|release|hold|remove|show"

_TABLE = compiled(
    (
        # a card by its model in its cases ("na 4090ce", "4090ka"): the model (:data:`tables.INFLECTED_MODEL`)
        INFLECTED_MODEL,
        # English verbs given a Slovenian ending
        (rf"\b({_STEM})-?(aj|ajte|as|am|al|ala|alo|ali|an|ana|ano|ej)\b", _english_verb),
        # requests
        (r"\b(?:pavzir(?:aj|ajte|ati|at|am|as|a|amo)|ustav|ustavi|ustavite|ustaviti)\b", "pause"),
        (r"\bpavzir(?:an|ana|ano|al|ala|alo)\b", "paused"),
        # the queue started again after a pause ("spet pozeni queue", "nadaljuj vrsto")
        (
            r"\b(?:(?:spet|ponovno|znova)\s+)?(?:pozeni|pozenite|zazeni|zazenite|nadaljuj|nadaljujte|resume)"
            r"\s+(?:(?:cel|celo|celoten|celotno)\s+)?(?:queue(?:-?ja|-?ju)?|vrsto|vrsta)\b",
            "resume the queue",
        ),
        (
            rf"\b(?:{_START})\s+((?:\S+\s+){{0,2}}?)(?:spet|ponovno|znova|se enkrat)\b"
            rf"|\b(?:daj|dej|dajte)\s+((?:\S+\s+){{0,2}}?)(?:spet|ponovno|znova|se enkrat)\s+(?:{_START})\b"
            rf"|\b(?:spet|ponovno|znova|se enkrat)\s+(?:{_START})\b",
            lambda m: f"retry {m[1] or m[2] or 'it'}",
        ),
        (rf"\b(?:daj|dej|dajte)\s+((?:\S+\s+){{0,2}}?)(?:{_START})\b", r"start \1"),
        (rf"\b(?:{_START})\b", "start"),
        (r"\b(?:nadaljuj|nadaljujte|nadaljevati)\b", "resume"),
        (r"\b(?:preklici|preklicite|preklicati|prekini|prekinite|ubij)\b", "cancel"),
        (r"\b(?:pobrisi|pobrisite|izbrisi|izbrisite|odstrani|odstranite|zbrisi)\b", "remove"),
        (r"\b(?:pocisti|pocistite|pocist|spucaj)\b", "clean up"),
        (r"\bstar(?:e|i|ih|a)\s+(?=job)", "old "),
        (r"\bstarejs(?:i|e|a|ih)\s+od\b", "older than"),
        (r"\b(\d+)\s+(?:dni|dan|dneva|dnevi)\b", r"\1 days"),
        (r"\b(\d+)\s+(?:tednov|tedna|tedne|teden)\b", r"\1 weeks"),
        (r"\b(?:ki|k)\b(?=\s+(?:so|je|sta|se|bo|bodo|ima|imajo|niso|ni)\b)", "that"),
        (r"\b(?:iz|s|z) (?:liste|seznama|vrste)\b", "from the list"),
        (r"\b(?:zadrzi|zadrzite)\b", "hold"),
        (r"\bspusti\b(?!\s+(?:\S+\s+)?prioritet)", "release"),
        (r"\b(?:pokazi|pokazite|prikazi|izpisi)(?: mi)?\b", "show"),
        (r"\b(?:zamenjaj|zamenjajte)(?:\s+vrstni red)?\b", "switch"),
        (r"\bvrstni red\b", "order"),
        (r"\b(\d+)\s+pa\s+(\d+)\b", r"\1 and \2"),
        # a job's GPU count changed ("a lahko X spremenim da rabi samo 1 GPU"): change X so it needs N
        (r"\b(?:a|ali)\s+lahko\s+(.{1,40}?)\s+(?:spremenim|spremeni|spremenis|spremenite)\b", r"change \1"),
        (r"\b(?:spremenim|spremeni|spremenis|spremenite)\b", "change"),
        # what a job should do ("X naj rajsi tece na enem GPU-ju"): "should run"
        (r"\bnaj\s+(?:(?:rajsi|rajs|raje|raj)\s+)?(?:tece|tecejo|dela|laufa)\b", "should run"),
        # a count of cards in its cases ("na enem GPU-ju", "z dvema karticama")
        (r"\b(?:enem|eni|enim|eno|en|ena)\s+(?=gpu|kartic)", "one "),
        (r"\b(?:dveh|dvema|dva|dve)\s+(?=gpu|kartic)", "two "),
        (r"\bda (?:rabi|potrebuje|uporablja)\b", "so it needs"),
        # a priority given its new value ("daj mu priority 10", "nastavi prioriteto joba 12 na 3")
        (
            r"\b(?:daj|nastavi|postavi|dvigni|zvisaj|spusti|znizaj)\s+(.{1,30}?)\s+"
            r"(?:priority|prioriteto|prioriteta)\s+(?:na\s+)?(\d+)\b",
            lambda m: f"set the priority of {it_or(m[1], _PRONOUNS)} to {m[2]}",
        ),
        (
            r"\b(?:daj|nastavi|postavi|dvigni|zvisaj|spusti|znizaj)\s+(?:priority|prioriteto)\s+(.{1,30}?)"
            r"\s+na\s+(\d+)\b",
            r"set the priority of \1 to \2",
        ),
        (r"\bprioritet[aeo]?\b", "priority"),
        # the pronoun said before its verb ("ga lahko spet resume", "ga kar cancel"): the verb first
        (
            rf"\b(?:ga|njega|jo|njo|ju|tega|to)\s+(?:(?:lahko|kar|spet|raje|zdaj)\s+)*({_REQUESTS})\b",
            r"\1 it",
        ),
        (r"\b(?:daj|dajte) mi\b", "give me"),
        (r"\b(?:povzetek|povzetka|povzetku|povzemi)\b", "summary"),
        (r"\bpregled\w*\b", "overview"),
        (r"\bkrat(?:ek|ki|ka|ko)\b", "short"),
        (r"\bdneva\b", "of the day"),
        # corrections ("ne cakaj, mislila sem GPU 0", "oprosti, hotel sem reci 13")
        (
            r"(?:^|(?<=[.,!;?]))\s*(?:ne[,!.]?\s+)?(?:cakaj|pocakaj)(?:te)?\b[,!.]?"
            r"(?=\s*(?:mislil|mislila|hotel|hotela))",
            " no wait,",
        ),
        (r"\b(?:mislil|mislila|hotel|hotela)\s+sem(?:\s+(?:reci|rect))?(?:\s+na)?\b", "I meant"),
        (r"\b(?:oprosti|sorry|pardon)\b", "sorry"),
        (r"^\s*(?:cakaj|pocakaj)\b", "wait"),
        # questions: "koliko casa", "kolk casa" how long; "kolk ze tece" how long has it been running
        (r"(?<=\S)\s+in\s+(?=(?:kater\w*|kaj|kdaj|kje|zakaj|kdo|koliko|kolk|kako)\b)", " and "),
        (r"\b(?:ob|v) (?:kerem|katerem|keri|kateri) (?:cajtu|casu|uri)\b", "at what time"),
        (r"\b(?:kuliko|kulko)\b", "koliko"),
        (
            r"\b(?:koliko|kolk|kolko|kok)\s+(?:je\s+)?(?:ze\s+)?(?:cakal|cakala|cakalo|cakou)\b",
            "how long did it wait",
        ),
        (r"\b(?:koliko|kolk|kolko|kok)\s+(?:casa|dolgo|cajta)\b", "how long"),
        (r"\b(?:koliko|kolk|kolko|kok)\s+(?:ze\s+)?(?=tece|teci|tecejo|traja)", "how long "),
        (r"\b(?:koliko|kolk|kolko|kok)\s+(?:ze\s+)?(?=cak)", "how long "),
        (r"\b(?:koliko|kolk|kolko|kok)\s+(?:krat|krat?)\b", "how many times"),
        (r"\b(?:koliko|kolk|kolko|kok)\s+(?=gpu|jobov|poskus|ur\b|procesov|vatov|kwh|wh|%)", "how many "),
        (r"\b(?:koliko|kolk|kolko|kok)\b", "how much"),
        (r"\bob kateri uri\b|\bob koliko\b|\bob kateri\b", "at what time"),
        (r"\b(?:kdaj|kda)\s+(?:tocno|natancno)\b", "when exactly"),
        (r"\b(?:kdaj|kda)\b", "when"),
        (r"\b(?:zakaj|zaka)\b", "why"),
        (r"\bkaj se je (?:zgodilo|dogajalo)\b", "what happened"),
        (r"^\W*(?:in|a)?\s*kaj pa\b|\bkaj pa\b", "what about"),
        (r"\bkaj\b", "what"),
        (r"\bna (?:katerem|kateri)\b", "on which"),
        (r"\bv (?:katerem|kateri)\b", "in which"),
        (r"\b(?:kater|ker)(?:i|a|o|e|ega|emu|em|ih|im)\b|\bkerga\b", "which"),
        (r"\bkdo\b", "who"),
        (r"\bkaksn(?:a|o|i|e|en|ega|em)\b", "what"),
        (r"\bkje\b", "where"),
        (r"\bkako\b", "how"),
        (r"\b(?:ali|a) (?:lahko|mi lahko)\b", "can you"),
        (r"\blahko\b", ""),
        # spans and moments
        (r"\b(?:vceraj|vcerajsnji\w*) (?:dopoldne|zjutraj)\b", "yesterday morning"),
        (r"\b(?:vceraj|vcerajsnji\w*) popoldne\b", "yesterday afternoon"),
        (r"\b(?:vceraj|vcerajsnji\w*) zvecer\b|\bsinoci\b", "last night"),
        (r"\b(?:vceraj|vcerajsnji\w*)\b", "yesterday"),
        (r"\bpredvcerajsnjim\b", "2 days ago"),
        (r"\b(?:danes )?(?:dopoldne|zjutraj)\b|\bdanes zjutraj\b", "this morning"),
        (r"\b(?:danes )?popoldne\b", "this afternoon"),
        (r"\b(?:danes )?zvecer\b", "this evening"),
        (r"\b(?:danes|danasnj\w*)\b", "today"),
        (r"\bjutri\b", "tomorrow"),
        (r"\b(?:ta|tej|ta) teden\b", "this week"),
        (r"\b(?:prejsnji|prejsnjem|lanski) teden\b", "last week"),
        (r"\b(?:zdaj|zdej|zaj|zej|sedaj|trenutno|ravnokar|ta hip)\b", "now"),
        (r"\b(?:v |zadnjo |v zadnji )?zadnj\w* (?:uri|ura)\b", "in the last hour"),
        (r"\b(?:v )?zadnj\w* (\d+) (?:urah|ur|ure)\b", r"in the last \1 hours"),
        (r"\b(?:v )?zadnj\w* (\d+) minut\w*", r"in the last \1 minutes"),
        (r"\bpred (\d+) minut\w*", r"\1 minutes ago"),
        (r"\bpred (\d+) (?:urami|uro|ur)\b", r"\1 hours ago"),
        (r"\b(?:takrat|tedaj|v tistem trenutku)\b", "then"),
        (r"\bna koncu\b", "at the end"),
        (r"\bna zacetku\b", "at the start"),
        (r"\bpotem\b", ""),
        (r"\b(?:vse skupaj|skupaj|skupno|v celoti)\b", "in total"),
        (
            r"\b(?:z|s|pri|v) vseh? ?(?:poskus\w*)\b|\bz vsemi poskusi\b|\bcez vse poskuse\b",
            "over all attempts",
        ),
        (r"\bza par minut\b", "for a few minutes"),
        # readings in their cases
        (r"\bporab[aeio] (?:energije|elektrike)\b", "energy use"),
        (r"\bporab[aeio]\b", "power draw"),
        (r"\bmoc(?:i|jo)?\b", "power"),
        (r"\benergij[aeo]\b", "energy"),
        (r"\btemperatur[aeio]\b", "temperature"),
        (r"\b(?:pomnilni\w*|spomin\w*)\b", "memory"),
        (r"\bventilator\w*\b", "fan"),
        (r"\b(?:obremenitev|obremenjenost|izkoriscenost)\w*\b", "utilization"),
        (r"\b(?:v |iz )?(?:vrsti|vrsto|vrste)\b", "in the queue"),
        (r"\bv log(?:u)?\b", "in the log"),
        (r"\bposkus(?:i|e|ov|ih|ov)\b", "attempts"),
        (r"\bposkus\w*\b", "attempt"),
        (r"\bgpu[- ]?ur\w*\b", "GPU-hours"),
        (r"\b(\d+)\s*(?:ur|ure|uri|urah)\b", r"\1 hours"),
        (r"\b(\d+)\s*stopinj\w*\b", r"\1 °C"),
        (r"\bstopinj\w*\b", "°C"),
        (r"\bnapak[aeio]\b", "error"),
        (r"\bkartic(?:a|e|i|o|ah|ama)\b", "card"),
        # the dual and the plural of an English word in its cases ("oba GPU-ja", "na GPU-jih")
        (r"\b(?:na |v )(?:oba|obeh|obe) (?:gpu-?ja|gpu-?jih|card)\b", "on both GPUs"),
        (r"\b(?:oba|obeh|obe) (?:gpu-?ja|gpu-?jih|gpu-?jev|card)\b", "both GPUs"),
        (r"\bna gpu-?jih\b", "on the GPUs"),
        (r"\bgpu-?(?:jih|ji|jev|jema)\b", "GPUs"),
        (r"\bna serverj\w*\b", "on the server"),
        (r"\b(gpu|server|log|queue|cluster|node)-?(?:ja|ju|jem|u|a|om)\b", r"\1"),
        (r"\bjob(?:i|ov|ih|e)\b", "jobs"),
        (r"\bjob(?:a|u|om)\b", "job"),
        # superlatives, means and thresholds
        (r"\b(?:najvisj\w*|najvecj\w*|maksimaln\w*)\b", "highest"),
        (r"\b(?:najnizj\w*|najmanjs\w*|minimaln\w*)\b", "lowest"),
        (r"\bnajvec\b", "the most"),
        (r"\bpovprecn\w*\b|\bv povprecju\b", "average"),
        (r"\b(?:najbolj vroc\w*|najtoplejs\w*)\b", "hottest"),
        (r"\bnad\b", "above"),
        (r"\bpod\b", "below"),
        (r"\bvec kot\b", "above"),
        (r"\bmanj kot\b", "below"),
        (r"\bprost[aeio]?\b", "free"),
        # verbs
        (r"\bne (?:tece|dela)\b", "is not running"),
        (r"\b(?:tece|tecejo|dela|delajo|laufa)\b", "is running"),
        (r"\b(?:tekel|teku|tekla|teklo|tekli)\b", "ran"),
        (r"\b(?:caka|cakajo)\b", "is waiting"),
        (r"\b(?:cakal|cakou|cakala|cakalo|cakali)\b", "waited"),
        (
            r"\b(?:padel|padu|padla|padlo|padli|padle|crknil|crknu|crknila|crknili|sesul|sesula|sesuli)\b",
            "failed",
        ),
        (r"\b(?:zacel|zacu|zacela|zacelo|zaceli)\b", "started"),
        (r"\b(?:koncal|koncala|koncalo|koncali)\b", "finished"),
        # what a job has used so far, the job unsaid ("kolko GPU ur je ze pojedu"): has it used
        (rf"\b(?:je|so)\s+(?:ze\s+)?(?:{_USED})(?=\s*(?:[?.!]|$))", "has it used"),
        (rf"\b(?:{_USED})\b", "used"),
        # power drawn ("kolk casa je GPU 0 vleku 500 W"): did it draw
        # ("keri job je to vleku": which job drew that, the peak just told)
        (r"\bje\s+(?:to|ga|tega)\s+(?:vleku|vlekel|vlekla|vleklo|vlekli)\b", "drew that"),
        (r"\bje\s+((?:\S+\s+){0,3}?)(?:vleku|vlekel|vlekla|vleklo|vlekli)\b", r"did \1draw"),
        (r"\b(?:vleku|vlekel|vlekla|vleklo|vlekli)\b", "drew"),
        (r"\b(?:vlece|vlecejo)\b", "draws"),
        (r"\b(?:ali|al) vec\b", "or more"),
        (r"\b(?:ali|al) manj\b", "or less"),
        # what the log said ("kaj je pisalo v logu"): what did it say
        (r"\bje\s+(?:pisalo|pisal|pisala)\b", "did it say"),
        (r"\bnazaj\b", "back"),
        (r"\b(?:uporablja|uporabljajo|zaseda)\b", "uses"),
        (r"\b(?:ubit|ubita|ubil|ubila)\b", "killed"),
        (r"\b(?:zmanjsal|zmanjsala|zmanjsali)\b", "reduced"),
        (r"\b(?:povecal|povecala|povecali)\b", "increased"),
        (r"\b(?:spremenil|spremenila|spremenili)\b", "changed"),
        (r"\b(?:zapisal|zapisala|zapisalo|izpisal|izpisala|izpisalo)\b", "wrote"),
        (r"\bne rabim\b", "I no longer need"),
        (r"\brabim\b", "I need"),
        (r"\brabi\b", "needs"),
        (r"\b(?:se je )?zgodilo\b", "happened"),
        (r"\bpise\b", "does it say"),
        # the past said with "je" and its participle ("kdaj se je zacel", "kateri job je takrat tekel",
        # "koliko je porabil GPU 0"): in English's past
        # "preden je startal": before it started
        (r"\b(?:pred|preden|predn)\s+(?:se\s+)?je\s+(?=started|finished|failed|ran\b)", "before it "),
        (r"\b(?:se\s+)?je\s+(?:pa\s+)?(?:potem\s+)?(?:started)(?=\s*(?:[?.!]|$))", "did it start"),
        (r"\bje\s+((?:\S+\s+){0,2}?)ran\b", lambda m: f"was {m[1] or 'it '}running"),
        # no subject said: the job talked about ("preden je bil ubit": before it was killed)
        (
            r"\b(?:je|se je)\s+(?:bil|bila|bilo)\s+(?=killed|cancelled|started|finished|failed|paused)",
            "it was ",
        ),
        (
            r"\b(?:se\s+)?(?:je|so)\s+"
            r"(?=(?:\S+\s+)?(?:used|started|finished|failed|waited|happened|wrote|reduced|changed)\b)",
            "",
        ),
        (r"\bdelamo\b", "we are doing"),
        # a request whose object is left out, as the language lets it be ("ok, retry pls, sem ..."): of the
        # job in focus
        (
            rf"^\W*(?:(?:ok|okej|dobro|no|pa|aja|ja|ajde)\W+)*({_REQUESTS})\W*(?:(?:pls|prosim|please)\W*)?(?=,|$)",
            r"\1 it",
        ),
        # the small words, once the phrases above have read what they open
        (r"\bje\s+((?:\S+\s+){0,2}?)(?:bil|bila|bilo)\b", r"was \1"),
        (r"\bso\s+((?:\S+\s+){0,2}?)(?:bili|bile|bila)\b", r"were \1"),
        (r"\bima\b", "has"),
        (r"\bnima\b", "has no"),
        (r"\bni\b", "is not"),
        (r"\bje\b", "is"),
        (r"\bso\b(?! it\b)", "are"),
        (r"\b(?:bil|bila|bilo|bili|bile)\b", "was"),
        (r"\b(?:ta|to|tega|temu|tem)\b(?=\s+[a-z])", "that"),
        (r"\b(?:ga|njega|tega|jo|njo|ju|mu|ji|njemu|njej)\b|\bto\b(?=\s*(?:[?.!,]|$))", "it"),
        (r"\b(?:cel|cela|celo|celi|celoten|celotno|celotna)\b", "whole"),
        (r"\b(?:vse|vsi|vsa|vseh|vsem|vsemi)\b", "all"),
        (r"\b(?:oba|obe|obeh)\b", "both"),
        (r"\btocno\b", "exactly"),
        (r"\bze\b", "already"),
        (r"\bsamo\b", "only"),
        (r"\b(?:spet|ponovno|znova)\b", "again"),
        (r"\bvec\b", "anymore"),
        (r"\b(?:prosim|pls|plz)\b", "please"),
        (r"\bhvala(?: lepa)?\b", "thanks"),
        (r"\b(?:okej|vredu|v redu|dobro)\b", "ok"),
        (r"^\W*(?:in|pa|a)\b", "and"),
        (r"(?<=\s)in(?=\s+(?:gpu|\d))", "and"),
        (r"\b(?:ali|al)\b", "or"),
        (r"\bampak\b", "but"),
        (r"\bna\b", "on"),
        (r"\bv\b", "in"),
        (r"\b(?:z|s)\b", "with"),
        (r"\bod\b(?=\s*\d)", "since"),
        (r"\bod\b", "of"),
        (r"\biz\b", "from"),
        (r"\bza\b", "for"),
        (r"\bdo\b(?=\s*\d)", "until"),
        (r"\bob\b(?=\s*\d)", "at"),
        (r"\b(?:pred|preden|predn)\b", "before"),
        (r"\bpo\b", "after"),
        (r"\bda\b", ""),
        (r"\b(?:sem|si|smo|ste|se|mi|ti|pa|kar|raje|rajsi|rajs|sploh|aja|res|ej|tud|tudi|zdaj|naj)\b", ""),
        (r"^\s*ne\b|\bne\b(?=\s*[,.!])", "no"),
        (r"\bne\b", "not"),
    )
)

# letters Slovenian never writes: Serbian's and Croatian's ć đ, Czech's, Polish's, Hungarian's, Turkish's,
# Romanian's and the Romance and Germanic ones; a message with one is another language's
_NOT_SLOVENIAN = re.compile(r"[ćđěřůťďňąęłśźżőűıİğşșțăñãõàèìòùêôëïœöüäåæøÄÖÜßáéíóú]")


def slovenian_marked(text: str) -> bool:
    """Whether ``text`` shows Slovenian's marks (:data:`_MARK`), with or without č š ž, and no letter of
    another language's (:data:`_NOT_SLOVENIAN`)."""
    return marked_unaccented(text, _MARK, _UNACCENTED, _NOT_SLOVENIAN)


def slovenian(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Slovenian (:data:`_MARK`): its letters without their diacritics,
    then its phrases and words (:data:`_TABLE`); else as it was."""
    return read_unaccented(text, lean, "slovenian", slovenian_marked, _UNACCENTED, _TABLE)
