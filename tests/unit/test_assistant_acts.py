"""A request to act, however it is worded, gets what the chat cannot do and the exact command: on the job
in focus with politeness after it ("retry that one please"), after a "nah" or "actually", asked as "how do
I ..."; a priority change (the command takes the new priority); a submission said with its command line.
Worded apart from the held-out sets."""

from __future__ import annotations

import pytest
from assistant_helpers import act_reply, act_text

NAMES = {"prep-data": 1, "train-vit": 2}


def act_request(question: str, focus: int | None = None, held: frozenset[int] = frozenset()) -> str | None:
    return act_reply(question, NAMES, focus, held)


@pytest.mark.parametrize(
    ("question", "command"),
    [
        ("rerun that one please", "gpuaccel retry 2"),
        ("resume it now", "gpuaccel resume 2"),
        ("nope, cancel it", "gpuaccel cancel 2"),
        ("actually just kill it", "gpuaccel cancel 2"),
        ("how do i release this job", "gpuaccel release 2"),
        ("how can I cancel prep-data", "gpuaccel cancel 1"),
        ("prioritize job 1", "gpuaccel priority 1 N"),
        ("please bump train-vit", "gpuaccel priority 2 N"),
        ("submit bash run.sh with 2 gpus", "gpuaccel submit command"),
        ("submit torchrun train.py", "gpuaccel submit command"),
    ],
)
def test_a_request_to_act_names_the_command(question: str, command: str) -> None:
    reply = act_request(question, focus=2) or ""
    assert command in reply and "I do not change anything" in reply, question


def test_questions_about_a_job_stay_questions() -> None:
    for question in ("how do i read its log", "what is it doing", "how long did it run", "did it finish"):
        assert act_request(question, focus=2) is None, question


def test_starting_a_held_job_is_releasing_it() -> None:
    held = frozenset({2})
    assert "gpuaccel release 2" in (act_request("how do i start it", focus=2, held=held) or "")
    assert "gpuaccel release 2" in (act_request("start train-vit please", held=held) or "")
    assert act_request("how do i start it", focus=1, held=held) is None  # not held: a question
    assert act_request("start it", focus=2) is None  # nothing held


@pytest.mark.parametrize(
    ("question", "command"),
    [
        ("meh fine, requeue it", "gpuaccel retry 2"),  # an interjection before the verb
        ("scancel 1", "gpuaccel cancel 1"),  # Slurm's word, the job's bare number
        ("alright put prep-data on hold", "gpuaccel hold 1"),
        ("take it off hold", "gpuaccel release 2"),
        ("bump 1 to priority 5 please", "gpuaccel priority 1 5"),  # the new priority, not the job's number
        ("lower the priority of train-vit to -3", "gpuaccel priority 2 -3"),
        # a request after a sentence that tells why, its verb a cleaning one
        ("this list is a mess, purge all the cancelled jobs", "gpuaccel clean --state cancelled"),
        # a reason after the request whose "to go" is no object of its "set"
        ("please set job 1 priority to 3, the data has to go first", "gpuaccel priority 1 3"),
    ],
)
def test_every_wording_of_a_request_reaches_one_reader(question: str, command: str) -> None:
    assert command in (act_request(question, focus=2) or ""), question


def test_a_submission_says_the_command_line_and_the_gpus_it_asked_for() -> None:
    reply = act_request("pls queue `torchrun --nproc 2 Train.py` on two gpus") or ""
    assert "gpuaccel submit command --gpus 2 -- torchrun --nproc 2 Train.py" in reply  # as typed
    assert "gpuaccel submit matmul --gpu-ids 1" in (act_request("fire off a matmul test on gpu 1") or "")
    assert "gpuaccel submit attention.bench" in (act_request("launch an attention bench") or "")
    assert act_request("queue wait of job 2?") is None  # "queue" as a noun: a question
    assert act_request("run nvidia-smi") is None  # no job to run: left to the pickers


def test_the_broken_one_is_the_failed_job_of_the_jobs_in_focus_or_their_array() -> None:
    from gpuaccel.assistant.understand.acts import read_act
    from gpuaccel.assistant.understand.context import Context

    names = {"grid": 8}  # an array: elements 5-8, the newest named
    states = {5: "succeeded", 6: "failed", 7: "succeeded", 8: "succeeded"}
    context = Context(job_names=names, subjects=[7, 8], arrays={"grid": {0: 5, 1: 6, 2: 7, 3: 8}})
    act = read_act("ok rerun the one that crashed", context, states)
    assert act is not None and "gpuaccel retry 6" in act.reply and act.jobs == (6,)
    act = read_act(
        "retry the grid element that died", Context(job_names=names, arrays=context.arrays), states
    )
    assert act is not None and act.jobs == (6,)
    act = read_act("pause the grid run, don't cancel it", Context(job_names=names, subjects=[5]), states)
    assert act is not None and act.jobs == (8,)  # "it" after the comma is the run said before it


def test_a_name_its_array_shares_is_the_run_the_request_can_act_on() -> None:
    """ "rerun grid" when the newest run of that name succeeded: the one run of its array that can be retried
    (the failed one); where none or several can, the run the name names."""
    from gpuaccel.assistant.understand.acts import read_act
    from gpuaccel.assistant.understand.context import Context

    context = Context(job_names={"grid": 8}, arrays={"grid": {0: 5, 1: 6, 2: 7, 3: 8}})
    states = {5: "succeeded", 6: "cancelled", 7: "succeeded", 8: "succeeded"}
    act = read_act("please rerun grid", context, states)
    assert act is not None and act.jobs == (6,), act
    act = read_act("please rerun grid", context, states | {5: "failed"})
    assert act is not None and act.jobs == (8,), act  # two could be: the one the name names
    act = read_act("rerun job 8", context, states)
    assert act is not None and act.jobs == (8,), act  # a number said is that job


@pytest.mark.parametrize(
    ("question", "command"),
    [
        # held: it never ran, and only a finished job can be retried (the daemon refuses): releasing it
        ("could you give it another go, try it once more", "gpuaccel release 2"),
        ("start prep-data again", "gpuaccel retry 1"),
        ("alright let's get it started", "gpuaccel release 2"),  # held: releasing it
        ("make prep-data go first, priority 9", "gpuaccel priority 1 9"),
        ("give train-vit priority 4", "gpuaccel priority 2 4"),
        ("swap prep-data and train-vit", "gpuaccel switch 1 2"),
        ("halt the entire queue for now", "gpuaccel pause"),
        ("unfreeze it", "gpuaccel resume 2"),
        ("un-hold prep-data", "gpuaccel release 1"),  # not "hold"
        ("please un pause it", "gpuaccel resume 2"),
        ("so we should get rid of prep-data", None),  # "we should": no request, a thought
        ("get rid of it", "gpuaccel cancel 2"),  # not ended: cancelled
        ("train-vit put lower priority pls", "gpuaccel priority 2 N"),  # the job said first
        ("job 1 cancel please", "gpuaccel cancel 1"),
        ("the vit one hold first", "gpuaccel hold 2"),
        ("prep-data still on hold is it", None),  # "on hold": a state asked, no request
        ("train-vit on hold or not", None),
        ("train-vit cancel, who did that?", None),  # a question after the job said first
        ("push it to priority 7", "gpuaccel priority 2 7"),  # a verb of moving, with the value said
        ("knock prep-data down to prio 0", "gpuaccel priority 1 0"),  # not a cancel
    ],
)
def test_phrases_said_for_a_verb(question: str, command: str | None) -> None:
    reply = act_reply(question, NAMES, focus=2, held=frozenset({2}))
    if command is None:
        assert reply is None or "gpuaccel" not in reply or "remove" in reply, reply
    else:
        assert command in (reply or ""), (question, reply)


def test_a_command_line_said_inside_a_sentence() -> None:
    reply = act_request("hey so how do i put my script in the queue, its python sweep.py and it needs 2 gpus")
    assert "gpuaccel submit command --gpus 2 -- python sweep.py," in (reply or ""), reply


def test_more_wordings_of_a_request() -> None:
    assert "gpuaccel release 2" in (act_reply("fine, let it go", NAMES, focus=2, held=frozenset({2})) or "")
    reply = act_request("queue python a.py on 4 gpus w/ 2 retries") or ""
    assert "gpuaccel submit command --gpus 4 --retries 2 -- python a.py" in reply
    assert "gpuaccel pause" in (act_request("the box is loud, how do i pause everything?") or "")
    assert "gpuaccel resume" in (act_request("and turn it back on later?") or "")  # no job in focus
    assert "gpuaccel cancel 1" in (act_request("scrap prep-data") or "")


def test_getting_a_held_job_going_again_releases_it() -> None:
    # ("start it back up", "get it going again": a paused job resumed, an ended one retried, a held one
    # released)
    held = frozenset({2})
    for question, focus in (("ok, get it going again", 2), ("start train-vit back up", None)):
        reply = act_reply(question, NAMES, focus=focus, held=held) or ""
        assert "To release train-vit" in reply or "To release job 2" in reply, (question, reply)
        assert "refused" not in reply, reply  # (not a resume refused, then the release offered)


def test_a_priority_offered_after_a_comma_is_the_new_priority() -> None:
    for question in ("give it a higher priority, say 7", "bump it up the queue, priority maybe 7"):
        assert "gpuaccel priority 2 7" in (act_request(question, focus=2) or ""), question


def test_a_reboot_of_the_machine_is_no_command_of_gpuaccel() -> None:
    for question in ("reboot the workstation please, it hangs", "could you reboot the node?"):
        reply = act_request(question, focus=2) or ""
        assert "A reboot of the machine" in reply and "gpuaccel retry" not in reply, question
    # the noun, and a reboot said after the request, leave the request as it was
    assert "gpuaccel pause (" in (act_request("pause everything, we must reboot the storage box") or "")
    assert "reboot of the machine" not in (act_request("when the reboot is over, resume it", focus=2) or "")


def test_a_restart_of_the_machine_its_driver_or_the_daemon_is_declined_not_a_retry() -> None:
    # "restart" of a job is a retry; of the machine (any of its names) a reboot, of the driver a card's reset
    for question in ("could you please restart the workstation", "power cycle the host for me"):
        reply = act_request(question, focus=2) or ""
        assert "A reboot of the machine" in reply and "gpuaccel retry" not in reply, question
    reply = act_request("pls restart the nvidia drivers", focus=2) or ""
    assert "A reload of the NVIDIA driver" in reply and "gpuaccel retry" not in reply
    # gpuaccel's own daemon: restarted by its user service
    reply = act_request("can you bounce the gpuaccel service", focus=2) or ""
    assert "systemctl --user restart gpuaccel" in reply and "gpuaccel retry" not in reply
    assert "gpuaccel retry 2" in (act_request("restart it please", focus=2) or "")
    reply = act_request("upgrade cuda and then restart the machine") or ""
    assert "and a reboot of the machine" in reply


def test_the_drivers_kernel_modules_reloaded_are_declined_plainly_and_a_crashed_job_still_retried() -> None:
    """The driver reloaded by any of its words (its kernel modules unloaded and loaded again, modprobe or
    rmmod typed out) is the administrator's, declined as a restart of the machine is, never read as a
    question or a job's retry; "restart it" of a job that hit a CUDA error stays its retry."""
    for question in (
        "could you unload and reload the nvidia kernel modules",
        "reload the gpu drivers real quick",
        "sudo rmmod nvidia_uvm",
        "try modprobe nvidia again",
        "re-insert the nvidia module please",
    ):
        reply = act_request(question, focus=2) or ""
        assert "A reload of the NVIDIA driver" in reply and "gpuaccel retry" not in reply, (question, reply)
    assert "gpuaccel retry 2" in (act_request("restart it, the cuda context died", focus=2) or "")


def test_a_driver_update_is_no_command_of_gpuaccel() -> None:
    for question in (
        "could you upgrade the gpu drivers tonight",
        "pls install driver 575 on this node",
        "could help us reinstall the cuda toolkit la",  # help asked for, its subject dropped
    ):
        reply = act_request(question, focus=2) or ""
        assert "GPU drivers or CUDA is for its administrator" in reply and "gpuaccel " not in reply, reply
    for question in ("what driver does it run", "when was the driver last updated?"):
        assert act_request(question, focus=2) is None, question  # asked about, not asked for


def test_letting_a_running_job_run_asks_nothing_of_the_queue() -> None:
    assert act_reply("fine, let it run", NAMES, focus=1, held=frozenset({2})) is None  # job 1 runs
    assert "gpuaccel release 2" in (act_reply("let it run", NAMES, focus=2, held=frozenset({2})) or "")


@pytest.mark.parametrize(
    ("question", "command"),
    [
        ("how do I requeue a job?", "gpuaccel retry <job id>"),
        ("how can we put a run on hold", "gpuaccel hold <job id>"),
        ("how would i kill one of my jobs", "gpuaccel cancel <job id>"),
    ],
)
def test_asking_how_to_act_on_some_job_gives_the_command_with_its_id_to_fill(
    question: str, command: str
) -> None:
    reply = act_reply(question, {"train-a": 1}) or ""
    assert command in reply and "gpuaccel ls" in reply, reply


def test_a_job_said_as_job_number_and_the_two_waiting_jobs_of_a_list_swapped() -> None:
    """ "terminate job number four" (dictated numbers reach the reader as digits: "job number 4"), "abort job
    no. 3": that job, as "job 4" is; "swap those two" after a list of the queue that named a held job
    beside two waiting ones: the two waiting in line (a switch swaps their places)."""
    from gpuaccel.assistant.understand.context import Context
    from gpuaccel.assistant.understand.spoken import written

    names = {"warmup": 2, "prep-data": 3, "train-vit": 4, "eval-vit": 5}
    states = {2: "succeeded", 3: "queued", 4: "queued", 5: "held"}

    def reply(question: str, subjects: list[int] | None = None) -> str:
        return act_text(written(question), Context(job_names=names, subjects=subjects or []), states)

    assert "gpuaccel cancel 4" in reply("terminate job number four, it's not needed any more")
    assert "gpuaccel cancel 3" in reply("abort job no. 3 please")
    assert "gpuaccel hold 4" in reply("hold job nr 4")
    assert "gpuaccel switch 3 4" in reply("swap those two so it goes first", [3, 4, 5])
    assert "gpuaccel switch 3 4" in reply("could you switch them", [3, 4, 5])
    assert "gpuaccel switch 3 4" in reply("swap the two queued ones", [3, 4, 5])  # "the 2 ... ones": no job 2


@pytest.mark.parametrize(
    "question", ["train-vit again please, the config is fixed", "ok job 1 again, pls", "prep-data again."]
)
def test_a_job_said_then_again_asks_to_run_it_again(question: str) -> None:
    reply = act_request(question) or ""
    assert "gpuaccel retry" in reply and "I do not change anything" in reply, question


def test_again_asked_of_a_job_s_reading_stays_a_question() -> None:
    assert act_request("what was the runtime of train-vit again?") is None


@pytest.mark.parametrize(
    ("question", "command"),
    [
        ("hmm, would you mind re-running it for me?", "gpuaccel retry 2"),
        ("do you mind putting a hold on prep-data, I still need to check its inputs", "gpuaccel hold 1"),
        ("would u mind just cancelling job 1?", "gpuaccel cancel 1"),
        ("would you mind pausing train-vit", "gpuaccel pause 2"),
        ("would you mind checking the log of train-vit?", None),  # no request's verb: a question
    ],
)
def test_a_request_asked_as_whether_one_minds_doing_it(question: str, command: str | None) -> None:
    reply = act_reply(question, NAMES, focus=2, held=frozenset())
    if command is None:
        assert reply is None or "gpuaccel" not in reply, reply
    else:
        assert command in (reply or "") and "I do not change anything" in (reply or ""), (question, reply)


def test_a_job_moved_to_a_gpu_is_pinned_to_it_by_an_edit() -> None:
    """ "move it to gpu 1" asks to run the job on that card: the edit of its GPU ids (not a priority)."""
    assert "gpuaccel edit 1 --gpu-ids 1" in (act_request("could you shift prep-data over to gpu 1") or "")
    assert "gpuaccel edit 2 --gpu-ids 0" in (act_request("put it on card 0 instead", focus=2) or "")
    assert "--gpu-ids" not in (act_request("put it on hold", focus=2) or "")
    assert "--gpu-ids" not in (act_request("move job 1 to prio 3") or "")


@pytest.mark.parametrize(
    ("question", "command"),
    [
        (
            "could you set up a queue group named nightly, 2 jobs at a time",
            "gpuaccel group add nightly --parallel 2",
        ),
        ("make a new group called sweeps please", "gpuaccel group add sweeps"),
        ("get rid of the sweeps group", "gpuaccel group rm sweeps"),
        ("remove group nightly", "gpuaccel group rm nightly"),
        ("allow group nightly 4 jobs in parallel", "gpuaccel group parallel nightly 4"),
        ("set group nightly's parallelism to 3", "gpuaccel group parallel nightly 3"),
        ("assign job 2 to group nightly", "gpuaccel edit 2 --group nightly"),
    ],
)
def test_the_queue_groups_requests_name_their_commands(question: str, command: str) -> None:
    """pueue's groups (how many of a group's jobs run at once) are the CLI's `gpuaccel group`: a request to
    add, remove or limit one, or to put a job in one, is answered with that command."""
    reply = act_request(question) or ""
    assert command in reply and "I do not change anything" in reply, (question, reply)
    assert act_request("which jobs are in group nightly?") is None


def _act_on(question: str, focus: int, states: dict[int, str], request: str | None = None) -> str | None:
    from gpuaccel.assistant.understand.acts import read_act
    from gpuaccel.assistant.understand.context import Context

    context = Context(job_names={"prep-data": 1, "train-vit": 2}, subjects=[focus], request=request)
    act = read_act(question, context, states)
    return act.reply if act else None


def test_an_english_verb_inside_another_language_acts_on_the_job_in_focus() -> None:
    # the pronoun in the other language's words, or left out: the job talked about, where it can take it
    failed, waiting = {1: "failed", 2: "running"}, {1: "queued", 2: "running"}
    assert "gpuaccel retry 1" in (_act_on("dann bitte retry", 1, failed) or "")
    assert "gpuaccel hold 1" in (_act_on("mach mal hold jetzt", 1, waiting) or "")
    assert "gpuaccel pause 2" in (_act_on("nee, liever pause", 2, failed) or "")
    # a correction of the verb keeps the job ("no, I mean pause, not cancel" after cancelling it)
    assert "gpuaccel pause 2" in (
        _act_on("no, I meant pause not cancel", 2, failed, "cancel train-vit") or ""
    )
    # not where the job cannot take it, nor a question, nor an English object, nor the queue's pause
    assert _act_on("dann bitte retry", 2, failed) is None
    assert _act_on("hay retry?", 1, failed) is None
    assert _act_on("hold the door", 1, waiting) is None
    assert "the queue" in (_act_on("pause", 2, failed) or "")


def test_a_job_resized_so_it_only_asks_for_fewer_gpus_and_a_week_said_in_days() -> None:
    reply = _act_on("change job 1 so that it just needs 2 gpus", 2, {1: "queued"}) or ""
    assert "gpuaccel edit 1 --gpus 2" in reply
    assert "--older-than 14d" in (_act_on("clear out jobs older than 2 weeks", 2, {}) or "")


def test_a_jobs_memory_request_changed_in_mib_and_what_a_job_should_use() -> None:
    """``gpuaccel edit ID --memory MIB``: asked of a job by number, by name or as a follow-up on the job in
    focus; GiB said in MiB as the flag takes it. A job that "should use one gpu" is a resize; a question
    about a GPU's memory stays a question."""
    queued = {1: "queued", 2: "held"}
    assert "gpuaccel edit 1 --memory 24000" in (
        _act_on("set job 1 memory request to 24000 MiB", 2, queued) or ""
    )
    assert "gpuaccel edit 2 --memory 16384" in (_act_on("also its mem to 16 GiB", 2, queued) or "")
    assert "gpuaccel edit 2 --memory 8000" in (
        _act_on("reduce train-vit's memory to 8000 MiB", 1, queued) or ""
    )
    assert _act_on("memory of gpu 1 up to 20000 MiB?", 2, queued) is None
    assert "gpuaccel edit 1 --gpus 1" in (_act_on("prep-data should use only one gpu", 2, queued) or "")


def test_a_memory_request_by_a_name_of_several_words_in_each_unit_and_refused_out_of_bounds() -> None:
    """The job's name before the memory may be several of its words ("the vit train's memory"); GB and MB
    are SI units (rounded up to whole MiB), GiB and a bare "g" binary, a bare amount MiB; an amount the
    daemon refuses, or more than any GPU here has, is refused with why and no command; a share is none."""
    from gpuaccel.assistant.understand.context import Context

    context = Context(job_names={"prep-data": 1, "train-vit": 2}, subjects=[1], gpu_memory={0: 81559.0})
    states = {1: "queued", 2: "held"}

    def reply(question: str) -> str:
        return act_text(question, context, states)

    assert "gpuaccel edit 2 --memory 40000" in reply("Set the vit train's memory to 40000 MiB please")
    assert "gpuaccel edit 2 --memory 38147" in reply("set the memory of job 2 to 40 GB")
    assert "gpuaccel edit 1 --memory 477" in reply("set its memory to 500 MB")
    assert "gpuaccel edit 1 --memory 40960" in reply("change its memory to 40g")
    assert "gpuaccel edit 1 --memory 30000" in reply("set its memory to 30000")
    for bad in ("set its memory to 0 MiB", "set its memory to -5 GiB", "set its memory to 200 GB"):
        assert "I do not change" in reply(bad) and "--memory MIB" in reply(bad), bad
    assert "81559 MiB" in reply("set its memory to 200 GB")
    assert "gpuaccel edit" not in reply("set its memory to 80%")


def test_what_a_job_should_do_or_have_done_said_as_the_request() -> None:
    """ "X should be ended" is its cancel, "X should run exclusively on gpu 0" its move there, "X has to
    manage with one card" its resize; "it must run again" after the whole queue was stopped resumes the queue,
    a time said before the request ("once the reboot is done, ...") aside; "what should be cancelled?"
    asks."""
    states = {1: "queued", 2: "running"}
    assert "gpuaccel cancel 2" in (_act_on("train-vit should be ended", 1, states) or "")
    assert "gpuaccel edit 1 --gpu-ids 0" in (
        _act_on("prep-data should run exclusively on gpu 0", 2, states) or ""
    )
    assert "gpuaccel edit 1 --gpus 1" in (_act_on("prep-data has to manage with one card", 2, states) or "")
    from gpuaccel.assistant.understand.acts import read_act
    from gpuaccel.assistant.understand.context import Context

    stopped = Context(job_names=NAMES, request="stop the entire queue")  # no job talked about
    for request in ("once the reboot is done, it must run again", "the queue should start again after that"):
        act = read_act(request, stopped, states)
        assert act is not None and "gpuaccel resume (or" in act.reply, request
    assert "gpuaccel resume 1" in (_act_on("after the reboot resume it", 1, {1: "paused"}) or "")
    assert _act_on("what should be cancelled?", 2, states) is None


def test_shell_and_slack_wordings_of_a_removal_a_resize_and_a_memory_given() -> None:
    """ "rm" is the shell's remove and "flush it out of the queue" a removal of the job pointed at; a job
    "put on" a count of GPUs is resized (not moved to a card of that index); memory "given" a job in an
    amount before its noun ("give it 12 GiB of vram") is its memory request changed."""
    done = {1: "failed", 2: "held"}
    assert "gpuaccel remove 1" in (_act_on("rm 1 pls", 2, done) or "")
    assert "gpuaccel remove 1" in (_act_on("flush that one out of the queue", 1, done) or "")
    reply = _act_on("put train-vit on 2 gpus for now", 1, done) or ""
    assert "gpuaccel edit 2 --gpus 2" in reply, reply
    assert "gpuaccel edit 2 --gpus 1" in (_act_on("ok put it on one gpu", 2, done) or "")
    assert "--gpu-ids 0" in (_act_on("put it on gpu 0", 2, done) or "")  # a card's index: moved there
    assert "gpuaccel edit 2 --memory 12288" in (_act_on("give it 12 GiB of vram", 2, done) or "")
    reply = _act_on("plus give job 2 30000 mib memory since it is parked anyway", 1, done) or ""
    assert "gpuaccel edit 2 --memory 30000" in reply, reply
    assert "--memory" not in (_act_on("give me 3 gb of memory numbers", 2, done) or "")  # no job given it


def test_a_value_said_alone_after_asking_about_a_jobs_setting_sets_that_setting() -> None:
    """Asked how many cards, which priority or how much VRAM a job has, the user's "drop it to just 1" is
    that setting's new value for the job talked about, never job 1; a value naming a job, or in a unit of
    another setting, is not; a value the setting cannot take is refused as if said in full."""
    from gpuaccel.assistant.understand.acts import asked_again_of, setting_asked
    from gpuaccel.assistant.understand.context import Context

    states = {1: "succeeded", 2: "queued"}

    def after(asked: str, said: str) -> str:
        context = Context(
            job_names=dict(NAMES),
            subjects=[2],
            gpus=[0, 1],
            gpu_memory={0: 81559.0},
            setting=setting_asked(asked),
        )
        assert Context.from_json(context.to_json()).setting == context.setting  # kept by a stored session
        act = asked_again_of(said, None, context, states)
        return act.reply if act else ""

    assert "gpuaccel edit 2 --gpus 1" in after("how many cards does train-vit want?", "drop it to just 1")
    assert "gpuaccel priority 2 7" in after("which priority is train-vit at", "make it 7 please")
    assert "gpuaccel edit 2 --memory 20480" in after("how much vram does job 2 need", "lower it to 20 gib")
    too_many = after("how many cards does train-vit want?", "set it to 3")
    assert "has 2 GPUs" in too_many and "--gpus 3" not in too_many
    assert "1000000" in after("which priority is train-vit at", "make it 5000000")
    assert after("how many cards does train-vit want?", "change it to job 1") == ""
    assert after("how many cards does train-vit want?", "make it 20 gib") == ""
    assert after("how long did train-vit wait?", "set it to 1") == ""
    assert setting_asked("how many gpus and how much memory does it take") is None


@pytest.mark.parametrize(
    "question",
    [
        "knock it down to just the one card",
        "knock train-vit down to the 1 gpu",
        "ok, knock 2 down to one gpu",
    ],
)
def test_a_job_knocked_down_to_the_one_gpu_is_resized(question: str) -> None:
    # British and Australian "knock it down to" (lower it to) and "the one card" (a single one; "the 1" once
    # spoken numbers are written as digits)
    assert "gpuaccel edit 2 --gpus 1" in (act_request(question, 2) or ""), question


@pytest.mark.parametrize(
    ("question", "command"),
    [
        ("drop the vit to one card", "gpuaccel edit 2 --gpus 1"),
        ("cut the vit down to 2 gpus", "gpuaccel edit 2 --gpus 2"),
        ("lower the data job to 1 gpu", "gpuaccel edit 1 --gpus 1"),
        ("drop the vit", "gpuaccel cancel 2"),  # no count said: the job is dropped
    ],
)
def test_a_job_said_by_a_part_of_its_name_then_a_gpu_count_is_resized(question: str, command: str) -> None:
    # "the vit" names train-vit by its later part, as "drop the vit" does; with a count after it, that count
    # is the job's new GPU count, not a cancel of the job
    assert command in (act_request(question) or ""), question


@pytest.mark.parametrize(
    ("question", "command"),
    [
        ("thanks. the electricians have finished, turn the queue back on", "gpuaccel resume"),
        ("the maintenance is over, turn the queue back on", "gpuaccel resume"),
    ],
)
def test_news_told_before_a_request_to_turn_something_back_on(question: str, command: str) -> None:
    # what happened is told first; the request after the comma opens with its verb ("turn ... back on")
    assert command in (act_request(question) or ""), question


@pytest.mark.parametrize(
    "question",
    [
        "oh and train-vit, move that one to GPU 1",
        "righto, train-vit, pin it to gpu 1 so it stays off the other card",
    ],
)
def test_a_job_named_before_a_comma_is_what_it_means_after_it(question: str) -> None:
    # a bare name said first and pointed at after the comma is the job meant, not the one talked about before
    assert "gpuaccel edit 2 --gpu-ids 1" in (act_request(question, 1) or ""), question


def test_a_gpu_count_changed_by_a_number_of_gpus_from_what_the_job_asks_for() -> None:
    """ "take a card off it", "give train-vit one more gpu": the count it comes to from its brief's count; a
    job left with no GPU is refused with why; a job whose count is unknown is no such request."""
    from gpuaccel.assistant.understand.context import Context, JobBrief

    briefs = {1: JobBrief("queued", 3), 2: JobBrief("held", 1)}
    context = Context(job_names=dict(NAMES), subjects=[1], gpus=[0, 1, 2, 3], job_briefs=briefs)
    states = {1: "queued", 2: "held"}

    def reply(question: str, focus: Context = context) -> str:
        return act_text(question, focus, states)

    assert "gpuaccel edit 1 --gpus 2" in reply("ok take a card off it, two will do")
    assert "gpuaccel edit 1 --gpus 1" in reply("remove two gpus from the prep-data job")
    assert "gpuaccel edit 2 --gpus 2" in reply("give train-vit one more gpu please")
    assert "gpuaccel edit 2 --gpus 2" in reply("could you add another gpu to job 2")
    left = reply("take one gpu off job 2")
    assert "at least 1" in left and "--gpus 0" not in left
    assert "gpuaccel edit" not in reply("take one gpu off it", Context(job_names=dict(NAMES), subjects=[1]))


def test_a_setting_told_in_the_sentence_before_a_bare_value_is_the_setting_it_changes() -> None:
    """ "train-vit asks for 30000 MiB, can you bring that down to 20000": the memory the first clause tells,
    of the job it names (no cancel for "drop"); so too a count of GPUs or a priority told; a value beyond
    every GPU is refused as said in full."""
    from gpuaccel.assistant.understand.context import Context

    context = Context(job_names=dict(NAMES), gpus=[0, 1], gpu_memory={0: 81559.0, 1: 24564.0})
    states = {1: "queued", 2: "held"}

    def reply(question: str) -> str:
        return act_text(question, context, states)

    assert "gpuaccel edit 2 --memory 20000" in reply(
        "train-vit asks for 30000 MiB, can you bring that down to 20000"
    )
    assert "gpuaccel edit 2 --memory 20000" in reply(
        "train-vit wants 30000 mib, could you drop that to 20000"
    )
    assert "gpuaccel edit 1 --gpus 1" in reply("prep-data needs 2 gpus, make it 1")
    assert "gpuaccel priority 2 8" in reply("train-vit sits at priority 3, could you raise that to 8")
    assert "81559 MiB" in reply("train-vit asks for 30000 MiB, can you take that up to 100000")
    assert "gpuaccel cancel" not in reply("train-vit asks for 30000 MiB, can you drop that to 20000")
    # one GPU told as a count ("on 1 gpu", "a single card"), and "bump" (a priority's verb) of that count
    assert "gpuaccel edit 1 --gpus 2" in reply("prep-data is set to 1 gpu, could you bump that to 2")
    assert "gpuaccel edit 1 --gpus 2" in reply("prep-data asks for a single card, can you raise that to 2")


@pytest.mark.parametrize(
    "question",
    [
        "oh and while you're at it, drop its memory to 30000",
        "and whilst ur at it set the memory to 30000 mib",
    ],
)
def test_while_youre_at_it_before_a_request_asks_it_too(question: str) -> None:
    # "while you're at it" says one request more after the last one; the request follows it
    assert "gpuaccel edit 2 --memory 30000" in (act_request(question, 2) or ""), question


@pytest.mark.parametrize(
    ("question", "command"),
    [
        # what is not to start is kept from starting: the whole queue paused, a job held
        ("please don't let the queue launch any more jobs for now", "gpuaccel pause"),
        ("do not let anything new start tonight, thanks", "gpuaccel pause"),
        ("never let prep-data run before train-vit is done", "gpuaccel hold 1"),
        # a verb said not to be done is no request; the one said after it is
        ("dont resume the queue yet", None),
        ("don't kill prep-data", None),
        ("no, not cancel, pause prep-data", "gpuaccel pause 1"),
        ("nah not queue, pause prep-data only", "gpuaccel pause 1"),  # not what it is about
    ],
)
def test_a_request_said_not_to_be_done_is_never_its_command(question: str, command: str | None) -> None:
    reply = act_reply(question, NAMES, focus=None)
    if command is None:
        assert reply is None or "gpuaccel" not in reply, (question, reply)
    else:
        assert command in (reply or ""), (question, reply)
    assert "gpuaccel resume" not in (reply or "") and "gpuaccel cancel" not in (reply or ""), reply


@pytest.mark.parametrize(
    ("question", "command"),
    [
        # the setting named with its new value, the job left unsaid: the job talked about
        ("drop the priority to 2", "gpuaccel priority 2 2"),
        ("could you boost the priority to 6?", "gpuaccel priority 2 6"),
        ("cut the gpu count to 1", "gpuaccel edit 2 --gpus 1"),
        ("reduce the cards to 1", "gpuaccel edit 2 --gpus 1"),
        ("bring the gpus down to 1", "gpuaccel edit 2 --gpus 1"),
        ("raise memory to 30000", "gpuaccel edit 2 --memory 30000"),
        # a job said with the setting is that job's, never a cancel for "drop"
        ("drop prep-data's priority to -1", "gpuaccel priority 1 -1"),
        ("drop job 1's priority to 4", "gpuaccel priority 1 4"),
        ("lower the gpus of job 1 to 1", "gpuaccel edit 1 --gpus 1"),
    ],
)
def test_a_setting_given_a_new_value_is_the_job_talked_about_or_the_one_said(
    question: str, command: str
) -> None:
    from gpuaccel.assistant.understand.context import Context

    context = Context(job_names=dict(NAMES), subjects=[2], gpus=[0, 1], gpu_memory={0: 81559.0})
    reply = act_text(question, context, {1: "queued", 2: "held"})
    assert command in reply and "gpuaccel cancel" not in reply, (question, reply)


def test_a_setting_given_a_new_value_after_the_jobs_of_one_name_is_that_names_job() -> None:
    """After an answer that listed an array's elements ("show the grid run": jobs 5 to 7, one name), a new
    value with no job said is the job that name reads as (its newest, as "the grid run's gpus" would be);
    after jobs of different names, none is."""
    from gpuaccel.assistant.understand.context import Context

    arrays = {"grid-run": {0: 5, 1: 6, 2: 7}}
    names = {**NAMES, "grid-run": 7}
    states = {1: "queued", 2: "held", 5: "queued", 6: "queued", 7: "queued"}
    context = Context(job_names=names, arrays=arrays, subjects=[7, 6, 5], gpus=[0, 1])
    for question in ("cut the cards to 1", "make it 1 gpu"):
        assert "gpuaccel edit 7 --gpus 1" in act_text(question, context, states), question
    mixed = Context(job_names=names, arrays=arrays, subjects=[7, 1], gpus=[0, 1])
    assert "gpuaccel edit" not in act_text("cut the cards to 1", mixed, states)


def test_a_change_naming_no_job_after_several_asks_which_as_a_question_does() -> None:
    """A change that says no job, right after an answer naming several of different names with none in
    focus ("reduce the card count to 1", "bump up the priority", "give that one priority 9"), asks which
    of them, naming each, as "how long did that one take" does there; with one of them in focus, it is
    that one's command."""
    from gpuaccel.assistant.queries.query import Query
    from gpuaccel.assistant.understand.context import Context

    names = {**NAMES, "eval-x": 3}
    states = {1: "queued", 2: "held", 3: "running"}
    several = Context(job_names=names, subjects=[3, 1, 2], gpus=[0, 1])
    which = "Which job do you mean: job 3 (eval-x), job 1 (prep-data) or job 2 (train-vit)?"
    for question in ("reduce the card count to 1", "bump up the priority", "give that one priority 9"):
        said = act_text(question, several, states)
        assert which in said and "gpuaccel" not in said, (question, said)
    focused = Context(Query("job_detail", job=2), job_names=names, subjects=[3, 1, 2], gpus=[0, 1])
    assert "gpuaccel edit 2 --gpus 1" in act_text("reduce the card count to 1", focused, states)


def test_an_edit_by_a_name_several_runs_share_is_of_a_run_still_waiting_or_said_impossible() -> None:
    """A name an array's runs share, said in an edit ("reduce grid-run to 1 card", "grid-run's memory to 30000
    MiB please"), is the newest of its runs still queued or held (gpuaccel edit takes no other), not its
    newest run that has ended; where none is, the reply says so with each run's state and proposes no edit
    that would be refused. Said by its number, a run keeps its command."""
    from gpuaccel.assistant.understand.context import Context

    arrays = {"grid-run": {0: 5, 1: 6, 2: 7}}
    names = {**NAMES, "grid-run": 7}
    context = Context(job_names=names, arrays=arrays, gpus=[0, 1], gpu_memory={0: 81559.0})
    waiting = {1: "queued", 2: "held", 5: "queued", 6: "held", 7: "succeeded"}
    assert "gpuaccel edit 6 --gpus 1" in act_text("reduce grid-run to 1 card", context, waiting)
    said = act_text("set grid-run's memory to 30000 mib please", context, waiting)
    assert "gpuaccel edit 6 --memory 30000" in said, said
    ended = {1: "queued", 2: "held", 5: "failed", 6: "cancelled", 7: "succeeded"}
    said = act_text("reduce grid-run to 1 card", context, ended)
    assert "gpuaccel edit 7" not in said and "No grid-run job is queued or held" in said, said
    assert "job 7 has succeeded, job 6 was cancelled and job 5 has failed" in said, said
    assert "gpuaccel edit 5 --gpus 1" in act_text("reduce job 5 to 1 card", context, ended)


def test_a_setting_and_a_value_asked_about_stay_questions() -> None:
    from gpuaccel.assistant.understand.context import Context

    context = Context(job_names=dict(NAMES), subjects=[2], gpus=[0, 1])
    states = {1: "queued", 2: "held"}
    for question in (
        "what's the priority of job 1?",
        "is the memory at 30000?",
        "why did you raise the priority to 4?",
        "should i lower the gpus to 1",
    ):
        assert act_text(question, context, states) == "", question
    # a card's own setting, or a number that is no job's, is none of a job's
    assert "gpuaccel edit" not in act_text("lower the clocks to 1200", context, states)
    assert "gpuaccel edit" not in act_text("drop gpu 1's memory to 4000", context, states)


def test_a_correction_that_says_what_the_job_was() -> None:
    from gpuaccel.assistant.understand.acts import asked_again_of
    from gpuaccel.assistant.understand.context import Context

    # after a request, "sorry, it was N" (or "oops, that's job N") is the same request of job N
    context = Context(job_names={"prep-data": 1, "train-vit": 2}, subjects=[2], request="hold train-vit")
    states = {1: "queued", 2: "queued"}
    for said in ("sorry, it was 1", "oops, that was job 1", "nope, it's prep-data"):
        act = asked_again_of(said, context.request, context, states)
        assert act is not None and "gpuaccel hold 1" in act.reply, said
    assert asked_again_of("it was 1 that failed?", context.request, context, states) is None  # a question


def test_a_bare_job_number_taken_back_or_set_against_the_one_named_corrects_the_request() -> None:
    from gpuaccel.assistant.understand.acts import asked_again_of
    from gpuaccel.assistant.understand.context import Context

    # right after "pause train-vit": "nah, 1", "oops #1" or "1, not 2" is the same request of job 1
    context = Context(job_names={"prep-data": 1, "train-vit": 2}, subjects=[2], request="pause train-vit")
    states = {1: "running", 2: "running"}
    for said in ("nah, 1", "oops #1", "1, not 2", "job 1 not job 2"):
        act = asked_again_of(said, context.request, context, states)
        assert act is not None and "gpuaccel pause 1" in act.reply, said
    # a number alone with no word taking the request back is no correction
    assert asked_again_of("1", context.request, context, states) is None


@pytest.mark.parametrize(
    ("question", "command"),
    [
        ("job 1 change memory to 20000 mib", "gpuaccel edit 1 --memory 20000"),
        ("#1: set gpus to 2", "gpuaccel edit 1 --gpus 2"),
        ("job 1 lower the priority to 3", "gpuaccel priority 1 3"),
    ],
)
def test_a_setting_changed_of_the_job_said_before_the_verb(question: str, command: str) -> None:
    """The job said first and the change after it is that job's, not the one talked about (job 2)."""
    from gpuaccel.assistant.understand.context import Context

    context = Context(job_names=dict(NAMES), subjects=[2], gpus=[0, 1])
    reply = act_text(question, context, {1: "queued", 2: "held"})
    assert command in reply, (question, reply)
