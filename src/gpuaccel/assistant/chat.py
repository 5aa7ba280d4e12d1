"""Chat sessions in the RWKV-7 format, streamed token by token, grounded in the daemon's facts.

A turn is ``System: <facts>\\n\\nUser: <question>\\n\\nAssistant:`` appended to the session's earlier turns,
so the engine's prefix cache reuses the state of everything said before (the facts of a new turn come
after the shared prefix, not before it). Direct factual questions get the templated answer from
:mod:`assistant.facts` first; the model then only continues it. Commands: ``/status``, ``/report``,
``/cleanup``. History is stored in SQLite (:mod:`assistant.db`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

from gpuaccel.assistant.db import AssistantDB
from gpuaccel.assistant.facts import FactsSource, NumberGuard, answer_direct
from gpuaccel.assistant.runtime import GenParams, Utf8Stream

MAX_TURNS = 6  # earlier turns kept in the prompt
MAX_CHARS = 6000


class ChatBusy(RuntimeError):
    pass


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
    ) -> None:
        self.db, self.facts, self.controller = db, facts, controller
        self.commands = commands or {}
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
        text = "".join(turns[-MAX_TURNS:])
        while len(text) > MAX_CHARS and len(turns) > 1:
            turns = turns[1:]
            text = "".join(turns[-MAX_TURNS:])
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
            yield {"event": "done", "data": {"reason": "command", "message_id": mid}}
            return
        facts = self.facts.collect()
        block = facts.block()
        history = self.history_prompt(session_id)
        self.db.add_message(session_id, "user", question, {"facts": block})
        yield {"event": "meta", "data": {"conversation_id": session_id, "facts": facts.to_json()}}
        direct = answer_direct(question, facts, self.facts)
        prompt = history + turn_text(block, question, None) + (f" {direct}" if direct else "")
        answer = direct or ""
        if direct:
            yield {"event": "token", "data": {"text": direct}}
        guard, utf8 = NumberGuard(facts.numbers()), Utf8Stream()
        tokenizer = self.controller.tokenizer()
        reason = "stop"
        raw = b""
        try:
            gen = self.controller.generate(tokenizer.encode(prompt), self.params, stop)
            for count, token in enumerate(gen, 1):
                raw += tokenizer.token_bytes(token)
                piece = guard.feed(utf8.feed(tokenizer.token_bytes(token)))
                if raw.endswith(b"\n\n"):
                    piece = piece.rstrip("\n")
                if piece:
                    answer += piece
                    yield {"event": "token", "data": {"text": piece}}
                if count >= self.params.max_tokens:
                    reason = "max_tokens"
            rest = guard.flush() + utf8.flush()
            if rest.strip():
                answer += rest
                yield {"event": "token", "data": {"text": rest}}
        except Exception as exc:
            self.db.add_message(session_id, "assistant", answer.strip(), {"error": str(exc)})
            yield {"event": "error", "data": {"text": f"the model failed: {exc}"}}
            return
        if stop.is_set():
            reason = "stopped"
        meta = {"reason": reason, "masked_numbers": guard.masked, "direct": bool(direct)}
        mid = self.db.add_message(session_id, "assistant", answer.strip(), meta)
        yield {"event": "done", "data": {"reason": reason, "message_id": mid, "conversation_id": session_id}}

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
