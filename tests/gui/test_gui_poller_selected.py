"""The poller follows the selected job: it stops asking once the job has finished, and follows it
again when the job is retried (from the window or elsewhere), so the details, events and log of the new
attempt are not frozen at the old one's end."""

from __future__ import annotations

import os
from typing import Any

from gpuaccel.api.jobs import Job, JobState
from gpuaccel.app.client import Client
from gpuaccel.app.gui.api import NOT_FOUND, ApiError
from gpuaccel.app.gui.connection import Endpoint
from gpuaccel.app.gui.daemon_poller import DaemonPoller

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def job(state: JobState, attempt: int, finished_at: float | None) -> Job:
    return Job(
        id=7, name="bad", kind="command", spec={}, argv=["false"], env={}, cwd=None, state=state, priority=0,
        gpus=0, gpu_ids=None, assigned_gpus=[], memory_mib=None, max_retries=0, attempt=attempt,
        depends_on=[], labels={}, timeout_s=None, created_at=1.0, started_at=2.0, finished_at=finished_at,
        exit_code=None, reason=None, waiting_reason=None, progress=None, result=None,
    )  # fmt: skip


class FakeApi:
    """Answers the poller's calls from ``self.job``; counts how often the job itself is fetched."""

    def __init__(self) -> None:
        self.job = job(JobState.FAILED, 1, 3.0)
        self.fetched = 0

    def call(self, operation: Any, *args: Any, **kwargs: Any) -> Any:
        if operation is Client.list_jobs:
            return [self.job]
        if operation is Client.get_job:
            self.fetched += 1
            return self.job
        if operation is Client.log:
            return f"attempt {self.job.attempt}"
        if operation is Client.events:
            return []
        raise ApiError(NOT_FOUND, "not in this test")


def test_a_finished_job_that_is_retried_is_followed_again(qtbot) -> None:
    poller = DaemonPoller(Endpoint(data_dir="/nonexistent"))
    api = FakeApi()
    poller._api = api  # type: ignore[assignment]
    logs: list[str] = []
    poller.jobLog.connect(lambda _id, text, _error: logs.append(text))
    poller.select_job(7)
    for now in (100.0, 101.0, 110.0, 111.0):  # finished: fetched at once and up to 3 s later, then not
        poller._poll_slow(now)
    assert api.fetched == 2
    api.job = job(JobState.FAILED, 2, 120.0)  # retried and failed again between two polls
    poller._poll_slow(121.0)
    assert api.fetched == 3 and logs[-1] == "attempt 2"
    poller._poll_slow(130.0)
    assert api.fetched == 3  # the new end is known: no more polling
    api.job = job(JobState.QUEUED, 2, None)
    poller._poll_slow(131.0)
    assert api.fetched == 4
