"""The assistant's own state as a query: the idle gate and where the next answer runs."""

from __future__ import annotations

from typing import Any

from gpuaccel.assistant.queries.query import Query, QueryContext, Result


def gate_state(ctx: QueryContext, q: Query) -> Result:
    """The idle gate and where the assistant runs; where its next answer runs is the controller's own
    answer (``next_device``), so an open gate over GPUs torch cannot use still says CPU."""
    st = ctx.assistant_state() if ctx.assistant_state is not None else None
    idle = ctx.source.idle
    gate = idle.is_gate_open() if idle is not None else None
    device, why = (st.get("next_device", "gpu"), st.get("next_device_why", "")) if st else ("gpu", "")
    parts = []
    if gate is None:
        parts.append("The idle gate is not watched on this daemon, so I run on the CPU.")
    elif gate and device == "cpu":
        parts.append(f"The idle gate is open: every GPU is idle, but I run on the CPU: {why}.")
    else:
        parts.append(
            "The idle gate is open: every GPU is idle, so I may use one."
            if gate
            else "The idle gate is closed: a GPU is busy, so I keep off the GPUs."
        )
    rows: list[list[Any]] = [
        ["idle gate", "open" if gate else "closed" if gate is not None else "not watched"]
    ]
    if st is not None:
        where = {
            "gpu": "I am running on a GPU",
            "cpu": "I am running on the CPU",
            "paused": "I am paused",
            "idle": "My model is not loaded yet (it loads at the next answer that needs it"
            + {"gpu": ", on a GPU)", "cpu": ", on the CPU)"}.get(str(device), ")"),
        }
        parts.append(f"{where.get(st['state'], st['state'])}; the model is {st['model']['name']}.")
        if st.get("paused_for_job"):
            parts.append(f"I paused for job {st['paused_for_job']}.")
        rows += [["assistant", st["state"]], ["model", st["model"]["name"]]]
        if device is not None:
            rows.append(["next answer on", f"{'GPU' if device == 'gpu' else 'CPU'} ({why})"])
    return Result(q, " ".join(parts), ["what", "state"], rows)
