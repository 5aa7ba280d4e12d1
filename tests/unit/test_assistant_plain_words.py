"""Jobs said in plain words (a short first part of a name said as a run, a model's size, "test" for an eval,
what a model family does), requests said after a clause that names the job, a cost said in energy, and
readings said in everyday words. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.acts import read_act
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.names import named_jobs
from gpuaccel.assistant.understand.picker import RulePicker

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
    # "test" said inside a name is the name's own word
    assert named_jobs("did unit-tests pass", Context(job_names={"unit-tests": 3, **NAMES})) == [3]


@pytest.mark.parametrize(
    ("request_", "command"),
    [
        ("The sweep run that crashed, could you rerun it?", "gpuaccel retry 9"),
        ("We no longer need the sd training, please cancel it.", "gpuaccel cancel 5"),
        ("move the big llama test up the queue. give it priority 7", "gpuaccel priority 12 7"),
        ("redo the nan element of the sweep", "gpuaccel retry 9"),
        ("put a hold on the sd training for now, it can wait", "gpuaccel hold 5"),
        ("lower the power cap to 500 W", "nvidia-smi"),  # a card's setting: declined, with who sets it
        # a job named in a "while"/"until" clause is the condition, not what "it" means (the sweep is job 12's
        # blocker here; job 12 is the one talked about)
        ("It can't start while the sweep is still going. Please cancel it.", "gpuaccel cancel 12"),
    ],
)
def test_requests_after_a_clause_that_names_the_job(request_: str, command: str) -> None:
    said = read_act(request_, Context(subjects=[12], job_names=NAMES, arrays=ARRAYS), STATES)  # 12 in focus
    assert said is not None and command in said.reply, said


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
    _, _, query = ask(heldout_svc, "what's the cost of electricity in germany", None)
    assert query is None  # a price of the world, refused


def test_the_memory_one_after_a_clock_is_the_memory_clock(heldout_svc: AssistantService) -> None:
    heldout_svc.chat.pickers = (RulePicker(),)  # the rules' reading, whatever the model would have picked
    sid, text, _ = ask(heldout_svc, "clock speed on the 4090?", None)
    assert "SM clock 210 MHz" in text, text
    _, text, query = ask(heldout_svc, "ok and the memory one", sid)
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "mem_clock"} and "405 MHz" in text, query
    _, text, query = ask(heldout_svc, "and the core one?", sid)
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "clock"} and "210 MHz" in text, query
