"""The Gluon varlen backward's work tables, built on the GPU's side by one small kernel (here the Triton
interpreter) against a plain reference: every tile of every document once, heaviest first, statistics rows
padded per document so that no two documents share a 128-row statistics tile, empty items past the last
tile writing only their own statistics rows; its statistics pass; and its dispatch off Hopper. The
kernels themselves are checked on a GPU (tests/gpu/test_gluon_varlen_bwd_gpu.py)."""

from __future__ import annotations

import os

os.environ["TRITON_INTERPRET"] = "1"  # like the other tier-2 modules, before any kernel is defined

import pytest
import torch

from gpuaccel.accel.kernels.gluon.varlen_bwd import TILE_ROWS
from gpuaccel.accel.kernels.gluon.varlen_items import stat_rows, varlen_items


def _cu(lens: list[int]) -> list[int]:
    out = [0]
    for n in lens:
        out.append(out[-1] + n)
    return out


def _reference(
    cu_q: list[int], cu_k: list[int], causal: bool
) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]], int]:
    """The tables written plainly: ``(dq items, dkdv items, statistics rows used)``, each item (q0, len_q,
    k0, len_k, stat0, first row of the tile), heaviest first (stable)."""
    dq: list[tuple[int, tuple[int, ...]]] = []
    kv: list[tuple[int, tuple[int, ...]]] = []
    stat0 = 0
    for q0, q1, k0, k1 in zip(cu_q, cu_q[1:], cu_k, cu_k[1:], strict=False):
        lq, lk = q1 - q0, k1 - k0
        off = lk - lq
        for m in range(0, lq, TILE_ROWS):  # keys the tile's rows see
            dq.append((max(min(lk, m + TILE_ROWS + off), 0) if causal else lk, (q0, lq, k0, lk, stat0, m)))
        for n in range(0, lk, TILE_ROWS):  # query rows that see the tile's keys
            kv.append((lq - min(max(n - off, 0), lq) if causal else lq, (q0, lq, k0, lk, stat0, n)))
        stat0 += -(-lq // TILE_ROWS) * TILE_ROWS
    by_cost = lambda item: -item[0]
    return [it for _, it in sorted(dq, key=by_cost)], [it for _, it in sorted(kv, key=by_cost)], stat0


def work_items(
    cu_q: list[int], cu_k: list[int], causal: bool
) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]], int]:
    """The device-built tables' real rows (checked against :func:`_reference` on the way) and the
    statistics rows they use."""
    cq, ck = (torch.tensor(c, dtype=torch.int32) for c in (cu_q, cu_k))
    dq = varlen_items(cq, ck, cu_q[-1], causal, TILE_ROWS, stats=True).tolist()
    kv = varlen_items(cq, ck, cu_q[-1], causal, TILE_ROWS, total_k=cu_k[-1], stats=True).tolist()
    want_dq, want_kv, used = _reference(cu_q, cu_k, causal)
    batch = len(cu_q) - 1
    empty = [0, 0, 0, 0, stat_rows(cu_q[-1], batch, TILE_ROWS) - TILE_ROWS, 0]
    for got, want, total in ((dq, want_dq, cu_q[-1]), (kv, want_kv, cu_k[-1])):
        assert len(got) == total // TILE_ROWS + batch + 1
        assert [tuple(r) for r in got[: len(want)]] == want
        assert all(r == empty for r in got[len(want) :])
    assert used <= stat_rows(cu_q[-1], batch, TILE_ROWS) - TILE_ROWS
    return want_dq, want_kv, used


@pytest.mark.parametrize("causal", [True, False])
def test_every_tile_once_and_heaviest_first(causal):
    lens_q, lens_k = [1, 300, 0, 129, 4096], [1, 300, 77, 64, 4096]
    dq, kv, stat_stride = work_items(_cu(lens_q), _cu(lens_k), causal)
    want_dq = sorted((d, m) for d, n in enumerate(lens_q) for m in range(0, n, TILE_ROWS))
    want_kv = sorted((d, m) for d, n in enumerate(lens_k) for m in range(0, n, TILE_ROWS))
    docs = {q0: d for d, q0 in enumerate(_cu(lens_q)[:-1]) if lens_q[d]}
    kdocs = {k0: d for d, k0 in enumerate(_cu(lens_k)[:-1]) if lens_k[d]}
    assert sorted((docs[it[0]], it[5]) for it in dq) == want_dq
    assert sorted((kdocs[it[2]], it[5]) for it in kv) == want_kv
    # the 4096-token document's heaviest tile leads: its last query tile (causal) or any of its tiles
    assert dq[0][1] == 4096 and (not causal or dq[0][5] == 4096 - TILE_ROWS)
    assert kv[0][3] == 4096 and (not causal or kv[0][5] == 0)
    assert stat_stride == sum(-(-n // TILE_ROWS) * TILE_ROWS for n in lens_q)


def test_statistics_rows_never_overlap():
    lens = [1, 127, 128, 129, 8192]
    dq, _kv, _ = work_items(_cu(lens), _cu(lens), True)
    spans = sorted({(it[4], it[4] + -(-it[1] // TILE_ROWS) * TILE_ROWS) for it in dq})
    assert all(s % TILE_ROWS == 0 for s, _ in spans)
    assert all(a_end <= b for (_, a_end), (b, _) in zip(spans, spans[1:], strict=False))


@pytest.mark.parametrize("lens", [[1, 300, 129, 4096], [128] * 7])  # 7 x 128: n_max + 1 = 15 + 1 rows
def test_forward_table_with_a_zeroed_counter_row(lens):
    # the packed forward's dynamic walk draws tiles from a counter in one row past the table: the same
    # rows as without it, then that row, all zero (also where the table alone fills a power of two)
    cq = torch.tensor(_cu(lens), dtype=torch.int32)
    plain = varlen_items(cq, cq, sum(lens), True, 128)
    with_counter = varlen_items(cq, cq, sum(lens), True, 128, counter=True)
    assert with_counter.shape[0] == plain.shape[0] + 1 == sum(lens) // 128 + len(lens) + 2
    assert torch.equal(with_counter[:-1], plain)
    assert with_counter[-1].tolist() == [0] * 5


def test_causal_costs_count_visible_keys():
    # Nq = 256, Nk = 128 (bottom-right aligned): the first query tile sees no key, the second all 128
    dq, kv, _ = work_items([0, 256], [0, 128], True)
    assert [(it[5], it[1]) for it in dq] == [(128, 256), (0, 256)]
    assert [it[5] for it in kv] == [0]


def test_dispatch_off_hopper_is_the_tl_backward(monkeypatch):
    import torch

    from gpuaccel.accel.kernels import UnsupportedInputError
    from gpuaccel.accel.kernels.dense.attention import BWD_PATH_ENV
    from gpuaccel.accel.kernels.varlen.attention import backward_path

    q = torch.empty(4, 2, 128)
    assert backward_path(q, -1, 0) == "triton"
    monkeypatch.setenv(BWD_PATH_ENV, "gluon")
    with pytest.raises(UnsupportedInputError, match="Gluon varlen backward cannot take this call.*CUDA"):
        backward_path(q, -1, 0)
    monkeypatch.setenv(BWD_PATH_ENV, "fastest")
    with pytest.raises(UnsupportedInputError, match="accepted: auto, triton, gluon"):
        backward_path(q, -1, 0)


def test_fused_backward_only_for_long_packs_and_never_when_deterministic():
    from gpuaccel.accel.kernels.gluon.varlen_bwd import FUSED_FROM, fused_pays

    assert fused_pays(FUSED_FROM) and not fused_pays(FUSED_FROM - 1)
    assert not fused_pays(FUSED_FROM, deterministic=True)
    torch.use_deterministic_algorithms(True)
    try:
        assert not fused_pays(4 * FUSED_FROM)
    finally:
        torch.use_deterministic_algorithms(False)


def test_random_documents_against_the_reference():
    gen = torch.Generator().manual_seed(7)  # 30 documents, some empty on either side
    lq, lk = (
        torch.randint(0, 600, (30,), generator=gen) * (torch.rand(30, generator=gen) > 0.2) for _ in "qk"
    )
    for causal in (True, False):
        work_items(_cu(lq.tolist()), _cu(lk.tolist()), causal)


def test_packed_statistics_pass_pads_each_document_and_zeroes_dq():
    """The statistics pass over the dQ items (the Triton interpreter): each document's rows at its own
    padded offset, its padding lse2 = +inf and delta = 0, and every row of the dQ accumulator zeroed."""
    from gpuaccel.accel.kernels.dense.flash_bwd import attn_bwd_preprocess_kernel
    from gpuaccel.accel.kernels.gluon.varlen_bwd_kernels import ITEM_FIELDS

    lens, h, d = [5, 130, 1], 2, 16
    total = sum(lens)
    cu = torch.tensor(_cu(lens), dtype=torch.int32)
    items = varlen_items(cu, cu, total, True, TILE_ROWS, stats=True)  # with its empty items
    stat_stride = stat_rows(total, len(lens), TILE_ROWS)
    g = torch.Generator().manual_seed(0)
    o, do = (torch.randn(total, h, d, generator=g) for _ in range(2))
    lse = torch.randn(h, total, generator=g)
    lse[1, 7] = float("-inf")  # a row that saw no key
    delta, lse2 = torch.full((2, h, stat_stride), float("nan")).unbind(0)
    dq_acc = torch.full((h, total, d), float("nan"))
    attn_bwd_preprocess_kernel[(2 * items.shape[0], h)](
        o, do, lse, delta, lse2, dq_acc, items, 0, o.stride(1), o.stride(0), 0, do.stride(1), do.stride(0),
        h, total, stat_stride, HEAD_DIM=d, BLOCK_M=TILE_ROWS // 2, ZERO_DQ=True, ITEM_FIELDS=int(ITEM_FIELDS),
    )  # fmt: skip
    assert torch.equal(dq_acc, torch.zeros_like(dq_acc))
    want_delta = (o * do).sum(-1).T  # (h, total)
    want_lse2 = torch.where(lse == float("-inf"), float("inf"), lse * 1.4426950408889634)
    stat0 = 0
    for q0, n in zip(_cu(lens), lens, strict=False):
        pad = -(-n // TILE_ROWS) * TILE_ROWS
        torch.testing.assert_close(delta[:, stat0 : stat0 + n], want_delta[:, q0 : q0 + n])
        torch.testing.assert_close(lse2[:, stat0 : stat0 + n], want_lse2[:, q0 : q0 + n])
        assert (delta[:, stat0 + n : stat0 + pad] == 0).all()
        assert (lse2[:, stat0 + n : stat0 + pad] == float("inf")).all()
        stat0 += pad
    assert stat0 <= stat_stride - TILE_ROWS


def test_packed_statistics_pass_zeroes_dq_in_the_statistics_rows():
    """``DQ_AT_STATS`` (the fused packed kernel's fragment-order accumulator, ``[Hq, stat_stride, D]``):
    every padded row of every document zeroed, the empty items' own tile too, nothing else touched."""
    from gpuaccel.accel.kernels.dense.flash_bwd import attn_bwd_preprocess_kernel
    from gpuaccel.accel.kernels.gluon.varlen_bwd_kernels import ITEM_FIELDS

    lens, h, d = [5, 130, 0, 1], 2, 16
    total = sum(lens)
    cu = torch.tensor(_cu(lens), dtype=torch.int32)
    items = varlen_items(cu, cu, total, True, TILE_ROWS, stats=True)
    stat_stride = stat_rows(total, len(lens), TILE_ROWS)
    g = torch.Generator().manual_seed(0)
    o, do = (torch.randn(total, h, d, generator=g) for _ in range(2))
    lse = torch.randn(h, total, generator=g)
    delta, lse2 = torch.full((2, h, stat_stride), float("nan")).unbind(0)
    dq_acc = torch.full((h, stat_stride + 1, d), float("nan"))  # one row more: must stay untouched
    attn_bwd_preprocess_kernel[(2 * items.shape[0], h)](
        o, do, lse, delta, lse2, dq_acc, items, 0, o.stride(1), o.stride(0), 0, do.stride(1), do.stride(0),
        h, total, stat_stride, HEAD_DIM=d, BLOCK_M=TILE_ROWS // 2, ZERO_DQ=True, ITEM_FIELDS=int(ITEM_FIELDS),
        DQ_AT_STATS=True,
    )  # fmt: skip
    used = sum(-(-n // TILE_ROWS) for n in lens) * TILE_ROWS
    flat = dq_acc.reshape(-1, d)
    for hh in range(h):
        at = hh * stat_stride
        assert (flat[at : at + used] == 0).all()
        assert (flat[at + stat_stride - TILE_ROWS : at + stat_stride] == 0).all()  # the empty items' tile
    assert flat[h * stat_stride :].isnan().all()
