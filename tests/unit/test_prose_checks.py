"""What model prose may be shown (assistant.prose_checks): slots filled only from facts, claims that say
what a value is, English that agrees, and free prose cut at an invented number. Worded apart from the
summaries the bundled model learned from."""

from __future__ import annotations

from gpuaccel.assistant.prose_checks import (
    check_free,
    check_slots,
    checked_pairs,
    grammar_problems,
    pairs_of,
    sentences,
)

KNOWN = {
    "day": "2026-03-02",
    "jobs_run": "4",
    "jobs_failed": "1",
    "jobs_succeeded": "3",
    "gpu0": "0",
    "gpu0_temp_peak": "88 °C",
    "gpu0_util": "91%",
    "gpu1": "1",
    "gpu1_temp_peak": "61 °C",
    "failure1_job": "17",
    "failure1_name": "vit-pretrain",
    "failure1_reason": "CUDA out of memory (exit code 1)",
}


def test_a_sentence_in_slots_is_filled_from_the_facts() -> None:
    out = check_slots(
        "On {day}, {jobs_succeeded} of {jobs_run} jobs succeeded."
        " GPU {gpu0} ran hot, peaking at {gpu0_temp_peak}.",
        KNOWN,
    )
    assert out.text == "On 2026-03-02, 3 of 4 jobs succeeded. GPU 0 ran hot, peaking at 88 °C."
    assert out.dropped == []


def test_what_the_model_made_up_is_dropped_and_says_why() -> None:
    cases = {
        "Job {failure9_job} failed.": "{failure9_job} is no fact of this report",
        "GPU {gpu0} hit 95 degrees at its peak.": "a number the model wrote itself",
        "GPU {gpu0} peaked at {gpu0_temp_peak.": "a slot left open",
        "GPU {gpu0} had {gpu0_temp_peak} of utilization.": "{gpu0_temp_peak} is not spoken of as what it is",
        "The hottest peak was {gpu1_temp_peak}.": "{gpu1_temp_peak} in a sentence that does not say whose",
        "It stopped with {failure1_reason}.": "{failure1_reason} in a sentence that does not say whose",
        "{failure1_name} stopped with {failure1_reason}.": "",  # a reason says what it is itself: kept
    }
    for sentence, why in cases.items():
        out = check_slots(sentence, KNOWN)
        if why:
            assert out.text == "" and out.dropped[0]["why"].startswith(why), (sentence, out)
        else:
            assert out.text == "vit-pretrain stopped with CUDA out of memory (exit code 1).", out


def test_counts_agree_with_the_value_filled_in() -> None:
    assert check_slots("{jobs_failed} jobs failed.", KNOWN).dropped[0]["why"] == "'1 jobs'"
    assert check_slots("{jobs_failed} job failed.", KNOWN).text == "1 job failed."
    assert check_slots("{jobs_run} job ran.", KNOWN).dropped[0]["why"] == "'4 job'"
    assert grammar_problems("3 jobs was waiting.") == ["'3 jobs was'"]
    assert grammar_problems("The llama-2 run used 4 GPUs.") == []  # a number inside a name is no count


def test_the_form_of_a_sentence() -> None:
    assert grammar_problems("the day was quiet.") == ["does not start as a sentence"]
    assert grammar_problems("The day was quiet") == ["does not end as a sentence"]
    assert grammar_problems("Quiet.") == ["1 words (3 to 45 make a sentence)"]
    assert grammar_problems("The the day was quiet.") == ["'the' twice in a row"]
    assert grammar_problems("The day (mostly was quiet.") == ["unbalanced ()"]


def test_word_pairs_are_looked_up_only_where_a_function_word_meets_another() -> None:
    learned = pairs_of(["The GPUs are fine. Nothing is waiting. It does not stop."])
    assert ("<s>", "the") in learned and ("gpus", "are") in learned
    assert ("nothing", "waiting") not in learned  # two content words: never checked, never stored
    assert grammar_problems("The GPUs are fine.", learned) == []
    assert grammar_problems("The GPUs does not are fine.", learned) == [
        "'gpus does' is in none of the English it learned from"
    ]
    assert grammar_problems("The GPUs are skeptimed.", learned)[0] == (
        "'skeptimed' is no word of the English it learned from"
    )
    assert grammar_problems("The GPUs are fine.Really.") == ["no space after the end of a sentence"]
    assert checked_pairs("Costly failures piled up.") == []  # no function word: nothing to look up
    assert pairs_of(["The GPUs are fine."], vocabulary={"the", "<s>"}) == {("<s>", "the")}


def test_free_prose_ends_before_an_invented_number() -> None:
    out = check_free(
        "GPU 0 peaked at 88 degrees. It is the busiest GPU. It drew 700 W all day. GPU 1 was idle.",
        {"0", "88"},
    )
    assert out.text == "GPU 0 peaked at 88 degrees. It is the busiest GPU."
    assert out.dropped == [
        {"sentence": "It drew 700 W all day.", "why": "700 is no number of the facts; the rest is cut"}
    ]
    assert check_free("gpu 0 does are hot.", {"0"}).text == ""


def test_sentences_split_where_one_ends() -> None:
    assert sentences("Load was 2.5 at {gpu0_util}. {jobs_failed} failed! Why? no") == [
        "Load was 2.5 at {gpu0_util}.",
        "{jobs_failed} failed!",
        "Why? no",
    ]


DAY = {
    "day": "2026-03-02",
    "jobs_run": "10",
    "jobs_failed": "4",
    "gpu0": "0",
    "gpu0_util": "12.5%",
    "gpu0_temp_peak": "58 °C",
    "gpu1": "1",
    "gpu1_util": "93%",
    "gpu1_tensor": "41%",
    "gpu1_temp_peak": "86 °C",
    "failure1_name": "vit-pretrain",
    "failure1_reason": "CUDA out of memory (exit code 1)",
    "failure2_name": "llm-eval",
    "failure2_reason": "exited with code 1: RuntimeError: NCCL timeout",
}


def test_words_that_judge_a_reading_must_fit_it() -> None:
    fits = [
        "GPU {gpu0} was nearly idle at {gpu0_util} utilization and stayed cool, peaking at {gpu0_temp_peak}.",
        "GPU {gpu1} was the busiest, at {gpu1_util}, though its tensor activity was a modest {gpu1_tensor}.",
        "GPU {gpu1} ran hot, with a peak of {gpu1_temp_peak}, well above GPU {gpu0} at {gpu0_temp_peak}.",
    ]
    for sentence in fits:
        assert check_slots(sentence, DAY).dropped == [], sentence
    wrong = {
        "GPU {gpu1} was lightly used at {gpu1_util} utilization.": "'lightly' for a reading of 93",
        "GPU {gpu0} was busy at {gpu0_util}.": "'busy' for a reading of 12.5",
        "GPU {gpu0} ran hot.": "'hot' for a reading of 58",
        "GPU {gpu1} stayed cool, peaking at {gpu1_temp_peak}.": "'cool' for a reading of 86",
        "GPU {gpu0} was the busiest at {gpu0_util}.": "'busiest' for gpu0 (12.5; 93 is another GPU's)",
        "GPU {gpu1} averaged only {gpu1_util} utilization.": "'only ' for a reading of 93",
        "GPU {gpu1} at {gpu1_util} load was below GPU {gpu0} at {gpu0_util}.": "'below' between 93 and 12.5",
        "It was a quiet day on every GPU.": "'quiet' for a reading of 93",
    }
    for sentence, why in wrong.items():
        out = check_slots(sentence, DAY)
        assert out.text == "" and out.dropped[0]["why"] == why, (sentence, out.dropped)


def test_a_cause_or_an_outcome_must_be_the_facts_own() -> None:
    ok = "{failure1_name} ran out of memory ({failure1_reason}), so it may need a smaller batch."
    assert check_slots(ok, DAY).dropped == []
    wrong = {
        "{failure2_name} failed with {failure2_reason}, so install a package.": "'install' is a cause",
        "{failure2_name} died with {failure2_reason}; check the cooling on GPU {gpu1}.": "",  # 86 °C: fine
        "A productive day: {jobs_failed} of {jobs_run} jobs failed.": "'productive' for 4 failed of 10",
    }
    for sentence, why in wrong.items():
        out = check_slots(sentence, DAY)
        if why:
            assert out.dropped[0]["why"].startswith(why), (sentence, out.dropped)
        else:
            assert out.dropped == [], out.dropped
    cool = {**DAY, "gpu1_temp_peak": "70 °C"}
    assert check_slots("Check the cooling on GPU {gpu1}.", cool).dropped[0]["why"] == (
        "cooling advice with the hottest peak at 70"
    )
    job = {"job": "7", "name": "vit", "state": "failed", "reason": "crashed (SIGSEGV)", "ran_for": "2m10s"}
    assert check_slots("Job {job}, {name}, finished successfully in {ran_for}.", job).dropped[0]["why"] == (
        "'successfully' for a job that failed"
    )
    assert (
        check_slots("All good: {name} ran for {ran_for}.", job).dropped[0]["why"]
        == "'good' for a job that failed"
    )
    assert check_slots("Job {job} crashed after {ran_for}.", job).text == "Job 7 crashed after 2m10s."
    # an end said of a job still running is false; of one that ended, any end is true
    live = {"name": "sft", "state": "running", "attempt": "1", "ran_for": "1h30m"}
    assert check_slots("{name} finished on attempt {attempt}, after {ran_for}.", live).dropped[0]["why"] == (
        "'finished' for a job that is running"
    )
    assert check_slots("{name} finished after {ran_for}.", job).text == "vit finished after 2m10s."


def test_a_sentence_that_leans_on_a_dropped_one_goes_too() -> None:
    out = check_slots(
        "Job {failure9_job} failed. It used a lot of energy. {jobs_failed} jobs failed today.", DAY
    )
    assert [d["why"] for d in out.dropped] == [
        "{failure9_job} is no fact of this report",
        "speaks of a sentence that is not shown",
    ]
    assert out.text == "4 jobs failed today."
    twice = check_slots("GPU {gpu1} and GPU {gpu1} were busy at {gpu1_util}.", DAY)
    assert twice.dropped[0]["why"] == "{gpu1} twice in one sentence"


def test_a_count_said_to_be_none_must_be_zero() -> None:
    why = [check_slots(s, DAY).dropped[0]["why"] for s in ("Nothing failed on {day}.", "No jobs were run.")]
    assert why == ["'nothing failed' with jobs failed 4", "'no jobs were run' with jobs run 10"]
    quiet = {**DAY, "jobs_failed": "0"}
    assert check_slots("Nothing failed on {day}.", quiet).text == "Nothing failed on 2026-03-02."


def test_how_long_and_of_which_reading() -> None:
    job = {"name": "vit", "state": "succeeded", "ran_for": "3m55s", "gpu1": "1", "gpu1_util": "41%"}
    long_run = check_slots("{name} succeeded after a long {ran_for}.", job)
    assert long_run.dropped[0]["why"] == "'long' for 3m55s"
    assert check_slots("{name} succeeded quickly.", job).text == "vit succeeded quickly."
    assert check_slots("GPU {gpu1} ran warm at {gpu1_util} utilization.", job).dropped[0]["why"] == (
        "'warm' said of {gpu1_util}"
    )
    out = check_slots("Because it stopped early, {name} succeeded.", job)
    assert out.dropped[0]["why"] == "speaks of a sentence that is not shown"


def test_how_many_and_which_are_the_facts_own() -> None:
    assert check_slots("{failure1_name} was the only failure of {day}.", DAY).dropped[0]["why"] == (
        "'the only failure' with 4 jobs failed"
    )
    assert check_slots("Both GPUs were busy on {day}.", {**DAY, "gpu2": "2"}).dropped[0]["why"] == (
        "'both gpus' with 3 GPUs"
    )
    assert check_slots("The day was led by GPU {gpu0} at {gpu0_util} utilization.", DAY).dropped[0][
        "why"
    ] == ("'led by' for gpu0 (12.5; 93 is another GPU's)")
    same = "{failure1_name} and {failure2_name} failed the same way."
    assert check_slots(same, DAY).dropped[0]["why"] == "'the same way' for failures whose reasons differ"
    assert check_slots("A mixed day: {jobs_failed} of {jobs_run} jobs failed.", DAY).text  # 4 of 10
    assert check_slots(
        "A mixed day: {jobs_failed} of {jobs_run} jobs failed.", {**DAY, "jobs_failed": "6"}
    ).dropped
    job = {"name": "vit", "state": "failed", "reason": "exited with code 1"}
    assert (
        check_slots("{name} was stopped by its user.", job).dropped[0]["why"]
        == "'by its user' for a job that failed"
    )
