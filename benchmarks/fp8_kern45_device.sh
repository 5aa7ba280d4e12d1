#!/usr/bin/env bash
# Device calls for the FP8 / bf16 gap at causal D64 N1024 (docs/kernels-log.md, 2026-12-01, forty-fifth
# session). Steps on when their variable is 1: GAP (fp8_d64_gap_profile.py: kernel us over B, host us, the
# schedule's loads), NCU (the e4m3 call's one launch and the bf16 call at 4,16,1024 / 8,16,1024 causal D64:
# launch stats, occupancy, scheduler and warp-state stats, per-SM active cycles, source counters; then
# ncu_details / ncu_sass_phases / ncu_fwd_regions --partitions), AB (fp8_n1024_ab.py --errors, alternated
# rounds, $VARS at $SHAPES), NCU2 (per-SM active cycles of the FP8 kernel for $NCU2_VARS), TESTS (the GPU
# file as plain functions, then its fixture tests). Writes under $OUT (or out/). The sm_pairs variants need benchmarks/results/fp8_sm_pairs_20261201-kern45.patch applied
# (not kept).
set -u
OUT=${OUT:-out}
mkdir -p "$OUT"
LOG="$OUT/all.log"
export PYTHONPATH=${PYTHONPATH:-src}:tests:benchmarks PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit --format=csv >>"$LOG" 2>&1
python -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__, 'cuda', torch.version.cuda)" >>"$LOG" 2>&1
T0=$(date +%s)
SHAPES=${SHAPES:-4,1024,16,64,c 8,1024,16,64,c 2,2048,16,64,c 4,4096,32,64,c}
if [ "${GAP:-0}" = 1 ]; then
    timeout "${GAP_S:-150}" python benchmarks/fp8_d64_gap_profile.py --json "$OUT/gap.json" >"$OUT/gap.log" 2>&1
    echo "gap rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
fi
if [ "${NCU:-0}" = 1 ]; then
    M=sm__cycles_active.min,sm__cycles_active.max,sm__cycles_active.avg,sm__cycles_elapsed.max
    M=$M,sm__ctas_launched.min,sm__ctas_launched.max,launch__waves_per_multiprocessor
    timeout "${NCU_S:-200}" ncu --clock-control none --profile-from-start off -k regex:gluon \
        --section LaunchStats --section Occupancy --section SchedulerStats --section WarpStateStats \
        --section SpeedOfLight --section SourceCounters --metrics "$M" -o "$OUT/prof" \
        python benchmarks/fp8_n1024_ab.py --once --shapes 4,1024,16,64,c 8,1024,16,64,c --variants shipped \
        >"$OUT/ncu.log" 2>&1
    echo "ncu rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    ncu -i "$OUT/prof.ncu-rep" --page details --csv >/tmp/details.csv 2>/dev/null
    ncu -i "$OUT/prof.ncu-rep" --page raw --csv --metrics "$M" >/tmp/raw.csv 2>/dev/null
    ncu -i "$OUT/prof.ncu-rep" --page source --csv --print-source sass 2>/dev/null | gzip >"$OUT/source.csv.gz"
    {
        python benchmarks/ncu_details.py /tmp/details.csv
        grep -E "Warp Cycles Per|Stall|Active Warps|Eligible|Theoretical Occ|Achieved Occ|Block Limit|Waves|Duration|Registers|Shared Memory Config|Dynamic Shared" /tmp/details.csv | cut -c1-260
        cat /tmp/raw.csv
        zcat "$OUT/source.csv.gz" >/tmp/source.csv
        python benchmarks/ncu_sass_phases.py /tmp/source.csv --min 20000 --diff 0 1
        python benchmarks/ncu_sass_phases.py /tmp/source.csv --min 20000 --diff 2 3
        python benchmarks/ncu_fwd_regions.py /tmp/source.csv --partitions
    } >"$OUT/ncu_summary.txt" 2>&1
    gzip -c /tmp/details.csv >"$OUT/details.csv.gz"
fi
if [ "${NCU2:-0}" = 1 ]; then  # per-SM active cycles of the FP8 kernel alone, $NCU2_VARS at $NCU2_SHAPES
    M=sm__cycles_active.min,sm__cycles_active.max,sm__cycles_active.avg,sm__cycles_elapsed.max
    timeout "${NCU_S:-200}" ncu --clock-control none --profile-from-start off -k regex:gluon_attn_fp8 \
        --metrics "$M" --csv python benchmarks/fp8_n1024_ab.py --once --shapes $NCU2_SHAPES \
        --variants $NCU2_VARS >"$OUT/ncu_sm.csv" 2>"$OUT/ncu_sm.err"
    echo "ncu2 rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep -E "sm__cycles" "$OUT/ncu_sm.csv" | awk -F'","' '{print $1, $(NF-2), $NF}' >>"$LOG"
fi
if [ "${AB:-0}" = 1 ]; then
    VARS=${VARS:-shipped}
    for v in $VARS; do
        timeout 200 python benchmarks/fp8_n1024_ab.py --warm --shapes $SHAPES --variants "$v" >/dev/null 2>&1 &
    done
    wait
    timeout "${AB_S:-200}" python benchmarks/fp8_n1024_ab.py --errors --shapes $SHAPES --variants $VARS \
        --rounds "${ROUNDS:-9}" --json "$OUT/ab.json" >"$OUT/ab.log" 2>&1
    echo "ab rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
fi
if [ "${TESTS:-0}" = 1 ]; then
    timeout "${TESTS_S:-200}" python benchmarks/gpu_tests_plain.py tests/gpu/test_gluon_fp8_gpu.py \
        --budget "${TESTS_BUDGET:-180}" >"$OUT/gpu_tests_all.log" 2>&1
    echo "all tests rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep -v "^PASS" "$OUT/gpu_tests_all.log" | tail -n 8 >>"$LOG"
    timeout "${FIX_S:-90}" python -m pytest -q --noconftest -p fp8_fixture_plugin -p no:cacheprovider \
        tests/gpu/test_gluon_fp8_gpu.py -k 'uncopied or forced_gluon_path or path_override' \
        >"$OUT/gpu_tests_fixtures.log" 2>&1
    echo "fixture tests rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    tail -n 3 "$OUT/gpu_tests_fixtures.log" >>"$LOG"
fi
cat "$LOG"
tail -n 12 "$OUT/gap.log" 2>/dev/null
grep -E "^[0-9]+ gluon" "$OUT/ncu_summary.txt" 2>/dev/null | cut -c1-400
tail -n 8 "$OUT/ab.log" 2>/dev/null
