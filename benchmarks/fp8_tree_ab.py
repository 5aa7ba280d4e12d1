"""The e4m3 ``flash_attn_func`` call from several source trees in one process, alternated, beside bf16's.

Why: a change inside the FP8 kernel (no configuration field to pin, unlike ``fp8_n1024_ab.py``'s variants)
is judged against main's kernel on one card in one state, so both kernels must run in one process, round
by round. Each further tree's package is copied under another name (``gpuaccel`` -> ``gpuaccel_b``,
``gpuaccel_c``, ... in its ``.py`` files, into ``--copy-to``) and imported beside the first
(``PYTHONPATH``'s, "a"): each tree plans, compiles and launches its own call. Per shape: the bf16 call
(tree a) and each tree's e4m3 call; each's o and lse against a's (bit for bit, else the largest
difference over a's largest element); do_bench medians of ``--rounds`` alternated rounds
(``bench.attention.median_ms``) and kernel us from the torch profiler over 20 back-to-back calls.

  PYTHONPATH=src python benchmarks/fp8_tree_ab.py --trees OTHER/src [THIRD/src ...]
      [--shapes 8,1024,16,128,c ...] [--rounds 5] [--json PATH]
  python benchmarks/fp8_tree_ab.py --trees ... --warm --shapes ...   (build the kernels: the JIT cache)
  ncu --profile-from-start off ... python benchmarks/fp8_tree_ab.py --trees ... --once --shapes ...
      (after warm calls, one call each inside cudaProfilerStart/Stop: bf16, a, b, ... per shape)

A shape is flash-attn's B,N,H,D plus ``c`` for causal. Prints a table last; writes JSON.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fp8_n1024_ab import parse_shape, profile_once, timed

SHAPES = ["8,1024,16,128,c", "4,1024,16,128,c", "4,1024,16,128", "8,1024,16,128", "2,8192,16,128,c",
          "2,8192,16,128", "1,16384,16,128,c"]  # fmt: skip


def load_tree(src: Path, name: str, copy_to: Path) -> Any:
    """``src``'s ``gpuaccel`` package as ``name`` (copied and renamed once into ``copy_to``; an existing
    copy is reused, so parallel warm processes share one), its ``accel.kernels`` module."""
    dest = copy_to / name
    if not dest.exists():
        copy_to.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(dir=copy_to))
        shutil.copytree(src / "gpuaccel", tmp / name, ignore=shutil.ignore_patterns("__pycache__"))
        for f in (tmp / name).rglob("*.py"):
            f.write_text(re.sub(r"\bgpuaccel\b", name, f.read_text()))
        with contextlib.suppress(OSError):  # another process's copy won
            (tmp / name).rename(dest)
    if str(copy_to) not in sys.path:
        sys.path.insert(0, str(copy_to))
    return importlib.import_module(f"{name}.accel.kernels")


def load_trees(srcs: list[Path], copy_to: Path) -> dict[str, Any]:
    """Each further tree's ``accel.kernels`` by its letter, from "b"."""
    return {
        chr(ord("b") + i): load_tree(src, f"gpuaccel_{chr(ord('b') + i)}", copy_to)
        for i, src in enumerate(srcs)
    }


def calls(shape: tuple[int, int, int, int, bool], trees: dict[str, Any]) -> dict[str, Any]:
    """The shape's bf16 call and its e4m3 call through each tree's ``flash_attn_func`` (same inputs)."""
    from fp8_call_host_ab import inputs

    from gpuaccel.accel.kernels import flash_attn_func

    causal = shape[4]
    e4m3, descales, bf16 = inputs(shape)

    def e4m3_call(fn: Any) -> Any:
        def call() -> tuple[torch.Tensor, torch.Tensor]:
            o, lse, _ = fn(*e4m3, causal=causal, q_descale=descales[0], k_descale=descales[1],
                           v_descale=descales[2], return_attn_probs=True)  # fmt: skip
            return o, lse

        return call

    def bf16_call() -> tuple[torch.Tensor, torch.Tensor]:
        o, lse, _ = flash_attn_func(*bf16, causal=causal, return_attn_probs=True)
        return o, lse

    out = {"bf16": bf16_call, "e4m3 a": e4m3_call(flash_attn_func)}
    return out | {f"e4m3 {k}": e4m3_call(tree.flash_attn_func) for k, tree in trees.items()}


def measure(shapes: list[str], rounds: int, trees: dict[str, Any]) -> dict[str, Any]:
    from fp8_call_host_ab import environment

    out: dict[str, Any] = {"env": environment(), "rounds": rounds, "shapes": {}}
    for text in shapes:
        out["shapes"][text] = timed(text, calls(parse_shape(text), trees), rounds, "e4m3 a")
    return out


def once(shapes: list[str], trees: dict[str, Any]) -> None:
    """:func:`fp8_n1024_ab.profile_once` over each shape's calls: bf16, a, b, ..."""
    profile_once([fn for text in shapes for fn in calls(parse_shape(text), trees).values()])


def table(res: dict[str, Any]) -> None:
    trees = [n.split()[1] for n in next(iter(res["shapes"].values())) if n.startswith("e4m3 ")]
    print("| shape | bf16 ms, kernel us | " + " | ".join(f"e4m3 {k} ms (/bf16), us" for k in trees)
          + " | " + " | ".join(f"{k} / a ms" for k in trees[1:]) + " |")  # fmt: skip
    print("|---" * (2 + 2 * len(trees) - 1) + "|")
    for text, row in res["shapes"].items():
        bf = row["bf16"]
        cells, ratios = [], []
        for k in trees:
            r = row[f"e4m3 {k}"]
            eq = "" if r.get("bit_for_bit", True) else f" (diff {r['rel_to_max']:.1e})"
            cells.append(f"{r['ms']:.4f} ({r['ms'] / bf['ms']:.2f}), {r['kernel_us']:.1f}{eq}")
            if k != "a":
                ratios.append(f"{r['ms'] / row['e4m3 a']['ms']:.3f}")
        print(f"| {text} | {bf['ms']:.4f}, {bf['kernel_us']:.1f} | " + " | ".join(cells + ratios) + " |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--trees", type=Path, nargs="+", required=True, help="further trees' src (holding gpuaccel/)"
    )
    ap.add_argument("--copy-to", type=Path, default=Path(tempfile.gettempdir()) / "fp8_tree_ab")
    ap.add_argument("--shapes", nargs="+", default=SHAPES)
    ap.add_argument("--rounds", type=int, default=5)
    name = f"fp8_tree_ab_{time.strftime('%Y%m%d-%H%M%S')}.json"
    ap.add_argument("--json", default=os.path.join(os.environ.get("OUT", "benchmarks/results"), name))
    ap.add_argument("--warm", action="store_true", help="only build the shapes' kernels (both trees)")
    ap.add_argument("--once", action="store_true", help="one call each inside the profiler's range")
    args = ap.parse_args(argv)
    trees = load_trees(args.trees, args.copy_to)
    if args.warm:
        for text in args.shapes:
            for fn in calls(parse_shape(text), trees).values():
                fn()
        torch.cuda.synchronize()
        return 0
    if args.once:
        once(args.shapes, trees)
        return 0
    res = measure(args.shapes, args.rounds, trees)
    Path(args.json).write_text(json.dumps(res, indent=1))
    table(res)
    return 0


if __name__ == "__main__":
    sys.exit(main())
