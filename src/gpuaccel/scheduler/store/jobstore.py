"""What the scheduler asks of its job store, and the plain records a store hands back."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Limits:
    """What dispatch needs: the queue's pause switch and each group's (parallelism, paused)."""

    queue_paused: bool = False
    groups: dict[str, tuple[int, bool]] = field(default_factory=dict)

    def why_waiting(self, group: str, running_in_group: int) -> str | None:
        """Why a job of ``group`` may not start now (None: the groups allow it)."""
        if self.queue_paused:
            return "the queue is paused (gpuaccel resume)"
        parallel, paused = self.groups.get(group, (0, False))
        if paused:
            return f"group {group} is paused (gpuaccel resume --group {group})"
        if parallel and running_in_group >= parallel:
            return f"waiting for a free slot in group {group} ({parallel} running)"
        return None
