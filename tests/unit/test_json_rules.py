"""The one JSON walk under a request's spec and a job's report lines: each door's rules and words."""

from __future__ import annotations

import pytest

from gpuaccel.accel.workloads.json_rules import JsonRules
from gpuaccel.accel.workloads.report import OUT_OF_RANGE, REPORT_JSON, TOO_DEEP
from gpuaccel.api.limits import MAX_SPEC_DEPTH, SPEC_JSON


def nested(levels: int, leaf: object) -> object:
    value = leaf
    for i in range(levels):
        value = [value] if i % 2 else {"k": value}
    return value


def test_spec_counts_containers_only_and_checks_text() -> None:
    assert SPEC_JSON.check(nested(MAX_SPEC_DEPTH, "leaf")) is not None
    with pytest.raises(ValueError, match=f"nests more than {MAX_SPEC_DEPTH} levels"):
        SPEC_JSON.check(nested(MAX_SPEC_DEPTH + 1, 1))
    with pytest.raises(ValueError, match="lone surrogate"):
        SPEC_JSON.check({"a": ["\ud800"]})
    with pytest.raises(ValueError, match="NUL"):
        SPEC_JSON.check({"a\0": 1})
    numbers = {"1": float("nan"), "big": 10**400}
    assert SPEC_JSON.check(numbers) is numbers  # number ranges are not this door's rule


def test_report_counts_scalars_and_checks_numbers_and_types() -> None:
    ok = nested(31, 1)
    assert REPORT_JSON.check(ok) is ok
    with pytest.raises(ValueError, match=f"^{TOO_DEEP}$"):
        REPORT_JSON.check(nested(32, 1))  # the number is the 33rd level
    for bad in (float("inf"), 2**63, -(2**64)):
        with pytest.raises(ValueError, match=f"^{OUT_OF_RANGE.replace('(', '.').replace(')', '.')}$"):
            REPORT_JSON.check({"x": [bad]})
    with pytest.raises(ValueError, match="object keys must be strings"):
        REPORT_JSON.check({"x": {1: 2}})
    with pytest.raises(ValueError, match="not a JSON value: tuple"):
        REPORT_JSON.check([(1, 2)])
    assert REPORT_JSON.check({"s": "\ud800"}) == {"s": "\ud800"}  # text is not this door's rule


def test_rules_are_parameters() -> None:
    refused: list[str] = []
    rules = JsonRules(2, "too deep", text=refused.append)
    assert rules.check({"a": ["b", 3]}) == {"a": ["b", 3]}
    assert refused == ["a", "b"]
    with pytest.raises(ValueError, match="too deep"):
        rules.check([[[]]])
