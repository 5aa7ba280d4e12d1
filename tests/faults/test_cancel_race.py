"""Faults: cancels racing launches. A cancel answered 200 must be honoured, whenever it lands.

Why: a cancel that arrived while its job was being launched (claimed, its worker not yet registered)
used to answer 200, do nothing, and let the job end ``succeeded``. Here 200 jobs are each cancelled right
after their submission from several threads at once, with a seeded jitter of 0-3 ms, so cancels land
before, during and after the launch; every one must end ``cancelled``.
"""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

from daemon_fixture import DaemonFactory
from runlog import logged_job, read_runs

JOBS = 200
THREADS = 4


def test_immediate_cancels_are_all_honoured(daemon_factory: DaemonFactory, tmp_path: Path) -> None:
    d = daemon_factory.start(env={"GPUACCEL_MAX_PARALLEL": "8"})
    ids: list[int] = []
    answers: list[str] = []
    errors: list[BaseException] = []

    def worker(index: int) -> None:
        rng = random.Random(1500 + index)
        c = d.client()
        try:
            for k in range(JOBS // THREADS):
                job = c.submit("command", argv=logged_job(tmp_path, f"c{index}-{k}", 2))
                time.sleep(rng.choice((0, 0, 0.0005, 0.001, 0.003)))
                answers.append(c.cancel(job.id).state)
                ids.append(job.id)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    c = d.client()
    final = [c.wait(i, timeout=30) for i in ids]
    assert len(final) == JOBS
    assert [(j.id, j.state) for j in final if j.state != "cancelled"] == []
    raced = sum(a == "running" for a in answers)
    started = len(read_runs(tmp_path).starts)
    print(f"{JOBS} cancels: {raced} landed on a running (launching) job, {started} jobs had started")
    assert raced > 0, "some cancels met a job being launched"
