"""Ranks of a ring across the nodes of a Ray cluster: placed with a placement group, rendezvous set here.

On one host the ring keeps its local launcher (:mod:`.launch`, torchrun). Across hosts, one rank per
bundle of a placement group (one GPU each, or one CPU for a gloo ring) runs as a Ray actor; rank 0's
actor names its node's address and a free port, and every rank joins torch.distributed there with the
same rank code as under torchrun (``MASTER_ADDR``/``MASTER_PORT``/``RANK``/``WORLD_SIZE``, one local
rank per actor). :func:`run_ranks` needs a connected caller (``ray.init``); :func:`run_worker_ranks`,
used by the ``attention.ring`` job when it runs as a Ray job, connects itself and runs
:mod:`.bench_worker` in every rank. Ray is imported lazily.
"""

from __future__ import annotations

import json
import os
import socket
import tempfile
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from gpuaccel.accel.distributed.launch import MULTICAST_OFF_ENV

PLACEMENT_TIMEOUT_S = 120.0


class RankActor:
    """One rank's process on its node (made a Ray actor by :func:`run_ranks`)."""

    def rendezvous(self) -> tuple[str, int]:
        """This node's address and a port free on it, for rank 0 to host the group."""
        import ray

        with socket.socket() as s:
            s.bind(("", 0))
            port = s.getsockname()[1]
        return ray.util.get_node_ip_address(), port

    def node(self) -> str:
        import ray

        return ray.get_runtime_context().get_node_id()

    def run(
        self, fn: Callable[..., Any], rank: int, world: int, addr: str, port: int, backend: str | None
    ) -> Any:
        """``fn`` as rank ``rank``; ``backend`` None: ``fn`` joins the group itself, as under torchrun."""
        import torch.distributed as dist

        os.environ.update(MULTICAST_OFF_ENV)
        os.environ.update(
            MASTER_ADDR=addr, MASTER_PORT=str(port), RANK=str(rank), WORLD_SIZE=str(world), LOCAL_RANK="0"
        )
        if backend is None:
            return fn()
        dist.init_process_group(backend, rank=rank, world_size=world)
        try:
            return fn()
        finally:
            dist.destroy_process_group()


def run_ranks(
    fn: Callable[[], Any],
    world: int,
    *,
    gpus_per_rank: int = 1,
    spread: bool = True,
    joins_group: bool = False,
    timeout_s: float = PLACEMENT_TIMEOUT_S,
) -> tuple[list[Any], list[str]]:
    """Run ``fn`` as ``world`` ranks (NCCL with a GPU each, gloo when ``gpus_per_rank`` is 0); returns
    each rank's result and the node id it ran on. ``spread``: one rank per node (STRICT_SPREAD), else
    on as few nodes as hold them (PACK). ``joins_group``: ``fn`` calls init_process_group itself."""
    import ray
    from ray.util.placement_group import placement_group, remove_placement_group
    from ray.util.scheduling_strategies import PlacementGroupSchedulingStrategy

    if world < 1:
        raise ValueError(f"world must be >= 1, got {world}")
    bundle = {"GPU": float(gpus_per_rank)} if gpus_per_rank else {"CPU": 1.0}
    pg = placement_group([dict(bundle)] * world, strategy="STRICT_SPREAD" if spread else "PACK")
    try:
        ready, _ = ray.wait([pg.ready()], timeout=timeout_s)
        if not ready:
            raise RuntimeError(
                f"the Ray cluster cannot place {world} ranks of {bundle} "
                f"({'one per node' if spread else 'packed'}) within {timeout_s:g} s"
            )
        actor = ray.remote(RankActor)
        ranks = [
            actor.options(
                num_cpus=bundle.get("CPU", 0.0),
                num_gpus=gpus_per_rank,
                scheduling_strategy=PlacementGroupSchedulingStrategy(pg, placement_group_bundle_index=i),
            ).remote()
            for i in range(world)
        ]
        addr, port = ray.get(ranks[0].rendezvous.remote(), timeout=timeout_s)
        backend = None if joins_group else "nccl" if gpus_per_rank else "gloo"
        nodes = ray.get([r.node.remote() for r in ranks], timeout=timeout_s)
        results = ray.get([r.run.remote(fn, i, world, addr, port, backend) for i, r in enumerate(ranks)])
        for r in ranks:
            ray.kill(r)
        return results, nodes
    finally:
        remove_placement_group(pg)


def ring_selfcheck(world_cases: int = 2) -> dict[str, dict[str, float]]:
    """A rank's share of the ring's self-check on CPU in fp64 (the first ``world_cases`` default cases):
    the ring's output and gradients against single-process attention, max relative errors over ranks."""
    import torch
    import torch.distributed as dist

    from gpuaccel.accel.distributed.selfcheck import check_all, default_cases

    torch.set_num_threads(1)
    cases = default_cases(dist.get_world_size())[:world_cases]
    return check_all(torch.device("cpu"), torch.float64, cases=cases)


def worker_rank(worker_args: Sequence[str]) -> tuple[int, Any]:
    """One rank of :mod:`.bench_worker` (``bench ...`` or ``check ...``) in its actor, exactly as torchrun
    would run it; returns its exit code and what rank 0 wrote to ``--out`` (None on other ranks)."""
    from gpuaccel.accel.distributed import bench_worker

    with tempfile.TemporaryDirectory(prefix="gpuaccel-rank-") as tmp:
        out = Path(tmp, "result.json")
        try:
            bench_worker.main([*worker_args, "--out", str(out)])
            code = 0
        except SystemExit as exc:  # a failed check exits 1; an actor must return, not exit
            code = exc.code if isinstance(exc.code, int) else 1
        return code, json.loads(out.read_text()) if out.exists() else None


def run_worker_ranks(
    world: int,
    worker_args: Sequence[str],
    *,
    gpus_per_rank: int,
    cpu: bool,
    timeout_s: float = PLACEMENT_TIMEOUT_S,
) -> tuple[int, Any, list[str]]:
    """From a Ray job's driver: ``world`` ranks of :mod:`.bench_worker` packed onto as few nodes as hold
    them (ranks of one node share its fast links); ``cpu``: the ranks compute on the CPU (gloo), one
    thread each. Returns the worst exit code, rank 0's result and each rank's node id. Rank output
    reaches the driver's log through Ray."""
    import ray

    from gpuaccel.accel.distributed.launch import rank_env

    # The ranks import gpuaccel from the same checkout as the driver, and take one CPU thread on CPU.
    env = rank_env(cpu=cpu)
    env_vars = {k: env[k] for k in ("PYTHONPATH", *MULTICAST_OFF_ENV) if k in env}
    if cpu:
        env_vars["OMP_NUM_THREADS"] = env["OMP_NUM_THREADS"]
    # Ray refuses a driver's variable that the job's runtime env already sets: the job's wins.
    job_config = json.loads(os.environ.get("RAY_JOB_CONFIG_JSON_ENV_VAR") or "{}")
    for key in (job_config.get("runtime_env") or {}).get("env_vars") or {}:
        env_vars.pop(key, None)
    ray.init(address=os.environ.get("RAY_ADDRESS", "auto"), runtime_env={"env_vars": env_vars})
    try:
        results, nodes = run_ranks(
            partial(worker_rank, list(worker_args)),
            world,
            gpus_per_rank=gpus_per_rank,
            spread=False,
            joins_group=True,
            timeout_s=timeout_s,
        )
    finally:
        ray.shutdown()
    return max(code for code, _ in results), results[0][1], nodes
