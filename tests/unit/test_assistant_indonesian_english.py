"""Indonesian written whole or inside English, as Jakarta writes it ("suhu kartu 1 skrg brp?", "yg lagi nunggu
di antrian apa aja?", "tolong batalin job 13 ya"): its question words, days and hours, verbs and states, the
suffix "-nya", its short forms and the particles that ask nothing; an English or Taglish message left to its
own readers; a comparison asked of the last energy answer ("bandingin sama 4090": both cards); when it
happened, a correction of a job's number, the job in context and its log, requests in the passive, busy and
idle time, last use, a swap in the queue and general questions ("fp16 itu apa sih?"). Worded apart from the
blind sets."""

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
        # when it happened, a correction, the job in context and its log, a request in the passive
        ("kapan itu terjadi?", "when did it happen?"),
        ("maaf, salah nomor. maksud saya yg nomor 4", "sorry, wrong number. I mean number 4"),
        ("batch size-nya berapa di job itu?", "what is the batch size in that job?"),
        ("tail log-nya dong", "tail its log"),
        ("jangan dibatalin dulu, ditahan aja", "don't cancel it, hold it"),
        ("ditahan dulu job 6", "hold job 6"),
        # busy and idle time, last use, the queue's order, general questions
        ("gpu 0 sibuk berapa lama kemarin?", "gpu 0 busy how long yesterday?"),
        ("nganggurnya berapa jam?", "idle how many hours?"),
        ("kapan terakhir kali kartu 0 dipake?", "when was card 0 last used?"),
        ("job terakhir yg jalan di situ apa?", "the last job that ran there what?"),
        ("tukar urutan job 3 sama job 4", "swap the order of job 3 with job 4"),
        ("fp8 itu apa sih?", "what is fp8?"),
        (
            "apa bedanya hbm2e sama gddr6 secara umum?",
            "what is the difference between hbm2e and gddr6 in general?",
        ),
        # "tuh" (that), the part of the day after an hour and midnight, comparatives of two, "kalo X nya?",
        # "ngabisin" (used up), "dibanding X gimana", a request whose object is left unsaid, priorities
        ("jam brp tuh?", "what time that?"),
        (
            "dr jam 7 malam sampe tengah malam gpu 0 sibuk brp lama",
            "from 19:00 to midnight gpu 0 busy how long",
        ),
        ("dari jam 11 siang sampe jam 1 siang daya gpu 0 brp", "from 11:00 to 13:00 power gpu 0 how much"),
        ("sejak jam 3 sore util gpu 1 brp", "since 15:00 util gpu 1 how much"),
        ("gpu 1 sama gpu 0 panasan mana hari ini", "which hotter, gpu 1 or gpu 0 today"),
        ("job 9 dan job 10 lebih lama yg mana", "which ran longer, job 9 or job 10"),
        ("kalo memori rata2 nya?", "what about average memory?"),
        ("job 5 ngabisin listrik brp", "job 5 used electricity how much"),
        ("dibandingin sama job 6 gimana?", "compared with job 6?"),
        ("ulangin dong", "retry it"),
        ("batalin deh", "cancel it"),
        ("yg 3 turunin prioritasnya", "lower the priority of 3"),
        ("ubah prioritas job 4 jadi 7", "set the priority job 4 to 7"),
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
        ("ubah prioritas job 4 jadi 7", "gpuaccel priority 4 7"),
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


def test_indonesian_conversations(heldout_svc: AssistantService) -> None:
    """When the peak happened; a correction of a job's number, then that job's log and a request of it; a
    request taken back in the passive; busy, then idle time; last use; a swap in the queue."""
    svc = heldout_svc
    sid, _, query = ask(svc, "suhu paling tinggi gpu 1 hari ini berapa?", None)
    _, text, again = ask(svc, "kapan itu terjadi?", sid)
    # (when the peak happened: it, read at its moment)
    assert again is not None and query is not None and again["metric"] == query["metric"], again
    assert again["window"]["label"] == "at 09:12:00" and "73 °C at 09:12:00" in text, (again, text)
    sid, _, _ = ask(svc, "kenapa job 5 gagal?", None)
    _, text, query = ask(svc, "eh maaf salah nomor, maksud saya yang nomor 9. itu kenapa gagal?", sid)
    assert query == {"name": "job_detail", "job": 9} and "loss is NaN" in text, query
    _, text, query = ask(svc, "learning rate-nya berapa di job itu? cek log-nya", sid)
    assert query == {"name": "job_log", "job": 9} and "lr=0.001" in text, query
    _, text, query = ask(svc, "ulangi job itu ya", sid)
    assert query is None and "gpuaccel retry 9" in text, text
    sid, _, _ = ask(svc, "tolong tahan job 13", None)
    _, text, query = ask(svc, "eh jangan ditahan, dibatalkan aja", sid)
    assert query is None and "gpuaccel cancel 13" in text, text
    sid, text, query = ask(svc, "kemarin gpu 0 sibuk berapa lama?", None)
    assert query is not None and query["metric"] == "util" and query["gpu"] == 0, query
    assert "busy (10% or more) 7h55m" in text, text
    _, text, again = ask(svc, "terus nganggurnya berapa lama?", sid)
    assert again == query and "idle 1h05m" in text, text
    _, text, query = ask(svc, "kapan terakhir kali kartu 1 dipake?", None)
    assert query == {"name": "idle_gpus", "gpu": 1} and "GPU 1 (since 13:24:00" in text, text
    _, text, query = ask(svc, "tukar urutan job 13 sama job 12 ya", None)
    assert query is None and "gpuaccel switch 13 12" in text, text


@pytest.mark.parametrize(
    "said",
    [
        "apa bedanya hbm2e di a100 sama hbm3 di h100 secara umum?",
        "fp16 itu apa sih? jelasin singkat buat tim",
        "what is fp16 exactly?",  # (the English it becomes: a number format asked alone is the idea)
    ],
)
def test_general_questions_name_no_reading(heldout_svc: AssistantService, said: str) -> None:
    _, _, query = ask(heldout_svc, said, None)
    assert query is None, query


def test_indonesian_follow_ups(heldout_svc: AssistantService) -> None:
    """A request whose job is left unsaid; the object said before its verb; "dibanding X gimana" after an
    energy answer; two jobs' comparative; a span to midnight; "kalo X nya?" after a comparison of cards."""
    svc = heldout_svc
    sid, _, _ = ask(svc, "job 5 knp gagal?", None)
    _, text, query = ask(svc, "ok ulangin deh", sid)
    assert query is None and "gpuaccel retry 5" in text, text
    sid, _, _ = ask(svc, "naikin prioritas job 13 jadi 9", None)
    _, text, query = ask(svc, "yg 12 naikin jg ya", sid)
    assert query is None and "gpuaccel priority 12" in text, text
    sid, _, _ = ask(svc, "job 5 ngabisin listrik brp?", None)
    _, text, query = ask(svc, "dibanding job 6 gimana?", sid)
    assert query is not None and query["name"] == "job_rank" and query["among"] == "5,6", query
    _, text, query = ask(svc, "job 9 sama job 10 lamaan mana", None)
    assert query is not None and query["among"] == "9,10" and "25m55s" in text, query
    _, text, query = ask(svc, "kemarin dari jam 7 malam sampe tengah malem gpu 0 sibuk brp lama", None)
    assert query is not None and query["window"]["label"] == "yesterday between 19:00 and 00:00", query
    sid, _, _ = ask(svc, "hari ini gpu mana yg lebih panas, 0 ato 1", None)
    _, text, query = ask(svc, "kalo memori nya?", sid)
    assert query is not None and query["metric"] == "memory" and "gpu" not in query, query
