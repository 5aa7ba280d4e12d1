"""Find wgmma operand descriptors that a Hopper kernel's SASS reads before every path has written them.

Why: Triton 3.6's ptxas (12.8.93) built the Gluon forward's PV-inside-the-block loop pair with two Q
buffers so that the second loop's ``HGMMA`` read the Q descriptor words only the first loop's preheader
wrote; on the path that skips the first loop they held the previous tile's buffer or garbage (wrong causal
output, an illegal address; docs/kernels-log.md, 2026-11-28, twenty-fourth session). No PTX-level check
sees it, so this reads the SASS that ``cuobjdump -sass`` prints (``benchmarks/gluon_offline.py`` writes it
offline): basic blocks from the branches, then a forward must-be-written analysis of the uniform
registers, and every ``HGMMA`` whose A operand comes from shared memory (``gdesc[URn]`` with no register A
before it) must find URn and URn+1 written on every path from the kernel's entry. Code that only an
indirect branch reaches (the warp-specialised partitions, through their dispatch) starts, at its lowest
block, with nothing written.

    python benchmarks/sass_descriptors.py out/offline/gluon_fwd.sass
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

_LINE = re.compile(r"^\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;")
_UR = re.compile(r"\bUR(\d+)\b")
_PRED = re.compile(r"^@!?U?P[T0-9]+\s+")
# uniform-register writers whose destination is a pair (64-bit forms)
_WIDE = re.compile(r"^(UIADD3\.64|UIMAD\.WIDE|ULDC\.64|UMOV\.64|ULEA\.64|UMOV64)")


@dataclass
class Instr:
    addr: int
    text: str  # without the predicate
    guarded: bool  # @P / @!UP...: it may not run
    op: str = field(init=False)

    def __post_init__(self) -> None:
        self.op = self.text.split()[0] if self.text else ""


def parse(sass: str) -> list[Instr]:
    """The instructions of one kernel's SASS listing, in address order."""
    out = []
    for line in sass.splitlines():
        m = _LINE.match(line)
        if not m:
            continue
        text = m.group(2)
        guard = _PRED.match(text)
        out.append(Instr(int(m.group(1), 16), text[guard.end() :] if guard else text, bool(guard)))
    return out


def _writes(ins: Instr) -> set[int]:
    """Uniform registers an instruction surely writes (a guarded one writes none for sure)."""
    if ins.guarded or not (ins.op.startswith("U") or ins.op.startswith("R2UR") or ins.op.startswith("S2UR")):
        return set()
    if ins.op.startswith(("UISETP", "UPLOP3", "UPSETP", "UBRA", "UTMA", "UBLKCP", "USETMAXREG")):
        return set()
    ops = ins.text[len(ins.op) :].strip()
    m = _UR.match(ops)
    if not m:
        return set()
    first = int(m.group(1))
    return {first, first + 1} if _WIDE.match(ins.op) else {first}


def _smem_a_descriptor(ins: Instr) -> int | None:
    """URn of an HGMMA whose A comes from shared memory (``HGMMA... Rd, gdesc[URn], ...``), else None."""
    if not ins.op.startswith("HGMMA") and not ins.op.startswith("QGMMA"):
        return None
    args = [a.strip() for a in ins.text[len(ins.op) :].split(",")]
    if len(args) >= 2 and args[1].startswith("gdesc[UR"):
        return int(_UR.search(args[1]).group(1))
    return None


def _blocks(code: list[Instr]) -> tuple[list[list[Instr]], dict[int, list[int]], list[int]]:
    """Basic blocks, each block's successors, and the roots: the entry and where an indirect branch leads."""
    targets = set()
    for ins in code:
        if ins.op.startswith("BRA"):
            targets.add(int(ins.text.split()[-1], 16))
    starts = {code[0].addr} | targets
    for a, b in zip(code, code[1:], strict=False):
        if a.op.startswith(("BRA", "BRX", "JMX", "EXIT", "RET")):
            starts.add(b.addr)
    blocks: list[list[Instr]] = []
    for ins in code:
        if ins.addr in starts or not blocks:
            blocks.append([])
        blocks[-1].append(ins)
    index = {blk[0].addr: i for i, blk in enumerate(blocks)}
    succ: dict[int, list[int]] = {i: [] for i in range(len(blocks))}
    for i, blk in enumerate(blocks):
        last = blk[-1]
        falls = i + 1 < len(blocks)
        if last.op.startswith("BRA"):
            target = int(last.text.split()[-1], 16)
            if target in index:
                succ[i].append(index[target])
            falls = falls and last.guarded
        elif last.op.startswith(("BRX", "JMX", "RET")) or (last.op.startswith("EXIT") and not last.guarded):
            falls = False
        if falls:
            succ[i].append(i + 1)
    # an indirect branch (the partitions' dispatch) reaches code no direct edge reaches from the entry: the
    # lowest such block is a partition's first (code is laid out entry first), a root; repeat till none
    roots: list[int] = []
    seen: set[int] = set()
    for r in range(len(blocks)):
        if r in seen:
            continue
        roots.append(r)
        seen.add(r)
        todo = [r]
        while todo:
            for s in succ[todo.pop()]:
                if s not in seen:
                    seen.add(s)
                    todo.append(s)
    return blocks, succ, roots


def unset_descriptor_reads(sass: str) -> list[str]:
    """``addr: instruction`` for every shared-memory-A HGMMA/QGMMA whose A descriptor (URn, URn+1) some
    path from a root reaches unwritten. Empty: every such read is written first on every path."""
    code = parse(sass)
    if not code:
        return []
    blocks, succ, roots = _blocks(code)
    preds: dict[int, list[int]] = {i: [] for i in range(len(blocks))}
    for i, ss in succ.items():
        for s in ss:
            preds[s].append(i)
    everything = set(range(256))
    written_in = {i: (set() if i in roots else set(everything)) for i in range(len(blocks))}
    gen = []
    for blk in blocks:
        w: set[int] = set()
        for ins in blk:
            w |= _writes(ins)
        gen.append(w)
    written_out = {i: written_in[i] | gen[i] for i in range(len(blocks))}
    changed = True
    while changed:
        changed = False
        for i in range(len(blocks)):
            if i in roots:
                continue
            new_in = set(everything)
            for p in preds[i]:
                new_in &= written_out[p]
            if new_in != written_in[i]:
                written_in[i] = new_in
                written_out[i] = new_in | gen[i]
                changed = True
    bad = []
    for i, blk in enumerate(blocks):
        have = set(written_in[i])
        for ins in blk:
            n = _smem_a_descriptor(ins)
            if n is not None and not {n, n + 1} <= have:
                bad.append(f"{ins.addr:04x}: {ins.text}")
            have |= _writes(ins)
    return bad


def main(argv: list[str]) -> int:
    worst = 0
    for path in argv:
        bad = unset_descriptor_reads(Path(path).read_text())
        print(f"{path}: {len(bad)} descriptor reads not written on every path")
        for line in bad:
            print("  " + line)
        worst = max(worst, len(bad))
    return 1 if worst else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
