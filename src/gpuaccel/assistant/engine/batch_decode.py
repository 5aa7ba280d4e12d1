"""Several drafts of one prompt decoded together on the CPU: one forward per token for all of them.

Why: a report's summary is :data:`~assistant.reports.summary.SUMMARY_SEEDS` drafts of one prompt. rwkv's own
one-token forward reads every weight once per token (the bundled model's 64 MB in fp32, some 17 ms a token on
a CPU core), so five drafts one after another read them five times. :func:`batch_step` is the same math as
rwkv 0.8.32's ``RWKV_x070.forward_one`` (plain path: no DeepEmbed, no CUDA op) with a leading batch
dimension, so the weights are read once per token for all live drafts. The drafts start from one copy of the
prompt's state each (:func:`batch_state`), each samples with its own seeded generator, and a draft leaves
the batch at its stop or its ``max_tokens``.
"""

from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F

DECAY_SCALE = 0.606531  # exp(-0.5), as in RWKV_x070


def batch_state(state: list[Any], n: int) -> list[Any]:
    """``n`` copies of one sequence's rwkv state, stacked along a new first dimension."""
    return [s.unsqueeze(0).repeat(n, *([1] * s.dim())) for s in state]


def keep_rows(state: list[Any], rows: list[int]) -> list[Any]:
    """The batched state of the drafts at ``rows`` only."""
    index = torch.tensor(rows, dtype=torch.long)
    return [s.index_select(0, index) for s in state]


def batch_step(model: Any, tokens: list[int], state: list[Any]) -> tuple[Any, list[Any]]:
    """Logits ``(B, vocab)`` after one token per draft and the new batched state (``state`` itself is not
    changed), for a loaded ``RWKV_x070`` on the CPU."""
    z, H, N, C = model.z, int(model.n_head), int(model.head_size), int(model.n_embd)
    B = len(tokens)
    new: list[Any] = [None] * len(state)
    with torch.no_grad():
        x = z["emb.weight"][torch.tensor(tokens, dtype=torch.long)]
        v_first = x
        for i in range(int(model.n_layer)):
            bbb, att, ffn = f"blocks.{i}.", f"blocks.{i}.att.", f"blocks.{i}.ffn."
            xx = F.layer_norm(x, (C,), weight=z[bbb + "ln1.weight"], bias=z[bbb + "ln1.bias"])
            xx, new[3 * i], new[3 * i + 1], v_first = _tmix(
                i, B, H, N, xx, state[3 * i], v_first, state[3 * i + 1], z, att
            )
            x = x + xx
            xx = F.layer_norm(x, (C,), weight=z[bbb + "ln2.weight"], bias=z[bbb + "ln2.bias"])
            prev = state[3 * i + 2]
            k = torch.relu((xx + (prev - xx) * z[ffn + "x_k"]) @ z[ffn + "key.weight"]) ** 2
            new[3 * i + 2] = xx
            x = x + k @ z[ffn + "value.weight"]
        x = F.layer_norm(x, (C,), weight=z["ln_out.weight"], bias=z["ln_out.bias"])
        return x @ z["head.weight"], new


def _tmix(
    layer: int, B: int, H: int, N: int, x: Any, x_prev: Any, v_first: Any, s: Any, z: dict[str, Any], p: str
) -> tuple[Any, Any, Any, Any]:
    """``RWKV_x070_TMix_one`` over a batch: x, x_prev (B, C); s (B, H, N, N) fp32."""
    xx = x_prev - x
    xr, xw, xk = x + xx * z[p + "x_r"], x + xx * z[p + "x_w"], x + xx * z[p + "x_k"]
    xv, xa, xg = x + xx * z[p + "x_v"], x + xx * z[p + "x_a"], x + xx * z[p + "x_g"]
    r = xr @ z[p + "receptance.weight"]
    w = torch.tanh(xw @ z[p + "w1"]) @ z[p + "w2"]
    k = xk @ z[p + "key.weight"]
    v = xv @ z[p + "value.weight"]
    a = torch.sigmoid(z[p + "a0"] + (xa @ z[p + "a1"]) @ z[p + "a2"])
    g = torch.sigmoid(xg @ z[p + "g1"]) @ z[p + "g2"]
    kk = F.normalize((k * z[p + "k_k"]).view(B, H, N), dim=-1, p=2.0).view(B, H * N)
    k = k * (1 + (a - 1) * z[p + "k_a"])
    if layer == 0:
        v_first = v
    else:
        v = v + (v_first - v) * torch.sigmoid(z[p + "v0"] + (xv @ z[p + "v1"]) @ z[p + "v2"])
    w = torch.exp(-DECAY_SCALE * torch.sigmoid((z[p + "w0"] + w).float()))
    vk = v.view(B, H, N, 1) @ k.view(B, H, 1, N)
    ab = (-kk).view(B, H, N, 1) @ (kk * a).view(B, H, 1, N)
    s = s * w.view(B, H, 1, N) + s @ ab.float() + vk.float()
    y = (s.to(dtype=x.dtype) @ r.view(B, H, N, 1)).view(B, H * N)
    y = F.group_norm(y, num_groups=H, weight=z[p + "ln_x.weight"], bias=z[p + "ln_x.bias"], eps=64e-5)
    y = y + ((r * k * z[p + "r_k"]).view(B, H, N).sum(dim=-1, keepdim=True) * v.view(B, H, N)).view(B, H * N)
    return (y * g) @ z[p + "output.weight"], x, s, v_first
