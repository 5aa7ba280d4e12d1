#!/usr/bin/env bash
# One device call for the second Q buffer (benchmarks/fwd_q2_ab.py; docs/kernels-log.md, 2026-11-28,
# twenty-fourth session): the GPU tier of the forwards (bf16, packed, FP8; parallel workers) beside the
# A/B's correctness checks, then the A/B's timed rounds alone on the GPU, then the ncu source-level
# profile of the shipped kernel and q2 at 4,32,4096 D64 (regions: benchmarks/ncu_fwd_regions.py).
# Run from the repository root on a Hopper machine with the wheels in .whl; writes under $OUT (or out/).
# SHAPES / VARIANTS / ROUNDS: the timed A/B's (default: fwd_q2_ab.py's); NCU=0 skips the profile.
set -u
OUT=${OUT:-out}
mkdir -p "$OUT"
LOG="$OUT/all.log"
python -m pip install -q --no-index --find-links .whl pydantic pydantic-settings platformdirs psutil \
    pytest-xdist >>"$LOG" 2>&1
export PYTHONPATH=src PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw --format=csv >>"$LOG" 2>&1
python -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__,
 'cudnn', torch.backends.cudnn.version())" >>"$LOG" 2>&1
T0=$(date +%s)
# 1. correctness: the GPU tier (8 workers: its many compiles in parallel) beside the A/B's checks
(timeout 400 python -m pytest -q -m gpu -n 8 tests/gpu/test_gluon_fwd_gpu.py \
    tests/gpu/test_gluon_varlen_fwd_gpu.py tests/gpu/test_gluon_fp8_gpu.py >"$OUT/pytest.log" 2>&1
 echo "pytest rc=$?" >>"$OUT/pytest.log") &
PT=$!
AB=(python benchmarks/fwd_q2_ab.py ${SHAPES:+--shapes $SHAPES} ${VARIANTS:+--variants $VARIANTS})
timeout 200 "${AB[@]}" --check-only --json "$OUT/check.json" >/tmp/check.log 2>&1
echo "check rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
grep -A30 "^check B" /tmp/check.log >>"$LOG"
timeout 90 "${AB[@]}" --once >/dev/null 2>&1  # (the timed kernels compile meanwhile)
wait $PT
grep -E "passed|failed|error|rc=" "$OUT/pytest.log" | tail -5 >>"$LOG"
echo "tier done at $(($(date +%s) - T0)) s" >>"$LOG"
# 2. the timed A/B, alone on the GPU
timeout 200 "${AB[@]}" --rounds "${ROUNDS:-7}" --json "$OUT/ab.json" >/tmp/ab.log 2>&1
echo "ab rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
grep -A60 "^shape | variant" /tmp/ab.log >>"$LOG"
# 3. the profile: shipped and q2, 4,32,4096 D64 causal and non-causal
[ "${NCU:-1}" = 1 ] && timeout 150 ncu --clock-control none --section SpeedOfLight --section WarpStateStats \
    --section SchedulerStats --section InstructionStats --section SourceCounters -k regex:gluon -f \
    -o /tmp/prof python benchmarks/fwd_q2_ab.py --once --shapes 4,32,4096,64 4,32,4096,64:c \
    --variants shipped q2 >/tmp/ncu.log 2>&1
echo "ncu rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
if [ "${NCU:-1}" = 1 ]; then
    ncu -i /tmp/prof.ncu-rep --page source --csv --print-source sass >/tmp/source.csv 2>>"$LOG"
    python benchmarks/ncu_fwd_regions.py /tmp/source.csv --json "$OUT/regions.json" >>"$LOG" 2>&1
    ncu -i /tmp/prof.ncu-rep --page details --csv >"$OUT/details.csv" 2>>"$LOG"
fi
cat "$LOG"
