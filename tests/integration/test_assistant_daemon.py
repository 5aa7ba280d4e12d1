"""The assistant inside a real daemon (fake NVML, loopback): SSE chat with true numbers, CLI ask, report."""

from __future__ import annotations

import json
import re
from pathlib import Path

import httpx
from daemon_fixture import start_daemon


def test_daemon_serves_assistant_routes_and_cli(tmp_path: Path) -> None:
    d = start_daemon(tmp_path / "data")
    try:
        headers = {"Authorization": f"Bearer {d.token}"}
        with httpx.Client(base_url=d.url, headers=headers, timeout=120) as http:
            assert http.get("/api/v1/assistant/state").status_code == 200
            r = http.post("/api/v1/assistant/chat", json={"message": "How hot is GPU 1?"})
            assert r.status_code == 200
            events = [
                (b.split("\n")[0][7:], json.loads(b.split("\n")[1][6:])) for b in r.text.strip().split("\n\n")
            ]
            meta = events[0][1]
            temp = next(g["temperature_c"] for g in meta["facts"]["gpus"] if g["index"] == 1)
            text = "".join(e[1]["text"] for e in events if e[0] == "token")
            assert text.startswith(f"GPU 1 is at {temp:.0f} C."), (text, temp)
            assert events[-1][0] == "done", events[-3:]
            state = http.get("/api/v1/assistant/state").json()
            assert state["strategy"] == "cpu fp32"  # no CUDA on this machine: the worker runs on CPU
            assert http.get("/api/v1/assistant/reports").json() == {"reports": []}
            # Selecting the model already loaded keeps it loaded; another model releases it.
            bundled = next(
                m for m in http.get("/api/v1/assistant/models").json()["installed"] if m["bundled"]
            )
            assert (
                http.post("/api/v1/assistant/models/select", json={"name": bundled["name"]}).status_code
                == 200
            )
            state = http.get("/api/v1/assistant/state").json()
            assert state["state"] == "cpu" and state["switches"][-1]["event"] == "load", state["switches"]
            http.post("/api/v1/assistant/models/import", json={"path": bundled["path"], "name": "copy"})
            assert http.post("/api/v1/assistant/models/select", json={"name": "copy"}).status_code == 200
            state = http.get("/api/v1/assistant/state").json()
            assert state["state"] == "idle" and state["model"]["name"] == "copy"
            assert (
                state["switches"][-1]["event"] == "release"
                and state["switches"][-1]["reason"] == "model changed"
            )
            # Importing over the loaded model's file unloads the old weights.
            assert (
                http.post("/api/v1/assistant/chat", json={"message": "How hot is GPU 0?"}).status_code == 200
            )
            assert http.get("/api/v1/assistant/state").json()["switches"][-1]["event"] == "load"
            http.post("/api/v1/assistant/models/import", json={"path": bundled["path"], "name": "copy"})
            switch = http.get("/api/v1/assistant/state").json()["switches"][-1]
            assert switch["event"] == "release" and switch["reason"] == "model file replaced"
        out = d.cli("ask", "/status", timeout=120)
        assert out.returncode == 0 and "GPU 0 (NVIDIA H100 80GB HBM3)" in out.stdout, out.stderr
        out = d.cli("report", "--format", "md", timeout=120)
        assert (
            out.returncode == 0 and "# Daily report" in out.stdout and "gpu hours" in out.stdout
        ), out.stderr
        assert re.search(r"\| jobs run \| 0 \|", out.stdout)
    finally:
        d.stop()
