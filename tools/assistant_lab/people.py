"""Picking documents from the question sets people wrote, labelled by the rule picker where it answered right.

Why: the grammar's questions keep the grammar's shapes, and people word things otherwise ("sacct for
yesterday", "nvitop style overview pls"); the model alone picks far worse on their sets than on the grammar's
dev split. The rules, tuned on these sets, answer nearly all of them. Each turn the rules answer right (the
scorer's own check: the expected query fields and every expected string) becomes a picking document with
the prompt the model would have read at that turn (the machine's GPUs and jobs, the previous query, the
jobs and GPUs it named) and the rules' query as the pick. A turn the chat answers before any picker (a
request to act, a question about the assistant) gives no document: the model is never asked those.

Only the sets in :data:`TRAIN_SETS` become training text. :data:`DEV_SETS` are kept apart to choose how the
model and the rules share the picking (a margin, an order) on people's wording; a set written later to
measure the model is in neither, so it measures questions the model never saw and no choice was made on.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistant_lab.sampling import noisy
from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker
from gpuaccel.assistant.understand.prompt import pick_json, pick_prompt

REPO = Path(__file__).resolve().parents[2]
SETS_DIR = REPO / "tests" / "unit"


def _test_helpers() -> Any:
    """The tests' machines and scorer (tests/ is not a package: put its folders on the path once)."""
    for folder in (REPO / "tests", REPO / "tests" / "unit"):
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))
    import assistant_helpers
    import heldout_machine
    import test_assistant_questions

    return assistant_helpers, heldout_machine, test_assistant_questions


# the sets of tests/unit/test_assistant_questions.py, on its machine (tests/assistant_helpers.build_service)
TEST_MACHINE_SETS = tuple(_test_helpers()[2].QUESTION_SETS)
# the blind sets g-il of benchmarks/assistant_blind.py, on tests/heldout_machine.py's machine: each set
# joins once it has been scored as shipped (benchmarks/results); a set still to measure with stays out
TRAINED_BLIND = [
    *"ghijklmnopqrstuvwxyz",
    *(f"a{c}" for c in "abcdefghijklmnopqrstuvwxyz"),
    *(f"b{c}" for c in "abcdefghijklmnopqrstuvwxyz"),
    *(f"c{c}" for c in "abcdefghijklmnopqrstuvwxyz"),
    *(f"d{c}" for c in "abcdefghijklmnopqrstuvwxyz"),
    *(f"e{c}" for c in "abcdefghijklmnopqrstuvwxyz"),
    *(f"f{c}" for c in "abcdefghijklmnopqrstuvwxyz"),
    *(f"g{c}" for c in "abcdefghijklmnopqrstuvwxyz"),
    *(f"h{c}" for c in "abcdefghijklmnopqrstuvwxyz"),
    *(f"i{c}" for c in "abcdefghijkl"),  # chunk 15: g-il (im on were written after it); chunk 14 had g-he
]
# chunk 16 (twenty-eighth session, tried, not shipped) also took im-ir, iv-ix and jb-jj for its run
# (benchmarks/results/tiny_finetune_people16_20261129.json): extend the list so again to rebuild it
HELDOUT_MACHINE_SETS = tuple(f"assistant_heldout_{s}.json" for s in TRAINED_BLIND)
# the policy's dev split (assistant_lab.order): blind sets never trained on and never read, no miss of theirs
# looked at while the rules were tuned (rules fitted to a set's misses win any order there: on rounds 84-85,
# read, the rules first led; on round 86, never read, the model first). Rounds 86 and 88; a round that
# measured a choice joins the split for the next one
DEV_SETS = tuple(f"assistant_heldout_{s}.json" for s in ("is", "it", "iu", "iy", "iz", "ja"))
TRAIN_SETS = tuple(s for s in TEST_MACHINE_SETS + HELDOUT_MACHINE_SETS if s not in DEV_SETS)


@dataclass
class Recorded:
    """One pick the rules made: the question, the conversation's context then, the query (None: refused)."""

    question: str
    context: Context
    query: Query | None

    def document(self, question: str | None = None) -> str:
        answer = "none" if self.query is None else pick_json(self.query)
        return pick_prompt(question or self.question, self.context) + f" {answer}\n\n"


@dataclass
class Recorder:
    """A picker that asks the rules and keeps each call, so a turn's picks can be kept once it is scored."""

    rules: RulePicker = field(default_factory=RulePicker)
    calls: list[Recorded] = field(default_factory=list)

    def pick(self, question: str, context: Context, now: float) -> Query | None:
        query = self.rules.pick(question, context, now)
        self.calls.append(Recorded(question, context, query))
        return query


def used(calls: list[Recorded], question: str, meta: dict[str, Any]) -> list[Recorded]:
    """The picks the answer stands on: those of the queries it ran (``queries`` of a message asking
    several things, else ``query``), or for a refusal the pick of the whole message. The parts of a split
    that the chat then dropped are left out: their ``none`` was never the answer."""
    ran = meta.get("queries") or ([meta["query"]] if meta.get("query") else [])
    if ran:
        picked = [c for c in calls if c.query is not None and c.query.to_json() in ran]
        return list({json.dumps(c.query.to_json(), sort_keys=True): c for c in picked}.values())  # type: ignore[union-attr]
    return [c for c in calls if c.question == question and c.query is None][-1:]


def records(set_file: str) -> tuple[list[Recorded], dict[str, int]]:
    """The rules' picks in the turns of ``set_file`` that the scorer marks right, and the set's counts."""
    helpers, heldout, scorer = _test_helpers()
    data = json.loads((SETS_DIR / set_file).read_text())
    kept: list[Recorded] = []
    counts = {"turns": 0, "right": 0, "picks": 0}
    with tempfile.TemporaryDirectory(prefix="gpuaccel-people-") as folder:
        if set_file in HELDOUT_MACHINE_SETS:
            svc = heldout.build_machine(Path(folder)).service()
        else:
            svc = helpers.build_service(Path(folder))
        recorder = Recorder()
        svc.chat.pickers = (recorder,)
        try:
            for conversation in data["conversations"]:
                sid = None
                for turn in conversation:
                    recorder.calls.clear()
                    events = list(svc.chat.ask(turn["q"], sid))
                    meta = events[0]["data"]
                    sid = meta["conversation_id"]
                    text = "".join(e["data"]["text"] for e in events if e["event"] == "token")
                    counts["turns"] += 1
                    if scorer.turn_right(turn, meta.get("query"), text):
                        counts["right"] += 1
                        kept += used(recorder.calls, turn["q"], meta)
        finally:
            svc.stop()
            svc.store.close()
    counts["picks"] = len(kept)
    return kept, counts


def documents(seed: int, copies: int, stats: dict[str, Any] | None = None) -> Iterator[str]:
    """Each kept pick of every training set ``copies`` times: once as written, then with the user's typing
    (:func:`~assistant_lab.sampling.noisy`: a greeting or please, typos in longer words, case), in a
    shuffled order. ``stats`` gets each set's counts."""
    rng = random.Random(seed)
    kept: list[Recorded] = []
    for set_file in TRAIN_SETS:
        picks, counts = records(set_file)
        kept += picks
        if stats is not None:
            stats[set_file] = counts
    docs = [
        r.document() if k == 0 else r.document(noisy(r.question, rng)) for r in kept for k in range(copies)
    ]
    rng.shuffle(docs)
    yield from docs
