#!/usr/bin/env bash
# Device call for docs/kernels-log.md, 2026-12-02, forty-ninth session (issue 41, target 1): the fused D128
# backward profiled, then its dQ-writer option A/B'd (benchmarks/bwd_dqwriter_ab.py). STEPS (in this order):
#   prof   ncu --clock-control none on the shipped fused kernel at $PSHAPE, non-causal and causal (sections:
#          SpeedOfLight, WarpStateStats, InstructionStats, LaunchStats, Occupancy, ComputeWorkloadAnalysis,
#          MemoryWorkloadAnalysis_Tables, SourceCounters); details and per-SASS source pages as CSV
#   check  bwd_dqwriter_ab.py --check (fp32 reference, plain PyTorch bf16 beside it)
#   ab     bwd_dqwriter_ab.py --rounds $ROUNDS at $SHAPES (alternated rounds)
#   ncu2   gpu__time_duration of both kernels at $PSHAPE, both causal settings
# Writes under $OUT (or out/); a short table last.
set -u
OUT=${OUT:-out}
mkdir -p "$OUT"
LOG="$OUT/all.log"
export PYTHONPATH=${PYTHONPATH:-src} PYTHONUNBUFFERED=1
STEPS=${STEPS:-prof}
PSHAPE=${PSHAPE:-2,16,8192,128}
{
    date -u
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit,temperature.gpu \
        --format=csv
    python -c "import torch, triton; print('torch', torch.__version__, 'cuda', torch.version.cuda, 'triton',
 triton.__version__, 'cudnn', torch.backends.cudnn.version())"
    ncu --version | tail -1
} >>"$LOG" 2>&1
T0=$(date +%s)
has() { [[ " $STEPS " == *" $1 "* ]]; }
if has prof; then
    for c in no yes; do
        timeout "${PROF_S:-150}" ncu --clock-control none -k regex:gluon_bwd_fused --launch-skip 1 \
            --launch-count 1 --section SpeedOfLight --section WarpStateStats --section InstructionStats \
            --section LaunchStats --section Occupancy --section ComputeWorkloadAnalysis \
            --section MemoryWorkloadAnalysis_Tables --section SourceCounters -f -o "$OUT/prof_$c" \
            python benchmarks/gluon_bwd_fused_ab.py --profile "$PSHAPE" --causal $c --variants lag1:s2 \
            >"$OUT/prof_$c.log" 2>&1
        echo "prof causal=$c rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
        ncu -i "$OUT/prof_$c.ncu-rep" --page details --csv >"$OUT/details_$c.csv" 2>>"$LOG"
        ncu -i "$OUT/prof_$c.ncu-rep" --page source --csv --print-source sass >"$OUT/source_$c.csv" 2>>"$LOG"
        python benchmarks/ncu_details.py "$OUT/details_$c.csv" >>"$LOG" 2>&1
        rm -f "$OUT/prof_$c.ncu-rep"
    done
fi
AB=(python benchmarks/bwd_dqwriter_ab.py)
if has check; then
    timeout "${CHECK_S:-150}" "${AB[@]}" --check --json "$OUT/check.json" >"$OUT/check.log" 2>&1
    echo "check rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep "^check" "$OUT/check.log" >>"$LOG"
fi
if has ab; then
    timeout "${AB_S:-300}" "${AB[@]}" --rounds "${ROUNDS:-7}" --shapes ${SHAPES:-2,16,8192,128:n 2,16,8192,128:c \
        4,16,4096,128:n 4,16,4096,128:c 2,32,8192,128,8:c} --json "$OUT/ab.json" >"$OUT/ab.log" 2>&1
    echo "ab rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
fi
if has ncu2; then
    for c in no yes; do
        timeout 150 ncu --clock-control none --metrics gpu__time_duration.sum,smsp__inst_executed.sum \
            -k regex:gluon_bwd_fused --csv --page raw "${AB[@]}" --profile "$PSHAPE" --causal $c \
            >"$OUT/ncu2_$c.csv" 2>"$OUT/ncu2_$c.err"
        echo "ncu2 causal=$c rc=$?" >>"$LOG"
        python - "$OUT/ncu2_$c.csv" "$c" >>"$LOG" 2>&1 <<'PY'
import csv, sys
lines = [l for l in open(sys.argv[1]) if l.startswith('"')]
rows = [r for r in csv.DictReader(lines) if r.get("ID", "").isdigit()]
for i, r in enumerate(rows):  # --profile runs shipped, dqw, shipped, dqw
    print(f"ncu2 causal={sys.argv[2]} {('shipped', 'dqw')[i % 2]} | {r['gpu__time_duration.sum']} ns | "
          f"{r['smsp__inst_executed.sum']} warp-instructions")
PY
    done
fi
cat "$LOG"
grep -h -A40 "^shape | " "$OUT/ab.log" 2>/dev/null
