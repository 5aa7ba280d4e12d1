"""Job arrays, afterany/afternotok dependencies and idempotent submission against a real daemon."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from daemon_fixture import DaemonProcess, cli_in_process, start_daemon, wait_for

from gpuaccel.api.jobs import Job, JobState
from gpuaccel.app.client import ApiError, Client
from gpuaccel.scheduler.lifecycle.arrays import MAX_ARRAY_SIZE


@pytest.fixture(scope="module")
def d(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DaemonProcess]:
    # 8 slots, so only an array's own %N can hold its elements to 4
    daemon = start_daemon(
        tmp_path_factory.mktemp("arrays") / "data", fake_nvml="no_gpus", env={"GPUACCEL_MAX_PARALLEL": "8"}
    )
    yield daemon
    daemon.stop()


@pytest.fixture
def client(d: DaemonProcess) -> Iterator[Client]:
    with Client(data_dir=d.data_dir) as c:
        yield c


def _cli(d: DaemonProcess, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str):
    return cli_in_process(d.data_dir, monkeypatch, capsys, *args)


def _finished(client: Client, ids: list[int], timeout: float = 30.0) -> list[Job]:
    return wait_for(
        lambda: (jobs := [client.get_job(i) for i in ids]) and all(j.finished for j in jobs) and jobs,
        timeout=timeout,
        what=f"jobs {ids} to finish",
    )


def test_an_array_of_16_with_limit_4_never_runs_more_than_4(
    d: DaemonProcess, client: Client, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    script = (
        'echo "$GPUACCEL_ARRAY_ID $GPUACCEL_ARRAY_INDEX $SLURM_ARRAY_TASK_ID $GPUACCEL_JOB_ID" '
        f"> {tmp_path}/env.$GPUACCEL_ARRAY_INDEX; sleep 0.4"
    )
    code, out, err = _cli(
        d,
        monkeypatch,
        capsys,
        "submit",
        "command",
        "--array",
        "0-15%4",
        "--name",
        "arr",
        "--",
        "sh",
        "-c",
        script,
    )
    assert code == 0, err
    assert out.startswith("array ") and "16 jobs" in out and "at most 4 at once" in out, out
    array_id = int(out.split()[1])
    elements = client.get_array(array_id).jobs
    assert [j.array_index for j in elements] == list(range(16))
    assert elements[0].id == array_id and all(j.array_id == array_id and j.array_max == 4 for j in elements)
    jobs = _finished(client, [j.id for j in elements])
    assert all(j.state == JobState.SUCCEEDED for j in jobs)
    # the store's own record of each run: at no instant more than 4 ran at once
    spans = sorted((j.started_at, j.finished_at) for j in jobs)
    marks = sorted([(s, 1) for s, _ in spans] + [(f, -1) for _, f in spans])
    running = peak = 0
    for _, step in marks:
        running += step
        peak = max(peak, running)
    assert peak == 4, f"at most {peak} elements ran at once"
    for j in jobs:  # each element found its own index and the array's id in its environment
        words = (tmp_path / f"env.{j.array_index}").read_text().split()
        assert words == [str(array_id), str(j.array_index), str(j.array_index), str(j.id)]
    # listed grouped under the array
    code, out, _ = _cli(d, monkeypatch, capsys, "ls", "-n", "16")
    assert code == 0 and f"array {array_id}: 16 succeeded" in out, out
    assert "[15] arr" in out


def test_an_array_is_one_submission_all_or_nothing(client: Client, d: DaemonProcess) -> None:
    before = len(client.list_jobs(limit=10000))
    with pytest.raises(ApiError) as bad:
        client.submit("command", argv=["true"], array="0-3", depends_on=[10**12])
    assert bad.value.status == 422 and "depends_on" in str(bad.value)
    with pytest.raises(ApiError) as big:
        client.submit("command", argv=["true"], array=f"0-{MAX_ARRAY_SIZE}")
    assert big.value.status == 422 and f"more than {MAX_ARRAY_SIZE} elements" in str(big.value)
    for spec, words in (
        ("3-1", "must go up"),
        ("1,1", "given twice"),
        ("0-3%0", "%N"),
        ("a-b", "not an index"),
    ):
        with pytest.raises(ApiError) as wrong:
            client.submit("command", argv=["true"], array=spec)
        assert wrong.value.status == 422 and words in str(wrong.value), str(wrong.value)
    assert len(client.list_jobs(limit=10000)) == before  # nothing stored
    first = client.submit("command", argv=["true"], array="1,3,5")
    assert [j.array_index for j in client.get_array(first.id).jobs] == [1, 3, 5]
    assert client.get_array(first.id, index=3).jobs[0].id == first.id + 1


def test_cancel_of_the_array_id_cancels_every_element(
    d: DaemonProcess, client: Client, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    first = client.submit("command", argv=["sleep", "30"], array="0-5%2")
    wait_for(
        lambda: sum(j.state == JobState.RUNNING for j in client.get_array(first.id).jobs) == 2,
        what="2 running",
    )
    code, out, err = _cli(d, monkeypatch, capsys, "cancel", f"{first.id}_5")
    assert code == 0, err
    assert client.get_job(first.id + 5).state == JobState.CANCELLED
    assert client.get_job(first.id).state == JobState.RUNNING  # only that element
    code, out, err = _cli(d, monkeypatch, capsys, "cancel", str(first.id))
    assert code == 0 and f"array {first.id}" in out, err
    jobs = _finished(client, [j.id for j in client.get_array(first.id).jobs])
    assert {j.state for j in jobs} == {JobState.CANCELLED}
    code, _, err = _cli(d, monkeypatch, capsys, "cancel", f"{first.id}_9")
    assert code == 2 and "has no element 9" in err


def test_afterany_and_afternotok(d: DaemonProcess, client: Client, monkeypatch, capsys) -> None:
    bad = client.submit("command", argv=["sh", "-c", "exit 3"])
    good = client.submit("command", argv=["true"])
    submit = ("submit", "command", "--dependency")
    ids = {}
    for name, dep in (
        ("notok", f"afternotok:{bad.id}"),
        ("any", f"afterany:{bad.id}:{good.id}"),
        ("ok", f"afterok:{bad.id}"),
        ("notok-of-good", f"afternotok:{good.id}"),
    ):
        code, out, err = _cli(d, monkeypatch, capsys, *submit, dep, "--name", name, "--", "true")
        assert code == 0, err
        ids[name] = int(out.split()[1])
    # the flag of old keeps working: --after ID is afterok
    code, out, err = _cli(d, monkeypatch, capsys, "submit", "command", "--after", str(good.id), "--", "true")
    assert code == 0, err
    ids["after"] = int(out.split()[1])
    jobs = dict(zip(ids, _finished(client, list(ids.values())), strict=True))
    assert jobs["notok"].state == JobState.SUCCEEDED
    assert jobs["any"].state == JobState.SUCCEEDED
    assert jobs["after"].state == JobState.SUCCEEDED
    assert jobs["ok"].state == JobState.FAILED and jobs["ok"].reason == f"dependency job {bad.id} failed"
    assert jobs["notok-of-good"].state == JobState.FAILED
    assert (
        jobs["notok-of-good"].reason
        == f"dependency job {good.id} succeeded (afternotok can no longer be met)"
    )
    assert jobs["any"].after_any == sorted([bad.id, good.id])
    code, _, err = _cli(d, monkeypatch, capsys, *submit, "afterwards:1", "--", "true")
    assert code == 2 and "afterok:ID" in err and "afternotok" in err
    with pytest.raises(ApiError) as missing:
        client.submit("command", argv=["true"], after_notok=[10**12])
    assert missing.value.status == 422 and "after_notok" in str(missing.value)


def test_a_dependency_on_an_array_id_waits_for_every_element(
    d: DaemonProcess, client: Client, tmp_path: Path, monkeypatch, capsys
) -> None:
    """As in Slurm (and as cancel reads an array's id): afterok on the array waits for all elements."""
    go = tmp_path / "go"
    script = f'[ "$GPUACCEL_ARRAY_INDEX" = 0 ] || while [ ! -e {go} ]; do sleep 0.05; done'
    first = client.submit("command", argv=["sh", "-c", script], array="0-1")
    code, out, err = _cli(d, monkeypatch, capsys, "submit", "command", "--after", str(first.id), "--", "true")
    assert code == 0, err
    after = int(out.split()[1])
    wait_for(lambda: client.get_job(first.id).state == JobState.SUCCEEDED, what="element 0 to succeed")
    waiting = wait_for(
        lambda: (j := client.get_job(after)).waiting_reason and j, what="the dependent's waiting reason"
    )
    assert waiting.state == JobState.QUEUED
    assert waiting.waiting_reason == f"waiting for array {first.id} (running)"
    with pytest.raises(ApiError) as needed:  # its finished element is kept while the dependent waits
        client.remove([first.id])
    assert needed.value.status == 409 and f"job {after} waits on job {first.id}" in str(needed.value)
    go.touch()
    done, last = _finished(client, [after, first.id + 1])
    assert done.state == JobState.SUCCEEDED and done.started_at >= last.finished_at

    failing = client.submit("command", argv=["sh", "-c", 'exit "$GPUACCEL_ARRAY_INDEX"'], array="0-1")
    _finished(client, [failing.id, failing.id + 1])
    ok = client.submit("command", argv=["true"], depends_on=[failing.id])
    notok = client.submit("command", argv=["true"], after_notok=[failing.id])
    ok, notok = _finished(client, [ok.id, notok.id])
    assert ok.state == JobState.FAILED and ok.reason == f"dependency array {failing.id} failed"
    assert notok.state == JobState.SUCCEEDED


def _post(d: DaemonProcess, body: dict, key: str | None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {d.token}"}
    if key is not None:
        headers["Idempotency-Key"] = key
    return httpx.post(f"{d.url}/api/v1/jobs", json=body, headers=headers, timeout=30)


def test_a_duplicate_idempotency_key_returns_the_first_job(d: DaemonProcess, client: Client) -> None:
    body = {"kind": "command", "argv": ["true"], "name": "once"}
    first = _post(d, body, "key-1")
    assert first.status_code == 201 and first.headers["location"] == f"/api/v1/jobs/{first.json()['id']}"
    again = _post(d, body, "key-1")
    assert again.status_code == 200 and again.json()["id"] == first.json()["id"]
    assert again.headers["location"] == first.headers["location"]
    other = _post(d, {**body, "name": "twice"}, "key-1")
    assert other.status_code == 409 and "different request" in other.json()["detail"]
    assert _post(d, body, "bad key").status_code == 422
    plain = _post(d, body, None)
    assert plain.status_code == 201 and plain.headers["location"].endswith(f"/jobs/{plain.json()['id']}")
    # concurrent duplicates: one job, every answer names it
    answers: list[httpx.Response] = []
    barrier = threading.Barrier(8)

    def send() -> None:
        barrier.wait()
        answers.append(_post(d, {**body, "name": "raced"}, "key-race"))

    threads = [threading.Thread(target=send) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(a.status_code for a in answers) == [200] * 7 + [201]
    assert len({a.json()["id"] for a in answers}) == 1
    assert sum(j.name == "raced" for j in client.list_jobs(limit=10000)) == 1
    # the client's own key, and one given by the user through the CLI
    a = client.submit("command", argv=["true"], idempotency_key="key-client")
    assert client.submit("command", argv=["true"], idempotency_key="key-client").id == a.id
    out = d.cli("submit", "command", "--json", "--idempotency-key", "key-cli", "--", "true")
    out2 = d.cli("submit", "command", "--json", "--idempotency-key", "key-cli", "--", "true")
    assert out.returncode == 0 and json.loads(out.stdout)["id"] == json.loads(out2.stdout)["id"]
