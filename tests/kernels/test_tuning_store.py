"""Tuned attention configurations on disk: bucket keys, persistence, one stable choice, shipped defaults.

CPU only: the timing itself (``tuning.time_candidates``) is replaced by a counter, so what is checked is
which configuration each call gets and when anything would be timed or written.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from gpuaccel.accel.kernels.checks import AttentionShape
from gpuaccel.accel.kernels.tuning import configs as tuning
from gpuaccel.accel.kernels.tuning import store as tuning_store
from gpuaccel.accel.kernels.tuning.configs import BwdConfig, FwdConfig
from gpuaccel.accel.kernels.tuning.store import TuningStore, bucket_key, pow2_bucket

ROOT = Path(__file__).resolve().parents[2]
GPU = "NVIDIA H100 80GB HBM3"
CANDIDATES = [BwdConfig(64, 64, 4, 2, "split", 128, 32, 8, 3), BwdConfig(32, 64, 4, 3, "split", 64, 32, 4, 3)]


@pytest.fixture
def isolated(tmp_path, monkeypatch):
    """A fresh store in tmp_path, empty in-memory caches, and a fake timer that picks the second candidate."""
    monkeypatch.setenv(tuning_store.CACHE_DIR_ENV, str(tmp_path))
    monkeypatch.delenv(tuning_store.TUNE_ENV, raising=False)
    monkeypatch.setattr(tuning_store, "STORE", TuningStore(defaults=tmp_path / "no-defaults.json"))
    monkeypatch.setattr(tuning, "_CACHE", {})
    monkeypatch.setattr(tuning, "_BUCKETS", {})
    timed: list[tuple] = []

    def fake_time(kind, key, candidates, run):
        timed.append(key)
        return candidates[1], 0.25

    monkeypatch.setattr(tuning, "time_candidates", fake_time)
    return timed


def _choose(shape: AttentionShape, causal: bool = True):
    bucket = bucket_key("bwd", shape, "bfloat16", causal)
    return tuning.choose("bwd", (shape, "bf16", causal), CANDIDATES, None, None, False, causal, bucket, GPU)


def _new_process(monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(tuning, "_CACHE", {})
    monkeypatch.setattr(tuning, "_BUCKETS", {})
    monkeypatch.setattr(tuning_store, "STORE", TuningStore(defaults=tmp_path / "no-defaults.json"))


def test_buckets_round_lengths_and_batch_heads_up_to_powers_of_two():
    assert [pow2_bucket(n) for n in (0, 1, 2, 3, 900, 1024, 1025)] == [1, 1, 2, 4, 1024, 1024, 2048]
    a = bucket_key("bwd", AttentionShape(8, 16, 16, 1000, 1000, 128), "bfloat16", True)
    b = bucket_key("bwd", AttentionShape(7, 16, 16, 1024, 1024, 128), "bfloat16", True)
    assert a == b == "bwd|bfloat16|d128|causal|nq1024|nk1024|bh128|g1"
    others = [
        AttentionShape(8, 16, 16, 1025, 1025, 128),
        AttentionShape(16, 16, 16, 1024, 1024, 128),
        AttentionShape(8, 16, 4, 1024, 1024, 128),
        AttentionShape(8, 16, 16, 1024, 1024, 64),
    ]
    keys = {bucket_key("bwd", s, "bfloat16", True) for s in others}
    assert len(keys) == len(others) and a not in keys
    assert bucket_key("bwd", others[1], "bfloat16", False) != bucket_key("bwd", others[1], "float16", False)


def test_first_choice_is_timed_stored_and_reused_by_the_bucket_and_the_next_process(
    isolated, tmp_path, monkeypatch
):
    first = _choose(AttentionShape(8, 16, 16, 1024, 1024, 128))
    assert first == CANDIDATES[1] and len(isolated) == 1
    assert _choose(AttentionShape(6, 16, 16, 1000, 1000, 128)) == first  # same bucket: no timing
    assert len(isolated) == 1
    stored = json.loads((tmp_path / tuning_store.STORE_FILE).read_text())
    (entries,) = stored["devices"].values()
    assert list(entries) == ["bwd|bfloat16|d128|causal|nq1024|nk1024|bh128|g1"]
    _new_process(monkeypatch, tmp_path)
    for _ in range(3):
        assert _choose(AttentionShape(8, 16, 16, 1024, 1024, 128)) == first
    assert len(isolated) == 1


def test_store_is_keyed_by_gpu_and_triton_version(isolated, tmp_path):
    store = TuningStore(tmp_path / "t.json", tmp_path / "none.json")
    store.save(GPU, "3.6.0", "b1", CANDIDATES[0], 1.0)
    store.save("NVIDIA H200", "3.6.0", "b1", CANDIDATES[1], 1.0)
    fresh = TuningStore(tmp_path / "t.json", tmp_path / "none.json")
    assert fresh.lookup(GPU, "3.6.0", "b1", tuning.CONFIG_TYPES) == CANDIDATES[0]
    assert fresh.lookup("NVIDIA H200", "3.6.0", "b1", tuning.CONFIG_TYPES) == CANDIDATES[1]
    assert fresh.lookup(GPU, "3.7.0", "b1", tuning.CONFIG_TYPES) is None


def test_tune_modes(isolated, tmp_path, monkeypatch):
    shape = AttentionShape(8, 16, 16, 1024, 1024, 128)
    monkeypatch.setenv(tuning_store.TUNE_ENV, "0")
    assert _choose(shape) == CANDIDATES[0] and not isolated  # never timed, nothing stored
    assert not (tmp_path / tuning_store.STORE_FILE).exists()
    _new_process(monkeypatch, tmp_path)
    monkeypatch.setenv(tuning_store.TUNE_ENV, "1")
    bucket = bucket_key("bwd", shape, "bfloat16", True)
    TuningStore(tmp_path / tuning_store.STORE_FILE).save(GPU, _triton(), bucket, CANDIDATES[0], 9.0)
    assert _choose(shape) == CANDIDATES[1] and len(isolated) == 1  # forced: timed despite the stored entry
    _new_process(monkeypatch, tmp_path)
    monkeypatch.setenv(tuning_store.TUNE_ENV, "")
    assert _choose(shape) == CANDIDATES[1] and len(isolated) == 1  # the re-timed choice overwrote it
    monkeypatch.setenv(tuning_store.TUNE_ENV, "yes")
    with pytest.raises(ValueError, match="GPUACCEL_ATTN_TUNE='yes'; accepted"):
        _choose(AttentionShape(1, 1, 1, 64, 64, 64))


def test_nothing_is_timed_during_cuda_graph_capture(isolated, monkeypatch):
    import torch

    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "is_current_stream_capturing", lambda: True)
    assert _choose(AttentionShape(2, 2, 2, 64, 64, 64)) == CANDIDATES[0] and not isolated


def test_unreadable_or_foreign_entries_are_ignored(isolated, tmp_path, caplog):
    path = tmp_path / tuning_store.STORE_FILE
    path.write_text("{not json")
    store = TuningStore(path, tmp_path / "none.json")
    assert store.lookup(GPU, "3.6.0", "b", tuning.CONFIG_TYPES) is None
    path.write_text(
        json.dumps({"version": 1, "devices": {f"{GPU}|triton 3.6.0": {"b": {"config": {"type": "X"}}}}})
    )
    assert TuningStore(path, tmp_path / "none.json").lookup(GPU, "3.6.0", "b", tuning.CONFIG_TYPES) is None
    assert "unknown config type 'X'" in caplog.text
    store.save(GPU, "3.6.0", "b", CANDIDATES[0], 1.0)  # an unreadable file is replaced, not crashed on
    assert (
        TuningStore(path, tmp_path / "none.json").lookup(GPU, "3.6.0", "b", tuning.CONFIG_TYPES)
        == CANDIDATES[0]
    )


def test_shipped_defaults_are_what_the_results_give_and_are_used_without_timing(
    isolated, tmp_path, monkeypatch
):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from derive_tuning_defaults import derive
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    shipped = json.loads(tuning_store.DEFAULTS_FILE.read_text())
    assert derive(str(ROOT / "benchmarks" / "results"), ["NVIDIA H200=NVIDIA H100 80GB HBM3"]) == shipped
    assert {"NVIDIA H100 80GB HBM3", "NVIDIA H200"} <= set(shipped["devices"])
    for entries in shipped["devices"].values():
        for bucket, entry in entries.items():
            cfg = tuning_store.config_from_dict(entry["config"], tuning.CONFIG_TYPES)
            assert isinstance(cfg, FwdConfig if bucket.startswith("fwd|") else BwdConfig)
    monkeypatch.setattr(tuning_store, "STORE", TuningStore())
    shape = AttentionShape(8, 16, 16, 1024, 1024, 128)
    want = shipped["devices"][GPU][bucket_key("bwd", shape, "bfloat16", True)]["config"]
    got = _choose(shape)
    assert tuning_store.config_to_dict(got) == want and not isolated


def _triton() -> str:
    import triton

    return triton.__version__


@pytest.mark.parametrize(
    ("head_dim", "seq_q", "consumers"),
    [(64, None, 3), (64, 4096, 3), (64, 8192, 3), (64, 2048, 3), (64, 128, 2), (64, 512, 2), (64, 1024, 2),
     (128, 128, 2), (128, 8192, 2), (256, 4096, 2)],
)  # fmt: skip
def test_the_gluon_forward_takes_three_consumers_only_where_192_row_tiles_pad_little(
    head_dim, seq_q, consumers
):
    cfg = tuning.gluon_fwd_config(head_dim, seq_q)
    assert cfg.consumers == consumers
    assert (cfg.block_n, cfg.stages) == (
        tuning.GLUON_FWD_CONFIGS[head_dim].block_n,
        tuning.GLUON_FWD_CONFIGS[head_dim].stages,
    )


def test_d128_and_short_d64_forwards_double_buffer_q_and_store_o_by_tma():
    """The tile-epilogue configuration: D128 (two stages leave room for the second Q buffer), O by TMA for
    the short D64 calls and a second Q buffer for non-causal ones up to 512; the label says so, so bench
    output names what ran."""
    cfg = tuning.gluon_fwd_config(128, 8192, 8192)  # (its first key block unmasked where full: "-ff")
    assert (cfg.q_bufs, cfg.o_tma) == (2, True) and cfg.label().endswith("-q2-otma-r8-ff")
    short_d64 = tuning.gluon_fwd_config(64, 512, 512)
    assert (short_d64.q_bufs, short_d64.o_tma) == (2, True) and short_d64.label().endswith("-2cta-q2-otma")
    for nq, causal in ((512, True), (1024, False), (2048, True)):  # where a second Q buffer was not faster
        cfg = tuning.gluon_fwd_config(64, nq, nq, causal)  # or not measured
        assert (cfg.ctas_per_sm, cfg.q_bufs, cfg.o_tma) == (2, 1, True)
    assert tuning.gluon_fwd_config(128, 8192, 8192).stages == 2
    long_d64 = tuning.gluon_fwd_config(64, 8192, 8192)
    assert (long_d64.q_bufs, long_d64.o_tma) == (1, False)


def test_conditional_rescaling_where_it_measured_faster():
    """O rescaled only when a row's max moves by more than 8: D128 per warpgroup, D64 per warp and D256 per
    warpgroup only non-causal (causal D64 measured slower, docs/kernels-log.md 2026-11-28); the label names
    it."""
    d128 = tuning.gluon_fwd_config(128, 8192, 8192, causal=True)
    assert (d128.rescale_log2, d128.rescale_warp) == (8.0, False)
    d64 = tuning.gluon_fwd_config(64, 8192, 8192)
    assert (d64.rescale_log2, d64.rescale_warp) == (8.0, True) and "-r8w" in d64.label()
    d64_causal = tuning.gluon_fwd_config(64, 8192, 8192, causal=True)
    assert d64_causal.rescale_log2 == 0.0 and "-r" not in d64_causal.label()
    assert tuning.gluon_fwd_config(64, 512, 512).rescale_log2 == 0.0  # two per SM: not measured, off
    # D256 per warpgroup (docs/kernels-log.md 2026-11-29: +3-7 %), causal with its key blocks last first
    # (2026-12-01, forty-sixth session: +3.2-3.4 %; in order it spilled)
    d256 = tuning.gluon_fwd_config(256, 16384, 16384)
    assert (d256.rescale_log2, d256.rescale_warp) == (8.0, False) and d256.label().endswith("-otma-r8")
    d256_causal = tuning.gluon_fwd_config(256, 16384, 16384, causal=True)
    assert (d256_causal.rescale_log2, d256_causal.rescale_warp, d256_causal.diag_first) == (8.0, False, True)
    assert d256_causal.label().endswith("-otma-r8-df") and not d256_causal.pad_top


def test_the_gluon_forward_config_names_what_it_takes():
    with pytest.raises(ValueError, match="head_dim"):
        tuning.gluon_fwd_config(96, 1024)


@pytest.mark.parametrize(
    ("head_dim", "seq_q", "seq_k", "two"),
    [(64, 512, 512, True), (64, 1024, 1024, True), (64, 128, 2048, True), (64, 2048, 2048, True),
     (64, 512, 4096, False), (64, 4096, 512, False), (64, 8192, 8192, False), (128, 512, 512, False),
     (256, 512, 512, False), (64, 512, None, False)],
)  # fmt: skip
def test_short_d64_forwards_run_two_programs_per_sm(head_dim, seq_q, seq_k, two):
    """Only the dense forward (it passes seq_k) takes the two-per-SM configuration, only at D64 and only
    while both lengths are short; it is the one configuration the launcher accepts with it."""
    cfg = tuning.gluon_fwd_config(head_dim, seq_q, seq_k)
    assert (cfg.ctas_per_sm == 2) is two
    if two:
        assert (cfg.block_n, cfg.consumers) == (64, 2) and "-2cta" in cfg.label()


def test_o_through_tma_only_where_a_descriptor_can_address_it(monkeypatch):
    """A caller's output buffer that TMA cannot address (an unaligned view) is written from registers
    instead; the kernel is told so by its O_TMA constexpr."""
    pytest.importorskip("triton.experimental.gluon")
    import torch

    from gpuaccel.accel.kernels.gluon import fwd as gluon_fwd

    seen: list[bool] = []
    monkeypatch.setattr(gluon_fwd, "tile_walk", lambda *a, **k: (1, ()))

    def launch(kernel, grid, args, cx, *a):  # the o descriptor is built only for an o TMA can address
        seen.append(cx["O_TMA"])
        assert args[3].tensor is (args[4] if cx["O_TMA"] else args[0].tensor)

    monkeypatch.setattr(gluon_fwd, "launch", launch)
    q = torch.zeros(1, 2, 128, 128, dtype=torch.bfloat16)
    lse = torch.zeros(1, 2, 128)
    flat = torch.zeros(q.numel() + 1, dtype=torch.bfloat16)
    for o, legal in ((torch.empty_like(q), True), (flat[1:].view(q.shape), False)):
        assert gluon_fwd.tma_legal(o) is legal
        gluon_fwd.launch_gluon_fwd(q, q, q, o, lse, False, 0.1)
    assert seen == [True, False]
