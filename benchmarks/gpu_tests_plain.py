"""Run a GPU test file's tests as plain functions over their parametrize cases, without a pytest session.

Why: a lent GPU machine's budget allows a file's tests, or a subset of them, in one call where the whole
tier does not fit; tests that take fixtures are left out (named). Names first match ``--first`` (run in
that order), then the rest until ``--budget`` seconds have passed; prints each result and a count last.

    PYTHONPATH=src python benchmarks/gpu_tests_plain.py tests/gpu/test_gluon_fp8_gpu.py [--first NAME ...]
        [--only] [--budget 120]
"""

from __future__ import annotations

import argparse
import importlib.util
import inspect
import itertools
import sys
import time
import traceback
from pathlib import Path


def cases(fn):
    """Each parametrize case of ``fn`` as keyword arguments (the product over stacked marks)."""
    marks = [m for m in getattr(fn, "pytestmark", []) if m.name == "parametrize"]
    sets = []
    for m in marks:
        names, values = m.args[0], m.args[1]
        names = [n.strip() for n in names.split(",")] if isinstance(names, str) else list(names)
        sets.append([dict(zip(names, v if len(names) > 1 else (v,), strict=True)) for v in values])
    for combo in itertools.product(*sets) if sets else [()]:
        kw = {}
        for part in combo:
            kw.update(part)
        yield kw


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("path")
    ap.add_argument("--first", nargs="*", default=[])
    ap.add_argument("--only", action="store_true", help="run the --first tests alone")
    ap.add_argument("--budget", type=float, default=1e9)
    args = ap.parse_args()
    path = Path(args.path).resolve()
    sys.path[:0] = [str(path.parent), str(path.parent.parent)]  # the file's helpers, tests/'s
    spec = importlib.util.spec_from_file_location(path.stem, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    tests = {n: f for n, f in vars(mod).items() if n.startswith("test_") and callable(f)}
    order = [n for n in args.first if n in tests]
    if not args.only:
        order += sorted(n for n in tests if n not in order)
    t0 = time.time()
    passed = failed = 0
    left = []
    for name in order:
        fn = tests[name]
        for kw in cases(fn):
            if set(inspect.signature(fn).parameters) - set(kw):
                left.append(name)
                break
            if time.time() - t0 > args.budget and name not in args.first:
                left.append(name)
                break
            t = time.time()
            try:
                fn(**kw)
                passed += 1
                print(f"PASS {name} {kw} {time.time() - t:.1f}s", flush=True)
            except Exception:
                failed += 1
                print(f"FAIL {name} {kw}\n{traceback.format_exc()}", flush=True)
    print(f"not run: {sorted(set(left))}")
    print(f"tests: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
