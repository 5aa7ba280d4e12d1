"""Where a kernel's executed instructions go, from ncu's source page at SASS level (no line info needed).

Why: ncu's totals say one kernel runs more instructions than another, not where. Warp-specialised Gluon
kernels lay each partition's code in one address range, opened by its ``USETMAXREG`` and (after the last
``EXIT``) followed by the out-of-line mbarrier try-wait retry loops; inside a partition the loop bodies
show as runs of one execution count (e.g. a consumer's key loop: blocks x warps). This prints, per kernel
of the page: each partition's range with its executed instructions (warp level), PC samples and top stall
reasons; its runs of one count above --min (count per instruction x length: a loop body's instructions
per iteration); the retry loops' totals per mbarrier offset; and, with --diff I J, the opcode totals of
kernel I against kernel J.

    ncu -i prof.ncu-rep --page source --csv --print-source sass | gzip > source.csv.gz
    python benchmarks/ncu_sass_phases.py source.csv.gz [--min 40000] [--diff 1 2]
"""

from __future__ import annotations

import argparse
import collections
import csv
import gzip
import re

STALLS = ("stall_long_sb", "stall_barrier", "stall_wait", "stall_short_sb", "stall_no_inst", "stall_mio")


def kernels(path: str) -> list[dict]:
    opener = gzip.open if path.endswith(".gz") else open
    out: list[dict] = []
    with opener(path, "rt") as f:
        for r in csv.reader(f):
            if r and r[0] == "Kernel Name":
                out.append({"name": r[1], "ins": []})
            elif r and r[0] == "Address":
                out[-1]["hdr"] = r
            elif r and r[0].startswith("0x"):
                d = dict(zip(out[-1]["hdr"], r, strict=False))
                d["n"] = int(d["Instructions Executed"] or 0)
                d["s"] = int(d["Warp Stall Sampling (All Samples)"] or 0)
                d["src"] = d["Source"].strip()
                out[-1]["ins"].append(d)
    return out


def opcode(src: str) -> str:
    return re.sub(r"^@!?U?P\w+\s+", "", src).split()[0] if src else ""


def partitions(ins: list[dict]) -> list[tuple[str, int, int]]:
    """Ranges opened by each USETMAXREG (the partitions), then the retry loops after the last EXIT."""
    last_exit = max(i for i, d in enumerate(ins) if d["src"].startswith("EXIT"))
    cuts = [0] + [i for i, d in enumerate(ins) if "USETMAXREG" in d["src"] and i < last_exit]
    cuts = sorted(set(cuts))
    out = [(f"part@{a}", a, b - 1) for a, b in zip(cuts, cuts[1:] + [last_exit + 1], strict=True)]
    return out + [("retry loops", last_exit + 1, len(ins) - 1)]


def report(k: dict, min_sum: int) -> None:
    ins = k["ins"]
    total = sum(d["n"] for d in ins)
    print(f"## {k['name']}: {total:,} instructions (warp level), {sum(d['s'] for d in ins):,} samples")
    for name, a, b in partitions(ins):
        sub = ins[a : b + 1]
        n = sum(d["n"] for d in sub)
        if not n:
            continue
        stalls = " ".join(f"{s[6:]} {sum(int(d[s] or 0) for d in sub)}" for s in STALLS)
        print(f"{name:>12} [{a}-{b}] {n:>11,} samples {sum(d['s'] for d in sub):>6}  {stalls}")
    start = 0
    for i in range(1, len(ins) + 1):
        if i == len(ins) or ins[i]["n"] != ins[start]["n"]:
            seg = ins[start:i]
            if sum(d["n"] for d in seg) >= min_sum:
                print(f"    run {start}-{i - 1}: {len(seg)} instructions x {seg[0]['n']:,}")
            start = i
    last_exit = max(i for i, d in enumerate(ins) if d["src"].startswith("EXIT"))
    waits: collections.Counter = collections.Counter()
    for d in ins[last_exit + 1 :]:
        m = re.search(r"TRYWAIT \w+, \[[^\]]*\+(0x[0-9a-f]+)\]", d["src"])
        if m:
            waits[m.group(1)] += d["n"]
    print("    retries per mbarrier offset:", dict(waits.most_common()))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("path")
    ap.add_argument("--min", type=int, default=40000)
    ap.add_argument("--diff", nargs=2, type=int)
    args = ap.parse_args()
    ks = kernels(args.path)
    for k in ks:
        report(k, args.min)
    if args.diff:
        i, j = args.diff
        ops = [collections.Counter(), collections.Counter()]
        for c, k in zip(ops, (ks[i], ks[j]), strict=True):
            for d in k["ins"]:
                c[opcode(d["src"])] += d["n"]
        print(f"## opcodes, kernel {i} - kernel {j} (|difference| >= 20,000)")
        for op in sorted(set(ops[0]) | set(ops[1]), key=lambda o: ops[1][o] - ops[0][o]):
            if abs(ops[0][op] - ops[1][op]) >= 20000:
                print(f"{op:<45} {ops[0][op]:>10,} {ops[1][op]:>10,} {ops[0][op] - ops[1][op]:>+10,}")


if __name__ == "__main__":
    main()
