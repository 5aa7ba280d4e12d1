"""Units and words people write their own way (deg C, kW-h, watts-hours, a phone's autocorrect: "cue",
"idol", "tamp", "the mistrial run"), requests said in another language's order ("I want that it runs"),
the job a conversation is about kept through a reading of its GPU, and what a follow-up totals ("across
the lot", "the four runs together", "its highest reading"). Worded apart from the blind sets, on their
machine."""

from __future__ import annotations

from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService

REFUSED = "I only know about this machine"
CLOCKS_REFUSED = "A GPU's power limit, clocks or a reset are set with nvidia-smi as root"


def test_units_written_their_own_way(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "how long was gpu 0 at 85 deg C or hotter today?", None)
    assert query is not None and query.get("at_least") == 85 and query.get("metric") == "temperature", query
    _, text, query = ask(heldout_svc, "kW-h used by gpu 1 since midnight", None)
    assert query is not None and query["name"] == "energy" and "1.14 kWh" in text, (query, text)
    _, text, query = ask(heldout_svc, "watts-hours of the 4090 today?", None)
    assert query is not None and query["name"] == "energy" and "1.14 kWh" in text, (query, text)


def test_a_phones_autocorrect_words(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "anything in the cue?", None)
    assert query is not None and query["name"] == "queue", query
    _, text, query = ask(heldout_svc, "is the h100 idol", None)
    assert query is not None and query["name"] == "idle_gpus", query
    _, text, query = ask(heldout_svc, "max tamp of the 4090 today", None)
    assert query is not None and query.get("metric") == "temperature", query
    _, text, query = ask(heldout_svc, "kill the mistrial job", None)
    assert query is None and "gpuaccel cancel 11" in text, text
    sid, _, _ = ask(heldout_svc, "what ran on the 4090 at 12:40", None)
    _, text, query = ask(heldout_svc, "the sweet one that failed, why?", sid)
    assert "loss is NaN" in text, (query, text)


def test_the_cards_plural_is_that_card_but_a_kind_is_not(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "h100 temp", None)
    _, _, query = ask(heldout_svc, "and the 4090s?", sid)
    assert query is not None and query.get("gpu") == 1, query
    _, text, query = ask(heldout_svc, "are 4090s good value for money?", None)
    assert query is None and text.startswith(REFUSED), (query, text)


def test_what_a_job_wrote_or_printed_is_its_log(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "which job was on gpu 1 at 09:40?", None)
    _, text, query = ask(heldout_svc, "what did it print as scores?", sid)
    assert query == {"name": "job_log", "job": 4} and "mmlu 0.682" in text, (query, text)
    sid, _, _ = ask(heldout_svc, "what was on the h100 at 22:00 yesterday", None)
    _, text, query = ask(heldout_svc, "final thing it wrote?", sid)
    assert query == {"name": "job_log", "job": 2} and "/ckpt/llama-70b/final" in text, (query, text)


def test_the_job_is_kept_through_a_reading_of_its_gpu(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "when did mistral-7b-sft start?", None)
    _, _, query = ask(heldout_svc, "how hot is that card now", sid)
    assert query is not None and query.get("gpu") == 0 and query.get("metric") == "temperature", query
    _, text, query = ask(heldout_svc, "and how long did the job sit in the queue?", sid)
    assert query is not None and query.get("job") == 11 and "5m00s" in text, (query, text)


def test_requests_said_in_another_languages_order(heldout_svc: AssistantService) -> None:
    _, text, query = ask(
        heldout_svc, "whisper-finetune waits on hold. I want that it starts. The command?", None
    )
    assert query is None and "gpuaccel release 14" in text, text
    _, text, query = ask(
        heldout_svc, "please stop the mistral training briefly, I continue it after lunch", None
    )
    assert query is None and "gpuaccel pause 11" in text, text


def test_switch_it_off_after_an_answer_about_a_card(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "which card is doing nothing?", None)
    _, text, query = ask(heldout_svc, "could you turn it off then", sid)
    assert query is None and CLOCKS_REFUSED in text, text


def test_advice_on_ones_own_settings_is_declined(heldout_svc: AssistantService) -> None:
    for question in (
        "what learning rate ought we to use for the sft?",
        "my eval is slow, should I pick a bigger batch size?",
    ):
        _, text, query = ask(heldout_svc, question, None)
        assert query is None and text.startswith(REFUSED), (question, query, text)


def test_how_much_of_a_card_is_used_is_its_memory(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "how much of the 4090 is taken right now?", None)
    assert query is not None and query.get("metric") == "memory" and "1024 MiB" in text, (query, text)


def test_totals_over_a_jobs_attempts_or_an_arrays_runs(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how did sd-xl-train's attempts end?", None)
    _, text, query = ask(heldout_svc, "total running time over the whole lot?", sid)
    assert query is not None and query.get("job") == 5 and "9m41s over its attempts" in text, (query, text)
    sid, _, _ = ask(heldout_svc, "show me the lr-sweep runs", None)
    ask(heldout_svc, "why did the failed element fail?", sid)
    _, text, query = ask(heldout_svc, "and the energy of all four runs?", sid)
    assert query is not None and query.get("job_name") == "lr-sweep" and "531 Wh" in text, (query, text)


def test_its_highest_reading_after_a_mean(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "average watts of gpu 1 today", None)
    _, text, query = ask(heldout_svc, "its top reading, and when was it?", sid)
    assert query is not None and query.get("metric") == "power" and "407 W at 09:12:13" in text, (query, text)
