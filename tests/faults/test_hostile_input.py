"""Faults: hostile text and sizes on every field of the job request and the assistant's requests.

Why: the daemon is shared by everything the user runs. One request with a lone surrogate, a NUL, a
200 MB label or deep nesting must be refused at the door with a 4xx naming the field -- never a 5xx, never
stored -- and every listing must keep answering 200 afterwards, including for rows an older version
stored before text was checked.
"""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any

import httpx
import pytest
from daemon_fixture import DaemonProcess

from gpuaccel.api import jobs as models
from gpuaccel.api import limits
from gpuaccel.scheduler.lifecycle.validation import RequestError, validate_request

LONE = "\ud800"
CMD = {"kind": "command", "argv": ["true"]}
DEEP = json.dumps({"kind": "command", "argv": ["true"], "spec": {"a": "X"}}).replace(
    '"X"', "[" * 5000 + "]" * 5000
)

# (what, JSON text of the body, the field the 422 must name)
HOSTILE_JOBS: list[tuple[str, dict[str, Any], str]] = [
    ("surrogate in a label value", {**CMD, "labels": {"team": LONE}}, "labels.team"),
    ("surrogate in a label key", {**CMD, "labels": {LONE: "x"}}, "labels"),
    ("surrogate in an argument", {**CMD, "argv": ["echo", "a" + LONE]}, "argv.1"),
    ("surrogate in an env value", {**CMD, "env": {"KEY": LONE}}, "env.KEY"),
    ("surrogate in an env name", {**CMD, "env": {LONE: "v"}}, "env"),
    ("surrogate in the name", {**CMD, "name": LONE}, "name"),
    ("surrogate in cwd", {**CMD, "cwd": "/tmp/" + LONE}, "cwd"),
    ("surrogate in the kind", {"kind": LONE}, "kind"),
    ("surrogate in a spec", {"kind": "matmul", "spec": {"dtype": LONE}}, "spec"),
    ("NUL in a label", {**CMD, "labels": {"a": "x\0y"}}, "labels.a"),
    ("NUL in an argument", {**CMD, "argv": ["echo", "x\0y"]}, "argv.1"),
    ("NUL in the name", {**CMD, "name": "x\0"}, "name"),
    ("'=' in an env name", {**CMD, "env": {"A=B": "v"}}, "env"),
    ("a long label", {**CMD, "labels": {"a": "x" * (limits.MAX_LABEL_VALUE_CHARS + 1)}}, "labels.a"),
    ("too many labels", {**CMD, "labels": {f"k{i}": "v" for i in range(limits.MAX_LABELS + 1)}}, "labels"),
    ("a long argument", {**CMD, "argv": ["x" * (limits.MAX_ARG_CHARS + 1)]}, "argv.0"),
    ("too many arguments", {**CMD, "argv": ["x"] * (limits.MAX_ARGS + 1)}, "argv"),
    ("argv too long in all", {**CMD, "argv": ["x" * limits.MAX_ARG_CHARS] * 5}, "argv"),
    ("a long env value", {**CMD, "env": {"K": "x" * (limits.MAX_ENV_VALUE_CHARS + 1)}}, "env.K"),
    ("too many env vars", {**CMD, "env": {f"K{i}": "v" for i in range(limits.MAX_ENV_VARS + 1)}}, "env"),
    ("a long name", {**CMD, "name": "x" * (limits.MAX_NAME_CHARS + 1)}, "name"),
    ("a long cwd", {**CMD, "cwd": "/" + "x" * limits.MAX_PATH_CHARS}, "cwd"),
    ("many dependencies", {**CMD, "depends_on": list(range(1, limits.MAX_DEPENDENCIES + 2))}, "depends_on"),
    ("a deep spec", {"kind": "matmul", "spec": {"a": json.loads("[" * 40 + "]" * 40)}}, "spec"),
    ("a big spec", {"kind": "matmul", "spec": {"x": "y" * (limits.MAX_SPEC_BYTES + 1)}}, "spec"),
]


def _post(d: DaemonProcess, path: str, content: bytes) -> httpx.Response:
    headers = {"Authorization": f"Bearer {d.token}", "Content-Type": "application/json"}
    return httpx.post(f"{d.url}/api/v1{path}", content=content, headers=headers, timeout=60)


def _get(d: DaemonProcess, path: str, **params: Any) -> httpx.Response:
    return httpx.get(
        f"{d.url}/api/v1{path}", params=params, headers={"Authorization": f"Bearer {d.token}"}, timeout=60
    )


def _listings_ok(d: DaemonProcess) -> None:
    for path in ("/jobs", "/events"):
        r = _get(d, path)
        assert r.status_code == 200, (path, r.text[:500])
    r = d.cli("ls")
    assert r.returncode == 0, r.stderr


def test_hostile_job_requests_are_refused_naming_the_field(daemon: DaemonProcess) -> None:
    """Every field: 422 whose loc names it, nothing stored, and the Python API refuses the same."""
    for what, body, field in HOSTILE_JOBS:
        r = _post(daemon, "/jobs", json.dumps(body).encode())  # json.dumps writes "\ud800" as an escape
        assert r.status_code == 422, (what, r.status_code, r.text[:300])
        locs = [".".join(str(p) for p in e["loc"][1:]) for e in r.json()["detail"]]
        assert any(loc.startswith(field) for loc in locs), (what, locs)
        assert json.dumps(r.json()).isascii() or "\ud800" not in r.text
        with pytest.raises(RequestError) as err:
            validate_request(body)
        assert err.value.field.startswith(field.split(".")[0]), (what, err.value.field)
    assert _get(daemon, "/jobs").json()["jobs"] == []
    _listings_ok(daemon)


def test_bodies_that_cannot_be_read_are_4xx(daemon: DaemonProcess) -> None:
    too_big = json.dumps({**CMD, "labels": {"a": "x" * (limits.MAX_BODY_BYTES + 10)}}).encode()
    r = _post(daemon, "/jobs", too_big)
    assert r.status_code == 413 and "at most" in r.json()["detail"], r.text[:300]
    for body in (DEEP.encode(), b'{"kind": "command", "argv": ["\xff\xfe"]}', b"[" * 100_000, b"{"):
        r = _post(daemon, "/jobs", body)
        assert 400 <= r.status_code < 500, (body[:40], r.status_code, r.text[:300])
    _listings_ok(daemon)


def test_assistant_requests_refuse_hostile_text(daemon: DaemonProcess) -> None:
    """The assistant's bodies (chat, reports, housekeeping, models): 4xx, never 5xx (503: no extra)."""
    bodies = {
        "/assistant/chat": [{"message": "hi" + LONE}, {"message": "x\0"}, {"message": "x" * 200_000}],
        "/assistant/models/import": [{"path": "/tmp/" + LONE}, {"path": "/tmp/x", "name": "../evil"}],
        "/assistant/models/download": [{"name": LONE}, {"name": "../../evil", "url": "http://127.0.0.1:9/"}],
        "/assistant/models/select": [{"name": LONE}, {"name": "/etc/passwd"}],
        "/assistant/housekeeping/apply": [{"ids": [LONE], "confirm": False}],
        "/assistant/reports": [{"kind": "daily", "day": LONE}],
    }
    for path, cases in bodies.items():
        for body in cases:
            r = _post(daemon, path, json.dumps(body).encode())
            assert r.status_code < 500 or r.status_code == 503, (path, body, r.status_code, r.text[:300])
    _listings_ok(daemon)


def test_rows_stored_by_an_older_version_still_list(daemon: DaemonProcess) -> None:
    """A lone surrogate or a huge label already in the database: listings answer 200, ``show`` too."""
    ok = _post(daemon, "/jobs", json.dumps(CMD).encode()).json()
    db = sqlite3.connect(daemon.data_dir / "gpuaccel.db", timeout=10)
    with db:  # as an unchecked version stored them: JSON with the escape kept (json.dumps is ASCII)
        db.execute(
            "UPDATE jobs SET labels = ?, argv = ?, env = ? WHERE id = ?",
            (
                json.dumps({"team": LONE, LONE: "x"}),
                json.dumps(["echo", LONE]),
                json.dumps({"K": LONE}),
                ok["id"],
            ),
        )
    db.close()
    _listings_ok(daemon)
    listed = _get(daemon, "/jobs").json()["jobs"][0]
    assert listed["labels"]["team"] == "\ufffd" and listed["argv"] == ["echo", "\ufffd"]
    assert _get(daemon, f"/jobs/{ok['id']}").json()["env"] == {"K": "\ufffd"}
    huge = _post(daemon, "/jobs", json.dumps(CMD).encode()).json()
    db = sqlite3.connect(daemon.data_dir / "gpuaccel.db", timeout=10)
    with db:  # a 3 MB label from before there were caps
        big = json.dumps({"big": "x" * 3_000_000})
        db.execute("UPDATE jobs SET labels = ? WHERE id = ?", (big, huge["id"]))
    db.close()
    r = _get(daemon, "/jobs")
    assert r.status_code == 200 and len(r.content) < 100_000
    assert r.json()["jobs"][0]["labels"] == {} and r.json()["jobs"][0]["summary"] is True
    assert len(_get(daemon, f"/jobs/{huge['id']}").json()["labels"]["big"]) == 3_000_000


def test_listings_ship_a_bounded_summary(daemon: DaemonProcess) -> None:
    """A job at every cap lists in a bounded form (``summary``), and ``show`` has it in full."""
    big = {
        **CMD,
        "argv": ["echo", *["a" * limits.MAX_ARG_CHARS] * 3],
        "env": {"SECRET": "s" * 1000},
        "labels": {f"k{i}": "v" * limits.MAX_LABEL_VALUE_CHARS for i in range(limits.MAX_LABELS)},
    }
    ids = [_post(daemon, "/jobs", json.dumps(big).encode()).json()["id"] for _ in range(20)]
    t0 = time.perf_counter()
    r = _get(daemon, "/jobs")
    assert r.status_code == 200 and len(r.content) < 20 * 20_000, len(r.content)
    row = r.json()["jobs"][0]
    assert row["summary"] is True and row["env"] == {} and len(row["labels"]) <= models.SUMMARY_LABELS
    assert all(len(a) <= models.SUMMARY_ARG_CHARS for a in row["argv"])
    full = _get(daemon, f"/jobs/{ids[0]}").json()
    assert full["summary"] is False and full["env"] == big["env"] and full["argv"] == big["argv"]
    assert len(full["labels"]) == limits.MAX_LABELS
    assert time.perf_counter() - t0 < 5


def test_a_body_that_is_not_json_is_a_400_that_says_how_to_send_one(daemon: DaemonProcess) -> None:
    """curl -d sends form encoding; a truncated body is not JSON: both are 400 with one sentence, and a
    NaN in a number field is named as such, not as a number past the field's bound."""
    auth = {"Authorization": f"Bearer {daemon.token}"}
    body = json.dumps(CMD).encode()
    form = {**auth, "Content-Type": "application/x-www-form-urlencoded"}
    r = httpx.post(f"{daemon.url}/api/v1/jobs", content=body, headers=form, timeout=60)
    assert r.status_code == 400, r.text[:300]
    assert "application/x-www-form-urlencoded" in r.json()["detail"]
    assert "Content-Type: application/json" in r.json()["detail"]
    r = _post(daemon, "/jobs", b'{"kind": "command", "argv": ["true"]')
    assert r.status_code == 400 and r.json()["detail"].startswith("the request body is not valid JSON")
    r = _post(daemon, "/jobs", b'{"kind": "command", "argv": ["true"], "timeout_s": NaN}')
    assert r.status_code == 422, r.text[:300]
    (err,) = r.json()["detail"]
    assert err["loc"][-1] == "timeout_s" and "NaN and infinity" in err["msg"]
    assert _get(daemon, "/jobs").json()["jobs"] == []
