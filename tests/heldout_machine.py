"""A richer machine for blind assistant question sets: two fake GPUs, a day of history, fourteen queue jobs.

Why apart from the scorer's machine (tests/unit/test_assistant_questions.py): the blind sets g and h ask
about clocks, fans, energy, GPU-hours, attempts, queue waits and peaks inside a minute, which that machine
does not hold. Everything here goes in the way the daemon writes it: jobs through the store's own calls
(insert, claim, retrying, requeue, finish, cancel, waiting reasons) under a scripted clock, each job's
energy as the ``energy`` event :mod:`scheduler.lifecycle.job_energy` records, 1 s telemetry rows rolled up
to 1 min
rows by :class:`scheduler.store.history.HistoryWriter`'s own roll-up. The clock is fixed at 15:00 today.

The timeline (today unless "yesterday"; GPU 0 an H100 80GB, GPU 1 an RTX 4090):

====  =====================  ==================================================================
id    name                   what happened
====  =====================  ==================================================================
1     data-prep              no GPU, yesterday 16:00:00-16:04:12, succeeded
2     llama-70b-finetune     GPU 0, after job 1, yesterday 16:05 - 00:35, succeeded
3     flash-attn-build       GPU 1, yesterday 20:10:00-20:12:30, crashed (SIGSEGV)
4     llama-8b-eval          GPU 1, 09:10-09:52, succeeded
5     sd-xl-train            GPU 1, three attempts 10:00-10:10:41, CUDA out of memory each time
6     resnet50-bench         GPU 0, 11:00-11:20, cancelled by the user
7-10  lr-sweep [0..3]        array 0-3%2 on GPU 1, 12:00-13:24; element 2 failed (loss is NaN)
11    mistral-7b-sft         GPU 0, running since 13:30 (pid 4242, the fake trainer)
12    llama-70b-eval         queued, waits for job 11
13    llama-405b-probe       queued, needs 2 GPUs (GPU 0 is held by job 11)
14    whisper-finetune       held
====  =====================  ==================================================================

A short temperature spike on GPU 0 at 13:47:20-13:47:27 (peak 91 °C at 13:47:23) lives in the 1 s rows
only; its minute's 1 min row averages it away.
"""

from __future__ import annotations

import atexit
import datetime as dt
import math
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest import mock

import numpy as np
from assistant_helpers import FakeGate

from gpuaccel.accel.telemetry.fake import FakeBackend
from gpuaccel.accel.telemetry.fields import HISTORY_FIELDS
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.api.jobs import JobState
from gpuaccel.assistant.engine.runtime import Engine
from gpuaccel.assistant.service import AssistantService
from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.lifecycle.dependencies import verdict
from gpuaccel.scheduler.lifecycle.job_energy import EXCLUSIVE
from gpuaccel.scheduler.lifecycle.loop import CANCELLED_BY_USER
from gpuaccel.scheduler.lifecycle.validation import validate_request
from gpuaccel.scheduler.placement.runner import exit_outcome
from gpuaccel.scheduler.store.history import HistoryWriter
from gpuaccel.scheduler.store.queue import Store

MIDNIGHT = dt.datetime.now().replace(hour=0, minute=0, second=0, microsecond=0).timestamp()
NOW = MIDNIGHT + 15 * 3600  # the machine's clock: 15:00 today
DAY = 86400.0
OWNER = "heldout-daemon"
RETRY_WAIT_S = 30.0


def at(hhmmss: str, yesterday: bool = False) -> float:
    """Unix time of a wall-clock moment today (or yesterday) on the machine's clock."""
    h, m, s = (int(x) for x in (hhmmss + ":00")[:8].split(":"))
    return MIDNIGHT - (DAY if yesterday else 0.0) + h * 3600 + m * 60 + s


@dataclass(frozen=True)
class Load:
    """What a job does to its GPU while it runs: base utilization (%) and memory used (MiB)."""

    util: float
    mem_mib: float


@dataclass(frozen=True)
class GpuModel:
    """The history's shape per GPU: idle readings and how power, temperature and clocks follow load."""

    power_idle_w: float
    power_limit_w: float
    temp_idle_c: float
    temp_per_util: float
    sm_idle_mhz: float
    sm_max_mhz: float
    mem_idle_mhz: float
    mem_busy_mhz: float
    mem_idle_mib: float
    gpm: bool


GPUS = {
    0: GpuModel(70.0, 700.0, 30.0, 0.42, 345.0, 1980.0, 2619.0, 2619.0, 512.0, gpm=True),  # H100 80GB
    1: GpuModel(21.0, 450.0, 28.0, 0.45, 210.0, 2520.0, 405.0, 10501.0, 1024.0, gpm=False),  # RTX 4090
}
LOADS = {  # by job name: what it does to its GPU
    "llama-70b-finetune": Load(95.0, 78000.0),
    "flash-attn-build": Load(40.0, 2000.0),
    "llama-8b-eval": Load(97.0, 17800.0),
    "sd-xl-train": Load(99.0, 23900.0),
    "resnet50-bench": Load(88.0, 22000.0),
    "lr-sweep": Load(93.0, 12000.0),
    "mistral-7b-sft": Load(91.0, 61440.0),
}
SPIKE_AT = "13:47:20"
SPIKE_C = (84.0, 87.0, 89.0, 91.0, 90.0, 88.0, 85.0, 80.0)  # GPU 0, one value a second


def readings(gpu: int, t: np.ndarray, util: np.ndarray, mem: np.ndarray) -> dict[str, np.ndarray]:
    """Every stored history field of ``gpu`` at times ``t`` under utilization ``util`` (NaN: unavailable)."""
    g = GPUS[gpu]
    busy = util > 0
    power = np.round(g.power_idle_w + (g.power_limit_w - g.power_idle_w) * util / 100.0 * 0.9, 1)
    temp = np.round(g.temp_idle_c + g.temp_per_util * util, 1)
    if gpu == 0:
        k = int(at(SPIKE_AT) - t[0]) if t[0] <= at(SPIKE_AT) < t[-1] + 1 else None
        if k is not None:
            temp[k : k + len(SPIKE_C)] = SPIKE_C
    nan = np.full(t.shape, np.nan)
    return {
        "util_gpu": util,
        "util_mem": np.round(util * 0.4, 1),
        "mem_used_mib": mem,
        "temperature_c": temp,
        "power_w": power,
        "sm_clock_mhz": np.where(busy, np.round(g.sm_max_mhz * (0.3 + 0.7 * util / 100.0)), g.sm_idle_mhz),
        "mem_clock_mhz": np.where(busy, g.mem_busy_mhz, g.mem_idle_mhz),
        "tensor_active": np.round(util * 0.95, 1) if g.gpm else nan,
        "sm_active": util if g.gpm else nan,
        "dram_bw_util": np.round(util * 0.25, 1) if g.gpm else nan,
        "tflops_est": nan,
        "energy_j": 5e6 * (gpu + 1) + np.cumsum(power),  # NVML's counter: joules since the driver loaded
    }


def wobble(t: np.ndarray) -> np.ndarray:
    """A busy GPU's utilization swings a little around its job's base (period 10 min, +-3 points)."""
    return 3.0 * np.sin(2.0 * math.pi * t / 600.0)


_TEMPLATE: list[Path] = []  # one built machine per process; each test gets a copy (the build takes seconds)


def build_machine(folder: Path) -> Machine:
    """The machine in ``folder`` (its database and logs), copied from this process's first build."""
    if not _TEMPLATE:
        first = Path(tempfile.mkdtemp(prefix="gpuaccel-heldout-"))
        atexit.register(shutil.rmtree, first, True)  # 12 MB a process: left behind, /tmp filled up
        Machine(first).store.close()
        _TEMPLATE.append(first)
    shutil.copytree(_TEMPLATE[0], folder, dirs_exist_ok=True)
    return Machine(folder, built=True)


class Machine:
    """The store, the logs folder and the GPUs' busy spans; :meth:`service` opens the chat on it.
    ``built``: ``folder`` already holds the machine (a copy); only the spans are laid out again."""

    def __init__(self, folder: Path, built: bool = False) -> None:
        self.folder = folder
        self.clock = NOW
        self.spans: list[tuple[int, int, float, float, Load]] = []  # (job, gpu, start, end, load)
        (folder / "logs").mkdir(parents=True, exist_ok=True)
        with self.held_clock():
            self.store = Store(folder / "gpuaccel.db")
            if not built:
                self._jobs()
            self._spans()
            if built:
                return
            self._history()
            self._energy()

    # -- the scripted clock ------------------------------------------------------------------------

    @contextmanager
    def held_clock(self) -> Iterator[None]:
        """time.time() held at the machine's clock (15:00 today once built): what its answers are read at."""
        with mock.patch("time.time", lambda: self.clock):
            yield

    def _go(self, t: float) -> None:
        self.clock = t

    # -- jobs --------------------------------------------------------------------------------------

    def _submit(self, t: float, **request: Any) -> int:
        self._go(t)
        request.setdefault("argv", ["python", "train.py"])
        return self.store.insert(validate_request({"kind": "command", **request})).id

    def _run(self, job: int, gpu: int | None, start: float) -> None:
        """One attempt, claimed at ``start``."""
        self._go(start)
        assert self.store.claim(job, OWNER, 3600.0, [] if gpu is None else [gpu]) is not None

    def _spans(self) -> None:
        """Each attempt on a GPU, from its start event to the job's next event that ended it (or 15:00)."""
        names = {j.id: j.name or "" for j in self.store.list(limit=1000)}
        events = self.store.events(limit=100_000)
        for e in events:
            found = re.fullmatch(r"started attempt \d+ on GPU (\d+)", e.message)
            if e.type != "job" or e.job_id is None or found is None:
                continue
            end = next(
                (x.t for x in events if x.job_id == e.job_id and x.id > e.id and x.type == "job"
                 and x.state not in (JobState.RUNNING, JobState.PAUSED)),
                NOW,
            )  # fmt: skip
            self.spans.append((e.job_id, int(found[1]), e.t, end, LOADS[names[e.job_id]]))

    def _end(self, job: int, t: float, code: int | None, tail: str = "") -> None:
        self._go(t)
        state, reason, code = exit_outcome(code, tail)
        assert self.store.finish(job, state, reason, code) is not None

    def _log(self, job: int, text: str) -> None:
        (self.folder / "logs" / f"job-{job}.log").write_text(text)

    def _jobs(self) -> None:
        y = True
        prep = self._submit(at("15:58", y), name="data-prep", argv=["python", "prep.py"], gpus=0)
        ft = self._submit(
            at("15:59", y), name="llama-70b-finetune", gpus=1, memory_mib=70000, depends_on=[prep]
        )
        self.store.set_waiting_reasons({ft: verdict([prep], [], [], {prep: JobState.QUEUED}).wait})
        self._run(prep, None, at("16:00", y))
        self._end(prep, at("16:04:12", y), 0)
        self._log(prep, "reading 1,204 shards\nwrote /data/llama/tokens.bin\n")
        self._run(ft, 0, at("16:05", y))
        self._end(ft, at("00:35"), 0)
        self._log(ft, "epoch 3/3 step 9000 loss 1.412\nsaved checkpoint /ckpt/llama-70b/final\n")

        build = self._submit(at("20:09", y), name="flash-attn-build", gpus=1, argv=["pip", "install", "."])
        self._run(build, 1, at("20:10", y))
        self._end(build, at("20:12:30", y), -11, "building wheel for flash-attn\n")
        self._log(build, "building wheel for flash-attn\n")

        ev = self._submit(at("09:05"), name="llama-8b-eval", gpus=1, depends_on=[ft])
        self._run(ev, 1, at("09:10"))
        self._end(ev, at("09:52"), 0)
        self._log(ev, "mmlu 0.682\nhellaswag 0.791\ndone\n")

        sd = self._submit(at("09:58"), name="sd-xl-train", gpus=1, max_retries=2)
        oom = (
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.50 GiB. GPU 0 has a total"
            " capacity of 23.55 GiB of which 1.12 GiB is free.\n"
        )
        starts = ("10:00:00", "10:03:40", "10:07:20")
        ends = ("10:03:10", "10:06:50", "10:10:41")
        for k, (s, e) in enumerate(zip(starts, ends, strict=True)):
            if k:
                self._go(at(s))
                assert self.store.requeue_due(at(s)) == [sd]
            self._run(sd, 1, at(s))
            if k < 2:
                self._go(at(e))
                _, reason, code = exit_outcome(1, oom)
                assert self.store.to_retrying(sd, at(e) + RETRY_WAIT_S, reason or "failed", code)
            else:
                self._end(sd, at(e), 1, oom)
        self._log(sd, "step 1 loss 0.1203\n" + oom)

        rn = self._submit(at("10:55"), name="resnet50-bench", gpus=1)
        self._run(rn, 0, at("11:00"))
        self._go(at("11:19:55"))
        self.store.request_cancel(rn)
        self._go(at("11:20"))
        assert self.store.finish(rn, JobState.CANCELLED, CANCELLED_BY_USER, None) is not None
        self._log(rn, "images/s 2890.4\nimages/s 2902.1\n")

        sweep = self._submit(at("11:58"), name="lr-sweep", gpus=1, array="0-3%2")
        plan = (("12:00:00", "12:25:00", 0, ""), ("12:25:05", "12:51:00", 0, ""),
                ("12:51:05", "12:58:00", 1, "ValueError: loss is NaN at step 1200\n"),
                ("12:58:05", "13:24:00", 0, ""))  # fmt: skip
        for k, (s, e, code, tail) in enumerate(plan):
            self._run(sweep + k, 1, at(s))
            self._end(sweep + k, at(e), code, tail)
            self._log(sweep + k, f"lr={[1e-4, 3e-4, 1e-3, 3e-3][k]}\n" + (tail or "final loss 0.88\n"))

        sft = self._submit(at("13:25"), name="mistral-7b-sft", gpus=1, max_retries=1)
        self._run(sft, 0, at("13:30"))
        self.store.set_worker(sft, 4242, None)
        self._log(sft, "step 4100/12000 loss 1.087 lr 2.0e-05\n")

        eval70 = self._submit(at("13:40"), name="llama-70b-eval", gpus=1, depends_on=[sft])
        probe = self._submit(at("14:10"), name="llama-405b-probe", gpus=2, memory_mib=60000)
        self._submit(at("14:30"), name="whisper-finetune", gpus=1, hold=True)
        self._go(NOW)
        self.store.set_waiting_reasons(
            {
                eval70: verdict([sft], [], [], {sft: JobState.RUNNING}).wait,
                probe: f"waiting for 2 GPUs: GPU 0 is held by job {sft}",
            }
        )

    # -- telemetry history -------------------------------------------------------------------------

    def util_mem(self, gpu: int, t: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Utilization and memory of ``gpu`` at each second of ``t`` from the jobs' spans."""
        util = np.zeros(t.shape)
        mem = np.full(t.shape, GPUS[gpu].mem_idle_mib)
        for _, g, start, end, load in self.spans:
            if g == gpu:
                on = (t >= start) & (t < end)
                util[on] = np.round(np.minimum(load.util + wobble(t[on]), 100.0), 1)
                mem[on] = load.mem_mib
        return util, mem

    def _history(self) -> None:
        t = np.arange(NOW - DAY, NOW, 1.0)
        cols = ", ".join(HISTORY_FIELDS)
        marks = ", ".join("?" * (len(HISTORY_FIELDS) + 2))
        for gpu in GPUS:
            values = readings(gpu, t, *self.util_mem(gpu, t))
            table = np.column_stack([values[f] for f in HISTORY_FIELDS]).astype(object)
            table[np.isnan(table.astype(float))] = None
            rows = [(gpu, float(ts), *row) for ts, row in zip(t.tolist(), table.tolist(), strict=True)]
            with self.store.transaction() as conn:
                conn.executemany(f"INSERT INTO telemetry_1s (gpu, t, {cols}) VALUES ({marks})", rows)
        HistoryWriter(self.store, Sampler(FakeBackend("no_gpus")), SchedulerConfig()).roll_up(NOW - DAY, NOW)

    def power_between(self, gpu: int, t0: float, t1: float) -> tuple[float, float]:
        """Joules (sum of the 1 s power rows) and seconds of ``gpu`` in [t0, t1)."""
        sql = "SELECT SUM(power_w), COUNT(*) FROM telemetry_1s WHERE gpu = ? AND t >= ? AND t < ?"
        ((joules, n),) = self.store.query(sql, (gpu, t0, t1))
        return float(joules or 0.0), float(n)

    def _energy(self) -> None:
        """An ``energy`` event per attempt that left its GPU, worded as the daemon's JobEnergy writes it."""
        for job, gpu, start, end, _ in self.spans:
            if end >= NOW:
                continue  # still running: recorded when it leaves the GPU
            joules, seconds = self.power_between(gpu, start, end)
            method = f"NVML energy counter over {seconds:.1f} s of {seconds:.1f} s, edges from measured power"
            data = {"joules": round(joules, 1), "seconds": round(seconds, 2), "method": method}
            data["exclusive"] = True
            self._go(end)
            message = f"energy {data['joules']:.0f} J on GPU {gpu} over {data['seconds']:.1f} s ({EXCLUSIVE})"
            self.store.add_event("energy", job_id=job, gpu=gpu, message=message, data=data)
        self._go(NOW)

    # -- the live GPUs and the chat ------------------------------------------------------------------

    def sampler(self) -> Sampler:
        """Two fake GPUs whose live readings are the history's values at 15:00 (GPU 0 under job 11)."""
        backend = FakeBackend("two_gpus", clock=lambda: NOW)
        t = np.array([NOW - 1.0])  # the last stored second
        for gpu in GPUS:
            util, mem = self.util_mem(gpu, t)
            values = readings(gpu, t, util, mem)
            for key in ("util_gpu", "util_mem", "mem_used_mib", "temperature_c", "power_w", "sm_clock_mhz",
                        "mem_clock_mhz"):  # fmt: skip
                backend.set_value(gpu, key, float(values[key][0]))
        sampler = Sampler(backend)
        sampler.open()
        sampler.poll()
        sampler.poll()  # GPM rates need two readings
        return sampler

    def service(self) -> AssistantService:
        """The chat on this machine as the scorer builds it: bundled model on CPU, gate closed, 15:00."""
        svc = AssistantService(
            self.folder,
            self.store,
            self.sampler(),
            FakeGate(open_=False),
            engine_factory=lambda p, s: Engine(p, "cpu fp32"),
        )
        svc.chat.now = lambda: NOW
        return svc
