"""How well the pickers read questions, measured on the dev split of the phrasing grammar, on the CPU.

The dev split (:func:`~assistant.intent_corpus.dev_set`) is worded by templates that never reach the
training text, so it tells how the model picker and the rule picker do on wording they have not seen, and
which way of combining them to ship; the held-out question set in the tests stays out of that choice.
``python -m gpuaccel.assistant.pick_eval --model FILE --n 400 --mark`` prints the table, writes JSON, and
with ``--mark`` records the scores in the model file and sets ``query_picker=1`` (the chat asks the model
first) only when the model in front does at least as well as the rules alone (:func:`mark`).
"""

from __future__ import annotations

import argparse
import json
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

from gpuaccel.assistant.intent import Picker, RulePicker
from gpuaccel.assistant.intent_corpus import FIXED_NOW, Pick, dev_set
from gpuaccel.assistant.model_picker import ModelPicker, pick_json
from gpuaccel.assistant.queries import Query


def same(a: Query | None, b: Query | None) -> bool:
    """Equal queries, time spans compared by what they name (their label), as the picker writes them."""
    if a is None or b is None:
        return a is b
    return pick_json(a) == pick_json(b)


class LocalModel:
    """A model file in this process on the CPU, with the controller's interface the model picker uses."""

    def __init__(self, path: Path) -> None:
        from gpuaccel.assistant.runtime import Engine

        self.engine = Engine(path, "cpu fp32")

    def tokenizer(self) -> Any:
        return self.engine.tokenizer

    def generate(self, tokens: list[int], params: Any, stop: threading.Event) -> Any:
        return self.engine.generate(tokens, params)


# How the two pickers may be combined: which one's pick counts first (a picker with no pick passes on).
STRATEGIES = {
    "rules": ("rule",),
    "model": ("model",),
    "model, then rules": ("model", "rule"),
    "rules, then model": ("rule", "model"),
}


def score(picks: list[Pick], pickers: dict[str, Picker], now: float = FIXED_NOW) -> dict[str, Any]:
    """Each picker's answer to every question once, then the accuracy of every strategy over them."""
    answers: dict[str, list[Query | None]] = {name: [] for name in pickers}
    seconds: dict[str, float] = dict.fromkeys(pickers, 0.0)
    for p in picks:
        for name, picker in pickers.items():
            t0 = time.perf_counter()
            answers[name].append(picker.pick(p.question, p.context, now))
            seconds[name] += time.perf_counter() - t0
    out: dict[str, Any] = {"questions": len(picks), "seconds_per_question": {}, "strategies": {}}
    for name in pickers:
        out["seconds_per_question"][name] = round(seconds[name] / max(1, len(picks)), 4)
    for label, order in STRATEGIES.items():
        if not set(order) <= set(pickers):
            continue
        correct, misses = 0, Counter()
        wrong = []
        for i, p in enumerate(picks):
            got = next((answers[n][i] for n in order if answers[n][i] is not None), None)
            if same(got, p.query):
                correct += 1
            else:
                misses[p.query.name if p.query else "none"] += 1
                wrong.append(
                    {
                        "q": p.question,
                        "previous": pick_json(p.context.last) if p.context.last else None,
                        "want": pick_json(p.query) if p.query else None,
                        "got": pick_json(got) if got else None,
                    }
                )
        out["strategies"][label] = {
            "correct": correct,
            "accuracy": round(correct / max(1, len(picks)), 4),
            "misses_by_query": dict(misses.most_common()),
            "wrong": wrong,
        }
    return out


def mark(path: Path, result: dict[str, Any]) -> bool:
    """Write the dev scores into the model's metadata; ``query_picker=1`` only if the model helps there."""
    from gpuaccel.assistant.safetensors_header import read_header, write_metadata

    acc = {k: v["accuracy"] for k, v in result["strategies"].items()}
    helps = acc["model, then rules"] >= acc["rules"]
    meta = read_header(path)[1]
    meta["query_picker"] = "1" if helps else "0"
    meta["pick_dev"] = json.dumps({"questions": result["questions"], **acc}, sort_keys=True)
    write_metadata(path, meta)
    return helps


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", type=Path, help="a model file trained for picking (rules only without it)")
    ap.add_argument("--n", type=int, default=400, help="dev questions")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--mark", action="store_true", help="record the scores and the picker mark in the model")
    args = ap.parse_args(argv)
    pickers: dict[str, Picker] = {"rule": RulePicker()}
    if args.model is not None:
        pickers["model"] = ModelPicker(LocalModel(args.model))
    result = score(dev_set(args.n, args.seed), pickers)
    for label, s in result["strategies"].items():
        share = f"{s['correct']:4d}/{result['questions']} = {s['accuracy']:.1%}"
        print(f"{label:20s} {share}  {s['misses_by_query']}")
    print("seconds per question:", result["seconds_per_question"])
    if args.out:
        args.out.write_text(json.dumps(result, indent=1))
    if args.mark and args.model is not None:
        print(
            "query_picker:", "1 (the model is asked first)" if mark(args.model, result) else "0 (rules only)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
