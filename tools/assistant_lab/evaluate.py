"""How well the pickers read questions, measured on the dev split of the phrasing grammar, on the CPU.

The dev split (:func:`~assistant_lab.corpus.dev_set`) is worded by templates that never reach the
training text, so it tells how the model picker and the rule picker do on wording they have not seen, and
which way of combining them to ship; the held-out question set in the tests stays out of that choice.
``python -m assistant_lab.evaluate --model FILE --n 400 --mark`` prints the table, writes JSON, and
with ``--mark`` records the scores in the model file and sets ``query_picker=1`` (the chat asks the model
first) only when the model in front does at least as well as the rules alone (:func:`mark`). The model
chooses by constrained decoding (:mod:`assistant.understand.decode`); each strategy that trusts it only when
its margin over the runner-up is large enough is scored over a sweep of margins (choose one on one seed, check
it on another: ``--margin`` then scores and marks that one); ``--free`` adds the model writing freely.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from assistant_lab.corpus import dev_set
from assistant_lab.sampling import FIXED_NOW, Pick
from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.model import ModelPicker, parse_pick
from gpuaccel.assistant.understand.picker import RulePicker
from gpuaccel.assistant.understand.prompt import pick_json, pick_prompt


def same(a: Query | None, b: Query | None) -> bool:
    """Equal queries, time spans compared by what they name (their label), as the picker writes them."""
    if a is None or b is None:
        return a is b
    return pick_json(a) == pick_json(b)


class FreeWriter:
    """The model writing the query freely after the picking prompt, read back by :func:`parse_pick` (how the
    chat picked before constrained decoding), for comparison with it."""

    def __init__(self, engine: Any) -> None:
        from gpuaccel.assistant.engine.runtime import GenParams

        self.engine = engine
        self.params = GenParams(max_tokens=120, temperature=1.0, top_p=0.0, seed=0)

    def pick(self, question: str, context: Context, now: float) -> Query | None:
        prompt = pick_prompt(question, context)
        tok = self.engine.tokenizer
        self.engine.prefill(tok.encode(prompt[: prompt.index("\n\nUser: ")]))  # the shared head, cached
        out = b"".join(tok.token_bytes(t) for t in self.engine.generate(tok.encode(prompt), self.params))
        return parse_pick(out.decode("utf-8", errors="replace"), now)


MARGINS = tuple(x / 4 for x in range(0, 25))  # log-prob gaps tried for the strategies that trust a sure model


def strategies(margin: float) -> dict[str, Callable[[Row], Query | None]]:
    """How the pickers may be combined (a picker with no pick passes on): the model's pick counts first, last,
    or only where its margin over the runner-up is at least ``margin``."""
    out: dict[str, Callable[[Row], Query | None]] = {
        "rules": lambda r: r.rule,
        "model": lambda r: r.model,
        "model, then rules": lambda r: r.model if r.model is not None else r.rule,
        "rules, then model": lambda r: r.rule if r.rule is not None else r.model,
        f"model if margin >= {margin:g}, then rules": lambda r: (
            r.model if r.model is not None and r.margin >= margin else r.rule
        ),
        f"rules, then model if margin >= {margin:g}": lambda r: (
            r.rule if r.rule is not None else r.model if r.margin >= margin else None
        ),
        "free model": lambda r: r.free,
        "free model, then rules": lambda r: r.free if r.free is not None else r.rule,
    }
    return out


@dataclass
class Row:
    """Every picker's answer to one question, and the constrained model's margin."""

    rule: Query | None = None
    model: Query | None = None
    margin: float = 0.0
    free: Query | None = None


def _accuracy(picks: list[Pick], rows: list[Row], choose: Callable[[Row], Query | None]) -> dict[str, Any]:
    correct, misses, wrong = 0, Counter(), []
    for p, r in zip(picks, rows, strict=True):
        got = choose(r)
        if same(got, p.query):
            correct += 1
            continue
        misses[p.query.name if p.query else "none"] += 1
        wrong.append(
            {
                "q": p.question,
                "previous": pick_json(p.context.last) if p.context.last else None,
                "want": pick_json(p.query) if p.query else None,
                "got": pick_json(got) if got else None,
                "margin": round(r.margin, 3),
            }
        )
    return {
        "correct": correct,
        "accuracy": round(correct / max(1, len(picks)), 4),
        "misses_by_query": dict(misses.most_common()),
        "wrong": wrong,
    }


def score(
    picks: list[Pick], pickers: dict[str, Any], margin: float = 1.0, now: float = FIXED_NOW
) -> dict[str, Any]:
    """Each picker's answer to every question once, then the accuracy of every strategy over them.

    ``pickers``: ``rule`` (a :class:`Picker`), optionally ``model`` (a :class:`ModelPicker` on an engine that
    scores: its decisions and margins) and ``free`` (a picker that writes freely)."""
    rule, model, free = pickers["rule"], pickers.get("model"), pickers.get("free")
    rows: list[Row] = []
    seconds: dict[str, list[float]] = {"rule": [], "model": [], "free": []}
    calls = []
    for p in picks:
        row = Row()
        t0 = time.perf_counter()
        row.rule = rule.pick(p.question, p.context, now)
        seconds["rule"].append(time.perf_counter() - t0)
        if model is not None:
            d = model.decide(p.question, p.context, now)
            row.model, row.margin = d.query, d.margin
            seconds["model"].append(d.seconds)
            calls.append(d.calls)
        if free is not None:
            t0 = time.perf_counter()
            row.free = free.pick(p.question, p.context, now)
            seconds["free"].append(time.perf_counter() - t0)
        rows.append(row)
    out: dict[str, Any] = {"questions": len(picks), "seconds_per_question": {}, "strategies": {}}
    for name, secs in seconds.items():
        if secs:
            out["seconds_per_question"][name] = {
                "mean": round(statistics.fmean(secs), 4),
                "median": round(statistics.median(secs), 4),
                "max": round(max(secs), 4),
            }
    if calls:
        out["model_calls_per_question"] = round(statistics.fmean(calls), 2)
    have = {"rule"} | ({"model"} if model else set()) | ({"free"} if free else set())
    for label, choose in strategies(margin).items():
        need = {"free"} if label.startswith("free") else {"model"} if "model" in label else set()
        if need <= have:
            out["strategies"][label] = _accuracy(picks, rows, choose)
    if model is not None:
        out["margin_sweep"] = {
            f"{m:g}": {
                k: _accuracy(picks, rows, f)["accuracy"] for k, f in strategies(m).items() if "margin" in k
            }
            for m in MARGINS
        }
    return out


def shipped(margin: float, first: str = "model") -> str:
    """The strategy the chat runs with ``query_picker=1``: the model (sure by ``margin``), then the rules; or
    with ``pick_first=rules``, the rules, then the model (sure by ``margin``) where they find nothing."""
    if first == "rules":
        return "rules, then model" if margin <= 0 else f"rules, then model if margin >= {margin:g}"
    return "model, then rules" if margin <= 0 else f"model if margin >= {margin:g}, then rules"


def mark(path: Path, result: dict[str, Any], margin: float = 0.0, first: str = "model") -> bool:
    """Write the dev scores into the model's metadata; ``query_picker=1`` only if the model helps there."""
    from gpuaccel.assistant.engine.safetensors_header import read_header, write_metadata

    acc = {k: v["accuracy"] for k, v in result["strategies"].items()}
    helps = acc[shipped(margin, first)] >= acc["rules"]
    meta = read_header(path)[1]
    meta["query_picker"] = "1" if helps else "0"
    meta["pick_margin"] = f"{margin:g}"
    meta["pick_first"] = first
    meta["pick_dev"] = json.dumps({"questions": result["questions"], **acc}, sort_keys=True)
    write_metadata(path, meta)
    return helps


def _versions() -> dict[str, str]:
    """What the seconds were measured with."""
    import platform
    from importlib.metadata import version

    return {"python": platform.python_version(), "torch": version("torch"), "rwkv": version("rwkv")}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", type=Path, help="a model file trained for picking (rules only without it)")
    ap.add_argument("--n", type=int, default=400, help="dev questions")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--margin", type=float, default=0.0, help="log-prob margin the model must be sure by")
    ap.add_argument("--free", action="store_true", help="also score the model writing the query freely")
    ap.add_argument("--threads", type=int, default=1, help="CPU threads (the chat's model worker uses 1)")
    ap.add_argument("--strategy", default="cpu fp32", help='where the model runs ("cuda fp16" on a GPU)')
    ap.add_argument("--out", type=Path)
    ap.add_argument("--mark", action="store_true", help="record the scores and the picker mark in the model")
    ap.add_argument(
        "--first", choices=("model", "rules"), default="model", help="who the marked file asks first"
    )
    args = ap.parse_args(argv)
    if args.margin < 0:
        ap.error(f"--margin must be 0 or more (a log-prob gap), not {args.margin}")
    import torch

    torch.set_num_threads(args.threads)
    pickers: dict[str, Any] = {"rule": RulePicker()}
    if args.model is not None:
        from gpuaccel.assistant.engine.runtime import Engine

        engine = Engine(args.model, args.strategy)
        pickers["model"] = ModelPicker(engine)
        if args.free:
            pickers["free"] = FreeWriter(engine)
    result = score(dev_set(args.n, args.seed), pickers, args.margin)
    result.update(seed=args.seed, threads=args.threads, strategy=args.strategy, versions=_versions())
    if args.model is not None:
        result["model"] = str(args.model)
    for label, s in result["strategies"].items():
        share = f"{s['correct']:4d}/{result['questions']} = {s['accuracy']:.1%}"
        print(f"{label:38s} {share}  {s['misses_by_query']}")
    for m, accs in result.get("margin_sweep", {}).items():
        print(f"margin {m:>5s}: " + "  ".join(f"{k.split(' if')[0]}: {v:.1%}" for k, v in accs.items()))
    print("seconds per question:", result["seconds_per_question"])
    if "model_calls_per_question" in result:
        print("model calls per question:", result["model_calls_per_question"])
    if args.out:
        args.out.write_text(json.dumps(result, indent=1))
    if args.mark and args.model is not None:
        helps = mark(args.model, result, args.margin, args.first)
        asked = "the model first" if args.first == "model" else "the model where the rules find nothing"
        print("query_picker:", f"1 ({asked})" if helps else "0 (rules only)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
