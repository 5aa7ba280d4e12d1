"""Housekeeping: find what can go, propose it with sizes, act only on confirmed proposals, inside known roots.

Known roots: the daemon's job logs (finished jobs past retention), its artifacts folder, its trash, the
Triton cache (``~/.triton/cache``) and the torch compile cache (``/tmp/torchinductor_<user>``). Nothing is
deleted outright: a confirmed entry is moved into ``<data dir>/trash/<stamp>/``; trash entries older than
the trash retention are proposed for purging. Every target is checked again when acting: it must be a
proposal we made, lie inside its root after resolving, and neither be nor pass through a symlink (so a
link planted in a cache cannot lead outside). GPU processes that hold memory and belong to no job are
listed for the user to look at; their ``signal`` action sends SIGTERM only to the user's own processes.
"""

from __future__ import annotations

import getpass
import hashlib
import os
import re
import shutil
import signal
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from gpuaccel.scheduler import reads
from gpuaccel.scheduler.models import FINISHED

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


class UnsafePath(ValueError):
    """A target outside its root, a symlink, or a path with traversal: refused, nothing touched."""


@dataclass
class Proposal:
    id: str
    action: str  # "trash" | "purge" | "signal"
    root: str  # which known root ("logs", "artifacts", "trash", "triton", "torch_compile", "gpu")
    path: str
    size_bytes: int
    description: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def tree_size(path: Path) -> int:
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


def safe_target(path: Path | str, root: Path) -> Path:
    """``path`` if it is strictly inside ``root`` with no symlink on the way; else :class:`UnsafePath`."""
    raw = Path(path)
    if ".." in raw.parts:
        raise UnsafePath(f"{path}: path traversal ('..') refused")
    root_real = root.resolve()
    candidate = raw if raw.is_absolute() else root / raw
    try:
        rel = candidate.relative_to(root)
    except ValueError:
        raise UnsafePath(f"{path}: not inside {root}") from None
    if not rel.parts:
        raise UnsafePath(f"{path}: is the root {root} itself")
    step = root
    for part in rel.parts:
        step = step / part
        if step.is_symlink():
            raise UnsafePath(f"{path}: {step} is a symbolic link; refused")
    real = candidate.resolve()
    if not real.is_relative_to(root_real) or real == root_real:
        raise UnsafePath(f"{path}: resolves to {real}, outside {root_real}")
    return candidate


class Housekeeper:
    def __init__(
        self,
        data_dir: Path,
        store: Any = None,
        sampler: Any = None,
        log_retention_days: float = 30.0,
        trash_retention_days: float = 7.0,
        extra_roots: dict[str, Path] | None = None,
        own_pids: Any = None,
    ) -> None:
        self.data_dir = Path(data_dir)
        self.store, self.sampler = store, sampler
        self.log_retention_s = log_retention_days * DAY
        self.trash_retention_s = trash_retention_days * DAY
        user = getpass.getuser()
        self.roots: dict[str, Path] = {
            "logs": self.data_dir / "logs",
            "artifacts": self.data_dir / "artifacts",
            "trash": self.data_dir / "trash",
            "triton": Path.home() / ".triton" / "cache",
            "torch_compile": Path(os.environ.get("TORCHINDUCTOR_CACHE_DIR", f"/tmp/torchinductor_{user}")),
        }
        self.roots.update(extra_roots or {})
        self._proposals: dict[str, Proposal] = {}
        self.own_pids = own_pids or (lambda: set())  # the assistant's model worker is ours, not an orphan

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
        finished = self._finished_jobs()
        logs = self.roots["logs"]
        if logs.is_dir():
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
        if arts.is_dir():
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
        if trash.is_dir():
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
            root = self.roots[name]
            if root.is_dir() and not root.is_symlink():
                for p in sorted(root.iterdir()):
                    if not p.is_symlink():
                        self._add(out, "trash", name, p, tree_size(p), f"{desc}: {p.name}")
        out += self._gpu_orphans()
        self._proposals = {p.id: p for p in out}
        return out

    def _gpu_orphans(self) -> list[Proposal]:
        if self.sampler is None or not getattr(self.sampler, "available", False):
            return []
        from gpuaccel.accel.telemetry.types import NA

        owned = set()
        if self.store is not None:
            owned = set(reads.running_pids(self.store))
        owned |= {os.getpid(), *self.own_pids()}
        out: list[Proposal] = []
        for s in self.sampler.latest():
            if isinstance(s.processes, NA):
                continue
            for p in s.processes:
                if p.kind != "compute" or p.pid in owned:
                    continue
                try:
                    if os.getpgid(p.pid) in owned:
                        continue
                except (ProcessLookupError, PermissionError):
                    pass
                used = 0 if isinstance(p.used_mib, NA) else int(p.used_mib)
                self._add(
                    out,
                    "signal",
                    "gpu",
                    str(p.pid),
                    used * 2**20,
                    f"process {p.pid} ({p.name}) holds {used} MiB on GPU {s.index} and belongs to no job",
                )
        return out

    def apply(self, ids: list[str], confirm: bool) -> list[dict[str, Any]]:
        """Act on proposals by id. Without ``confirm`` nothing happens (a dry run listing what would)."""
        results = []
        stamp = time.strftime("%Y%m%d-%H%M%S") + f"-{os.getpid()}"
        for pid in ids:
            prop = self._proposals.get(pid)
            if prop is None:
                results.append({"id": pid, "ok": False, "error": "unknown proposal id; propose again first"})
                continue
            if not confirm:
                results.append(
                    {"id": pid, "ok": False, "dry_run": True, "would": f"{prop.action} {prop.path}"}
                )
                continue
            try:
                results.append({"id": pid, "ok": True, "done": self._act(prop, stamp)})
                del self._proposals[pid]
            except (UnsafePath, OSError, PermissionError) as exc:
                results.append({"id": pid, "ok": False, "error": str(exc)})
        return results

    def _act(self, prop: Proposal, stamp: str) -> str:
        if prop.action == "signal":
            pid = int(prop.path)
            if os.stat(f"/proc/{pid}").st_uid != os.getuid():
                raise PermissionError(f"process {pid} belongs to another user; not signalled")
            os.kill(pid, signal.SIGTERM)
            return f"sent SIGTERM to process {pid}"
        root = self.roots[prop.root]
        target = safe_target(prop.path, root)
        if prop.action == "purge":
            shutil.rmtree(target) if target.is_dir() else target.unlink()
            return f"deleted {target} from the trash"
        dest = self.roots["trash"] / stamp / prop.root / target.relative_to(root)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(target), str(dest))
        return f"moved {target} to {dest}"
