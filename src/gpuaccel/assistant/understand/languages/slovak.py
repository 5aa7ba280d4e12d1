"""Slovak read in English: written whole or mixed with English words of the trade, as a Bratislava lab types
it on a chat (mostly without its diacritics: "kolko pamate je teraz obsadena na h100", "preco padol X", "kedy
skoncil", "pusti ho"), where the message has marks of its own. Slovak is Czech's sibling: most of its words
are Czech's ("teplota", "bezi", "vcera", "zrus", "na", "je"), and where they differ they differ by a
spelling ("kedy" Czech's "kdy", "preco" "proc", "kolko" "kolik", "bezal" "bezel", "pamat" "pamet", "sa"
"se"). So its own spellings are read as Czech's, then Czech's table reads the message
(:data:`czech.CZECH`): one reading of each word the two languages share. It is read before Slovenian,
Serbian-Croatian, Czech and Polish, whose words it shares ("kolko" Serbian's and Slovenian's, "pusti"
Serbian's, "teraz" Polish's, "daj" Slovenian's, "ako" and "sa" Tagalog's): those are read as its own only
beside a word of Czech's (a Slovak message says them with the words it shares with Czech), or in a
conversation read in Slovak."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.czech import CZECH, CZECH_MARK, VERB_STEM
from gpuaccel.assistant.understand.languages.serbo_croatian import serbo_croatian_marked
from gpuaccel.assistant.understand.languages.slovenian import slovenian_marked
from gpuaccel.assistant.understand.languages.tables import Lean, carried, compiled, read_unaccented

# each Slovak letter with a diacritic, and the plain letter a writer typing fast puts for it ("koľko" and
# "kolko", "pamäť" and "pamat", "môžeš" and "mozes" are one word)
_UNACCENTED = str.maketrans("áäčďéíĺľňóôŕšťúýžÁÄČĎÉÍĹĽŇÓÔŔŠŤÚÝŽ", "aacdeillnoorstuyz" + "AACDEILLNOORSTUYZ")

# a message is Slovak where it has a letter only Slovak writes (ľ ĺ ŕ) or one of its own words, read without
# diacritics; none of them Czech's or another language's word ("kolko", "pusti", "teraz", "daj", "ako", "sa"
# are others' too: :data:`_SHARED`)
_MARK = re.compile(
    r"[ľĺŕĽĹŔ]|\b(?:"
    # question words
    r"kedy|odkedy|preco|aky|ake|aku|akom|akej|akeho|akych|aka(?= je\b)|dlho|vobec"
    # moments and spans
    r"|prave teraz|zatial|celkovo|dokopy|posledn(?:u|e|y|a|ych|ej|om|eho)|zajtra|poobede|dopoludni\w*"
    # verbs, and an English verb given its infinitive's ending ("resetnut", "pauznut")
    r"|bezal\w*|bezat|padol|spadol|dopadol|zlyhal\w*|rozbehol\w*|rozbehla|stihol|stihla|stihlo|zobral\w*"
    r"|potrebujem|skus|este raz|prepac|prepacte|co sa|sa stalo|nech sa|nech(?:\s+\S+){0,2}\s+bezi"
    r"|myslel som|myslela som"
    rf"|pusti (?:ho|ju|ich)|(?:{VERB_STEM})nut"
    # nouns in their cases
    r"|vyuzitie|vytazenie|priemer\w*|pamat\w*|riad(?:ok|ky|kov|ku)|wattov|obsaden\w*|podrzan\w*|chvilu|nieco"
    r"|niekto"
    r"|vo fronte"
    r")(?!\w)",
    re.I,
)
# Slovak's words that Czech writes otherwise but another language writes so (Serbian's and Slovenian's
# "kolko", Serbian's "pusti", "sa" and "mozes", Polish's "teraz" and "ktory", Slovenian's "daj" and "caka",
# Tagalog's "ako" and "sa", Hindi's "bolo"): Slovak's where Czech's words are said beside them ("daj mu
# prioritu", "kolko trval") and the rest of the message shows none of Serbian's or Slovenian's
# (:func:`_beside_czech`)
_SHARED = re.compile(
    r"\b(?:kolko|teraz|daj|dajte|bol|bola|bolo|boli|som|ako|sa|so|vo|iba|este|ktor\w+|mal|mala|malo"
    r"|cak(?:a|aju|al|ala|alo|ali)|pusti|aj|ju|mozes|mozete)\b",
    re.I,
)

# Slovak's own spellings as Czech's (or in English, where Czech's table has no word for them), read before
# Czech's table (:data:`czech.CZECH`) reads the message
_OWN = compiled(
    (
        # questions: "kolko" how much, "kedy" when, "odkedy" since when, "preco" why, "ako (dlho)" how
        # (long), "aky" what, "ktory" which, "kto" who: Czech's words for them
        (r"\bod\s?kedy\b", "od kdy"),
        (r"\bkedy\b", "kdy"),
        (r"\bpreco\b", "proc"),
        (r"\bkolko\b", "kolik"),
        (r"\bdlho\b", "dlouho"),
        (r"\bako\b", "jak"),
        (r"\bak(?:y|a|e|u|om|ej|eho|ych|ou)\b", "jaky"),
        (r"\bktor(?:y|a|e|u|om|ych|eho|ej)\b", "ktery"),
        (r"\bkto\b", "who"),
        # moments and spans
        (r"\b(?:prave\s+)?teraz\b", "ted"),
        (r"\bzajtra\b", "zitra"),
        (r"\bpoobede\b", "odpoledne"),
        (r"\bdopoludni\w*", "dopoledne"),
        (r"\bposledn(?:u|e|y|a|ych|ej|om|eho)\b", "posledni"),
        (r"\b(?:celkovo|dokopy)\b", "celkem"),
        (r"\bzatial\b", "zatim"),
        (r"\beste\s+(?:raz|jeden\s+krat)\b", "jeste jednou"),
        (r"\beste\b", "still"),
        (r"\bchvil(?:u|ku|ocku)\b", "chvili"),
        # verbs: the past's "-ol" Czech's "-l" ("padol", "dopadol"), "bezal" Czech's "bezel", "caka" its
        # "ceka", "bol" its "byl", "mal" its "mel"; "stihol bezat" (managed to run) ran
        (r"\bstih(?:ol|la|lo|li)\s+bezat\b", "bezel"),
        (r"\bbezal", "bezel"),
        (r"\bbezat\b", "bezet"),
        (r"\b(s?pad|dopad)ol\b", r"\1l"),
        (r"\bzlyhal", "selhal"),
        (r"\brozbeh(?:ol|la|lo|li)\b", "spustil"),
        (r"\bcak(?=a\b|aju\b|al\w*)", "cek"),
        (r"\bcekaju\b", "cekaji"),
        (r"\bbol(a|o|i|y)?\b", lambda m: "byl" + (m[1] or "")),
        (r"\bmal(a|o|i|y)?\b", lambda m: "mel" + (m[1] or "")),
        (r"\bzobral[aoi]?\b", "spotreboval"),
        (r"\bobsaden\w*", "obsazeno"),
        (r"\bpotrebujem\b", "potrebuju"),
        (r"\briad(?:ok|ku)\b", "radek"),
        (r"\briad(?:ky|kov|koch)\b", "radky"),
        (r"\bmoz(?:es|ete)\b|\bmohol by si\b|\bmohla by si\b|\bmohli by ste\b", "can you"),
        (r"\bskus(?:te)?\b", "zkus"),
        (r"\bpusti(?:te)?\b", "pust"),
        (r"\bdaj(?:te)?\b", "dej"),
        (r"\bnieco\b", "neco"),
        (r"\bpodrzan\w*", "on hold"),
        (r"\bniekto\b", "someone"),
        (r"\bso\b", "with"),  # (read before "nech" says "so that")
        # "nech (X) bezi" (let X run): X should run; "nech" else so that
        (r"\bnech\s+((?:\S+\s+){0,2}?)(?:bezi|ide)\b", r"\1should run"),
        (r"\bnech\b", "so that"),
        (r"\bide\b", ""),
        (r"\bvobec\b", ""),
        # nouns in their cases
        (r"\bpamat\w*", "pameti"),
        (r"\bvyuziti[ea]\b", "vyuziti"),
        (r"\bvytazeni[ea]\b", "vytizeni"),
        (r"\bpriemer", "prumer"),
        (r"\bwatt?ov\b", "wattu"),
        # the small words: "sa" Czech's "se", "som" its "jsem" ("myslela som" I meant), "vo" its "ve",
        # "so" with, "aj" also ("aj tak" anyway), "iba" and "len" only, "ju" her, "nie" no
        (r"\bsa\b", "se"),
        (r"\bsom\b", "jsem"),
        (r"\bprepac(?:te)?\b", "sorry"),
        (r"\bvo\b", "ve"),
        (r"\baj tak\b", "anyway"),
        (r"\baj\b", "also"),
        (r"\b(?:iba|len)\b", "jen"),
        (r"\bju\b", "ji"),
        (r"\bich\b", "them"),
        (r"^\s*nie\b", "ne"),
        (r"\bnie\b", "not"),
    )
)
_TABLE = _OWN + CZECH


# letters Slovak never writes: Czech's ě ř ů, Serbian's and Croatian's ć đ, Polish's, Hungarian's, Turkish's,
# Romanian's and the Romance, Germanic and Nordic ones; a message with one is another language's
_NOT_SLOVAK = re.compile(r"[ěřůĚŘŮćđąęłśźżńőűıİğşșțăñãõàèìòùêëïœöüßåæøÖÜ]")


def slovak_marked(text: str, lean: Lean | None = None) -> bool:
    """Whether ``text`` shows Slovak's marks without or with its diacritics, and no letter of another
    language's (:data:`_NOT_SLOVAK`): a word of its own (:data:`_MARK`), or a word it shares with another
    language (:data:`_SHARED`) beside one of Czech's; in a conversation read in Slovak (``lean``), either
    alone ("a energie kolko?", "tak ho zrus")."""
    if _NOT_SLOVAK.search(text):
        return False
    plain = text.translate(_UNACCENTED)
    if _MARK.search(text) or _MARK.search(plain):
        return True
    if carried(lean, "slovak"):
        return bool(CZECH_MARK.search(plain) or _SHARED.search(plain))
    return _beside_czech(plain)


def _beside_czech(plain: str) -> bool:
    """Whether ``plain`` (without diacritics) says a word of :data:`_SHARED` beside one of Czech's, the rest
    of it no word of Serbian's or Slovenian's (whose words Czech's mark shares: "koliko", "prosim"): "kolko
    trval" is Slovak, "koliko je radio, sa svim pokusajima" Serbian, "daj mi povzetek, prosim" Slovenian."""
    if not _SHARED.search(plain):
        return False
    rest = _SHARED.sub(" ", plain)
    return bool(CZECH_MARK.search(rest)) and not (serbo_croatian_marked(rest) or slovenian_marked(rest))


def slovak(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Slovak (:func:`slovak_marked`): its letters without their
    diacritics, its own spellings as Czech's, then Czech's table; else as it was."""
    marked = slovak_marked(text, lean)
    return read_unaccented(text, lean, "slovak", lambda _: marked, _UNACCENTED, _TABLE)
