"""Clock times as Europe writes them ("14h05"), "at exactly", "half ten"; a span that runs to now; "held" and
"now" as plain words; thresholds said with "passed" or a reading's name before "or more"; a story that frames
the question after it; a running job's start; requests that name a job by its GPU; advice, forecasts, money
and the host's CPU declined. Worded apart from the blind question sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, converse

from gpuaccel.assistant.queries.spans import window_of
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.spoken import written
from gpuaccel.assistant.understand.thresholds import threshold_of

NOW = 1_795_791_600.0  # the held-out machine's clock: 15:00


@pytest.mark.parametrize(
    ("said", "want"),
    [
        ("which job was on gpu 1 at 14h05?", "at 14:05"),
        ("the mean power from 9h to 11h", "from 9:00 to 11:00"),
        ("anything on the 4090 at half ten?", "at 10:30"),
        ("the last 24h", "the last 24h"),  # a length, not a clock time
        ("12h30m of runtime", "12h30m of runtime"),
    ],
)
def test_clock_times_as_written_in_europe_and_britain(said: str, want: str) -> None:
    assert want in written(said), written(said)


def test_spans_said_with_exactly_or_to_now() -> None:
    at = window_of("what ran at exactly 11:05", NOW)
    assert at is not None and at.label == "at 11:05", at
    since = window_of("peak power between midnight and now", NOW)
    assert (
        since is not None and since.label == "today" and (since.t0, since.t1) == (NOW - 15 * 3600, NOW)
    ), since
    # "since this morning" runs on to now, past noon; "this morning" alone ends at noon
    morning = window_of("how many jobs crashed since the morning", NOW)
    assert morning is not None and (morning.t0, morning.t1) == (NOW - 15 * 3600, NOW), morning
    only = window_of("how many jobs crashed this morning", NOW)
    assert only is not None and only.t1 == NOW - 3 * 3600, only


def test_the_day_before_yesterday_is_its_own_day() -> None:
    """ "the day before yesterday" (as the French, Finnish, Latvian and Albanian readers put "avant-hier",
    "toissapäivänä", "aizvakar", "pardje") is the whole day two days back, not yesterday."""
    midnight = NOW - 15 * 3600
    for said in ("gpu 1 energy the day before yesterday", "l'énergie de la gpu 1 avant-hier"):
        w = window_of(in_english(said), NOW)
        assert w is not None and (w.t0, w.t1, w.label) == (
            midnight - 2 * 86400,
            midnight - 86400,
            "the day before yesterday",
        ), (said, w)
    w = window_of("gpu 1 energy yesterday", NOW)
    assert w is not None and w.label == "yesterday", w


@pytest.mark.parametrize(
    ("said", "to_now"),
    [
        ("peak temp yesterday after 6 pm", False),
        ("yesterday after 18:00 max temp on gpu 0", False),  # the words after the hour kept
        ("peak temp yesterday from 18:00?", False),
        ("avg util yesterday evening, from 6 on", False),
        ("wie hoch war die temperatur gestern ab 18 uhr", False),
        ("energy of gpu 0 after 6pm yesterday", False),  # "after" with the day bounds it too
        ("after 6 pm yesterday, what was the least power drawn", False),
        ("peak power since 18:00 yesterday", True),
    ],
)
def test_the_day_said_first_bounds_the_hour_after_it(said: str, to_now: bool) -> None:
    """'yesterday after 6 pm' and 'after 6 pm yesterday' are the rest of yesterday (as 'gestern ab 18 Uhr'
    is); 'since 18:00 yesterday' is a moment, and the span runs from it to now."""
    w = window_of(in_english(said), NOW)
    midnight = NOW - 15 * 3600
    assert w is not None and w.t0 == midnight - 6 * 3600, (said, w)
    assert w.t1 == (NOW if to_now else midnight), (said, w)


@pytest.mark.parametrize(
    ("said", "value", "metric"),
    [
        ("when had it passed the 80 °C?", 80, "temperature"),
        ("how long at 70% utilisation or higher", 70, "util"),
        ("how long over 500 W power or more", 500, "power"),
    ],
)
def test_thresholds_said_with_passed_or_a_reading_named(said: str, value: int, metric: str) -> None:
    got = threshold_of(said)
    assert got is not None and (got.value, got.metric) == (value, metric), got


def test_clock_words_and_thresholds_on_the_heldout_machine(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    _, text, query = ask(svc, "which job held the 4090 at 12h40?", None)
    assert query is not None and query["name"] == "jobs" and query.get("state") is None, query
    assert query["window"]["label"] == "at 12:40" and "lr-sweep" in text, (query, text)
    _, text, query = ask(svc, "anything held in the queue?", None)
    assert query is not None and query.get("state") == "held", query
    # how long at a power said as drawing, then when it first got there
    (_, timed), (text, again) = converse(
        svc,
        "today, how much time in total has the h100 spent drawing 600 W or more?",
        "and when did it first get there",
    )
    assert timed is not None and (timed["metric"], timed["at_least"]) == ("power", 600), timed
    assert again == timed and "first at 00:00:00" in text, (again, text)


def test_a_story_frames_the_question_after_it(heldout_svc: AssistantService) -> None:
    _, text, query = ask(
        heldout_svc, "We noticed an alarm near 13:47 on the H100, how hot was it then?", None
    )
    assert query is not None and (query["gpu"], query["metric"]) == (0, "temperature"), query
    # (an alarm "near 13:47": the minutes either side of it)
    assert query["window"]["label"] == "between 13:42 and 13:52" and "91 °C" in text, (query, text)


def test_now_and_since_when_of_what_runs(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    _, text, query = ask(svc, "which job is on gpu 0 at the moment, and since what time?", None)
    assert query == {"name": "queue", "state": "running"}, query
    assert "since 13:30:00" in text and "mistral-7b-sft" in text, text
    _, text, query = ask(svc, "which of the gpus is unoccupied at present?", None)
    assert query == {"name": "idle_gpus"}, query
    (_, _), (text, query) = converse(svc, "power of both cards?", "and which processes are on them?")
    assert query is not None and query["name"] == "memory_users" and "fake-trainer" in text, (query, text)


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("suspend the job on the H100 please", "gpuaccel pause 11"),
        ("Maintenance on the rack at 4 - could we hold whatever is running on gpu 0?", "gpuaccel hold 11"),
        ("limit gpu 0 to 400 watts", "nvidia-smi"),
    ],
)
def test_requests_that_name_a_job_by_its_gpu(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_another_go_at_a_job_is_a_retry(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(
        heldout_svc, "why did the flash-attn build fail?", "take another shot at it"
    )
    assert query is None and "gpuaccel retry 3" in text, text


@pytest.mark.parametrize(
    "said",
    [
        "Is the H100 going to throttle later if the sft keeps running?",
        "loss spikes at step 900, we should lower the learning rate or switch to bf16?",
        "should they raise the batch size to 64 for the eval",
        "what's the cpu temperature on this box",
        "is an H100 on runpod more expensive per hour than running ours",
    ],
)
def test_advice_forecasts_prices_and_the_cpu_are_declined(heldout_svc: AssistantService, said: str) -> None:
    _, _, query = ask(heldout_svc, said, None)
    assert query is None, (said, query)


def test_energy_in_money_is_declined_but_a_power_bill_is_energy(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    (_, energy), (_, money) = converse(svc, "kWh used by the gpus yesterday?", "ok and in dollars?")
    assert energy is not None and energy["name"] == "energy" and money is None, (energy, money)
    _, _, query = ask(svc, "for the power bill: energy of each gpu today?", None)
    assert query is not None and query["name"] == "energy", query


def test_a_follow_up_takes_the_time_it_says(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(
        heldout_svc, "jobs on gpu 0 at 11:05?", "and the other card at quarter past 9?"
    )
    assert query is not None and (query["gpu"], query["window"]["label"]) == (1, "at 09:15"), query
    assert "llama-8b-eval" in text, text


def test_asides_that_say_when_or_what_counts(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    _, _, query = ask(
        svc, "From 03:00 to 07:00, when the box should have been quiet, what was GPU 1's mean power?", None
    )
    assert query is not None and (query["gpu"], query["metric"]) == (1, "power"), query
    assert query["window"]["label"] == "between 03:00 and 07:00", query
    _, text, query = ask(svc, "failures since midnight, not counting anything cancelled?", None)
    assert query is not None and query["name"] == "failures", query
    assert "sd-xl-train" in text and "resnet50-bench" not in text, text


def test_a_runs_reading_asked_again_in_other_words(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(
        heldout_svc, "temperature during the resnet50-bench run?", "and the power, how high did it go? when?"
    )
    assert query == {"name": "gpu_reading", "job": 6, "metric": "power"}, query
    assert "peaked at 586 W at 11:02:13" in text and text.count("peaked") == 1, text  # answered once


def test_tries_goes_and_an_arrays_jobs(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    (_, _), (_, each), (text, last) = converse(
        svc, "why did sd-xl-train fail?", "how long did each go run?", "and when did the final try end?"
    )
    assert each == last == {"name": "job_detail", "job": 5}, (each, last)
    assert "10:10:41" in text, text
    (_, listed), (text, ended) = converse(
        svc, "the lr-sweep jobs on the 4090, did they all succeed?", "when did the last of them end?"
    )
    assert listed == {"name": "jobs", "job_name": "lr-sweep"}, listed
    assert ended is not None and ended["name"] == "finished" and "13:24:00" in text, (ended, text)


def test_what_a_card_did_and_what_holds_it_back(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    _, text, query = ask(svc, "how long has the H100 actually worked today?", None)
    assert query is not None and (query["gpu"], query["metric"]) == (0, "util"), query
    assert "busy (10% or more) 2h25m" in text, text
    _, _, query = ask(svc, "is something holding the 4090 back?", None)
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "overview"}, query
    _, _, query = ask(svc, "kWh of both cards since this morning at midnight", None)
    assert query is not None and query["window"]["label"] == "today", query
    _, text, query = ask(svc, "was the H100's hottest moment of the day before or after noon?", None)
    assert query is not None and query["window"]["label"] == "today" and "13:47:23" in text, (query, text)


@pytest.mark.parametrize(
    "said",
    [
        "could you drop the 4090's power limit down to 350 W tonight?",
        "My training script keeps leaking host memory, any idea why?",
        "what's the rack PDU load on feed A?",
        "how many kg of CO2 is that?",
        "which GPUs do other labs on our floor run?",
        "is the H100 going to reach 90 °C again later?",
        "if I add gradient accumulation, will it fit on the 4090 next time?",
        "so which learning rate we should use now?",
    ],
)
def test_settings_the_room_carbon_and_forecasts_are_declined(
    heldout_svc: AssistantService, said: str
) -> None:
    _, _, query = ask(heldout_svc, said, None)
    assert query is None, (said, query)


def test_idioms_of_a_job_and_a_note(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    _, text, query = ask(svc, "resnet50-bench: did it complete or did someone pull the plug on it?", None)
    assert query == {"name": "job_detail", "job": 6} and "cancelled" in text, (query, text)
    (_, _), (text, query) = converse(
        svc, "what's the 70b eval waiting for?", "how long has it been kicking its heels?"
    )
    assert query == {"name": "job_detail", "job": 12} and "waiting 1h20m so far" in text, (query, text)
    (_, _), (_, query) = converse(svc, "the 70b finetune: start to end?", "and its GPU-hours, for my notes")
    assert query == {"name": "job_detail", "job": 2}, query
    _, text, query = ask(svc, "longest job of all in the data you have?", None)
    assert query is not None and query["name"] == "job_rank" and "llama-70b-finetune" in text, (query, text)
    (_, _), (text, query) = converse(svc, "which lr-sweep element fell over?", "send that element again")
    assert query is None and "gpuaccel retry 9" in text, text


def test_what_follows_a_reading_or_a_job(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    (_, _), (text, query) = converse(
        svc, "what's GPU 1 doing right now?", "since when? need the exact time please"
    )
    assert query == {"name": "idle_gpus"} and "since 13:24:00" in text, (query, text)
    (_, _), (_, query) = converse(
        svc,
        "how hot did the H100 get today? and give me a summary of the day",
        "when did it first go over 88",
    )
    assert query is not None and (query["metric"], query["at_least"]) == ("temperature", 88), query
    (_, _), (text, query) = converse(
        svc, "why was resnet50-bench cancelled?", "at what second was the cancel requested?"
    )
    assert query == {"name": "job_detail", "job": 6} and "11:19:55" in text, (query, text)
    (_, _), (_, query) = converse(
        svc, "sd-xl-train broke this morning, why?", "how long did each attempt run before dying?"
    )
    assert query == {"name": "job_detail", "job": 5}, query
    (_, _), (_, _), (text, query) = converse(
        svc,
        "what's mistral-7b-sft printing?",
        "memory used on its card right now?",
        "please suspend it for a while",
    )
    assert query is None and "gpuaccel pause 11" in text, text
    _, text, query = ask(svc, "about to swap a fan near node 3 - is the sft still running?", None)
    assert query == {"name": "job_detail", "job": 11}, query


def test_processes_both_cards_and_a_title_in_quotes(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    _, text, query = ask(svc, "what's running on gpu 0 at the moment, pids and jobs", None)
    assert query == {"name": "memory_users", "gpu": 0} and "4242" in text, (query, text)
    (_, _), (_, _), (text, query) = converse(
        svc,
        "energy of GPU 0 since midnight?",
        "and GPU 1 over the same period?",
        "so the two cards together?",
    )
    assert query is not None and query["window"]["label"] == "today" and "3.45 kWh" in text, (query, text)
    _, text, query = ask(
        svc, "for my 'what went wrong this week' slide: which jobs failed since yesterday?", None
    )
    assert query is not None and query["name"] == "failures" and query.get("job_name") is None, query
    (_, _), (_, query) = converse(svc, "peak memory on the 4090 today?", "which job took that much?")
    assert query is not None and query["name"] == "jobs" and query["gpu"] == 1, query
