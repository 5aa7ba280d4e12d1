"""Ring attention over torch.distributed (NCCL on GPUs, gloo on CPU), zigzag-sharded when causal.

Importing this package imports torch but makes no CUDA call; the Triton kernels are imported only when a
CUDA block runs.
"""

from gpuaccel.accel.distributed.ring_attention import (
    RingFlashAttention,
    ring_attention_backward,
    ring_attention_forward,
    ring_flash_attention,
)
from gpuaccel.accel.distributed.sharding import LAYOUTS, gather_unshard, shard, shard_position_ids, unshard

__all__ = [
    "LAYOUTS",
    "RingFlashAttention",
    "gather_unshard",
    "ring_attention_backward",
    "ring_attention_forward",
    "ring_flash_attention",
    "shard",
    "shard_position_ids",
    "unshard",
]
