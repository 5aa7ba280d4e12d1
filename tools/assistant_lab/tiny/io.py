"""The tiny model's files: parameters under the official RWKV-7 key names, export (what rwkv 0.8.32 loads),
import (to continue training from a shipped file), and the trainer's outputs (weights, summary, curve).

Why the official names: the inference package loads our file unchanged, and a test compares the logits of
both (tests/unit/test_assistant_runtime.py).
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import torch


def export_state(model: Any, dtype: torch.dtype = torch.float16) -> dict[str, torch.Tensor]:
    """Weights under the names and shapes of an official RWKV-7 ``.pth`` (what rwkv 0.8.32 reads)."""
    return {k: v.detach().to("cpu", dtype).contiguous() for k, v in official_names(model).items()}


@torch.no_grad()
def load_exported(model: Any, path: Path) -> None:
    """Continue from a file :func:`export_state` wrote (``--init``): every tensor back into its parameter."""
    from safetensors.torch import load_file

    tensors = load_file(str(path))
    params = official_names(model)
    missing = sorted(set(params) - set(tensors))
    if missing:
        raise ValueError(f"{path} is not a model of this shape: missing {missing[:3]}")
    for name, param in params.items():
        if tensors[name].numel() != param.numel():
            got, want = tuple(tensors[name].shape), tuple(param.shape)
            raise ValueError(f"{path}: {name} has shape {got}, expected {want}")
        param.copy_(tensors[name].reshape(param.shape).to(param.dtype))


def official_names(model: Any) -> dict[str, torch.Tensor]:
    """The model's parameters by the official RWKV-7 ``.pth`` key names."""
    out: dict[str, torch.Tensor] = {
        "emb.weight": model.emb.weight,
        "ln_out.weight": model.ln_out.weight,
        "ln_out.bias": model.ln_out.bias,
        "head.weight": model.head.weight,
    }
    for i, blk in enumerate(model.blocks):
        p = f"blocks.{i}."
        if i == 0:
            out[p + "ln0.weight"], out[p + "ln0.bias"] = blk.ln0.weight, blk.ln0.bias
        for ln in ("ln1", "ln2"):
            out[p + ln + ".weight"], out[p + ln + ".bias"] = getattr(blk, ln).weight, getattr(blk, ln).bias
        names = ["x_r", "x_w", "x_k", "x_v", "x_a", "x_g", "w0", "w1", "w2", "a0", "a1", "a2"]
        names += ["v0", "v1", "v2"] if i > 0 else []
        names += ["g1", "g2", "k_k", "k_a", "r_k"]
        for n in names:
            out[p + "att." + n] = getattr(blk, n)
        for n in ("receptance", "key", "value", "output"):
            out[p + f"att.{n}.weight"] = getattr(blk, n).weight
        out[p + "att.ln_x.weight"], out[p + "att.ln_x.bias"] = blk.ln_x.weight, blk.ln_x.bias
        out[p + "ffn.x_k"] = blk.f_x_k
        out[p + "ffn.key.weight"] = blk.f_key.weight
        out[p + "ffn.value.weight"] = blk.f_value.weight
    return out


def save(model: Any, out: Path, summary: dict, metadata: dict[str, str] | None = None) -> None:
    """The weights (fp16, ``tokenizer=bytes`` unless ``metadata`` says otherwise), summary and curve."""
    from safetensors.torch import save_file

    out.mkdir(parents=True, exist_ok=True)
    meta = {"format": "rwkv7", "tokenizer": "bytes", "n_layer": str(model.cfg.n_layer), **(metadata or {})}
    if "query_dialogues" in summary.get("sources", {}) and "query_picker" not in meta:
        meta["query_picker"] = (
            "1"  # trained to write queries: the chat asks it first (model_picker.ModelPicker)
        )
    save_file(export_state(model), str(out / "tiny-rwkv7.safetensors"), metadata=meta)
    (out / "train_summary.json").write_text(json.dumps(summary, indent=1))
    plot_curve(summary, out / "loss_curve.png")
    loss = summary["held_out_loss_nats_per_byte"]
    print(f"saved {out / 'tiny-rwkv7.safetensors'}; held-out loss {loss:.4f} nats/byte")


def plot_curve(summary: dict, path: Path) -> bool:
    """Loss curve PNG with matplotlib when it is installed (it is on the GPU machine); False otherwise."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    curve = summary["curve"]
    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    ax.plot([r["step"] for r in curve], [r["train_loss"] for r in curve], label="train (one batch)")
    val = [r for r in curve if "val_loss" in r]
    ax.plot([r["step"] for r in val], [r["val_loss"] for r in val], "o-", label="held-out")
    ax.set_xlabel("step")
    unit = summary.get("loss_unit", "nats per byte")
    ax.set_ylabel(textwrap.fill(f"cross-entropy, {unit}", 38))  # a long unit ran off the figure
    ax.set_title(f"tiny RWKV-7 ({summary['params'] / 1e6:.1f}M params, {summary['device']})")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True
