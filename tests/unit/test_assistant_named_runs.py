"""Runs named as people name them: a model's size in words ("the 13-billion model"), what its family is for
("the speech model"), a label before the question, polite requests to act. Worded apart
from the blind sets."""

from __future__ import annotations

from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.queries.spans import window_of
from gpuaccel.assistant.understand.acts import read_act
from gpuaccel.assistant.understand.context import Context, JobBrief
from gpuaccel.assistant.understand.names import named_jobs, untimed
from gpuaccel.assistant.understand.picker import RulePicker
from gpuaccel.assistant.understand.spoken import written

NAMES = {"qwen-13b-sft": 3, "whisper-large-ft": 4, "sdxl-lora": 6, "vit-bench": 7}
NOW = 1795700000.0


def test_sizes_and_families_said_in_words_name_the_run() -> None:
    ctx = Context(job_names=NAMES)
    assert named_jobs("how is the 13-billion model doing", ctx) == [3]
    assert named_jobs("did the speech recognition run finish", ctx) == [4]
    assert named_jobs("memory of the image generation job", ctx) == [6]
    # parts said inside a dashed word count: "qwen-13b dpo" names the dpo run, not the newest qwen-13b one
    two = Context(job_names={"qwen-13b-dpo": 8, "qwen-13b-sft": 9})
    assert named_jobs("energy of the qwen-13b dpo", two) == [8]
    assert written("over the past thirty-six hours") == "over the past 36 hours"


def test_a_label_before_the_question_is_no_topic() -> None:
    q = RulePicker().pick("sanity check before I leave: how hot is gpu 1?", Context(gpus=[0, 1]), NOW)
    assert q == Query("gpu_reading", gpu=1, metric="temperature"), q


def test_polite_and_slang_requests_to_act() -> None:
    ctx, states = Context(job_names=NAMES), {3: "failed", 4: "queued", 6: "queued", 7: "running"}
    replies = {
        "Kindly rerun the 13-billion model's fine-tuning.": "gpuaccel retry 3",
        "park the speech recognition job until tomorrow": "gpuaccel hold 4",
        "drop gpu 1's power limit to 300 W": "nvidia-smi",
        "undervolt the rtx a little": "nvidia-smi",  # a tuning verb needs no hardware word after it
    }
    for question, said in replies.items():
        act = read_act(question, ctx, states)
        assert act is not None and said in act.reply, (question, act)
    assert RulePicker().pick("why is 7 stuck", Context(job_names=NAMES, gpus=[0, 1]), NOW).job == 7


def test_a_request_after_a_sentence_that_sets_it_up() -> None:
    """The request is the second sentence; the first names the job "it" means. The verb's own "it" is the
    job in focus, over a word elsewhere that begins another job's name."""
    ctx, states = Context(job_names=NAMES | {"flash-attn-build": 9}), {3: "failed", 4: "queued", 7: "running"}
    replies = {
        "The speech recognition job can wait. Would you hold it?": "gpuaccel hold 4",
        "A client waits on the 13-billion model. Could you give it priority 7?": "gpuaccel priority 3 7",
        "We need the vit bench's GPU; could you pause it.": "gpuaccel pause 7",
        "The vit bench finished. What did it score?": None,  # a question after it, no request
        "Run nvidia-smi -pl 300 on gpu 1 please": "nvidia-smi",  # the card's setting, not a job
        "crank the fan on the 4090": "nvidia-smi",
        "The 13-billion model crashed overnight. Can you kick it off again?": "gpuaccel retry 3",
    }
    for question, said in replies.items():
        act = read_act(question, ctx, states)
        assert act is None if said is None else act is not None and said in act.reply, (question, act)
    focus = Context(job_names=NAMES | {"flash-attn-build": 9}, subjects=[7])
    act = read_act("stop it, the rack needs a bios flash", focus, states)
    assert act is not None and "gpuaccel cancel 7" in act.reply, act
    assert read_act("run nvidia-smi", ctx, states) is None  # plain nvidia-smi asks for readings
    act = read_act("nvidia-smi -r on gpu 0 pls", ctx, states)  # a card's setting, with no verb before it
    assert act is not None and "as root" in act.reply and not act.jobs  # the hardware reply, no job


def test_a_dashed_names_beginning_run_together_and_a_label_that_names_a_job() -> None:
    """People type "sdxl" for sd-xl-… and "qwen13b" for qwen-13b-…; a label before a colon that names a
    job ("vit-bench array: …") is part of the question, not a lead-in to drop."""
    ctx = Context(job_names={"sd-xl-lora": 6, "qwen-13b-sft": 3, "vit-bench": 7}, gpus=[0, 1])
    assert named_jobs("did the sdxl run crash", ctx) == [6]
    assert named_jobs("gpu hours of qwen13b", ctx) == [3]
    assert RulePicker().pick("vit-bench status: how long did it run", ctx, NOW) == Query("job_detail", job=7)


def test_the_run_after_or_before_the_one_in_focus_among_runs_sharing_a_name_part() -> None:
    """ "the eval after it" of job 2 is the next eval queued after job 2, not the newest eval."""
    names = {"tokenize": 2, "llama-eval": 3, "mistral-eval": 9, "qwen-eval": 1}
    focus = Context(Query("job_detail", job=2), subjects=[2], job_names=names, gpus=[0])
    assert named_jobs("and the eval after it, did it pass", focus) == [3]
    assert named_jobs("and the eval before that one", focus) == [1]
    assert named_jobs("and the eval", Context(job_names=names)) == [9]  # no order said: the newest


def test_a_job_said_by_what_it_is_its_state_gpus_or_the_gpu_it_ran_on() -> None:
    """ "the job that needs two GPUs", "the training that is running now", "the fine-tune on the a100":
    the one job the description fits; a description several fit names none."""
    night, day = 1795650000.0, 1795690000.0
    briefs = {
        3: JobBrief("succeeded", 1, (0,), night - 20000, night + 8000),
        4: JobBrief("held", 1),
        6: JobBrief("running", 1, (0,), day, day + 600),
        7: JobBrief("queued", 2),
        9: JobBrief("succeeded", 1, (1,), day - 3000, day - 100),
    }
    names = {"qwen-13b-finetune": 3, "whisper-finetune": 4, "sdxl-lora": 6, "vit-bench": 7, "vit-export": 9}
    ctx = Context(job_names=names, gpus=[0, 1], gpu_models={0: "NVIDIA A100 Ampere", 1: "RTX 3090"})
    ctx.job_briefs = briefs
    assert named_jobs("why is the job that needs two gpus still waiting", ctx) == [7]
    assert named_jobs("how long has the training that is running now been going", ctx) == [6]
    assert named_jobs("when did the fine-tune on the a100 end", ctx) == [3]
    assert named_jobs("energy of the fine-tune", ctx) == [4]  # no description: the newest, as before
    assert named_jobs("did the job on gpu 0 finish", ctx) == []  # two ran there
    act = read_act("please stop the run that is running now", ctx, {i: b.state for i, b in briefs.items()})
    assert act is not None and "gpuaccel cancel 6" in act.reply
    # a second noun between the name and what is said of it
    assert named_jobs("show the log of the finetune one that succeeded", ctx) == [3]  # (the newest is 4)
    assert named_jobs("when did the finetune job that is held get submitted", ctx) == [4]


def test_a_run_said_by_when_it_ran_and_a_time_said_of_one_run_is_no_span() -> None:
    """ "this morning's eval", "the eval from yesterday": of the runs with that part, the one that ran
    then; that time names the run, so the question has no span of its own ("yesterday's jobs" keeps it)."""
    now = 1795705200.0  # a clock time in the afternoon (local time does not matter: spans are local too)
    morning = window_of("this morning", now)
    yesterday = window_of("yesterday", now)
    assert morning is not None and yesterday is not None
    briefs = {
        2: JobBrief("succeeded", 1, (0,), yesterday.t0 + 3600, yesterday.t0 + 7200),
        4: JobBrief("succeeded", 1, (1,), morning.t0 + 3600, morning.t0 + 6000),
        12: JobBrief("queued", 1),
    }
    names = {"llama-8b-eval": 4, "llama-70b-eval": 12, "qwen-eval": 2}
    ctx = Context(job_names=names, gpus=[0, 1], job_briefs=briefs, now=now)
    assert named_jobs("how long did this morning's eval take", ctx) == [4]
    assert named_jobs("which gpu did the eval from yesterday use", ctx) == [2]
    assert untimed("did this morning's eval pass") == "did eval pass"
    assert untimed("what were yesterday's jobs") == "what were yesterday's jobs"
    picked = RulePicker().pick("During this morning's eval, what did GPU 1 average for power?", ctx, now)
    assert picked == Query("gpu_reading", gpu=1, metric="power", job=4)


def test_a_later_part_of_a_name_after_what_about_names_the_run() -> None:
    """ "and what about lora?", "status of bench": a follow-up's subject, said without "the" or "job"."""
    ctx = Context(job_names=NAMES)
    assert named_jobs("and what about lora?", ctx) == [6]
    assert named_jobs("status of bench", ctx) == [7]
    assert named_jobs("how about bench", ctx) == [7]
    assert named_jobs("a bench press at the gym", ctx) == []  # a word, not the run


def test_a_name_part_that_is_also_an_output_word_names_the_run() -> None:
    """ "what about shards?" of tokenize-shards asks about the run; "how many shards did tokenize-shards get
    through", the whole name said, asks what it printed."""
    ctx = Context(job_names={"tokenize-shards": 1, "resnet-bench": 5}, gpus=[0, 1])
    assert RulePicker().pick("and what about shards?", ctx, NOW) == Query("job_detail", job=1)
    assert RulePicker().pick("how many shards did tokenize-shards get through", ctx, NOW) == Query(
        "job_log", job=1
    )


def test_a_name_or_its_part_given_a_case_ending_names_the_run() -> None:
    """Slavic and Baltic languages decline a borrowed noun ending in a consonant ("s benchem": with the
    bench, "log whisperu": the whisper run's log, "vit-benchas"): the name or its part with its ending names
    the run as the part said as a job does; an English word that only starts like a part ("benches") names
    none."""
    ctx = Context(job_names=NAMES)
    assert named_jobs("a co je s benchem", ctx) == [7]
    assert named_jobs("kiek energijos suvalge vit-benchas", ctx) == [7]
    assert named_jobs("log whisperu prosim", ctx) == [4]
    assert named_jobs("how many benches are free", ctx) == []
