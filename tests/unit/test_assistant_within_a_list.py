""" "The one before that" after a job picked from a list (the failures, the cancellations, a ranking) moves
within that list, not to the job number beside it (which may have succeeded); a job asked by number
alone still steps by number, and "the next one" straight after a list is its second entry. The machine is
the held-out sets' (failures: job 8 last night, job 3 today; job 4 cancelled; job 2 succeeded).
"""

from __future__ import annotations

from typing import Any

from test_assistant_questions import ask, invented

from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker


def queries(svc: AssistantService, *questions: str) -> list[dict[str, Any] | None]:
    """Each question's query in one conversation (no answer with an invented number)."""
    sid, out = None, []
    for question in questions:
        sid, text, query = ask(svc, question, sid)
        assert invented(svc, sid, text, query is None) == [], (question, text)
        out.append(query)
    return out


def test_the_one_before_a_failure_is_the_failure_before_it(svc: AssistantService) -> None:
    *_, before, after = queries(svc, "why did job 3 fail?", "why?", "the one before that", "the next one")
    assert before == {"name": "job_detail", "job": 8}  # not job 2, which succeeded
    assert after == {"name": "job_detail", "job": 3}
    *_, prev = queries(svc, "which jobs failed?", "why?", "the previous one")
    assert prev == {"name": "job_detail", "job": 8}


def test_past_the_end_of_the_list_is_the_list_again(svc: AssistantService) -> None:
    *_, past = queries(svc, "list failed jobs today", "why?", "the one before that")
    assert past is not None and past["name"] == "failures" and past["window"]["label"] == "today"
    *_, past = queries(svc, "why was job 4 cancelled?", "the one before that")
    assert past == {"name": "failures", "state": "cancelled"}


def test_a_job_asked_by_number_steps_by_number(svc: AssistantService) -> None:
    *_, before = queries(svc, "tell me about job 4", "the one before that")
    assert before == {"name": "job_detail", "job": 3}
    *_, before = queries(svc, "which jobs failed?", "how hot is gpu 0?", "job 3", "the one before that")
    assert before == {"name": "job_detail", "job": 2}  # the list is no longer what the talk is about


def test_a_ranking_is_walked_in_its_order() -> None:
    ranking = Query("job_rank", metric="duration", order="max")
    context = Context(Query("job_detail", job=1), [1], listing=[1, 7, 5], listed=ranking)
    picker = RulePicker()
    assert picker.pick("and the next one?", context, 0.0) == Query("job_detail", job=7)
    assert picker.pick("the one before that", context, 0.0) == ranking  # the top has none before it
    assert Context.from_json(context.to_json()) == context  # a stored answer keeps its list


def test_the_next_one_right_after_a_list_is_its_second_entry(svc: AssistantService) -> None:
    *_, nxt = queries(svc, "which jobs failed?", "the next one")
    assert nxt == {"name": "job_detail", "job": 8}  # shown second, after job 3 (not the queue's next job)
    *_, first, second = queries(svc, "which job ran the longest?", "the next one", "and the next one?")
    assert (first, second) == ({"name": "job_detail", "job": 7}, {"name": "job_detail", "job": 5})
    *_, again = queries(svc, "which job ran the longest?", "the one before that")
    assert again == {"name": "job_rank", "metric": "duration", "order": "max"}  # nothing ranks above the top
    *_, line = queries(svc, "which jobs failed?", "who is the next in line")
    assert line == {"name": "queue", "state": "queued"}  # the queue's next, not the list's


def test_a_list_that_is_no_longer_the_subject_is_not_walked() -> None:
    ranking = Query("job_rank", metric="duration", order="max")
    picker = RulePicker()
    fresh = Context(ranking, [1], listing=[1, 7, 5], listed=ranking)
    assert picker.pick("the one after that", fresh, 0.0) == Query("job_detail", job=7)
    stale = Context(Query("gpu_reading", gpu=0), listing=[1, 7, 5], listed=ranking)
    assert picker.pick("the next one", stale, 0.0) != Query("job_detail", job=7)


def test_the_latest_job_asked_for_is_what_it_means_after_the_list(heldout_svc: AssistantService) -> None:
    """Asked for the one latest job ("which job ran last on the 4090", "the most recent run on the h100"), the
    answer lists the card's jobs newest first: "it" and "that one" next are the first of them that ran (not
    the several listed, nor a job still waiting)."""
    sid, _, _ = ask(heldout_svc, "which job ran last on the 4090?", None)
    _, text, query = ask(heldout_svc, "how long did that one go for", sid)
    assert query is not None and query.get("job") == 10 and "25m55s" in text, (query, text)
    sid, _, _ = ask(heldout_svc, "what was the most recent run on the h100", None)
    _, text, query = ask(heldout_svc, "when did it start?", sid)
    assert query is not None and query.get("job") == 11, (query, text)


def test_one_job_asked_of_a_list_with_none_in_focus_asks_which_naming_each(
    heldout_svc: AssistantService,
) -> None:
    # "that one" after a list of two jobs, the rules taking neither: which of them, each by its number and
    # name, not the refusal
    sid, _, _ = ask(heldout_svc, "which jobs ended on gpu 0?", None)
    _, text, query = ask(heldout_svc, "how long did that one take?", sid)
    assert query is None and text.startswith("Which job do you mean"), text
    assert "job 6 (resnet50-bench)" in text and "job 2 (llama-70b-finetune)" in text, text
    assert invented(heldout_svc, sid, text, True) == [], text


def test_one_job_pointed_at_after_several_is_ranked_among_them_never_among_all(
    heldout_svc: AssistantService,
) -> None:
    """ "and this one ran for how long?" after an answer naming several jobs (the queue's waiting ones) is
    about one of them: those are ranked, each one's value said, never every job of the queue (the longest
    runs of the day); with one job listed, "it" is that job."""
    sid, _, _ = ask(heldout_svc, "anything waiting in the queue?", None)
    _, text, query = ask(heldout_svc, "and this one ran for how long?", sid)
    assert query is not None and query.get("among") == "12,13,14", (query, text)
    assert "llama-70b-finetune" not in text, text
    _, text, query = ask(heldout_svc, "what was its runtime?", sid)
    assert query is not None and query.get("among") == "12,13,14", (query, text)
    sid, _, _ = ask(heldout_svc, "what was cancelled?", None)
    _, _, query = ask(heldout_svc, "and this one ran for how long?", sid)
    assert query is not None and query.get("job") == 6, query


def test_which_of_several_names_an_arrays_element_and_leaves_other_questions_to_the_refusal() -> None:
    from gpuaccel.assistant.understand.replies import which_of_several

    context = Context(
        Query("failures"), subjects=[3, 2], job_names={"sweep": 3, "prep": 1}, arrays={"sweep": {0: 2, 1: 3}}
    )

    def of_the_job(_: str, c: Context) -> Query | None:
        return Query("job_detail", job=c.subjects[0])

    said = which_of_several("and that one?", context, of_the_job)
    assert said == "Which job do you mean: job 3 (sweep) or job 2 (sweep)? Ask again with its number or name."
    assert which_of_several("a poem about it", context, lambda _, c: None) is None  # no job question
    focused = Context(Query("job_detail", job=2), subjects=[3, 2], job_names={"sweep": 3})
    assert which_of_several("and that one?", focused, of_the_job) is None  # "it" is the job in focus
