"""Faults: housekeeping on a shared machine. A root swapped for a symlink between proposal and apply, a
folder on the way swapped, a root created by another user under /tmp: nothing outside is moved or deleted,
and the refusal says why.

Why: apply moves files into the trash and purge deletes them later; before, a cache root swapped for a
link after the proposal let apply move files from outside every root.
"""

from __future__ import annotations

import errno
import os
import time
from pathlib import Path

import pytest

from gpuaccel.assistant.housekeeping import housekeeper as housekeeping
from gpuaccel.assistant.housekeeping.housekeeper import Housekeeper
from gpuaccel.assistant.safe_paths import UnsafePath, open_root

OLD = time.time() - 40 * 86400


def _file(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    os.utime(path, (OLD, OLD))
    return path


@pytest.fixture()
def setup(tmp_path: Path) -> tuple[Housekeeper, Path, Path]:
    cache = tmp_path / "cache" / "triton"
    outside = tmp_path / "precious"
    _file(cache / "abc" / "kernel.cubin", "cache")
    _file(outside / "abc" / "kernel.cubin", "mine")
    hk = Housekeeper(tmp_path / "data", extra_roots={"triton": cache, "torch_compile": tmp_path / "none"})
    return hk, cache, outside


def _keeper(tmp_path: Path) -> Housekeeper:
    """Only roots under the test's folder (never the user's real caches)."""
    none = {"triton": tmp_path / "no-triton", "torch_compile": tmp_path / "no-inductor"}
    return Housekeeper(tmp_path / "data", extra_roots=none)


def _untouched(outside: Path, hk: Housekeeper) -> None:
    assert (outside / "abc" / "kernel.cubin").read_text() == "mine"
    trash = hk.roots["trash"]
    assert not trash.exists() or not any(p.is_file() for p in trash.rglob("*")), list(trash.rglob("*"))


def test_root_swapped_for_a_link_after_the_proposal_moves_nothing(setup: tuple) -> None:
    hk, cache, outside = setup
    (prop,) = [p for p in hk.propose() if p.root == "triton"]
    cache.rename(cache.with_name("triton-moved"))
    cache.symlink_to(outside)  # same path, now leading outside every root
    (result,) = hk.apply([prop.id], confirm=True)
    assert not result["ok"] and "symbolic link" in result["message"], result
    _untouched(outside, hk)


def test_a_folder_on_the_way_swapped_for_a_link_moves_nothing(tmp_path: Path) -> None:
    hk = _keeper(tmp_path)
    ranks = hk.roots["logs"] / "job-6-a0-ranks"
    _file(ranks / "run" / "0" / "stdout.log", "ours")
    outside = tmp_path / "precious"
    _file(outside / "run" / "0" / "stdout.log", "mine")
    (prop,) = hk.propose()
    # a proposal for a file inside a folder (as a purge of a nested trash entry would be)
    prop.path = str(ranks / "run" / "0" / "stdout.log")
    ranks.rename(tmp_path / "moved")
    ranks.symlink_to(outside)
    (result,) = hk.apply([prop.id], confirm=True)
    assert not result["ok"] and "symbolic link" in result["message"], result
    assert (outside / "run" / "0" / "stdout.log").read_text() == "mine"


def test_purge_of_a_trash_swapped_for_a_link_deletes_nothing(tmp_path: Path) -> None:
    hk = _keeper(tmp_path)
    entry = hk.roots["trash"] / "20260101-000000-1"
    _file(entry / "logs" / "job-1.log", "old")
    os.utime(entry, (OLD, OLD))
    (prop,) = [p for p in hk.propose() if p.action == "purge"]
    outside = tmp_path / "precious"
    _file(outside / "20260101-000000-1" / "keep.txt", "mine")
    hk.roots["trash"].rename(tmp_path / "trash-moved")
    hk.roots["trash"].symlink_to(outside)
    (result,) = hk.apply([prop.id], confirm=True)
    assert not result["ok"] and "symbolic link" in result["message"]
    assert (outside / "20260101-000000-1" / "keep.txt").read_text() == "mine"


def test_a_root_of_another_user_is_refused_with_the_reason(setup: tuple) -> None:
    hk, cache, outside = setup
    if os.getuid() != 0:
        pytest.skip("needs root to make a folder owned by another user")
    (prop,) = [p for p in hk.propose() if p.root == "triton"]
    os.chown(cache, 54321, 54321)  # as if another user had created /tmp/torchinductor_<you> first
    assert [p for p in hk.propose() if p.root == "triton"] == []
    assert "belongs to user id 54321" in hk.refused["triton"]
    hk._proposals[prop.id] = prop  # a proposal made before the swap
    (result,) = hk.apply([prop.id], confirm=True)
    assert not result["ok"] and "belongs to user id 54321" in result["message"]
    assert (cache / "abc" / "kernel.cubin").exists()


def test_a_root_in_a_world_writable_folder_without_sticky_bit_is_refused(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    (shared / "cache").mkdir(parents=True)
    os.chmod(shared, 0o777)
    with pytest.raises(UnsafePath, match="writable by every user"):
        open_root(shared / "cache")
    os.chmod(shared, 0o1777)  # like /tmp: others cannot rename what is ours
    os.close(open_root(shared / "cache"))
    os.chmod(shared / "cache", 0o777)
    with pytest.raises(UnsafePath, match="writable by other users"):
        open_root(shared / "cache")


def test_a_cache_on_another_file_system_is_copied_then_removed(
    setup: tuple, monkeypatch: pytest.MonkeyPatch
) -> None:
    hk, cache, outside = setup
    (cache / "abc" / "link").symlink_to(outside / "abc" / "kernel.cubin")  # never followed or copied
    real_rename = os.rename

    def cross_device(*args: object, **kw: object) -> None:
        raise OSError(errno.EXDEV, "Invalid cross-device link")

    monkeypatch.setattr(housekeeping.os, "rename", cross_device)
    (prop,) = [p for p in hk.propose() if p.root == "triton"]
    (result,) = hk.apply([prop.id], confirm=True)
    monkeypatch.setattr(housekeeping.os, "rename", real_rename)
    assert result["ok"], result
    assert not (cache / "abc").exists()
    (moved,) = hk.roots["trash"].rglob("kernel.cubin")
    assert moved.read_text() == "cache" and not list(hk.roots["trash"].rglob("link"))
    assert (outside / "abc" / "kernel.cubin").read_text() == "mine"
