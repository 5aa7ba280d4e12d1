"""Questions in the machine's words that ask for general knowledge or an opinion are refused, whatever
topic words they carry ("model", "tensor", a GPU's model name); the same words about this machine still
pick their query. Worded apart from the held-out question sets."""

from __future__ import annotations

from dataclasses import replace

import pytest

from assistant_lab.sampling import FIXED_NOW
from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.elsewhere import asks_elsewhere
from gpuaccel.assistant.understand.picker import RulePicker

MACHINE = Context(gpus=[0, 1], gpu_models={0: "NVIDIA H100 80GB HBM3", 1: "NVIDIA GeForce RTX 4090"})


def pick(question: str, context: Context | None = None) -> Query | None:
    return RulePicker().pick(question, context or MACHINE, FIXED_NOW)


@pytest.mark.parametrize(
    "question",
    [
        "could you explain what a diffusion model is",
        "explain to me how an optimizer works",
        "describe what a tensor core does",
        "what's a gpu",
        "what is an rtx 4090",
        "so what are a model's weights",
        "define a kernel",
        "what does tflops stand for",
        "what does vram mean",
        "how does a graphics card work",
        "the meaning of utilization",
        "explain briefly how kv caching works",  # the manner said before the how
        "explain in simple terms how a kv cache works",
    ],
)
def test_a_request_to_explain_a_thing_is_refused(question: str) -> None:
    assert pick(question) is None


@pytest.mark.parametrize(
    "question",
    [
        "would the 4090 be good for games",
        "best card for gaming?",
        "is the h100 any good",
        "is an rtx worth buying",
        "should i buy another card",
        "can you recommend a graphics card for deep learning",
        "fsdp or deepspeed, which one is better for a 70b",
        "who came up with flash attention",
        "when was the h100 released",
        "whats a sane warmup for a 13b",
        "what is a reasonable grad clip for adam",
        "lora or full finetune here, what would you pick?",
        "mixed precision or a smaller model, which one would you go with",
        "which clock should we lock the h100 to for stable temps",
        "what power cap would you set on the 4090 for efficiency",
        "what num_warps and BLOCK_N should i go for in my triton kernel on gpu 1",
        "is it worth using fp8 for a diffusion model?",
    ],
)
def test_an_opinion_about_hardware_is_refused(question: str) -> None:
    assert pick(question) is None


def test_an_opinion_is_refused_in_the_middle_of_a_conversation() -> None:
    after_memory = Context(
        Query("gpu_reading", gpu=0, metric="memory"), gpus=[0, 1], gpu_models=MACHINE.gpu_models
    )
    assert pick("is the 4090 any good for gaming though", after_memory) is None
    assert pick("and its temperature?", after_memory) == Query("gpu_reading", gpu=0, metric="temperature")


def test_the_same_words_about_this_machine_still_pick() -> None:
    assert pick("explain why job 3 crashed") == Query("job_detail", job=3)
    assert pick("can you explain the failures") == Query("failures")
    assert pick("what's a normal temperature for gpu 1") == Query("gpu_reading", gpu=1, metric="temperature")
    assert pick("what does gpu 0 draw") == Query("gpu_reading", gpu=0, metric="power")
    assert pick("which gpu models are installed") == Query("gpu_list")
    assert pick("what model are you running") == Query("gate_state")
    assert pick("is somebody gaming on the 4090")  # who uses a GPU is about the machine
    assert not asks_elsewhere("what does that mean", set())  # about the last answer
    assert not asks_elsewhere("is gpu 1 any good right now", {"gpu"})


@pytest.mark.parametrize(
    "question",
    [
        "what's a free gpu I can use",
        "what is an idle gpu right now",
        "whats a gpu with free memory",
        "what's an available card",
        "is the h100 any good right now, how busy is it",
    ],
)
def test_what_is_a_with_a_state_or_a_use_is_about_this_machine(question: str) -> None:
    """Only a bare "what is a <thing>" asks for a definition: a state word, a use or "right now" makes it
    a question about this machine's GPUs."""
    assert not asks_elsewhere(question, {"gpu"})
    assert pick(question) is not None


ADVICE_MACHINE = Context(
    gpus=[0, 1],
    gpu_models=MACHINE.gpu_models,
    job_names={"gemma-2b-pretrain": 3, "qwen-14b-dpo": 5, "bert-base-glue": 6},
)


@pytest.mark.parametrize(
    "question",
    [
        "what warmup is ideal for qwen 14b",
        "should we use fp16 for gemma",
        "what optimizer should i pick for bert base",
        "how many steps should we train qwen for",
        "is gradient checkpointing a good idea for gemma 2b",
        "recommended batch size for the bert job?",
    ],
)
def test_advice_that_names_a_jobs_model_is_refused(question: str) -> None:
    """Advice on one's own work is general knowledge even when a word of it names a queue job's model."""
    after_a_job = replace(ADVICE_MACHINE, last=Query("job_detail", job=5), subjects=[5])
    assert pick(question, ADVICE_MACHINE) is None
    assert pick(question, after_a_job) is None


def test_which_gpu_to_use_is_no_advice() -> None:
    """ "Should i use" a GPU, or "which one", asks which GPU is free."""
    after_idle = replace(ADVICE_MACHINE, last=Query("idle_gpus"), subject_gpus=[1])
    assert pick("should we use the 4090 or the h100", ADVICE_MACHINE) == Query("idle_gpus")
    assert pick("which one should we use", after_idle) == Query("idle_gpus")
    assert pick("what's a good temperature for gpu 1", ADVICE_MACHINE) == Query(
        "gpu_reading", gpu=1, metric="temperature"
    )
    assert pick("how long did qwen-14b-dpo run", ADVICE_MACHINE) == Query("job_detail", job=5)


@pytest.mark.parametrize(
    "question",
    [
        "explain how ring attention works",  # how a method works, no article
        "how does gradient checkpointing work?",
        "could you write me a cuda kernel for softmax",  # code of one's own, after a politeness
        "pls implement a dataloader for imagenet",
        "which is the best cooler for an rtx 3090",  # a product for a GPU model
        "a good psu for my 4090?",
        "are h200s quicker than b200s in general",  # hardware at large
        "how can we prevent the loss spikes after warmup",  # fixing one's own work
        "any idea how i fix the oom in my dataloader",
        "how do i get deepspeed to install without errors",
        "which process is hogging /dev/shm",  # the user's own operating system
        "how to free gpu memory on ubuntu",
        "fp8 vs bf16 what diff, explain short",  # two ideas told apart, tersely
        "tf32 vs fp16 what's diff",
        # words of one's own for a report, asked as a favour (not the machine's report itself)
        "any chance you could draft a line for the newsletter saying our lab cares about efficiency?",
        "any chance you'd write me a sentence for the report saying we share the cards fairly",
        "does running a card hot all week wear it out? just answer in general",  # said to be general
        # an explanation asked simply, a model carried to another format, two ideas named before their
        # difference, a message to someone to write wherever its verb stands
        "can you explain to us in plain english what a memory clock is",
        "describe briefly what an optimizer state is",
        "how do i export a keras model to tflite",
        "how do i export my model to onnx so it runs faster on the gpu",
        "int8 and fp8 memory, what is the difference",
        "i want to draft an email to the admin asking for a second h100",
        "short message to my boss draft please, we need more gpus",
    ],
)
def test_methods_code_products_and_hardware_at_large_are_refused(question: str) -> None:
    assert pick(question) is None, question


def test_the_machines_own_workings_stay_questions() -> None:
    assert pick("write a report of today").name == "summary"  # type: ignore[union-attr]
    assert pick("explain why job 2 crashed") == Query("job_detail", job=2)
    assert pick("how are my gpus doing in general") is not None  # this machine's, in general
    assert pick("how does the queue look") is not None
    assert pick("how long did job 2 take to fix its checkpoint") is not None  # "fix" inside a job's question
    assert pick("explain in simple words why job 2 crashed") == Query("job_detail", job=2)
    assert pick("gpu 0 and gpu 1, what is the difference in temperature") is not None
    assert pick("write a message saying how hot gpu 0 got today") is not None  # the figure is the machine's
    assert pick("what's the temperature of the rtx 4090") == Query("gpu_reading", gpu=1, metric="temperature")


@pytest.mark.parametrize(
    "question",
    [
        "what does one kilowatt hour cost in texas nowadays",  # the price of a unit of energy, anywhere
        "how much is a kwh usually going for",
        "whats the going rate per kwh",
        "are kwh prices higher in winter",
        "residential power now how much per kwh? roughly",  # a price per kWh, "now" notwithstanding
        "how much for a kwh in malaysia",
        # a utility's rates and its cheaper hours, whatever runs the question plans
        "quick q, does BC Hydro still do cheaper off-peak rates? thinking we could run the long jobs then",
        "is the electric company's night-time tariff still a thing right now",
        "are time-of-use prices lower on weekends",
    ],
)
def test_what_a_kwh_costs_is_general_knowledge(question: str) -> None:
    assert pick(question) is None, question


def test_the_machines_own_kwh_stay_questions() -> None:
    assert pick("how many kwh did gpu 0 use yesterday") is not None
    assert pick("kwh of gpu 1 today") is not None
    assert pick("how many jobs ran overnight") is not None  # the night's jobs, no rate


@pytest.mark.parametrize(
    "question",
    [
        "do other firms bill energy per kWh or a flat fee?",
        "how do other shops split the power bill between teams",
        "what do other organisations charge for a gpu hour",
    ],
)
def test_practice_at_other_firms_is_no_question_about_this_machine(question: str) -> None:
    assert asks_elsewhere(question, {"energy"}), question


@pytest.mark.parametrize(
    "question",
    [
        "how do people usually bill gpu time to grants",
        "how do ppl normally price out gpu hours for reports",
        "how do most labs report their gpu usage to funders",
        "whats a reasonable max temperature for a 4090 under load",
        "what is a healthy idle power for an a100",
        "whats a safe long run memory temp on an h100, is 90 too much",
    ],
)
def test_a_practice_or_a_kind_of_card_in_general_is_no_question_about_this_machine(question: str) -> None:
    assert pick(question) is None, question


def test_this_machines_card_judged_stays_a_question() -> None:
    assert pick("whats a normal temp for the h100") is not None  # the machine's own card ("the")
    assert pick("how hot did the 4090 get today") is not None


def test_two_units_told_apart_then_a_telling_stay_general() -> None:
    # the one question read alone: the telling after it ("them") names nothing of this machine's
    assert asks_elsewhere("what's the difference between amps and volts? I mix them up every time", set())
    assert pick("whats the difference between kVA and kVAr again? my notes always confuse those") is None
    assert pick("how much energy did gpu 0 use today? I always confuse them") is not None


@pytest.mark.parametrize(
    "question",
    [
        "what size ups would we need for a rack drawing 3 kW for 15 minutes",
        "how big a power supply do I need to run two H100s",
        "which kind of battery backup should I get for a 900 W workstation",
    ],
)
def test_power_equipment_sized_for_a_load_is_refused(question: str) -> None:
    assert pick(question) is None, question


@pytest.mark.parametrize("question", ["what power is gpu 0 drawing", "which card draws the most power now"])
def test_power_readings_still_read(question: str) -> None:
    assert pick(question) is not None, question


@pytest.mark.parametrize(
    "question",
    [
        "shoot priya a quick note that the eval finished",
        "please mail the lab that job 4 succeeded",  # whatever job it names
        "notify jonas that his sweep crashed",
        "send an email to the admins saying the h100 runs hot",
    ],
)
def test_a_message_sent_to_someone_is_refused(question: str) -> None:
    assert pick(question) is None, question


def test_what_is_sent_to_the_user_stays_a_question() -> None:
    assert pick("send me the log of job 9") == Query("job_log", job=9)
