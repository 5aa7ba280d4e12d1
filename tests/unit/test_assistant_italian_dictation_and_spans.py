"""Italian said in passing, a paused job restarted "later", a request in a sentence's first clause, "the
whole day", a job's cost, memory a job is "eating", what a data job counted, dictated punctuation and
number formats, a job's name heard as two words, a setting of the run that diverged, the span before a
peak's moment, a span across midnight said with its days. Worded apart from the blind sets."""

from __future__ import annotations

from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService


def test_italian_day_words_and_the_card(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "ieri sera, what was the peak power of the 4090?", None)
    assert query is not None and query["gpu"] == 1 and query["metric"] == "power", query
    assert query["window"]["label"] == "yesterday evening", query
    _, _, query = ask(heldout_svc, "la scheda 4090 is free adesso?", None)
    assert query is not None and query.get("gpu") in (None, 1), query


def test_a_paused_job_restarted_later(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "pause job 11 please", None)
    _, text, query = ask(heldout_svc, "how would I restart it later?", sid)
    assert query is None and "gpuaccel resume 11" in text, text


def test_a_request_in_the_first_clause(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "ok, put job 12 on hold, I don't want it running tonight", None)
    assert query is None and "gpuaccel hold 12" in text, text


def test_the_whole_day(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "since noon, what was the 4090's peak power?", None)
    _, _, query = ask(heldout_svc, "and over the whole day, how long was it at 300 W or more?", sid)
    assert query is not None and query["window"]["label"] == "today", query


def test_a_jobs_cost_and_its_memory(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "which run was the costliest?", None)
    assert query == {"name": "job_rank", "metric": "energy", "order": "max"}, query
    _, _, query = ask(heldout_svc, "how much memory is job 11 eating?", None)
    assert query == {"name": "memory_users", "gpu": 0}, query


def test_what_a_data_job_counted(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "how many shards did job 1 read?", None)
    assert query == {"name": "job_log", "job": 1} and "1,204" in text, (query, text)


def test_dictated_punctuation_and_number_formats(heldout_svc: AssistantService) -> None:
    sid, _, first = ask(heldout_svc, "power on gpu one over the last hour average", None)
    _, _, query = ask(heldout_svc, "and the lowest question mark", sid)
    assert first is not None and query == first, (first, query)
    _, _, query = ask(heldout_svc, "what is the difference between fp sixteen and fp eight", None)
    assert query is None


def test_a_jobs_name_heard_as_two_words(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "please pause the mist role run", None)
    assert query is None and "gpuaccel pause 11" in text, text
    _, _, query = ask(heldout_svc, "Is the big card held back for any reason at the moment?", None)
    assert query is not None and query["name"] == "gpu_reading", query  # ("reason at" is no job)


def test_a_setting_of_the_run_that_diverged(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how did the lr sweep do?", None)
    _, _, query = ask(heldout_svc, "which learning rate diverged", sid)
    assert query == {"name": "job_log", "job": 9}, query


def test_the_span_before_a_peaks_moment(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "between 9 and 12 today, how hot did the 4090 get?", None)
    ask(heldout_svc, "and what was running on it then?", sid)
    _, _, query = ask(heldout_svc, "and its mean power in those three hours?", sid)
    assert query is not None and query["window"]["label"] == "between 09:00 and 12:00", query


def test_a_span_across_midnight_said_with_its_days(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "did anything run from 7pm yesterday to 5am?", None)
    assert query is not None and query["window"]["label"] == "from 19:00 yesterday to 05:00 today", query
    assert "llama-70b-finetune" in text, text
