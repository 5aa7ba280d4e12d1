"""``gpuaccel status --cluster``: every node of the daemon's Ray cluster, its GPUs grouped under the host,
a node that left shown lost with the reason. The readings come from the daemon (``/cluster/telemetry``,
the node samplers' snapshots), in the same JSON shape as ``gpuaccel status --json`` per host."""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from gpuaccel.accel.telemetry.fields import FIELD
from gpuaccel.api.tflops import Tflops
from gpuaccel.app.client import Client
from gpuaccel.app.commands.gpu_table import table

_HEADER = ["GPU", "Name", "Util", "Memory MiB", "Temp", "Power W", "TFLOP/s", "MIG"]


def cmd_cluster(args: argparse.Namespace, client: Client) -> int:
    answer = client.cluster_telemetry()
    print(json.dumps(answer) if args.json else render_hosts(answer))
    return 0


def render_hosts(answer: dict[str, Any], now: float | None = None) -> str:
    """One block per host: a header (name, GPU count, lost with why, age of the reading), then a row
    per GPU; N/A reasons listed under the block."""
    now = time.time() if now is None else now
    hosts = answer.get("hosts") or []
    lines = [f"gpuaccel status --cluster   {len(hosts)} host" + ("" if len(hosts) == 1 else "s")]
    if answer.get("error"):
        lines.append(f"cluster telemetry: {answer['error']}")
    for host in hosts:
        gpus = host.get("gpus") or []
        state = (
            "lost: " + str(host.get("reason") or "left the cluster") if not host.get("alive", True) else ""
        )
        if not state and host.get("reason"):
            state = str(host["reason"])
        age = f"read {now - host['t']:.0f} s ago" if host.get("t") else "no reading yet"
        backend = str(host.get("backend") or "?")
        source = f"{backend} (scripted test data)" if backend.startswith("fake:") else backend
        head = f"== {host.get('host', '?')} · {len(gpus)} GPU" + ("" if len(gpus) == 1 else "s")
        lines += ["", " · ".join(filter(None, [head, state.upper() if host.get("alive") is False else state,
                                                age, source])) + " =="]  # fmt: skip
        if host.get("error"):
            lines.append(f"   no GPU telemetry: {host['error']}")
        notes: dict[str, list[str]] = {}
        rows = [_HEADER] + [_row(g, notes) for g in gpus]
        if gpus:
            lines += ["   " + r for r in table(rows)]
        lines += [f"   N/A {', '.join(which)}: {reason}" for reason, which in notes.items()]
    return "\n".join(lines)


def _row(g: dict[str, Any], notes: dict[str, list[str]]) -> list[str]:
    info, s, tflops = g.get("info") or {}, g.get("sample") or {}, Tflops.read(g.get("tflops"))
    index = str(info.get("index", "?"))

    def cell(value: Any, key: str, digits: int | None = None) -> str:
        if isinstance(value, dict) and "na" in value:
            notes.setdefault(str(value["na"]), []).append(f"GPU {index} {FIELD[key].label}")
            return "N/A"
        if not isinstance(value, int | float):
            return "-"
        return f"{value:.{FIELD[key].digits if digits is None else digits}f}"

    mem = f"{cell(s.get('mem_used_mib'), 'mem_used_mib')} / {cell(s.get('mem_total_mib'), 'mem_total_mib')}"
    est = cell(tflops.reading, "tflops_est")
    if est not in ("N/A", "-"):
        est += f" ({tflops.label})"
    mig = s.get("mig")
    return [
        index,
        str(info.get("name", "?")).removeprefix("NVIDIA "),
        cell(s.get("util_gpu"), "util_gpu") + ("" if isinstance(s.get("util_gpu"), dict) else "%"),
        mem,
        cell(s.get("temperature_c"), "temperature_c"),
        f"{cell(s.get('power_w'), 'power_w')} / {cell(s.get('power_limit_w'), 'power_limit_w')}",
        est,
        f"{len(mig)} instances" if isinstance(mig, list) and mig else "-",
    ]
