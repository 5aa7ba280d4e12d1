"""Egyptian Franco (Arabic in Latin letters and digits) inside English or whole, Greeklish words in English
shaped by Greek, and the English such writers use: a part of the day said after a span's first hour, a job
put first in the queue, "how to" set a power limit, "at what time was this" after a reading over a span, a
reading told and then asked how much of, a card set aside for another. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import franco_read, greeklish_read
from gpuaccel.assistant.understand.picker import RulePicker
from gpuaccel.assistant.understand.spoken import typed_out


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "el 4090 wesel kam daraga embare7?",
            {"name": "gpu_reading", "gpu": 1, "metric": "temperature", "label": "yesterday"},
        ),
        (
            "el h100 kan idle ad eh el naharda?",
            {"name": "gpu_reading", "gpu": 0, "metric": "util", "label": "today"},
        ),
        ("leh el 13 mestanya?", {"name": "job_detail", "job": 13}),
        ("el job 9 katab eh a5er 7aga?", {"name": "job_log", "job": 9}),
        (
            "average power el gpu 0 men 10 le 11 el sob7",
            {"name": "gpu_reading", "gpu": 0, "metric": "power", "label": "between 10:00 and 11:00"},
        ),
        ("eh el jobs elly 5elset embare7?", {"name": "finished", "label": "yesterday"}),
        # what a job's process takes; what a job wrote ("katab eh", its verb first); a peak said as "very hot"
        ("el process bta3 el job 11 wakhed memory ad eh?", {"name": "memory_users", "gpu": 0}),
        ("el lr-sweep katab eh fel log?", {"name": "job_log", "job": 10}),
        (
            "el H100 kanet sokhna awi ennaharda el sob7, kam daraga?",
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature", "label": "this morning"},
        ),
    ],
)
def test_franco_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None, (question, typed_out(question))
    label = expected.pop("label", None)
    assert {k: query.get(k) for k in expected} == expected, (typed_out(question), query)
    assert label is None or query["window"]["label"] == label, query


def test_franco_requests(heldout_svc: AssistantService) -> None:
    for message, command in (
        ("tab cancel el 13 law sama7t", "gpuaccel cancel 13"),
        ("hold el job 13 le7ad bokra pls", "gpuaccel hold 13"),
        ("e3mel pause lel job 11 delwa2ty", "gpuaccel pause 11"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, typed_out(message), text)


def test_franco_read_as_english_questions() -> None:
    # who runs on a card, how long each attempt waited, how long a card stayed busy, a card's last job and
    # when it ended, a peak and who ran then, a question not about the machine, a correction
    for franco, english in (
        ("3ayez a3raf meen shaghal 3al H100 delwa2ty", "I want to know who is running on H100 now"),
        (
            "kol attempt estanet ad eh abl ma tebda2 tany?",
            "how long did each attempt wait before it starts again?",
        ),
        ("el 4090 fedlet mashghoola ad eh embare7?", "the 4090 how long did it stay busy yesterday?"),
        (
            "tayeb eh akher job eshta8al 3aleha w 5eles emta?",
            "what is the last job that ran on it and when did it finish?",
        ),
        (
            "a3la memory 3al H100 embare7 kanet kam w kan meen shaghal?",
            "highest memory on H100 yesterday was how much and who was running?",
        ),
        ("eh el far2 bein fp8 w int8?", "what is the difference between fp8 and int8?"),
        ("la2 msh el 4090, a2sod el H100", "no not the 4090, I mean the H100"),
    ):
        assert franco_read(franco) == english, franco


def test_franco_requests_of_the_job_talked_about(heldout_svc: AssistantService) -> None:
    sid, _, query = ask(heldout_svc, "leh el sd-xl-train fashal?", None)
    assert query == {"name": "job_detail", "job": 5}, query
    _, text, query = ask(heldout_svc, "kol attempt estanet ad eh abl ma tebda2 tany?", sid)
    assert query == {"name": "job_detail", "job": 5} and "after 30.0s waiting" in text, text
    _, text, query = ask(heldout_svc, "mashi e3melo retry kaman mara", sid)
    assert query is None and "gpuaccel retry 5" in text, text
    sid, _, _ = ask(heldout_svc, "leh el 12 mestani?", None)
    _, text, query = ask(heldout_svc, "7otaha fel awel el queue law sama7t", sid)
    assert query is None and "gpuaccel priority 12" in text, text


def test_franco_peak_then_when_and_who_ran(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "el H100 kanet sokhna awi ennaharda el sob7, kam daraga?", None)
    _, _, query = ask(heldout_svc, "w embare7?", sid)
    assert query is not None and query["metric"] == "temperature", query
    assert query["gpu"] == 0 and query["window"]["label"] == "yesterday", query
    # when exactly and who ran then: the peak's reading says its moment and the job on the card at it
    _, text, query = ask(heldout_svc, "el sa3a kam bel zabt, w meen kan shaghal sa3etha?", sid)
    assert query is not None and "16:12:13" in text and "llama-70b-finetune" in text, (query, text)


def test_franco_correction_names_the_card_meant(heldout_svc: AssistantService) -> None:
    heldout_svc.chat.pickers = (RulePicker(),)  # the rules alone: the bundled model may guess the card
    sid, _, query = ask(heldout_svc, "power el 4090 delwa2ty kam?", None)
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "power"}, query
    _, _, query = ask(heldout_svc, "la2 msh el 4090, a2sod el H100", sid)
    assert query == {"name": "gpu_reading", "gpu": 0, "metric": "power"}, query


def test_franco_yes_or_no_question_says_no_is_it(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "el 4090 delwa2ty fadya walla la2?", None)
    assert typed_out("el 4090 delwa2ty fadya walla la2?") == "the 4090 now is it free or not?"
    assert query is not None and query["name"] == "idle_gpus" and "GPU 1" in text, query
    _, text, query = ask(heldout_svc, "memory clock el gpu 0 kam, w throttled walla la2?", None)
    assert query is not None and "power cap" in text, text


def test_franco_follow_ups_opened_by_w(heldout_svc: AssistantService) -> None:
    sid, _, query = ask(heldout_svc, "el gpu 1 average temperature fel sa3a elly fatet", None)
    assert query is not None and query["gpu"] == 1 and query["window"]["label"] == "in the last hour", query
    _, _, query = ask(heldout_svc, "w el power?", sid)
    assert query is not None and query["gpu"] == 1 and query["metric"] == "power", query
    assert query["window"]["label"] == "in the last hour", query


def test_franco_spellings_of_one_sound_and_more_verbs() -> None:
    # a hamza opening a word written "2" or not, ghain as "3'", "enharda", "beta3", "kam" before a noun, the
    # verbs of staying, using up, reading, making run, wanting a count
    for franco, english in (
        ("el 4090 2a3det 2ad eh fadya embare7?", "the 4090 how long did it stay free yesterday?"),
        ("el H100 estahlak kahraba 2ad eh enharda?", "the H100 used energy how much today?"),
        ("el lr-sweep 2ara kam file?", "the lr-sweep read how many files?"),
        ("5alli el whisper-finetune yeshta3'al 3ala GPU 0", "make the whisper-finetune run on GPU 0"),
        ("3ayez el sweep yeb2a card wa7da bas", "I want the sweep to use one card only"),
        ("fih jobs 3amla pause delwa2ty?", "are there jobs on pause now?"),
        ("el temp beta3ha kam?", "its temp how much?"),
    ):
        assert franco_read(franco) == english, franco


def test_franco_digit_letters_name_no_job_or_card(heldout_svc: AssistantService) -> None:
    # digits inside a Franco word are letters ("7asses", "2a3ad"): no job 7 or 2; a figure beside them is read
    read = franco_read("el H100 7arra2 delwa2ty? 7asses en el job 12 3ala2")
    assert read == "the H100 hot now? I feel that the job 12 aala", read
    _, text, query = ask(heldout_svc, "el 4090 sa5na 2ad eh delwa2ty? 7asses el room 7arra", None)
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}, query
    assert "Job 7" not in text, text
    _, _, query = ask(heldout_svc, "w el sd-xl-train 2a3ad 2ad eh shaghal?", None)
    assert query is not None and query.get("job") == 5, query


def test_franco_requests_said_with_their_own_verbs(heldout_svc: AssistantService) -> None:
    heldout_svc.chat.pickers = (RulePicker(),)
    for message, command in (
        ("wa2af el queue kollaha law sama7t", "gpuaccel pause"),
        ("5alli el whisper-finetune yeshta3'al 3ala GPU 0", "gpuaccel edit 14 --gpu-ids 0"),
        ("3ayez el whisper-finetune yeb2a card wa7da bas", "gpuaccel edit 14 --gpus 1"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, typed_out(message), text)
    sid, _, _ = ask(heldout_svc, "el mistral-7b-sft katab eh fel log?", None)
    _, text, query = ask(heldout_svc, "tab e2felha, msh 3ayzha", sid)
    assert query is None and "gpuaccel cancel 11" in text, text


def test_english_requests_and_a_card_corrected_in_one_message(heldout_svc: AssistantService) -> None:
    heldout_svc.chat.pickers = (RulePicker(),)
    for message, command in (
        ("could you stop the queue for a bit", "gpuaccel pause"),
        ("have the whisper-finetune run on gpu 0", "gpuaccel edit 14 --gpu-ids 0"),
        ("I want the whisper-finetune to use two gpus", "gpuaccel edit 14 --gpus 2"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, text)
    _, _, query = ask(heldout_svc, "memory used on card 0? oops, I meant card 1", None)
    assert query is not None and query.get("gpu") == 1, query


def test_english_names_of_the_trade_and_other_languages_are_not_read_as_franco() -> None:
    others = (
        "tab over to the Jobs tab and cancel job 3",
        "the 3am run on the h100 failed, fp16 or bf16?",
        "el modelo en la gpu 0 se cayó",
        "how many W does the mesh of e5m2 kernels draw on llama-7b?",
        "show the 2nd and 3rd jobs, eh? go beyond the limit",
        "the mmlu score leh?",  # Singlish's particle said last
        "kaam khatam, job 11 resume kar do",  # Hinglish "kaam" (work)
        "is er wel een job die draait?",  # Dutch "wel"
        "wala pa bang job sa gpu 1?",  # Tagalog "wala"
        "yani how much power now",  # Turkish "yani"
        "kartu2nya lagi panas?",  # Indonesian's doubled word ("kartu-kartunya")
        "halla, what does gpu 0 draw?",  # Swedish and Norwegian hello, unaccented: Levantine's "halla2" only
        "min power on gpu 1 over the last hour",  # "min" reads "who" only in a Franco message
    )
    for message in others:
        assert franco_read(message) == message


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "poso zestathike simera i GPU 1?",
            {"name": "gpu_reading", "gpu": 1, "metric": "temperature", "label": "today"},
        ),
        ("poso reuma trwei twra i karta 0?", {"name": "gpu_reading", "gpu": 0, "metric": "power"}),
        ("ti ginetai me tin karta 1 twra?", {"gpu": 1}),
        # the queue's words, the readings' words, a span "apo tis X mexri tis Y", "to proi" (the morning)
        ("poia jobs perimenoun stin oura?", {"name": "queue"}),
        ("ti espase simera to proi?", {"name": "failures", "label": "this morning"}),
        ("poso xrono trexei to mistral-7b-sft?", {"name": "job_detail", "job": 11}),
        ("poso kratise to llama-8b-eval?", {"name": "job_detail", "job": 4}),
        (
            "mesi thermokrasia stin karta 1 apo tis 10 mexri tis 11",
            {"name": "gpu_reading", "gpu": 1, "metric": "temperature", "label": "between 10:00 and 11:00"},
        ),
        ("poso energeia ekapse i karta 1 xthes?", {"name": "energy", "gpu": 1, "label": "yesterday"}),
        ("posi wra itan i gpu 0 pano apo 80 vathmous xthes?", {"metric": "temperature", "at_least": 80}),
    ],
)
def test_greeklish_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None, (question, typed_out(question))
    label = expected.pop("label", None)
    assert {k: query.get(k) for k in expected} == expected, (typed_out(question), query)
    assert label is None or query["window"]["label"] == label, query


def test_greeklish_request_and_english_left_alone(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "akyrwse to job 13 parakalw", None)
    assert query is None and "gpuaccel cancel 13" in text, text
    for message in ("ti amo, what is on gpu 0?", "the poster says to i GPU 0", "posa numeri?"):
        assert greeklish_read(message) == message


def test_greeklish_follow_ups_and_requests(heldout_svc: AssistantService) -> None:
    # "o anemistiras tis" (its fan) after a card's temperature: that card's fan
    sid, _, first = ask(heldout_svc, "ti thermokrasia exei i karta 1?", None)
    _, _, query = ask(heldout_svc, "kai o anemistiras tis?", sid)
    assert first is not None and first["metric"] == "temperature", first
    assert query is not None and (query["gpu"], query["metric"]) == (1, "fan"), query
    # a request: "xanatrexe" (run again), "anevase to priority tou" (raise the priority of), "vale ...
    # priority N" (put at priority N), "kane pause" with nothing after it (the job talked about)
    for request, command in (
        ("xanatrexe to sd-xl-train", "gpuaccel retry 5"),
        ("anevase to priority tou llama-405b-probe", "gpuaccel priority 13"),
        ("vale to llama-405b-probe priority 7", "gpuaccel priority 13 7"),
    ):
        _, text, query = ask(heldout_svc, request, None)
        assert query is None and command in text, (request, text)
    sid, _, _ = ask(heldout_svc, "poso xrono trexei to mistral-7b-sft?", None)
    _, text, query = ask(heldout_svc, "ok kane pause", sid)
    assert query is None and "gpuaccel pause 11" in text, text


def test_english_shaped_by_greek(heldout_svc: AssistantService) -> None:
    # a part of the day said after the span's first hour
    _, _, query = ask(heldout_svc, "the average power of GPU 0 from 10 in the morning until 11?", None)
    assert query is not None and query["window"]["label"] == "between 10:00 and 11:00", query
    # a job put first in the queue: its priority raised
    _, text, query = ask(heldout_svc, "put the job 13 first in the queue please", None)
    assert query is None and "gpuaccel priority 13" in text, text
    # how a power limit is set asks the hardware's tools, not a reading
    how_to = "how to set with nvidia-smi the power limit of the 4090 to 250 W?"
    _, text, query = ask(heldout_svc, how_to, None)
    assert query is None and "nvidia-smi" in text, text
    # "at what time was this" after one GPU's peak over a span: that peak, read at its moment
    sid, _, first = ask(heldout_svc, "the max temperature of the GPU 1 yesterday?", None)
    _, text, query = ask(heldout_svc, "and at what time was this?", sid)
    assert first is not None and query is not None and query["metric"] == first["metric"], query
    assert query["window"]["label"] == "at 20:12:13" and "20:12:13" in text, (query, text)
    # "at what time and from which job" after a peak ("apo poio job"): when, and the job that ran then
    sid, _, first = ask(heldout_svc, "the peak power of the 4090 yesterday?", None)
    _, text, query = ask(heldout_svc, "at what time and from which job?", sid)
    assert first is not None and query is not None and query["metric"] == first["metric"], query
    assert query["window"]["label"] == "at 20:12:13" and "flash-attn-build" in text, (query, text)


def test_english_reading_told_then_asked_and_card_corrections(heldout_svc: AssistantService) -> None:
    # a reading told, then how much of it asked: one ask, which the next follow-up takes up
    sid, text, query = ask(heldout_svc, "the 4090 was really hot this morning, how many degrees?", None)
    assert query is not None and query["window"]["label"] == "this morning", query
    assert "The temperature of GPU 1 is" not in text, text
    _, _, query = ask(heldout_svc, "and yesterday?", sid)
    assert query is not None and query["metric"] == "temperature" and query["gpu"] == 1, query
    # a card set aside for another: the card meant alone (the rules alone: the bundled model may guess it)
    heldout_svc.chat.pickers = (RulePicker(),)
    for first, correction in (
        ("the power of the 4090 now", "no, not the 4090, I mean the H100"),
        ("the power of gpu 1 now", "sorry I meant gpu 0, not gpu 1"),
    ):
        sid, _, _ = ask(heldout_svc, first, None)
        _, _, query = ask(heldout_svc, correction, sid)
        assert query == {"name": "gpu_reading", "gpu": 0, "metric": "power"}, (correction, query)


def test_franco_thresholds_spans_and_more_spellings() -> None:
    # a threshold said "3and N aw aktar" / "aktar men N", the last hours and days, "kam" before a reading's
    # mass, a verb's vowel left out ("we2af", "w2af"), "fe2el" (failed), "5aleha" (make it), "te7tag" (need),
    # "e3melaha" (do it), "el X di" (this X), "f" (in), "ems7" (wipe) and "a2dam men" (older than)
    for franco, english in (
        ("el 4090 2a3adet 2ad eh 3and 250 W aw aktar?", "the 4090 how long did it stay at 250 W or more?"),
        ("el H100 kan aktar men 85 daraga ad eh?", "the H100 was how long more than 85 degrees?"),
        ("a3la power 3al 4090 f a5er 6 sa3at", "highest power on 4090 in the last 6 hours"),
        ("kam energy el H100 f akher 3 ayam?", "how much energy the H100 in the last 3 days?"),
        ("w2af el queue law sama7t", "stop the queue please"),
        ("el data-prep fe2el?", "the data-prep failed?"),
        ("5aleha te7tag card wa7da bas msh 4", "make it need one card only not 4"),
        ("e3melaha hold", "hold it"),
        ("meen wa5ed el vram di?", "who taking this vram?"),
        ("ems7 el jobs elly a2dam men 10 ayam", "delete the jobs that older than 10 days"),
    ):
        assert franco_read(franco) == english, franco


def test_franco_threshold_and_requests_read_end_to_end(heldout_svc: AssistantService) -> None:
    heldout_svc.chat.pickers = (RulePicker(),)
    _, _, query = ask(heldout_svc, "el 4090 fedlet aktar men 300 W ad eh embare7?", None)
    assert query is not None and query.get("at_least") == 300 and query["gpu"] == 1, query
    _, _, query = ask(heldout_svc, "a2al memory clock 3al H100 f akher sa3a kam?", None)
    assert query is not None and query["window"]["label"] == "in the last hour", query
    for message, command in (
        ("ems7 el cancelled jobs elly a2dam men 3 ayam", "gpuaccel clean --older-than 3d --state cancelled"),
        ("we2af el queue kollaha, ma7adesh yebda2 7aga gdida", "gpuaccel pause"),
        ("3awez el whisper-finetune teb2a priority 4", "gpuaccel priority 14 4"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, typed_out(message), text)
    sid, _, _ = ask(heldout_svc, "el job 13 leh mestanya?", None)
    _, text, query = ask(heldout_svc, "5aleha te7tag GPU wa7da bas", sid)
    assert query is None and "gpuaccel edit 13 --gpus 1" in text, text


def test_english_priority_wanted_cleaning_by_age_and_a_card_set_aside(heldout_svc: AssistantService) -> None:
    heldout_svc.chat.pickers = (RulePicker(),)
    for message, command in (
        ("make the whisper-finetune priority 8", "gpuaccel priority 14 8"),
        ("I'd like llama-70b-eval to be priority 2", "gpuaccel priority 12 2"),
        ("purge failed jobs more than 2 weeks old", "gpuaccel clean --older-than 14d --state failed"),
        ("clean up jobs older than 36 hours", "gpuaccel clean --older-than 36h"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, text)
    _, text, query = ask(heldout_svc, "I want to know the priority of 13", None)
    assert query is not None, text
    # the card meant, then the one set aside by its number alone
    _, _, query = ask(heldout_svc, "fan speed of gpu 0? oops sorry, I meant gpu 1 not 0", None)
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "fan"}, query


def test_levantine_arabizi_read_as_english() -> None:
    """Lebanese and Syrian Arabizi: its own question words, "3am" before a verb, "2addesh" before a state."""
    for levantine, english in (
        ("shu 3am ybrun 3al GPU 1 halla2?", "what is running on GPU 1 now?"),
        ("shu 3am yeshta8el 3a GPU 0?", "what is running on GPU 0?"),  # Arabic's own verb, not the hour
        ("kif el power 3al GPU 0?", "how is the power on GPU 0?"),
        ("lesh job 7 mesh 3am yebda?", "why job 7 is not starting?"),
        ("2addesh kan GPU 1 busy lyom?", "how long was GPU 1 busy today?"),
        ("2addesh sarlo job 4 3am ybrun?", "how long has it been job 4 is running?"),
        ("min kan 3am yesta3mlo mbere7?", "who was using it yesterday?"),
        ("kam sanye kanet fo2 85 daraje?", "how many seconds was above 85 degrees?"),
        ("fi shi job bel queue?", "are there any job in the queue?"),
        ("w ayya job kan?", "and which job was it?"),
    ):
        assert franco_read(levantine) == english, levantine


def test_levantine_arabizi_questions_and_requests(heldout_svc: AssistantService) -> None:
    heldout_svc.chat.pickers = (RulePicker(),)
    _, _, query = ask(heldout_svc, "2addesh energy sarrafet GPU 1 mbere7?", None)
    assert query is not None and query["name"] == "energy" and query["gpu"] == 1, query
    assert query["window"]["label"] == "yesterday", query
    _, text, query = ask(heldout_svc, "wa22ef el queue, ma baddi shi job yebda", None)
    assert query is None and "gpuaccel pause" in text, text


def test_levantine_requests_and_readings(heldout_svc: AssistantService) -> None:
    """Levantine Arabizi: "e3mella" / "7ottlo" (do it, put it) before an English verb, "sheel" (remove),
    "la job" (to job), "ma2sadi" (I mean) correcting the verb, "el sa3a el a5ira" (the last hour), "2addesh
    ishtaghal" (how long did it run), "emta bada2 yetla3 fo2 el N" (when did it start going above N)."""
    for turns in (
        (("leh fashal el job 5?", None), ("tab e3mella retry halla2", "gpuaccel retry 5")),
        (("leh el 13 mestani?", None), ("7ottlo hold la bokra", "gpuaccel hold 13")),
        (("7ot priority 3 la job 13", "gpuaccel priority 13 3"),),
        (("sheel el job 3 mn el queue", "gpuaccel remove 3"),),
        (("cancel job 12", "gpuaccel cancel 12"), ("la2, ma2sadi hold mish cancel", "gpuaccel hold 12")),
    ):
        sid = None
        for message, command in turns:
            sid, text, query = ask(heldout_svc, message, sid)
            assert command is None or (query is None and command in text), (message, typed_out(message), text)
    _, _, query = ask(heldout_svc, "max temp 3ala GPU 1 fel sa3a el a5ira?", None)
    assert query is not None and query["window"]["label"] == "in the last hour", query
    sid, _, _ = ask(heldout_svc, "job 6 laish wa2af?", None)
    _, text, _ = ask(heldout_svc, "w 2addesh ishtaghal?", sid)
    assert "20m00s" in text, text
    sid, _, first = ask(heldout_svc, "GPU 1 kan fo2 70 daraje ad eh el yom?", None)
    _, _, again = ask(heldout_svc, "emta bada2 yetla3 fo2 el 70?", sid)
    assert first is not None and first.get("at_least") == 70 and again == first, (first, again)
