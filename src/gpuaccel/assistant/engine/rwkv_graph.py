"""RWKV-7 forward at GPU speed: prefill through our Triton WKV-7 kernel, decode replayed as one CUDA graph.

rwkv 0.8.32 loads the weights (:func:`assistant.engine.runtime.load_rwkv`); its TorchScript forward runs the
WKV recurrence as a Python loop over tokens (prefill ~400 tok/s at 0.1B) and launches some 600 kernels per
decoded token from the host. :class:`FastRWKV7` runs the same math as the package's ``RWKV_x070`` (same
weights dict ``model.z``, same state list: per layer the attention's previous x, the WKV state (H, N, N)
fp32, the FFN's previous x) with eager PyTorch around one WKV kernel launch per layer.
:class:`GraphStep` captures one token's whole forward with static token, state and logits buffers and
replays it per token, so decoding costs one graph launch instead of hundreds of kernel launches.
:meth:`FastRWKV7.step_rows` runs the same blocks for one token in each of several rows (a report's drafts,
decoded together on the CPU) with :func:`wkv7_one`, rwkv's own one-token WKV, so the weights are read once
per token for all rows and each row's tokens are rwkv's bit for bit.
:func:`choose_wkv` says which WKV path a strategy gets here, and why.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import torch
import torch.nn.functional as F

DECAY_SCALE = 0.606531  # exp(-0.5): w = exp(-exp(-0.5) * sigmoid(w0 + lora(x))), as in RWKV_x070


def find_nvcc() -> str | None:
    """The CUDA compiler rwkv's CUDA op needs: on PATH, else under ``$CUDA_HOME/bin``."""
    found = shutil.which("nvcc")
    home = os.environ.get("CUDA_HOME") or os.environ.get("CUDA_PATH")
    if found is None and home and (Path(home) / "bin" / "nvcc").is_file():
        found = str(Path(home) / "bin" / "nvcc")
    return found


def _triton_problem() -> str | None:
    """Why our Triton kernel cannot run here, or None when it can."""
    try:
        import triton  # noqa: F401
    except ImportError as exc:
        return f"Triton not importable: {exc}"
    if not torch.cuda.is_available():
        return "CUDA not available to torch"
    return None


def choose_wkv(strategy: str, fast: bool = True) -> tuple[str, str]:
    """Which WKV path prefills, and why: our Triton kernel on a GPU; rwkv's CUDA op where the user asked
    for it (``GPUACCEL_RWKV_CUDA_ON=1``) and nvcc exists; rwkv's plain path last."""
    if not strategy.startswith("cuda"):
        return "plain", "CPU strategy: rwkv's own path"
    asked = os.environ.get("GPUACCEL_RWKV_CUDA_ON") == "1"
    problem = _triton_problem() if fast else "the fast path is turned off for this engine"
    if problem is None:
        extra = " (GPUACCEL_RWKV_CUDA_ON=1 is not needed for it)" if asked else ""
        return "triton", "GPU: our Triton WKV-7 kernel, no compiler needed" + extra
    nvcc = find_nvcc()
    if asked and nvcc:
        return "rwkv-cuda", f"{problem}; rwkv's CUDA op as asked by GPUACCEL_RWKV_CUDA_ON=1 (nvcc: {nvcc})"
    if asked:
        return "plain", f"{problem}; GPUACCEL_RWKV_CUDA_ON=1 asks for rwkv's CUDA op but nvcc was not found"
    return "plain", f"{problem}; rwkv's plain path (GPUACCEL_RWKV_CUDA_ON=1 with nvcc gives its CUDA op)"


def wkv7_one(state: Any, r: Any, w: Any, k: Any, v: Any, a: Any, b: Any) -> Any:
    """One token of the WKV-7 recurrence for each of B rows, with rwkv's ``forward_one`` matmuls in its order
    (``s*w + s@(a^T b) + v^T k``: the same bits as rwkv's one-token forward, which ``wkv7_reference``'s
    einsums are not). ``state`` (B, H, N, N) fp32 is updated in place; r, w, k, v, a, b are (B, H*N)."""
    B, H, N = state.shape[0], state.shape[1], state.shape[2]
    vk = v.view(B, H, N, 1) @ k.view(B, H, 1, N)
    ab = a.view(B, H, N, 1) @ b.view(B, H, 1, N)
    s = state * w.view(B, H, 1, N) + state @ ab.float() + vk.float()
    state.copy_(s)
    return (s.to(dtype=r.dtype) @ r.view(B, H, N, 1)).view(B, H * N)


class FastRWKV7:
    """The RWKV-7 forward over a loaded ``RWKV_x070``'s weights; ``wkv`` runs the recurrence (the Triton
    kernel, or ``wkv7_reference`` where Triton is unusable)."""

    def __init__(self, model: Any, wkv: Any) -> None:
        self.z: dict[str, Any] = model.z
        self.n_layer, self.n_head, self.head_size = (
            int(model.n_layer),
            int(model.n_head),
            int(model.head_size),
        )
        self.n_embd = int(model.n_embd)
        self.wkv = wkv
        emb = self.z["emb.weight"]
        self.device, self.dtype = emb.device, emb.dtype
        self._layers = [self._layer_weights(i) for i in range(self.n_layer)]

    def _layer_weights(self, i: int) -> dict[str, Any]:
        z, p = self.z, f"blocks.{i}."
        names = ["ln1.weight", "ln1.bias", "ln2.weight", "ln2.bias"]
        att = ["x_r", "x_w", "x_k", "x_v", "x_a", "x_g", "w0", "w1", "w2", "a0", "a1", "a2", "v0", "v1", "v2"]
        att += ["g1", "g2", "k_k", "k_a", "r_k", "receptance.weight", "key.weight", "value.weight"]
        att += ["output.weight", "ln_x.weight", "ln_x.bias"]
        out = {n: z[p + n] for n in names}
        out.update({"att." + n: z[p + "att." + n] for n in att})
        out.update({"ffn." + n: z[p + "ffn." + n] for n in ("x_k", "key.weight", "value.weight")})
        return out

    def zero_state(self) -> list[Any]:
        """rwkv's state layout: [att x_prev (C), WKV state (H, N, N) fp32, ffn x_prev (C)] per layer."""
        C, H, N = self.n_embd, self.n_head, self.head_size
        state = []
        for _ in range(self.n_layer):
            state.append(torch.zeros(C, dtype=self.dtype, device=self.device))
            state.append(torch.zeros((H, N, N), dtype=torch.float32, device=self.device))
            state.append(torch.zeros(C, dtype=self.dtype, device=self.device))
        return state

    def forward(self, tokens: list[int], state: list[Any] | None) -> tuple[Any, list[Any]]:
        """Logits after ``tokens`` and the state (updated in place, as rwkv does with its CUDA op)."""
        if state is None:
            state = self.zero_state()
        idx = torch.tensor(tokens, dtype=torch.long, device=self.device)
        with torch.no_grad():
            return self.forward_idx(idx, state), state

    def forward_idx(self, idx: Any, state: list[Any]) -> Any:
        """The forward for a device tensor of token ids: no host sync, so it can be graph-captured."""
        return self._head(self._blocks(idx, state, self.wkv)[-1])

    def step_rows(self, tokens: list[int], state: list[Any]) -> tuple[Any, list[Any]]:
        """Logits ``(B, vocab)`` after one token in each of B rows (drafts of one prompt), and their state
        (:meth:`rows_state`, updated in place): the blocks of :meth:`forward` with :func:`wkv7_one`, so the
        weights are read once per token for all the rows, and each row's logits are rwkv's own for it."""
        idx = torch.tensor(tokens, dtype=torch.long, device=self.device)
        with torch.no_grad():
            return self._head(self._blocks(idx, state, wkv7_one)), state

    @staticmethod
    def rows_state(state: list[Any], n: int) -> list[Any]:
        """``n`` copies of one sequence's state stacked along a new first dimension: :meth:`step_rows`'s."""
        return [s.unsqueeze(0).repeat(n, *([1] * s.dim())) for s in state]

    @staticmethod
    def keep_rows(state: list[Any], rows: list[int]) -> list[Any]:
        """The rows' state of the rows at ``rows`` only (the drafts still going)."""
        index = torch.tensor(rows, dtype=torch.long, device=state[0].device)
        return [s.index_select(0, index) for s in state]

    def _blocks(self, idx: Any, state: list[Any], wkv: Any) -> Any:
        """x after every block: ``idx`` a sequence (state as :meth:`zero_state`) or one token a row (state as
        :meth:`rows_state`); ``wkv`` runs the recurrence over it."""
        x = self.z["emb.weight"][idx]
        v_first = x
        for i, L in enumerate(self._layers):
            xx = F.layer_norm(x, (self.n_embd,), weight=L["ln1.weight"], bias=L["ln1.bias"])
            xx, v_first = self._tmix(i, L, xx, state[3 * i], state[3 * i + 1], v_first, wkv)
            x = x + xx
            xx = F.layer_norm(x, (self.n_embd,), weight=L["ln2.weight"], bias=L["ln2.bias"])
            x = x + self._cmix(L, xx, state[3 * i + 2])
        return x

    def _head(self, x: Any) -> Any:
        """Logits of x: the last layer norm and the head."""
        z = self.z
        x = F.layer_norm(x, (self.n_embd,), weight=z["ln_out.weight"], bias=z["ln_out.bias"])
        return x @ z["head.weight"]

    @staticmethod
    def _shift(x: Any, x_prev: Any) -> Any:
        """Each token's previous x minus its x, ``x_prev`` (updated in place) becoming the last x: a sequence
        (T, C) after ``x_prev`` (C), or rows (B, C) of one token each after their own ``x_prev`` (B, C)."""
        if x_prev.dim() == x.dim():
            xx = x_prev - x
            x_prev.copy_(x)
        else:
            xx = torch.cat((x_prev.unsqueeze(0), x[:-1])) - x
            x_prev.copy_(x[-1])
        return xx

    def _tmix(
        self, layer: int, L: dict[str, Any], x: Any, x_prev: Any, s: Any, v_first: Any, wkv: Any
    ) -> Any:
        T, H, N = x.shape[0], self.n_head, self.head_size
        xx = self._shift(x, x_prev)
        xr, xw, xk = x + xx * L["att.x_r"], x + xx * L["att.x_w"], x + xx * L["att.x_k"]
        xv, xa, xg = x + xx * L["att.x_v"], x + xx * L["att.x_a"], x + xx * L["att.x_g"]
        r = xr @ L["att.receptance.weight"]
        w = torch.tanh(xw @ L["att.w1"]) @ L["att.w2"]
        k = xk @ L["att.key.weight"]
        v = xv @ L["att.value.weight"]
        a = torch.sigmoid(L["att.a0"] + (xa @ L["att.a1"]) @ L["att.a2"])
        g = torch.sigmoid(xg @ L["att.g1"]) @ L["att.g2"]
        kk = F.normalize((k * L["att.k_k"]).view(T, H, N), dim=-1, p=2.0).view(T, H * N)
        k = k * (1 + (a - 1) * L["att.k_a"])
        if layer == 0:
            v_first = v
        else:
            v = v + (v_first - v) * torch.sigmoid(L["att.v0"] + (xv @ L["att.v1"]) @ L["att.v2"])
        w = torch.exp(-DECAY_SCALE * torch.sigmoid((L["att.w0"] + w).float()))
        y = wkv(s, r, w, k, v, -kk, kk * a)
        y = F.group_norm(y, num_groups=H, weight=L["att.ln_x.weight"], bias=L["att.ln_x.bias"], eps=64e-5)
        y = y + ((r * k * L["att.r_k"]).view(T, H, N).sum(dim=-1, keepdim=True) * v.view(T, H, N)).view(T, -1)
        return (y * g) @ L["att.output.weight"], v_first

    @classmethod
    def _cmix(cls, L: dict[str, Any], x: Any, x_prev: Any) -> Any:
        xx = cls._shift(x, x_prev)
        k = torch.relu((x + xx * L["ffn.x_k"]) @ L["ffn.key.weight"]) ** 2
        return k @ L["ffn.value.weight"]


class GraphStep:
    """One token's forward captured as a CUDA graph over static buffers; :meth:`step` replays it.

    The returned state *is* the graph's static state list and the logits its static output: both stay
    valid until the next :meth:`step` (the engine copies whatever it keeps). Passing that same list back
    skips the state copy, so a decode loop pays one small fill, one graph launch and the caller's read.
    """

    def __init__(self, fast: FastRWKV7, warmup: int = 2) -> None:
        if fast.device.type != "cuda":
            raise RuntimeError(f"CUDA graphs need a CUDA device; the model is on {fast.device}")
        self.fast = fast
        self.idx = torch.zeros(1, dtype=torch.long, device=fast.device)
        self.state = fast.zero_state()
        side = torch.cuda.Stream(device=fast.device)
        side.wait_stream(torch.cuda.current_stream(fast.device))
        with torch.no_grad(), torch.cuda.stream(side):
            for _ in range(warmup):  # compile kernels and settle the allocator outside the capture
                fast.forward_idx(self.idx, self.state)
        torch.cuda.current_stream(fast.device).wait_stream(side)
        self.graph = torch.cuda.CUDAGraph()
        with torch.no_grad(), torch.cuda.graph(self.graph):
            self.logits = fast.forward_idx(self.idx, self.state)
        for s in self.state:
            s.zero_()

    def step(self, token: int, state: list[Any] | None) -> tuple[Any, list[Any]]:
        self.idx.fill_(int(token))
        if state is None:
            for s in self.state:
                s.zero_()
        elif state is not self.state:
            torch._foreach_copy_(self.state, state)
        self.graph.replay()
        return self.logits, self.state

    def close(self) -> None:
        """Drop the graph and its memory pool before the engine gives memory back."""
        self.graph.reset()
        self.state, self.logits = [], None
