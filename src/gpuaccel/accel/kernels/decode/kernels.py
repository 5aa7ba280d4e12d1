"""Triton kernels for decoding against a KV cache: split-KV attention, the split combine, and the append.

Why it is shaped this way:
- Decode reads a long cache with one or a few query tokens: the work is bound by memory bandwidth. One
  program per (split, batch, kv head) streams a contiguous share of that sequence's keys (flash-decoding)
  so batch 1 with a long cache still occupies every SM; a second kernel merges the splits by their
  log-sum-exp. The share is computed on the device from ``cache_seqlens``, so nothing is read back. With
  one split (batch x kv heads fill the GPU) the program writes its output rows itself: the combine's
  launch and round trip cost 2-2.5 us a step on an H100. Merging in the split kernel (the last program
  of a row group, found by an atomic ticket) measured slower than the combine launched as a dependent
  grid, and much slower for e4m3 caches (the merge's registers cost them their second program per SM).
- All query heads of a grouped-query group (times the query tokens) are the rows of one tile: K and V
  are read once per group, not once per query head.
- A contiguous cache ``(B, S, Hkv, D)`` is addressed as pages too (sequence b's page p is b *
  pages_per_seq + p), so contiguous and paged caches share one loop; a paged cache looks pages up in the
  block table, one load per key row, so any page size works and pages may be shuffled.
- FP8 (e4m3) caches carry one fp32 scale per (page, kv head); K's scale multiplies the scores' columns
  and V's the probabilities, so the matmuls take the raw e4m3 values converted in registers. V is read as
  32-bit words and widened by inline PTX (:func:`e4m3_words_to_f16`): given an e4m3 tile, Triton fetches
  the transposed P @ V operand from shared memory one byte at a time (128 byte loads per thread per
  128-key tile); fp16 values take the transposing ldmatrix instead.
- When a page holds whole key blocks (contiguous caches, or pages a multiple of the keys per step) the
  block table is read once per block, one step ahead, and the block's addresses are one scalar offset plus
  loop-invariant offsets (no division per key); a block of whole pages (pages dividing the keys per step,
  e.g. a contiguous e4m3 cache's 64-token scale pages under 128-key steps) divides once per step.
- Several adjacent kv heads may share a program (``HEADS``): each key's heads are then one contiguous
  run, and a row's scores are masked to its own head's columns.
- Visibility is the varlen rule (bottom-right aligned causal and windows); soft-capping likewise.
- ``TRANS`` (e4m3, ``DecodeConfig.trans``) computes a step transposed, S^T = K q^T: keys are the rows of a
  warpgroup MMA fed K from registers and q^T from shared memory (:func:`transposed_step`). The default
  step gives mma.sync a 16-row q, which an e4m3 K makes Triton re-lay every step (kWidth 4).
"""

from __future__ import annotations

import triton
import triton.language as tl
from triton.language.extra.cuda import gdc_launch_dependents, gdc_wait

from gpuaccel.accel.kernels.varlen.kernels import tanh


@triton.jit
def cache_pages(BT, b, stride_bt, pos, ok, pages_per_seq, page_size, PAGED: tl.constexpr):
    """Page index of token positions ``pos`` of sequence b (block-table lookup or contiguous arithmetic)."""
    if PAGED:
        return tl.load(BT + b * stride_bt + pos // page_size, mask=ok, other=0)
    return b * pages_per_seq + pos // page_size


E4M3X4_TO_F16 = tl.constexpr(  # one 32-bit word of 4 e4m3 values -> 4 fp16 (two conversions of 2 each)
    "{ .reg .b16 lo, hi; .reg .b32 a, b; mov.b32 {lo, hi}, $4; cvt.rn.f16x2.e4m3x2 a, lo; "
    "cvt.rn.f16x2.e4m3x2 b, hi; mov.b32 {$0, $1}, a; mov.b32 {$2, $3}, b; }"
)


@triton.jit
def e4m3_words_to_f16(C, row_off, ok, BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr, PTX: tl.constexpr):
    """Rows ``C + row_off`` (BLOCK_N x HEAD_DIM e4m3, 16-byte aligned) as fp16, loaded as 32-bit words.

    ``PTX`` False (the interpreter; GPUs before sm_89 lack the e4m3 conversion instruction) splits the words
    with integer operations instead."""
    words = tl.arange(0, HEAD_DIM // 4)
    ptrs = C.to(tl.pointer_type(tl.int32)) + tl.multiple_of(row_off // 4, 4)[:, None] + words[None, :]
    w = tl.load(ptrs, mask=ok[:, None], other=0)
    if PTX:
        a, b, c, d = tl.inline_asm_elementwise(
            E4M3X4_TO_F16, "=h,=h,=h,=h,r", [w], dtype=(tl.float16,) * 4, is_pure=True, pack=1
        )
    else:
        a = (w & 0xFF).to(tl.uint8).to(tl.float8e4nv, bitcast=True).to(tl.float16)
        b = ((w >> 8) & 0xFF).to(tl.uint8).to(tl.float8e4nv, bitcast=True).to(tl.float16)
        c = ((w >> 16) & 0xFF).to(tl.uint8).to(tl.float8e4nv, bitcast=True).to(tl.float16)
        d = ((w >> 24) & 0xFF).to(tl.uint8).to(tl.float8e4nv, bitcast=True).to(tl.float16)
    # join adds a new minor axis: join(join(a, c), join(b, d))[j, x, y] is value 4j + 2x + y
    return tl.reshape(tl.join(tl.join(a, c), tl.join(b, d)), (BLOCK_N, HEAD_DIM))


@triton.jit
def decode_split_kernel(
    Q, KC, VC, KS, VS, BT, SEQLENS, LEFTPAD, PO, PL, Out, qk_scale, cap_scale, cap_log2, win_left, win_right,
    n_new, q_after, chunk_len,
    stride_qb, stride_qs, stride_qh, stride_ob, stride_os, stride_oh, stride_page, stride_row, stride_head,
    stride_bt, pages_per_seq, page_size, heads_kv, seq_q, num_splits,
    GROUP: tl.constexpr, ROWS: tl.constexpr, HEAD_DIM: tl.constexpr, BLOCK_N: tl.constexpr,
    HEADS: tl.constexpr, PAGED: tl.constexpr, FP8: tl.constexpr, SOFTCAP: tl.constexpr,
    PAGE_PER_BLOCK: tl.constexpr, WHOLE_PAGES: tl.constexpr, V_WORDS: tl.constexpr, PTX: tl.constexpr,
    PDL: tl.constexpr, DIRECT: tl.constexpr, TRANS: tl.constexpr = False, HAS_LEFTPAD: tl.constexpr = False,
    CHUNKED: tl.constexpr = False,
):  # fmt: skip
    """Program (split, batch x kv-head group): HEADS adjacent kv heads, BLOCK_N // HEADS keys per step.

    Several heads per program read each key's heads as one contiguous run (HEADS x HEAD_DIM elements)
    and fill the MMA rows a single small group leaves empty. Tile column j is key j // HEADS of head
    j % HEADS; row r is query token r // (GROUP * HEADS) of head (r // GROUP) % HEADS; a row only sees
    its own head's columns. ``DIRECT`` (one split: the program saw every key of its rows) writes the
    output rows themselves and no combine runs. ``TRANS`` (e4m3): the step is computed transposed, keys
    as the MMA rows (see :func:`permute_d`).

    ``q_after``: query tokens of the call that follow this launch's ``seq_q`` (a long append runs in
    launches of at most 128 rows; positions stay those of the whole call). ``HAS_LEFTPAD``: sequence b's
    keys start at cache row ``LEFTPAD[b]`` (positions count from there; the host takes the per-key page
    path then). ``CHUNKED``: a query at position p sees only keys of its chunk, ``[p - p mod chunk_len,
    that + chunk_len)``, within its window."""
    if PDL:  # let the combine kernel be scheduled now; it waits for this grid's results (gdc_wait)
        gdc_launch_dependents()
    KEYS: tl.constexpr = BLOCK_N // HEADS
    split = tl.program_id(0)
    bh = tl.program_id(1)
    b = bh // (heads_kv // HEADS)
    hkv = (bh % (heads_kv // HEADS)) * HEADS  # the group's first kv head
    lp = 0
    if HAS_LEFTPAD:
        lp = tl.load(LEFTPAD + b)
    len_k = tl.load(SEQLENS + b) - lp + n_new
    rows = tl.arange(0, ROWS)
    offs_d = tl.arange(0, HEAD_DIM)
    qi = rows // (GROUP * HEADS)
    row_ok = qi < seq_q
    row_head = (rows // GROUP) % HEADS
    h = (hkv + row_head) * GROUP + rows % GROUP
    col_head = tl.arange(0, BLOCK_N) % HEADS
    q_ptrs = Q + b.to(tl.int64) * stride_qb + qi * stride_qs + h * stride_qh
    q = tl.load(q_ptrs[:, None] + offs_d[None, :], mask=row_ok[:, None], other=0.0)
    if FP8:  # e4m3 -> fp16 is one conversion per pair of values (-> bf16 is not); q is scaled first
        q = (q.to(tl.float32) * qk_scale).to(tl.float16)
        cap_scale = cap_scale / qk_scale
        qk_scale = 1.0
    pos = len_k - seq_q - q_after + qi  # each query row's own position in the sequence
    lo_r = pos - win_left
    hi_r = pos + win_right
    first = len_k - seq_q - q_after  # the first and last rows' positions bound what any row sees
    last = len_k - q_after - 1
    lo_any = first - win_left
    hi_any = last + win_right
    if CHUNKED:  # floor to the chunk start (positions may be negative: queries before the first key)
        chunk0 = pos - ((pos % chunk_len) + chunk_len) % chunk_len
        lo_r = tl.maximum(lo_r, chunk0)
        hi_r = tl.minimum(hi_r, chunk0 + chunk_len - 1)
        lo_any = tl.maximum(lo_any, first - ((first % chunk_len) + chunk_len) % chunk_len)
        hi_any = tl.minimum(hi_any, last - ((last % chunk_len) + chunk_len) % chunk_len + chunk_len - 1)
    # keys any row sees, shared out in KEYS-aligned chunks among the splits
    base = (tl.maximum(lo_any, 0) // KEYS) * KEYS
    vis_hi = tl.minimum(hi_any + 1, len_k)
    chunk = tl.cdiv(tl.cdiv(tl.maximum(vis_hi - base, 0), num_splits), KEYS) * KEYS
    start = base + split * chunk
    end = tl.minimum(start + chunk, vis_hi)

    m_i = tl.full([ROWS], float("-inf"), dtype=tl.float32)
    l_i = tl.zeros([ROWS], dtype=tl.float32)
    if TRANS:  # O^T, q^T with head_dim permuted (loop-invariant: the MMA reads it from shared memory)
        acc = tl.zeros([HEAD_DIM, ROWS], dtype=tl.float32)
        qt = tl.trans(permute_d(q, ROWS, HEAD_DIM))
    else:
        acc = tl.zeros([ROWS, HEAD_DIM], dtype=tl.float32)
    # a paged block's page index is read one step ahead: K/V addresses that hang on a load of the same
    # step would keep the software pipeline from issuing the next blocks' K/V before this one's math
    page_next = cache_pages(BT, b, stride_bt, start, start < end, pages_per_seq, page_size, PAGED)
    col_key = tl.arange(0, BLOCK_N) // HEADS
    # a block in one page sits at one scalar offset plus these loop-invariant element offsets
    tile_off = col_key.to(tl.int64) * stride_row + (hkv + col_head).to(tl.int64) * stride_head
    # a block of whole pages: column j is in the block's page j // page_size, at row j % page_size
    col_page = col_key // page_size
    col_row_off = tile_off - (col_page * page_size).to(tl.int64) * stride_row
    for n0 in tl.range(start, end, KEYS):
        offs_n = n0 + col_key
        n_ok = offs_n < end
        # with PAGE_PER_BLOCK the block lies in one page (n0 is KEYS-aligned, pages hold whole blocks)
        if PAGE_PER_BLOCK and PAGED:
            page = page_next
            ahead = tl.minimum(n0 + KEYS, end - 1)
            page_next = cache_pages(BT, b, stride_bt, ahead, True, pages_per_seq, page_size, PAGED)
        elif PAGE_PER_BLOCK:
            page = cache_pages(BT, b, stride_bt, n0, True, pages_per_seq, page_size, PAGED)
        elif WHOLE_PAGES:  # n0 is page-aligned: n0's page plus each column's (invariant) page step
            if PAGED:
                page = tl.load(BT + b * stride_bt + n0 // page_size + col_page, mask=n_ok, other=0)
            else:
                page = b * pages_per_seq + n0 // page_size + col_page
        else:  # per key (cache rows offs_n + lp: a left-padded sequence's keys start at row lp)
            page = cache_pages(BT, b, stride_bt, offs_n + lp, n_ok, pages_per_seq, page_size, PAGED)
        if PAGE_PER_BLOCK:  # no per-key division: the page's row of n0 once, then invariant offsets
            block_off = tl.multiple_of(page.to(tl.int64) * stride_page + (n0 % page_size) * stride_row, 16)
            kc, vc, kv_off = KC + block_off, VC + block_off, tile_off
        elif WHOLE_PAGES:
            kc, vc, kv_off = KC, VC, page.to(tl.int64) * stride_page + col_row_off
        else:
            kv_off = page.to(tl.int64) * stride_page + ((offs_n + lp) % page_size) * stride_row
            kc, vc, kv_off = KC, VC, kv_off + (hkv + col_head) * stride_head
        kv_off = tl.multiple_of(kv_off, 16)  # rows start 16-element aligned
        ptrs = kv_off[:, None] + offs_d[None, :]
        k = tl.load(kc + ptrs, mask=n_ok[:, None], other=0.0)
        if V_WORDS:
            v = e4m3_words_to_f16(vc, kv_off, n_ok, BLOCK_N, HEAD_DIM, PTX)
        else:
            v = tl.load(vc + ptrs, mask=n_ok[:, None], other=0.0)
        if TRANS:
            acc, m_i, l_i = transposed_step(
                qt, k, v, acc, m_i, l_i, KS, VS, page * heads_kv + hkv, offs_n, n_ok, lo_r, hi_r,
                col_head, row_head, cap_scale, cap_log2, BLOCK_N, HEAD_DIM, HEADS, PAGE_PER_BLOCK, SOFTCAP,
            )  # fmt: skip
        else:
            qk = tl.dot(q, k.to(q.dtype).T)
            if FP8 and PAGE_PER_BLOCK and HEADS == 1:  # one page: one scale (per row's head)
                qk = qk * tl.load(KS + page * heads_kv + hkv)
            elif FP8 and PAGE_PER_BLOCK:
                qk = qk * tl.load(KS + page * heads_kv + hkv + row_head)[:, None]
            elif FP8:
                qk = qk * tl.load(KS + page * heads_kv + hkv + col_head, mask=n_ok, other=0.0)[None, :]
            if SOFTCAP:  # noqa: SIM108 (a constexpr branch: only one side is compiled)
                s = cap_log2 * tanh(qk * cap_scale)
            else:
                s = qk * qk_scale
            on = offs_n[None, :]
            valid = n_ok[None, :] & (on >= lo_r[:, None]) & (on <= hi_r[:, None])
            if HEADS > 1:
                valid = valid & (col_head[None, :] == row_head[:, None])
            s = tl.where(valid, s, float("-inf"))
            m_new = tl.maximum(m_i, tl.max(s, 1))
            m_use = tl.where(m_new == float("-inf"), 0.0, m_new)
            p = tl.math.exp2(s - m_use[:, None])
            alpha = tl.math.exp2(m_i - m_use)
            l_i = l_i * alpha + tl.sum(p, 1)
            if FP8 and PAGE_PER_BLOCK and HEADS == 1:
                p = p * tl.load(VS + page * heads_kv + hkv)
            elif FP8 and PAGE_PER_BLOCK:
                p = p * tl.load(VS + page * heads_kv + hkv + row_head)[:, None]
            elif FP8:
                p = p * tl.load(VS + page * heads_kv + hkv + col_head, mask=n_ok, other=0.0)[None, :]
            acc = tl.dot(p.to(q.dtype), v.to(q.dtype), acc * alpha[:, None])
            m_i = m_new

    if TRANS:  # back to rows x head_dim
        acc = tl.trans(acc)
    empty = l_i == 0.0
    l_safe = tl.where(empty, 1.0, l_i)
    if DIRECT:  # a row no key is visible to gives 0, as the combine writes it
        o_ptrs = Out + b.to(tl.int64) * stride_ob + qi * stride_os + h * stride_oh
        o = acc / l_safe[:, None]
        tl.store(o_ptrs[:, None] + offs_d[None, :], o.to(Out.dtype.element_ty), mask=row_ok[:, None])
        return
    slot = (bh * num_splits + split) * ROWS + rows
    tl.store(PL + slot, tl.where(empty, float("-inf"), m_i + tl.math.log2(l_safe)), mask=row_ok)
    o_ptrs = PO + slot.to(tl.int64)[:, None] * HEAD_DIM + offs_d[None, :]
    tl.store(o_ptrs, acc / l_safe[:, None], mask=row_ok[:, None])


@triton.jit
def permute_d(x, N: tl.constexpr, HEAD_DIM: tl.constexpr):
    """Columns of ``x`` (N x HEAD_DIM) reordered so that column 16b + 8h + 2t + j is column
    t * HEAD_DIM / 4 + 4b + 2h + j of the input.

    Why: in the transposed step K is the register (A) operand of a warpgroup MMA, whose fragment gives
    lane t columns 2t, 2t + 1, 2t + 8, 2t + 9 of every 16-column block. Reordered, those are the lane's
    own contiguous quarter of each key row (32 bytes of e4m3 at head_dim 128: two 16-byte shared-memory
    loads, against 64 two-byte loads in the natural order); q takes the same order, so q K^T is unchanged.
    The reorder is a change of register layout only, no data moves."""
    x5 = tl.reshape(x, (N, 4, HEAD_DIM // 16, 2, 2))
    return tl.reshape(tl.permute(x5, (0, 2, 3, 1, 4)), (N, HEAD_DIM))


@triton.jit
def transposed_step(
    qt, k, v, acc, m_i, l_i, KS, VS, scale_off, offs_n, n_ok, lo_r, hi_r, col_head, row_head,
    cap_scale, cap_log2, BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr, HEADS: tl.constexpr,
    PAGE_PER_BLOCK: tl.constexpr, SOFTCAP: tl.constexpr,
):  # fmt: skip
    """One e4m3 step as S^T = K q^T and O^T += V^T P^T (keys are the MMA's 64-row dimension).

    Why: with q as the 16-row A operand of mma.sync, an e4m3 K makes Triton lay both operands out with
    kWidth 4, and q's and P's fragments were re-laid by ~230 register moves every 128-key step. Here K,
    converted in registers, is the A operand of a warpgroup MMA and q^T its loop-invariant B operand in
    shared memory; P^T goes to shared memory as the second MMA's B operand. With one scale per page
    (``PAGE_PER_BLOCK``) K's scale is folded into the exponent (scales are positive): one FFMA per score
    instead of a multiply and a subtraction."""
    st = tl.dot(permute_d(k, BLOCK_N, HEAD_DIM).to(tl.float16), qt)  # (keys, rows)
    if PAGE_PER_BLOCK and HEADS == 1:  # a zero scale must not turn a masked -inf into NaN
        ks = tl.maximum(tl.load(KS + scale_off), 1e-30)
        ks_t = ks
    elif PAGE_PER_BLOCK:  # each row's own head's scale
        ks = tl.maximum(tl.load(KS + scale_off + row_head), 1e-30)
        ks_t = ks[None, :]
    else:  # several pages a step: a scale per key
        st = st * tl.load(KS + scale_off + col_head, mask=n_ok, other=0.0)[:, None]
        ks = 1.0
        ks_t = 1.0
    if SOFTCAP:
        st = cap_log2 * tanh(st * ks_t * cap_scale)
        ks = 1.0
        ks_t = 1.0
    on = offs_n[:, None]
    valid = n_ok[:, None] & (on >= lo_r[None, :]) & (on <= hi_r[None, :])
    if HEADS > 1:
        valid = valid & (col_head[:, None] == row_head[None, :])
    st = tl.where(valid, st, float("-inf"))
    m_new = tl.maximum(m_i, tl.max(st, 0) * ks)
    m_use = tl.where(m_new == float("-inf"), 0.0, m_new)
    pt = tl.math.exp2(st * ks_t - m_use[None, :])
    alpha = tl.math.exp2(m_i - m_use)
    l_i = l_i * alpha + tl.sum(pt, 0)
    if PAGE_PER_BLOCK and HEADS == 1:
        pt = pt * tl.load(VS + scale_off)
    elif PAGE_PER_BLOCK:
        pt = pt * tl.load(VS + scale_off + row_head)[None, :]
    else:
        pt = pt * tl.load(VS + scale_off + col_head, mask=n_ok, other=0.0)[:, None]
    acc = tl.dot(tl.trans(v.to(tl.float16)), pt.to(tl.float16), acc * alpha[None, :])
    return acc, m_new, l_i


@triton.jit
def decode_combine_kernel(
    PO, PL, Out, stride_ob, stride_os, stride_oh, heads_kv, seq_q, num_splits,
    GROUP: tl.constexpr, ROWS: tl.constexpr, HEAD_DIM: tl.constexpr, HEADS: tl.constexpr,
    SPLITS: tl.constexpr, PDL: tl.constexpr,
):  # fmt: skip
    """Merge the splits of one output row by their log2-sum-exp; a row no split saw gives 0.

    One program per (batch, kv head, row) loads every split's partial row at once: a loop over the splits
    would wait for one load after another, and that latency, not bytes, set the time at batch 1.
    Launched dependent on the split kernel (``PDL``), it starts before that grid ends and waits here."""
    if PDL:
        gdc_wait()
    pid = tl.program_id(0)
    rows_used = GROUP * HEADS * seq_q
    r = pid % rows_used
    bh = pid // rows_used
    b = bh // (heads_kv // HEADS)
    hkv = (bh % (heads_kv // HEADS)) * HEADS
    s = tl.arange(0, SPLITS)
    offs_d = tl.arange(0, HEAD_DIM)
    s_ok = s < num_splits
    slot = (bh * num_splits + s) * ROWS + r
    ls = tl.load(PL + slot, mask=s_ok, other=float("-inf"))
    m = tl.max(ls, 0)
    m_use = tl.where(m == float("-inf"), 0.0, m)
    w = tl.math.exp2(ls - m_use)
    os = tl.load(PO + slot.to(tl.int64)[:, None] * HEAD_DIM + offs_d[None, :], mask=s_ok[:, None], other=0.0)
    l = tl.sum(w, 0)  # noqa: E741
    out = tl.sum(os * w[:, None], 0) / tl.where(l == 0.0, 1.0, l)
    qi = r // (GROUP * HEADS)
    h = (hkv + (r // GROUP) % HEADS) * GROUP + r % GROUP
    o_ptrs = Out + b.to(tl.int64) * stride_ob + qi * stride_os + h * stride_oh + offs_d
    tl.store(o_ptrs, out.to(Out.dtype.element_ty))


@triton.jit
def append_kernel(
    KN, VN, KC, VC, BT, SEQLENS, stride_nb, stride_ns, stride_nh, stride_page, stride_row, stride_head,
    stride_bt, pages_per_seq, page_size, heads_kv, n_new,
    HEADS: tl.constexpr, HEAD_DIM: tl.constexpr, PAGED: tl.constexpr,
):  # fmt: skip
    """Write new token i of sequence b (all kv heads) at position cache_seqlens[b] + i, in place."""
    pid = tl.program_id(0)
    b = pid // n_new
    i = pid % n_new
    pos = tl.load(SEQLENS + b) + i
    page = cache_pages(BT, b, stride_bt, pos, True, pages_per_seq, page_size, PAGED)
    hh = tl.arange(0, HEADS)
    offs_d = tl.arange(0, HEAD_DIM)
    ok = (hh < heads_kv)[:, None]
    src = b.to(tl.int64) * stride_nb + i * stride_ns + hh[:, None] * stride_nh + offs_d[None, :]
    dst = page.to(tl.int64) * stride_page + (pos % page_size) * stride_row + hh[:, None] * stride_head
    dst = dst + offs_d[None, :]
    tl.store(KC + dst, tl.load(KN + src, mask=ok).to(KC.dtype.element_ty), mask=ok)
    tl.store(VC + dst, tl.load(VN + src, mask=ok).to(VC.dtype.element_ty), mask=ok)
