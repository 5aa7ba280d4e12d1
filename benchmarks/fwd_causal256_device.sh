#!/usr/bin/env bash
# Device call for docs/kernels-log.md, 2026-12-01, forty-sixth session (issue 41): the causal D256 forward.
# STEPS (space-separated; they run in this file's order: ab, power, bench, check, ncu, tier):
#   ab     fwd_d128_ab.py --rounds $ROUNDS --variants $VARIANTS at $SHAPES (order reversed every other round,
#          cuDNN's SDPA in the same rounds, the first variant timed twice)
#   power  fwd_ab.py --power $POWER_S: each of $PWVARIANTS (space-separated runs, "name@shape/shape...") and
#          cuDNN back to back, nvidia-smi's SM clock, power and power cap every 50 ms
#   bench  the public table (attention_bench.py --impls ours sdpa_cudnn --mode fwd --causal both --rounds 5)
#          at $BSHAPES, as shipped
#   check  fwd_d128_ab.py --check-only --check-dims 256 --variants $CVARIANTS (fp32 reference, 2x plain PyTorch)
#   ncu    ncu --clock-control none, one launch each of $PVARIANTS at $PSHAPES (and $NVARIANTS at $NSHAPES):
#          speed of light, warp states, scheduler, instructions, memory, source counters; regions by
#          ncu_fwd_regions.py
#   tier   pytest tests/gpu/test_gluon_fwd_gpu.py -k "$TIER_K"
# Writes under $OUT (or out/); everything but all.log in one archive (a device call returns 8 files at most).
set -u
OUT=${OUT:-out}
mkdir -p "$OUT"
LOG="$OUT/all.log"
export PYTHONPATH=${PYTHONPATH:-src} PYTHONUNBUFFERED=1
STEPS=${STEPS:-check ab ncu}
SHAPES=${SHAPES:-1,16,16384,256:c 2,8,16384,256:c}
VARIANTS=${VARIANTS:-shipped df+r8 df+r8+ot0+cr240 df+r8+qr+cr248 qr}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit,temperature.gpu \
    --format=csv >>"$LOG" 2>&1
python -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__,
 'cudnn', torch.backends.cudnn.version())" >>"$LOG" 2>&1
T0=$(date +%s)
AB=(python benchmarks/fwd_d128_ab.py)
has() { [[ " $STEPS " == *" $1 "* ]]; }
if has ab; then
    timeout "${AB_S:-240}" "${AB[@]}" --variants $VARIANTS --rounds "${ROUNDS:-9}" --shapes $SHAPES \
        --json "$OUT/ab.json" >"$OUT/ab.log" 2>&1
    echo "ab rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
fi
if has power; then
    n=0
    for run in ${PWVARIANTS:-shipped@1,16,16384,256/1,16,16384,256:c r0+df0@1,16,16384,256:c}; do
        n=$((n + 1))
        timeout "${POWER_TO:-90}" "${AB[@]}" --power "${POWER_S:-3}" --variants "${run%%@*}" \
            --shapes $(echo "${run#*@}" | tr / ' ') \
            --json "$OUT/power$n.json" >"$OUT/power$n.log" 2>&1
        echo "power $run rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
        grep -A8 "^shape | kernel" "$OUT/power$n.log" >>"$LOG"
    done
fi
if has bench; then
    mkdir -p "$OUT/bench"
    timeout "${BENCH_S:-150}" python benchmarks/attention_bench.py --impls ours sdpa_cudnn --mode fwd \
        --causal both --rounds 5 --shapes ${BSHAPES:-1,16,16384,256 2,8,16384,256} --out "$OUT/bench" \
        >"$OUT/bench/bench.log" 2>&1
    echo "bench rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep -A12 "^B,H,N,D" "$OUT/bench/bench.log" >>"$LOG"
fi
if has check; then
    timeout "${CHECK_S:-200}" "${AB[@]}" --check-only --check-dims 256 ${CHECK_OPTS:---check-causal yes --check-dtypes bf16} \
        --variants ${CVARIANTS:-$VARIANTS} \
        --json "$OUT/check.json" >"$OUT/check.log" 2>&1
    echo "check rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep -A14 "^check B" "$OUT/check.log" >>"$LOG"
fi
prof() {  # name, shapes, variants
    timeout "${PROFILE_S:-150}" ncu --clock-control none --section SpeedOfLight --section WarpStateStats \
        --section SchedulerStats --section InstructionStats --section SourceCounters --section Occupancy \
        --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis \
        --metrics sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active,sm__cycles_active.avg,lts__t_sector_hit_rate.pct \
        -k regex:gluon -f -o "/tmp/$1" "${AB[@]}" --once --shapes $2 --variants $3 >"/tmp/$1.log" 2>&1
    echo "ncu $1 rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    tail -2 "/tmp/$1.log" >>"$LOG"
    ncu -i "/tmp/$1.ncu-rep" --page source --csv --print-source sass >"$OUT/$1_source.csv" 2>>"$LOG"
    python benchmarks/ncu_fwd_regions.py "$OUT/$1_source.csv" --json "$OUT/$1_regions.json" >>"$LOG" 2>&1
    gzip -f "$OUT/$1_source.csv"
    ncu -i "/tmp/$1.ncu-rep" --page details --csv >"$OUT/$1_details.csv" 2>>"$LOG"
    grep -E '"(Duration|Elapsed Cycles|SM Active Cycles|SM Frequency|Issue Slots Busy|Warp Cycles Per Issued Instruction|Executed Instructions|Registers Per Thread|L2 Hit Rate|DRAM Throughput|Memory Throughput)"' \
        "$OUT/$1_details.csv" | cut -d, -f1,5,13- >>"$LOG"
    ncu -i "/tmp/$1.ncu-rep" --page raw --csv \
        --metrics sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active,sm__cycles_active.avg,sm__cycles_elapsed.max,gpu__time_duration.sum,lts__t_sector_hit_rate.pct \
        >"$OUT/$1_raw.csv" 2>>"$LOG" && cut -c1-600 "$OUT/$1_raw.csv" >>"$LOG"
}
if has ncu; then
    prof causal "${PSHAPES:-1,16,16384,256:c}" "${PVARIANTS:-shipped df+r8 df+r8+ot0+cr240 df+r8+qr+cr248}"
    [ -n "${NVARIANTS-shipped}" ] && prof noncausal "${NSHAPES:-1,16,16384,256}" "${NVARIANTS:-shipped}"
fi
if has tier; then
    PYTHONPATH="$PYTHONPATH:$PWD/tests" timeout "${TIER_S:-200}" python -m pytest --noconftest -q -n 8 -p no:cacheprovider -W ignore \
        tests/gpu/test_gluon_fwd_gpu.py -k "${TIER_K:-d256}" >"$OUT/pytest.log" 2>&1
    echo "pytest rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep -E "passed|failed|error" "$OUT/pytest.log" | tail -5 >>"$LOG"
fi
cat "$LOG"
grep -h -A40 "^shape | variant" "$OUT/ab.log" 2>/dev/null
(cd "$OUT" && tar czf /tmp/results.tgz --exclude=all.log . && \
    find . -mindepth 1 ! -name all.log -delete && mv /tmp/results.tgz .)
