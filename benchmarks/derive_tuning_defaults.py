"""Derive the shipped attention tuning defaults (src/gpuaccel/assets/attention_tuning.json) from results.

Sources, all under benchmarks/results/ (bf16, what benchmarks/kernel_sweep.py and
benchmarks/short_seq_check.py write):
- kernel sweeps (``kernel_sweep_*.json``, ``bwd_sweep_*.json``): the fastest forward configuration, and
  for the backward the fastest dK/dV kernel paired with the fastest dQ kernel (timed apart, "split" mode),
  per GPU, shape and causal flag; a shape's dK/dV and dQ may come from different files.
- short-sequence checks (``short_seq_*.json``): the choice the tuner made and stored for each bucket.
Later files win for the same bucket. ``--alias "NVIDIA H200=NVIDIA H100 80GB HBM3"`` copies one GPU's
entries to another model with the same SM count and shared memory (each entry keeps ``measured_on``).
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import sys
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "src"))

from gpuaccel.accel.kernels.checks import AttentionShape  # noqa: E402
from gpuaccel.accel.kernels.tuning.configs import BwdConfig, FwdConfig  # noqa: E402
from gpuaccel.accel.kernels.tuning.store import FORMAT_VERSION, bucket_key, config_to_dict  # noqa: E402

OUT = os.path.join(ROOT, "src", "gpuaccel", "assets", "attention_tuning.json")
FIELDS = ("block_m", "block_n", "num_warps", "num_stages")


def _best(rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    timed = [r for r in rows if "ms" in r and all(f in r for f in FIELDS)]
    return min(timed, key=lambda r: r["ms"]) if timed else None


def _entry(config: Any, ms: float, source: str, shape: list[int], gpu: str) -> dict[str, Any]:
    return {"config": config_to_dict(config), "ms": round(ms, 5), "source": source, "shape": shape,
            "measured_on": gpu}  # fmt: skip


def from_sweeps(paths: list[str]) -> dict[str, dict[str, Any]]:
    parts: dict[tuple[str, tuple[int, ...], bool], dict[str, Any]] = {}
    for path in paths:
        with open(path) as fh:
            data = json.load(fh)
        for r in data.get("results", []):
            key = (data["device"], tuple(r["shape"]), bool(r["causal"]))
            for kind in ("fwd", "dkdv", "dq"):
                best = _best(r.get(kind, []))
                if best is not None:
                    parts.setdefault(key, {})[kind] = (best, os.path.basename(path))
    out: dict[str, dict[str, Any]] = {}
    for (gpu, shape, causal), found in sorted(parts.items()):
        b, h, n, d = shape
        s = AttentionShape(b, h, h, n, n, d)
        if "fwd" in found:
            row, src = found["fwd"]
            cfg = FwdConfig(*(row[f] for f in FIELDS))
            out.setdefault(gpu, {})[bucket_key("fwd", s, "bfloat16", causal)] = _entry(
                cfg, row["ms"], src, list(shape), gpu
            )
        if "dkdv" in found and "dq" in found:
            (kv, src_kv), (dq, src_dq) = found["dkdv"], found["dq"]
            cfg = BwdConfig(*(kv[f] for f in FIELDS), "split", *(dq[f] for f in FIELDS))  # type: ignore[misc]
            src = src_kv if src_kv == src_dq else f"{src_kv} + {src_dq}"
            out.setdefault(gpu, {})[bucket_key("bwd", s, "bfloat16", causal)] = _entry(
                cfg, kv["ms"] + dq["ms"], src, list(shape), gpu
            )
    return out


def from_short_seq(paths: list[str]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for path in paths:
        with open(path) as fh:
            data = json.load(fh)
        for t in data.get("tuned", []):
            entry = {"config": t["config"], "ms": t["ms"], "source": os.path.basename(path),
                     "shape": t["shape"], "measured_on": data["device"]}  # fmt: skip
            out.setdefault(data["device"], {})[t["bucket"]] = entry
    return out


def derive(results_dir: str, aliases: list[str]) -> dict[str, Any]:
    sweeps = sorted(glob.glob(os.path.join(results_dir, "*_sweep_2*.json")))
    short = sorted(glob.glob(os.path.join(results_dir, "short_seq_*.json")))
    devices: dict[str, dict[str, Any]] = {}
    for found in (from_sweeps(sweeps), from_short_seq(short)):
        for gpu, entries in found.items():
            devices.setdefault(gpu, {}).update(entries)
    for alias in aliases:
        target, _, source = alias.partition("=")
        if source not in devices:
            raise SystemExit(f"--alias {alias!r}: no measured entries for {source!r}; have {sorted(devices)}")
        devices[target] = {**devices[source], **devices.get(target, {})}
    return {
        "version": FORMAT_VERSION,
        "generated_by": "benchmarks/derive_tuning_defaults.py",
        "devices": devices,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--results", default=os.path.join(ROOT, "benchmarks", "results"))
    ap.add_argument("--alias", action="append", default=[], help='"TARGET GPU=MEASURED GPU"')
    ap.add_argument("--out", default=OUT)
    args = ap.parse_args(argv)
    data = derive(args.results, args.alias)
    with open(args.out, "w") as fh:
        json.dump(data, fh, indent=1, sort_keys=True)
        fh.write("\n")
    for gpu, entries in data["devices"].items():
        print(f"{gpu}: {len(entries)} buckets")
        for bucket, e in sorted(entries.items()):
            print(f"  {bucket:55s} {e['config']}  ({e['source']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
