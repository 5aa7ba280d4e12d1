"""RWKV runtime: trainer/loader agreement, prefill vs stepping, state reuse, streaming, the bundled model."""

from __future__ import annotations

import pytest
import torch
from assistant_helpers import random_model

from assistant_lab.tiny.io import export_state
from assistant_lab.tiny.train import TinyConfig, TinyRWKV7, wkv_chunked, wkv_sequential
from gpuaccel.assistant.engine import runtime
from gpuaccel.assistant.engine.runtime import BUNDLED_MODEL, Engine, GenParams, Utf8Stream

torch.set_num_threads(1)


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return Engine(random_model(tmp_path_factory.mktemp("m") / "rand.safetensors"), "cpu fp32")


def test_chunked_wkv_equals_sequential() -> None:
    torch.manual_seed(0)
    B, T, H, N = 2, 37, 2, 8
    r, k, v = (torch.randn(B, T, H, N, dtype=torch.float64) for _ in range(3))
    lw = -0.6 * torch.rand(B, T, H, N, dtype=torch.float64)
    kk = torch.nn.functional.normalize(torch.randn(B, T, H, N, dtype=torch.float64), dim=-1)
    a = torch.rand(B, T, H, N, dtype=torch.float64)
    s0 = torch.randn(B, H, N, N, dtype=torch.float64)
    o1, s1 = wkv_sequential(r, lw, k, v, -kk, kk * a, s0)
    o2, s2 = wkv_chunked(r, lw, k, v, -kk, kk * a, s0, chunk=16)
    assert torch.allclose(o1, o2, atol=1e-10) and torch.allclose(s1, s2, atol=1e-10)


def test_trainer_export_matches_rwkv_package(tmp_path) -> None:
    """The training model and rwkv 0.8.32 loading our export give the same logits."""
    torch.manual_seed(1)
    model = TinyRWKV7(TinyConfig(n_embd=128, n_layer=2))
    with torch.no_grad():
        for p in model.parameters():
            p.add_(0.1 * torch.randn_like(p))
    from safetensors.torch import save_file

    path = tmp_path / "m.safetensors"
    save_file(export_state(model, torch.float32), str(path))
    engine = Engine(path, "cpu fp32")
    idx = torch.randint(1, 256, (1, 24))
    ref = model(idx)[0, -1]
    logits, _ = engine.forward(idx[0].tolist(), None)
    assert torch.allclose(logits, ref, atol=1e-4), (logits - ref).abs().max()


def test_prefill_equals_token_by_token(tiny: Engine) -> None:
    tokens = tiny.tokenizer.encode("User: how hot is GPU 0?\n\nAssistant:")
    full, _ = tiny.forward(tokens, None)
    state = None
    for t in tokens:
        step, state = tiny.forward([t], state)
    assert torch.allclose(full, step, atol=1e-4)


def test_state_reuse_deep_copies(tiny: Engine) -> None:
    a = tiny.tokenizer.encode("System: facts\n\nUser: hi\n\nAssistant:")
    b = a + tiny.tokenizer.encode(" hello\n\nUser: again\n\nAssistant:")
    tiny._cache.clear()
    la, _ = tiny.prefill(a)
    cached_before = [t.clone() for t in tiny._cache[0][1]]
    before = dict(tiny.stats)
    lb, state = tiny.prefill(b)
    assert tiny.stats["cached_tokens"] - before["cached_tokens"] == len(a)
    assert tiny.stats["prefill_tokens"] - before["prefill_tokens"] == len(b) - len(a)
    fresh, _ = tiny.forward(b, None)
    assert torch.allclose(lb, fresh, atol=1e-4)
    state[1].add_(1.0)  # mutating the returned state must not touch the cache
    assert all(torch.equal(x, y) for x, y in zip(tiny._cache[0][1], cached_before, strict=True))
    again, _ = tiny.prefill(a)
    assert torch.allclose(again, la)


def test_generate_streams_and_stops_at_blank_line(tiny: Engine) -> None:
    toks = tiny.tokenizer.encode("User: hi\n\nAssistant:")
    out = list(tiny.generate(toks, GenParams(max_tokens=40, temperature=0)))
    assert 0 < len(out) <= 40 and 0 not in out
    assert tiny.last_reason in ("stop", "max_tokens")
    greedy = list(tiny.generate(toks, GenParams(max_tokens=40, temperature=0)))
    assert greedy == out


def test_interrupt_ends_within_one_token(tiny: Engine) -> None:
    toks = tiny.tokenizer.encode("User: hi\n\nAssistant:")
    got = []
    tiny.reset_interrupt()
    for t in tiny.generate(toks, GenParams(max_tokens=50, temperature=1.0, seed=3, stop=b"")):
        got.append(t)
        if len(got) == 3:
            tiny.interrupt()
    assert len(got) == 3 and tiny.last_reason == "interrupted"
    tiny.reset_interrupt()


def test_utf8_stream_waits_for_whole_characters() -> None:
    s = Utf8Stream()
    data = "température 71 °C".encode()
    text = "".join(s.feed(data[i : i + 1]) for i in range(len(data))) + s.flush()
    assert text == "température 71 °C"


def test_bundled_model_loads_and_answers_in_format() -> None:
    assert BUNDLED_MODEL.stat().st_size <= 40 * 2**20
    engine = Engine(BUNDLED_MODEL, "cpu fp32")
    assert engine.tokenizer.name == "vocab" and engine.tokenizer.vocab_size == 8192 and engine.n_layer == 8
    prompt = "System: Facts:\n- GPU 0 (NVIDIA H100): 71 C\n\nUser: How hot is GPU 0?\n\nAssistant:"
    # a one-sentence answer and its blank line ("... check the fans and airflow.\n\n" is 62 bytes)
    tokens = engine.generate(engine.tokenizer.encode(prompt), GenParams(max_tokens=100, temperature=0))
    out = b"".join(engine.tokenizer.token_bytes(t) for t in tokens)
    assert out.startswith(b" ") and b"GPU" in out and engine.last_reason == "stop"


def test_drafts_decoded_together_are_the_drafts_one_after_another() -> None:
    """A report's drafts decode in one batch on the CPU (one forward per token for all): each draft's tokens
    are the ones :meth:`Engine.generate` gives it alone, bit for bit, also where drafts leave the batch at
    different tokens (their stop, or a ``max_tokens`` of their own)."""
    from dataclasses import replace

    from gpuaccel.assistant.reports.summary import SUMMARY_SEEDS, params

    engine = Engine(BUNDLED_MODEL, "cpu fp32")
    prompt = (
        "System: Report facts (job):\n- job: 3\n- name: train-llm\n- state: failed\n- reason: exit code 1"
        "\n- ran_for: 2 h 5 min\n\nUser: Summarize this report for a person skimming it.\n\nAssistant:"
    )
    tokens = engine.tokenizer.encode(prompt)
    drafts = [replace(params(seed), max_tokens=24) for seed in SUMMARY_SEEDS]
    drafts[2] = replace(drafts[2], stop=b".")  # leaves at its first sentence's end
    drafts[3] = replace(drafts[3], max_tokens=5)
    alone = [list(engine.generate(tokens, p)) for p in drafts]
    together = engine.generate_drafts(tokens, drafts)
    assert together == alone and engine.last_reason == "done"
    assert len(together[3]) == 5 and len({len(d) for d in together}) > 1


def test_world_tokenizer_round_trip() -> None:
    """One World tokenizer (its trie of 65,536 tokens takes seconds to build): the one a model of World's
    size gets."""
    tok = runtime.tokenizer_for(65536)
    assert isinstance(tok, runtime.WorldTokenizer) and tok.name == "rwkv_vocab_v20230424"
    ids = tok.encode("User: hi\n\nAssistant:")
    assert b"".join(tok.token_bytes(i) for i in ids) == b"User: hi\n\nAssistant:"


def test_bad_files_give_clear_errors(tmp_path) -> None:
    with pytest.raises(runtime.ModelError, match="not found"):
        runtime.load_rwkv(tmp_path / "missing.safetensors", "cpu fp32")
    with pytest.raises(runtime.ModelError, match="strategy"):
        runtime.load_rwkv(BUNDLED_MODEL, "cuda fp8")


def test_sample_draws_from_the_top_p_nucleus() -> None:
    """Frequencies follow the softmax inside the nucleus; nothing outside it and never end-of-text."""
    from gpuaccel.assistant.engine.runtime import sample

    logits = torch.tensor([9.0, 1.0, 2.0, 3.0, 0.5, -50.0])  # index 0 is end of text: never drawn
    gen = torch.Generator().manual_seed(0)
    counts = torch.zeros(6)
    for _ in range(3000):
        counts[sample(logits, GenParams(temperature=1.0, top_p=1.0), gen)] += 1
    assert counts[0] == 0
    torch.testing.assert_close(counts[1:5] / 3000, torch.softmax(logits[1:5], 0), atol=0.03, rtol=0)
    nucleus = {sample(logits, GenParams(temperature=1.0, top_p=0.8), gen) for _ in range(300)}
    assert nucleus == {2, 3}  # 0.63 alone is under 0.8; with 0.23 the nucleus is full
    assert sample(logits, GenParams(temperature=1.0, top_p=0.0), gen) == 3  # top_p 0: the likeliest
    again = [sample(logits, GenParams(temperature=1.0), torch.Generator().manual_seed(5)) for _ in range(2)]
    assert again[0] == again[1]  # same seed, same token
