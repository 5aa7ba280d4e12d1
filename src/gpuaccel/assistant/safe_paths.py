"""Operations inside a known root that no planted link can lead outside of.

Every step is taken relative to the root opened as a directory fd (``O_NOFOLLOW``, owned by this user, not
writable by others), each folder on the way opened the same way and the target itself not a link; so a
link planted in a cache, or a root swapped for a link between a check and an act, cannot lead outside.
Housekeeping (:mod:`assistant.housekeeping.housekeeper`) moves and deletes only through these.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


class UnsafePath(ValueError):
    """A target outside its root, a symlink, or a path with traversal: refused, nothing touched."""


def tree_size(path: Path) -> int:
    """Bytes of a file or a tree, links not followed and not counted."""
    if path.is_symlink():
        return 0
    if path.is_file():
        return path.stat().st_size
    total = 0
    for dirpath, _dirs, files in os.walk(path, followlinks=False):
        for name in files:
            p = Path(dirpath, name)
            if not p.is_symlink():
                total += p.stat().st_size
    return total


_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


def open_root(root: Path) -> int:
    """A directory fd for ``root``, opened without following a link at its last step, and only when it
    is ours: owned by this user, not writable by others, and not in a folder where others may rename it
    (a world-writable folder without the sticky bit). Every later step is relative to this fd, so a root
    swapped for a link after the proposal leads nowhere else."""
    uid = os.getuid()
    parent = os.open(root.parent, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        pst = os.fstat(parent)
        if pst.st_mode & stat.S_IWOTH and not pst.st_mode & stat.S_ISVTX:
            raise UnsafePath(f"{root}: its folder {root.parent} is writable by every user; refused")
        try:
            fd = os.open(root.name, _DIR_FLAGS, dir_fd=parent)
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                raise UnsafePath(f"{root} is a symbolic link or not a folder; refused") from None
            raise
    finally:
        os.close(parent)
    st = os.fstat(fd)
    why = None
    if st.st_uid != uid:
        why = (
            f"{root} belongs to user id {st.st_uid}, not to you ({uid}); refused (in a shared folder such "
            "as /tmp another user can create it first)"
        )
    elif st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        why = f"{root} is writable by other users; refused"
    if why is not None:
        os.close(fd)
        raise UnsafePath(why)
    return fd


def inside_root(path: Path | str, root: Path) -> Path:
    """``path`` relative to ``root`` when it names something strictly inside it (by its text alone)."""
    raw = Path(path)
    if ".." in raw.parts or "\0" in str(raw):
        raise UnsafePath(f"{path}: path traversal ('..') or NUL refused")
    try:
        rel = (raw if raw.is_absolute() else root / raw).relative_to(root)
    except ValueError:
        raise UnsafePath(f"{path}: not inside {root}") from None
    if not rel.parts:
        raise UnsafePath(f"{path}: is the root {root} itself")
    return rel


@contextmanager
def target_at(path: Path | str, root: Path) -> Iterator[tuple[int, str]]:
    """``(dir fd, name)`` of ``path`` strictly inside ``root``: the root opened by :func:`open_root`, each
    folder on the way opened without following links, the target itself not a link. Else
    :class:`UnsafePath`, with nothing touched."""
    rel = inside_root(path, root)
    fd = open_root(root)
    try:
        for part in rel.parts[:-1]:
            try:
                nxt = os.open(part, _DIR_FLAGS, dir_fd=fd)
            except OSError as exc:
                if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                    raise UnsafePath(f"{path}: {part} is a symbolic link; refused") from None
                raise
            os.close(fd)
            fd = nxt
        if stat.S_ISLNK(os.stat(rel.name, dir_fd=fd, follow_symlinks=False).st_mode):
            raise UnsafePath(f"{path}: is a symbolic link; refused")
        yield fd, rel.name
    finally:
        os.close(fd)


def safe_target(path: Path | str, root: Path) -> Path:
    """``path`` if it is strictly inside ``root`` with no symlink on the way; else :class:`UnsafePath`."""
    with target_at(path, root):
        return root / inside_root(path, root)


def makedirs_at(fd: int, parts: tuple[str, ...]) -> int:
    """A new fd for ``parts`` under ``fd`` (each made 0700 when missing, never through a link)."""
    fd = os.dup(fd)
    for part in parts:
        with contextlib.suppress(FileExistsError):
            os.mkdir(part, 0o700, dir_fd=fd)
        nxt = os.open(part, _DIR_FLAGS, dir_fd=fd)
        os.close(fd)
        fd = nxt
    return fd


def copy_at(src: int, name: str, dst: int) -> None:
    """Copy ``name`` (a file or a tree) between two folders by fd; links and special files are skipped."""
    st = os.stat(name, dir_fd=src, follow_symlinks=False)
    if stat.S_ISDIR(st.st_mode):
        os.mkdir(name, 0o700, dir_fd=dst)
        s, d = os.open(name, _DIR_FLAGS, dir_fd=src), os.open(name, _DIR_FLAGS, dir_fd=dst)
        try:
            for child in os.listdir(s):
                copy_at(s, child, d)
        finally:
            os.close(s)
            os.close(d)
    elif stat.S_ISREG(st.st_mode):
        fi = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=src)
        fo = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600, dir_fd=dst)
        with os.fdopen(fi, "rb") as fin, os.fdopen(fo, "wb") as fout:
            shutil.copyfileobj(fin, fout, 1 << 20)


def remove_at(fd: int, name: str) -> None:
    """Delete ``name`` (a file or a tree) in the folder ``fd``, never through a link."""
    if stat.S_ISDIR(os.stat(name, dir_fd=fd, follow_symlinks=False).st_mode):
        shutil.rmtree(name, dir_fd=fd)  # the fd-based walk: it never follows a link
    else:
        os.unlink(name, dir_fd=fd)
