"""Tier 2: the forward builds whose Q buffer changes from tile to tile read their wgmma Q descriptors only
where every path has written them (``benchmarks/sass_descriptors.py`` on an offline sm_90a build).

Why: Triton 3.6's ptxas (12.8.93) built the two-Q-buffer, PV-inside-the-block forward so that the second
key loop read Q's descriptor words only the first loop's preheader wrote, also on the path that skips the
first loop: wrong causal output, or an illegal address (docs/kernels-log.md, 2026-11-28, twenty-fourth
session). Gluon has no interpreter; the GPU tier runs these builds against the reference
(``tests/gpu/test_gluon_fwd_gpu.py``, ``test_gluon_fp8_gpu.py``). Here the checker is tested on listings
cut from that build, then run on the builds themselves (compiled offline: ptxas from Triton's wheel).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from sass_descriptors import unset_descriptor_reads  # noqa: E402

sys.path.remove(str(ROOT / "benchmarks"))

# The miscompiled shape, cut down from the 2026-11-28 build (consumer 1's two key loops): the A
# descriptor pair UR24/UR25 is written in the first loop's preheader, which the branch at 0x0d80 skips,
# and read by the second loop's HGMMA.
_BUGGY = """
        /*0000*/                   BRX R4 -0x10 ;
        /*0010*/                   USGXT.U32 UR20, UR20, 0xe ;
        /*0020*/                   UMOV UR21, 0x40000040 ;
        /*0030*/               @!P0 BRA 0x0080 ;
        /*0040*/                   UIADD3 UR24, UP1, UR20, 0x2, URZ ;
        /*0050*/                   UIADD3.X UR25, UR12, 0x40000040, URZ, UP1, !UPT ;
        /*0060*/                   HGMMA.64x64x16.F32.BF16 R24, gdesc[UR24], R24 ;
        /*0070*/               @P2 BRA 0x0060 ;
        /*0080*/                   UIADD3 UR28, UP1, UR24, 0x2, URZ ;
        /*0090*/                   HGMMA.64x64x16.F32.BF16 R24, gdesc[UR20], RZ, !UPT ;
        /*00a0*/                   HGMMA.64x64x16.F32.BF16 R24, gdesc[UR24], R24 ;
        /*00b0*/                   HGMMA.64x64x16.F32.BF16 R56, R24, gdesc[UR28].tnspB, R56 ;
        /*00c0*/                   EXIT ;
"""


def test_checker_finds_the_descriptor_the_skip_path_leaves_unwritten():
    assert unset_descriptor_reads(_BUGGY) == ["00a0: HGMMA.64x64x16.F32.BF16 R24, gdesc[UR24], R24"]
    # written ahead of the branch (the fix: a block ahead of both loops), nothing is left
    fixed = _BUGGY.replace("/*0040*/                   UIADD3 UR24", "/*0040*/                   UIADD3 UR26")
    fixed = fixed.replace("/*0010*/                   USGXT.U32 UR20, UR20, 0xe ;", (
        "/*0010*/                   USGXT.U32 UR20, UR20, 0xe ;\n"
        "        /*0018*/                   UIADD3.64 UR24, UR20, 0x2, URZ ;"
    ))  # fmt: skip
    assert unset_descriptor_reads(fixed) == []
    # a guarded write is no write; a register-A HGMMA (PV) reads no A descriptor
    guarded = fixed.replace("UIADD3.64 UR24", "@P1 UIADD3.64 UR24")
    assert unset_descriptor_reads(guarded) == [
        "0060: HGMMA.64x64x16.F32.BF16 R24, gdesc[UR24], R24",
        "00a0: HGMMA.64x64x16.F32.BF16 R24, gdesc[UR24], R24",
    ]


def _desc_unset(*args: str) -> list[int]:
    """gluon_offline.py's DESC_UNSET column, one per kernel it built (a process of its own: it swaps
    Triton's driver for a stand-in; without the interpreter, under which a cold build cannot call the
    tl.* helpers)."""
    env = {k: v for k, v in os.environ.items() if k != "TRITON_INTERPRET"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")])
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "gluon_offline.py"), *args],
        capture_output=True, text=True, timeout=600, env=env,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr[-3000:]
    lines = [line.split(" | ") for line in out.stdout.strip().splitlines()]
    col = lines[0].index("DESC_UNSET")
    return [int(row[col]) for row in lines[1:]]


@pytest.mark.parametrize(
    "args",
    [
        # two programs per SM, two Q buffers (2 x 64-row slices, 64-key blocks): the build that failed
        "--kernel fwd --shape 2,4,1000,64 --causal --config 64,2,2,2 --set q_bufs=2 o_tma=1".split(),
        # the FP8 D128 kernel (three consumers, 128-key blocks) with two Q buffers
        "--kernel fp8 --shape 2,8,1000,128 --causal --set q_bufs=2".split(),
        # the shipped bf16 D128 default (two Q buffers, P carried across the loop)
        "--kernel fwd --shape 2,16,8192,128 --causal".split(),
    ],
)
def test_q_descriptors_written_on_every_path(args):
    assert _desc_unset(*args) == [0]
