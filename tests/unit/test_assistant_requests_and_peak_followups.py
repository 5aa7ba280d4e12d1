"""Requests said loosely (a job's GPU count "dropped", "prio N on it", "set it going", a job named by its bare
number before the request), squeue's "R", who or what ran at a peak asked after it or beside it, which job
keeps a card busy, time "not being used" and "in use", a draw "at any one moment", a note that asks for a
figure of this machine, and advice or templates not about it. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.picker import RulePicker


def test_a_gpu_count_dropped_of_the_job_said_before(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "12 can't start while 11 holds the card, drop it to 1 gpu", None)
    assert query is None and "gpuaccel edit 12 --gpus 1" in text, text
    _, text, query = ask(heldout_svc, "reduce job 13 to one gpu", None)
    assert query is None and "gpuaccel edit 13 --gpus 1" in text and "cancel" not in text, text


def test_a_priority_then_the_job_and_a_held_job_set_going(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "is 14 still on hold?", None)
    _, text, query = ask(heldout_svc, "ok, priority 3 for it", sid)
    assert query is None and "gpuaccel priority 14 3" in text, text
    _, text, query = ask(heldout_svc, "Sara says it can go now. Please set it going.", sid)
    assert query is None and "gpuaccel release 14" in text, text


def test_a_pause_of_a_waiting_job_is_its_hold_and_says_why(heldout_svc: AssistantService) -> None:
    # the daemon pauses only a running job (it refuses a queued one and says to hold it): the answer is
    # the hold, saying why; a running job's pause stays a pause
    _, text, query = ask(heldout_svc, "pause the 70b eval for now", None)
    assert query is None and "gpuaccel hold 12" in text and "still queued" in text, text
    _, text, query = ask(heldout_svc, "pause job 11", None)
    assert query is None and "gpuaccel pause 11" in text and "hold" not in text, text


def test_squeues_running_letter(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "jobs in R?", None)
    assert query == {"name": "queue", "state": "running"} and "mistral-7b-sft" in text, (query, text)


def test_when_and_who_after_a_peak(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "h100 temp peak today", None)
    _, text, _ = ask(heldout_svc, "when; who", sid)
    assert "13:47:23" in text and "job 11 (mistral-7b-sft)" in text, text
    # "when and who was it": the same ask with its verb said (not the memory holders now)
    sid, _, _ = ask(heldout_svc, "peak power on gpu 0 today?", None)
    _, text, query = ask(heldout_svc, "when and who was it?", sid)
    assert query is not None and query["name"] == "jobs", query
    assert "00:02:13" in text and "llama-70b-finetune" in text, text


@pytest.mark.parametrize(
    "question",
    [
        "Thinking back to yesterday, when was the big card at its hottest, and what was it working on?",
        "When did the H100 draw the most power yesterday, and what was it running at the time?",
    ],
)
def test_what_ran_at_the_peak_asked_beside_it(heldout_svc: AssistantService, question: str) -> None:
    _, text, query = ask(heldout_svc, question, None)
    assert query is not None and query["window"]["label"] == "yesterday", query
    assert "job 2 (llama-70b-finetune)" in text, text


def test_which_job_keeps_a_card_busy(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how warm is the h100 right now?", None)
    _, _, query = ask(heldout_svc, "which job is keeping it busy?", sid)
    assert query == {"name": "jobs", "state": "running", "gpu": 0}, query
    _, _, query = ask(heldout_svc, "who is using it", sid)  # its processes, as before
    assert query is not None and query["name"] == "memory_users", query


def test_time_not_used_and_in_use(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "how much of today was the 4090 not being used?", None)
    assert query is not None and query["metric"] == "util" and "12h44m" in text, (query, text)
    _, text, query = ask(heldout_svc, "how many hours was the h100 in use today?", None)
    assert query is not None and query["metric"] == "util" and "2h25m" in text, (query, text)
    _, _, query = ask(heldout_svc, "and the 4090, how much memory is in use there?", None)
    assert query is not None and query["metric"] != "util", query


def test_a_draw_at_any_one_moment_is_power(heldout_svc: AssistantService) -> None:
    question = "today, what's the most electricity the 4090 pulled at any moment?"
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None and query["metric"] == "power", query


def test_a_note_asking_for_a_figure_gets_the_figure(heldout_svc: AssistantService) -> None:
    question = "could you draft a line for the newsletter saying how much energy the 4090 used yesterday?"
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None and query["name"] == "energy", query
    _, _, query = ask(heldout_svc, "draft a mail to say that the h100 is booked tonight", None)
    assert query is None, query


@pytest.mark.parametrize(
    "question",
    [
        "any advice how to fit a 13B model on a 24GB card?",
        "roughly, at what power draw on an rtx 4090 should i start worrying",
        "whats a good grafana panel for gpu temp? not for this box, just in general",
    ],
)
def test_advice_and_templates_are_not_this_machine(heldout_svc: AssistantService, question: str) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is None, (question, query)


def test_the_time_asked_precisely_and_what_ran_after_a_peak(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "h100 temp peak today", None)
    _, text, _ = ask(heldout_svc, "what time precisely and what was running", sid)
    assert "13:47:23" in text and "job 11 (mistral-7b-sft)" in text, text


def test_where_a_job_that_has_not_started_is(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "where's job 12 got to", None)  # its state: what it waits for
    assert query == {"name": "job_detail", "job": 12} and "waiting for job 11" in text, (query, text)
    _, text, query = ask(heldout_svc, "which node is job 14 on", None)  # its node: none yet, and why
    assert query == {"name": "job_nodes", "job": 14} and "has not started: it is held" in text, text
    _, _, query = ask(heldout_svc, "where did job 4 run", None)  # a job that ran: where
    assert query == {"name": "job_nodes", "job": 4}, query


def test_out_of_how_much_after_whose_memory(heldout_svc: AssistantService) -> None:
    sid, _, query = ask(heldout_svc, "how much gpu memory is the sft taking", None)
    assert query is not None and query["name"] == "memory_users", query
    _, text, query = ask(heldout_svc, "out of how much?", sid)
    assert query == {"name": "gpu_reading", "gpu": 0, "metric": "memory"} and "81559 MiB" in text, text
    sid, _, _ = ask(heldout_svc, "how much memory is gpu 1 using", None)
    _, text, query = ask(heldout_svc, "and out of?", sid)  # terse: out of what total
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "memory"} and "24564 MiB" in text, text


def test_a_cards_total_and_limit_after_its_memory(heldout_svc: AssistantService) -> None:
    """ "How much does the card have in total" after the job at its memory peak, and "its limit" after its
    memory: the card's memory, of its total (not the jobs again, not the power limit)."""
    heldout_svc.chat.pickers = (RulePicker(),)
    sid, _, _ = ask(heldout_svc, "when did the H100's memory use peak yesterday", None)
    ask(heldout_svc, "what job was that", sid)
    _, text, query = ask(heldout_svc, "and how much does the card have in total", sid)
    assert query == {"name": "gpu_reading", "gpu": 0, "metric": "memory"} and "81559 MiB" in text, text
    sid, _, _ = ask(heldout_svc, "how much memory is the 4090 using", None)
    _, text, query = ask(heldout_svc, "is it close to its limit?", sid)
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "memory"} and "24564 MiB" in text, text


def test_a_request_asked_again_of_another_job(heldout_svc: AssistantService) -> None:
    """ "And 13 too", "job 5 also", "same for 13" after a request: that request of the job named now."""
    for first, again, command in (
        ("raise job 12 to priority 7", "and 13 too", "gpuaccel priority 13 7"),
        ("could you retry job 9?", "job 5 also pls", "gpuaccel retry 5"),
        ("cancel the resnet50 bench", "same for 13", "gpuaccel cancel 13"),
        ("put 12 on hold", "14 as well", "gpuaccel hold 14"),
    ):
        sid, _, _ = ask(heldout_svc, first, None)
        _, text, query = ask(heldout_svc, again, sid)
        assert query is None and command in text, (first, again, text)
    sid, _, _ = ask(heldout_svc, "retry job 9", None)
    ask(heldout_svc, "how hot is gpu 0", sid)
    _, text, _ = ask(heldout_svc, "job 5 also", sid)  # a question between: the request is not kept
    assert "gpuaccel retry 5" not in text, text


def test_a_request_corrected_to_another_job(heldout_svc: AssistantService) -> None:
    """ "No, I meant 12", "sorry not 13, 12 I meant" after a request: that request of the job meant; a
    question said with "i mean" is still a question."""
    for first, again, command in (
        ("bump job 13 to priority 4", "sorry not 13, i meant 12", "gpuaccel priority 12 4"),
        ("hold job 12 please", "no, I meant the whisper one", "gpuaccel hold 14"),
        ("bump 14 to priority 3", "no wait, i meant job 13", "gpuaccel priority 13 3"),
        ("please hold job 13", "sorry i mean 12", "gpuaccel hold 12"),
        # a change of a job's memory request, read again of the job meant
        ("set the memory of job 13 to 30000", "no sorry, I meant job 12", "gpuaccel edit 12 --memory 30000"),
        ("change job 12's memory to 25000 MiB", "oops, i meant 13", "gpuaccel edit 13 --memory 25000"),
        # the number said first, then "I meant" after an interjection ("hang on, 14 I meant")
        ("release job 13", "nah hang on, 14 I meant", "gpuaccel release 14"),
        ("hold 14 pls", "sorry, 12 is what i meant", "gpuaccel hold 12"),
    ):
        sid, _, _ = ask(heldout_svc, first, None)
        _, text, query = ask(heldout_svc, again, sid)
        assert query is None and command in text, (first, again, text)
    for first, again in (
        ("cancel job 13", "I meant to ask: how long has 12 been queued?"),
        ("bump job 13 to priority 4", "i mean, why did 9 fail?"),
    ):
        sid, _, _ = ask(heldout_svc, first, None)
        _, text, query = ask(heldout_svc, again, sid)
        assert query is not None and "gpuaccel" not in text, (first, again, text)


def test_a_memory_request_said_on_a_job_and_corrected_to_another(heldout_svc: AssistantService) -> None:
    """ "Set mem on job 14 to 30000" (the memory "on" a job, as "of" it), then "oops, meant 13": the same
    change of the job meant, its "I" dropped as a terse correction drops it."""
    sid, text, query = ask(heldout_svc, "set mem on job 14 to 30000 MiB", None)
    assert query is None and "gpuaccel edit 14 --memory 30000" in text, text
    _, text, query = ask(heldout_svc, "oops, meant 13 not 14", sid)
    assert query is None and "gpuaccel edit 13 --memory 30000" in text, text


def test_a_request_corrected_in_the_message_that_makes_it(heldout_svc: AssistantService) -> None:
    """ "Hold 12... oops, I mean 14" in one message: the request, of the job the correction names."""
    for message, command in (
        ("put job 12 on hold... oops, I mean 14", "gpuaccel hold 14"),
        ("lower job 14 to priority 2, no wait, i meant 12", "gpuaccel priority 12 2"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, text)


def test_a_job_given_a_count_of_gpus_is_resized(heldout_svc: AssistantService) -> None:
    """ "Give it just one GPU", "let job 13 have 1 card": the job asks for that many GPUs from now on."""
    sid, _, _ = ask(heldout_svc, "why is the 405b probe still queued", None)
    _, text, query = ask(heldout_svc, "fine, just give it a single gpu", sid)
    assert query is None and "gpuaccel edit 13 --gpus 1" in text, text
    _, text, query = ask(heldout_svc, "let job 13 have one card", None)
    assert query is None and "gpuaccel edit 13 --gpus 1" in text, text


def test_the_queue_started_again_after_its_pause(heldout_svc: AssistantService) -> None:
    """ "How do I get it going again later?" right after a request to pause the whole queue: resume it."""
    sid, _, _ = ask(heldout_svc, "please pause everything for the maintenance window", None)
    _, text, query = ask(heldout_svc, "and how do I start it again after that?", sid)
    assert query is None and "gpuaccel resume" in text, text


def test_how_come_at_the_end_asks_why(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "whisper-finetune still never start, how come", None)
    assert query is not None and query.get("job") == 14 and "held" in text, (query, text)


def test_another_card_after_who_ran_at_a_peak_asks_its_peak_and_who(heldout_svc: AssistantService) -> None:
    """The peak, then who ran at it in a message of its own, then another card: that card's peak and who
    ran at it (as when the peak and who were asked in one message)."""
    sid, _, _ = ask(heldout_svc, "highest power on gpu 0 today?", None)
    ask(heldout_svc, "who was running at that point", sid)
    _, text, query = ask(heldout_svc, "and gpu 1?", sid)
    assert query is not None and query["name"] == "gpu_reading" and query.get("gpu") == 1, query
    assert "407 W" in text and "09:12:13" in text and "llama-8b-eval" in text, text


def test_what_waits_and_why_after_the_running_job_lists_the_waiting(heldout_svc: AssistantService) -> None:
    """ "anything still pending and why" after the one running job: the waiting jobs, each with its reason
    (no "it" points back at the running one); "why is it pending" still asks of that job."""
    sid, _, _ = ask(heldout_svc, "which job is on the h100 right now", None)
    _, text, query = ask(heldout_svc, "anything still pending and why", sid)
    assert query == {"name": "queue", "state": "queued"} and "llama-70b-eval" in text, (query, text)
    sid, _, _ = ask(heldout_svc, "which job is on the h100 right now", None)
    _, _, query = ask(heldout_svc, "why is it pending", sid)
    assert query == {"name": "job_detail", "job": 11}, query


def test_a_second_ask_after_n_for_and(heldout_svc: AssistantService) -> None:
    """ "n" typed for "and" between two asks splits them as "and" does: the peak, then who ran at it."""
    _, text, query = ask(heldout_svc, "most memory gpu 1 used today, n which job was using it", None)
    assert query is not None and query["name"] == "gpu_reading" and query.get("metric") == "memory", query
    assert query.get("gpu") == 1 and "23900 MiB" in text and "sd-xl-train" in text, text


@pytest.mark.parametrize("value", ["make it 25", "ok set to 25", "to 25 please"])
def test_the_new_priority_said_alone_after_a_priority_request(
    heldout_svc: AssistantService, value: str
) -> None:
    sid, _, _ = ask(heldout_svc, "could you bump the whisper finetune's priority", None)
    _, text, query = ask(heldout_svc, value, sid)
    assert query is None and "gpuaccel priority 14 25" in text, text
