#!/usr/bin/env bash
# Device calls for docs/kernels-log.md, 2026-11-29, twenty-eighth session (issue 41): the D256 forward.
# STEPS (space-separated, in this order):
#   bench  the public table (attention_bench.py --impls ours sdpa_cudnn --mode fwd --causal both --rounds 5)
#          at the D256 shapes (BSHAPES), as shipped; its JSON and log under $OUT/$BTAG
#   check  fwd_d128_ab.py --check-only --check-dims 256 (CVARIANTS; fp32 reference, 2x plain PyTorch), in the
#          background beside the GPU tier (both only read correctness; their builds warm Triton's cache)
#   tier   pytest --noconftest -n 8 tests/gpu/test_gluon_fwd_gpu.py -k "$TIER_K"
#   ab     fwd_d128_ab.py --rounds ROUNDS: NVARIANTS at the non-causal SHAPES, then (AB_CAUSAL=1; AB_C_S) CVARIANTS_T
#          at their causal forms (cuDNN's SDPA in the same rounds, the first variant timed twice)
#   power  fwd_ab.py --power POWER_S: the first of NVARIANTS and cuDNN back to back at PWSHAPES, nvidia-smi's
#          SM clock, power and power cap every 50 ms (twenty-ninth session)
#   ncu    ncu --clock-control none of PVARIANTS at PSHAPES (one launch each; with PKERNELS cuDNN's too), regions
#          by ncu_fwd_regions.py; the tensor pipe's metrics this ncu knows (--query-metrics) added
# Run from a copy of src/, benchmarks/ and tests/ on a Hopper machine; writes under $OUT (or out/).
set -u
OUT=${OUT:-out}
mkdir -p "$OUT"
LOG="$OUT/all.log"
export PYTHONPATH=src PYTHONUNBUFFERED=1
STEPS=${STEPS:-bench check tier ab}
SHAPES=${SHAPES:-1,16,16384,256 2,8,16384,256 2,16,8192,256 8,8,2048,256}
BSHAPES=${BSHAPES:-$SHAPES}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit,temperature.gpu \
    --format=csv >>"$LOG" 2>&1
python -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__,
 'cudnn', torch.backends.cudnn.version())" >>"$LOG" 2>&1
T0=$(date +%s)
AB=(python benchmarks/fwd_d128_ab.py)
has() { [[ " $STEPS " == *" $1 "* ]]; }
if has bench; then
    mkdir -p "$OUT/${BTAG:-bench}"
    timeout "${BENCH_S:-150}" python benchmarks/attention_bench.py --impls ours sdpa_cudnn --mode fwd \
        --causal both --rounds 5 --shapes $BSHAPES --out "$OUT/${BTAG:-bench}" >"$OUT/${BTAG:-bench}/bench.log" 2>&1
    echo "bench rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep -A12 "^B,H,N,D" "$OUT/${BTAG:-bench}/bench.log" >>"$LOG"
fi
if has power; then
    timeout "${POWER_TO:-90}" "${AB[@]}" --power "${POWER_S:-3}" --variants ${NVARIANTS%% *} \
        --shapes ${PWSHAPES:-1,16,16384,256 8,8,2048,256} --json "$OUT/power.json" >"$OUT/power.log" 2>&1
    echo "power rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep -A8 "^shape | kernel" "$OUT/power.log" >>"$LOG"
fi
if has check; then
    timeout "${CHECK_S:-200}" "${AB[@]}" --check-only --check-dims 256 \
        --variants ${CVARIANTS:-shipped r8 r8w or ff df r8w+or+ff df+r8w+or q2} --json "$OUT/check.json" >"$OUT/check.log" 2>&1 &
    CPID=$!
fi
if has tier; then
    timeout "${TIER_S:-200}" python -m pytest --noconftest -q -n 8 -p no:cacheprovider -W ignore \
        tests/gpu/test_gluon_fwd_gpu.py -k "${TIER_K:-d256_options or (conditional_rescale and -256-)}" \
        >"$OUT/pytest.log" 2>&1
    echo "pytest rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep -E "passed|failed|error" "$OUT/pytest.log" | tail -5 >>"$LOG"
fi
if has check; then
    wait $CPID
    echo "check rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep -A10 "^check B" "$OUT/check.log" >>"$LOG"
fi
if has ab; then
    causal=$(for s in $SHAPES; do printf '%s:c ' "$s"; done)
    timeout "${AB_S:-200}" "${AB[@]}" --variants ${NVARIANTS:-shipped r8 r8w or ff r8w+or r8w+or+ff} \
        --rounds "${ROUNDS:-9}" --shapes $SHAPES --json "$OUT/ab.json" >"$OUT/ab.log" 2>&1
    echo "ab rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    [ "${AB_CAUSAL:-1}" = 1 ] && timeout "${AB_C_S:-${AB_S:-200}}" "${AB[@]}" --variants ${CVARIANTS_T:-shipped df r8w or ff df+r8w df+r8w+or} \
        --rounds "${ROUNDS:-9}" --shapes $causal --json "$OUT/ab_causal.json" >"$OUT/ab_causal.log" 2>&1
    [ "${AB_CAUSAL:-1}" = 1 ] && echo "ab causal rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
fi
if has ncu; then
    ncu --query-metrics >"$OUT/ncu_metrics.txt" 2>&1
    met=$(awk '{print $1}' "$OUT/ncu_metrics.txt" | grep -xE 'sm__pipe_tensor(_op_(gmma|hgmma|hmma))?_cycles_active' |
        sed 's/$/.avg.pct_of_peak_sustained_active/' | paste -sd, -)
    echo "tensor-pipe metrics: ${met:-none}" >>"$LOG"
    timeout "${PROFILE_S:-200}" ncu --clock-control none --section SpeedOfLight --section WarpStateStats \
        --section SchedulerStats --section InstructionStats --section SourceCounters \
        --section ComputeWorkloadAnalysis ${met:+--metrics $met} \
        -k regex:"${PKERNELS:-gluon}" -f -o /tmp/prof "${AB[@]}" --once --shapes ${PSHAPES:-2,16,8192,256} \
        --variants ${PVARIANTS:-shipped r8w} >/tmp/ncu.log 2>&1
    echo "ncu rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    tail -3 /tmp/ncu.log >>"$LOG"
    ncu -i /tmp/prof.ncu-rep --page source --csv --print-source sass >"$OUT/source.csv" 2>>"$LOG"
    python benchmarks/ncu_fwd_regions.py "$OUT/source.csv" --json "$OUT/regions.json" >>"$LOG" 2>&1
    gzip -f "$OUT/source.csv"
    ncu -i /tmp/prof.ncu-rep --page details --csv >"$OUT/details.csv" 2>>"$LOG"
    grep -E '"(Duration|Elapsed Cycles|SM Frequency|Compute \(SM\) Throughput|Issue Slots Busy|Warp Cycles Per Issued Instruction|Executed Instructions|Registers Per Thread)"|sm__pipe_tensor' \
        "$OUT/details.csv" | cut -d, -f1,5,13- >>"$LOG"
    ncu -i /tmp/prof.ncu-rep --page raw --csv ${met:+--metrics $met,sm__cycles_elapsed.avg.per_second,gpu__time_duration.sum} \
        >"$OUT/raw.csv" 2>>"$LOG" && cut -c1-400 "$OUT/raw.csv" | head -8 >>"$LOG"
fi
cat "$LOG"
grep -h -A40 "^shape | variant" "$OUT/ab.log" "$OUT/ab_causal.log" 2>/dev/null
# at most 8 files come back from a device call: everything but this log in one archive
(cd "$OUT" && tar czf /tmp/results.tgz --exclude=all.log . && \
    find . -mindepth 1 ! -name all.log -delete && mv /tmp/results.tgz .)
