"""Words of an incident channel, an audit and a hardware reviewer ("timeline", "do the failures cluster in
time", "what killed them", "line item", "bin it", "both", "boost clock"), a summary of a span that says
when its peak was, and what the machine's data cannot answer (a budget, a room's air, advice on
hardware, a card to buy, a spike to come). Worded apart from the blind sets, on their machine."""

from __future__ import annotations

from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService

REFUSED = "I only know about this machine"


def test_a_timeline_is_a_summary_that_says_when_the_peak_was(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "give me a timeline of gpu 0 from 13:30 to 14:00", None)
    assert query is not None and query["name"] == "summary" and query.get("gpu") == 0, query
    assert "peaked at 91 °C at 13:47:23" in text and "mistral-7b-sft" in text, text


def test_failures_clustering_in_time_and_what_killed_them(heldout_svc: AssistantService) -> None:
    sid, text, query = ask(heldout_svc, "did today's failures cluster together?", None)
    assert query is not None and query["name"] == "failures", query
    _, text, query = ask(heldout_svc, "so what killed them?", sid)
    assert query is not None and query["name"] == "failures" and query.get("state") is None, query
    assert "CUDA out of memory" in text and "loss is NaN" in text, text


def test_confirm_a_job_is_dead_and_not_retrying(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "show me job 3", None)
    _, text, query = ask(heldout_svc, "so it's dead, not retrying?", sid)
    assert query == {"name": "job_detail", "job": 3} and "SIGSEGV" in text, (query, text)


def test_out_of_how_much_after_a_memory_peak_and_whose_it_was(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "peak vram on gpu 1 today and when", None)
    ask(heldout_svc, "whose was it", sid)
    _, text, query = ask(heldout_svc, "of how much total?", sid)
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "memory"} and "24564 MiB" in text, text


def test_an_accountants_line_item_and_pieces(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "gpu 0 energy today in kwh", None)
    _, text, query = ask(heldout_svc, "the same line item for gpu 1", sid)
    assert query is not None and query["name"] == "energy" and "1.14 kWh" in text, (query, text)
    sid, _, _ = ask(heldout_svc, "how much energy did the lr-sweep's four parts use in total?", None)
    _, text, query = ask(heldout_svc, "one of the 4 parts failed, what was the reason?", sid)
    assert "loss is NaN" in text, (query, text)


def test_a_reviewers_words(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "fan speed of the 4090?", None)
    _, text, query = ask(heldout_svc, "and power on both", sid)
    assert query == {"name": "gpu_reading", "metric": "power"}, query
    _, text, query = ask(heldout_svc, "peak boost clock on the h100 today?", None)
    assert query is not None and query.get("metric") == "clock" and query.get("window"), (query, text)
    sid, _, _ = ask(heldout_svc, "how busy is the 4090", None)
    _, text, query = ask(heldout_svc, "when did it last do some real work?", sid)
    assert query == {"name": "idle_gpus", "gpu": 1} and "13:24:00" in text, (query, text)
    sid, _, _ = ask(heldout_svc, "what happened to resnet50-bench?", None)
    _, text, query = ask(heldout_svc, "what fps was it pulling?", sid)
    assert query == {"name": "job_log", "job": 6} and "2902.1" in text, (query, text)


def test_bin_it_cancels(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "what's llama-70b-eval waiting for?", None)
    _, text, query = ask(heldout_svc, "just bin it", sid)
    assert query is None and "gpuaccel cancel 12" in text, text


def test_what_the_machines_data_cannot_answer_is_declined(heldout_svc: AssistantService) -> None:
    for question in (
        "how far over budget are we on GPU compute this quarter?",
        "what's the server room's ambient temperature?",
        "any advice on quieting the fans on the h100?",
        "would you go for an rtx 6000 or a second 4090 next?",
        "is gpu 0 going to spike again tomorrow?",
    ):
        _, text, query = ask(heldout_svc, question, None)
        assert query is None and "nvidia-smi" not in text, (question, query, text)
        assert text.startswith(REFUSED) or "what will happen" in text, (question, text)
