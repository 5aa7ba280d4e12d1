"""The client's queue controls: one typed method per control operation (pause, groups, hold, edit,
switch, remove), mixed into :class:`operations.Client` so every caller has them on the one client."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from gpuaccel.api.controls import GroupOut, QueueOut, RemovedOut
from gpuaccel.api.jobs import Job, JobList
from gpuaccel.app.client.connection import Connection


class QueueControls(Connection):
    # -- one job ---------------------------------------------------------------------------------------

    def pause_job(self, job_id: int) -> Job:
        return self._model(Job, "POST", f"/jobs/{int(job_id)}/pause")

    def resume_job(self, job_id: int) -> Job:
        return self._model(Job, "POST", f"/jobs/{int(job_id)}/resume")

    def hold(self, job_id: int) -> Job:
        return self._model(Job, "POST", f"/jobs/{int(job_id)}/hold")

    def release(self, job_id: int) -> Job:
        return self._model(Job, "POST", f"/jobs/{int(job_id)}/release")

    def edit(self, job_id: int, **fields: Any) -> Job:
        """Change a queued or held job: ``edit(7, priority=5, labels={...})``; a None value resets a field
        to its default. Validated by the daemon as a submission is."""
        return self._model(Job, "PATCH", f"/jobs/{int(job_id)}", json=fields)

    # -- the queue -------------------------------------------------------------------------------------

    def queue(self) -> QueueOut:
        """Whether the queue is paused, and every group with its counts."""
        return self._model(QueueOut, "GET", "/queue")

    def pause_queue(self, group: str | None = None, running: bool = False) -> QueueOut:
        """No new job starts (in ``group``, or at all); ``running``: also pause the jobs running there."""
        return self._model(QueueOut, "POST", "/queue/pause", json={"group": group, "running": running})

    def resume_queue(self, group: str | None = None, running: bool = False) -> QueueOut:
        return self._model(QueueOut, "POST", "/queue/resume", json={"group": group, "running": running})

    def switch(self, a: int, b: int) -> list[Job]:
        return self._model(JobList, "POST", "/queue/switch", json={"a": int(a), "b": int(b)}).jobs

    def remove(self, ids: list[int]) -> RemovedOut:
        return self._model(RemovedOut, "POST", "/queue/remove", json={"ids": [int(i) for i in ids]})

    def clean(self, older_than_s: float | None = None, states: list[str] | None = None) -> RemovedOut:
        body = {"older_than_s": older_than_s, "states": states}
        return self._model(RemovedOut, "POST", "/queue/clean", json=body)

    # -- groups ----------------------------------------------------------------------------------------

    def groups(self) -> list[GroupOut]:
        return self._model(QueueOut, "GET", "/groups").groups

    def add_group(self, name: str, parallel: int = 1) -> GroupOut:
        return self._model(GroupOut, "POST", "/groups", json={"name": name, "parallel": parallel})

    def remove_group(self, name: str) -> GroupOut:
        return self._model(GroupOut, "DELETE", f"/groups/{quote(name, safe='')}")

    def set_group_parallel(self, name: str, parallel: int) -> GroupOut:
        return self._model(
            GroupOut, "POST", f"/groups/{quote(name, safe='')}/parallel", json={"parallel": parallel}
        )
