"""A scripter's query syntax ("util_gpu gpu=1 max since=09:00", "max(sm_clock)", "jobs where gpu=0") and
a beginner's or a second language's plain words ("the waiting list", "how many watt used", "during run",
"which process is using?", "let it go ahead" after what someone did, "take it off the waiting list"),
with what they ask that the machine cannot answer. Worded apart from the blind sets, on their machine."""

from __future__ import annotations

from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService

REFUSED = "I only know about this machine"
CLOCKS_REFUSED = "A GPU's power limit, clocks or a reset are set with nvidia-smi as root"


def test_a_scripters_query_syntax(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "power_w gpu=0 max since=13:00", None)
    assert query is not None and query.get("metric") == "power" and query.get("gpu") == 0, query
    assert query["window"]["label"] == "since 13:00", query
    _, text, query = ask(heldout_svc, "min(sm_clock) gpu=1 window=yesterday", None)
    assert (
        query is not None and query.get("metric") == "clock" and query["window"]["label"] == "yesterday"
    ), query
    _, text, query = ask(heldout_svc, "runs where gpu=1 and state=failed", None)
    assert query is not None and query["name"] == "failures" and query.get("gpu") == 1, query


def test_plain_words_for_the_queue_energy_and_a_run(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "what is on the waiting list now?", None)
    assert query is not None and query["name"] == "queue", query
    _, text, query = ask(heldout_svc, "How many watts consumed today by GPU 0?", None)
    assert query is not None and query["name"] == "energy" and "2.31 kWh" in text, (query, text)
    sid, _, _ = ask(heldout_svc, "Energy of llama-8b-eval job?", None)
    _, text, query = ask(heldout_svc, "Peak temperature over run?", sid)
    assert query is not None and query.get("job") == 4 and query.get("metric") == "temperature", query
    sid, _, _ = ask(heldout_svc, "GPU 1 memory now?", None)
    _, text, query = ask(heldout_svc, "Which process is using?", sid)
    assert query is not None and query["name"] == "memory_users" and "Xorg" in text, (query, text)


def test_requests_after_what_someone_did_and_in_plain_words(heldout_svc: AssistantService) -> None:
    _, text, query = ask(
        heldout_svc,
        "I believe a colleague put whisper-finetune on hold. Would you let it go ahead, please?",
        None,
    )
    assert query is None and "gpuaccel release 14" in text, text
    _, text, query = ask(heldout_svc, "please take llama-70b-eval off the waiting list", None)
    assert query is None and "gpuaccel cancel 12" in text, text
    _, text, query = ask(heldout_svc, "could you start sd-xl-train again?", None)
    assert query is None and "gpuaccel retry 5" in text, text
    _, text, query = ask(heldout_svc, "Please fix memory clock of H100 at 2619 MHz.", None)
    assert query is None and CLOCKS_REFUSED in text, text


def test_what_the_machine_cannot_answer(heldout_svc: AssistantService) -> None:
    for question in (
        "My training script says 'ModuleNotFoundError: No module named torch'. What did I do wrong?",
        "How to lower memory use in my training code?",
        "Energy cost of the box this week in JPY?",
    ):
        _, text, query = ask(heldout_svc, question, None)
        assert query is None and text.startswith(REFUSED), (question, query, text)


def test_a_plan_said_before_the_question_sets_no_span(heldout_svc: AssistantService) -> None:
    _, text, query = ask(
        heldout_svc,
        "I should like to run a small model this afternoon. Is a graphics card sitting idle, so it would"
        " be safe to start?",
        None,
    )
    assert query == {"name": "idle_gpus"} and "GPU 1" in text, (query, text)


def test_an_hour_in_words_last_night_is_that_moment(heldout_svc: AssistantService) -> None:
    sid, text, query = ask(heldout_svc, "What was the H100 working on at ten o'clock last night?", None)
    assert query is not None and query["window"]["label"] == "yesterday at 22:00", query
    assert "llama-70b-finetune" in text, text
