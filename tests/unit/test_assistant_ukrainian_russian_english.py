"""Ukrainian and Russian, and surzhyk mixing them, written in Cyrillic with English words of the trade or
whole in Latin letters (readings and their spans, peaks and means, energy, busy time, jobs' runs, waits,
failures and logs, requests, follow-ups opened by "а", cards named by their index); English and the other
languages left as they were. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, assert_reads

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.ukrainian_russian import ukrainian_russian


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "яка зараз температура на нульовій карті?",
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature"},
        ),
        ("скільки ват бере 4090?", {"name": "gpu_reading", "gpu": 1, "metric": "power"}),
        (
            "какая температура была на 4090 вчера вечером?",
            {"name": "gpu_reading", "gpu": 1, "metric": "temperature", "label": "yesterday evening"},
        ),
        (
            "скільки енергії з'їла 4090 за останні 3 години?",
            {"name": "energy", "gpu": 1, "label": "in the last 3 hours"},
        ),
        (
            "средняя загрузка GPU 0 с 10 до 13?",
            {"name": "gpu_reading", "gpu": 0, "metric": "util", "label": "between 10:00 and 13:00"},
        ),
        (
            "мінімальна температура GPU 1 з 9 сьогодні?",
            {"name": "gpu_reading", "gpu": 1, "metric": "temperature", "label": "since 09:00"},
        ),
        ("скільки job 11 вже крутиться?", {"name": "job_detail", "job": 11}),
        ("сколько ждал в очереди job 12?", {"name": "job_detail", "job": 12}),
        ("які задачі вчора завершились з помилкою?", {"name": "failures", "label": "yesterday"}),
        ("что сейчас в очереди?", {"name": "queue"}),
        ("яка карта найгарячіша зараз?", {"name": "gpu_rank", "metric": "temperature", "order": "max"}),
        ("покажи лог job 9", {"name": "job_log", "job": 9}),
        (
            "яка температура була на 4090 о 9 ранку?",
            {"name": "gpu_reading", "gpu": 1, "metric": "temperature", "label": "at 09:00"},
        ),
        (
            "скільки енергії з'їла H100 за останню добу?",
            {"name": "energy", "gpu": 0, "label": "in the last 24 hours"},
        ),
        (
            "сколько времени H100 была загружена вчера?",
            {"name": "gpu_reading", "gpu": 0, "metric": "util", "label": "yesterday"},
        ),
        ("кто сейчас занимает H100?", {"name": "memory_users", "gpu": 0}),
        ("який job найдовше йшов?", {"name": "job_rank", "metric": "duration", "order": "max"}),
        # in Latin letters
        (
            "kotra karta zaraz naibilsh harjacha",
            {"name": "gpu_rank", "metric": "temperature", "order": "max"},
        ),
        ("skilky pamyati zaraz na nulovij karti", {"name": "gpu_reading", "gpu": 0, "metric": "memory"}),
        ("chomu vpav job 9?", {"name": "job_detail", "job": 9}),
        (
            "skolko energii sozhrala 4090 vchera?",
            {"name": "energy", "gpu": 1, "label": "yesterday"},
        ),
    ],
)
def test_ukrainian_and_russian_questions(
    heldout_svc: AssistantService, question: str, expected: dict
) -> None:
    assert_reads(heldout_svc, question, expected)


def test_ukrainian_and_russian_requests(heldout_svc: AssistantService) -> None:
    for message, command in (
        ("скасуй job 12 будь ласка", "gpuaccel cancel 12"),
        ("поставь на паузу задачу 11", "gpuaccel pause 11"),
        ("постав 13-й на hold", "gpuaccel hold 13"),
        ("поставь 12 в холд", "gpuaccel hold 12"),
        ("подвинь 13 в начало очереди", "gpuaccel priority 13"),
        ("зніми 14 з холду", "gpuaccel release 14"),
        ("перезапусти 9 плиз", "gpuaccel retry 9"),
        ("поміняй пріоритет 13 на 3", "gpuaccel priority 13 3"),
        ("otmeni job 12 pozhaluysta", "gpuaccel cancel 12"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)
    sid, _, _ = ask(heldout_svc, "чому впав job 3?", None)
    _, text, query = ask(heldout_svc, "ну добре, повтори його", sid)
    assert query is None and "gpuaccel retry 3" in text, text


def test_how_long_a_job_ran_or_waited_said_by_its_verb(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "що зараз працює на H100?", None)
    _, text, _ = ask(heldout_svc, "скільки воно вже працює?", sid)
    assert "1h30m" in text, text
    sid, _, _ = ask(heldout_svc, "чому job 6 скасований?", None)
    _, text, _ = ask(heldout_svc, "і скільки він встиг попрацювати?", sid)
    assert in_english("і скільки він встиг попрацювати?") == "and how long did it run?"
    assert "20m00s" in text, text
    assert in_english("скільки вже чекає job 13?") == "how long has it been waiting job 13?"


def test_follow_ups_opened_by_a_and_cards_by_index(heldout_svc: AssistantService) -> None:
    sid, _, query = ask(heldout_svc, "максимальна потужність на першій карті вчора?", None)
    assert query is not None and query["gpu"] == 1 and query["window"]["label"] == "yesterday", query
    _, _, query = ask(heldout_svc, "а на нульовій?", sid)
    assert query is not None and query["gpu"] == 0 and query["metric"] == "power", query
    assert query["window"]["label"] == "yesterday", query
    sid, _, _ = ask(heldout_svc, "середня температура GPU 0 сьогодні?", None)
    _, _, query = ask(heldout_svc, "а вчора?", sid)
    assert query is not None and query["metric"] == "temperature", query
    assert query["window"]["label"] == "yesterday", query


def test_when_a_card_last_worked_and_the_job_at_a_peak(heldout_svc: AssistantService) -> None:
    _, text, _ = ask(heldout_svc, "коли 4090 востаннє щось рахувала?", None)
    assert "13:24" in text, (in_english("коли 4090 востаннє щось рахувала?"), text)
    sid, _, _ = ask(heldout_svc, "пікова температура 4090 сьогодні?", None)
    _, text, query = ask(heldout_svc, "о котрій це було і який job тоді крутився?", sid)
    assert "09:12" in text and "llama-8b-eval" in text, (query, text)


def test_only_cyrillic_reads_the_short_words_english_has() -> None:
    # "a", "i", "on", "do" and "de" in Latin letters are English's; Cyrillic "а", "і", "он", "до" are read
    assert in_english("а на GPU 1?") == "and on GPU 1?"
    assert in_english("chomu job 3 do not restart?").startswith("why job 3 do not")
    assert in_english("он упал?") == "it failed?"


def test_english_and_other_languages_are_not_read_as_ukrainian_or_russian() -> None:
    for message in (
        "how long was gpu 0 above 80 degrees?",
        "a job on the H100 do i need to restart it?",
        "zaraz sprawdzę, jaka jest temperatura karty 1?",  # Polish: "zaraz", "jaka"
        "ile energii zużyła karta 0?",
        "kto teraz używa karty 0, tez job 11?",  # Polish "kto", "tez"
        "cuánta energía usó la 4090 ayer de noche?",
        "poso zestathike i karta xthes?",
        "kitna power kha raha hai gpu 0?",
        "wie viel Strom hat die Karte gestern gezogen?",
    ):
        assert ukrainian_russian(message) == message


def test_general_questions_are_not_questions_of_the_machine(heldout_svc: AssistantService) -> None:
    for message in (
        "в чому різниця між fp16 і bf16 для тренування?",
        "whats difference fp16 and bf16 for training?",  # "between" left out
        "как в jax включить mixed precision для llama?",
        "how to enable flash attention in transformers for a llama model?",
        "як правильно написати англійською: GPU-hours чи GPU hours?",
    ):
        _, _, query = ask(heldout_svc, message, None)
        assert query is None, (message, in_english(message), query)
    # what is not an idea to tell apart is the machine's ("the difference between gpu 0 and gpu 1")
    _, _, query = ask(heldout_svc, "what is the difference in power of gpu 0 and gpu 1 now?", None)
    assert query is not None, query


def test_requests_said_after_their_job_and_jobs_said_by_state(heldout_svc: AssistantService) -> None:
    for message, command in (
        ("9-й перезапусти будь ласка", "gpuaccel retry 9"),
        ("14 захолди поки", "gpuaccel hold 14"),
        ("поставь 3 ещё раз", "gpuaccel retry 3"),
        ("поміняй 13 і 12 місцями в черзі", "gpuaccel switch 13 12"),
        ("поверни 11", "gpuaccel resume 11"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)
    sid, _, _ = ask(heldout_svc, "покажи lr-sweep", None)
    _, text, query = ask(heldout_svc, "перезапусти впавший", sid)
    assert query is None and "gpuaccel retry 9" in text, (in_english("перезапусти впавший"), text)


def test_limits_spans_above_a_value_and_a_jobs_life(heldout_svc: AssistantService) -> None:
    assert "power limit" in in_english("ліміт по живленню на 4090 який стоїть?")
    assert in_english("а по gpu-годинах?") == "and by GPU-hours?"
    assert in_english("скільки по часу") == "how long"
    sid, _, _ = ask(heldout_svc, "максимальна температура H100 сьогодні?", None)
    _, _, query = ask(heldout_svc, "и сколько по времени она держалась выше 80", sid)
    assert query is not None and query.get("at_least") == 80, (query, in_english("и сколько по времени"))
    _, text, _ = ask(heldout_svc, "скільки job 3 прожив до крашу?", None)
    assert "2m30s" in text, text
    _, text, _ = ask(heldout_svc, "чому job 14 не стартує?", None)
    assert "held" in text, (in_english("чому job 14 не стартує?"), text)
    _, text, query = ask(heldout_svc, "що видав по метриках llama-8b-eval?", None)
    assert "mmlu" in text, (in_english("що видав по метриках llama-8b-eval?"), query, text)
    _, text, _ = ask(heldout_svc, "пікова загрузка 4090 за ранок?", None)
    assert "this morning" in text, text
    # an ordinal ending the question is its job; the follow-up's "її" is that job
    sid, _, query = ask(heldout_svc, "скільки чекала в черзі 13-та?", None)
    assert query == {"name": "job_detail", "job": 13}, (in_english("скільки чекала в черзі 13-та?"), query)
    _, text, _ = ask(heldout_svc, "підніми їй пріоритет до 40", sid)
    assert "gpuaccel priority 13 40" in text, text


def test_transliterated_requests_marked_by_their_verbs(heldout_svc: AssistantService) -> None:
    # no word of the old marks: the imperative, the pronoun or the preposition shows the language
    for message, command in (
        ("podnimi prioritet 14 do 7", "gpuaccel priority 14 7"),
        ("postav 12 na pauzu", "gpuaccel hold 12"),  # job 12 is queued: only a running job pauses
        ("vozobnovi 11 kogda smozhesh", "gpuaccel resume 11"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)
    sid, _, _ = ask(heldout_svc, "pochemu 14 ne startuet?", None)
    _, text, query = ask(heldout_svc, "ladno, postav ego poka na hold", sid)
    assert query is None and "gpuaccel hold 14" in text, (in_english("ladno, postav ego poka na hold"), text)


def test_transliterated_follow_ups_and_corrections(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "kakaya temperatura na nulevoi karte seichas?", None)
    _, _, query = ask(heldout_svc, "a na 4090?", sid)
    assert query is not None and query["gpu"] == 1 and query["metric"] == "temperature", query
    sid, _, _ = ask(heldout_svc, "maksimalnaya moshchnost gpu1 segodnya?", None)
    _, _, query = ask(heldout_svc, "net, ya imel v vidu nulevuyu", sid)
    assert query is not None and query["gpu"] == 0 and query["metric"] == "power", query
    sid, _, _ = ask(heldout_svc, "pikovaya temperatura h100 segodnya?", None)
    _, _, query = ask(heldout_svc, "skolko vremeni on derzhalsya vyshe 85 gradusov?", sid)
    assert query is not None and query.get("at_least") == 85, (in_english("vyshe 85 gradusov"), query)
    assert in_english("skolko on zhret?") == "how much it draws?"
    # a card that worked above a value is its reading above it, not its busy time
    _, _, query = ask(heldout_svc, "skolko vremeni 4090 vchera rabotala vyshe 300 W?", None)
    assert query is not None and query["metric"] == "power" and query.get("at_least") == 300, query


def test_a_jobs_span_then_and_what_ran(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "kakaya srednyaya moshchnost 4090 byla poka shla llama-8b-eval?", None)
    assert query is not None and query.get("job") == 4 and query["metric"] == "power", query
    _, _, query = ask(heldout_svc, "kak h100 grelas vchera?", None)
    assert query is not None and query["gpu"] == 0 and query["metric"] == "temperature", query
    assert query["window"]["label"] == "yesterday", query
    sid, _, _ = ask(heldout_svc, "пікова потужність H100 вчора?", None)
    _, text, _ = ask(heldout_svc, "а яка задача тоді йшла?", sid)
    assert "llama-70b-finetune" in text, (in_english("а яка задача тоді йшла?"), text)
    _, text, _ = ask(heldout_svc, "chto gonyali vchera vecherom na h100?", None)
    assert "llama-70b-finetune" in text, (in_english("chto gonyali vchera vecherom na h100?"), text)
    assert in_english("скільки елементи lr-sweep чекали в черзі?") == (
        "how long did the elements of lr-sweep wait in queue?"
    )


def test_transliterated_asks_off_the_machine(heldout_svc: AssistantService) -> None:
    for message in (
        "perevedi na angliiskii: 'karta peregrelas, zadachu perezapustim zavtra'",
        "obyasni korotko studentam, v chem raznitsa mezhdu HBM i GDDR6",
        "posovetui termopastu dlya starogo servera",
        "napishi korotkoe pismo kollegam: zavtra s 9 do 12 server ne budet rabotat",
    ):
        _, _, query = ask(heldout_svc, message, None)
        assert query is None, (message, in_english(message), query)


def test_other_languages_keep_words_a_transliteration_shares() -> None:
    for message in (
        "nee, ik bedoelde gpu 0",  # Dutch "nee" (Russian "неё" nee)
        "whats the eta of job 12?",  # English "eta" (Russian "эта")
        "berapa biaya listrik gpu 0 kemarin?",  # Indonesian "biaya"
        "jaki job teraz chodzi na karcie 0?",  # Polish "jaki"
    ):
        assert ukrainian_russian(message) == message


def test_swaps_clocks_comparatives_and_a_bare_job_number(heldout_svc: AssistantService) -> None:
    # "местами" said before the two jobs; "клоки"/"частоты" the clocks; a comparative or "больше" before a
    # value is above it; "после 7 вечера" an hour with its part of the day; "успел пробежать" its run
    assert in_english("поменять местами 14 и 12") == "switch 14 and 12"
    assert in_english("вчера после 7 вечера") == "yesterday after 7 pm"
    assert in_english("сколько он успел пробежать") == "how long did it run"
    _, text, _ = ask(heldout_svc, "частоты на 4090 сейчас", None)
    assert "SM clock 210 MHz" in text, text
    _, _, query = ask(heldout_svc, "сколько времени H100 была горячее 80 градусов вчера", None)
    assert query is not None and query.get("at_least") == 80, query
    _, _, query = ask(heldout_svc, "сколько времени 4090 была загружена больше 50% сегодня", None)
    assert query is not None and query["metric"] == "util" and query.get("at_least") == 50, query
    # a log said before its number; a bare number opening a follow-up is the job asked of
    _, _, query = ask(heldout_svc, "покажи лог 3", None)
    assert query == {"name": "job_log", "job": 3}, query
    sid, _, _ = ask(heldout_svc, "почему 13 в очереди?", None)
    _, text, _ = ask(heldout_svc, "а 14 чего ждет", sid)
    assert "held" in text, (in_english("а 14 чего ждет"), text)


def test_chat_forms_a_value_after_its_noun_and_a_change_of_mind() -> None:
    # "скоко"/"чё"/"сорян" as chat writes them; the priority's or the GPU count's value after its noun, the
    # job by a pronoun; "поменяй X местами с Y"; the verb said last; "хотя нет," and "не," changing the mind;
    # "я о X имел в виду" what was meant; "сегодня с утра" this morning, not the whole day
    assert in_english("скоко он уже работает") == "how long has it been running"
    assert in_english("чё в логах у него") == "what is in the log of it"
    assert in_english("поставь ему приоритет на 3") == "set its priority to 3"
    assert in_english("поменяй его местами с 7") == "switch it with 7"
    assert in_english("измени ему количество видюх на 2") == "change its number of GPUs to 2"
    assert in_english("хотя нет, в холд поставь") == "actually no, hold"
    assert in_english("не, лучше только отмени") == "no, just cancel"
    assert in_english("сорян, я о нулевой карте имел в виду") == "sorry, I meant GPU 0"
    assert "this morning" in in_english("макс темпа сегодня с утра")
    assert "today" not in in_english("макс темпа сегодня с утра")


def test_russian_takes_off_removes_and_starts_back_in_other_words() -> None:
    """ "сними задачу 7" cancels it (after "сними с паузы" is read as resume), "удали X из списка" removes it,
    "запускай ... обратно" starts it again; consumption (потребление), GPU-hours said with "гпу", chat's
    "очерди" and "успел отработать" read as what they mean."""
    from assistant_helpers import act_reply

    from gpuaccel.assistant.understand.spoken import written

    names = {"bert-pretrain": 21, "vit-probe": 22}
    for request, command in (
        ("сними задачу 21, она уже не нужна", "gpuaccel cancel 21"),
        ("удалите bert-pretrain из списка задач", "gpuaccel remove 21"),
        ("ну всё, запускаем очередь назад", "gpuaccel resume"),
    ):
        assert command in (act_reply(written(request), names, focus=22) or ""), (request, written(request))
    assert "power" in written("какое потребление у второй карты")
    assert "GPU-hours" in written("сколько гпу-часов за неделю")
    assert "queue" in written("кто стоит в очерди")
    assert "how long" in written("сколько mistral успела отработать")
