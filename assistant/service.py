"""The assistant as one object the daemon owns: db, gate controller, chat, reports, housekeeping, models.

Cheap to build (no model is loaded until the first answer), so a daemon start never waits for weights.
Settings (active model, what to do when the gate closes) live in ``<data dir>/assistant.json``.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

from assistant.chat import ChatService
from assistant.db import AssistantDB
from assistant.facts import FactsSource
from assistant.gate import GateController, GateSettings
from assistant.housekeeping import Housekeeper
from assistant.models import ModelManager
from assistant.reports import ReportService
from assistant.runtime import BUNDLED_MODEL, GenParams, Utf8Stream

SUMMARY_PROMPT = "Summarize these facts for the operator in two short sentences."


class AssistantService:
    def __init__(
        self,
        data_dir: Path,
        store: Any,
        sampler: Any = None,
        idle: Any = None,
        engine_factory: Any = None,
        db_path: Path | None = None,
    ) -> None:
        self.data_dir = Path(data_dir)
        self.store, self.sampler, self.idle = store, sampler, idle
        self.settings_file = self.data_dir / "assistant.json"
        self.settings = self._load_settings()
        self.db = AssistantDB(db_path or self.data_dir / "gpuaccel.db")
        self.models = ModelManager(self.data_dir / "models")
        if engine_factory is None:
            from assistant.worker import WorkerEngine

            engine_factory = WorkerEngine
        has_gpu = bool(sampler is not None and sampler.available and sampler.infos)
        self.controller = GateController(
            idle,
            self.model_path(),
            engine_factory,
            GateSettings(on_close=self.settings["on_close"], use_gpu=has_gpu and self.settings["use_gpu"]),
        )
        self.facts = FactsSource(store, sampler, idle)
        self.reports = ReportService(
            self.db, store, self.data_dir / "reports", self.data_dir / "logs", summarizer=self.summarize
        )
        self.housekeeper = Housekeeper(self.data_dir, store, sampler)
        self.chat = ChatService(
            self.db,
            self.facts,
            self.controller,
            commands={"/report": self._report_command, "/cleanup": self._cleanup_command},
        )
        self._threads: list[threading.Thread] = []
        from assistant.routes import create_router

        self.router = create_router(self)

    # -- settings ------------------------------------------------------------------------------------

    def _load_settings(self) -> dict[str, Any]:
        defaults = {"model": str(BUNDLED_MODEL), "on_close": "cpu", "use_gpu": True}
        try:
            return {**defaults, **json.loads(self.settings_file.read_text())}
        except (FileNotFoundError, ValueError):
            return defaults

    def save_settings(self, **changes: Any) -> dict[str, Any]:
        if "on_close" in changes and changes["on_close"] not in ("cpu", "wait"):
            raise ValueError(
                "on_close must be 'cpu' (continue on CPU) or 'wait' (pause until the GPU is idle)"
            )
        self.settings.update({k: v for k, v in changes.items() if v is not None})
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.settings_file.write_text(json.dumps(self.settings, indent=1))
        self.controller.settings.on_close = self.settings["on_close"]
        if "model" in changes and changes["model"]:
            self.controller.release("model changed")
            self.controller.model_path = self.model_path()
        return self.settings

    def model_path(self) -> Path:
        path = Path(self.settings["model"])
        return path if path.is_file() else BUNDLED_MODEL

    # -- lifecycle ----------------------------------------------------------------------------------------

    def start(self) -> None:
        """Nothing to start eagerly: the model loads at the first answer."""

    def stop(self) -> None:
        self.controller.close()
        for t in self._threads:
            t.join()
        self.db.close()

    def run_in_thread(self, name: str, fn: Any) -> None:
        t = threading.Thread(target=fn, name=f"gpuaccel-assistant-{name}", daemon=False)
        self._threads = [x for x in self._threads if x.is_alive()] + [t]
        t.start()

    # -- state and helpers ------------------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        engine = self.controller.engine
        wanted = self.controller.wanted_strategy()
        running = self.store.list(states=["running"], limit=1)
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
            "gate_open": self.controller.gate_open(),
            "paused_for_job": running[0].id if running and word == "paused" else None,
            "model": {"name": self.model_path().stem, "path": str(self.model_path())},
            "settings": self.settings,
            "switches": self.controller.switches[-20:],
        }

    def summarize(self, facts_text: str) -> str:
        """The model's short prose over a facts block (the caller masks numbers it made up)."""
        tok = self.controller.tokenizer()
        prompt = f"System: {facts_text}\n\nUser: {SUMMARY_PROMPT}\n\nAssistant:"
        stop, out, utf8 = threading.Event(), [], Utf8Stream()
        for token in self.controller.generate(tok.encode(prompt), GenParams(max_tokens=120, top_p=0.3), stop):
            out.append(utf8.feed(tok.token_bytes(token)))
        return ("".join(out) + utf8.flush()).strip()

    def _report_command(self) -> str:
        r = self.reports.make_daily()
        return f"Report {r['id']} stored ({r['title']}).\n" + r["markdown"]

    def _cleanup_command(self) -> str:
        props = self.housekeeper.propose()
        if not props:
            return "Nothing to clean up: no old logs, trash, caches or orphaned GPU processes found."
        lines = [f"- [{p.id}] {p.action} {p.description}: {p.size_bytes / 2**20:.1f} MiB" for p in props]
        return "Proposals (nothing is done until you confirm them in the housekeeping panel):\n" + "\n".join(
            lines
        )
