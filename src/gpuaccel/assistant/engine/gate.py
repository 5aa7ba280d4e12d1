"""Run the model where the scheduler's idle gate allows: ``cuda fp16`` while open, ``cpu fp32`` (or wait) not.

The gate (``scheduler.lifecycle.idle.IdleDetector``: ``is_gate_open()`` and ``subscribe(callback)``) closes
the
moment a job is claimed. Our callback interrupts a GPU generation at once (it ends before its next token),
and the generating thread then closes the GPU engine (its process ends, GPU memory returns to the driver)
and, by setting, continues the same answer on CPU from the tokens produced so far, or waits for the gate
to open again. With greedy sampling the answer is the same token for token either way. The picking
model's decision (:meth:`GateController.decide`) runs under the same gate, but never waits and never
resumes: a claim ends it at its next model call and the next picker (the rules) answers this question.

A GPU the monitor lists is not one the model can use: NVML (or the fake backend) sees GPUs that a CPU-only
torch cannot run on. :func:`cuda_problem` asks torch itself, and :meth:`GateController.next_device` is the
one answer to "where does the next answer run, and why" that the state route, the app and the assistant's
own ``gate_state`` answer give.
"""

from __future__ import annotations

import importlib.machinery
import logging
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from gpuaccel.api.assistant import Policy
from gpuaccel.assistant.engine.runtime import GenParams, describe_runtime
from gpuaccel.assistant.understand.decode import can_pick, decide_on

if TYPE_CHECKING:
    from gpuaccel.assistant.understand.context import Context
    from gpuaccel.assistant.understand.decode import Decision

log = logging.getLogger(__name__)
CUDA_PROBE_TIMEOUT_S = 120.0  # importing a CUDA build of torch on a cold disk takes a while
_CUDA_LOCK = threading.Lock()
_cuda_answer: list[str | None] = []


def cuda_problem() -> str | None:
    """Why the model worker's torch cannot run on a GPU here, in words; None when it can. Asked once.

    The daemon does not import torch: a build without CUDA says so in its version file (read, not
    imported); a CUDA build is asked for its devices in a child process, as the worker would start."""
    with _CUDA_LOCK:
        if not _cuda_answer:
            _cuda_answer.append(_ask_torch())
            log.info("assistant GPU use: %s", _cuda_answer[0] or "torch sees a CUDA device")
        return _cuda_answer[0]


def _ask_torch() -> str | None:
    spec = importlib.machinery.PathFinder.find_spec("torch")  # on sys.path, as the worker will find it
    if spec is None:
        return "torch is not installed"
    for folder in spec.submodule_search_locations or []:
        try:
            text = (Path(folder) / "version.py").read_text()
        except OSError:
            continue
        built = {k: v.strip() for k, v in re.findall(r"^(cuda|hip)\b[^=\n]*=\s*(.+)$", text, re.M)}
        version = re.search(r"^__version__\s*=\s*['\"]([^'\"]+)", text, re.M)
        if built.get("cuda") == "None" and built.get("hip", "None") == "None":
            return f"torch {version.group(1) if version else ''} is built without CUDA".replace("  ", " ")
    code = "import torch; print(torch.cuda.device_count())"
    try:
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=CUDA_PROBE_TIMEOUT_S
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"torch did not answer whether it can use CUDA ({exc})"
    lines = done.stdout.split()
    if done.returncode != 0 or not lines or not lines[-1].isdigit():
        return f"torch failed to start: {(done.stderr.strip().splitlines() or ['no message'])[-1]}"
    return "torch finds no CUDA device" if int(lines[-1]) == 0 else None


class Gate(Protocol):
    """What the controller needs from the idle detector (``scheduler.lifecycle.idle.IdleDetector``
    implements it)."""

    def is_gate_open(self) -> bool: ...

    def subscribe(self, callback: Callable[[Any], None]) -> Callable[[], None]: ...

    def exempt_pid(self, pid: int, exempt: bool = True) -> None:
        """Our own engine process's GPU memory must not close our own gate."""

    def set_own_activity(self, active: bool) -> None:
        """While on, the GPU utilization the detector sees is the assistant's own."""


@dataclass
class GateSettings:
    gpu_strategy: str = "cuda fp16"
    cpu_strategy: str = "cpu fp32"
    on_close: str = Policy.model_fields["on_close"].default  # api.assistant.Policy says what each means
    use_gpu: bool = Policy.model_fields["use_gpu"].default  # False also when no CUDA is here
    off_why: str = ""  # why use_gpu is False, in words


class GateController:
    """Owns the one loaded engine and switches it when the gate moves. One generation at a time."""

    def __init__(
        self,
        gate: Gate | None,
        model_path: Path,
        engine_factory: Callable[[Path, str], Any],
        settings: GateSettings | None = None,
        on_generated: Callable[[str, float, float, int], None] | None = None,
        cuda: Callable[[], str | None] | None = None,
    ) -> None:
        self.gate = gate
        # Why CUDA cannot be used (:func:`cuda_problem`); None: the engine factory decides what it loads.
        self.cuda = cuda
        self.on_generated = on_generated  # (strategy, start, end, tokens) of each stretch of generation
        self.model_path = Path(model_path)
        self.factory = engine_factory
        self.settings = settings or GateSettings()
        self.engine: Any = None
        self.switches: list[dict[str, Any]] = []  # what happened, for the API and the tests
        self._lock = threading.Lock()  # guards self.engine
        self._busy = threading.Lock()  # one generation at a time
        self._gate_changed = threading.Condition()
        self._closed_at: float | None = None
        self._closing = False
        self._releasers: list[threading.Thread] = []
        self._unsubscribe = gate.subscribe(self._on_gate) if gate is not None else None

    # -- strategy ------------------------------------------------------------------------------------

    def gate_open(self) -> bool:
        return self.gate is not None and self.gate.is_gate_open()

    def gpu_usable(self) -> bool:
        """The settings allow a GPU and the runtime can use one (the gate aside)."""
        return self.settings.use_gpu and (self.cuda is None or self.cuda() is None)

    def wanted_strategy(self) -> str | None:
        """The strategy to run now; None means wait (gate closed and ``on_close="wait"``)."""
        gpu = self.gpu_usable()
        if gpu and self.gate_open():
            return self.settings.gpu_strategy
        if gpu and self.settings.on_close == "wait" and self.gate is not None:
            return None
        return self.settings.cpu_strategy

    def next_device(self) -> tuple[str | None, str]:
        """Where the next answer's model runs: "gpu", "cpu" or None (it waits for the gate), and why."""
        strategy = self.wanted_strategy()
        if strategy is None:
            return None, "a GPU is busy (the idle gate is closed) and the setting is to wait"
        if strategy.startswith("cuda"):
            return "gpu", "every GPU is idle (the idle gate is open)"
        if not self.settings.use_gpu:
            return "cpu", self.settings.off_why or "GPU use is off"
        problem = self.cuda() if self.cuda is not None else None
        if problem:
            return "cpu", problem
        if self.gate is None:
            return "cpu", "the idle gate is not watched on this daemon"
        return "cpu", "a GPU is busy (the idle gate is closed)"

    def _on_gate(self, event: Any) -> None:
        """Scheduler thread: keep it quick. A closing gate interrupts GPU work now."""
        if getattr(event, "kind", "gate") != "gate":
            return
        if not event.idle:
            self._closed_at = time.monotonic()
            with self._lock:
                engine = self.engine
            if engine is not None and engine.strategy.startswith("cuda"):
                engine.interrupt()
                self._record("preempt", engine.strategy, "gate closed: " + str(getattr(event, "reason", "")))
                # No answer running: nobody would free the GPU until the next question, so do it now.
                t = threading.Thread(target=self._release_if_idle, name="gpuaccel-assistant-release")
                self._releasers = [x for x in self._releasers if x.is_alive()] + [t]
                t.start()
        with self._gate_changed:
            self._gate_changed.notify_all()

    def _record(self, what: str, strategy: str | None, reason: str, **extra: Any) -> None:
        self.switches.append(
            {"t": time.time(), "event": what, "strategy": strategy, "reason": reason, **extra}
        )
        log.info("assistant %s (%s): %s", what, strategy, reason)

    def _engine_for(self, strategy: str) -> Any:
        with self._lock:
            current = self.engine
        if current is not None and current.strategy == strategy:
            return current
        if current is not None:
            self.release("switching to " + strategy)
        try:
            engine = self.factory(self.model_path, strategy)
        except Exception as exc:
            if not strategy.startswith("cuda"):
                raise
            # No usable CUDA here (CPU-only torch, driver trouble): say why once and stay on CPU.
            self.settings.use_gpu = False
            self.settings.off_why = f"loading on the GPU failed: {exc}"
            self._record("gpu_unavailable", strategy, f"{type(exc).__name__}: {exc}")
            return self._engine_for(self.settings.cpu_strategy)
        with self._lock:
            self.engine = engine
        if strategy.startswith("cuda") and self.gate is not None and getattr(engine, "pid", None):
            self.gate.exempt_pid(engine.pid)  # our own GPU memory must not close our own gate
        runtime = getattr(engine, "runtime", None) or {}
        words = f"; {describe_runtime(runtime)}" if runtime else ""
        self._record(
            "load",
            strategy,
            f"model {self.model_path.name}{words}",
            **({"runtime": runtime} if runtime else {}),
        )
        return engine

    def warm(self) -> bool:
        """Load the engine where the next answer would run, before anyone asks: the first question the
        picking model answers then costs a pick, not a worker's start (torch's import and the weights).
        Nothing happens while an answer runs, while the setting is to wait, or once an engine is loaded;
        on a GPU the gate's later closing frees it as it frees any engine. Whether one was loaded."""
        if self._closing or not self._busy.acquire(blocking=False):
            return False
        try:
            strategy = self.wanted_strategy()
            with self._lock:
                loaded = self.engine is not None
            if strategy is None or loaded:
                return False
            self._engine_for(strategy)
            self._record("warm", strategy, "loaded before the first answer")
            return True
        finally:
            self._busy.release()

    def release(self, reason: str) -> None:
        """Close the loaded engine (its process ends; on CUDA its memory is freed)."""
        with self._lock:
            engine, self.engine = self.engine, None
        if engine is None:
            return
        took = engine.close()
        if self.gate is not None and getattr(engine, "pid", None):
            self.gate.exempt_pid(engine.pid, False)
        extra: dict[str, Any] = {"close_s": round(took, 3)} if isinstance(took, float) else {}
        if self._closed_at is not None and engine.strategy.startswith("cuda"):
            extra["claim_to_free_s"] = round(time.monotonic() - self._closed_at, 3)
        self._record("release", engine.strategy, reason, **extra)

    def _release_if_idle(self) -> None:
        if self._busy.acquire(blocking=False):  # else the answering thread frees it itself
            try:
                self.release_gpu_if_closed()
            finally:
                self._busy.release()

    def release_gpu_if_closed(self) -> None:
        """Called between generations: a GPU engine must not sit on memory while the gate is shut."""
        with self._lock:
            engine = self.engine
        if engine is not None and engine.strategy.startswith("cuda") and not self.gate_open():
            self.release("gate closed")

    # -- generation ----------------------------------------------------------------------------------------

    def _own_activity(self, on: bool) -> None:
        """Tell the idle detector the GPU utilization it sees is ours (it still counts jobs)."""
        if self.gate is not None:
            self.gate.set_own_activity(on)

    def interrupt(self) -> None:
        with self._lock:
            engine = self.engine
        if engine is not None:
            engine.interrupt()
        with self._gate_changed:
            self._gate_changed.notify_all()

    def tokenizer(self) -> Any:
        with self._lock:
            engine = self.engine
        if engine is not None:
            return engine.tokenizer
        from gpuaccel.assistant.engine.runtime import tokenizer_from_file

        return tokenizer_from_file(self.model_path)

    def generate(self, tokens: list[int], params: GenParams, stop: threading.Event) -> Iterator[int]:
        """Yield the answer's tokens, moving between GPU and CPU as the gate says, until done or ``stop``."""
        with self._busy:
            produced: list[int] = []
            while not stop.is_set() and not self._closing:
                strategy = self.wanted_strategy()
                if strategy is None:
                    with self._gate_changed:
                        self._gate_changed.wait(0.5)
                    continue
                engine = self._engine_for(strategy)
                engine.reset_interrupt()
                if strategy.startswith("cuda") and not self.gate_open():
                    continue  # closed between the check and the load: go round again
                left = replace(params, max_tokens=params.max_tokens - len(produced))
                self._own_activity(strategy.startswith("cuda"))
                started, before = time.time(), len(produced)
                try:
                    for token in engine.generate(tokens + produced, left):
                        produced.append(token)
                        yield token
                finally:
                    self._own_activity(False)
                    if self.on_generated is not None:
                        self.on_generated(strategy, started, time.time(), len(produced) - before)
                reason = engine.last_reason
                if reason != "interrupted" or stop.is_set():
                    return
                self.release_gpu_if_closed()

    def generate_drafts(
        self, tokens: list[int], drafts: list[GenParams], stop: threading.Event
    ) -> list[list[int]]:
        """Several drafts of one prompt (a report's summary): on the CPU decoded together by the engine
        (:meth:`~assistant.engine.runtime.Engine.generate_drafts`, one forward per token for all); on a GPU,
        or with an engine that cannot, one after another through :meth:`generate`, which follows the gate.
        Empty drafts where the model may not run now (gate closed and ``on_close="wait"``)."""
        strategy = self.wanted_strategy()
        if strategy is None or stop.is_set():
            return [[] for _ in drafts]
        if not strategy.startswith("cuda"):
            with self._busy:
                engine = None if self._closing else self._engine_for(strategy)
                if engine is not None and hasattr(engine, "generate_drafts"):
                    engine.reset_interrupt()
                    started, out = time.time(), [[] for _ in drafts]
                    try:
                        out = engine.generate_drafts(tokens, drafts)
                    finally:
                        if self.on_generated is not None:
                            self.on_generated(strategy, started, time.time(), sum(map(len, out)))
                    return out
        return [list(self.generate(tokens, p, stop)) for p in drafts]

    def decide(self, question: str, context: Context, now: float) -> Decision | None:
        """The picking model's decision where the gate lets the model run now; None where it may not (gate
        closed and ``on_close="wait"``) or a claim or stop interrupted it. A pick is worth no wait: the
        chat goes on at once (the next picker, or the refusal) rather than waiting for a job to end. The
        engine is the worker (:meth:`~assistant.engine.worker.WorkerEngine.decide`) or one in this process
        that scores text (:func:`~assistant.understand.decode.decide_on`)."""
        with self._busy:
            while not self._closing and (strategy := self.wanted_strategy()) is not None:
                engine = self._engine_for(strategy)
                if not can_pick(engine):
                    raise TypeError(
                        f"{type(engine).__name__} cannot run a constrained pick: the picking model needs the"
                        " model worker (decide()) or an engine that scores text (prefill and forward_all)"
                    )
                engine.reset_interrupt()
                if strategy.startswith("cuda") and not self.gate_open():
                    continue  # closed between the check and the load: go round again
                self._own_activity(strategy.startswith("cuda"))
                try:
                    decision = decide_on(engine, question, context, now)
                finally:
                    self._own_activity(False)
                if decision is not None:
                    return decision
                self._record("pick_interrupted", strategy, "no pick from the model for this question")
                break
            self.release_gpu_if_closed()  # a claim's releaser found us busy: free the GPU now
            return None

    def close(self) -> None:
        self._closing = True
        if self._unsubscribe is not None:
            self._unsubscribe()
        self.interrupt()
        for t in self._releasers:
            t.join()
        with self._busy:
            self.release("assistant stopped")
