"""Hostile query strings and headers: each answers 4xx with what is wrong, never 500, and none stalls the
daemon's event loop."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest
from daemon_fixture import DaemonProcess

from gpuaccel.scheduler.lifecycle.arrays import parse_array


@pytest.fixture
def api(daemon: DaemonProcess) -> Iterator[httpx.Client]:
    with httpx.Client(
        base_url=f"{daemon.url}/api/v1", headers={"Authorization": f"Bearer {daemon.token}"}, timeout=30
    ) as client:
        yield client


def test_a_label_filter_with_nul_or_quotes_is_answered_not_a_500(api: httpx.Client) -> None:
    job = api.post("/jobs", json={"kind": "command", "argv": ["true"], "labels": {'we"ird': "1"}}).json()
    bad = api.get("/jobs", params={"label": "\x00=x"})
    assert bad.status_code == 422 and "NUL" in bad.text, bad.text
    found = api.get("/jobs", params={"label": 'we"ird=1'})  # a key holding a quote means itself
    assert found.status_code == 200 and [j["id"] for j in found.json()["jobs"]] == [job["id"]]
    assert api.get("/jobs", params={"label": "a" * 129 + "=1"}).status_code == 422


def test_a_last_event_id_past_any_file_is_a_422(api: httpx.Client) -> None:
    job = api.post("/jobs", json={"kind": "command", "argv": ["true"]}).json()
    r = api.get(f"/jobs/{job['id']}/log/stream", headers={"Last-Event-ID": "99999999999999999999"})
    assert r.status_code == 422 and "at most" in r.text, r.text


def test_an_array_spec_full_of_indices_is_parsed_in_linear_time() -> None:
    start = time.perf_counter()
    with pytest.raises(ValueError, match="index 9998 is given twice"):
        parse_array("0-9998,9998")
    assert time.perf_counter() - start < 0.05  # the quadratic search took about 1 s


ODD_KEYS = ['a"b', "a.b", "$", "a[0]", "*", "x y", "'", "\\", "ключ"]


def test_every_label_key_is_matched_as_the_text_it_is(api: httpx.Client) -> None:
    """Quotes, dots, ``$``, brackets and backslashes are plain characters of a key, not JSON path syntax."""
    submit = {"kind": "command", "argv": ["true"], "hold": True}
    ids = {
        key: api.post("/jobs", json={**submit, "labels": {key: "v", "other": "w"}}).json()["id"]
        for key in ODD_KEYS
    }
    plain = api.post("/jobs", json={**submit, "labels": {"ab": "v", "a": "v"}}).json()["id"]

    def listed(*filters: str) -> list[int]:
        r = api.get("/jobs", params={"label": list(filters)})
        assert r.status_code == 200, r.text
        return [j["id"] for j in r.json()["jobs"]]

    for key, job in ids.items():
        assert listed(f"{key}=v") == [job] and listed(f"{key}=v", "other=w") == [job], key
        assert listed(f"{key}=nope") == [], key
    assert listed("ab=v") == [plain]  # 'a"b' does not stand for it


def test_the_largest_last_event_id_goes_on_from_the_end(api: httpx.Client, daemon: DaemonProcess) -> None:
    """2**63 - 1 is accepted (the header's documented bound) and streams from the log's end, not a
    seek the file system refuses mid-stream."""
    job = api.post("/jobs", json={"kind": "command", "argv": ["echo", "done"]}).json()
    r = api.get(f"/jobs/{job['id']}/log/stream", headers={"Last-Event-ID": str(2**63 - 1)})
    assert r.status_code == 200 and "event: end" in r.text, r.text
    assert "Traceback" not in daemon.output()
