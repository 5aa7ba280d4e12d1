"""Polish read in English: Polish written whole, or mixed into English, where the message has marks of its
own (a letter only Polish has, or one of its own words), typed with its diacritics or without them."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import (
    INFLECTED_MODEL,
    English,
    Lean,
    Table,
    compiled,
    read_where_marked,
)

# each Polish letter with a diacritic, and the plain letter a writer typing fast puts for it ("zużyła" and
# "zuzyla", "wznów" and "wznow" are one word)
_PLAIN = {"ą": "a", "ć": "c", "ę": "e", "ł": "l", "ń": "n", "ó": "o", "ś": "s", "ź": "z", "ż": "z"}


def _either(pattern: str) -> str:
    """``pattern`` with each Polish letter read with or without its diacritic ("zu[żz]y[łl]a")."""
    return "".join(f"[{c}{_PLAIN[c]}]" if c in _PLAIN else c for c in pattern)


def _table(pairs: tuple[tuple[str, English], ...]) -> Table:
    """:func:`tables.compiled`, each pattern read with or without its diacritics."""
    return compiled(tuple((_either(p), english) for p, english in pairs))


# a message is Polish where it has a letter only Polish has (ą ć ę ł ń ś ź ż: "ó" is Spanish's too) or one of
# its own words, with or without diacritics; none of them another language's word once its diacritics are
# dropped ("się" is German's "Sie", "kartę" German's "Karte" and Hindi's "karte", "temperaturę" the English
# word, "karta" Hindi's, "temperatura" and "energia" Spanish's and Italian's: those show by their letter)
_POLISH_MARK = re.compile(
    r"[ąćęłńśźż]|\b(?:"
    + _either(
        r"ile|jaka|jaki|jakie|jaką|jakim|jakiej|kiedy|dlaczego|czemu|który|która|które|którego|którym|jest"
        r"|był|była|było|były|teraz|dzisiaj|dziś|wczoraj|karty|karcie|temperatury"
        r"|pamięć|pamięci|zużycie|zużyła|zużył|zużyło|mocy|energii|prądu|zadanie|zadania"
        r"|zadaniu|kolejce|kolejka|kolejki|kolejkę|działa|działał|czeka|czekał|czekało|chodzi"
        r"|chodził|padło|padł|padła|anuluj|wstrzymaj|wznów|ponów|zatrzymaj|zwolnij|przesuń|zablokuj|zamień"
        r"|anulować|wstrzymać|wznowić|ponowić|zatrzymać|zwolnić|zablokować"
        r"|podbij|porównaj|pokaż|najwyższa|najwyższy|najwyższą|maksymalna|maksymalny|najniższa|najniższy"
        r"|średnia|średni|średnie|średnią|obciążenie|wentylator|szczyt|joba|jobie|jobów|skończył"
        r"|trwał|zjadł|zjadło|puść|godzin|godziny|godzinie|ostatniej|wtedy|czy|pracował|bezczynnie"
        r"|wieczorem|rano|proszę|dzięki|napisz|policz|policzyć|zanim|między|próbami|razy|łącznie|razem|jak"
        r"|jakiś|jakaś|jakieś|różnica|pliku|swoją drogą|pomóż"
        r"|odpal|odpalić|jeszcze|tylko|której|wywalił|wywaliło|wywaliła|próbował|stało|niego|niej|zerze"
        r"|zerówka|zerówce|zerówki|jedynka|jedynce|jedynki|wiatrak|utylizacja|utylizacji|chodziło|szło|miała"
        r"|stopni|więcej|cieplejsza|cieplejszy|chłodniejsza|kosztuje|ostatnia|logu|ciągnęła|ciągnął|polecisz"
        r"|polecił|vramu|zajęte|zajęta|zajętej|ustaw|priorytet|zmień|zamiast|żeby|usuń|wypisał|wypisała|koniec"
        r"|końcu|miał|zrobił|zrobiła|zrobiło|mielił|mieliła|mieliło|podsumuj|podsumowanie|dzisiejszy"
        r"|dzisiejszego|wczorajszy|wczorajszego|dzień|dnia|oddzielnie|posypało|posypał|posypała"
        r"|gdzie|powinno|powinien|powinna|logach|holdzie|przypnij|dokładnie|czyli|obijał|obijała|obija"
    )
    + r")(?!\w)",
    re.I,
)
_NUMBERS = {"dwie": "2", "dwoch": "2", "trzy": "3", "trzech": "3", "cztery": "4", "czterech": "4"}


def _last_hours(m: re.Match[str]) -> str:
    """ "w ostatniej godzinie": in the last hour; "w ostatnich 3 / trzech godzinach": in the last 3 hours."""
    count = m[1] and _NUMBERS.get(m[1].lower().replace("ó", "o"), m[1])
    return f"in the last {count} hours" if count else "in the last hour"


_POLISH = _table(
    (
        # a card by its model in its cases ("na 4090ce", "4090ka"): the model (:data:`tables.INFLECTED_MODEL`)
        INFLECTED_MODEL,
        # requests ("anuluj 13", "wstrzymaj job 11", "wznów", "puść go ponownie", "zwolnij X z holda",
        # "zablokuj go na razie", "podbij priorytet joba 13 do 10", "zamień kolejnością 12 i 13", "przesuń 13
        # na początek")
        (
            r"\b(?:puść|uruchom|odpal|wystartuj)\s+(.{0,30}?)\s*(?:ponownie|jeszcze raz|od nowa)\b",
            lambda m: f"rerun {m[1] or 'it'}",  # (no object said: the job in focus, "odpal jeszcze raz")
        ),
        # "puść go" alone is let it go: release it ("ok to puść go", "puść whisper-finetune")
        (r"\bpuść\b", "release"),
        # "tylko ten jeden": only that one (the job just named)
        (r"\btylko\b", "only"),
        (r"\b(?:ten|tego) jed(?:en|nego)\b", "that one"),
        # the infinitive after "jak" or "chcę" is "to" and the verb ("jak wznowić job 11?": how to resume it)
        (
            r"\b(?:(ponowić|powtórzyć)|(anulować|skasować|ubić)|(wstrzymać|zapauzować)|(zatrzymać)|(wznowić)"
            r"|(zwolnić|odblokować)|(zablokować|przytrzymać))\b",
            lambda m: "to "
            + ("rerun", "cancel", "pause", "stop", "resume", "release", "hold")[m.lastindex - 1],
        ),
        (r"\b(?:ponów|powtórz)\b", "rerun"),
        (r"\banuluj(?:cie)?\b|\bskasuj\b|\bubij\b", "cancel"),
        # "wstrzymaj w kolejce X": keep X waiting in the queue, a hold ("wstrzymaj kolejkę" pauses the queue)
        (r"\bwstrzymaj\s+w\s+kolejce\b", "hold"),
        (r"\b(?:wstrzymaj|zapauzuj|spauzuj)\b", "pause"),
        (r"\bzatrzymaj\b", "stop"),
        (r"\b(?:wznów|odpauzuj)\b", "resume"),
        (r"\bzwolnij\s+(.{1,40}?)\s+z\s+(?:holda|hold|blokady|wstrzymania)\b", r"release \1"),
        (r"\b(?:zwolnij|odblokuj)\b", "release"),
        (r"\b(?:zablokuj|przytrzymaj)\b", "hold"),
        # "X ma poczekać", "niech X poczeka": X should wait (after a correction: the job to hold)
        (r"\bma (?:poczekać|zaczekać)\b|\bniech (?:poczeka|zaczeka)\b", "should wait"),
        # a correction inside the request ("wstrzymaj 12... sorry nie, 13"): no, I meant
        (r"\b(?:sorry|sory|sorki|przepraszam|pardon)\W*\s*nie\b\W*", "sorry no, I meant "),
        # "usuń go z listy": remove it from the list
        (r"\busuń\b", "remove"),
        (r"\busunąć\b", "to remove"),
        (r"\bz listy\b", "from the list"),
        (r"\bz kolejki\b", "from the queue"),
        # "zmień X żeby brał 1 GPU zamiast 2": change X to use 1 GPU instead of 2
        (r"\bżeby\s+(?:brał|brała|brało|używał|używała|używało|korzystał|korzystała|miał|miała)\b", "to use"),
        (r"\bzamiast\b", "instead of"),
        (
            r"\b(?:podbij|podnieś|zwiększ|ustaw|zmień)\s+(?:priorytet|prio)\s+(.{1,30}?)\s+(?:do|na)\s+(\d+)\b",
            r"set the priority of \1 to \2",
        ),
        # the job said first ("a 13 podbij priorytet na 50", "joba 12 ustaw prio do 3")
        (
            r"\b((?:job\w*\s+)?\d+)\s+(?:podbij|podnieś|zwiększ|ustaw|zmień)\s+(?:priorytet|prio)"
            r"\s+(?:do|na)\s+(\d+)\b",
            r"set the priority of \1 to \2",
        ),
        # "daj mu priorytet 10", "nadaj 13 priorytet 5", "daj priorytet 3 jobowi 12": the value given
        (
            r"\b(?:daj|dajcie|nadaj|ustaw|podbij|podnieś|zwiększ|zmień)\s+(?:(mu|jej|im)\s+|(.{1,30}?)\s+)?(?:priorytet|prio)"
            r"\s+(?:na\s+|do\s+)?(\d+)(?:\s+(job\w*\s+\d+|(?!(?:pls|plz|please|proszę|dzięki|thx)\b)\S+))?",
            lambda m: f"set the priority of {m[4] or m[2] or 'it'} to {m[3]}",
        ),
        (
            r"\b(?:podbij|podnieś|zwiększ)\s+(?:priorytet|prio)\s+(.{1,30}?)(?=\s*[?.!,]|\s*$)",
            r"bump the priority of \1",
        ),
        (
            r"\bprzesuń\s+(.{1,30}?)\s+na (?:początek|przód|góre|górę)(?: kolejki)?\b",
            r"bump the priority of \1",
        ),
        (r"\bzamień\s+(?:kolejnością|miejscami)?\s*(\S+)\s+(?:i|z)\s+(\S+)", r"switch \1 and \2"),
        # "ustaw mu pamięć na 40000": set its memory to 40000 (the job in focus)
        (r"\b(?:ustaw|zmień)\s+(?:mu|jej|im)\s+(\S+)\s+na\s+(?=\d)", r"set its \1 to "),
        # "niech leci na jednym gpu": let it run on 1 GPU
        (r"\bniech\s+(?:leci|idzie|chodzi|działa|jedzie|liczy)\b", "let it run"),
        (r"\b(?:na\s+)?(?:jednym|jednej)\s+(?=gpu\b|kar(?:cie|ty)\b)", "on 1 "),
        # "przypnij X na GPU 1": pin X to GPU 1; "tam jest luz": there is room
        (r"\bprzypnij\s+(.{1,40}?)\s+(?:na|do)\s+(?=gpu\b|zer|jedyn)", r"pin \1 to "),
        (r"\bjest luz\b", "is room"),
        (r"\bna ?razie\b", "for now"),
        (r"\bma nie\b", "must not"),
        # "w ogóle nie rusza": is not starting at all
        (r"\b(?:w ogóle\s+)?nie\s+(?:rusza|startuje)(?:\s+w ogóle)?\b", "is not starting at all"),
        (r"\bw ogóle\b", "at all"),
        (r"\b(?:ruszać|ruszyć|rusza|startować|wystartować|startuje|startował)\b", "start"),
        (r"\b(?:ruszył|ruszyła|ruszyło|wystartował|wystartowała|wystartowało)\b", "started"),
        (r"\bpokaż(?: mi)?\b", "show"),
        # "podsumuj mi dzisiejszy dzień": summarize today
        (r"\bpodsumuj(?:cie)?(?: mi)?\b", "summarize"),
        (r"\bpodsumowani(?:e|a|u)\b", "summary"),
        (r"\bzmień\b", "change"),
        (r"\bporównaj\b", "compare"),
        (r"\bnapisz\b", "write"),
        (r"\b(?:krótkiego|krótki|krótką|krótkie)\b", "short"),
        (r"\b(?:maila|mail|e-maila|wiadomość)\b", "email"),
        (r"\bpo angielsku\b", "in English"),
        # the job in its cases ("joba", "jobie", "joby", "jobów"; "zadanie", "zadania", "zadaniu")
        (r"\bjob(?:a|ie|owi|em|y|ów|ami)\b", "job"),
        (r"\bzada(?:nie|nia|niu|niem|ń)\b", "job"),
        # questions: "ile" is how long before a verb of time ("ile czekał", "ile trwał", "ile dziś pracował"),
        # how many before a count ("ile razy", "ile GPU-godzin"), else how much
        # "średnio ile miała", "ile średnio było": what was the average (the reading in focus)
        (
            r"\b(?:średnio\s+ile|ile\s+średnio)\s+(?:miał|miała|miało|był|była|było|wynosił|wynosiła|wynosiło)\b",
            "what was the average",
        ),
        # "czyli ile to już?": so how long is that already (a span just said)
        (r"\bile to już\b", "how long is that already"),
        (r"\bile (?:razy|raz)\b", "how many times"),
        (r"\bile stopni\b", "what temperature"),
        (r"\bile czasu\b|\bjak długo\b|\bjak dlugo\b", "how long"),
        # "ile godzin GPU 1 pracował": how many hours (not "ile godzin GPU": how many GPU-hours)
        (r"\bile godzin\b(?!\s+gpu\b(?!\s*\d))", "how many hours"),
        (
            r"\bile\b(?=(?:\s+\S+){0,2}?(?:\s+gpu\s+\d)?(?:\s+się)?\s+(?:czeka|trwa|pracowa|działa|chodzi|pochodzi|stał|trzyma|liczy"
            r"|leci|mieli|obija)\w*)",
            "how long",
        ),
        (r"\bile (?=gpu|(?-i:W)\b|kwh\b|wh\b|%)", "how many "),  # ("ile W": watts; "ile w sumie": in all)
        (r"\bile\b", "how much"),
        (
            r"\bprzy (?:jakim|którym) job\b"
            r"|\bjaki job (?:wtedy |wówczas )?(?:działał|chodził|leciał)\b"
            r"|\bco to (?:był|była|było) za (?:job|zadanie|proces)\b"
            r"|\bco (?:(?:wtedy|wówczas|tam|na niej|na nim) )*(?:działało|chodziło|leciało|szło|to było)\b",
            "which job was running then",
        ),
        (r"\b(?:jakiś|jakaś|jakieś)\b", "any"),
        # "jaki miał lr?", "jaki lr miał?": what lr did it have (the job in focus)
        (
            r"\b(?:jaki|jaka|jakie|jaką)\s+(?:(?:miał|miała|miało)\s+([^\W\d][\w-]*)|([^\W\d][\w-]*)\s+"
            r"(?:miał|miała|miało))\b",
            lambda m: f"what {m[1] or m[2]} did it have",
        ),
        # "co wypisał na koniec?": what did it print (the job in focus)
        (
            r"\bco\s+(?:wypisał|wypisała|wypisało|zalogował|zalogowała|napisał|napisała)"
            r"(?=\s+na (?:koniec|końcu)|\s*[?.!]|\s*$)",
            "what did it print",
        ),
        (r"\bna (?:koniec|końcu)\b", "at the end"),
        # "który job to zrobił": which job did that
        (r"\bto zrobił(?:a|o)?\b", "did that"),
        (r"\bzrobił(?:a|o)?\b", "did"),
        (r"\bcoś\b", "something"),
        (r"\b(?:jaka|jaki|jakie|jaką|jakiej|jakim|jakich)\b", "what"),
        (r"\bkiedy\b|\bo której(?: godzinie)?\b", "when"),  # (before "której" alone: which)
        (r"\b(?:który|która|które|którego|której|którym|których)\b", "which"),
        (r"\bdlaczego\b|\bczemu\b|\bz jakiego powodu\b", "why"),
        (r"\bco jest z (?:nim|nią|tym)\b", "what is wrong with it"),
        (r"\bco\b", "what"),
        # "jak" before an infinitive is how to ("jak policzyć linie w pliku?": how to count the lines)
        (r"\bjak\b((?:\s+\S+){0,3}?)\s+(\w+(?:a|e|i|y|ą)ć)\b", r"how to \2\1"),
        (r"\bjak\b", "how"),
        (r"\bczy\b\s*", ""),
        (r"\bgdzie\b", "where"),
        (r"\b(?:tzn|tj)\b\.?", "i.e."),
        (r"\bczyli\b", "so"),
        (r"\bdokładnie\b", "exactly"),
        (r"\b(?:koło|około|ok\.)\s*(?=\d{1,2}:\d{2}\b)", "around "),
        # spans and moments ("od północy", "od rana", "od 13:00", "w ostatniej godzinie", "w tym czasie")
        (r"\bdzisiaj od północy\b|\bdziś od północy\b|\bod północy\b", "since midnight"),
        (r"\b(?:dzisiaj |dziś )?od rana\b", "this morning"),
        (r"\b(?:dzisiaj |dziś )?rano\b", "this morning"),
        (r"\bwczoraj wieczorem\b", "yesterday evening"),
        (r"\bwczoraj rano\b", "yesterday morning"),
        (r"\bwczoraj\b", "yesterday"),
        (r"\bdzisiaj\b|\bdziś\b", "today"),
        (r"\bdzisiejsz(?:y|ego|ym)(?: (?:dzień|dnia|dniu))?\b", "today"),
        (r"\bwczorajsz(?:y|ego|ym)(?: (?:dzień|dnia|dniu))?\b", "yesterday"),
        (r"\bteraz\b|\baktualnie\b|\bw tej chwili\b|\bobecnie\b", "now"),
        (r"\bod (\d{1,2})(?::(\d{2}))?\b", lambda m: f"since {m[1]}:{m[2] or '00'}"),
        (r"\bo (?:godz(?:inie|\.)?\s*)?(?=\d{1,2}:\d{2}\b)", "at "),  # ("o 10:05": at 10:05)
        (
            r"\b(?:w|z) (?:ostatniej|ostatnią) godzin(?:ie|ę|y|ki|ce|kę)\b|\bostatnia godzina\b"
            r"|\bprzez ostatnią godzinę\b",
            "in the last hour",
        ),
        (
            r"\bw (?:ostatnich|ciągu ostatnich) (\d+|dwóch|trzech|czterech) godzin(?:ach)?\b",
            _last_hours,
        ),
        (r"\bw tym czasie\b|\bw tym okresie\b|\bw tym przedziale\b", "in that span"),
        (r"\bw sumie\b", "in total"),
        # readings in their cases
        (r"\bpob(?:ór|oru|orze) mocy\b", "power draw"),
        (r"\blimit(?:u)? mocy\b", "power limit"),
        (r"\bzużyci(?:e|a|u) energii\b", "energy use"),
        (r"\bzużyci(?:e|a|u) pamięci\b", "memory use"),
        (r"\bzużyci(?:e|a|u)\b", "use"),
        (r"\btemperatur(?:a|y|ę|ze|ą)\b", "temperature"),
        (r"\bpamię(?:ć|ci)\b", "memory"),
        (r"\bvram(?:u|em|ie)\b", "VRAM"),  # (English's word in its Polish cases: "ile vramu zajęte")
        (r"\bmoc(?:y|ą)?\b", "power"),
        (r"\bene?rgi(?:a|i|ę|ą)\b", "energy"),  # ("enrgii": a letter dropped typing fast)
        (r"\bprąd(?:u)?\b", "electricity"),
        (r"\bobciążeni(?:e|a|u)\b|\bwykorzystani(?:e|a|u)\b|\butylizacj(?:a|i|ę|ą)\b", "utilization"),
        (r"\bwentylator(?:a|y|ów)?\b|\bwiatrak(?:a|i)?\b", "fan"),
        (r"\bzegar(?:y|ów)?\b|\btaktowani(?:e|a)\b", "clocks"),
        (r"\bprocesy\b|\bprocesów\b", "processes"),
        (r"\bszczyt(?:u)?\b", "peak"),
        (r"\bkolej(?:ka|ce|ki|kę)\b", "queue"),
        (r"\bbłęd(?:u|y|ów)\b|\bbłąd\b", "error"),
        (r"\bostatni(?:a|ą|e|ej)? lini(?:a|ę|e|i|jka|jkę|jki)\b", "last line"),
        (r"\bw logu\b", "in the log"),
        (r"\blogu\b", "log of"),  # the genitive: "ostatnia linia logu mistrala" (of mistral's log)
        (r"\blog(?:i|ów|ach)\b", "logs"),
        (r"\bpowin(?:no|ien|na) być\b", "should be"),
        (r"\bzapisał(?:a|o)?\b", "saved"),
        # the English word in Polish cases ("na holdzie", "z holda"): hold
        (r"\bhold(?:zie|a|em|u)\b", "hold"),
        (r"\bpriorytet(?:u)?\b", "priority"),
        # an attempt by its ordinal ("przed drugą próbą": before the second attempt)
        (
            r"\b(?:(pierwsz)|(drug)|(trzeci))(?:a|ą|ej|iej)\s+prób(?:a|ą|y|ie)\b",
            lambda m: "the " + ("first", "second", "third")[m.lastindex - 1] + " attempt",
        ),
        (r"\bpróbami\b|\bpróby\b|\bprób\b|\bpróbach\b", "attempts"),
        (r"\bpróba\b|\bpróbą\b", "attempt"),
        (r"\bgpu-godzin(?:y|ach)?\b|\bgodzin(?:y)? gpu\b(?!\s*\d)", "GPU-hours"),
        (r"\b(\d+)\s*godzin(?:y|ę|a)?\b", r"\1 hours"),
        (r"\belement(?:y|ów)\b", "elements"),
        # the card in its cases ("tej karcie": this card; "sama 4090": the 4090 alone; "każda karta")
        (r"\b(?:obu|obydwu|obie|obydwie) kar(?:t|ty|tach)\b", "both cards"),
        (r"\b(?:oba|obie|obydwa|obydwie|obu)\b", "both"),
        (r"\b(?:osobno|oddzielnie|z osobna)\b", "separately"),
        (r"\b(?:ta|tej|tą|tę) kar(?:ta|cie|tę|tą|ty)\b", "this card"),
        (r"\bkażd(?:a|ej|ą) kar(?:ta|ty|tę|cie)\b", "each card"),
        (r"\bkar(?:ta|ty|cie|tę|tą|t|tach|tami)\b", "card"),
        (r"\bsam(?:a|o)?\s+(\S+)", r"the \1 alone"),  # ("sam run": the run alone, not its wait)
        # a card by its number's noun ("na zerze", "zerówka": GPU 0; "na jedynce", "jedynka": GPU 1)
        (r"\bzer(?:ze|ówka|ówki|ówkę|ówce|ówką|ka|ki|kę|ce|ką)\b", "GPU 0"),
        # "zero" the subject of a verb in its neuter past ("zero stało", "zero było"): the card, not a number
        (r"\bzero\b(?=\s+(?:się\s+)?\w+ło\b)", "GPU 0"),
        (r"\bjedyn(?:ka|ki|kę|ce|ką)\b", "GPU 1"),
        (r"\bdwój(?:ka|ki|kę|ce|ką)\b", "GPU 2"),
        # a threshold ("80 stopni albo więcej", "400 W lub więcej": 80 degrees or more)
        (r"\b(\d+)\s*stopn(?:i|ie|ia)\b", r"\1 degrees"),
        (r"\b(?:albo|lub) więcej\b", "or more"),
        (r"\b(?:albo|lub) mniej\b", "or less"),
        # superlatives and spans of a reading
        (r"\bnajwyższ(?:a|y|e|ą|ej)\b|\bmaksymaln(?:a|y|e|ą|ej)\b|\bnajwiększ(?:a|y|e|ą)\b", "highest"),
        (r"\bnajniższ(?:a|y|e|ą|ej)\b|\bminimaln(?:a|y|e|ą|ej)\b|\bnajmniejsz(?:a|y|e|ą)\b", "lowest"),
        (r"\bśredni(?:a|e|ą|ej|o)?\b", "average"),
        (r"\bnajgorętsz(?:a|y|ą)\b", "hottest"),
        (r"\b(?:cieplejsz|gorętsz)(?:a|y|e|ą)\b", "warmer"),
        (r"\b(?:chłodniejsz|zimniejsz)(?:a|y|e|ą)\b", "cooler"),
        (r"\bnajwięcej\b", "the most"),
        (r"\bnajmniej\b", "the least"),
        (r"\bpowyżej\b|\bponad\b", "above"),
        (r"\bponiżej\b", "below"),
        (r"\bto\b(?=\s+\w+ło\b)", "it"),  # ("ile to zjadło": how much did it use)
        # verbs: in use ("działa", "chodzi", "liczy", "siedzi"), waited, ran, failed, finished, used
        (r"\b(?:działa|chodzi|liczy|leci|siedzą|siedzi|pracuje)\b", "is running"),
        (r"\b(?:działał|chodził|liczył|leciał|działało)\b", "was running"),
        (
            r"\b(?:pracował|pracowała|pracowało|mielił|mieliła|mieliło)\b",
            "busy",
        ),  # ("mielić": grind, at work)
        # "stał bezczynnie", "stało bez roboty": was idle
        (r"\b(?:stał|stała|stało)\s+(?:bezczynnie|bez roboty|bez pracy)\b", "was idle"),
        (r"\bbezczynn(?:a|y|ie)\b|\bbez (?:roboty|pracy)\b", "idle"),
        # "obijać się": to slack, a card idle; "stał idle": was idle
        (r"\b(?:się\s+)?obija(?:ł|ła|ło|)?(?:\s+się)?\b", "was idle"),
        (r"\b(?:stał|stała|stało|stoi)\s+(?=idle\b)", "was "),
        (r"\b(?:miał|miała|miało)\s+(?=\d)", "was at "),  # ("miała 80 stopni": was at 80 degrees)
        (r"\b(?:się stało|stało się)\b", "happened"),
        (r"\b(?:próbował|próbowała|próbowało)\b", "tried"),
        (r"\bczeka(?:ją)?\b", "is waiting"),
        # "ile czekał w kolejce?" with no job named: the job in focus ("did it wait")
        (
            r"\bczekał(?:o|a)?\b(?=\s+w\s+(?:kolej\w*|queue)(?:\s+(?:zanim|przed)\b|\s*[?.!,]|\s*$))",
            "did it wait",
        ),
        (r"\bczekał(?:o|a|y)?\b", "waited"),
        (r"\b(?:trwał|trwało|trwała)\b", "took"),
        (r"\b(?:zdążył|zdążyła)\s+pochodzić\b|\bpochodził\b", "ran"),
        (r"\btrzymał(?:a|o)?\b", "was it"),
        (
            r"\b(?:się\s+)?(?:padło|padł|padła|wywalił|wywaliło|wywaliła|wysypał|wysypało|wysypała|posypał|posypało|posypała)(?:\s+się)?\b",
            "failed",
        ),
        (r"\b(?:skończył|skończyła|skończyło)(?: się)?\b", "finished"),
        (r"\b(?:zużył|zużyła|zużyło|zjadł|zjadła|zjadło|spalił|spaliła|pobrał|pobrała|dała|dał)\b", "used"),
        (r"\bzalogował(?:a|o)?\b|\bwypisał(?:a|o)?\b", "logged"),
        (r"\bciągnie\b|\bpobiera\b", "draws"),
        (r"\bciągnęł(?:a|o)\b|\bciągnął\b", "drew"),
        (r"\bkosztuj(?:e|ą)\b|\bkosztować\b", "costs"),
        # advice asked ("jaki lr byś polecił": what lr would you recommend): not about this machine
        (
            r"\b(?:byś polecił(?:a)?|polecił(?:a)?byś|polecisz|poleciłbyś|doradzisz|radzisz)\b",
            "would you recommend",
        ),
        (r"\bzajmuje\b", "uses"),
        (r"\bzajęt(?:e|a|y|ej|ego|ych)\b", "used"),
        (r"\bpomyliłem się\b|\bpomyliłam się\b", "my mistake"),
        # what is not about the machine, read so that it is not taken for a reading ("różnica między NVLink a
        # PCIe": the difference between; "linie w pliku": the lines of a file)
        (r"\bróżnic(?:a|ę|y)\b", "difference"),
        (r"\bw (?:dwóch|kilku|paru|jednym) zdani(?:ach|u)\b", "in a few sentences"),
        (r"\bpolicz(?:yć)?\b", "count"),
        (r"\blinie\b|\blinijki\b", "lines"),
        (r"\bpli(?:k|ku)\b", "file"),
        # a tool in its locative ("w bashu", "w pythonie", "w excelu"): in that tool
        (r"\bw (bash|zsh|python|excel|linux)(?:u|ie)\b", r"in \1"),
        (r"\b(?:swoją drogą|przy okazji)\b,?", "by the way,"),
        # "ten job", "ta karta", "to zadanie": that one
        (r"\b(?:ten|tego|tym)\s+(?=(?!(?:minut|sekund|godzin|minutes|hours|gpus?)\b)[^\W\d])", "that "),
    )
)
# function words last, once the phrases above have read what they open ("w" is in, never watts; "a" opening a
# follow-up is "and"; "to" before a verb is it)
_POLISH_FUNCTION_WORDS = _table(
    (
        (r"^\s*a\b|(?<=,)\s*a\b", " and"),
        # a pronoun after its preposition ("log z niego": its log; "co na niej chodziło": on it)
        (r"\b(?:na|z|ze) (?:niego|niej|nim|nią)\b", lambda m: ("on" if m[0][0] in "nN" else "of") + " it"),
        (r"\bmiędzy (\S+) a\b", r"between \1 and"),
        # "w" is in, never watts ("ile W ciągnie": how many W; "300 W")
        (r"(?<![\d.])(?<!many )(?<!\d )\b(?:we|w)\b(?!\s*(?:[?.!,]|$))", "in"),
        (r"\bna\b", "on"),
        (r"(?<=\s)i(?=\s)|^i(?=\s)", "and"),  # (lowercase: an English "I" said in passing is kept)
        (r"\boraz\b", "and"),
        (r"\b(?:z|ze)\b", "with"),
        (r"\bprzy\b", "at"),
        (r"\bprzed\b", "before"),
        (r"\bdla\b", "for"),
        (r"\bdo\b", "to"),
        (r"\bpo\b", "after"),
        (r"\bzanim\b", "before"),
        (r"\bmiędzy\b", "between"),
        (r"\b(?:łącznie|razem)\b", "in total"),
        (r"\bwszystkie\b", "all"),
        (r"\bcał(?:y|a|e|ego)\b", "the whole"),
        (r"\bwtedy\b", "then"),
        (r"\bjest\b", "is"),
        (r"\b(?:był|była|było|były)\b", "was"),
        (r"\bma\b", "has"),
        (r"\bnie\b", "not"),
        (r"\bsię\b", ""),
        (r"\b(?:go|ją|je|jego|jej|niego|niej)\b", "it"),
        (r"\b(?:jednak|dobra|swoją drogą|swoja droga)\b,?", ""),
        (r"\b(?:proszę|prosze)\b", "please"),
        (r"\bdzięki\b", "thanks"),
        (r"\btak\b,?", ""),
        # after "i" (and) is read: "chodziło mi o 4090" (I meant the 4090)
        (r"\bchodziło mi o\b", "I meant"),
    )
)


def polish(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Polish (:data:`_POLISH_MARK`): its phrases and words
    (:data:`_POLISH`), then its function words (:data:`_POLISH_FUNCTION_WORDS`); else as it was."""
    return read_where_marked(text, _POLISH_MARK, _POLISH + _POLISH_FUNCTION_WORDS, lean, "polish")
