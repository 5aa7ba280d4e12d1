"""Hinglish written whole ("probe ko hold kar do", "kal raat gpu 0 pe kaunsa job chal raha tha"), and the
English causes round 80's sets showed: a request verb mistyped ("cancle"), a job's start asked as "when
will it run" (its state says what it waits for), what any model needs (general knowledge), the reason
"for both" after failures listed, the list a two-part message leaves, "card time" for GPU-time, advice
beside a housekeeping word, "how far along" beside a question about the future, and a name's last part as
a terse request's object ("cancel probe"). Roman Urdu read as the same language with its own spellings
("kia", "he", "nai", "dubara", "barha", "khali pari hai", "darmiyan"), general questions asked in it, and
"both" of the two jobs one message's answer gave. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages.hindi import hindi
from gpuaccel.assistant.understand.picker import RulePicker


def test_french_aujourdhui_is_no_hinglish() -> None:
    """ "hui" after an apostrophe is French's "aujourd'hui", not Hindi's "hui"."""
    said = "Quelle a été la température max de la H100 aujourd'hui ?"
    assert hindi(said) == said


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("probe ko hold kar do", "gpuaccel hold 13"),
        ("sd-xl-train ko dobara chala do yaar", "gpuaccel retry 5"),
        ("whisper-finetune ko release kar do", "gpuaccel release 14"),
        ("mistral ka kaam ho gaya, band kar do usko", "gpuaccel cancel 11"),
        ("cancle job 13", "gpuaccel cancel 13"),
        ("pasue job 11 pls", "gpuaccel pause 11"),
        ("cancel probe", "gpuaccel cancel 13"),
        # what a job asks for, set with "kar do": its GPUs, its memory, the GPU it runs on
        ("job 13 ko 1 gpu par kr do", "gpuaccel edit 13 --gpus 1"),
        ("job 12 ka memory 30000 MiB karo", "gpuaccel edit 12 --memory 30000"),
        ("job 13 ko gpu 0 par chala do", "gpuaccel edit 13 --gpu-ids 0"),
        # the whole queue as the object; a finished job taken off the list (remove, not cancel)
        ("saari queue ko pause kr do yaar", "gpuaccel pause"),
        ("flash-attn-build ko history se hata dijiye", "gpuaccel remove 3"),
    ],
)
def test_requests(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_hinglish_questions(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    _, _, query = ask(svc, "gpu 1 kal kitni der 40 degree se upar raha?", None)
    assert query is not None and query["gpu"] == 1 and query["at_least"] == 40, query
    assert query["window"]["label"] == "yesterday", query
    _, text, _ = ask(svc, "kal raat gpu 0 pe kaunsa job chal raha tha?", None)
    assert "llama-70b-finetune" in text, text


def test_a_paused_list_is_asked_not_requested(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "which jobs are paused?", None)
    assert query is not None, "a question about paused jobs is no request to pause"


def test_when_a_job_will_start_is_its_state(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "when will job 13 start?", None)
    assert query == {"name": "job_detail", "job": 13} and "waiting for 2 GPUs" in text, text


def test_what_any_model_needs_is_general_knowledge(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "how much memory does a 7b model need for inference in fp16?", None)
    assert query is None


def test_reasons_for_both_after_failures_listed(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how many jobs failed today?", None)
    _, text, query = ask(heldout_svc, "and the reason for each?", sid)
    assert query is not None and query["name"] == "failures", query
    assert "CUDA out of memory" in text and "loss is NaN" in text, text


def test_a_two_part_message_leaves_its_list(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "is gpu 1 busy? and which jobs failed today?", None)
    _, _, query = ask(heldout_svc, "why did the second one fail?", sid)
    assert query == {"name": "job_detail", "job": 5}, query


def test_card_time_is_gpu_time(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "which used more energy, job 4 or job 5?", None)
    _, _, query = ask(heldout_svc, "and the hours of card time of each?", sid)
    assert query is not None and query["metric"] == "gpu_time" and query["among"] == "4,5", query


def test_advice_beside_a_housekeeping_word_is_refused(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "what's a nice way to reward the interns for cleaning up the lab?", None)
    assert query is None


def test_how_far_along_beside_a_forecast(heldout_svc: AssistantService) -> None:
    said = "How far along is mistral-7b-sft? My student hopes it will finish before Friday."
    _, text, query = ask(heldout_svc, said, None)
    assert query == {"name": "job_detail", "job": 11} and "step 4100/12000" in text, text


# Roman Urdu (Urdu typed in Latin letters) is the same language as Hinglish with its own spellings ("kia",
# "he"/"hy", "nai", "dubara", "barha", "khali", "darmiyan"); read as one language
@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("sd-xl-train wali job dubara chala dein", "gpuaccel retry 5"),
        ("job 13 ki priority thori barha do please", "priority 13"),
        ("job 12 aur job 13 ki jagah badal do", "gpuaccel switch 12 13"),  # swap their places
        ("13 ko kuch der ke liye hold kr do", "gpuaccel hold 13"),  # for a while
    ],
)
def test_roman_urdu_requests(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_roman_urdu_clock_span_and_time_at_or_above(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "dopahar 1 se 2 baje ke darmiyan gpu 0 ki average power kia thi", None)
    assert query is not None and query["window"]["label"] == "between 13:00 and 14:00", query
    _, _, query = ask(heldout_svc, "gpu 0 kal 85 degree ya is se zyada kitni der rha?", None)
    assert query is not None and query["at_least"] == 85 and query["window"]["label"] == "yesterday", query


def test_roman_urdu_since_when_idle_or_busy(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "4090 kab se khali pari hai", None)
    assert query == {"name": "idle_gpus", "gpu": 1} and "since 13:24:00" in text, text
    _, text, query = ask(heldout_svc, "h100 kab se busy hy?", None)
    assert query == {"name": "idle_gpus"} and "since 13:30:00" in text, text


def test_roman_urdu_follow_ups(heldout_svc: AssistantService) -> None:
    svc = heldout_svc
    sid, _, _ = ask(svc, "gpu 0 ka temperature kitna he", None)
    _, _, query = ask(svc, "nai dusre card ka", sid)
    assert query is not None and query["gpu"] == 1, query
    sid, _, _ = ask(svc, "job 5 kyun fail hua?", None)
    _, text, query = ask(svc, "tab tak kitni der chal chuka tha", sid)
    assert query == {"name": "job_detail", "job": 5} and "9m41s" in text, text


def test_a_part_of_the_day_alone_and_the_lowest(heldout_svc: AssistantService) -> None:
    sid, _, query = ask(heldout_svc, "subah h100 ki power max kitni gayi thi", None)
    assert query is not None and query["window"]["label"] == "this morning", query
    _, text, query = ask(heldout_svc, "aur sabse kam kitni thi", sid)
    assert query is not None and query["metric"] == "power" and "lowest 70 W" in text, text


def test_both_jobs_of_a_two_part_answer(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "llama-8b-eval aur resnet50-bench mein se kis ne zyada bijli khai", None)
    _, text, _ = ask(heldout_svc, "dono ke GPU-hours bhi batao", sid)
    assert "0.70 GPU-hours" in text and "0.33 GPU-hours" in text, text


@pytest.mark.parametrize(
    "said",
    [
        "flash attention se memory kaise bachti hai? samjhao zara",
        "mere paper ke liye koi acha sa title suggest kro, topic hai fp8 training on the h100",
        "Karachi mein aaj kal load shedding kitne ghante ki ho rahi hai",
        "aws pe a100 ka ek ghanta kitne ka padta hai",  # what it costs
        "oom error aaye to kya karte hain",  # advice
    ],
)
def test_roman_urdu_general_questions_are_refused(heldout_svc: AssistantService, said: str) -> None:
    _, _, query = ask(heldout_svc, said, None)
    assert query is None


# Hinglish as a Slack chat types it: two jobs said before the verb without "ko", the familiar "kar de",
# "bhi" (too), "aaya" (came), "baaki walon" (the others), "us time" before the clause it dates, the subject
# left unsaid ("kab hua ye", "kaunsa job tha"), an adverb before "kya farak hai", an English verb said last
@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("job 12 aur job 13 dono pause kar do", "gpuaccel pause 12 13"),
        ("jo queue me ruke hai 12 aur 13 dono ko cancel kar do", "gpuaccel cancel 12 13"),
    ],
)
def test_two_jobs_said_before_the_verb(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


@pytest.mark.parametrize(
    ("first", "then", "says"),
    [
        ("aaj gpu 0 ka peak temp kitna tha", "kab hua ye aur kaunsa job tha", ("13:47", "mistral-7b-sft")),
        ("job 5 kyun fail hua", "log me last kya aaya tha", ("Tried to allocate",)),
        ("job 9 ka log dikha de", "baaki walon ka final loss kya tha", ("final loss 0.88",)),
        (
            "compare kar job 4 aur job 6 ka energy",
            "gpu hours bhi compare kar de",
            ("0.70 GPU-hours", "0.33 GPU-hours"),
        ),
    ],
)
def test_slack_hinglish_follow_ups(
    heldout_svc: AssistantService, first: str, then: str, says: tuple[str, ...]
) -> None:
    heldout_svc.chat.pickers = (RulePicker(),)  # the rules' reading, whatever the model would have picked
    sid, _, _ = ask(heldout_svc, first, None)
    _, text, _ = ask(heldout_svc, then, sid)
    assert all(s in text for s in says), text


def test_what_ran_at_a_peak_said_after_it(heldout_svc: AssistantService) -> None:
    said = "aaj gpu 0 pe power peak kab tha aur us time kaunsa job chal raha tha"
    _, text, _ = ask(heldout_svc, said, None)
    assert "626 W" in text and "llama-70b-finetune" in text, text


def test_general_asks_keep_their_words() -> None:
    """The ask, read in English, is one no reading answers: the difference between two methods (an adverb
    before "kya farak hai"), a message to draft (its verb said last)."""
    assert "difference between adam and sgd" in hindi("bhai adam aur sgd me basically kya farak hai")
    assert hindi("team ko ek email draft kar do ki kal gpu 0 band rahega").startswith("draft team")


# Hinglish as a Mumbai lab types it: "hata do" (remove: cancel; Turkish's "hata" is error), a job "put
# before" another (the two swapped), a span's ends said with "se ... tak", "usse" for "us se", what a log
# says, "tab" (then) said last, tips "to avoid" a failure and "X mein real fark kya hai" (general knowledge)
@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("job 14 hata do, ab zarurat nahi", "gpuaccel cancel 14"),
        ("whisper-finetune ko queue se hatao", "gpuaccel cancel 14"),
    ],
)
def test_removing_from_the_queue(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_a_job_put_before_another_is_a_swap(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "job 12 kab start hoga", None)
    _, text, query = ask(heldout_svc, "13 ko uske pehle chala do", sid)
    assert query is None and "gpuaccel switch 13 12" in text, text


@pytest.mark.parametrize(
    ("said", "label"),
    [
        ("gpu 0 ka temp subah 10 se 11 baje tak kitna tha", "between 10:00 and 11:00"),
        ("kal raat 9 baje se 12 tak gpu 1 ka max power kya tha", "yesterday between 21:00 and 00:00"),
    ],
)
def test_a_span_said_by_its_ends(heldout_svc: AssistantService, said: str, label: str) -> None:
    _, _, query = ask(heldout_svc, said, None)
    assert query is not None and query["window"]["label"] == label, query


def test_a_span_of_jobs_is_no_clock() -> None:
    assert "between" not in hindi("job 9 se 10 tak sab ka status kya hai")


def test_time_at_or_above_typed_usse(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "gpu 1 aaj kitni der 60 degree ya isse upar rahi", None)
    assert query is not None and query["gpu"] == 1 and query["at_least"] == 60, query


@pytest.mark.parametrize(
    ("first", "then", "says"),
    [
        ("job 5 kyun fail hua", "log me kya likha tha", ("Tried to allocate",)),
        ("aaj gpu 0 ka max temp kya tha", "max kab aaya aur kaunsi job thi tab", ("13:47", "mistral-7b-sft")),
    ],
)
def test_mumbai_hinglish_follow_ups(
    heldout_svc: AssistantService, first: str, then: str, says: tuple[str, ...]
) -> None:
    heldout_svc.chat.pickers = (RulePicker(),)
    sid, _, _ = ask(heldout_svc, first, None)
    _, text, _ = ask(heldout_svc, then, sid)
    assert all(s in text for s in says), text


@pytest.mark.parametrize(
    "said",
    [
        "oom se bachne ke liye kuch tips de do, batch size wagairah",
        "fp8 aur bf16 mein actual fark kya hai inference ke liye",
    ],
)
def test_mumbai_general_questions_are_refused(heldout_svc: AssistantService, said: str) -> None:
    _, _, query = ask(heldout_svc, said, None)
    assert query is None


def test_a_list_element_by_its_place() -> None:
    assert "the first run of sweep" in hindi("sweep ka pehla run kitni der chala")


# Hyderabad's Dakhini: "kitta"/"kitte"/"kitti" (how much, how many), "kaiku" (why), "roko" (hold it up:
# pause), "wapas chalu karo" (switch it back on: resume), "upar karo" (raise), "X ke upar" (above X),
# "12 baje ke baad" (after 12:00), "subah se" (since the morning), "har X se pehle" (before each X), "kya
# scene hai" (what is its state), "pe kya chal raha hai" (what runs on it), "hogaye" run together
@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("sft wala job zara rok do", "gpuaccel pause 11"),
        ("job 11 ko wapas chalu kar do", "gpuaccel resume 11"),
        ("405b probe ka priority upar karo bhai", "gpuaccel priority 13"),
    ],
)
def test_dakhini_requests(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


@pytest.mark.parametrize(
    ("said", "gpu", "metric", "at_least"),
    [
        ("kal gpu 0 kitti der 85 degree ke upar tha", 0, "temperature", 85),
        ("aaj gpu 0 kitta time 500 watt ke upar raha", 0, "power", 500),
    ],
)
def test_dakhini_time_above(
    heldout_svc: AssistantService, said: str, gpu: int, metric: str, at_least: int
) -> None:
    _, _, query = ask(heldout_svc, said, None)
    assert query is not None and (query["gpu"], query["metric"], query["at_least"]) == (gpu, metric, at_least)


def test_dakhini_after_a_clock_hour(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "10 baje ke baad gpu 0 ka max temp kitta tha", None)
    assert query is not None and query["window"]["label"] == "since 10:00", query
    assert "after 11:00" not in hindi("job 12 job 11 ke baad chalega kya")  # after a job, not a clock


@pytest.mark.parametrize(
    ("said", "english"),
    [
        ("uske log mein aakhri kya aaya bhai", "what came last in the log"),
        ("fail hone se pehle kitti der chala", "before it failed"),
    ],
)
def test_dakhini_read_in_english(said: str, english: str) -> None:
    assert english in hindi(said)


def test_dakhini_since_the_morning(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "subah se kitte jobs fail hue", None)
    assert query is not None and query["window"]["label"] == "since this morning", query
    assert "lr-sweep" in text, text  # it failed at 12:58, past noon


@pytest.mark.parametrize(
    ("first", "then", "says"),
    [
        ("job 5 kaiku fail hua", "har retry se pehle kitti der wait kiya", ("30.0 s",)),
        ("job 3 kaiku crash hua", "kitti der chala crash hone se pehle", ("2m30s",)),
        ("job 12 kaiku nahi chal raha", "aur 14 ka kya scene hai", ("it never starts until",)),
        ("box pe kya chal raha hai", "ab tak kitte gpu hours hogaye uske", ("1.50",)),
        ("resnet50-bench kaiku band hua", "phir se chalao isko", ("gpuaccel retry 6",)),
    ],
)
def test_dakhini_follow_ups(
    heldout_svc: AssistantService, first: str, then: str, says: tuple[str, ...]
) -> None:
    heldout_svc.chat.pickers = (RulePicker(),)
    sid, _, _ = ask(heldout_svc, first, None)
    _, text, _ = ask(heldout_svc, then, sid)
    assert all(s in text for s in says), text


# Lucknow's (Awadh's) Hinglish: "kahe" (why), "ka hua" (what happened), "kaun sa" written apart, "pichhle",
# "atka/phansa hai" (stuck), "kitne baje" (at what hour), a span with a part of the day at each end, "N number
# wala" (job N), "ka priority N kar do", "aage badhao", "ruko" (wait), "ka jagah swap", a purchase weighed
@pytest.mark.parametrize(
    ("said", "english"),
    [
        ("job 3 kahe crash hua", "why"),
        ("ka hua job 6 ko?", "what happened"),
        ("kaun si job sabse lambi chali", "which"),
        ("pichhle 3 ghante me 4090 ka power", "in the last 3 hours"),
        ("sd-xl-train kahe phansa hua hai", "why is sd-xl-train stuck"),
        ("usi ghante me h100 ka temp", "the same hour"),
        ("4090 ka max power kab tha", "when was the max power"),
        ("shaam 5 baje se raat 11 baje tak", "between 17:00 and 23:00"),
        ("mujhe gpu 1 lena hai", "gpu 1"),  # this machine's card taken, no purchase
    ],
)
def test_lucknow_read_in_english(said: str, english: str) -> None:
    assert english in hindi(said), hindi(said)
    assert "buy" not in hindi("mujhe gpu 1 lena hai")


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("3 number wala dobara chalao", "gpuaccel retry 3"),
        ("14 wala job ka priority 7 kar do", "gpuaccel priority 14 7"),
        ("job 12 ko thoda cancel kar do", "gpuaccel cancel 12"),
        ("nahi ruko, 11 aur 14 ka jagah swap kar do", "gpuaccel switch 11 14"),
    ],
)
def test_lucknow_requests(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


@pytest.mark.parametrize(
    ("first", "then", "says"),
    [
        ("job 11 kahe itna time le raha", "aur 12 wala kahe atka hai", ("waiting for job 11",)),
        ("aaj 4090 ka peak power kitna gaya", "kitne baje?", ("09:12:13",)),
        ("kal h100 ka max temp kya tha", "kaun si job thi tab", ("llama-70b-finetune",)),
        ("pichhle 1 ghante me h100 kitna busy tha", "aur 4090 kitna idle raha usi ghante", ("idle 1h00m",)),
        ("job 13 ki priority 9 kar do", "aur 12 wala ko bhi aage badhao priority me", ("priority 12",)),
        (
            "job 4 aur job 6 me kisne zyada bijli khayi",
            "dono ka wait time bhi compare karo",
            ("jobs 4 and 6",),
        ),
    ],
)
def test_lucknow_follow_ups(
    heldout_svc: AssistantService, first: str, then: str, says: tuple[str, ...]
) -> None:
    heldout_svc.chat.pickers = (RulePicker(),)
    sid, _, _ = ask(heldout_svc, first, None)
    _, text, _ = ask(heldout_svc, then, sid)
    assert all(s in text for s in says), text


def test_lucknow_purchase_is_declined(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "naya gpu lena hai, 4090 le ya h100? kaun sasta padega", None)
    assert query is None


def test_a_clock_span_with_minutes_and_doubled_vowels() -> None:
    """ "10:30 se 11:15 ke beech" keeps its minutes; "khaali" (long vowel typed doubled) is "khali"."""
    assert "between 10:30 and 11:15" in hindi("kal 10:30 se 11:15 ke beech gpu 0 ka temp kitna tha")
    assert "between 9:45 and 12:00" in hindi("9:45 se 12 baje tak kya chala")
    assert "is idle" in hindi("gpu 0 kab se khaali hai")
    assert "is anything running" in hindi("kuch chal raha kya gpu 1 pe")
