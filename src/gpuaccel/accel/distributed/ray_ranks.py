"""Ranks of a ring across the nodes of a Ray cluster: placed with a placement group, rendezvous set here.

On one host the ring keeps its local launcher (:mod:`.launch`, torchrun). Across hosts, one rank per
bundle of a placement group (one GPU each, or one CPU for a gloo ring) runs as a Ray actor; rank 0's
actor names its node's address and a free port, and every rank joins torch.distributed there with the
same rank code as under torchrun (``MASTER_ADDR``/``MASTER_PORT``/``RANK``/``WORLD_SIZE``, one local
rank per actor). The caller must be connected to the cluster (``ray.init``). Ray is imported lazily.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Callable
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

    def run(self, fn: Callable[..., Any], rank: int, world: int, addr: str, port: int, backend: str) -> Any:
        import torch.distributed as dist

        os.environ.update(MULTICAST_OFF_ENV)
        os.environ.update(
            MASTER_ADDR=addr, MASTER_PORT=str(port), RANK=str(rank), WORLD_SIZE=str(world), LOCAL_RANK="0"
        )
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
    timeout_s: float = PLACEMENT_TIMEOUT_S,
) -> tuple[list[Any], list[str]]:
    """Run ``fn`` as ``world`` ranks (NCCL with a GPU each, gloo when ``gpus_per_rank`` is 0); returns
    each rank's result and the node id it ran on. ``spread``: one rank per node (STRICT_SPREAD)."""
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
        backend = "nccl" if gpus_per_rank else "gloo"
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
