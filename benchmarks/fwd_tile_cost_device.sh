#!/usr/bin/env bash
# One device call for the D64 tile-cost A/B (benchmarks/fwd_tile_cost_ab.py; docs/kernels-log.md,
# 2026-11-28, twenty-third session): the GPU tier (in parallel workers) beside the A/B's correctness
# checks, then the A/B's timed rounds alone on the GPU, the ncu source-level profile of the path shipped
# before and the new one (regions: benchmarks/ncu_fwd_regions.py), and the public call against cuDNN.
# Run from the repository root on a Hopper machine with the wheels in .whl; writes under $OUT (or out/).
# SHAPES / VARIANTS / ROUNDS: the timed A/B's (default: fwd_tile_cost_ab.py's); NCU=0 skips the profile.
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
(timeout 300 python -m pytest -q -m gpu -n 8 tests/gpu/test_gluon_fwd_gpu.py \
    tests/gpu/test_gluon_varlen_fwd_gpu.py >"$OUT/pytest.log" 2>&1; echo "pytest rc=$?" >>"$OUT/pytest.log") &
PT=$!
AB=(python benchmarks/fwd_tile_cost_ab.py ${SHAPES:+--shapes $SHAPES} ${VARIANTS:+--variants $VARIANTS})
timeout 240 "${AB[@]}" --check-only --json "$OUT/check.json" >/tmp/check.log 2>&1
echo "check rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
grep -A30 "^check B" /tmp/check.log >>"$LOG"
# (the timed A/B's kernels compiled meanwhile; nothing else on the GPU while it times)
timeout 60 "${AB[@]}" --once >/dev/null 2>&1
wait $PT
tail -4 "$OUT/pytest.log" >>"$LOG"
echo "tier done at $(($(date +%s) - T0)) s" >>"$LOG"
# 2. the timed A/B, alone on the GPU
timeout 170 "${AB[@]}" --rounds "${ROUNDS:-7}" --json "$OUT/ab.json" >/tmp/ab.log 2>&1
echo "ab rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
grep -A40 "^shape | variant" /tmp/ab.log >>"$LOG"
# 3. the profile: before and after, 4,32,4096 non-causal and causal
[ "${NCU:-1}" = 1 ] && timeout 120 ncu --clock-control none --section SpeedOfLight --section WarpStateStats --section SchedulerStats \
    --section InstructionStats --section SourceCounters -k regex:gluon -f -o /tmp/prof \
    python benchmarks/fwd_tile_cost_ab.py --once --shapes 4,32,4096,64 4,32,4096,64:c \
    --variants prev shipped >/tmp/ncu.log 2>&1
echo "ncu rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
if [ "${NCU:-1}" = 1 ]; then
    ncu -i /tmp/prof.ncu-rep --page source --csv --print-source sass >/tmp/source.csv 2>>"$LOG"
    python benchmarks/ncu_fwd_regions.py /tmp/source.csv --json "$OUT/regions.json" >>"$LOG" 2>&1
    ncu -i /tmp/prof.ncu-rep --page details --csv >"$OUT/details.csv" 2>>"$LOG"
fi
# 4. as a user calls it
timeout 100 python benchmarks/attention_bench.py --impls ours sdpa_cudnn --mode fwd --causal both \
    --shapes 4,32,4096,64 2,32,8192,64 1,16,16384,128 --out "$OUT" >/tmp/bench.log 2>&1
echo "bench rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
tail -20 /tmp/bench.log >>"$LOG"
cat "$LOG"
