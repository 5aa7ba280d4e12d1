"""What is said around a question that asks nothing of its own (an "oh wait" before a correction, a
marvel at the last answer's size, "energy i mean, not watts", an emoji between two sentences, what a
labmate said happened), requests whose object sits beside another job ("after job 11", "the broken
element"), suggestions to change a card ("how about capping ..."), how one's own code or model behaves,
and a reading over a job that ran more than once. Worded apart from the blind sets, on their machine."""

from __future__ import annotations

from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService

REFUSED = "I only know about this machine"
CLOCKS_REFUSED = "A GPU's power limit, clocks or a reset are set with nvidia-smi as root"


def test_oh_wait_before_a_correction_is_no_queue_wait(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "power of the h100 right now?", None)
    _, text, query = ask(
        heldout_svc, "oh wait sorry, i meant the 4090, the card our jobs usually land on", sid
    )
    assert query is not None and query["name"] == "gpu_reading" and query.get("gpu") == 1, query
    assert query.get("metric") == "power" and "21 W" in text, text


def test_a_marvel_at_the_last_answer_asks_nothing(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how long was gpu 0 at 85 degrees or more today", None)
    _, text, query = ask(heldout_svc, "hmm that short? and when", sid)
    assert query is not None and query.get("at_least") == 85 and "first at 13:47:21" in text, (query, text)


def test_an_interjection_set_off_by_a_comma_asks_nothing(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "what happened to job 8", None)
    _, text, query = ask(heldout_svc, "cool, and its gpu hours?", sid)
    assert query is not None and query["name"] == "job_detail" and query.get("job") == 8, query
    _, text, query = ask(heldout_svc, "cool, did the job pass?", sid)
    assert query is not None and query["name"] == "job_detail" and query.get("job") == 8, query
    assert "succeeded" in text, text


def test_roughly_when_asks_when(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "what's the 4090's mean utilisation today", None)
    _, text, query = ask(heldout_svc, "and the highest it hit, roughly when?", sid)
    assert query is not None and query.get("metric") == "util" and "100% at 09:12:13" in text, text


def test_what_was_burned_through_is_energy_and_a_reading_set_aside_is_not_asked(
    heldout_svc: AssistantService,
) -> None:
    _, text, query = ask(
        heldout_svc, "how much has gpu 0 burned through since midnight? energy i mean, not watts", None
    )
    assert query is not None and query["name"] == "energy" and query.get("gpu") == 0, query
    assert query["window"]["label"] == "today" and "2.31 kWh" in text, text


def test_an_emoji_between_two_sentences_ends_the_first(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "why is whisper-finetune not starting?", None)
    _, text, query = ask(heldout_svc, "ahh right that's mine, forgot i parked it 😅 could you let it go", sid)
    assert query is None and "gpuaccel release 14" in text, text


def test_what_a_labmate_says_happened_frames_the_question(heldout_svc: AssistantService) -> None:
    _, text, query = ask(
        heldout_svc,
        "a labmate reckons something was hammering the H100 around 11:00 today, what was on it then?",
        None,
    )
    assert query is not None and query["name"] == "jobs" and query.get("gpu") == 0, query
    assert query["window"]["label"] == "between 10:55 and 11:05", query  # "around 11:00": either side


def test_run_time_until_the_crash_is_the_job_in_focus(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "the flash-attn-build job yesterday, why did it fail?", None)
    _, text, query = ask(heldout_svc, "run time up to the crash?", sid)
    assert query is not None and query["name"] == "job_detail" and query.get("job") == 3 and "2m30s" in text


def test_the_broken_element_is_the_failed_one_of_the_array(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "which lr-sweep element failed?", None)
    _, text, query = ask(heldout_svc, "retry just the broken element pls", sid)
    assert query is None and "gpuaccel retry 9" in text, text


def test_how_about_a_new_power_limit_is_a_request_to_change_the_card(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "how about capping gpu 1's power limit at 300 W? do it please", None)
    assert query is None and CLOCKS_REFUSED in text, text


def test_a_reset_of_the_driver_or_of_a_card_by_its_model_is_refused(heldout_svc: AssistantService) -> None:
    """A reset asked of the driver, or of a card said by its model, is a change to the card the chat cannot
    make (not the card's description); a question about the driver is still answered."""
    for message in (
        "could you reset the nvidia driver for the 4090?",
        "reset the h100 please",
        "pls reset the driver",
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and CLOCKS_REFUSED in text, (message, text)
    _, _, query = ask(heldout_svc, "which driver is the 4090 on?", None)
    assert query is not None and query["name"] == "gpu_list", query


def test_during_that_job_after_the_job_at_a_peak_is_its_run(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "what was GPU 1's peak power today and when", None)
    ask(heldout_svc, "which job was responsible", sid)
    _, text, query = ask(heldout_svc, "mean power of GPU 1 during that job?", sid)
    assert query is not None and query.get("job") == 4 and "mean 396 W" in text, (query, text)


def test_a_job_named_after_after_is_no_object_of_the_request(heldout_svc: AssistantService) -> None:
    _, text, query = ask(
        heldout_svc, "the 70b eval should run right after job 11, so set its priority to 10", None
    )
    assert query is None and "gpuaccel priority 12 10" in text and "priority 11" not in text, text


def test_how_to_fix_ones_own_software_is_declined_even_on_a_named_card(heldout_svc: AssistantService) -> None:
    _, text, query = ask(
        heldout_svc, "the 4090 keeps crashing my unity builds, any tips how to fix that?", None
    )
    assert query is None and REFUSED in text, text


def test_how_ones_own_model_scores_is_declined_and_an_identifier_is_no_typo(
    heldout_svc: AssistantService,
) -> None:
    _, text, query = ask(
        heldout_svc, "my lightgbm's accuracy changes a little every run with device_type=cuda, why?", None
    )
    assert query is None and REFUSED in text, text
    _, text, query = ask(heldout_svc, "which gpu is gpu_hist on", None)
    assert query is None or query["name"] != "job_nodes", query


def test_a_reading_over_a_job_of_several_attempts_says_each_and_the_peak_of_all(
    heldout_svc: AssistantService,
) -> None:
    _, text, query = ask(heldout_svc, "peak temp of the 4090 during sd-xl-train's runs?", None)
    assert query is not None and query.get("job") == 5, query
    assert "attempt 1, 10:00:00-10:03:10: peak 73 °C at 10:00:28" in text, text
    assert "Over all 3 attempts the peak was 73 °C at 10:00:28 (attempt 1)" in text, text


def test_a_fast_typists_question_words(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "wht was on gpu 1 at 10am", None)
    assert query is not None and query["name"] == "jobs" and query.get("gpu") == 1, query
    assert query["window"]["label"] == "at 10:00", query


def test_a_power_limit_said_about_a_value_is_a_change_to_the_card(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "could the 4090's power limit go down to about 300 W please", None)
    assert query is None and CLOCKS_REFUSED in text, text


def test_the_lowest_in_that_stretch_is_the_reading_over_the_run(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "max power of gpu 0 while mistral was running", None)
    _, text, query = ask(heldout_svc, "and the lowest it went in that stretch", sid)
    assert query is not None and query.get("job") == 11 and query.get("metric") == "power", query


def test_what_the_user_is_working_out_sets_the_scene_of_the_question(heldout_svc: AssistantService) -> None:
    q = (
        "I'm trying to work out whether my new model would fit beside the current jobs. How much memory is"
        " in use on the 4090 at the moment?"
    )
    _, text, query = ask(heldout_svc, q, None)
    assert query is not None and query.get("gpu") == 1 and query.get("metric") == "memory", query


def test_what_is_needed_said_first_is_the_question_its_value_asked_after(
    heldout_svc: AssistantService,
) -> None:
    q = "For our audit I need the highest power GPU 1 has drawn today. What was it, and at what time?"
    _, text, query = ask(heldout_svc, q, None)
    assert query is not None and query.get("metric") == "power" and query.get("gpu") == 1, query
    assert query["window"]["label"] == "today", query


def test_why_it_is_asked_said_after_it_asks_no_comparison(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how much energy did gpu 0 use yesterday?", None)
    _, text, query = ask(heldout_svc, "what about the 4090 today, for comparison?", sid)
    assert query is not None and query["name"] == "energy" and query.get("gpu") == 1, query


def test_i_meant_another_reading_keeps_the_run_and_the_span(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how warm did the 4090 run during llama-8b-eval", None)
    _, text, query = ask(heldout_svc, "sorry, i meant its power draw", sid)
    assert query is not None and query.get("job") == 4 and query.get("metric") == "power", query
    sid, _, _ = ask(heldout_svc, "hottest gpu 0 got yesterday?", None)
    _, text, query = ask(heldout_svc, "oops i meant power", sid)
    assert query is not None and query.get("metric") == "power" and query["window"]["label"] == "yesterday"


def test_which_job_and_how_long_it_has_been_going_is_the_running_one(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "what job is that on gpu 0, and how long has it been running?", None)
    assert isinstance(query, dict) and query["name"] == "queue" and query.get("state") == "running", query
    assert "since 13:30:00" in text, text


def test_what_the_user_means_to_do_after_a_question_is_no_request(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "any gpu free right now? want to throw a small xgboost job at it", None)
    assert query is not None and "Idle: GPU 1" in text and "gpuaccel submit" not in text, (query, text)


def test_a_competitions_standings_are_declined(heldout_svc: AssistantService) -> None:
    _, text, query = ask(
        heldout_svc, "what is the best public lb score in the competition at the moment?", None
    )
    assert query is None and REFUSED in text, text


def test_a_reading_someone_said_a_card_reached_is_checked(heldout_svc: AssistantService) -> None:
    q = "A colleague said gpu 0 went above 88 degrees today. True? how long was it above?"
    _, text, query = ask(heldout_svc, q, None)
    assert query is not None and query.get("at_least") == 88 and query.get("metric") == "temperature", query


def test_the_first_of_an_arrays_jobs_is_its_first_element(heldout_svc: AssistantService) -> None:
    _, text, query = ask(
        heldout_svc, "how long did the first of the lr-sweep jobs wait before starting?", None
    )
    assert query is not None and query.get("job") == 7, query


def test_a_spanish_article_before_a_card_names_the_card(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "oye what was running on la H100 around 11:05", None)
    assert query is not None and query["name"] == "jobs" and query.get("gpu") == 0, query
    assert "resnet50-bench" in text, text
