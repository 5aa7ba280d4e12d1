"""Where the Gluon forward's consumer warps spend their stall samples and instructions, by region of the
SASS, from an Nsight Compute source-page export.

Why: the whole-kernel counters say a causal forward runs more instructions and cycles per unit of work than
a non-causal one; the per-instruction samples say which part of a consumer's tile pays: its key loop
(unmasked and masked copies), the tile's first block and setup (prologue: everything of a consumer's tile
loop before its first inner loop), or its end (epilogue: after it). Regions are found in the SASS itself:
an inner loop is a backward branch over 350-900 instructions holding 12, 16 or 20 HGMMA (one key block: 4
for QK^T and 8 for PV at D64, 8 and 8 at D128, 16 and 4 at D256), masked when it holds FSELs; a tile loop
is a backward branch over 1500-3200 instructions holding inner loops. The rest ("other": the producer warp,
the mbarrier retry blocks at the kernel's end, idle warps) is reported apart.

  ncu --clock-control none --section SourceCounters -k regex:gluon -o prof \\
      python benchmarks/fwd_causal_ab.py --once --shapes 4,32,4096,64:c --variants base df
  ncu -i prof.ncu-rep --page source --csv --print-source sass > source.csv
  python benchmarks/ncu_fwd_regions.py source.csv [--json out.json]
  python benchmarks/ncu_fwd_regions.py source.csv --partitions   (any warp-specialised kernel, the FP8 one's
      QGMMA too: samples per partition, cut at its USETMAXREG, at the wgmma waits and the named barriers)
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

# HGMMA of one key block: D64 (4 QK^T + 8 PV), D128 (8 + 8), D256 (64-key blocks: 16 + 4)
BLOCK_HGMMA = (12, 16, 20)
REGIONS = ["loop_unmasked", "loop_masked", "tile_prologue", "tile_epilogue", "other"]


def kernels(path: Path) -> list[dict[str, Any]]:
    """The export's kernels in order: name, column header, rows (address, SASS, counters...)."""
    out: list[dict[str, Any]] = []
    for row in csv.reader(path.open()):
        if row and row[0] == "Kernel Name":
            out.append({"name": row[1], "rows": []})
        elif row and row[0] == "Address":
            out[-1]["hdr"] = row
        elif row and out:
            out[-1]["rows"].append(row)
    return out


def _loops(ins: list[tuple[int, str]]) -> list[tuple[int, int, int, int, int]]:
    """(start, end, instructions, HGMMA count, FSEL count) of every backward branch's body."""
    found = []
    for addr, text in ins:
        m = re.search(r"BRA\s+.*?\b(0x[0-9a-f]+)\s*$", text)
        if m and int(m.group(1), 16) < addr:
            lo = int(m.group(1), 16)
            body = [t for a, t in ins if lo <= a <= addr]
            hg = sum("HGMMA" in t for t in body)
            fs = sum(re.search(r"(^|\s)FSEL\b", t) is not None for t in body)
            found.append((lo, addr, len(body), hg, fs))
    return found


def regions(k: dict[str, Any]) -> dict[str, Any]:
    hdr = k["hdr"]
    ins = [(int(r[0], 16), r[1].strip().rstrip(";").strip()) for r in k["rows"]]
    loops = _loops(ins)
    inner = [lp for lp in loops if 350 < lp[2] < 900 and lp[3] in BLOCK_HGMMA]
    outer = [
        lp for lp in loops if 1500 < lp[2] < 3200 and any(lp[0] <= i[0] and i[1] <= lp[1] for i in inner)
    ]
    outer = [o for o in outer if not any(p != o and o[0] <= p[0] and p[1] <= o[1] for p in outer)]

    def region(a: int) -> str:
        for lo, hi, _, _, fs in inner:
            if lo <= a <= hi:
                return "loop_masked" if fs > 20 else "loop_unmasked"
        for lo, hi, *_ in outer:
            if lo <= a <= hi:
                first = min(i[0] for i in inner if lo <= i[0] <= hi)
                return "tile_prologue" if a < first else "tile_epilogue"
        return "other"

    i_s = hdr.index("Warp Stall Sampling (All Samples)")
    i_e = hdr.index("Instructions Executed")
    stall_cols = [i for i, h in enumerate(hdr) if h.startswith("stall_") and "Not Issued" not in h]
    samples, executed = Counter(), Counter()
    reasons: dict[str, Counter] = {g: Counter() for g in REGIONS}
    for r, (a, _) in zip(k["rows"], ins, strict=True):
        g = region(a)
        samples[g] += int(r[i_s] or 0)
        executed[g] += int(r[i_e] or 0)
        for c in stall_cols:
            reasons[g][hdr[c][6:]] += int(r[c] or 0)
    iters = {}
    for lo, _hi, n, _, fs in inner:  # executions of each inner loop's first instruction: warp-iterations
        first = next(int(r[i_e] or 0) for r, (a, _) in zip(k["rows"], ins, strict=True) if a == lo)
        iters[f"{'masked' if fs > 20 else 'unmasked'}@{lo - ins[0][0]:#x}"] = {
            "instructions": n,
            "runs": first,
        }
    return {
        "kernel": k["name"],
        "samples": dict(samples),
        "instructions": dict(executed),
        "top_stalls": {g: dict(reasons[g].most_common(5)) for g in REGIONS},
        "inner_loops": iters,
    }


def partitions(k: dict[str, Any]) -> dict[str, Any]:
    """Stall samples and executed instructions per warp-specialised partition (the SASS cut at each
    ``USETMAXREG``, which every partition but the default one starts with), and at named sites: the wgmma
    waits (``WARPGROUP.DEPBAR``), the consumers' turns (``BAR.SYNC`` 0x8-0xa), other ``BAR.SYNC``s and the
    mbarrier waits (``SYNCS``); top stall reasons per partition. A ``BAR.SYNC.DEFER_BLOCKING``'s wait is
    sampled at a later instruction (at the turns' barriers, the ``UMOV`` a few lines on), so
    ``barrier_not_at_depbar`` (the barrier-stall samples anywhere but the wgmma waits) is the measure of
    the named barriers' waits, the turns' and Triton's own."""
    hdr = k["hdr"]
    i_s = hdr.index("Warp Stall Sampling (All Samples)")
    i_e = hdr.index("Instructions Executed")
    stall_cols = [i for i, h in enumerate(hdr) if h.startswith("stall_") and "Not Issued" not in h]
    parts: list[dict[str, Any]] = []
    part: dict[str, Any] = {}
    for r in k["rows"]:
        text = r[1]
        if not parts or "USETMAXREG" in text:
            part = {"samples": 0, "instructions": 0, "sites": Counter(), "stalls": Counter()}
            parts.append(part)
        n = int(r[i_s] or 0)
        part["samples"] += n
        part["instructions"] += int(r[i_e] or 0)
        if "WARPGROUP.DEPBAR" in text:
            part["sites"]["wgmma_wait"] += n
        elif re.search(r"BAR\.SYNC(\.DEFER_BLOCKING)?\s+0x(8|9|a)\b", text):
            part["sites"]["turn_wait"] += n
        elif "BAR.SYNC" in text:
            part["sites"]["bar_sync_other"] += n
        elif "SYNCS" in text:
            part["sites"]["mbarrier"] += n
        for c in stall_cols:
            part["stalls"][hdr[c][6:]] += int(r[c] or 0)
            if hdr[c] == "stall_barrier" and "WARPGROUP.DEPBAR" not in text:
                part["sites"]["barrier_not_at_depbar"] += int(r[c] or 0)
    return {
        "kernel": k["name"],
        "samples": sum(p["samples"] for p in parts),
        "instructions": sum(p["instructions"] for p in parts),
        "partitions": [
            {
                "samples": p["samples"],
                "instructions": p["instructions"],
                "sites": dict(p["sites"]),
                "top_stalls": dict(p["stalls"].most_common(6)),
            }
            for p in parts
        ],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source_csv", type=Path)
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument("--kernel", default="gluon", help="only kernels whose name holds this")
    ap.add_argument("--partitions", action="store_true", help="per partition (USETMAXREG) and named sites")
    args = ap.parse_args(argv)
    if args.partitions:
        found = [partitions(k) for k in kernels(args.source_csv) if args.kernel in k["name"]]
        if args.json:
            args.json.write_text(json.dumps(found, indent=1))
        print("kernel # | samples | instructions M | per partition: samples (sites) [top stalls]")
        for n, r in enumerate(found):
            cells = [
                f"{p['samples']} ({', '.join(f'{s} {v}' for s, v in p['sites'].items())}) "
                f"[{', '.join(f'{s} {v}' for s, v in list(p['top_stalls'].items())[:4])}]"
                for p in r["partitions"]
                if p["samples"]
            ]
            print(f"{n} | {r['samples']} | {r['instructions'] / 1e6:.2f} | " + " ; ".join(cells))
        return 0
    rows = [regions(k) for k in kernels(args.source_csv) if args.kernel in k["name"]]
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    print("kernel # | region | % of consumer samples | instructions M | top stalls (% of all samples)")
    for n, r in enumerate(rows):
        consumer = sum(v for g, v in r["samples"].items() if g != "other")
        total = sum(r["samples"].values())
        for g in REGIONS:
            share = r["samples"].get(g, 0) / max(consumer, 1) * 100 if g != "other" else float("nan")
            top = ", ".join(f"{s} {v / max(total, 1) * 100:.1f}" for s, v in r["top_stalls"][g].items())
            print(f"{n} | {g} | {share:.1f} | {r['instructions'].get(g, 0) / 1e6:.1f} | {top}")
        loops = r["inner_loops"]
        print(f"{n} | samples {total}, consumer {consumer} | inner loops (instructions, warp runs) {loops}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
