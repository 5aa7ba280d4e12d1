"""English written with Vietnamese habits: Vietnamese words said without their marks ("hom qua", "bay gio",
"nao", "bao lau"), the politeness particles ("a", "nhe", "giup em") that ask nothing, and the words read
before another language's table takes one as its own (Italian "qua"). Worded apart from the blind sets."""

from __future__ import annotations

from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import vietnamese_read
from gpuaccel.assistant.understand.spoken import written


def test_days_and_question_words_said_in_vietnamese() -> None:
    assert written("4090 avg temp hom qua bao nhieu?") == "4090 avg temp yesterday how much?"
    assert written("card nao busy bay gio?") == "which card busy now?"
    assert written("job 3 run bao lau a?") == "job 3 run how long?"
    assert vietnamese_read("GPU 1 dang train model gi?") == "GPU 1 is training what model?"


def test_english_and_portuguese_are_left_as_they_were() -> None:
    for text in ("is it option a?", "give me a, b and c", "what is the roi of it", "o job nao rodou?"):
        assert vietnamese_read(text) == text


def test_yesterday_said_in_vietnamese(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "hom qua the 4090 used how much energy a?", None)
    assert query is not None and query["window"]["label"] == "yesterday", query
    _, _, query = ask(heldout_svc, "peak util of GPU 0 hom qua nhe", None)
    assert query is not None and query["gpu"] == 0 and query["window"]["label"] == "yesterday", query


def test_what_is_on_a_card_and_a_trailing_hey(heldout_svc: AssistantService) -> None:
    _, text, _ = ask(heldout_svc, "is the 4090 warm? whats on the H100", None)
    assert "mistral-7b-sft" in text, text
    assert written("how long has it been going, hey?") == "how long has it been going?"


def test_a_random_question_is_a_new_subject(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "random question: how long do GPU fans last in a dusty room?", None)
    assert query is None


def test_hours_and_readings_said_in_vietnamese() -> None:
    assert vietnamese_read("nhiet do card 1 sang nay cao nhat bao nhieu") == (
        "temperature card 1 this morning highest how much"
    )
    assert vietnamese_read("tu 8h den 10h30 gpu 0 power trung binh bao nhieu") == (
        "from 8:00 to 10:30 gpu 0 power average how much"
    )
    assert vietnamese_read("toi qua card 1 tieu thu bao nhieu dien") == (
        "last night card 1 used how much energy"
    )
    assert vietnamese_read("gpu 1 tren 60 do bao lau chieu nay") == (
        "gpu 1 above 60 degrees how long this afternoon"
    )
    # a span "1h30m" stays a span: only an hour after its word ("tu", "luc") is the clock's
    assert vietnamese_read("job 2 chay 1h30m roi?") == "job 2 run 1h30m?"


def test_requests_said_in_vietnamese_are_the_commands(heldout_svc: AssistantService) -> None:
    for question, command in (
        ("huy job 12 giup em", "gpuaccel cancel 12"),
        ("chay lai job 5 nhe", "gpuaccel retry 5"),
        ("tam dung job 11 mot chut nha", "gpuaccel pause 11"),
        ("tang uu tien job 13 len 5 nhe", "gpuaccel priority 13 5"),
    ):
        _, text, query = ask(heldout_svc, question, None)
        assert query is None and command in text, (question, text)


def test_vietnamese_follow_ups_carry_the_subject(heldout_svc: AssistantService) -> None:
    sid, _, query = ask(heldout_svc, "hom nay card 0 ton bao nhieu dien vay", None)
    assert query is not None and query["name"] == "energy" and query["gpu"] == 0, query
    _, _, query = ask(heldout_svc, "con gpu 1 thi sao", sid)
    assert query is not None and query["name"] == "energy" and query["gpu"] == 1, query
    sid, _, query = ask(heldout_svc, "gpu 0 bay gio nhiet do bao nhieu", None)
    _, _, query = ask(heldout_svc, "va card kia?", sid)
    assert query is not None and query["metric"] == "temperature" and query["gpu"] == 1, query


def test_training_on_ones_own_data_is_declined(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "how do we train a segmentation net on our own dataset?", None)
    assert query is None


def test_a_message_in_vietnamese_with_its_marks_is_read_whole() -> None:
    """Marked letters are Vietnamese's own: read first and folded, so "nào" is no Portuguese "não"."""
    assert written("hôm qua card 1 nóng nhất bao nhiêu độ?") == "yesterday card 1 hottest how many degrees?"
    assert written("GPU số 1 đang xài bao nhiêu bộ nhớ") == "GPU 1 is using how much memory"
    assert written("máy đang chạy job gì thế?") == "what job is the machine running?"
    assert written("job 7 bắt đầu lúc mấy giờ") == "when did job 7 start"
    assert written("con A100 công suất trung bình 2 tiếng vừa rồi") == (
        "the A100 power average in the last 2 hours"
    )


def test_vietnamese_requests_with_their_particles() -> None:
    assert written("xoá job 4 khỏi danh sách giùm nha") == "remove job 4 from danh sach"
    assert written("sửa job 8 xuống 2 GPU giúp em") == "change job 8 to use 2 gpus"
    assert written("cho job 5 priority 3 nhé") == "set the priority of job 5 to 3"
    assert written("đổi thứ tự job 2 với job 6") == "swap job 2 and job 6"


def test_a_vietnamese_follow_up_without_marks(heldout_svc: AssistantService) -> None:
    sid, _, query = ask(heldout_svc, "hom nay card 0 cong suat cao nhat bao nhieu", None)
    assert query is not None and query["gpu"] == 0 and query["metric"] == "power", query
    _, _, query = ask(heldout_svc, "còn con 4090?", sid)
    assert query is not None and query["gpu"] == 1, query


def test_northern_vietnamese_words_and_hours_of_the_clock() -> None:
    """Northern Vietnamese says "đấy" for "đó" (that) and ends a question with "nhỉ"; an hour is "3 giờ
    chiều" (15:00) from its word ("từ", "đến"), "đến giờ" is until now; a card is "bận" (busy) or "rảnh"
    (idle), its clock "xung nhịp"; "dừng cả hàng đợi" stops the queue; "chỉ cần N GPU" and "chỉ chạy trên
    GPU N" change a job's GPUs, with or without the marks."""
    assert written("khi đấy card 1 chạy job nào nhỉ") == "at that time card 1 run which job"
    assert written("tu 3 gio chieu den gio card 1 ban bao lau") == "from 15:00 until now card 1 busy how long"
    assert "from 8:30" in written("từ 8 giờ rưỡi sáng") and "since yesterday" in written("từ hôm qua đến giờ")
    assert "idle" in written("hom nay card 0 ranh bao lau") and "clock" in written("xung nhip gpu 1")
    assert written("dừng hàng đợi lại giúp mình") == "pause the queue"
    assert written("sua job 8 chi can 2 GPU thoi").startswith("change job 8 to use 2 gpus")
    assert written("sửa job 8 chỉ chạy trên card 0 nhé") == "move job 8 to GPU 0"


def test_all_runs_of_a_job_said_as_its_times(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "sd-xl-train bi loi gi vay", None)
    _, text, _ = ask(heldout_svc, "cong lai cac lan chay mat bao lau", sid)
    assert "9m41s" in text, text
