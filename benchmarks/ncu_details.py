"""The headline counters of each kernel in an Nsight Compute details-page export, one line a kernel.

Why: the FP8 device scripts (fp8_n1024_device.sh, fp8_kernel_device.sh) print these after each profile to
say what bounds a kernel (issue slots, eligible warps, registers, clock); one reader serves both.

  ncu -i prof.ncu-rep --page details --csv > details.csv
  python benchmarks/ncu_details.py details.csv
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

METRICS = (
    "Duration", "Elapsed Cycles", "SM Frequency", "Compute (SM) Throughput", "Achieved Occupancy",
    "Issue Slots Busy", "No Eligible", "Warp Cycles Per Issued Instruction", "Executed Instructions",
    "Registers Per Thread", "Waves Per SM",
)  # fmt: skip


def summary(path: Path) -> list[str]:
    """``ID kernel | metric value unit; ...`` for each kernel exported, the metrics of :data:`METRICS`."""
    seen: dict[tuple[str, str], dict[str, str]] = {}
    with path.open(newline="") as f:
        for r in csv.DictReader(f):
            if r["Metric Name"] in METRICS:
                value = f"{r['Metric Value']} {r.get('Metric Unit') or ''}".strip()
                seen.setdefault((r["ID"], r["Kernel Name"][:30]), {})[r["Metric Name"]] = value
    return [f"{i} {name} | " + "; ".join(f"{k} {v}" for k, v in m.items()) for (i, name), m in seen.items()]


if __name__ == "__main__":
    print("\n".join(summary(Path(sys.argv[1]))))
