"""Numbers said in words (a voice typist's text) read as digits by every reader of a question; "one" as a
pronoun stays a word. Worded apart from the held-out sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import converse

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.spoken import written


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("how warm is gpu one", "how warm is gpu 1"),
        ("is the thirty ninety busy", "is the 3090 busy"),  # two numbers said in turn
        ("cancel the two oh seven b run", "cancel the 207b run"),
        ("power over the last forty five minutes", "power over the last 45 minutes"),
        ("from eleven fifteen to quarter past twelve", "from 11:15 to 12:15"),
        ("between nine and half past ten", "between 9 and 10:30"),
        ("submit python eval dot py on two gpus", "submit python eval.py on 2 gpus"),
        ("from noon to three o clock", "from noon to 3 o'clock"),
        ("retry the failed one", "retry the failed one"),  # a pronoun
        ("which one is cooler", "which one is cooler"),
        ("one more time", "one more time"),
        ("will job 12 be done soon", "will job 12 be done soon"),  # a job's number, then the verb
        ("the four oh five be probe", "the 405b probe"),  # a model's size
        ("what ran at ten past nine", "what ran at 9:10"),
        ("at twenty five minutes past 8 yesterday", "at 8:25 yesterday"),
        ("util + temp of gpu 0", "util and temp of gpu 0"),  # a typist's symbols
        ("who had gpu0 @ 11:10", "who had gpu0 at 11:10"),
        ("submit it w/ 2 gpus, w/o the cache", "submit it with 2 gpus, without the cache"),
        ("time at 90%+ util", "time at 90%+ util"),  # "or more", not "and"
        ("c++ build of job 3", "c++ build of job 3"),
        # Singapore and Malaysian English's particles at a clause's end ask nothing
        ("gpu 0 busy or not lah", "gpu 0 busy or not"),
        ("when it finish sia?", "when it finish?"),
        ("how much memory ah, and which process", "how much memory, and which process"),
        ("the eval done already lor", "the eval done already"),
        ("ah ok, and gpu 1", "ah ok, and gpu 1"),  # an interjection first is no particle
        # Sri Lankan English's the same way ("ado", "neda" closing a clause)
        ("which card is cooler ado", "which card is cooler"),
        ("the sweep is finished neda?", "the sweep is finished?"),
        # Nepali's "ni" and "ta" (what about, then) closing an English clause
        ("and the lowest ta?", "and the lowest?"),
        ("gpu 1 power ni, and its fan", "gpu 1 power, and its fan"),
        # "can or not" / "can anot" after a request said job first asks for it, verb first
        ("job 7 set priority 3 can anot", "set the priority of job 7 to 3"),
        ("the eval can move to gpu 0 or not?", "move the eval to gpu 0"),
        ("that sweep cancel can or not lah", "cancel that sweep"),
    ],
)
def test_spoken_numbers_are_read_as_digits(said: str, read: str) -> None:
    assert written(said) == read


def test_a_dictated_question_is_answered_as_the_typed_one(svc: AssistantService) -> None:
    [(typed, query)] = converse(svc, "how hot is gpu 1")
    [(spoken, heard)] = converse(svc, "how hot is gpu one")
    assert spoken == typed and heard == query
    [(reply, none)] = converse(svc, "um set the priority of job three to seven")
    assert none is None and "gpuaccel priority 3 7" in reply
