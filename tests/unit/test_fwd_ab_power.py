"""Unit tier: ``benchmarks/fwd_ab.py --power`` reads nvidia-smi's samples and says what share of the tensor
pipe's dense peak a kernel reached at the clock it ran at (docs/kernels-log.md, 2026-11-29, twenty-ninth
session: whether the D256 forward is held by the card's power cap)."""

from __future__ import annotations

import datetime
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import fwd_ab

LINES = """2026/11/29 04:13:40.100, 1665, 685.20, Active, 61
2026/11/29 04:13:40.150, 1455, 690.00, Active, 62
2026/11/29 04:13:40.200, [N/A], 688.00, Active, 62
2026/11/29 04:13:40.250, 1755, 650.00, Not Active, 62
2026/11/29 04:13:40.300, 17"""


def _t(s: str) -> float:
    return datetime.datetime.strptime(s, "%Y/%m/%d %H:%M:%S.%f").timestamp()


def test_smi_samples_skips_what_it_cannot_read() -> None:
    s = fwd_ab.smi_samples(LINES)
    assert [x[1] for x in s] == [1665.0, 1455.0, 1755.0]  # the [N/A] clock and the cut last line skipped
    assert [x[3] for x in s] == [True, True, False]
    assert s[0][0] == _t("2026/11/29 04:13:40.100") and s[0][2] == 685.2 and s[0][4] == 61.0


def test_clock_summary_counts_the_run_past_its_warm_up() -> None:
    s = fwd_ab.smi_samples(LINES)
    t0 = _t("2026/11/29 04:13:39.800")  # the first 0.3 s after t0 are the warm-up: 40.100 is the first kept
    # 132 SMs x 4096 FLOP x 1,665 MHz (the median of the kept clocks) = 900.2 TFLOP/s: half of it
    flops, ms = 132 * 4096 * 1665e6 * 0.5 * 1e-3, 1.0
    r = fwd_ab.clock_summary(s, t0, _t("2026/11/29 04:13:40.260"), flops, ms, 132)
    assert r["samples"] == 3 and r["sm_mhz"] == 1665.0 and r["sm_mhz_min"] == 1455.0
    assert r["power_cap_active"] == 2 and r["watts"] == 685.2
    assert r["of_peak_at_clock"] == pytest.approx(0.5)
    assert r["tflops"] == pytest.approx(450.1, abs=0.1)
    t0, t1 = _t("2026/11/29 04:13:40.000"), _t("2026/11/29 04:13:40.160")
    late = fwd_ab.clock_summary(s, t0, t1, flops, ms, 132)
    assert late["samples"] == 0 and "sm_mhz" not in late  # no sample inside: the rate alone
