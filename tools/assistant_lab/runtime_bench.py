"""Measure the assistant's runtime on a GPU machine: load time, prefill and decode tokens/s, peak memory,
and the time from a job claim (the gate closing) until the model's GPU memory is back with the driver.

Models: the bundled tiny model and random-weight models of the released 0.1B (12 x 768) and 0.4B
(24 x 1024) shapes, built with the project's trainer code, on the engine's default paths (Triton WKV-7
prefill, CUDA-graph decode), and the 0.1B once more on rwkv's own forward for comparison. Also a typical
answer (a cold 400-token prompt, 100 sampled tokens) and the claim-to-free time for each model. Prints one
JSON object per measurement and a table. ``python3 -m assistant_lab.runtime_bench --out results.json``
(needs CUDA). ``--cpu`` measures what a machine without a free GPU gets, on one thread as the chat's CPU
worker runs: chat answers as users get them (question -> query -> sentence, and with the model's checked
prose after it), and the engine's speeds and a typical answer for the bundled model and the 0.1B shape.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import threading
import time
from pathlib import Path
from typing import Any

SHAPES = {
    "random-0.1b": {"n_embd": 768, "n_layer": 12, "d_decay": 64, "d_aaa": 64, "d_mv": 32, "d_gate": 128},
    "random-0.4b": {"n_embd": 1024, "n_layer": 24, "d_decay": 64, "d_aaa": 64, "d_mv": 32, "d_gate": 128},
}


TYPICAL_PROMPT = 400  # tokens: the RWKV chat prompt with a result block and a question
TYPICAL_ANSWER = 100  # tokens: a few sentences of prose after the result's own sentence
CUDA = True  # --cpu-smoke turns this off to check the script itself on a machine without a GPU


def _sync() -> None:
    import torch

    if CUDA:
        torch.cuda.synchronize()


def _free_bytes() -> int:
    import torch

    return torch.cuda.mem_get_info()[0] if CUDA else 0


def make_random(name: str, out_dir: Path) -> Path:
    import torch
    from safetensors.torch import save_file

    from assistant_lab.tiny.io import export_state
    from assistant_lab.tiny.train import TinyConfig, TinyRWKV7

    path = out_dir / f"{name}.safetensors"
    torch.manual_seed(0)
    with torch.device("cuda" if CUDA else "cpu"):
        model = TinyRWKV7(TinyConfig(vocab_size=65536, **SHAPES[name]))
    save_file(export_state(model, torch.float16), str(path))
    del model
    return path


def _median_s(fn: Any, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        _sync()
        t0 = time.perf_counter()
        fn()
        _sync()
        times.append(time.perf_counter() - t0)
    return sorted(times)[len(times) // 2]


def bench_engine(
    path: Path,
    strategy: str,
    prefill: int = 512,
    decode: int = 128,
    fast: bool = True,
    answer: tuple[int, int] = (TYPICAL_PROMPT, TYPICAL_ANSWER),
) -> dict[str, Any]:
    """Load, prefill and decode speed of one engine; ``fast=False`` is rwkv's own forward, for comparison."""
    import torch

    from gpuaccel.assistant.engine.runtime import Engine, GenParams, sample

    if CUDA:
        torch.cuda.reset_peak_memory_stats()
    t0 = time.perf_counter()
    engine = Engine(path, strategy, fast=fast)
    load_s = time.perf_counter() - t0
    vocab = engine.tokenizer.vocab_size
    tokens = torch.randint(1, vocab, (prefill,), generator=torch.Generator().manual_seed(0)).tolist()
    engine.forward(tokens[:32], None)  # warm-up (TorchScript specializes on first calls)
    _, st = engine.forward([1], None)
    for _ in range(4):
        _, st = engine.forward([2], st)
    prefill_s = _median_s(lambda: engine.forward(tokens, None))
    logits, state = engine.forward(tokens, None)
    t0 = time.perf_counter()
    tok = int(torch.argmax(logits))
    for _ in range(decode):
        logits, state = engine.forward([tok], state)
        tok = int(torch.argmax(logits))  # includes the sampling sync a real decode pays
    decode_s = time.perf_counter() - t0
    params, gen = GenParams(temperature=1.0, top_p=0.5), torch.Generator().manual_seed(0)
    t0 = time.perf_counter()
    for _ in range(decode):  # the chat's own sampler (top-p on the CPU), as an answer pays it
        logits, state = engine.forward([sample(logits, params, gen)], state)
    sampled_s = time.perf_counter() - t0
    out = {
        "model": path.stem, "strategy": strategy, "layers": engine.n_layer, "load_s": round(load_s, 2),
        "runtime": engine.runtime, "prefill_tokens": prefill, "prefill_tok_s": round(prefill / prefill_s, 1),
        "decode_tokens": decode, "decode_tok_s": round(decode / decode_s, 1),
        "decode_sampled_tok_s": round(decode / sampled_s, 1), **typical_answer(engine, *answer),
        "peak_mib": round(torch.cuda.max_memory_allocated() / 2**20, 1) if CUDA else None,
    }  # fmt: skip
    engine.close()
    return out


def typical_answer(engine: Any, prompt: int = TYPICAL_PROMPT, answer: int = TYPICAL_ANSWER) -> dict[str, Any]:
    """One chat answer from a cold prompt: prefill, then sampled tokens with the chat's settings."""
    import torch

    from gpuaccel.assistant.engine.runtime import GenParams

    vocab = engine.tokenizer.vocab_size
    tokens = torch.randint(1, vocab, (prompt,), generator=torch.Generator().manual_seed(7)).tolist()
    params = GenParams(max_tokens=answer, temperature=1.0, top_p=0.5, seed=0, stop=b"")
    t0 = time.perf_counter()
    first, n = None, 0
    for _ in engine.generate(tokens, params):
        first = first if first is not None else time.perf_counter() - t0
        n += 1
    total = time.perf_counter() - t0
    return {
        "answer_prompt_tokens": prompt, "answer_tokens": n, "answer_first_token_s": round(first or 0.0, 3),
        "answer_s": round(total, 3),
    }  # fmt: skip


class _Gate:
    def __init__(self) -> None:
        self.open, self.subs = True, []

    def is_gate_open(self) -> bool:
        return self.open

    def subscribe(self, cb: Any) -> Any:
        self.subs.append(cb)
        return lambda: self.subs.remove(cb)

    def exempt_pid(self, pid: int, exempt: bool = True) -> None:
        pass  # no idle detector in the benchmark: nothing watches our process

    def set_own_activity(self, active: bool) -> None:
        pass

    def close(self) -> None:
        from types import SimpleNamespace

        self.open = False
        for cb in self.subs:
            cb(SimpleNamespace(kind="gate", idle=False, reason="job claimed (bench)"))


def claim_to_free(path: Path) -> dict[str, Any]:
    """Worker on cuda fp16 generating; close the gate; time until its process is gone and memory is back."""
    from gpuaccel.assistant.engine.gate import GateController, GateSettings
    from gpuaccel.assistant.engine.runtime import GenParams
    from gpuaccel.assistant.engine.worker import WorkerEngine

    free0 = _free_bytes()
    gate = _Gate()

    def cpu_labelled(p: Path, strategy: str) -> WorkerEngine:  # smoke mode: a CPU worker posing as GPU
        engine = WorkerEngine(p, "cpu fp32")
        engine.strategy = strategy
        return engine

    closing: list[Any] = []

    def factory(p: Path, strategy: str) -> WorkerEngine:
        closing[:] = [WorkerEngine(p, strategy) if CUDA else cpu_labelled(p, strategy)]
        return closing[0]

    ctl = GateController(gate, path, factory, GateSettings(on_close="wait"))
    stop, seen, loaded_free = threading.Event(), [], []

    def run() -> None:
        for _tok in ctl.generate([1] * 16, GenParams(max_tokens=100_000, stop=b""), stop):
            seen.append(time.perf_counter())
            if len(seen) == 1:
                loaded_free.append(_free_bytes())

    t = threading.Thread(target=run)
    t.start()
    while len(seen) < 20:
        time.sleep(0.005)
    t_claim = time.perf_counter()
    n_at_claim = len(seen)
    gate.close()
    while not any(s["event"] == "release" for s in ctl.switches):
        time.sleep(0.001)
    t_free = time.perf_counter()
    free1 = _free_bytes()
    stop.set()
    ctl.interrupt()
    t.join()
    ctl.close()
    detail = getattr(closing[0], "close_detail", {}) if closing else {}
    release = next(s for s in ctl.switches if s["event"] == "release")
    return {
        "model": path.stem, "tokens_after_claim": len([x for x in seen if x > t_claim]),
        "tokens_before_claim": n_at_claim, "claim_to_free_s": round(t_free - t_claim, 3),
        "worker_close_s": release.get("close_s"), **{f"worker_{k}": v for k, v in detail.items()},
        "gpu_mib_used_by_worker": round((free0 - loaded_free[0]) / 2**20),
        "gpu_mib_still_used_after_free": round((free0 - free1) / 2**20),
    }  # fmt: skip


CHAT_QUESTIONS = (
    "which gpu is the hottest?", "and gpu 1?", "any failed jobs?", "why?", "what is using gpu memory?",
    "summarize today", "what's running and what's queued?", "how hot is gpu 0, and why did job 3 fail?",
    "what is the capital of france?", "how much power are the gpus drawing?",
)  # fmt: skip


def chat_answers(tmp: Path, prose: bool) -> dict[str, Any]:
    """Seconds from question to the answer's last token through the chat, on a two-GPU simulated machine."""
    import tempfile

    from gpuaccel.accel.telemetry.fake import FakeBackend
    from gpuaccel.accel.telemetry.sampler import Sampler
    from gpuaccel.assistant.engine.runtime import GenParams
    from gpuaccel.assistant.service import AssistantService
    from gpuaccel.scheduler.lifecycle.validation import validate_request
    from gpuaccel.scheduler.store.queue import Store

    with tempfile.TemporaryDirectory(dir=tmp) as d:
        store = Store(Path(d) / "gpuaccel.db")
        for name in ("train-a", "bench-b", "oom-c", "queued-d"):
            job = store.insert(validate_request({"kind": "command", "argv": ["true"], "name": name}))
            if name != "queued-d":
                store.claim(job.id, "bench", 30.0, [0])
        store.finish(1, "succeeded", None, 0)
        store.finish(3, "failed", "CUDA out of memory while allocating 2.00 GiB", 1)
        sampler = Sampler(FakeBackend("two_gpus"))
        sampler.open()
        sampler.poll()
        gate = _Gate()
        gate.open = False  # a job holds the GPUs: the model, where it runs at all, runs on the CPU
        svc = AssistantService(Path(d), store, sampler, gate)
        svc.chat.prose = prose
        svc.chat.params = GenParams(max_tokens=60, temperature=1.0, top_p=0.5, seed=0)
        times, sid = [], None
        try:
            for q in CHAT_QUESTIONS:
                t0 = time.perf_counter()
                events = list(svc.chat.ask(q, sid))
                times.append(time.perf_counter() - t0)
                sid = events[0]["data"]["conversation_id"]
        finally:
            svc.stop()
            store.close()
    rest = sorted(times[1:])  # the first answer also starts the model (prose) or opens the facts
    return {
        "chat": "prose" if prose else "sentence", "questions": len(times),
        "first_answer_s": round(times[0], 3),
        "answer_s_median": round(rest[len(rest) // 2], 3), "answer_s_max": round(rest[-1], 3),
        "answer_s": [round(t, 3) for t in times],
    }  # fmt: skip


def cpu_main(out: Path, tmp: Path) -> int:
    """``--cpu``: one thread, as the chat's CPU worker; see the module docstring."""
    import torch

    from gpuaccel.assistant.engine.runtime import BUNDLED_MODEL

    global CUDA
    CUDA = False
    torch.set_num_threads(1)
    tmp.mkdir(parents=True, exist_ok=True)
    results: list[dict[str, Any]] = [{"env": environment()}]
    results += [chat_answers(tmp, prose=False), chat_answers(tmp, prose=True)]
    for path in (BUNDLED_MODEL, make_random("random-0.1b", tmp)):
        results.append(bench_engine(path, "cpu fp32", prefill=128, decode=32))
    results[0]["env"]["load_average_1min_end"] = round(os.getloadavg()[0], 2)  # others' load spoils it
    out.write_text(json.dumps(results, indent=1))
    for r in results[1:3]:
        print(
            f"chat ({r['chat']}): first answer {r['first_answer_s']} s, then median {r['answer_s_median']} s,"
            f" max {r['answer_s_max']} s"
        )
    print(f"{'model':<14}{'prefill/s':>10}{'decode/s':>10}{'answer s':>10}{'first tok s':>12}")
    for r in results[3:]:
        print(
            f"{r['model']:<14}{r['prefill_tok_s']:>10}{r['decode_tok_s']:>10}{r['answer_s']:>10}"
            f"{r['answer_first_token_s']:>12}"
        )
    return 0


def environment() -> dict[str, Any]:
    import importlib.metadata as md
    import platform

    import torch

    cpu = platform.processor() or None
    with contextlib.suppress(OSError):
        lines = Path("/proc/cpuinfo").read_text().splitlines()
        names = [ln.split(":", 1)[1].strip() for ln in lines if ln.startswith("model name")]
        cpu = names[0] if names else cpu
    env = {"torch": torch.__version__, "cuda": torch.version.cuda, "cpu": cpu}
    env["cpu_count"], env["load_average_1min"] = os.cpu_count(), round(os.getloadavg()[0], 2)
    for pkg in ("triton", "rwkv"):
        try:
            env[pkg] = md.version(pkg)
        except md.PackageNotFoundError:
            env[pkg] = None
    if CUDA:
        env["device"] = torch.cuda.get_device_name()
    return env


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--tmp", type=Path, default=Path("/tmp/gpuaccel-bench"))
    ap.add_argument("--cpu-smoke", action="store_true", help="check the script on CPU (numbers meaningless)")
    ap.add_argument("--cpu", action="store_true", help="chat answers and the engine on one CPU thread")
    args = ap.parse_args(argv)
    if args.cpu:
        return cpu_main(args.out, args.tmp)
    global CUDA
    CUDA = not args.cpu_smoke
    strategy = "cuda fp16" if CUDA else "cpu fp32"
    sizes = {"prefill": 512, "decode": 128} if CUDA else {"prefill": 8, "decode": 4, "answer": (8, 4)}
    from gpuaccel.assistant.engine.runtime import BUNDLED_MODEL

    args.tmp.mkdir(parents=True, exist_ok=True)
    results: list[dict[str, Any]] = [{"env": environment()}]
    print(json.dumps(results[0]), flush=True)
    paths = [BUNDLED_MODEL] + [make_random(n, args.tmp) for n in (SHAPES if CUDA else ["random-0.1b"])]
    runs = [(p, True) for p in paths] + [(args.tmp / "random-0.1b.safetensors", False)]
    for path, fast in runs:  # the last: rwkv's own forward at 0.1B, the numbers before this runtime
        results.append(bench_engine(path, strategy, fast=fast, **sizes))  # type: ignore[arg-type]
        print(json.dumps(results[-1]), flush=True)
    for path in paths:
        for _ in range(3 if CUDA else 1):
            results.append(claim_to_free(path))
            print(json.dumps(results[-1]), flush=True)
    args.out.write_text(json.dumps(results, indent=1))
    print(f"{'model':<14}{'wkv':>10}{'prefill/s':>10}{'decode/s':>10}{'answer s':>10}  decode path")
    for r in results:
        if "prefill_tok_s" in r:
            rt = r["runtime"]
            print(
                f"{r['model']:<14}{rt['prefill']:>10}{r['prefill_tok_s']:>10}{r['decode_tok_s']:>10}"
                f"{r['answer_s']:>10}  {rt['decode']} / sampled {r['decode_sampled_tok_s']} tok/s"
            )
        elif "claim_to_free_s" in r:
            print(f"{r['model']:<14} claim -> GPU memory freed {r['claim_to_free_s']} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
