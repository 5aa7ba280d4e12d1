"""Finnish read in English: Finnish written whole, or mixed with English words of the trade, as Helsinki or
Tampere types it on a chat (spoken forms, often without ä and ö: "mika jobi pyorii nyt", "onks jotain
jonossa", "kauanko se kesti"), where the message has marks of its own. Finnish is agglutinative: its case
endings go on its own words and on the trade's names and numbers, after a colon where the name is an
abbreviation or a number ("GPU 0:n" GPU 0's, "GPU:lla" on the GPU, "10:een" to 10) and straight on a name
("lr-sweepin" lr-sweep's); its question particle "-ko/-kö", said "-ks" ("onks", "voiksä"), goes on the
verb; English verbs of the trade take its verb endings ("failas" failed, "pauseta" pause); these are read
off before its phrases are."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import (
    Lean,
    compiled,
    english_verb,
    it_or,
    marked_unaccented,
    past_form,
    read_unaccented,
)

# each Finnish letter with its dots or ring, and the plain letter a writer typing fast puts for it
# ("lämpötila" and "lampotila", "tänään" and "tanaan" are one word)
_UNACCENTED = str.maketrans("äöåÄÖÅ", "aoaAOA")

# the case endings Finnish joins to a name or a number after a colon ("GPU 0:n", "4090:lla", "10:een"):
# genitive, adessive (on), inessive (in), elative (from), allative (onto), ablative (off), illative (to),
# partitive, translative (into), essive (as)
_COLON_CASE = r":(?:n|lla|l|ll|ssa|sta|lle|lta|een|aan|iin|seen|hen|ta|a|ksi|na)\b"

# the question particle on a verb: "-ko/-kö" as written, "-ks"/"-kse" as said ("onks", "oliks", "voiksä")
_Q = r"(?:ko|ks|kse)?"

# a message is Finnish where it has a name or a number with its colon case ending ("GPU 0:n", "4090:lla",
# "10:een": no other language read here joins one so) or one of its own words read without dots; none of
# them another language's word or English's ("se", "on", "ja", "ei", "nyt" Danish's new, "mita" Hindi's
# erase, "kesti" Turkish's cut, "anna", "peru" are read only beside a mark)
_FINNISH_MARK = re.compile(
    r"(?:\bgpu\s?\d*|\b\d+)" + _COLON_CASE + r"|\b(?:"
    # an English verb of the trade given a Finnish verb's ending ("killaa", "cancelas", "pauseta")
    r"(?:cancel|kill|hold|releas|paus|restart|retry|resum|fail)(?:as|asi|oi|aa|ata|eta|ee|ettaa|ttaa|annut)|"
    r"mika|mitka|kumpi|kumman|moneltako|monelta|mihin aikaan|valilla|valissa|klo|eniten|vahiten|kuumin"
    r"|kuumempi|pisin|pisimpaan|kiireisin|vapaa|vapaana|epaonnistu\w*|kaatuivat|nopeus|milla|missa|mista|mihin|milloin|miksi|miks|kauanko|kuinka|paljonko|montako|kuka|kenen"
    r"|onko|onks|onkse|oliko|oliks|voiko|voiks|voiksa|voitko|voisitko|voisiksa|kannattaako|enta|entas"
    r"|tanaan|eilen|eilisen|toissapaivana|huomenna|aamulla|aamuna|iltapaivalla|illalla|yolla|tunnin|tuntia"
    r"|tunnissa|paivan|paivasta|paivana|sekuntia|minuuttia|silloin|just nyt|talla hetkella|viimeks"
    r"|viimeksi|pyori\w*|pyoriny\w*|odottaa|odotti|odottanut|jonott\w*|jono|jonossa|jonoa|jonon|jonoon"
    r"|jobi|jobit|jobia|jobeja|jobin|jobista|jobeista|lampo|lampotila\w*|lammot|muisti|muistia|muistin"
    r"|muistista|kaytossa|kaytto\w*|kaytti|kulutti|kuluttanut|veti|energiaa|sahkoa|tehoa|tehonkulutus"
    r"|virrankulutus|wattia|watteja|tuuletin\w*|asteen|astetta|keskimaarin|keskiarvo\w*|keskimaarai\w*"
    r"|yhteensa|kaikkiaan|enimmillaan|korkein|matalin|suurin|pienin|kaatui|kaatu|kaatunut|failas"
    r"|failasi|cancelas|cancelasi|canceloi|epaonnistui|pieleen|alkoi|alko|alkanut|valmistui|valmistu"
    r"|valmis|loppui|kestanyt|yrityksi\w*|yritysta|logissa|lokissa|logista|lokista|loki|prosesseja"
    r"|prosessit|peruuta|poista|pysayta|keskeyta|jatka|jatkaa|laita|nosta|laske|vaihda|muuta|nayta"
    r"|kerro|uudestaan|uudelleen|uusiks|holdiin|pitoon|vapauta|tarvii|tarvita|tarvitse|enaa|tarkotin"
    r"|tarkoitin|hetkeks|hetkeksi|yhteenveto|lyhyt|kiitos|moikka|heippa|mulla|mita"
    r" on|mita \w+ssa|prioriteet\w*|jarjestys\w*|tilassa|throttlaa\w*|pelkastaan|vain"
    r"|eiku|eikun|tarkalleen|tarkkaan|lok(?:iin|in|it|eissa)|logiin|lokirivi\w*|logirivi\w*|sama(?:ssa|lla|sta)"
    r"|kort(?:issa|illa|ille|in|tia|ti)|tuuletti\w*|piikki\w*|piikin|yrity\w*|siivoa|pitais|pitaisi|taytyy"
    r"|ollu|ollut|tehny|tehnyt|toita|toissa|idlena|idlessa|joutilaana|elementti\w*|failat\w*|failann\w*"
    r"|muistikello\w*|kello|eilinen|keskimaaranen|siella"
    r"|(?:yhte|kahte|kolme|nelja|viite|kuute|seitsema|kahdeksa|yhdeksa|kymmene|kymppi|sata)(?:en|an|in)"
    r")\b",
    re.I,
)


def _past(m: re.Match[str]) -> str:
    """An English verb given a Finnish past ending, in its English past ("cancelas" cancelled)."""
    return past_form(english_verb(m[1]))


def _count(said: str) -> str:
    """A count as Finnish says it in the illative or translative ("yhteen" to one), as a number."""
    return {"yhteen": "1", "yhdeksi": "1", "yksi": "1", "kahteen": "2", "kahdeksi": "2", "kaksi": "2"}.get(
        said.lower(), said
    )


# a number said in a word in the illative or translative ("kymppiin" to ten, "viideksi" into five), and as a
# count ("neljä"; not "yksi", which is also "a")
_NUMBER_TO = {
    "nollaan": 0, "nollaksi": 0, "yhteen": 1, "yhdeksi": 1, "ykkoseen": 1, "ykkoseksi": 1, "kahteen": 2,
    "kahdeksi": 2, "kakkoseen": 2, "kolmeen": 3, "kolmeksi": 3, "kolmoseen": 3, "neljaan": 4, "neljaksi": 4,
    "neloseen": 4, "viiteen": 5, "viideksi": 5, "vitoseen": 5, "kuuteen": 6, "kuudeksi": 6, "kutoseen": 6,
    "seitsemaan": 7, "seitsemaksi": 7, "seiskaan": 7, "kahdeksaan": 8, "kahdeksaksi": 8, "kasiin": 8,
    "yhdeksaan": 9, "yhdeksaksi": 9, "ysiin": 9, "kymmeneen": 10, "kymmeneksi": 10, "kymppiin": 10,
    "kympiksi": 10, "kahteenkymmeneen": 20, "viiteenkymmeneen": 50, "sataan": 100, "sadaksi": 100,
}  # fmt: skip
_COUNT = {
    "kaksi": 2, "kaks": 2, "kolme": 3, "nelja": 4, "viisi": 5, "viis": 5, "kuusi": 6, "kuus": 6,
    "seitseman": 7, "kahdeksan": 8, "yhdeksan": 9, "kymmenen": 10, "kymppi": 10,
}  # fmt: skip
# a card said by its number's noun ("ykkös-GPU", "nolla-GPU", "GPU ykkönen": GPU 1, GPU 0)
_CARD_NUMBER = {"nolla": 0, "nollas": 0, "ykkos": 1, "ykkonen": 1, "kakkos": 2, "kakkonen": 2}


def _clock(said: str) -> str:
    """A time of day as Finnish writes it ("16", "9.30"), as English reads it ("16:00", "9:30")."""
    return said.replace(".", ":") if re.search(r"[.:]", said) else f"{said}:00"


_IT = ("sen", "se", "ton", "toi", "taman", "tama", "sita")  # the pronouns a request names its job by: "it"


def _it(said: str) -> str:
    return it_or(said, _IT)


def _priority(m: re.Match[str]) -> str:
    """ "nosta sen prioriteetti 10:een": the job's priority set."""
    return f"set the priority of {_it(m[1])} to {m[2]}"


def _bump(m: re.Match[str]) -> str:
    """ "nosta sen prioriteettia": the job's priority raised."""
    return f"bump the priority of {_it(m[1])}"


def _retry(m: re.Match[str]) -> str:
    """ "aja se uudestaan": the job run again (it, where none is named)."""
    return f"retry {_it(m[1].strip()) if m[1].strip() else 'it'}"


def _log_says(m: re.Match[str]) -> str:
    """ "mitä sen logissa lukee", "mitä mistral-7b-sft:n logissa on", "mitä se kirjoitti lokiin": what the
    job's log says."""
    whose = m[1].strip()
    if not whose or whose.lower() in ("sen", "ton", "taman", "se", "toi", "tama"):
        return "what does its log say"
    return f"what does the log of {whose.removesuffix(chr(39) + 's')} say"


# a job's or a card's name with a case ending straight on it, where the name ends in a consonant
# ("lr-sweepin" lr-sweep's, "resnet50-benchiin" into resnet50-bench, "data-prepista" of data-prep)
_NAME_CASE = r"\b([a-z][\w.]*-[\w.-]*[b-df-hj-np-tv-xz])i(?:n|a|ssa|sta|lla|lle|lta|in|ksi|na)\b"

_FINNISH = compiled(
    (
        # "on" is Finnish's is (read first: the English "on" read off a case ending below is no Finnish word)
        (r"\bon\b", "is"),
        # the spoken past participle with its "-t" dropped ("ollu", "tehny", "syöny", "odottanu"): as written
        (
            r"\b((?:ol|tul)l|(?:men|teh|aja|syo|kesta|odotta|jonotta|kaytta|kulutta|veta|alka|loppu|valmistu|kaatu"
            r"|faila|epaonnistu|ehti|pyori|lahte|joutu)n)(u|y)\b",
            r"\1\2t",
        ),
        # a correction said object first ("GPU 0:n tarkotin": I meant GPU 0's), after "eiku" (no wait) or not
        (
            r"(?:\b(?:eiku|eikun|ei\s+kun?|ei\s+vaan)\b\s*(?:siis\s+)?,?\s*)?\b((?:gpu\s?)?\d+|gpu)(?::n|:ta|:a)?"
            r"\s+(?:ma\s+|mina\s+)?(?:tarkotin|tarkoitin|meinasin)\b",
            r"no wait, I meant \1",
        ),
        (r"(?<=[?.!,;])\s*(?:eiku|eikun|ei\s+kun?)\b(?:\s+siis\b)?,?", " no wait,"),
        # numbers said in words: "kymppiin" (to ten), "neljä" (four); a card by its number's noun
        (
            r"\b(" + "|".join(_NUMBER_TO) + r")\b",
            lambda m: f"to {_NUMBER_TO[m[1].lower()]}",
        ),
        (r"\b(" + "|".join(_COUNT) + r")\b", lambda m: str(_COUNT[m[1].lower()])),
        (
            r"\b(nollas?|ykkos|kakkos)-?(?:gpu|kortt?i)\w*",
            lambda m: f"GPU {_CARD_NUMBER[m[1].lower()]}",
        ),
        (r"\bgpu[- ]?(nolla|ykkonen|kakkonen)\b", lambda m: f"GPU {_CARD_NUMBER[m[1].lower()]}"),
        (r"\bgpu-?tunte(?:ja|ina)\b|\bgpu-?tuntia\b|\bgpu-?tunnit\b", "GPU-hours"),
        # a name or a number with its case ending: the genitive "GPU 0:n lämpötila" (GPU 0's temperature),
        # "on" ("GPU:lla", "4090:lla"), "in" ("GPU 1:ssa"), "to" ("10:een", "GPU 1:lle"), "from"
        (r"\b((?:gpu\s?)?\d+|gpu):n\b", r"\1's"),
        (r"\b((?:gpu\s?)?\d+|gpu):(?:lla|ll|l|ssa|na)\b", r"on \1"),
        (r"\b((?:gpu\s?)?\d+|gpu):(?:lle|een|aan|iin|seen|hen|ksi)\b", r"to \1"),
        (r"\b((?:gpu\s?)?\d+|gpu):(?:sta|lta)\b", r"from \1"),
        (r"\b((?:gpu\s?)?\d+|gpu):(?:ta|a)\b", r"\1"),
        (r"\b([\w.-]+):(?:n|lla|ssa|sta|lle|lta|een|aan|iin|seen|ta|a|ksi)\b", r"\1"),
        (_NAME_CASE, r"\1"),
        # "se" before a participle and its noun is "the" ("se failannut elementti", "ne kaatuneet jobit")
        (
            r"\b(?:se|ne)\s+(?=(?:fail|cancel|kill|kaatu|epaonnistu|peru|valmistu|keskeyt)\w*"
            r"(?:nut|nyt|neet|ttu|tut|tty|tyt)\s+\w)",
            "the ",
        ),
        # English verbs of the trade with Finnish verb endings: the past ("failas", "cancelas", "killasi",
        # "canceloi"), the progressive ("throttlaamassa"), the request ("pauseta", "cancelaa", "killaa se")
        # (and its participles: "failannut", "failatut" jobit, "cancelattu")
        (r"\bfail(?:as|asi|annut|anneet|anneita|ais|attu|atut|attuja|atuista|atun)\b", "failed"),
        (
            r"\b(cancel|kill|hold|releas|paus|restart|retry|resum)"
            r"(?:as|asi|oi|attiin|ttiin|annut|anneet|attu|atut|oitu|oidut)\b",
            _past,
        ),
        (r"\b(throttl|boost|swapp)aa(?:massa)?\b", r"\1ing"),
        (
            r"\b(cancel|kill|hold|releas|paus|restart|retry|resum|rerun)(?:ata|aa|ee|ta|oi|ettaa|ttaa)\b",
            lambda m: english_verb(m[1]),
        ),
        (r"\b(?:held|hold)-?tila(?:ssa|an)\b|\bholdiin\b|\bholdissa\b|\bpitoon\b|\bpidossa\b", "on hold"),
        (r"\b(\w+)-tila(?:ssa)?\b", r"in state \1"),
        (r"\bp-?state(?:ssa|ssä|a)\b", "P-state"),
        # requests: "peru/peruuta" (cancel), "poista" (remove), "pysäytä" (stop: pause), "jatka" (resume),
        # "aja/käynnistä uudestaan" (retry), "laita X holdiin" (hold), "vapauta" (release), "nosta X:n
        # prioriteetti N:een" (priority), "vaihda X ja Y järjestys" (switch), "vaihda sen GPU-määrä N"
        (
            r"\b(?:vaihda|muuta|laita|laske|pudota)\s+(sen|ton|taman|\S+)\s+gpu[- ]?maara(?:ksi|n)?\s+"
            r"(?:to\s+)?(\d+|yhteen|yhdeksi|yksi|kahteen|kahdeksi|kaksi)\b",
            lambda m: f"change {_it(m[1])} to {_count(m[2])} gpus",
        ),
        (r"\bgpu[- ]?maara\w*", "GPU count"),
        # ("vaihda jobien 12 ja 13 paikat": the jobs' places; "keskenään": with each other)
        (
            r"\b(?:vaihda|vaihtakaa)\s+(?:(?:jobien|jobit|toiden|ajojen|jobin)\s+)?(\S+)\s+ja\s+(\S+?)\s+"
            r"(?:jarjestys|jarjestysta|paikkaa|paikat|keskenaan)\b",
            r"switch \1 and \2",
        ),
        (
            r"\b(?:vaihda|vaihtakaa)\s+(?:jarjestys|jarjestysta|paikkaa|paikat)\s+(\S+)\s+ja\s+(\S+)",
            r"switch \1 and \2",
        ),
        (
            r"\b(?:nosta|nostakaa)\s+(sen|ton|taman|job\s*\d+|\S+?)\s+prioriteetti\w*\s+(?:to\s+)?(\d+)\b",
            _priority,
        ),
        (r"\b(?:nosta|nostakaa)\s+(sen|ton|taman|job\s*\d+|\S+?)\s+prioriteetti\w*", _bump),
        (r"\bprioriteet\w*|\bprio\b", "priority"),
        (r"\b(?:laita|pane|siirra)\s+(.{1,40}?)\s+on hold\b", r"hold \1"),
        (r"\b(?:siirra|siirtakaa|siirtaa)\b", "move"),
        # what a job must do: "X pitää ajaa GPU 1:llä" (X should run on GPU 1)
        (
            r"\b(?:pitaa|pitais|pitaisi|taytyy|tarttee|tartteis|kuuluu)\s+(?:ajaa|pyoria|ajaa|olla)\b",
            "should run",
        ),
        # the queue started again is the queue resumed ("käynnistä jono uudestaan", "jono taas käyntiin")
        (
            r"\b(?:kaynnista|kaynnistakaa|aja|laita|pista|pane)\s+(?:koko\s+)?(?:jono|jonon)\s+"
            r"(?:uudestaan|uudelleen|uusiks|uusiksi|taas\s+kayntiin|kayntiin|pyorimaan|taas)\b",
            "resume the queue",
        ),
        # cleaning the list: "siivoa failatut jobit pois (listalta)"
        (r"\b(?:siivoa|siivoo|siivotkaa|putsaa|putsatkaa|tyhjenna)\b", "clean"),
        (r"\bpois\s+(?:listalta|listasta|listoilta)\b", "off the list"),
        (
            r"\b(?:aja|ajakaa|kaynnista|kaynnistakaa|yrita|laita|pista)\s+(.{0,40}?)\s*(?:uudestaan|uudelleen|uusiks|uusiksi|uudestaa)\b",
            _retry,
        ),
        (r"\b(?:peru|peruuta|perukaa|lopeta|tapa)\b", "cancel"),
        (r"\bpoista\b", "remove"),
        (r"\b(?:pysayta|pysaytakaa|keskeyta|tauota|pauseta)\b", "pause"),
        (r"\b(?:jatka|jatkakaa|jatketaan)\b|\bvoi(?:t|tte)? jatkaa\b|\bjatkaa\b", "resume"),
        (r"\bvapauta\b|\bpaasta\b", "release"),
        (r"\b(?:koko|kokonaan)\s+jono(?:n|a)?\b", "the whole queue"),
        (r"\bkokonaan\b", "completely"),
        (r"\bhetkeksi\b|\bhetkeks\b|\bhetkeen\b|\bhetken\b", "for a while"),
        (r"\bei tarvi(?:ta|taan)(?: enaa)?\b", "not needed anymore"),
        (r"\b(?:en|emme)\s+(?:ma\s+|me\s+)?tarvi(?:i|tse|tsekaan)?\b", "I do not need"),
        (r"\b(?:en|emme) (?:haluu|halua)\b", "I do not want"),
        (r"\b(?:pls|plz|kiitos|kiitti|please)\b", "please"),
        (
            r"\b(?:voiksa|voitko|voisitko|voisiksa|voiks|voitsa|voisitsa)\s+(?:kertoo|kertoa|sanoo|sanoa)\b",
            "tell me",
        ),
        (r"\b(?:voiksa|voitko|voisitko|voisiksa|voiks|voitsa|voisitsa)\b", "can you"),
        (r"\b(?:kerro|kertoo|kertoa)\b", "tell me"),
        (r"\b(?:nayta|naytappa|naytas)\b", "show"),
        (r"\banna\b(?=\s+(?:mulle\s+)?(?:lyhyt|lyhyesti|yhteenveto|lista|tiivistelma))", "give"),
        (r"\b(?:lyhyt\s+)?(?:yhteenveto|tiivistelma|katsaus)\b", "a short summary"),
        (r"\bmulle\b|\bminulle\b", "me"),
        # corrections: "sori mä tarkotin eilen" (sorry, I meant yesterday), "ei vaan GPU 1" (no, GPU 1)
        (r"\b(?:sori|sorry|anteeks|anteeksi)\b,?", "sorry"),
        (r"\b(?:ma|mina|maa)?\s*(?:tarkotin|tarkoitin|meinasin)\b", "I meant"),
        (r"^\s*ei\s+(?:vaan|ku)\b", "no, I meant"),
        # spans and times: "eilen illalla" (last night), "tänä aamuna" (this morning), "viime tunnin
        # aikana" (in the last hour), "tästä päivästä" (of today)
        (r"\beilen (?:illalla|yolla)\b|\bviime yona\b", "last night"),
        (r"\beilen aamulla\b", "yesterday morning"),
        (r"\beilen iltapaivalla\b", "yesterday afternoon"),
        (r"\beilisen\s+paivan\b|\beili(?:sen|nen|sta)\b|\beilen\b", "yesterday"),
        (r"\btoissapaivana\b", "the day before yesterday"),
        (r"\b(?:tana|tanaan) aamuna\b|\baamulla\b|\btanaan aamulla\b", "this morning"),
        (r"\b(?:tana|tanaan) iltapaivana\b|\biltapaivalla\b", "this afternoon"),
        (r"\b(?:tana|tanaan) iltana\b|\billalla\b", "tonight"),
        (r"\b(?:tasta|tan|taman) paivan\b|\b(?:tasta|tan|taman) paivasta\b", "of today"),
        (r"\btanaan\b", "today"),
        (r"\b(?:viime|viimeisen|edellisen)\s+tunnin\s+aikana\b|\bviime\s+tunnilla\b", "in the last hour"),
        (r"\b(?:viime|viimeisen|edellisen)\s+(\d+)\s+tunnin\s+aikana\b", r"in the last \1 hours"),
        (r"\b(?:viime|viimeisen)\s+(\d+)\s+minuutin\s+aikana\b", r"in the last \1 minutes"),
        (
            r"\b(?:klo\s+)?(\d{1,2}(?:[.:]\d\d)?)\s*(?:ja|-)\s*(?:klo\s+)?(\d{1,2}(?:[.:]\d\d)?)\s+(?:valilla|valissa)\b",
            lambda m: f"between {_clock(m[1])} and {_clock(m[2])}",
        ),
        (r"\bklo\s+(\d{1,2}(?:[.:]\d\d)?)\b", lambda m: f"at {_clock(m[1])}"),
        # "samalla välillä" (over the same span), "samassa kortissa" (on the same card), "sama" (the same)
        (
            r"\bsama(?:lla|ssa|na)\s+(?:aika)?(?:valilla|valissa|jaksolla|jaksona|aikana)\b",
            "over the same span",
        ),
        (r"\bsama(?:ssa|lla|lle|sta|lta)\s+(?=kort|gpu|naytonohj)", "on the same "),
        (r"\bsama(?:lla|ssa)\b", "in the same"),
        (r"\bsama(?:t|n|a|sta|an|lle)?\b", "the same"),
        (r"\b(?:valilla|valissa)\b", "between"),
        (r"\b(?:just nyt|talla hetkella|nyt just|juuri nyt|nyt)\b", "now"),
        (r"\bsilloin\b", "at that time"),
        (r"\b(?:sita|sen|tata|tuota) ennen\b", "before that"),
        (r"\bennen ?(?:ku|kuin)\b", "before"),
        (r"\bennen\b", "before"),
        (r"\bsen jalkeen\b", "after that"),
        (r"\bjalkeen\b", "after"),
        (r"\bviimeks\b|\bviimeksi\b|\bviimeisena\b|\blopussa\b|\bviimeinen\b|\bviimeisin\b", "last"),
        # question words: "mikä/mitkä" (what/which), "millä" (on which), "kuka/kenen" (who/whose), "milloin"
        # (when), "miksi/miks" (why), "kauanko/kuinka kauan" (how long), "paljonko" (how much), "montako"
        # (how many), "onko/onks" (is there); a question particle on any other verb is read off it below
        (
            r"\bmiks(?:i)?\s+(\S+)\s+ei\s+(?:lahe|lahde|kaynnisty|ala|starttaa)(?:\s+kayntiin)?\b",
            r"why is \1 not starting",
        ),
        (r"\bei\s+(?:lahe|lahde)\s+kayntiin\b|\bei\s+kaynnisty\b", "is not starting"),
        (r"\bmika\s+meni\s+pieleen\b", "what went wrong"),
        (r"\bmeni\s+pieleen\b", "went wrong"),
        # (its illative, what was left or written in it: "mitä sen lokiin jäi", "mitä se kirjotti logiin")
        (
            r"\b(?:mita|mitas)\s+(.{1,40}?)\s*lo[gk](?:issa|iin)\s+"
            r"(?:lukee|is|sanotaan|sanoo|jai|tuli|kirjattiin|tulostui|lopussa)\b",
            _log_says,
        ),
        (
            r"\b(?:mita|mitas)\s+(\S+)\s+(?:tulosti|kirjoitti|kirjotti|printtas|printtasi|kirjas|kirjasi)\s+"
            r"lo[gk]iin\b",
            _log_says,
        ),
        (r"\b(?:mita|mitas)\s+(.{1,40}?)\s*(?:logissa|lokissa)\b", _log_says),
        (r"\b(?:logissa|lokissa)\b", "in the log"),
        (r"\blo[gk]i-?rivi(?:t|a|en)?\b", "log lines"),
        (r"\blo[gk](?:i|in|it|iin|ista|eista|eihin|eja)\b", "log"),
        (r"\bkauanko\b|\bkuinka (?:kauan|pitkaan|pitkan aikaa)\b|\bmiten kauan\b", "how long"),
        (r"\bpaljonko\b|\bkuinka paljon\b|\bmiten paljon\b", "how much"),
        (r"\bmontako\b|\bkuinka monta\b|\bmonta\b|\bmontaks\b", "how many"),
        (r"\bmitka\b", "which"),
        (r"\bmika\s+(?=(?:jobi|jobit|job|gpu|kortti|ajo|tyo|prosessi|niista|naista|which)\b)", "which "),
        (r"\bmika(?:\s+|-)(\S+?)ista\b", r"which of the \1"),
        (r"\bmika is\b", "what is"),
        (r"\bmika oli\b", "what was"),
        (r"\b(?:mika|mita|mitas|mikas)\b", "what"),
        (r"\bmilla\b", "on which"),
        (r"\bmoneltako\b|\bmonelta\b|\bmihin aikaan\b", "at what time"),
        (r"\btarkalleen\b|\btarkkaan\b|\btasmalleen\b", "exactly"),
        (r"\bkumpi\b|\bkumman\b", "which"),
        (r"\bmissa\b", "in which"),
        (r"\bmista\b", "from which"),
        (r"\bmilloin\b|\bkoska\b(?=\s+\S+\s+(?:alko|alkoi|valmistu|loppu|kaatu|pyori|oli)\b)", "when"),
        (r"\bmiksi\b|\bmiks\b", "why"),
        (r"\bkuka\b", "who"),
        (r"\bkenen\b", "whose"),
        (r"\bkuinka\b|\bmiten\b", "how"),
        (r"\b(?:onko|onks|onkse)\s+(?:mulla|meilla|sulla)\b", "do I have"),
        (r"\b(?:onko|onks|onkse)\s+(?=(?:jotain|jotakin|mitaan|yhtaan|job|jono|ketaan)\w*)", "are there "),
        (r"\b(?:oliko|oliks)\s+(?=(?:jotain|jotakin|mitaan|yhtaan|job|ketaan)\w*)", "were there "),
        (r"\b(?:onko|onks|onkse)\b", "is"),
        (r"\b(?:oliko|oliks)\b", "was"),
        (r"\benta(?:s)?\b|\bents\b", "and"),
        # readings and what a card or job did
        # compounds: a reading and its peak ("tehopiikki" power peak, "lämpöhuippu"), its mean ("keskiteho")
        (
            r"\b(teho|lampo|lampotila|muisti|kuorma|kaytto|virta|sahko|energia)-?"
            r"(?:piik(?:ki|in|kia|it)|huip(?:pu|un|pua)|maksimi)\b",
            r"peak \1",
        ),
        (r"\bpiik(?:ki|in|kia|it|eja)\b", "peak"),
        (r"\bkeski-?(?=lampo|teho|kuorma|kaytto|kulutus|muisti)", "average "),
        (r"\b(?:huippu|peak)\s*(?:lampo|lampotila)\w*", "peak temperature"),
        (r"\blampo\w*|\blammot\b|\blammon\b", "temperature"),
        (r"\blukema\w*", "reading"),
        (
            r"\b(\d+)\s+(?:asteen|astetta|asteessa)\s+tai\s+(?:yli|enemman|ylempana|korkeammalla)\b",
            r"at \1 degrees or above",
        ),
        (r"\bvahintaan\s+(\d+)\s+(?:asteen|astetta|asteessa)\b", r"at least \1 degrees"),
        (r"\byli\s+(\d+)\s+(?:asteen|astetta|asteessa)\b", r"above \1 degrees"),
        (r"\balle\s+(\d+)\s+(?:asteen|astetta|asteessa)\b", r"below \1 degrees"),
        (r"\basteen\b|\bastetta\b|\basteessa\b", "degrees"),
        (r"\bmuistin\s+kayto?n\b|\bmuistinkayto?n\b|\bmuistinkaytto\b|\bmuistin\s+kaytto\b", "memory usage"),
        (r"\bmuisti(?:a|n|ssa|sta)?\b", "memory"),
        (r"\bkayttoaste\w*|\bkuormitus\w*|\bkuorma\w*", "utilization"),
        (r"\b(?:tehonkulutus|virrankulutus|tehon\s*kulutus)\w*|\bteho(?:a|n)?\b", "power draw"),
        (r"\bwatteja\b|\bwattia\b", "watts"),
        (r"\benergia(?:a|n)?\b|\bsahko(?:a|n)?\b", "energy"),
        (r"\b(?:tuulet(?:in|ti)\w*|puhal(?:lin|ti)\w*)(?:\s+nopeu\w*)?", "fan speed"),
        (r"\bmuistikello\w*", "memory clock"),
        (r"\bkellotaajuu\w*|\bkello(?:t|ja|jen)?\b", "clock"),
        (r"\bprosesse(?:ja|ita)\b|\bprosessit\b", "processes"),
        (r"\bprosessi(?:a|n)?\b", "process"),
        (r"\bsekuntia\b|\bsekunnit\b", "seconds"),
        (r"\btunnilla\b", "hour"),
        (r"\bkertaa\b", "times"),
        (r"\bminuuttia\b|\bminuutit\b", "minutes"),
        (r"\btuntia\b|\btunnit\b", "hours"),
        (r"\bkeskimaara(?:i)?(?:nen|sen)\b|\bkeskiarvo(?:a|n)?\b", "average"),  # ("keskimääränen" as said)
        (r"\bkeskimaarin\b", "on average"),
        (r"\benimmillaan\b|\bkorkeimmillaan\b", "at most"),
        (r"\bvahimmillaan\b|\balimmillaan\b", "at least"),
        (r"\bkorkein\b|\bsuurin\b|\bisoin\b|\bhuippu\b|\bmaksimi\b", "highest"),
        (r"\bmatalin\b|\balin\b|\bpienin\b|\bminimi\b", "lowest"),
        # the superlative "-in" and the comparative "-mpi": "kuumin" (the hottest), "kuumempi" (hotter)
        (r"\bkuumin\b|\blampimin\b|\bkuumimpana\b", "hottest"),
        (r"\bviilein\b|\bkylmin\b", "coolest"),
        (r"\bkiireisin\b|\bkuormitetuin\b", "busiest"),
        (r"\bpisin\b|\bpisimpaan\b|\bkauimmin\b|\bkauiten\b", "longest"),
        (r"\blyhin\b", "shortest"),
        (r"\beniten\b", "the most"),
        (r"\bvahiten\b", "the least"),
        (r"\bkuumempi\b|\blampimampi\b", "hotter"),
        (r"\bkuuma\b|\blammin\b", "hot"),
        (r"\bnopeus\b|\bnopeudella\b", "speed"),
        (r"\bkaikilla\s+(?:yrityksilla|kerroilla|ajoilla)\b", "across all attempts"),
        (r"\byrity\w*", "attempts"),
        (r"\belementt(?:ej\w*|it|ia)\b", "elements"),  # (the partitive after a count: "neljä elementtiä")
        (r"\belementt?i\w*", "element"),
        (r"\byhteensa\b|\bkaikkiaan\b|\byhteensa\b", "in total"),
        (r"\bpelkastaan\b|\bvain\b|\bpelkka\b|\bainoastaan\b", "only"),
        (r"\b(?:jonossa|jonoon)\b", "in the queue"),
        (r"\bjono(?:n|a)?\b", "the queue"),
        (r"\bjarjestys\w*", "order"),
        (r"\bjob(?:it|eja|eista|ien)\b", "jobs"),
        (r"\bjob(?:i|ia|in|ista|ille|illa)\b", "job"),
        (
            r"\bkortt?i(?:a|n|lla|ssa|sta|lle|lta|t)?\b|\bkortte(?:ja|ihin|illa|issa)\b|\bnaytonohja\w*",
            "card",
        ),
        (r"\bkaytossa\b", "in use"),
        (r"\bvapaana\b|\bvapaata\b|\bvapaa\b", "free"),
        # idle and busy: "idlenä" (English with its essive), "joutilaana"; "tehnyt töitä" (been working)
        (r"\bidle(?:na|ssa|lla|ksi)\b|\bjoutilaana\b|\btyhjakaynnilla\b", "idle"),
        (r"\bis\s+(?:tehnyt\s+toita|ollut\s+toissa|ollut\s+kiireinen)\b", "has been busy"),
        (r"\b(?:tekee|teki|tehnyt)\s+toita\b|\btoissa\b|\bkiireinen\b", "busy"),
        (r"\bis\s+ollut\b(?!\s+kaynnissa)", "has been"),
        # jobs and what they did: "pyörii" (is running), "pyöri" (ran), "pyöriny" (has been running),
        # "odottaa" (is waiting), "jonotti" (waited in the queue), "kaatui/kaatu" (crashed), "alkoi/alko"
        # (started), "valmistui/valmistu" (finished), "kesti" (took), "käytti/kulutti/veti/vei" (used)
        (
            r"\bis\s+(?:jo\s+|nyt\s+|now\s+)*(?:pyoriny|pyorinyt|ollut\s+kaynnissa|ajanut)\b",
            "has been running",
        ),
        # "lähti käyntiin", "pääsi ajoon" (got going): started; "joutui oottaan" (had to wait): waited
        (r"\b(?:lahti|lahtenyt|paasi|paassyt)\s+(?:kayntiin|ajoon|pyorimaan)\b", "started"),
        (r"\b(?:joutui|joutu|joutunut)\s+(?:odottamaan|oottaan|oottamaan|jonottamaan)\b|\bootti\b", "waited"),
        (r"\boottaa\b", "is waiting"),
        (r"\byritettiin\b", "was attempted"),
        (r"\bajoi\b", "ran"),
        (r"\behti\s+(?:pyoria|pyorimaan|ajaa)\b", "got to run"),
        (r"\bpyorii" + _Q + r"\b|\bajossa\b|\bkaynnissa\b", "is running"),
        (r"\bpyori(?:vat|vatko)?\b|\bpyori(?:ko|ks)\b", "ran"),
        (r"\bpyoria\b|\bpyorimaan\b", "run"),
        (r"\bodottaa" + _Q + r"\b|\bjonottaa\b", "is waiting"),
        (r"\bis\s+(?:jo\s+)?(?:odottanut|jonottanut)\b", "has been waiting"),
        (r"\b(?:odotti|odottanut)\b", "waited"),
        (r"\b(?:jonotti|jonottanut)\b", "waited in the queue"),
        (
            r"\b(?:kaatui|kaatu|kaatunut|kaatuivat|epaonnistui|epaonnistuivat|epaonnistunut|hajosi|hajos)"
            + _Q
            + r"\b",
            "failed",
        ),
        (r"\b(?:peruttiin|perui|perunut|peruutettiin|keskeytettiin)" + _Q + r"\b", "cancelled"),
        (r"\b(?:alkoi|alko|alkoivat|alkanut|kaynnistyi|kaynnisty|lahti)" + _Q + r"\b", "started"),
        (r"\b(?:valmistui|valmistu|valmistuivat|valmistunut|loppui|loppu)" + _Q + r"\b", "finished"),
        (r"\b(?:kesti|kestanyt)" + _Q + r"\b", "took"),
        (r"\b(?:kaytti|kulutti|kuluttanut|kayttanyt|veti|vei|syonyt|syoda|soi)" + _Q + r"\b", "used"),
        (r"\b(?:kayttaa|kuluttaa|vetaa)\b", "uses"),
        (r"\bis\s+(?:kayttanyt|kuluttanut|vetanyt)\b", "has used"),
        (r"\bis\s+mennyt\b|\bmeni\b", "were used"),
        # pronouns and the small words: "se/sen/sitä/sillä" (it, its, on it), "toi/tuo/tää" (that, this)
        (r"\b(?:ma|mina|maa)\b", "I"),
        (r"\b(?:sa|sina|saa)\b(?!\s*(?:\d|%))", "you"),
        (r"\b(?:mulla|minulla)\b", "I have"),
        (r"\b(?:mun|minun)\b", "my"),
        (r"\bsilla\b|\bsiina\b", "on it"),
        (r"\bsen\b(?=\s*(?:[?.!,]|$))", "it"),
        (r"\bsen\b", "its"),
        (r"\b(?:sita|siita|sille|se)\b", "it"),
        (r"\b(?:toi|tuo|ton|tuon|tota|tuota)\b", "that"),
        (r"\b(?:taa|tama|tan|taman|tata)\b", "this"),
        (r"\bjotain\b|\bjotakin\b|\bmitaan\b|\byhtaan\b", "any"),
        (r"\buutta\b", "new"),
        (r"\bsiella\b|\btuolla\b|\bsinne\b", "there"),
        (r"\btakas\b|\btakaisin\b", "back"),
        (r"\btoistaseks\b|\btoistaiseksi\b", "for now"),
        (r"\bvikana\b", "wrong"),
        (r"\blahtee\b|\blahtis\b", "starts"),
        (r"\betta\b", "that"),
        (r"\byli\b", "above"),
        (r"\balle\b", "below"),
        (r"\bkaikki\b|\bkaikkien\b", "all"),
        (r"\b(?:ja|seka)\b", "and"),
        (r"\b(?:vai|tai)\b", "or"),
        (r"\bovat\b", "are"),
        (r"\b(?:oli|olivat|ollut)\b", "was"),
        (r"\bei\b", "not"),
        (r"\b(?:moi|moikka|hei|heippa|terve|moro)\b,?", "hi,"),
        (
            r"\b(?:jo|vaan|nyt|ihan|viela|kyl|kylla|vissiin|muuten|siis|niinku|sitten|sit|kuitenkin|kuitenki)\b",
            "",
        ),
    )
)


def finnish_marked(text: str) -> bool:
    """Whether ``text`` shows Finnish's marks (:data:`_FINNISH_MARK`), with or without its dots."""
    return marked_unaccented(text, _FINNISH_MARK, _UNACCENTED)


def finnish(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Finnish (:data:`_FINNISH_MARK`): its letters without their dots,
    then its endings, phrases and words (:data:`_FINNISH`); else as it was."""
    return read_unaccented(text, lean, "finnish", finnish_marked, _UNACCENTED, _FINNISH)
