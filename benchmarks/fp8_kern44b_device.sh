#!/usr/bin/env bash
# Device calls for the FP8 D64 transposer with four chunks a load (LDS.128, V^T stored by STSM;
# GluonFwdConfig.vt_split 2) against main's chunk pairs (vt_split 1) (docs/kernels-log.md, 2026-12-01,
# forty-fourth session (later)). Steps on when their variable is 1: TESTS (the bytes test: vt_split 2 / 1 / 0
# bit for bit), AB (fp8_n1024_ab.py --errors, both pinned, alternated rounds, at the short causal D64
# shapes), TESTS2 (the whole GPU file as plain functions, then its fixture tests by pytest --noconftest).
# The vt_split 2 / 3 builds are not on main: apply benchmarks/results/fp8_vt_wide_20261201-kern44b.patch
# first (not kept). Writes under $OUT (or out/).
set -u
OUT=${OUT:-out}
mkdir -p "$OUT"
LOG="$OUT/all.log"
export PYTHONPATH=${PYTHONPATH:-src}:tests:benchmarks PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit --format=csv >>"$LOG" 2>&1
python -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__, 'cuda', torch.version.cuda)" >>"$LOG" 2>&1
T0=$(date +%s)
ABCMD=(python benchmarks/fp8_n1024_ab.py)
SHAPES=${SHAPES:-4,1024,16,64,c 8,1024,16,64,c 2,2048,16,64,c 4,2048,16,64,c}
VARS=${VARS:-shipped+vt_split=1 shipped+vt_split=2}
if [ "${AB:-0}" = 1 ]; then  # the variants' builds (the JIT cache) beside the bytes test
    for v in $VARS; do
        timeout 200 "${ABCMD[@]}" --warm --shapes $SHAPES --variants "$v" >"$OUT/warm_${v//[^a-z0-9]/_}.log" 2>&1 &
    done
fi
if [ "${TESTS:-0}" = 1 ]; then
    timeout "${TESTS_S:-150}" python benchmarks/gpu_tests_plain.py tests/gpu/test_gluon_fp8_gpu.py \
        --first test_the_v_transposers_split_changes_no_bytes --only --budget "${TESTS_BUDGET:-140}" \
        >"$OUT/gpu_tests.log" 2>&1
    echo "bytes test rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    tail -n 4 "$OUT/gpu_tests.log" >>"$LOG"
fi
wait
echo "warm done at $(($(date +%s) - T0)) s" >>"$LOG"
if [ "${AB:-0}" = 1 ]; then
    timeout "${AB_S:-150}" "${ABCMD[@]}" --errors --shapes $SHAPES --variants $VARS \
        --rounds "${ROUNDS:-9}" --json "$OUT/ab.json" >"$OUT/ab.log" 2>&1
    echo "ab rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
fi
if [ "${TESTS2:-0}" = 1 ]; then
    timeout "${TESTS2_S:-240}" python benchmarks/gpu_tests_plain.py tests/gpu/test_gluon_fp8_gpu.py \
        --first test_the_v_transposers_split_changes_no_bytes --budget "${TESTS2_BUDGET:-220}" \
        >"$OUT/gpu_tests_all.log" 2>&1
    echo "all tests rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep -v "^PASS" "$OUT/gpu_tests_all.log" | tail -n 8 >>"$LOG"
    timeout "${FIX_S:-90}" python -m pytest -q --noconftest -p fp8_fixture_plugin -p no:cacheprovider \
        tests/gpu/test_gluon_fp8_gpu.py -k 'uncopied or forced_gluon_path or path_override' \
        >"$OUT/gpu_tests_fixtures.log" 2>&1
    echo "fixture tests rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    tail -n 3 "$OUT/gpu_tests_fixtures.log" >>"$LOG"
fi
cat "$LOG"
tail -n 7 "$OUT/ab.log" 2>/dev/null
