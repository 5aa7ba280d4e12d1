"""Compile the decode split kernel for sm_90a on a machine with no GPU and count its key loop's SASS.

Why: the e4m3 decode step is bound by instruction issue, not bytes, so the number and kind of
instructions in one loop step (register moves, conversions, MMAs, shared-memory round trips) predicts
what a GPU run will show. The real host launcher (``decode.decode_attention``) runs on CPU tensors under
gluon_offline's stand-in sm_90 driver with the split kernel swapped for a compile-only stand-in, so each
kernel is specialised exactly as on an H100; nothing is launched. The loop body is the span of the
longest backward branch. Per configuration it prints registers, spills and the loop's counts, and writes
PTX, TTGIR and SASS under --out.

    python benchmarks/decode_offline.py                       (planned bf16 and e4m3, B1/B8 32k, plus plain)
    python benchmarks/decode_offline.py --cases e4m3 --config 128,4,3,2,1,t --out out/decode
    python benchmarks/gluon_offline.py --kernel decode [same options]
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gluon_offline import _OfflineDriver, _ptxas_report, _sass, _tools, print_rows

HQ, HKV, D, PAGE, SMS = 32, 8, 128, 256, 132
CASES = {  # name -> (batch, cache length, e4m3, paged): the plans' GQA 32/8 D128 shapes
    f"{dt}-{lay}-B{b}": (b, 32768, dt == "e4m3", lay == "paged")
    for dt in ("bf16", "e4m3")
    for lay in ("contiguous", "paged")
    for b in (1, 8)
}
LOOP_COUNTS = {  # column -> opcode prefixes counted in the loop body
    "IMAD.MOV": ("IMAD.MOV",),
    "MOV": ("MOV",),
    "F2FP.E4M3": ("F2FP.F16.E4M3",),
    "F2FP.PACK": ("F2FP.F16.F32", "F2FP.BF16.F32"),
    "HMMA": ("HMMA",),
    "HGMMA": ("HGMMA",),
    "LDS": ("LDS",),
    "LDSM": ("LDSM",),
    "STS": ("STS",),
    "BAR": ("BAR",),
    "SHFL": ("SHFL",),
    "FMUL": ("FMUL",),
    "MUFU": ("MUFU",),
}


def parse_config(spec: str) -> Any:
    """``block_n,warps,stages,waves[,heads][,t]`` -> DecodeConfig (``t``: the transposed e4m3 step)."""
    from gpuaccel.accel.kernels.decode.attention import DecodeConfig

    parts = spec.split(",")
    trans = parts[-1] == "t"
    return DecodeConfig(*(int(x) for x in parts[: len(parts) - trans]), trans=trans)


def _install() -> list[Any]:
    """Route decode_attention's split launches to compile-only; returns the list they append to."""
    from triton.runtime import driver

    from gpuaccel.accel.kernels.decode import attention as decode

    driver.set_active(_OfflineDriver())
    decode.device_arch = lambda t: (9, 0)
    compiled: list[Any] = []
    kernel = decode.decode_split_kernel

    class CompileOnly:
        def __getitem__(self, grid: tuple[int, ...]) -> Any:
            def launch(*args: Any, **kw: Any) -> None:
                kw.pop("launch_pdl", None)
                ck = kernel.warmup(*args, grid=grid, **kw)
                compiled.append(ck.result() if hasattr(ck, "result") else ck)

            return launch

    class Skip:  # the combine is not counted
        def __getitem__(self, grid: tuple[int, ...]) -> Any:
            return lambda *args, **kw: None

    decode.decode_split_kernel = CompileOnly()
    decode.decode_combine_kernel = Skip()
    return compiled


def compile_case(batch: int, seqlen: int, fp8: bool, paged: bool, cfg: Any, compiled: list[Any]) -> Any:
    """The split kernel ``decode_attention`` launches for this shape and configuration."""
    from gpuaccel.accel.kernels.decode.attention import decode_attention, heads_per_program

    dt = torch.float8_e4m3fn if fp8 else torch.bfloat16
    q = torch.empty(batch, 1, HQ, D, dtype=torch.bfloat16)
    shape = (batch * seqlen // PAGE, PAGE, HKV, D) if paged else (batch, seqlen, HKV, D)
    cache = torch.empty(shape, dtype=torch.uint8).view(dt) if fp8 else torch.empty(shape, dtype=dt)
    table = torch.arange(batch * seqlen // PAGE, dtype=torch.int32).view(batch, -1) if paged else None
    scales = None
    if fp8:
        s = torch.ones(batch * seqlen // 64, HKV)
        scales = (s, s)
    seqlens = torch.full((batch,), seqlen, dtype=torch.int32)
    heads = heads_per_program(cfg, HKV, HQ // HKV)
    programs = batch * HKV // heads
    blocks = -(-seqlen // (cfg.block_n // heads))
    want = max(1, min(cfg.waves * SMS // programs, blocks, 128))  # auto_splits on an H100
    splits = -(-blocks // -(-blocks // want))
    decode_attention(q, cache, cache, seqlens, table, 0, -1, 0, D**-0.5, 0.0, cfg, splits, scales)
    return compiled.pop()


def loop_body(sass: str) -> list[str]:
    """Instructions between the target of the longest backward branch and the branch (the key loop)."""
    instrs = []
    for line in sass.splitlines():
        m = re.match(r"\s+/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;", line)
        if m:
            instrs.append((int(m.group(1), 16), m.group(2)))
    lo, hi = 0, -1
    for addr, text in instrs:
        m = re.search(r"\bBRA\s+(?:`\(\.L_x_\d+\)\s*)?0x([0-9a-f]+)", text)
        if m and int(m.group(1), 16) < addr and addr - int(m.group(1), 16) > hi - lo:
            lo, hi = int(m.group(1), 16), addr
    return [re.sub(r"^@!?U?P\w+\s+", "", t) for a, t in instrs if lo <= a <= hi]


def report(ck: Any) -> tuple[dict[str, Any], str]:
    ptxas, cuobjdump = _tools()
    sass = _sass(ck.asm["cubin"], cuobjdump)
    row: dict[str, Any] = _ptxas_report(ck.asm["ptx"], ptxas)
    row["smem_kb"] = round(ck.metadata.shared / 1024, 1)
    body = loop_body(sass)
    ops = [t.split()[0] for t in body]
    row["loop"] = len(body)
    for col, prefixes in LOOP_COUNTS.items():
        row[col] = sum(1 for o in ops if any(o == p or o.startswith(p + ".") for p in prefixes))
    return row, sass


def run(
    cases: Iterable[str], variants: list[str], configs: list[str], out: Path | None
) -> list[dict[str, Any]]:
    """One row per (case, variant): ``plan`` (decode.PLANS), ``plain`` (the plan with the e4m3 step
    computed as rows x keys, not transposed), and each explicit ``--config`` on the e4m3 cases."""
    from gpuaccel.accel.kernels.decode.attention import PLANS

    compiled = _install()
    rows = []
    for name in cases:
        batch, seqlen, fp8, paged = CASES[name]
        plan = PLANS[(fp8, paged, batch * HKV >= SMS)]
        todo = [("plan", plan)] if "plan" in variants else []
        if fp8:
            todo += [("plain", replace(plan, trans=False))] if "plain" in variants else []
            todo += [(spec, parse_config(spec)) for spec in configs]
        for variant, cfg in todo:
            ck = compile_case(batch, seqlen, fp8, paged, cfg, compiled)
            row, sass = report(ck)
            rows.append({"case": name, "variant": variant, "config": cfg.label(), **row})
            if out is not None:
                out.mkdir(parents=True, exist_ok=True)
                stem = f"{name}_{cfg.label()}"
                (out / f"{stem}.sass").write_text(sass)
                (out / f"{stem}.ptx").write_text(ck.asm["ptx"])
                (out / f"{stem}.ttgir").write_text(ck.asm["ttgir"])
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--cases", nargs="+", default=list(CASES), help="case names, or bf16 / e4m3 (all of those)"
    )
    ap.add_argument("--variants", nargs="+", default=["plan", "plain"], choices=["plan", "plain"])
    ap.add_argument("--config", nargs="*", default=[], help="extra e4m3 configurations: block_n,warps,stages,"
                    "waves[,heads][,t]")  # fmt: skip
    ap.add_argument("--out", type=Path, default=None, help="folder for the PTX, TTGIR and SASS")
    a = ap.parse_args(argv)
    cases = [c for sel in a.cases for c in CASES if c == sel or c.startswith(sel + "-")]
    if not cases:
        raise SystemExit(f"--cases matched nothing; names: {list(CASES)}")
    print_rows(run(cases, a.variants, a.config, a.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
