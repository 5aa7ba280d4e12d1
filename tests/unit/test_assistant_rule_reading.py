"""The rule picker on everyday wording: words read as what they mean, questions that only read right as a
whole, follow-ups that keep what the last answer was about, and requests to change a job named by name.

Each case is worded apart from the held-out question sets (``assistant_heldout_*.json``), so these pin
the reading in general rather than one set's sentence.
"""

from __future__ import annotations

from assistant_lab.sampling import FIXED_NOW
from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.queries.spans import window_of
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker
from gpuaccel.assistant.understand.words import words

MACHINE = {"gpus": [0, 1], "gpu_models": {0: "NVIDIA H100 80GB HBM3", 1: "NVIDIA GeForce RTX 4090"}}
TODAY = window_of("today", FIXED_NOW)
YESTERDAY = window_of("yesterday", FIXED_NOW)


def pick(question: str, context: Context | None = None) -> Query | None:
    return RulePicker().pick(question, context or Context(), FIXED_NOW)


def test_everyday_words_read_as_what_they_mean() -> None:
    assert pick("has anything been breaking today?") == Query("failures", window=TODAY)
    assert pick("how do I slice bread") is None  # "bread" is not "break"
    assert pick("which gpu is chilliest") == Query("gpu_rank", metric="temperature", order="min")
    assert pick("explain the terms of the license") is None  # "terms" is not "temps"
    assert pick("busy ranking") == Query("gpu_rank", metric="util", order="max")
    assert pick("are the cards throttled") == Query("gpu_reading", metric="overview")
    assert words("n the power?")[0] == "and" and words("gpu n 1")[1] == "n"  # only a leading "n" is "and"
    assert pick("nd the coolest", Context(Query("gpu_rank", metric="temperature", order="max"))) == Query(
        "gpu_rank", metric="temperature", order="min"
    )


def test_questions_that_read_right_only_as_a_whole() -> None:
    assert pick("gpu 1 tdp?") == Query("gpu_reading", gpu=1, metric="power")  # a limit is the power limit
    assert pick("memory limit of gpu 0") == Query("gpu_reading", gpu=0, metric="memory")
    assert pick("how do the gpus compare?") == Query("gpu_reading", metric="overview")
    assert pick("which programs on gpu 0 did the queue not start") == Query("memory_users", gpu=0)
    assert pick("is it warm outdoors") is None  # the weather, not a GPU
    assert pick("sort this list for me") is None  # "list" alone names no GPU
    assert pick("what hardware is installed") == Query("gpu_list")
    # the queue says how long each running job has run; a ranking would name the longest of all time
    assert pick("how long have the running tasks been at it") == Query("queue", state="running")
    # a ranking over a span is each GPU's peak and mean over it (a ranking is of readings now)
    assert pick("which card ran hottest yesterday") == Query(
        "gpu_reading", metric="temperature", window=YESTERDAY
    )
    # "over time" (PromQL's max_over_time) is no GPU-time of jobs
    assert pick("max_over_time power on gpu 0 today") == Query(
        "gpu_reading", gpu=0, metric="power", window=TODAY
    )
    # a total of GPU-hours is the jobs of that GPU and span, which say it; "the most" ranks them
    assert pick("total gpu hours on gpu 1 today") == Query("jobs", gpu=1, window=TODAY, metric="gpu_time")
    assert pick("most gpu hours today") == Query("job_rank", metric="gpu_time", order="max", window=TODAY)
    # what the question is for, before a comma, is no topic; a lead that names a GPU stays
    assert pick("for the maintenance log, how warm is gpu 1?") == Query(
        "gpu_reading", gpu=1, metric="temperature"
    )
    assert pick("for gpu 1, how warm is it?") == Query("gpu_reading", gpu=1, metric="temperature")
    assert pick("the gpu core temps please") == Query("gpu_reading", metric="temperature")  # not tensor cores
    assert pick("pids on gpu 1") == Query("memory_users", gpu=1)


def test_it_after_an_answer_about_one_job_is_that_job() -> None:
    """ "How much energy did it use?" after a ranking narrowed to a GPU, or after a span's list of one job,
    asks that job's record, not the GPU's energy or the span's."""
    names = {"bert-pretrain": 3, "vit-sweep": 4}
    won = Context(
        Query("job_rank", gpu=1, metric="duration", order="max"), subjects=[3], job_names=names, **MACHINE
    )
    assert pick("how much energy did it burn?", won) == Query("job_detail", job=3)
    one = Context(Query("failures", window=YESTERDAY), subjects=[4], job_names=names, **MACHINE)
    assert pick("energy it used before it died?", one) == Query("job_detail", job=4)
    watts = Context(Query("gpu_reading", gpu=1, metric="power", window=YESTERDAY), **MACHINE)
    assert pick("and how much energy is that", watts) == Query("energy", gpu=1, window=YESTERDAY)
    swept = Context(Query("jobs", job_name="vit-sweep"), subjects=[4], job_names=names, **MACHINE)
    assert pick("how many gpu hours did they take altogether?", swept) == Query("jobs", job_name="vit-sweep")
    ran = Context(Query("job_detail", job=3), subjects=[3], job_names=names, **MACHINE)
    assert pick("peak vram before it crashed?", ran) == Query("gpu_reading", metric="memory", job=3)
    assert pick("its energy consumption?", ran) == Query("job_detail", job=3)  # energy, not power
    assert pick("runtime", ran) == Query("job_detail", job=3)
    on_gpu = Context(Query("jobs", gpu=1, window=TODAY), subjects=[3, 4], job_names=names, **MACHINE)
    assert pick("and the energy of those jobs, summed?", on_gpu) == Query("jobs", gpu=1, window=TODAY)


def test_follow_ups_on_readings_say_what_the_answer_says() -> None:
    """Two live readings in one clause are the overview (which says both); "out of what" names the total
    of the reading it names; "why nothing" after an N/A reading is that reading again; "total for both"
    after every GPU's energy is that answer, which says the total."""
    clock = Context(Query("gpu_reading", gpu=0, metric="clock"), **MACHINE)
    assert pick("and its temperature and power?", clock) == Query("gpu_reading", gpu=0, metric="overview")
    assert pick("the memory clock of gpu 1") == Query("gpu_reading", gpu=1, metric="mem_clock")  # one reading
    assert pick("how much of its memory is used, out of what?", clock) == Query(
        "gpu_reading", gpu=0, metric="memory"
    )
    fans = Context(Query("gpu_reading", metric="fan"), **MACHINE)
    assert pick("why is it blank for gpu 0", fans) == Query("gpu_reading", metric="fan")
    energy = Context(Query("energy", window=YESTERDAY), **MACHINE)
    assert pick("total for both", energy) == Query("energy", window=YESTERDAY)


def test_a_sysadmins_shorthand_and_follow_ups() -> None:
    """ "pwr", "q", a job "with 14", "will ... tonight" (the future), "ran for how long before that" (its own
    run), "model + total mem", "that pid" after the process list, "the last job on it" of the idle GPU."""
    from gpuaccel.assistant.understand.replies import about_the_future

    names = {"prep": 1, "bert-pretrain": 3, "vit-sweep": 14}
    ctx = Context(job_names=names, **MACHINE)
    assert pick("peak pwr on gpu 1 yesterday", ctx) == Query(
        "gpu_reading", gpu=1, metric="power", window=YESTERDAY
    )
    assert pick("q?", ctx) == Query("queue")
    assert pick("Q: how warm is gpu 1", ctx) == Query("gpu_reading", gpu=1, metric="temperature")  # a label
    assert pick("what's going on with 14", ctx) == Query("job_detail", job=14)
    assert about_the_future("will gpu 1 get past 85 c tonight?") is not None
    assert about_the_future("ran for how long before that") is None
    for when_done in ("eta for 14?", "time remaining on the vit sweep", "how much longer will 3 take"):
        assert about_the_future(when_done) is not None, when_done
    assert about_the_future("how much longer did 3 run than 14") is None  # the past, compared
    ran = Context(Query("job_detail", job=3), subjects=[3], job_names=names, **MACHINE)
    assert pick("ran for how long before that", ran) == Query("job_detail", job=3)  # not job 2
    assert pick("and the run before it", ran) == Query("job_detail", job=2)
    assert pick("gpu 1 model + total mem", ctx) == Query("gpu_list", gpu=1)
    procs = Context(Query("memory_users", gpu=0), **MACHINE)
    assert pick("how much mem is that pid using", procs) == Query("memory_users", gpu=0)
    idle = Context(Query("idle_gpus"), subject_gpus=[1], job_names=names, **MACHINE)
    assert pick("when did the last job on it finish?", idle) == Query("finished", gpu=1)


def test_chip_words_runs_and_arrays_read_as_what_they_name() -> None:
    """ "die temp" is the chip's temperature, not a failure; two readings over a span are the overview over
    it (each one's peak and mean); a reading of the job in focus in the past is over its run; an array's
    element ranked by a measure; the job named first is the one asked about."""
    names = {"prep": 1, "bert-pretrain": 3, "vit-sweep": 7}
    arrays = {"vit-sweep": {0: 5, 1: 6, 2: 7}}
    assert pick("peak die temp on gpu 0 today") == Query(
        "gpu_reading", gpu=0, metric="temperature", window=TODAY
    )
    assert pick("avg util and avg power of gpu 1 yesterday") == Query(
        "gpu_reading", gpu=1, metric="overview", window=YESTERDAY
    )
    ran = Context(Query("job_detail", job=3), subjects=[3], job_names=names, **MACHINE)
    assert pick("and what was its mean temperature?", ran) == Query(
        "gpu_reading", metric="temperature", job=3
    )
    assert pick("how much memory did it ask for", ran) == Query("job_detail", job=3)  # its request
    swept = Context(job_names=names, arrays=arrays, **MACHINE)
    assert pick("which vit-sweep element used the most energy", swept) == Query(
        "job_rank", metric="energy", order="max", job_name="vit-sweep"
    )
    listed = Context(Query("jobs", job_name="vit-sweep"), subjects=[7, 6, 5], job_names=names, arrays=arrays)
    assert pick("which element failed?", listed) == Query("failures", job_name="vit-sweep")
    # "used more" of an array's jobs listed each with its energy: the energy they used, ranked
    assert pick("and which of the 3 used more?", listed) == Query(
        "job_rank", metric="energy", order="max", job_name="vit-sweep"
    )
    assert pick("how long did bert-pretrain wait for prep to finish", swept) == Query("job_detail", job=3)
    assert pick("which card is free for a new run?", swept) == Query("idle_gpus")
    assert pick("pid list of gpu 0", swept) == Query("memory_users", gpu=0)


def test_follow_ups_keep_what_the_last_answer_was_about() -> None:
    ranked = Context(Query("gpu_rank", metric="temperature", order="max"), subject_gpus=[0], **MACHINE)
    assert pick("how much power does the other one draw?", ranked) == Query(
        "gpu_reading", gpu=1, metric="power"
    )
    longest = Context(Query("job_rank", metric="duration", order="max", window=YESTERDAY))
    assert pick("and the quickest?", longest) == Query(
        "job_rank", metric="duration", order="min", window=YESTERDAY
    )
    shortest = Context(Query("job_rank", metric="duration", order="min", window=YESTERDAY))
    assert pick("and the longest today", shortest) == Query(
        "job_rank", metric="duration", order="max", window=TODAY
    )
    watts = Context(Query("gpu_reading", metric="power"))
    assert pick("which is higher?", watts) == Query("gpu_rank", metric="power", order="max")
    assert pick("which one has less", Context(Query("gpu_reading", metric="memory"))) == Query(
        "gpu_rank", metric="memory", order="min"
    )
    day = Context(Query("summary", window=YESTERDAY))
    # a summary says each GPU's peak temperature, not its mean: the reading over the span says both
    assert pick("what was the mean temperature?", day) == Query(
        "gpu_reading", metric="temperature", window=YESTERDAY
    )
    assert pick("any failures?", day) == Query("failures", window=YESTERDAY)
    assert pick("show me all jobs that failed on any gpu this week", day).window != YESTERDAY  # not short


def test_a_number_asked_why_after_a_list_of_failures_is_that_job() -> None:
    """ "and why 7?" or "and 3 why" after the failures listed asks that one job's reason, not the newest's."""
    failed = Context(
        Query("failures", window=TODAY), subjects=[7, 3], job_names={"bert-pretrain": 7, "vit-tune": 3}
    )
    assert pick("and why 3?", failed) == Query("job_detail", job=3)
    assert pick("and 3 why", failed) == Query("job_detail", job=3)
    assert pick("why?", failed) == Query("job_detail", job=7)


def test_a_job_answer_names_the_gpu_it_ran_on_for_that_card(svc: AssistantService) -> None:
    """After one job's detail, "that card" is the GPU the job ran on (a job on several GPUs names none)."""
    from gpuaccel.assistant.queries.catalogue import run
    from gpuaccel.assistant.queries.query import QueryContext

    ctx = QueryContext(svc.chat.facts, svc.chat.assistant_state, svc.chat.now)
    one, two = run(ctx, Query("job_detail", job=3)), run(ctx, Query("job_detail", job=1))
    assert one.subject_gpus == [1] and two.subject_gpus == []
    after = Context(one.query, one.subject_jobs, subject_gpus=one.subject_gpus, **MACHINE)
    assert pick("how warm is that card?", after) == Query("gpu_reading", gpu=1, metric="temperature")
    assert pick("how long did it take", after) == Query("job_detail", job=3)


def test_a_request_to_change_a_job_named_by_its_name_names_the_command() -> None:
    from assistant_helpers import act_reply

    names = {"Bench-B": 2, "train_a.v2": 7}
    assert act_reply("could you kill bench-b please", names) == (
        "I only read this machine; I do not change anything from the chat. To kill job 2 (Bench-B): gpuaccel"
        " cancel 2, or Cancel in the Jobs tab."
    )
    assert (act_reply("pause train_a.v2, the other run needs the card", names) or "").endswith(
        "To pause job 7 (train_a.v2): gpuaccel pause 7, or Pause in the Jobs tab."
    )
    assert act_reply("stop the music", names) is None  # names no job
    assert act_reply("stop job 3 from what?", names) is None
    assert (act_reply("restart job 4.", names) or "").endswith("gpuaccel retry 4, or Retry in the Jobs tab.")


def test_the_chat_answers_a_request_on_a_named_job_with_its_command(svc: AssistantService) -> None:
    import test_assistant_questions as T

    _, text, query = T.ask(svc, "go terminate finetune-b now", None)
    assert query is None and text.endswith(
        "To terminate job 5 (finetune-b): gpuaccel cancel 5, or Cancel in the Jobs tab."
    )


def test_utilization_asked_beside_the_memory_controller_gets_both() -> None:
    """A utilization word outside "memory controller utilization" asks the GPU's own utilization too: the
    overview says both; the phrase's own word ("utilization of the memory controller") asks only it."""
    for both, gpu in (("gpu 1 utilization and memory bus utilization?", 1), ("util + dram bw util gpu 0", 0)):
        assert pick(both) == Query("gpu_reading", gpu=gpu, metric="overview"), both
    assert pick("hbm used and dram bw util on gpu 0") == Query("gpu_reading", gpu=0, metric="overview")
    assert pick("what is the utilization of the memory controller on gpu 1").metric == "mem_util"
    assert pick("gpu 0 memory bandwidth utilization").metric == "dram"
    assert pick("how busy is gpu 0's dram bandwidth").metric == "dram"


def test_how_long_it_ran_after_a_cards_idle_time_is_its_busy_time() -> None:
    """After a card's idle (or busy) time over a span, "how long was it running / in use" asks that card's
    busy time, which the same answer says; "what is running on it" still asks what runs there."""
    idle = Context(Query("gpu_reading", gpu=1, metric="util", window=TODAY), subject_gpus=[1], **MACHINE)
    for again in ("and how long was it running?", "how long was it in use then"):
        assert pick(again, idle) == idle.last, again
    assert pick("what is running on it now?", idle).name == "jobs"


def test_a_job_named_after_a_cards_energy_asks_that_jobs_own_total(heldout_svc: AssistantService) -> None:
    """After a card's energy over a span, a follow-up naming a job with "in total" or "all its attempts" asks
    that job's own total (its record sums its attempts), not every card's energy; without a job named,
    "in total" still sums the cards."""
    import test_assistant_questions as T

    for again in ("what about flash-attn-build, every attempt together?", "and flash-attn-build in total"):
        sid, _, _ = T.ask(heldout_svc, "energy used by gpu 1 yesterday?", None)
        _, _, query = T.ask(heldout_svc, again, sid)
        assert query == {"name": "job_detail", "job": 3}, (again, query)
    sid, _, _ = T.ask(heldout_svc, "energy used by gpu 1 yesterday?", None)
    _, _, query = T.ask(heldout_svc, "and both cards in total?", sid)
    assert query is not None and query["name"] == "energy" and query.get("gpu") is None, query


def test_the_queue_started_again_is_the_queue_resumed() -> None:
    """A queue is paused and resumed, never restarted: "restart the queue", "start the queue back up" ask
    for gpuaccel resume (a clause before the request aside); "when did the queue start" asks nothing."""
    from assistant_helpers import act_reply

    for request in (
        "restart the whole queue",
        "upgrade finished, start our queue back up",
        "unfreeze the queue",
    ):
        assert "gpuaccel resume (or" in (act_reply(request, {}) or ""), request
    assert act_reply("when did the queue start?", {}) is None


def test_a_job_said_to_need_another_gpu_is_moved_there() -> None:
    """ "X should run on GPU N", "X has to run on gpu N" ask for the job moved there (gpuaccel edit
    --gpu-ids), as "move X to GPU N" does; "what should run on gpu 1?" is a question."""
    from assistant_helpers import act_reply

    names = {"bert-pretrain": 21}
    for request in (
        "bert-pretrain has to run on gpu 1",
        "ok so bert-pretrain should be run on GPU 1 instead",
    ):
        assert "gpuaccel edit 21 --gpu-ids 1" in (act_reply(request, names) or ""), request
    assert act_reply("what should run on gpu 1?", names) is None


def test_a_card_corrected_after_an_interjection_alone_is_the_card_meant() -> None:
    """ "power of gpu 1? no wait, gpu 0" corrects the card as "... no wait, I meant gpu 0('s)" does: the
    question, of the card meant."""
    from gpuaccel.assistant.understand.spoken import typed_out

    for said in ("fan of card 0? nope, card 1", "fan of card 0? oops, I meant gpu 1's"):
        assert typed_out(said) == "fan of GPU 1?", said


def test_the_freest_card_is_the_one_with_the_most_free_memory() -> None:
    # the refusal's own list says "which GPU is hottest, busiest or freest": each one a ranking
    ranked = Query("gpu_rank", metric="free_memory", order="max")
    for question in ("which gpu is the freest at the moment", "emptiest card?", "what's the roomiest gpu"):
        assert pick(question) == ranked, question


def test_requests_said_with_a_hyphened_re_a_bare_count_or_a_card_kept_to() -> None:
    """ "re-queue it", "re-launch it" are the listed verbs unhyphened; "make it 2 gpus" changes a job's GPU
    count with no "use"; "pin X to gpu 0", "have X only use gpu 0" keep it on that card; "delete the old X
    job" removes that job, not every finished one."""
    from assistant_helpers import act_reply

    names = {"bert-pretrain": 21}
    for request in ("please re-queue it", "re-launch that one"):
        assert "gpuaccel retry 21" in (act_reply(request, names, focus=21) or ""), request
    assert "gpuaccel edit 21 --gpus 2" in (act_reply("make it 2 gpus only", names, focus=21) or "")
    for request in ("pin bert-pretrain to gpu 0", "could you have bert-pretrain only use gpu 0"):
        assert "gpuaccel edit 21 --gpu-ids 0" in (act_reply(request, names) or ""), request
    assert "gpuaccel remove 21" in (act_reply("delete the old bert-pretrain job", names) or "")
    assert "gpuaccel clean" in (act_reply("delete the old jobs", names) or "")


def test_quebec_filler_la_after_an_opening_word_says_nothing() -> None:
    """Québec's "ok là", "bon là" open a reply and ask nothing; "la" unaccented is the article but before
    its comma."""
    from gpuaccel.assistant.understand.languages.french import french

    assert french("bon là, arrête-le") == french("bon, arrête-le")
    assert french("ok là, tue-le") == french("ok, tue-le")
    assert "the card" in french("ok la carte 1")


def test_a_question_words_d_is_did() -> None:
    """ "where'd it run", "how'd the build go": the question word and "did", no stray "d"."""
    assert words("where'd it run")[:2] == ["where", "did"]
    assert "d" not in words("how'd the build go")


def test_a_request_asked_as_a_bare_infinitive_gets_its_command() -> None:
    """ "and later, to release it?" leaves out "how do i": the command, as for "how do i release it";
    a plain "to" with no request verb after it asks nothing."""
    from assistant_helpers import act_reply

    names = {"bert-pretrain": 21}
    said = act_reply("and later, to release it?", names, focus=21, held=frozenset({21}))
    assert "gpuaccel release 21" in (said or "")
    assert act_reply("and later, to what temperature?", names, focus=21) is None


def test_the_log_said_bare_in_a_message_of_two_asks_is_the_jobs_talked_about(
    heldout_svc: AssistantService,
) -> None:
    """ "the log" only a job has: in a message of two asks after a job's answer, it is that job's log, as
    "the job" is, not the newest job's."""
    import test_assistant_questions as T

    sid, _, _ = T.ask(heldout_svc, "what went wrong with flash-attn-build?", None)
    _, _, query = T.ask(heldout_svc, "paste the log please, what was the last step it printed", sid)
    assert query == {"name": "job_log", "job": 3}, query


def test_a_short_first_part_that_names_nothing_goes_on_from_the_last_answer(
    heldout_svc: AssistantService,
) -> None:
    """ "what value? which job?" after a peak asks that peak's value and its job; "outcome? show the log"
    after a job's record asks of that job: a first part of a few words naming no reading asks nothing on its
    own (not the GPUs' overview, nor the log of the job running now)."""
    import test_assistant_questions as T

    sid, _, _ = T.ask(heldout_svc, "when did the 4090 draw the most power yesterday?", None)
    _, text, _ = T.ask(heldout_svc, "what value? which job?", sid)
    assert "187 W" in text and "flash-attn-build" in text, text
    sid, _, _ = T.ask(heldout_svc, "how long did data-prep take?", None)
    _, text, query = T.ask(heldout_svc, "outcome? show the log", sid)
    assert query == {"name": "job_detail", "job": 1} and "The log of job 1 " in text, (query, text)


def test_a_duration_guessed_back_asks_the_jobs_total(heldout_svc: AssistantService) -> None:
    """ "so roughly 3 min total?" after a job's answer checks a guess of its run time: that job's record
    (which says the figure), as "how long in total?" asks."""
    import test_assistant_questions as T

    sid, _, _ = T.ask(heldout_svc, "what went wrong with flash-attn-build?", None)
    _, _, query = T.ask(heldout_svc, "so roughly 3 mins in total?", sid)
    assert query == {"name": "job_detail", "job": 3}, query


def test_a_request_corrected_in_place_by_a_job_said_after_an_interjection() -> None:
    """ "pause 21... no, sorry, job 22" corrects the job as "... no wait, I meant 22" does: the request, of
    the job said after the interjection alone; "retry 21, no, 22 too" is no correction."""
    from assistant_helpers import act_reply

    names = {"bert-pretrain": 21, "vit-probe": 22}
    for request in ("pause job 21... nope, sorry, job 22", "pause 21, oops, 22", "pause #21 - wait, the 22"):
        reply = act_reply(request, names) or ""
        assert "gpuaccel pause 22" in reply and "21" not in reply.split("gpuaccel")[1], (request, reply)


def test_the_log_looked_at_beside_a_question_is_the_log_of_the_job_talked_about(
    heldout_svc: AssistantService,
) -> None:
    """ "look at the log, what did hellaswag come out at?" after a job's answer: that job's log, as "the job"
    in a part of its own is (not the running job's)."""
    from test_assistant_questions import ask

    sid, _, _ = ask(heldout_svc, "how long did llama-8b-eval take?", None)
    _, text, query = ask(heldout_svc, "look at the log, what did hellaswag come out at?", sid)
    assert query is not None and query.get("job") == 4 and "0.791" in text, (query, text)


def test_a_request_the_jobs_state_refuses_says_so_and_what_would_work() -> None:
    """The daemon refuses "pause" of an ended job, "hold" of a running one, "resume" of a held one (its
    transition table): the reply says so, with the command meant instead, not a command that fails."""
    from gpuaccel.assistant.understand.acts import read_act
    from gpuaccel.assistant.understand.context import Context

    names = {"vit-probe": 31, "bert-pretrain": 32, "gan-sweep": 33, "clip-eval": 34}
    states = {31: "succeeded", 32: "running", 33: "held", 34: "failed"}

    def reply(question: str) -> str:
        act = read_act(question, Context(job_names=names), states)
        assert act is not None, question
        return act.reply

    done = reply("could you pause vit-probe")
    assert "gpuaccel pause 31 would be refused (only a running job can be paused)" in done
    assert "has succeeded" in done and "To run it again: gpuaccel retry 31" in done
    assert "To stop it where it is: gpuaccel pause 32" in reply("put bert-pretrain on hold")
    assert "To let it start: gpuaccel release 33" in reply("resume gan-sweep")
    assert "a job that has finished cannot be cancelled" in reply("kill clip-eval")
    assert "would be refused" not in reply("retry clip-eval")  # a failed job is retried
    assert "would be refused" not in reply("pause bert-pretrain")


def test_chinese_read_in_english() -> None:
    """Chinese written around English words reads as English: its days, readings and question words, its
    numerals counted ("二号卡" is GPU 2's card, "三小时" three hours), a "X呢" follow-up as "and X?"."""
    from gpuaccel.assistant.understand.languages.east_asian import chinese_read, east_asian
    from gpuaccel.assistant.understand.spoken import written

    asked = pick(written("昨天 4090 的平均温度是多少"), Context(**MACHINE))
    assert asked == Query("gpu_reading", gpu=1, metric="temperature", window=YESTERDAY), asked
    assert pick(written("H100 现在的显存占用"), Context(**MACHINE)) == Query(
        "gpu_reading", gpu=0, metric="memory"
    )
    assert "GPU 1" in chinese_read("一号卡的功耗") and "last 3 hours" in chinese_read("最近三小时")
    assert east_asian("利用率呢？").startswith("and utilization?")
    assert "today" in east_asian("今天 power") and "now" not in east_asian("今天 power")  # not Japanese's 今


def test_a_priority_said_alone_keeps_its_number_whole() -> None:
    """ "priority 12" alone is the new priority of the job talked about (in digits inside Chinese too:
    "把它 priority 改成 12"), never job 1 at priority 2."""
    from assistant_helpers import act_reply

    from gpuaccel.assistant.understand.spoken import written

    names = {"bert-pretrain": 21, "vit-probe": 22}
    for request in ("把它 priority 改成 12", "那就帮我把它的 priority 调到 12 吧"):
        reply = act_reply(written(request), names, focus=22) or ""
        assert "gpuaccel priority 22 12" in reply and "priority 1 2" not in reply, (request, reply)


def test_chinese_requests_and_past_then(heldout_svc: AssistantService) -> None:
    """A Chinese request puts its object first with 把 ("把 X 取消"): the command of that job; what ran
    "then" (当时) after a peak's answer is the job at the peak's time."""
    from test_assistant_questions import ask

    _, text, _ = ask(heldout_svc, "请把 whisper-finetune 取消", None)
    assert "gpuaccel cancel" in text, text
    sid, _, _ = ask(heldout_svc, "4090 今天温度最高是几点", None)
    _, text, query = ask(heldout_svc, "当时跑的是哪个 job", sid)
    assert query is not None and query.get("window", {}).get("label", "").startswith("at "), (query, text)
    sid, _, _ = ask(heldout_svc, "why is llama-405b-probe still waiting?", None)
    _, text, _ = ask(heldout_svc, "priority 10", sid)  # the new priority of the job talked about
    assert "gpuaccel priority 13 10" in text and "gpuaccel priority 1 0" not in text, text
    _, text, _ = ask(heldout_svc, "ok prio 20 then", sid)
    assert "gpuaccel priority 13 20" in text, text


def test_queue_pauses_and_gpu_counts_said_in_other_words() -> None:
    """ "prevent anything new from kicking off" pauses the queue and "let the queue run again" resumes it;
    a job's GPU count changed by "to ask for N GPUs" or said as a noun ("its gpu count to 2")."""
    from assistant_helpers import act_reply

    names = {"bert-pretrain": 21, "vit-probe": 22}
    reply = act_reply("please prevent anything new from kicking off, we're patching the server", names) or ""
    assert "gpuaccel pause" in reply and "gpuaccel pause 2" not in reply, reply
    reply = act_reply("we're finished, let the queue run again", names) or ""
    assert "gpuaccel resume" in reply and "gpuaccel resume 2" not in reply, reply
    for request, command in (
        ("edit job 22 to ask for one gpu", "gpuaccel edit 22 --gpus 1"),
        ("set vit-probe's gpu count to 2", "gpuaccel edit 22 --gpus 2"),
        ("change the number of gpus for job 21 to 1", "gpuaccel edit 21 --gpus 1"),
    ):
        assert command in (act_reply(request, names) or ""), request


def test_a_bare_value_after_a_threshold_is_the_new_threshold(heldout_svc: AssistantService) -> None:
    """ "what about 60?" after how long a card stayed at a value or more asks that time at 60, not a GPU 60;
    a number that is one of the machine's GPUs ("and 1?") or in a GPU's model ("and the 4090?") stays it."""
    from test_assistant_questions import ask

    sid, _, _ = ask(heldout_svc, "how long did gpu 0 stay at 70 degrees or more today", None)
    _, _, query = ask(heldout_svc, "what about 60?", sid)
    assert query is not None and query["gpu"] == 0 and query.get("at_least") == 60, query
    _, _, query = ask(heldout_svc, "and 1?", sid)
    assert query is not None and query["gpu"] == 1 and query.get("at_least") == 60, query
    _, _, query = ask(heldout_svc, "what about the 4090", sid)
    assert query is not None and query["gpu"] == 1 and query.get("at_least") == 60, query


def test_a_bare_value_is_a_card_only_where_a_model_name_says_it_whole() -> None:
    """A model's memory size ("80GB") names no card: "or 80?" after a threshold is 80; "4090" is the card."""
    from gpuaccel.assistant.understand.thresholds import bare_threshold

    last = Query("gpu_reading", gpu=0, metric="temperature", at_least=85)
    models = {0: "NVIDIA H100 80GB HBM3", 1: "NVIDIA GeForce RTX 4090"}
    said = bare_threshold("or 80 then?", last, [0, 1], models)
    assert said is not None and said.value == 80, said
    assert bare_threshold("or the 4090 then?", last, [0, 1], models) is None


def test_a_change_said_first_then_asked_how_is_the_request(heldout_svc: AssistantService) -> None:
    """ "X should use one gpu, how can we do that?": what comes before the "how" is the change wanted; a job
    pointed at "cleared out of the list" is gone from it; "and X's?" after a log asks X's log."""
    from test_assistant_questions import ask

    _, text, query = ask(heldout_svc, "job 13 should just use 1 gpu - how do we set that up?", None)
    assert query is None and "gpuaccel edit 13 --gpus 1" in text, text
    sid, _, _ = ask(heldout_svc, "what happened to job 6?", None)
    _, text, query = ask(heldout_svc, "ok take that one off the list", sid)
    assert query is None and "gpuaccel remove 6" in text, text
    sid, _, query = ask(heldout_svc, "print the log of job 9", None)
    _, _, query = ask(heldout_svc, "and the same for job 4?", sid)
    assert query == {"name": "job_log", "job": 4}, query


def test_korean_read_in_english() -> None:
    """Korean in Hangul reads as English whatever its particles and verb endings: a card counted with 번
    ("1번 카드"), native numerals before a counter ("세 시간"), its question words, a "X는?" follow-up as
    "and X?", and a request whose verb ends its clause read verb first ("그거 hold 걸어줘", "작업 삭제해")."""
    from gpuaccel.assistant.understand.languages.east_asian import east_asian, korean_read
    from gpuaccel.assistant.understand.spoken import written

    asked = pick(written("어제 1번 카드 평균 온도 얼마였지"), Context(**MACHINE))
    assert asked == Query("gpu_reading", gpu=1, metric="temperature", window=YESTERDAY), asked
    assert pick(written("0번 gpu 메모리 얼마나 차있어요?"), Context(**MACHINE)) == Query(
        "gpu_reading", gpu=0, metric="memory"
    )
    assert "GPU 0" in korean_read("0번 카드 팬") and "last 3 hours" in korean_read("최근 세 시간 동안")
    assert "once" not in korean_read("한번 더") and "1" not in korean_read("한번 더")  # 한번: once more
    assert east_asian("1번은?").startswith("and GPU 1")
    assert east_asian("뭐가 남았는지는?").startswith("what")  # a question word of its own: no "and"
    assert east_asian("이 잡 hold 좀 걸어줄래?").startswith("hold"), east_asian("이 잡 hold 좀 걸어줄래?")
    assert east_asian("그 작업 기록 삭제해주세요").startswith("remove")


def test_korean_polite_forms_read_in_english(heldout_svc: AssistantService) -> None:
    """Polite Korean (요/습니다): a follow-up "X은요?", the n-th card (번째, counted from one) and "다른
    카드", an hour "오후 3시부터", a span above a level in degrees, time idle (놀/쉬) or busy (바쁘/일하),
    "X였고 Y" as "X and Y", and the queue's requests said with 보류 (hold), 우선순위 (priority), a count of
    GPUs ("카드 두 개로") or the card it must run on ("GPU 0에서만 실행되도록")."""
    from test_assistant_questions import ask

    from gpuaccel.assistant.understand.languages.east_asian import east_asian

    assert east_asian("첫 번째 카드 메모리는요?").startswith("and GPU 0"), east_asian(
        "첫 번째 카드 메모리는요?"
    )
    assert "the other GPU" in east_asian("다른 카드 온도도 알려 주세요")
    assert "since 15:00" in east_asian("오후 3시부터 평균 전력") and "since 9:30" in east_asian("9시 반부터")
    assert ":" not in east_asian("지난 2시간 동안")  # 시간 is hours, never a clock
    assert "at or above 80 degrees" in east_asian("80도를 넘은 시간")
    assert "idle" in east_asian("쉬고 있던 시간이 얼마예요?") and "busy" in east_asian("바쁜 시간")
    sid, _, _ = ask(heldout_svc, "어제 4090 평균 온도 알려 주세요", None)
    _, _, query = ask(heldout_svc, "최고치는요?", sid)
    assert query is not None and query["gpu"] == 1, query
    _, text, _ = ask(heldout_svc, "오늘 하루 1번 카드가 쉬었던 시간은 얼마입니까?", None)
    assert "12h44m" in text, text
    for request, command in (
        ("llama-405b-probe는 카드 한 개로 줄여 주시겠어요?", "gpuaccel edit 13 --gpus 1"),
        ("llama-70b-eval 우선순위를 3으로 바꿔 주십시오", "gpuaccel priority 12 3"),
        ("mistral-7b-sft를 보류해 주실 수 있나요?", "gpuaccel hold 11"),
        ("llama-70b-eval을 GPU 0에서만 실행되도록 설정해 주세요", "gpuaccel edit 12 --gpu-ids 0"),
    ):
        _, text, _ = ask(heldout_svc, request, None)
        assert command in text, (request, text)


def test_korean_spans_from_a_time_ago_thresholds_in_watts_and_requests_in_loanwords(
    heldout_svc: AssistantService,
) -> None:
    """Korean spans "N 시간 전부터 지금까지" (its 전부 no "all"), a level in watts (W 넘은), "몇 분" as
    how long, idle said in the past (놀았어, 쉬었어) and since when, held as "홀드 걸린", GPU time (GPU
    시간), a run before it stopped (돌다가 멈췄), "X 말고 Y" (not X: Y), and requests in loanwords (킬,
    재시작, 스로틀); a job's memory set reads as English's "set X's memory to N" (the reader of that English
    picks it)."""
    from test_assistant_questions import ask

    from gpuaccel.assistant.understand.languages.east_asian import east_asian

    assert east_asian("두 시간 전부터 지금까지 0번 카드 평균 온도").startswith("in the last 2 hours")
    assert "whole" not in east_asian("한 시간 전부터 지금까지 전력")
    assert east_asian("500W 넘은 시간 몇 분이야?") == "at or above 500 W how long?"
    assert east_asian("언제부터 쉬었어?") == "since when idle?"
    assert east_asian("큐 전체 말고 mistral-7b-sft 하나만 멈춰 줘") == "not queue, pause mistral-7b-sft"
    memory = east_asian("whisper-finetune 메모리를 20000으로 늘려 줘")
    assert "set whisper-finetune's memory to 20000" in memory, memory
    assert "set its memory to 30 GiB" in east_asian("메모리 30 GiB로 낮춰 줘")
    _, text, _ = ask(heldout_svc, "어제 1번 카드 얼마나 놀았어?", None)
    assert "idle 8h57m" in text, text
    _, _, query = ask(heldout_svc, "보류 걸린 작업 있어?", None)
    assert query == {"name": "jobs", "state": "held"}, query
    _, _, query = ask(heldout_svc, "4090 스로틀 걸렸어?", None)
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "overview"}, query
    _, _, query = ask(heldout_svc, "오늘 GPU 시간 가장 많이 쓴 작업 알려 줘", None)
    assert query is not None and query["name"] == "job_rank" and query["metric"] == "gpu_time", query
    sid, _, _ = ask(heldout_svc, "resnet50-bench 누가 죽였어?", None)
    _, text, _ = ask(heldout_svc, "얼마나 돌다가 멈췄어?", sid)
    assert "after running 20m00s" in text, text
    sid, _, _ = ask(heldout_svc, "두 시간 전부터 지금까지 0번 카드 전력 최대 얼마였어?", None)
    _, text, _ = ask(heldout_svc, "590W 넘은 건 몇 분이야?", sid)
    assert "at 590 W or more for 37m39s" in text, text
    sid, _, _ = ask(heldout_svc, "lr-sweep 중에 실패한 거 있어?", None)
    _, text, _ = ask(heldout_svc, "그 잡만 재시작해 줘", sid)
    assert "gpuaccel retry 9" in text, text
    _, text, _ = ask(heldout_svc, "llama-70b-eval 킬해 줘", None)
    assert "gpuaccel cancel 12" in text, text


def test_japanese_read_in_english() -> None:
    """Japanese in kana and kanji reads as English whatever its particles and verb endings: cards as 番,
    枚目 (counted from one) or full-width digits, kanji numerals before a counter, "一番" as the most, its
    question words, a "Xは？" follow-up as "and X?", and a request whose verb ends it read verb first, on
    "it" where Japanese leaves its object out."""
    from gpuaccel.assistant.understand.languages.east_asian import east_asian, japanese_read
    from gpuaccel.assistant.understand.spoken import written

    asked = pick(written("昨日の１番の平均温度って何度だった？"), Context(**MACHINE))
    assert asked == Query("gpu_reading", gpu=1, metric="temperature", window=YESTERDAY), asked
    assert "GPU 0" in japanese_read("1枚目のファン") and "last 2 hours" in japanese_read("ここ二時間")
    assert "hottest" in japanese_read("いちばん熱いカード") and "1" not in japanese_read("一時停止")
    assert east_asian("消費電力は？").startswith("and power")
    assert not east_asian("いつ始まったのは？").startswith("and")  # a question word of its own
    assert east_asian("bert-pretrain を止めてください").startswith("cancel bert-pretrain")
    assert east_asian("再開してもらえる？").startswith("resume it")
    assert east_asian("ジョブ4番の保留を解除して").startswith("release job 4")


def test_japanese_conversation(heldout_svc: AssistantService) -> None:
    """A Japanese conversation: how long a failed job ran over its attempts, then a retry with no object; a
    card's running processes; the whole queue paused; a job pinned to a card; a queued job's priority."""
    from test_assistant_questions import ask

    sid, _, _ = ask(heldout_svc, "sd-xl-train はどうして落ちたの？", None)
    _, text, _ = ask(heldout_svc, "リトライも含めて合計どれくらい走ってた？", sid)
    assert "9m41s" in text, text
    _, text, _ = ask(heldout_svc, "じゃあもう一度流してください", sid)
    assert "gpuaccel retry 5" in text, text
    _, text, _ = ask(heldout_svc, "1番のGPUで動いてるプロセスを表示して", None)
    assert "Xorg" in text, text
    _, text, _ = ask(heldout_svc, "キューを全部止めてほしい", None)
    assert "gpuaccel pause" in text and "gpuaccel pause 1" not in text, text
    _, text, _ = ask(heldout_svc, "llama-70b-eval を0番に固定してもらえますか", None)
    assert "gpuaccel edit 12 --gpu-ids 0" in text, text
    sid, _, _ = ask(heldout_svc, "llama-70b-eval はなぜ待ってるの", None)
    _, text, _ = ask(heldout_svc, "優先度を5に上げといて", sid)
    assert "gpuaccel priority 12 5" in text, text


def test_japanese_thresholds_a_cards_busy_time_and_requests_said_with_loanwords(
    heldout_svc: AssistantService,
) -> None:
    """Japanese: a level in degrees or watts (度以上, W以上), "時間ってどれくらい" as how long, a card's busy
    time said as how long it spun (回ってた), retries counted in said in English (retry込み), requests with
    English verbs (queue止めて, pause解除), a card said as the job's GPU setting (GPU指定), a priority said
    after its verb ("上げといて、3で"), 消しといて (remove); what the user wants to do, said as the reason
    first ("…たいから"), is said after the ask as "so I can ..."; a job's memory set reads as English's "set
    its memory to N" (the reader of that English picks it)."""
    from test_assistant_questions import ask

    from gpuaccel.assistant.understand.languages.east_asian import east_asian

    assert east_asian("85度以上だった時間ってどれくらい？") == "at or above 85 degrees how long?"
    assert "at or above 200 W" in east_asian("H100が200W以上だった時間")
    assert east_asian("retry込みでどれくらい走った？").startswith("including retries")
    assert east_asian("queue止めて") == "pause the queue" and east_asian("pause解除して") == "resume it"
    assert east_asian("ログ見たいから、job 3を止めて").startswith("cancel job 3, so I can")
    assert east_asian("job 3のログ見たいから見せて") == "show job 3 log"  # (its object in the reason)
    assert "set its memory to 30 GB" in east_asian("あとメモリ指定も30 GBに変えて")
    _, text, _ = ask(heldout_svc, "今日の0番はどのくらい回ってた？", None)
    assert "busy (10% or more) 2h25m" in text, text
    _, text, _ = ask(heldout_svc, "llama-70b-eval、GPU指定を1番に変更して", None)
    assert "gpuaccel edit 12 --gpu-ids 1" in text, text
    _, text, _ = ask(heldout_svc, "whisper-finetuneの優先度上げといて、3で", None)
    assert "gpuaccel priority 14 3" in text, text
    sid, _, _ = ask(heldout_svc, "data-prepのログ見せて", None)
    _, text, _ = ask(heldout_svc, "そのjob消しといて", sid)
    assert "gpuaccel remove 1" in text, text


def test_korean_requests_follow_ups_and_spans(heldout_svc: AssistantService) -> None:
    """A Korean conversation: a job's wait then "몇 시에 끝났어?", a request with its verb last, the whole
    queue stopped, a card's busy time over the last hour, the job that used the GPU the most."""
    from test_assistant_questions import ask

    sid, _, _ = ask(heldout_svc, "sd-xl-train 왜 실패한 거야?", None)
    _, text, _ = ask(heldout_svc, "그럼 그거 다시 retry 좀 해주세요", sid)
    assert "gpuaccel retry 5" in text, text
    _, text, _ = ask(heldout_svc, "대기열 전체 잠깐 멈춰 줘", None)
    assert "gpuaccel pause" in text and "gpuaccel pause 1" not in text, text
    _, _, query = ask(heldout_svc, "지난 한 시간 동안 1번 카드 사용률 평균은?", None)
    assert query is not None and query["gpu"] == 1 and query["metric"] == "util", query
    assert query["window"]["label"] == "in the last hour", query
    _, text, query = ask(heldout_svc, "오늘 GPU 가장 많이 사용한 작업이 뭐였어?", None)
    assert query is not None and query["name"] == "job_rank", (query, text)


def test_chinese_requests_said_politely_topic_first_or_without_their_object() -> None:
    """Chinese asks politely with 帮忙/麻烦/能不能 (never "busy"), names the queue or job first and the verb
    after ("队列先暂停", "X 只用 0 号卡"), drops the object after "verb 一下", and says a job's priority
    (优先级), its swap (对调) and its going on (继续跑) in words of its own."""
    from assistant_helpers import act_reply

    from gpuaccel.assistant.understand.spoken import written

    names = {"bert-pretrain": 21, "vit-probe": 22}
    for request, command in (
        ("麻烦把 vit-probe 的优先级改成 5", "gpuaccel priority 22 5"),
        ("能不能让 bert-pretrain 接着跑", "gpuaccel resume 21"),
        ("整个队列都停掉吧, 明天再说", "gpuaccel pause"),
        ("好了, 队列继续", "gpuaccel resume"),
        ("帮忙把 21 跟 22 对调一下", "gpuaccel switch 21 22"),
        ("bert-pretrain 改为只用 0 号卡", "gpuaccel edit 21 --gpu-ids 0"),
        ("这个我不要了, 帮忙 cancel 一下", "gpuaccel cancel 22"),
    ):
        assert command in (act_reply(written(request), names, focus=22) or ""), request
    assert "this morning" in written("今早 4090 温度") and "busy" not in written("帮忙看看")


def test_chinese_in_traditional_characters_and_taiwanese_words() -> None:
    """Traditional characters read as their simplified forms; Taiwan's "X咧" is "and X?"; idle (闲置, 闲着),
    since when (从几点), failed (挂掉), ended (结束) are named; "一次" is once, no job 1; "N个加起来" is all N
    together; a request names its job first or puts an English verb after 把."""
    from assistant_helpers import act_reply

    from gpuaccel.assistant.understand.languages.east_asian import chinese_read, east_asian
    from gpuaccel.assistant.understand.spoken import written

    assert pick(written("H100 現在的顯存佔用"), Context(**MACHINE)) == Query(
        "gpu_reading", gpu=0, metric="memory"
    )
    assert east_asian("那 4090 咧？").startswith("and 4090?")
    assert "since what time" in east_asian("H100 從幾點開始閒著的") and "idle" in east_asian("閒置多久")
    assert "what time failed" in east_asian("它幾點掛掉的") and "what time ended" in east_asian(
        "它幾點結束的"
    )
    assert "1" not in chinese_read("再 retry 一次吧") and "3 hour" in east_asian("三個小時")
    assert "all 3 in total" in chinese_read("三個加起來多久")
    names = {"bert-pretrain": 21, "vit-probe": 22}
    for request, command in (
        ("把 bert-pretrain kill 掉", "gpuaccel cancel 21"),
        ("vit-probe 的優先級幫忙調到 3", "gpuaccel priority 22 3"),
        ("bert-pretrain 先暫停一下", "gpuaccel pause 21"),
        ("vit-probe 不用了，麻煩砍掉", "gpuaccel cancel 22"),
        ("bert-pretrain 只跑在 0 號卡", "gpuaccel edit 21 --gpu-ids 0"),
        ("把整個 queue 先 pause 一下", "gpuaccel pause ("),
    ):
        assert command in (act_reply(written(request), names, focus=22) or ""), request


def test_it_after_several_jobs_is_the_one_whose_run_fits_the_verb() -> None:
    """ "when did it start?" after an answer that named a running job beside waiting and held ones is the one
    that started ("when did it fail" of the one that failed); where several fit, "it" stays unresolved."""
    from gpuaccel.assistant.understand.context import JobBrief

    briefs = {
        31: JobBrief("running", 1, (0,), started=FIXED_NOW - 600),
        32: JobBrief("queued", 1),
        33: JobBrief("failed", 1, (1,), started=FIXED_NOW - 900, until=FIXED_NOW - 300),
        34: JobBrief("held", 1),
    }
    listed = Context(
        last=Query("queue"), subjects=[32, 34], listing=[31, 32, 34], job_briefs=briefs, **MACHINE
    )
    assert pick("when did it start?", listed) == Query("job_detail", job=31)
    failures = Context(last=Query("jobs"), subjects=[31, 33], listing=[31, 33], job_briefs=briefs, **MACHINE)
    assert pick("when did it fail?", failures) == Query("job_detail", job=33)
    assert pick("when did it start?", failures) != Query("job_detail", job=31)  # both started
    # "what went wrong there?" points at the list as "it" does, and asks of the one that failed
    assert pick("so what went wrong there?", failures) == Query("job_detail", job=33)
    assert pick("what went wrong with it", failures) == Query("job_detail", job=33)


def test_requests_taken_back_pointed_at_only_where_they_apply(heldout_svc: AssistantService) -> None:
    """A request taken back ("undo that", "put it back", Russian "верни обратно") right after pausing a job
    is that job resumed, not the queue; "release them" after the queue's waiting and held jobs releases the
    held one only; "same breakdown for GPU 0" asks the last reading of that card; a display server is a
    process on a card; a job changed in Russian to run on one GPU is edited so."""
    from test_assistant_questions import ask

    for back in ("undo that", "put it back", "ладно, верни обратно"):
        sid, _, _ = ask(heldout_svc, "pause job 11", None)
        _, text, _ = ask(heldout_svc, back, sid)
        assert "gpuaccel resume 11" in text, (back, text)
    sid, _, _ = ask(heldout_svc, "what's waiting?", None)
    _, text, _ = ask(heldout_svc, "release them", sid)
    assert "gpuaccel release 14." in text, text
    sid, _, _ = ask(heldout_svc, "что на холде висит?", None)
    _, text, _ = ask(heldout_svc, "отпусти его в очередь", sid)
    assert "gpuaccel release 14." in text, text
    sid, _, _ = ask(heldout_svc, "How long was GPU 1 busy today?", None)
    _, _, query = ask(heldout_svc, "Same breakdown for GPU 0.", sid)
    assert query is not None and query["gpu"] == 0 and query["metric"] == "util", query
    _, text, _ = ask(heldout_svc, "is anything on gpu 1, even a display server?", None)
    assert "Xorg" in text, text
    _, text, _ = ask(heldout_svc, "llama-405b-probe поправь, чтобы на одной гпу шёл, а не на двух", None)
    assert "gpuaccel edit 13 --gpus 1" in text, text
    _, text, query = ask(heldout_svc, "сколько шардов прочитал data-prep", None)
    assert "1,204" in text, (query, text)


def test_a_card_said_by_its_place_at_a_moment_then_a_setting_of_the_one_job(
    heldout_svc: AssistantService,
) -> None:
    """ "what was running on the second one at 12:10" is the jobs of GPU 1 then (the ordinal and "one" said
    the card, no other topic); "which learning rate was that job" after the one job found there is what its
    log printed, as "what lr did it use" is."""
    from test_assistant_questions import ask

    sid, _, query = ask(heldout_svc, "what was running on the second one at 12:10", None)
    assert query is not None and query["name"] == "jobs" and query["gpu"] == 1, query
    _, text, query = ask(heldout_svc, "which learning rate was that job", sid)
    assert query == {"name": "job_log", "job": 7} and "lr=0.0001" in text, (query, text)


def test_carrying_on_after_a_pause_resumes_and_all_done_is_no_queue(heldout_svc: AssistantService) -> None:
    """ "right, all done - press on with it" after pausing a job: that job resumed ("carry on", "crack on",
    "press on" continue it), and "all done" tells what the writer finished, no "all" of the queue."""
    from test_assistant_questions import ask

    for later in ("all done, press on with it", "finished now, carry on", "crack on with it"):
        sid, _, _ = ask(heldout_svc, "could you pause job 11 for me", None)
        _, text, _ = ask(heldout_svc, later, sid)
        assert "gpuaccel resume 11" in text, (later, text)


def test_ukrainian_let_it_requests_a_card_kept_to_and_a_priority_said_verb_last(
    heldout_svc: AssistantService,
) -> None:
    """Ukrainian and Russian say what a job is let do with "нехай"/"пусть" ("пусть дальше крутится" after a
    pause: resumed; "хай стартує" of a held job: released), keep a job to one card with "щоб ... тільки на
    карті N" (edited to that card) and may say the verb last ("ей приоритет 7 поставь")."""
    from test_assistant_questions import ask

    sid, _, _ = ask(heldout_svc, "поставь mistral-7b-sft на паузу", None)
    _, text, _ = ask(heldout_svc, "а, пусть дальше крутится", sid)
    assert "gpuaccel resume 11" in text, text
    sid, _, _ = ask(heldout_svc, "що там з whisper-finetune?", None)
    _, text, _ = ask(heldout_svc, "нехай стартує", sid)
    assert "gpuaccel release 14" in text, text
    sid, text, _ = ask(heldout_svc, "переналаштуй whisper-finetune, щоб він ішов лише на карті 0", None)
    assert "gpuaccel edit 14 --gpu-ids 0" in text, text
    _, text, _ = ask(heldout_svc, "ей приоритет 7 поставь", sid)
    assert "gpuaccel priority 14 7" in text, text


def test_a_job_changed_so_it_runs_on_a_card_is_moved_there(heldout_svc: AssistantService) -> None:
    """ "tweak the whisper job so it only goes on card 0" is the job edited to that card (not a card's
    setting), as "make it run on card 0" is; a GPU count said so ("... so it needs 1 gpu") stays a count."""
    from test_assistant_questions import ask

    _, text, _ = ask(heldout_svc, "could you adjust whisper-finetune so that it just runs on card 0", None)
    assert "gpuaccel edit 14 --gpu-ids 0" in text, text
    _, text, _ = ask(heldout_svc, "modify job 13 so it needs 1 gpu", None)
    assert "gpuaccel edit 13 --gpus 1" in text, text


def test_a_ticket_names_its_job_first_and_corrects_a_request_in_writing(
    heldout_svc: AssistantService,
) -> None:
    """A ticket's "NAME: do this to it" makes "it" that job; "correction" / "my bad" before "I meant"
    corrects the request's job as "sorry" does; "which job was on the card?" after one card's peak is the
    job on it at that peak."""
    from assistant_helpers import act_reply

    names = {"bert-pretrain": 21, "vit-probe": 22}
    reply = act_reply("vit-probe: kindly drop it to a single GPU.", names) or ""
    assert "gpuaccel edit 22 --gpus 1" in reply, reply
    reply = act_reply("bert-pretrain: hold it for now please", names) or ""
    assert "gpuaccel hold 21" in reply, reply
    for request in ("Hold job 21 - correction, I meant 22.", "hold 21, my bad, I meant 22"):
        reply = act_reply(request, names) or ""
        assert "gpuaccel hold 22" in reply and "21" not in reply.split("gpuaccel")[1], (request, reply)
    from test_assistant_questions import ask

    sid, _, _ = ask(heldout_svc, "highest temperature on GPU 0 today?", None)
    _, text, query = ask(heldout_svc, "Which job was on the card?", sid)
    assert query is not None and query["name"] == "jobs" and "mistral-7b-sft" in text, (query, text)


def test_polite_japanese_requests_the_other_card_and_spans_from_hours_ago(
    heldout_svc: AssistantService,
) -> None:
    """Polite Japanese: "〜ていただけますか" asks, never "only" (its だけ); the other card
    ("もう一方", "別のカード") after one card's answer; "N時間前から" is the last N hours;
    "と" between names is "and"; a held job said "保留になっている"; the order of two jobs
    swapped (順番を入れ替え); a card said by model with its index in parentheses."""
    from test_assistant_questions import ask

    from gpuaccel.assistant.understand.languages.east_asian import east_asian

    assert east_asian("それを保留にしていただけませんか").startswith("hold it"), east_asian(
        "それを保留にしていただけませんか"
    )
    assert "in the last 3 hours" in east_asian("3時間前からの使用率") and "max and min" in east_asian(
        "最大と最小"
    )
    sid, _, _ = ask(heldout_svc, "GPU1 のファンは何%ですか", None)
    _, _, query = ask(heldout_svc, "もう一方のカードはどうでしょう?", sid)
    assert query is not None and query.get("gpu") == 0 and query.get("metric") == "fan", query
    sid, text, _ = ask(heldout_svc, "いま保留になってるジョブはありますか", None)
    assert "whisper-finetune" in text and "llama-70b-eval" not in text, text
    _, text, _ = ask(heldout_svc, "それを動かしていただけますか", sid)
    assert "gpuaccel release 14" in text, text
    _, text, _ = ask(heldout_svc, "mistral-7b-sft と data-prep の順序を交換していただきたいです", None)
    assert "gpuaccel switch 11 1" in text, text
    _, text, _ = ask(heldout_svc, "llama-70b-eval をH100の方（GPU0）に移していただけますか", None)
    assert "gpuaccel edit 12 --gpu-ids 0" in text, text


def test_a_jobs_dependencies_taken_away(heldout_svc: AssistantService) -> None:
    """Taking a waiting job's dependencies away is `gpuaccel edit ID --after none`, said of the job by its
    number, its name or as "it", or as starting without waiting; "the dependency on job 11" names the job
    waited for, so the job edited is the one talked about; in Japanese "依存関係を外して"."""
    from test_assistant_questions import ask

    for request in (
        "please drop the dependencies of job 12",
        "let llama-70b-eval go ahead without waiting",
        "12 should not wait for 11 any longer",
    ):
        _, text, _ = ask(heldout_svc, request, None)
        assert "gpuaccel edit 12 --after none" in text, (request, text)
    for follow in ("clear its deps", "take away the dependency on job 11", "依存を解除してください"):
        sid, _, _ = ask(heldout_svc, "why is llama-70b-eval still queued?", None)
        _, text, _ = ask(heldout_svc, follow, sid)
        assert "gpuaccel edit 12 --after none" in text, (follow, text)


def test_a_gpu_numbered_with_a_hash_and_idle_over_a_past_span(heldout_svc: AssistantService) -> None:
    """A sysadmin labels hardware "card #1", "GPU#0": the GPU's index, not job 1 (a bare "#5" is still a
    job); "this AM" / "yesterday PM" are parts of a day; "was it idle" over a span gone by is the
    utilization over it (busy and idle time), not which GPUs are idle now ("has it been idle" asks that)."""
    from test_assistant_questions import ask

    _, _, query = ask(heldout_svc, "fan on card #1?", None)
    assert query is not None and query.get("gpu") == 1 and query.get("name") == "gpu_reading", query
    _, _, query = ask(heldout_svc, "how hot is GPU#0", None)
    assert query is not None and query.get("gpu") == 0 and query.get("metric") == "temperature", query
    _, _, query = ask(heldout_svc, "what happened to #5", None)
    assert query is not None and query.get("job") == 5, query
    _, _, query = ask(heldout_svc, "what was gpu 1 drawing, power-wise, yesterday PM", None)
    assert query is not None and query.get("window", {}).get("label") == "yesterday afternoon", query
    for asked in ("was the 4090 idle yesterday", "were both cards sitting idle this AM?"):
        _, _, query = ask(heldout_svc, asked, None)
        assert query is not None and query.get("metric") == "util" and query.get("window"), (asked, query)
    for asked, gpu in (("any cards idle?", None), ("since when today has card 1 been idle?", 1)):
        _, _, query = ask(heldout_svc, asked, None)
        assert query == {"name": "idle_gpus", **({"gpu": gpu} if gpu is not None else {})}, (asked, query)


def test_ops_words_for_requests_and_a_card_said_by_what_it_is(heldout_svc: AssistantService) -> None:
    """ "Bounce" is an ops word for running a thing again (an ended job: gpuaccel retry); a job moved to a
    card said by its kind or size ("the consumer gpu", "the bigger card") gets that card's index."""
    from test_assistant_questions import ask

    _, text, _ = ask(heldout_svc, "please bounce job 9", None)
    assert "gpuaccel retry 9" in text, text
    sid, _, _ = ask(heldout_svc, "how did the flash-attn build end?", None)
    _, text, _ = ask(heldout_svc, "bounce that", sid)
    assert "gpuaccel retry 3" in text, text
    _, text, _ = ask(heldout_svc, "shift job 14 onto the consumer gpu, the other one is busy", None)
    assert "gpuaccel edit 14 --gpu-ids 1" in text, text
    _, text, _ = ask(heldout_svc, "move llama-70b-eval to the bigger card", None)
    assert "gpuaccel edit 12 --gpu-ids 0" in text, text


def test_its_own_wait_before_it_started_is_no_step_back(heldout_svc: AssistantService) -> None:
    """ "How long was it stuck waiting before that" after when a job started is that job's own queue wait
    (before that moment), not the job queued before it; "and the one before that?" still steps back."""
    from test_assistant_questions import ask

    sid, _, _ = ask(heldout_svc, "what time did job 12 get submitted", None)
    _, _, query = ask(heldout_svc, "ok, and how long has it been waiting in the queue before that?", sid)
    assert query is not None and query.get("job") == 12, query
    sid, _, _ = ask(heldout_svc, "show me job 11", None)
    _, _, query = ask(heldout_svc, "and the one before that?", sid)
    assert query is not None and query.get("job") == 10, query


def test_why_said_before_what_happened_asks_of_the_job_in_focus(heldout_svc: AssistantService) -> None:
    """ "how come, what happened" after an answer naming one failed job asks that job's record, as "what
    happened" alone does (not the day's summary), so "rerun it" after it is that job's request."""
    import test_assistant_questions as T

    sid, _, _ = T.ask(heldout_svc, "list the failed lr-sweep jobs", None)
    _, _, query = T.ask(heldout_svc, "how come, what happened", sid)
    assert query == {"name": "job_detail", "job": 9}, query
    _, text, _ = T.ask(heldout_svc, "rerun it then", sid)
    assert "gpuaccel retry 9" in text, text


def test_the_held_state_after_a_jobs_answer_asks_the_held_jobs() -> None:
    """ "and what's on hold?" after one job's record asks which jobs are held, not what that job printed."""
    focus = Context(last=Query("job_detail", job=31), subjects=[31], **MACHINE)
    for said in ("and what's on hold?", "and what is held"):
        assert pick(said, focus) == Query("jobs", state="held"), said
