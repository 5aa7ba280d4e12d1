"""Words that lean on the conversation or correct it: the job on "the busy one", a wait "for a card", "peak,
not the mean", "those two on the other card", "same for yesterday, both cards", "what'll it be", and a
question the rules know to refuse that no later picker may guess at. Worded apart from the blind sets."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from heldout_machine import NOW
from test_assistant_questions import ask

from gpuaccel.api.durations import format_duration
from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.asks import split_asks
from gpuaccel.assistant.understand.context import Context, Declined
from gpuaccel.assistant.understand.picker import RulePicker, pick_by
from gpuaccel.assistant.understand.words import pointing


class _Guesser:
    """A picker that always picks something, as a model below its margin of doubt might."""

    name = "model"

    def pick(self, question: str, context: Context, now: float) -> Query | None:
        return Query("summary")


def test_a_question_the_rules_refuse_is_not_guessed_by_a_later_picker() -> None:
    pickers = (RulePicker(), _Guesser())
    for refused in (
        "what mark would you give the intern whose training ran out of memory?",
        "explain what a learning rate schedule is",
        "compose a limerick about my gpus",
    ):
        assert pick_by(refused, Context(), pickers, now=0.0) == (None, None), refused
    # where the rules find nothing at all, the next picker is still asked
    assert pick_by("which building is the seminar in?", Context(), pickers, now=0.0)[1] == "model"


def test_the_pointing_words_are_one_list() -> None:
    assert pointing().search("why did it crash")
    assert pointing().search("compare them") and pointing().search("their memory")
    assert not pointing().search("is gpu 1 free")
    assert pointing(("both",)).search("are both done") and not pointing().search("are both done")


def test_the_job_on_the_busy_card_and_how_long_it_waited(heldout_svc: AssistantService) -> None:
    sid, text, query = ask(heldout_svc, "whose training is on the busy gpu?", None)
    assert query == {"name": "queue", "state": "running"} and "mistral-7b-sft" in text, (query, text)
    _, text, query = ask(heldout_svc, "how long has that one been at it?", sid)
    assert query is not None and query.get("job") == 11, query
    _, text, _ = ask(heldout_svc, "what's running on the idle card?", None)
    assert text.startswith("Idle: GPU 1"), text
    _, text, query = ask(heldout_svc, "which gpu is the busiest?", None)
    assert query is not None and query["name"] == "gpu_rank" and "job 11 (mistral-7b-sft)" in text, text
    _, text, query = ask(heldout_svc, "who had to wait the longest for a gpu?", None)
    assert query is not None and query["metric"] == "wait", query


@pytest.mark.parametrize(
    ("first", "correction", "label"),
    [
        ("mean temperature of gpu 0 today?", "the peak, not the average", "today"),
        ("gpu 0 power yesterday?", "today not yesterday", "today"),
    ],
)
def test_a_correction_asks_what_comes_before_not(
    heldout_svc: AssistantService, first: str, correction: str, label: str
) -> None:
    sid, _, _ = ask(heldout_svc, first, None)
    _, text, query = ask(heldout_svc, correction, sid)
    assert query is not None and query["gpu"] == 0 and query["window"]["label"] == label, (query, text)


def test_the_same_readings_of_another_card_and_span(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "gpu 0 sm clock?", None)
    ask(heldout_svc, "and its memory clock?", sid)
    _, text, query = ask(heldout_svc, "those two for gpu 1", sid)
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "overview"} and "405 MHz" in text, query
    sid, _, _ = ask(heldout_svc, "energy used by gpu 1 today?", None)
    _, text, query = ask(heldout_svc, "same for yesterday, all the cards", sid)
    assert query is not None and "gpu" not in query and query["window"]["label"] == "yesterday", query
    assert "4.89 kWh" in text, text


def test_the_future_said_with_ll_and_a_cost_pointed_at(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "what'll gpu 1 be drawing by midnight?", None)
    assert query is None and "cannot tell what will happen" in text, text
    sid, _, _ = ask(heldout_svc, "tell me about job 5", None)
    _, text, query = ask(heldout_svc, "what did that run cost us in electricity?", sid)
    assert query == {"name": "job_detail", "job": 5} and "64.8 Wh" in text, (query, text)
    _, text, query = ask(heldout_svc, "what does power cost in spain these days?", sid)
    assert query is None, query


def test_asides_corrections_of_span_and_the_reading_now(heldout_svc: AssistantService) -> None:
    # an aside in parentheses is no topic of its own
    _, text, _ = ask(heldout_svc, "peak temp of gpu 0 today? (the fans sounded like a jet engine)", None)
    assert "91 °C" in text and "fan" not in text.lower(), text
    # the same reading live after a peak, and "typical" of another span
    sid, _, _ = ask(heldout_svc, "how warm did the h100 run today", None)
    _, text, query = ask(heldout_svc, "what is it sitting at currently", sid)
    assert query == {"name": "gpu_reading", "gpu": 0, "metric": "temperature"}, query
    sid, _, _ = ask(heldout_svc, "top temperature of the 4090 today?", None)
    _, text, query = ask(heldout_svc, "is that normal for yesterday as well?", sid)
    assert query is not None and query["window"]["label"] == "yesterday" and "47 °C" in text, (query, text)
    # a share of a span idle is the utilization over it; each card over the same span is every card
    _, text, _ = ask(heldout_svc, "how much of today was gpu 1 idle?", None)
    assert "idle 12h44m" in text, text
    sid, _, _ = ask(heldout_svc, "gpu 0 mean utilization today", None)
    _, text, query = ask(heldout_svc, "and the maximum for every card over that period?", sid)
    assert query is not None and "gpu" not in query and "GPU 1 peaked" in text, (query, text)


def test_several_readings_asked_again_of_another_card(heldout_svc: AssistantService) -> None:
    sid, text, _ = ask(heldout_svc, "what's the h100 drawing and what's its memory clock", None)
    assert "586 W" in text and "2619 MHz" in text, text
    _, text, _ = ask(heldout_svc, "same on the 4090?", sid)
    assert "21 W" in text and "405 MHz" in text, text
    # the overview says the power limit with the draw, so a limit asked beside it is answered
    _, text, _ = ask(heldout_svc, "is gpu 0 being throttled, and what is its power limit?", None)
    assert "700 W limit" in text, text


def test_idle_time_out_of_memory_and_what_a_job_logged(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "is any gpu idle right now?", None)
    _, text, query = ask(heldout_svc, "for how long?", sid)
    assert query == {"name": "idle_gpus"} and "1h36m" in text, (query, text)
    _, text, query = ask(heldout_svc, "did something run gpu 1 out of memory today?", None)
    assert query is not None and query["name"] == "failures" and "sd-xl-train" in text, (query, text)
    sid, _, _ = ask(heldout_svc, "tell me about resnet50-bench", None)
    _, text, query = ask(heldout_svc, "what was the final throughput it logged?", sid)
    assert query == {"name": "job_log", "job": 6}, query
    _, text, query = ask(heldout_svc, "were any xid errors logged on gpu 1?", None)
    assert query is not None and query["name"] != "job_log", query
    _, text, query = ask(heldout_svc, "will we need more gpus next quarter?", None)
    assert query is None and "cannot tell what will happen" in text, text


@pytest.mark.parametrize(
    ("said", "query"),
    [
        ("tail 3", {"name": "job_log", "job": 3}),
        ("log 9 pls", {"name": "job_log", "job": 9}),
        ("wait time 13", {"name": "job_detail", "job": 13}),
        ("energy 8", {"name": "job_detail", "job": 8}),
    ],
)
def test_shell_shorthand_names_the_job(heldout_svc: AssistantService, said: str, query: dict) -> None:
    assert ask(heldout_svc, said, None)[2] == query


def test_shell_shorthand_follow_ups_and_requests(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "job 4", None)
    _, text, query = ask(heldout_svc, "rt?", sid)
    assert query == {"name": "job_detail", "job": 4} and "42m00s" in text, (query, text)
    sid, _, _ = ask(heldout_svc, "mem used gpu1", None)
    _, text, _ = ask(heldout_svc, "capacity?", sid)
    assert "24564 MiB" in text, text
    _, text, _ = ask(heldout_svc, "prio 12 -> 3", None)
    assert "gpuaccel priority 12 3" in text, text
    _, text, _ = ask(heldout_svc, "prio 12 -4", None)  # a dash with no space after it is a sign
    assert "gpuaccel priority 12 -4" in text, text
    _, text, query = ask(heldout_svc, "will 13 be finished by 20:00", None)
    assert query is None and "cannot tell what will happen" in text, text
    _, text, query = ask(heldout_svc, "which gpu is free if we want to launch a short eval?", None)
    assert query == {"name": "idle_gpus"}, query


def test_a_retried_jobs_record_sums_its_waits(heldout_svc: AssistantService) -> None:
    # job 5 waited 2m00s before its first attempt and 30.0s before each retry
    sid, _, _ = ask(heldout_svc, "what happened to sd-xl-train", None)
    _, text, _ = ask(heldout_svc, "how long was it queued in total, retries included?", sid)
    assert "3m00s waiting over its attempts" in text, text


def test_a_part_about_each_of_the_first_parts_is_one_ask(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "list what ran yesterday and how did each of them end", None)
    assert query is not None and query["name"] == "jobs" and "llama-70b-finetune" in text, (query, text)


def test_power_burned_is_energy_and_runs_going_now(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "how much electricity did job 4 eat?", None)
    assert query == {"name": "job_detail", "job": 4} and "277 Wh" in text, (query, text)
    _, text, query = ask(heldout_svc, "what have we spent on electricity today?", None)
    assert query is not None and query["name"] == "energy" and "3.45 kWh" in text, (query, text)
    sid, text, query = ask(heldout_svc, "which job is taking ages?", None)
    assert query == {"name": "queue", "state": "running"} and "mistral-7b-sft" in text, (query, text)
    _, text, query = ask(heldout_svc, "when did it start?", sid)
    assert query == {"name": "job_detail", "job": 11}, query
    sid, _, _ = ask(heldout_svc, "highest power draw of gpu 1 today?", None)
    _, text, query = ask(heldout_svc, "which run was pulling that?", sid)
    assert query is not None and query["name"] == "jobs" and "at 09:12:13" in text, (query, text)


def test_own_work_advice_and_the_job_in_a_two_part_message(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "is my batch size too big? what should i tweak?", None)
    assert query is None, query
    _, text, _ = ask(heldout_svc, "we are done with the whisper finetune, drop it", None)
    assert "gpuaccel cancel 14" in text, text
    sid, _, _ = ask(heldout_svc, "what happened to job 3?", None)
    _, text, query = ask(heldout_svc, "how long did it take, and when did the job stop?", sid)
    assert query == {"name": "job_detail", "job": 3}, query


def test_a_cancelled_jobs_record_says_when_the_cancel_was_asked(heldout_svc: AssistantService) -> None:
    _, text, _ = ask(heldout_svc, "show me job 6", None)
    assert "cancelled at 11:20:00 (cancel asked at 11:19:55)" in text, text


class _Counted(RulePicker):
    """The rules, counting what they are asked."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def read(self, question: str, context: Context, now: float) -> Query | Declined | None:
        self.asked.append(question)
        return super().read(question, context, now)


def test_a_follow_up_after_several_asks_is_picked_once(heldout_svc: AssistantService) -> None:
    counted = _Counted()
    heldout_svc.chat.pickers = (counted,)
    sid, text, _ = ask(heldout_svc, "what is gpu 0 drawing and what is its sm clock", None)
    assert "586 W" in text and "1855 MHz" in text, text  # two asks, answered apart
    counted.asked.clear()
    _, text, query = ask(heldout_svc, "which jobs failed today?", sid)  # no GPU asked again: answered whole
    assert query is not None and query["name"] == "failures", query
    assert counted.asked == ["which jobs failed today?"], counted.asked


def test_my_job_is_the_job_the_conversation_is_about(heldout_svc: AssistantService) -> None:
    sid, _, query = ask(heldout_svc, "what is whisper-finetune waiting on", None)
    assert query == {"name": "job_detail", "job": 14}, query
    _, text, query = ask(heldout_svc, "and for how long has our run been sitting there?", sid)
    assert query == {"name": "job_detail", "job": 14}, query
    assert "waiting 30m00s so far" in text, text


def test_at_what_time_asks_when_not_how_long(heldout_svc: AssistantService) -> None:
    question = "busiest the h100 got this morning in utilization, at which time?"
    _, text, query = ask(heldout_svc, question, None)
    assert query is not None and (query["name"], query["metric"], query["gpu"]) == ("gpu_reading", "util", 0)
    assert re.search(r"peaked at [\d.]+% at \d\d:\d\d:\d\d", text), text


def test_a_failure_says_when_it_failed(heldout_svc: AssistantService) -> None:
    _, text, _ = ask(heldout_svc, "which of the sweep runs crashed?", None)
    job = heldout_svc.store.get(9)
    at = dt.datetime.fromtimestamp(job.finished_at).strftime("%H:%M:%S")
    assert f"Job 9 (lr-sweep) failed at {at} after running" in text, text


def test_two_spans_set_against_each_other_are_each_asked(heldout_svc: AssistantService) -> None:
    assert split_asks("was gpu 0 drawing more power yesterday vs today") == [
        "was gpu 0 drawing more power yesterday",
        "was gpu 0 drawing more power today",
    ]
    # after "compare", two spans joined by "with", "to" or "and" are set against each other too
    assert split_asks("compare gpu 1's peak power last week with this week") == [
        "compare gpu 1's peak power last week",
        "compare gpu 1's peak power this week",
    ]
    assert split_asks("compare the 4090's energy yesterday and today") == [
        "compare the 4090's energy yesterday",
        "compare the 4090's energy today",
    ]
    # "with which" after a which-question says what the one asked ran with; after a how-much, it asks its own
    assert split_asks("which run failed, and with what lr?") == ["which run failed, and with what lr?"]
    assert split_asks("how much did gpu 1 work today, and with which job?") == [
        "how much did gpu 1 work today",
        "with which job?",
    ]
    assert split_asks("how hot did gpu 1 get yesterday and today") == [
        "how hot did gpu 1 get yesterday and today"
    ]
    _, text, _ = ask(heldout_svc, "did the h100 run warmer this morning than yesterday?", None)
    assert "Temperature this morning: GPU 0 peaked" in text and "Temperature yesterday: GPU 0 peaked" in text


@pytest.mark.parametrize(
    ("peak", "follow_up"),
    [
        ("highest power draw of gpu 1 today", "whose was it?"),
        ("max memory used on gpu 1 today", "and what was running?"),
    ],
)
def test_whose_or_what_was_running_after_a_peak_is_the_job_then(
    heldout_svc: AssistantService, peak: str, follow_up: str
) -> None:
    sid, text, _ = ask(heldout_svc, peak, None)
    at = re.search(r"peaked at [\d.]+ \S+ (?:\([^)]*\) )?at (\d\d:\d\d:\d\d)", text)
    assert at is not None, text
    _, _, query = ask(heldout_svc, follow_up, sid)
    assert query is not None and query["name"] == "jobs" and query["window"]["label"] == f"at {at[1]}", query


def test_filler_after_a_reading_asks_it_again(heldout_svc: AssistantService) -> None:
    sid, _, first = ask(heldout_svc, "gpu 0 power today", None)
    for again in ("mean though", "and its lowest, with when it happened"):
        _, _, query = ask(heldout_svc, again, sid)
        assert query == first, (again, query)


def test_the_queue_says_how_long_each_waiting_job_has_waited(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "how long have all the jobs in line been waiting", None)
    assert query == {"name": "queue", "state": "queued"}, query
    for job_id in (12, 13):  # queued, never started: waiting since submission
        job = heldout_svc.store.get(job_id)
        assert f"waiting {format_duration(NOW - job.created_at)} so far)" in text, (job_id, text)


def test_the_queue_asked_after_one_jobs_answer_is_the_queue(heldout_svc: AssistantService) -> None:
    """ "what's in the queue" right after a job's record lists the queue (it repeated that job's record); a
    question of that job's own time in the queue stays the job's."""
    for opener in ("why did job 3 crash?", "cancel job 13"):
        sid, _, _ = ask(heldout_svc, opener, None)
        for asked in ("what's in the queue now?", "anything on our queue?"):
            _, _, query = ask(heldout_svc, asked, sid)
            assert query is not None and query["name"] == "queue", (opener, asked, query)
    sid, _, _ = ask(heldout_svc, "why is job 12 still waiting?", None)
    _, _, query = ask(heldout_svc, "how long in the queue so far?", sid)
    assert query == {"name": "job_detail", "job": 12}, query


def test_times_said_around_a_moment_and_alone(heldout_svc: AssistantService) -> None:
    # a time said roughly is the five minutes either side of it; "what about 17:00" says a time exactly
    sid, text, query = ask(heldout_svc, "anything on the h100 at about 11:10?", None)
    assert query is not None and query["window"]["label"] == "between 11:05 and 11:15", query
    assert "job 6 (resnet50-bench)" in text, text
    _, text, query = ask(heldout_svc, "what about 17:00", sid)
    assert query is not None and query["window"]["label"] == "at 17:00" and query.get("gpu") == 0, query
    # a reading after the one job at a moment is that job's, over its run
    _, text, query = ask(heldout_svc, "what power did it pull", sid)
    assert query == {"name": "gpu_reading", "job": 2, "metric": "power"}, query


def test_what_will_come_is_declined(heldout_svc: AssistantService) -> None:
    for question in (
        "extrapolating from today, what will the energy come to by friday",
        "at this rate will gpu 0 stay under 90 degrees",
        "what's the power bill next quarter",
    ):
        _, text, query = ask(heldout_svc, question, None)
        assert query is None and text.startswith("I cannot tell what will happen"), (question, text)


def test_no_history_of_a_reading_says_why_the_gpu_reports_none(heldout_svc: AssistantService) -> None:
    _, text, _ = ask(heldout_svc, "mean tensor core activity of the 4090 yesterday", None)
    assert text.startswith("The telemetry history holds no tensor-core activity readings yesterday."), text
    assert "N/A (GPM metrics need Hopper" in text, text


def test_break_something_down_lists_it(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "break the gpu-hours of the sweep down per run", None)
    assert query == {"name": "jobs", "job_name": "lr-sweep"}, query


def test_a_reading_over_one_jobs_run_compared_with_another_job(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "peak temperature during llama-8b-eval", None)
    _, text, query = ask(heldout_svc, "compared to that, resnet50-bench on gpu 0?", sid)
    assert query is not None and (query["name"], query["among"]) == ("job_rank", "4,6"), query
    assert "job 4 (llama-8b-eval)" in text.lower() and "job 6 (resnet50-bench)" in text.lower(), text


def test_what_a_job_wrote_out_is_in_its_log(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "where did data-prep save its output files?", None)
    assert query == {"name": "job_log", "job": 1}, query


@pytest.mark.parametrize(
    ("question", "command"),
    [
        ("would you give the whisper job a short break", "gpuaccel pause 14"),
        # (whisper-finetune is held: only a finished job can be retried, so it is released)
        ("have whisper-finetune tried once more please", "gpuaccel release 14"),
    ],
)
def test_polite_requests_to_act(heldout_svc: AssistantService, question: str, command: str) -> None:
    _, text, query = ask(heldout_svc, question, None)
    assert query is None and command in text, text


def test_old_fashioned_and_terse_words(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "is the h100 resting at present?", None)
    assert query == {"name": "idle_gpus", "gpu": 0}, query  # (the card asked about kept)
    _, _, query = ask(heldout_svc, "throttle reasons on the 4090", None)
    assert query is not None and query["name"] == "gpu_reading" and query["gpu"] == 1, query
    _, _, query = ask(heldout_svc, "5's log please", None)
    assert query == {"name": "job_log", "job": 5}, query
    _, _, query = ask(heldout_svc, "energy of gpu 1 on the prior day", None)
    assert query is not None and query["window"]["label"] == "yesterday", query
    _, text, query = ask(heldout_svc, "give me a one-liner to tar up my home directory", None)
    assert query is None and "gpuaccel" not in text, text


def test_who_was_on_a_card_at_a_time_is_the_jobs_then(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "who was on the h100 at 11:10", None)
    assert query is not None and query["name"] == "jobs" and query["window"]["label"] == "at 11:10", query
    assert "job 6 (resnet50-bench)" in text, text
    _, _, query = ask(heldout_svc, "who is on gpu 0", None)
    assert query == {"name": "memory_users", "gpu": 0}, query  # now: who holds its memory


def test_every_card_over_a_span_after_one_cards_live_reading(heldout_svc: AssistantService) -> None:
    # a span said with "both" after a live reading of one card: every card's, over that span
    sid, _, _ = ask(heldout_svc, "power on gpu 1 right now?", None)
    _, _, query = ask(heldout_svc, "and the mean power yesterday for both", sid)
    assert query is not None and query.get("gpu") is None, query
    assert query["metric"] == "power" and query["window"]["label"] == "yesterday", query


def test_they_after_one_cards_reading_are_the_cards(heldout_svc: AssistantService) -> None:
    # no one card is "they": after a reading of one card (or of one, then the other) it is every card
    sid, _, _ = ask(heldout_svc, "temperature of the 4090?", None)
    _, text, query = ask(heldout_svc, "and what are they drawing", sid)
    assert query is not None and query.get("gpu") is None and query["metric"] == "power", query
    assert "GPU 0 draws 586 W" in text and "GPU 1 draws 21 W" in text, text
    # "it" still means the one card
    sid, _, _ = ask(heldout_svc, "temperature of the 4090?", None)
    _, _, query = ask(heldout_svc, "and what is it drawing", sid)
    assert query is not None and query.get("gpu") == 1, query


def test_the_two_compared_and_the_jobs_waiting_behind_one(heldout_svc: AssistantService) -> None:
    """ "which of the two ... to get going" after two jobs compared ranks those two ("the two" points back as
    "them" does); "which ones are queued behind it" asks for the jobs that wait on the job in focus (the
    queue, which says what each waits for), not that job's own record; "the training server" is this host."""
    sid, _, _ = ask(heldout_svc, "put job 4 and job 6 side by side on energy", None)
    _, _, query = ask(heldout_svc, "which of the 2 had the longer wait to get going?", sid)
    assert query is not None and (query["name"], query.get("among")) == ("job_rank", "4,6"), query
    sid, _, _ = ask(heldout_svc, "how's job 11 doing", None)
    _, _, query = ask(heldout_svc, "ok, and which ones are queued behind it?", sid)
    assert query == {"name": "queue", "state": "queued"}, query
    _, _, query = ask(heldout_svc, "anything running on the training server at the moment?", None)
    assert query is not None and query["name"] == "queue", query


def test_that_hour_after_a_span_and_a_moment_and_a_jobs_memory_now(heldout_svc: AssistantService) -> None:
    """A turn that reads a span and then now ("the hottest it got since 14:00, and is it hot now"): "that
    hr" next is the span's, on the same card; a running job's memory "does it use" is its process's now,
    by number or as a follow-up on its record or its GPU's processes, while after a GPU's reading "it" stays
    the GPU."""
    sid, text, _ = ask(heldout_svc, "hottest gpu 0 got during the last hour, and is it still hot now", None)
    _, text, query = ask(heldout_svc, "mean power over that hr", sid)
    assert query is not None and query["metric"] == "power" and query["gpu"] == 0
    assert query["window"]["label"] == "in the last hour", text
    for first in ("what is job 11", "which processes hold gpu 0 memory"):
        sid, _, _ = ask(heldout_svc, first, None)
        _, text, query = ask(heldout_svc, "and how much memory does that use", sid)
        assert query == {"name": "memory_users", "gpu": 0}, (first, text)
    _, _, query = ask(heldout_svc, "how much memory does job 11 use", None)
    assert query == {"name": "memory_users", "gpu": 0}
    sid, _, _ = ask(heldout_svc, "gpu 0 fan speed", None)
    _, _, query = ask(heldout_svc, "how much memory does it use", sid)
    assert query is not None and query["name"] == "gpu_reading"


def test_an_amount_in_gib_is_no_german_give(heldout_svc: AssistantService) -> None:
    """German's "gib (mir)" is "give (me)", but "30 GiB" after an amount is the unit: the request and the
    question keep it (it read "to 30 give me", and the request was lost)."""
    _, text, query = ask(heldout_svc, "lower the memory of job 13 to 30 GiB", None)
    assert query is None and "gpuaccel edit 13 --memory 30720" in text, text
    _, text, query = ask(heldout_svc, "can i fit a 20 GiB model on gpu 1", None)
    assert query is not None and query.get("metric") == "free_memory", (query, text)


def test_a_job_said_alone_by_its_number_frames_the_ask_after_it(heldout_svc: AssistantService) -> None:
    # "job 7, ..." or "#7 (its name), ..." says what the ask after the comma is about: one ask, not the job's
    # record beside it (in any language the ask is in)
    assert split_asks("#4 (resnet-export), how long did it wait?") == [
        "#4 (resnet-export), how long did it wait?"
    ]
    assert split_asks("job 3, which card was it on?") == ["job 3, which card was it on?"]
    assert split_asks("job 3? which card was it on?") == ["job 3?", "which card was it on?"]  # asked alone
    for job, message in (
        (7, "#7 (lr-sweep), what does the log say?"),
        (8, "job 8 (lr-sweep), was sagt das log?"),
    ):
        sid, text, query = ask(heldout_svc, message, None)
        assert query == {"name": "job_log", "job": job}, (message, query)
        # its array's name beside its number names that job alone: not the sweep's newest run too
        assert text.count("The log of job") == 1, text
        _, _, query = ask(heldout_svc, "and which lr did it use?", sid)
        assert query == {"name": "job_log", "job": job}, (message, query)
