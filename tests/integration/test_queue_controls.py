"""Groups, hold/release, edit, switch, remove and clean against a real daemon, through the client and
the CLI (in-process, as test_cli_jobs does: a subprocess per call is slow on 2 cores)."""

from __future__ import annotations

import functools
import json
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from daemon_fixture import CliResult, DaemonProcess, cli_in_process, start_daemon, wait_for

from gpuaccel.app.client import ApiError, Client

SLEEP = ["sleep", "30"]


Cli = Callable[..., CliResult]


@pytest.fixture(scope="module")
def d(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DaemonProcess]:
    daemon = start_daemon(tmp_path_factory.mktemp("controls") / "data", fake_nvml="no_gpus")
    yield daemon
    daemon.stop()


@pytest.fixture
def client(d: DaemonProcess) -> Iterator[Client]:
    c = d.client()
    yield c
    for job in c.list_jobs(state="queued,held,running,paused,retrying", limit=1000):
        c.cancel(job.id)


@pytest.fixture
def cli(d: DaemonProcess, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Cli:
    """Run ``gpuaccel ARGS`` in-process against the daemon (a subprocess per call is slow on 2 cores)."""
    return functools.partial(cli_in_process, d.data_dir, monkeypatch, capsys)


def running_at_once(client: Client, ids: list[int]) -> int:
    """The most of ``ids`` that ever ran at the same time, replayed from their events."""
    marks = []
    for job_id in ids:
        for e in client.events(job_id=job_id, limit=1000):
            if e.state == "running" and e.message.startswith("started"):
                marks.append((e.t, 1))
            elif e.state in ("succeeded", "failed", "cancelled"):
                marks.append((e.t, -1))
    now = most = 0
    for _, step in sorted(marks):
        now += step
        most = max(most, now)
    return most


def test_groups_have_their_own_parallelism_changeable_at_run_time(client: Client, cli: Cli) -> None:
    r = cli("group", "add", "gpu-train", "--parallel", "1")
    assert r.returncode == 0 and "group gpu-train added (1 job at once)" in r.stdout, r.stderr
    ids = [client.submit("command", argv=["sleep", "0.4"], group="gpu-train").id for _ in range(4)]
    free = client.submit("command", argv=["true"])  # another group is not held up by this one
    assert client.wait(free.id, timeout=10).state == "succeeded"
    wait_for(lambda: client.get_job(ids[0]).state != "queued", what="the first job started")
    queued = wait_for(lambda: (j := client.get_job(ids[1])).waiting_reason and j, what="a waiting reason")
    assert "free slot in group gpu-train (1 running)" in (queued.waiting_reason or "")
    r = cli("group", "rm", "gpu-train")
    assert r.returncode == 1 and "still has jobs" in r.stderr and "queued" in r.stderr, r.stderr
    listing = cli("group", "ls")
    assert "gpu-train" in listing.stdout and "default" in listing.stdout
    row = next(ln for ln in listing.stdout.splitlines() if ln.startswith("gpu-train"))
    assert row.split()[1] == "1", row
    for job_id in ids:
        assert client.wait(job_id, timeout=20).state == "succeeded"
    assert running_at_once(client, ids) == 1

    more = [client.submit("command", argv=["sleep", "0.6"], group="gpu-train").id for _ in range(4)]
    r = cli("group", "parallel", "gpu-train", "2")
    assert r.returncode == 0 and "2 jobs at once" in r.stdout
    for job_id in more:
        assert client.wait(job_id, timeout=20).state == "succeeded"
    assert running_at_once(client, more) == 2
    ls = cli("ls", "-n", "20").stdout.splitlines()
    assert "GROUP" in ls[0] and any(" gpu-train " in ln for ln in ls) and any(" default " in ln for ln in ls)
    assert cli("group", "rm", "gpu-train").returncode == 0
    assert all(g.name != "gpu-train" for g in client.groups())


def test_group_errors_are_clear(client: Client, cli: Cli) -> None:
    with pytest.raises(ApiError) as unknown:
        client.submit("command", argv=["true"], group="nightly")
    assert unknown.value.status == 422
    assert "no group 'nightly'; existing groups: default" in str(unknown.value)
    r = cli("submit", "command", "--group", "nightly", "--", "true")
    assert r.returncode == 2 and "existing groups: default" in r.stderr  # a 422: refused as asked
    with pytest.raises(ApiError) as bad:
        client.add_group("has space")
    assert bad.value.status == 422
    client.add_group("dup")
    with pytest.raises(ApiError) as dup:
        client.add_group("dup")
    assert dup.value.status == 409 and "exists already" in str(dup.value.detail)
    with pytest.raises(ApiError) as default:
        client.remove_group("default")
    assert default.value.status == 409
    with pytest.raises(ApiError) as missing:
        client.set_group_parallel("nope", 2)
    assert missing.value.status == 404 and "existing groups: default, dup" in str(missing.value.detail)
    client.remove_group("dup")


def test_hold_release_and_submit_hold(client: Client, cli: Cli) -> None:
    r = cli("submit", "command", "--hold", "--json", "--", "true")
    held = json.loads(r.stdout)
    assert held["state"] == "held"
    time.sleep(0.3)
    assert client.get_job(held["id"]).state == "held"  # never dispatched
    r = cli("release", str(held["id"]))
    assert r.returncode == 0 and "released (now queued)" in r.stdout
    assert client.wait(held["id"], timeout=10).state == "succeeded"

    blocker = client.submit("command", argv=SLEEP)
    queued = client.submit("command", argv=["true"], depends_on=[blocker.id])
    assert client.hold(queued.id).state == "held"
    r = cli("hold", str(blocker.id))
    assert r.returncode == 1 and "only a queued job can be held" in r.stderr
    with pytest.raises(ApiError) as refused:
        client.release(blocker.id)
    assert refused.value.status == 409
    assert client.cancel(queued.id).state == "cancelled"  # a held job can be cancelled


def test_edit_a_queued_job_validated_as_a_submission(client: Client, cli: Cli) -> None:
    blocker = client.submit("command", argv=SLEEP)
    job = client.submit("command", argv=["true"], depends_on=[blocker.id], labels={"a": "1"})
    r = cli(
        "edit", str(job.id), "--priority", "7", "--name", "renamed", "--label", "b=2", "--unlabel", "a",
        "--timeout", "10m", "--env", "X=1",
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "edited (env, labels, name, priority, timeout_s)" in r.stdout
    edited = client.get_job(job.id)
    assert (edited.priority, edited.name, edited.labels) == (7, "renamed", {"b": "2"})
    assert edited.timeout_s == 600 and edited.env == {"X": "1"} and edited.depends_on == [blocker.id]
    assert any(e.message.startswith("edited: ") for e in edited.events or [])

    with pytest.raises(ApiError) as bad:
        client.edit(job.id, gpus=2, gpu_ids=[0])  # the same checks as submit
    assert bad.value.status == 422 and "gpu_ids names 1 GPUs" in str(bad.value)
    with pytest.raises(ApiError) as cycle:
        client.edit(job.id, depends_on=[job.id])
    assert cycle.value.status == 422 and "depends_on" in str(cycle.value)
    with pytest.raises(ApiError) as unknown:
        client.edit(job.id, argv=[])
    assert unknown.value.status == 422 and "argv" in str(unknown.value)
    assert client.get_job(job.id).argv == ["true"]  # nothing half-written

    r = cli("edit", str(blocker.id), "--priority", "1")
    assert r.returncode == 1 and "only a queued or held job can be edited" in r.stderr
    r = cli("edit", str(job.id))
    assert r.returncode == 2 and "nothing to change" in r.stderr
    assert client.edit(job.id, timeout_s=None).timeout_s is None  # null: back to the default
    client.edit(job.id, depends_on=[])
    assert client.wait(job.id, timeout=10).state == "succeeded"


def test_edit_stores_every_field_it_accepts(client: Client, cli: Cli) -> None:
    """What an edit answers is what is stored: the submission options too, and clearing gpu_ids keeps
    the GPU count ('none' for any GPUs, not for no GPU)."""
    done = client.submit("command", argv=["true"])
    client.wait(done.id, timeout=10)
    job = client.submit("command", argv=["true"], gpu_ids=[1], hold=True)
    changes = {
        "kill_grace_s": 30.0, "not_before": 4_000_000_000.0, "after_any": [done.id],
        "after_notok": [done.id], "timeout_s": 100.0, "warn_signal": "USR1", "warn_before_s": 20.0,
        "on_finish": "echo done", "on_finish_url": "http://127.0.0.1:9/hook",
    }  # fmt: skip
    answered = client.edit(job.id, **changes)
    stored = client.get_job(job.id)
    for field, value in changes.items():
        assert getattr(answered, field) == getattr(stored, field) == value, field
    r = cli("edit", str(job.id), "--gpu-ids", "none")
    assert r.returncode == 0, r.stderr
    stored = client.get_job(job.id)
    assert (stored.gpu_ids, stored.gpus) == (None, 1)
    with pytest.raises(ApiError) as array:
        client.edit(job.id, array="0-3")
    assert array.value.status == 422 and "array" in str(array.value)
    with pytest.raises(ApiError) as later:
        client.edit(job.id, after_any=[job.id])  # not an older job: it would wait for itself
    assert later.value.status == 422 and "after_any" in str(later.value)


def test_clean_keeps_a_job_a_waiting_job_needs_in_any_dependency_kind(client: Client) -> None:
    failed = client.submit("command", argv=["false"])
    client.wait(failed.id, timeout=10)
    waiting = [
        client.submit("command", argv=["true"], hold=True, after_notok=[failed.id]),
        client.submit("command", argv=["true"], hold=True, after_any=[failed.id]),
    ]
    out = client.clean(states=["failed"])
    assert failed.id not in out.removed and failed.id in [k.id for k in out.kept]
    with pytest.raises(ApiError) as refused:
        client.remove([failed.id])
    assert refused.value.status == 409 and f"waits on job {failed.id}" in str(refused.value)
    client.release(waiting[0].id)
    assert client.wait(waiting[0].id, timeout=10).state == "succeeded"


def test_switch_swaps_two_queued_jobs_places(client: Client, cli: Cli) -> None:
    client.pause_queue()
    try:
        a = client.submit("command", argv=["true"], priority=5)
        b = client.submit("command", argv=["true"])
        c = client.submit("command", argv=["true"])
        r = cli("switch", str(a.id), str(c.id))
        assert r.returncode == 0 and f"jobs {a.id} and {c.id} switched places" in r.stdout, r.stderr
        assert client.get_job(a.id).priority == 0 and client.get_job(c.id).priority == 5
    finally:
        client.resume_queue()
    for job in (a, b, c):
        client.wait(job.id, timeout=10)
    started = sorted((client.get_job(j.id).started_at or 0, j.id) for j in (a, b, c))
    assert [i for _, i in started] == [c.id, b.id, a.id]  # c took a's place (first), a took c's (last)
    with pytest.raises(ApiError) as done:
        client.switch(a.id, b.id)
    assert done.value.status == 409 and "only queued or held jobs" in str(done.value.detail)


def test_remove_and_clean_finished_jobs_with_their_logs(client: Client, cli: Cli, d: DaemonProcess) -> None:
    logs = Path(client.data_dir.logs)
    ok = client.submit("command", argv=["sh", "-c", "echo kept-out"])
    bad = client.submit("command", argv=["false"])
    for job in (ok, bad):
        client.wait(job.id, timeout=10)
    assert (logs / f"job-{ok.id}.log").exists()
    live = client.submit("command", argv=SLEEP)
    r = cli("remove", str(ok.id), str(live.id))
    assert r.returncode == 1 and f"job {live.id} is" in r.stderr and "only finished jobs" in r.stderr
    assert client.get_job(ok.id).state == "succeeded"  # all or nothing

    # A link planted where a rank folder would be is removed as a link; its target stays.
    target = d.data_dir.parent / "precious"
    target.mkdir(exist_ok=True)
    (target / "keep.txt").write_text("x")
    os.symlink(target, logs / f"job-{ok.id}-a1-ranks")
    r = cli("remove", str(ok.id))
    assert r.returncode == 0 and f"removed 1 job: {ok.id}" in r.stdout and "deleted 2 log files" in r.stdout
    assert not (logs / f"job-{ok.id}.log").exists() and not (logs / f"job-{ok.id}-a1-ranks").exists()
    assert (target / "keep.txt").read_text() == "x"
    with pytest.raises(ApiError) as gone:
        client.get_job(ok.id)
    assert gone.value.status == 404

    needed = client.submit("command", argv=["true"])
    client.wait(needed.id, timeout=10)
    client.submit("command", argv=["true"], depends_on=[needed.id, live.id])
    r = cli("clean", "--older-than", "1h")
    assert r.returncode == 0 and "nothing to remove" in r.stdout
    r = cli("clean", "--state", "failed")
    assert r.returncode == 0 and f"{bad.id}" in r.stdout.splitlines()[0], r.stdout
    assert client.get_job(needed.id).state == "succeeded"
    r = cli("clean", "--json")
    out = json.loads(r.stdout)
    assert needed.id in [k["id"] for k in out["kept"]] and needed.id not in out["removed"]
    assert all(j.state not in ("succeeded", "failed") or j.id == needed.id for j in client.list_jobs())
    r = cli("clean", "--state", "running")
    assert r.returncode == 2 and "only finished jobs" in r.stderr
