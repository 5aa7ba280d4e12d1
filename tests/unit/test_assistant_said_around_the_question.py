"""What is said around a question and is not what it asks: a label before a colon that names a GPU or a job
("quick health check on GPU 0: what's it drawing?"), a reason or an aside in a sentence of its own ("the
student who submitted it keeps asking me", "I have to report our electricity to the bursar"). Worded
apart from the blind sets, on their machine."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.picker import RulePicker


@pytest.mark.parametrize(
    ("question", "metric", "gpu"),
    [
        ("Morning health round, GPU 0: what is it pulling right now?", "power", 0),
        ("memory audit for gpu 1: how hot did it run today?", "temperature", 1),
        ("quick health check on GPU 0: anything wrong?", "health", 0),
    ],
)
def test_a_label_naming_a_gpu_keeps_the_gpu_and_the_question_s_reading(
    heldout_svc: AssistantService, question: str, metric: str, gpu: int
) -> None:
    _, text, query = ask(heldout_svc, question, None)
    assert query is not None and query.get("metric") == metric and query.get("gpu") == gpu, (query, text)


@pytest.mark.parametrize("end", ["newest", "latest", "most recent"])
def test_a_label_naming_a_run_keeps_every_word(heldout_svc: AssistantService, end: str) -> None:
    question = f"The {end} run of the lr-sweep: how long did it queue before starting?"
    _, text, query = ask(heldout_svc, question, None)
    assert query is not None and query.get("job") == 10 and "1h00m" in text, (query, text)


def test_the_earliest_element_is_the_first(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "when did the oldest lr-sweep job end", None)
    assert query is not None and query.get("job") == 7, (query, text)


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("why is llama-405b-probe not running yet? my colleague who queued it keeps pinging me.", "2 GPUs"),
        ("what's the hottest gpu 1 got today? Honestly nobody should have been using it.", "73 °C"),
    ],
)
def test_a_telling_after_the_question_asks_nothing(
    heldout_svc: AssistantService, question: str, says: str
) -> None:
    _, text, query = ask(heldout_svc, question, None)
    assert query is not None and says in text, (query, text)


def test_a_question_ending_in_its_mark_is_not_a_frame_of_the_telling_after_it(
    heldout_svc: AssistantService,
) -> None:
    sid, _, _ = ask(heldout_svc, "when did llama-70b-finetune finish?", None)
    _, text, query = ask(
        heldout_svc, "and the energy it used? I must send the figures to finance by friday.", sid
    )
    assert query is not None and query.get("job") == 2 and "5.17 kWh" in text, (query, text)


def test_a_telling_that_says_where_the_answer_is_is_read(heldout_svc: AssistantService) -> None:
    _, text, query = ask(
        heldout_svc, "What lr did the failed sweep job use? It gets printed in its log.", None
    )
    assert query is not None and query["name"] == "job_log" and "lr=0.001" in text, (query, text)


def test_a_state_said_of_an_array_is_its_element_in_that_state(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how did each lr-sweep run go?", None)
    _, text, query = ask(heldout_svc, "show the output of the one that crashed", sid)
    assert query is not None and query.get("job") == 9 and "lr=0.001" in text, (query, text)
    _, text, query = ask(heldout_svc, "the failed lr-sweep run: how long was it queued?", None)
    assert query is not None and query.get("job") == 9 and "53m05s" in text, (query, text)


def test_ever_going_to_run_is_the_job_s_state(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "is llama-70b-eval ever going to start? whats holding it", None)
    assert query is not None and query.get("job") == 12 and "job 11" in text, (query, text)


def test_a_clock_time_after_a_card_is_no_card_number(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "the 4090 card, 09:10 to 09:15, how hot was it", None)
    assert query is not None and query.get("gpu") == 1 and "There is no GPU" not in text, (query, text)


def test_consumption_after_energy_is_energy(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "kWh used by gpu 0 today?", None)
    _, text, query = ask(heldout_svc, "and its consumption yesterday, for comparison?", sid)
    assert query is not None and query["name"] == "energy" and "4.89 kWh" in text, (query, text)


def test_the_attempts_said_as_known_are_the_job_in_focus(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how did sd-xl-train's tries go?", None)
    _, text, query = ask(
        heldout_svc,
        "What did all the tries add up to in run time, and how much energy did they take between them?",
        sid,
    )
    assert query is not None and query.get("job") == 5 and "64.8 Wh" in text, (query, text)


def test_advice_on_ones_own_batch_size_is_refused(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "why did job 5 fail?", None)
    _, text, query = ask(heldout_svc, "would you advise me how to reduce its batch size so it fits?", sid)
    assert query is None and "I only know about this machine" in text, text


def test_set_it_going_again_and_a_quarter_to(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "what happened to sd-xl-train?", None)
    _, text, _ = ask(heldout_svc, "right, set it running again", sid)
    assert "gpuaccel retry 5" in text, text
    _, text, query = ask(heldout_svc, "what was on gpu 0 at a quarter to twelve?", None)
    assert query is not None and "11:45" in text, (query, text)


def test_a_priority_change_says_the_edit_form_too(heldout_svc: AssistantService) -> None:
    _, text, _ = ask(heldout_svc, "set job 13's priority to 4", None)
    assert "gpuaccel priority 13 4" in text and "gpuaccel edit 13 --priority 4" in text, text


def test_plus_another_reading_over_the_same_run(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "mean util of llama-8b-eval over its run?", None)
    _, text, query = ask(heldout_svc, "plus the peak power and when it happened", sid)
    assert query is not None and query.get("job") == 4 and query.get("metric") == "power", (query, text)


def test_an_unmarked_telling_that_names_only_what_was_asked(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how long did llama-70b-finetune run?", None)
    _, text, query = ask(heldout_svc, "and energy? the lab pays for the electricity so i am curious", sid)
    assert query is not None and query.get("job") == 2 and "5.17 kWh" in text, (query, text)


@pytest.mark.parametrize(
    "question",
    [
        "how should we split the attention in our training loop so it fits in 24 GB?",
        "how i lower the resolution in my script so the memory is enough?",
    ],
)
def test_a_change_to_ones_own_code_is_refused(heldout_svc: AssistantService, question: str) -> None:
    _, text, query = ask(heldout_svc, question, None)
    assert query is None and "I only know about this machine" in text, (query, text)


def test_a_reading_named_before_its_value_is_asked(heldout_svc: AssistantService) -> None:
    _, text, query = ask(
        heldout_svc, "the power of gpu 1 in the sd-xl-train run, what was the maximum and when?", None
    )
    assert query is not None and query.get("metric") == "power" and query.get("job") == 5, (query, text)


def test_a_priority_change_without_a_value_reads_well(heldout_svc: AssistantService) -> None:
    _, text, _ = ask(heldout_svc, "how do i change job 12's priority?", None)
    assert "To change the priority of job 12" in text and "gpuaccel priority 12 N" in text, text


def test_a_scene_then_a_question_asked_as_would_you(heldout_svc: AssistantService) -> None:
    # what the user is doing, then "would you ...": the question alone (not the day's summary for "report")
    question = (
        "I'm putting together the budget report, would you check how much energy the cards used yesterday"
    )
    _, text, query = ask(heldout_svc, question, None)
    assert query is not None and query["name"] == "energy", query
    assert query["window"]["label"] == "yesterday" and "4.89 kWh" in text, text


@pytest.mark.parametrize(
    "question",
    [
        "thanks a million. any chance you'd write me a sentence for the grant saying we use the GPUs well?",
        "thanks a bunch. would you write a paragraph for the annual report saying our GPUs are well used?",
    ],
)
def test_thanks_then_a_request_to_write_is_refused(heldout_svc: AssistantService, question: str) -> None:
    _, text, query = ask(heldout_svc, question, None)
    assert query is None and "I only know about this machine" in text, text


def test_a_worry_told_first_and_words_after_the_question_leave_it_asked_of_now(
    heldout_svc: AssistantService,
) -> None:
    # what happened this morning and how the user feels about it ("so I'm a bit nervous") is why they ask;
    # the question says now, and the sentence after it only says more of it
    heldout_svc.chat.pickers = (RulePicker(),)  # the rules' reading, whatever the model would have picked
    q = (
        "the cleaners were in the server room this morning so I'm a bit nervous, what's the H100 temperature"
        " atm? just checking"
    )
    _, text, query = ask(heldout_svc, q, None)
    assert query is not None and query["metric"] == "temperature" and "window" not in query, query
    assert "68 °C" in text, text


def test_a_short_telling_of_how_it_went_before_asks_nothing(heldout_svc: AssistantService) -> None:
    """ "it worked yesterday" after a question (three words: a subject and its verb in the past) tells why
    the user asks; it is no "what about yesterday?", so the job asked stays the one talked about."""
    sid, _, query = ask(heldout_svc, "why did job 9 crash?? it worked yesterday", None)
    assert query is not None and query.get("job") == 9, query
    _, text, query = ask(heldout_svc, "how much energy did it use?", sid)
    assert query is not None and query.get("job") == 9 and "44.0 Wh" in text, (query, text)


@pytest.mark.parametrize(
    ("question", "gpu", "says"),
    [
        ("is the h100 doing anything or what? seems calm, aren't you all using it?", 0, "91% utilization"),
        ("are you guys using the 4090 right now?", 1, "0% utilization"),
    ],
)
def test_or_what_is_a_tag_and_you_said_to_several_people_asks_whether_anyone_is(
    heldout_svc: AssistantService, question: str, gpu: int, says: str
) -> None:
    """ "or what" closing a yes-no question asks no "what" of its own (no "what ... using": who holds it);
    "you guys", "you all", "y'all" ask the people whether anyone uses the card (how it is doing), not the
    assistant about its own use of it (the idle gate)."""
    _, text, query = ask(heldout_svc, question, None)
    assert query is not None and query["name"] != "gate_state" and query.get("gpu") == gpu, (query, text)
    assert says in text, text
