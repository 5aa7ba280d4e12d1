"""``logs -f`` shows exactly what the job's log file holds: ``\\r`` progress lines, form feeds, U+2028,
invalid UTF-8 and a last line without a newline, through the CLI and through ``Client.follow_log``."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from daemon_fixture import DaemonProcess, start_daemon

from gpuaccel.app.cli import main
from gpuaccel.app.client import ApiError

# A tqdm-like bar rewritten with \r while the job runs, then the awkward characters, then no newline.
PROGRAM = r"""
import sys, time
out = sys.stdout.buffer
for i in range(5):
    out.write(b"\rprogress %d/5" % (i + 1)); out.flush(); time.sleep(0.15)
out.write(b"\nform\x0cfeed\nline\xe2\x80\xa8separator\r\nbad \xff byte\n")
out.write("é split".encode()[:1]); out.flush(); time.sleep(0.3)
out.write("é split".encode()[1:] + b"\nlast line without newline"); out.flush()
"""


@pytest.fixture(scope="module")
def d(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DaemonProcess]:
    daemon = start_daemon(tmp_path_factory.mktemp("follow") / "data", fake_nvml="no_gpus")
    yield daemon
    daemon.stop()


def _file_text(d: DaemonProcess, job_id: int) -> str:
    return d.client().data_dir.job_log(job_id).read_bytes().decode("utf-8", errors="replace")


def _submit(d: DaemonProcess, tmp_path: Path) -> int:
    job = d.client().submit("command", argv=[sys.executable, "-c", PROGRAM], cwd=str(tmp_path))
    return int(job.id)


def test_client_follow_log_equals_the_file_while_the_job_runs(d: DaemonProcess, tmp_path: Path) -> None:
    job_id = _submit(d, tmp_path)
    with d.client() as client:
        chunks = list(client.follow_log(job_id))  # started while the job runs: the live path
        assert client.wait(job_id, timeout=30).state == "succeeded"
        text = _file_text(d, job_id)
        assert "".join(chunks) == text
        assert "\rprogress 3/5\rprogress 4/5" in text and "form\x0cfeed" in text and "\u2028" in text
        assert "bad \ufffd byte" in text and "é split" in text and text.endswith("without newline")
        assert len(chunks) > 1  # it really streamed
        assert client.log(job_id, tail=1000) == text
        assert "".join(client.follow_log(job_id, tail=1000)) == text  # the finished path
        tail = client.log(job_id, tail=2)
        assert "".join(client.follow_log(job_id, tail=2)) == tail and tail.endswith("without newline")


def test_cli_logs_follow_prints_the_file(
    d: DaemonProcess, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GPUACCEL_DATA_DIR", str(d.data_dir))
    job_id = _submit(d, tmp_path)
    capsys.readouterr()
    assert main(["logs", "-f", "-n", "1000", str(job_id)]) == 0
    followed = capsys.readouterr().out
    assert main(["logs", "-n", "1000", str(job_id)]) == 0
    plain = capsys.readouterr().out
    assert followed == plain == _file_text(d, job_id)


def test_follow_of_an_unknown_job_is_a_404_before_any_event(d: DaemonProcess) -> None:
    with d.client() as client, pytest.raises(ApiError) as err:
        list(client.follow_log(999_999))
    assert err.value.status == 404 and "999999" in str(err.value)


def test_two_followers_see_the_same_text(d: DaemonProcess, tmp_path: Path) -> None:
    job_id = _submit(d, tmp_path)
    seen: list[str] = ["", ""]

    def follow(i: int) -> None:
        with d.client() as client:
            seen[i] = "".join(client.follow_log(job_id))

    threads = [threading.Thread(target=follow, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert seen[0] == seen[1] == _file_text(d, job_id)
