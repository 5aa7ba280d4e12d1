"""Scots and Glaswegian English ("whit", "wis", "didnae", "gonnae", "yin", "o", "ower", "the now", "an" for
"and", dropped g's, "gie it another go"), read only where the message has a Scots mark of its own; and the
English readings their follow-ups need: "jobs 7 and 10" names both, "how's the h100 now" asks how it is
doing, fans heard beside a temperature asked, what a run saved, what is "worth the bother". Worded apart
from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, converse

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.spoken import written


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("whit wis usin the h100 afore noon", "what was using the h100 before noon"),
        ("how much power's it pullin the now", "how much power's it pulling now"),
        ("is yon job no finished yet", "is that job not finished yet"),
        ("an the other yin?", "and the other one?"),
        ("which o the jobs didnae finish", "which of the jobs did not finish"),
        ("whit's it daein at the now", "what's it doing now"),
        ("it's never gonnae start, cancel it", "it's never going to start, cancel it"),
        ("gonnae hold the sweep", "can you hold the sweep"),
        ("gie job 5 another shot", "retry job 5"),
        ("the clocks fae 1 o'clock an the temps an that", "the clocks from 1 o'clock and the temps"),
        ("jobs 3 an 8, which yin ran longer", "jobs 3 and 8, which one ran longer"),
        # an English "an", the words that end in "in" of their own, and "no" before a noun are kept
        ("it's an error fae the driver, aye", "it's an error from the driver, yes"),
        ("whit's the margin on the admin login", "what's the margin on the admin login"),
        ("the train wis in the plugin, begin again", "the train was in the plugin, begin again"),
        ("an rtx card wi no fans", "an rtx card with no fans"),
        # no Scots mark: the message is left as it was
        ("an hour ago, what was the h100 at?", "an hour ago, what was the h100 at?"),
        ("a wee bit of power on each card", "a wee bit of power on each card"),
        ("is the job o failed", "is the job o failed"),
    ],
)
def test_written_reads_scots(said: str, read: str) -> None:
    assert written(said) == read


def test_scots_readings_now_and_their_follow_ups(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "whit's the h100 pullin the now", None)
    assert query is not None and query["gpu"] == 0 and query["metric"] == "power" and "586 W" in text, query
    (_, _), (text, query) = converse(heldout_svc, "how's the 4090 the now", "an the other yin?")
    assert query == {"name": "gpu_reading", "gpu": 0, "metric": "overview"}, query
    (_, _), (_, query) = converse(heldout_svc, "how much energy did the h100 burn the day", "an yesterday")
    assert query is not None and query["name"] == "energy" and query["window"]["label"] == "yesterday", query


def test_scots_jobs_and_requests(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(heldout_svc, "whit happened tae sd-xl-train", "gie it another bash")
    assert query is None and "gpuaccel retry 5" in text, text
    _, _, query = ask(heldout_svc, "put jobs 4 an 6 side by side, energy an that", None)
    assert query is not None and query["name"] == "job_rank" and query["among"] == "4,6", query
    (_, _), (_, query) = converse(
        heldout_svc, "whit did job 5 print afore it died", "an how long wis it runnin"
    )
    assert query is not None and query.get("job") == 5, query


def test_english_readings_the_scots_follow_ups_need(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "how's gpu 1 right now?", None)
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "overview"}, query
    _, text, query = ask(heldout_svc, "the fans are roaring in here. how hot did the h100 get today?", None)
    assert query is not None and query["metric"] == "temperature" and "91 °C" in text, (query, text)
    _, text, query = ask(heldout_svc, "which checkpoint path did job 2 save", None)
    assert query == {"name": "job_log", "job": 2} and "/ckpt/llama-70b/final" in text, (query, text)
    _, _, query = ask(heldout_svc, "is a bigger psu worth the hassle for a 4090", None)
    assert query is None
