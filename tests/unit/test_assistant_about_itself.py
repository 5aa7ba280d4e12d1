"""Questions about the assistant itself, as a new user asks them: what it is, who made it, what it can
answer, how it is. They get what the assistant is and what it answers (the refusal's one list of topics),
not its idle gate; "where are you running?" still asks the gate. The machine is the held-out sets'.
"""

from __future__ import annotations

import re

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.picker import REFUSAL, TOPICS
from gpuaccel.assistant.understand.replies import ABOUT, CAN_ANSWER

WHAT_IT_IS = [
    "what are you",
    "So what are you, exactly?",
    "who are you?",
    "are you a real AI?",
    "r u a bot",
    "are you human",
    "who made you?",
    "who built this",
    "what's your name",
    "tell me about yourself",
]
WHAT_IT_DOES = [
    "what can you do",
    "What can you do?",
    "hi, what can I ask you?",
    "what do you know",
    "what can you help me with",
    "how can you help?",
    "what are you good for",
    "help",
]


@pytest.mark.parametrize("question", WHAT_IT_IS + WHAT_IT_DOES)
def test_what_the_assistant_is_and_can_answer(svc: AssistantService, question: str) -> None:
    _, text, query = ask(svc, question, None)
    assert query is None, question  # not the idle gate's state
    assert ABOUT in text and CAN_ANSWER in text and TOPICS in text
    assert "idle gate is" not in text


def test_the_topics_are_one_list() -> None:
    assert TOPICS in REFUSAL and TOPICS in CAN_ANSWER


@pytest.mark.parametrize("question", ["how are you", "How are you doing today?", "how's it going", "you ok?"])
def test_how_are_you_is_a_line_and_the_machine(svc: AssistantService, question: str) -> None:
    sid, text, query = ask(svc, question, None)
    assert query is None and text.startswith("Fine, thanks: ")
    assert text == "Fine, thanks: GPU 0 at 93%, GPU 1 at 4% utilization, with 1 job running and 1 queued."
    facts = svc.db.messages(sid)[-2]["meta"]["facts"]  # every number is one the facts hold
    assert set(re.findall(r"\d+", text)) <= set(re.findall(r"\d+", facts))


@pytest.mark.parametrize(
    "question", ["where are you running", "are you loaded", "are you on the gpu?", "what model are you"]
)
def test_where_the_assistant_runs_is_still_the_gate(svc: AssistantService, question: str) -> None:
    _, text, query = ask(svc, question, None)
    assert query == {"name": "gate_state"} and "idle gate" in text


@pytest.mark.parametrize("question", ["what can you tell me about job 4", "what do you know about gpu 1"])
def test_a_question_that_goes_on_is_about_the_machine(svc: AssistantService, question: str) -> None:
    _, _, query = ask(svc, question, None)
    assert query is not None and query["name"] != "gate_state"
