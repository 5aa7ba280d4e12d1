"""Ring attention on CPU with gloo: 2 and 4 ranks against single-process attention, plus sharding and
block-op unit checks. Each world size is spawned once (module fixture) and runs every case, which keeps
the file quick on a small machine.
"""

from __future__ import annotations

import json
import math
import os
import sys
from pathlib import Path

import pytest
import torch
import torch.distributed as dist
import torch.multiprocessing as mp

from gpuaccel.accel.distributed import ring_flash_attention, shard, shard_position_ids, unshard
from gpuaccel.accel.distributed.block_ops import block_backward, block_forward, block_impl
from gpuaccel.accel.distributed.selfcheck import (
    Case,
    check_all,
    default_cases,
    interpreter_cases,
    reference_attention,
)

TOL = {"fp64": 1e-10, "fp32": 1e-5, "triton-interp-fp32": 1e-5}


def _fused_merge_error() -> float:
    """The Triton LSE merge (interpreter) on row-slice views, as the ring passes them, against torch;
    one block row was never seen (lse -inf)."""
    from gpuaccel.accel.distributed.merge import merge_

    gen = torch.Generator().manual_seed(0)
    worst = 0.0
    for d in (16, 48):
        out, lse = torch.randn(2, 3, 40, d, generator=gen), torch.randn(2, 3, 40, generator=gen)
        bo, bl = torch.randn(2, 3, 17, d, generator=gen).half(), torch.randn(2, 3, 17, generator=gen)
        bl[0, 0, 3] = float("-inf")
        want_o, want_l, rows = out.clone(), lse.clone(), slice(20, 37)
        new = torch.logaddexp(want_l[:, :, rows], bl)
        want_o[:, :, rows] *= torch.exp(want_l[:, :, rows] - new)[..., None]
        want_o[:, :, rows] += bo.float() * torch.exp(bl - new)[..., None]
        want_l[:, :, rows] = new
        merge_(out[:, :, rows], lse[:, :, rows], bo, bl)
        worst = max(worst, float((out - want_o).abs().max()), float((lse - want_l).abs().max()))
    return worst


def _rank_main(rank: int, world: int, init_file: str, out_dir: str) -> None:
    """One spawned rank: every default case in fp64 and fp32 on the reference blocks; with 2 ranks also
    the Triton kernels under the interpreter; with 4 ranks also two rings over 2-rank subgroups."""
    torch.set_num_threads(1)
    dist.init_process_group("gloo", init_method=f"file://{init_file}", rank=rank, world_size=world)
    cpu = torch.device("cpu")
    results = {
        f"{dtype_name}:{case}": errors
        for dtype_name, dtype in (("fp64", torch.float64), ("fp32", torch.float32))
        for case, errors in check_all(cpu, dtype).items()
    }
    if world == 4:  # rings over non-WORLD groups: peers must be translated to global ranks
        evens, odds = dist.new_group([0, 2]), dist.new_group([1, 3])
        sub = evens if rank % 2 == 0 else odds
        for case, errors in check_all(cpu, torch.float64, group=sub).items():
            results[f"fp64:subgroup:{case}"] = errors
    if world == 2:  # the Triton kernels as block ops (tier 2: interpreter, fp32), set up before import
        os.environ.update(TRITON_INTERPRET="1", GPUACCEL_RING_BLOCK="triton")
        for case, errors in check_all(cpu, torch.float32, cases=interpreter_cases(world)).items():
            results[f"triton-interp-fp32:{case}"] = errors
        if rank == 0:
            results["triton-interp-fp32:fused-merge"] = {"out": _fused_merge_error()}
    if rank == 0:
        Path(out_dir, "results.json").write_text(json.dumps(results))
    dist.destroy_process_group()


@pytest.fixture(scope="module", params=[2, 4], ids=lambda w: f"{w}ranks")
def ring_results(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[int, dict]:
    world = request.param
    out_dir = tmp_path_factory.mktemp(f"ring{world}")
    with pytest.MonkeyPatch.context() as env:  # one thread per rank on a small shared machine
        env.setenv("OMP_NUM_THREADS", "1")
        mp.spawn(_rank_main, args=(world, str(out_dir / "store"), str(out_dir)), nprocs=world, join=True)
    return world, json.loads((out_dir / "results.json").read_text())


def test_ring_matches_single_process_attention(ring_results: tuple[int, dict]) -> None:
    world, results = ring_results
    expected = {f"{d}:{c.name}" for d in ("fp64", "fp32") for c in default_cases(world)}
    if world == 2:
        expected |= {f"triton-interp-fp32:{c.name}" for c in interpreter_cases(2)}
        expected.add("triton-interp-fp32:fused-merge")
    if world == 4:
        expected |= {f"fp64:subgroup:{c.name}" for c in default_cases(2)}
    assert set(results) == expected
    assert any(":causal-" in k for k in results) and any(":full-" in k for k in results)
    for key, errors in results.items():
        tol = TOL[key.split(":")[0]]
        quantities = {"out"} if key.endswith("fused-merge") else {"out", "dq", "dk", "dv", "gathered"}
        assert set(errors) == quantities, key
        bad = {name: err for name, err in errors.items() if not err <= tol}
        assert not bad, f"{world} ranks, {key}: relative errors above {tol}: {bad}"


@pytest.mark.parametrize("world", [1, 2, 3, 4])
@pytest.mark.parametrize("layout", ["zigzag", "contiguous"])
def test_shard_unshard_roundtrip(world: int, layout: str) -> None:
    x = torch.arange(2 * 3 * 24 * 2).reshape(2, 3, 24, 2)
    parts = [shard(x, r, world, layout=layout) for r in range(world)]
    assert all(p.shape == (2, 3, 24 // world, 2) for p in parts)
    assert torch.equal(unshard(parts, layout=layout), x)
    positions = torch.cat([shard_position_ids(24, r, world, layout=layout) for r in range(world)])
    assert sorted(positions.tolist()) == list(range(24))


def test_zigzag_pairs_early_and_late_chunks() -> None:
    assert shard_position_ids(8, 0, 2).tolist() == [0, 1, 6, 7]
    assert shard_position_ids(8, 1, 2).tolist() == [2, 3, 4, 5]
    assert shard_position_ids(8, 1, 2, layout="contiguous").tolist() == [4, 5, 6, 7]
    x = torch.arange(8)
    assert shard(x, 0, 2, dim=0).tolist() == [0, 1, 6, 7]


def test_sharding_errors_name_the_requirement() -> None:
    with pytest.raises(ValueError, match=r"divisible by 2 \* world_size = 8; got 20 \(pad it to 24\)"):
        shard(torch.zeros(1, 1, 20, 4), 0, 4)
    with pytest.raises(ValueError, match="divisible by world_size = 3"):
        shard(torch.zeros(10), 0, 3, layout="contiguous", dim=0)
    with pytest.raises(ValueError, match="layout must be one of"):
        shard(torch.zeros(8), 0, 2, layout="striped", dim=0)
    with pytest.raises(ValueError, match="rank must be in"):
        shard(torch.zeros(8), 2, 2, dim=0)


def test_ring_input_errors() -> None:
    q = torch.zeros(1, 2, 6, 8)
    with pytest.raises(ValueError, match="zigzag-sharded.*must be even; got 5"):
        odd = torch.zeros(1, 2, 5, 8)
        ring_flash_attention(odd, odd, odd, causal=True)
    with pytest.raises(ValueError, match="multiple of key/value heads"):
        ring_flash_attention(torch.zeros(1, 3, 6, 8), q, q)
    with pytest.raises(ValueError, match="same number of query and key tokens"):
        ring_flash_attention(q, torch.zeros(1, 2, 4, 8), torch.zeros(1, 2, 4, 8))
    if not dist.is_initialized():
        with pytest.raises(RuntimeError, match="init_process_group"):
            ring_flash_attention(q, q, q)


@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize(("nq", "nk", "hkv"), [(6, 6, 4), (4, 7, 2), (7, 4, 1)])
def test_block_ops_match_autograd(causal: bool, nq: int, nk: int, hkv: int) -> None:
    """The CPU block ops the ring relies on, against autograd: bottom-right causal (Nq != Nk), GQA, and
    a backward exact from the given o and lse."""
    gen = torch.Generator().manual_seed(nq * 100 + nk * 10 + hkv)
    q = torch.randn(2, 4, nq, 8, generator=gen, dtype=torch.float64, requires_grad=True)
    k = torch.randn(2, hkv, nk, 8, generator=gen, dtype=torch.float64, requires_grad=True)
    v = torch.randn(2, hkv, nk, 8, generator=gen, dtype=torch.float64, requires_grad=True)
    do = torch.randn(2, 4, nq, 8, generator=gen, dtype=torch.float64)
    scale = 1 / math.sqrt(8)
    g = 4 // hkv
    s = q @ k.repeat_interleave(g, 1).transpose(-2, -1) * scale
    if causal:
        mask = torch.ones(nq, nk, dtype=torch.bool).triu(nk - nq + 1)
        s = s.masked_fill(mask, float("-inf"))
    p = torch.softmax(s, -1).nan_to_num(0.0)  # rows with no visible key: zero output
    ref = p @ v.repeat_interleave(g, 1)
    ref.backward(do)
    assert block_impl(q) == "torch"
    o, lse = block_forward(q.detach(), k.detach(), v.detach(), causal, scale)
    assert torch.allclose(o, ref.detach(), atol=1e-12)
    assert torch.allclose(lse, torch.logsumexp(s, -1).detach())
    grads = block_backward(do, q.detach(), k.detach(), v.detach(), o, lse, causal, scale)
    for got, want in zip(grads, (q.grad, k.grad, v.grad), strict=True):
        assert torch.allclose(got, want, atol=1e-12)


def test_reference_attention_matches_sdpa() -> None:
    """The single-process reference the ring is compared with is itself standard attention."""
    q, k, v = (torch.randn(1, 2, 10, 8, dtype=torch.float64) for _ in range(3))
    for causal in (False, True):
        want = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=causal)
        assert torch.allclose(reference_attention(q, k, v, causal, 1 / math.sqrt(8)), want, atol=1e-12)
    assert Case(causal=True, seq_total=8, heads=4, kv_heads=2).name == "causal-n8-h4-gqa2-d8"


def test_ring_workload_validate_is_import_safe_and_names_fields() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from gpuaccel.accel.workloads import registry; w = registry.get('attention.ring'); "
        "w.validate({'gpus': 4}); assert 'torch' not in sys.modules, 'validate imported torch'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)

    from gpuaccel.accel.workloads import SpecError, validate

    spec = validate("attention.ring", {"gpus": 4, "seq_total": 32768})
    assert spec["world_size"] == 4 and spec["causal"] is True and spec["mode"] == "both"
    cases = [
        ({"seq_total": 100, "world_size": 4}, "seq_total", "multiple of 8"),
        ({"seq_total": 100, "world_size": 8, "causal": False}, "seq_total", "multiple of 8"),
        ({"gpus": 2, "world_size": 4}, "gpus", "world_size is 4"),
        ({"mode": "train"}, "mode", "fwd, bwd, both"),
        ({"head_dim": 96}, "head_dim", "power of two"),
        ({"heads": 6, "kv_heads": 4}, "kv_heads", "divide heads"),
        ({"dtype": "fp32"}, "dtype", "device cpu"),
        ({"iters": 0}, "iters", "from 1"),
        ({"seqlen": 4}, "seqlen", "accepted: gpus"),
        ({"gpus": 2, "seq_total": 1 << 24, "heads": 64}, "seq_total", "8388608 tokens per rank.*GiB"),
    ]
    for raw, field, words in cases:
        with pytest.raises(SpecError, match=words) as info:
            validate("attention.ring", raw)
        assert info.value.field == field
    # The same shape fits when spread over more ranks, and with world_size 0 the ranks are unknown yet.
    assert validate("attention.ring", {"gpus": 64, "seq_total": 1 << 22, "heads": 8})["world_size"] == 64
    assert validate("attention.ring", {"seq_total": 1 << 24, "heads": 64})["world_size"] == 0
    # The self-check brings its own shapes: any number of ranks, whatever seq_total says.
    assert validate("attention.ring", {"mode": "check", "world_size": 3})["seq_total"] == 65536


def _ring_worker_argv(spec: dict[str, object]) -> list[str]:
    """The command the scheduler's runner starts for an ``attention.ring`` job with this spec."""
    entry = ["-m", "gpuaccel.accel.workloads", "attention.ring"]
    return [sys.executable, *entry, "--spec-json", json.dumps(spec)]


def test_ring_job_two_cpu_ranks_through_the_worker_entry(tmp_path: Path) -> None:
    """The job path end to end, as the scheduler starts it: ``-m gpuaccel.accel.workloads attention.ring``
    with a report pipe, torchrun, per-rank log files, one combined result on the channel."""
    import subprocess

    from gpuaccel.accel.workloads.report import JOB_LOG_DIR_ENV, REPORT_FD_ENV, parse_line

    spec = {"gpus": 2, "seq_total": 32, "heads": 2, "head_dim": 16, "dtype": "fp32", "device": "cpu"}
    read_fd, write_fd = os.pipe()
    env = {**os.environ, JOB_LOG_DIR_ENV: str(tmp_path), REPORT_FD_ENV: str(write_fd)}
    env["GPUACCEL_JOB_ID"] = "7"
    argv = _ring_worker_argv(spec)
    job_log = tmp_path / "job-7.log"
    with open(job_log, "wb") as log_file:
        proc = subprocess.Popen(
            argv, env=env, pass_fds=(write_fd,), stdout=log_file, stderr=subprocess.STDOUT
        )
        os.close(write_fd)
        with os.fdopen(read_fd) as channel:
            records = [r for r in map(parse_line, channel) if r]
        proc.wait(timeout=120)
    log = job_log.read_text()
    assert proc.returncode == 0, log
    assert "[default0]:[ring] W=2" in log  # rank output teed into the job's log
    results = [r["metrics"] for r in records if r["type"] == "result"]
    assert len(results) == 1
    result = results[0]
    assert result["world_size"] == 2 and result["seq_per_rank"] == 16
    # Exact FLOPs: fwd 4*B*H*N*N*D halved when causal, fwd+bwd = 3.5x.
    assert result["flops"] == 3.5 * 0.5 * 4 * 1 * 2 * 32 * 32 * 16
    assert result["tflops_per_gpu"] == pytest.approx(result["flops"] / (result["time_ms"] / 1e3) / 1e12 / 2)
    metric = next(r for r in records if r["type"] == "metric" and r["name"] == "tflops_per_gpu")
    assert metric["exact"] is True and metric["value"] == result["tflops_per_gpu"]
    stdout_logs = [p for p in result["rank_logs"] if p.endswith("stdout.log")]
    assert len(stdout_logs) == 2 and all(p.startswith(str(tmp_path / "job-7-a0-ranks")) for p in stdout_logs)
    assert "[ring] W=2" in Path(next(p for p in stdout_logs if "/0/" in p)).read_text()


@pytest.mark.parametrize("world", [1, 2, 3, 4, 8])
def test_zigzag_plan_covers_the_causal_mask_once_with_equal_work(world: int) -> None:
    """Over all ranks and steps, the blocks computed cover every (query, key) pair with key <= query
    exactly once, never a masked pair, and every rank computes the same number of pairs."""
    from gpuaccel.accel.distributed.ring_attention import _plan

    chunk = 3
    n_local, seq = 2 * chunk, 2 * chunk * world
    pos = [shard_position_ids(seq, r, world).tolist() for r in range(world)]
    seen: dict[tuple[int, int], int] = {}
    work = []
    for rank in range(world):
        pairs = 0
        for step in range(world):
            src = (rank - step) % world
            rows, kv_rows, block_causal = _plan(rank, src, True, n_local)
            qs, ks = pos[rank][rows], pos[src][kv_rows]
            for a, i in enumerate(qs):
                for b, j in enumerate(ks):
                    if block_causal and b > a + (len(ks) - len(qs)):
                        continue
                    assert j <= i, f"rank {rank} step {step} computes masked pair ({i}, {j})"
                    seen[(i, j)] = seen.get((i, j), 0) + 1
                    pairs += 1
        work.append(pairs)
    assert seen == {(i, j): 1 for i in range(seq) for j in range(i + 1)}
    assert len(set(work)) == 1


@pytest.mark.slow
@pytest.mark.parametrize("sig", ["SIGTERM", "SIGKILL"])
def test_cancelled_ring_job_leaves_no_rank_behind(tmp_path: Path, sig: str) -> None:
    """The scheduler cancels a job by signalling its process group (SIGTERM, SIGKILL after a grace
    period); torchrun's ranks live in sessions of their own, so this checks they end with the job."""
    import signal
    import subprocess
    import time

    spec = {"gpus": 2, "seq_total": 2048, "heads": 4, "head_dim": 32, "dtype": "fp32", "device": "cpu"}
    spec["iters"] = 10_000
    env = {**os.environ, "GPUACCEL_JOB_LOG_DIR": str(tmp_path)}
    argv = _ring_worker_argv(spec)
    with open(tmp_path / "job.log", "wb") as log:
        job = subprocess.Popen(argv, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)

    def ranks() -> list[str]:
        found = subprocess.run(["pgrep", "-f", f"{tmp_path}.*result.json"], capture_output=True, text=True)
        return [pid for pid in found.stdout.split() if int(pid) != job.pid]

    deadline = time.monotonic() + 90
    while len(ranks()) < 3 and time.monotonic() < deadline and job.poll() is None:  # torchrun + 2 ranks
        time.sleep(0.5)
    assert len(ranks()) >= 3, (tmp_path / "job.log").read_text()
    os.killpg(job.pid, getattr(signal, sig))
    job.wait(timeout=60)
    deadline = time.monotonic() + 30
    while ranks() and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not ranks(), f"left running after {sig}: {ranks()}"
    if sig == "SIGTERM":
        assert job.returncode == 143
