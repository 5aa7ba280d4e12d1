"""What a Slurm or pueue user types: job states as letters (PD, R), walltime and elapsed for a run, a job by
its number alone, "the node" for this machine; and the follow-ups of a comparison or an array's failure.
Worded apart from the blind sets."""

from __future__ import annotations

import pytest

from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.understand.acts import read_act
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker
from gpuaccel.assistant.understand.replies import about_the_future

NAMES = {"prep": 2, "bert-ft": 5, "vit-eval": 7, "sweep": 11}
ARRAYS = {"sweep": {0: 9, 1: 10, 2: 11}}
NOW = 1795700000.0


def pick(question: str, last: Query | None = None, subjects: list[int] | None = None) -> Query | None:
    ctx = Context(job_names=NAMES, arrays=ARRAYS, gpus=[0, 1], last=last, subjects=subjects or [])
    return RulePicker().pick(question, ctx, NOW)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("anything PD right now", ("queue", "queued")),  # the whole queue or its waiting part
        ("list what is in R state", ("queue", "running")),
        ("how many jobs are running on the node", ("queue", "running")),
    ],
)
def test_slurm_states_are_the_queue(question: str, expected: tuple[str, str]) -> None:
    q = pick(question)
    assert q is not None and q.name == expected[0] and q.state in (None, expected[1]), q


@pytest.mark.parametrize(
    ("question", "job"),
    [
        ("7", 7),
        ("5 elapsed?", 5),
        ("why is 7 still PD", 7),
        ("how long has 10 been pending", 10),
        ("mean power during 5", 5),
        ("has 10 been sat there long", 10),  # the number between an auxiliary and its verb
        ("when did 5 finish", 5),
        ("how much energy did sweep [1] use", 10),  # an element as gpuaccel ls writes it
        ("runtime of 9_2", 11),  # array 9's index 2, as gpuaccel cancel 9_2 writes it
    ],
)
def test_a_job_said_by_its_number_alone(question: str, job: int) -> None:
    q = pick(question)
    assert q is not None and q.job == job, q


def test_a_bare_number_that_is_a_gpu_index_is_a_job_only_alone() -> None:
    assert pick("2") == Query("job_detail", job=2)
    q = pick("is 1 busy")
    assert q is None or q.job is None, q


def test_walltime_and_elapsed_follow_the_job_in_focus() -> None:
    last = Query("job_detail", job=5)
    for question in ("walltime so far?", "elapsed?", "ran how long before it crashed"):
        assert pick(question, last, [5]) == Query("job_detail", job=5), question
    assert about_the_future("ran how long before it crashed") is None
    assert about_the_future("how long before it finishes?") is not None


def test_pinning_a_clock_is_refused_as_a_hardware_setting() -> None:
    act = read_act("pin gpu 1 memory clock at 5000 MHz", Context(job_names=NAMES), {})
    assert act is not None and "nvidia-smi" in act.reply


def test_an_array_said_with_a_failure_is_its_failures() -> None:
    assert pick("did any sweep element fail") == Query("failures", job_name="sweep")


def test_a_comparison_followed_up_keeps_its_jobs() -> None:
    last = Query("job_rank", metric="duration", order="min", among="5,7")
    q = pick("and which one drew more energy?", last, [5])
    assert q is not None and (q.name, q.metric, q.among) == ("job_rank", "energy", "5,7"), q
    for question, metric in (("gpu hours?", "gpu_time"), ("and the queue waits", "wait")):
        q = pick(question, last, [5])  # a measure alone: the same jobs by it, not the first one's record
        assert q is not None and (q.name, q.metric, q.among) == ("job_rank", metric, "5,7"), (question, q)


def test_an_array_index_the_array_lacks_is_no_element() -> None:
    q = pick("runtime of 9_7")
    assert q is None or q.job != 11, q


def test_scontrol_sinfo_and_a_pid_said_as_slurm_and_nvidia_smi_users_say_them() -> None:
    states = {5: "queued", 7: "queued", 11: "running"}
    said = {
        "scontrol update JobId=7 Priority=50": "gpuaccel priority 7 50",
        "scontrol uhold 5": "gpuaccel release 5",
        "scontrol requeue 7": "gpuaccel retry 7",
    }
    for question, command in said.items():
        act = read_act(question, Context(job_names=NAMES, arrays=ARRAYS), states)
        assert act is not None and command in act.reply, (question, act)
    assert pick("sinfo") == Query("gpu_list")  # what the node has
    assert pick("why's 7 stuck", Query("queue"), [5]) == Query("job_detail", job=7)
    assert pick("since when", Query("idle_gpus")) == Query("idle_gpus")  # it says since when
    assert pick("which pid is on gpu 1") == Query("memory_users", gpu=1)
    assert pick("pid?", Query("job_detail", job=5), [5]) == Query("job_detail", job=5)  # its worker
