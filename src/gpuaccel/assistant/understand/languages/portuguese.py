"""Portuguese (Brazil's and Portugal's) read in English where the message has marks of its own."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.spanish import spanish_own
from gpuaccel.assistant.understand.languages.tables import Lean, compiled, reads, translated

# Portuguese (Brazil's), read only in a message that has marks of its own (a nasal vowel, or one of its own
# words): the words the assistant reads, in English ("quanta energia a H100 gastou hoje" is "how much energy
# the H100 used today"); what Spanish shares with it is read by _SPANISH after. The nasal vowel is looked for
# before the accents are taken off (a cedilla alone is French's too: "ça"); "e" opening a follow-up before
# an article is Portuguese's "and" ("e ocupada?", "e a outra?"; Italian's "e la", "e il" are not); "nas"
# alone is English's NAS too; a phone's abbreviations ("hj", "qnto", "qnd", "msm", "tbm", "o q", "q horas")
# and "e em" ("e em gpu-horas?") are marks too, as are "pode liberar", "pode voltar" (Spanish says
# "puede") and "solta ele" (release it; Spanish says "suelta", and a Spanish "solta el" is not Portuguese);
# "qnt" with no vowel is Italian's too: read, but only in a message marked otherwise; "acima de" and "abaixo
# de" (above, below: Spanish says "encima", "debajo") and "deles" (of them: Spanish "de ellos") are marks, so
# "e acima de 300 W?" is a follow-up; "corria" is not (Spanish's "corría" unaccented); "manha" (manhã
# unaccented: Spanish "mañana") and "era qual" (which was it: Spanish "era cuál") are, so "e só de manhã?"
# and "era qual job?" said alone are Portuguese
_PORTUGUESE_NASAL = re.compile(r"[ãõ]", re.I)
_PORTUGUESE_MARK = re.compile(
    r"^\s*e\s+(?:[ao]s?|n[ao]s?|d[ao]s|de|em|ocupad[ao]s?)\b"
    r"|\b(?:hoje|ontem|agora|quanto|quanta|quantos|quantas|quem|placas?|fila|valeu|k{3,}|nao|vc|voce"
    r"|ventoinha|nessa|nesse|liberta|cancela-o|relanca|tenta|esteve|arrancar|percentagem|estava|prioridade"
    r"|tava|estava|rodou|rodando|rodar|tentou|gastou|consumiu|esquentou|ociosa|ocioso|falhou"
    r"|terminou|durou|comecou|esperando|esperou|libera|segura|dela|dele|entao|pra|pro|isso|nessa|essa|esse"
    r"|utilizacao|graus|somando|desistir|deu pau|meio dia|beleza|tambem"
    r"|que horas|parad[oa]|livre|outr[oa]|morr\w+|de novo|roda|nada a ver|pergunta|ajuda|deixa"
    r"|aconteceu|foi|duas|passou|me fala|ainda|melhor|treino|troca|diferenca|mesmo|fazendo"
    r"|n[ao]s? ultim[ao]s?|qual (?:a|o|as|os|foi)"
    r"|hj|qnt[oa]s?|qnd|qdo|msm|tbm|despaus\w*|ficou|chegou|o q|q horas|nel[ae]|blz|solta el[ae]|puxando"
    r"|agr|vlw|pode liberar|pode voltar|acima d[eoa]s?|abaixo d[eoa]s?|deles|delas|manha|era qual)\b"
    # Portugal's "demorou" (took), "aqueceu" (got hot), and "vale a pena", "treinar", "em hold", "algum"
    # (Spanish: "vale la pena", "entrenar", "en", "algún")
    r"|\b(?:demorou|demoraram|aqueceu|vale a pena|treinar|em hold|algum|alguma|alguns|algumas)\b"
    # Portugal's: a clitic after its verb ("mostra-me", "faz-lhe", "lança-lo", "enganei-me"), "estar a" and
    # an infinitive ("está a ser", "estiver a correr"), and its own words ("registo", "podes", "enquanto")
    r"|\b[a-z]+[aei]-(?:me|lhe|lo|la)\b|\b(?:esta|estava|estiver|esteve) a [a-z]+(?:ar|er|ir)\b"
    r"|\b(?:registos?|podes|em pausa|em espera|enquanto|volta a lancar)\b"
    # a question word with "é que" ("porque é que", "onde é que": Spanish says "es"), a job waiting "à
    # espera" (Spanish's "a la espera"), Portugal's "correu" (ran), "rebentou" (crashed), "consegues", a
    # request's verb with its clitic ("mete-o", "relança-o", "põe-no")
    r"|\b(?:por ?que|onde|o que|quem|qual|como) e que\b|\b(?:esta|estao|estava|anda|fica|ficou) a espera\b"
    r"|\ba espera d[eo]\b|\b(?:correu|correram|rebentou|rebentaram|consegues|guardou)\b"
    r"|\b(?:mete|poe|segura|relanca|cancela|liberta|pausa|suspende|retoma|resume|despausa|solta|lanca)-(?:o|a|no|na)\b"
    r"(?![-\w])"
    # "compara o 2 com o 4" (Spanish says "con", Italian "confronta"); a request's verb with "o" and a job's
    # number ("pausa o 11", "cancela o job 12": Spanish's "o" between two things is "or", never after a verb)
    r"|\bcompara .{1,40}? com\b"
    # a setting changed ("muda a memória do 13", "altera o 12": Spanish says "cambia", "modifica")
    r"|\b(?:muda|mude|altera|altere) (?:o|os|as|a (?=memoria|prioridade|placa|gpu))\b"
    r"|\b(?:pausa|cancela|retoma|suspende|liberta|solta|relanca|despausa|mata|segura|mete|poe|apaga|deleta|muda"
    r"|coloca|bota)\s+o\s+(?:job\s+)?#?\d"
    # Angola's and Portugal's "execução" (run; Spanish "ejecución"), "crashou" (the English verb conjugated),
    # "à frente do 12" (ahead of it; Spanish "delante del")
    r"|\b(?:execucao|crash(?:ou|aram|ar)|a frente d[oa])\b"
    # Brazil's spoken object "ele"/"ela" after a request's verb ("apaga ele", "muda ela", "coloca ele em
    # hold": Spanish joins "-lo", Portugal "-o"); "muda", "coloca", "apaga" with a job or card after them
    r"|\b(?:apaga|apague|deleta|delete|muda|mude|altera|altere|coloca|coloque|bota|bote|poe|manda|mande|roda"
    r"|rode|libera|solta|cancela|pausa|segura|despausa|troca|passa)\s+(?:ele|ela)\b",
    re.I,
)
# Portugal's accented words, looked for before the accents are taken off: "só" (only; Spanish says "solo"),
# "quê" and "porquê" closing a question ("está à espera de quê?", "morreu porquê?")
_PORTUGUESE_ACCENTED = re.compile(r"\b(?:só|porquê|quê)(?!\w)", re.I)
# the words of its mark Spanish spells alike ("esperando", "arrancar", "libera", "parada", "fila"): no mark in
# a message with Spanish's own words (:func:`spanish_own`: "cuánto", "tuvo", "el 13"), so "cuánto tuvo que
# esperar pa arrancar" is left to Spanish whole (Portuguese would make its "que" a "that"); nor is "o q",
# Spanish's "or what" closing a question ("¿está haciendo algo o q?"; Portuguese's "o que" said short)
_SHARED_WITH_SPANISH = re.compile(
    r"\b(?:arrancar|esperando|libera|segura|fila|parad[oa]s?|ocios[oa]s?|o q)\b", re.I
)
_PORTUGUESE_UNACCENTED = str.maketrans("ãõçâêôàáéíóúüÃÕÇÂÊÔÀÁÉÍÓÚÜ", "aocaeoaaeiouuAOCAEOAAEIOUU")
_PART_OF_DAY = {"manha": "morning", "tarde": "afternoon"}
# a card as a writer names it after "a"/"o": "a H100", "a 4090", "a GPU 0", "a placa 1" (noun and number)
_CARD = r"(?:gpu|placa|card) ?\d+|[\w-]+"
# a job sent to a card: the verbs ("manda", "passa", "joga", "bota": send, move, put) and the card, by its
# index or its model ("pra gpu 1", "pra placa 0", "pra 4090", "na H100"; never the queue, "pra fila")
_SEND = r"(?:manda|mande|passa|passe|move|mova|joga|bota|bote|coloca|coloque|poe|ponha)"
_TO_CARD = r"(?:pra|para|pro|na) (?:a )?((?:gpu|placa|card) ?\d+|[a-z]{0,2}\d{3,4}\w*)"
# what a number after an article counts when it is no job or card: a unit, a reading, a time, a count
_COUNTED = r"%|°|[.,:]\d|h\b|w\b|graus|gb|gib|mb|mib|horas?|min|minutos?|s\b|segundos?|dias?|mhz|vezes|jobs?"
# numbers said in words ("nas últimas três horas"), read as English's (spoken.py makes them digits)
_NUMBERS = dict(
    zip(
        "dois duas tres quatro cinco seis sete oito nove dez doze quinze vinte".split(),
        "two two three four five six seven eight nine ten twelve fifteen twenty".split(),
        strict=True,
    )
)
_PORTUGUESE = compiled(
    (
        # a phone's abbreviations, read as their words before anything else reads them ("qnto tempo", "hj",
        # "vc", "tbm", "qnd", "agr", "vlw"; "qnt" and "qnts" with no vowel are "quanto", "quantos"); "q" is
        # "que" only alone, never a job's or a card's name ("job q", "gpu-q"), and "tb" never a size after a
        # number ("2 tb")
        (
            r"\b(?:qnt([oa]?s?)|hj|vc|tbm|msm|td|qdo|qnd|agr|vlw)\b",
            lambda m: "quant" + (m[1] if m[1][:1].lower() in ("o", "a") else "o" + m[1])
            if m[0].lower().startswith("qnt")
            else {
                "hj": "hoje",
                "vc": "voce",
                "tbm": "tambem",
                "msm": "mesmo",
                "td": "tudo",
                "agr": "agora",
                "vlw": "valeu",
            }.get(m[0].lower(), "quando"),
        ),
        (r"(?<!\d)(?<!\d )\btb\b", "tambem"),
        (r"(?<![-./])(?<!job )(?<!gpu )\bq\b(?![-./]\w)", "que"),
        # what asks nothing: laughter, a greeting, thanks
        (r"\bk{3,}\b", ""),
        # the northeast's "visse?" (you see?) closing a request; no mark, as it is Italian's too
        (r",?\s*\bvisse\b", ""),
        (r"^\s*(?:oi|ola|e ai|fala)\b[,!]*\s*", ""),
        (r"\b(?:valeu|obrigad[oa])\b", "thanks"),
        (r"\b(?:pf|pfv|por favor)\b", "please"),
        (r"^\s*(?:nossa|eita|poxa|beleza|blz|cara|mano)\b[.,!]*\s*", ""),
        (r"\bme (?:fala|diz|conta)\b", "tell me"),
        (r"\bme mostra\b", "show me"),
        (r"\bme ajuda a\b", "help me"),  # "me ajuda a escrever um email": help me write an email
        # "e pra voltar depois, como faz?", "pra retomar como eu faço?": how do I resume it ("do" would be
        # read as Portuguese's "of the")
        (
            r"\b(?:e )?(?:pra|para) (?:ele |ela )?(?:voltar|retomar|continuar)(?: depois)?,?"
            r" como (?:eu )?(?:faz|faco)\b",
            "how can i resume it",
        ),
        (r"\bescrever\b", "write"),
        (r"\bpedindo\b", "asking for"),
        (r"\bpensando bem\b", "actually"),  # a request taken back: "pensando bem, despausa ele"
        (r"\bpergunta nada a ver\b|\bnada a ver\b", "unrelated question"),
        # Portugal's Portuguese: "está a correr" (is running), "a ventoinha" (the fan), "nessa hora" (then),
        # "tenta outra vez" (retry), "cancela-o", "liberta-o", "sobe a prioridade ... para 10", "troca a
        # posição de X na fila com a de Y" (switch them), "se faz favor" (please)
        (r"\bse faz favor\b", "please"),
        (r"\bpergunta a parte\b|\bem termos gerais\b", "in general"),
        # "é que" after a question word only stresses it: "porque é que falhou" (why did it fail), "onde é que
        # guardou" (where did it save)
        (r"\b(por ?que|onde|quando|o que|quem|quant[oa]s?|como|qual) e que\b", r"\1"),
        # "já agora" opening an aside (by the way), "ideia" asked for: "tens alguma ideia para evitar OOM sem
        # comprar outra placa?" (any idea how to avoid OOM without buying another card)
        (r"(^|[,;.!?]\s*)ja agora\b,?", r"\1by the way,"),
        (r"\b(?:tens|tem|voce tem) (?:alguma )?ideia (?:para|de como|como|pra)\b", "any idea how to"),
        (r"\balguma ideia\b", "any idea"),
        (r"\bevitar\b", "avoid"),
        (r"\bsem comprar\b", "without buying"),
        # "consegues recomendar uma pasta térmica?": can you recommend a thermal paste
        (r"\b(?:consegues|consegue|podes|pode) recomendar\b", "can you recommend"),
        (r"\brecomendar\b", "recommend"),
        (r"\bpasta termica\b", "thermal paste"),
        (r"\banda quente\b", "runs hot"),
        # "onde é que o 2 guardou o checkpoint?": where it saved it
        (r"\bonde (.{1,40}?) (?:guardou|gravou|salvou|escreveu)\b", r"where did \1 save"),
        (r"\bonde\b", "where"),
        (r"\bescreve-me\b", "write me"),
        # a clitic after an imperative: "mostra-me o registo" (show me), "diz-me" (tell me); "me" said only
        # for whom it is done, the ethical dative ("cancela-me o 7", "pausa-me isso"), is dropped
        (r"\bmostra-me\b", "show me"),
        (r"\bdiz-me\b", "tell me"),
        (r"\b(cancela|liberta|pausa|suspende|segura|retoma|mete|poe)-me\b", r"\1"),
        (r"\bregistos\b", "logs"),
        (r"\bregisto\b", "log"),
        # a correction: "não, enganei-me, queria a H100" (no, my mistake, I meant the H100)
        (r"^\s*nao\s*[,.!]\s*(?=enganei-me|me enganei)", ""),  # the "no" said before it: "my mistake" says it
        (r"\bnao quero que (?:(?:ele|ela) )?arranque\b", "i don't want it to start"),
        # "quero que arranque logo a seguir ao 11": when it is to start (the job named after is no subject)
        (r"\b(?:quero|queria) que (?:(?:ele|ela) )?(?:arranque|comece|corra)\b", "i want it to start"),
        (r"\bnao quero que\b", "i don't want it to"),
        (r"\benganei-me\b|\bme enganei\b", "my mistake"),
        # a request corrected as it is made: "pausa o 11... não, desculpa, o 12", "foi mal" (my bad): "no",
        # "sorry" (the interjection "não" before a comma, not the verb's "not")
        (r"\b(?:desculpa|desculpe|foi mal|perdao)\b", "sorry"),
        (r"(^|[,.;!]\s*)nao\b(?=\s*[,.;!])", r"\1nope"),
        (r"\b(my mistake,?\s*)queria\b", r"\1i meant"),
        # "pronto", "já está", "tá bem" opening a request: done, ok ("já está, resume-o")
        (r"^\s*(?:pronto|ja esta|(?:ta|esta) bem)\b[,.!]*", "ok,"),
        # "o job que correu a seguir" (the job after it), "logo a seguir ao 11" (right after it)
        (
            r"\b(o |a )?(?:que )?(?:veio|correu|arrancou) (?:logo )?a seguir\b(?! a)",
            lambda m: "what came after it" if m[1] else "that came after it",
        ),
        (r"\blogo a seguir a[o]?\b", "right after"),
        (r"\ba seguir a[o]?\b", "after"),
        # "tá esperando faz quanto tempo?", "já tá rodando há quanto tempo": how long it has been at it
        (
            r"\b(?:ja )?(?:ta|esta) (esperando|rodando) (?:faz|ha) quanto tempo\b",
            lambda m: f"how long has it been {'waiting' if m[1].lower() == 'esperando' else 'running'}",
        ),
        (r"\b(?:faz|ha) quanto tempo\b", "for how long"),
        # "esperou quanto tempo?": how long it waited
        (r"\besperou quanto(?: tempo)?\b", "how long did it wait"),
        # "quanto está a consumir a H100?": how much power it draws ("puxar", "consumir": to draw)
        (
            rf"\bquant[oa] (?:esta|estao) a (?:puxar|consumir)(?: (?:a|o) ({_CARD}))?",
            lambda m: f"how much power is {'the ' + m[1] if m[1] else 'it'} drawing",
        ),
        # Brazil's gerund: "quanto a H100 tá puxando agora", "qnto ta consumindo": the same
        (
            rf"\bquant[oa] (?:(?:a|o) ({_CARD}) )?(?:ta|esta|tao|estao) (?:puxando|consumindo)"
            rf"(?: (?:a|o) ({_CARD}))?",
            lambda m: f"how much power is {'the ' + (m[1] or m[2]) if m[1] or m[2] else 'it'} drawing",
        ),
        # "a placa está a ser limitada?": is it being throttled
        (r"\b(?:esta|estao) a ser limitad[oa]s?\b", "is it being throttled"),
        (r"\blimitad[oa]s?\b", "throttled"),
        (r"\bpor alguma coisa\b", "by anything"),
        # "quanto tempo esteve a trabalhar": busy, as "parada" is idle
        (r"\ba trabalhar\b", "busy"),
        # what is said around a request, its reason, read as English so that no second job is read in it
        # ("cancela o 12, aquilo não cabe enquanto o 11 estiver a correr")
        (r"\baquilo\b", "it"),
        (r"\bnunca\b", "never"),
        (r"\bvai caber\b|\bcabe\b", "will fit"),
        (r"\bpor agora\b|\bpor enquanto\b", "for now"),
        (r"\benquanto\b", "while"),
        (r"\bestiver(?:em)? a correr\b", "is running"),
        (r"\barrancou\b", "started"),
        (r"\bacabou\b", "finished"),
        (r"\bpreciso d[ao]\b", "i need the"),
        (
            r"\b(?:esta|estava|estao|estavam) a (correr|esperar|usar|gastar)\b",
            lambda m: {"correr": "running", "esperar": "waiting", "usar": "using", "gastar": "using"}[
                m[1].lower()
            ],
        ),
        # "põe-no a andar", "mete-o a correr" (get it going): start it, as a held job's release is
        (r"\b(?:poe|mete)-(?:o|no|a|na|lo|la) a (?:andar|correr|rodar)\b", "start it"),
        # ("chegou a correr", ran at all, is read with "quanto tempo" after)
        (r"\bestar a correr\b|(?<!chegou )\ba correr\b", "running"),
        (r"\besteve a espera\b|\besteve em espera\b", "waited"),
        # "o 12 está à espera de quê?", "de que está à espera o 12?": what it waits for
        (
            r"^\s*(?:e )?(.{1,40}?) (?:esta|anda|fica) a espera de (?:o )?que\b(?=\s*[?!.]*\s*$)",
            r"what is \1 waiting for",
        ),
        (r"\bde (?:o )?que (?:esta|anda) a espera (.{1,40}?)(?=\s*[?.!]|$)", r"what is \1 waiting for"),
        (r"\ba espera\b", "waiting"),
        (r"\bantes de arrancar\b|\bantes de comecar\b", "before it started"),
        (r"\bnessa hora\b|\bnesse momento\b|\bnessa altura\b|\bnaquele momento\b", "then"),
        (r"\bnesse (?:periodo|intervalo)\b|\bnesse dia\b", "in that span"),
        (
            r"\bentre as (\d{1,2})h(\d{2})? e o meio-dia\b",
            lambda m: f"between {m[1]}:{m[2] or '00'} and noon",
        ),
        (
            # the hours said with no "h" too ("entre as 9 e as 12"), where no unit or count follows
            rf"\bentre as (\d{{1,2}})(?:h(\d{{2}})?)? e as (\d{{1,2}})(?:h(\d{{2}})?)?\b"
            rf"(?!\s*(?:[:.,]\d|{_COUNTED}|gpus?|placas?))",
            lambda m: f"between {m[1]}:{m[2] or '00'} and {m[3]}:{m[4] or '00'}",
        ),
        # "das 9h ao meio dia", "das 20h à meia-noite", "das 9h às 11h30": from one hour to another
        (
            r"\bd[ae]s? (\d{1,2})h(\d{2})? (?:ao|ate o|ate a|a) (?=meio[\s-]dia\b|meia[\s-]noite\b)",
            lambda m: f"from {m[1]}:{m[2] or '00'} to ",
        ),
        (
            r"\bd[ae]s? (\d{1,2})h(\d{2})? (?:as|ate as|a) (\d{1,2})h(\d{2})?",
            lambda m: f"from {m[1]}:{m[2] or '00'} to {m[3]}:{m[4] or '00'}",
        ),
        (r"\bn[oa] mesm[oa] (?:horario|periodo|intervalo|hora|janela)\b", "in that span"),
        (r"\b(?:o|do) (?=meio[\s-]dia\b)", ""),  # "desde o meio-dia": since noon
        (r"\bao (?=meio[\s-]dia\b)", "at "),
        (r"\bmeio[\s-]dia\b", "noon"),
        (r"\bventoinhas?\b", "fan"),
        (r"\bum[a]? ao lado d[oa] outr[oa]\b|\blado a lado\b", "side by side"),
        (r"\bpercentagem\b", "percent"),
        (r"\bdessa placa\b|\bdesta placa\b", "of that card"),
        (r"\bde quem era o job\b", "which job was"),
        (r"\bque job era esse\b|\bque job era\b", "which job was that"),
        # "que learning rate era esse?" (which one was that), "qual era o job" (which job was it)
        (r"\bque ((?:[\w-]+ ){0,2}?[\w-]+) (?:era|foi) (?:esse|essa|aquele|aquela)\b", r"which \1 was that"),
        (r"\bqual (?:era|foi) o job\b", "which job was it"),
        # the verb said first, the question word after it: "era qual job?", "foi que placa?" (which was it)
        (r"\b(?:era|foi) (?:qual|que) ([\w-]+)(?=\s*[?.!]*\s*$)", r"which \1 was it"),
        (r"\btenta (?:outra vez|de novo|novamente)\b|\brelanca\b(?!-)", "retry"),
        (r"\bcancela-o\b|\bcancela-a\b", "cancel it"),
        (r"\bliberta-o\b|\bliberta-a\b|\bliberta\b", "release it"),
        (r"\bsuspende-o\b|\bpausa-o\b", "pause it"),
        # Brazil's: "sobe a prioridade dele pra 10", "muda a prioridade do 12 pra 5", "troca o 12 de lugar com
        # o 13", "troca o 12 e o 13 de lugar" (switch them); a number after the masculine article is a job
        # ("o 13", "do 13": "o job 13"), the cards being feminine ("a 4090")
        (rf"\b(o|do|no|pelo) (\d{{1,3}})\b(?!\s*(?:{_COUNTED}|gpus?|placas?))", r"\1 job \2"),
        # and one after the feminine article, 0 to 99, is a card ("e a 0?", "na 1"; "a 4090" is a model, "a
        # 100%" a reading, "de 3 a 5" a range, "chegou a 90?" a reading reached)
        (
            rf"(?<!\d )(?<!chegou )(?<!subiu )(?<!caiu )\b(a|da|na|pela) (\d{{1,2}})\b(?!\s*(?:{_COUNTED}))",
            r"\1 gpu \2",
        ),
        # Portugal's "-lhe" (to it) after the verb: "sobe-lhe a prioridade" (its priority), "faz-lhe retry",
        # "dá-lhe um restart" (retry it)
        (r"\b(sobe|aumenta|muda|poe|mete|baixa|diminui)-lhe a prioridade\b", r"\1 a prioridade dele"),
        (
            r"\b(?:faz|faca|da|manda|mete)-lhe (?:um |o )?(retry|restart|hold|release|pause|resume)\b",
            r"\1 it",
        ),
        (
            r"\b(?:sobe|aumenta|muda|poe|coloca|bota|baixa|abaixa|diminui|troca) a prioridade"
            r" (?:(dele|dela)|d[oa] (.{1,40}?)) (?:para|pra|pro) (\d+)\b",
            lambda m: f"set {'its priority' if m[1] else 'the priority of ' + m[2]} to {m[3]}",
        ),
        # "aumenta a prioridade dele", "sobe a prioridade do 13" with no number: raise it
        (
            r"\b(?:sobe|aumenta) a prioridade (?:(dele|dela)|d[oa] (.{1,40}?))(?: entao)?(?=\s*(?:[,.!?]|$))",
            lambda m: "raise the priority of " + (m[2] or "it"),
        ),
        # "e sobe também a do 13" after a priority was set: "a" stands for "a prioridade" said before (raising
        # is said of nothing else here)
        (
            r"\b(?:sobe|aumenta)(?: tambem)? a d[oa] (.{1,40}?)(?: tambem)?(?=\s*(?:[,.!?]|$))",
            r"raise the priority of \1",
        ),
        (
            r"\b(?:baixa|abaixa|diminui) a prioridade (?:(dele|dela)|d[oa] (.{1,40}?))(?=\s*(?:[,.!?]|$))",
            lambda m: "lower the priority of " + (m[2] or "it"),
        ),
        # Portugal's: "mete o 7 com prioridade 2", "põe o 8 a prioridade 5" (set it); "põe o 7 em pausa"
        # (pause), "coloca o 8 em espera" (hold); "volta a corrê-lo", "volta a lançar o 3" (run it again);
        # "já podes retomar" (resume it)
        (
            r"\b(?:mete|poe|coloca) (?:(?:o|a) )?(.{1,40}?) (?:com|a|em) prioridade (\d+)\b",
            r"set the priority of \1 to \2",
        ),
        (r"\bmete-o com prioridade (\d+)\b|\bmete-lhe prioridade (\d+)\b", r"set its priority to \1\2"),
        # "dá prioridade 100 ao 13", "dá-lhe prioridade 5 ao lr-sweep" (the "-lhe" says again whose: the job
        # after "ao"), "dá-lhe prioridade 5" (its own)
        (
            r"\b(?:da|mete|poe)(?:-lhe)? (?:a )?prioridade (\d+) (?:ao|a|para o|pro|no|na)"
            r" (?:job )?([\w.-]+)",
            # a number named is a job's ("of 12 to 10" would read the 10 as the job)
            lambda m: f"set the priority of {'job ' if m[2].isdigit() else ''}{m[2]} to {m[1]}",
        ),
        (r"\b(?:da|poe)-lhe (?:a )?prioridade (\d+)\b", r"set its priority to \1"),
        # "põe-lhe só 1 gpu", "dá-lhe 2 placas": the GPUs it asks for
        (r"\b(?:da|poe|mete)-lhe (?:so |apenas )?(\d+) (?:gpus?|placas?)\b", r"give it \1 gpu"),
        # "dá-lhe mais prioridade" (give it more), "dá mais prioridade ao 12": raise it, no number said
        (r"\b(?:da|poe|mete)-lhe (?:mais|maior) prioridade\b", "raise its priority"),
        (
            r"\b(?:da|poe|mete) (?:mais|maior) prioridade (?:ao|a|para o|pro) (?:job )?([\w.-]+)",
            r"raise the priority of \1",
        ),
        # "põe-no em pausa", "mete-o em hold" (the clitic: it), "põe em pausa o 11" (the job after it)
        (
            r"\b(?:poe|mete|coloca)-(?:o|no|a|na|lo|la) em (pausa|espera|hold)\b",
            lambda m: "pause it" if m[1].lower() == "pausa" else "hold it",
        ),
        (
            r"\b(?:poe|mete|coloca) em (pausa|espera|hold)\b",
            lambda m: "pause" if m[1].lower() == "pausa" else "hold",
        ),
        (
            r"\b(?:poe|mete|coloca) (?:(?:o|a) )?(.{1,40}?) em (pausa|espera|hold)\b",
            lambda m: ("pause " if m[2].lower() == "pausa" else "hold ") + m[1],
        ),
        # "volta a pô-lo na fila", "mete-o outra vez na fila" (put it back in the queue): run it again
        (
            r"\b(?:volta a (?:po|mete|submete)-(?:lo|la)|(?:poe|mete)-(?:o|no|a|na) (?:outra vez|de novo))"
            r" na fila\b|\b(?:poe|mete)-(?:o|no|a|na) na fila (?:outra vez|de novo)\b",
            "put it back in the queue",
        ),
        (r"\bvolta a (?:lanca|corre|submete|mete|po)-(?:lo|la)\b|\brelanca-(?:o|a)\b", "retry it"),
        # the clitic "-o" after any other request's verb, read as Brazil says it after ("segura-o": "segura
        # ele", hold it; "despausa-o": resume it)
        (
            r"\b(segura|despausa|retoma|resume|solta|libera|cancela|pausa|suspende|relanca|lanca)"
            r"-(?:o|a|lo|la)\b(?![-\w])",
            r"\1 ele",
        ),
        (r"\bvolta a (?:lancar|correr|submeter)\b", "retry"),
        (r"\b(?:podes |pode )?retoma(?:r|-o|-lo|-a|-la)?\b(?=\s*[.!?]*$)", "resume it"),
        # "pode liberar" (release it), "pode voltar ele" (resume it, after a pause), the job just named
        (r"\bpode liberar(?: (?:ele|ela))?\b(?=\s*(?:[,.!?]|$))", "release it"),
        (r"\b(?:pode )?voltar (?:ele|ela)\b|\bvolta (?:ele|ela)\b", "resume it"),
        # the queue said after them, opening the request (no job named before it to go back "à fila"): "pode
        # voltar a fila", "solta a fila" (resume the queue)
        (
            r"(^|[,;.!]\s*)(?:(?:ja )?(?:pode|podes) )?(?:voltar|volta|soltar|solta|liberar|libera)"
            r" (?:com )?a fila\b",
            r"\1resume the queue",
        ),
        (r"\bterminei\b|\bacabei\b", "i'm done"),
        (r"\b(?:podes |pode )?retoma(?:r|-o|-lo|-a|-la)?\b", "resume"),
        (r"\btroca a posicao d[oa] (\S+) na fila com a d[oa] (\S+)", r"switch \1 and \2"),
        (
            r"\btroca (.{1,30}?) de (?:lugar|posicao) com (.{1,30}?)(?= na fila\b|[,.!?]|$)",
            r"switch \1 and \2",
        ),
        (r"\btroca (.{1,30}?) e (.{1,30}?) de (?:lugar|posicao)\b", r"switch \1 and \2"),
        # "troca a ordem do 12 com o 13", "troca as posicoes do 12 e do 13": switch them
        (
            r"\btroca (?:a ordem|as posicoes|os lugares) d[oa]s? (.{1,30}?) (?:com|e) (?:d?[oa] )?(.{1,30}?)"
            r"(?= na fila\b|[,.!?]|$)",
            r"switch \1 and \2",
        ),
        # "bota o 13 na frente do 12", "passa o 9 pra frente do 8": move it ahead of the other
        (
            r"\b(?:bota|poe|coloca|passa) (?:o )?(.{1,30}?) (?:na|pra|para a|a) frente d[oa] (.{1,30}?)"
            r"(?= na fila\b|[,.!?]|$)",
            r"move \1 ahead of \2",
        ),
        # "manda o 12 pra gpu 1", "passa ele pra 4090", and the job said first, "o job 12 manda pra placa 1":
        # move it to that card (the card by its index or its model: not "pra fila", the queue); the job said
        # first is one job's number or name ("quanto tempo passa na gpu 0" asks, and moves nothing)
        (
            rf"\b{_SEND} (?:o |a )?(.{{1,30}}?) {_TO_CARD}\b",
            r"move \1 to \2",
        ),
        (
            rf"^\s*(?:e )?(?:o |a )?((?:job )?#?\d+|[\w.-]+),? {_SEND} {_TO_CARD}\b",
            r"move \1 to \2",
        ),
        # "compara o job 7 com o 10": compare them (one with the other)
        (r"\bcompar(?:a|e|ar)(?:-me)?\s+(.{1,40}?)\s+com\s+", r"compare \1 and "),
        # "compara o tempo de execução do 7 e do 8": the two named with "e" (and)
        (r"\bcompar(?:a|e|ar)(?:-me)?\b", "compare"),
        (r"\btempo de execucao\b", "run time"),
        # "quanto (tempo) correu cada um", "quanta energia gastaram": asked of each of the two compared
        (
            r"\bquanto (?:tempo )?(?:correu|rodou|durou|demorou|levou) (?:cada um|cada uma|cada)\b",
            "how long did each run",
        ),
        (r"\bquant[oa] (?:de )?energia (?:gastaram|consumiram|usaram)\b", "how much energy did they use"),
        (r"\bcada uma\b|\bcada um\b|\bcada\b", "each"),
        (r"\bclock dos sms\b", "sm clock"),
        (r"\besse elemento\b|\besse job\b", "that one"),
        # questions
        # the pronoun "o"/"a" (it) said before a verb in the past after a question word, "já" or "não" ("quem
        # o parou?", "quantas vezes o tentou?", "já o cancelou"): the verb asked of the job just named
        (r"\b(quem|vezes|ja|nao|quando|porque|por que) (?:o|a) (?=[a-z]+(?:ou|eu|iu)\b)", r"\1 "),
        # the verb said before "quanto" with no subject but the job just named ("e rodou qnto tempo?", "ele
        # chegou a rodar qnto tempo?", "e gastou qnta energia"): English's order, asked of it
        (
            r"(^|[,;.!?]\s*)(e )?(?:(?:ele|ela) )?(?:rodou|chegou a rodar) quanto tempo\b",
            lambda m: m[1] + ("and " if m[2] else "") + "how long did it run",
        ),
        (
            r"(^|[,;.!?]\s*)(e )?(?:(?:ele|ela) )?(?:gastou|consumiu|usou) quant[oa](?: de)? energia\b",
            lambda m: m[1] + ("and " if m[2] else "") + "how much energy did it use",
        ),
        # "e o que falhou gastou quanto?", "o job 9 consumiu quanto?": how much energy the one named used
        (
            r"\b(?:o|a) que (falhou|deu pau|morreu|rebentou|terminou)\b",
            lambda m: "the " + ("finished" if m[1] == "terminou" else "failed") + " one",
        ),
        (
            r"(^|[,;.!?]\s*)(e )?([^,;.!?]{1,40}?) (?:gastou|consumiu) quant[oa](?: de energia)?\b"
            r"(?! (?:de )?tempo)",
            lambda m: m[1] + ("and " if m[2] else "") + f"how much energy did {m[3]} use",
        ),
        # "quanta energia gastou no total?", the verb after with no subject but the job just named: asked of
        # it ("quanta energia gastou a GPU 0" names its own)
        (
            r"\bquant[oa] (?:de )?energia (?:gastou|consumiu|usou)\b"
            r"(?= *(?:no total|ao todo|somando|[,.!?]|$))",
            "how much energy did it use",
        ),
        # "e quanto consumiu ontem no total?": the energy it used, the job or card just named ("quanto
        # consumiu a H100" names its own)
        (
            r"\bquanto (?:gastou|consumiu)\b(?= *(?:ontem|hoje|no total|em total|ao todo|[,.!?]|$))",
            "how much energy did it use",
        ),
        # "quanto (tempo) esteve a 85 °C?", "quanto ficou na fila?": how long "it" was, the card or job just
        # named, where no subject follows the verb (English's "how long was at 85" reads no "it"); "quanto"
        # alone asks it of a state as "quanto tempo" does
        (r"\b(esteve|ficou) a (?=\d+(?:[.,]\d+)?\s*(?:°|graus|%|w\b|watts|gb|gib|mib))", r"\1 at "),
        (r"\bquanto (?:tempo )?(?:esteve|ficou)\b(?! (?:\w+ )?(?:[ao]s?|ele|ela) )", "how long was it"),
        # "até que temperatura chegou?": how high it went, its peak
        (
            r"\bate que (temperatura|temp|potencia|utilizacao|uso|memoria) (?:chegou|subiu|foi)\b",
            r"max \1",
        ),
        (r"\bdesde que horas?\b|\bdesde quando\b", "since when"),
        (r"\b(?:a )?que horas\b", "at what time"),
        (r"\bquando\b", "when"),
        (r"\b(?:por que|porque|pq)\b", "why"),
        (r"\bpor quanto tempo\b", "for how long"),
        # the verb said after "quantas vezes" or "quanto tempo" with no subject but the job just named
        # ("quantas vezes tentou?", "quanto tempo correu no total?"): asked of it ("esteve" and "passou" are
        # left as they are: "quanto tempo passou a GPU 0 acima dos 80 graus" is read right as it is said)
        (
            r"\bquantas vezes (tentou|correu|rodou|falhou|rebentou)\b"
            r"(?= *(?:e\b|no total|ao todo|antes d|[,.!?]|$))",
            lambda m: "how many times did it "
            + {"tentou": "try", "correu": "run", "rodou": "run"}.get(m[1].lower(), "fail"),
        ),
        (
            r"\bquanto tempo (?:correu|rodou|chegou a (?:correr|rodar))\b"
            r"(?= *(?:e\b|no total|ao todo|antes d|[,.!?]|$))",
            "how long did it run",
        ),
        (r"\bquantas vezes\b", "how many times"),
        # "quanto tempo demorou?", "quanto tempo levou?": how long it took ("demorou" is Portugal's "took",
        # Brazil's "levou")
        (
            r"\bquanto tempo (?:demorou|demoraram|levou|levaram)\b"
            r"(?= *(?:e\b|no total|ao todo|[,.!?]|$))",
            "how long did it take",
        ),
        # "durou quanto tempo antes de crashar?": how long it lasted (the verb before "quanto tempo")
        (r"\b(?:durou|demorou) quanto tempo\b", "how long did it last"),
        (r"\bquanto tempo\b", "how long"),
        (r"\b(?:durou|demorou) quanto\b|\bquanto (?:durou|demorou)\b", "how long did it last"),
        (r"\b(?:demorou|demoraram)\b", "took"),
        # "é quanto?" closing a question, its accent dropped ("o limite dela e quanto?": its limit is how
        # much), after the thing asked of; "e quanto?" opening one is "and how much"
        (r"(?<=\w) e (quant[oa]s?)(?=\s*[?.!]*\s*$)", r" is \1"),
        # what a thing has, asked with "tem" before or after "quanto": "a placa tem quanto no total?", "quanto
        # (é que) ela tem ao todo?" (how much does it have)
        (
            r"(^|[,;.!?]\s*)(e )?((?:(?:a|o) )?[\w-]+(?: \d+)?) tem quant[oa]\b",
            r"\1\2how much does \3 have",
        ),
        (r"\bquant[oa] ((?:(?:a|o) )?[\w-]+(?: \d+)?) tem\b", r"how much does \1 have"),
        (r"\bquant[oa] de\b", "how much"),
        (r"\bquant[oa]s\b", "how many"),
        (r"\bquant[oa]\b", "how much"),
        (r"\bqual das duas placas\b", "which of the two cards"),
        # the reading's mean or peak said after it: "temperatura média", "potência máxima", "temperatura max"
        (
            r"\b(temperatura|temp|potencia|power|utilizacao|util|uso|memoria|consumo)"
            r" (medi[ao]|maxim[ao]|minim[ao]|max|min)\b",
            r"\2 \1",
        ),
        # what is asked of the world, not of this machine: "qual a diferenca entre bf16 e fp16", "qual e
        # melhor pra treino" ("e" is "é", is, here)
        (r"\b(?:qual|que) (?:e )?a diferenca entre\b", "what is the difference between"),
        # the weather: "que tempo vai fazer amanhã?"
        (r"\bque tempo (?:vai fazer|faz|fara)\b", "what will the weather be"),
        (r"\bamanha\b", "tomorrow"),
        (r"\b(?:sabe )?explicar a diferenca entre\b", "explain the difference between"),
        (
            r"\b(?:qual|que) (?:e )?a diferenca d[eoa]s? ([\w.-]+) (?:pra|para|e|do|da) ([\w.-]+)",
            r"what is the difference between \1 and \2",
        ),
        # advice: "vc acha que compensa rodar de madrugada?" (do you think it is worth running at night)
        (r"\b(?:voce )?acha que\b", "in your opinion"),
        (r"\bcompensa\b", "it is worth"),
        # "vale a pena usar bf16 para treinar ...?", "vale a pena treinar em tf32": is it worth using it,
        # training so (the verb after "worth" is English's gerund)
        (
            r"\bvale a pena (usar|utilizar|treinar|ativar|mudar)\b",
            lambda m: "is it worth "
            + {"treinar": "training", "ativar": "enabling", "mudar": "switching"}.get(m[1].lower(), "using"),
        ),
        (r"\bvale a pena\b", "is it worth"),
        (r"\btreinar\b", "train"),
        (r"\bde madrugada\b", "at night"),
        (r"\bpor causa d[aoe]s?\b", "because of"),
        (r"\btarifa\b", "price"),
        (r"\bsempre esqueco\b", "i always forget"),
        (
            r"\b(?:qual|quais|o que) (?:e|sao) (melhor|pior)(es)?\b",
            lambda m: f"which is {'better' if m[1].lower() == 'melhor' else 'worse'}",
        ),
        (r"\btreinos?\b|\btreinamentos?\b", "training"),
        (r"\bqual foi\b", "what was"),
        (r"\bqual (?=(?:o|a) )", "what is "),  # "qual a temperatura da H100": what is the temperature
        (r"\b(?:qual|quais)\b", "which"),
        (r"\bquem\b", "who"),
        (r"\bo que\b", "what"),
        (r"\bem que\b", "at which"),
        # times and spans
        (r"\bate agora\b", "so far"),
        (r"\bhoje em dia\b", "these days"),
        # "de manhã", "hoje à tarde", "ontem de manhã": the morning or afternoon of that day
        (r"\bontem (?:de|pela|a) (manha|tarde)\b", lambda m: "yesterday " + _PART_OF_DAY[m[1].lower()]),
        (
            r"\b(?:hoje )?(?:de|pela|a|esta|nesta) (manha|tarde)\b",
            lambda m: "this " + _PART_OF_DAY[m[1].lower()],
        ),
        (r"\bhoje\b", "today"),
        (r"\bontem (?:a|de) noite\b", "last night"),
        (r"\bontem\b", "yesterday"),
        # "nas últimas duas horas", "na última hora", "nos últimos 30 minutos": the span up to now
        # a phone's dropped letter too: "na ultma hora"
        (r"\b(?:n[ao]s?|durante [ao]s?) ulti?m[ao]s?\b", "in the last"),
        (r"\bulti?m[ao]s?\b", "last"),
        (r"\bhoras\b", "hours"),
        (r"\bhora\b", "hour"),
        (r"\bminutos\b", "minutes"),
        (r"\bdias\b", "days"),
        (r"\bsemanas?\b", "week"),
        (r"\b(?:hoje a noite|esta noite)\b", "tonight"),
        (r"\bagora\b", "now"),
        (r"\bnessa hora\b|\bnaquela hora\b|\bnesse momento\b", "at that time"),
        (r"\b(?:umas|la pelas|por volta das|as)\s+(?=\d)", "at "),
        (r"(?<![-\w])(?:la|ali)\b(?!-)", "there"),
        (r"\bdesde as\b|\bdesde\b", "since"),
        # "depois das 18h", "antes das 9h": after or before that hour (read here, before "das 18h" is "from
        # 18h"; a job named after them is read with the other words)
        # "antes das 9h de hoje": the hour as English writes it, the day after it ("before 9:00 today");
        # "depois das 18h de ontem" is the rest of that day, ended: the day said first, as English's
        # "yesterday after 18:00", which the spans read so
        (
            r"\b(antes|depois) d(?:as|a|e) (\d{1,2})h(\d{2})?\b(?: (?:de|of) (yesterday|today))?",
            lambda m: f"yesterday after {m[2]}:{m[3] or '00'}"
            if m[1].lower() == "depois" and m[4] == "yesterday"
            else ("before " if m[1].lower() == "antes" else "after ")
            + f"{m[2]}:{m[3] or '00'}"
            + (f" {m[4]}" if m[4] else ""),
        ),
        (
            r"\b(antes|depois) d(?:as|a|e) (?=\d)",
            lambda m: "before " if m[1].lower() == "antes" else "after ",
        ),
        (r"\bdas (?=\d)", "from "),
        (r"\b(?:ao|as|ate)\s+(?=noon|\d)", "to "),
        (r"\bmeia[\s-]noite\b", "midnight"),
        (r"\bno total\b", "in total"),
        # readings and what they did
        (r"\b(?:a )?temp(?:eratura)? maxima\b", "the max temperature"),
        (r"\btemperatu?ra\b", "temperature"),
        (r"\b(?:o )?maxim[oa] de\b", "the max"),  # "o máximo de memória usada": the max memory used
        (r"\bmaxim[ao]\b", "max"),
        (r"\bminim[ao]\b", "min"),
        (r"\bem media\b", "on average"),  # "aqueceu mais em média": hotter on average
        (r"\bmedi[ao](?: de)?\b", "mean"),  # "média de util", "pico de potência": mean util, peak power
        (r"\bpico(?: de)?\b", "peak"),
        (r"\bpotencia\b", "power"),
        (r"\blimites? de (?:potencia|power|consumo)\b", "power limit"),  # "o limite de potência da H100"
        (r"\blimites?\b", "limit"),
        (r"\bmemoria\b", "memory"),
        (r"\benergia\b", "energy"),
        (r"\butilizacao\b", "utilization"),
        # "uso" is the card's utilization, "uso de memória" its memory used; "consumo" (de energia) is energy
        # where a total is asked ("o consumo de cada"), power where a reading's peak, mean or now is ("pico de
        # consumo", "consumo médio", "consumo atual")
        (r"\buso de (?:memoria|vram)\b", "memory used"),
        (r"\buso\b", "utilization"),
        (r"\b(peak|mean|max|min) consumo\b", r"\1 power"),
        (r"\bconsumo (?=now\b)|\bconsumo atual\b", "power "),
        # "e o consumo de cada uma?" said alone after a reading: the English "consumption", read by what was
        # asked before it (power after a reading now, energy after kWh or jobs)
        (
            r"^\s*e (?:o )?consumo(?= de each\b| das duas\b| dos dois\b|\s*[?.!]*\s*$)",
            "and the consumption",
        ),
        (r"\bconsumo total(?: de energia)?\b", "total energy"),
        (r"\bconsumo(?: de energia)?\b", "energy"),
        (r"\b(?:a |o )?mais quente\b", "hottest"),
        (r"\b(?:a |o )?mais fri[ao]\b", "coolest"),
        (r"\bquente\b", "hot"),
        (r"\bgraus\b", "degrees"),
        (r"\bacima d(?:e|os?|as?)\b", "above"),
        (r"\b(?:passou|passa|passaram|ultrapassou) d(?:e|os?|as?)\b", "went above"),  # "passou de 600 W"
        (r"\babaixo d(?:e|os?|as?)\b", "below"),
        # Portugal's "aqueceu" for Brazil's "esquentou"
        (r"\b(?:esquentou|aqueceu) mais\b", "got hotter"),
        (r"\b(?:esquentou|aqueceu)\b", "heated up"),
        (r"\b(?:gastou|consumiu|usou|comeu)\b", "used"),  # "comeu" (ate): used, said of GPU-hours
        (r"\b(?:rodou|correu) mais tempo\b", "ran longer"),
        (r"\b(?:ociosa|ocioso|parada|parado)\b", "idle"),
        (r"\blivre\b", "free"),
        (r"\bocupad[oa]s?\b", "busy"),
        (r"\bsendo usad[oa]\b", "being used"),
        (r"\busando\b", "using"),
        (r"\busad[oa]\b", "used"),
        (r"\brodando (?:alguma )?coisa\b", "busy"),  # "e rodando coisa?" after idle time: busy time
        (r"\brodando\b", "running"),
        # ("correu" alone is left as it is: "o que correu ontem à noite" is every job of the night, not only
        # those that ended, as English's "what ran" reads)
        (r"\b(?:rodou|rodaram)\b", "ran"),
        # "o que corria nessa altura" (what was running then); "qual deles correu na gpu 1" (which of them
        # ran), after "qual" is read as "which"
        (r"\b(?:corria|corriam|rodava|rodavam)\b", "was running"),
        (r"\bwhich (?:deles|delas) (?:correu|correram)\b", "which of them ran"),
        (r"\b(?:comecou|iniciou) a trabalhar\b", "started working"),
        (r"\bcomecou\b", "started"),
        (r"\btentou\b", "tried"),
        (r"\btentativas\b", "attempts"),
        (r"\btentativa\b", "attempt"),
        (r"\b(?:somando|contando) (?:todas as attempts|as attempts todas)\b", "over all its attempts"),
        (r"\bsomando tudo\b|\bao todo\b", "in total"),
        (r"\bentre uma attempt e outra\b", "between attempts"),
        (r"\bantes de desistir\b", "before giving up"),
        (r"\bantes de (?:morrer|crashar|rebentar)\b", "before it died"),
        (r"\bantes disso\b", "before that"),
        # "quero que corra antes do 12", "o que correu depois do 11": before or after the job named
        (r"\bantes d[eoa]s?\b", "before"),
        (r"\bdepois d[eoa]s?\b", "after"),
        # "chegou a rodar qnto tempo?": how long it ran at all; "chegou a 100%?": did it reach 100%
        (r"\bchegou a (?:rodar|correr)\b", "ran"),
        (r"\bchegou a(?= \d)", "reached"),
        (r"\besperando\b", "waiting"),
        (r"\besperou\b", "waited"),
        (r"\bfalh(?:ou|aram)\b|\bdeu pau\b|\bmorreu\b|\b(?:rebent|crash)(?:ou|aram)\b", "failed"),
        (r"\bterminou\b", "finished"),
        (r"\b(?:terminar|acabar)\b", "finishes"),  # "quando o 11 terminar": when job 11 finishes
        (r"\baconteceu\b", "happened"),
        (r"\bne\b[,?]?", ""),
        (r"\bvezes\b", "times"),
        (r"\bo log diz\b", "the log says"),
        (r"\bdiz\b", "says"),
        # requests ("roda X de novo", "manda ele de novo": run it again)
        (r"(^|[,;.!?]\s*)(?:roda|rode|manda|mande) (?:o |a )?(.*?)\s*de novo\b", r"\1retry \2"),
        # "manda um retry nele", "dá um retry no 9", "faz o retry": the English verb said with a Portuguese
        # one; "solta ele" (let it go) is release
        (
            r"\b(?:(?:manda|mande|faz|faca|bota|da) (?:um |o )?|de (?:um|o) )(retry|restart|release)\b",
            r"\1",
        ),
        (r"\b(retry|restart|release) (?:nele|nela|ele|ela)\b", r"\1 it"),
        (r"\bcomo (?:eu )?(?:faz|faco)\b", "how can i"),
        (r"\brodar\b", "run"),
        # "muda ele pra usar 1 GPU", "altera o 13 para usar só uma placa": change it to use; "coloca
        # prioridade 10 nele", "bota ele em hold": put; "apaga ele da lista", "deleta o 6": remove it
        # ("tira da fila" is not: a job taken out of the queue "por agora" is held)
        (r"\b(?:muda|mude|mudar|altera|altere|alterar)\b", "change"),
        # "tira o 12 da fila" (take it out of the queue: cancel it), "por agora" (for now: hold it)
        (r"\b(?:tira|tire) (.{1,40}?) d[ao] fila (?=for now\b|por ora\b)", r"hold \1 "),
        (r"\b(?:tira|tire) (.{1,40}?) d[ao] fila\b", r"take \1 out of the queue"),
        # its new value said with "para" ("muda a memória do 13 para 40000 MiB"): to it, not "for"
        (r"\b(change\b.{1,40}?) (?:para|pra) (?=\d)", r"\1 to "),
        (r"\b(?:pra|para) (?:ele |ela )?(?:usar|utilizar)\b", "to use"),
        (r"\b(?:usar|utilizar)\b", "use"),
        (r"\b(?:coloca|coloque|bota|bote)\b", "put"),
        (r"\bprioridade\b", "priority"),
        (r"\b(?:apaga|apague|deleta|delete)\b", "remove"),
        (
            r"\b(remove(?: [\w#-]+){0,3}) d[ao] (lista|fila|historico)\b",
            lambda m: f"{m[1]} from the "
            + {"lista": "list", "historico": "history"}.get(m[2].lower(), "queue"),
        ),
        (r"\bsegura\b", "hold"),
        (r"\bem hold\b", "on hold"),  # "e em hold?": the held jobs
        # "há algum job em hold?", "há alguma placa livre?": is there any
        (r"\bha (?:algum|alguma|alguns|algumas)\b", "is there any"),
        (r"\b(?:algum|alguma|alguns|algumas)\b", "any"),
        (r"\b(?:libera|solta)\b", "release"),
        (r"\bcancela\b", "cancel"),
        (r"\bdespaus\w*\b", "resume"),  # "despausa ele": resume it
        (r"\b(?:pausa|suspende|suspenda)\b", "pause"),  # ("suspende o 11 um bocado")
        (r"\bum bocado\b", ""),  # Portugal's "a bit", as "um pouco": no meaning to read
        (r"\bum (?:momento|instante|bocadinho)\b", "temporarily"),  # "pausa o 11 um momento"
        (r"\bde novo\b", "again"),
        (r"\bconta uma piada\b", "tell a joke"),
        (r"\b(?:vc|voce) recomenda\b", "do you recommend"),
        (r"\b(?:queria|quero|preciso)\b", "i want to"),
        # the rest: "tá", "ele", "dela", the articles and prepositions
        (r"\b(?:ta|esta)\b", "is"),
        (r"\b(?:tava|estava)\b", "was"),
        (r"\bficou\b", "was"),
        (r"\b(?:foi|era)\b", "was"),
        (r"\bdeu\b", "gave"),
        (r"\b(?:ele|ela)\b", "it"),
        # the owner said after the thing: "o limite dela" (its limit), "a temperatura dele" (its temperature)
        (r"\b(?:o|a|os|as) ([a-z]+) (?:dele|dela)\b", r"its \1"),
        (r"\b(?:dele|dela)\b", "its"),
        (r"\b(?:deles|delas)\b", "of them"),
        (r"\bn[ao] maquina\b", "on the machine"),
        (r"\bmaquinas?\b", "machine"),
        (r"\b(?:nele|nela)\b", "on it"),
        # "faz retry nesse", "e nessa?": the one just named, said alone
        (r"\b(?:nesse|nessa|neste|nesta)\b(?=\s*(?:[,.!?]|$))", "on it"),
        (r"\b(?:esse|essa|este|isso)\b", "that"),
        (r"\bas duas\b|\bos dois\b|\bambas\b", "both"),
        (r"\b(?:" + "|".join(_NUMBERS) + r")\b", lambda m: _NUMBERS[m[0].lower()]),
        # "e os outros, ...?": the others, said alone (English's "the others" after one of a list; "os outros
        # jobs" is "the other jobs")
        (r"\boutr[oa]s\b(?=\s*(?:[,;.!?]|$))", "others"),
        (r"\boutr[oa]s?\b", "other"),
        (r"\bplacas\b", "cards"),
        (r"\bplaca\b", "card"),
        (r"\bfila\b", "queue"),
        (r"\bmeu\b|\bminha\b", "my"),
        (r"\bmais\b", "more"),
        (r"\b(?:so|somente)\b(?! far\b)", "only"),  # ("ate agora" is "so far" already)
        (r"\b(?:entao|tambem|mesmo|ai)\b", ""),
        (r"\bja\b", "already"),
        (r"\bdiminui\b", "lowered"),
        (r"\bainda nao\b", "not yet"),  # "ainda não rodou": has not run yet
        (r"\bainda\b", "still"),
        (r"\bnao\b", "not"),
        (r"\bou\b", "or"),
        (r"\bcom\b", "with"),
        (r"\b(?:pra|pro|para)\b", "for"),
        (r"\b(?:do|da|dos|das)\b", "of the"),
        (r"\b(?:no|na|nos|nas)\b", "in the"),
        (r"\bem\b", "in"),
        # ("um", "uma" after the articles: the "a" they are read as is no Portuguese "a" to read again)
        (r"\b(?:o|a|os|as)\b", "the"),
        (r"\b(?:um|uma)\b", "a"),
        (r"\bde\b", "of"),
        (r"(^|[,;.?!:]\s*)e\b", r"\1and"),
        (r"\be\b", "and"),
        # "que" still opening a question asks which: "que jobs correram ontem?" (which jobs ran)
        (r"(^|[;.!?]\s*)que\b", r"\1which"),
        (r"\bque\b", "that"),
    )
)


def portuguese_marked(text: str) -> bool:
    """Whether ``text`` has Portuguese's marks (:data:`_PORTUGUESE_NASAL`, :data:`_PORTUGUESE_ACCENTED`,
    :data:`_PORTUGUESE_MARK`)."""
    plain = text.translate(_PORTUGUESE_UNACCENTED)
    if spanish_own(text):
        plain = _SHARED_WITH_SPANISH.sub(" ", plain)
    return bool(
        _PORTUGUESE_NASAL.search(text) or _PORTUGUESE_ACCENTED.search(text) or _PORTUGUESE_MARK.search(plain)
    )


def portuguese_read(text: str) -> str:
    """``text`` read in English by Portuguese's one table (:data:`_PORTUGUESE`), its accents off, whatever its
    marks: Galician's reader folds its words onto Portuguese's and reads them here (:mod:`.galician`)."""
    return re.sub(r"[ \t]{2,}", " ", translated(text.translate(_PORTUGUESE_UNACCENTED), _PORTUGUESE)).strip()


def portuguese(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Portuguese (:func:`portuguese_marked`); else as it was."""
    if not reads(lean, "portuguese", portuguese_marked(text)):
        return text
    return portuguese_read(text)
