"""The blind benchmark never overwrites a result: two runs started in the same second (two model files scored
side by side) once wrote one file name, and one run's scores were lost."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import assistant_blind


def test_a_second_run_in_the_same_second_gets_its_own_file(tmp_path: Path) -> None:
    first = tmp_path / "assistant_blind_jk_model_20261129-021618.json"
    assert assistant_blind._unused(first) == first
    first.write_text("{}")
    second = assistant_blind._unused(first)
    assert second.name == "assistant_blind_jk_model_20261129-021618-2.json"
    second.write_text("{}")
    assert assistant_blind._unused(first).name == "assistant_blind_jk_model_20261129-021618-3.json"
