"""Ukrainian and Russian read in English, in one module because one chat mixes them and surzhyk mixes them in
one sentence ("шо там по температурі", "поставь на hold 12-й"): written in Cyrillic with English words of the
trade in Latin letters (job, GPU, hold), or written whole in Latin letters ("skilky zaraz watt na gpu0").
Each pattern is written once in Cyrillic and reads its transliteration too (:func:`_either`); a message is
read where it has a Cyrillic letter, or, in Latin letters, one of the words only a transliteration has
(:data:`_MARK`)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from gpuaccel.assistant.understand.languages.tables import (
    INFLECTED_MODEL,
    English,
    Lean,
    Table,
    compiled,
    read_where_marked,
)

# each Cyrillic letter and the Latin letters a writer without a Cyrillic keyboard puts for it, in Ukrainian's
# and Russian's usual ways ("що" shcho, scho, sho; "з'їв" zjiv, ziv; "перезапускався" perezapuskavsia); the
# soft sign and the apostrophe may be dropped ("скільки" skilky, "пам'ять" pamyat)
_LATIN = {
    "а": "a",
    "б": "b",
    "в": "v",
    "г": "h|g|gh",
    "ґ": "g",
    "д": "d",
    "е": "e",
    "є": "ye|ie|je|e",
    "ж": "zh|z|j",
    "з": "z",
    "и": "y|i",
    "і": "i",
    "ї": "yi|ji|i",
    "й": "y|j|i",
    "к": "k",
    "л": "l",
    "м": "m",
    "н": "n",
    "о": "o",
    "п": "p",
    "р": "r",
    "с": "s",
    "т": "t",
    "у": "u",
    "ф": "f",
    "х": "kh|h|x",
    "ц": "ts|c|tz",
    "ч": "ch",
    "ш": "sh",
    "щ": "shch|sch|sh",
    "ы": "y|i",
    "э": "e",
    "ю": "yu|iu|ju|u",
    "я": "ya|ia|ja",
    "ё": "yo|jo|e|o",
}
_DROPPED = {"ь": "(?:ь|')?", "ъ": "(?:ъ|')?", "'": "['’ʼ`]?"}
# a pattern opening with this reads Cyrillic only: a short word whose transliteration is an English word or
# letter ("он" on, "до" do, "а" a, "і" i, "с" s, "в" v)
_CYRILLIC_ONLY = "(?#cyrillic)"


def _letter(c: str) -> str:
    """One letter of a pattern with its transliterations ("ч": "(?:ч|ch)")."""
    low = c.lower()
    if low in _DROPPED:
        return _DROPPED[low]
    if low in _LATIN:
        return f"(?:{c}|{_LATIN[low]})"
    return c


def _either(pattern: str) -> str:
    """``pattern``, written in Cyrillic, reading its transliterations too; a class of Cyrillic letters
    ("[аи]") is read as the choice of each; escapes and other classes as they were."""
    if pattern.startswith(_CYRILLIC_ONLY):
        return pattern
    out, i = [], 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            out.append(pattern[i : i + 2])
            i += 2
            continue
        if c == "[":
            end = pattern.index("]", i + 1)
            inside = pattern[i + 1 : end]
            if inside and all(ch.lower() in _LATIN or ch.lower() in _DROPPED for ch in inside):
                out.append("(?:" + "|".join(_letter(ch) for ch in inside) + ")")
            else:
                out.append(pattern[i : end + 1])
            i = end + 1
            continue
        out.append(_letter(c))
        i += 1
        if c.lower() in _DROPPED and pattern[i : i + 1] == "?":
            i += 1  # ("ь?": already optional)
    return "".join(out)


def _table(pairs: tuple[tuple[str, English], ...]) -> Callable[[], Table]:
    """:func:`tables.compiled`, each pattern read in Cyrillic and in its transliterations, built when first
    read (:func:`_tables`)."""
    return lambda: compiled(tuple((_either(p), english) for p, english in pairs))


# words only a transliteration has, never English's nor another language's read here (not "zaraz", Polish's
# "in a moment", "jaka" Polish's what, "energii" Polish's energy, "tez" Polish's too, "kto" Polish's who;
# not "de", "na" or "a")
_LATIN_MARK_WORDS = (
    r"скільки|скіки|скилько|сколько|скока|сейчас|щас|вчора|вчера|сьогодні|сегодня|чому|почему|чого|чего"
    r"|що|шо|што|что|когда|хто|где|пам'ять|пам'яті|память|памяти|потужність|мощность|черга"
    r"|скоко|черзі|очередь|очереди|крутиться|працює|работает|чекає|ждет|впав|впала|упал|упала|перезапусти"
    r"|перезапускався|перезапускался|скасуй|отмени|відпусти|отпусти|будь ласка|пожалуйста|дякую|спасибо"
    r"|всього|всего|пропрацював|проработал|зайнято|занято|з'їв|з'їла|сожрал|часов|вже|останній|последний"
    r"|котра|котрий|которая|который|найбільш|наиболее|гаряча|горячая"
    # the requests the table reads, in their imperative ("postav mistral na pauzu", "vozobnovi ego",
    # "podnimi prioritet 12 do 10", "napishi ...", "perevedi ...")
    r"|постав|поставь|подними|підніми|повысь|підвищ|возобнови|віднови|продолжи|продовж|покажи|покажіть"
    r"|напиши|переведи|переклади|объясни|поясни|посоветуй|посоветуешь|порадь|порадиш|глянь|посмотри|подивись"
    r"|проверь|перевір|сравни|порівняй"
    # pronouns, question words and small words no other language read here writes so (not "ona", "byl",
    # "byla", "jaki", Polish's; "kak", Indonesian's; "nee" (нее, неё), Dutch's; "ego", "eta", "skin" (скинь),
    # "net", English's)
    r"|ее|её|него|ней|його|какой|какая|какие|какое|какую|каких|який|яку|тогда|тоді"
    r"|пока|поки|надо|нужно|потрібно|между|если|якщо|это|этот|эту|вообще|взагалі|теперь|тепер|ещё"
    r"|еще|тоже|також|можно|утра|вечером|ввечері|гоняли|ганяли"
)
# an adjective's or a verb's ending only a transliteration has ("srednyaya", "nulevuyu", "krutitsya")
_LATIN_MARK_ENDINGS = r"\w{2,}(?:yaya|uyu|yuyu|itsya|etsya|yatsya)"
# a follow-up opened by "а"/"і" and a preposition ("a na 4090?", "i po energii?"): short, but no English
_LATIN_FOLLOW_UP = r"^\s*(?-i:a|i)\s+(?:na|po|za|vo|v|u)\s+(?=\S)"
_MARK = re.compile(
    r"[а-яёіїєґ]|\b(?:" + _either(_LATIN_MARK_WORDS) + "|" + _LATIN_MARK_ENDINGS + r")\b|" + _LATIN_FOLLOW_UP,
    re.I,
)

# the verbs of a job's time: running now, ran, waiting, waited ("скільки він вже йде?": how long has it been
# running; "скільки він йшов?", "скільки встиг пропрацювати": how long did it run)
_RUNS_NOW = r"(?:йде|іде|идет|ид[её]т|крутиться|працює|работает|бежить|біжить|рахує|считает|пашет|триває)"
_RAN = (
    r"(?:йшов|йшла|ішов|шел|шёл|шла|шло|крутився|крутилась|крутилося|крутился|крутилось|працював|працювала|пропрацював\w*|проработал\w*"
    r"|відпрацював|попрацював|отработал|поработал|работал|тривав|тривало|длился|длилось|бігав|бегал"
    r"|прожил|прожила|прожив|прожила"  # ("скільки він прожив до крашу": how long did it run)
    r"|встиг\w*\s+(?:по|про|від)?працювати|успел\w*\s+(?:по|про|от)?работать"
    r"|встиг\w*\s+пробігти|успел\w*\s+пробежать)"  # ("сколько успел пробежать": how long did it run
)
_WAITS = r"(?:чекає|чекають|жд[её]т|ждут|висить|стоїть|стоит)"
_WAITED = (
    r"(?:чекав|чекала|чекали|простояв|простоял|простояла|простояли|ждал|ждала|ждали|стояв|стояла|стоял|висів"
    r"|висіла|висел|висела)"
)
# a job's run said in the past, of a job or a card in any gender ("пока шла", "тогда крутился")
_RAN_WHILE = (
    r"шла|шел|шёл|шло|йшла|йшов|йшло|ішла|ішов|крутилась|крутился|крутилось|крутилася|крутився|крутилося"
    r"|работала|работал|работало|працювала|працював|працювало"
)
# a job said by a pronoun or a name (and a day) between "скільки" and its verb
_WHO = r"((?:він|вона|воно|он|она|оно)\s+)?((?:[\w.'-]+\s+){0,2}?)"
_UNIT = r"(?:(?:часу|времени|годин|часов|хвилин|минут)\s+)?"  # ("скільки годин крутився": how long)
# what a job is let do ("нехай продовжує", "пусть стартует"), said with its subject or without
_LET = r"\b(?:нехай|хай|пусть|пускай)\s+(?:(?:він|вона|воно|вони|он|она|оно|они)\s+)?"
# a verb that changes a job ("поправь", "зміни", "перенастрой"), then "so that" and its subject
_CHANGE = (
    r"(?:поправ\w*|исправ\w*|переделай|перероби|виправ\w*|поменяй|поміняй|измени|зміни|перенастрой"
    r"|переналаштуй)"
)
_SO_THAT = r",?\s+(?:чтобы|чтоб|щоб|щоби|шоб)\s+(?:(?:он|она|оно|він|вона|воно)\s+)?(?:\w+\s+)?"
_CARD = r"(?:gpu|гпу|карт\w*|видеокарт\w*|відеокарт\w*)"  # a card's words (with "видюха" where said)
_EARLIER = r"(?:(?:вже|уже|всього|всего|загалом|взагалі|в сумі)\s+)*"


def _subject(m: re.Match[str]) -> str:
    """The job a time question names ("скільки mistral вже йде": mistral), or "it" where a pronoun or nothing
    says it ("скільки він йшов", "скільки вже йде")."""
    said = m[2].strip()
    if m[1] or not re.search(r"[a-z0-9]", said, re.I):
        return f"it {said}".strip()
    return said


def _count(said: str) -> str:
    """A small count as digits ("одну", "odnu": 1; "две", "дві": 2; "3": 3), as English reads it."""
    if said.isdigit():
        return said
    return "1" if said.lower().startswith(("одн", "odn")) else "2"


_UKRAINIAN_RUSSIAN = _table(
    (
        # a card by its model in its cases ("na 4090ce", "4090ka"): the model (:data:`tables.INFLECTED_MODEL`)
        INFLECTED_MODEL,
        # greetings, thanks and words that open or close a message and ask nothing
        (r"\b(?:привіт|привет|доброго ранку|добрий день|доброе утро|добрый день)\b[!,.]*", ""),
        (r"\b(?:будь ласка|будьласка|пожалуйста|пожалуста|плз|плиз|пліз|pliz)\b", "please"),
        (r"\b(?:дякую|дякс|спасибо|спс|сенкс)\b", "thanks"),
        (r"\b(?:сорі|сорри|сори|сорь|сорян|вибач|вибачте|извини|извините|прости)\b", "sorry"),
        # what was meant, said between "я про" and "имел в виду" ("я про вторую карту имел в виду")
        (
            r"\bя\s+(?:про|о|об)\s+(.{1,40}?)\s+(?:(?:имел|имела)\s+в\s+виду|(?:мав|мала)\s+на\s+увазі)\b",
            r"I meant \1",
        ),
        (r"\bя\s+(?:мав|мала|мало)\s+на\s+увазі\b|\bя\s+имел(?:а)?\s+в\s+виду\b", "I meant"),
        # a correction's "no," ("нет, я имел в виду нулевую карту"); Ukrainian "ні" only in Cyrillic ("ni")
        (r"^\s*нет\b\s*,?", "no,"),
        (r"(?#cyrillic)^\s*ні\b\s*,?", "no,"),
        # a change of mind ("хотя не, ...", "хоча ні, ..."; chat's "не," for "нет,"): actually no
        (r"^\s*(?:хотя|хоча)\s+(?:нет|не|ні)\b\s*,?", "actually no,"),
        (r"(?#cyrillic)^\s*не\s*,", "no,"),
        (r"\b(?:лучше|краще)\s+(?:просто|лишь|лише|только)\b", "just"),
        (r"(?#cyrillic)(^|[.?!,;:]\s*)(?:(?:ну|ок|окей|оке|ладно|добре|давай|так)\b[.,!]*\s*)+", r"\1"),
        (r"^\s*(?:все|всё|готово)\s*,\s*", "done, "),  # ("vsyo, NFS ok, vozobnovi ego": done)
        # requests: cancel, pause, hold, release, resume, restart, the priority ("скасуй 13", "отмени job 13",
        # "постав на паузу 11", "поставь на hold 12-й", "відпусти X з hold", "зніми з паузи", "перезапусти
        # його", "підніми йому пріоритет до 10", "поміняй пріоритет 12 на 5")
        (r"\b(?:постав|поставь|поставте|поставити|поставить)\s+на\s+(?:паузу|pause)\b", "pause"),
        (r"\b(?:постав|поставь|поставте|поставити|поставить)\s+на\s+(?:hold|холд)\b", "hold"),
        # the verb said last, as chat Russian often orders it ("на паузу поставь", "в холд поставь")
        (r"\b(?:на|в)\s+(?:паузу|pause)\s+(?:постав|поставь|поставте|поставити|поставить)\b", "pause"),
        (r"\b(?:на|в)\s+(?:hold|холд)\s+(?:постав|поставь|поставте|поставити|поставить)\b", "hold"),
        # ("постав 13-й на hold": hold 13)
        (r"\b(?:постав|поставь|поставте)\s+(.{1,30}?)\s+на\s+(?:паузу|pause)\b", r"pause \1"),
        (r"\b(?:постав|поставь|поставте)\s+(.{1,30}?)\s+(?:на|в)\s+(?:hold|холд)\b", r"hold \1"),
        (
            r"\b(?:зніми|сними|зняти|снять)\s+(?:(.{1,30}?)\s+)?(?:з|с|із)\s+(?:паузи|паузы|pause)\b",
            r"resume \1",
        ),
        (
            r"\b(?:зніми|сними|зняти|снять)\s+(?:(.{1,30}?)\s+)?(?:з|с|із)\s+(?:hold|холда|холду|холд)\b",
            r"release \1",
        ),
        # a job taken off ("сними джоб 11": cancel it), once "зніми з паузи/холда" is read above
        (r"\b(?:зніми|сними|сніми)\b(?=\s+(?:джоб\w*|job|задач\w*|завдання|його|его|её|ее|її|\d))", "cancel"),
        # a job taken off the list ("удали X из списка джобов", "видали X зі списку"): removed
        (r"\b(?:удали|видали|удалите|видаліть)\b", "remove"),
        (r"\b(?:из|з|зі|із)\s+списк\w*(?:\s+(?:джоб\w*|job\w*|задач\w*|завдань))?", "from the job list"),
        # the queue started back ("запускай очередь обратно"): started again
        (r"\b(?:запускай|запускайте|запускаем|запускать)\b", "start"),
        (r"(?#cyrillic)\b(?:обратно|назад)\b", "again"),
        (r"\b(?:відпусти|отпусти|відпустіть|отпустите|розблокуй|разблокируй)\b", "release"),
        (r"\b(?:з|с|із)\s+(?:hold|холда|холду|холд)\b", "from hold"),
        (
            r"\b(?:скасуй|скасуйте|скасувати|отмени|отмените|отменить|кансельни|кенсельни|кільни|кильни)\b",
            "cancel",
        ),
        (r"\b(?:вбий|убей|вбити|убить|прибий|прибей|грохни)\b", "kill"),
        # a job put first ("посунь 13 вперед у черзі", "подвинь 13 в начало очереди")
        (
            r"\b(?:посунь|подвинь|перемісти|перемести|пересунь|передвинь)\s+(.{1,30}?)\s+"
            r"(?:вперед|вперёд|на початок|в начало|наверх|першим|первым)"
            r"(?:\s+(?:у|в)?\s*(?:черз\w*|черг\w*|очеред\w*))?",
            lambda m: f"bump the priority of {'job ' if m[1].isdigit() else ''}{m[1]}",
        ),
        (r"\b(?:запаузь|паузни|призупини|приостанови|призупинити|приостановить)\b", "pause"),
        (r"\b(?:захолдь|захолди|холдни|притримай|придержи|заблокуй|заблокируй)\b", "hold"),
        # what the job is let do, said with "нехай"/"пусть" ("хоча ні, нехай продовжує", "пусть дальше
        # крутится"; "хай йде в чергу", "пусть стартует"): let it continue (after a pause: resumed), go to the
        # queue, start
        (
            _LET + r"(?:продовжу\w*|продолжа\w*"
            r"|продолжит\w*|(?:далі|дальше)\s+(?:йде|іде|идет|идёт|крутиться|крутится|працює|работает|рахує|считает)"
            r"|(?:йде|іде|идет|идёт|крутиться|крутится|працює|работает|рахує|считает)\s+(?:далі|дальше))",
            "let it continue",
        ),
        (
            _LET + r"(?:йде|іде|піде|идет|идёт"
            r"|пойдет|пойдёт|стає|стане|стает|станет|встане|встанет)\s+(?:в|у|до)\s+(?:черг\w*|очеред\w*)",
            "let it go to the queue",
        ),
        (
            _LET + r"(?:стартує|стартуе|стартует"
            r"|стартане|запуститься|запустится|запускається|запускается|починає|начинает)\b",
            "let it start",
        ),
        # "верни її" gives a paused job its card back: resume it
        (
            r"\b(?:продовж|продовжуй|продовжуйте|продолжи|продолжай|продолжайте|віднови|возобнови|резюмни|відпаузь"
            r"|распаузь|верни|поверни)\b",
            "resume",
        ),
        (
            r"\b(?:перезапусти|перезапустіть|перезапустите|перезапустити|перезапустить|рестартни|рестартани"
            r"|ретрайни|повтори|повторіть|повторите)\b",
            "restart",
        ),
        (
            r"\b(?:запусти|запустить|запустіть|постав|поставь|поставте)\s+(.{1,30}?)\s+"
            r"(?:знову|заново|ще раз|снова|еще раз|ещё раз)\b",
            r"restart \1",
        ),
        # two jobs swapped in the queue ("поміняй 12 і 13 місцями": switch 12 and 13)
        (
            r"\b(?:поміняй|поменяй|поміняти|поменять)\s+(\S+)\s+(?:і|и|та|з|с|й)\s+(\S+)\s+(?:місцями|местами)"
            r"(?:\s+(?:у|в)\s+(?:черз\w*|черг\w*|очеред\w*))?",
            r"switch \1 and \2",
        ),
        # "місцями" said first ("поменяй местами 12 и 13 в очереди")
        (
            r"\b(?:поміняй|поменяй|поміняти|поменять)\s+(?:місцями|местами)\s+(\S+)\s+(?:і|и|та|з|с|й)\s+(\S+?)"
            r"(?=[,.;!?]|\s|$)(?:\s+(?:у|в)\s+(?:черз\w*|черг\w*|очеред\w*))?",
            r"switch \1 and \2",
        ),
        # one job swapped with another ("поменяй ее местами с 13": switch it with 13)
        (
            r"\b(?:поміняй|поменяй|поміняти|поменять)\s+(\S+)\s+(?:місцями|местами)\s+(?:з|с|із|зі)\s+(\S+?)"
            r"(?=[,.;!?]|\s|$)",
            r"switch \1 with \2",
        ),
        # a job's GPU count changed ("поменяй ей число карт на одну": change its number of GPUs to 1)
        (
            r"\b(?:поміняй|поменяй|зміни|измени|постав|поставь|встанови|установи|сделай|зроби)\s+"
            r"(?:(?:йому|їй|ему|ей)\s+)?(?:число|количество|кол-во|кількість)\s+(?:карт\w*|видеокарт\w*|відеокарт\w*"
            r"|видюх\w*|gpu|гпу)\s+(?:на|до)\s+(\d+|одн\w*|дв[еіа]|два)\b",
            lambda m: f"change its number of GPUs to {_count(m[1])}",
        ),
        # a job made to run on a number of GPUs ("llama-405b-probe поправь, чтобы на одной гпу шёл", "зміни
        # job 13, щоб він працював на одній карті"): changed so it runs on that many
        (
            rf"(?:\b{_CHANGE}\s+(\S+?)|(\S+)\s+{_CHANGE}){_SO_THAT}(?:на|по)\s+(\d+|одн\w*|дв\w*)\s+"
            rf"(?:{_CARD}|видюх\w*)\b",
            lambda m: f"change {m[1] or m[2]} so it runs on {_count(m[3])} gpu",
        ),
        # a job kept to one card ("зміни whisper щоб вона йшла тільки на GPU 1", "поправь X, чтобы шёл только
        # на гпу 0"): made to run only on it; moved there ("перенеси X на карту 1")
        (
            rf"\b{_CHANGE}\s+(\S+?){_SO_THAT}(?:тільки|лише|только|лишь)?\s*(?:на|по)\s+{_CARD}"
            r"\s*(?:№|#)?\s*(\d+)\b",
            r"make \1 run only on gpu \2",
        ),
        (
            r"\b(?:перенеси|перенесіть|перенесите|перекинь|перекиньте|пересади)\s+(.{1,30}?)\s+на\s+"
            rf"{_CARD}\s*(?:№|#)?\s*(\d+)\b",
            r"move \1 to gpu \2",
        ),
        # ("поміняй пріоритет 13 на 3": of 13 to 3)
        (
            r"\b(?:підніми|підвищ|підвищи|подними|повысь|збільш|увеличь|поміняй|поменяй|зміни|измени|постав"
            r"|поставь|встанови|установи)\s+(?:пріоритет|приоритет|prio|priority)\s+(.{1,30}?)\s+(?:на|до)\s+(\d+)\b",
            lambda m: f"set the priority of {'job ' if m[1].isdigit() else ''}{m[1]} to {m[2]}",
        ),
        # the verb said last ("і пріоритет їй 5 постав", "ей приоритет 10 поставь"): its priority set
        (
            r"(?:\b(?:йому|їй|ему|ей)\s+)?\b(?:пріоритет|приоритет|prio|priority)\s+(?:(?:йому|їй|ему|ей)\s+)?"
            r"(?:на\s+|до\s+)?(\d+)\s+(?:постав|поставь|поставте|встанови|установи|зроби|сделай|дай|дайте)\b",
            r"set its priority to \1",
        ),
        # the priority's value said after it, the job by a pronoun or unsaid ("поставь ей приоритет 10")
        (
            r"\b(?:підніми|підвищ|підвищи|подними|повысь|поміняй|поменяй|зміни|измени|постав|поставь|встанови"
            r"|установи)\s+(?:(?:йому|їй|ему|ей)\s+)?(?:пріоритет|приоритет|prio|priority)\s+(?:на\s+|до\s+)?(\d+)\b",
            r"set its priority to \1",
        ),
        (
            r"\b(?:підніми|підвищ|підвищи|подними|повысь|збільш|увеличь)\s+(?:пріоритет|приоритет|prio|priority)"
            r"\s+(\S+(?:\s+\d+)?)(?=\s*[?.!,]|\s*$)",
            lambda m: f"bump the priority of {'job ' if m[1].isdigit() else ''}{m[1]}",
        ),
        (
            r"\b(?:підніми|підвищ|підвищи|подними|повысь|збільш|увеличь)\s+(?:(?:йому|їй|ему|ей)\s+)?"
            r"(?:пріоритет|приоритет|prio|priority)",
            "raise its priority",
        ),
        (
            r"\b(?:поміняй|поменяй|зміни|измени|постав|поставь|встанови|установи)\s+(?:(?:йому|їй|ему|ей)\s+)?"
            r"(?:пріоритет|приоритет|prio|priority)",
            "set the priority",
        ),
        # a request said after its job ("12 захолдь", "13-й скасуй"): the verb first, as English says it
        (
            r"(?#cyrillic)(^|[.?!,;:]\s*)(\d+)(?:-?(?:й|ий|ый|ю|у))?\s+(cancel|pause|hold|release|resume|restart|kill)\b",
            r"\1\3 \2",
        ),
        (r"\b(?:порівняй|порівняти|сравни|сравнить)\b", "compare"),
        (r"\b(?:покажи|покажіть|покажите|скинь|скиньте|кинь|виведи|выведи)(?:\s+(?:мені|мне))?\b", "show"),
        (r"(?#cyrillic)\bдай(?:те)?(?:\s+(?:мені|мне))?\b", "show"),
        (r"\b(?:напиши|набросай|накидай)(?:те)?\b", "write"),
        # asks off the machine: a translation, an explanation, advice ("переведи на английский: ...",
        # "студентам объяснить", "какую термопасту посоветуешь?")
        (r"\b(?:переведи|переклади|перевести|перекласти)(?:те)?\b", "translate"),
        (r"\bна\s+(?:английский|англійську|англійська|англ)\b", "into English"),
        (r"\b(?:объясн|поясн)\w*", "explain"),
        (
            r"\b(?:посоветуешь|посоветуете|посоветуй|посоветуйте|порадиш|порадите|порадь|порадьте)\b",
            "do you recommend",
        ),
        (r"\bтермопаст\w*", "thermal paste"),
        (r"\b(?:если|якщо)\s+(?:коротко|кратко)\b", "briefly"),
        (r"\b(?:коротк|кратк)\w*", "short"),
        (r"\b(?:чекни|глянь|подивись|подивіться|посмотри|посмотрите|перевір|проверь)\b", "check"),
        (r"\b(?:чи|або)\s+ні\b|\bили\s+нет\b", "or not"),
        # ("завершився з помилкою": ended with an error)
        (
            r"\b(?:завершив|закінчив|завершил|закончил)\w*\s+(?:з|с|із)\s+(?:помилкою|ошибкой|помилками|ошибками)\b",
            "failed",
        ),
        # what is still to come ("скільки він ще буде йти?", "коли стартане job 12?", "довго ще чекати?")
        (
            r"\b(?:скільки|скіки|сколько|скока|скоко)\s+(?:(?:він|вона|воно|он|она|оно)\s+)?(?:ще|еще|ещё)\s+(?:буде|будет)"
            r"\s+(?:йти|іти|идти|працювати|работать|крутитися|крутиться)\b",
            "how much longer will it run",
        ),
        (r"\b(?:довго|долго)\s+(?:ще|еще|ещё)\s+(?:чекати|ждать)\b", "how long will it still wait"),
        # ("чому whisper не стартує": why is it not starting, not "will start")
        (
            r"\b(?:не\s+стартує|не\s+стартует|не\s+запускається|не\s+запускается|не\s+йде|не\s+идет|не\s+идёт)\b",
            "is not starting",
        ),
        (r"\b(?:стартане|стартует|запуститься|запустится|почнеться|начнется|начнётся)\b", "will start"),
        (r"\b(?:досі|до сих пор|все ще|всё ещё|все еще)\b", "still"),
        (
            r"\b(?:о|в|во)\s+(?:котрій|которой|котором)(?:\s+(?:годині|часу|часов))?\b|\bво\s+сколько\b",
            "at what time",
        ),
        # a card that worked above a value was above it ("h100 работала выше 500 W": was above 500 W)
        (
            r"\b(?:працювал|працював|работал|рахувал|считал)\w*\s+(?=(?:вище|выше|нижче|ниже|більше|больше|менше|меньше)\b)",
            "was ",
        ),
        # "на скільки" is by how much ("вентилятор на скільки крутиться": how fast), never how long
        (r"\b(?:на\s*скільки|на\s*сколько)\b", "how much"),
        # how long a job ran, waits or waited: "скільки" before a verb of time
        (
            r"\b(?:скільки|скіки|скилько|сколько|скока|скоко)\s+"
            + _UNIT
            + _WHO
            + _EARLIER
            + _RUNS_NOW
            + r"\b",
            lambda m: f"how long has {_subject(m)} been running",
        ),
        (
            r"\b(?:скільки|скіки|скилько|сколько|скока|скоко)\s+" + _UNIT + _WHO + _EARLIER + _RAN + r"\b",
            lambda m: f"how long did {_subject(m)} run",
        ),
        (
            r"\b(?:скільки|скіки|скилько|сколько|скока|скоко)\s+" + _UNIT + _WHO + _EARLIER + _WAITS + r"\b",
            lambda m: f"how long has {_subject(m)} been waiting",
        ),
        (
            r"\b(?:скільки|скіки|скилько|сколько|скока|скоко)\s+" + _UNIT + _WHO + _EARLIER + _WAITED + r"\b",
            lambda m: f"how long did {_subject(m)} wait",
        ),
        # ("сколько вообще по времени": how long at all)
        (
            r"\b(?:скільки|скіки|скилько|сколько|скока|скоко)\s+(?:(?:взагалі|вообще|всього|всего)\s+)?(?:по\s+)?"
            r"(?:часу|времени)\b",
            "how long",
        ),
        (r"\bпо\s+часу\b|\bпо\s+времени\b", ""),  # ("скільки ... по часу": how long)
        (r"\b(?:скільки|скіки|сколько|скока|скоко)\s+(?:разів|раз|раза)\b", "how many times"),
        (
            r"\b(?:скільки|скіки|скилько|сколько|скока|скоко)\b(?=\s+(?:(?:зараз|сейчас|вже|уже)\s+)?(?:watt|ват|вт\b|w\b|gpu-?(?:годин|часов|hours|h)\b|kwh|wh|секунд|хвилин|минут|годин|часов|%))",
            "how many",
        ),
        (r"\b(?:скільки|скіки|скилько|сколько|скока|скоко)\b", "how much"),
        # when, at what time, why, what, which, who, where, how
        # when a card last worked ("коли GPU 1 останній раз щось рахувала?": when was GPU 1 last busy)
        (
            r"\b(?:коли|когда)\s+(.{1,24}?)\s+(?:(?:останній|в останній|в последний|последний)\s+раз\s+"
            r"|востаннє\s+|напоследок\s+)?(?:щось\s+|что-то\s+)?"
            r"(?:рахувала|працювала|считала|работала|молотила|була\s+зайнята|была\s+занята)\b",
            r"when was \1 last busy",
        ),
        # a card's work said in the feminine past ("коли GPU 1 останній раз щось рахувала": was busy)
        (r"\b(?:щось\s+|что-то\s+)?(?:рахувала|працювала|считала|работала|молотила)\b", "was busy"),
        (r"\b(?:це|то|это)\s+(?:було|было)\b", "was that"),
        (r"\b(?:коли|когда)\s+(?:саме|именно|точно)\b", "when exactly"),
        (r"\b(?:коли|когда)\b", "when"),
        (
            r"\b(?:в|у)\s+(?:чому|чем|чём)\s+(?:різниця|разница)\b|\b(?:яка|какая)\s+(?:різниця|разница)\b",
            "what is the difference",
        ),
        # a job said by its bare number before a question's word ("а 13 чего ждет": and job 13), and a log
        # said before its number ("покажи лог 9": the log of job 9)
        (
            r"(?#cyrillic)^(\s*(?:а|і|и)\s+)(\d+)(?=\s+(?:чего|чого|почему|чому|что|що|сколько|скільки|когда|коли"
            r"|где|де)\b)",
            r"\1job \2",
        ),
        (r"\b(?:лог|логи|лога)\s+(\d+)\b(?!\s*(?:%|[a-z]))", r"log of job \1"),
        # "а 13 чего ждет" (what is it waiting for), "на що чекає"
        (r"\b(?:чего|чого|на що|на что)\s+" + _WAITS + r"\b", "what is it waiting for"),
        (r"\b(?:чому|почему|чого|чего|нащо|навіщо|зачем|чо\s+за|з\s+якої\s+причини)\b", "why"),
        (r"\b(?:з|с)\s+(?:яким|каким)\s+кодом\b", "with what exit code"),
        (r"\b(?:що|что)\s+(?:краще|лучше)\b", "what is better"),
        (r"\b(?:що|шо|што|что|чо|чё|че)\s+(?:там\s+)?по\b", "what about"),
        (
            r"\b(?:що|шо|што|что|чо|чё|че)\s+(?:там\s+)?(?:в|у)\s+(?:лозі|логу|логах|логе|лог)\b",
            "what is in the log",
        ),
        (r"\b(?:що|что|шо)\s+(?:таке|такое)\b", "what is"),
        (r"\b(?:різниц|разниц)\w*", "difference"),
        (r"\b(?:котр|котор)(?:а|ий|е|і|ій|у|ая|ый|ое|ые|ой|ую)\b", "which"),
        (r"\b(?:щось|шось|що-небудь|что-то|чтото|что-нибудь|чтонибудь|шото)\b", "anything"),
        (r"(?#cyrillic)\b(?:що|шо|што|что|чо|чё|че)\s+там\b", "what"),
        (r"(?#cyrillic)\b(?:що|шо|што|что|чо|чё|че)\b", "what"),
        (r"\b(?:shcho|scho|sho|shto|chto)\b", "what"),
        # a setting asked after it ("ліміт по живленню який стоїть": what is it)
        (r"\b(?:який|яка|какой|какая)\s+(?:стоїть|стоит|выставлен\w*|виставлен\w*)\b", "what is it"),
        (
            r"\b(?:який|яка|яке|які|какой|какая|какое|какие)\s+(?=(?:був|була|було|були|был|была|было|были)\b)",
            "what ",
        ),
        (
            r"\b(?:який|яка|яке|які|якого|якої|якій|якому|яку|якими|каким|какой|какая|какое|какие|какого|какую|каких)\b",
            "which",
        ),
        (r"\b(?:хто|кто)\b", "who"),
        (r"(?#cyrillic)\b(?:де|где)\b", "where"),
        (r"\bгде\b", "where"),
        # how hot a card got ("как 4090 грелась с утра?")
        (
            r"\b(?:как|як)\s+(.{1,24}?)\s+(?:грел|гріл|грів|нагревал|нагрівал|нагріл|нагрел)\w*",
            r"how hot did \1 get",
        ),
        (r"\b(?:як|как)\s+(?:правильно|лучше|краще)\b", "how best"),
        (r"\b(?:як|как)\b", "how"),
        (r"(?#cyrillic)(^|[.?!,;:—-]\s*)(?:чи|а чи)\b\s*|\s*\bли\b", r"\1"),  # the question's particle
        (r"\bчи\b", "or"),  # between two choices ("power consumption чи power draw?")
        # spans and moments ("за останню годину", "за последний час", "з 9", "з 8 до 12", "зранку", "о 10:05")
        (r"\bза\s+(?:останню|остатню|последний)\s+(?:годину|час)\b", "in the last hour"),
        (r"\bза\s+(?:останні|последние)\s+(\d+)\s+(?:години|годин|часа|часов)\b", r"in the last \1 hours"),
        (r"\bза\s+(?:останні|последние)\s+(\d+)\s+(?:хвилин|хв|минут|мин)\b", r"in the last \1 minutes"),
        (
            r"\bза\s+(?:останні|останню|последние|последний)\s+(?:пів\s*години|півгодини|полчаса|пол\s*часа)\b",
            "in the last 30 minutes",
        ),
        (r"\b(?:пів\s*години|півгодини|полчаса)\b", "30 minutes"),
        (
            r"\b(?:з|с|від|от)\s+(\d{1,2})(?::(\d{2}))?\s+(?:до|по)\s+(\d{1,2})(?::(\d{2}))?\b",
            lambda m: f"from {m[1]}:{m[2] or '00'} to {m[3]}:{m[4] or '00'}",
        ),
        (
            r"(?#cyrillic)\b(?:з|с|від|от|із)\s+(\d{1,2})(?::(\d{2}))?\b(?!\s*(?:%|хв|мин|год|ч\b|[a-z]))",
            lambda m: f"since {m[1]}:{m[2] or '00'}",
        ),
        (r"(?#cyrillic)\b(?:о|в|во|об)\s+(\d{1,2}:\d{2})\b", r"at \1"),
        # an hour said with its part of the day or alone after "о" ("о 10 ранку", "в 8 вечора", "о 9")
        (r"(?#cyrillic)\b(?:о|в|об)\s+(\d{1,2})\s+(?:ранку|утра|зранку)\b", r"at \1:00"),
        (
            r"(?#cyrillic)\b(?:о|в|об)\s+(\d{1,2})\s+(?:вечора|вечера|дня)\b",
            lambda m: f"at {int(m[1]) % 12 + 12}:00",
        ),
        (r"(?#cyrillic)\b(?:о|об)\s+(\d{1,2})\b(?!\s*(?:%|[a-z]))", r"at \1:00"),
        # an hour with its part of the day after another word ("после 6 вечера": after 6 pm)
        (r"(?#cyrillic)\b(\d{1,2})\s+(?:вечора|вечера)\b", r"\1 pm"),
        (r"(?#cyrillic)\b(\d{1,2})\s+(?:ранку|утра)\b", r"\1 am"),
        # a day, a week, the last day ("за тиждень", "за последнюю неделю", "за добу")
        (r"\bза\s+(?:останн\w+\s+|последн\w+\s+)?(?:добу|сутки)\b", "in the last 24 hours"),
        (r"\bза\s+(?:останн\w+\s+|последн\w+\s+)?(?:тиждень|неделю|седмицю)\b", "in the last 7 days"),
        (r"\b(?:тиждень|тижня|неделя|недели|неделю)\b", "week"),
        # today's morning said with its day ("сегодня утром", "сьогодні зранку"): this morning, not all today
        (
            r"\b(?:сьогодні|сегодня|седня)\s+(?:зранку|вранці|утром|с утра|з ранку)\b"
            r"|\b(?:зранку|вранці|утром)\s+(?:сьогодні|сегодня|седня)\b",
            "this morning",
        ),
        (r"\b(?:зранку|вранці|зранка|утром|с утра|з ранку|зрання|за утро|за ранок)\b", "this morning"),
        (r"\b(?:ввечері|увечері|вечером)\b", "in the evening"),
        (r"\b(?:вночі|ночью)\b", "at night"),
        (r"\b(?:позавчора|позавчера)\b", "the day before yesterday"),
        (r"\b(?:вчора|вчера|учора)\b", "yesterday"),
        (r"\b(?:сьогодні|сегодня|седня|сьодні|сёдня)\b", "today"),
        (r"\b(?:зараз|сейчас|щас|тепер|теперь|наразі|на даний момент)\b", "now"),
        (r"\bостанн(?:ій|ий)\s+раз\b|\bв\s+последний\s+раз\b|\bпоследний\s+раз\b", "last"),
        (r"\bостанн\w*\b|\bпоследн\w*\b", "last"),
        # "тогда" before its verb is English's after it ("какой job тогда шел": which job was running then)
        (r"\b(?:тоді|тогда)\s+(?:" + _RAN_WHILE + r")\b", "was running then"),
        (r"\b(?:в|у)\s+(?:это|этот|то|той|цей|той)\s+(?:время|момент|час)\b", "at that time"),
        (r"\bтоді\b|\bтогда\b", "then"),
        # while a job ran ("пока шла llama-8b-eval", "поки llama-8b-eval йшла"): the job's span
        (
            r"\b(?:пока|поки)\s+(?:" + _RAN_WHILE + r")\s+([\w.-]+)",
            r"while \1 was running",
        ),
        (
            r"\b(?:пока|поки)\s+([\w.-]+)\s+(?:" + _RAN_WHILE + r")\b",
            r"while \1 was running",
        ),
        (r"\b(?:поки що|пока что|поки|пока)\b", "for now"),
        (r"\b(?:потім|потом)\b", "later"),
        (r"\b(?:те\s+саме|то\s+же\s+самое|те\s+же|те\s+самое)\b", "the same"),
        (r"\bсаме\b|\bименно\b", "exactly"),
        (r"\b(?:хвилин|минут)\s+на\s+(\d+)\b", r"for \1 minutes"),  # ("хвилин на 10": about 10 minutes)
        (r"(\d+)\s*(?:хвилин|хвилини|хвилину|хв|минут|минуты|мин)\b", r"\1 minutes"),
        (r"\b(?:кіловат|киловатт)\w*[-\s]?(?:годин\w*|час\w*)|\bквт[-·*\s]?(?:год|ч)\b", "kWh"),
        (r"(?#cyrillic)(\d)\s*(?:вт|ват|ватт|ватів|ватт?ов|ватта)\b", r"\1 W"),
        (r"\bват(?:т|ів|ов|тов|и|ы)?\b", "watts"),
        (r"(\d+)\s*(?:секунд|секунди|секунды|сек)\b", r"\1 seconds"),
        (r"\b(?:секунд|секунди|секунды)\b", "seconds"),
        # what a run prints, in its log's words ("сколько шардов прочитал data-prep", "який лосс в кінці")
        (r"\b(?:шард(?:ов|ів|ы|и|а)?)\b", "shards"),
        (r"\b(?:лосс?(?:а|у|ом)?)\b", "loss"),
        (r"\b(?:чекпо[иі]нт\w*|чекпойнт\w*)", "checkpoint"),
        (r"\b(?:эпох\w*|епох\w*)", "epochs"),
        (r"\b(?:батч(?:ей|ів|и|і)?)\b", "batches"),
        (r"\b(?:шаг(?:ов|и|а|е|ам)?|крок(?:ів|и|у|ом)?|кроці)\b", "steps"),
        (r"\b(?:точност\w*|точніст\w*)", "accuracy"),
        (r"\b(?:прочитал[аи]?|прочитав(?:ла)?|считал[аи]?|зчитав)\b", "read"),
        (r"\b(?:gpu|гпу)-?(?:годин|час)\w*|\b(?:годин|часов)\s+gpu\b", "GPU-hours"),  # ("по gpu-часам")
        (r"(\d+)\s*(?:годин|години|годину|часов|часа)\b", r"\1 hours"),
        # a card by its index ("на нульовій": on GPU 0, "перша карта": GPU 1, as nvidia-smi counts them);
        # "друга" (second) is the English reader's to read
        (r"\b(?:нульов|нулев)\w*(?:\s+(?:карт\w*|картк\w*|gpu|гпу|видеокарт\w*|відеокарт\w*))?", "GPU 0"),
        (
            r"\b(?:перш|перв)(?:а|ій|у|ої|ий|ая|ой|ую)\s+(?:карт\w*|картк\w*|gpu|гпу|видеокарт\w*|відеокарт\w*)",
            "GPU 1",
        ),
        (r"(?#cyrillic)\b(?:на|в)\s+(?:першій|первой)\b(?=\s*[?!.]*$)", "on GPU 1"),
        (
            r"\b(?:друг|втор)(?:а|ій|у|ої|ий|ая|ой|ую)\s+(?:карт\w*|картк\w*|gpu|видеокарт\w*|відеокарт\w*)",
            "the second card",
        ),
        # readings and things in their cases
        (r"\b(?:частот)\w*\s+(?:пам'?ят\w*|памят\w*)", "memory clock"),
        (r"\bклок\w*|\bчастот\w*", "clocks"),  # "клоки на gpu0" (the clocks), "частоты"
        (r"\bтемп\w*", "temperature"),
        (r"\bградус\w*", "degrees"),
        (r"\b(?:відео)?пам'?ят\w*|\b(?:видео)?памят\w*", "memory"),
        # the card's power cap ("ліміт по живленню", "лимит мощности"); "питание" is the supply, its power
        (
            r"\b(?:ліміт|лимит|обмеженн|ограничени)\w*\s+(?:по\s+)?(?:потужн|мощн|живленн|питани)\w*",
            "power limit",
        ),
        (r"\b(?:ліміт|лимит)\w*", "limit"),
        (r"\b(?:потужн|мощн)\w*|\bспоживан\w*|\bпотреблени\w*|\bживленн\w*|\bпитани\w*", "power"),
        (r"\bметрик\w*", "metrics"),
        (r"\b(?:тротл|троттл|тротт)\w*", "throttling"),  # ("тротлится?": is it throttling)
        (r"\bдо\s+(?:краш|падіння|падения)\w*", "before the crash"),
        (r"\b(?:краш|падіння|падения)\w*", "crash"),
        (r"\b(?:енерг|энерг)\w*", "energy"),
        (r"\b(?:електрик|электричеств)\w*", "electricity"),
        (r"\b(?:завантаж|загрузк|загруженн|навантаж|нагрузк|утилізац|утилизац)\w*", "utilization"),
        (r"\b(?:вентилятор|кулер)\w*", "fan"),
        (r"\b(?:частот)\w*", "clocks"),
        (r"\b(?:рядк|строк|строчк)(?:и|ів|ов|а|у)?\b", "lines"),
        (r"\b(?:черг|черз|очеред|очерд)\w*", "queue"),  # (chat's "очерди" too)
        (
            r"(?#cyrillic)\b(?:задачі|задачи|завдання|джоби|джобы|джобів|джобов|таски)\b|\bjob-?(?:и|ы|ів|ов|ам|ах)\b",
            "jobs",
        ),
        (r"\b(?:задач|завданн|джоб|таск)\w*|\bjob-?(?:у|а|ом)\b", "job"),
        (r"\b(?:відеокарт|видеокарт|видюх|карт|картк)(?:и|ы|ах|ам|ами)\b", "cards"),
        (r"\b(?:відеокарт|видеокарт|видюх|карт|картк)\w*", "card"),
        (r"\b(?:з|с|із|зі)\s+(?:лог(?:а|у|ів|ов)?|логів|лога)\b", "from the log"),
        (r"\bлог(?:і|и|ах|у|е|ів|ов|а)?\b|\bлозі\b", "log"),
        (r"\bпроцес\w*|\bпроцесс\w*", "processes"),
        (r"\b(?:помилк|ошибк)\w*", "error"),
        (r"\bпричин\w*", "reason"),
        (r"\b(?:пріоритет|приоритет)\w*", "priority"),
        (r"\b(?:результат)\w*", "results"),
        (r"\b(?:спроб|попытк)\w*", "attempts"),
        (r"\b(?:статт|стат)(?:і|ю|ья|ье|ью)\b", "article"),
        (r"\b(?:повідомлення|сообщение)\b", "message"),
        # an array's elements ("сколько элементы lr-sweep ждали": the elements of lr-sweep)
        (r"\b(?:елемент|элемент)(?:и|ы|ів|ов)\s+(?!of\b)([\w.-]+)", r"the elements of \1"),
        (r"\b(?:елемент|элемент)(?!s of\b)\w*", "element"),
        (r"\bкод\w*\s+(?:виходу|выхода|возврата)\b", "exit code"),
        # superlatives, statistics and comparisons
        (
            r"\b(?:найбільше|больше всего|больше всех|сильнее всего|сильніше за все|сильніше всього"
            r"|найсильніше)\b",
            "the most",
        ),
        # a card loaded most by power is its power's peak ("нагружена сильнее всего по мощности")
        (
            r"\b(?:нагружен|загружен|навантажен|завантажен)\w*\s+the most\s+(?:по|by)\s+power\b",
            "power the highest",
        ),
        (r"\b(?:пік|пиков|піков|пик)\w*", "peak"),
        (r"\b(?:найгарячіш|самая горяч|найгаряч|найбільш\s+гаряч|наиболее\s+горяч)\w*", "hottest"),
        (r"\b(?:максимальн|максимум|макс|найвищ|найбільш|наибольш|самая высокая)\w*", "max"),
        (r"\b(?:мінімальн\w*|минимальн\w*|мінімум|минимум|найнижч\w*|наименьш\w*|найменш\w*)", "lowest"),
        (r"(?#cyrillic)\b(?:мін|мин)\b", "lowest"),
        (r"\b(?:в|у)\s+(?:середньому|среднем)\b", "on average"),
        (r"\b(?:середн|средн)\w*", "average"),
        (r"\b(?:найгарячіш|самая горяч|найгаряч|найбільш\s+гаряч|наиболее\s+горяч)\w*", "hottest"),
        # a comparative before a value ("горячее 75 градусов": hotter than 75 degrees; "больше 90%": above)
        (r"\b(?:гарячіш|горяче[ей])\w*(?=\s+\d)", "above"),
        (r"\b(?:гаряч|горяч)\w*", "hot"),
        (r"\b(?:більше|больше|более|понад)\s+(?=\d)", "above "),
        (r"\b(?:більше|больше)\b", "more"),
        (r"\b(?:менше|меньше)\b", "less"),
        (r"\b(?:вище|выше)\b", "above"),
        (r"\b(?:нижче|ниже)\b", "below"),
        (r"\b(?:кожна|кожен|кожний|кожну|кожній|каждая|каждый|каждую|каждой)\b", "each"),
        (r"\b(?:всього|всего|загалом|в сумі|в сумме|разом|итого|сумарно|суммарно)\b", "in total"),
        (r"\bвзагалі\b|\bвообще\b", "at all"),
        (r"\b(?:всі|все|всё)\b", "all"),
        # verbs and states: running, waiting, failed, finished, used, busy, started
        (
            r"\b(?:крутиться|крутяться|крутится|крутятся|працює|працюють|работает|работают|йде|іде|идет|идёт|бежить|біжить|рахує|считает)\b",
            "is running",
        ),
        (
            r"\b(?:крутилось|крутилося|крутився|крутилась|працювало|працював|работало|работал|йшов|йшло|ішов|шел|шёл|шло|рахував|считал)\b",
            "was running",
        ),
        (r"\b(?:чекає|чекають|жд[её]т|ждут|висить|висят)\b", "is waiting"),
        (r"\b(?:чекав|чекала|чекали|ждал|ждала|ждали|простояв|простоял|простояли)\b", "waited"),
        (
            r"\b(?:впав|впала|впало|впали|упал|упала|упало|упали|падав|падала|падало|падали|падал"
            r"|крашнувся|крашнулся|зафейлився|зафейлилась|зафейлилось|зафейлился|зфейлився|вилетів|вылетел)\b",
            "failed",
        ),
        (r"\b(?:стартує|стартует|запускається|запускается)\b", "starts"),
        (r"\b(?:стартом|старту|запуском)\b", "start"),
        (
            r"\b(?:перезапускався|перезапускалась|перезапускался|перезапускалась|рестартився|рестартился)\b",
            "restarted",
        ),
        (
            r"\b(?:стартанув|стартонув|стартував|стартовал|стартанул|запустився|запустился|почався|начался)\b",
            "started",
        ),
        (
            r"\b(?:завершився|завершилась|завершилося|завершились|закінчився|закінчилась|закінчились"
            r"|завершился|закончился|закончилась|закончились)\b",
            "finished",
        ),
        (r"\b(?:вийшов|вийшла|вышел|вышла)\b", "exited"),
        (r"\b(?:гоняли|ганяли|гонял|ганяв|запускали|запускал)\b", "ran"),  # ("что гоняли вчера": what ran)
        # a reading that stayed above a value ("держалось выше 85": was above 85)
        (r"\b(?:держал|тримал|продержал|протримал)(?:ся|ось|ась|ися|ася|ося|осі)?\b", "was"),
        (r"\b(?:выдал|выдала|видав|видала)\b", "reported"),
        (
            r"\b(?:з'їв|з'їла|з'їло|з'їли|спожив|спожила|спожило|спожили|споживала|споживав|споживало"
            r"|використав|використала|використали|набрав|набрала|сожрал|сожрала|сожрали|съел|съела|съели"
            r"|потратил|потратила|потратили|потребил|потребила|потребляла|потреблял|использовал|использовала"
            r"|набрал)\b",
            "used",
        ),
        (r"\b(?:скасован\w*|отменен\w*|отменён\w*|скасував|скасувала)\b", "cancelled"),
        (r"\b(?:перш|перв)(?:ий|а|е|им|ою|ый|ая|ое|ым|ой)\b", "first"),
        (r"\b(?:бере|тягне|жре|жруть|жере|жрет|жрёт|кушает|потребляет|споживає)\b", "draws"),
        (r"(?#cyrillic)\b(?:ест|їсть)\b", "draws"),  # (not Latin "est")
        (r"\b(?:зайнято|занято)\b", "used"),
        (r"\b(?:зайнята|зайнятий|зайняте|занята|занят|занятая)\b", "busy"),
        (r"\b(?:вільн|свободн)(?:а|ий|е|і|их|о|ая|ый|ое|ые|ых|ы)?\b|\bсвободен\b", "free"),
        (r"\b(?:загружен|навантажен|завантажен)\w*", "busy"),
        (r"\b(?:займає|займають|занимает|занимают|тримає|тримають|держит|держат)\b", "is using"),
        # the job said by its state alone ("перезапусти упавший": the failed one)
        (r"\b(?:упавш|впавш|зафейлен|крашнут)\w*(?=\s*[?!.]*$)", "the failed one"),
        (r"\b(?:упавш|впал|зафейлен|крашнут)\w*", "failed"),
        (r"\b(?:найдовше|найдовш\w*|дольше всего|дольше всех|самый долгий|самая долгая)\b", "the longest"),
        (r"\b(?:розкажи|расскажи)(?:\s+(?:мені|мне))?(?:\s+(?:про|о|об))?\b", "tell me about"),
        (r"\b(?:простоювал|простоював|простаивал|простаива|простою|простоїт)\w*\b", "was idle"),
        (r"\b(?:простій|простой|простою)\b", "idle time"),
        (r"\b(?:показав|показала|показало|показал)\b", "showed"),
        (r"\b(?:включити|увімкнути|включить)\b", "to enable"),
        (r"\b(?:вимкнути|виключити|выключить|отключить)\b", "to disable"),
        (r"\b(?:налаштувати|настроить|настроїти)\b", "to set up"),
        (r"\b(?:зробити|сделать)\b", "to do"),
        (r"\b(?:лікувати|лечить|виправити|исправить|пофиксить)\b", "to fix"),
        # the infinitive said after where it is done: "як в pytorch включити X" (how in pytorch to enable X)
        # is how to enable it in pytorch
        (r"(?-i:\bhow)((?:\s+[^\s?,]+){1,3}?)\s+to\s+(enable|disable|set up|do)\b", r"how to \2\1"),
        (
            r"\bпо-англійськи\b|\bпо-английски\b|\bанглійською\b|\bна англійській\b|\bна английском\b",
            "in English",
        ),
        (r"\b(?:писати|написати|писать|написать)\b", "write"),
        (r"\b(?:треба|нужно|надо|потрібно|потрібна|потрібен|нужна|нужен)\b", "need"),
        (r"\b(?:хочу|хотів|хотіла|хотел|хотела)\b", "I want"),
        (r"\b(?:можна|можно)\b", "you can"),
        (r"\bпісля\b|\bпосле\b", "after"),
        (r"\bперед\b", "before"),
        (r"\b(?:між|между)\b", "between"),
        (r"\bдля\b", "for"),
        # a job said by its number's genitive ("лог 5-го": of job 5), not a day ("з 9-го")
        (r"(?#cyrillic)(?<!\bз )(?<!\bс )(?<!\bдо )(?<!\bпо )\b(\d+)-?(?:го|ого)\b", r"job \1"),
        # an ordinal ending a question is the job it asks of ("скільки чекала в черзі 13-та": job 13), not
        # a card said where ("а на 1-й?")
        (
            r"(?#cyrillic)(?<!\bна )(?<!\bв )(?<!\bу )\b(\d+)-(?:й|ий|ый|я|а|та|тя)(?=\s*[?!.]*$)",
            r"job \1",
        ),
        (r"(?#cyrillic)\b(\d+)-?(?:й|ий|ый|ой|го|му|ю|я)\b", r"\1"),  # an ordinal's ending ("12-й": 12)
    )
)
# function words last, once the phrases above have read what they open
_FUNCTION_WORDS = _table(
    (
        (r"(?#cyrillic)(^|[.?!,;:—-]\s*)[аіи]\b\s*", r"\1and "),  # a follow-up: "а вчора?" and yesterday
        # in Latin letters, lowercase only (an English "I" is kept): "a skilky vin ...", "sd-xl-train i chomu"
        (r"(?:^|(?<=[.?!,;:]\s))(?-i:a|i)\b\s+", "and "),
        (r"(?<=\s)(?-i:i)(?=\s)", "and"),
        (r"(?#cyrillic)(?<=\s)(?:і|и|й|та)(?=\s)", "and"),
        # whose a thing is said by "у" and a pronoun after it ("что в логе у нее": in its log)
        (r"(?#cyrillic)\bу\s+(?:него|нее|неё|нього|неї|них)\b", "of it"),
        (
            r"(?#cyrillic)\b(?:він|вона|воно|он|она|оно|його|її|него|нее|неё|нього|неї|его|ее|её|йому|їй|ему|ей)\b",
            "it",
        ),
        (r"\b(?:vin|vona|vono|joho|yoho|yomu|jomu|nioho)\b", "it"),
        # Latin "on" is Russian's "he" before the verb the table has read ("skolko on zhret": it draws)
        (
            r"(?-i:\bon\b)(?=\s+(?:draws|used|is|was|ran|failed|waited|is running|was running|is waiting)\b)",
            "it",
        ),
        # Russian's, in either script ("ona", "ego", "ee" in Latin; not "он" on, "ей" ei)
        (r"\b(?:она|оно|его|ее|её|него|нее|неё|ней|ему|нему)\b", "it"),
        (r"\b(?:цей|ця|це|цю|цього|этот|эта|это|этого|эту)\b", "this"),
        (r"\b(?:мій|моя|моє|мої|мой|мое|моё|мои)\b", "my"),
        (r"\b(?:був|була|було|були|был|была|было|были)\b", "was"),
        (r"(?#cyrillic)\b(?:є|есть)\b", "is"),
        (r"\b(?:вже|уже|ещё|еще)\b", "already"),
        (r"(?#cyrillic)\bще\b", "still"),
        (r"\b(?:тоже|теж|також)\b", "too"),
        (r"\bтам\b", "there"),
        (r"(?#cyrillic)\b(?:на)\b", "on"),
        (r"\bna\b", "on"),
        (r"(?#cyrillic)\b(?:в|у|во)\b", "in"),
        (r"(?-i:\bv\b)", "in"),
        (r"(?#cyrillic)\b(?:з|с|із|зі|со)\b", "with"),
        (r"(?#cyrillic)\b(?:до)\b", "to"),
        (r"\bdo\b(?=\s+\d)", "to"),
        (r"\b(?:по)\b", "by"),
        (r"(?#cyrillic)\b(?:за)\b", "for"),
        (r"\b(?:від|от)\b", "from"),
        (r"(?#cyrillic)\b(?:о|об|про)\b", "about"),
        (r"(?#cyrillic)\bа\s+не\b", "not"),
        (r"(?#cyrillic)\bне\b", "not"),
        (r"\b(?:або|или|чи)\b", "or"),
        (r"(?#cyrillic)\b(?:мені|мне|ми|мы|я)\b", "I"),
        (r"(?#cyrillic)\b(?:ти|ты|ви|вы)\b", "you"),
    )
)


def ukrainian_russian(text: str, lean: Lean | None = None) -> str:
    """``text`` read in English where it is Ukrainian or Russian (:data:`_MARK`): its phrases and words
    (:data:`_UKRAINIAN_RUSSIAN`), then its function words (:data:`_FUNCTION_WORDS`); else as it was."""
    return read_where_marked(text, _MARK, _tables, lean, "ukrainian_russian")


@functools.cache
def _tables() -> Table:
    """Both tables, compiled on the first marked message: their transliterated patterns take ~0.4 s to
    compile, which start-up would otherwise spend for every user, most of whom never write Cyrillic."""
    return _UKRAINIAN_RUSSIAN() + _FUNCTION_WORDS()
