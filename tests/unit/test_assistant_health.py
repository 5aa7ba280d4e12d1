"""GPU health through the chat: the ``health`` metric of ``gpu_reading`` answers "any xid errors?", "is gpu 0
healthy", "why is it throttling" from the live readings with ``gpuaccel status``'s own words (one formatter,
``telemetry.health.summary``), N/A reasons included, and "No health warnings." when every GPU is clean.
"""

from __future__ import annotations

import collections
from pathlib import Path

from assistant_helpers import NOW
from test_assistant_questions import converse as chat

from assistant_lab.sampling import FIXED_NOW
from gpuaccel.accel.telemetry.fake import FakeBackend
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.app.commands import status as status_cmd
from gpuaccel.assistant.queries.catalogue import CATALOGUE, query_from_args, run
from gpuaccel.assistant.queries.facts import FactsSource
from gpuaccel.assistant.queries.query import Query, QueryContext, cell
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker
from gpuaccel.scheduler.store.queue import Store

H100_SAID = (
    "GPU 0 (NVIDIA H100 80GB HBM3) at 55 °C: last XID 94 (contained ECC error), ECC corr/uncorr 37/2 since"
    " driver load, 120/5 lifetime, remapped rows corr/uncorr 3/1, PCIe replays 240; clocks held back by:"
    " hardware slowdown;"
    " health warnings: XID 94 (contained ECC error); row remapping pending: reset the GPU to apply it;"
    " 2 uncorrected ECC errors since the driver loaded; 5 uncorrected ECC errors over the GPU's life;"
    " 1 row remapped for uncorrectable errors; 240 PCIe replays since the driver loaded (a link that keeps"
    " retrying); hardware slowdown."
)
RTX4090_CLEAN = (
    "GPU 1 (NVIDIA GeForce RTX 4090) at 70 °C: no XID, ECC corr/uncorr N/A since driver load, N/A lifetime,"
    " remapped rows corr/uncorr N/A, PCIe replays 0 (N/A: ECC, remapped rows: not supported on this GPU);"
    " clocks not held back."
)


def _context(tmp_path: Path, scenario: str) -> tuple[QueryContext, Sampler]:
    sampler = Sampler(FakeBackend(scenario))
    sampler.open()
    sampler.poll()
    return QueryContext(FactsSource(Store(tmp_path / "gpuaccel.db"), sampler), now=lambda: NOW), sampler


def pick(question: str) -> Query | None:
    context = Context(gpus=[0, 1], gpu_models={0: "NVIDIA H100", 1: "RTX 4090"})
    return RulePicker().pick(question, context, FIXED_NOW)


def test_health_questions_pick_the_health_reading() -> None:
    for question, gpu in (
        ("any xid errors?", None),
        ("is gpu 0 healthy", 0),
        ("ecc errors on the h100?", 0),
        ("why is it throttling", None),
        ("any hardware problems", None),
        ("remapped rows?", None),
        ("retired pages on gpu 1", 1),
        ("pcie replays", None),
    ):
        assert pick(question) == Query("gpu_reading", gpu=gpu, metric="health"), question
    # whether a GPU throttles is still the overview (it says what holds the clocks back); failures stay jobs
    assert pick("is gpu 0 throttling") == Query("gpu_reading", gpu=0, metric="overview")
    assert pick("which jobs had errors") == Query("failures")
    assert "health" in CATALOGUE["gpu_reading"].param("metric").choices
    assert "health" not in CATALOGUE["gpu_rank"].param("metric").choices


def test_an_unhealthy_gpu_is_said_with_status_numbers_and_warnings(tmp_path: Path) -> None:
    ctx, sampler = _context(tmp_path, "unhealthy")
    result = run(ctx, Query("gpu_reading", metric="health"))
    assert result.sentence.startswith(H100_SAID + " GPU 1 (Tesla V100-SXM2-32GB) at 70 °C: last XID 48")
    assert "retired pages SBE/DBE 2/1" in result.sentence and "No health warnings" not in result.sentence
    assert result.rows[0][3] == "hardware slowdown" and result.rows[1][3] == "hardware thermal limit"
    assert (
        result.rows[0][1] == 55 and result.columns[1] == "temperature (°C)"
    )  # its temperature, as status says
    # the counters are `gpuaccel status`'s health line, word for word
    for sample, row in zip(sampler.latest(), result.rows, strict=True):
        line = status_cmd._health_lines(sample, collections.defaultdict(list))[0]
        assert line.split("health", 1)[1].strip().split("   ") == row[2].split("; ")
    one = run(ctx, query_from_args("gpu_reading", {"gpu": 0, "metric": "health"}, NOW))
    assert one.sentence == H100_SAID


def test_clean_gpus_say_no_health_warnings_with_the_na_reasons(tmp_path: Path) -> None:
    ctx, _ = _context(tmp_path, "two_gpus")
    result = run(ctx, Query("gpu_reading", metric="health"))
    assert result.sentence.startswith(
        "No health warnings. GPU 0 (NVIDIA H100 80GB HBM3) at 55 °C: no XID, ECC"
    )
    assert result.sentence.endswith(RTX4090_CLEAN)
    assert [r[4] for r in result.rows] == ["none", "none"]


def test_health_through_the_chat_and_over_a_span(svc: AssistantService) -> None:
    [(text, query)] = chat(svc, "any xid errors?")
    assert query == {"name": "gpu_reading", "metric": "health"}
    assert (
        text.startswith("No health warnings.")
        and "(N/A: ECC, remapped rows: not supported on this GPU)" in text
    )
    [(text, query)] = chat(svc, "is gpu 1 healthy over the last hour")
    assert query is not None and query["metric"] == "health" and query["gpu"] == 1
    said = "The telemetry history does not keep GPU health, so I cannot say what it was in the last hour."
    assert text.startswith(said) and "Now: No health warnings. GPU 1 (NVIDIA GeForce RTX 4090)" in text


def test_the_overview_says_the_memory_controller_dram_bandwidth_and_an_idle_gpu(tmp_path: Path) -> None:
    """The overview gives the memory controller's busy time and DRAM bandwidth (GPM) where NVML has them,
    and an idle GPU's clocks are 'not held back (the GPU is idle)', as its throttle reasons say."""
    ctx, _ = _context(tmp_path, "two_gpus")
    g = {x["index"]: x for x in ctx.facts().gpus}
    text = run(ctx, Query("gpu_reading", metric="overview")).sentence
    assert f"memory controller {cell(g[0]['util_mem'])}% busy" in text, text
    if g[0]["dram_bw_util"] is not None:
        assert f"DRAM bandwidth {cell(g[0]['dram_bw_util'])}% of peak" in text
    idle = [x for x in g.values() if "gpu_idle" in (x["throttle"] or [])]
    assert all(f"GPU {x['index']}" in text for x in idle) and (not idle or "(the GPU is idle)" in text)


def test_every_reading_is_said_with_the_catalogue_unit_as_status_writes_it(svc: AssistantService) -> None:
    """One unit per reading: the chat writes "71 °C" as ``gpuaccel status``, the app and the report do, live
    and over a span (a chat of its own units once said "71 C" beside the report's "71 °C")."""
    from gpuaccel.accel.telemetry.fields import FIELD
    from gpuaccel.assistant.queries.gpu import METRICS

    ctx = QueryContext(svc.facts, now=lambda: NOW)
    gpus = {g["index"]: g for g in ctx.facts().gpus}
    checked = set()
    for metric, (key, _) in METRICS.items():
        field = FIELD.get(key)
        if field is None or not field.unit or field.unit == "MiB":  # memory is said in GiB, MiB beside it
            continue
        said = run(ctx, Query("gpu_reading", gpu=0, metric=metric)).sentence
        value = gpus[0].get(key)
        if value is not None:
            assert field.text(float(value)) in said, (metric, said)
            checked.add(metric)
    assert {"temperature", "power", "util", "clock", "mem_clock", "pcie"} <= checked, checked
    span = run(ctx, query_from_args("gpu_reading", {"metric": "temperature", "window": "last hour"}, NOW))
    assert " °C" in span.sentence and " C," not in span.sentence
    assert ": 71 °C," in ctx.facts().block()  # the facts block the model reads: the same unit
