"""Pretrain the bundled RWKV-7 on real English and the picking dialogues, in resumable chunks, and export it.

Why one script for both: there is GPU time for one short run, so pretraining and fine-tuning are one schedule:
each batch mixes windows of English with windows of picking dialogues, the picking share rising from
``--pick-start`` to ``--pick-end`` over the whole run (``--total-minutes``), and the picks' tokens weigh
``--answer-weight`` times the rest. A chunk runs ``--minutes`` and writes ``checkpoint.safetensors`` (the
weights in bf16, the step, the time spent, the curve); ``--resume`` continues from it (the optimizer's moments
restart, with a short warm-up). ``--init`` starts a new schedule from the weights of a model file (the
bundled one, say): a fine-tuning run on a corpus built with that file's vocabulary (``build --vocab-from``).
The model is :class:`~assistant_lab.tiny.train.TinyRWKV7` with the fitted vocabulary; the WKV runs as its
chunked PyTorch form, since the project's Triton WKV-7 kernel has no backward.

``python3 -m assistant_lab.english.pretrain --data .pretrain --out $OUT/model --minutes 8``
(needs torch, numpy, safetensors; the vocabulary's tokenizer is imported from the gpuaccel sources).
"""

from __future__ import annotations

import argparse
import json
import math
import time
from dataclasses import asdict
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F

from assistant_lab.english.tokens import load_vocab, tokenize
from assistant_lab.tiny.batches import evaluate
from assistant_lab.tiny.io import load_exported, official_names, save
from assistant_lab.tiny.train import TinyConfig, TinyRWKV7, adamw

CHECKPOINT = "checkpoint.safetensors"


class Corpus:
    """The token arrays of both groups and the bytes each token stands for (to report loss per byte)."""

    def __init__(self, tokens_dir: Path, token_bytes: np.ndarray) -> None:
        load = lambda name: np.load(tokens_dir / f"{name}.npy")
        self.train = {g: load(f"{g}_train") for g in ("english", "picking")}
        self.val = {g: load(f"{g}_val") for g in ("english", "picking")}
        self.pick_mask = load("picking_train_mask")
        self.val_pick_mask = load("picking_val_mask")
        self.token_bytes = token_bytes

    def bytes_per_token(self, ids: np.ndarray) -> float:
        return float(self.token_bytes[ids.astype(np.int64)].mean())

    def unigram_nats_per_byte(self) -> float:
        """Held-out English under the training split's token frequencies (add-one): the floor to beat."""
        counts = np.bincount(self.train["english"], minlength=len(self.token_bytes)).astype(np.float64) + 1
        logp = np.log(counts / counts.sum())
        val = self.val["english"].astype(np.int64)
        return float(-logp[val].mean() / self.bytes_per_token(val))


def windows(data: np.ndarray, n: int, T: int, rng: np.random.Generator, mask: np.ndarray | None):
    starts = rng.integers(0, len(data) - T - 1, size=n)
    x = np.stack([data[s : s + T + 1] for s in starts]).astype(np.int64)
    m = (
        np.stack([mask[s + 1 : s + T + 1] for s in starts])
        if mask is not None
        else np.zeros((n, T), np.uint8)
    )
    return x, m


def save_checkpoint(model: TinyRWKV7, out: Path, state: dict) -> None:
    from safetensors.torch import save_file

    tensors = {k: v.detach().to("cpu", torch.bfloat16).contiguous() for k, v in official_names(model).items()}
    save_file(tensors, str(out / CHECKPOINT), metadata={"state": json.dumps(state)})


def load_checkpoint(model: TinyRWKV7, path: Path) -> dict:
    from safetensors import safe_open

    params = official_names(model)
    with safe_open(str(path), framework="pt") as f:
        state = json.loads(f.metadata()["state"])
        with torch.no_grad():
            for name, p in params.items():
                p.copy_(f.get_tensor(name).reshape(p.shape))
    return state


def same_vocab(path: Path, tokens: list[bytes]) -> None:
    """Stop unless the model file reads text with the build's vocabulary (``build --vocab-from``): weights
    of the right shapes under other token ids load without complaint and learn nonsense."""
    from gpuaccel.assistant.engine.safetensors_header import read_header

    meta = read_header(path)[1]
    theirs = json.loads(meta["vocab"]) if meta.get("tokenizer") == "vocab" and "vocab" in meta else None
    if theirs != [t.hex() for t in tokens]:
        raise SystemExit(
            f"{path} does not read text with this build's vocabulary; build the corpus with"
            f" --vocab-from {path}"
        )


def fresh_state() -> dict:
    return {"step": 0, "seconds": 0.0, "tokens": 0, "curve": []}


def train(args: argparse.Namespace) -> dict:
    torch.manual_seed(args.seed)
    device = "cuda" if torch.cuda.is_available() else "cpu"
    tok = load_vocab(args.data)
    tokens_dir = args.tokens or args.out / "tokens"
    if not (tokens_dir / "tokens.json").is_file():
        t = time.time()
        print(
            "tokenized",
            tokenize(args.data, tokens_dir, args.procs),
            f"in {time.time() - t:.1f} s",
            flush=True,
        )
    token_bytes = np.array([max(1, len(t)) for t in tok.tokens], np.float64)
    corpus = Corpus(tokens_dir, token_bytes)
    cfg = TinyConfig(vocab_size=tok.vocab_size, n_embd=args.n_embd, n_layer=args.n_layer, ctx_len=args.ctx)
    model = TinyRWKV7(cfg)
    state = fresh_state()
    if args.resume is not None and args.init is not None:
        raise SystemExit("--resume continues a run, --init starts one from a model's weights: not both")
    if args.resume is not None:
        state = load_checkpoint(model, args.resume)
        print(f"resumed at step {state['step']} after {state['seconds']:.0f} s", flush=True)
    if args.init is not None:
        same_vocab(args.init, tok.tokens)
        load_exported(model, args.init)
        print(f"weights from {args.init}; a new schedule", flush=True)
    from_scratch = args.resume is None and args.init is None
    model = model.to(device)
    n_params = sum(p.numel() for p in model.parameters())
    opt = adamw(model, args.lr)
    rng = np.random.default_rng(args.seed + state["step"])
    total, chunk_start, chunk_step = args.total_minutes * 60, time.time(), 0
    print(
        f"device {device}, {n_params / 1e6:.2f}M params, vocab {tok.vocab_size}, train tokens "
        + ", ".join(f"{g} {len(a) / 1e6:.1f}M" for g, a in corpus.train.items()),
        flush=True,
    )
    while time.time() - chunk_start < args.minutes * 60:
        elapsed = state["seconds"] + time.time() - chunk_start
        frac = min(1.0, elapsed / total)
        warm = min(1.0, (chunk_step + 1) / (100 if from_scratch and state["step"] == 0 else 30))
        lr = args.lr * warm * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * frac)))
        for group in opt.param_groups:
            group["lr"] = lr
        share = args.pick_start + (args.pick_end - args.pick_start) * frac
        n_pick = int(round(args.batch * share))
        xe, me = windows(corpus.train["english"], args.batch - n_pick, args.ctx, rng, None)
        xp, mp = windows(corpus.train["picking"], n_pick, args.ctx, rng, corpus.pick_mask)
        xb = torch.from_numpy(np.concatenate([xe, xp])).to(device, non_blocking=True)
        mb = torch.from_numpy(np.concatenate([me, mp])).to(device, non_blocking=True)
        x, y = xb[:, :-1], xb[:, 1:]
        with torch.autocast("cuda", torch.bfloat16, enabled=device == "cuda"):
            logits = model(x)
        ce = F.cross_entropy(logits.float().reshape(-1, cfg.vocab_size), y.reshape(-1), reduction="none")
        w = 1.0 + (args.answer_weight - 1.0) * mb.reshape(-1).float()
        loss = (ce * w).sum() / w.sum()
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        state["step"] += 1
        chunk_step += 1
        state["tokens"] += args.batch * args.ctx
        if state["step"] % args.log_every == 0 or chunk_step == 1:
            row = {"step": state["step"], "t": round(elapsed, 1), "lr": lr, "pick_share": round(share, 3)}
            row["train_loss"] = round(loss.item(), 4)
            if state["step"] % (args.log_every * 5) == 0:
                row["val_loss"] = evaluate(model, corpus.val["english"], args.ctx, device, n=16)
            state["curve"].append(row)
            print(json.dumps(row), flush=True)
    state["seconds"] += time.time() - chunk_start
    args.out.mkdir(parents=True, exist_ok=True)
    save_checkpoint(model, args.out, state)
    val_e = evaluate(model, corpus.val["english"], args.ctx, device, n=64)
    val_p = evaluate(model, corpus.val["picking"], args.ctx, device, n=64)
    val_picks = evaluate(model, corpus.val["picking"], args.ctx, device, n=64, mask=corpus.val_pick_mask)
    bpt_e, bpt_p = (
        corpus.bytes_per_token(corpus.val["english"]),
        corpus.bytes_per_token(corpus.val["picking"]),
    )
    summary = {
        "config": asdict(cfg),
        "params": n_params,
        "steps": state["step"],
        "tokens_seen": state["tokens"],
        "seconds": round(state["seconds"], 1),
        "device": torch.cuda.get_device_name() if device == "cuda" else "cpu",
        "held_out_english_nats_per_token": val_e,
        "held_out_english_nats_per_byte": val_e / bpt_e,
        "held_out_english_perplexity_per_token": math.exp(val_e),
        "unigram_english_nats_per_byte": corpus.unigram_nats_per_byte(),
        "held_out_picking_nats_per_byte": val_p / bpt_p,
        "held_out_picks_nats_per_token": val_picks,
        "bytes_per_token": {"english": bpt_e, "picking": bpt_p},
        "held_out_loss_nats_per_byte": val_e / bpt_e,  # what io.save prints
        "loss_unit": "nats per token (curve; val_loss: held-out English)",
        "args": {k: str(v) for k, v in vars(args).items()},
        "sources": json.loads((args.data / "sources.json").read_text()),
        "curve": state["curve"],
    }
    meta = {"tokenizer": "vocab", "vocab": tok.to_metadata(), "query_picker": "1"}
    save(model, args.out, summary, meta)
    return summary


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, required=True, help="the build's folder (text, vocab.json)")
    ap.add_argument("--tokens", type=Path, help="token ids (made there from the text when missing)")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--resume", type=Path, help=f"a {CHECKPOINT} an earlier chunk wrote")
    ap.add_argument("--init", type=Path, help="start from this model file's weights (a new schedule)")
    ap.add_argument("--minutes", type=float, default=8.0, help="this chunk's wall-clock budget")
    ap.add_argument("--total-minutes", type=float, default=8.0, help="the whole run's (the schedules)")
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--ctx", type=int, default=512)
    ap.add_argument("--n-embd", type=int, default=320)
    ap.add_argument("--n-layer", type=int, default=8)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--pick-start", type=float, default=0.3, help="share of picking windows at the start")
    ap.add_argument("--pick-end", type=float, default=0.7, help="and at the end")
    ap.add_argument("--answer-weight", type=float, default=4.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--procs", type=int, default=16, help="processes that tokenize")
    ap.add_argument("--log-every", type=int, default=25)
    train(ap.parse_args(argv))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
