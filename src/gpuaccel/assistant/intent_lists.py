"""A job picked from a list the conversation saw (the failures, the cancellations, a ranking): "the one
before that" and "the next one" move within that list, because the job number beside it may be any job
(one that succeeded, after a walk through the failures).

An answer that lists jobs leaves their ids in :attr:`~assistant.intent.Context.listing`, in the order
"before" reads them (earlier in time for a list of the newest first, higher up for a ranking), with the
query that listed them; a job's detail asked from that list keeps it. "Why did job 4 fail?" picks a job
from the failures too, so its list is the failures (or the cancellations) it is one of.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from gpuaccel.assistant.intent_words import WORD_OF, words
from gpuaccel.assistant.queries import Query, Result

LISTS = ("failures", "jobs", "job_rank")  # queries whose table lists jobs, their id first
NEWEST_FIRST = ("failures", "jobs")  # listed newest first: the one "before" is the next one down
FAILURE_WORDS = {"fail", "cancel"}  # topics of "why did job 4 fail?", "why was job 6 cancelled?"


def listed_ids(result: Result) -> list[int]:
    """The jobs ``result``'s table lists, in the order "before" reads them."""
    ids = [row[0] for row in result.rows if row and isinstance(row[0], int)]
    return ids[::-1] if result.query.name in NEWEST_FIRST else ids


def carried(
    question: str,
    result: Result,
    listing: list[int],
    listed: Query | None,
    run: Callable[[Query], Result],
) -> tuple[list[int], Query | None]:
    """The list (ids, query) an answer leaves for the next question: its own when it lists jobs (one
    too: past it, the list says there is no other); the last one when it is the detail of a job in it;
    the failures a job failed among when it is asked why it failed; else none."""
    q = result.query
    if q.name in LISTS:
        ids = listed_ids(result)
        return (ids, q) if ids else ([], None)
    if q.name != "job_detail" or q.job is None:
        return [], None
    if q.job in listing:
        return listing, listed
    if FAILURE_WORDS & {WORD_OF.get(w) for w in words(question)}:
        for state in (None, "cancelled"):
            failures = run(Query("failures", state=state))
            ids = listed_ids(failures)
            if q.job in ids:
                return ids, failures.query
    return [], None


def step_within(last: Query, step: int, listing: list[int], listed: Query | None) -> Query | None:
    """The job ``step`` places from ``last``'s in the list (past either end: the list again); None when
    ``last``'s job is in no list, so the job number beside it is meant."""
    if last.job is None or last.job not in listing:
        return None
    at = listing.index(last.job) + step
    if 0 <= at < len(listing):
        return replace(last, job=listing[at])
    return listed
