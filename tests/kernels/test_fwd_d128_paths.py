"""Tier 2: the D128 forward's unmasked first block (``GluonFwdConfig.first_full``, shipped non-causal) and the
consumers' turns (``pingpong``, an option), read in an offline sm_90a build and in the host's rules.

Why: Gluon has no interpreter, so the GPU tier (``tests/gpu/test_gluon_fwd_gpu.py``) runs these builds against
the reference; here what they compile to is checked without a GPU (``benchmarks/gluon_offline.py``, ptxas
from Triton's wheel): each consumer holds an unmasked copy of its first block's softmax beside the masked
one, and with turns every key block's wgmmas are issued between the consumer's own named barrier and the
hand-over to the other's (docs/kernels-log.md, 2026-11-28, twenty-fifth session).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _offline(tmp: Path, *args: str, kernel: str = "gluon_fwd") -> tuple[dict[str, int], str]:
    """gluon_offline.py's row for the ``kernel`` it built (the forward, ``gluon_fwd``; a call whose last round
    is cut builds the pieces' kernel and the merge beside it; the packed one, ``gluon_varlen_fwd``), and that
    kernel's SASS."""
    env = {k: v for k, v in os.environ.items() if k != "TRITON_INTERPRET"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")])
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "gluon_offline.py"), *args, "--out", str(tmp)],
        capture_output=True, text=True, timeout=600, env=env,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr[-3000:]
    lines = out.stdout.strip().splitlines()
    head = next(x for x in lines if x.startswith("kernel | ")).split(" | ")
    row = next(x for x in lines if x.startswith(f"{kernel} | ")).split(" | ")
    return {k: int(v) for k, v in zip(head[1:], row[1:], strict=True)}, (tmp / f"{kernel}.sass").read_text()


def _key_loops(sass: str) -> list[list[str]]:
    """The bodies of the key loops: backward branches over 350-900 instructions holding 16 HGMMA (one
    128-key block at D128: 8 for QK^T, 8 for PV)."""
    ins = [(int(a, 16), t.strip()) for a, t in re.findall(r"/\*([0-9a-f]{4,})\*/\s+([^;]*);", sass)]
    loops = []
    for addr, text in ins:
        m = re.search(r"BRA\s+.*?\b(0x[0-9a-f]+)\s*$", text)
        if m and int(m.group(1), 16) < addr:
            body = [t for a, t in ins if int(m.group(1), 16) <= a <= addr]
            if 350 < len(body) < 900 and sum("HGMMA" in t for t in body) == 16:
                loops.append(body)
    return loops


def test_shipped_d128_non_causal_build_has_an_unmasked_first_block(tmp_path):
    """Two consumers x (unmasked loop, masked loop, the first block masked and unmasked) x 66 exp2s; the
    build before (and the causal one, which keeps it off) held three copies, 396."""
    row, _ = _offline(tmp_path, "--kernel", "fwd", "--shape", "2,16,8192,128", "--rescale", "8")
    assert row["MUFU.EX2"] == 2 * 4 * 66, row
    assert row["DESC_UNSET"] == 0 and row["LDL"] <= 8, row


def test_turns_enclose_each_key_blocks_wgmmas(tmp_path):
    """With ``pingpong`` each key loop waits at its consumer's named barrier (8 or 9, 256 threads) before
    its first HGMMA and hands the turn to the other barrier after its last; the two consumers' loops use
    opposite barriers."""
    row, sass = _offline(
        tmp_path, "--kernel", "fwd", "--shape", "2,16,8192,128", "--rescale", "8", "--set", "pingpong=1"
    )
    assert row["DESC_UNSET"] == 0, row
    loops = _key_loops(sass)
    assert len(loops) == 4  # the unmasked and the masked loop of each consumer
    waits = set()
    for body in loops:
        hgmma = [i for i, t in enumerate(body) if "HGMMA" in t]
        sync = [i for i, t in enumerate(body) if re.search(r"BAR\.SYNC\S* 0x[89], 0x100", t)]
        arrive = [i for i, t in enumerate(body) if re.search(r"BAR\.ARV 0x[89], 0x100", t)]
        assert len(sync) == 1 and len(arrive) == 1, (sync, arrive)
        assert sync[0] < hgmma[0] and hgmma[-1] < arrive[0]
        wait_id, pass_id = body[sync[0]].split()[-2], body[arrive[0]].split()[-2]
        assert wait_id != pass_id
        waits.add(wait_id)
    assert waits == {"0x8,", "0x9,"}


def test_k_ahead_build_fits_a_third_k_slot_and_loads_k_a_block_ahead(tmp_path):
    """``k_ahead`` (an option): K's ring one slot deeper than V's at D128 with two Q buffers, 224 KB of
    tiles (4 x 16 KB of Q, 3 x 32 KB of K, 2 x 32 KB of V), the ring barriers above them and all of it
    under the 227 KB an SM gives a program; the producer issues more K loads (the tile's first K apart,
    then K(j+1) before V(j)); the consumers' loops as before: no spill, the same wgmmas and exp2s."""
    _, base = _offline(tmp_path / "base", "--kernel", "fwd", "--shape", "2,16,8192,128")
    row, sass = _offline(tmp_path / "ka", "--kernel", "fwd", "--shape", "2,16,8192,128", "--set", "k_ahead=1")
    assert row["DESC_UNSET"] == 0 and row["LDL"] == 0 and row["STL"] == 0, row
    assert (row["HGMMA"], row["MUFU.EX2"]) == (96, 528), row
    offsets = [int(x, 16) for x in re.findall(r"\[UR\d+\+(0x[0-9a-f]+)\]", sass)]
    assert 224 * 1024 <= max(offsets) < 227 * 1024, hex(max(offsets))  # the barriers, past the tiles
    assert sass.count("UTMALDG") > base.count("UTMALDG")


def test_host_rules_for_the_first_block_and_the_turns():
    from gpuaccel.accel.kernels.gluon.fwd import takes_turns
    from gpuaccel.accel.kernels.tuning.configs import TWO_PER_SM_FWD, gluon_fwd_config

    assert gluon_fwd_config(128, 8192, 8192, False).first_full
    assert not gluon_fwd_config(128, 8192, 8192, True).first_full  # causal: not measured, off
    assert not gluon_fwd_config(128, 8192, 8192, False).pingpong  # an option, off
    assert not gluon_fwd_config(128, 8192, 8192, False).k_ahead  # an option, off
    assert replace(gluon_fwd_config(128, 8192, 8192, False), k_ahead=True).label().endswith("-ff-ka")
    turns = replace(gluon_fwd_config(128, 8192, 8192, False), pingpong=True)
    assert takes_turns(turns, False, False)
    assert not takes_turns(turns, True, False)  # causal slices walk different blocks
    assert not takes_turns(turns, False, True)  # a padding slice runs one block
    assert not takes_turns(replace(turns, consumers=3), False, False)
    assert not takes_turns(replace(TWO_PER_SM_FWD, pingpong=True), False, False)


def test_next_qk_build_issues_the_next_tiles_qk_before_the_epilogue_stores(tmp_path):
    """``next_qk`` (gluon.fwd._consumer_ahead): in each consumer a tile's first QK^T (the HGMMA that starts
    from RZ) is issued, then the tile before's O leaves (its UTMASTG) and only then is the QK^T waited for
    (the next ``WARPGROUP.DEPBAR``); the same wgmmas and exp2s as the shipped build (no extra first-block
    copy), no wait injected by ptxas (as many DEPBARs as shipped) and Q's descriptor written on every
    path (DESC_UNSET 0: the first QK^T stays ahead of both key loops)."""
    base, _ = _offline(tmp_path / "base", "--kernel", "fwd", "--shape", "2,16,8192,128", "--rescale", "8")
    row, sass = _offline(
        tmp_path / "nq", "--kernel", "fwd", "--shape", "2,16,8192,128", "--rescale", "8", "--set", "next_qk=1"
    )
    assert row["DESC_UNSET"] == 0, row
    assert (row["HGMMA"], row["MUFU.EX2"], row["DEPBAR"]) == (base["HGMMA"], base["MUFU.EX2"], base["DEPBAR"])
    ins = [t.strip() for t in re.findall(r"/\*[0-9a-f]{4,}\*/\s+([^;]*);", sass)]
    under = 0
    for i, t in enumerate(ins):
        if "HGMMA" in t and ", RZ" in t:  # a QK^T's first k-step
            rest = ins[i + 1 :]
            wait = next(n for n, x in enumerate(rest) if "WARPGROUP.DEPBAR" in x)
            under += any("UTMASTG" in x for x in rest[:wait])
    assert under == 2, under  # one per consumer: the tile before's store under the next tile's QK^T


def test_host_rule_for_the_next_qk():
    from gpuaccel.accel.kernels.gluon.fwd import ahead_qk
    from gpuaccel.accel.kernels.tuning.configs import TWO_PER_SM_FWD, gluon_fwd_config

    cfg = replace(gluon_fwd_config(128, 8192, 8192, False), next_qk=True)
    assert not gluon_fwd_config(128, 8192, 8192, False).next_qk  # an option, off until measured
    assert cfg.label().endswith("-nq")
    assert ahead_qk(cfg, False)
    assert not ahead_qk(cfg, True)  # with the consumers' turns: not built
    assert not ahead_qk(replace(cfg, q_bufs=1), False)  # O by TMA stages O in the one Q buffer
    assert ahead_qk(replace(cfg, q_bufs=1, o_tma=False), False)
    assert not ahead_qk(replace(TWO_PER_SM_FWD, next_qk=True), False)  # PV inside the block
    control = replace(cfg, next_qk=2)  # the same walk, the QK^T after the stores (an A/B's control)
    assert control.label().endswith("-nq2") and ahead_qk(control, False) == 2
