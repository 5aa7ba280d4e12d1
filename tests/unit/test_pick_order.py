"""Choosing who picks first on people's dev split (tools/assistant_lab/order.py): the most right turns wins,
a tie keeps the rules first and the wider margin, and a model that beats nobody does not pick."""

from __future__ import annotations

import json

from assistant_lab.order import POLICIES, Choice, Policy, candidates


def _choice(**right: int) -> Choice:
    scores = dict.fromkeys(POLICIES, 100)
    for label, n in right.items():
        scores[next(p for p in POLICIES if p.label == label.replace("_", " "))] = n
    return Choice(600, scores)


def test_the_policy_with_the_most_right_turns_is_marked_with_its_margin() -> None:
    choice = _choice(model_first_by_1=130, rules_first_by_2=120)
    assert choice.best == Policy("both", 1.0)
    meta = choice.meta(["im", "in"])
    assert (meta["query_picker"], meta["pick_first"], meta["pick_margin"]) == ("1", "model", "1")
    assert json.loads(meta["pick_people_dev"])["model first by 1"] == 130


def test_a_tie_keeps_the_rules_first_then_the_wider_margin() -> None:
    assert _choice(model_first_by_4=120, rules_first_by_0=120).best == Policy("after", 0.0)
    assert _choice(rules_first_by_1=120, rules_first_by_4=120).best == Policy("after", 4.0)


def test_a_model_that_beats_nobody_is_not_asked() -> None:
    choice = _choice(rules_alone=101)
    meta = choice.meta(["im"])
    assert choice.best == Policy("rules") and meta["query_picker"] == "0" and "pick_first" not in meta


def test_orders_kept_to_the_rules_first_never_offer_the_model_first() -> None:
    assert {p.pickers for p in candidates("rules")} == {"rules", "after"}
    assert {p.pickers for p in candidates("model")} == {"rules", "both"}
    assert candidates() == list(POLICIES)
