#!/usr/bin/env bash
# One device call for the D128 forward's tile ends (benchmarks/fwd_d128_ab.py; docs/kernels-log.md,
# 2026-11-28, twenty-fifth session). Steps, each on when its variable is 1:
#   PROFILE  ncu --clock-control none (SpeedOfLight, ComputeWorkloadAnalysis, WarpStateStats,
#            SchedulerStats, InstructionStats, SourceCounters) of PVARIANTS and cuDNN at PSHAPES, one
#            launch each; regions by benchmarks/ncu_fwd_regions.py
#   CHECK    the A/B's correctness cases (NaN-poisoned, fp32 reference, 2x plain PyTorch)
#   AB       the timed A/B (SHAPES, VARIANTS, ROUNDS), alone on the GPU
#   TIER     pytest -m gpu of the forward's GPU tier (needs the wheels in .whl: pydantic & co.)
# Run from the repository root on a Hopper machine; writes under $OUT (or out/).
set -u
OUT=${OUT:-out}
mkdir -p "$OUT"
LOG="$OUT/all.log"
export PYTHONPATH=src PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw --format=csv >>"$LOG" 2>&1
python -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__,
 'cudnn', torch.backends.cudnn.version())" >>"$LOG" 2>&1
T0=$(date +%s)
ABCMD=(python benchmarks/fwd_d128_ab.py)
if [ "${TIER:-0}" = 1 ]; then
    python -m pip install -q --no-index --no-deps --target /tmp/site .whl/*.whl >>"$LOG" 2>&1
    (PYTHONPATH=src:/tmp/site timeout "${TIER_S:-300}" python -m pytest -q -m gpu -n 8 ${TIER_FILES:-tests/gpu/test_gluon_fwd_gpu.py} \
        >"$OUT/pytest.log" 2>&1; echo "pytest rc=$?" >>"$OUT/pytest.log") &
    PT=$!
fi
if [ "${CHECK:-0}" = 1 ]; then
    timeout 300 "${ABCMD[@]}" ${CVARIANTS:+--variants $CVARIANTS} --check-only --json "$OUT/check.json" >"$OUT/check.log" 2>&1
    echo "check rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep -A30 "^check B" "$OUT/check.log" >>"$LOG"
fi
if [ "${TIER:-0}" = 1 ]; then
    wait $PT
    grep -E "passed|failed|error|rc=" "$OUT/pytest.log" | tail -5 >>"$LOG"
    echo "tier done at $(($(date +%s) - T0)) s" >>"$LOG"
fi
if [ "${PROFILE:-0}" = 1 ]; then
    timeout "${PROFILE_S:-240}" ncu --clock-control none --section SpeedOfLight --section ComputeWorkloadAnalysis \
        --section WarpStateStats --section SchedulerStats --section InstructionStats --section SourceCounters \
        -k regex:"gluon|sdpa|fprop" -f -o /tmp/prof "${ABCMD[@]}" --once --shapes ${PSHAPES:-2,16,8192,128} \
        --variants ${PVARIANTS:-shipped} >/tmp/ncu.log 2>&1
    echo "ncu rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    tail -3 /tmp/ncu.log >>"$LOG"
    ncu -i /tmp/prof.ncu-rep --page source --csv --print-source sass >/tmp/source.csv 2>>"$LOG"
    python benchmarks/ncu_fwd_regions.py /tmp/source.csv --json "$OUT/regions.json" >>"$LOG" 2>&1
    ncu -i /tmp/prof.ncu-rep --page details --csv >"$OUT/details.csv" 2>>"$LOG"
    python - "$OUT/details.csv" >>"$LOG" 2>&1 <<'PY'
import csv, sys
want = ["Duration", "Elapsed Cycles", "SM Frequency", "Compute (SM) Throughput", "Executed Ipc Active",
        "Issue Slots Busy", "Issued Warp Per Scheduler", "No Eligible", "Warp Cycles Per Issued Instruction",
        "Executed Instructions", "Memory Throughput", "DRAM Throughput"]
rows = list(csv.DictReader(open(sys.argv[1])))
seen = {}
for r in rows:
    key = (r["ID"], r["Kernel Name"][:40])
    if r["Metric Name"] in want:
        seen.setdefault(key, {})[r["Metric Name"]] = f'{r["Metric Value"]} {r["Metric Unit"]}'
for (i, name), m in seen.items():
    print(i, name, "|", "; ".join(f"{k} {v}" for k, v in m.items()))
PY
fi
if [ "${AB:-0}" = 1 ]; then
    timeout "${AB_S:-300}" "${ABCMD[@]}" ${SHAPES:+--shapes $SHAPES} ${VARIANTS:+--variants $VARIANTS} \
        --rounds "${ROUNDS:-7}" --json "$OUT/ab.json" >"$OUT/ab.log" 2>&1
    echo "ab rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep -A80 "^shape | variant" "$OUT/ab.log" >>"$LOG"
fi
cat "$LOG"
