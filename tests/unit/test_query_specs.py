"""The query table that agents and the API read: it covers every query the chat runs, and bad arguments
get a message naming the argument and what is accepted."""

from __future__ import annotations

import pytest

from gpuaccel.assistant.queries import catalogue as queries
from gpuaccel.assistant.queries.specs import SPECS, QueryArgsError, query_from_args

NOW = 1_700_000_000.0


def test_every_query_has_one_spec() -> None:
    assert set(SPECS) == set(queries._queries()) == set(queries.QUERY_NAMES)
    fields = set(queries.Query.__dataclass_fields__) - {"name"}
    for spec in SPECS.values():
        assert spec.description and set(spec.params) <= fields, spec.name
        schema = spec.input_schema()
        assert schema["additionalProperties"] is False and set(schema["properties"]) == set(spec.params)


def test_arguments_become_a_query() -> None:
    q = query_from_args("jobs", {"state": "failed", "window": "the last 2 hours", "gpu": 1}, NOW)
    assert (q.name, q.state, q.gpu) == ("jobs", "failed", 1)
    assert q.window is not None and q.window.t1 == NOW and q.window.t0 == NOW - 7200
    assert query_from_args("gpu_rank", {"metric": "util", "order": "min"}, NOW).order == "min"


@pytest.mark.parametrize(
    ("name", "args", "words"),
    [
        ("nope", {}, "unknown query 'nope'; known: gpu_list"),
        ("gpu_list", {"job": 3}, "does not take job; it takes gpu"),
        ("job_detail", {}, "needs job"),
        ("gpu_reading", {"gpu": -1}, "gpu must be a whole number from 0"),
        ("gpu_reading", {"gpu": True}, "gpu must be a whole number"),
        ("gpu_reading", {"metric": "smell"}, "metric 'smell' is not accepted; accepted: temperature"),
        ("job_rank", {"metric": "temperature"}, "accepted: duration, gpu_time"),
        ("queue", {"state": "failed"}, "accepted: running, queued"),
        ("summary", {"window": "sometime"}, "names no time span; accepted: today"),
        ("jobs", {"job_name": "  "}, "job_name must be non-empty text"),
    ],
)
def test_bad_arguments_say_what_is_accepted(name: str, args: dict, words: str) -> None:
    with pytest.raises(QueryArgsError, match=None) as err:
        query_from_args(name, args, NOW)
    assert words in str(err.value)
