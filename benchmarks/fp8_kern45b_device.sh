#!/usr/bin/env bash
# Device calls for P@V in f16 at causal D64 (GluonFwdConfig.pv_f16; docs/kernels-log.md, 2026-12-01,
# forty-fifth session (later)); needs benchmarks/results/fp8_pv_f16_20261201-kern45b.patch applied (not
# kept). Steps on when their variable is 1: AB (the patch's GPU test as a plain function, then
# fp8_n1024_ab.py --errors with every variant pinned, 11 alternated rounds, at the short causal D64 shapes
# and at 4,32,4096 with V in the kernel), NCU (the e4m3 call's one launch, both variants, and the bf16 call
# at 8,16,1024 causal D64: speed of light, warp states, scheduler, compute workload, source counters; then
# ncu_details and ncu_fwd_regions --partitions). Writes under $OUT (or out/).
set -u
OUT=${OUT:-out}
mkdir -p "$OUT"
export PYTHONPATH=${PYTHONPATH:-src}:tests:benchmarks PYTHONUNBUFFERED=1
(nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv
 python -c "import torch,triton;print('torch',torch.__version__,'triton',triton.__version__,'cuda',torch.version.cuda)") \
    | tee "$OUT/env.txt"
if [ "${AB:-0}" = 1 ]; then
    timeout 150 python benchmarks/gpu_tests_plain.py tests/gpu/test_gluon_fp8_gpu.py \
        --first test_pv_in_f16_within_the_standard_and_closer --only --budget 120 2>&1 | tee "$OUT/test_pv16.log"
    timeout 200 python benchmarks/fp8_n1024_ab.py --shapes 4,1024,16,64,c 8,1024,16,64,c 2,2048,16,64,c \
        4,2048,16,64,c --variants shipped+pv_f16=0 shipped+pv_f16=1 --rounds 11 --errors \
        --json "$OUT/ab_short.json" 2>&1 | tee "$OUT/ab_short.log"
    timeout 150 python benchmarks/fp8_n1024_ab.py --shapes 4,4096,32,64,c --variants shipped+pv_f16=0 \
        shipped+vt=1 shipped+vt=1+pv_f16=1 --rounds 11 --errors --json "$OUT/ab_4096.json" 2>&1 \
        | tee "$OUT/ab_4096.log"
fi
if [ "${NCU:-0}" = 1 ]; then
    timeout "${NCU_S:-200}" ncu --clock-control none --profile-from-start off -k regex:gluon \
        --section SpeedOfLight --section WarpStateStats --section SchedulerStats \
        --section ComputeWorkloadAnalysis --section SourceCounters -o "$OUT/prof" \
        python benchmarks/fp8_n1024_ab.py --once --shapes 8,1024,16,64,c \
        --variants shipped+pv_f16=0 shipped+pv_f16=1 >"$OUT/ncu.log" 2>&1
    echo "ncu rc=$?"
    ncu -i "$OUT/prof.ncu-rep" --page details --csv >/tmp/details.csv 2>/dev/null
    ncu -i "$OUT/prof.ncu-rep" --page source --csv --print-source sass 2>/dev/null >/tmp/source.csv
    {
        python benchmarks/ncu_details.py /tmp/details.csv
        grep -E "Stall|Eligible|Issued Warp|Pipe|Tensor|Executed Ipc" /tmp/details.csv | cut -c1-220
        python benchmarks/ncu_fwd_regions.py /tmp/source.csv --partitions
    } >"$OUT/ncu_summary.txt" 2>&1
    gzip -c /tmp/details.csv >"$OUT/details.csv.gz"
    python benchmarks/ncu_details.py /tmp/details.csv
fi
