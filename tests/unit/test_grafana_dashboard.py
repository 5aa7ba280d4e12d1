"""The Grafana dashboard (docs/grafana/gpuaccel.json) on a daemon with a Ray cluster: /metrics has the GPUs
of several hosts under one instance, each numbered from 0, so a per-GPU series needs its host to be told
apart. (The names it queries are checked against a live scrape in tests/integration.)"""

from __future__ import annotations

import json
from pathlib import Path

DASHBOARD = Path(__file__).resolve().parents[2] / "docs" / "grafana" / "gpuaccel.json"


def test_every_per_gpu_series_is_filtered_and_named_by_its_host() -> None:
    dashboard = json.loads(DASHBOARD.read_text())
    variables = [v["name"] for v in dashboard["templating"]["list"]]
    assert variables.index("instance") < variables.index("host") < variables.index("gpu")
    per_gpu = [t for p in dashboard["panels"] for t in p["targets"] if "$gpu" in t["expr"]]
    assert len(per_gpu) >= 10
    for target in per_gpu:
        assert 'host=~"$host"' in target["expr"], target
        assert "{{host}}" in target["legendFormat"], target
