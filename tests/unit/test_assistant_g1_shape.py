"""The plumbing for the RWKV-7 G1 models users download, tested with random weights of the 0.1B shape
(12 layers, width 768, World vocabulary of 65536) and of the 0.4B shape (24 x 1024): the file loads through
our runtime on the CPU, constrained picking runs over World's tokens, the same query layer and prompt
format answer a question end to end, and whatever the random model writes, the user sees the query's plain
sentence and no number the result does not hold -- never a masked "(?)".
Marked slow: on a busy 2-core CPU, loading a 0.19B-parameter model and answering take minutes."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import torch
from assistant_helpers import FakeGate

from gpuaccel.accel.telemetry.fake import FakeBackend
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.assistant.engine.runtime import Engine, WorldTokenizer, load_rwkv
from gpuaccel.assistant.queries.query import NUMBER
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.decode import decide
from gpuaccel.scheduler.store.queue import Store

# rwkv7-g1-0.1b: 12 x 768, head size 64, LoRA widths of the released 0.1B checkpoint, World vocabulary.
G1_SHAPE = {
    "vocab_size": 65536,
    "n_embd": 768,
    "n_layer": 12,
    "d_decay": 64,
    "d_aaa": 64,
    "d_mv": 32,
    "d_gate": 128,
}
G1_04B_SHAPE = {**G1_SHAPE, "n_embd": 1024, "n_layer": 24}  # rwkv7-g1-0.4b: same LoRA widths


def g1_random(path: Path, seed: int = 0, shape: dict | None = None) -> Path:
    from safetensors.torch import save_file

    from assistant_lab.tiny.io import export_state
    from assistant_lab.tiny.train import TinyConfig, TinyRWKV7

    torch.manual_seed(seed)
    with torch.device("meta"):  # the shapes without the trainer's initialisation (slow at this size)
        model = TinyRWKV7(TinyConfig(**(shape or G1_SHAPE)))
    model = model.to_empty(device="cpu")
    with torch.no_grad():
        for p in model.parameters():
            p.normal_(0.0, 0.02)
    # As users' converted files: no tokenizer named (the vocabulary size picks World), no picker flag.
    save_file(export_state(model, torch.float16), str(path), metadata={"format": "rwkv7"})
    return path


@pytest.fixture(scope="module")
def g1_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return g1_random(tmp_path_factory.mktemp("g1") / "rwkv7-g1-0.1b-random.safetensors")


@pytest.mark.slow
def test_g1_shape_loads_with_the_world_tokenizer(g1_file: Path) -> None:
    model, tok = load_rwkv(g1_file, "cpu fp32")
    assert isinstance(tok, WorldTokenizer)
    assert (model.n_layer, model.n_embd) == (12, 768)
    ids = tok.encode("User: how hot is GPU 0?\n\nAssistant:")
    assert b"".join(tok.token_bytes(t) for t in ids) == b"User: how hot is GPU 0?\n\nAssistant:"
    out, _ = model.forward(ids, None)
    assert out.shape[-1] == 65536 and torch.isfinite(out).all()


@pytest.mark.slow
@pytest.mark.parametrize("shape", ["0.1b", "0.4b"])
def test_constrained_picking_runs_over_the_world_vocabulary(
    shape: str, g1_file: Path, tmp_path: Path
) -> None:
    """Whatever random weights prefer, the pick is a query the question allows, found through World's tokens
    (a few model calls: the path is what is tested, not the choice)."""
    path = g1_file if shape == "0.1b" else g1_random(tmp_path / "g1-0.4b.safetensors", 1, G1_04B_SHAPE)
    engine = Engine(path, "cpu fp32")
    assert engine.n_layer == (12 if shape == "0.1b" else 24)
    d = decide(engine, "how hot is gpu 1?", Context(gpus=[0, 1]), time.time(), max_nodes=6)
    assert 1 <= d.calls <= 7 and d.refusal < 0
    assert d.query is None or d.query.gpu in (None, 0, 1)
    assert all(t.startswith(" ") for t in d.texts)
    engine.close()


@pytest.mark.slow
def test_an_answer_end_to_end_is_the_plain_sentence_and_checked_prose(g1_file: Path, tmp_path: Path) -> None:
    store = Store(tmp_path / "gpuaccel.db")
    backend = FakeBackend("two_gpus")
    backend.set_value(0, "temperature_c", 71.0)
    sampler = Sampler(backend)
    sampler.open()
    sampler.poll()
    svc = AssistantService(
        tmp_path, store, sampler, FakeGate(open_=False), engine_factory=lambda p, s: Engine(p, "cpu fp32")
    )
    try:
        svc.save_settings(model=str(g1_file))
        assert svc.chat.prose  # a model the user selected writes prose after the sentence
        svc.chat.params.max_tokens = 16
        t0 = time.monotonic()
        events = list(svc.chat.ask("how hot is GPU 0?"))
        took = time.monotonic() - t0
        meta = next(e["data"] for e in events if e["event"] == "meta")
        answer = "".join(e["data"]["text"] for e in events if e["event"] == "token")
        done = events[-1]
        assert done["event"] == "done", events[-3:]
        sentence = "The temperature of GPU 0 is 71 °C."
        assert answer.startswith(sentence), answer
        assert "(?)" not in answer and "?)" not in answer[len(sentence) :]
        allowed = set(NUMBER.findall(sentence)) | {str(c) for row in meta["result"]["rows"] for c in row}
        invented = set(NUMBER.findall(answer)) - allowed
        assert not invented, (invented, answer)
        stored = svc.db.messages(meta["conversation_id"])[-1]
        assert stored["content"] == answer.strip()
        if done["data"]["reason"] == "checked":  # the model quoted a number of its own: cut, kept aside
            assert (
                stored["meta"]["dropped_prose"]
                and not set(NUMBER.findall(stored["meta"]["dropped_prose"])) <= allowed
            )
        assert svc.controller.engine is not None and svc.controller.engine.strategy == "cpu fp32"
        print(f"G1-shape answer in {took:.1f} s: {answer!r} ({done['data']['reason']})")
    finally:
        svc.stop()
        sampler.stop()
