"""Fan speed through the chat: the reading, the ranking and a span, from the same GPU queries as the other
readings (the ``fan`` metric), with "%" and, for a GPU that reports no fan (a passively cooled H100),
that GPU's own sentence and never a number. The machine is the held-out sets' (GPU 0 an H100 without a
fan reading, GPU 1 an RTX 4090 whose fan the fake backend runs at 32% at 4% utilization).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from assistant_helpers import NOW
from test_assistant_questions import converse as chat

from assistant_lab.sampling import FIXED_NOW
from gpuaccel.accel.telemetry.fake import FakeBackend
from gpuaccel.accel.telemetry.fields import NO_PERMISSION
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.accel.telemetry.types import NA
from gpuaccel.assistant.queries.catalogue import CATALOGUE, query_from_args, run
from gpuaccel.assistant.queries.facts import FactsSource
from gpuaccel.assistant.queries.query import Query, QueryContext
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker
from gpuaccel.scheduler.store.queue import Store

NO_FAN = (
    "GPU 0 reports no fan reading: N/A (not supported on this GPU, as on passively cooled data-center GPUs)"
)


def test_the_fan_speed_of_every_gpu_says_which_reports_none(svc: AssistantService) -> None:
    for question in ("what's the fan speed", "how fast are the fans spinning", "fans?"):
        [(text, query)] = chat(svc, question)
        assert query == {"name": "gpu_reading", "metric": "fan"}, question
        assert text == f"{NO_FAN}. The fan speed of GPU 1 is 32%."
    [(text, query)] = chat(svc, "fan on gpu 1?")
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "fan"}
    assert text == "The fan speed of GPU 1 is 32%."
    [(text, query)] = chat(svc, "what's the rpm of the fans on gpu 0")
    assert query == {"name": "gpu_reading", "gpu": 0, "metric": "fan"} and not re.search(r"\d+%", text)


def test_the_loudest_and_the_quietest_fan_rank_by_fan_speed(svc: AssistantService) -> None:
    for question, order in (
        ("which gpu has the loudest fan", "max"),
        ("which gpu has the fastest fan", "max"),  # spins the most (for jobs "fastest" is the shortest)
        ("which card spins its fans the slowest", "min"),
        ("which gpu is the quietest", "min"),
    ):
        [(text, query)] = chat(svc, question)
        assert query == {"name": "gpu_rank", "metric": "fan", "order": order}, question
        assert text == f"Only GPU 1 has a fan speed reading: 32%; {NO_FAN}."


def test_fans_over_a_span_are_said_to_be_live_only(svc: AssistantService) -> None:
    [(text, query)] = chat(svc, "fans over the last hour")
    assert query is not None and query["name"] == "gpu_reading" and query["metric"] == "fan"
    assert query["window"]["label"] == "in the last hour"
    assert text.startswith("The telemetry history does not keep fan speed, so I cannot say what it was in")
    assert text.endswith(f"Now: {NO_FAN}. The fan speed of GPU 1 is 32%.")


def test_the_fan_as_a_follow_up_keeps_the_gpu(svc: AssistantService) -> None:
    (hot, _), (text, query) = chat(svc, "how hot is gpu 0", "and the fan?")
    assert hot == "The temperature of GPU 0 is 71 °C."
    assert query == {"name": "gpu_reading", "gpu": 0, "metric": "fan"} and text == NO_FAN + "."
    *_, (text, query) = chat(svc, "how busy is gpu 1", "fan?")
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "fan"} and text.endswith("32%.")


def test_loud_and_quiet_alone_name_no_fan() -> None:
    def pick(question: str) -> Query | None:
        return RulePicker().pick(question, Context(), FIXED_NOW)

    assert pick("is it loud in here") is None
    assert pick("I want the quietest node") == pick("I want the node")  # a node, not a GPU's fan
    assert pick("which job ran the fastest") == Query("job_rank", metric="duration", order="min")
    assert pick("how loud are the boards") == Query("gpu_reading", metric="fan")


def _context(tmp_path: Path, fans: dict[int, Any]) -> QueryContext:
    backend = FakeBackend("two_gpus")
    for gpu, value in fans.items():
        backend.set_value(gpu, "fan_pct", value)
    sampler = Sampler(backend)
    sampler.open()
    sampler.poll()
    return QueryContext(FactsSource(Store(tmp_path / "gpuaccel.db"), sampler), now=lambda: NOW)


def test_fans_on_both_gpus_rank_and_another_reason_is_said_as_given(tmp_path: Path) -> None:
    ctx = _context(tmp_path, {0: 70.0, 1: 45.0})
    ranked = run(ctx, Query("gpu_rank", metric="fan", order="max"))
    assert ranked.sentence == "GPU 0 is the GPU with the fastest fan, at 70% (GPU 1 45%)."
    assert ranked.columns == ["GPU", "fan speed"] and ranked.subject_gpus == [0]
    assert "fan 70%" in ctx.facts().block()  # the facts block the model sees has the reading too
    ctx = _context(tmp_path, {1: NA(NO_PERMISSION)})
    text = run(ctx, Query("gpu_reading", gpu=1, metric="fan")).sentence
    assert text == "GPU 1 reports no fan reading: N/A (needs root)."  # not a passively cooled GPU: its reason


def test_the_fan_is_a_metric_of_the_reading_and_ranking_specs() -> None:
    assert "fan" in CATALOGUE["gpu_reading"].param("metric").choices
    assert "fan" in CATALOGUE["gpu_rank"].param("metric").choices
    q = query_from_args("gpu_reading", {"metric": "fan", "window": "the last hour"}, NOW)
    assert (q.metric, q.window.label if q.window else None) == ("fan", "in the last hour")


def test_a_kept_reading_over_a_span_is_its_peak_and_mean_from_the_history(svc: AssistantService) -> None:
    ctx = QueryContext(svc.facts, now=lambda: NOW)
    span = query_from_args("gpu_reading", {"metric": "temperature", "gpu": 0, "window": "last hour"}, NOW)
    result = run(ctx, span)  # the history: GPU 0 at 70-74 °C over the last hour
    # when it peaked, to the minute where only 1 min rows are left; its lowest; its mean
    said = "Temperature in the last hour: GPU 0 peaked at 74 °C in the minute from 14:04,"
    said += " lowest 70 °C, mean 72 °C"
    # the fixture's rows are 1 min rows written without extremes: the answer says so
    coarse = " (history at 1 min; older 1 min rows keep means only, so their peak is a 1-minute mean)."
    assert result.sentence == said + coarse
    assert result.rows == [[0, 74.0, "14:04", 70.0, 72.0]]
    none = run(ctx, query_from_args("gpu_reading", {"metric": "power", "window": "yesterday"}, NOW))
    assert none.sentence == "The telemetry history holds no power draw readings yesterday."


def test_a_missing_reading_gives_its_own_reason_and_only_tflops_borrows_tensor_activity_s() -> None:
    """An estimated TFLOP/s is missing because tensor activity is; a fan or a temperature is not."""
    from gpuaccel.assistant.queries.gpu import _reason

    g = {"na": {"tensor_active": "GPM metrics need Hopper (sm_90) or newer"}}
    assert _reason("tflops", g) == "GPM metrics need Hopper (sm_90) or newer"
    assert _reason("fan", g) == "no reading" and _reason("temperature", g) == "no reading"
    assert _reason("fan", {"na": {"fan_pct": "not supported on this GPU"}}) == "not supported on this GPU"
