"""A job picked from a list the conversation saw (the failures, the cancellations, a ranking): "the one
before that" and "the next one" move within that list, because the job number beside it may be any job
(one that succeeded, after a walk through the failures). Said straight after the list, before a job was
picked from it, they start from the job the list named first: "the next one" is the list's second entry
(the first was just named), "the one before that" the one before the first, in the list's own order.

An answer that lists jobs leaves their ids in :attr:`~assistant.understand.picker.Context.listing`, in the
order "before" reads them (earlier in time for a list of the newest first, higher up for a ranking), with the
query that listed them; a job's detail asked from that list keeps it. "Why did job 4 fail?" picks a job
from the failures too, so its list is the failures (or the cancellations) it is one of.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from gpuaccel.assistant.queries.query import Query, Result
from gpuaccel.assistant.understand.words import ORDINALS, topics_said, words

# queries whose table lists jobs, their id first (the queue: running, then waiting, then held, as said)
LISTS = ("failures", "jobs", "job_rank", "queue", "finished")
NEWEST_FIRST = ("failures", "jobs", "finished")  # listed newest first: the one "before" is the next one down
FAILURE_WORDS = {"fail", "cancel"}  # topics of "why did job 4 fail?", "why was job 6 cancelled?"


def shown_ids(result: Result) -> list[int]:
    """The jobs ``result``'s table lists, in the order it shows them."""
    return [row[0] for row in result.rows if row and isinstance(row[0], int)]


def listed_ids(result: Result) -> list[int]:
    """The jobs ``result``'s table lists, in the order "before" reads them."""
    ids = shown_ids(result)
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
    if q.name not in ("job_detail", "job_log") or q.job is None:
        return [], None  # (a job's log asked from the list walks it as its detail does)
    if q.job in listing:
        return listing, listed
    if FAILURE_WORDS & topics_said(question):
        for state in (None, "cancelled"):
            failures = run(Query("failures", state=state))
            ids = listed_ids(failures)
            if q.job in ids:
                return ids, failures.query
    return [], None


# a question for the one latest job ("what was the last thing to run on it", "which job ran last on gpu 1",
# "the most recent run on the 4090"): its list is shown newest first, and the job asked is the first of it
# (the words read as the picker reads them: "thing" is a job)
_THE_LATEST = re.compile(
    r"\b(?:last|latest|newest|most recent)\s+(?:job|run|task|one)\b(?!s|'s)"
    # (not a span: "what ran last night")
    r"|\b(?:ran|run|finished|ended|failed|started)\s+(?:last|most recently)\b"
    r"(?!\s+(?:night|evening|week|weekend|month|year|hour|day|time|\d))"
)


def latest_asked(question: str, result: Result, started: Callable[[int], bool]) -> list[int]:
    """The job a question for the latest one asks about (:data:`_THE_LATEST`), where ``result`` lists jobs
    newest first: the first it shows that has run (``started``; a job still waiting is none "to run"), else
    the first; empty where the question asks no such thing, or the result lists none or every job."""
    q = result.query
    if q.name not in NEWEST_FIRST or not _THE_LATEST.search(" ".join(words(question))):
        return []
    if q.name == "jobs" and q.gpu is None and q.window is None and q.state is None and q.job_name is None:
        return []  # every job: which is "the last" the list does not say (the newest submitted, or run?)
    shown = shown_ids(result)
    return [next((i for i in shown if started(i)), shown[0])] if shown else []


def step_from_list(last: Query, step: int, listing: list[int], listed: Query | None) -> Query | None:
    """The job "the next one" (``step`` 1) or "the one before that" (-1) names right after ``last`` listed
    jobs: the next is the entry after the one the answer named first, as the list was shown; the one before
    is read as after a pick of that first entry (past either end: the list again). None when ``last`` is no
    list the conversation holds."""
    if not listing or listed is None or last != listed or last.name not in LISTS:
        return None
    newest_first = last.name in NEWEST_FIRST  # shown newest first: the first named is the last id
    first = len(listing) - 1 if newest_first else 0
    at = first + (-1 if newest_first else 1) if step > 0 else first - 1
    return Query("job_detail", job=listing[at]) if 0 <= at < len(listing) else listed


def step_within(last: Query, step: int, listing: list[int], listed: Query | None) -> Query | None:
    """The job ``step`` places from ``last``'s in the list (past either end: the list again); None when
    ``last``'s job is in no list, so the job number beside it is meant."""
    if last.job is None or last.job not in listing:
        return None
    at = listing.index(last.job) + step
    if 0 <= at < len(listing):
        return replace(last, job=listing[at])
    return listed


# "the second one", "the third job", or the ordinal last ("and the second?"); "the top one" of a ranking
_NTH = re.compile(rf"\b(?:({'|'.join(ORDINALS)})(?:\s+(?:one|job|task|run|entry)\b|\s*$)|(top) one\b)")
# "and the runner-up?" after a ranking: the ranking names it after the first ("Next: ...")
RUNNER_UP = re.compile(r"^(?:and |what about |who'?s |whats |what'?s )?(?:the )?runner[\s-]?ups?$")


# "which one failed first", "which started first": first in time, not first as a newest-first list shows it
_FIRST_IN_TIME = re.compile(
    r"\b(?!(?:listed|mentioned|named|showed|shown|displayed|printed)\b)(?:\w+ed|ran|began|died|broke|went|fell"
    r"|came in)\s+(?:first|1st)\b"
)


def nth_of_list(text: str, last: Query | None, listing: list[int], listed: Query | None) -> Query | None:
    """The job an ordinal names in the list of jobs the conversation is at, as the list was shown ("the
    second one" after today's jobs is the second job named, also after a job was picked from it); past
    its end, the list again. None when it names none, or the conversation is at no list of jobs (an
    ordinal is then a GPU's: "the second one" after the GPU list). ``text``: the question's words."""
    m = _NTH.search(text)
    if m is None or not listing or listed is None or last is None or listed.name not in LISTS:
        return None
    if last != listed and last.job not in listing:
        return None
    if listed.name in NEWEST_FIRST and _FIRST_IN_TIME.search(text):
        return Query("job_detail", job=listing[0])  # "which one failed first": the earliest, listed last
    shown = listing[::-1] if listed.name in NEWEST_FIRST else listing
    n = 0 if m.group(2) else ORDINALS.index(m.group(1)) % 4
    return Query("job_detail", job=shown[n]) if n < len(shown) else listed
