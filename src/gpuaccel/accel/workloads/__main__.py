"""The worker entry: ``python -m gpuaccel.accel.workloads KIND --spec-json '{...}'`` runs one workload.

The daemon starts this in the job's process (CUDA_VISIBLE_DEVICES and GPUACCEL_REPORT_FD set); it also
works by hand, printing the report lines to stderr. Exit codes: 0 done, 1 the workload failed (its last
log line says why), 2 a bad kind or spec.
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback

from gpuaccel.accel.workloads import registry
from gpuaccel.accel.workloads.report import Reporter


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gpuaccel.accel.workloads", description=__doc__.splitlines()[0]
    )
    parser.add_argument("kind", help=f"workload kind ({', '.join(sorted(registry.kinds())) or 'none'})")
    parser.add_argument("--spec-json", default="{}", help="the kind's spec as a JSON object")
    args = parser.parse_args(argv)
    try:
        raw = json.loads(args.spec_json)
    except json.JSONDecodeError as exc:
        print(f"error: --spec-json is not JSON: {exc}", file=sys.stderr)
        return 2
    try:
        spec = registry.validate(args.kind, raw)
        workload = registry.get(args.kind)
    except registry.SpecError as exc:
        print(f"error: spec.{exc.field}: {exc.message}", file=sys.stderr)
        return 2
    print(f"{args.kind}: {json.dumps(spec)}", flush=True)
    reporter = Reporter()
    try:
        result = workload.run(spec, reporter)
    except KeyboardInterrupt:
        print(f"error: {args.kind} interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        traceback.print_exc()
        print(f"error: {type(exc).__name__}: {exc}", file=sys.stderr, flush=True)
        return 1
    if result:
        reporter.result(result)
        print(f"result: {json.dumps(result, default=str)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
