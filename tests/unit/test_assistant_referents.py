"""What a follow-up points at: a GPU by what the last answer said of it ("the busy one" after the idle
GPUs, "the cool one" after a ranking of temperatures), a job by its place in the list just shown ("the
second one" after today's jobs), and a question said beside what the user means to do ("any gpu free?
i need to start a sweep"). Worded apart from the held-out question sets; the chat's cases run on their
machine (GPU 1 idle, GPU 0 busy with job 5; today's jobs newest first: 5, 3, 2, 1)."""

from __future__ import annotations

import pytest
from assistant_helpers import act_reply
from test_assistant_questions import converse as queries

from assistant_lab.sampling import FIXED_NOW
from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.queries.spans import window_of
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.asks import split_asks
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker


def pick(question: str, context: Context) -> Query | None:
    return RulePicker().pick(question, context, FIXED_NOW)


def test_a_gpu_called_by_its_state_after_an_answer_that_tells_which() -> None:
    idle = Context(Query("idle_gpus"), gpus=[0, 1], subject_gpus=[1])
    assert pick("which jobs are on the busy card", idle) == Query("jobs", gpu=0)
    assert pick("how warm is the free one", idle) == Query("gpu_reading", gpu=1, metric="temperature")
    hottest = Context(Query("gpu_rank", metric="temperature", order="max"), gpus=[0, 1], subject_gpus=[0])
    assert pick("memory on the hot gpu?", hottest) == Query("gpu_reading", gpu=0, metric="memory")
    assert pick("and the power of the cooler one", hottest) == Query("gpu_reading", gpu=1, metric="power")
    # the last answer does not tell: the words are read as before
    three = Context(Query("idle_gpus"), gpus=[0, 1, 2], subject_gpus=[1])
    assert pick("what's the temp of the busy one", three) != Query("gpu_reading", gpu=0, metric="temperature")
    assert pick("is the busy one hot", Context(Query("jobs"), gpus=[0, 1])) is not None


def test_an_ordinal_after_a_list_of_jobs_is_its_entry_as_shown() -> None:
    jobs = Query("jobs")
    listed = Context(jobs, listing=[1, 2, 3, 5], listed=jobs)  # ids earliest first, shown newest first
    assert pick("and the third one?", listed) == Query("job_detail", job=2)
    assert pick("the first job", listed) == Query("job_detail", job=5)
    assert pick("the fourth one's log", listed) == Query("job_log", job=1)
    picked = Context(Query("job_detail", job=2), listing=[1, 2, 3, 5], listed=jobs)
    assert pick("the second one", picked) == Query("job_detail", job=3)  # a job picked from it: same list
    ranking = Query("job_rank", metric="duration", order="max")
    ranked = Context(ranking, listing=[7, 4, 9], listed=ranking)  # a ranking in its own order
    assert pick("what about the second one", ranked) == Query("job_detail", job=4)
    assert pick("the fourth one", ranked) == ranking  # past its end: the list again
    gpus = Context(Query("gpu_list"), gpus=[0, 1])
    assert pick("temperature of the second one", gpus) == Query("gpu_reading", gpu=1, metric="temperature")


def test_what_the_user_means_to_do_is_no_ask_of_its_own() -> None:
    assert split_asks("which gpu is free? i need to start a sweep") == ["which gpu is free?"]
    assert split_asks("we're going to train tonight, is anything queued?") == ["is anything queued?"]
    assert split_asks("i want to run a big job, which gpu is least busy?") == ["which gpu is least busy?"]
    assert split_asks("i'd like to know which gpu is free, and why did job 3 fail?") == [
        "i'd like to know which gpu is free",
        "why did job 3 fail?",
    ]  # a request to know asks
    assert split_asks("how hot is gpu 0? why did job 3 fail?") == ["how hot is gpu 0?", "why did job 3 fail?"]
    # what the user is doing is no ask; what they wonder is
    assert split_asks("which job used the most energy? We are writing the quarterly budget.") == [
        "which job used the most energy?"
    ]
    assert split_asks("is gpu 1 idle? I'm wondering why the fan is loud") == [
        "is gpu 1 idle?",
        "I'm wondering why the fan is loud",
    ]


def test_a_guess_after_a_question_of_when_or_which_leaves_the_question_asked() -> None:
    """The user's hunch after "when" or "which" ("at what time did it peak? maybe around lunch?") is checked
    by the answer, not asked again; a guess of the wrong kind, or a part that asks on its own, still is."""
    assert split_asks("when did that happen? before the sweep?") == ["when did that happen?"]
    assert split_asks("at what hour was it? was it 3pm?") == ["at what hour was it?"]
    assert split_asks("which run drew it? probably the vit one?") == ["which run drew it?"]
    # a time after "which", or a thing after "when", is no guess at the answer: asked
    assert split_asks("which run drew the most power today? yesterday?") == [
        "which run drew the most power today?",
        "yesterday?",
    ]
    assert split_asks("when was the peak? the fan?") == ["when was the peak?", "the fan?"]
    assert split_asks("when was the peak? and which job?") == ["when was the peak?", "which job?"]
    # a reaction is set aside only where the message opens with it
    assert split_asks("so long? when did it start") == ["when did it start"]


def test_through_the_chat(svc: AssistantService) -> None:
    said = queries(
        svc,
        "is a gpu free? i'm about to start an experiment",
        "anything running on the busy card?",
        "show me the jobs of today",
        "the second one",  # today's jobs: eval-x (queued), finetune-b, ...: every job submitted today
        "what gpu did it use",
    )
    assert said[0][1] == {"name": "idle_gpus"} and "allocated to job 5 (finetune-b)" in said[0][0]
    assert said[1][1] == {"name": "jobs", "gpu": 0, "state": "running"} and "finetune-b" in said[1][0]
    assert said[3][1] == {"name": "job_detail", "job": 5} and said[4][1] == {"name": "job_detail", "job": 5}
    assert "GPU 0" in said[4][0]


@pytest.mark.parametrize(
    "question",
    [
        "which gpu should we put our sweep on",
        "where could i launch a finetune",
        "is there a good card to train on",
        "what's the best one to run a quick test on",
        "could we start something on gpu 1",
    ],
)
def test_where_the_users_own_work_could_run_asks_for_a_free_gpu(question: str) -> None:
    """Asked where their own work could go, the user wants the free GPUs, not the job list ("job",
    "training" and "sweep" name the work they mean to start, not jobs of the queue); a card said is kept."""
    picked = pick(question, Context(gpus=[0, 1]))
    assert picked == Query("idle_gpus", gpu=1 if "gpu 1" in question else None)


def test_running_a_named_job_again_is_not_a_question_about_free_gpus() -> None:
    assert pick("can i run job 5 again", Context(gpus=[0, 1])) != Query("idle_gpus")


def test_a_name_by_its_parts_a_job_by_jb_and_a_request_about_the_job_in_focus() -> None:
    """ "llama 8b" is the one name two of whose parts are said (not the newest llama job); "jb 11" is job
    11; "ok cancel it" and "retry it" name the command for the job the conversation is about; "kill pid
    4242" is gpuaccel kill, not a job."""
    names = {"llama-70b-finetune": 2, "llama-8b-eval": 4, "llama-405b-probe": 13, "mistral-7b-sft": 11}
    context = Context(gpus=[0, 1], job_names=names)
    assert pick("when did the evaluation of llama 8b start", context) == Query("job_detail", job=4)
    assert pick("stauts of jb 11", context) == Query("job_detail", job=11)
    assert "gpuaccel cancel 13" in (act_reply("ok cancel it", names, focus=13) or "")
    assert "gpuaccel retry 13" in (act_reply("retry it", names, focus=13) or "")
    assert act_reply("retry it", names) is None  # no job in focus: nothing to name
    assert "gpuaccel kill 4242" in (act_reply("kill pid 4242", names) or "")


def test_before_steps_back_only_when_it_names_the_one_before() -> None:
    """ "the one before that" steps back from the job in focus; "how long did it stay in the queue
    before?" is about that job itself."""
    focus = Context(Query("job_detail", job=4), subjects=[4], gpus=[0, 1], job_names={"llama-8b-eval": 4})
    assert pick("and the one before that?", focus) == Query("job_detail", job=3)
    assert pick("And how long did it stay in the queue before?", focus) == Query("job_detail", job=4)


def test_a_name_part_jobs_share_is_the_one_the_conversation_is_about() -> None:
    """ "when did the eval end" after a list that named one eval: that one, not the newest eval; "how
    long has it been up" after a GPU's overview: the run time of the job on it, not the GPU again."""
    names = {"bert-eval": 3, "vit-train": 4, "gpt-eval": 8}
    yesterday = Query("jobs", window=None)
    listed = Context(yesterday, subjects=[3, 4], listing=[3, 4], listed=yesterday, job_names=names)
    assert pick("when did the eval end", listed) == Query("job_detail", job=3)
    assert pick("when did the eval end", Context(job_names=names)) == Query("job_detail", job=8)  # newest
    overview = Context(
        Query("gpu_reading", gpu=0, metric="overview"), subjects=[4], gpus=[0, 1], job_names=names
    )
    assert pick("how long has it been up", overview) == Query("job_detail", job=4)


def test_the_gaming_card_a_long_name_and_a_frame_before_the_ask() -> None:
    """ "the gaming card" is the one GeForce among data-center GPUs; "the learning-rate sweep" is lr-sweep,
    "the resnet benchmark" resnet50-bench; a frame ("during X's run, ...") is not an ask of its own."""
    from gpuaccel.assistant.understand.asks import split_asks

    machine = Context(
        gpus=[0, 1],
        gpu_models={0: "NVIDIA A100-SXM4-80GB Ampere", 1: "NVIDIA GeForce RTX 3090 Ampere"},
        job_names={"lr-sweep": 7, "resnet50-bench": 3, "vit-finetune": 5},
    )
    assert pick("how warm is the gaming gpu", machine) == Query("gpu_reading", gpu=1, metric="temperature")
    assert pick("is a gaming card any good for training", machine) is None  # an opinion, no card of ours
    assert pick("energy of the learning rate sweep", machine) == Query("job_detail", job=7)
    assert pick("when did the resnet benchmark end", machine) == Query("job_detail", job=3)
    assert pick("how long did the vit fine-tuning take", machine) == Query("job_detail", job=5)
    assert split_asks("While vit-finetune was running, what was the peak power?") == [
        "While vit-finetune was running, what was the peak power?"
    ]
    assert len(split_asks("how hot is gpu 0, and why did job 3 fail?")) == 2


def test_cards_called_by_their_kind_and_two_cards_so_called_side_by_side() -> None:
    """ "the data-center gpu" is the one data-center model beside a GeForce, "the consumer card" the
    GeForce; two cards called by what they are ("the big card or the gaming card", "the small card vs the
    server gpu") are both, as "gpu 0 or gpu 1" is: every card's reading, which says which."""
    machine = Context(
        gpus=[0, 1],
        gpu_models={0: "NVIDIA L40S Ada Lovelace", 1: "NVIDIA GeForce RTX 3090 Ampere"},
        gpu_memory={0: 46068.0, 1: 24576.0},
    )
    yesterday = window_of("yesterday", FIXED_NOW)
    assert pick("power of the data-center gpu", machine) == Query("gpu_reading", gpu=0, metric="power")
    assert pick("how warm is our consumer card", machine) == Query("gpu_reading", gpu=1, metric="temperature")
    both = Query("gpu_reading", metric="temperature", window=yesterday)
    assert pick("which was warmer yesterday, the big card or the gaming card", machine) == both
    assert pick("yesterday's temps, the small card vs the server gpu", machine) == both
    assert pick("how hot did the big card get yesterday", machine) == Query(
        "gpu_reading", gpu=0, metric="temperature", window=yesterday
    )


def test_a_result_the_job_printed_and_its_attempts_in_focus() -> None:
    focus = Context(Query("job_detail", job=3), subjects=[3], gpus=[0, 1], job_names={"resnet50-bench": 3})
    assert pick("and its mmlu?", focus) == Query("job_log", job=3)
    assert pick("at which epoch", focus) == Query("job_log", job=3)
    assert pick("how much energy did all those attempts use", focus) == Query("job_detail", job=3)


def test_a_name_mistyped_by_a_letter_and_hardware_tuning_advice() -> None:
    machine = Context(
        gpus=[0, 1],
        gpu_models={0: "NVIDIA H100 80GB HBM3", 1: "NVIDIA GeForce RTX 4090"},
        job_names={"vit-large-train": 4, "vit-large-eval": 5},
    )
    assert pick("why did vit-large-trian stop", machine) == Query("job_detail", job=4)
    assert pick("vit-larg-eval done?", machine) == Query("job_detail", job=5)
    assert pick("should i undervolt gpu 1", machine) is None
    assert pick("what fan curve should i set on gpu 1 in afterburner", machine) is None
    assert pick("in afterburner terms, what's the core clock on gpu 0", machine) is not None  # a reading
    assert pick("is gpu 0 thermal throttling", machine) == Query("gpu_reading", gpu=0, metric="overview")
    assert pick("what power state is gpu 1 in", machine) == Query("gpu_reading", gpu=1, metric="overview")
    assert pick("biggest memory footprint vit-large-train had", machine) == Query(
        "gpu_reading", metric="memory", job=4
    )


def test_a_long_part_of_a_name_said_with_spaces_and_mistyped_by_a_letter() -> None:
    machine = Context(gpus=[0, 1], job_names={"vit-large-pretrain": 4, "vit-large-eval": 5})
    assert pick("how long did the vit large pretrian run", machine) == Query("job_detail", job=4)
    assert pick("how long did the vit large eval run", machine) == Query("job_detail", job=5)
