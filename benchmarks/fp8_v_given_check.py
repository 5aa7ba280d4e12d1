"""Save (or compare) the e4m3 flash_attn_func call's o and lse at shapes that exercise the FP8 kernel's own
V transpose (GQA, ragged lengths, the key-split merge, D64/D256, descales of other dtypes and strides), and
time the planned call (do_bench median ms).

    PYTHONPATH=src python3 benchmarks/fp8_v_given_check.py --save DIR [--compare DIR] [--time | --time-only]
    PYTHONPATH=src ncu --clock-control none ... python3 benchmarks/fp8_v_given_check.py --ncu 8,16,1024,128,1
        [--in-kernel]   (six planned calls at B,H,N,D,causal for a profiler; --in-kernel: the kernel's own
                         V transpose at any size, gluon.fp8.V_IN_KERNEL_PAIRS lifted)

Why: the in-kernel transpose must give main's o and lse bit for bit; run once on main's tree with --save,
then on the branch's with --compare pointing at main's folder.
"""

from __future__ import annotations

import argparse
import json
import os

import torch

CHECKS = [  # (B, N, Hq, Hkv, D, causal, descale kind)
    (1, 512, 16, 16, 128, False, "f32"),
    (1, 512, 16, 16, 128, True, "f32"),
    (2, 1000, 8, 2, 128, True, "bf16"),
    (3, 2049, 6, 3, 128, False, "expand"),
    (1, 3001, 8, 2, 128, False, "t"),
    (2, 1500, 4, 2, 64, False, "f32"),
    (1, 700, 4, 4, 256, True, "f32"),
    (8, 1024, 16, 16, 128, True, "f32"),
]
TIMES = [(1, 512, 16, 128, False), (1, 512, 16, 128, True), (4, 1024, 16, 128, False),
         (4, 1024, 16, 128, True), (8, 1024, 16, 128, False), (8, 1024, 16, 128, True),
         (2, 8192, 16, 128, False), (2, 8192, 16, 128, True), (1, 16384, 16, 128, True)]  # fmt: skip


def descales(b: int, hkv: int, kind: str, gen: torch.Generator) -> list[torch.Tensor]:
    """Three descales of the given kind: fp32, bf16, one value expanded (stride 0) or a transposed view."""
    out = []
    for _ in range(3):
        if kind == "expand":
            out.append((0.5 + torch.rand(1, 1, device="cuda", generator=gen)).expand(b, hkv))
        elif kind == "t":
            out.append((0.5 + torch.rand(hkv, b, device="cuda", generator=gen)).t())
        else:
            t = 0.5 + torch.rand(b, hkv, device="cuda", generator=gen)
            out.append(t.to(torch.bfloat16) if kind == "bf16" else t)
    return out


def profile_calls(spec: str, in_kernel: bool) -> int:
    """Six planned e4m3 calls at ``spec`` (B,H,N,D,causal), for ncu to time their kernels."""
    from gpuaccel.accel.kernels import flash_attn_func

    if in_kernel:
        from gpuaccel.accel.kernels.gluon import fp8 as gluon_fp8

        gluon_fp8.V_IN_KERNEL_PAIRS = 1 << 62
    b, h, n, d, causal = (int(x) for x in spec.split(","))
    gen = torch.Generator(device="cuda").manual_seed(n)
    e4 = [torch.randn(b, n, h, d, device="cuda", generator=gen).to(torch.float8_e4m3fn) for _ in range(3)]
    ds = [0.5 + torch.rand(b, h, device="cuda", generator=gen) for _ in range(3)]
    for _ in range(6):
        flash_attn_func(*e4, causal=bool(causal), q_descale=ds[0], k_descale=ds[1], v_descale=ds[2])
    torch.cuda.synchronize()
    return 0


def main() -> int:
    from triton.testing import do_bench

    from gpuaccel.accel.kernels import flash_attn_func

    ap = argparse.ArgumentParser()
    ap.add_argument("--save")
    ap.add_argument("--ncu", help="B,H,N,D,causal: six planned calls, nothing else")
    ap.add_argument("--in-kernel", action="store_true")
    ap.add_argument("--compare")
    ap.add_argument("--time", action="store_true", help="then time the planned call at TIMES")
    ap.add_argument("--time-only", action="store_true", help="only time (no checks)")
    a = ap.parse_args()
    if a.ncu:
        return profile_calls(a.ncu, a.in_kernel)
    os.makedirs(a.save, exist_ok=True)
    rows = []
    for i, (b, n, hq, hkv, d, causal, kind) in enumerate([] if a.time_only else CHECKS):
        gen = torch.Generator(device="cuda").manual_seed(1000 + i)
        e4 = [
            torch.randn(b, n, h, d, device="cuda", generator=gen).to(torch.float8_e4m3fn)
            for h in (hq, hkv, hkv)
        ]
        ds = descales(b, hkv, kind, gen)
        got = []
        for _ in range(3):  # unplanned, then planned twice
            o, lse, _ = flash_attn_func(*e4, causal=causal, q_descale=ds[0], k_descale=ds[1], v_descale=ds[2],
                                        return_attn_probs=True)  # fmt: skip
            got.append((o.clone(), lse.clone()))
        torch.cuda.synchronize()
        same_plan = all(torch.equal(g[0], got[0][0]) and torch.equal(g[1], got[0][1]) for g in got)
        torch.save(got[0], f"{a.save}/check{i}.pt")
        row = {"check": [b, n, hq, hkv, d, causal, kind], "planned_equal": same_plan,
               "finite": bool(torch.isfinite(got[0][0]).all())}  # fmt: skip
        if a.compare:
            ref = torch.load(f"{a.compare}/check{i}.pt")
            row["equal_to_compare"] = torch.equal(ref[0], got[0][0]) and torch.equal(ref[1], got[0][1])
            row["max_diff"] = (ref[0].float() - got[0][0].float()).abs().max().item()
        rows.append(row)
        print(row, flush=True)
    times = {}
    for b, n, h, d, causal in TIMES if a.time or a.time_only else []:
        gen = torch.Generator(device="cuda").manual_seed(n)
        e4 = [torch.randn(b, n, h, d, device="cuda", generator=gen).to(torch.float8_e4m3fn) for _ in range(3)]
        ds = [0.5 + torch.rand(b, h, device="cuda", generator=gen) for _ in range(3)]

        def call(e4=e4, ds=ds, causal=causal):
            return flash_attn_func(*e4, causal=causal, q_descale=ds[0], k_descale=ds[1], v_descale=ds[2])

        call()
        key = f"{b},{h},{n},{d}{' causal' if causal else ''}"
        times[key] = do_bench(call, warmup=50, rep=300, return_mode="median")
        print(key, round(times[key], 4), flush=True)
    with open(f"{a.save}/result{'_time' if a.time_only else ''}.json", "w") as f:
        json.dump({"checks": rows, "ms": times}, f, indent=1)
    ok = all(r["planned_equal"] and r["finite"] and r.get("equal_to_compare", True) for r in rows)
    print("ALL OK" if ok else "MISMATCH")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
