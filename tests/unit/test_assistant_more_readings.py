"""Every reading ``gpuaccel status`` shows per GPU is a reading of the chat: PCIe throughput, memory
controller utilization, DRAM bandwidth, SM occupancy, the memory clock and the dense bf16 peak the TFLOP/s
estimate scales, each written at status's digits (accel.telemetry.fields); a GPU by its architecture ("the
ada one"); two main readings asked together get the overview. Worded apart from the held-out sets."""

from __future__ import annotations

from test_assistant_questions import converse as chat

from assistant_lab.sampling import FIXED_NOW
from gpuaccel.accel.telemetry.fields import FIELD
from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker


def pick(question: str, context: Context | None = None) -> Query | None:
    return RulePicker().pick(question, context or Context(gpus=[0, 1]), FIXED_NOW)


def test_each_reading_is_named_by_its_own_words_not_by_the_words_inside_it() -> None:
    for question, metric in (
        ("how much pcie bandwidth is gpu 1 using", "pcie"),
        ("pci-e throughput of gpu 1", "pcie"),
        ("gpu 1 memory controller load", "mem_util"),
        ("how much dram bandwidth does gpu 1 use", "dram"),
        ("warp occupancy on gpu 1", "occupancy"),
        ("sm activity of gpu 1", "sm_active"),
        ("gpu 1 memory clock speed", "mem_clock"),
        ("what is the fp16 peak of gpu 1", "peak_tflops"),
        ("bf16 tflops gpu 1 can do at most, per its datasheet", "peak_tflops"),
    ):
        assert pick(question) == Query("gpu_reading", gpu=1, metric=metric), question
    assert pick("gpu 1 sm clock") == Query("gpu_reading", gpu=1, metric="clock")
    assert pick("temperature and power of gpu 1") == Query("gpu_reading", gpu=1, metric="overview")
    last = Context(Query("gpu_reading", gpu=1, metric="dram"), gpus=[0, 1])
    assert pick("and the pcie?", last) == Query("gpu_reading", gpu=1, metric="pcie")


def test_the_readings_are_written_as_gpuaccel_status_writes_them(svc: AssistantService) -> None:
    sample = {s.index: s for s in svc.chat.facts.sampler.latest()}[0]
    [(text, query)] = chat(svc, "pcie traffic of gpu 0")
    assert query == {"name": "gpu_reading", "gpu": 0, "metric": "pcie"}
    assert FIELD["pcie_tx_kbs"].text(sample.pcie_tx_kbs) in text
    assert FIELD["pcie_rx_kbs"].text(sample.pcie_rx_kbs) in text
    [(text, _)] = chat(svc, "memory controller utilization of gpu 0")
    assert f"is {FIELD['util_mem'].text(sample.util_mem)}." in text
    [(text, _)] = chat(svc, "gpu 0 overview")
    assert f"memory controller {FIELD['util_mem'].text(sample.util_mem)} busy" in text
    [(text, _)] = chat(svc, "what's the dense bf16 peak of gpu 0")
    assert "TFLOP/s (from the datasheet table)" in text or "measured by gpuaccel calibrate" in text
    [(text, _)] = chat(svc, "how full is gpu 0's memory")
    assert f"{100 * sample.mem_used_mib / sample.mem_total_mib:.0f}% used" in text  # as gpuaccel top's bar


def test_a_gpu_by_its_architecture() -> None:
    models = {0: "NVIDIA H100 80GB HBM3 Hopper", 1: "NVIDIA GeForce RTX 4090 Ada"}
    context = Context(gpus=[0, 1], gpu_models=models)
    assert pick("how warm is the ada card", context) == Query("gpu_reading", gpu=1, metric="temperature")
    assert pick("power of the hopper gpu", context) == Query("gpu_reading", gpu=0, metric="power")


def test_status_words_for_a_reading_and_cleaning_asked_about() -> None:
    assert pick("memory bus utilization of gpu 1") == Query("gpu_reading", gpu=1, metric="mem_util")
    assert pick("which pci bus is gpu 1 on") == Query("gpu_list", gpu=1)
    assert pick("anything worth cleaning up?") == Query("housekeeping")
    log = Context(Query("job_log", job=3), subjects=[3], gpus=[0, 1])
    assert pick("what's the capital of peru", log) is None
