"""Host time of an e4m3 ``flash_attn_func`` call (FlashAttention-3's FP8 API) beside the bf16 call (Hopper).

    PYTHONPATH=src python3 benchmarks/fp8_call_host_ab.py [--call bf16_in] [--rounds 3] [--parts] [--profile]
    python3 benchmarks/fp8_call_host_ab.py --host-ab OLD_SRC NEW_SRC [--call bf16_in] [--procs 2] [--out DIR]

Shapes in flash-attn's (B, N, H, D) layout where host time matters (:data:`SHAPES`): e4m3 q/k/v with one
fp32 descale per (batch, kv head), as a serving stack calls it once per layer per step, and the bf16 call
on the same shape. Calls: "e4m3" (as shipped: repeated, so planned where the code plans), "e4m3 unplanned"
(``fp8.attention.call_signature`` None: every check and the configuration each call, launches through the
JIT), "bf16" (``flash_attn_func`` on bf16 inputs needing no gradient) and "bf16 on dequantised e4m3" (the
e4m3 inputs times their descales as bf16 by torch ops, then the bf16 call: what a rule running the bf16
kernel below some size would cost). Per call, alternated round by
round (every other round reversed): do_bench median ms, and host us per call with the GPU idle (a sync
before each, outside the timing; median of 40). ``--parts``: host us by part (:data:`PARTS`, perf_counter_ns
around each). ``--profile``: under torch.profiler, one lone call at a time (GPU idle before it): its GPU
launches (count and names, with us), and its window from the call's start on the host to its last GPU
activity's end. ``--host-ab``: that run (``--parts``, no profile) in alternated processes with
``PYTHONPATH`` at each ``src`` (main's copy against a branch's), each side's medians over its processes;
each side also saves every e4m3 call's o and lse (two calls each), and the two sides' are compared bit for
bit. Prints a table last (``--host-ab``: then e4m3 against bf16 per shape); writes JSON to --out.
``--steps``: host us of each step of a planned e4m3 call, each timed alone (:func:`step_times`), and each
call's GPU launches under the profiler, at :data:`STEP_SHAPES`.

``--call bf16_in``: the same runs for the bf16-in FP8 call instead, ``flash_attention_fp8(always_fp8=True)``
on contiguous bf16 [B, H, N, D] (quantisation in the call) at :data:`BF16_IN_SHAPES`: "fp8 bf16-in" (repeated,
planned where the code plans) and "fp8 bf16-in unplanned" (``call_signature`` None, as above); its parts
:data:`BF16_IN_PARTS`.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

import torch

SHAPES = [  # (B, N, H, D, causal)
    (1, 512, 16, 128, False),
    (1, 512, 16, 128, True),
    (4, 1024, 16, 128, False),
    (4, 1024, 16, 128, True),
    (8, 1024, 16, 128, False),
    (8, 1024, 16, 128, True),
    (2, 8192, 16, 128, False),
    (2, 8192, 16, 128, True),
    (1, 16384, 16, 128, True),
]
STEP_SHAPES = [(1, 512, 16, 128, False), (1, 512, 16, 128, True), (8, 1024, 16, 128, True)]  # --steps
BF16_IN_SHAPES = [  # (B, N, H, D, causal), run as [B, H, N, D]
    (1, 512, 16, 128, False),
    (1, 512, 16, 128, True),
    (8, 1024, 16, 128, False),
    (8, 1024, 16, 128, True),
    (2, 8192, 16, 128, False),
]
# the call's parts whose host time --parts measures: (label, module, attribute); a part another version of
# the code lacks is left out
PARTS = [
    ("fp8 entry", "gpuaccel.accel.kernels.flash_attn_interface", "flash_attention_fp8_descaled"),
    ("signature", "gpuaccel.accel.kernels.fp8.attention", "call_signature"),
    ("check_inputs", "gpuaccel.accel.kernels.fp8.attention", "check_inputs"),
    ("fp8_config", "gpuaccel.accel.kernels.fp8.attention", "fp8_config"),
    ("from_descaled", "gpuaccel.accel.kernels.fp8.attention", "from_descaled"),
    ("transposed_v", "gpuaccel.accel.kernels.fp8.attention", "transposed_v"),
    ("kernel launch(es)", "gpuaccel.accel.kernels.fp8.attention", "flash_attention_fp8_quantized"),
    ("launch_gluon_fp8", "gpuaccel.accel.kernels.gluon.fp8", "launch_gluon_fp8"),
    ("out alloc", "gpuaccel.accel.kernels.fp8.attention", "_out"),
]
BF16_IN_PARTS = [  # --call bf16_in's, as PARTS
    ("fp8 entry", "gpuaccel.accel.kernels.fp8.attention", "flash_attention_fp8"),
    ("signature", "gpuaccel.accel.kernels.fp8.attention", "call_signature"),
    ("check_inputs", "gpuaccel.accel.kernels.fp8.attention", "check_inputs"),
    ("fp8_config", "gpuaccel.accel.kernels.fp8.attention", "fp8_config"),
    ("quantize", "gpuaccel.accel.kernels.fp8.attention", "_quantize"),
    ("kernel launch(es)", "gpuaccel.accel.kernels.fp8.attention", "flash_attention_fp8_quantized"),
    ("launch_gluon_fp8", "gpuaccel.accel.kernels.gluon.fp8", "launch_gluon_fp8"),
    ("out alloc", "gpuaccel.accel.kernels.fp8.attention", "_out"),
]
CALLS = {"descaled": (SHAPES, PARTS), "bf16_in": (BF16_IN_SHAPES, BF16_IN_PARTS)}  # --call: shapes, parts


def label(shape: tuple[int, int, int, int, bool]) -> str:
    b, n, h, d, causal = shape
    return f"{b},{n},{h},{d} {'causal' if causal else 'non-causal'}"


def calls(shape: tuple[int, int, int, int, bool], call: str = "descaled") -> dict[str, Any]:
    """The shape's calls (see the module docstring), each a function of no arguments returning (o, lse)."""
    if call == "bf16_in":
        return bf16_in_calls(shape)
    from gpuaccel.accel.kernels import flash_attn_func
    from gpuaccel.accel.kernels.fp8 import attention as fp8

    causal = shape[4]
    e4m3, descales, bf16 = inputs(shape)

    def fp8_call():
        o, lse, _ = flash_attn_func(*e4m3, causal=causal, q_descale=descales[0], k_descale=descales[1],
                                    v_descale=descales[2], return_attn_probs=True)  # fmt: skip
        return o, lse

    def unplanned():
        signature = fp8.call_signature
        fp8.call_signature = lambda *a, **kw: None
        try:
            return fp8_call()
        finally:
            fp8.call_signature = signature

    def bf16_call():
        o, lse, _ = flash_attn_func(*bf16, causal=causal, return_attn_probs=True)
        return o, lse

    def dequantised():  # what a "run bf16 below a size" rule for e4m3 inputs would cost (H = Hkv here)
        x = [
            t.to(torch.bfloat16).mul_(s.to(torch.bfloat16)[:, None, :, None])
            for t, s in zip(e4m3, descales, strict=True)
        ]
        o, lse, _ = flash_attn_func(*x, causal=causal, return_attn_probs=True)
        return o, lse

    return {
        "e4m3": fp8_call,
        "e4m3 unplanned": unplanned,
        "bf16": bf16_call,
        "bf16 on dequantised e4m3": dequantised,
    }


def inputs(shape: tuple[int, int, int, int, bool]) -> tuple[list[torch.Tensor], ...]:
    """The shape's e4m3 q/k/v (flash-attn's layout), their fp32 descales and bf16 q/k/v, seeded by shape."""
    b, n, h, d, causal = shape
    gen = torch.Generator(device="cuda").manual_seed(b * n + causal)
    e4m3 = [torch.randn(b, n, h, d, device="cuda", generator=gen).to(torch.float8_e4m3fn) for _ in range(3)]
    descales = [0.5 + torch.rand(b, h, device="cuda", generator=gen) for _ in range(3)]
    bf16 = [torch.randn(b, n, h, d, device="cuda", generator=gen, dtype=torch.bfloat16) for _ in range(3)]
    return e4m3, descales, bf16


def loop_us(fn, reps: int = 20, loops: int = 15) -> float:
    """Host us per call of ``fn`` alone: ``reps`` calls back to back from an idle GPU (a sync before each
    loop, none inside; too few calls to fill the launch queue), the median over ``loops`` loops."""
    fn()
    per = []
    for _ in range(loops):
        torch.cuda.synchronize()
        t0 = time.perf_counter_ns()
        for _ in range(reps):
            fn()
        per.append((time.perf_counter_ns() - t0) / 1e3 / reps)
    torch.cuda.synchronize()
    return statistics.median(per)


def step_times(shape: tuple[int, int, int, int, bool]) -> dict[str, float]:
    """``--steps``: host us of each step of a planned e4m3 call, each timed alone (:func:`loop_us`), beside
    the whole e4m3 and bf16 calls and the bf16 plan's steps. Steps are main's (2026-11-30) functions with
    the planned call's own arguments; a step the code under test lacks is left out."""
    from gpuaccel.accel.kernels import flash_attn_func
    from gpuaccel.accel.kernels.dense import attention as dense
    from gpuaccel.accel.kernels.dense.launchers import PLANNED, cdiv, laid_out_like, tma_ready, whole16
    from gpuaccel.accel.kernels.fp8 import attention as fp8
    from gpuaccel.accel.kernels.gluon.fp8 import launch_gluon_fp8

    causal = shape[4]
    fns = calls(shape)
    fns["e4m3"]()
    fns["bf16"]()
    e4m3, descales, bf16 = inputs(shape)
    q, k, v = (t.transpose(1, 2) for t in e4m3)
    qb, kb, vb = (t.transpose(1, 2) for t in bf16)
    fa = lambda: flash_attn_func(*e4m3, causal=causal, q_descale=descales[0], k_descale=descales[1],
                                 v_descale=descales[2], return_attn_probs=True)  # fmt: skip
    fa()
    fa()
    extra = (os.environ.get(fp8.FP8_PATH_ENV),)
    sig = dense.call_signature("fp8_descaled", causal, q, k, v, *descales, extra=extra)
    plan = dense.planned(sig, q, k, v, *descales)
    if plan is None:
        return {"no plan": 0.0}
    _, cfg, bound = plan
    bm, bn, key_order = fp8.quant_layout(cfg)
    b, hq, nq, d = q.shape
    hkv, nk = k.shape[1], k.shape[2]
    x = fp8.from_descaled(q, k, v, tuple(descales), bm, bn, key_order, bound)
    o = laid_out_like(q, d, torch.bfloat16)
    lse = q.new_empty(q.shape[:3], dtype=torch.float32)
    qd, kd, vd = descales
    q_blocks, k_blocks = cdiv(nq, bm), cdiv(nk, bn)
    k_off = whole16(b * hq * q_blocks)
    v_off = k_off + whole16(b * hkv * k_blocks)
    scales = torch.empty(v_off + b * hkv * d, device=q.device, dtype=torch.float32)
    vt = x.vt
    nk_pad = vt.shape[-1]
    t_args = (
        v.view(torch.uint8),
        vt.view(torch.uint8),
        vt.view(torch.uint8),
        scales,
        *v.stride()[:3],
        hkv,
        nk,
        nk_pad,
        1,
        qd,
        kd,
        vd,
        *qd.stride(),
        *kd.stride(),
        *vd.stride(),
        hq // hkv,
        q_blocks,
        k_blocks,
        k_off,
        v_off,
    )
    scale = d**-0.5
    q_scales = (x.q_scale, x.k_scale, x.v_scale)
    steps = {
        "e4m3 flash_attn_func (whole call)": fa,
        "e4m3 flash_attention_fp8_descaled": lambda: fp8.flash_attention_fp8_descaled(
            q, k, v, *descales, causal
        ),
        "three transposes (views)": lambda: (
            e4m3[0].transpose(1, 2),
            e4m3[1].transpose(1, 2),
            e4m3[2].transpose(1, 2),
        ),
        "call_signature (6 tensors)": lambda: dense.call_signature(
            "fp8_descaled", causal, q, k, v, *descales, extra=extra
        ),
        "planned (6 tensors)": lambda: dense.planned(sig, q, k, v, *descales),
        "from_descaled (bound)": lambda: fp8.from_descaled(
            q, k, v, tuple(descales), bm, bn, key_order, bound
        ),
        "torch.empty (scales)": lambda: torch.empty(
            v_off + b * hkv * d, device=q.device, dtype=torch.float32
        ),
        "torch.empty (V^T)": lambda: torch.empty(vt.shape, device=q.device, dtype=torch.float8_e4m3fn),
        "two uint8 views": lambda: (v.view(torch.uint8), vt.view(torch.uint8)),
        "tma_ready x3": lambda: (tma_ready(q), tma_ready(k), tma_ready(v)),
        "as_strided x3": lambda: (
            scales.as_strided((b * hq, q_blocks), (q_blocks, 1)),
            scales.as_strided((b * hkv, k_blocks), (k_blocks, 1), k_off),
            scales.as_strided((b * hkv, d), (d, 1), v_off),
        ),
        "Fp8Inputs": lambda: fp8.Fp8Inputs(x.q, x.k, x.vt, *q_scales, bm, bn, torch.bfloat16, key_order),
        "transpose: bound launch alone": lambda: bound["transpose_v"](*t_args),
        "o (laid_out_like) + lse (new_empty)": lambda: (
            laid_out_like(q, d, torch.bfloat16),
            q.new_empty(q.shape[:3], dtype=torch.float32),
        ),
        "o (empty_strided) + lse (empty)": lambda: (
            torch.empty_strided(o.shape, o.stride(), device=q.device, dtype=torch.bfloat16),
            torch.empty(lse.shape, device=q.device, dtype=torch.float32),
        ),
        "flash_attention_fp8_quantized (kernel)": lambda: fp8.flash_attention_fp8_quantized(
            x, causal, scale, cfg, (o, lse), bound
        ),
        "launch_gluon_fp8 (planned)": lambda: launch_gluon_fp8(
            x.q, x.k, x.vt, q_scales, o, lse, causal, scale, cfg, bound
        ),
        "bf16 flash_attn_func (whole call)": fns["bf16"],
        "bf16 flash_attention_forward": lambda: dense.flash_attention_forward(qb, kb, vb, causal, scale),
        "bf16 call_signature (3 tensors)": lambda: dense.call_signature("fwd", causal, qb, kb, vb),
        "torch.empty (lse)": lambda: torch.empty(lse.shape, device=q.device, dtype=torch.float32),
        "data_ptr()": lambda: scales.data_ptr(),
    }
    if bound.get(PLANNED) and bound[PLANNED][3]:
        steps["(this call cuts its grid's tail: split + merge)"] = lambda: None
    return {name: round(loop_us(fn), 2) for name, fn in steps.items()}


def bf16_in_calls(shape: tuple[int, int, int, int, bool]) -> dict[str, Any]:
    """``--call bf16_in``'s calls: the bf16-in FP8 call forced to e4m3, planned and not."""
    from gpuaccel.accel.kernels.fp8 import attention as fp8

    b, n, h, d, causal = shape
    gen = torch.Generator(device="cuda").manual_seed(b * n + causal)
    q, k, v = (torch.randn(b, h, n, d, device="cuda", generator=gen, dtype=torch.bfloat16) for _ in range(3))

    def fp8_call():
        return fp8.flash_attention_fp8(q, k, v, causal=causal, return_lse=True, always_fp8=True)

    def unplanned():
        signature = fp8.call_signature
        fp8.call_signature = lambda *a, **kw: None
        try:
            return fp8_call()
        finally:
            fp8.call_signature = signature

    return {"fp8 bf16-in": fp8_call, "fp8 bf16-in unplanned": unplanned}


def host_us(fn, calls_: int = 40, parts: bool = False, call: str = "descaled") -> dict[str, float]:
    """Median host us per call of ``fn`` with the GPU idle at each call's start, and with ``parts`` of each
    of the call's parts (:data:`CALLS`; nested parts counted in each)."""
    part_list = CALLS[call][1]
    acc: dict[str, list[float]] = {p[0]: [] for p in part_list}
    cur: dict[str, float] = {}
    saved = []

    def timed(name: str, f):
        def wrapper(*a, **kw):
            t0 = time.perf_counter_ns()
            try:
                return f(*a, **kw)
            finally:
                cur[name] = cur.get(name, 0.0) + (time.perf_counter_ns() - t0) / 1e3

        return wrapper

    if parts:
        for name, mod_name, attr in part_list:
            mod = importlib.import_module(mod_name)
            if hasattr(mod, attr):
                saved.append((mod, attr, getattr(mod, attr)))
                setattr(mod, attr, timed(name, getattr(mod, attr)))
    total = []
    try:
        for _ in range(calls_):
            torch.cuda.synchronize()
            cur.clear()
            t0 = time.perf_counter_ns()
            fn()
            total.append((time.perf_counter_ns() - t0) / 1e3)
            for name in acc:
                acc[name].append(cur.get(name, 0.0))
    finally:
        for mod, attr, f in saved:
            setattr(mod, attr, f)
    torch.cuda.synchronize()
    out = {"call": statistics.median(total)}
    out.update({name: statistics.median(ts) for name, ts in acc.items() if any(ts)})
    return out


def profiled(fn, iters: int = 6) -> dict[str, Any]:
    """One lone call at a time under torch.profiler (GPU idle before each): GPU activities per call (count,
    by name with us), and the window from the call's start on the host to its last GPU activity's end."""
    fn()
    torch.cuda.synchronize()
    acts = [torch.profiler.ProfilerActivity.CPU, torch.profiler.ProfilerActivity.CUDA]
    with torch.profiler.profile(activities=acts) as prof:
        for _ in range(iters):
            torch.cuda.synchronize()
            with torch.profiler.record_function("one_call"):
                fn()
            torch.cuda.synchronize()
    starts = sorted(e.time_range.start for e in prof.events() if e.name == "one_call")
    gpu = sorted(
        (e.time_range.start, e.time_range.end, e.name)
        for e in prof.events()
        if e.device_type == torch.autograd.DeviceType.CUDA and e.name != "one_call"  # not its annotation
    )
    per = []
    for i, s0 in enumerate(starts):
        s1 = starts[i + 1] if i + 1 < len(starts) else float("inf")
        inside = [g for g in gpu if s0 <= g[0] < s1]
        if inside:
            per.append({"launches": len(inside), "window_us": max(g[1] for g in inside) - s0,
                        "gpu_us": sum(g[1] - g[0] for g in inside),
                        "kernels": [(g[2][:60], round(g[1] - g[0], 1)) for g in inside]})  # fmt: skip
    keep = per[1:] or per  # the first under the profiler pays its start
    return {
        "launches": statistics.median(p["launches"] for p in keep),
        "window_us": statistics.median(p["window_us"] for p in keep),
        "gpu_us": statistics.median(p["gpu_us"] for p in keep),
        "kernels": keep[len(keep) // 2]["kernels"],
    }


def environment() -> dict[str, str]:
    import triton

    props = torch.cuda.get_device_properties(0)
    try:
        driver = subprocess.run(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
                                capture_output=True, text=True).stdout.strip()  # fmt: skip
    except OSError:
        driver = "?"
    return {"device": props.name, "sms": str(props.multi_processor_count), "torch": torch.__version__,
            "triton": triton.__version__, "cuda": str(torch.version.cuda), "driver": driver}  # fmt: skip


def run(rounds: int, parts: bool, profile: bool, save: str | None, call: str = "descaled") -> dict[str, Any]:
    """Every shape's calls alternated round by round (see the module docstring)."""
    from gpuaccel.accel.kernels.bench.attention import median_ms

    out: dict[str, Any] = {"env": environment(), "call": call, "shapes": {}}
    for shape in CALLS[call][0]:
        fns = calls(shape, call)
        for fn in fns.values():
            fn()
            fn()
        if save:  # two planned calls' o and lse, for the sides' bit-for-bit comparison
            planned, unplanned = list(fns)[:2]
            first, second = fns[planned](), fns[planned]()
            torch.save({"first": first, "second": second, "unplanned": fns[unplanned]()},
                       os.path.join(save, f"{label(shape).replace(' ', '_')}.pt"))  # fmt: skip
        ms: dict[str, list[float]] = {n: [] for n in fns}
        host: dict[str, list[float]] = {n: [] for n in fns}
        for r in range(rounds):
            for name in list(fns)[:: -1 if r % 2 else 1]:
                ms[name].append(median_ms(fns[name]))
                host[name].append(host_us(fns[name])["call"])
        row: dict[str, Any] = {}
        for name, fn in fns.items():
            row[name] = {"ms": statistics.median(ms[name]), "ms_rounds": ms[name],
                         "host_us": statistics.median(host[name]), "host_us_rounds": host[name]}  # fmt: skip
            if parts:
                row[name]["parts"] = host_us(fn, parts=True, call=call)
            if profile:
                row[name]["profiled"] = profiled(fn)
        out["shapes"][label(shape)] = row
        brief = {n: (round(r["host_us"]), round(r["ms"], 4)) for n, r in row.items()}
        print(json.dumps({label(shape): brief}), flush=True)
    return out


def host_ab(
    sides: list[str], procs: int, rounds: int, out: str, name: str, call: str = "descaled"
) -> dict[str, Any]:
    """:func:`run` in ``procs`` fresh processes per side, ``PYTHONPATH`` at each side's ``src``, alternated
    (every other pair reversed); each side's medians over its processes; the sides' o and lse compared."""
    runs: dict[str, list[dict[str, Any]]] = {s: [] for s in sides}
    with tempfile.TemporaryDirectory() as tmp:
        saves = {s: os.path.join(tmp, f"side{i}") for i, s in enumerate(sides)}
        for r in range(procs):
            for side in sides[:: -1 if r % 2 else 1]:
                res = os.path.join(tmp, f"run{r}_{len(runs[side])}_{sides.index(side)}.json")
                cmd = [sys.executable, os.path.abspath(__file__), "--rounds", str(rounds), "--parts",
                       "--result", res, "--call", call]  # fmt: skip
                if r == 0:
                    os.makedirs(saves[side], exist_ok=True)
                    cmd += ["--save", saves[side]]
                env = {**os.environ, "PYTHONPATH": side}
                done = subprocess.run(cmd, env=env, capture_output=True, text=True)
                if done.returncode:
                    raise SystemExit(f"{side}: {done.stderr[-3000:]}")
                with open(res) as f:
                    runs[side].append(json.load(f))
                print(f"process {r} {side}: done", flush=True)
        same = {}
        for shape in CALLS[call][0]:
            f = f"{label(shape).replace(' ', '_')}.pt"
            a, b = (torch.load(os.path.join(saves[s], f)) for s in sides)
            same[label(shape)] = all(
                torch.equal(x, y) for key in a for x, y in zip(a[key], b[key], strict=True)
            ) and all(torch.equal(x, y) for x, y in zip(b["first"], b["second"], strict=True))
    summary: dict[str, Any] = {}
    for side, results in runs.items():
        for res in results:
            for shape, row in res["shapes"].items():
                for call_name, r in row.items():
                    cell = (
                        summary.setdefault(shape, {})
                        .setdefault(call_name, {})
                        .setdefault(side, {"host_us": [], "ms": [], "parts": []})
                    )
                    cell["host_us"].append(r["host_us"])
                    cell["ms"].append(r["ms"])
                    cell["parts"].append(r.get("parts", {}))
    for row in summary.values():
        for cell in row.values():
            for c in cell.values():
                c["host_us_median"] = statistics.median(c["host_us"])
                c["ms_median"] = statistics.median(c["ms"])
    result = {"env": runs[sides[0]][0]["env"], "command": " ".join(sys.argv), "call": call, "sides": sides,
              "procs": procs,
              "o_lse_bit_equal": same, "summary": summary, "runs": runs}  # fmt: skip
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, name)
    with open(path, "w") as f:
        json.dump(result, f, indent=1)
    print(json.dumps(result["env"]))
    print("o/lse bit for bit, sides and two planned calls:", same)
    print("| shape | call | host us old -> new (per process) | do_bench ms old -> new | host old/new |")
    for shape, row in summary.items():
        for call_name, cell in row.items():
            o, n = cell[sides[0]], cell[sides[1]]
            per = lambda c: ", ".join(f"{x:.0f}" for x in c["host_us"])
            print(f"| {shape} | {call_name} | {o['host_us_median']:.0f} ({per(o)}) -> "
                  f"{n['host_us_median']:.0f} ({per(n)}) | {o['ms_median']:.4f} -> {n['ms_median']:.4f} | "
                  f"{o['host_us_median'] / n['host_us_median']:.2f} |")  # fmt: skip
    if call == "descaled":
        print(f"| shape | e4m3 host us {sides[0]} -> {sides[1]} | e4m3 ms | bf16 ms (both sides) | "
              "e4m3 / bf16 ms | bf16 on dequantised e4m3 ms |")  # fmt: skip
        for shape, row in summary.items():
            e, bf, dq = (row[c] for c in ("e4m3", "bf16", "bf16 on dequantised e4m3"))
            bf_ms = statistics.median([*bf[sides[0]]["ms"], *bf[sides[1]]["ms"]])
            ratio = " -> ".join(f"{e[s]['ms_median'] / bf_ms:.2f}" for s in sides)
            eo, en = e[sides[0]], e[sides[1]]
            print(f"| {shape} | {eo['host_us_median']:.0f} -> {en['host_us_median']:.0f} | "
                  f"{eo['ms_median']:.4f} -> {en['ms_median']:.4f} | {bf_ms:.4f} | {ratio} | "
                  f"{dq[sides[1]]['ms_median']:.4f} |")  # fmt: skip
    print(path)
    return result


def steps_main(out: str, name: str) -> int:
    """``--steps``: :func:`step_times` at :data:`STEP_SHAPES`, and each call's GPU launches under the profiler
    (:func:`profiled`); JSON to ``out``, a table (step x shape, host us) last."""
    result: dict[str, Any] = {"env": environment(), "steps": {}, "profiled": {}}
    for shape in STEP_SHAPES:
        result["steps"][label(shape)] = step_times(shape)
        fns = calls(shape)
        result["profiled"][label(shape)] = {n: profiled(fns[n]) for n in ("e4m3", "bf16")}
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, name)
    with open(path, "w") as f:
        json.dump(result, f, indent=1)
    print(json.dumps(result["env"]))
    for shape, row in result["profiled"].items():
        for call, p in row.items():
            ks = " ".join(f"{n[:24]}={t}" for n, t in p["kernels"])
            win = f"window {p['window_us']:.0f} us gpu {p['gpu_us']:.0f} us"
            print(f"{shape} {call}: launches {p['launches']} {win} | {ks}")
    shapes = list(result["steps"])
    print("| step | " + " | ".join(shapes) + " |")
    for step in result["steps"][shapes[0]]:
        print(f"| {step} | " + " | ".join(str(result["steps"][s].get(step, "")) for s in shapes) + " |")
    print(path)
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--parts", action="store_true")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--out", default=os.environ.get("OUT", "benchmarks/results"))
    ap.add_argument("--name", default=f"fp8_call_host_{time.strftime('%Y%m%d-%H%M%S')}.json")
    ap.add_argument("--result", help="write this run's JSON here (a --host-ab child)")
    ap.add_argument("--save", help="save the e4m3 calls' o and lse under this folder")
    ap.add_argument("--host-ab", nargs=2, metavar=("OLD_SRC", "NEW_SRC"))
    ap.add_argument("--procs", type=int, default=2, help="--host-ab: processes per side")
    ap.add_argument("--call", choices=sorted(CALLS), default="descaled", help="which FP8 call (docstring)")
    ap.add_argument("--steps", action="store_true", help="host us of each step of a planned e4m3 call")
    args = ap.parse_args(argv)
    if args.host_ab:
        host_ab(list(args.host_ab), args.procs, args.rounds, args.out, args.name, args.call)
        return 0
    if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
        print("fp8_call_host_ab needs a Hopper (sm_90) GPU", file=sys.stderr)
        return 2
    if args.steps:
        return steps_main(args.out, args.name)
    result = run(args.rounds, args.parts, args.profile, args.save, args.call)
    path = args.result or os.path.join(args.out, args.name)
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w") as f:
        json.dump(result, f, indent=1)
    if not args.result:
        print(json.dumps(result["env"]))
        for shape, row in result["shapes"].items():
            for call, r in row.items():
                p = r.get("profiled", {})
                parts = "; ".join(f"{k} {v:.0f}" for k, v in r.get("parts", {}).items())
                ks = " ".join(f"{n[:28]}={t}" for n, t in p.get("kernels", []))
                win = f"window {p.get('window_us', 0):.0f} gpu {p.get('gpu_us', 0):.0f}"
                print(f"| {shape} | {call} | {r['host_us']:.0f} us | {r['ms']:.4f} ms | launches "
                      f"{p.get('launches', '')} {win} | {parts} | {ks} |")  # fmt: skip
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
