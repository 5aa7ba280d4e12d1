"""Compile one Blackwell (sm_100a) attention key-block step in Gluon on a machine with no GPU, and read it.

Why: no Blackwell GPU is available to us, so this asks less than "how fast": does the installed Triton's
Gluon build what a tcgen05 attention kernel needs (TMA, tcgen05 MMA into tensor memory, mbarrier
completion, TMEM loads for softmax, P fed to the second MMA from TMEM, warp-specialised partitions), and
what machine code comes out. One 128-row Q tile, one 128-key block, head_dim 128: S = Q K^T, online-softmax
exp2, O = O * alpha + P V, O / l stored. Nothing is launched (a stand-in driver); no GPU is needed.
``python benchmarks/blackwell_offline.py [--out DIR]`` (DIR: the PTX and SASS of each variant)
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import torch
import triton
from triton.backends.compiler import GPUTarget
from triton.backends.nvidia.compiler import get_ptxas
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia import blackwell as bw
from triton.experimental.gluon.language.nvidia.blackwell import mbarrier, tma
from triton.experimental.gluon.nvidia.blackwell import TensorDescriptor

M, N, D = 128, 128, 128  # Q rows, keys per block, head dim
NV_BIN = Path(triton.__file__).parent / "backends" / "nvidia" / "bin"  # cuobjdump, ptxas 12.8
BF16, E4M3 = torch.bfloat16, torch.float8_e4m3fn
# (name, warp-specialised, dtype of Q, K, V and P); e4m3 makes the MMAs tcgen05 kind::f8f6f4
VARIANTS = (("ws", True, BF16), ("single", False, BF16), ("ws-e4m3", True, E4M3))
# SASS opcodes counted: tcgen05 MMA, commit and TMEM allocation lower to UTC* (UTCHMMA: a 16-bit MMA,
# UTCQMMA: an 8-bit one, UTCBAR: a commit); LDTM/STTM move TMEM <-> registers; SYNCS are mbarrier ops
SASS_OPS = ("UTC*", "UTCHMMA", "UTCQMMA", "UTCBAR", "LDTM", "STTM", "MUFU.EX2", "SHFL", "BAR.SYNC", "SYNCS")


class _OfflineDriver:
    """What the JIT asks of a driver before it compiles: device 0, stream 0, an sm_100 target."""

    def get_current_target(self) -> GPUTarget:
        return GPUTarget("cuda", 100, 32)

    def get_current_device(self) -> int:
        return 0

    def get_current_stream(self, device: int | None = None) -> int:
        return 0


@gluon.jit
def _load(q_desc, k_desc, v_desc, q_s, k_s, v_s, qk_bar, v_bar):
    """TMA loads (one warp when specialised). V has its own barrier so S = Q K^T need not wait for it."""
    row = gl.program_id(0) * q_desc.block_type.shape[0]
    mbarrier.expect(qk_bar, q_desc.block_type.nbytes + k_desc.block_type.nbytes)
    tma.async_copy_global_to_shared(q_desc, [row, 0], qk_bar, q_s)
    tma.async_copy_global_to_shared(k_desc, [0, 0], qk_bar, k_s)
    mbarrier.expect(v_bar, v_desc.block_type.nbytes)
    tma.async_copy_global_to_shared(v_desc, [0, 0], v_bar, v_s)


@gluon.jit
def _mma_qk(q_s, k_s, s_t, qk_bar, s_bar):
    """S = Q K^T into TMEM: one thread issues it, ``mbarriers=`` arrives on s_bar when it completes."""
    mbarrier.wait(qk_bar, 0)
    bw.tcgen05_mma(q_s, k_s.permute((1, 0)), s_t, use_acc=False, mbarriers=[s_bar])


@gluon.jit
def _mma_pv(v_s, p_t, o_t, v_bar, p_bar, o_bar):
    """O += P V with P read from TMEM (the A operand; B must be in shared memory), tracked by a commit."""
    mbarrier.wait(v_bar, 0)
    mbarrier.wait(p_bar, 0)
    bw.tcgen05_mma(p_t, v_s, o_t, use_acc=True)
    bw.tcgen05_commit(o_bar)


@gluon.jit
def _mma(q_s, k_s, v_s, s_t, p_t, o_t, qk_bar, v_bar, s_bar, p_bar, o_bar):
    """The MMA partition: one warp, so softmax warps never issue or wait on an MMA themselves."""
    _mma_qk(q_s, k_s, s_t, qk_bar, s_bar)
    _mma_pv(v_s, p_t, o_t, v_bar, p_bar, o_bar)


@gluon.jit
def _softmax(s_t, p_t, o_t, s_bar, p_bar, qk_scale):
    """Online softmax of one block. With the 32x32b TMEM layout each thread owns a whole row of S, so
    row max and sum need no shuffles. O (zero here: the running state before the first block) is
    rescaled in TMEM by alpha, the correction step; P (Q's dtype) overwrites S's columns in place."""
    NW: gl.constexpr = gl.num_warps()
    s_reg: gl.constexpr = bw.get_tmem_reg_layout(gl.float32, s_t.shape, s_t.layout, NW)
    o_reg: gl.constexpr = bw.get_tmem_reg_layout(gl.float32, o_t.shape, o_t.layout, NW)
    p_reg: gl.constexpr = bw.get_tmem_reg_layout(p_t.dtype, p_t.shape, p_t.layout, NW)
    row: gl.constexpr = gl.SliceLayout(1, s_reg)
    o_t.store(gl.full(o_t.shape, 0.0, gl.float32, o_reg))
    m_i = gl.full(o_t.shape[:1], float("-inf"), gl.float32, row)
    l_i = gl.full(o_t.shape[:1], 0.0, gl.float32, row)
    mbarrier.wait(s_bar, 0)
    s = s_t.load(s_reg)
    m_new = gl.maximum(m_i, gl.max(s, 1) * qk_scale)
    p = gl.exp2(s * qk_scale - gl.expand_dims(m_new, 1))
    alpha = gl.exp2(m_i - m_new)
    l_i = l_i * alpha + gl.sum(p, 1)
    p_t.store(gl.convert_layout(p.to(p_t.dtype), p_reg))  # first, so S's 128 registers die before O's load
    c_reg: gl.constexpr = bw.get_tmem_reg_layout(gl.float32, [o_t.shape[0], 32], o_t.slice(0, 32).layout, NW)
    a_c = gl.expand_dims(gl.convert_layout(alpha, gl.SliceLayout(1, c_reg)), 1)
    for c in gl.static_range(o_t.shape[1] // 32):  # O *= alpha in TMEM, 32 columns (registers) at a time
        o_c = o_t.slice(c * 32, 32)
        o_c.store(o_c.load(c_reg) * a_c)
    mbarrier.arrive(p_bar)
    return (l_i,)  # a tuple: warp_specialize flattens the default partition's results


@gluon.jit
def _epilogue(o_desc, o_t, o_s, o_bar, l_i):
    """Wait for P V, read O from TMEM, divide by l, store through shared memory by TMA."""
    o_reg: gl.constexpr = bw.get_tmem_reg_layout(gl.float32, o_t.shape, o_t.layout, gl.num_warps())
    mbarrier.wait(o_bar, 0)
    o = o_t.load(o_reg) / gl.expand_dims(gl.convert_layout(l_i, gl.SliceLayout(1, o_reg)), 1)
    o_s.store(o.to(o_desc.dtype))
    bw.fence_async_shared()
    tma.async_copy_shared_to_global(o_desc, [gl.program_id(0) * o_t.shape[0], 0], o_s)
    tma.store_wait(0)


@gluon.jit
def blackwell_attn_step(q_desc, k_desc, v_desc, o_desc, qk_scale, WS: gl.constexpr):
    """``WS``: 4-warp softmax default partition + 1-warp load + 1-warp MMA partitions; else one partition
    running the same functions in order. Tensor memory: S (128 fp32 columns; P aliased in its first 64
    (bf16) or 32 (e4m3), packed) and O (128 columns)."""
    dt: gl.constexpr = q_desc.dtype
    BM: gl.constexpr = q_desc.block_type.shape[0]
    BN: gl.constexpr = k_desc.block_type.shape[0]
    HD: gl.constexpr = q_desc.block_type.shape[1]
    q_s = gl.allocate_shared_memory(dt, [BM, HD], q_desc.layout)
    o_s = gl.allocate_shared_memory(o_desc.dtype, [BM, HD], o_desc.layout)  # O is bf16 in the e4m3 run too
    k_s = gl.allocate_shared_memory(dt, [BN, HD], k_desc.layout)
    v_s = gl.allocate_shared_memory(dt, [BN, HD], v_desc.layout)
    bars = gl.allocate_shared_memory(gl.int64, [5, 1], mbarrier.MBarrierLayout())
    for i in gl.static_range(5):
        mbarrier.init(bars.index(i), count=1)
    qk_bar, v_bar, s_bar = bars.index(0), bars.index(1), bars.index(2)  # Q+K landed, V landed, S done
    p_bar, o_bar = bars.index(3), bars.index(4)  # P and rescaled O in TMEM, P V done
    s_t = bw.allocate_tensor_memory(gl.float32, [BM, BN], bw.TensorMemoryLayout((BM, BN), col_stride=1))
    o_t = bw.allocate_tensor_memory(gl.float32, [BM, HD], bw.TensorMemoryLayout((BM, HD), col_stride=1))
    p_t = s_t._reinterpret(dt, [BM, BN], bw.TensorMemoryLayout((BM, BN), col_stride=1))  # packed
    if WS:
        (l_i,) = gl.warp_specialize(
            [(_softmax, (s_t, p_t, o_t, s_bar, p_bar, qk_scale)),
             (_load, (q_desc, k_desc, v_desc, q_s, k_s, v_s, qk_bar, v_bar)),
             (_mma, (q_s, k_s, v_s, s_t, p_t, o_t, qk_bar, v_bar, s_bar, p_bar, o_bar))],
            [1, 1], [24, 24],
        )  # fmt: skip
    else:
        _load(q_desc, k_desc, v_desc, q_s, k_s, v_s, qk_bar, v_bar)
        _mma_qk(q_s, k_s, s_t, qk_bar, s_bar)
        (l_i,) = _softmax(s_t, p_t, o_t, s_bar, p_bar, qk_scale)
        _mma_pv(v_s, p_t, o_t, v_bar, p_bar, o_bar)
    _epilogue(o_desc, o_t, o_s, o_bar, l_i)


def _run_tool(cmd: list[str], data: str | bytes, suffix: str) -> subprocess.CompletedProcess[str]:
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / f"k.{suffix}"
        src.write_bytes(data if isinstance(data, bytes) else data.encode())
        return subprocess.run([*cmd, str(src)], capture_output=True, text=True, cwd=tmp)


def _ptxas(ptx: str, ptxas: str) -> dict[str, Any]:
    """Registers and spills from ``ptxas -v``, or the error text when it refuses the PTX."""
    out = _run_tool([ptxas, "-arch=sm_100a", "-v", "-o", "k.cubin"], ptx, "ptx")
    text = out.stderr + out.stdout
    if out.returncode:
        fatal = [ln.split("fatal")[-1].strip(" :") for ln in text.splitlines() if "fatal" in ln]
        return {"error": "; ".join(fatal) or text.strip()[:300]}
    grab = lambda pat: int(m.group(1)) if (m := re.search(pat, text)) else 0
    return {"regs": grab(r"Used (\d+) registers"), "spill": grab(r"(\d+) bytes spill stores")}


def _why(exc: BaseException) -> str:
    """The innermost cause's last line: a Gluon CompilationError wraps the real error in __cause__."""
    while exc.__cause__ is not None:
        exc = exc.__cause__
    lines = [ln.strip() for ln in str(exc).splitlines() if ln.strip() not in ("", "^")]
    return f"{type(exc).__name__}: {(lines[-1] if lines else '')[:300]}"


def _compile(ws: bool, dtype: torch.dtype) -> Any:
    """Specialise the kernel for sm_100 through the JIT, exactly as a launch would, without launching.
    ``dtype``: Q, K, V (and so P); O is always bf16."""
    descs = []
    for x, rows in ((dtype, M), (dtype, N), (dtype, N), (BF16, M)):  # Q, K, V, O
        lay = gl.NVMMASharedLayout.get_default_for([rows, D], {BF16: gl.bfloat16, E4M3: gl.float8e4nv}[x])
        descs.append(TensorDescriptor(torch.zeros(rows, D, dtype=x), [rows, D], [D, 1], [rows, D], lay))
    return blackwell_attn_step.warmup(*descs, D**-0.5 * 1.4426950408889634, WS=ws, grid=(1,), num_warps=4)


def run(out: Path | None) -> tuple[list[dict[str, Any]], str]:
    """One row per variant (or the error that stopped it), and what ptxas 12.8 says of the PTX."""
    from triton.runtime import driver

    driver.set_active(_OfflineDriver())
    rows: list[dict[str, Any]] = []
    legacy = "not reached"  # the plain bundled ptxas (12.8) on the last PTX that compiled
    for name, ws, dt in VARIANTS:
        row: dict[str, Any] = {"kernel": name}
        try:
            ck = _compile(ws, dt)
        except Exception as exc:  # Gluon front end, MLIR verifier, or ptxas inside Triton
            rows.append({**row, "error": _why(exc)})
            continue
        ptx = ck.asm["ptx"]
        sass = _run_tool([str(NV_BIN / "cuobjdump"), "-sass"], ck.asm["cubin"], "cubin").stdout
        row.update(_ptxas(ptx, get_ptxas(100).path))  # what Triton runs for sm_100
        nreg = re.findall(r"setmaxnreg\.(inc|dec)\S*\s+(\d+)", ptx)  # a partition's register budget
        row["setmaxnreg"] = "/".join(sorted({f"{op}{n}" for op, n in nreg})) or "-"
        row.update(tmem_cols=getattr(ck.metadata, "tmem_size", "?"), smem_B=ck.metadata.shared)
        for op in SASS_OPS:
            pat = r"\bUTC[A-Z]+" if op == "UTC*" else rf"\b{re.escape(op)}\b"
            row[op] = len(re.findall(pat, sass))
        rows.append(row)
        legacy = _ptxas(ptx, str(NV_BIN / "ptxas")).get("error", "ok")
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
            (out / f"blackwell_step_{name}.ptx").write_text(ptx)
            (out / f"blackwell_step_{name}.sass").write_text(sass)
    return rows, legacy


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=None, help="folder for the PTX and SASS")
    a = ap.parse_args(argv)
    print(f"# triton {triton.__version__}, sm_100a, {Path(get_ptxas(100).path).name}; nothing ran or timed")
    print("# ws: softmax 4 warps + load 1 warp + MMA 1 warp; single: the same functions in one partition")
    rows, legacy = run(a.out)
    cols = list(next((r for r in rows if "error" not in r), rows[0]))
    print(" | ".join(cols))
    for r in rows:
        failed = f"{r['kernel']} | FAILED: {r.get('error')}"
        print(failed if "error" in r else " | ".join(str(r[c]) for c in cols))
    print(f"# bundled ptxas 12.8 on the same PTX: {legacy}")
    return 1 if all("error" in r for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
