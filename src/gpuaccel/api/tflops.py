"""The TF/s record: achieved TFLOP/s on a GPU and what the figure is, the one shape every side speaks.

Three kinds, and every view says which one it shows: **exact** (a job of ours counted its FLOPs over its
measured time), **learned** (the estimate x the ratio runs of the job's class counted on this GPU model,
until the job reports its own figure), **estimated** (tensor-pipe busy x the GPU's dense bf16 peak: a 16-bit
dense equivalent). Or N/A with the reason. Built by :mod:`accel.telemetry.snapshot` (the estimate and a
job's exact figure) and :mod:`scheduler.lifecycle.flop_ratio` (the learned one); read by the GUI, the TUI
and the CLI through :meth:`Tflops.read`.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

COUNTED = "counted by the job: FLOPs it performed / time it measured"
# Each kind's words: the long label (a card, a table) and the short one (a line with little room).
LABELS = {
    "exact": ("exact", "exact"),
    "learned": ("learned", "learned"),
    "estimated": ("16-bit dense eq.", "est."),
}


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

    # -- building ----------------------------------------------------------------------------------

    @classmethod
    def estimate(
        cls, value: float | None, na: str | None, peak: float | dict[str, str] | None, peak_source: str,
        assumption: str,
    ) -> Tflops:  # fmt: skip
        """Tensor-pipe busy x the GPU's dense bf16 peak (``peak_source``: "table" or "calibrated")."""
        return cls(
            value=value, na=None if value is not None else na, exact=False,
            source=f"16-bit dense equivalent: tensor-pipe busy x {peak_source} bf16 peak",
            assumption=assumption, peak=peak, peak_source=peak_source,
        )  # fmt: skip

    def counted(self, job_id: int, value: Any, exact: bool = True) -> Tflops:
        """The figure job ``job_id`` reports (FLOPs it counted / time it measured) in place of this
        estimate, whose peak it keeps for scale."""
        number = float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None
        return Tflops(
            value=number, na=None if number is not None else f"job {job_id} reported no TFLOP/s value",
            exact=exact, source=f"job {job_id}", assumption=COUNTED, peak=self.peak,
            peak_source=self.peak_source,
        )  # fmt: skip

    def learned_from(
        self, job_id: int, ratio: float, job_class: str, model: str, readings: int
    ) -> Tflops | None:
        """This estimate x ``ratio``, learned for ``job_class`` on ``model``; None without an estimate."""
        if self.value is None:
            return None
        return self.model_copy(
            update={
                "value": self.value * ratio, "exact": False, "learned": True,
                "source": f"job {job_id}: the estimate x {ratio:.2f}, learned for {job_class} on this model",
                "assumption": f"runs of {job_class} on a {model} counted {ratio:.2f}x the tensor-pipe "
                f"estimate (average of {readings} readings); this job has not reported its own figure yet",
            }
        )  # fmt: skip

    def lost(self, reason: str) -> Tflops:
        """No figure any more (the GPU is lost): N/A with ``reason``, the peak kept."""
        return self.model_copy(update={"value": None, "na": reason, "exact": False, "learned": False})

    @classmethod
    def read(cls, raw: Any) -> Tflops:
        """A ``tflops`` object as a daemon sent it (any version): never fails; what is missing or not
        understood reads as N/A saying so."""
        if not isinstance(raw, dict):
            return cls(
                na="the daemon sent no TFLOP/s figure", exact=False, source="", peak=None, peak_source=""
            )
        exact = bool(raw.get("exact", False))
        value = raw.get("value") if raw.get("na") is None else None
        if isinstance(value, bool) or not isinstance(value, int | float):
            value = None
        peak = raw.get("peak")
        if not (peak is None or isinstance(peak, dict | int | float)):
            peak = None
        return cls(
            value=value,
            na=None if value is not None else str(raw.get("na") or "the daemon sent no TFLOP/s value"),
            exact=exact, learned=bool(raw.get("learned", False)) and not exact,
            source=str(raw.get("source") or ("counted by the running job" if exact else "estimate")),
            assumption=str(raw.get("assumption") or "") or None,
            peak={"na": str(peak.get("na"))} if isinstance(peak, dict) else peak,
            peak_source=str(raw.get("peak_source") or ""),
        )  # fmt: skip

    # -- saying what it is ---------------------------------------------------------------------------

    @property
    def reading(self) -> float | dict[str, str]:
        """The figure, or ``{"na": reason}`` as every reading that may be unavailable."""
        return self.value if self.value is not None else {"na": self.na or "no TFLOP/s value"}

    @property
    def kind(self) -> Literal["exact", "learned", "estimated"]:
        return "exact" if self.exact else "learned" if self.learned else "estimated"

    @property
    def label(self) -> str:
        """What the figure is, where there is room: "exact", "learned", "16-bit dense eq."."""
        return LABELS[self.kind][0]

    @property
    def short_label(self) -> str:
        """What the figure is where a line has little room (a compact card, the TUI): "est." for an
        estimate."""
        return LABELS[self.kind][1]

    @property
    def tooltip(self) -> str:
        """What the figure rests on, for a hover: who counted it, or the estimate's assumption."""
        source = self.source
        if self.exact and source.startswith("job "):
            source = f"FLOPs counted by {source} / its measured time"
        head = f"{self.kind.capitalize()}: {source}"
        return f"{head}\n{self.assumption}" if self.assumption else head
