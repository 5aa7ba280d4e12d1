#!/usr/bin/env bash
# One device call for the FP8 D64 transposer's early raw-slot release (docs/kernels-log.md, 2026-12-01,
# forty-fourth session): the GPU bytes test first, the variants' builds in parallel, then the alternated
# A/B of the e4m3 call (benchmarks/fp8_n1024_ab.py) at the short causal D64 shapes (shipped = raw slot
# back after the loads, against shipped+vt_early=0) and V^T in the kernel against its own launch where the
# call runs two launches (shipped+vt=1, with and without the early release). Steps on when their variable is 1:
# TESTS (TESTS_ONLY: gpu_tests_plain.py --only those names), AB, VT (these two need the early build's
# GluonFwdConfig.vt_early: benchmarks/results/fp8_vt_early_20261201-kern44.patch, not kept); RULE (gluon.fp8.transposes_v's D64 causal
# rule against V^T's own launch) and TESTS2 (the whole GPU file). Writes under $OUT (or out/).
set -u
OUT=${OUT:-out}
mkdir -p "$OUT"
LOG="$OUT/all.log"
export PYTHONPATH=${PYTHONPATH:-src}:tests PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit --format=csv >>"$LOG" 2>&1
python -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__, 'cuda', torch.version.cuda)" >>"$LOG" 2>&1
T0=$(date +%s)
ABCMD=(python benchmarks/fp8_n1024_ab.py)
SHAPES_E=${SHAPES_E:-4,1024,16,64,c 8,1024,16,64,c 2,2048,16,64,c 4,4096,32,64,c}
SHAPES_V=${SHAPES_V:-4,2048,16,64,c 2,4096,16,64,c 8,2048,16,64,c}
if [ "${TESTS:-0}" = 1 ]; then
    timeout "${TESTS_S:-200}" python benchmarks/gpu_tests_plain.py tests/gpu/test_gluon_fp8_gpu.py \
        --first ${TESTS_FIRST:-test_the_v_transposers_split_changes_no_bytes} ${TESTS_ONLY:+--only} \
        --budget "${TESTS_BUDGET:-150}" >"$OUT/gpu_tests.log" 2>&1
    echo "tests rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    tail -n 4 "$OUT/gpu_tests.log" >>"$LOG"
fi
if [ "${AB:-0}" = 1 ] || [ "${VT:-0}" = 1 ]; then
    for v in shipped shipped+vt_early=0; do
        timeout 200 "${ABCMD[@]}" --warm --shapes $SHAPES_E --variants "$v" >/dev/null 2>&1 &
    done
    for v in shipped shipped+vt=1 shipped+vt=1+vt_early=0; do
        timeout 200 "${ABCMD[@]}" --warm --shapes $SHAPES_V --variants "$v" >/dev/null 2>&1 &
    done
    wait
    echo "warm done at $(($(date +%s) - T0)) s" >>"$LOG"
fi
if [ "${AB:-0}" = 1 ]; then
    timeout "${AB_S:-150}" "${ABCMD[@]}" --errors --shapes $SHAPES_E --variants shipped shipped+vt_early=0 \
        --rounds "${ROUNDS:-9}" --json "$OUT/ab_early.json" >/tmp/ab_early.log 2>&1
    echo "ab early rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
fi
if [ "${VT:-0}" = 1 ]; then
    timeout "${VT_S:-150}" "${ABCMD[@]}" --shapes $SHAPES_V --variants shipped shipped+vt=1 shipped+vt=1+vt_early=0 \
        --rounds "${ROUNDS:-9}" --json "$OUT/ab_vt.json" >/tmp/ab_vt.log 2>&1
    echo "ab vt rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
fi
if [ "${RULE:-0}" = 1 ]; then  # gluon.fp8.transposes_v's D64 causal rule as shipped against V^T's own launch
    SHAPES_R=${SHAPES_R:-4,2048,16,64,c 8,2048,16,64,c 2,4096,16,64,c}
    for v in shipped shipped+vt=0; do
        timeout 200 "${ABCMD[@]}" --warm --shapes $SHAPES_R 16,2048,16,64,c --variants "$v" >/dev/null 2>&1 &
    done
    timeout 200 "${ABCMD[@]}" --warm --shapes 16,2048,16,64,c --variants shipped+vt=1 >/dev/null 2>&1 &
    wait
    echo "rule warm done at $(($(date +%s) - T0)) s" >>"$LOG"
    timeout "${RULE_S:-150}" "${ABCMD[@]}" --errors --shapes $SHAPES_R --variants shipped shipped+vt=0 \
        --rounds "${ROUNDS:-9}" --json "$OUT/ab_rule.json" >/tmp/ab_rule.log 2>&1
    echo "ab rule rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    timeout "${RULE_S:-150}" "${ABCMD[@]}" --shapes 16,2048,16,64,c --variants shipped shipped+vt=1 \
        --rounds "${ROUNDS:-9}" --json "$OUT/ab_rule16.json" >/tmp/ab_rule16.log 2>&1
    echo "ab rule 16 rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
fi
if [ "${TESTS2:-0}" = 1 ]; then  # the whole GPU file (tests taking fixtures left out), after the timings
    timeout "${TESTS2_S:-280}" python benchmarks/gpu_tests_plain.py tests/gpu/test_gluon_fp8_gpu.py \
        --first ${TESTS_FIRST:-test_the_v_transposers_split_changes_no_bytes} --budget "${TESTS2_BUDGET:-240}" \
        >"$OUT/gpu_tests_all.log" 2>&1
    echo "all tests rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep -v "^PASS" "$OUT/gpu_tests_all.log" | tail -n 8 >>"$LOG"
fi
cat "$LOG"
tail -n 7 /tmp/ab_early.log /tmp/ab_vt.log /tmp/ab_rule.log /tmp/ab_rule16.log 2>/dev/null
