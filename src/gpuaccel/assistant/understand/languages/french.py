"""French read in English: its words said in passing in any message (:data:`_FRENCH_WORDS`), and French
written whole where the message has marks of its own."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.portuguese import portuguese_marked
from gpuaccel.assistant.understand.languages.tables import (
    REQUEST_VERBS,
    Lean,
    compiled,
    english_verb,
    ing_form,
    past_form,
    reads,
    translated,
)

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
    (r"\bt[ée]mp[ée]rature\b", "temperature"),  # (accents often left off: "temperature", "energie")
    (r"\bm[ée]moire\b", "memory"),
    (r"\bpuissance\b", "power"),
    (r"\bconsommation\b", "consumption"),
    (r"\b[ée]nergie\b", "energy"),
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
# compiled once: read in any message by :func:`languages.in_passing.in_passing`, and inside French written
# whole between its phrases and its function words
FRENCH_IN_PASSING = compiled(_FRENCH_WORDS)

# French written whole (France's and Québec's), read only in a message with marks of its own (a letter
# Spanish does not have, or one of its own words): its phrases and function words in English ("Elle est
# restée combien de temps au-dessus de 80 °C, la H100 ?" is "how long was it above 80 °C, the H100?"); the
# words any message may say in passing are :data:`_FRENCH_WORDS`, read after

# the English verbs of the trade a Québec writer gives a French ending, its last consonant often doubled
# ("canceller", "cancelle-la", "updater", "runne", "runnait", "a fail", "a cancellé"), each read by
# :func:`tables.english_verb` ("updat" update, "releas" release); where the ending is French's alone ("a
# crashé", "runnait", "cancellée"), a mark of French
_STEM = (
    "cancel|kill|hold|releas|paus|restart|rerun|retry|submit|delet|stop|run|fail|crash|check|updat|upgrad"
    "|reboot|launch|start"
)
_DOUBLED = r"(?:(?<=l)l|(?<=n)n|(?<=p)p|(?<=t)t)?"  # ("cancell-", "runn-", "stopp-", "submitt-")
# what only French writes, not Italian either (which reads first: "non", "quel", "la" are its words too): an
# imperative given its pronoun ("relance-le", "cancel-le", "mets-le en hold", "compare-moi"), Québec's
# "pis" (and then), "astheure" (now), "y'a", "y'est", "qu'y" (il a, il est, qu'il), "c'est", "j'ai", "peux-tu"
_FRENCH_SURE = (
    r"[a-z]+-(?:le|la|les|moi)|pis|faque|astheure|y['’](?:a|est|était|etait|attend)|qu['’]y|c['’]est|j['’]ai"
    r"|peux-tu|c['’](?:était|etait)"
)
_FRENCH_OWN_WORDS = (
    r"\b(?:combien|quelle?s?|pourquoi|depuis|aujourd['’]hui|est-ce|qu['’]est|c['’]est|vous"
    r"|elle|ils|tourné|tournait|consommé|annulez|relance|relancez|libérez|supprimez|mettez|journée|dernière"
    r"|dernières|heures|moyenne|carte|cartes|merci|svp|quoi|tâche|tentatives|essais|premier|première|tout"
    r"|toutes|bonjour|liste|septante|nonante|ventilo|glande|stp|priorit[ée]|devant|d[ée]pendai(?:t|ent)|conso"
    r"|seulement|lequel|laquelle|dans|dur[ée]e|qu['’]il|l['’]instant|en ce moment|m[ée]moire|voulais|tu peux"
    r"|mets|repars|repartez|(?:a |ont )?(?:" + _STEM + r")" + _DOUBLED + r"(?:ée|és|ées|ait|aient)"
    r"|(?:a|ont) (?:" + _STEM + r")" + _DOUBLED + r"é"  # (not "é" alone: Spanish's "pausé", "cancelé")
    r"|" + _FRENCH_SURE + r")\b"
)
_FRENCH_MARK = re.compile(r"[àâçèêëîïôûùœ]|" + _FRENCH_OWN_WORDS, re.I)
# what Portuguese never writes: a letter of French's own or one of its words; where a message has only the
# letters the two share ("potência", "diferença", "à tarde", "você") and is Portuguese, it is not French
_FRENCH_OWN = re.compile(r"[èëîïûùœ]|" + _FRENCH_OWN_WORDS, re.I)
_FRENCH_SURE_MARK = re.compile(r"\b(?:" + _FRENCH_SURE + r")\b", re.I)
_FRENCH_UNACCENTED = str.maketrans("àâçèéêëîïôûùœÀÂÇÈÉÊËÎÏÔÛÙŒ’", "aaceeeeiiouuoAACEEEEIIOUUO'")
# French typed on a phone, spelled out as the French the tables below read (as hindi.py's Urdu spellings
# are): "c quoi" (c'est), "g fini" (j'ai; only before a word that follows "j'ai", so "option c" and "g" in
# English stay), "jsuis"/"chui", "jdois", "jen", "pk"/"pq", "qd", "ajd", "mtn", "bcp", and an imperative's
# pronoun without its hyphen ("relache le", "mets la en pause": relâche-le); its fillers ("mdr", "tkt",
# "wesh", "de ouf") say nothing asked
_FRENCH_SMS = compiled(
    (
        (r"\bkoi\b", "quoi"),  # "c koi la file" (c'est quoi)
        (
            r"\bc\s+(?=(?:quoi|qui|quel|quelle|quels|bon|combien|moi|toi|lui|pas|ok|urgent|fini|normal|mort"
            r"|possible|mieux|trop|tout|vrai|quand|comment|pour|grave|chaud|long|la|le|ca|un|une)\b)",
            "c'est ",
        ),
        (
            r"\bg\s+(?=(?:besoin|fini|mis|lance|relance|vu|eu|pas|plus|rien|oublie|annule|essaye|compris|deja"
            r"|juste|teste|fait|regarde|trouve|perdu|lu|un|une|l['’])\b)",
            "j'ai ",
        ),
        (r"\bjai\b", "j'ai"),
        (r"\b(?:jsuis|chui|chuis|jsui)\b", "je suis"),
        (r"\bj(dois|sais|peux|veux|vais|pense|crois|comprends)\b", r"je \1"),
        (r"\bjen\b", "j'en"),
        (r"\bct\b", "c'etait"),
        (r"\b(?:pk|pq|pourquoi)\b", "pourquoi"),
        (r"\bqd\b", "quand"),
        (r"\b(?:ajd|auj|ajdh)\b", "aujourd'hui"),
        (r"\bmtn\b", "maintenant"),
        (r"\bbcp\b", "beaucoup"),
        (r"\b(?:tjrs|tjs)\b", "toujours"),
        (r"\bdsl\b", "desole"),
        (r"\b(?:tkt|mdr|ptdr|wesh)\b[.!,]?|\bde ouf\b", ""),
        (
            r"\b(annule|annulez|relance|relancez|relache|relachez|libere|liberez|mets|mettez|passe|passez"
            r"|arrete|arretez|suspends|suspendez|supprime|supprimez|reprends|reprenez)\s+(le|la|les)\b"
            r"(?=\s*(?:[,.!?]|$|stp\b|svp\b))",
            r"\1-\2",
        ),
    )
)
# such a verb, after "a" (has) or none, with its ending or none
_ENGLISH_VERB = (
    rf"\b(?P<aux>(?:a|ont|avait|avaient)\s+)?(?P<stem>{_STEM}){_DOUBLED}"
    r"(?P<ending>er|ez|ee?s?|ait|aient|ent|ant)?\b"
)


def _english_verb(m: re.Match[str]) -> str:
    """An English verb with a French ending, in English: after "a" (has) its past ("a fail" failed, "a
    cancellé" cancelled), the imperfect ("runnait") was doing it, the participle ("runnant") doing it, the
    infinitive and the present ("canceller", "cancelle-la", "qu'elle runne") the verb; a bare English verb
    with no "a" before it as it was."""
    verb, ending = english_verb(m["stem"]), (m["ending"] or "").lower()
    if m["aux"] and ending in ("", "e", "ee", "es", "ees"):
        return past_form(verb)
    aux = m["aux"] or ""
    if ending in ("ait", "aient"):
        return f"{aux}was {ing_form(verb)}"
    if ending == "ant":
        return aux + ing_form(verb)
    return aux + (verb if ending else m["stem"])


# the article "de" is joined to ("du 12": le 12, "de la 13": la 13), kept where a phrase drops "de"
_ARTICLE_OF = {"du": "le ", "de la": "la "}

_FRENCH = compiled(  # phrases, read first
    (
        # an English verb given a French ending (:func:`_english_verb`), read first so that each phrase
        # below reads it as it reads its French ("cancelle-la" as "annule-la", "qu'elle runne" as "roule")
        (_ENGLISH_VERB, _english_verb),
        # Québec's spoken "y" for "il" ("y'a roulé" il a roulé, "y'est mort" il est mort, "qu'y roule"
        # qu'il roule), read as the standard French the rest reads; "y'a" before no past participle is
        # "il y a" ("y'a-tu un job", "y'a combien de jobs": is there, how many), and "c'tu" is "c'est-tu"
        (r"\by['’]a[- ]t?[- ]?(?:tu|il)\b", "is there"),
        (
            r"\by['’]a\s+(?!(?:une|personne|quelque|encore|juste|comme|genre|presque|rien|de|des|du)\b)"
            r"(?=[a-z]+(?:e|i|is|it)\b)",
            "il a ",
        ),  # ("y'a duré", "y'a essayé", "y'a fini", "y'a mis"; not "y'a une job")
        (r"\by['’](?=(?:est|etait|attend|attendait|roule|roulait|tourne|tournait)\b)", "il "),
        (r"\bqu['’]y\b", "qu'il"),
        (r"\bc['’]tu\b", "c'est-tu"),
        (r"\bpis\b", "and"),  # "pis la 4090?" (and then): a follow-up, or "X pis Y"
        (r"\b(?:faque|fak|fait que)\b", "so"),  # Québec's "faque" (so): "ok faque relance-le"
        # Québec's filler "là" after a word that opens a reply ("ok là, kill it", "bon là", "ben là"): it says
        # nothing asked (its accent is gone here: "la" before its comma or the end only, as "ok la carte" is
        # the card)
        (r"\b(ok|okay|bon|ben|coudonc|attends|genre|so|well)\s+la(?=\s*(?:[,.!?]|$))", r"\1"),
        (r"\bastheure\b", "now"),
        # Belgium's numbers ("septante degrés"), everyday words ("ventilo", "glande", "qd", "pk"), and an
        # English verb given a French pronoun ("release-le", "kill-le", "flush-la": any verb of a request)
        (r"\bseptante\b", "70"),
        (r"\b(?:octante|huitante)\b", "80"),
        (r"\bnonante\b", "90"),
        (r"\bdegres\b", "degrees"),
        (r"\bune fois\b", ""),
        (r"\bventilos?\b", "fan"),
        (r"\b(?:a|ont) glande\b", "was idle"),  # "elle a glandé combien de temps"
        (r"\b(?:glande|glandait|(?:ne )?fout rien|(?:ne )?foutait rien)\b", "is idle"),
        (r"\bqd\b", "when"),
        (r"\bpk\b", "why"),
        (
            r"\b(" + REQUEST_VERBS + r"|remove|flush|clear|drop|bump)-(le|la|les)\b",
            lambda m: f"{m[1]} {'them' if m[2].lower() == 'les' else 'it'}",
        ),
        # "mets-le en hold", "peux-tu le mettre en pause", "c moi qui l'a mis on hold": the request's verb
        (r"\b(?:mets|mettez|met)-(?:le|la|les) (?:en|on) (pause|hold)\b", r"\1 it"),
        (r"\b(?:le|la|les) (?:mettre|mets|mettez) (?:en|on) (pause|hold)\b", r"\1 it"),
        (
            r"\b(?:l['’]a|les a|l['’]ai|les ai|l['’]avais|l['’]avait) mise?s? (?:on|en) hold\b",
            "put it on hold",
        ),
        # "mets sa priorité à 10", "bump sa prio à 10" ("prio": priorité cut short), "change sa mémoire à
        # 20000 MiB": its priority or its memory set to that value ("à" before it: to)
        (
            r"\b(?:mets|mettez|met|change|changez|bump|monte|montez|baisse|baissez)\s+(?:sa|son|la)\s+"
            r"(priorite|prio|memoire)\s+a\s+(?=\d)",
            lambda m: f"set its {'memory' if m[1].lower() == 'memoire' else 'priority'} to ",
        ),
        (r"\braconte-moi\b|\bracontez-moi\b", "tell me"),
        (r"\bblague\b", "joke"),
        (r"\bavant de (?:mourir|crasher|planter|mourrir)\b", "before it died"),
        (r"\bpendant quel (?:job|run)\b", "during which job"),
        (r"\b(?:laquelle|lequel) a ete (?:la|le) plus chaude?\b", "which was the hottest"),
        (r"\b(?:la|le) plus chaude?\b", "the hottest"),
        (r"\b(?:laquelle|lequel)\b", "which"),
        (r"\bqui venait derriere\b|\bd['’]apres\b", "after it"),
        (r"\bsortir (?:ca )?par carte\b", "per card"),
        # requests, said to "vous" or to "tu" ("relancez-le": get it going again, a paused job resumed and
        # an ended one retried; "mettez le mistral en pause": pause it)
        (r"\b(?:relancez|relance|relancer|redemarrez|redemarre)-(?:le|la|les)\b", "get it going again"),
        (r"\b(?:relancez|relancer|redemarrez)\b", "retry"),
        # "mets le en pause", "passe la en priorité" (the hyphen left off): it, the job just said
        (r"\b(mets|mettez|met|passe|passez)\s+(?:le|la)\s+(?=en\s)", r"\1 it "),
        (r"\b(?:mettre|mettez|mets|met)\s+(.{1,40}?)\s+(?:en|on) (pause|hold)\b", r"\2 \1"),
        # "mettez le 12 en attente" (put on hold), "mets-la en attente"
        (r"\b(?:mettre|mettez|mets|met)-(?:le|la|les) en attente\b", "hold it"),
        (r"\b(?:mettre|mettez|mets|met)\s+(.{1,40}?)\s+en attente\b", r"hold \1"),
        # "suspends-le", "suspendez le 11": paused
        (r"\b(?:suspendez|suspends|suspendre|suspend)-(?:le|la|les)\b", "pause it"),
        (r"\b(?:suspendez|suspends|suspendre)\b", "pause"),
        # "passe le 13 devant le 12", "mettez-le avant le 12": the two swapped in the queue
        (r"\b(?:passe|passez|mets|mettez)[- ](?:le|la)\s+(?:devant|avant)\b", "put it ahead of"),
        (
            r"\b(?:passe|passez|mets|mettez|fais passer|faites passer)\s+(.{1,30}?)\s+"
            r"(?:devant|avant)\s+(?=(?:le|la|l['’]|job)\b)",
            r"put \1 ahead of ",
        ),
        # "mets le X en priorité haute, genre 10" (its priority set to that number), "passe-le en priorité
        # max" (raised)
        (
            r"\b(?:mets|mettez|met|passe|passez)\s+(.{1,40}?)\s+en priorite"
            r"(?:\s+(?:haute|basse|max\w*|elevee))?\D{0,20}?\b(?:genre|a|au|vers|comme)\s+(-?\d+)\b",
            r"set the priority of \1 to \2",
        ),
        (
            r"\b(?:mets|mettez|met|passe|passez)\s+(.{1,40}?)\s+en priorite(?:\s+(?:haute|max\w*|elevee))?\b",
            r"prioritize \1",
        ),
        # a priority or a memory raised or set "à 10" (or "genre 10": say 10): set to that number; the
        # article kept before the job ("de la 13": la 13, read as a job below)
        (
            r"\b(?:monte|montez|augmente|augmentez|baisse|baissez|mets|mettez|change|changez)\s+"
            r"(?:la\s+)?(priorite|memoire)\s+(du|de la|de l['’]|de)\s*(.{1,40}?),?\s+"
            r"(?:genre|a|au|vers|comme)\s+(\d+)\b",
            lambda m: f"set the {'memory' if m[1].lower() == 'memoire' else 'priority'} of"
            f" {_ARTICLE_OF.get(m[2].lower(), '')}{m[3]} to {m[4]}",
        ),
        (r"\b(?:annulez|annule|annuler)-(?:le|la|les)\b", "cancel it"),
        (r"\b(?:annulez|annuler)\b", "cancel"),
        # the imperative before its object ("annule le 12", "arrête le mistral"; "annulé" after it is done)
        (r"\b(?:annule|arrete|arretez)\s+(?=(?:le|la|les|l['’]|job|tout|ca)\b)", "cancel "),
        (r"\b(?:arretez|arrete)-(?:le|la|les)\b", "cancel it"),
        (r"\b(?:relance|relancez)\s+(?=(?:juste\s+)?(?:le|la|les|l['’]|job|celui|celle|ca)\b)", "retry "),
        (r"\b(?:liberez|libere|liberer|relachez|relache|relacher)-(?:le|la|les)\b", "release it"),
        (r"\b(?:liberez|liberer|relachez|relacher)\b", "release"),
        # "remets-le en route", "tu peux le remettre en route": resumed
        (r"\b(?:remets|remettez|remettre)-(?:le|la)\s+en (?:route|marche)\b", "resume it"),
        (r"\b(?:le|la) (?:remettre|remets|remettez) en (?:route|marche)\b", "resume it"),
        (r"\b(?:supprimez|supprime|supprimer|retirez)-(?:le|la|les)\b", "remove it"),
        (r"\b(?:supprimez|supprimer)\b", "remove"),
        (r"\b(?:reprenez|reprends|reprendre)-(?:le|la)\b", "resume it"),
        # Québec's "repartir" (start it going again: "tu peux la repartir" of the paused queue, "repars-le")
        (
            r"\b(?:repars|repartez|repartir)-(?:le|la|les)\b|\b(?:le|la|les) (?:repartir|repars|repartez)\b",
            "get it going again",
        ),
        # "repart le queue", "repars la 12": said before what it starts again (a paused queue resumed)
        (r"\b(?:repars|repart|repartez)\s+(?=(?:le|la|les|l['’]|job|tout)\b)", "restart "),
        # "tu peux le reprendre" (resume it), "reprends le mistral"; "bloque le 12" holds it
        (r"\b(?:le|la) (?:reprendre|reprends|reprenez)\b", "resume it"),
        (r"\b(?:reprenez|reprends|reprendre)\b", "resume"),
        (r"\b(?:bloquez|bloque|bloquer)-(?:le|la)\b|\b(?:le|la) (?:bloquer|bloque|bloquez)\b", "hold it"),
        (r"\b(?:bloquez|bloque|bloquer)\b", "hold"),
        # "et le 13 aussi plus haut" (its priority higher); "au-dessus de 80 degrés" above a value
        (r"\bplus haut\b", "higher"),
        (r"\bau[- ]dessus\s+(?:de|du|des|d['’])?\s*", "above "),
        # "mettre le 12 sur la carte 1 plutôt que d'attendre la 0": put it there instead of waiting for it
        (r"\bplutot que (?:d['’]attendre|de l['’]attendre)\b", "instead of waiting for"),
        (r"\bplutot que\b", "instead of"),
        (r"\b(?:mettre|mets|mettez|met)\s+(?=(?:le|la|l['’])\s*\S+\s+sur\b)", "put "),
        (r"\b(?:mets|mettez|met)-(?:le|la|les)\s+sur\b", "put it on"),  # "mets-le sur 1 GPU", "sur la 1"
        # "pic de puissance" (peak power), "pendant ce temps" (during that time, not a temperature)
        (r"\bpics?\b", "peak"),
        (r"\b(?:pendant|dans) ce temps(?:[- ]la)?\b", "during that time"),  # (Québec's "dans ce temps-là")
        (r"\bc['’]etait quand\b", "when was it"),  # "pic de puissance, c'était quand et avec quel job?"
        (r"\b(?:a|ont) attendu le plus (?:longtemps)?\b", "waited the longest"),
        (r"\bdur[ée]es?\b", "duration"),
        (r"\baussi\b", "too"),
        (r"\bpour l['’]instant\b", "for now"),
        # "celui du 4" (job 4's, after another job's answer)
        (r"\b(?:celui|celle) du (\d+)\b", r"that of job \1"),
        (r"\bc['’]est bon\b", "ok"),  # "c bon tu peux le reprendre" (ok, resume it)
        (r"\btel quel\b", "as it is"),
        (r"\ben fait non\b", "actually no"),  # "relance-le... en fait non, retry-le": the request said last
        (r"\ben fait\b", "actually"),
        (r"\bau juste\b|\bexactement\b", "exactly"),
        (r"\bjuste\b", "just"),
        (r"\bsi oui\b", "if so"),
        (r"\boui\b", "yes"),
        (r"\bc(?:['’]est)? moi qui\b", "it is me who"),  # "c moi qui l'a mis on hold" (texting's "c": c'est)
        (r"\b(?:compare|comparez)-moi\b", "compare"),
        (r"\b(?:montre|montrez)-moi\b", "show me"),
        (r"\b(?:donne|donnez)-moi\b", "give me"),
        # "j'en ai plus besoin", "on en a pu besoin" (Québec's "pu": plus; "on": we), "on n'en a pas besoin"
        (
            r"\b(?:j['’]en ai|j['’]en n['’]ai|on en a|on n['’]en a) (?:plus|pas|pu) besoin\b",
            "i do not need it anymore",
        ),
        # "ôte-le de la liste": from the list
        (r"\b(?:de|hors de) la liste\b", "from the list"),
        (r"\bliste\b", "list"),
        # a correction: "je voulais dire le 13" (I meant job 13), "c'est le 13 que je voulais (relancer), pas
        # le 12" (I meant job 13, not job 12), "oups non" (oops, no)
        (r"\bje (?:voulais|veux) dire\b", "i meant"),
        (
            r"\bc['’]est (.{1,40}?) que (?:je voulais|je voulait|j['’]voulais)\b"
            r"[^,.!?]{0,40}?(?=\s*[,.!?]|$)",
            r"i meant \1",
        ),
        (r"(?<=,)\s*pas\s+(?=(?:le|la|l['’]|job|\d)\b)", " not "),
        (r"\boups\b", "oops"),
        (r"\bnon\b(?=\s*[,.!?])", "no"),
        (r"\bc['’]est qui qui\b", "who"),  # "c'est qui qui l'a arrêté ?" ("qui est-ce qui" read as before)
        (r"\bl['’](?:a|ont) (?:arrete|annule|tue)\b", "cancelled it"),
        (r"\bj['’]ai besoin (?:du|de la|des)\b", "i need the"),
        (r"\bj['’]ai besoin d['’]|\bj['’]ai besoin de\b", "i need "),
        (r"\bje veux\b", "i want"),
        (
            r"\b(?:t['’]en penses|tu en penses|vous en pensez) quoi\b|\bqu['’]en penses[- ]tu\b",
            "what do you think",
        ),  # ("bf16 ou fp16, t'en penses quoi?": an opinion asked)
        (
            r"\bcomment (?:je fais|on fait|faire|fait-on)(?: (?:du|de la|des)\b| de l['’]| de\b)?",
            "how do i do",
        ),  # ("comment je fais du gradient checkpointing?": a how-to, not this machine)
        (r"\bs['’]il (?:vous|te) pla[iî]t\b|\bsvp\b|\bstp\b", "please"),
        (r"\bvous pouvez\b|\bpouvez-vous\b|\btu peux\b|\bpeux[- ]tu\b", "can you"),
        (r"\bme faire un point sur\b|\bfaire le point sur\b", "give me an overview of"),
        (r"\bun conseil pour\b", "what is a good way to"),
        (
            r"\bc['’]est quoi la (?:difference|diff)\b entre\b|\bquelle est la (?:difference|diff) entre\b",
            "what is the difference between",
        ),
        # questions
        (r"\bdepuis quelle heure\b|\bdepuis quand\b", "since when"),
        (r"\b(?:c['’]etait |et )?a quelle heure\b", "at what time"),
        (r"\bil en est ou\b|\bou en est[- ]il\b|\bou en est\b", "where is it in its training"),
        # "ça fait combien de temps qu'il roule", "il attend depuis combien de temps": how long it has been
        (
            r"\b(?:ca fait combien de temps qu['’]|depuis combien de temps )(?:il|elle) "
            r"(roule|tourne|run|attend)\b|\b(?:il|elle) (roule|tourne|run|attend) depuis combien de temps\b",
            lambda m: "how long has it been " + ("waiting" if "attend" in (m[1] or m[2]) else "running"),
        ),
        (r"\b(?:il|elle) a (?:dure|tourne|roule) combien de temps\b", "how long did it run"),
        (r"\b(?:a|ont) attendu combien(?: de temps)?\b", "waited how long"),  # "elle a attendu combien?"
        (r"\b(?:il|elle) a (?:essaye|tente|ete relancee?) combien de fois\b", "how many times did it try"),
        (r"\bcombien de fois\b", "how many times"),
        # what a job asks for: "elle demande combien de mémoire par GPU?" (how much memory it asks for)
        (r"\b(?:il|elle) (?:demande|veut) combien (?:de |d['’])\s*(\w+)", r"how much \1 does it ask for"),
        (r"\bpar\s+(?=(?:gpu|job|heure|jour)s?\b)", "per "),
        # "idle combien ?" (for how long), "et la 1 hier elle a fait combien ?" (how much it did)
        (r"\b(idle|au repos|occupee?s?) combien\b(?! d)", r"\1 how long"),
        (r"\b(?:a|ont) fait combien\b", "did how much"),
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
        (r"\bqu['’]est-ce qui\b|\bc['’]est quoi qui\b", "what"),
        # "il attend quoi (au juste)", "qu'est-ce qu'elle attend": what it waits for
        (
            r"\b(?:il|elle) attend (?:apres )?quoi\b|\bqu['’]est-ce qu['’](?:il|elle) attend\b",
            "what is it waiting for",
        ),
        # "ça donne quoi" (what does it come to), "ça fait combien" (how much is that)
        (r"\b(?:ca|cela) (?:donne|donnait|a donne) quoi\b", "what does that give"),
        (r"\b(?:ca|cela) (?:fait|donne) combien\b", "how much is that"),
        # "c'était quel lr, celui qui a planté": which of a job's settings (a job, a card: read in passing)
        (r"\bc['’]etait quel(?:le)?s? (?!(?:job|carte|gpu)\b)([a-z][\w-]*)", r"which \1 was it"),
        (r"\b(?:celui|celle|ceux|celles) qui\b", "the one that"),
        # "qui dépendait de lui" (waited on it): the jobs after it
        (
            r"\bqui (?:depend|dependait|dependaient) (?:de lui|d['’]elle|de celui-ci|de ca)\b",
            "which job depended on it",
        ),
        (r"\bqui (?:depend|dependait|dependaient) (?:de|du)\b", "which job depended on"),
        # "il a sorti quoi comme résultats", "tu me conseilles quoi comme pâte": what results, what paste
        (r"\bquoi comme\b", "what"),
        (r"\bresultats?\b", "results"),
        (r"\b(?:a |ont )?sorti\b", "output"),
        (r"\b(?:tu me|vous me|me) (?:conseilles|conseillez|recommandes|recommandez)\b", "you recommend"),
        # how high a reading went: "elle est montée jusqu'où", "a grimpé jusqu'à combien"
        (
            r"\b(?:est |a |sont |ont )?(?:montee?s?|grimpee?s?) (?:jusqu['’]ou|jusqu['’]a combien)\b"
            r"|\bjusqu['’]ou\b",
            "went how high",
        ),
        (r"\b(?:a |ont )?depasse(?: les)?\b", "went above"),  # "la 1 elle a dépassé 70 °C ?"
        (r"\bc['’]est quoi(?= deja\b|\s*\?|\s*$)", "what is it"),  # "sa limite c'est quoi déjà?"
        (r"\bqu['’]est-ce que\b", "what"),
        (r"\bquel(?:le)?s? (?:job|run)\b", "which job"),
        (r"\bqui a le plus\b", "which job most"),
        (r"\b(?:la|le) plus (?:basse?|faible)\b", "the lowest"),  # "pis la plus basse?" (of a reading)
        (r"\b(?:la|le) plus (?:haute?|elevee?)\b", "the highest"),
        (r"\ble plus d['’]\s*|\ble plus de\s+", "the most "),  # "le plus d'énergie"
        (r"\ba le plus\b", "the most"),
        (r"\ble plus\b", "the most"),
        (r"\bquoi\b", "what"),
        # spans and clocks
        (r"\b(?:sur )?(?:les )?dernieres (\d+) heures\b", r"over the last \1 hours"),
        (r"\b(?:sur )?la derniere heure\b", "over the last hour"),
        (r"\bsur la journee\b|\bdans la journee\b", "today"),
        (
            r"\b(?:(?:sur|pendant|dans) )?(?:(?:le|la) )?meme"
            r" (?:creneau|periode|plage(?: horaire)?|intervalle)\b",
            "over the same span",
        ),
        # "sur ce créneau", "pendant cette période": the span just asked
        (
            r"\b(?:sur|pendant|dans) (?:ce|cet|cette) (?:creneau|periode|plage(?: horaire)?|intervalle)\b",
            "over that span",
        ),
        # "entre 9h et 11h", "entre midi pis 1h" (Québec's "pis", read as "and" above)
        (
            r"\bentre (\d{1,2})h(\d{2})? (?:et|and) (\d{1,2})h(\d{2})?\b",
            lambda m: f"between {m[1]}:{m[2] or '00'} and {m[3]}:{m[4] or '00'}",
        ),
        (
            r"\bentre (\d{1,2})h(\d{2})? (?:et|and) (midi|minuit)\b",
            lambda m: f"between {m[1]}:{m[2] or '00'} and {'noon' if m[3] == 'midi' else 'midnight'}",
        ),  # "entre 9h et midi"
        (
            r"\bentre (midi|minuit) (?:et|and) (\d{1,2})h(\d{2})?\b",
            lambda m: f"between {'noon' if m[1] == 'midi' else 'midnight'} and {m[2]}:{m[3] or '00'}",
        ),
        (r"\bdepuis (\d{1,2})h(\d{2})?\b", lambda m: f"since {m[1]}:{m[2] or '00'}"),
        (r"\bpour l['’]instant\b|\bjusqu['’]ici\b", "so far"),
        (r"\ben dernier\b", "last"),
        (r"\bdeja(?=\s*\?|\s*$)", "again"),  # (asked again at a question's end; else already)
        (r"\bdeja\b", "already"),
        (r"\bavant(?=\s*\?|\s*$)", "before"),  # "il a roulé combien de temps avant?"
        (r"\b(?<!-)dessus\b", "on it"),  # (not "au-dessus")
        (r"\ben temps de (?:run|calcul)\b", "in run time"),
        (r"\bderniere?s?\b", "last"),
        (r"\bau total\b", "in total"),
        (r"\btoutes tentatives confondues\b", "over all its attempts"),
        # readings, how much and which way
        (r"\bau[- ]dessus (?:de|du)\b", "above"),
        (r"\ben[- ]dessous (?:de|du)\b", "below"),
        (r"\ben moyenne\b", "on average"),
        (r"\bmoyenne\b", "average"),
        (r"\blimites?\b", "limit"),  # "sa limite c'est quoi?" (of its power)
        (r"\b(?:gpu[- ]heures|heures[- ]gpu)\b", "gpu hours"),
        (r"\bcarte par carte\b|\bpar carte\b|\bsur chaque carte\b", "per card"),
        (r"\bmeme chose\b", "the same"),
        (r"\bau repos\b|\b(?:ne )?fait (?:plus )?rien\b", "idle"),  # (phone French drops "ne")
        (r"\bd['’]utilisation\b|\butilisation\b", "utilization"),
        # "la 0 elle tire combien" (draws), "conso énergétique" (energy use), "idle combien" (for how long)
        (r"\b(?:a|ont) (?:tire|pompe)\b", "drew"),
        (r"\b(?:tire|tirent|tirait|pompe|pompait)\b", "draws"),
        # "conso énergétique" (energy use); "la conso en watts" is its power, read as "consommation"
        (r"\bconso(?:mmation)? (?:energetique|electrique|d['’]energie)\b", "energy use"),
        (r"\bconso\b", "consumption"),
        (r"\benergetique\b", "energy"),
        (r"\b(?:a |ont )?consomme (?:le plus|the most)\b(?! d)", "used the most energy"),  # (energy's verb)
        (r"\bfrequence(?: sm)?\b", "sm clock"),
        (r"\bactuel(?:le)?s?\b", "now"),
        (r"\b(?:a |ont )?(?:bosse|travaille)\b", "was busy"),
        (r"\bla file(?: d['’]attente)?\b", "the queue"),
        (
            r"\battend encore de demarrer\b|\battend (?:encore )?de (?:demarrer|partir)\b",
            "is still waiting to start",
        ),
        # Québec's "partir" of a job is to start ("pourquoi la 13 part pas", "avant de partir"; "ne" dropped)
        (
            r"\b(?:ne |n['’])?(?:part|partent|demarre|demarrent|commence|commencent) (?:pas|jamais)\b",
            "is not starting",
        ),
        (r"\bavant de (?:partir|demarrer|commencer)\b", "before starting"),
        (r"\btentatives\b|\bessais\b", "attempts"),
        # "des runs qui ont foiré" (Québec's and France's slang: failed)
        (r"\brates\b|\bechoues\b|\b(?:a |ont )?foire\b", "failed"),
        (r"\bgaspille\b", "wasted"),
        # what happened
        (r"\b(?:a |ont )?(?:consomme|mange|bouffe)\b", "used"),  # ("y'a mangé combien d'énergie")
        (r"\b(?:a |ont )?(?:essaye|tente)\b", "tried"),
        (r"\bsquatte\b", "used"),
        (r"\b(?:a |ont )?logge\b", "logged"),
        (r"\bavant d['’]etre arrete\b", "before it was stopped"),
        (r"\b(?:tournait|roulait)\b", "was running"),  # (Québec's "rouler" is "tourner": run)
        (r"\b(?:a |ont )?tourne\b|\b(?:a|ont) roule\b", "ran"),
        (r"\bqui (?:run|roule|roulent|tourne|tournent)\b", "that is running"),  # "la job qui runne sur la 0"
        (r"\broulent\b|\broule\b", "is running"),  # "qu'est-ce qui roule" ("roulé" is read above)
        (r"\bqqch\b|\bquelque chose\b", "anything"),
        (r"\b(?:a |ont )?dure\b", "took"),
        (r"\b(?:est |a )?plante\b", "failed"),
        (r"\bet le tout premier\b", "and the very first"),
        (r"\b(?:tout|toute|tous|toutes) (?=(?:le|la|les|l['’])\b)", "all "),  # "tout le sweep"
        (r"\bensemble\b", "together"),
        (r"\bseulement\b", "only"),
        (r"\bsp[ée]cifiquement\b", "specifically"),  # "mets-le sur la 1 spécifiquement"
        (r"\bdeux\b", "two"),
        (r"\bcarrement\b", "really"),
    )
)
# no unit after a number: it counts no reading ("la 1 elle tire", not "la 80 °C")
_NO_UNIT = r"(?![.,:]\d)(?!\s*(?:%|°|(?:w|kw|wh|kwh|h|go|gb|mo|mib|gib|min|s|fois|degrees?)\b))"
# the function words, read after :data:`_FRENCH_WORDS` ("c'est-tu", "ce matin", "la carte H100" first)
_FRENCH_FUNCTION_WORDS = compiled(
    (
        (r"\b(?:est|sont) restee?s?\b", "was"),
        (r"\bc['’]etait\b", "was it"),
        (r"\betait\b", "was"),
        (r"\bc['’]est\b", "it is"),
        (r"\b(?:ce|cet|cette)\b", "this"),
        (r"\bsont\b", "are"),
        (r"\best\b", "is"),
        (r"\b(?:il|elle)\b", "it"),
        (r"\b(?:son|sa|ses)\b", "its"),  # "pis son peak?"
        (r"\b(?:ils|elles)\b", "they"),
        # "la 13" is a job (Québec's "la job", feminine as a card is): a number of two or three digits (no
        # card's index), one a request acts on ("relance la 9", "cancel la 3"), or one said to have failed
        # or not to start ("la 9 a fail", "la 3 part pas"); else a card, below
        (rf"\b({REQUEST_VERBS})\s+la\s+(?=\d{{1,3}}\b)", r"\1 job "),
        (r"\bla\s+(?=\d\b\s+(?:failed|crashed|is not starting)\b)", "job "),
        (rf"\bla\s+(?=\d{{2,3}}\b{_NO_UNIT})", "job "),
        (
            rf"\bla\s+(\d)\b{_NO_UNIT}",
            r"gpu \1",
        ),  # "la 0 elle tire combien", "sur la 1": card 1 (la carte; "la 4090" is a model)
        (
            r"\ble\s+(\d{1,3})\b(?!\s*(?:%|w\b|go\b|°|h\b))|\bles\s+(\d{1,3})\b(?!\s*(?:%|w\b|go\b|°|h\b))"
            r"(?!\s+(?!(?:et|ou|and|or)\b)[a-z])",
            lambda m: f"job {m[1] or m[2]}",
        ),  # "le 7": job 7 (not "la 4090"; "les 4 runs" is a count)
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
        (r"\bpendant\b", "during"),  # "pendant l'eval" (its phrases read first: "pendant ce temps")
        (r"\b(?:ca|cela)\b", "that"),  # "c'était à quelle heure, ça?"
        (r"\ben\b", "in"),  # "en watts", "en heures GPU" (its phrases read first: "en pause", "en ce moment")
        (r"\bpour\b", "for"),
        (r"\b(?:un|une)\b", "a"),
        (r"\bj['’]ai\b", "i have"),  # ("g fini": j'ai fini)
        (r"\bje\b|\bj['’]", "i "),
        (r"\bbon,\s*", ""),
    )
)


def french_sure(text: str) -> bool:
    """Whether ``text`` has a mark only French writes (:data:`_FRENCH_SURE`): Italian leaves it to French."""
    return bool(
        _FRENCH_SURE_MARK.search(text)
        or _FRENCH_SURE_MARK.search(translated(text.translate(_FRENCH_UNACCENTED), _FRENCH_SMS))
    )


def french(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is French (:data:`_FRENCH_MARK`): its phrases, then the words said
    in passing (:data:`_FRENCH_WORDS`: "ce matin", "la carte H100", "c'est-tu"), then its function words;
    else as it was."""
    spelled = translated(text.translate(_FRENCH_UNACCENTED), _FRENCH_SMS)
    marked = (_FRENCH_MARK.search(text) or _FRENCH_MARK.search(spelled)) and (
        _FRENCH_OWN.search(text) or _FRENCH_OWN.search(spelled) or not portuguese_marked(text)
    )
    if not reads(lean, "french", marked):
        return text
    text = translated(spelled, _FRENCH)
    return translated(translated(text, FRENCH_IN_PASSING), _FRENCH_FUNCTION_WORDS)
