#!/usr/bin/env bash
# One device call for docs/kernels-log.md, 2026-11-28, twenty-seventh session (issue 41): the next tile's
# first QK^T before the epilogue (GluonFwdConfig.next_qk, benchmarks/fwd_d128_ab.py variant nq). Steps:
#   CHECK  the A/B's correctness cases, shipped vs nq (fp32 reference, 2x plain PyTorch, bytes equal)
#   TIER   the new GPU test (tests/gpu/test_gluon_fwd_gpu.py -k next_qk; --noconftest: the scheduler's
#          conftest needs wheels the image lacks)
#   AB     the timed A/B, shipped vs nq, cuDNN in the same rounds (SHAPES, ROUNDS)
#   PROFILE ncu --clock-control none of PVARIANTS at PSHAPES, regions by benchmarks/ncu_fwd_regions.py
#   BENCH  the public table by alternated rounds (attention_bench.py --rounds 5)
# Run from the repository root (or a copy of src/, benchmarks/ and tests/) on a Hopper machine; writes
# under $OUT (or out/).
set -u
OUT=${OUT:-out}
mkdir -p "$OUT"
LOG="$OUT/all.log"
export PYTHONPATH=src PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit,temperature.gpu \
    --format=csv >>"$LOG" 2>&1
python -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__,
 'cudnn', torch.backends.cudnn.version())" >>"$LOG" 2>&1
T0=$(date +%s)
AB=(python benchmarks/fwd_d128_ab.py)
if [ "${CHECK:-1}" = 1 ]; then
    timeout "${CHECK_S:-200}" "${AB[@]}" --variants ${CVARIANTS:-shipped nq} --check-only --json "$OUT/check.json" \
        >"$OUT/check.log" 2>&1
    echo "check rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep -A12 "^check B" "$OUT/check.log" >>"$LOG"
fi
if [ "${TIER:-1}" = 1 ]; then
    timeout "${TIER_S:-200}" python -m pytest --noconftest -q -n 8 -p no:cacheprovider -W ignore \
        tests/gpu/test_gluon_fwd_gpu.py -k "next_qk or next_tiles" >"$OUT/pytest.log" 2>&1
    echo "pytest rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep -E "passed|failed|error" "$OUT/pytest.log" | tail -3 >>"$LOG"
fi
if [ "${AB_ON:-1}" = 1 ]; then
    timeout "${AB_S:-300}" "${AB[@]}" --variants ${VARIANTS:-shipped nq} --rounds "${ROUNDS:-9}" \
        --shapes ${SHAPES:-2,16,8192,128 4,16,4096,128 1,16,16384,128 16,16,512,128 2,16,8192,128:c 4,16,4096,128:c 1,16,16384,128:c 4,32,4096,64 4,32,4096,64:c} \
        --json "$OUT/ab.json" >"$OUT/ab.log" 2>&1
    echo "ab rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
fi
if [ "${PROFILE:-0}" = 1 ]; then
    timeout "${PROFILE_S:-240}" ncu --clock-control none --section SpeedOfLight --section WarpStateStats \
        --section SchedulerStats --section InstructionStats --section SourceCounters \
        -k regex:"gluon" -f -o /tmp/prof "${AB[@]}" --once --shapes ${PSHAPES:-4,16,4096,128} \
        --variants ${PVARIANTS:-shipped nq} >/tmp/ncu.log 2>&1
    echo "ncu rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    tail -3 /tmp/ncu.log >>"$LOG"
    ncu -i /tmp/prof.ncu-rep --page source --csv --print-source sass >"$OUT/source.csv" 2>>"$LOG"
    python benchmarks/ncu_fwd_regions.py "$OUT/source.csv" --json "$OUT/regions.json" >>"$LOG" 2>&1
    gzip -f "$OUT/source.csv"
    ncu -i /tmp/prof.ncu-rep --page details --csv >"$OUT/details.csv" 2>>"$LOG"
    grep -E '"(Duration|Elapsed Cycles|SM Frequency|Compute \(SM\) Throughput|Issue Slots Busy|Warp Cycles Per Issued Instruction|Executed Instructions)"' \
        "$OUT/details.csv" | cut -d, -f1,5,13- >>"$LOG"
fi
if [ "${BENCH:-0}" = 1 ]; then
    timeout "${BENCH_S:-200}" python benchmarks/attention_bench.py --impls ours sdpa_cudnn --mode fwd --causal both \
        --rounds "${BENCH_ROUNDS:-5}" --shapes 4,16,4096,128 2,16,8192,128 1,16,16384,128 4,32,4096,64 2,32,8192,64 \
        --out "$OUT" >"$OUT/bench.log" 2>&1
    echo "bench rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep -A14 "^B,H,N,D" "$OUT/bench.log" >>"$LOG"
fi
cat "$LOG"
grep -A60 "^shape | variant" "$OUT/ab.log" 2>/dev/null
