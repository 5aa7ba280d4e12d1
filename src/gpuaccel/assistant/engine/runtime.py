"""The RWKV-7 engine: load ``.safetensors`` weights into rwkv 0.8.32, tokenize, prefill, sample, cache states.

Loading adapter (the one place that touches rwkv's loader): rwkv's ``RWKV_x070`` constructor reads
``torch.load(MODEL_NAME + '.pth')`` and deletes keys from the dict it gets. :func:`load_rwkv` reads the
safetensors file itself and, for the duration of the constructor only, replaces ``torch.load`` with a
function that returns a fresh copy of that dict for exactly that sentinel path (anything else goes to the
real ``torch.load``). Nothing is converted or cached on disk, and no pickle is ever read.

rwkv keeps the dtype and device in module globals, so one process serves one strategy; the daemon runs
this engine in a worker process (:mod:`assistant.engine.worker`), tests may run it in-process.
"""

from __future__ import annotations

import copy
import logging
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gpuaccel.assistant.engine.safetensors_header import HeaderError, read_header
from gpuaccel.assistant.engine.tokenizers import EOT, ByteTokenizer, Tokenizer, VocabTokenizer, WorldTokenizer
from gpuaccel.assistant.engine.tokenizers import Utf8Stream as Utf8Stream  # the chat streams text through it

STRATEGIES = ("cuda fp16", "cuda bf16", "cuda fp32", "cpu fp32", "cpu bf16", "cpu fp16")
BUNDLED_MODEL = Path(__file__).resolve().parents[2] / "assets" / "model" / "tiny-rwkv7.safetensors"
PREFILL_CHUNK = 256
_LOAD_LOCK = threading.Lock()
log = logging.getLogger(__name__)


class ModelError(RuntimeError):
    """The model file cannot be used (missing, not RWKV-7, wrong strategy); the message says why."""


def prepare_env(strategy: str, wkv: str = "plain") -> None:
    """rwkv reads these at import: RWKV-7 on, TorchScript on, its CUDA op only for ``wkv == "rwkv-cuda"``.

    Compiled kernels (Triton's, rwkv's CUDA op) go to the user's cache dir unless the user chose a place.
    """
    os.environ["RWKV_V7_ON"] = "1"
    os.environ.setdefault("RWKV_JIT_ON", "1")
    os.environ["RWKV_CUDA_ON"] = "1" if strategy.startswith("cuda") and wkv == "rwkv-cuda" else "0"
    if strategy.startswith("cuda"):
        from gpuaccel.accel.kernels.tuning.store import cache_dir

        os.environ.setdefault("TRITON_CACHE_DIR", str(cache_dir() / "triton"))
        os.environ.setdefault("TORCH_EXTENSIONS_DIR", str(cache_dir() / "torch_extensions"))


def describe_runtime(runtime: dict[str, Any]) -> str:
    """One line for the status and the log: which paths run and why."""
    if not runtime:
        return ""
    rt = runtime
    return (
        f"prefill: {rt['prefill']} ({rt['prefill_reason']}); decode: {rt['decode']} ({rt['decode_reason']})"
    )


# -- tokenizers ------------------------------------------------------------------------------------------


def tokenizer_for(vocab_size: int, declared: str | None = None, vocab: str | None = None) -> Tokenizer:
    """The tokenizer the metadata declares (``vocab``: its tokens are in the file), else by the size."""
    if declared == "vocab":
        try:
            tok = VocabTokenizer.from_metadata(vocab or "")
        except ValueError as exc:
            raise ModelError(str(exc)) from None
        if tok.vocab_size != vocab_size:
            raise ModelError(f"the file's vocab has {tok.vocab_size} tokens, its embedding {vocab_size} rows")
        return tok
    if declared == "bytes" or (declared is None and vocab_size == 256):
        return ByteTokenizer()
    if vocab_size == 65536:
        return WorldTokenizer()
    raise ModelError(
        f"no tokenizer for a vocabulary of {vocab_size} tokens (known: 256 bytes, 65536 World,"
        " or one in the file's metadata: tokenizer=vocab)"
    )


# -- loading -----------------------------------------------------------------------------------------------


@contextmanager
def _torch_load_returns(sentinel: str, tensors: dict[str, Any]) -> Iterator[None]:
    import torch

    real = torch.load

    def fake_load(f: Any, *args: Any, **kwargs: Any) -> Any:
        if str(f) == sentinel:
            return dict(tensors)  # the constructor deletes keys: give it its own dict
        return real(f, *args, **kwargs)

    with _LOAD_LOCK:
        torch.load = fake_load
        try:
            yield
        finally:
            torch.load = real


def read_safetensors(path: Path) -> tuple[dict[str, Any], dict[str, str]]:
    from safetensors import safe_open

    if not path.is_file():
        raise ModelError(f"model file not found: {path}")
    tensors: dict[str, Any] = {}
    with safe_open(str(path), framework="pt") as f:
        meta = f.metadata() or {}
        for key in f.keys():  # noqa: SIM118 (safe_open is not a dict)
            tensors[key] = f.get_tensor(key)
    if "blocks.0.att.r_k" not in tensors or "emb.weight" not in tensors:
        raise ModelError(f"{path.name} is not an RWKV-7 model (no blocks.0.att.r_k / emb.weight)")
    return tensors, meta


def load_rwkv(path: Path, strategy: str, wkv: str = "plain") -> tuple[Any, Tokenizer]:
    """An ``rwkv.model.RWKV`` (RWKV_x070) with the weights of ``path`` and the matching tokenizer."""
    if strategy not in STRATEGIES:
        raise ModelError(f"strategy {strategy!r} not supported by RWKV-7; use one of {', '.join(STRATEGIES)}")
    prepare_env(strategy, wkv)
    tensors, meta = read_safetensors(path)
    vocab = int(tensors["emb.weight"].shape[0])
    tokenizer = tokenizer_for(vocab, meta.get("tokenizer"), meta.get("vocab"))
    import rwkv.model

    sentinel = str(path.with_suffix("")) + ".pth"
    with _torch_load_returns(sentinel, tensors):
        model = rwkv.model.RWKV(model=str(path.with_suffix("")), strategy=strategy)
    return model, tokenizer


# -- generation ---------------------------------------------------------------------------------------------


@dataclass
class GenParams:
    max_tokens: int = 200
    temperature: float = 1.0
    top_p: float = 0.5
    seed: int | None = None
    stop: bytes = b"\n\n"


def copy_state(state: list[Any] | None) -> list[Any] | None:
    """States are lists of tensors updated in place: reuse only a deep copy."""
    return None if state is None else copy.deepcopy(state)


def sample(logits: Any, params: GenParams, generator: Any) -> int:
    """A token from the top-p nucleus at ``temperature``; ``top_p <= 0`` keeps only the likeliest token.

    The work stays where the logits are (a 65536-entry sort or draw on the host costs ~5 ms a token): the
    nucleus is the prefix of the probabilities sorted in descending order, and one uniform number from the
    seeded CPU generator picks from its cumulative sum, so the same logits give the same token on any
    engine and one host sync a token is all the sampling costs.
    """
    import torch

    logits = logits.to(torch.float32, copy=True)
    logits[EOT] = -torch.inf
    if params.temperature <= 0:
        return int(torch.argmax(logits))
    sorted_p, order = torch.sort(torch.softmax(logits / params.temperature, dim=-1), descending=True)
    keep = (torch.cumsum(sorted_p, 0) - sorted_p < params.top_p) & (sorted_p > 0)
    keep[0] = True
    cdf = torch.cumsum(torch.where(keep, sorted_p, torch.zeros_like(sorted_p)), 0)
    u = float(torch.rand((), generator=generator))
    i = torch.searchsorted(cdf, (cdf[-1] * u).reshape(1), right=True)
    i = torch.minimum(i, keep.sum().reshape(1) - 1)  # the nucleus is a prefix; u * total may round up
    return int(order[i])


class Engine:
    """One loaded model, its tokenizer and a small prefix cache of states (deep-copied on reuse)."""

    def __init__(
        self,
        path: Path,
        strategy: str,
        cache_entries: int = 8,
        interrupt: Any = None,
        fast: bool = True,
        progress: Callable[[str], None] | None = None,
    ) -> None:
        """``interrupt``: an event another party sets to stop generation (a worker's parent shares one
        across processes); by default the engine's own. ``fast=False`` keeps rwkv's own forward on a GPU
        (for comparison); ``progress`` hears what a slow first load is doing (compiles)."""
        self.path, self.strategy = Path(path), strategy
        self._progress = progress or (lambda msg: log.info("assistant engine: %s", msg))
        from gpuaccel.assistant.engine.rwkv_graph import choose_wkv

        wkv, why = choose_wkv(strategy, fast)
        if wkv == "rwkv-cuda" and "rwkv.model" not in sys.modules:
            where = os.environ.get("TORCH_EXTENSIONS_DIR") or "the torch extensions dir"
            self._progress(
                f"compiling rwkv's CUDA op with nvcc (about a minute the first time; cached in {where})"
            )
        self.model, self.tokenizer = load_rwkv(self.path, strategy, wkv)
        if wkv == "rwkv-cuda" and not hasattr(sys.modules["rwkv.model"], "RWKV7_OP"):
            wkv, why = "plain", why + "; but rwkv was already loaded without its CUDA op in this process"
        self.runtime: dict[str, Any] = {"prefill": wkv, "prefill_reason": why}
        self._fast: Any = None
        self._graph: Any = None
        self._setup_fast(wkv, fast)
        log.info("assistant engine %s on %s: %s", self.path.name, strategy, describe_runtime(self.runtime))
        self._cache: list[tuple[tuple[int, ...], list[Any], Any]] = []
        self._cache_entries = cache_entries
        self._interrupt: Any = threading.Event() if interrupt is None else interrupt
        self.last_reason = ""
        self.stats = {"prefill_tokens": 0, "cached_tokens": 0}

    def _setup_fast(self, wkv: str, fast: bool) -> None:
        """Triton prefill and the decode graph on a GPU; each falls back, saying why, when it fails."""
        rt = self.runtime
        rt.update(decode="plain", decode_reason="CPU strategy: rwkv's own path")
        if not fast:
            rt["decode_reason"] = "the fast path is turned off for this engine"
        if not self.strategy.startswith("cuda") or not fast:
            return
        from gpuaccel.accel.kernels.wkv7 import wkv7, wkv7_reference
        from gpuaccel.assistant.engine.rwkv_graph import FastRWKV7, GraphStep

        if wkv == "triton":
            self._progress(
                f"compiling the WKV-7 Triton kernel (cached in {os.environ.get('TRITON_CACHE_DIR')})"
            )
            t0 = time.perf_counter()
            try:
                fast = FastRWKV7(self.model, wkv7)
                fast.forward([1, 2], None)
                import torch

                torch.cuda.synchronize()
                self._fast = fast
                rt["compile_s"] = round(time.perf_counter() - t0, 2)
            except Exception as exc:  # a broken Triton install or an unsupported GPU: rwkv's path still works
                rt.update(
                    prefill="plain", prefill_reason=f"Triton kernel failed ({type(exc).__name__}: {exc})"
                )
        self._progress("capturing the one-token decode step as a CUDA graph")
        try:
            self._graph = GraphStep(self._fast or FastRWKV7(self.model, wkv7_reference))
            rt.update(decode="cuda-graph", decode_reason="one graph replay per token")
        except Exception as exc:
            rt.update(
                decode="plain", decode_reason=f"CUDA graph capture failed ({type(exc).__name__}: {exc})"
            )

    @property
    def n_layer(self) -> int:
        return int(self.model.n_layer)

    def forward(self, tokens: list[int], state: list[Any] | None) -> tuple[Any, list[Any]]:
        """Logits after ``tokens`` (prefilled in chunks) and the new state; ``state`` is updated in place.

        One token on the decode graph returns the graph's own logits and state buffers: valid until the
        next call (keep a copy, as :meth:`_remember` does)."""
        import torch

        if len(tokens) == 1 and self._graph is not None:
            return self._graph.step(tokens[0], state)
        run = self._fast.forward if self._fast is not None else self.model.forward
        logits = None
        with torch.no_grad():
            for i in range(0, len(tokens), PREFILL_CHUNK):
                logits, state = run(tokens[i : i + PREFILL_CHUNK], state)
        return logits, state

    def forward_all(self, tokens: list[int], state: list[Any]) -> tuple[Any, list[Any]]:
        """Logits after each of ``tokens`` (one row per token) and the new state, for scoring a text.

        rwkv's own forward gives every position in one call; the GPU paths give the last only, so there the
        tokens go one by one (the graph's buffers are copied out)."""
        import torch

        if self._fast is None and self._graph is None:
            with torch.no_grad():
                logits, state = self.model.forward(tokens, state, full_output=True)
            return logits.reshape(len(tokens), -1), state
        rows = []
        for t in tokens:
            logits, state = self.forward([t], state)
            rows.append(logits.float().clone())
        return torch.stack(rows), [s.clone() for s in state]

    def _lookup(self, tokens: tuple[int, ...]) -> tuple[int, list[Any] | None, Any]:
        best = (0, None, None)
        for key, state, logits in self._cache:
            if len(key) > best[0] and tokens[: len(key)] == key:
                best = (len(key), state, logits)
        return best[0], copy_state(best[1]), best[2]

    def _remember(self, tokens: tuple[int, ...], state: list[Any], logits: Any) -> None:
        self._cache = [e for e in self._cache if e[0] != tokens]
        self._cache.append((tokens, copy_state(state), logits.clone()))
        del self._cache[: -self._cache_entries]

    def prefill(self, tokens: list[int]) -> tuple[Any, list[Any]]:
        """Logits and state after ``tokens``, starting from the longest cached prefix."""
        if not tokens:
            raise ValueError("cannot prefill an empty prompt")
        key = tuple(tokens)
        n, state, logits = self._lookup(key)
        if n == len(key):
            logits = logits.clone()
        else:
            logits, state = self.forward(tokens[n:], state)
            self._remember(key, state, logits)
        self.stats["cached_tokens"] += n
        self.stats["prefill_tokens"] += len(tokens) - n
        return logits, state

    def interrupt(self) -> None:
        """Make the running :meth:`generate` return before its next token (safe from any thread)."""
        self._interrupt.set()

    def reset_interrupt(self) -> None:
        self._interrupt.clear()

    def interrupted(self) -> bool:
        """Whether :meth:`interrupt` was called since the last :meth:`reset_interrupt`."""
        return self._interrupt.is_set()

    def generate(self, tokens: list[int], params: GenParams) -> Iterator[int]:
        """Yield sampled tokens; stops at ``params.stop``, ``max_tokens`` or :meth:`interrupt`.

        ``last_reason`` says which: ``"stop"``, ``"max_tokens"`` or ``"interrupted"``. The interrupt flag is
        not cleared here (an interrupt sent just before the call must count): call :meth:`reset_interrupt`.
        """
        import torch

        self.last_reason = "max_tokens"
        generator = torch.Generator().manual_seed(params.seed if params.seed is not None else 0)
        if params.seed is None:
            generator.seed()
        logits, state = self.prefill(tokens)
        fed, tail = list(tokens), b""
        for _ in range(params.max_tokens):
            if self._interrupt.is_set():
                self.last_reason = "interrupted"
                return
            token = sample(logits, params, generator)
            if self._interrupt.is_set():  # claimed while sampling: the token is not given out
                self.last_reason = "interrupted"
                return
            yield token
            tail = (tail + self.tokenizer.token_bytes(token))[-16:]
            if params.stop and tail.endswith(params.stop):
                self.last_reason = "stop"
                break
            if self._interrupt.is_set():
                self.last_reason = "interrupted"
                return
            logits, state = self.forward([token], state)
            fed.append(token)
        self._remember(tuple(fed), state, logits)

    def generate_drafts(self, tokens: list[int], drafts: list[GenParams]) -> list[list[int]]:
        """Each draft's tokens after one prompt, as :meth:`generate` gives them one draft at a time.

        On the CPU the drafts decode together (:meth:`~assistant.engine.rwkv_graph.FastRWKV7.step_rows`:
        one forward per token for all, the weights read once), from the prompt's state prefilled once; each
        samples with its own generator and stops at its own ``params.stop`` or ``max_tokens``. On a GPU the
        decode graph already makes a token one launch: the drafts run one after another. :meth:`interrupt`
        ends all of them (``last_reason`` ``"interrupted"``, the tokens so far kept); otherwise
        ``last_reason`` is ``"done"``.
        """
        if self._graph is not None or self._fast is not None or len(drafts) < 2:
            out = [list(self.generate(tokens, p)) for p in drafts]
            self.last_reason = "interrupted" if self._interrupt.is_set() else "done"
            return out
        import torch

        from gpuaccel.accel.kernels.wkv7 import wkv7_reference
        from gpuaccel.assistant.engine.rwkv_graph import FastRWKV7

        gens = []
        for p in drafts:
            g = torch.Generator().manual_seed(p.seed if p.seed is not None else 0)
            if p.seed is None:
                g.seed()
            gens.append(g)
        out: list[list[int]] = [[] for _ in drafts]
        live = [i for i, p in enumerate(drafts) if p.max_tokens > 0]
        if not live:
            self.last_reason = "done"
            return out
        logits, state = self.prefill(tokens)
        rwkv = FastRWKV7(self.model, wkv7_reference)
        rows, states = [logits] * len(live), rwkv.rows_state(state, len(live))
        tails = [b""] * len(drafts)
        self.last_reason = "done"
        while live:
            going, fed = [], []
            for row, i in enumerate(live):
                if self._interrupt.is_set():
                    self.last_reason = "interrupted"
                    return out
                token = sample(rows[row], drafts[i], gens[i])
                out[i].append(token)
                tails[i] = (tails[i] + self.tokenizer.token_bytes(token))[-16:]
                stop = drafts[i].stop
                if not (stop and tails[i].endswith(stop)) and len(out[i]) < drafts[i].max_tokens:
                    going.append(row)
                    fed.append(token)
            if not going:
                break
            if len(going) < len(live):
                states, live = rwkv.keep_rows(states, going), [live[row] for row in going]
            logits_b, states = rwkv.step_rows(fed, states)
            rows = list(logits_b)
        return out

    def close(self) -> None:
        """Drop the weights and cached states and give GPU memory back to the driver."""
        self._cache.clear()
        if self._graph is not None:
            self._graph.close()
        self.model = self._fast = self._graph = None
        if self.strategy.startswith("cuda"):
            import torch

            torch.cuda.empty_cache()


def tokenizer_from_file(path: Path) -> Tokenizer:
    """The tokenizer a model file needs, read from its header alone (no weights loaded)."""
    if not Path(path).is_file():
        raise ModelError(f"model file not found: {path}")
    try:
        tensors, meta = read_header(Path(path))
        vocab = int(tensors["emb.weight"]["shape"][0])
    except (HeaderError, KeyError, IndexError, TypeError, ValueError) as exc:
        raise ModelError(f"{Path(path).name} is not a readable RWKV model file ({exc})") from None
    return tokenizer_for(vocab, meta.get("tokenizer"), meta.get("vocab"))
