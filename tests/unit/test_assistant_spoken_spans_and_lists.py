"""Spans said as a writer or a voice typist says them ("counting from 00:00 up to now", "looking back at
yesterday:", "the most recent hour", "since half past two" in the afternoon), numbered items of one reading,
memory's lowest and mean in MiB, lead-ins and purpose clauses that ask nothing, "each of them" after several
GPUs, rates a job printed, idle since, advice whatever its words, "number eleven" in a request, and a GPU's
model said letter by letter. Worded apart from the blind question sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, converse

from gpuaccel.assistant.queries.spans import window_of
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.spoken import written

NOW = 1_795_791_600.0  # the held-out machine's clock: 15:00


@pytest.mark.parametrize(
    ("said", "label"),
    [
        ("the latest 30 minutes", "in the last 30 minutes"),
        ("over the most recent hour", "in the last hour"),
        ("since 3:10", "since 03:10"),  # 15:10 has not come yet: the morning's
        ("since 1:45", "since 13:45"),  # the latest 1:45 that has passed
        ("since 01:45", "since 01:45"),  # a 24-hour clock's
        ("since 1:45 last night", "since 01:45"),
    ],
)
def test_spans_said_with_most_recent_or_a_twelve_hour_clock(said: str, label: str) -> None:
    got = window_of(said, NOW)
    assert got is not None and got.label == label, got


def test_a_span_counted_from_a_time_and_one_led_in_by_looking_back(heldout_svc: AssistantService) -> None:
    _, _, query = ask(
        heldout_svc, "On the 4090, counting from 06:00 up to now, what was its peak power?", None
    )
    assert query is not None and query["gpu"] == 1 and query["window"]["label"] == "since 06:00", query
    _, text, query = ask(heldout_svc, "Looking at yesterday: how hot did the 4090 get at most?", None)
    assert query is not None and query["window"]["label"] == "yesterday" and query["gpu"] == 1, query
    assert "47 °C" in text, text


def test_numbered_items_of_one_reading_are_one_ask(heldout_svc: AssistantService) -> None:
    [(text, query)] = converse(
        heldout_svc,
        "for the 4090 since 09:00, could you give me 1) the peak power, 2) the lowest and 3) the mean?",
    )
    assert query is not None and query["metric"] == "power" and query["gpu"] == 1, query
    assert "peaked at" in text and "lowest" in text and "mean" in text, text


def test_memory_over_a_span_says_each_statistic_in_mib(heldout_svc: AssistantService) -> None:
    _, text, _ = ask(heldout_svc, "gpu 0 memory used between 11:00 and 14:00: high, low and average", None)
    assert "lowest 0.5 GiB (512 MiB)" in text and " MiB), mean " in text and "(61440 MiB of" in text, text


def test_a_lead_in_label_and_a_purpose_clause_ask_nothing(heldout_svc: AssistantService) -> None:
    sid, _, query = ask(
        heldout_svc, "Follow-up question: between 10 and noon, which card drew more power?", None
    )
    assert query is not None and query["name"] == "gpu_reading" and query["metric"] == "power", query
    assert query.get("gpu") is None, query
    sid, _, _ = ask(heldout_svc, "what is each card drawing at the moment", None)
    _, text, query = ask(
        heldout_svc, "and their power limits, so that I can see how near the H100 is to its cap?", sid
    )
    assert query is not None and query.get("gpu") is None and "700 W" in text and "450 W" in text, text


def test_each_of_them_after_an_answer_about_both_gpus(heldout_svc: AssistantService) -> None:
    (_, first), (text, query) = converse(
        heldout_svc,
        "mean temperature of both cards between 10:00 and 12:00",
        "and the coolest each of them got in that window?",
    )
    assert first is not None and first.get("gpu") is None, first
    assert query is not None and query.get("gpu") is None and "GPU 0" in text and "GPU 1" in text, text


def test_a_rate_a_job_printed(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "what throughput did the resnet50-bench show in its final line", None)
    assert query == {"name": "job_log", "job": 6} and "2902.1" in text, (query, text)
    sid, _, _ = ask(heldout_svc, "was resnet50-bench stopped by someone?", None)
    _, text, query = ask(heldout_svc, "before that what throughput was it reporting", sid)
    assert query is not None and query["name"] == "job_log" and query["job"] == 6, query


def test_the_whole_array_without_its_article(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "entire sweep used how many gpu hours?", None)
    assert query is not None and query.get("job_name") == "lr-sweep" and "1.40 GPU-hours" in text, text


def test_since_when_a_gpu_has_been_idle(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how busy was the 4090 today", None)
    _, text, query = ask(heldout_svc, "and since when is it sitting unused?", sid)
    assert query is not None and query["name"] == "idle_gpus" and "since 13:24:00" in text, text
    _, text, _ = ask(heldout_svc, "when did the 4090 last do something", None)
    assert "since 13:24:00" in text, text


@pytest.mark.parametrize(
    "question",
    [
        "what's the best way to store old checkpoints cheaply, tape or cloud?",
        "for a text classifier, which tokenizers make sense to compare?",
        "would you bother with LoRA here or just fine-tune everything?",
        "is fp16 really safe for a transformer this deep, or should we stick with fp32?",
        # how a product's variants differ
        "how does an a100 pcie differ... the difference between an A100 SXM4 and the PCIe one?",
        "what's the real difference between the 4090 and its laptop version",
    ],
)
def test_advice_and_products_are_declined_whatever_words(
    heldout_svc: AssistantService, question: str
) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is None, query


def test_a_good_way_to_read_the_machine_is_answered(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "what's a good way to see the gpu temperatures?", None)
    assert query is not None and query["metric"] == "temperature", query


def test_a_request_naming_the_job_by_number_word(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "hold number twelve please", None)
    assert query is None and "gpuaccel hold 12" in text, text


@pytest.mark.parametrize(
    ("said", "want"),
    [
        ("the h one hundred", "the h100"),
        ("aitch two hundred", "h200"),
        ("the each one hundred now", "the h100 now"),
        ("each 100 steps", "each 100 steps"),  # no model without "the"
    ],
)
def test_a_gpu_model_said_letter_by_letter(said: str, want: str) -> None:
    assert written(said) == want, written(said)


def test_a_frame_after_a_telling_and_a_figure_against_expectation(heldout_svc: AssistantService) -> None:
    (_, first), (text, query), (text3, third) = converse(
        heldout_svc,
        "I am auditing the cooling. On the 4090, from 08:00 up to now, could you give me its hottest?",
        "Huh, 73 is hotter than we expected. When exactly was that?",
        "and over the same stretch (08:00 to now), how long was it at 60 °C or more?",
    )
    assert first is not None and first["gpu"] == 1 and first["window"]["label"] == "since 08:00", first
    assert query is not None and query["gpu"] == 1 and "09:12:00" in text, (query, text)
    assert third is not None and third["window"]["label"] == "since 08:00", third
    assert third["at_least"] == 60 and third["gpu"] == 1, third


def test_the_sm_clock_beside_the_tensor_activity_is_a_clock(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "gpu 0: tensor core activity, and also the SM clock please", None)
    assert query is not None and query["metric"] == "overview", query
    assert "SM clock 1855 MHz" in text and "tensor cores 86.5% active" in text, text


def test_throttling_now_or_hardware_errors_is_health(heldout_svc: AssistantService) -> None:
    _, text, query = ask(
        heldout_svc, "are the cards throttling right now, or reporting any hardware faults?", None
    )
    assert query is not None and query["metric"] == "health" and "power cap" in text, (query, text)


def test_what_a_gpu_was_doing_then_is_what_ran_on_it(heldout_svc: AssistantService) -> None:
    (_, first), (text, query) = converse(
        heldout_svc,
        "Last night, in the hour 20:00 to 21:00, what was the 4090's top power draw?",
        "what was the card doing then?",
    )
    assert first is not None and first["name"] == "gpu_reading" and first["gpu"] == 1, first
    assert query is not None and query["name"] == "jobs" and "flash-attn-build" in text, (query, text)


def test_a_telling_names_the_card_and_the_window_the_question_points_at(
    heldout_svc: AssistantService,
) -> None:
    _, text, query = ask(
        heldout_svc,
        "From 12:00 to 13:30 the lr sweep was alone on the 4090. What energy did the gpu use over that span?",
        None,
    )
    assert query is not None and query["name"] == "energy" and query["gpu"] == 1, query
    assert query["window"]["label"] == "between 12:00 and 13:30" and "533 Wh" in text, text


def test_last_thing_on_this_asks_nothing(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(
        heldout_svc, "energy of the 4090 since 00:00?", "One more thing on this: the H100 in the last hour?"
    )
    assert query is not None and query["name"] == "energy" and query["gpu"] == 0, query
