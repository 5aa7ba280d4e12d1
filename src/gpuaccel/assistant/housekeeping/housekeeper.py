"""Housekeeping: find what can go, propose it with sizes, act only on confirmed proposals, inside known roots.

Known roots: the daemon's job logs (finished jobs past retention), its artifacts folder, its trash, the
Triton cache (``$TRITON_CACHE_DIR`` or ``~/.triton/cache``) and the torch compile cache
(``$TORCHINDUCTOR_CACHE_DIR`` or ``/tmp/torchinductor_<user>``). A cache entry is proposed only when nothing
has written it for the cache retention (14 days by default): an entry compiled this week most likely
belongs to work still being run, and trashing it would only cost that work a recompile. Nothing is
deleted outright: a confirmed entry is moved into ``<data dir>/trash/<stamp>/``; trash entries older than
the trash retention are proposed for purging. Every target is checked again when acting: it must be a
proposal we made, and every step is taken through :mod:`assistant.safe_paths` (relative to its
root opened as a directory fd, never through a link), so a link planted in a cache, or a root swapped for a
link between proposal and apply, cannot lead outside. A root that is not ours (a ``/tmp`` cache created
by another user) is refused with the reason (:attr:`Housekeeper.refused`). GPU processes the queue did
not start are never proposed for stopping (that is no reason to stop one): they are listed as information
(command line, user, age, memory; :attr:`Housekeeper.outside_queue`), and the user acts from the process
view, whose signal checks that the pid still names the same process.
"""

from __future__ import annotations

import contextlib
import errno
import getpass
import hashlib
import os
import re
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from gpuaccel.api.durations import format_duration
from gpuaccel.api.jobs import FINISHED
from gpuaccel.assistant.queries.cleanup import size_words
from gpuaccel.assistant.safe_paths import (
    UnsafePath,
    copy_at,
    inside_root,
    makedirs_at,
    open_root,
    remove_at,
    target_at,
    tree_size,
)
from gpuaccel.scheduler.reads import queue as reads

DAY = 86400.0
# A job's log (job-7.log) and the per-rank log folders of a multi-GPU job's attempts (job-7-a0-ranks).
JOB_LOG_NAME = re.compile(r"job-(\d+)(?:\.log|-a\d+-ranks)")


def _newest_mtime(path: Path) -> float:
    """A file's mtime; for a folder (per-rank logs), that of the newest file in it (when it was last
    written), else the folder's own. Symlinks are not followed."""
    if path.is_dir() and not path.is_symlink():
        files = [e.lstat().st_mtime for e in path.rglob("*") if e.is_file() and not e.is_symlink()]
        if files:
            return max(files)
    return path.lstat().st_mtime


@dataclass
class Proposal:
    id: str
    action: str  # "trash" | "purge"
    root: str  # which known root ("logs", "artifacts", "trash", "triton", "torch_compile")
    path: str
    size_bytes: int
    description: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class Housekeeper:
    def __init__(
        self,
        data_dir: Path,
        store: Any = None,
        sampler: Any = None,
        log_retention_days: float = 30.0,
        trash_retention_days: float = 7.0,
        cache_retention_days: float = 14.0,
        extra_roots: dict[str, Path] | None = None,
        own_pids: Any = None,
    ) -> None:
        self.data_dir = Path(data_dir)
        self.store, self.sampler = store, sampler
        self.log_retention_s = log_retention_days * DAY
        self.trash_retention_s = trash_retention_days * DAY
        self.cache_retention_s = cache_retention_days * DAY
        user = getpass.getuser()
        self.roots: dict[str, Path] = {
            "logs": self.data_dir / "logs",
            "artifacts": self.data_dir / "artifacts",
            "trash": self.data_dir / "trash",
            "triton": Path(os.environ.get("TRITON_CACHE_DIR") or Path.home() / ".triton" / "cache"),
            "torch_compile": Path(os.environ.get("TORCHINDUCTOR_CACHE_DIR", f"/tmp/torchinductor_{user}")),
        }
        self.roots.update(extra_roots or {})
        self._proposals: dict[str, Proposal] = {}
        self.refused: dict[str, str] = {}  # root name -> why it was skipped at the last propose()
        self.outside_queue: list[dict[str, Any]] = []  # GPU processes not started by the queue (info)
        self.own_pids = own_pids or (lambda: set())  # the assistant's model worker is ours, not an orphan

    def _usable(self, name: str) -> bool:
        """Whether root ``name`` exists and is ours to act in; a refusal is kept with its reason."""
        root = self.roots[name]
        if not root.exists() and not root.is_symlink():
            return False
        try:
            os.close(open_root(root))
        except (UnsafePath, OSError) as exc:
            self.refused[name] = str(exc)
            return False
        return True

    def _pid(self, action: str, path: str) -> str:
        return hashlib.sha256(f"{action}:{path}".encode()).hexdigest()[:16]

    def _add(
        self, out: list[Proposal], action: str, root: str, path: Path | str, size: int, desc: str
    ) -> None:
        out.append(Proposal(self._pid(action, str(path)), action, root, str(path), size, desc))

    def _finished_jobs(self) -> set[int] | None:
        if self.store is None:
            return None
        return reads.job_ids(self.store, sorted(FINISHED))

    def propose(self, now: float | None = None) -> list[Proposal]:
        now = time.time() if now is None else now
        out: list[Proposal] = []
        self.refused = {}
        finished = self._finished_jobs()
        logs = self.roots["logs"]
        if self._usable("logs"):
            for p in sorted(logs.iterdir()):
                match = JOB_LOG_NAME.fullmatch(p.name)
                if match is None or p.is_symlink():
                    continue
                age = now - _newest_mtime(p)
                job = int(match.group(1))
                done = finished is None or job in finished
                if age > self.log_retention_s and done:
                    what = "log" if p.is_file() else "per-rank logs"
                    self._add(
                        out,
                        "trash",
                        "logs",
                        p,
                        tree_size(p),
                        f"{what} of finished job {job}, {age / DAY:.0f} days old",
                    )
        arts = self.roots["artifacts"]
        if self._usable("artifacts"):
            for p in sorted(arts.iterdir()):
                age = now - p.lstat().st_mtime
                if not p.is_symlink() and age > self.log_retention_s:
                    self._add(
                        out,
                        "trash",
                        "artifacts",
                        p,
                        tree_size(p),
                        f"artifact {p.name}, {age / DAY:.0f} days old",
                    )
        trash = self.roots["trash"]
        if self._usable("trash"):
            for p in sorted(trash.iterdir()):
                age = now - p.lstat().st_mtime
                if not p.is_symlink() and age > self.trash_retention_s:
                    self._add(
                        out,
                        "purge",
                        "trash",
                        p,
                        tree_size(p),
                        f"trash from {age / DAY:.0f} days ago (past retention)",
                    )
        for name, desc in (
            ("triton", "Triton kernel cache (rebuilt on demand)"),
            ("torch_compile", "torch.compile / Inductor cache (rebuilt on demand)"),
        ):
            if self._usable(name):
                stale = []  # (size, entry, days since last written), largest first
                for p in sorted(self.roots[name].iterdir()):
                    age = now - _newest_mtime(p)
                    if not p.is_symlink() and age > self.cache_retention_s:
                        stale.append((tree_size(p), p, age / DAY))
                for size, p, days in sorted(stale, key=lambda e: -e[0]):
                    self._add(out, "trash", name, p, size, f"{desc}: {p.name}, written {days:.0f} days ago")
        self.outside_queue = self._outside_queue()
        self._proposals = {p.id: p for p in out}
        return out

    def _outside_queue(self) -> list[dict[str, Any]]:
        """GPU processes the queue did not start, for information only: that is no reason to stop one
        (it may be the user's notebook). The user acts on them, if at all, from the process view."""
        if self.sampler is None or not getattr(self.sampler, "available", False):
            return []
        from gpuaccel.accel.telemetry.processes import ProcessTable
        from gpuaccel.accel.telemetry.types import NA

        owned = set(reads.running_pids(self.store)) if self.store is not None else set()
        owned |= {os.getpid(), *self.own_pids()}
        out = []
        for row in ProcessTable().rows(self.sampler.latest()):
            if row.kind != "compute" or row.pid in owned:
                continue
            with contextlib.suppress(ProcessLookupError, PermissionError):
                if os.getpgid(row.pid) in owned:
                    continue
            info = row.to_json()
            cmd = " ".join(row.cmdline) if not isinstance(row.cmdline, NA) else row.name
            mib = "?" if isinstance(row.used_mib, NA) else f"{row.used_mib:.0f}"
            age = "" if isinstance(row.elapsed_s, NA) else f", running for {format_duration(row.elapsed_s)}"
            who = "" if isinstance(row.user, NA) else f" of {row.user}"
            what = "simulated process" if row.simulated else "process"  # demo GPUs: no host process
            info["description"] = (
                f"{what} {row.pid} ({cmd[:200]}){who} holds {mib} MiB on GPU {row.gpu}{age}; "
                "the queue did not start it (shown for information; act from the process view if you mean to)"
            )
            out.append(info)
        return out

    def apply(self, ids: list[str], confirm: bool) -> list[dict[str, Any]]:
        """Act on proposals by id. Without ``confirm`` nothing happens: each result says in a sentence
        what would be done."""
        results = []
        stamp = time.strftime("%Y%m%d-%H%M%S") + f"-{os.getpid()}"
        for pid in ids:
            prop = self._proposals.get(pid)
            if prop is None:
                msg = f"{pid}: no such proposal (proposals change at every scan); scan again first."
                results.append({"id": pid, "ok": False, "message": msg})
                continue
            if not confirm:
                results.append({"id": pid, "ok": False, "dry_run": True, "message": _would(prop)})
                continue
            try:
                results.append({"id": pid, "ok": True, "message": self._act(prop, stamp)})
                del self._proposals[pid]
            except (UnsafePath, OSError) as exc:
                results.append({"id": pid, "ok": False, "message": f"Not done: {exc}."})
        return results

    def _act(self, prop: Proposal, stamp: str) -> str:
        root = self.roots[prop.root]
        rel = inside_root(prop.path, root)
        with target_at(prop.path, root) as (fd, name):
            if prop.action == "purge":
                remove_at(fd, name)
                return f"Deleted {prop.path} from the trash ({size_words(prop.size_bytes)})."
            trash = self.roots["trash"]
            trash.mkdir(mode=0o700, parents=True, exist_ok=True)
            trash_fd = open_root(trash)
            try:
                dest_fd = makedirs_at(trash_fd, (stamp, prop.root, *rel.parts[:-1]))
            finally:
                os.close(trash_fd)
            try:
                try:
                    os.rename(name, name, src_dir_fd=fd, dst_dir_fd=dest_fd)
                except OSError as exc:
                    if exc.errno != errno.EXDEV:
                        raise
                    copy_at(fd, name, dest_fd)  # another file system (a cache under /tmp): copy, then remove
                    remove_at(fd, name)
            finally:
                os.close(dest_fd)
        dest = trash / stamp / prop.root / rel
        return f"Moved {prop.path} ({size_words(prop.size_bytes)}) to {dest}."


def _would(prop: Proposal) -> str:
    """The dry run of one proposal, as a sentence."""
    verb = "delete" if prop.action == "purge" else "move"
    where = " for good" if prop.action == "purge" else " to the trash"
    return (
        f"Dry run: would {verb} {prop.path} ({size_words(prop.size_bytes)}){where}: {prop.description}. "
        "Nothing was changed; confirm to do it."
    )
