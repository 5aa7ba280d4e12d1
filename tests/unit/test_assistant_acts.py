"""A request to act, however it is worded, gets what the chat cannot do and the exact command: on the job
in focus with politeness after it ("retry that one please"), after a "nah" or "actually", asked as "how do
I ..."; a priority change (the command takes the new priority); a submission said with its command line.
Worded apart from the held-out sets."""

from __future__ import annotations

import pytest

from gpuaccel.assistant.understand.replies import act_request

NAMES = {"prep-data": 1, "train-vit": 2}


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
    reply = act_request(question, NAMES, focus=2) or ""
    assert command in reply and "I do not change anything" in reply, question


def test_questions_about_a_job_stay_questions() -> None:
    for question in ("how do i read its log", "what is it doing", "how long did it run", "did it finish"):
        assert act_request(question, NAMES, focus=2) is None, question


def test_starting_a_held_job_is_releasing_it() -> None:
    held = frozenset({2})
    assert "gpuaccel release 2" in (act_request("how do i start it", NAMES, focus=2, held=held) or "")
    assert "gpuaccel release 2" in (act_request("start train-vit please", NAMES, held=held) or "")
    assert act_request("how do i start it", NAMES, focus=1, held=held) is None  # not held: a question
    assert act_request("start it", NAMES, focus=2) is None  # nothing held
