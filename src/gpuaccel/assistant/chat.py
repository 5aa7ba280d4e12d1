"""Chat sessions grounded in the daemon's facts: each question becomes a query, the answer its result.

A question is mapped to a query by :mod:`assistant.understand.picker` (follow-ups use the
:class:`~assistant.understand.picker.Context` the previous answer stored), run by
:mod:`assistant.queries.catalogue`, and
answered first with the result's plain sentence. With ``prose`` on, the model then continues in the
RWKV-7 format (``System: <result>\\n\\nUser: <question>\\n\\nAssistant: <sentence>``, after the
session's earlier turns so the engine's prefix cache reuses them), sentence by sentence through
:class:`~assistant.prose_checks.NumberCheck`: the first sentence with a number the result does not hold ends
the prose. Off-topic questions get a short refusal that says what can be answered. Commands: ``/status``,
``/report``, ``/cleanup``. History is stored in SQLite (:mod:`assistant.db`).
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from gpuaccel.assistant.db import AssistantDB
from gpuaccel.assistant.engine.runtime import GenParams, Utf8Stream
from gpuaccel.assistant.prose_checks import NumberCheck
from gpuaccel.assistant.queries.catalogue import run
from gpuaccel.assistant.queries.facts import FactsSource
from gpuaccel.assistant.queries.jobs import no_such_job, stored_job
from gpuaccel.assistant.queries.query import Query, QueryContext, Result
from gpuaccel.assistant.understand.acts import QUEUE_PAUSED, Act, asked_again_of, read_act, setting_asked
from gpuaccel.assistant.understand.asks import answer_asks, without_asides, without_lead_in
from gpuaccel.assistant.understand.context import Context, JobBrief, Picker
from gpuaccel.assistant.understand.languages import Lean
from gpuaccel.assistant.understand.lists import carried, latest_asked
from gpuaccel.assistant.understand.names import named_jobs_in
from gpuaccel.assistant.understand.picker import DEFAULT_PICKERS, array_elements, model_note, pick_by
from gpuaccel.assistant.understand.replies import (
    about_housekeeping,
    about_me,
    about_the_future,
    future_also_asked,
    refusal,
    small_talk,
    which_of_several,
)
from gpuaccel.assistant.understand.spoken import written

log = logging.getLogger(__name__)

MAX_TURNS = 6  # earlier turns kept in the prompt
MAX_CHARS = 6000


WINDOW_STEP = 3  # the kept turns' window moves this many turns at a time


def window_start(n_turns: int) -> int:
    """The first of ``n_turns`` earlier turns the prompt keeps: at most :data:`MAX_TURNS`, moved in steps.

    Why steps: the engine reuses the state of the longest prompt prefix it has seen, so a window that slid
    by one turn each question would change the prompt's start every time and re-read all of it (seconds
    on a CPU); moved every :data:`WINDOW_STEP` turns, the prompt keeps its start in between.
    """
    over = n_turns - MAX_TURNS
    return 0 if over <= 0 else -(-over // WINDOW_STEP) * WINDOW_STEP


class ChatBusy(RuntimeError):
    pass


@dataclass
class Turn:
    """One question's grounded answer before any prose: its query, result and the facts the model sees."""

    question: str
    query: Query | None
    result: Result | None
    block: str
    answer: str
    meta: dict[str, Any]
    before: Context | None = None  # a refused question leaves the conversation where it was
    earlier: list[Result] = field(default_factory=list)  # a message's earlier asks, answered first
    listing: list[int] = field(default_factory=list)  # the list a job was picked from (intent_lists)
    listed: Query | None = None
    reading: Query | None = None  # the conversation's last GPU reading, this turn's or one before it
    # the job talked about before a reading of a GPU that names none ("how much memory is used on this
    # card" after the job on it): still "the job" after it
    kept: list[int] = field(default_factory=list)
    languages: tuple[str, ...] = ()  # the language modules that read the question, carried to the next
    request: str | None = None  # a request to act, as heard: "and 13 too" next asks it of job 13
    setting: str | None = None  # the job's setting a question asked about: "change it to 1" next sets it

    def numbers(self) -> set[str]:
        """The numbers the turn's results state: the only ones prose after the answer may use."""
        results = [*self.earlier, self.result] if self.result is not None else []
        return set().union(*(r.numbers() for r in results))

    def context(self) -> Context:
        if self.query is None and self.before is not None:
            b = self.before
            return Context(
                b.last,
                b.subjects,
                subject_gpus=b.subject_gpus,
                listing=b.listing,
                listed=b.listed,
                moments=b.moments,
                reading=b.reading,
                languages=self.languages,
                request=self.request,
            )
        if self.result is None:
            return Context(self.query, reading=self.reading, languages=self.languages)
        # a part that names no job ("was the card overheating?" after "why did it keep failing?") keeps the
        # job an earlier part of the turn named: "retry it" next is that job
        named = [r.subject_jobs for r in (self.result, *reversed(self.earlier)) if r.subject_jobs]
        return Context(
            self.query,
            named[0] if named else self.kept,
            subject_gpus=self.result.subject_gpus,
            listing=self.listing,
            listed=self.listed,
            moments=self.result.subject_moments,
            reading=self.reading,
            asked=[r.query for r in self.earlier],
            languages=self.languages,
            setting=self.setting,
        )


def joined(*parts: str | None) -> str:
    """Sentences said one after another; after a log's code block on a line of its own, as Markdown
    closes a fence only on a line that holds nothing else."""
    out = ""
    for part in (p for p in parts if p):
        out = part if not out else f"{out}\n{part}" if out.endswith("```") else f"{out} {part}"
    return out


def _kept_subjects(query: Query, context: Context) -> list[int]:
    """The conversation's jobs an answer keeps when it names none: a live or span reading of one GPU, or
    what that card is ("how much memory the 4090 has in total?" between a job's failure and its tries)."""
    one_gpu = query.name in ("gpu_reading", "gpu_list") and query.gpu is not None
    return list(context.subjects) if one_gpu else []


def turn_text(facts_block: str | None, question: str, answer: str | None) -> str:
    head = f"System: {facts_block}\n\n" if facts_block else ""
    tail = f" {answer.strip()}\n\n" if answer is not None else ""
    return f"{head}User: {question.strip()}\n\nAssistant:{tail}"


def clean_user_text(text: str) -> str:
    """A blank line inside a message would end the turn in the chat format: fold it to one newline."""
    while "\n\n" in text:
        text = text.replace("\n\n", "\n")
    return text.strip()


class ChatService:
    def __init__(
        self,
        db: AssistantDB,
        facts: FactsSource,
        controller: Any,
        commands: dict[str, Callable[[], str]] | None = None,
        params: GenParams | None = None,
        prose: bool = False,
        assistant_state: Callable[[], dict[str, Any]] | None = None,
    ) -> None:
        self.db, self.facts, self.controller = db, facts, controller
        self.commands = commands or {}
        self.prose = prose  # let the model continue after the result's sentence
        self.assistant_state = assistant_state
        self.now: Callable[[], float] = time.time  # the clock time words ("today") are read against
        self.pickers: tuple[Picker, ...] = DEFAULT_PICKERS
        self.params = params or GenParams(max_tokens=200, temperature=1.0, top_p=0.5)
        self._stops: dict[int, threading.Event] = {}
        self._lock = threading.Lock()

    def history_prompt(self, session_id: int) -> str:
        """The text of the session's earlier turns, as the model saw them."""
        msgs = self.db.messages(session_id)
        turns: list[str] = []
        pending: dict[str, Any] | None = None
        for m in msgs:
            if m["role"] == "user":
                pending = m
            elif m["role"] == "assistant" and pending is not None and not m["meta"].get("command"):
                turns.append(turn_text(pending["meta"].get("facts"), pending["content"], m["content"]))
                pending = None
        turns = turns[window_start(len(turns)) :]
        text = "".join(turns)
        while len(text) > MAX_CHARS and len(turns) > 1:
            turns = turns[1:]
            text = "".join(turns)
        return text

    def stop(self, session_id: int) -> bool:
        """Ask the running answer of this session to end at its next token."""
        with self._lock:
            event = self._stops.get(session_id)
        if event is None:
            return False
        event.set()
        self.controller.interrupt()
        return True

    def ask(self, text: str, session_id: int | None = None) -> Iterator[dict[str, Any]]:
        """Events: ``meta`` (session id, facts), ``token`` (text), then ``done`` (reason) or ``error``."""
        if session_id is None or self.db.session(session_id) is None:
            session_id = int(self.db.new_session()["id"])
        question = clean_user_text(text)
        stop = threading.Event()
        with self._lock:
            if session_id in self._stops:
                raise ChatBusy(f"session {session_id} is already answering; stop it first")
            self._stops[session_id] = stop
        try:
            yield from self._answer(session_id, question, stop)
        finally:
            with self._lock:
                self._stops.pop(session_id, None)

    def _answer(self, session_id: int, question: str, stop: threading.Event) -> Iterator[dict[str, Any]]:
        command = question.split()[0].lower() if question.startswith("/") else None
        if command is not None:
            self.db.add_message(session_id, "user", question, {"command": command})
            yield {"event": "meta", "data": {"conversation_id": session_id, "command": command}}
            text = self._command(command)
            yield {"event": "token", "data": {"text": text}}
            mid = self.db.add_message(session_id, "assistant", text, {"command": command})
            done = {"reason": "command", "message_id": mid, "conversation_id": session_id}
            yield {"event": "done", "data": done}
            return
        try:
            turn = self.begin(question, self.context(session_id))
        except Exception as exc:  # a failing query must not break the stream without a word
            log.exception("answering %r failed", question)
            self.db.add_message(session_id, "user", question, {"error": str(exc)})
            yield {"event": "error", "data": {"text": f"the question could not be answered: {exc}"}}
            return
        history = self.history_prompt(session_id)
        self.db.add_message(session_id, "user", question, {"facts": turn.block})
        yield {"event": "meta", "data": {"conversation_id": session_id, **turn.meta}}
        for word in re.findall(r"\S+\s*", turn.answer):  # word by word, as the model's text would come
            yield {"event": "token", "data": {"text": word}}
        reason, dropped = "stop", None
        try:
            for piece in self.prose_for(turn, history, stop):
                if isinstance(piece, tuple):
                    reason, dropped = piece
                    continue
                turn.answer += piece
                yield {"event": "token", "data": {"text": piece}}
        except Exception as exc:
            self.db.add_message(session_id, "assistant", turn.answer.strip(), {"error": str(exc)})
            yield {"event": "error", "data": {"text": f"the model failed: {exc}"}}
            return
        if stop.is_set() and reason != "checked":
            reason = "stopped"
        stored = {"reason": reason, "context": turn.context().to_json(), "refused": turn.result is None}
        if dropped:
            stored["dropped_prose"] = dropped
        mid = self.db.add_message(session_id, "assistant", turn.answer.strip(), stored)
        yield {"event": "done", "data": {"reason": reason, "message_id": mid, "conversation_id": session_id}}

    def begin(self, question: str, context: Context) -> Turn:
        """Pick and run the question's query: the grounded answer (no model unless a model picks)."""
        # "gpu zero", "the four oh five b probe": digits for every reader; the conversation's language
        # carried to a follow-up that shows none ("et le max ?"), and this message's kept for the next
        lean = Lean(frozenset(context.languages))
        turn = self._picked(question, context, written(question, lean))
        turn.languages = tuple(sorted(lean.read))
        return turn

    def _picked(self, question: str, context: Context, said: str) -> Turn:
        """:meth:`begin`'s answer to ``question``, read as ``said``; asides in parentheses dropped."""
        ctx = QueryContext(self.facts, self.assistant_state, self.now)
        facts = ctx.facts()
        listed = self.facts.store.list(limit=500)
        names = {j.name: j.id for j in reversed(listed) if j.name}
        arrays: dict[str, dict[int, int]] = {}
        for j in listed:
            if j.name and j.array_id is not None and j.array_index is not None:
                arrays.setdefault(j.name, {})[j.array_index] = j.id
        # a request to act is never described as if asked about (said: what does it); a question about
        # the assistant itself is answered before any picker reads "you" as its idle gate
        arrays = {n: elements for n, elements in arrays.items() if len(elements) > 1}
        now = self.now()
        briefs = {
            j.id: JobBrief(
                str(j.state),
                j.gpus,
                tuple(j.assigned_gpus),
                j.started_at,
                j.finished_at or (now if j.started_at is not None else None),
                tuple(sorted({*j.depends_on, *j.after_any, *j.after_notok})),
            )
            for j in listed
        }
        # a GPU by the words of its model or its architecture ("the 4090", "the ada one", "the hopper card"):
        # a request to act says its job by its GPU too ("pause whatever is on the H100")
        models = {
            int(g["index"]): " ".join(str(g.get(k) or "") for k in ("name", "architecture")).strip()
            for g in facts.gpus
        }
        machine = replace(
            context,
            job_names=names,
            arrays=arrays,
            job_briefs=briefs,
            now=now,
            gpus=list(models),
            gpu_models=models,
            # (a request says a card by its size too: "move job 12 to the big card")
            gpu_memory={int(g["index"]): float(g["mem_total_mib"] or 0) for g in facts.gpus},
        )
        heard = without_lead_in(without_asides(said, lambda aside: len(named_jobs_in(aside, machine)) == 1))
        states = {j.id: str(j.state) for j in listed}
        # an array's element said as the queue writes it ("retry lr-sweep [2]", "cancel 7_3", "lr-sweep
        # element 2"): that element's job, as a question about it reads it
        elements = array_elements(heard, machine)
        act = read_act(elements, machine, states) or asked_again_of(heard, context.request, machine, states)
        act = self._unknown_jobs(act)
        reply = (
            (act.reply if act is not None else None)
            or about_housekeeping(heard)
            or about_me(heard, facts)
            or about_the_future(heard)
            or small_talk(heard)  # a bare greeting or thanks: no picker (nor model) is asked
        )
        if reply is not None:
            # the jobs a request to act or a question about the future names are the focus after it
            # ("kill the 405b probe" then "how much memory did it ask for?")
            named = list(act.jobs) if act is not None else named_jobs_in(heard, machine)
            before = replace(context, subjects=named) if named and (act or len(named) == 1) else context
            turn = Turn(question, None, None, facts.block(), reply, {"facts": facts.to_json()}, before=before)
            # (a request of the queue too: "how do I start it again after" then resumes it)
            turn.request = heard if act is not None and (act.jobs or QUEUE_PAUSED.search(heard)) else None
            return turn
        processes = {str(p["name"]): int(g["index"]) for g in facts.gpus for p in g.get("processes") or []}
        context = replace(
            machine,  # the job names, arrays and GPUs the request-to-act reader saw
            process_names=processes,
        )
        picked_by: list[str] = []  # who picked each part's query

        # each part's query as picked (a reading of a job's run keeps its job, which its result's query drops)
        picked: list[Query | None] = []

        # a message answered whole after all is not picked twice ("and the 4090?" tried as a GPU's readings
        # asked again: answer_asks picks it once, with the conversation's own context)
        whole: dict[str, tuple[Query | None, str | None]] = {}

        def pick_part(part: str, c: Context) -> Query | None:
            query, by = pick_by(part, c, self.pickers, now=now)
            if c is context:
                whole[part] = (query, by)
            picked_by.append(by or "rules")
            picked.append(query)
            return query

        # who picked each part that is answered (a part an answer before it already said is not)
        answered_by: list[str] = []

        def run_part(query: Query) -> Result:
            answered_by.append(picked_by[-1])  # the part just picked
            return run(ctx, query)

        # what a message asks of the future beside what it asks of now is said to be unknown after the answer
        unanswered = future_also_asked(heard)
        results = answer_asks(heard, context, pick_part, run_part, look=lambda q: run(ctx, q))

        # (a question for the latest job, answered by a list: the job it asked about is the list's first)
        def started(job: int) -> bool:
            return (b := context.job_briefs.get(job)) is not None and b.started is not None

        if results:
            *earlier, result = results
            result.subject_jobs = latest_asked(heard, result, started) or result.subject_jobs
            meta: dict[str, Any] = {
                "facts": facts.to_json(),
                "query": results[0].query.to_json(),  # the first ask's, where one query is expected
                "queries": [r.query.to_json() for r in results],
                "result": {"columns": results[0].columns, "rows": results[0].rows},
                "picked_by": answered_by[0],  # the first ask's, as "query"
                "picked_by_each": answered_by,  # as "queries"
            }
            block = "\n".join(r.block() for r in results)
            note = model_note(self.pickers)  # after the sentence whose query the model picked
            answer = joined(
                *(
                    joined(r.sentence, note) if by == "model" else r.sentence
                    for r, by in zip(results, answered_by, strict=True)
                )
            )
            # the turn's last reading over a span before its last reading now ("max temp in the last hour and
            # is it still hot rn": "that hour" next is the span's)
            readings = [q for q in picked if q is not None and q.name == "gpu_reading"]
            spanned = [q for q in readings if q.window is not None and not q.window.instant]
            reading = (spanned or readings or [None])[-1]
            answer = joined(answer, unanswered)
            turn = Turn(question, result.query, result, block, answer, meta, earlier=earlier)
            # the list the first part that lists leaves for the next question ("how hot is gpu 0? and which
            # jobs failed today?" then "why did the second one fail?": of the failures listed)
            look = lambda q: run(ctx, q)
            lists = (carried(heard, part, context.listing, context.listed, look) for part in results)
            turn.listing, turn.listed = next((each for each in lists if each[0]), ([], None))  # (no more run)
            turn.reading = context.reading_after(reading)
            turn.kept = _kept_subjects(result.query, context)
            turn.setting = setting_asked(heard) if result.query.job is not None else None
            return turn
        query, by = whole.get(heard) or pick_by(heard, context, self.pickers, now=now)
        result = run(ctx, query) if query is not None else None
        meta = {"facts": facts.to_json()}
        if result is not None and query is not None:
            result.subject_jobs = latest_asked(heard, result, started) or result.subject_jobs
            meta["query"] = query.to_json()
            meta["picked_by"] = by or "rules"
            meta["result"] = {"columns": result.columns, "rows": result.rows}
            listing, listed = carried(heard, result, context.listing, context.listed, lambda q: run(ctx, q))
            said = joined(result.sentence, model_note(self.pickers)) if by == "model" else result.sentence
            said = joined(said, unanswered)
            turn = Turn(question, query, result, result.block(), said, meta)
            turn.listing, turn.listed = listing, listed
            turn.reading = context.reading_after(query)
            turn.kept = _kept_subjects(query, context)
            turn.setting = setting_asked(heard) if query.job is not None else None
            return turn
        # "how long did that one take" right after a list of jobs: which of them, not a refusal
        asked_of_one = lambda q, c: pick_by(q, c, DEFAULT_PICKERS, now=now)[0]  # (the rules alone)
        which = which_of_several(heard, context, asked_of_one)
        return Turn(question, None, None, facts.block(), which or refusal(heard), meta, before=context)

    def _unknown_jobs(self, act: Act | None) -> Act | None:
        """A request for a job the queue never had ("pause job 4711") says so, with no command to run and
        no focus for the next question: a command for a job that is not there would be a made-up one."""
        if act is None:
            return None
        missing = [j for j in act.jobs if stored_job(self.facts.store, j) is None]
        return Act(no_such_job(*missing)) if missing else act

    def prose_for(
        self, turn: Turn, history: str, stop: threading.Event
    ) -> Iterator[str | tuple[str, str | None]]:
        """The model's checked continuation of ``turn`` (none when prose is off or the question refused)."""
        if turn.result is None or not self.prose:
            return
        prompt = history + turn_text(turn.block, turn.question, None) + f" {turn.answer}"
        yield from self._prose(prompt, turn.numbers(), stop)

    def _prose(
        self, prompt: str, numbers: set[str], stop: threading.Event
    ) -> Iterator[str | tuple[str, str | None]]:
        """Checked sentences of the model's continuation; last, ``(reason, dropped sentence or None)``."""
        check, utf8 = NumberCheck(numbers), Utf8Stream()
        tokenizer = self.controller.tokenizer()
        reason, raw = "stop", b""
        gen = self.controller.generate(tokenizer.encode(prompt), self.params, stop)
        for count, token in enumerate(gen, 1):
            raw += tokenizer.token_bytes(token)
            piece = check.feed(utf8.feed(tokenizer.token_bytes(token)))
            if raw.endswith(b"\n\n"):
                piece = piece.rstrip("\n")
            if piece:
                yield piece
            if check.failed is not None and not stop.is_set():
                stop.set()  # the rest would be dropped anyway: end the generation at its next token
                self.controller.interrupt()
            if count >= self.params.max_tokens:
                reason = "max_tokens"
        if check.failed is None:
            rest = check.flush() + check.feed(utf8.flush())
            if rest.strip():
                yield rest.rstrip("\n")
        yield (reason if check.failed is None else "checked", check.failed)

    def context(self, session_id: int) -> Context:
        """What the session's last answer was about (for follow-ups)."""
        for m in reversed(self.db.messages(session_id)):
            if m["role"] == "assistant" and not m["meta"].get("command"):
                return Context.from_json(m["meta"].get("context"))
        return Context()

    def _command(self, command: str) -> str:
        if command == "/status":
            return "\n".join(self.facts.collect().lines())
        if command in self.commands:
            return self.commands[command]()
        return "Commands: /status (the facts), /report (today's report), /cleanup (housekeeping proposals)."

    def session_json(self, session_id: int) -> dict[str, Any] | None:
        s = self.db.session(session_id)
        if s is None:
            return None
        return {**s, "messages": self.db.messages(session_id)}
