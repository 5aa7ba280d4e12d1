"""Follow-ups on what the last answer listed or read, and who holds a GPU, worded apart from the held-out
sets: "list them" after a count is that list; "which one failed" after the jobs of one name keeps the name;
"is that exact or estimated?" after a TFLOP/s reading is the reading (it says which); "how long did it
wait before it started" stays on the job (no step back); "j7" is job 7; "squeue" the whole queue; a GPU
with no queue job running says its utilization and the processes the driver lists; a process's job is said
with its name."""

from __future__ import annotations

from types import SimpleNamespace

from test_assistant_questions import converse as chat

from assistant_lab.sampling import FIXED_NOW
from gpuaccel.assistant.queries.catalogue import run
from gpuaccel.assistant.queries.facts import Facts
from gpuaccel.assistant.queries.query import Query, QueryContext
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker
from gpuaccel.scheduler.store.queue import Store

NAMES = {"bench-a": 1, "sweep": 4}


def pick(question: str, last: Query, **fields: object) -> Query | None:
    context = Context(last, job_names=NAMES, gpus=[0, 1], **fields)  # type: ignore[arg-type]
    return RulePicker().pick(question, context, FIXED_NOW)


def test_a_list_asked_for_again_and_a_name_kept_when_drilling_in() -> None:
    failed = Query("failures", state="cancelled")
    for question in ("list them", "show me those", "name them all", "which are they"):
        assert pick(question, failed, subjects=[3, 2]) == failed, question
    swept = Query("jobs", job_name="sweep")
    assert pick("which ones failed", swept, subjects=[4, 3, 2]) == Query("failures", job_name="sweep")
    assert pick("which one ran longest", swept, subjects=[4, 3, 2]).job_name == "sweep"  # type: ignore[union-attr]


def test_how_a_reading_was_got_and_a_jobs_own_wait() -> None:
    tflops = Query("gpu_reading", gpu=0, metric="tflops")
    for question in ("is that exact or estimated?", "is this number measured?", "is that a guess"):
        assert pick(question, tflops) == tflops, question
    detail = Query("job_detail", job=4)
    for question in ("how long did it wait before it started", "how long was it queued before it ran"):
        assert pick(question, detail, subjects=[4]) == detail, question
    assert pick("and the one before it", detail, subjects=[4]) == Query("job_detail", job=3)
    assert pick("j7 exit code", Query("jobs")) == Query("job_detail", job=7)
    assert pick("squeue", Query("jobs")) == Query("queue")


def test_what_runs_on_a_gpu_beyond_the_queue(svc: AssistantService) -> None:
    [(text, query)] = chat(svc, "is anything running on gpu 1?")
    assert query == {"name": "jobs", "gpu": 1, "state": "running"}
    assert "There are no running jobs on GPU 1. GPU 1 is at 4% utilization" in text


def test_a_process_of_a_queue_job_is_said_with_the_jobs_name(store: Store) -> None:
    gpu = {"index": 0, "name": "GPU", "mem_used_mib": 2048.0, "mem_total_mib": 8192.0, "na": {}}
    gpu["processes"] = [{"pid": 77, "name": "python", "used": 1024.0, "job_id": 5, "owner": "-"}]
    running = [{"id": 5, "name": "vit-train", "gpus": "0", "state": "running"}]
    facts = Facts(FIXED_NOW, [gpu], running=running)
    source = SimpleNamespace(store=store, collect=lambda: facts)
    said = run(QueryContext(source), Query("memory_users", gpu=0)).sentence  # type: ignore[arg-type]
    assert "Process 77 (python) holds 1 GiB, 1024 MiB (job 5 (vit-train))." in said


def test_a_gpu_process_by_its_name() -> None:
    context = Context(gpus=[0, 1], process_names={"vllm-serve": 1, "Xorg": 0}, job_names=NAMES)
    for question, gpu in (("how much vram is vllm-serve holding", 1), ("is xorg on a gpu", 0)):
        assert RulePicker().pick(question, context, FIXED_NOW) == Query("memory_users", gpu=gpu), question
    assert RulePicker().pick("how hot is vllm-serve's gpu", context, FIXED_NOW) != Query(
        "memory_users", gpu=1
    )


def test_which_one_of_a_listed_span_ranks_those_jobs() -> None:
    span = RulePicker().pick("what failed today", Context(gpus=[0, 1]), FIXED_NOW)
    assert span is not None and span.name == "failures"
    ranked = pick("which one used the most energy", span, subjects=[4, 3])
    assert ranked == Query("job_rank", metric="energy", order="max", state="failed", window=span.window)
    from assistant_helpers import act_reply as act_request

    reply = act_request("cancel job 12 and 13", NAMES) or ""
    assert "gpuaccel cancel 12 13" in reply
    assert "gpuaccel cancel 5 6 7" in (act_request("kill jobs 5, 6 & 7", NAMES) or "")


def test_an_ordinal_after_the_queue_or_a_span_that_ended_is_its_entry() -> None:
    queue = Query("queue", state="queued")
    after = Context(queue, listing=[12, 13, 14], listed=queue, gpus=[0, 1])
    assert RulePicker().pick("and the second?", after, FIXED_NOW) == Query("job_detail", job=13)
    assert RulePicker().pick("why is the first one stuck", after, FIXED_NOW) == Query("job_detail", job=12)
    ended = Query("finished")
    done = Context(
        ended, listing=[2, 4, 5], listed=ended, gpus=[0, 1]
    )  # ids earliest first, shown latest first
    assert RulePicker().pick("the first", done, FIXED_NOW) == Query("job_detail", job=5)
