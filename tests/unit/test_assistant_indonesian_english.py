"""Indonesian written whole or inside English, as Jakarta writes it ("suhu kartu 1 skrg brp?", "yg lagi nunggu
di antrian apa aja?", "tolong batalin job 13 ya"): its question words, days and hours, verbs and states, the
suffix "-nya", its short forms and the particles that ask nothing; an English or Taglish message left to its
own readers; and a comparison asked of the last energy answer ("bandingin sama 4090": both cards). Worded
apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import indonesian_read
from gpuaccel.assistant.understand.spoken import written


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("suhu kartu 1 skrg brp?", "temperature card 1 now how much?"),
        ("job 4 kemarin jalan berapa lama sih?", "job 4 yesterday run how long?"),
        ("kenapa job 5 gagal terus?", "why job 5 keeps failing?"),
        ("daya maks gpu 0 dari jam 8 sampai jam 10.30 brp ya", "power max gpu 0 from 8:00 to 10:30 how much"),
        ("suhunya paling tinggi jam brp?", "its temperature highest what time?"),
        ("udah nunggu brp lama?", "how long has it been waiting?"),
        ("gpu 1 lagi training gak?", "gpu 1 is training or not?"),
        ("kok kartu 0 panas banget?", "why card 0 hot?"),
        ("siapa yg lagi pake gpu 1?", "who is using gpu 1?"),
        ("gpu mana yg paling sibuk hari ini?", "which gpu busiest today?"),
        ("job 9 mulai 2 jam lalu ya?", "job 9 started 2 hours ago?"),
    ],
)
def test_indonesian_read_in_english(said: str, read: str) -> None:
    assert written(said) == read


def test_english_and_taglish_are_left_to_their_own_readers() -> None:
    """No Indonesian mark: an English "sm clock", tensor parallel's "tp=4" and a name ending in "nya" stay;
    Taglish's "nya" is Taglish's to read."""
    english = ("sm clock of gpu 0 at tp=4?", "did sonya's job finish?", "what is the peak power")
    for text in (*english, "ano yung log nya?"):
        assert indonesian_read(text) == text


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("tolong batalin job 13 ya", "gpuaccel cancel 13"),
        ("tahan dulu job 12 dong", "gpuaccel hold 12"),
        ("lanjutin job 11 aja", "gpuaccel resume 11"),
        ("lepasin job 14 sekarang", "gpuaccel release 14"),
    ],
)
def test_indonesian_requests(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_indonesian_questions(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    _, text, query = ask(svc, "pemakaian memori h100 skrg brp?", None)
    assert query == {"name": "gpu_reading", "gpu": 0, "metric": "memory"} and "61440 MiB" in text, query
    _, _, query = ask(svc, "rata-rata daya 4090 dari jam 10 sampai jam 11 berapa?", None)
    assert query is not None and query["gpu"] == 1 and query["metric"] == "power", query
    assert query["window"]["label"] == "between 10:00 and 11:00", query
    _, _, query = ask(svc, "suhu tertinggi kartu 0 kemarin berapa ya?", None)
    assert query is not None and query["metric"] == "temperature", query
    assert query["window"]["label"] == "yesterday", query
    _, _, query = ask(svc, "yg lagi nunggu di antrian apa aja?", None)
    assert query is not None and query["name"] == "queue", query
    _, _, query = ask(svc, "bedanya fp8 sama int8 apa sih?", None)
    assert query is None


def test_a_comparison_asked_of_the_last_energy_answer(heldout_svc: AssistantService) -> None:
    """ "compare with the 4090" after an energy answer: the same span on both cards, each said."""
    sid, _, query = ask(heldout_svc, "h100 makan listrik brp hari ini?", None)
    assert query is not None and query["name"] == "energy" and query["gpu"] == 0, query
    _, text, query = ask(heldout_svc, "bandingin sama 4090 dong", sid)
    assert query is not None and query["name"] == "energy" and "gpu" not in query, query
    assert "GPU 1 1.14 kWh" in text, text
