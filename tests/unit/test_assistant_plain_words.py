"""Jobs said in plain words (a short first part of a name said as a run, a model's size, "test" for an eval,
what a model family does), requests said after a clause that names the job, a cost said in energy, and
readings said in everyday words. Worded apart from the blind sets."""

from __future__ import annotations

from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.acts import read_act
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.names import named_jobs

NAMES = {"sd-xl-train": 5, "lr-sweep": 10, "llama-8b-eval": 4, "llama-70b-eval": 12, "resnet50-bench": 6}
ARRAYS = {"lr-sweep": {0: 7, 1: 8, 2: 9, 3: 10}}
STATES = {
    5: "failed",
    7: "succeeded",
    8: "succeeded",
    9: "failed",
    10: "succeeded",
    12: "queued",
    4: "succeeded",
}


def test_short_name_parts_sizes_and_what_a_job_does() -> None:
    ctx = Context(job_names=NAMES, arrays=ARRAYS)
    assert named_jobs("why did the sd job die", ctx) == [5]
    assert named_jobs("did the lr runs all finish", ctx) == [10]
    assert named_jobs("sd is a nice acronym", ctx) == []  # a short part said as no run names nothing
    assert named_jobs("how long did the small llama model take", ctx) == [4]
    assert named_jobs("when does the big llama test start", ctx) == [12]
    assert named_jobs("the image-recognition speed test, how long did it run", ctx) == [6]


def test_requests_after_a_clause_that_names_the_job() -> None:
    ctx = Context(job_names=NAMES, arrays=ARRAYS)
    said = read_act("The sweep run that crashed, could you rerun it?", ctx, STATES)
    assert said is not None and "gpuaccel retry 9" in said.reply, said
    said = read_act("We no longer need the sd training, please cancel it.", ctx, STATES)
    assert said is not None and "gpuaccel cancel 5" in said.reply, said
    said = read_act("move the big llama test up the queue. give it priority 7", ctx, STATES)
    assert said is not None and "gpuaccel priority 12 7" in said.reply, said
    said = read_act("redo the nan element of the sweep", ctx, STATES)
    assert said is not None and "gpuaccel retry 9" in said.reply, said
    said = read_act("put a hold on the sd training for now, it can wait", ctx, STATES)
    assert said is not None and "gpuaccel hold 5" in said.reply, said
    said = read_act("lower the power cap to 500 W", ctx, STATES)
    assert said is not None and "nvidia-smi" in said.reply, said


def test_readings_and_costs_in_everyday_words(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "what's keeping gpu 0 busy", None)
    assert query is not None and query["metric"] == "overview" and "mistral-7b-sft" in text, query
    sid, _, _ = ask(heldout_svc, "core clock of gpu 1?", None)
    _, text, query = ask(heldout_svc, "and its memory speed?", sid)
    assert query is not None and query["metric"] == "mem_clock" and "405 MHz" in text, query
    sid, _, _ = ask(heldout_svc, "how long did llama-8b-eval run", None)
    _, text, query = ask(heldout_svc, "what did that cost in electricity", sid)
    assert query is not None and query["name"] == "job_detail" and "277 Wh" in text, query
    sid, _, _ = ask(heldout_svc, "how did the lr-sweep go", None)
    _, text, _ = ask(heldout_svc, "what did the whole array cost in energy", sid)
    assert "531 Wh" in text, text
