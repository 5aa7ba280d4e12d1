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
