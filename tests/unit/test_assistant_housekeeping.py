"""Housekeeping safety: only proposals, only after confirmation, only inside known roots, into the trash."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gpuaccel.assistant.housekeeping.housekeeper import Housekeeper
from gpuaccel.assistant.safe_paths import UnsafePath, safe_target

OLD = time.time() - 40 * 86400


def old(path: Path, text: str = "x" * 100) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    os.utime(path, (OLD, OLD))
    return path


@pytest.fixture()
def hk(tmp_path: Path) -> Housekeeper:
    data = tmp_path / "data"
    return Housekeeper(
        data, extra_roots={"triton": tmp_path / "triton", "torch_compile": tmp_path / "inductor"}
    )


def test_proposes_with_sizes_and_acts_only_on_confirmation(hk: Housekeeper, tmp_path: Path) -> None:
    log = old(hk.roots["logs"] / "job-3.log")
    fresh = hk.roots["logs"] / "job-4.log"
    fresh.write_text("new")
    old(tmp_path / "triton" / "abc" / "kernel.cubin", "k" * 4096)
    props = {Path(p.path).name: p for p in hk.propose()}
    assert set(props) == {"job-3.log", "abc"}
    assert props["abc"].size_bytes == 4096 and props["job-3.log"].size_bytes == 100
    dry = hk.apply([props["job-3.log"].id], confirm=False)
    assert dry[0]["dry_run"] and log.exists()
    done = hk.apply([props["job-3.log"].id, props["abc"].id], confirm=True)
    assert all(r["ok"] for r in done) and not log.exists() and fresh.exists()
    trashed = list((hk.roots["trash"]).rglob("job-3.log"))
    assert len(trashed) == 1 and trashed[0].read_text() == "x" * 100
    assert hk.apply(["not-a-proposal"], confirm=True)[0]["ok"] is False


def test_per_rank_log_folders_of_finished_jobs_are_proposed(hk: Housekeeper) -> None:
    ranks = hk.roots["logs"] / "job-6-a0-ranks"
    old(ranks / "run" / "attempt_0" / "0" / "stdout.log")
    old(ranks / "run" / "attempt_0" / "1" / "stdout.log")
    old(hk.roots["logs"] / "notes.txt")  # not a job's: left alone
    still_written = hk.roots["logs"] / "job-7-a0-ranks" / "run" / "attempt_0" / "0" / "stdout.log"
    old(still_written.parent.parent / "1" / "stdout.log")
    still_written.parent.mkdir(parents=True)
    still_written.write_text("recent")  # aged by its newest file, not by the folder
    props = {Path(p.path).name: p for p in hk.propose()}
    assert set(props) == {"job-6-a0-ranks"}
    assert props["job-6-a0-ranks"].size_bytes == 200
    assert "per-rank logs of finished job 6" in props["job-6-a0-ranks"].description
    assert hk.apply([props["job-6-a0-ranks"].id], confirm=True)[0]["ok"] and not ranks.exists()


def test_trash_past_retention_is_purged(hk: Housekeeper) -> None:
    entry = hk.roots["trash"] / "20260101-000000-1"
    old(entry / "logs" / "job-1.log")
    os.utime(entry, (OLD, OLD))
    (p,) = [p for p in hk.propose() if p.action == "purge"]
    assert hk.apply([p.id], confirm=True)[0]["ok"] and not entry.exists()


def test_traversal_and_symlinks_refused(hk: Housekeeper, tmp_path: Path) -> None:
    root = hk.roots["logs"]
    root.mkdir(parents=True)
    outside = tmp_path / "precious"
    outside.mkdir()
    (outside / "keep.txt").write_text("mine")
    with pytest.raises(UnsafePath, match="traversal"):
        safe_target(root / ".." / "precious" / "keep.txt", root)
    with pytest.raises(UnsafePath, match="not inside"):
        safe_target(outside / "keep.txt", root)
    (root / "link").symlink_to(outside)
    with pytest.raises(UnsafePath, match="symbolic link"):
        safe_target(root / "link" / "keep.txt", root)
    (root / "job-9.log").symlink_to(outside / "keep.txt")
    with pytest.raises(UnsafePath, match="symbolic link"):
        safe_target(root / "job-9.log", root)
    with pytest.raises(UnsafePath, match="root"):
        safe_target(root, root)
    assert all(Path(p.path).name not in ("link", "job-9.log") for p in hk.propose())
    # a proposal whose file is swapped for a symlink before apply is refused at apply time
    victim = old(root / "job-5.log")
    (prop,) = [p for p in hk.propose() if p.path == str(victim)]
    victim.unlink()
    victim.symlink_to(outside / "keep.txt")
    res = hk.apply([prop.id], confirm=True)[0]
    assert not res["ok"] and "symbolic link" in res["message"]
    assert (outside / "keep.txt").read_text() == "mine"


def test_cache_root_that_is_a_symlink_is_ignored(hk: Housekeeper, tmp_path: Path) -> None:
    real = tmp_path / "elsewhere"
    old(real / "big.bin")
    hk.roots["triton"].parent.mkdir(parents=True, exist_ok=True)
    hk.roots["triton"].symlink_to(real)
    assert hk.propose() == []


def test_dry_run_is_a_sentence(hk: Housekeeper) -> None:
    log = old(hk.roots["logs"] / "job-9.log", "y" * 2048)
    (p,) = hk.propose()
    (dry,) = hk.apply([p.id], confirm=False)
    assert dry == {
        "id": p.id,
        "ok": False,
        "dry_run": True,
        "message": f"Dry run: would move {log} (2.0 KiB) to the trash: log of finished job 9, 40 days old."
        " Nothing was changed; confirm to do it.",
    }
    assert log.exists()
    (gone,) = hk.apply(["abc"], confirm=True)
    assert gone["message"] == "abc: no such proposal (proposals change at every scan); scan again first."


def test_processes_outside_the_queue_are_information_only(
    tmp_path: Path, child: subprocess.Popen[bytes]
) -> None:
    """A GPU process the queue did not start is never proposed for stopping: it is shown with its command
    line, user, age and memory."""
    from gpuaccel.accel.telemetry.fake import FakeBackend
    from gpuaccel.accel.telemetry.sampler import Sampler

    backend = FakeBackend("two_gpus")
    backend.init()
    backend.add_process(1, child.pid, "python", 2048.0)
    sampler = Sampler(backend, capacity=4)
    sampler.open()
    sampler.poll()
    try:
        hk = Housekeeper(tmp_path / "data", sampler=sampler, extra_roots={"triton": tmp_path / "t"})
        props = hk.propose()
        assert props == [] and all(p.action != "signal" for p in props)
        (info,) = [p for p in hk.outside_queue if p["pid"] == child.pid]
        assert info["gpu"] == 1 and info["user"] and info["cmdline"][0] == sys.executable
        text = info["description"]
        assert text.startswith(f"process {child.pid} ({' '.join(map(str, child.args))}) of ")
        assert "holds 2048 MiB on GPU 1, running for " in text and "the queue did not start it" in text
        assert child.poll() is None
    finally:
        sampler.stop()


def test_only_cache_entries_left_alone_past_retention_are_proposed_largest_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "my-triton-cache"
    monkeypatch.setenv("TRITON_CACHE_DIR", str(cache))  # where Triton itself writes, not ~/.triton
    hk = Housekeeper(tmp_path / "data", extra_roots={"torch_compile": tmp_path / "none"})
    assert hk.roots["triton"] == cache
    old(cache / "SMALL" / "k.cubin", "s" * 10)
    old(cache / "LARGE" / "k.cubin", "l" * 5000)
    (cache / "TODAY").mkdir()
    (cache / "TODAY" / "k.cubin").write_text("t" * 9000)  # compiled for work that runs now: kept
    props = [p for p in hk.propose() if p.root == "triton"]
    assert [Path(p.path).name for p in props] == ["LARGE", "SMALL"]
    assert props[0].description.endswith("LARGE, written 40 days ago")


def test_the_chat_query_and_cleanup_say_the_same_proposals(hk: Housekeeper, tmp_path: Path) -> None:
    """ "anything to clean up?" is the housekeeping query: the proposals with their sizes, largest first,
    in /cleanup's words (queries.cleanup.cleanup_text), read only."""
    from types import SimpleNamespace

    from gpuaccel.assistant.queries.catalogue import run
    from gpuaccel.assistant.queries.cleanup import cleanup_text
    from gpuaccel.assistant.queries.query import Query, QueryContext

    log = old(hk.roots["logs"] / "job-9.log")
    old(tmp_path / "triton" / "k1" / "kernel.cubin", "k" * 8192)

    def scan() -> tuple[list, list]:
        return hk.propose(), list(hk.outside_queue)

    result = run(QueryContext(SimpleNamespace(housekeeping=scan)), Query("housekeeping"))  # type: ignore[arg-type]
    assert result.sentence == cleanup_text(*scan())
    assert result.sentence.startswith("2 proposals, 8.1 KiB in all (nothing is done until you confirm")
    assert result.sentence.index("8.0 KiB") < result.sentence.index("100 bytes") and log.exists()
    empty = run(QueryContext(SimpleNamespace(housekeeping=lambda: ([], []))), Query("housekeeping"))  # type: ignore[arg-type]
    assert empty.sentence == "Nothing to clean up: no old logs, trash or caches found."
