"""Portuguese read where a message has marks of its own (Spanish as before), Brazil's spans, readings,
requests and questions of the world, "what o'clock", "ts?", a job's "alloc", a peak's computation, a job
kept from starting, a request after one taken back, both cards together, what a card ran over the span just
read, the last of an array's runs, a card brought up before what is asked of it, Portugal's requests (a
clitic, "pôr em pausa", a reason said after), its log, progressive and corrections, the job that came after,
a phone's "qnt" and "faz qnt tempo", short requests ("pode liberar", "pode voltar ele", "na frente do"),
"rodou mais tempo" and a difference explained, Portugal's clitics on the job in context ("relança-o",
"sobe-lhe a prioridade"), "é que", "à espera de quê", "à meia-noite", "o consumo" after a reading now, and
asides asking the world ("já agora", "consegues recomendar"), "dá(-lhe) prioridade N ao X", "mete-o a correr",
"compara-me" and "qual deles", "e acima de", energy over all attempts and "na máquina", "volta a pô-lo na
fila", "dá-lhe mais prioridade", "chegou a correr", "aqueceu mais em média", "e os outros", "depois das 18h",
"em hold" and "vale a pena".
Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.picker import RulePicker


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "quanta energia a 4090 gastou ontem",
            {"name": "energy", "gpu": 1, "label": "yesterday"},
        ),
        ("qual a temperatura da H100 agora", {"name": "gpu_reading", "gpu": 0, "metric": "temperature"}),
        ("por que o job 13 ta esperando", {"name": "job_detail", "job": 13}),
    ],
)
def test_portuguese_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None, query
    label = expected.pop("label", None)
    assert {k: query.get(k) for k in expected} == expected, query
    assert label is None or query["window"]["label"] == label, query


def test_portuguese_requests_and_the_other_card(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "cancela o 13, nao precisa mais", None)
    assert query is None and "gpuaccel cancel 13" in text, text
    _, text, query = ask(heldout_svc, "libera o whisper-finetune", None)
    assert query is None and "gpuaccel release 14" in text, text
    sid, _, _ = ask(heldout_svc, "quanta energia a H100 gastou ontem", None)
    _, _, query = ask(heldout_svc, "e a outra placa", sid)
    assert query is not None and query["name"] == "energy" and query["gpu"] == 1, query


def test_a_request_verb_before_o_and_a_number_is_portuguese(heldout_svc: AssistantService) -> None:
    """ "o" after a verb is Portugal's and Brazil's article ("retoma o 11"), not Spanish's "or"."""
    _, text, query = ask(heldout_svc, "suspende o 11 um bocado", None)
    assert query is None and "gpuaccel pause 11" in text, text
    _, text, query = ask(heldout_svc, "retoma o job 11 depois", None)
    assert query is None and "gpuaccel resume 11" in text, text


def test_portuguese_unrelated_question_is_declined(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "pergunta nada a ver: qual batch size vc recomenda pra lora", None)
    assert query is None


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a span up to now, numbers said in words, a reading's mean said after it
        (
            "qual a temperatura média da 4090 nas últimas três horas?",
            {"name": "gpu_reading", "gpu": 1, "metric": "temperature", "label": "in the last 3 hours"},
        ),
        (
            "a potência da H100 nos últimos 30 minutos",
            {"name": "gpu_reading", "gpu": 0, "metric": "power", "label": "in the last 30 minutes"},
        ),
        # the morning and afternoon of today; noon with its article
        (
            "qual foi a temperatura máxima da H100 hoje de manhã?",
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature", "label": "this morning"},
        ),
        (
            "quanta energia a 4090 gastou desde o meio-dia?",
            {"name": "energy", "gpu": 1, "label": "since noon"},
        ),
        # "pico de" and a span in words ("ê" no longer reads it as French)
        (
            "qual foi o pico de potência da H100 nas últimas quatro horas?",
            {"name": "gpu_reading", "gpu": 0, "metric": "power", "label": "in the last 4 hours"},
        ),
        # two jobs compared, one "com" the other
        (
            "compara o job 4 com o 8: quanta energia cada um gastou?",
            {"name": "job_rank", "metric": "energy", "among": "4,8"},
        ),
    ],
)
def test_brazilian_spans_readings_and_jobs(
    heldout_svc: AssistantService, question: str, expected: dict
) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None, query
    label = expected.pop("label", None)
    assert {k: query.get(k) for k in expected} == expected, query
    assert label is None or query["window"]["label"] == label, query


def test_brazilian_threshold_and_busy_follow_ups(heldout_svc: AssistantService) -> None:
    sid, _, first = ask(heldout_svc, "a 4090 passou dos 70 graus hoje?", None)
    assert first is not None and first["at_least"] == 70 and first["metric"] == "temperature", first
    _, text, query = ask(heldout_svc, "e ficou por quanto tempo?", sid)
    assert query == first and "70 °C or more for" in text, (query, text)
    sid, _, first = ask(heldout_svc, "quanto tempo a H100 ficou ociosa ontem?", None)
    _, text, query = ask(heldout_svc, "e quanto tempo ficou ocupada?", sid)
    assert query == first and "busy" in text, (query, text)


def test_a_job_said_by_its_number_after_the_queue(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "o que tem na fila?", None)
    _, _, query = ask(heldout_svc, "por que o 13 ainda não começou?", sid)
    assert query == {"name": "job_detail", "job": 13}, query


def test_brazilian_requests_with_pra_and_dele(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "aumenta a prioridade do 12 pra 3", None)
    assert query is None and "gpuaccel priority 12 3" in text, text
    sid, _, _ = ask(heldout_svc, "o que o job 13 tá fazendo?", None)
    _, text, query = ask(heldout_svc, "muda a prioridade dele pro 2", sid)
    assert query is None and "gpuaccel priority 13 2" in text, text
    _, text, query = ask(heldout_svc, "troca o 12 e o 13 de lugar", None)
    assert query is None and "gpuaccel switch 12 13" in text, text


def test_a_job_named_in_a_when_clause_is_no_object(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "put job 12 on hold, it shouldn't start when job 11 is done", None)
    assert query is None and "gpuaccel hold 12," in text, text
    _, text, query = ask(heldout_svc, "segura o 12, não deixa ele começar quando o 11 acabar", None)
    assert query is None and "gpuaccel hold 12," in text, text


def test_brazilian_questions_of_the_world_are_declined(heldout_svc: AssistantService) -> None:
    sid, _, query = ask(heldout_svc, "cara, qual a diferença entre nvlink e pcie?", None)
    assert query is None
    _, _, query = ask(heldout_svc, "e qual é melhor pra inferência?", sid)
    assert query is None


def test_spanish_is_read_as_before(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "cuanta energia uso la 4090 ayer", None)
    assert query is not None and query["name"] == "energy" and query["gpu"] == 1, query
    assert query["window"]["label"] == "yesterday", query


def test_what_oclock_is_when(heldout_svc: AssistantService) -> None:
    message = "What was the warmest the H100 became this morning, and at what o'clock?"
    _, text, query = ask(heldout_svc, message, None)
    assert query is not None and query["metric"] == "temperature", query


def test_ts_after_a_peak(heldout_svc: AssistantService) -> None:
    sid, _, first = ask(heldout_svc, "peak power gpu1 today", None)
    _, text, query = ask(heldout_svc, "ts?", sid)  # the peak's timestamp: the reading at its moment
    assert query is not None and first is not None and query["metric"] == first["metric"] == "power", query
    assert query["window"]["label"] == "at 09:12:13" and "407 W at 09:12:13" in text, (query, text)


def test_what_a_job_tried_to_alloc(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "describe job 5", None)
    _, _, query = ask(heldout_svc, "how much mem did it try to alloc?", sid)
    assert query == {"name": "job_log", "job": 5}, query


def test_a_peaks_computation(heldout_svc: AssistantService) -> None:
    _, text, _ = ask(heldout_svc, "highest power on the 4090 today, and for which computation?", None)
    assert "llama-8b-eval" in text, text


def test_a_job_kept_from_starting_and_the_queue_stopped(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "please keep job 12 from starting", None)
    assert query is None and "gpuaccel hold 12" in text, text
    _, text, query = ask(heldout_svc, "stop the queue from starting new jobs", None)
    assert query is None and "gpuaccel pause" in text and "hold" not in text, text


def test_a_request_after_one_taken_back(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "what is job 11 doing?", None)
    _, text, query = ask(heldout_svc, "actually don't cancel it. just pause it for now.", sid)
    assert query is None and "gpuaccel pause 11" in text and "cancel 11" not in text, text


def test_both_cards_together_after_one(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "mean power of the 4090 in the last hour", None)
    _, _, query = ask(heldout_svc, "what's that in watt-hours for the two cards together?", sid)
    assert query is not None and query["name"] == "energy" and "gpu" not in query, query


def test_what_a_card_ran_over_the_span_just_read(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "energy used by gpu 0 yesterday", None)
    _, text, query = ask(heldout_svc, "and what was it running?", sid)
    assert query is not None and query["name"] == "jobs" and query["gpu"] == 0, query
    assert query["window"]["label"] == "yesterday" and "llama-70b-finetune" in text, text


def test_the_last_of_an_arrays_runs(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how did the lr sweep go", None)
    _, _, query = ask(heldout_svc, "how long did the last of them wait before starting?", sid)
    assert query == {"name": "job_detail", "job": 10}, query


def test_a_card_brought_up_before_what_is_asked_of_it(heldout_svc: AssistantService) -> None:
    message = "What about the bigger card, the H100 if I recall? Is it busy at the moment, and how hot is it?"
    _, text, _ = ask(heldout_svc, message, None)
    assert "91%" in text and "68 °C" in text, text


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a phone's abbreviations: "qnta", "hj", "qnto tempo"; "chegou a" a reading reached
        ("qnta energia a 4090 gastou hj?", {"name": "energy", "gpu": 1, "label": "today"}),
        (
            "qnto tempo a H100 ficou parada ontem?",
            {"name": "gpu_reading", "gpu": 0, "metric": "util", "label": "yesterday"},
        ),
        (
            "ontem de tarde a 4090 chegou a 80 graus?",
            {"name": "gpu_reading", "gpu": 1, "at_least": 80, "label": "yesterday afternoon"},
        ),
        (
            "qual foi a potencia max da 4090 hj",
            {"name": "gpu_reading", "gpu": 1, "metric": "power", "label": "today"},
        ),
    ],
)
def test_a_phones_abbreviations(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None, query
    label = expected.pop("label", None)
    assert {k: query.get(k) for k in expected} == expected, query
    assert label is None or query["window"]["label"] == label, query


def test_a_card_by_its_number_after_a(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "a placa 1 ta ocupada?", None)
    _, text, query = ask(heldout_svc, "e na 0, qnto de memoria ta em uso?", sid)
    assert query is not None and query["gpu"] == 0 and "61440 MiB" in text, (query, text)


def test_a_verb_before_how_much_asks_of_the_job_named(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "o job 5 falhou pq?", None)
    _, text, query = ask(heldout_svc, "e rodou qnto tempo somando tudo?", sid)
    assert query == {"name": "job_detail", "job": 5} and "9m41s" in text, (query, text)
    _, text, query = ask(heldout_svc, "e gastou qnta energia?", sid)
    assert query == {"name": "job_detail", "job": 5} and "64.8 Wh" in text, (query, text)


def test_brazilian_phone_requests(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "despausa o 11 pf", None)
    assert query is None and "gpuaccel resume 11" in text, text
    _, text, query = ask(heldout_svc, "troca a ordem do 13 com o 12", None)
    assert query is None and "gpuaccel switch 13 12" in text, text
    _, _, query = ask(heldout_svc, "me ajuda a escrever o resumo do artigo sobre o cluster?", None)
    assert query is None, query


def test_portugals_requests_with_a_clitic_or_a_reason(heldout_svc: AssistantService) -> None:
    # the ethical dative dropped, what is said after the request a reason, "pôr em pausa/espera", "meter com
    # prioridade", "volta a lançar", "podes retomar"
    for question, command in (
        ("cancela-me o 12, já não vai ser preciso enquanto o 11 estiver a correr", "gpuaccel cancel 12"),
        ("põe o 13 em espera, não quero que arranque hoje", "gpuaccel hold 13"),
        ("põe o 11 em pausa se faz favor", "gpuaccel pause 11"),
        ("mete o 13 com prioridade 3", "gpuaccel priority 13 3"),
        ("volta a lançar o 9", "gpuaccel retry 9"),
    ):
        _, text, query = ask(heldout_svc, question, None)
        assert query is None and command in text, (question, text)
    sid, _, _ = ask(heldout_svc, "porque é que o job 9 falhou?", None)
    _, text, query = ask(heldout_svc, "volta a lançá-lo", sid)
    assert query is None and "gpuaccel retry 9" in text, text
    sid, _, _ = ask(heldout_svc, "põe o 11 em pausa", None)
    _, text, query = ask(heldout_svc, "pronto, já podes retomar", sid)
    assert query is None and "gpuaccel resume 11" in text, text


def test_portugals_log_progressive_and_correction(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "mostra-me o registo do flash-attn-build", None)
    assert query == {"name": "job_log", "job": 3}, query
    # "estar a puxar" (to draw), then the other card after "enganei-me"
    sid, _, query = ask(heldout_svc, "quanto está a puxar a H100?", None)
    assert query is not None and (query["gpu"], query["metric"]) == (0, "power"), query
    _, _, query = ask(heldout_svc, "enganei-me, queria a outra placa", sid)
    assert query is not None and (query["gpu"], query["metric"]) == (1, "power"), query
    _, text, _ = ask(heldout_svc, "a H100 está a ser limitada?", None)
    assert "power cap" in text, text
    sid, _, _ = ask(heldout_svc, "quanto tempo esteve a H100 parada ontem?", None)
    _, _, query = ask(heldout_svc, "e a trabalhar?", sid)
    assert query is not None and query["metric"] == "util" and query["window"]["label"] == "yesterday", query


def test_the_job_that_came_after(heldout_svc: AssistantService) -> None:
    heldout_svc.chat.pickers = (RulePicker(),)  # the rules alone: what the translation gives them
    sid, _, _ = ask(heldout_svc, "quanto tempo correu o data-prep?", None)
    _, text, query = ask(heldout_svc, "e o job que arrancou a seguir, esperou quanto na fila?", sid)
    assert query == {"name": "job_detail", "job": 2} and "6m00s" in text, (query, text)


def test_brazilian_requests_said_with_an_english_verb_or_as_how_to(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "o job 5 falhou pq?", None)
    _, text, query = ask(heldout_svc, "faz um retry nele", sid)
    assert query is None and "gpuaccel retry 5" in text, text
    sid, _, _ = ask(heldout_svc, "o 11 ta rodando?", None)
    _, text, query = ask(heldout_svc, "blz, e pra retomar como eu faco depois?", sid)
    assert query is None and "gpuaccel resume 11" in text, text
    sid, _, _ = ask(heldout_svc, "por que o 14 nao rodou ainda?", None)
    _, text, query = ask(heldout_svc, "solta ele", sid)
    assert query is None and "gpuaccel release 14" in text, text


def test_brazilian_live_readings_consumo_and_spans(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "qual das placas ta mais fria?", None)
    assert query == {"name": "gpu_rank", "metric": "temperature", "order": "min"}, query
    sid, _, query = ask(heldout_svc, "quanto a 4090 ta consumindo?", None)
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "power"}, query
    for said in ("quanto a GPU 0 ta puxando agora?", "quanto a placa 0 tá puxando?"):  # a card by its number
        _, _, query = ask(heldout_svc, said, None)
        assert query == {"name": "gpu_reading", "gpu": 0, "metric": "power"}, (said, query)
    _, _, query = ask(heldout_svc, "qual o pico de consumo da H100 hoje?", None)
    assert query is not None and query["metric"] == "power" and query["gpu"] == 0, query
    sid, _, _ = ask(heldout_svc, "compara o job 7 com o 10 pra mim", None)
    _, text, _ = ask(heldout_svc, "e o consumo de cada?", sid)
    assert "159 Wh" in text and "165 Wh" in text, text
    sid, _, first = ask(heldout_svc, "utilizacao media da H100 hoje das 10h ao meio dia", None)
    assert first is not None and first["window"]["label"] == "between 10:00 and 12:00", first
    _, _, query = ask(heldout_svc, "e da 4090 no mesmo periodo?", sid)
    assert query is not None and query["gpu"] == 1 and query["window"] == first["window"], query
    sid, _, _ = ask(heldout_svc, "quanto tempo a 4090 ficou parada hoje?", None)
    _, text, _ = ask(heldout_svc, "e rodando alguma coisa?", sid)
    assert "busy" in text, text


def test_brazilian_advice_and_a_difference_are_declined(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "qual a diferenca de fp8 pra bf16 no treino?", None)
    assert query is None, query
    _, _, query = ask(heldout_svc, "vc acha que compensa treinar de madrugada?", None)
    assert query is None, query


def test_a_phones_how_long_and_requests_said_short(heldout_svc: AssistantService) -> None:
    # "qnt"/"qnts" with no vowel, "faz/há quanto tempo" (how long has it been), "rodou qnt tempo"
    sid, _, _ = ask(heldout_svc, "o llama-70b-eval ta na fila ainda?", None)
    _, text, query = ask(heldout_svc, "ta esperando ha qnt tempo?", sid)
    assert query == {"name": "job_detail", "job": 12} and "waiting" in text, (query, text)
    sid, _, _ = ask(heldout_svc, "o job 5 deu pau pq?", None)
    _, text, query = ask(heldout_svc, "rodou qnt tempo ao todo?", sid)
    assert query == {"name": "job_detail", "job": 5} and "9m41s" in text, (query, text)
    # a priority raised with no number, "pode liberar", "pode voltar ela" after a pause, "na frente do"
    sid, _, _ = ask(heldout_svc, "pq o llama-70b-eval n saiu da fila?", None)
    _, text, query = ask(heldout_svc, "sobe a prioridade dele, visse", sid)
    assert query is None and "gpuaccel priority 12" in text, text
    sid, _, _ = ask(heldout_svc, "pq o job 14 ta parado?", None)
    _, text, query = ask(heldout_svc, "ok pode liberar", sid)
    assert query is None and "gpuaccel release 14" in text, text
    sid, _, _ = ask(heldout_svc, "pausa o job 11 pra eu rodar um teste", None)
    _, text, query = ask(heldout_svc, "pronto, pode voltar ele", sid)
    assert query is None and "gpuaccel resume 11" in text, text
    _, text, query = ask(heldout_svc, "coloca o 12 na frente do 13 na fila", None)
    assert query is None and "gpuaccel switch" in text, text


def test_which_ran_longer_and_a_difference_explained(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "compara o job 7 com o 9, qual gastou mais?", None)
    _, _, query = ask(heldout_svc, "e qual rodou mais tempo?", sid)
    assert query is not None and query["name"] == "job_rank" and query["metric"] == "duration", query
    _, _, query = ask(heldout_svc, "vc sabe explicar a diferenca entre lora e qlora?", None)
    assert query is None, query
    _, _, query = ask(heldout_svc, "qnts jobs falharam na ultma semana?", None)
    assert query is not None and query["name"] in ("failures", "jobs"), query


def test_portugals_requests_with_a_clitic_on_the_job_in_context(heldout_svc: AssistantService) -> None:
    # "relança-o", "dá-lhe um retry", "mete-o em espera", "sobe-lhe a prioridade": the job just talked of
    for before, said, command in (
        ("porque é que o job 9 rebentou?", "ok, relança-o por favor", "gpuaccel retry 9"),
        ("o sd-xl-train morreu porquê?", "dá-lhe um retry", "gpuaccel retry 5"),
        ("porque é que o 13 ainda não arrancou?", "mete-o em espera por agora", "gpuaccel hold 13"),
        ("o llama-70b-eval está na fila?", "sobe-lhe a prioridade para 4", "gpuaccel priority 12 4"),
    ):
        sid, _, _ = ask(heldout_svc, before, None)
        _, text, query = ask(heldout_svc, said, sid)
        assert query is None and command in text, (said, text)


def test_portugals_questions_said_with_e_que_a_espera_and_to_midnight(heldout_svc: AssistantService) -> None:
    _, text, _ = ask(heldout_svc, "o 13 anda à espera de quê?", None)
    assert "waiting for 2 GPUs" in text, text
    _, text, _ = ask(heldout_svc, "onde é que o job 2 gravou os pesos finais?", None)
    assert "/ckpt/llama-70b/final" in text, text
    _, _, query = ask(heldout_svc, "energia de cada placa ontem das 22h à meia-noite, lado a lado", None)
    assert query is not None and query["name"] == "energy", query
    assert query["window"]["label"] == "yesterday between 22:00 and 00:00", query
    sid, _, _ = ask(heldout_svc, "quanta energia gastaram os jobs do lr-sweep?", None)
    _, text, _ = ask(heldout_svc, "só o que rebentou, quanto gastou?", sid)
    assert "44.0 Wh" in text and "165 Wh" not in text, text
    # "o consumo" said alone after a reading now is the power now (after kWh or jobs it is energy)
    sid, _, _ = ask(heldout_svc, "que temperatura têm as placas agora?", None)
    _, text, query = ask(heldout_svc, "e o consumo de cada?", sid)
    assert query is not None and query["metric"] == "power" and "586 W" in text, (query, text)


def test_portugals_asides_asking_the_world_are_declined(heldout_svc: AssistantService) -> None:
    for said in (
        "já agora, tens alguma ideia para evitar que a 4090 aqueça tanto sem trocar o cooler?",
        "consegues recomendar um bom cooler para a H100?",
    ):
        _, _, query = ask(heldout_svc, said, None)
        assert query is None, (said, query)


def test_portugals_priority_given_start_it_and_compare_with_me(heldout_svc: AssistantService) -> None:
    # "dá prioridade N ao X", "dá-lhe prioridade N ao X": the job after "ao"; "mete-o a correr" after a
    # held job: release it
    for said, command in (
        ("dá prioridade 7 ao llama-70b-eval", "gpuaccel priority 12 7"),
        ("dá-lhe prioridade 2 ao 12, se faz favor", "gpuaccel priority 12 2"),
    ):
        _, text, query = ask(heldout_svc, said, None)
        assert query is None and command in text, (said, text)
    sid, _, _ = ask(heldout_svc, "porque é que o 14 não arranca?", None)
    _, text, query = ask(heldout_svc, "mete-o a correr", sid)
    assert query is None and "gpuaccel release 14" in text, text
    # "compara-me X com Y: quanto tempo correu cada um e quanta energia gastaram", then "qual deles"
    said = "compara-me o job 2 com o 3: quanto tempo correu cada um e quanta energia gastaram?"
    _, _, query = ask(heldout_svc, said, None)
    assert query is not None and query.get("among") == "2,3", query
    sid, _, _ = ask(heldout_svc, "compara o job 2 com o 4", None)
    _, text, query = ask(heldout_svc, "qual deles correu na placa 0?", sid)
    assert query is not None and "llama-70b-finetune" in text, (query, text)


def test_portugals_follow_ups_above_a_value_energy_over_attempts_and_the_machine(
    heldout_svc: AssistantService,
) -> None:
    sid, _, _ = ask(heldout_svc, "quanto tempo a 4090 esteve acima de 60 graus ontem?", None)
    _, _, query = ask(heldout_svc, "e acima de 200 W?", sid)
    assert query is not None and query["metric"] == "power" and query.get("at_least") == 200, query
    sid, _, _ = ask(heldout_svc, "porque é que o sd-xl-train morreu?", None)
    _, text, _ = ask(heldout_svc, "quanta energia gastou ao todo, contando as tentativas todas?", sid)
    assert "64.8 Wh" in text, text
    _, _, query = ask(heldout_svc, "o que correu hoje na máquina?", None)
    assert query is not None and query["name"] == "jobs" and query["window"]["label"] == "today", query


def test_portugals_requeue_more_priority_and_run_before(heldout_svc: AssistantService) -> None:
    # "volta a metê-lo na fila" (put it back in the queue): retry; "dá-lhe mais prioridade" (no number):
    # its priority, "antes do 12" naming no other subject; "dá mais prioridade ao X": X's
    for before, said, command in (
        (
            "o flash-attn-build rebentou porquê?",
            "corrigi o código, volta a metê-lo na fila",
            "gpuaccel retry 3",
        ),
        ("o 13 está à espera de quê?", "dá-lhe mais prioridade, quero que corra antes do 12", "priority 13"),
        (None, "dá mais prioridade ao whisper-finetune", "priority 14"),
    ):
        sid = ask(heldout_svc, before, None)[0] if before else None
        _, text, query = ask(heldout_svc, said, sid)
        assert query is None and command in text, (said, text)


def test_portugals_took_got_hotter_on_average_others_and_on_hold(heldout_svc: AssistantService) -> None:
    # "chegou a correr" (ran at all) before "antes de"
    sid, _, _ = ask(heldout_svc, "o flash-attn-build acabou bem?", None)
    _, text, query = ask(heldout_svc, "quanto tempo chegou a correr antes de rebentar?", sid)
    assert query is not None and query["name"] == "job_detail" and "2m30s" in text, (query, text)
    # "aqueceu mais em média": the hotter card on average
    _, _, query = ask(heldout_svc, "qual das placas aqueceu mais ontem em média?", None)
    assert query is not None and query["metric"] == "temperature", query
    assert query["window"]["label"] == "yesterday", query
    # "e os outros" (the others, said alone) after one element of an array, "levou cada um" (each took)
    sid, _, _ = ask(heldout_svc, "que elemento do lr-sweep rebentou?", None)
    _, text, _ = ask(heldout_svc, "e os outros, quanto tempo levou cada um?", sid)
    assert "25m00s" in text and "25m55s" in text, text
    # "depois das 20h" (after that hour) is no reading of the card
    _, _, query = ask(heldout_svc, "o que correu na placa 1 ontem depois das 20h?", None)
    assert query is not None and query["name"] == "jobs" and query.get("gpu") == 1, query
    # "em hold" (on hold), as a follow-up and as "há algum ... em hold" (is there any)
    sid, _, _ = ask(heldout_svc, "quais jobs estão à espera?", None)
    for said, sid_ in (("e em hold?", sid), ("há algum job em hold?", None)):
        _, _, query = ask(heldout_svc, said, sid_)
        assert query is not None and query["name"] == "jobs" and query.get("state") == "held", (said, query)


def test_portugals_is_it_worth_for_ones_training_is_declined(heldout_svc: AssistantService) -> None:
    # "vale a pena usar/treinar ...": advice on one's own training, not the cards' bf16 peak or their list
    for said in (
        "vale a pena usar bf16 para treinar um ViT?",
        "vale a pena treinar em tf32 um modelo de difusão?",
    ):
        _, _, query = ask(heldout_svc, said, None)
        assert query is None, (said, query)


def test_angolan_requests(heldout_svc: AssistantService) -> None:
    # the priority set "no" a job, the queue put back "outra vez" after it, a job passed "à frente" of
    # another, "resume-o" after "já está", "nesse" for the job just named
    for question, command in (
        ("põe prioridade 7 no job 13", "gpuaccel priority 13 7"),
        ("passa o 12 à frente do 13", "gpuaccel switch 12 13"),
    ):
        _, text, query = ask(heldout_svc, question, None)
        assert query is None and command in text, (question, text)
    sid, _, _ = ask(heldout_svc, "o lr-sweep 9 falhou porquê?", None)
    _, text, query = ask(heldout_svc, "tá bem, mete-o na fila de novo", sid)
    assert query is None and "gpuaccel retry 9" in text, text
    sid, _, _ = ask(heldout_svc, "mostra o registo do job 5", None)
    _, text, query = ask(heldout_svc, "ya, faz retry nesse", sid)
    assert query is None and "gpuaccel retry 5" in text, text
    sid, _, _ = ask(heldout_svc, "pausa o job 11", None)
    _, text, query = ask(heldout_svc, "já está, resume-o", sid)
    assert query is None and "gpuaccel resume 11" in text, text
    sid, _, _ = ask(heldout_svc, "dá prioridade 4 ao 12", None)
    _, text, query = ask(heldout_svc, "sobe também a do 13", sid)
    assert query is None and "gpuaccel priority 13" in text, text


def test_angolan_questions(heldout_svc: AssistantService) -> None:
    # "entre as 10 e as 11" with no "h", "depois das 18h de ontem", "correu mais tempo", "crashou",
    # "durou quanto tempo", "até agora" (so far, never "only far"), "compara X e Y", "e de power médio"
    _, _, query = ask(heldout_svc, "entre as 10 e as 11 qual foi a temp max da gpu 0", None)
    assert query is not None and query["window"]["label"] == "between 10:00 and 11:00", query
    sid, _, query = ask(heldout_svc, "depois das 20h de ontem qual foi a temperatura máxima da gpu 0?", None)
    assert query is not None and query["window"]["label"] == "yesterday between 20:00 and 00:00", query
    _, text, query = ask(heldout_svc, "e o job?", sid)  # the job on it at that peak
    assert query is not None and query["name"] == "jobs" and query["gpu"] == 0, query
    sid, _, _ = ask(heldout_svc, "compara o tempo de execução do job 4 e do job 6", None)
    _, _, query = ask(heldout_svc, "e qual correu mais tempo?", sid)
    assert query is not None and query["metric"] == "duration" and query["among"] == "4,6", query
    sid, _, _ = ask(heldout_svc, "o job 5 crashou pq?", None)
    _, text, _ = ask(heldout_svc, "durou quanto tempo antes de crashar?", sid)
    assert "3m21s" in text, text
    sid, _, _ = ask(heldout_svc, "o que está a correr agora?", None)
    _, text, _ = ask(heldout_svc, "ja gastou quantas gpu-hours ate agora?", sid)
    assert "1.50 GPU-hours" in text, text
    sid, _, _ = ask(heldout_svc, "qual das gpus teve a utilização média mais alta hoje", None)
    _, text, query = ask(heldout_svc, "e de power medio?", sid)
    assert query is not None and query["metric"] == "power" and "mean 154 W" in text, (query, text)


def test_brazilian_requests_with_ele_as_object_and_la_as_there(heldout_svc: AssistantService) -> None:
    # Brazil's spoken object ("tira ela", "altera ele"), "coloca"/"bota" (put), "dá restart" with no
    # article, "pra usar" (to use), and "lá" (there) after a peak's time
    for before, said, command in (
        (
            "o resnet50-bench foi cancelado por quem?",
            "deleta ele do historico por favor",
            "gpuaccel remove 6",
        ),
        ("e o 13, por que nao sai da fila?", "altera ele para usar uma GPU so", "gpuaccel edit 13 --gpus 1"),
        ("o llama-70b-eval ta parado por que?", "bota prioridade 7 nele", "gpuaccel priority 12 7"),
        ("o sd-xl-train morreu como?", "blz, da retry nele entao", "gpuaccel retry 5"),
    ):
        sid = ask(heldout_svc, before, None)[0]
        _, text, query = ask(heldout_svc, said, sid)
        assert query is None and command in text, (said, text)
    sid, _, _ = ask(heldout_svc, "qual foi o pico de potencia da GPU 0 hoje, e a que horas?", None)
    _, text, query = ask(heldout_svc, "e quem rodava la?", sid)
    assert query is not None and query["name"] == "jobs" and "llama-70b-finetune" in text, (query, text)


def test_a_brazilian_request_corrected_as_it_is_made(heldout_svc: AssistantService) -> None:
    # "não," before a comma is the interjection "no", "desculpa"/"perdão" sorry: the job said after them
    _, text, query = ask(heldout_svc, "libera o 12, nao, perdao, o 14", None)
    assert query is None and "gpuaccel release 14" in text and "release 12" not in text, text


def test_brazilian_its_limit_which_job_was_it_and_only_the_morning(heldout_svc: AssistantService) -> None:
    heldout_svc.chat.pickers = (RulePicker(),)  # the rules alone: what the translation gives them
    # "o limite dela" (the owner said after the thing: its limit), "é quanto?" closing a question
    sid, _, _ = ask(heldout_svc, "a 4090 ta puxando quanto de power?", None)
    _, text, query = ask(heldout_svc, "o limite dela?", sid)
    assert query is not None and query["metric"] == "power" and "450 W limit" in text, (query, text)
    assert in_english("a temperatura dela e quanto?") == "its temperature is how much?"
    # what a thing has, "tem" said before or after "quanto"
    assert in_english("e a placa 0 tem quanto ao todo?") == "and how much does the card 0 have in total?"
    assert in_english("quanto ela tem?") == "how much does it have?"
    # the verb before the question word ("foi qual job?": which job was it) after a peak
    sid, _, _ = ask(heldout_svc, "qual foi o pico de temperatura da H100 ontem?", None)
    _, text, query = ask(heldout_svc, "foi qual job?", sid)
    assert query is not None and query["name"] == "jobs" and "llama-70b-finetune" in text, (query, text)
    # "manha" without its tilde is Portuguese's own: only the morning of the span just read
    sid, _, _ = ask(heldout_svc, "qual a utilizacao media da 4090 hoje?", None)
    _, _, query = ask(heldout_svc, "e so pela manha?", sid)
    assert query is not None and query["window"]["label"] == "this morning", query


def test_brazilian_queue_let_go_and_a_job_sent_to_a_card(heldout_svc: AssistantService) -> None:
    heldout_svc.chat.pickers = (RulePicker(),)  # the rules alone: what the translation gives them
    # "pode soltar a fila" after the queue was paused: resume it ("acabei": I'm done)
    sid, _, _ = ask(heldout_svc, "pausa a fila pra mim", None)
    _, text, query = ask(heldout_svc, "acabei aqui, pode soltar a fila", sid)
    assert query is None and "gpuaccel resume" in text, text
    # "passa/manda/joga X pra placa N", the job said before the verb too: run it on that card
    for said in ("passa o 12 pra placa 1", "e o 12, joga pra 4090"):
        _, text, query = ask(heldout_svc, said, None)
        assert query is None and "gpuaccel edit 12 --gpu-ids 1" in text, (said, text)
