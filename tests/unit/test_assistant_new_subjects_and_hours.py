"""A new subject said first ("off topic: ...") unless the rest names this machine's things; tips, an
ordinary household, a quoted term asked about, help to write a note, a target for any machine, a runbook;
the queue paused as "stop new jobs from starting"; "in the afternoon", "after 14h", "two o'clock this
afternoon"; how hard a card worked, whether it did any work or was used at all, which was more used;
electricity drawn now (power) and pulled by a run (energy); "w 5", "what did 3 log", processes besides a job,
"max n min", failed jobs' GPU-hours, where a figure goes ("for the report"), a setting a run used. Worded
apart from the blind question sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, converse

from gpuaccel.assistant.service import AssistantService


@pytest.mark.parametrize(
    "question",
    [
        "off topic: what's the difference between NVLink and PCIe, roughly?",
        "any tip for keeping a 3090 cool in summer?",
        "how does 3 kWh compare with what an average household uses?",
        "my colleague keeps mentioning 'gradient checkpointing'. What is it, in short?",
        "And what exactly is a kWh? Is it like a watt?",
        "can you help me draft an email to the team about the queue rules?",
        "what's a sensible SLO for job start latency on a small cluster?",
        "runbook question: a gpu fell off the bus, what do I check first?",
    ],
)
def test_not_about_this_machine(heldout_svc: AssistantService, question: str) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is None, (question, query)


def test_a_new_subject_about_this_machine_is_read(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "different topic: how hot is gpu 0 right now?", None)
    assert query is not None and query["metric"] in ("temperature", "overview"), query


def test_new_jobs_stopped_from_starting_is_the_queue_paused(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "please stop new jobs from starting until tomorrow", None)
    assert query is None and "gpuaccel pause" in text and "gpuaccel pause 1" not in text, text


@pytest.mark.parametrize(
    ("question", "label"),
    [
        ("in the afternoon how hot did the h100 get?", "this afternoon"),
        ("how hot did the h100 get over the afternoon?", "this afternoon"),
        ("peak power through the morning on gpu 0", "this morning"),
        ("peak power on the h100 after 14h", "since 14:00"),
        ("electricity used by the h100 since two o'clock this afternoon", "since 14:00"),
    ],
)
def test_hours_said_as_people_say_them(heldout_svc: AssistantService, question: str, label: str) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None and query["window"]["label"] == label, query


@pytest.mark.parametrize(
    "question",
    [
        "which card was more used yesterday?",
        "how hard did the 4090 work this morning, at most?",
        "has the h100 done any work in the last hour?",
        "how much did the 4090 work yesterday afternoon?",  # how much it worked: how busy it was
    ],
)
def test_work_said_of_a_card_is_its_utilization(heldout_svc: AssistantService, question: str) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None and query.get("metric") == "util" and query.get("window"), (question, query)


def test_used_at_all_is_what_ran_on_it(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "Was gpu 1 used at all this morning?", None)
    assert query is not None and query["name"] == "jobs" and query["gpu"] == 1, query


def test_electricity_drawn_now_is_power_and_pulled_by_a_run_is_energy(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "how much electricity is the 4090 drawing right now?", None)
    assert query is not None and query["metric"] == "power" and "21 W" in text, (query, text)
    _, text, query = ask(heldout_svc, "how much juice did the llama-70b-finetune pull?", None)
    assert query is not None and "5.17 kWh" in text, (query, text)


@pytest.mark.parametrize(
    ("question", "job", "name"),
    [
        ("whats up w 5", 5, "job_detail"),
        ("what did 3 log", 3, "job_log"),
        ("why is 12 not running yet", 12, "job_detail"),  # the "not" after the number
        ("why is 14 not starting", 14, "job_detail"),
    ],
)
def test_a_bare_job_number_in_shorthand(
    heldout_svc: AssistantService, question: str, job: int, name: str
) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None and query.get("job") == job and query["name"] == name, query


def test_processes_besides_a_job_are_the_gpus(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "any procs on gpu 0 besides the mistral job?", None)
    assert query is not None and query.get("job") is None and query.get("gpu") == 0, query


def test_max_n_min_after_a_span(heldout_svc: AssistantService) -> None:
    (_, first), (_, query) = converse(heldout_svc, "util last hour on gpu 1", "max n min?")
    assert query == first, (first, query)


def test_failed_jobs_gpu_hours(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "how many GPU-hours did the failed jobs take today?", None)
    assert query is not None and query["name"] == "job_rank" and query["metric"] == "gpu_time", query
    assert query["state"] == "failed", query


def test_where_a_figure_goes_is_not_asked(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(
        heldout_svc, "tell me about job 2", "how many GPU-hours should I write in the report for it?"
    )
    assert query == {"name": "job_detail", "job": 2} and "8.50" in text, (query, text)


def test_a_setting_the_run_in_focus_used(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(
        heldout_svc, "which element of the lr-sweep failed?", "what learning rate was it running with?"
    )
    assert query == {"name": "job_log", "job": 9} and "0.001" in text, (query, text)


def test_how_much_a_card_worked_and_with_which_job_are_two_asks(heldout_svc: AssistantService) -> None:
    """ "..., and with which job?": a part of its own (a preposition before its wh-word), read after the
    card's busy time as the jobs on that card then."""
    _, text, query = ask(heldout_svc, "how much did the 4090 work this morning, and with which job?", None)
    assert query is not None and query["metric"] == "util" and query["gpu"] == 1, query
    assert "Utilization this morning: GPU 1" in text and "on GPU 1" in text, text
