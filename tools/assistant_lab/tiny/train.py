"""Train the bundled tiny RWKV-7 (byte-level) in plain PyTorch and export it for rwkv 0.8.32's loader.

Why our own trainer: the assistant must work out of the box with no download, so the project ships a small
model it trained itself on text found offline (see :mod:`assistant_lab.tiny.data` and docs/tiny-model.md).
The math here is the RWKV-7 "Goose" time-mix / channel-mix exactly as ``rwkv/model.py`` (RWKV_x070) runs
it, and :func:`export_state` writes the key names and shapes its loader expects, so the inference package
loads our file unchanged (a test compares logits of both).

The WKV recurrence ``S_t = S_{t-1} (diag(w_t) + a_t b_t^T) + v_t k_t^T, o_t = S_t r_t`` is evaluated in
chunks: inside a chunk the correction terms ``u_t = S_{t-1} a_t`` solve one unit-lower-triangular system,
so the Python loop runs T/16 times instead of T (``wkv_sequential`` is the per-token reference).

Only torch, numpy and safetensors are imported, so the script runs on a bare GPU machine:
``python3 -m assistant_lab.tiny.train --data DIR --out assets/model --minutes 4``.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

from assistant_lab.tiny.batches import answer_mask, batches, evaluate, load_split
from assistant_lab.tiny.io import load_exported, save

HEAD_SIZE = 64  # rwkv's CUDA kernel is built for 64; the CPU path reads it from r_k's shape
DECAY_SCALE = 0.606531  # exp(-0.5), as in rwkv: log w = -0.606531 * sigmoid(w0 + lora(x))


@dataclass
class TinyConfig:
    vocab_size: int = 256
    n_embd: int = 256
    n_layer: int = 8
    d_decay: int = 32
    d_aaa: int = 32
    d_mv: int = 16
    d_gate: int = 64
    ctx_len: int = 512


def wkv_sequential(r, lw, k, v, a, b, state):
    """Reference: one token at a time, as rwkv's CPU path. Tensors (B,T,H,N); state (B,H,N,N) [v, k]."""
    out = []
    for t in range(r.shape[1]):
        w = torch.exp(lw[:, t])  # (B,H,N)
        sa = torch.einsum("bhvk,bhk->bhv", state, a[:, t])
        state = state * w[:, :, None, :] + sa[..., None] * b[:, t, :, None, :]
        state = state + v[:, t, :, :, None] * k[:, t, :, None, :]
        out.append(torch.einsum("bhvk,bhk->bhv", state, r[:, t]))
    return torch.stack(out, dim=1), state


def wkv_chunked(r, lw, k, v, a, b, state, chunk: int = 64):
    """Same result as :func:`wkv_sequential`, one triangular solve per chunk of ``chunk`` tokens.

    Decay products e^(c_t - c_i) are factored around the chunk's middle, e^(c_t - m) * e^(m - c_i), so the
    pair terms are plain matrix products; with log-decay >= -0.61 per token both factors stay far inside
    fp32 range for chunks up to 64. Entries above the diagonal are masked by multiplication (no inf/NaN).
    """
    bsz, T, H, N = r.shape
    outs = []
    for s in range(0, T, chunk):
        e = min(T, s + chunk)
        L = e - s
        rc, lwc, kc, vc, ac, bc = (x[:, s:e].transpose(1, 2) for x in (r, lw, k, v, a, b))  # (B,H,L,N)
        c = torch.cumsum(lwc, dim=2)  # c_t = sum_{j<=t} log w_j
        c_prev = c - lwc  # c_{t-1}
        m = c[:, :, L // 2 : L // 2 + 1, :]
        strict = torch.tril(torch.ones(L, L, dtype=r.dtype, device=r.device), -1)
        incl = torch.tril(torch.ones(L, L, dtype=r.dtype, device=r.device))
        a_out, r_out = ac * (c_prev - m).exp(), rc * (c - m).exp()  # query sides
        b_in, k_in = bc * (m - c).exp(), kc * (m - c).exp()  # key sides
        A = (a_out @ b_in.transpose(-1, -2)) * strict  # [t, i] = sum_n a_t b_i e^(c_{t-1} - c_i), i < t
        Bk = (a_out @ k_in.transpose(-1, -2)) * strict
        s0a = torch.einsum("bhvn,bhtn->bhtv", state, ac * c_prev.exp())
        eye = torch.eye(L, dtype=r.dtype, device=r.device)
        u = torch.linalg.solve_triangular(eye - A, s0a + Bk @ vc, upper=False, unitriangular=True)
        P = (r_out @ b_in.transpose(-1, -2)) * incl  # [t, i] = sum_n r_t b_i e^(c_t - c_i), i <= t
        Q = (r_out @ k_in.transpose(-1, -2)) * incl
        o = torch.einsum("bhvn,bhtn->bhtv", state, rc * c.exp()) + P @ u + Q @ vc
        outs.append(o.transpose(1, 2))
        tail = (c[:, :, -1:, :] - c).exp()  # (B,H,L,N): e^{c_L - c_i}
        state = (
            state * c[:, :, -1, None, :].exp()
            + torch.einsum("bhiv,bhin->bhvn", u, bc * tail)
            + torch.einsum("bhiv,bhin->bhvn", vc, kc * tail)
        )
    return torch.cat(outs, dim=1), state


def _ortho(rows: int, cols: int, gain: float) -> torch.Tensor:
    w = torch.empty(rows, cols)
    nn.init.orthogonal_(w, gain=gain)
    return w


class Block(nn.Module):
    def __init__(self, cfg: TinyConfig, layer_id: int) -> None:
        super().__init__()
        C, L = cfg.n_embd, cfg.n_layer
        H = C // HEAD_SIZE
        self.layer_id, self.H = layer_id, H
        r01 = layer_id / max(1, L - 1)
        r10 = 1.0 - layer_id / L
        ddd = torch.arange(C) / C
        p = lambda e: nn.Parameter((1.0 - ddd.pow(e * r10)).view(1, 1, C))
        if layer_id == 0:
            self.ln0 = nn.LayerNorm(C)
        self.ln1, self.ln2 = nn.LayerNorm(C), nn.LayerNorm(C)
        self.x_r, self.x_w, self.x_k, self.x_v, self.x_a, self.x_g = (
            p(0.2),
            p(0.9),
            p(0.7),
            p(0.7),
            p(0.9),
            p(0.2),
        )
        n = torch.arange(C)
        decay = -7 + 5 * (n / (C - 1)) ** (0.85 + 1.0 * r01**0.5)
        self.w0 = nn.Parameter((decay + 0.5).view(1, 1, C))
        self.w1 = nn.Parameter(torch.zeros(C, cfg.d_decay))
        self.w2 = nn.Parameter(_ortho(cfg.d_decay, C, 0.1))
        self.a0 = nn.Parameter(torch.zeros(1, 1, C))
        self.a1 = nn.Parameter(torch.zeros(C, cfg.d_aaa))
        self.a2 = nn.Parameter(_ortho(cfg.d_aaa, C, 0.1))
        if layer_id > 0:
            self.v0 = nn.Parameter(torch.ones(1, 1, C))
            self.v1 = nn.Parameter(torch.zeros(C, cfg.d_mv))
            self.v2 = nn.Parameter(_ortho(cfg.d_mv, C, 0.1))
        self.g1 = nn.Parameter(torch.zeros(C, cfg.d_gate))
        self.g2 = nn.Parameter(_ortho(cfg.d_gate, C, 0.1))
        self.k_k = nn.Parameter(torch.full((1, 1, C), 0.85))
        self.k_a = nn.Parameter(torch.ones(1, 1, C))
        self.r_k = nn.Parameter(torch.zeros(H, HEAD_SIZE))
        self.receptance, self.key = nn.Linear(C, C, bias=False), nn.Linear(C, C, bias=False)
        self.value, self.output = nn.Linear(C, C, bias=False), nn.Linear(C, C, bias=False)
        s = C**-0.5
        nn.init.uniform_(self.receptance.weight, -0.5 * s, 0.5 * s)
        nn.init.uniform_(self.key.weight, -0.05 * s, 0.05 * s)
        nn.init.uniform_(self.value.weight, -0.5 * s, 0.5 * s)
        nn.init.zeros_(self.output.weight)
        self.ln_x = nn.GroupNorm(H, C, eps=64e-5)
        self.f_x_k = nn.Parameter((1.0 - ddd.pow(r10**4)).view(1, 1, C))
        self.f_key, self.f_value = nn.Linear(C, 4 * C, bias=False), nn.Linear(4 * C, C, bias=False)
        nn.init.uniform_(self.f_key.weight, -0.5 * s, 0.5 * s)
        nn.init.zeros_(self.f_value.weight)

    def forward(self, x, v_first, att_state):
        """x (B,T,C); returns (x, v_first, new wkv state). Token shift starts from zeros (fresh state)."""
        B, T, C = x.shape
        H, N = self.H, HEAD_SIZE
        xa_in = self.ln1(x)
        xx = F.pad(xa_in, (0, 0, 1, -1)) - xa_in
        xr, xw, xk = xa_in + xx * self.x_r, xa_in + xx * self.x_w, xa_in + xx * self.x_k
        xv, xa, xg = xa_in + xx * self.x_v, xa_in + xx * self.x_a, xa_in + xx * self.x_g
        r, k, v = self.receptance(xr), self.key(xk), self.value(xv)
        w = torch.tanh(xw @ self.w1) @ self.w2
        a = torch.sigmoid(self.a0 + (xa @ self.a1) @ self.a2)
        g = torch.sigmoid(xg @ self.g1) @ self.g2
        kk = F.normalize((k * self.k_k).view(B, T, H, N), dim=-1, p=2.0).view(B, T, C)
        k = k * (1 + (a - 1) * self.k_a)
        if self.layer_id == 0:
            v_first = v
        else:
            v = v + (v_first - v) * torch.sigmoid(self.v0 + (xv @ self.v1) @ self.v2)
        lw = -DECAY_SCALE * torch.sigmoid((self.w0 + w).float())
        shp = (B, T, H, N)
        y, att_state = wkv_chunked(
            r.float().view(shp),
            lw.view(shp),
            k.float().view(shp),
            v.float().view(shp),
            (-kk).float().view(shp),
            (kk * a).float().view(shp),
            att_state,
        )
        y = self.ln_x(y.reshape(B * T, C)).view(B, T, C).to(x.dtype)
        y = y + ((r * k * self.r_k.view(1, 1, C)).view(B, T, H, N).sum(-1, keepdim=True) * v.view(shp)).view(
            B, T, C
        )
        x = x + self.output(y * g)
        xf = self.ln2(x)
        xx = F.pad(xf, (0, 0, 1, -1)) - xf
        kf = torch.relu(self.f_key(xf + xx * self.f_x_k)) ** 2
        return x + self.f_value(kf), v_first, att_state


class TinyRWKV7(nn.Module):
    def __init__(self, cfg: TinyConfig) -> None:
        super().__init__()
        self.cfg = cfg
        C, V = cfg.n_embd, cfg.vocab_size
        self.emb = nn.Embedding(V, C)
        nn.init.uniform_(self.emb.weight, -1e-4, 1e-4)
        self.blocks = nn.ModuleList(Block(cfg, i) for i in range(cfg.n_layer))
        self.ln_out = nn.LayerNorm(C)
        self.head = nn.Linear(C, V, bias=False)
        nn.init.orthogonal_(self.head.weight, gain=0.5 * math.sqrt(V / C))

    def forward(self, idx: torch.Tensor) -> torch.Tensor:
        B, _ = idx.shape
        x = self.blocks[0].ln0(self.emb(idx))
        v_first = x
        H = self.cfg.n_embd // HEAD_SIZE
        for blk in self.blocks:
            s0 = torch.zeros(B, H, HEAD_SIZE, HEAD_SIZE, device=idx.device)
            x, v_first, _ = blk(x, v_first, s0)
        return self.head(self.ln_out(x))


# -- training ---------------------------------------------------------------------------------------


def adamw(model: torch.nn.Module, lr: float) -> torch.optim.AdamW:
    """The optimizer both training scripts use: weight decay 0.01 on the matrices only (not on vectors,
    norms or per-channel mixes), betas (0.9, 0.99)."""
    decay = [p for p in model.parameters() if p.dim() >= 2 and p.shape[0] > 1 and p.shape[1] > 1]
    ids = {id(p) for p in decay}
    rest = [p for p in model.parameters() if id(p) not in ids]
    groups = [{"params": decay, "weight_decay": 0.01}, {"params": rest, "weight_decay": 0.0}]
    return torch.optim.AdamW(groups, lr=lr, betas=(0.9, 0.99), eps=1e-8)


def train(args: argparse.Namespace) -> dict:
    torch.manual_seed(args.seed)
    device = "cuda" if torch.cuda.is_available() else "cpu"
    if device == "cpu":
        torch.set_num_threads(args.threads)
    cfg = TinyConfig(n_embd=args.n_embd, n_layer=args.n_layer, ctx_len=args.ctx)
    model = TinyRWKV7(cfg)
    if args.init is not None:
        load_exported(model, args.init)
    model = model.to(device)
    n_params = sum(p.numel() for p in model.parameters())
    train_data, val_data = load_split(args.data, "train"), load_split(args.data, "val")
    opt = adamw(model, args.lr)
    rng = np.random.default_rng(args.seed)
    weights = answer_mask(train_data) if args.answer_weight != 1.0 else None
    it = batches(train_data, args.batch, args.ctx, rng, device, weights)
    curve: list[dict] = []
    t0, step, budget = time.time(), 0, args.minutes * 60
    print(f"device {device}, {n_params / 1e6:.2f}M params, {len(train_data) / 1e6:.1f} MB train", flush=True)
    while step < args.max_steps and time.time() - t0 < budget:
        frac = min(1.0, (time.time() - t0) / budget)
        lr = args.lr * min(1.0, (step + 1) / 100) * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * frac)))
        for group in opt.param_groups:
            group["lr"] = lr
        x, y, m = next(it)
        with torch.autocast("cuda", torch.bfloat16, enabled=device == "cuda"):
            logits = model(x)
        ce = F.cross_entropy(logits.float().reshape(-1, cfg.vocab_size), y.reshape(-1), reduction="none")
        if m is None:
            loss = ce.mean()
        else:  # the bytes the picker decides weigh ``answer_weight`` times the rest
            w = 1.0 + (args.answer_weight - 1.0) * m.reshape(-1).float()
            loss = (ce * w).sum() / w.sum()
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        step += 1
        if step % args.log_every == 0 or step == 1:
            row = {"step": step, "t": round(time.time() - t0, 1), "lr": lr, "train_loss": loss.item()}
            if step % (args.log_every * 5) == 0:
                row["val_loss"] = evaluate(model, val_data, args.ctx, device)
            curve.append(row)
            print(json.dumps(row), flush=True)
    val = evaluate(model, val_data, args.ctx, device, n=64)
    val_answers = evaluate(model, val_data, args.ctx, device, n=64, mask=answer_mask(val_data))
    tokens = step * args.batch * args.ctx
    summary = {
        "config": asdict(cfg),
        "params": n_params,
        "steps": step,
        "tokens_seen": tokens,
        "seconds": round(time.time() - t0, 1),
        "device": torch.cuda.get_device_name() if device == "cuda" else "cpu",
        "held_out_loss_nats_per_byte": val,
        "held_out_bits_per_byte": val / math.log(2),
        "held_out_answer_loss_nats_per_byte": val_answers,  # the picks' bytes only
        "answer_weight": args.answer_weight,
        "batch": args.batch,
        "lr": args.lr,
        "seed": args.seed,
        "init": str(args.init) if args.init else None,
        "sources": json.loads(sources.read_text())
        if (sources := args.data / "sources.json").is_file()
        else {},
        "curve": curve,
    }
    save(model, args.out, summary)
    return summary


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, required=True, help="dir with train.bin / val.bin (tiny_data)")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--minutes", type=float, default=4.0, help="wall-clock training budget")
    ap.add_argument("--max-steps", type=int, default=10**9)
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--ctx", type=int, default=512)
    ap.add_argument("--n-embd", type=int, default=256)
    ap.add_argument("--n-layer", type=int, default=8)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1, help="torch CPU threads when there is no GPU")
    ap.add_argument("--log-every", type=int, default=20)
    ap.add_argument("--init", type=Path, help="continue from a model file this script wrote")
    ap.add_argument(
        "--answer-weight",
        type=float,
        default=1.0,
        help="loss weight of the picks' bytes (1: all alike)",
    )
    train(ap.parse_args(argv))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
