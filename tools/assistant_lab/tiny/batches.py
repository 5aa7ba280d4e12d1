"""Training data for the tiny model as the trainer reads it: random windows of the byte corpus, and which
bytes are the picker's decisions.

Why a mask: most of a picking document is the fixed prompt (the query list, the question), which the model
reads but is never asked to write; the bytes after ``Assistant: query`` up to the blank line are what
:class:`~assistant.understand.model.ModelPicker` scores. The trainer can weigh those higher
(``train_tiny --answer-weight``) so a short training run spends its capacity on the picks.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import torch
import torch.nn.functional as F

ANSWER_MARK = b"\n\nAssistant: query"  # what model_picker.pick_prompt ends with


def answer_mask(data: np.ndarray) -> np.ndarray:
    """1 on each byte of a pick (after :data:`ANSWER_MARK`, through its closing blank line), else 0."""
    buf, mask, i = data.tobytes(), np.zeros(len(data), np.uint8), 0
    while (i := buf.find(ANSWER_MARK, i)) >= 0:
        start = i + len(ANSWER_MARK)
        end = buf.find(b"\n\n", start)
        end = len(buf) if end < 0 else end + 2
        mask[start:end] = 1
        i = end
    return mask


def load_split(data_dir: Path, split: str) -> np.ndarray:
    return np.fromfile(data_dir / f"{split}.bin", dtype=np.uint8)


def batches(
    data: np.ndarray,
    bsz: int,
    T: int,
    rng: np.random.Generator,
    device: str,
    mask: np.ndarray | None = None,
) -> Iterator[tuple[torch.Tensor, torch.Tensor, torch.Tensor | None]]:
    """Endless (inputs, targets, the targets' pick mask or None) of ``bsz`` random windows of ``T`` bytes."""
    while True:
        starts = rng.integers(0, len(data) - T - 1, size=bsz)
        chunk = np.stack([data[s : s + T + 1] for s in starts]).astype(np.int64)
        t = torch.from_numpy(chunk).to(device, non_blocking=True)
        m = None
        if mask is not None:
            m = torch.from_numpy(np.stack([mask[s + 1 : s + T + 1] for s in starts])).to(device)
        yield t[:, :-1], t[:, 1:], m


@torch.no_grad()
def evaluate(
    model: Any, data: np.ndarray, T: int, device: str, n: int = 32, mask: np.ndarray | None = None
) -> float:
    """Mean cross-entropy (nats/byte) over ``n`` evenly spaced windows of the held-out split (with
    ``mask``: over the masked bytes only)."""
    model.eval()
    starts = np.linspace(0, len(data) - T - 2, n).astype(np.int64)
    chunk = torch.from_numpy(np.stack([data[s : s + T + 1] for s in starts]).astype(np.int64)).to(device)
    weights = None if mask is None else np.stack([mask[s + 1 : s + T + 1] for s in starts])
    total, count = 0.0, 0.0
    for i in range(0, n, 8):
        x, y = chunk[i : i + 8, :-1], chunk[i : i + 8, 1:]
        with torch.autocast("cuda", torch.bfloat16, enabled=device == "cuda"):
            logits = model(x)
        ce = F.cross_entropy(logits.float().reshape(-1, logits.shape[-1]), y.reshape(-1), reduction="none")
        w = (
            torch.ones_like(ce)
            if weights is None
            else torch.from_numpy(weights[i : i + 8]).to(ce).reshape(-1)
        )
        total, count = total + float((ce * w).sum()), count + float(w.sum())
    model.train()
    return total / max(count, 1.0)
