"""The plumbing for the RWKV-7 G1 models users download, tested with random weights of the 0.1B shape
(12 layers, width 768, World vocabulary of 65536): the file loads through our runtime on the CPU, the same
query layer and prompt format answer a question end to end, and whatever the random model writes, the
user sees the query's plain sentence and no number the result does not hold -- never a masked "(?)".
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


def g1_random(path: Path, seed: int = 0) -> Path:
    from safetensors.torch import save_file

    from assistant_lab.tiny.io import export_state
    from assistant_lab.tiny.train import TinyConfig, TinyRWKV7

    torch.manual_seed(seed)
    with torch.device("meta"):  # the shapes without the trainer's initialisation (slow at this size)
        model = TinyRWKV7(TinyConfig(**G1_SHAPE))
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
        sentence = "The temperature of GPU 0 is 71 C."
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
