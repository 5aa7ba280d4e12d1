"""Clock times written with stops ("2 p.m."), a verb that looks like a job's noun ("has run"), what an
answer is for said with "per card", a two-part question asked again of the other card (its moment read
anew), each card's GPU-hours inside a span, the top job of a total just given, an array's "results",
"how much ... idle" as a duration, "chilling", advice asked with "u". Worded apart from the blind sets."""

from __future__ import annotations

from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService


def test_clock_times_written_with_stops(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "What was the 4090's top temperature after 2 p.m.?", None)
    assert query is not None and query["window"]["label"] == "since 14:00", query
    _, _, query = ask(heldout_svc, "GPU 0 power since eleven A.M. please", None)
    assert query is not None and query["window"]["label"] == "since 11:00", query


def test_a_verb_is_no_job_description(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "which of the two GPUs has run warmer over the day?", None)
    assert query is not None and query["name"] == "gpu_reading" and query["metric"] == "temperature", query
    _, _, query = ask(heldout_svc, "did the 2 gpu job start yet?", None)
    assert query == {"name": "job_detail", "job": 13}, query


def test_what_the_figure_is_for_per_card(heldout_svc: AssistantService) -> None:
    sid, text, query = ask(
        heldout_svc, "Total GPU energy yesterday? We need it per GPU for the grant report.", None
    )
    assert query is not None and query["name"] == "energy" and "In the last 24 hours" not in text, (
        query,
        text,
    )
    _, _, query = ask(heldout_svc, "and this morning only?", sid)
    assert query is not None and query["name"] == "energy", query


def test_a_two_part_question_asked_again_reads_the_new_cards_moment(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(
        heldout_svc, "How high did memory use on GPU 1 go today, and which job held it then?", None
    )
    _, text, _ = ask(heldout_svc, "Same question for GPU 0.", sid)
    assert "on GPU 0 at 00:00:00" in text and "llama-70b-finetune" in text, text
    # a time the user said is kept as said
    sid, _, _ = ask(heldout_svc, "temperature of gpu 1 today, and which job was on it at 10:01?", None)
    _, text, _ = ask(heldout_svc, "and for gpu 0?", sid)
    assert "10:01" in text, text


def test_each_cards_gpu_hours_inside_the_span(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "GPU-hours by card for today?", None)
    assert query is not None and query["metric"] == "gpu_time", query
    assert "GPU 0 2.42, GPU 1 2.26 GPU-hours" in text, text


def test_the_top_job_of_a_total_just_given(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how many gpu hours did the jobs on gpu 1 take today?", None)
    _, text, query = ask(heldout_svc, "and which one took the most of it?", sid)
    assert query is not None and query["name"] == "job_rank" and query["metric"] == "gpu_time", query
    assert query["gpu"] == 1 and "llama-8b-eval" in text, text


def test_an_arrays_results(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "how did the results of the lr sweep look", None)
    assert query == {"name": "jobs", "job_name": "lr-sweep"} and "loss is NaN" in text, (query, text)
    _, _, query = ask(heldout_svc, "results of the newest lr sweep run?", None)
    assert query == {"name": "job_log", "job": 10}, query


def test_how_much_idle_is_a_duration(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "how much was the 4090 idle yesterday?", None)
    assert query is not None and query["metric"] == "util" and "idle" in text, (query, text)
    _, _, query = ask(heldout_svc, "how much is free on gpu 1", None)
    assert query is not None and query["metric"] == "free_memory", query


def test_chilling_is_idle(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "which card is just chilling right now", None)
    assert query == {"name": "idle_gpus"}, query


def test_advice_asked_with_u(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "adamw or lion for a small vit, which would u choose", None)
    assert query is None
