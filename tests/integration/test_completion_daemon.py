"""Completion of values from a running daemon: a TAB after ``show``, ``--group`` or ``cancel`` offers its
job ids and groups, asking over the daemon's socket with the standard library, so the TAB loads neither
httpx nor pydantic (they cost about 0.6 s of CPU on every TAB)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from daemon_fixture import REPO, DaemonProcess

HEAVY = ("httpx", "pydantic")


def _tab(d: DaemonProcess, line: str, tmp_path: Path) -> tuple[list[str], set[str]]:
    """What argcomplete answers at the end of ``line`` (as bash's TAB runs it) and the heavy modules the
    answering process imported (``-X importtime`` lists every module it imported)."""
    out = tmp_path / "offered"
    env = {
        **os.environ, "PYTHONPATH": str(REPO / "src"), "GPUACCEL_DATA_DIR": str(d.data_dir),
        "_ARGCOMPLETE": "1", "_ARGCOMPLETE_IFS": "\n", "_ARGCOMPLETE_STDOUT_FILENAME": str(out),
        "COMP_LINE": line, "COMP_POINT": str(len(line)), "COMP_TYPE": "9",
    }  # fmt: skip
    env.pop("GPUACCEL_URL", None)
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "gpuaccel"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    imported = {
        row.rsplit("|", 1)[-1].strip() for row in done.stderr.splitlines() if row.startswith("import time:")
    }
    return [w.strip() for w in out.read_text().split("\n") if w.strip()], imported & set(HEAVY)


def test_job_ids_and_groups_come_over_the_socket_without_httpx_or_pydantic(
    daemon: DaemonProcess, tmp_path: Path
) -> None:
    client = daemon.client()
    held = client.submit("command", argv=["true"], name="kept", hold=True)
    client.add_group("night", parallel=2)
    offered, heavy = _tab(daemon, "gpuaccel show ", tmp_path)
    assert str(held.id) in offered and heavy == set(), (offered, heavy)
    offered, heavy = _tab(daemon, "gpuaccel submit --group n", tmp_path)
    assert offered == ["night"] and heavy == set(), (offered, heavy)
    daemon.stop()  # no daemon: nothing offered, quietly
    offered, heavy = _tab(daemon, "gpuaccel cancel ", tmp_path)
    assert not [w for w in offered if w.isdigit()] and heavy == set(), offered
