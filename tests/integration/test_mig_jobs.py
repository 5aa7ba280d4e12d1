"""Integration: jobs on MIG instances of the fake 'mig' scenario (GPU 0 split in three, GPU 1 whole)."""

from __future__ import annotations

from pathlib import Path

from daemon_fixture import DaemonFactory, wait_for

from gpuaccel.accel.telemetry.fake import MIG_INSTANCES
from gpuaccel.api.jobs import JobState
from gpuaccel.app.cli import main

UUIDS = {m.uuid for m in MIG_INSTANCES}


def _gated(path: Path) -> list[str]:
    """Print the device the job was given, then block until ``path`` exists."""
    return ["sh", "-c", f'echo "device=$CUDA_VISIBLE_DEVICES"; while [ ! -e "{path}" ]; do sleep 0.02; done']


def test_jobs_get_their_own_mig_instance_held_while_they_run(
    daemon_factory: DaemonFactory, tmp_path: Path, capsys
) -> None:
    d = daemon_factory.start(fake_nvml="mig")
    gate = tmp_path / "go"
    with d.client() as c:
        now = c.telemetry_now()
        assert {m["uuid"] for m in now["gpus"][0]["sample"]["mig"]} == UUIDS
        jobs = [c.submit("command", argv=_gated(gate), mig="any") for _ in range(4)]
        wait_for(lambda: sum(c.get_job(j.id).state == JobState.RUNNING for j in jobs) == 3, what="3 running")
        running = [c.get_job(j.id) for j in jobs[:3]]
        assert {j.assigned_mig for j in running} == UUIDS, "each job its own instance"
        assert all(j.assigned_gpus == [0] and j.mig == "any" for j in running)
        fourth = wait_for(lambda: c.get_job(jobs[3].id).waiting_reason, what="a waiting reason")
        assert fourth.startswith("waiting for a MIG instance") and "is held by job" in fourth
        whole = c.submit("command", argv=["true"], gpus=1)  # the whole A100 is still free
        assert c.wait(whole.id, timeout=20).assigned_gpus == [1]
        bad = c.submit("command", argv=["true"], gpu_ids=[0])
        wait_for(lambda: c.get_job(bad.id).waiting_reason, what="why GPU 0 cannot be taken whole")
        assert "GPU 0 is in MIG mode" in c.get_job(bad.id).waiting_reason
        c.cancel(bad.id)
        gate.touch()
        done = [c.wait(j.id, timeout=20) for j in jobs]
        assert all(j.state == JobState.SUCCEEDED for j in done)
        for j in done:
            assert f"device={j.assigned_mig}\n" in c.log(j.id)
            assert j.assigned_mig in UUIDS
    target = sorted(UUIDS)[0]
    assert main(["submit", "--data-dir", str(d.data_dir), "--mig", target, "command", "--", "true"]) == 0
    assert main(["submit", "--data-dir", str(d.data_dir), "--mig", "MIG-1", "command", "--", "true"]) != 0
    err = capsys.readouterr().err
    assert "mig" in err and "MIG-xxxxxxxx" in err
