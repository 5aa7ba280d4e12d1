"""The assistant as one object the daemon owns: db, gate controller, chat, reports, housekeeping, models.

Cheap to build (no model is loaded until the first answer), so a daemon start never waits for weights.
Its third-party needs (torch, rwkv, safetensors: the ``assistant`` extra) are imported only where used;
:func:`missing_dependencies` tells the daemon, without importing them, whether they are installed.
Settings (active model, what to do when the gate closes) live in ``<data dir>/assistant.json``.
"""

from __future__ import annotations

import datetime as dt
import importlib.util
import json
import logging
import os
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from gpuaccel.api.assistant import ON_CLOSE_HELP, USE_GPU_HELP, Settings
from gpuaccel.api.jobs import JobState
from gpuaccel.assistant.chat import ChatService
from gpuaccel.assistant.db import AssistantDB
from gpuaccel.assistant.engine.gate import GateController, GateSettings, cuda_problem
from gpuaccel.assistant.engine.models import (
    ModelManager,
    fit_message,
    pick_margin,
    prose_kind,
    prose_pairs,
    rules_first,
)
from gpuaccel.assistant.engine.runtime import BUNDLED_MODEL, ModelError, Utf8Stream
from gpuaccel.assistant.engine.token_energy import TokenEnergy
from gpuaccel.assistant.housekeeping.housekeeper import Housekeeper
from gpuaccel.assistant.queries.cleanup import cleanup_text
from gpuaccel.assistant.queries.facts import FactsSource
from gpuaccel.assistant.reports.report import ReportService
from gpuaccel.assistant.reports.summary import Writer
from gpuaccel.assistant.reports.summary import params as summary_params
from gpuaccel.assistant.understand.model import ModelPicker
from gpuaccel.assistant.understand.picker import RulePicker

log = logging.getLogger(__name__)

EXTRA_MODULES: tuple[str, ...] = ("torch", "rwkv", "safetensors")  # the ``gpuaccel[assistant]`` extra


MODEL_DISTRIBUTION = "gpuaccel-model"  # the bundled model's wheel, which the extra requires (packaging/model)


def missing_dependencies() -> list[str]:
    """The extra's top-level modules that cannot be found (looked up, not imported: torch is slow to load),
    and its model distribution when the bundled model is not installed (the core wheel has none)."""
    missing = [] if BUNDLED_MODEL.is_file() else [f"{MODEL_DISTRIBUTION} (the bundled model)"]
    for name in EXTRA_MODULES:
        try:
            found = importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            missing.append(name)
    return missing


class AssistantService:
    def __init__(
        self,
        data_dir: Path,
        store: Any,
        sampler: Any = None,
        idle: Any = None,
        engine_factory: Any = None,
        db_path: Path | None = None,
        cuda: Callable[[], str | None] | None = None,
        logs_dir: Path | None = None,
    ) -> None:
        """``cuda`` says why the model cannot use a GPU (default: torch is asked, :func:`cuda_problem`,
        when the model runs in our own worker; an ``engine_factory`` of the caller's decides itself).
        ``logs_dir``: where the daemon writes job logs (``DataDir.logs``: the state dir by default, so not
        always ``<data dir>/logs``, which is assumed without it)."""
        self.data_dir = Path(data_dir)
        self.logs_dir = Path(logs_dir) if logs_dir is not None else self.data_dir / "logs"
        self.store, self.sampler, self.idle = store, sampler, idle
        self.settings_file = self.data_dir / "assistant.json"
        self.settings = self._load_settings()
        self.db = AssistantDB(db_path or self.data_dir / "gpuaccel.db")
        self.models = ModelManager(self.data_dir / "models")
        self._factory = engine_factory or self._worker_factory
        self._has_gpu = bool(sampler is not None and sampler.available and sampler.infos)
        self.cuda = cuda if cuda is not None else (cuda_problem if engine_factory is None else None)
        self.token_energy = TokenEnergy(sampler)
        use_gpu, off_why = self._gpu_setting()
        self.controller = GateController(
            idle,
            self.model_path(),
            self._checked_factory,
            GateSettings(on_close=self.settings["on_close"], use_gpu=use_gpu, off_why=off_why),
            on_generated=self.token_energy.record,
            cuda=self.cuda,
        )
        self.facts = FactsSource(store, sampler, idle, own_pids=self.own_pids)
        self.facts.logs_dir = self.logs_dir  # a job's log in the chat (queries_logs)
        self.reports = ReportService(
            self.db, store, self.data_dir / "reports", self.logs_dir, writer=self.report_writer
        )
        self.housekeeper = Housekeeper(
            self.data_dir, store, sampler, extra_roots={"logs": self.logs_dir}, own_pids=self.own_pids
        )
        self.facts.housekeeping = self._housekeeping_scan  # "anything to clean up?" (queries.cleanup)
        self.chat = ChatService(
            self.db,
            self.facts,
            self.controller,
            commands={"/report": self._report_command, "/cleanup": self._cleanup_command},
            prose=prose_kind(self.model_path()) == "free",  # slot prose is for reports (reports.summary)
            assistant_state=self.state,
        )
        self._set_pickers()
        self._threads: list[threading.Thread] = []
        self._unsub_reports: Any = None
        self._reports_running = threading.Event()
        self._stopping = threading.Event()
        # Idle-time reports start once the gate has stayed open this long (not on every short idle spell).
        self.report_delay_s = float(os.environ.get("GPUACCEL_ASSISTANT_REPORT_DELAY_S", "600"))
        # The daemon loads the picking model this long after it starts ("off": at the first answer only).
        warm = os.environ.get("GPUACCEL_ASSISTANT_WARM_S", "5").strip().lower()
        try:
            self.warm_delay_s: float | None = None if warm in ("off", "") else max(0.0, float(warm))
        except ValueError:
            raise ValueError(f"GPUACCEL_ASSISTANT_WARM_S={warm!r}: give seconds (e.g. 5) or off") from None

    # -- settings ------------------------------------------------------------------------------------

    def _load_settings(self) -> dict[str, Any]:
        """The stored settings (:class:`api.assistant.Settings`); a value of the wrong kind (a hand-edited
        file) falls back to its default."""
        settings = Settings(model=str(BUNDLED_MODEL)).model_dump()
        try:
            stored = json.loads(self.settings_file.read_text())
        except (FileNotFoundError, ValueError):
            return settings
        for key in Settings.model_fields:
            if isinstance(stored, dict) and key in stored:
                try:
                    settings = Settings.model_validate({**settings, key: stored[key]}).model_dump()
                except ValidationError:
                    log.warning(
                        "ignoring %s=%r in %s; using %r", key, stored[key], self.settings_file, settings[key]
                    )
        return settings

    def save_settings(self, **changes: Any) -> dict[str, Any]:
        """Store ``changes`` (None: unchanged); a wrong value raises ValueError saying what is accepted."""
        wanted = {**self.settings, **{k: v for k, v in changes.items() if v is not None}}
        try:
            self.settings = Settings.model_validate(wanted).model_dump()
        except ValidationError as exc:
            said = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
            raise ValueError(f"{said} ({ON_CLOSE_HELP}; use_gpu: {USE_GPU_HELP})") from None
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.settings_file.write_text(json.dumps(self.settings, indent=1))
        self.controller.settings.on_close = self.settings["on_close"]
        use_gpu, off_why = self._gpu_setting()
        self.controller.settings.use_gpu, self.controller.settings.off_why = use_gpu, off_why
        engine = self.controller.engine
        if not use_gpu and engine is not None and engine.strategy.startswith("cuda"):
            self.controller.release("GPU use turned off")  # takes effect now, not at the next restart
        # Selecting the model already loaded keeps it loaded (a new file under its name: model_file_replaced).
        if changes.get("model") and self.model_path() != self.controller.model_path:
            self.controller.release("model changed")
            self.controller.model_path = self.model_path()
        self.chat.prose = prose_kind(self.model_path()) == "free"
        self._set_pickers()
        return self.settings

    def _gpu_setting(self) -> tuple[bool, str]:
        """Whether the settings and the GPU monitor let the model use a GPU, and if not why, in words."""
        if not self._has_gpu:
            return False, "the GPU monitor finds no GPU"
        if not self.settings["use_gpu"]:
            return False, "GPU use is turned off in the settings"
        return True, ""

    def _set_pickers(self) -> None:
        """A model trained to write queries picks through the worker, as sure as its file says: first, the
        rule picker answering where it does not pick; or, where the file says ``pick_first=rules``, only
        where the rules find nothing."""
        path = self.model_path()
        margin = pick_margin(path)
        if margin is None:
            self.chat.pickers = (RulePicker(),)
            return
        model = ModelPicker(self.controller, min_margin=margin)
        self.chat.pickers = (RulePicker(), model) if rules_first(path) else (model, RulePicker())

    def model_file_replaced(self, path: Path) -> None:
        """An import or download wrote ``path``: if that is the loaded model's file, unload it so the next
        answer loads the new weights (selecting the same name again does not reload)."""
        if path.resolve() == self.controller.model_path.resolve():
            self.controller.release("model file replaced")

    def model_path(self) -> Path:
        path = Path(self.settings["model"])
        return path if path.is_file() else BUNDLED_MODEL

    # -- lifecycle ----------------------------------------------------------------------------------------

    def start(self) -> None:
        """The model loads at the first answer; here we only start making reports when the gate opens."""
        if self.idle is not None:
            self._unsub_reports = self.idle.subscribe(self._on_gate_for_reports)
        if self.cuda is not None and self.controller.settings.use_gpu:  # asked now, not at the first status
            threading.Thread(target=self.cuda, name="gpuaccel-assistant-cuda", daemon=True).start()

    def warm_later(self) -> None:
        """Load the picking model ``warm_delay_s`` after now, in the background, so the first question it
        answers takes a pick's time, not a worker's start (the daemon calls this; a model that does not
        pick loads at its first answer). Failures are logged: the first answer then loads it as before."""
        if self.warm_delay_s is None or pick_margin(self.model_path()) is None:
            return

        def warm() -> None:
            if self._stopping.wait(self.warm_delay_s or 0.0):
                return
            try:
                self.controller.warm()
            except Exception:
                log.exception("loading the picking model ahead of the first answer failed")

        self.run_in_thread("warm", warm)

    def _on_gate_for_reports(self, event: Any) -> None:
        if getattr(event, "kind", "") == "gate" and event.idle and not self._reports_running.is_set():
            self._reports_running.set()
            self.run_in_thread("reports", self._idle_reports)

    def _idle_reports(self) -> None:
        """While the GPUs are idle: yesterday's daily report, and reports on new failed jobs (5 at most)."""
        try:
            if self._stopping.wait(self.report_delay_s) or not self.controller.gate_open():
                return
            made = {(r["kind"], r["subject"]) for r in self.reports.list()}
            yesterday = (dt.datetime.now(dt.UTC) - dt.timedelta(days=1)).date()
            if ("daily", yesterday.isoformat()) not in made:
                self.reports.make_daily(yesterday)
            failed = [
                j
                for j in self.store.list(states=[JobState.FAILED], limit=5)
                if ("job", str(j.id)) not in made
            ]
            for job in failed:
                if not self.controller.gate_open():
                    break
                self.reports.make_job(job.id)
        except Exception:
            log.exception("idle-time reports failed")
        finally:
            self._reports_running.clear()

    def stop(self) -> None:
        self._stopping.set()
        if self._unsub_reports is not None:
            self._unsub_reports()
        self.controller.close()
        for t in self._threads:
            t.join()
        self.db.close()

    def run_in_thread(self, name: str, fn: Any) -> None:
        t = threading.Thread(target=fn, name=f"gpuaccel-assistant-{name}", daemon=False)
        self._threads = [x for x in self._threads if x.is_alive()] + [t]
        t.start()

    # -- engines ------------------------------------------------------------------------------------------

    def own_pids(self) -> set[int]:
        pid = getattr(self.controller.engine, "pid", None) if hasattr(self, "controller") else None
        return {pid} if pid else set()

    def _worker_factory(self, path: Path, strategy: str) -> Any:
        from gpuaccel.assistant.engine.worker import WorkerEngine

        gpus = self.idle.idle_gpus() if self.idle is not None and hasattr(self.idle, "idle_gpus") else []
        return WorkerEngine(path, strategy, gpu=gpus[0] if strategy.startswith("cuda") and gpus else None)

    def _free_vram(self) -> int | None:
        """Free memory of the GPU the worker would get (from telemetry), or None when unknown."""
        if self.sampler is None or not self.sampler.available:
            return None
        gpus = self.idle.idle_gpus() if self.idle is not None and hasattr(self.idle, "idle_gpus") else []
        for s in self.sampler.latest():
            if not gpus or s.index == gpus[0]:
                total, used = s.mem_total_mib, s.mem_used_mib
                if isinstance(total, int | float) and isinstance(used, int | float):
                    return int((total - used) * 2**20)
        return None

    def _checked_factory(self, path: Path, strategy: str) -> Any:
        """Refuse, with the numbers, a model that will not fit; the controller then stays on CPU."""
        size = Path(path).stat().st_size if Path(path).is_file() else 0
        need = int(size * 1.15) + 300 * 2**20 if strategy.startswith("cuda") else size * 2 + 500 * 2**20
        problem = fit_message(need, strategy, self._free_vram() if strategy.startswith("cuda") else None)
        if problem:
            raise ModelError(f"{Path(path).stem}: {problem}")
        return self._factory(path, strategy)

    # -- state and helpers ------------------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        engine = self.controller.engine
        wanted = self.controller.wanted_strategy()
        device, why = self.controller.next_device()
        running = self.store.list(states=[JobState.RUNNING], limit=1)
        if engine is not None:
            word = "gpu" if engine.strategy.startswith("cuda") else "cpu"
        elif wanted is None:
            word = "paused"
        else:
            word = "idle"
        return {
            "state": word,
            "strategy": engine.strategy if engine else None,
            "next_strategy": wanted,
            "next_device": device,
            "next_device_why": why,
            "gate_open": self.controller.gate_open(),
            "paused_for_job": running[0].id if running and word == "paused" else None,
            "model": {"name": self.model_path().stem, "path": str(self.model_path())},
            "settings": self.settings,
            "switches": self.controller.switches[-20:],
            "energy": self.token_energy.to_json(),
        }

    def report_writer(self) -> Writer | None:
        """The model that writes report summaries now, and how (:func:`~assistant.engine.models.prose_kind`);
        None where the selected model writes no prose."""
        path = self.model_path()
        kind = prose_kind(path)
        if kind is None:
            return None
        pairs = prose_pairs(path) if kind == "slots" else None
        return Writer(kind, path.stem, self._generate_text, pairs, self._draft_texts)

    def _generate_text(self, prompt: str, seed: int | None = None) -> str:
        """The model's text after ``prompt`` up to its blank line: the likeliest tokens (``seed`` None), or
        drawn from the top of the distribution with ``seed``; through the gate, as every answer is. Nothing
        when the model may not run now (a GPU is busy and the setting is to wait): a report is not held up."""
        if self.controller.wanted_strategy() is None:
            return ""
        tok = self.controller.tokenizer()
        stop, out, utf8 = threading.Event(), [], Utf8Stream()
        for token in self.controller.generate(tok.encode(prompt), summary_params(seed), stop):
            out.append(utf8.feed(tok.token_bytes(token)))
        return ("".join(out) + utf8.flush()).strip()

    def _draft_texts(self, prompt: str, seeds: Sequence[int | None]) -> list[str]:
        """:meth:`_generate_text` for each seed, the drafts decoded together where the model runs on the CPU
        (:meth:`~assistant.engine.gate.GateController.generate_drafts`): a report's five drafts cost about
        half the time of five one after another, with the same tokens."""
        if self.controller.wanted_strategy() is None:
            return ["" for _ in seeds]
        tok = self.controller.tokenizer()
        drafts = self.controller.generate_drafts(
            tok.encode(prompt), [summary_params(s) for s in seeds], threading.Event()
        )
        out = []
        for tokens in drafts:
            utf8 = Utf8Stream()
            text = "".join(utf8.feed(tok.token_bytes(t)) for t in tokens)
            out.append((text + utf8.flush()).strip())
        return out

    def _report_command(self) -> str:
        r = self.reports.make_daily()
        return f"Report {r['id']} stored ({r['title']}).\n" + r["markdown"]

    def _cleanup_command(self) -> str:
        return cleanup_text(*self._housekeeping_scan())

    def _housekeeping_scan(self) -> tuple[list[Any], list[dict[str, Any]]]:
        """The housekeeper's proposals and what it only says for information (processes outside the queue)."""
        props = self.housekeeper.propose()
        return props, list(self.housekeeper.outside_queue)
