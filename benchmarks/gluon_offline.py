"""Compile the Hopper (Gluon) attention kernels for sm_90a on a machine with no GPU, and read the result.

Why: a kernel's registers, spills, barriers and instruction order answer most "why is it slow" questions,
and reading them costs no GPU time. The real host launchers run on CPU tensors under a stand-in driver
whose target is sm_90, so the kernels are specialised exactly as a launch on an H100 would specialise
them; nothing is launched. Per kernel it prints ptxas's registers/spills and SASS counts (HGMMA, MUFU.EX2,
BAR.SYNC, WARPGROUP.DEPBAR, local loads/stores), how many wgmma A descriptors some path reads unwritten
(DESC_UNSET, :mod:`sass_descriptors`: must be 0) and writes the PTX and SASS under --out.

    python benchmarks/gluon_offline.py --kernel fwd --shape 2,16,8192,128 [--causal] [--out out/offline]
        [--config BLOCK_N,STAGES,CONSUMERS[,CTAS_PER_SM]]   (a GluonFwdConfig; default: the head dim's)
        [--set diag_first=1 q_bufs=2]   (fwd/fp8/varlen: GluonFwdConfig fields)
        [--rescale 8]   (fwd/fp8/varlen: that config with conditional rescaling, GluonFwdConfig.rescale_log2;
                         -8: decided per warp, rescale_warp)
        [--dv 128]   (fwd/varlen: v's head dim where it differs from q's, MLA's 192/128: the kernel's
                      HEAD_DIM_V; --kernel varlen --shape 3,16,4096,192 --dv 128 the packed forward's;
                      --kernel varlen_bwd --shape 3,16,4096,192 --dv 128 the packed backward's)
    python benchmarks/gluon_offline.py --kernel bwd --shape 2,16,8192,128
        [--dv 128]   (bwd at D256: v's head dim, --shape ...,256 --dv 128; MLA's 192/128: --shape ...,192)
        [--config 2,64,2 --set gluon_dq=1]   (bwd: a GluonBwdConfig; at q/k 192 gluon_dq=0 the tl.* dQ on
                     q/k padded to 256, 1 the Gluon dQ in 64-column chunks)
    python benchmarks/gluon_offline.py --kernel fp8 --shape 2,16,8192,128     (the e4m3 forward;
        FP8_V_GIVEN=1: V as given, transposed in the kernel, the e4m3 call's one launch)
    python benchmarks/gluon_offline.py --kernel decode [decode_offline.py's options]   (the tl.* decode
        split kernel, planned bf16/e4m3 configurations and variants: benchmarks/decode_offline.py)
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import torch
import triton
from triton.backends.compiler import GPUTarget

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sass_descriptors import unset_descriptor_reads

SASS_COUNTS = {
    "HGMMA": r"\bHGMMA\.",
    "QGMMA": r"\bQGMMA\.",
    "MUFU.EX2": r"\bMUFU\.EX2\b",
    "BAR.SYNC": r"\bBAR\.SYNC",
    "BAR.ARV": r"\bBAR\.ARV",
    "DEPBAR": r"WARPGROUP\.DEPBAR",
    "SYNCS": r"\bSYNCS\.",
    "LDL": r"\bLDL\b",
    "STL": r"\bSTL\b",
}


class _OfflineDriver:
    """Just what the JIT asks of a driver before it compiles: device 0, stream 0, an sm_90 target."""

    def get_current_target(self) -> GPUTarget:
        return GPUTarget("cuda", 90, 32)

    def get_current_device(self) -> int:
        return 0

    def get_current_stream(self, device: int | None = None) -> int:
        return 0

    def get_device_interface(self) -> Any:
        return torch.cuda


KERNELS = ["fwd", "fp8", "bwd", "bwd_fused", "varlen", "varlen_bwd", "varlen_bwd_fused", "decode"]


def _tools() -> tuple[str, str]:
    nv = Path(triton.__file__).parent / "backends" / "nvidia" / "bin"
    return os.environ.get("TRITON_PTXAS_PATH", str(nv / "ptxas")), str(nv / "cuobjdump")


def _install_offline(sm_count: int) -> list[tuple[str, Any]]:
    """Route the launchers to compile-only and collect what they compiled."""
    from triton.runtime import driver

    from gpuaccel.accel.kernels.dense import direct_launch, launchers
    from gpuaccel.accel.kernels.dense.direct_launch import resolve
    from gpuaccel.accel.kernels.gluon import bwd as gluon_bwd
    from gpuaccel.accel.kernels.gluon import fp8 as gluon_fp8
    from gpuaccel.accel.kernels.gluon import fwd as gluon_fwd
    from gpuaccel.accel.kernels.gluon import merge as gluon_merge
    from gpuaccel.accel.kernels.gluon import tiles as gluon_tiles
    from gpuaccel.accel.kernels.gluon import varlen_bwd as gluon_varlen_bwd
    from gpuaccel.accel.kernels.gluon import varlen_fwd as gluon_varlen_fwd

    driver.set_active(_OfflineDriver())
    launchers.sm_count = gluon_tiles.sm_count = gluon_varlen_fwd.sm_count = lambda device: sm_count
    direct_launch.bind_context = lambda device: None
    compiled: list[tuple[str, Any]] = []

    def compile_only(kernel, grid, args, constexprs, options, bound=None, name=""):
        compiled.append((name, kernel.warmup(*resolve(args), grid=grid, **constexprs, **options)))

    gluon_fwd.launch = compile_only
    gluon_fp8.launch = compile_only
    gluon_merge.launch = compile_only  # the key split's merge (tl.*)
    gluon_bwd.launch = compile_only
    launchers.launch = compile_only  # the tl.* dQ kernel of the D256 backward
    gluon_varlen_fwd.launch = compile_only
    gluon_varlen_bwd.launch = compile_only
    return compiled


def _ptxas_report(ptx: str, ptxas: str) -> dict[str, int]:
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "k.ptx"
        src.write_text(ptx)
        out = subprocess.run(
            [ptxas, "-arch=sm_90a", "-v", str(src), "-o", str(Path(tmp) / "k.cubin")],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
    text = out.stderr + out.stdout
    regs = re.search(r"Used (\d+) registers", text)
    stores = re.search(r"(\d+) bytes spill stores", text)
    loads = re.search(r"(\d+) bytes spill loads", text)
    frame = re.search(r"(\d+) bytes stack frame", text)
    return {
        "regs": int(regs.group(1)) if regs else -1,
        "spill_stores": int(stores.group(1)) if stores else 0,
        "spill_loads": int(loads.group(1)) if loads else 0,
        "stack": int(frame.group(1)) if frame else 0,
    }


def _sass(cubin: bytes, cuobjdump: str) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "k.cubin"
        path.write_bytes(cubin)
        dump = subprocess.run([cuobjdump, "-sass", str(path)], capture_output=True, text=True, check=True)
        return dump.stdout


def run(kernel: str, shape: tuple[int, ...], causal: bool, dtype: torch.dtype, out: Path | None,
        sm_count: int, config: tuple[int, ...] | None = None,
        rescale: float = 0.0, fields: dict[str, Any] | None = None,
        dv: int | None = None) -> list[dict[str, Any]]:  # fmt: skip
    compiled = _install_offline(sm_count)
    b, h, n, d = shape
    q, k, v = (torch.randn(b, h, n, d).to(dtype) for _ in range(3))
    if dv is not None and kernel not in ("fwd", "bwd", "varlen", "varlen_bwd"):
        raise SystemExit(
            "--dv: the forwards (--kernel fwd, varlen) and the split backwards (--kernel bwd, varlen_bwd)"
        )
    if dv is not None:
        v = torch.randn(b, h, n, dv).to(dtype)
    scale = d**-0.5
    from gpuaccel.accel.kernels.tuning.configs import GluonFwdConfig

    if kernel == "fwd":
        from gpuaccel.accel.kernels.gluon.fwd import launch_gluon_fwd
        from gpuaccel.accel.kernels.tuning.configs import gluon_fwd_config

        cfg = GluonFwdConfig(*config) if config else gluon_fwd_config(d, n, n, causal, head_dim_v=dv)
        cfg = replace(cfg, rescale_log2=abs(rescale), rescale_warp=rescale < 0, **(fields or {}))
        o = torch.empty(b, h, n, v.shape[-1]).to(dtype)
        launch_gluon_fwd(q, k, v, o, torch.empty(b, h, n), causal, scale, cfg)
    elif kernel == "bwd":
        from gpuaccel.accel.kernels.gluon.bwd import launch_gluon_bwd

        lse = torch.zeros(b, h, n)
        from gpuaccel.accel.kernels.tuning.configs import GluonBwdConfig

        # --config STAGES,DQ_BLOCK_N,DQ_STAGES (q/k 192 and 256: the by-gradient pair); --set gluon_dq=1: at
        # 192 the Gluon dQ in chunks (GluonBwdConfig fields)
        cfg_b = GluonBwdConfig(*config, by_grad=d in (192, 256), **(fields or {})) if config else None
        do, o = (torch.randn(b, h, n, v.shape[-1]).to(dtype) for _ in range(2))
        # the split pair (D256: tl.* dQ and the by-gradient dK/dV; --dv 128: 256/128); --kernel bwd_fused
        # for the fused one
        launch_gluon_bwd(do, q, k, v, o, lse, causal, scale, cfg_b, fused=False)
    elif kernel == "bwd_fused":
        from gpuaccel.accel.kernels.gluon.bwd import launch_gluon_bwd_fused
        from gpuaccel.accel.kernels.tuning.configs import GluonBwdConfig

        cfg_b = GluonBwdConfig(*config) if config else None  # --config STAGES,DQ_BLOCK_N,DQ_STAGES
        lse = torch.zeros(b, h, n)
        lag = int(os.environ.get("FUSED_LAG", "1"))
        fences = os.environ.get("FUSED_FENCES")  # e.g. sf2 (launch_gluon_bwd_fused's fences)
        q_rows = int(os.environ["FUSED_Q_ROWS"]) if os.environ.get("FUSED_Q_ROWS") else None  # e.g. 128
        launch_gluon_bwd_fused(torch.randn_like(q), q, k, v, torch.empty_like(q), lse, causal, scale, cfg_b,
                               lag=lag, fences=fences, q_rows=q_rows)  # fmt: skip
    elif kernel == "fp8":
        from gpuaccel.accel.kernels.gluon.fp8 import gluon_fp8_config, launch_gluon_fp8

        cfg = replace(
            GluonFwdConfig(*config) if config else gluon_fp8_config(d),
            rescale_log2=abs(rescale),
            rescale_warp=rescale < 0,
            **(fields or {}),
        )
        e4m3 = torch.float8_e4m3fn
        vt = torch.zeros(b, h, d, -(-n // 32) * 32).to(e4m3)
        scales = (
            torch.ones(b * h, -(-n // 64)),
            torch.ones(b * h, -(-n // cfg.block_n)),
            torch.ones(b * h, d),
        )
        o = torch.empty_like(q)
        strides = None
        if os.environ.get("FP8_V_GIVEN") == "1":  # V as given, transposed in the kernel, descales per head
            vt, scales, strides = v.to(e4m3), (torch.ones(b, h),) * 3, (h, 1)
        launch_gluon_fp8(q.to(e4m3), k.to(e4m3), vt, scales, o, torch.empty(b, h, n), causal, scale, cfg,
                         descale_strides=strides)  # fmt: skip
    elif kernel == "varlen":  # b documents of n, n/2, n/4, ... tokens packed, h heads
        from gpuaccel.accel.kernels.gluon import varlen_fwd as gluon_varlen_fwd
        from gpuaccel.accel.kernels.gluon.varlen_fwd import launch_gluon_varlen_fwd

        # the work-item table comes from a tl.* kernel, which this stand-in driver cannot run; its
        # contents do not change what compiles
        gluon_varlen_fwd.launch_items = lambda *args: None

        lens = [max(n >> i, 1) for i in range(b)]
        cu = torch.tensor([0, *torch.tensor(lens).cumsum(0).tolist()], dtype=torch.int32)
        qp, kp, vp = (torch.randn(int(cu[-1]), h, d).to(dtype) for _ in range(3))
        if dv is not None:  # a value head dim of its own (MLA's 192/128)
            vp = torch.randn(int(cu[-1]), h, dv).to(dtype)
        cfg = GluonFwdConfig(*config) if config else gluon_varlen_fwd.packed_fwd_config(d, n, causal, dv)
        if rescale or fields:  # the packed kernel builds rescale_log2 / rescale_warp, diag_first, first_full,
            # o_recip (q_bufs / o_tma where its walk has q2 / otma)
            cfg = replace(cfg, rescale_log2=abs(rescale), rescale_warp=rescale < 0, **(fields or {}))
        o = torch.empty(int(cu[-1]), h, vp.shape[-1]).to(dtype)
        launch_gluon_varlen_fwd(qp, kp, vp, o, torch.empty(h, int(cu[-1])), cu, cu, n, causal, scale,
                                cfg)  # fmt: skip
    elif kernel in ("varlen_bwd", "varlen_bwd_fused"):  # b documents of n, n/2, ... tokens, h heads
        from gpuaccel.accel.kernels.gluon import varlen_bwd as gluon_varlen_bwd
        from gpuaccel.accel.kernels.gluon.varlen_bwd import launch_gluon_varlen_bwd

        # as for the forward: the tables' contents do not change what compiles
        gluon_varlen_bwd.launch_items = lambda *args: None

        lens = [max(n >> i, 1) for i in range(b)]
        cu = torch.tensor([0, *torch.tensor(lens).cumsum(0).tolist()], dtype=torch.int32)
        qp, kp, vp = (torch.randn(int(cu[-1]), h, d).to(dtype) for _ in range(3))
        if dv is not None:  # a value head dim of its own (MLA's 192/128: --shape 3,16,4096,192 --dv 128)
            vp = torch.randn(int(cu[-1]), h, dv).to(dtype)
        launch_gluon_varlen_bwd(torch.randn_like(vp), qp, kp, vp, torch.randn_like(vp),
                                torch.zeros(h, int(cu[-1])), cu, cu, causal, scale,
                                fused=kernel == "varlen_bwd_fused")  # fmt: skip
    else:
        raise SystemExit(f"--kernel takes {', '.join(KERNELS)}, got {kernel!r}")
    ptxas, cuobjdump = _tools()
    rows = []
    for name, ck in compiled:
        sass = _sass(ck.asm["cubin"], cuobjdump)
        row: dict[str, Any] = {"kernel": name, **_ptxas_report(ck.asm["ptx"], ptxas)}
        row["smem"] = getattr(ck.metadata, "shared", -1)  # bytes of shared memory a program (227 KB at most)
        row.update({key: len(re.findall(pat, sass)) for key, pat in SASS_COUNTS.items()})
        row["DESC_UNSET"] = len(unset_descriptor_reads(sass))
        rows.append(row)
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
            (out / f"{name}.ptx").write_text(ck.asm["ptx"])
            (out / f"{name}.sass").write_text(sass)
    return rows


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:2] == ["--kernel", "decode"] or argv[:1] == ["--kernel=decode"]:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from decode_offline import main as decode_main

        return decode_main(argv[2:] if argv[0] == "--kernel" else argv[1:])
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kernel", default="fwd", choices=KERNELS)
    ap.add_argument("--shape", default="2,16,8192,128", help="B,H,N,D")
    ap.add_argument("--causal", action="store_true")
    ap.add_argument("--dtype", default="bf16", choices=["bf16", "fp16"])
    ap.add_argument("--sm-count", type=int, default=132)
    ap.add_argument("--out", type=Path, default=None, help="folder for the PTX and SASS")
    ap.add_argument(
        "--config", default=None, help="fwd/fp8: BLOCK_N,STAGES[,CONSUMERS]; bwd: STAGES,DQ_BLOCK_N,DQ_STAGES"
    )
    ap.add_argument(
        "--rescale",
        type=float,
        default=0.0,
        help="fwd/fp8: GluonFwdConfig.rescale_log2 (negative: rescale_warp)",
    )
    ap.add_argument(
        "--set",
        nargs="*",
        default=[],
        help="GluonFwdConfig fields (fwd/fp8), e.g. diag_first=1 q_bufs=2; GluonBwdConfig's (bwd, --config)",
    )
    ap.add_argument(
        "--dv", type=int, default=None, help="fwd/varlen/bwd: v's head dim (MLA's 192/128: --dv 128)"
    )
    a = ap.parse_args(argv)
    from gpuaccel.accel.kernels.tuning.configs import GluonBwdConfig, GluonFwdConfig

    fwd_bwd = (*dataclasses.fields(GluonFwdConfig), *dataclasses.fields(GluonBwdConfig))
    bools = {f.name for f in fwd_bwd if isinstance(f.default, bool)}
    fields = {k: bool(int(v)) if k in bools else int(v) for k, v in (kv.split("=") for kv in a.set)}
    shape = tuple(int(x) for x in a.shape.split(","))
    if len(shape) != 4:
        raise SystemExit(f"--shape takes B,H,N,D, got {a.shape!r}")
    dtype = torch.bfloat16 if a.dtype == "bf16" else torch.float16
    config = tuple(int(x) for x in a.config.split(",")) if a.config else None
    print_rows(run(a.kernel, shape, a.causal, dtype, a.out, a.sm_count, config, a.rescale, fields, a.dv))
    return 0


def print_rows(rows: list[dict[str, Any]]) -> None:
    """One line per row, columns in the first row's order."""
    cols = list(rows[0])
    print(" | ".join(cols))
    for r in rows:
        print(" | ".join(str(r[c]) for c in cols))


if __name__ == "__main__":
    sys.exit(main())
