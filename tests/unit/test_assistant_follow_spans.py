"""The time span of a follow-up: one it says replaces the conversation's, "overall" / "ever" / "in total"
asks about all of the history, and a reading a summary does not give (power) is read over the span the
conversation is at. Worded apart from the held-out question sets."""

from __future__ import annotations

from dataclasses import replace

from test_assistant_questions import ask, converse

from assistant_lab.sampling import FIXED_NOW
from gpuaccel.assistant.queries.query import Query, Window
from gpuaccel.assistant.queries.spans import all_time, window_of
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker

TODAY = window_of("today", FIXED_NOW)
YESTERDAY = window_of("yesterday", FIXED_NOW)
HOUR = window_of("the last hour", FIXED_NOW)


def pick(question: str, last: Query | None = None) -> Query | None:
    return RulePicker().pick(question, Context(last, gpus=[0, 1]), FIXED_NOW)


def test_a_span_said_with_another_gpu_replaces_the_last_span() -> None:
    energy = Query("energy", window=HOUR)
    assert pick("only gpu 0, past 20 minutes", energy) == Query(
        "energy", gpu=0, window=window_of("last 20 minutes", FIXED_NOW)
    )
    assert pick("gpu 1 over the last 2 hrs", energy) == Query(
        "energy", gpu=1, window=window_of("last 2 hours", FIXED_NOW)
    )
    failures = Query("failures", window=TODAY)
    assert pick("just gpu 0 yesterday", failures) == Query("failures", gpu=0, window=YESTERDAY)
    assert pick("and gpu 1?", failures) == Query("failures", gpu=1, window=TODAY)  # none said: kept


def test_overall_and_ever_drop_the_conversations_span() -> None:
    ranking = Query("job_rank", metric="duration", order="max", window=YESTERDAY)
    assert pick("which one used the most gpu time of all time", ranking) == Query(
        "job_rank", metric="gpu_time", order="max"
    )
    assert pick("and the shortest overall?", ranking) == Query("job_rank", metric="duration", order="min")
    failures = Query("failures", window=TODAY)
    assert pick("how many of those failed in total", failures) == Query("failures")
    assert pick("did any of them ever get cancelled", Query("jobs", window=TODAY)) == Query(
        "failures", state="cancelled"
    )
    assert pick("and yesterday overall", Query("summary", window=TODAY)) == Query("summary", window=YESTERDAY)
    assert pick("which one ran longest", ranking) == Query(
        "job_rank", metric="duration", order="max", window=YESTERDAY
    )  # no such word: the span is kept
    assert all_time("busiest job ever") and not all_time("every gpu") and not all_time("several jobs")


def test_power_over_the_conversations_span_is_the_reading_over_it() -> None:
    summary = Query("summary", window=HOUR)
    assert pick("mean power draw during that time", summary) == Query(
        "gpu_reading", metric="power", window=HOUR
    )
    assert pick("peak watts on gpu 1 over that period", summary) == Query(
        "gpu_reading", gpu=1, metric="power", window=HOUR
    )
    assert pick("average wattage in the last 2 hours") == Query(
        "gpu_reading", metric="power", window=window_of("last 2 hours", FIXED_NOW)
    )
    # a temperature or utilization over a span is that reading's history too: peak, when, lowest, mean
    assert pick("peak temp in the last hour") == Query("gpu_reading", metric="temperature", window=HOUR)
    assert pick("avg utilization of gpu 0 over that time", summary) == Query(
        "gpu_reading", gpu=0, metric="util", window=HOUR
    )


def test_a_span_reading_s_own_words_ask_it_again_and_other_readings_keep_its_span() -> None:
    """After a reading over a span, "min?", "when was that", "what time exactly" are that reading again (it
    says its lowest and when it peaked); "and power" is another reading over the same span."""
    hot = Query("gpu_reading", gpu=0, metric="temperature", window=TODAY)
    for again in ("min?", "avg?", "and the peak", "when was that", "what time exactly"):
        assert pick(again, hot) == hot, again
    assert pick("and power", hot) == Query("gpu_reading", gpu=0, metric="power", window=TODAY)
    assert pick("and memory used?", hot) == Query("gpu_reading", gpu=0, metric="memory", window=TODAY)
    assert pick("and in the last hour", hot) == Query("gpu_reading", gpu=0, metric="temperature", window=HOUR)
    assert pick("vram peak?", hot) == Query("gpu_reading", gpu=0, metric="memory", window=TODAY)


def test_when_one_peak_was_asked_next_is_that_peak_at_its_moment_briefly() -> None:
    """ "At which point did that happen?" right after one card's peak over a span is when that peak was: its
    reading at the peak's moment (one value, said briefly), not the span's peak, lowest and mean again; its
    lowest or mean asked with it is still the span's."""
    hot = Query("gpu_reading", gpu=1, metric="power", window=TODAY)
    moment = Window(FIXED_NOW - 3600, FIXED_NOW - 3599, "at 13:12:05")
    context = Context(hot, gpus=[0, 1], subject_gpus=[1], moments={"power": moment})
    for asked in ("at which point did that happen?", "and when did it hit that", "what time exactly was it?"):
        got = RulePicker().pick(asked, context, FIXED_NOW)
        assert got == Query("gpu_reading", gpu=1, metric="power", window=moment), (asked, got)
    assert RulePicker().pick("and its minimum, when?", context, FIXED_NOW) == hot


def test_a_reading_at_one_moment_is_its_one_value(heldout_svc: AssistantService) -> None:
    """A card's reading over its peak's second is one value, said once with no peak, lowest or mean; asked
    in another language alike."""
    for first, then in (
        ("hottest the 4090 ran this morning?", "at what point was that"),
        ("la gpu 1 a chauffé jusqu'à combien ce matin ?", "et c'était quand ?"),
    ):
        (_, _), (text, query) = converse(heldout_svc, first, then)
        assert query is not None and query["window"]["label"] == "at 09:12:00", (then, query)
        assert "GPU 1 was at 73 °C at 09:12:00" in text and "lowest" not in text and "mean" not in text, text


def test_after_when_a_peak_was_the_span_goes_on(heldout_svc: AssistantService) -> None:
    """The peak's moment read is an aside: what is asked next of the reading is of the span again (how long
    it stayed hot, its mean), and a time asked in the message that asks the peak is answered by it once."""
    (_, _), (_, _), (_, query) = converse(
        heldout_svc,
        "the 4090's hottest this morning",
        "what time did it hit that",
        "and for how long above 70 °C",
    )
    assert query is not None and query["window"]["label"] == "this morning", query
    assert query.get("at_least") == 70, query
    _, text, query = ask(heldout_svc, "gpu 1 hottest this morning, what time", None)
    assert query is not None and query["window"]["label"] == "this morning", query
    assert text.count("09:12:00") == 1, text


def test_clocks_thresholds_and_what_the_gpus_are() -> None:
    """The SM clock over a span is its history; a threshold in degrees asks the temperature over the span;
    architecture, PCI bus and driver are what the GPU list says."""
    assert pick("highest sm clock gpu0 today") == Query("gpu_reading", gpu=0, metric="clock", window=TODAY)
    assert pick("what's the sm clock of gpu 1") == Query("gpu_reading", gpu=1, metric="clock")
    assert pick("memory clock of gpu 1") == Query("gpu_reading", gpu=1, metric="mem_clock")
    assert pick("did any gpu go over 85C today") == Query(
        "gpu_reading", metric="temperature", window=TODAY, at_least=85
    )
    assert pick("what architecture is gpu 1") == Query("gpu_list", gpu=1)
    assert pick("what driver version are we on") == Query("gpu_list")
    assert pick("what P-state is gpu 0 in") == Query("gpu_reading", gpu=0, metric="overview")


def test_a_name_an_array_shares_asks_for_all_of_it_and_an_element_for_that_one() -> None:
    """lr-sweep[0..3] (jobs 7-10): the name alone, or any part of it, is the whole array (its states,
    GPU-hours and energy in all); "element 2" that element; "job 10" that job; "energy?" after the
    array's list is the list again, which says its energy."""
    sweep = {"lr-sweep": {0: 7, 1: 8, 2: 9, 3: 10}}
    context = Context(gpus=[0, 1], job_names={"lr-sweep": 10, "sd-xl-train": 5}, arrays=sweep)

    def ask(question: str, ctx: Context = context) -> Query | None:
        return RulePicker().pick(question, ctx, FIXED_NOW)

    whole = Query("jobs", job_name="lr-sweep")
    assert ask("how did the lr sweep go") == whole and ask("gpu hours for the sweep?") == whole
    assert ask("how long did sweep element 2 run") == Query("job_detail", job=9)
    assert ask("how did job 10 go") == Query("job_detail", job=10)
    assert ask("what happened to sd-xl-train") == Query("job_detail", job=5)  # one job of its name
    assert ask("train me a chatbot on my emails") != Query("job_detail", job=5)  # "train" said as no job
    assert ask("energy?", Context(whole, gpus=[0, 1], job_names=context.job_names, arrays=sweep)) == whole
    # the whole array of the element in focus: all of it, as when named
    element = Context(Query("job_detail", job=9), subjects=[9], gpus=[0, 1], job_names=context.job_names)
    element.arrays = sweep
    assert ask("gpu-hours for the entire array?", element) == whole
    assert ask("did all its elements finish", element) == whole
    assert ask("how long did it run", element) == Query("job_detail", job=9)
    # a label naming the array is the question's subject
    assert ask("lr-sweep array: which tasks crashed") == Query("failures", job_name="lr-sweep")


def test_another_reading_over_the_same_run() -> None:
    """After a reading over a job's run, a reading said alone ("avg power?", "and the temp") is over the
    same run; "now" asks the live one."""
    run = Query("gpu_reading", metric="memory", job=4)
    ctx = Context(run, subjects=[4], gpus=[0, 1], job_names={"vit-b": 4})
    assert RulePicker().pick("avg power?", ctx, FIXED_NOW) == Query("gpu_reading", metric="power", job=4)
    assert RulePicker().pick("and the temp", ctx, FIXED_NOW) == Query(
        "gpu_reading", metric="temperature", job=4
    )
    assert RulePicker().pick("power right now on gpu 0", ctx, FIXED_NOW).job is None  # type: ignore[union-attr]


def test_since_a_time_of_day_is_a_span_from_it() -> None:
    """ "since 9am", "since 13:30", "since 9" (said last) run from that time today to now."""
    nine = window_of("since 9am", FIXED_NOW)
    assert nine is not None and nine.label == "since 09:00" and nine.t1 == FIXED_NOW
    assert window_of("average temperature of the 4090 since 9", FIXED_NOW) == nine
    half = window_of("since 13:30", FIXED_NOW)
    assert half is not None and half.t0 - nine.t0 == 4.5 * 3600
    # "since 2 hours" is no clock time: it says the last 2 hours (as German's "seit 2 Stunden" does)
    two = window_of("jobs since 2 hours", FIXED_NOW)
    assert two is not None and two.label == "in the last 2 hours" and FIXED_NOW - two.t0 == 2 * 3600


def test_a_follow_up_on_a_gpus_reading_over_a_span_keeps_the_gpu_and_the_span() -> None:
    """ "that hour", "the same day" is the last span, on the GPU it was read on; "that card", "its" with a
    span said is the last GPU; the most or least of a reading on one GPU over a span is its reading over the
    span (peak, lowest, mean); "max it used today?" is the last reading over the span said; "how much
    energy is that" the energy of the last span; "when did that happen" the last span's reading again."""
    power = Query("gpu_reading", gpu=1, metric="power", window=HOUR)
    for question, metric in (
        ("coolest temperature in that hour", "temperature"),
        ("and its busiest over the same hour", "util"),
        ("min memory in that period", "memory"),
    ):
        assert pick(question, power) == Query("gpu_reading", gpu=1, metric=metric, window=HOUR), question
    assert pick("the other gpu, same hour", power) == Query("gpu_reading", gpu=0, metric="power", window=HOUR)
    assert pick("when did that happen", power) == power
    assert pick("how much energy was that", power) == Query("energy", gpu=1, window=HOUR)
    live = Query("gpu_reading", gpu=1, metric="power")
    assert pick("the lowest on that card yesterday?", live) == replace(live, window=YESTERDAY)
    assert pick("the most it drew today", live) == replace(live, window=TODAY)
    free = Query("gpu_rank", metric="free_memory", order="max")
    assert pick("how much did gpu 0 use at most today", free) == Query(
        "gpu_reading", gpu=0, metric="memory", window=TODAY
    )
    assert pick("which job ran longest today", live) == Query(
        "job_rank", metric="duration", order="max", window=TODAY
    )


def test_two_clock_hours_without_am_or_pm_are_the_latest_such_span_begun() -> None:
    import datetime as dt

    three_pm = dt.datetime(2026, 5, 28, 15, 0).timestamp()

    def span(text: str) -> tuple[str, str] | None:
        w = window_of(text, three_pm)
        clock = [dt.datetime.fromtimestamp(t).strftime("%H:%M") for t in (w.t0, w.t1)] if w else None
        return (clock[0], clock[1]) if clock else None

    assert span("util from 12 to 1") == ("12:00", "13:00")  # noon to one, not midnight to one
    assert span("power between eight and noon") == ("08:00", "12:00")
    assert span("temps from 2 till 3") == ("14:00", "15:00")  # begun at 15:00: the afternoon's
    assert span("from 10 to 11") == ("10:00", "11:00")  # 22-23 has not begun: the morning's
    assert span("between noon and 2") == ("12:00", "14:00")
    assert span("between 14:10 and 14:40") == ("14:10", "14:40")
    assert span("difference between gpu 0 and 1") is None  # two GPUs, no hours
    assert span("since noon") is not None and window_of("since noon", three_pm).label == "since noon"  # type: ignore[union-attr]


def test_a_span_readings_follow_ups_take_it_up_whatever_comes_first() -> None:
    """ "whoa 88?? when", "lowest there?" after a reading over a span, "max?" after one over a job's run: the
    same reading (it says its peak, when, its lowest and mean); "and before that?" after the failures of a
    span: the span before it."""
    hour = window_of("last hour", FIXED_NOW)
    power = Query("gpu_reading", gpu=0, metric="power", window=hour)
    after = Context(power, gpus=[0, 1])
    assert RulePicker().pick("whoa 88?? when", after, FIXED_NOW) == power
    assert RulePicker().pick("and the lowest util there?", after, FIXED_NOW) == replace(power, metric="util")
    run = Query("gpu_reading", gpu=1, metric="temperature", job=4)
    assert RulePicker().pick("max?", Context(run, subjects=[4], gpus=[0, 1]), FIXED_NOW) == run
    today = window_of("today", FIXED_NOW)
    failed = Query("failures", window=today)
    earlier = RulePicker().pick("and before that?", Context(failed, subjects=[5], gpus=[0, 1]), FIXED_NOW)
    assert earlier is not None and earlier.name == "failures" and earlier.window.t1 == today.t0  # type: ignore[union-attr]


def test_an_afternoon_span_and_minutes_said_after_a_colon() -> None:
    import datetime as dt

    three_pm = dt.datetime(2026, 5, 28, 15, 0).timestamp()
    after = window_of("between 1 and 2 this afternoon", three_pm)
    assert after is not None and after.label == "between 13:00 and 14:00"
    picked = RulePicker().pick("power of gpu 0 from 10 to 11:30", Context(gpus=[0, 1]), three_pm)
    assert (
        picked is not None and picked.window is not None and picked.window.label == "between 10:00 and 11:30"
    )


def test_spans_said_from_a_meeting_or_as_two_clock_times() -> None:
    import datetime as dt

    three_pm = dt.datetime(2026, 5, 28, 15, 0).timestamp()
    labels = {
        "hottest since the daily standup at 9": "since 09:00",
        "12:30 to 1:30 average power": "between 12:30 and 13:30",
        "util in the last half hour": "in the last 30 minutes",
    }
    for text, label in labels.items():
        w = window_of(text, three_pm)
        assert w is not None and w.label == label, text
    assert window_of("since job 4 started", three_pm) is None


def test_now_asks_the_live_reading_and_a_no_before_a_statistic_corrects_the_last_ask() -> None:
    """ "what's it at currently" after how long a card was at 300 W or more yesterday: its reading now, with
    no span and no threshold left over; "nope, i meant the average" after a reading over a span is the same
    reading (its answer says the mean beside the peak), as "i meant the average" is."""
    over = Query("gpu_reading", gpu=1, metric="power", at_least=300, window=YESTERDAY)
    now = Query("gpu_reading", gpu=1, metric="power")
    assert pick("what's it at currently", over) == now
    assert pick("and at the moment?", over) == now
    assert pick("how much is it drawing right now power wise", over) == now
    both = Query("gpu_reading", metric="util", window=YESTERDAY)
    assert pick("nope, i meant the average", both) == both
    assert pick("no i mean on average", Query("gpu_reading", gpu=0, metric="memory", window=TODAY)) == Query(
        "gpu_reading", gpu=0, metric="memory", window=TODAY
    )


def test_the_day_after_a_span_of_yesterday_is_yesterday_and_an_energy_ask_keeps_the_span() -> None:
    """ "the day" with no day named after yesterday's readings is that day (after today's it is today, as
    alone); "how many kWh", "show us the kWh for both" after a reading over a span ask its energy over
    that span, of every card where the ask says so."""
    power = Query("gpu_reading", gpu=1, metric="power", window=YESTERDAY)
    whole = Query("energy", gpu=1, window=YESTERDAY)
    assert pick("what energy did it use for the whole day?", power) == whole
    evening = Query("failures", window=window_of("yesterday evening", FIXED_NOW))
    assert pick("and the kwh across the day", evening) == Query("energy", window=YESTERDAY)
    morning = Query("gpu_reading", gpu=1, metric="power", window=window_of("this morning", FIXED_NOW))
    assert pick("energy over the day?", morning) == Query("energy", window=TODAY)
    read = Query("gpu_reading", gpu=0, metric="power", window=TODAY)
    assert pick("how many kWh?", read) == Query("energy", gpu=0, window=TODAY)
    assert pick("show us the kwh for both", read) == Query("energy", window=TODAY)


def test_a_short_recap_asked_after_a_past_spans_history_keeps_that_span() -> None:
    # "what happened there" after the jobs or the failures of a past span recaps that span, not the last day
    this_morning = window_of("this morning", FIXED_NOW)
    assert pick("so what happened there?", Query("jobs", window=this_morning)) == Query(
        "summary", window=this_morning
    )
    assert pick("and what happened", Query("failures", window=YESTERDAY)) == Query(
        "summary", window=YESTERDAY
    )
    # (another ask of a list than its recap is its own: being on hold is now's)
    assert pick("anything held?", Query("jobs", window=YESTERDAY)) == Query("jobs", state="held")


def test_the_day_before_yesterday_is_its_own_day() -> None:
    two_days_ago = window_of("energy on the day before yesterday", FIXED_NOW)
    assert two_days_ago is not None and YESTERDAY is not None
    assert (two_days_ago.t0, two_days_ago.t1) == (YESTERDAY.t0 - 86400, YESTERDAY.t0)
    assert two_days_ago.label == "the day before yesterday"
    assert window_of("and the day before?", FIXED_NOW) == YESTERDAY  # (the day before, said alone: yesterday)
