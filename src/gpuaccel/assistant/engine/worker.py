"""Run one :class:`~assistant.engine.runtime.Engine` in its own process, with the same interface in the
parent.

Why a process: rwkv keeps dtype and device in module globals (one strategy per process), and ending the
process is the one sure way to hand every byte of GPU memory back to the driver when a job is claimed.
The parent sends prompts over a pipe and reads tokens back, or sends a question and reads back the picking
model's constrained decision (:meth:`WorkerEngine.decide`, the same search as in-process); a shared event
(:meth:`WorkerEngine.interrupt`) is checked before each token or model call, so a stop lands without a pipe
round trip.
"""

from __future__ import annotations

import json
import logging
import multiprocessing as mp
import time
from collections.abc import Iterator
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gpuaccel.assistant.engine.runtime import GenParams, ModelError, tokenizer_from_file
from gpuaccel.assistant.understand.context import Context

if TYPE_CHECKING:
    from gpuaccel.assistant.understand.decode import Decision

START_TIMEOUT_S = 300.0  # a multi-GB model on a slow disk may take minutes
CLOSE_TIMEOUT_S = 10.0
log = logging.getLogger(__name__)


def context_json(context: Context) -> str:
    """All of a picking context as JSON (:meth:`Context.to_json`: the conversation and the machine's GPUs
    and job names), so the worker builds the same prompt and grammar as the daemon would."""
    return json.dumps(context.to_json())


def context_from_json(text: str) -> Context:
    return Context.from_json(json.loads(text))


def _decide(conn: Any, engine: Any, interrupt: Any, msg: tuple[Any, ...]) -> None:
    """Answer ("decide", question, context JSON, now): the decision, or "interrupted" (no decision)."""
    from gpuaccel.assistant.understand.decode import PickInterrupted, decide

    try:
        d = decide(engine, msg[1], context_from_json(msg[2]), msg[3], interrupted=interrupt.is_set)
    except PickInterrupted:
        conn.send(("done", "interrupted"))
    except Exception as exc:
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
    else:
        conn.send(("decision", d.to_json()))


def _serve(conn: Any, interrupt: Any, path: str, strategy: str, threads: int, gpu: int | None) -> None:
    """The child: load, report ready, then answer generate and decide requests until told to close."""
    import os

    if gpu is not None:  # before torch initializes CUDA: this process sees only the idle GPU
        os.environ["CUDA_VISIBLE_DEVICES"] = str(gpu)
    import torch

    if strategy.startswith("cpu"):
        torch.set_num_threads(threads)
    try:
        from gpuaccel.assistant.engine.runtime import Engine

        engine = Engine(  # the parent sets ``interrupt`` to stop us
            Path(path), strategy, interrupt=interrupt, progress=lambda msg: conn.send(("progress", msg))
        )
    except Exception as exc:
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
        return
    info = {"n_layer": engine.n_layer, "tokenizer": engine.tokenizer.name, "runtime": engine.runtime}
    conn.send(("ready", info))
    while True:
        try:
            msg = conn.recv()
        except EOFError:
            return
        if msg[0] == "close":
            engine.close()
            conn.send(("closed", {}))
            return
        if msg[0] == "generate":
            try:
                for token in engine.generate(msg[1], GenParams(**msg[2])):
                    conn.send(("token", token))
                conn.send(("done", engine.last_reason))
            except Exception as exc:
                conn.send(("error", f"{type(exc).__name__}: {exc}"))
        elif msg[0] == "drafts":
            try:
                drafts = engine.generate_drafts(msg[1], [GenParams(**p) for p in msg[2]])
                conn.send(("drafts", (drafts, engine.last_reason)))
            except Exception as exc:
                conn.send(("error", f"{type(exc).__name__}: {exc}"))
        elif msg[0] == "decide":
            _decide(conn, engine, interrupt, msg)


class WorkerEngine:
    """An engine in a child process (spawned, so no CUDA state is inherited). Not thread-safe: one caller."""

    def __init__(self, path: Path, strategy: str, threads: int = 1, gpu: int | None = None) -> None:
        self.path, self.strategy = Path(path), strategy
        self.tokenizer = tokenizer_from_file(self.path)
        ctx = mp.get_context("spawn")
        self._interrupt = ctx.Event()
        self._conn, child = ctx.Pipe()
        self._proc = ctx.Process(
            target=_serve, args=(child, self._interrupt, str(self.path), strategy, threads, gpu), daemon=True
        )
        t0 = time.monotonic()
        self._proc.start()
        child.close()
        self.progress: list[str] = []  # what a slow first load did (compiles), for the status and the log
        kind, info = self._recv(START_TIMEOUT_S)
        while kind == "progress":
            log.info("assistant model worker (%s): %s", strategy, info)
            self.progress.append(info)
            kind, info = self._recv(START_TIMEOUT_S)
        if kind != "ready":
            self._proc.join(CLOSE_TIMEOUT_S)
            raise ModelError(f"model worker ({strategy}) failed to load {self.path.name}: {info}")
        self.info = {**info, "load_s": round(time.monotonic() - t0, 2), "pid": self._proc.pid, "gpu": gpu}
        self.runtime: dict[str, Any] = info.get("runtime", {})
        self.last_reason = ""
        self.close_detail: dict[str, float] = {}  # where close() spent its time: the child's ack, its exit

    @property
    def pid(self) -> int | None:
        return self._proc.pid

    def _recv(self, timeout: float) -> tuple[str, Any]:
        if not self._conn.poll(timeout):
            return "error", f"no answer within {timeout:.0f} s"
        try:
            return self._conn.recv()
        except EOFError:
            return "error", f"worker exited (code {self._proc.exitcode})"

    def interrupt(self) -> None:
        self._interrupt.set()

    def reset_interrupt(self) -> None:
        self._interrupt.clear()

    def generate(self, tokens: list[int], params: GenParams) -> Iterator[int]:
        self.last_reason = ""
        self._conn.send(("generate", list(tokens), asdict(params)))
        finished = False
        try:
            while True:
                kind, value = self._recv(START_TIMEOUT_S)
                if kind == "token":
                    if not self._interrupt.is_set():  # tokens in the pipe after an interrupt are dropped
                        yield value
                elif kind == "done":
                    finished, self.last_reason = True, value
                    return
                else:
                    finished, self.last_reason = True, "error"
                    raise ModelError(f"model worker ({self.strategy}): {value}")
        finally:
            if not finished:  # the caller walked away: stop the child and drain its tokens
                self._interrupt.set()
                while self._recv(CLOSE_TIMEOUT_S)[0] == "token":
                    pass

    def generate_drafts(self, tokens: list[int], drafts: list[GenParams]) -> list[list[int]]:
        """Each draft's tokens after one prompt, decoded together in the child
        (:meth:`~assistant.engine.runtime.Engine.generate_drafts`); an interrupt ends them all, keeping the
        tokens so far (``last_reason`` ``"interrupted"``)."""
        self.last_reason = ""
        self._conn.send(("drafts", list(tokens), [asdict(p) for p in drafts]))
        kind, value = self._recv(START_TIMEOUT_S)
        if kind == "drafts":
            out, self.last_reason = value
            return [list(d) for d in out]
        self.last_reason = "error"
        raise ModelError(f"model worker ({self.strategy}): {value}")

    def decide(self, question: str, context: Context, now: float) -> Decision | None:
        """The picking model's decision (:func:`~assistant.understand.decode.decide` in the child); None when
        :meth:`interrupt` stopped it (``last_reason`` is then ``"interrupted"``). Like :meth:`generate`, an
        interrupt sent before the call counts: call :meth:`reset_interrupt` first."""
        from gpuaccel.assistant.understand.decode import Decision

        self.last_reason = ""
        self._conn.send(("decide", question, context_json(context), now))
        kind, value = self._recv(START_TIMEOUT_S)
        if kind == "decision":
            self.last_reason = "done"
            return Decision.from_json(value)
        if kind == "done" and value == "interrupted":
            self.last_reason = "interrupted"
            return None
        self.last_reason = "error"
        raise ModelError(f"model worker ({self.strategy}): {value}")

    def close(self) -> float:
        """End the process (its GPU memory goes back to the driver); returns the seconds it took."""
        t0 = time.monotonic()
        if self._proc.is_alive():
            self._interrupt.set()
            try:
                self._conn.send(("close",))
                self._recv(CLOSE_TIMEOUT_S)  # the child dropped its weights and cached states
            except (BrokenPipeError, OSError):
                pass
            # Nothing is left to save: end it now rather than wait for interpreter teardown; the driver
            # reclaims the CUDA context with the process.
            t1 = time.monotonic()
            self._proc.kill()
            self._proc.join(CLOSE_TIMEOUT_S)
            self.close_detail = {"ack_s": round(t1 - t0, 3), "exit_s": round(time.monotonic() - t1, 3)}
        self._conn.close()
        return time.monotonic() - t0
