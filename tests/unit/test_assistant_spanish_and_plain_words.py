"""Spanish, read where a message has marks of its own (and "the que" typed for the queue left English); a
newcomer's plain words ("the busy number", "the card with more memory", "the last time anyone used it"), a
phone typist's "tdy" and "juice", a paused job started "again", "if I want ..., which card", "right now"
after a sentence that names a day, "which of the two" after each GPU's energy, what a failed run tried to
allocate, and another job named after a list's totals; Spain's Spanish typed fast (requests with "it"
joined, "vosotros", words without accents, spans, follow-ups, off-topic asks), Colombia's and Mexico's
("tronaron", "se aventó", "cuánto lleva", "el de ...") and the River Plate's ("soltalo", "laburando", "che",
"al pedo", "palmó", "soltá", "entre las 13 y las 16"), Mexico's WhatsApp requests ("bájale a una GPU",
"dale resume", "bórralo", "quise decir el 12"), read by the rules alone.
Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.picker import RulePicker
from gpuaccel.assistant.understand.spoken import written


@pytest.mark.parametrize(
    ("question", "name", "fields"),
    [
        ("cuanta energia uso la H100 ayer?", "energy", {"gpu": 0}),
        ("por que fallo el 9", "job_detail", {"job": 9}),
        ("cuanto tiempo estuvo la H100 arriba de 80 °C hoy", "gpu_reading", {"gpu": 0, "at_least": 80}),
        ("¿qué se rompió hoy?", "failures", {}),
        ("desde las 14:00 cual fue el pico de temperatura de la 4090", "gpu_reading", {"gpu": 1}),
        ("¿cuáles tarjetas están desocupadas ahorita?", "idle_gpus", {}),  # desocupada: free
    ],
)
def test_spanish_questions(heldout_svc: AssistantService, question: str, name: str, fields: dict) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None and query["name"] == name, (question, query)
    assert all(query.get(k) == v for k, v in fields.items()), (question, query)


def test_spanish_requests_and_a_joke(heldout_svc: AssistantService) -> None:
    _, text, _ = ask(heldout_svc, "cancela el 12 porfa", None)
    assert "gpuaccel cancel 12" in text, text
    sid, _, _ = ask(heldout_svc, "el job 11 sigue corriendo?", None)
    _, text, _ = ask(heldout_svc, "pausalo un rato", sid)
    assert "gpuaccel pause 11" in text, text
    _, _, query = ask(heldout_svc, "cuentame un chiste de GPUs", None)
    assert query is None, query


def test_english_is_left_english() -> None:
    assert written("whats sitting in the que at the moment") == "whats sitting in the que at the moment"
    assert written("how long did job 4 take today?") == "how long did job 4 take today?"


@pytest.mark.parametrize(
    ("question", "gpu", "metric", "said"),
    [
        ("Yesterday, what was the highest the busy number reached on the H100?", 0, "util", "98%"),
        ("how much memory is the graphics card with less memory using?", 1, "memory", "1024 MiB"),
    ],
)
def test_a_newcomers_plain_words(
    heldout_svc: AssistantService, question: str, gpu: int, metric: str, said: str
) -> None:
    _, text, query = ask(heldout_svc, question, None)
    assert query is not None and query.get("gpu") == gpu and query.get("metric") == metric, query
    assert said in text, text


def test_the_last_time_anyone_used_a_card(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "when was the last time somebody used the 4090?", None)
    assert query == {"name": "idle_gpus", "gpu": 1} and "since 13:24:00" in text, (query, text)


def test_a_phone_typists_words(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "peak temp gpu0 tdy", None)
    assert query is not None and query["window"]["label"] == "today", query
    _, text, query = ask(heldout_svc, "juice used by the h100 yday", None)
    assert query is not None and query["name"] == "energy" and "4.89 kWh" in text, (query, text)


def test_a_paused_job_started_again_is_resumed(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how do I pause job 11 for a bit?", None)
    _, text, _ = ask(heldout_svc, "and then how do I start it again?", sid)
    assert "gpuaccel resume 11" in text, text
    sid, _, _ = ask(heldout_svc, "why did job 9 fail?", None)
    _, text, _ = ask(heldout_svc, "start it again please", sid)
    assert "gpuaccel retry 9" in text, text


def test_a_wish_before_which_card(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "if we need a card this afternoon, which one should we take?", None)
    assert query == {"name": "idle_gpus"}, query


def test_right_now_after_a_sentence_that_names_a_day(heldout_svc: AssistantService) -> None:
    question = "I joined the lab today. What are the two GPUs doing right now?"
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None and "window" not in query, query


def test_which_of_the_two_after_each_gpus_energy(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "energy of the 4090 today?", None)
    sid, _, _ = ask(heldout_svc, "and the h100?", sid)
    _, text, query = ask(heldout_svc, "which one used more this morning?", sid)
    assert query is not None and query["name"] == "energy" and "gpu" not in query, query
    assert query["window"]["label"] == "this morning", query


def test_what_a_failed_run_tried_to_allocate_is_in_its_log(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "what happened to sd-xl-train?", None)
    _, text, query = ask(heldout_svc, "how much memory did it try to allocate?", sid)
    assert query == {"name": "job_log", "job": 5} and "2.50 GiB" in text, (query, text)


def test_another_job_named_after_a_lists_totals(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "gpu hours of the lr-sweep runs together?", None)
    _, text, query = ask(heldout_svc, "and data-prep, how much energy?", sid)
    assert query is not None and query.get("job") == 1, query


def _rules_only(svc: AssistantService) -> AssistantService:
    """The chat with the rules alone (no model to pick where they miss), as the blind sets score the rules."""
    svc.chat.pickers = (RulePicker(),)
    return svc


def _conversation(svc: AssistantService, turns: list[str]) -> tuple[str, dict | None]:
    sid = None
    for turn in turns:
        sid, text, query = ask(svc, turn, sid)
    return text, query


# Spain's Spanish typed fast: "it" joined to a request and no accent ("relanzala"), the job said before the
# verb ("el 12 cancelalo"), "en hold", one job put ahead of another, a priority lowered to a value, "como
# lo reanudo" after a pause
@pytest.mark.parametrize(
    ("turns", "command"),
    [
        (["por que peto el 9?", "relanzala porfa"], "gpuaccel retry 9"),
        (["el 12 cancelalo, ya no hace falta"], "gpuaccel cancel 12"),
        (["deja el 12 en hold hasta mañana"], "gpuaccel hold 12"),
        (["mete el 13 por delante del 12"], "gpuaccel switch 13 12"),
        (["baja la prioridad del 12 a 1"], "gpuaccel priority 12 1"),
        (["pausa el 11", "y despues como lo reanudo?"], "gpuaccel resume 11"),
    ],
)
def test_spain_spanish_requests(heldout_svc: AssistantService, turns: list[str], command: str) -> None:
    text, query = _conversation(_rules_only(heldout_svc), turns)
    assert query is None and command in text, (query, text)


# "a partir de las 9h", "ayer por la mañana", "y en GPU-horas?" and "vale. y el pico?" as follow-ups, a
# peak "y de que job era", the last element of an array, an element by its index ("lr-sweep [1]")
@pytest.mark.parametrize(
    ("turns", "fields", "said"),
    [
        (
            ["cual fue el pico de uso de la 4090 a partir de las 9h?"],
            {"gpu": 1, "metric": "util"},
            "since 09:00",
        ),
        (["temperatura media de la H100 ayer por la mañana"], {"gpu": 0}, "yesterday morning"),
        (["cuanta energia gasto el llama-8b-eval?", "y en GPU-horas?"], {"job": 4}, "0.70 GPU-hours"),
        (
            ["temperatura media de la 4090 ayer", "vale. y el pico?"],
            {"gpu": 1, "metric": "temperature"},
            "47 °C",
        ),
        (["maximo de temperatura de la 4090 ayer y de que job era"], {"gpu": 1}, "flash-attn-build"),
        (["cuanto corrio el ultimo elemento del lr-sweep?"], {"name": "job_detail", "job": 10}, "25m55s"),
        (["cual corrio mas rato, el lr-sweep [1] o el llama-8b-eval?"], {"among": "8,4"}, "42m00s"),
    ],
)
def test_spain_spanish_questions(
    heldout_svc: AssistantService, turns: list[str], fields: dict, said: str
) -> None:
    text, query = _conversation(_rules_only(heldout_svc), turns)
    assert query is not None and all(query.get(k) == v for k, v in fields.items()), query
    assert said in text, text


# asked off the subject, as Spain writes it: a note to write, advice asked of "vosotros", "una pregunta que
# no tiene nada que ver": declined, not answered with a reading
@pytest.mark.parametrize(
    "question",
    [
        "me escribes un mensaje para el canal diciendo que la H100 esta ocupada?",
        "una pregunta que no tiene nada que ver: que diferencia hay entre adam y adamw?",
        "que precision me recomendais para entrenar en la 4090, fp16 o bf16?",
    ],
)
def test_spain_spanish_off_topic(heldout_svc: AssistantService, question: str) -> None:
    _, text, query = ask(_rules_only(heldout_svc), question, None)
    assert query is None and "gpuaccel" not in text, (query, text)


# Colombia's (paisa) Spanish: a request with "me" or "let's" joined ("cancelámelo", "pausémoslo"), the usted
# form with "le" ("bájele la prioridad") and a reason said after it, "suéltelo pues", "¿cómo dejo en hold
# ...?" with a purpose after it, "¿cómo meto ... antes que ...?"
@pytest.mark.parametrize(
    ("turns", "command"),
    [
        (["¿el 11 sigue corriendo?", "cancelámelo de una, ¿cómo hago?"], "gpuaccel cancel 11"),
        (
            ["¿qué corre en la H100?", "pausémoslo un momentico que necesito correr una prueba"],
            "gpuaccel pause 11",
        ),
        (
            ["¿por qué no arranca el llama-405b-probe?", "bájele la prioridad, que igual hoy no corre"],
            "priority 13",
        ),
        (["¿el whisper-finetune está en hold?", "suéltelo pues"], "gpuaccel release 14"),
        (["¿cómo dejo en hold el llama-405b-probe para que no arranque esta noche?"], "gpuaccel hold 13"),
        (["¿cómo meto el llama-405b-probe antes que el llama-70b-eval?"], "gpuaccel switch"),
    ],
)
def test_colombian_spanish_requests(heldout_svc: AssistantService, turns: list[str], command: str) -> None:
    text, query = _conversation(_rules_only(heldout_svc), turns)
    assert query is None and command in text, (query, text)


# "¿desde qué hora está quieta?" (since when idle), "a 70 grados o más", "esta mañanita", "la otra" after a
# reading, "se totió" (failed), "compárame ...: ¿cuál se demoró más?", "llegó a usar" (at most)
@pytest.mark.parametrize(
    ("turns", "fields", "said"),
    [
        (["¿desde qué hora está quieta la 4090?"], {"name": "idle_gpus"}, "13:24"),
        (["¿cuánto tiempo estuvo la 4090 a 70 grados o más hoy?"], {"gpu": 1, "at_least": 70}, "1h33m"),
        (["¿cuál fue el pico de potencia de la H100 esta mañanita?"], {"gpu": 0, "metric": "power"}, "626 W"),
        (["¿cuál fue el pico de temperatura de la H100 hoy?", "ay no, perdón, la otra"], {"gpu": 1}, "73 °C"),
        (["¿cuál job se totió hoy?"], {"name": "failures"}, "lr-sweep"),
        (["compárame el data-prep con el llama-8b-eval: ¿cuál se demoró más?"], {"among": "1,4"}, "42m00s"),
        (["¿cuánta memoria llegó a usar el llama-8b-eval?"], {"job": 4, "metric": "memory"}, "17800 MiB"),
    ],
)
def test_colombian_spanish_questions(
    heldout_svc: AssistantService, turns: list[str], fields: dict, said: str
) -> None:
    text, query = _conversation(_rules_only(heldout_svc), turns)
    assert query is not None and all(query.get(k) == v for k, v in fields.items()), query
    assert said in text, text


def test_colombian_spanish_off_topic(heldout_svc: AssistantService) -> None:
    _, text, query = ask(
        _rules_only(heldout_svc),
        "parce, una pregunta general: ¿qué es mejor, fp8 o bf16 para entrenar un 70B?",
        None,
    )
    assert query is None and "gpuaccel" not in text, (query, text)


# Mexico's chat Spanish with English tech words: "tronaron" (failed), "cuánto lleva" after a reading (how much
# so far), "arriba de" said alone as a follow-up
@pytest.mark.parametrize(
    ("turns", "fields", "said"),
    [
        (["¿qué jobs tronaron hoy?"], {"name": "failures"}, "sd-xl-train"),
        (["¿cuánta luz ha gastado la H100 hoy?", "órale, ¿y la 4090 cuánto lleva?"], {"gpu": 1}, "1.14 kWh"),
        (
            ["cuanto tiempo estuvo la H100 por encima de 500 W hoy", "y arriba de 300?"],
            {"gpu": 0, "at_least": 300},
            "300 W or more",
        ),
    ],
)
def test_mexican_spanish_questions(
    heldout_svc: AssistantService, turns: list[str], fields: dict, said: str
) -> None:
    text, query = _conversation(_rules_only(heldout_svc), turns)
    assert query is not None and all(query.get(k) == v for k, v in fields.items()), query
    assert said in text, text


# Mexico's requests: "vuélvelo a correr", "córrelo otra vez" (run it again), "sácalo del hold" (release it)
@pytest.mark.parametrize(
    ("turns", "command"),
    [
        (["neta, ¿por qué tronó el 9?", "vuélvelo a correr porfa"], "gpuaccel retry 9"),
        (["¿qué onda con el sd-xl-train?", "córrelo otra vez"], "gpuaccel retry 5"),
        (["¿el 14 sigue en hold?", "órale, sácalo del hold"], "gpuaccel release 14"),
    ],
)
def test_mexican_spanish_requests(heldout_svc: AssistantService, turns: list[str], command: str) -> None:
    text, query = _conversation(_rules_only(heldout_svc), turns)
    assert query is None and command in text, (query, text)


# what Mexico's words become: "el de X" (the X one), "se aventó ... corriendo" (ran), "quemó" (used), "con
# todo y reintentos" (every attempt), "pásame lo último del log", "a cuánto anda"
@pytest.mark.parametrize(
    ("question", "english"),
    [
        (
            "el de llama-8b-eval cuánto tiempo se aventó corriendo en total?",
            "the llama-8b-eval one how long did it run in total",
        ),
        ("¿cuántas GPU-hours quemó con todo y reintentos?", "used with all its attempts"),
        ("pásame lo último del log porfa", "give me the last lines of the log"),
        ("neta, ¿a cuánto anda la temperatura de la 4090?", "what is the temperature of the 4090"),
    ],
)
def test_mexican_spanish_words(question: str, english: str) -> None:
    assert english in in_english(question), in_english(question)


# the River Plate's "vos" requests ("soltalo", "ponelo", "subile"), a wish said after one ("no quiero que
# arranque ..."), a purpose ("así sale primero"), two jobs swapped ("intercambiá ... con ...")
@pytest.mark.parametrize(
    ("turns", "command"),
    [
        (["¿el 14 está en hold?", "soltalo entonces"], "gpuaccel release 14"),
        (
            ["¿por qué no arranca el 12?", "ponelo en hold, no quiero que arranque antes que el 13"],
            "gpuaccel hold 12",
        ),
        (["intercambiá el 13 con el 12 en la cola"], "gpuaccel switch 13 12"),
        (["¿qué espera el 13?", "subile la prioridad así sale primero"], "gpuaccel priority 13"),
    ],
)
def test_river_plate_spanish_requests(heldout_svc: AssistantService, turns: list[str], command: str) -> None:
    text, query = _conversation(_rules_only(heldout_svc), turns)
    assert query is None and command in text, (query, text)


# "laburando" (busy), "ayer a la tarde" (yesterday afternoon)
@pytest.mark.parametrize(
    ("turns", "fields", "said"),
    [
        (
            ["¿cuánto tiempo estuvo laburando la H100 ayer?"],
            {"gpu": 0, "metric": "util"},
            "busy (10% or more) 7h55m",
        ),
        (
            ["¿cuál fue el pico de temperatura de la H100 ayer a la tarde?"],
            {"gpu": 0, "metric": "temperature"},
            "yesterday afternoon",
        ),
    ],
)
def test_river_plate_spanish_questions(
    heldout_svc: AssistantService, turns: list[str], fields: dict, said: str
) -> None:
    text, query = _conversation(_rules_only(heldout_svc), turns)
    assert query is not None and all(query.get(k) == v for k, v in fields.items()), query
    assert said in text, text


# the River Plate's chat, a round further: "soltá" with no "it" joined, "ya terminé" (the writer done, not the
# job), "palmaron" (failed), "al pedo" (idle), "laburó" (was busy), hours after "las" ("entre las 13 y las
# 15"), "en el mismo horario" (the span just asked), "¿cuál consumió más?" (the most energy), "cuál de los
# elementos" (which element), "se colgó" (failed), "con qué lr" (the lr it used)
@pytest.mark.parametrize(
    ("turns", "command"),
    [
        (["soltá el whisper-finetune, ya está listo el bucket"], "gpuaccel release 14"),
        (["pausá el 11", "ok ya terminé, reanudá el 11"], "gpuaccel resume 11"),
    ],
)
def test_river_plate_chat_requests(heldout_svc: AssistantService, turns: list[str], command: str) -> None:
    text, query = _conversation(_rules_only(heldout_svc), turns)
    assert query is None and command in text, (query, text)


@pytest.mark.parametrize(
    ("turns", "fields", "said"),
    [
        (["qué jobs palmaron hoy?"], {"name": "failures"}, "sd-xl-train"),
        (["cuánto tiempo estuvo al pedo la H100 hoy?"], {"gpu": 0, "metric": "util"}, "idle 12h35m"),
        (["cuánto laburó la 4090 hoy?"], {"gpu": 1, "metric": "util"}, "busy (10% or more) 2h15m"),
        (["pico de temperatura de la H100 entre las 13 y las 16"], {"gpu": 0}, "between 13:00 and 16:00"),
        (
            ["uso promedio de la H100 entre las 12 y las 14", "y la 4090 en el mismo horario?"],
            {"gpu": 1, "metric": "util"},
            "mean 65%",
        ),
        (["qué onda el lr-sweep?", "cuál de los elementos se colgó? con qué lr?"], {"job": 9}, "lr=0.001"),
        (
            ["cuánta energía usaron los lr-sweep?", "y cuál consumió más?"],
            {"name": "job_rank", "metric": "energy"},
            "165 Wh",
        ),
    ],
)
def test_river_plate_chat_questions(
    heldout_svc: AssistantService, turns: list[str], fields: dict, said: str
) -> None:
    text, query = _conversation(_rules_only(heldout_svc), turns)
    assert query is not None and all(query.get(k) == v for k, v in fields.items()), query
    assert said in text, text


# asked off the subject with "che" first (not Italian's "che"), "¿conviene ...?", "¿cómo hago para que ... no
# ...?", "recomendás", a note to write "avisando que ... va a estar ocupada"
@pytest.mark.parametrize(
    "question",
    [
        "che, pregunta aparte: conviene adamw o lion para entrenar el whisper?",
        "como hago para que mi loss no explote con fp16 en la H100?",
        "que me recomendas para fine-tunear un 13b en la H100, qlora o lora?",
        "che me ayudas con un mensaje para el canal avisando que la 4090 va a estar ocupada toda la noche?",
    ],
)
def test_river_plate_chat_off_topic(heldout_svc: AssistantService, question: str) -> None:
    _, text, query = ask(_rules_only(heldout_svc), question, None)
    assert query is None and "gpuaccel" not in text, (query, text)


# two days set against each other ("la de ayer contra la de hoy"), "con qué lr" (the lr it used)
@pytest.mark.parametrize(
    ("question", "english"),
    [
        ("comparame la potencia de ayer contra la de hoy", "yesterday vs today"),
        ("cual palmo y con que lr?", "failed and what lr did it use?"),
    ],
)
def test_river_plate_chat_words(question: str, english: str) -> None:
    assert english in in_english(question), in_english(question)


# Spain's machine words: "la gráfica" (the GPU) and its "procesos", "retenlo" (hold it) with a reason after,
# "¿con qué señal murió?", "desde qué hora está parada", a mean said after its metric ("la potencia media"),
# a total asked of what came before ("¿y cuánta tiene en total?"), a job's time "contando sus reintentos",
# and two days set against each other with "con" ("la de ayer con la de hoy")
@pytest.mark.parametrize(
    ("question", "english"),
    [
        ("que procesos tiene la grafica 1?", "processes"),
        ("que procesos tiene la grafica 1?", "GPU 1"),
        ("retenla de momento, que quiero revisar el config", "hold it for now"),
        ("¿con qué señal se murió el build?", "what signal did it die with"),
        ("desde que hora esta parada la 4090?", "since when is idle"),
        ("¿cuál fue la potencia media de la H100 hoy?", "mean power"),
        ("¿y cuánta tiene libre?", "how much does it have"),
        ("cuanto ha estado corriendo contando sus reintentos", "across all its attempts"),
        ("compárame la potencia de la 4090 de ayer con la de hoy", "yesterday vs today"),
    ],
)
def test_spain_machine_words(question: str, english: str) -> None:
    assert english in in_english(question), in_english(question)


@pytest.mark.parametrize(
    ("turns", "said"),
    [
        (["¿qué procesos hay ahora en la gráfica 1?"], "Xorg"),
        (
            [
                "¿qué hay en la cola?",
                "¿y el llama-70b-eval a qué espera?",
                "vale, retenlo, que quiero mirar algo",
            ],
            "gpuaccel hold 12",
        ),
        (["¿por qué falló el flash-attn-build?", "¿y con qué señal murió?"], "SIGSEGV"),
    ],
)
def test_spain_machine_words_answered(heldout_svc: AssistantService, turns: list[str], said: str) -> None:
    text, _ = _conversation(_rules_only(heldout_svc), turns)
    assert said in text, text


# Chile's chat (Santiago's): "q" for "que" ("a q hora", "q jobs"), "sobre 60 grados" (above), "po" and
# "cachai" asking nothing, "hace cuánto q está esperando", "entre las 8 de la mañana y mediodía"
@pytest.mark.parametrize(
    ("turns", "fields", "said"),
    [
        (["q jobs fallaron hoy cachai?"], {"name": "failures"}, "sd-xl-train"),
        (["cuanto rato estuvo la 4090 sobre 60 grados hoy po"], {"gpu": 1, "at_least": 60}, "2h15m"),
        (["pico de temperatura de la 4090 hoy", "a q hora fue?"], {"gpu": 1}, "09:12:00"),
        (["q procesos tiene la h100", "y en la 4090 q hay?"], {"name": "memory_users", "gpu": 1}, "Xorg"),
        (["hace cuanto q esta esperando el llama-70b-eval"], {"job": 12}, "1h20m"),
        (
            ["q consumio la 4090 entre las 8 de la mañana y mediodia"],
            {"gpu": 1},
            "between 08:00 and 12:00",
        ),
    ],
)
def test_chilean_chat_questions(
    heldout_svc: AssistantService, turns: list[str], fields: dict, said: str
) -> None:
    text, query = _conversation(_rules_only(heldout_svc), turns)
    assert query is not None and all(query.get(k) == v for k, v in fields.items()), query
    assert said in text, text


# Chile's requests: two jobs' "orden" changed, a job sent to a card ("muévelo a la gpu 1", "manda ... a
# la h100")
@pytest.mark.parametrize(
    ("turns", "command"),
    [
        (["oye cambia el orden del 13 y el 12 po"], "gpuaccel switch 13 12"),
        (["el whisper-finetune q tal esta", "muevelo a la gpu 1"], "gpuaccel edit 14 --gpu-ids 1"),
        (["manda el whisper-finetune a la h100 porfa"], "gpuaccel edit 14 --gpu-ids 0"),
    ],
)
def test_chilean_chat_requests(heldout_svc: AssistantService, turns: list[str], command: str) -> None:
    text, query = _conversation(_rules_only(heldout_svc), turns)
    assert query is None and command in text, (query, text)


# asked off the subject: "fuera de tema", a recipe ("tenis alguna receta"), who won a football match
@pytest.mark.parametrize(
    "question",
    [
        "oye tenis una receta pa la once? algo rapido con la 4090 prendida jaja",
        "y el clasico de ayer lo gano colo colo?",
    ],
)
def test_chilean_chat_off_topic(heldout_svc: AssistantService, question: str) -> None:
    _, text, query = ask(_rules_only(heldout_svc), question, None)
    assert query is None and "gpuaccel" not in text, (query, text)


def test_the_queue_typed_q_is_left_english() -> None:
    assert in_english("anything stuck in the q rn") == "anything stuck in the q rn"
    assert in_english("quick q how hot is gpu 0") == "quick q how hot is gpu 0"


@pytest.mark.parametrize(
    ("said", "reads"),
    [
        ("cuanto se calento la gpu 1 de las 10 a las 13", "gpu 1 from 10:00 to 13:00"),
        ("cuanto uso la 0 ayer despues de las 19", "gpu 0 yesterday after 19:00"),
        ("dame las ultimas lineas del log del 4", "last lines of the log of job 4"),
        ("y que seed tuvo", "what seed did it have"),
        ("bueno, resumelo ya", "resume it"),
        ("y de cuanto es el total", "how much"),
        ("baja tambien el 13", "lower also job 13"),
    ],
)
def test_mexican_chat_cards_hours_logs_and_requests(said: str, reads: str) -> None:
    """Mexico's chat: "la 1" (GPU 1), "de 10 a 13" (a span), "después de las 19", a log's "líneas", what
    a job "tenía", "resúmelo" (resume it, as said in English), "de cuánto", "baja también"."""
    assert reads in in_english(said), (said, in_english(said))


def test_mexican_chat_follow_ups(heldout_svc: AssistantService) -> None:
    sid, _, query = ask(heldout_svc, "potencia maxima de la 0 de 1 a 3", None)
    assert query is not None and query.get("gpu") == 0 and "window" in query, query
    _, _, query = ask(heldout_svc, "y el promedio?", sid)
    assert query is not None and query.get("gpu") == 0 and "window" in query, query
    sid, _, _ = ask(heldout_svc, "pausa el 11 porfa", None)
    _, text, _ = ask(heldout_svc, "listo, ya resumelo", sid)
    assert "gpuaccel resume 11" in text, text


def test_river_plate_voseo_requests_and_how_high_it_got(heldout_svc: AssistantService) -> None:
    # "vos" of an -ir and -er verb stressed last ("resumilo", "mové", "movelo"), "che" beside Spanish's
    # "el" (no Italian "what"), a job changed "para que use" (to use) "una sola" card, and "a cuánto
    # subió como máximo" (how high it got) after a span's reading
    for before, said, command in (
        ("pausame el 11 un rato", "ya está, resumilo nomás", "gpuaccel resume 11"),
        (None, "che, movelo al whisper-finetune a la gpu 0", "gpuaccel edit 14 --gpu-ids 0"),
        (None, "mové el 12 a la gpu 1 porfa", "gpuaccel edit 12 --gpu-ids 1"),
        (None, "modificá el 13 pa que use 1 sola gpu", "gpuaccel edit 13 --gpus 1"),
    ):
        sid = ask(heldout_svc, before, None)[0] if before else None
        _, text, query = ask(heldout_svc, said, sid)
        assert query is None and command in text, (said, text)
    sid, _, _ = ask(heldout_svc, "cuánto tiempo estuvo la gpu 0 por encima de 85 grados hoy?", None)
    _, text, query = ask(heldout_svc, "y hasta cuánto subió como máximo?", sid)
    assert query is not None and query["metric"] == "temperature" and "91 °C" in text, (query, text)


# Mexico's WhatsApp requests: "bájale a una GPU" (lower its cards to one), "reanúdala" ("it" joined as
# "la": the queue), "cancélame" ("me" joined: for me), "dale resume" (go ahead, said in English), "al
# whisper dile que corra solo en ..." (it should run there), what is given before the job ("dale 30000 MiB
# al 12"), "bórralo" (remove it), and a request corrected ("no espera, quise decir el 12, al 13 no lo toques")
@pytest.mark.parametrize(
    ("turns", "command"),
    [
        (["qué onda con el 13?", "bájale a una gpu nomás"], "gpuaccel edit 13 --gpus 1"),
        (["pausa la cola", "listo, reanúdala porfis"], "gpuaccel resume"),
        (["cancélame el 12 ahorita"], "gpuaccel cancel 12"),
        (["pausa el 11", "ya, dale resume porfa"], "gpuaccel resume 11"),
        (["al whisper-finetune dile que corra solo en la gpu 0"], "gpuaccel edit 14 --gpu-ids 0"),
        (["dale 30000 MiB de memoria al 12"], "gpuaccel edit 12 --memory 30000"),
        (["qué pasó con el 3?", "bórralo de la lista porfa"], "gpuaccel remove 3"),
        (["cancela el 13", "no espera, quise decir el 12, al 13 no lo toques"], "gpuaccel cancel 12"),
    ],
)
def test_mexican_whatsapp_requests(heldout_svc: AssistantService, turns: list[str], command: str) -> None:
    text, query = _conversation(_rules_only(heldout_svc), turns)
    assert query is None and command in text, (turns, text)


@pytest.mark.parametrize(
    ("said", "reads"),
    [
        ("súbele a 2 gpus al 12", "raise it to 2 gpus"),
        ("el 14 déjalo así, pausa el 11", "not 14"),
        ("elimínalo porfa", "remove it please"),
    ],
)
def test_mexican_whatsapp_request_words(said: str, reads: str) -> None:
    """A count of cards raised "a 2 gpus"; a job left alone ("déjalo así") is "not" it; "elimínalo" (remove
    it)."""
    assert reads in in_english(said), (said, in_english(said))


def test_left_alone_of_no_job_names_none() -> None:
    assert "not" not in in_english("bueno, déjalo así"), in_english("bueno, déjalo así")


@pytest.mark.parametrize(
    ("said", "reads"),
    [
        ("cuánto tuvo que esperar el 12 pa arrancar?", "how long did it wait job 12 before it started"),
        ("hace cuanto rato q está esperando el 14", "how long has it been waiting job 14"),
        ("y por qué la cola sigue parada hoy?", "why the queue still idle today"),
        ("quanto tempo o 13 ficou esperando na fila?", "how long"),  # (Portuguese's own, still read)
    ],
)
def test_words_spanish_spells_as_portuguese_does(said: str, reads: str) -> None:
    """A word Spanish spells as Portuguese does ("esperando", "arrancar", "parada") in a message with
    Spanish's own words is Spanish's: its "que" no Portuguese "that"; "hace cuánto rato" (how long has it
    been) before "cuánto rato" alone."""
    assert reads in in_english(said), (said, in_english(said))


@pytest.mark.parametrize(
    ("said", "reads"),
    [
        ("¿la H100 hace algo o q?", "anything or what"),  # ("o q": Spanish's "or what", no Portuguese)
        ("¿la estáis usando ahora?", "are you guys using it"),  # (vosotros: the team, not the assistant)
        ("¿no los estáis usando?", "are you guys not using it"),
        ("¿y a cuánto anda de uso la 1?", "utilization gpu 1"),  # ("de uso": the noun, never "used")
        ("dale al train 12 GiB de memoria", "give train 12 GiB"),  # (verb, "al" job, then the amount)
        ("retenmelo hasta mañana", "hold it"),  # ("me" joined for whom, as to any request's verb)
        ("quítale al 12 una tarjeta", "take one gpu off job 12"),
        ("ayer me funcionaba bien", "yesterday it worked"),  # (how it went, told: no "iba a", going to)
    ],
)
def test_spain_spanish_team_words_a_card_taken_off_and_how_it_went(said: str, reads: str) -> None:
    """Spain's chat: "o q" closing a question (or what), "estáis" said to the team, "de uso" (how busy), a
    job given an amount said after "al", "retenme", a card taken off a job, "me iba" (it worked)."""
    assert reads in in_english(said), (said, in_english(said))


@pytest.mark.parametrize(
    ("turns", "said"),
    [
        (["¿la 4090 hace algo o q? la veo tranquila, ¿la estáis usando?"], "0% utilization"),
        (["¿a cuánto anda de uso la 0?"], "The utilization of GPU 0 is 91%"),
        (["por qué ha petado el 5? ayer me iba", "y cuánto tardó contando los reintentos?"], "9m41s"),
        (["por qué no arranca el 13?", "quítale una gráfica, con una le basta"], "gpuaccel edit 13 --gpus 1"),
        (["dale al llama-405b-probe 30000 MiB de memoria"], "gpuaccel edit 13 --memory 30000"),
        (["retenme el del 405b, porfa"], "gpuaccel hold 13"),
    ],
)
def test_spain_spanish_chat_answered(heldout_svc: AssistantService, turns: list[str], said: str) -> None:
    text, _ = _conversation(_rules_only(heldout_svc), turns)
    assert said in text, text


@pytest.mark.parametrize(
    "said", ["¿nos instala el cuda 12 esta tarde?", "parce, actualíceme el driver de la 4090"]
)
def test_a_driver_update_asked_in_spanish_is_refused(heldout_svc: AssistantService, said: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and "administrator" in text and "gpuaccel" in text, text


def test_an_english_verb_given_a_spanish_ending(heldout_svc: AssistantService) -> None:
    # "-ear" made of an English verb, its pronoun joined: the request, of the job in focus
    assert in_english("se crasheó el 7?") == "crashed job 7?"
    sid, _, _ = ask(heldout_svc, "el job 11 sigue corriendo?", None)
    _, text, query = ask(heldout_svc, "ok, killéalo", sid)
    assert query is None and "gpuaccel cancel 11" in text, text
    sid, _, _ = ask(heldout_svc, "en que va el job 13?", None)
    _, text, query = ask(heldout_svc, "holdeámelo mientras tanto", sid)
    assert query is None and "gpuaccel hold 13" in text, text
