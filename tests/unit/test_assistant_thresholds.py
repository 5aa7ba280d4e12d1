"""A reading's threshold: "how long was the card at 85 °C or more", its unit naming the reading, a follow-up
that only moves the threshold, and numbers that are no threshold. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.queries.catalogue import QueryArgsError, query_from_args
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.thresholds import threshold_of
from gpuaccel.scheduler.reads.history import TABLES


@pytest.mark.parametrize(
    ("question", "value", "metric"),
    [
        ("for how long did gpu 0 sit above 88 degrees this morning", 88, "temperature"),
        ("minutes spent at 250W or higher by the big card", 250, "power"),
        ("time the 4090 was > 50% busy yesterday", 50, "util"),
        ("how long did it hold 20 GB or more of memory", 20, "memory"),
        ("was it ever hotter than 70c", 70, "temperature"),
        ("and past 60?", 60, None),
        ("how long did it use 2048 MiB or more", 2, "memory"),
        ("how long was the h100 at 75 degres or more", 75, "temperature"),  # a letter left out
        ("did gpu 1 go over 60 degre", 60, "temperature"),
    ],
)
def test_a_threshold_and_the_reading_its_unit_names(question: str, value: int, metric: str | None) -> None:
    said = threshold_of(question)
    assert said is not None and (said.value, said.metric) == (value, metric), said


@pytest.mark.parametrize(
    "question",
    [
        "which jobs ran more than 20 minutes today",
        "did anything fail over the last 2 hours",
        "is a job with more than 2 attempts in the queue",
        "what ran on gpu 1 at 13:45",
    ],
)
def test_numbers_that_are_no_threshold(question: str) -> None:
    assert threshold_of(question) is None, threshold_of(question)


def test_how_long_a_card_was_at_a_reading_or_over(heldout_svc: AssistantService) -> None:
    sid, text, query = ask(heldout_svc, "for how long was the h100 at 88 degrees or hotter today?", None)
    assert query is not None and (query["metric"], query["at_least"], query["gpu"]) == ("temperature", 88, 0)
    # the spike lives in the 1 s rows only: its seconds at 88 °C or more, counted from the rows themselves
    ((seconds,),) = heldout_svc.store.query(
        f"SELECT COUNT(*) FROM {TABLES['1s'][0]} WHERE gpu = 0 AND temperature_c >= 88"
    )
    assert 0 < seconds < 60 and f"at 88 °C or more for {seconds:.1f}s" in text, (seconds, text)
    # only the threshold moves; the card and the span stay
    sid, text, query = ask(heldout_svc, "what about above 95", sid)
    assert query is not None and (query["at_least"], query["gpu"]) == (95, 0)
    assert query["window"]["label"] == "today", query
    assert "never at 95 °C or more" in text, text
    # another card keeps the threshold
    _, text, query = ask(heldout_svc, "and the gaming card?", sid)
    assert query is not None and (query["at_least"], query["gpu"]) == (95, 1), query


def test_a_threshold_asked_of_now_is_the_live_reading(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "is either card above 60 degrees at the moment?", None)
    assert query is not None and "window" not in query and "at_least" not in query, query


def test_the_threshold_is_a_query_argument_for_agents() -> None:
    q = query_from_args("gpu_reading", {"gpu": 1, "metric": "power", "at_least": 300, "window": "today"}, 0.0)
    assert (q.at_least, q.metric) == (300, "power")
    with pytest.raises(QueryArgsError, match="at_least must be a whole number"):
        query_from_args("gpu_reading", {"at_least": "hot"}, 0.0)


def test_how_long_at_a_value_after_a_peak_asks_that_reading(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "peak temperature on the 4090 today", None)
    _, text, query = ask(heldout_svc, "for how long did it stay at 60 or more", sid)
    assert query is not None and (query["gpu"], query["at_least"], query["metric"]) == (1, 60, "temperature")
    assert "at 60 °C or more for" in text, text


def test_for_long_at_a_value_after_the_job_then(heldout_svc: AssistantService) -> None:
    """ "was it at 60+ for long or only a spike" after the peak and the job on the card then: how long the
    card was there, not the job."""
    sid, _, _ = ask(heldout_svc, "peak temperature on the 4090 today", None)
    sid, _, _ = ask(heldout_svc, "which job ran on it at that time", sid)
    _, text, query = ask(heldout_svc, "did it stay at 60+ for long or was it a spike", sid)
    assert query is not None and (query["gpu"], query["at_least"], query["metric"]) == (1, 60, "temperature")
    assert "at 60 °C or more for" in text, text


def test_when_a_reading_first_reached_a_value(heldout_svc: AssistantService) -> None:
    """ "When did power first cross 600 W": the answer says the first second at the value, beside how long;
    "reach", "cross", "hit" say a threshold; "first second it hit 88?" moves only the threshold."""
    svc = heldout_svc
    for said, value in (
        ("when did the 4090 first reach 350 W today", 350),
        ("first time gpu1 hit 70c today", 70),
    ):
        threshold = threshold_of(said)
        assert threshold is not None and threshold.value == value, said
    sid, text, query = ask(svc, "when did the 4090's power first go over 300 W today?", None)
    assert query is not None and (query["gpu"], query["at_least"]) == (1, 300), query
    assert ", first at 09:" in text, text
    _, text, query = ask(svc, "and the first second it hit 405?", sid)
    assert query is not None and query["at_least"] == 405 and query["metric"] == "power", query
    _, text, query = ask(svc, "and how long at 60 degrees or more?", sid)  # the unit names another reading
    assert query is not None and (query["metric"], query["at_least"]) == ("temperature", 60), query
    sid, _, _ = ask(svc, "power of gpu 0 during mistral-7b-sft's run", None)
    _, text, query = ask(svc, "total time at or above 590 W in that run?", sid)
    assert query is not None and (query["job"], query["at_least"]) == (11, 590), query
    assert "or more for" in text and "first at 13:" in text, text


def test_a_statistic_asked_after_a_threshold_drops_it(heldout_svc: AssistantService) -> None:
    """The mean or the hotter card asked next is that statistic; the time at the value is not said again."""
    sid0, _, query = ask(heldout_svc, "how many minutes was gpu 1 at 65 degrees or more today", None)
    assert query is not None and query["at_least"] == 65, query
    _, text, query = ask(heldout_svc, "and on average, which of the two ran warmer today?", sid0)
    assert query is not None and query["name"] == "gpu_reading" and "at_least" not in query, query
    assert "or more" not in text and "mean" in text, text
    sid1, _, _ = ask(heldout_svc, "how long was the 4090 above 65 degrees today", None)
    _, text, query = ask(heldout_svc, "what was its lowest", sid1)
    assert query is not None and "at_least" not in query and "or more" not in text, query


def test_a_value_said_bare_in_a_follow_up_is_the_threshold_now(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how long was the h100 at 500 W or more today?", None)
    _, _, query = ask(heldout_svc, "and the 4090, 300W?", sid)
    assert query is not None and query["gpu"] == 1 and query["at_least"] == 300, query


def test_when_it_started_going_above_a_value_is_when_it_first_got_there(
    heldout_svc: AssistantService,
) -> None:
    sid, _, first = ask(heldout_svc, "how long was gpu 1 at 70 C or above today?", None)
    _, text, again = ask(heldout_svc, "and when did it begin climbing over 70?", sid)
    assert first is not None and again == first and "first at" in text, (again, text)
