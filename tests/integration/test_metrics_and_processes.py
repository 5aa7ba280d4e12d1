"""/metrics as Prometheus reads it (names, types, base units), the Grafana dashboard checked against the
names actually exported, and the process table end to end (``gpuaccel ps`` / ``gpuaccel kill``)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

from daemon_fixture import DaemonFactory, DaemonProcess, wait_for
from prometheus_client.parser import text_string_to_metric_families

from gpuaccel.accel.telemetry.fields import exported

REPO = Path(__file__).resolve().parents[2]
DASHBOARD = REPO / "docs" / "grafana" / "gpuaccel.json"

EXPECTED_TYPES = {
    "gpuaccel_build_info": "gauge",  # an info metric; the 0.0.4 text format types it gauge
    "gpuaccel_gpu_utilization_ratio": "gauge",
    "gpuaccel_gpu_memory_used_bytes": "gauge",
    "gpuaccel_gpu_temperature_celsius": "gauge",
    "gpuaccel_gpu_power_watts": "gauge",
    "gpuaccel_gpu_energy_joules": "counter",
    "gpuaccel_gpu_sm_clock_hertz": "gauge",
    "gpuaccel_gpu_tensor_active_ratio": "gauge",
    "gpuaccel_gpu_flops": "gauge",
    "gpuaccel_gpu_lost": "gauge",
    "gpuaccel_gpu_job_info": "gauge",
    "gpuaccel_gpu_idle": "gauge",
    "gpuaccel_jobs": "gauge",
    "gpuaccel_job_transitions": "counter",
    "gpuaccel_job_wait_seconds": "histogram",
    "gpuaccel_job_run_seconds": "histogram",
    "gpuaccel_idle_gate_open": "gauge",
    "gpuaccel_telemetry_available": "gauge",
}


def _scrape(d: DaemonProcess) -> dict:
    return {f.name: f for f in text_string_to_metric_families(d.client().metrics())}


def test_metrics_names_types_units_and_grafana(daemon: DaemonProcess) -> None:
    client = daemon.client()
    job = client.submit("command", argv=[sys.executable, "-c", "pass"])
    assert client.wait(job.id, timeout=30).state == "succeeded"
    families = wait_for(
        lambda: f if (f := _scrape(daemon))["gpuaccel_gpu_energy_joules"].samples else None, what="energy"
    )
    assert {n: families[n].type for n in EXPECTED_TYPES} == EXPECTED_TYPES
    build = families["gpuaccel_build_info"].samples[0]
    assert build.name == "gpuaccel_build_info" and build.labels["simulated"] == "true"
    assert build.labels["backend"] == "fake:two_gpus" and build.labels["driver"].endswith("(fake)")
    energy = families["gpuaccel_gpu_energy_joules"].samples
    assert {s.name for s in energy} == {"gpuaccel_gpu_energy_joules_total"}
    assert all(s.value > 0 for s in energy)
    util = {s.labels["gpu"]: s.value for s in families["gpuaccel_gpu_utilization_ratio"].samples}
    assert set(util) == {"0", "1"} and all(0.0 <= v <= 1.0 for v in util.values())  # a ratio, not percent
    mem = families["gpuaccel_gpu_memory_total_bytes"].samples[0].value
    assert mem > 1e10  # bytes, not MiB
    runs = {s.name: s for s in families["gpuaccel_job_run_seconds"].samples if "le" not in s.labels}
    assert runs["gpuaccel_job_run_seconds_count"].value >= 1
    inf = [s for s in families["gpuaccel_job_run_seconds"].samples if s.labels.get("le") == "+Inf"]
    assert inf[0].value == runs["gpuaccel_job_run_seconds_count"].value
    moved = {s.labels["state"]: s.value for s in families["gpuaccel_job_transitions"].samples}
    assert moved["queued"] >= 1 and moved["succeeded"] >= 1
    noisy = [(s.name, s.value) for f in families.values() for s in f.samples if exported(s.value) != s.value]
    assert not noisy, noisy  # 0.41, not 0.41000000000000003 (percent x 0.01)

    # what a query can name: every sample name, and gauges with no series now (no job running)
    names = {s.name for f in families.values() for s in f.samples}
    names |= {n for n, f in families.items() if f.type == "gauge"}
    dashboard = json.loads(DASHBOARD.read_text())
    exprs = [t["expr"] for p in dashboard["panels"] for t in p["targets"]]
    exprs += [v["query"] for v in dashboard["templating"]["list"] if v["type"] == "query"]
    used = {m for e in exprs for m in re.findall(r"\bgpuaccel_[a-z_]+", e)}
    assert used and not used - names, f"dashboard names not exported: {sorted(used - names)}"


def test_job_transitions_count_entering_a_state_not_the_notes_made_in_it(daemon: DaemonProcess) -> None:
    """A cancelled running job has three events in state running (started, cancel requested, ...): the
    counter said it entered running more than once."""
    client = daemon.client()
    job = client.submit("command", argv=[sys.executable, "-c", "import time; time.sleep(60)"])
    wait_for(lambda: client.get_job(job.id).state == "running", what="the job to run")
    client.cancel(job.id)
    assert client.wait(job.id, timeout=30).state == "cancelled"
    running = [e for e in client.events(job_id=job.id, limit=50) if e.state == "running"]
    assert len(running) >= 2, running  # the start and the cancel's note
    moved = {s.labels["state"]: s.value for s in _scrape(daemon)["gpuaccel_job_transitions"].samples}
    assert (moved["queued"], moved["running"], moved["cancelled"]) == (1, 1, 1), moved


def test_removing_finished_jobs_never_lowers_a_counter_or_a_histogram(daemon: DaemonProcess) -> None:
    """gpuaccel clean took the removed jobs' transitions and times out of the counters, which Prometheus
    reads as a reset: rate() then counted every job left as new."""
    client = daemon.client()
    for code in (0, 3):
        job = client.submit("command", argv=[sys.executable, "-c", f"raise SystemExit({code})"])
        client.wait(job.id, timeout=30)

    def counters() -> dict[str, float]:
        families = _scrape(daemon)
        out = {f"moved {s.labels['state']}": s.value for s in families["gpuaccel_job_transitions"].samples}
        for name in ("gpuaccel_job_wait_seconds", "gpuaccel_job_run_seconds"):
            out |= {f"{s.name} {s.labels.get('le', '')}": s.value for s in families[name].samples}
        return out

    before = counters()
    assert before["moved succeeded"] == 1 and before["moved failed"] == 1
    assert before["gpuaccel_job_run_seconds_count "] == 2
    cleaned = daemon.cli("clean")
    assert cleaned.returncode == 0 and "removed 2 jobs" in cleaned.stdout, cleaned.stdout + cleaned.stderr
    assert counters() == before
    assert {s.labels["state"]: s.value for s in _scrape(daemon)["gpuaccel_jobs"].samples}["failed"] == 0
    again = client.submit("command", argv=[sys.executable, "-c", "pass"])
    client.wait(again.id, timeout=30)
    after = counters()
    assert after["moved succeeded"] == 2 and after["gpuaccel_job_run_seconds_count "] == 3
    assert all(after[k] >= v for k, v in before.items())


def test_a_lost_gpu_is_exported_as_lost_and_its_readings_stop(daemon_factory: DaemonFactory) -> None:
    """A GPU fallen off the bus only vanished from /metrics (nothing to alert on but absent series)."""
    d = daemon_factory.start(fake_nvml="gpu_lost")  # GPU 1 is lost after 30 samples

    def lost() -> dict | None:
        families = _scrape(d)
        flags = {s.labels["gpu"]: s.value for s in families["gpuaccel_gpu_lost"].samples}
        return families if flags.get("1") == 1.0 else None

    families = wait_for(lost, what="GPU 1 exported as lost")
    assert {s.labels["gpu"]: s.value for s in families["gpuaccel_gpu_lost"].samples} == {"0": 0.0, "1": 1.0}
    util = {s.labels["gpu"] for s in families["gpuaccel_gpu_utilization_ratio"].samples}
    assert util == {"0"}  # no reading is invented for the lost GPU
    assert families["gpuaccel_telemetry_available"].samples[0].value == 1.0  # the other GPU still reads


def _promtool_check(text: str) -> None:
    """``promtool check metrics`` (Debian's prometheus package) on a scrape, where promtool is installed."""
    promtool = shutil.which("promtool")
    if promtool is None:
        return
    done = subprocess.run(
        [promtool, "check", "metrics"], input=text, capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_mig_instances_are_series_of_their_own_with_dcgm_labels(daemon_factory: DaemonFactory) -> None:
    """The MIG scenario: each instance on the GPU's metric names, told apart by gpu_i_id / gpu_i_profile as
    dcgm-exporter does; the GPU's own readings (temperature, power) once, with empty instance labels."""
    d = daemon_factory.start(fake_nvml="mig")
    families = wait_for(
        lambda: f if len((f := _scrape(d))["gpuaccel_gpu_tensor_active_ratio"].samples) >= 4 else None,
        what="MIG instances' tensor activity",
    )
    used = {(s.labels["gpu"], s.labels["gpu_i_id"], s.labels["gpu_i_profile"]): s.value
            for s in families["gpuaccel_gpu_memory_used_bytes"].samples}  # fmt: skip
    assert set(used) == {("0", "", ""), ("0", "1", "3g.40gb"), ("0", "2", "2g.20gb"), ("0", "3", "1g.10gb"),
                         ("1", "", "")}  # fmt: skip
    tensor = {
        (s.labels["gpu"], s.labels["gpu_i_profile"])
        for s in families["gpuaccel_gpu_tensor_active_ratio"].samples
    }
    assert {("0", "3g.40gb"), ("0", "2g.20gb"), ("0", "1g.10gb")} <= tensor
    temps = [
        (s.labels["gpu"], s.labels["gpu_i_id"]) for s in families["gpuaccel_gpu_temperature_celsius"].samples
    ]
    assert sorted(temps) == [("0", ""), ("1", "")]
    util = {s.labels["gpu"] for s in families["gpuaccel_gpu_utilization_ratio"].samples}
    assert util == {"1"}  # a GPU in MIG mode has no utilization of its own: no series, not a 0
    _promtool_check(d.client().metrics())


def test_gpu_health_metrics_in_the_unhealthy_scenario(daemon_factory: DaemonFactory) -> None:
    d = daemon_factory.start(fake_nvml="unhealthy")
    families = wait_for(lambda: f if (f := _scrape(d))["gpuaccel_gpu_xid_last"].samples else None, what="XID")

    def by_gpu(name: str) -> dict[str, float]:
        return {
            s.labels["gpu"]: s.value
            for s in families[name].samples
            if s.name == name or s.name == name + "_total"
        }

    assert by_gpu("gpuaccel_gpu_xid_last") == {"0": 94.0, "1": 48.0}
    assert families["gpuaccel_gpu_xid_events"].type == "counter"
    assert by_gpu("gpuaccel_gpu_ecc_uncorrected_volatile") == {"0": 2.0, "1": 0.0}
    assert by_gpu("gpuaccel_gpu_remapped_rows_uncorrectable") == {"0": 1.0}  # a V100 retires pages instead
    assert by_gpu("gpuaccel_gpu_retired_pages_dbe") == {"1": 1.0}
    assert by_gpu("gpuaccel_gpu_pcie_replays") == {"0": 240.0, "1": 0.0}
    held = {(s.labels["gpu"], s.labels["reason"]) for s in families["gpuaccel_gpu_throttle_reason"].samples
            if s.value == 1.0}  # fmt: skip
    assert held == {("0", "hw_slowdown"), ("1", "hw_thermal")}
    events = wait_for(
        lambda: [e for e in d.client().events(limit=1000) if e.type == "gpu_health"] or None,
        what="health events",
    )
    assert any(e.message == "GPU 0 health: XID 94 (contained ECC error)" for e in events)
    _promtool_check(d.client().metrics())


def test_ps_lists_simulated_processes_and_kill_refuses_them(daemon: DaemonProcess) -> None:
    out = daemon.client().processes()
    rows = {r["pid"]: r for r in out["processes"]}
    assert rows[4242]["simulated"] and rows[4242]["can_signal"] is False and rows[4242]["gpu"] == 0
    ps = daemon.cli("ps")
    assert ps.returncode == 0 and "fake-trainer (simulated)" in ps.stdout and "Xorg (simulated)" in ps.stdout
    assert "4242: cannot be signalled from here: simulated process" in ps.stdout
    as_json = json.loads(daemon.cli("ps", "--json", "--gpu", "1").stdout)
    assert [r["pid"] for r in as_json["processes"]] == [1717]
    kill = daemon.cli("kill", "4242", "--signal", "KILL")
    assert kill.returncode == 1 and "refusing to signal 4242" in kill.stderr and "simulated" in kill.stderr
    missing = daemon.cli("kill", "999999")
    assert missing.returncode == 2 and "not using a GPU" in missing.stderr
    bad = daemon.cli("kill", "4242", "--signal", "HUP")
    assert bad.returncode == 2 and "invalid choice" in bad.stderr


def test_a_finished_job_has_its_energy_in_show(daemon: DaemonProcess) -> None:
    client = daemon.client()
    job = client.submit("command", argv=[sys.executable, "-c", "import time; time.sleep(1.5)"], gpus=1,
                        gpu_ids=[1])  # fmt: skip
    assert client.wait(job.id, timeout=30).state == "succeeded"
    energy = wait_for(
        lambda: [e for e in client.events(job_id=job.id, limit=50) if e.type == "energy"], what="energy event"
    )
    assert energy[0].gpu == 1 and energy[0].data["joules"] > 0 and energy[0].data["exclusive"] is True
    show = daemon.cli("show", str(job.id))
    assert " Wh (" in show.stdout and " J) on GPU 1" in show.stdout  # the reports' unit rule, joules beside
    assert "GPU held exclusively: exact" in show.stdout
