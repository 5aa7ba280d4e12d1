"""Score blind question sets through the chat on the richer held-out machine, and keep every miss.

Why a benchmark and not a test: sets g to p were written blind (tests/unit/assistant_heldout_g.json to
..._p.json) and are scored first on the code as it stands, well under the held-out bar; this prints each
set's score and writes every miss (question, expected, the answer given) so that general causes can be
found. The scoring is the held-out scorer's own (tests/unit/test_assistant_questions.py: ``ask``,
``_matches``, ``invented``), on tests/heldout_machine.py's machine (two fake GPUs, a day of history,
14 queue jobs, 15:00 today), each set on a fresh copy, each conversation in one chat session.

    PYTHONPATH=src .venv/bin/python benchmarks/assistant_blind.py            # every set
    PYTHONPATH=src .venv/bin/python benchmarks/assistant_blind.py --sets g   # one set
    ... --sets k l --pickers both --quiet   # the model where sure, then the rules; scores only
    ... --sets k l --headroom               # rules and model alone turn by turn: the best any policy gets

``--pickers`` overrides who picks (``rules``; ``model`` alone; ``both``: the model where it is sure by the
file's ``pick_margin`` or ``--margin``, then the rules; ``after``: the rules, then the model where they find
nothing and it is that sure; ``opening``: ``both`` on a conversation's opening question, ``after`` on its
follow-ups; default: as the model file says); ``--model FILE`` and ``--strategy`` score
another model file (on a GPU: ``--strategy "cuda fp16"``); ``--quiet`` prints and writes the scores only, no
question and no miss (for sets kept unseen by whoever tunes the picker). Every
``tests/unit/assistant_heldout_<letter>.json`` from g on is a set.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "unit")]

from heldout_machine import build_machine  # noqa: E402
from test_assistant_questions import _matches, ask, invented, turn_right  # noqa: E402

from gpuaccel.assistant.engine.runtime import Engine  # noqa: E402
from gpuaccel.assistant.engine.safetensors_header import read_header  # noqa: E402
from gpuaccel.assistant.queries.query import Query  # noqa: E402
from gpuaccel.assistant.understand.context import Context  # noqa: E402
from gpuaccel.assistant.understand.model import ModelPicker  # noqa: E402
from gpuaccel.assistant.understand.picker import RulePicker  # noqa: E402

SETS = {
    path.stem.removeprefix("assistant_heldout_"): path.name
    for path in sorted((ROOT / "tests" / "unit").glob("assistant_heldout_*.json"))
    if re.fullmatch(r"[g-z]|[a-z]{2}", path.stem.removeprefix("assistant_heldout_"))  # g-z, then aa, ab, ...
}
PICKERS = ("rules", "model", "both", "after", "opening")


@dataclass
class Picking:
    """Who picks (:data:`PICKERS`; None: as the model file says), with which model file, strategy, margin."""

    pickers: str | None = None
    model: Path | None = None  # None: the service's (the bundled model)
    strategy: str = "cpu fp32"
    margin: float | None = None  # None: the file's pick_margin


class OpeningOnly:
    """The model's pick on a conversation's opening question only (nothing asked before it): a policy
    measured beside the others, since the model errs most on hand-written follow-ups and corrections."""

    name = "model"

    def __init__(self, model: ModelPicker) -> None:
        self.model = model

    def pick(self, question: str, context: Context, now: float) -> Query | None:
        opening = context.last is None and not context.asked
        return self.model.pick(question, context, now) if opening else None


_ENGINES: dict[tuple[Path, str], Engine] = {}  # one loaded model per file and strategy, for every set


def set_pickers(svc: Any, how: Picking) -> None:
    """Who picks, whatever the model file's ``query_picker`` says (None: leave the service's choice)."""
    if how.pickers is None:
        return
    path = how.model or svc.model_path()
    margin = how.margin
    if margin is None:
        margin = float(read_header(path)[1].get("pick_margin", "0"))
    key = (path, how.strategy)
    if key not in _ENGINES:  # in this process: the machine's service has no model worker
        _ENGINES[key] = Engine(path, how.strategy)
    model = ModelPicker(_ENGINES[key], min_margin=0.0 if how.pickers == "model" else margin)
    svc.chat.pickers = {
        "rules": (RulePicker(),),
        "model": (model,),
        "both": (model, RulePicker()),
        "after": (RulePicker(), model),
        "opening": (OpeningOnly(model), RulePicker(), model),
    }[how.pickers]


def score(set_name: str, how: Picking | None = None) -> dict[str, Any]:
    """One set through a fresh chat on a fresh copy of the machine: score, misses, invented numbers."""
    data = json.loads((ROOT / "tests" / "unit" / SETS[set_name]).read_text())
    with tempfile.TemporaryDirectory(prefix="gpuaccel-blind-") as folder:
        machine = build_machine(Path(folder))
        svc = machine.service()
        set_pickers(svc, how or Picking())
        try:
            total, correct, misses, made_up, answer_ms, right = 0, 0, [], [], [], []
            t0 = time.perf_counter()
            for conversation in data["conversations"]:
                sid = None
                for turn in conversation:
                    asked = time.perf_counter()
                    sid, text, query = ask(svc, turn["q"], sid)
                    answer_ms.append(((time.perf_counter() - asked) * 1000, turn["q"]))
                    total += 1
                    query_ok = _matches(turn["query"], query)
                    said = [s for s in turn["says"] if s.lower() not in text.lower()]  # what the miss lacked
                    right.append(turn_right(turn, query, text))
                    if right[-1]:
                        correct += 1
                    else:
                        misses.append(
                            {"q": turn["q"], "expected_query": turn["query"], "expected_says": turn["says"],
                             "got_query": query, "got_text": text, "query_ok": query_ok, "missing": said}
                        )  # fmt: skip
                    numbers = invented(svc, sid, text, query is None)
                    made_up += [{"q": turn["q"], "number": n, "text": text} for n in numbers]
            seconds = time.perf_counter() - t0
        finally:
            svc.stop()
            svc.store.close()
    return {
        "set": SETS[set_name], "correct": correct, "total": total, "score": round(correct / total, 4),
        "invented_numbers": len(made_up), "invented": made_up, "misses": misses, "seconds": round(seconds, 1),
        "answer_ms": latency(answer_ms), "right": right,
    }  # fmt: skip


def headroom(name: str, how: Picking) -> dict[str, Any]:
    """The rules and the model alone on one set, turn by turn: how many turns each gets right that the
    other misses, so what any policy choosing between them could reach at best (the rules plus the
    turns only the model gets right)."""
    rules = score(name, Picking("rules", how.model, how.strategy, how.margin))["right"]
    model = score(name, Picking("model", how.model, how.strategy, how.margin))["right"]
    pairs = list(zip(rules, model, strict=True))
    counts = {
        "both": sum(r and m for r, m in pairs), "rules_only": sum(r and not m for r, m in pairs),
        "model_only": sum(m and not r for r, m in pairs), "neither": sum(not (r or m) for r, m in pairs),
    }  # fmt: skip
    return {
        "set": SETS[name], "total": len(pairs), **counts, "rules": sum(rules), "model": sum(model),
        "best_policy": sum(rules) + counts["model_only"],
    }  # fmt: skip


def latency(samples: list[tuple[float, str]]) -> dict[str, Any]:
    """Daemon-side time per question (the chat service's whole answer: picking, the query, the stored
    turn; no HTTP, no CLI start-up), in ms: median, p95 (nearest rank), max and the five slowest."""
    ms = sorted(m for m, _ in samples)
    p95 = ms[min(len(ms) - 1, math.ceil(0.95 * len(ms)) - 1)]
    slowest = sorted(samples, reverse=True)[:5]
    return {
        "median": round(statistics.median(ms), 1), "p95": round(p95, 1), "max": round(ms[-1], 1),
        "slowest": [{"q": q, "ms": round(m, 1)} for m, q in slowest],
        "measured": "time.perf_counter around AssistantService.chat.ask, in-process, on this machine",
    }  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sets", nargs="+", choices=sorted(SETS), default=sorted(SETS))
    p.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results", help="folder for the JSON")
    p.add_argument("--pickers", choices=PICKERS, help="who picks (default: the model file)")
    p.add_argument("--model", type=Path, help="score this model file (default: the bundled one)")
    p.add_argument("--strategy", default="cpu fp32", help='where the model runs ("cuda fp16" on a GPU)')
    p.add_argument("--margin", type=float, help="the margin the model must be sure by (default: the file's)")
    p.add_argument("--quiet", action="store_true", help="scores only: no question or miss printed or written")
    p.add_argument(
        "--headroom", action="store_true", help="rules vs model alone per turn: what any policy could reach"
    )
    p.add_argument("--note", default="", help="written into the JSON: which code was scored, and why")
    args = p.parse_args(argv)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    how = Picking(args.pickers, args.model, args.strategy, args.margin)
    model_tag = f"_{args.model.stem}" if args.model else ""  # two model files scored side by side
    if args.headroom:
        rows = [headroom(name, how) for name in args.sets]
        keys = ("total", "rules", "model", "both", "rules_only", "model_only", "neither", "best_policy")
        print("set " + " ".join(keys))
        for r in rows:
            print(r["set"], " ".join(str(r[k]) for k in keys))
        sums = {k: sum(r[k] for r in rows) for k in keys}
        print("all", " ".join(str(sums[k]) for k in keys))
        args.out.mkdir(parents=True, exist_ok=True)
        path = _unused(args.out / f"assistant_headroom{model_tag}_{stamp}.json")
        meta = {"when": stamp, "python": platform.python_version(), "model": str(args.model or "bundled")}
        meta["note"] = args.note
        path.write_text(json.dumps({**meta, "sets": rows, "all": sums}, indent=1) + "\n")
        print(f"  written: {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
        return 0
    for name in args.sets:
        r = score(name, how)
        r |= {"when": stamp, "python": platform.python_version(), "machine": "tests/heldout_machine.py"}
        r["pickers"] = args.pickers or "as the model file says"
        r["model"] = str(args.model or "bundled")
        r["strategy"], r["margin"] = args.strategy, args.margin
        r.pop("right")
        if args.quiet:
            r = {k: v for k, v in r.items() if k not in ("invented", "misses")}
            r["answer_ms"] = {k: v for k, v in r["answer_ms"].items() if k != "slowest"}
        print(
            f"{r['set']}: {r['correct']}/{r['total']} correct ({r['score']:.1%}), "
            f"{r['invented_numbers']} invented numbers, {r['seconds']} s; answer ms median "
            f"{r['answer_ms']['median']}, p95 {r['answer_ms']['p95']}, max {r['answer_ms']['max']}"
        )
        for m in r.get("misses", []):
            print(f"  miss: {m['q']!r} -> {m['got_query']} {m['got_text'][:160]!r}")
        args.out.mkdir(parents=True, exist_ok=True)
        tag = f"_{args.pickers}" if args.pickers else ""
        tag += f"_m{args.margin:g}" if args.margin is not None else ""
        path = _unused(args.out / f"assistant_blind_{name}{tag}{model_tag}_{stamp}.json")
        path.write_text(json.dumps(r, indent=1, ensure_ascii=False) + "\n")
        print(f"  written: {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    return 0


def _unused(path: Path) -> Path:
    """``path``, or with -2, -3 ... before its suffix where a run started in the same second wrote it."""
    base, n = path, 1
    while path.exists():
        n += 1
        path = base.with_name(f"{base.stem}-{n}{base.suffix}")
    return path


if __name__ == "__main__":
    sys.exit(main())
