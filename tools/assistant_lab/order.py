"""Choose who picks first, the rules or the model, on people's dev split, and mark the model file.

Why: ``evaluate --mark`` scores the grammar's dev split, whose questions keep the grammar's own shapes; the
rules were written against those shapes, so that split favours them. People word things otherwise. The
sets in :data:`people.DEV_SETS` were written apart from the code, never trained on and never read (rules
fitted to a set's misses would win any order on it). Each order and
margin (:data:`POLICIES`) is scored on them through the blind benchmark's scorer
(benchmarks/assistant_blind.py: the held-out machine, one chat session a conversation), beside the rules
alone. The policy with the most right turns is marked (``pick_first``, ``pick_margin``), and the model picks
at all (``query_picker=1``) only where it beats the rules alone. Every policy's score goes in
``pick_people_dev``.

    PYTHONPATH=src:tools python -m assistant_lab.order --model MODEL --jobs 2 --mark
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path
from types import ModuleType

from assistant_lab.people import DEV_SETS, REPO

MARGINS = (0.0, 1.0, 2.0, 4.0)  # log-prob margins tried (the grammar's split chose 2)


@dataclass(frozen=True)
class Policy:
    """Who picks first (the scorer's ``--pickers``: ``rules`` alone, ``after``: rules first, ``both``: the
    model first) and the margin the model must be sure by."""

    pickers: str
    margin: float = 0.0

    @property
    def label(self) -> str:
        if self.pickers == "rules":
            return "rules alone"
        who = "rules first" if self.pickers == "after" else "model first"
        return f"{who} by {self.margin:g}"


POLICIES = (Policy("rules"), *(Policy(p, m) for p in ("after", "both") for m in MARGINS))


@dataclass(frozen=True)
class Choice:
    """Right turns under each policy on the dev split, and the one they choose."""

    turns: int
    right: dict[Policy, int]

    @property
    def best(self) -> Policy:
        """The most right turns; on a tie the rules first (people can read their answers back in
        docs/assistant.md), then the wider margin (the model overrides less)."""
        return max(self.right, key=lambda p: (self.right[p], p.pickers != "both", p.margin))

    @property
    def helps(self) -> bool:
        """Whether the model picking at all beats the rules alone."""
        return self.best.pickers != "rules"

    def meta(self, sets: list[str]) -> dict[str, str]:
        best = self.best
        scores = {p.label: n for p, n in self.right.items()}
        out = {
            "query_picker": "1" if self.helps else "0",
            "pick_people_dev": json.dumps({"sets": sets, "turns": self.turns, **scores}, sort_keys=True),
        }
        if self.helps:
            out["pick_first"] = "rules" if best.pickers == "after" else "model"
            out["pick_margin"] = f"{best.margin:g}"
        return out


def _scorer() -> ModuleType:
    """benchmarks/assistant_blind.py (a script, not a package: its folder put on the path once)."""
    folder = str(REPO / "benchmarks")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    import assistant_blind

    return assistant_blind


def _score(job: tuple[str, Policy, Path]) -> tuple[str, Policy, int, int]:
    """One set under one policy on a fresh machine (a worker process loads the model once)."""
    name, policy, model = job
    blind = _scorer()
    result = blind.score(name, blind.Picking(policy.pickers, model, "cpu fp32", policy.margin))
    return name, policy, result["correct"], result["total"]


def candidates(first: str = "any") -> list[Policy]:
    """The policies that may be chosen: every one, or those asking ``first`` ("rules" or "model") first,
    and the rules alone."""
    allowed = {"any": ("rules", "after", "both"), "rules": ("rules", "after"), "model": ("rules", "both")}
    return [p for p in POLICIES if p.pickers in allowed[first]]


def measure(model: Path, sets: list[str], jobs: int = 1, first: str = "any") -> Choice:
    """Every policy over ``sets`` (the blind scorer's short names: "im", ...), each on a fresh machine;
    ``first``: "rules" or "model" keeps to the orders that ask that picker first (and the rules alone)."""
    policies = candidates(first)
    right = dict.fromkeys(policies, 0)
    totals: dict[str, int] = {}
    work = [(name, policy, model) for name in sets for policy in policies]
    with ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn")) as pool:
        for name, policy, correct, total in pool.map(_score, work):
            right[policy] += correct
            totals[name] = total
            print(f"{name} {policy.label}: {correct}/{total}", flush=True)
    return Choice(sum(totals.values()), right)


def short_name(set_file: str) -> str:
    return set_file.removeprefix("assistant_heldout_").removesuffix(".json")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", type=Path, required=True, help="a picking model file")
    ap.add_argument("--jobs", type=int, default=1, help="sets scored side by side (one process each)")
    ap.add_argument("--mark", action="store_true", help="write the chosen order into the model file")
    ap.add_argument(
        "--first",
        choices=("any", "rules", "model"),
        default="any",
        help="the orders that may be chosen (the bundled file: rules, which the hand-written tests need)",
    )
    args = ap.parse_args(argv)
    sets = [short_name(s) for s in DEV_SETS]
    choice = measure(args.model, sets, args.jobs, args.first)
    for policy, n in sorted(choice.right.items(), key=lambda kv: -kv[1]):
        print(f"{n:5d} / {choice.turns}  {policy.label}")
    print(f"chosen: {choice.best.label}")
    if args.mark:
        from gpuaccel.assistant.engine.safetensors_header import read_header, write_metadata

        meta = read_header(args.model)[1]
        meta.update(choice.meta(sets))
        write_metadata(args.model, meta)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
