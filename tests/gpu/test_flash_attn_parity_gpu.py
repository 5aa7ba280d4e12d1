"""GPU tier: flash-attn's serving arguments in bf16 on CUDA, held to FlashAttention's standard (at most twice
the error of plain PyTorch in bf16 against float64).

The cases are tests/kernels' (tests/attention_parity.py) on compiled kernels, plus larger ones the
interpreter cannot afford: a 2048-token append with group 6 (chunked prefill), 256 x 1, 64 x 6.
"""

from __future__ import annotations

import pytest
import torch

if not torch.cuda.is_available():
    pytest.skip("needs CUDA", allow_module_level=True)

from attention_parity import KV_CASES, bound, cache, keep_mask, naive, rows

from gpuaccel.accel.kernels.flash_attn_interface import flash_attn_with_kvcache

BF = torch.bfloat16
LARGE = [  # (batch, seq_q, hq, hkv, d, page, causal, window, chunk, n_new)
    (1, 2048, 48, 8, 128, 16, True, (-1, -1), 0, 2048),  # chunked prefill: 2048 x 6
    (2, 256, 8, 8, 128, 1, True, (-1, -1), 0, 256),  # 256 x 1, page size 1
    (4, 64, 24, 4, 64, 4, True, (-1, -1), 0, 8),  # 64 x 6 speculative tokens, pages of 4
    (2, 300, 16, 2, 128, None, True, (-1, -1), 128, 300),  # chunked local attention (Llama-4 style)
]


@pytest.mark.parametrize("case", KV_CASES + LARGE)
def test_kvcache_serving_cases_bf16(case):
    b, sq, hq, hkv, d, page, causal, window, chunk, n_new = case
    gen = torch.Generator().manual_seed(hash(case) % 2**31)
    s_max = max(96, sq + 64)
    kc, vc, table = cache(b, s_max, hkv, d, page, gen, BF)
    kc, vc = kc.cuda(), vc.cuda()
    table = None if table is None else table.cuda()
    lens = torch.randint(max(0, sq - n_new), s_max - n_new, (b,), generator=gen).to(torch.int32)
    q = torch.randn(b, sq, hq, d, generator=gen, dtype=BF).cuda()
    kn = torch.randn(b, n_new, hkv, d, generator=gen, dtype=BF).cuda() if n_new else None
    vn = torch.randn(b, n_new, hkv, d, generator=gen, dtype=BF).cuda() if n_new else None
    kc0, vc0 = kc.clone(), vc.clone()
    got = flash_attn_with_kvcache(q, kc, vc, kn, vn, cache_seqlens=lens.cuda(), block_table=table,
                                  causal=causal, window_size=window, attention_chunk=chunk)  # fmt: skip
    assert not torch.isnan(got).any()
    for i in range(b):
        n = int(lens[i])
        ks, vs = rows(kc0, table, i, i, 0, n), rows(vc0, table, i, i, 0, n)
        if n_new:
            ks, vs = torch.cat([ks, kn[i]]), torch.cat([vs, vn[i]])
        keep = keep_mask(sq, ks.shape[0], causal, window, chunk).cuda()
        ref, _ = naive(q[i], ks, vs, keep, torch.float64)
        plain, _ = naive(q[i], ks, vs, keep, BF)
        bound(got[i], plain, ref, f"case {case} sequence {i}")
