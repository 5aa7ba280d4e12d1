"""Australian English as a sysadmin writes it ("all arvo", "how many goes", "knock it on the head", "pulled
the pin", "start it back up", "temp wise"), what the writer has finished said before a request, and a new
subject said after thanks. Worded apart from the blind sets."""

from __future__ import annotations

from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.picker import RulePicker


def test_an_afternoon_said_as_arvo_and_a_reading_said_wise(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "what did the H100 top out at temp wise all arvo?", None)
    assert query is not None and query["gpu"] == 0 and query["metric"] == "temperature", query
    assert query["window"]["label"] == "since noon", query


def test_goes_are_attempts_and_the_pin_pulled_is_cancelled(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "what happened to sd-xl-train?", None)
    _, text, query = ask(heldout_svc, "how many goes did it get?", sid)
    assert query is not None and query.get("job") == 5 and "attempt 3 of 3" in text, (query, text)
    _, text, query = ask(heldout_svc, "who pulled the pin on resnet50-bench and when?", None)
    assert query is not None and query.get("job") == 6 and "cancelled" in text, (query, text)


def test_australian_requests(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "righto, knock the whisper-finetune on the head", None)
    assert query is None and "gpuaccel cancel 14" in text, text
    sid, _, _ = ask(heldout_svc, "pause the mistral run", None)
    _, text, query = ask(heldout_svc, "finished with the benchmark, fire it back up", sid)
    assert query is None and "gpuaccel resume 11" in text, text


def test_a_new_subject_after_thanks_is_declined(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "thanks! unrelated but would a 1500VA UPS carry two GPU servers?", None)
    assert query is None


def test_failing_said_as_cactus_or_carking_it_and_a_job_chucked_back_on(
    heldout_svc: AssistantService,
) -> None:
    heldout_svc.chat.pickers = (RulePicker(),)  # the rules' reading, whatever the model would have picked
    _, text, query = ask(heldout_svc, "did any of the runs go cactus yesterday?", None)
    assert query is not None and query["name"] == "failures", query
    assert "flash-attn-build" in text, text
    sid, text, query = ask(heldout_svc, "how come the lr sweep carked it", None)
    assert query is not None and "Job 9 (lr-sweep) failed" in text and "loss is NaN" in text, (query, text)
    _, text, query = ask(heldout_svc, "no worries, bung it back on", sid)
    assert query is None and "gpuaccel retry 9" in text, text
    _, text, query = ask(heldout_svc, "what did the flash-attn build spew out before it fell over", None)
    assert query is not None and query["name"] == "job_log" and query.get("job") == 3, query


def test_used_all_up_is_a_cards_energy_in_total(heldout_svc: AssistantService) -> None:
    # "all up" (in total) and "how much has it used" with no reading named: the electricity it used
    heldout_svc.chat.pickers = (RulePicker(),)  # the rules' reading, whatever the model would have picked
    sid, _, _ = ask(heldout_svc, "how much did job 9 use", None)
    _, text, query = ask(heldout_svc, "righto, and how much has GPU 0 used all up today?", sid)
    assert query is not None and query["name"] == "energy" and query.get("gpu") == 0, query
    assert "kWh today" in text, text


def test_if_ya_can_said_last_asks_nothing(heldout_svc: AssistantService) -> None:
    heldout_svc.chat.pickers = (RulePicker(),)  # the rules' reading, whatever the model would have picked
    sid, _, _ = ask(heldout_svc, "how hot did GPU 1 get today?", None)
    _, text, query = ask(heldout_svc, "what time exactly, if ya can", sid)
    assert query is not None and query["metric"] == "temperature" and query.get("gpu") == 1, query
