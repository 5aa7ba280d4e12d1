"""The TF/s record: achieved TFLOP/s on a GPU and what the figure is, the one shape every side speaks."""

from __future__ import annotations

from pydantic import BaseModel, Field


class Tflops(BaseModel):
    """Achieved TFLOP/s on a GPU: exact from a job of ours, else an estimate (or ``na`` with why not)."""

    value: float | None = None
    na: str | None = None
    exact: bool
    learned: bool = Field(
        default=False,
        description="the estimate x the ratio this job's class counted on this GPU model, until the job "
        "reports its own figure",
    )
    source: str
    assumption: str | None = Field(default=None, description="what the figure rests on (hover text)")
    peak: float | dict[str, str] | None = Field(description="dense peak TFLOP/s, or {na: reason}")
    peak_source: str
