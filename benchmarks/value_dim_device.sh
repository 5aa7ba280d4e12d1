#!/usr/bin/env bash
# One device call for the Gluon forward and backward at v's own head dim (MLA 192/128, the kernels' HEAD_DIM_V;
# docs/kernels-log.md, 2026-12-03, fifty-fourth and fifty-fifth sessions). Steps, each on when its variable is 1:
#   TESTS  the value-dim GPU tests (tests/gpu/test_flash_attn_parity_gpu.py -k value_head_dim: FlashAttention's
#          standard on output, lse and gradients; every pair's configuration and variants launched directly)
#          and a few of the Gluon forward's own cases (tests/gpu/test_gluon_fwd_gpu.py, GLUON_K); TESTS_K narrows
#          the value-dim tests (e.g. "value_head_dim and packed": the packed calls alone)
#   VARLEN the packed Gluon forward's GPU tests (tests/gpu/test_gluon_varlen_fwd_gpu.py, VARLEN_K)
#   PACKED benchmarks/value_dim_bench.py --packed (PACKED_SPECS, PACKED_ROUNDS, PACKED_IMPLS): the packed forward at
#          v's own width against the route before (tl.*, q/k padded to 256) and cuDNN per document / nested;
#          PACKED_FB=1: --packed-fwd-bwd, forward + backward too (the packed Gluon backward at v's width against the
#          tl.* backward route, v padded by the caller, cuDNN per document; fifty-sixth session)
#   FWD    benchmarks/value_dim_bench.py --fwd-only (SHAPES, ROUNDS, IMPLS; VARIANTS=1: the pair's variants)
#   FB     the same forward + backward (FB_SHAPES, FB_ROUNDS, FB_IMPLS): ours, ours_dq_q256 (the backward's
#          dQ on q/k padded to 256), ours_bwd_q256 (the backward's q/k padded to 256), ours_bwd_padded (the
#          backward padding both dims), ours_padded, sdpa_cudnn; BWD_VARIANTS=1: the backward pair's variants
#   KERN   each kernel's GPU time a forward+backward step (value_dim_profile.py --kernels; KERN_IMPLS)
#   NCU    Nsight Compute (--clock-control none) on one step of each of NCU_IMPLS at NCU_SHAPES, causal and not:
#          the sections of NCU_SECTIONS, SMs' active cycles (mean, most) and the tensor pipe; a line a kernel
#   GLUON_BWD  the Gluon backward's GPU tests (test_gluon_bwd_gpu.py; test_gluon_varlen_bwd_gpu.py -k VBWD_K), last
#   VBWD   the packed Gluon backward's GPU tests alone (test_gluon_varlen_bwd_gpu.py -k VBWD_K, default all; the
#          fresh_plans fixture from benchmarks/fp8_fixture_plugin.py), right after TESTS
# What comes back (8 files at most): all.log, errors.jsonl, the bench's and KERN's JSON, the ncu report and its
# raw CSV, logs.tar.gz (every step's log)
# Run from the repository root on a Hopper machine; writes under $OUT (or out/); the tables come last.
# No root conftest (its queue store needs pydantic, absent there): these tests use none of its fixtures.
set -u
OUT=${OUT:-out}
mkdir -p "$OUT"
LOG="$OUT/all.log"
export PYTHONPATH=src:tests PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit --format=csv >>"$LOG" 2>&1
python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__, 'cuda',
 torch.version.cuda, 'cudnn', torch.backends.cudnn.version())" >>"$LOG" 2>&1
T0=$(date +%s)
PYTEST=(python3 -m pytest -q --noconftest -p no:cacheprovider)
if [ "${TESTS:-0}" = 1 ]; then
    VALUE_DIM_ERRORS="$OUT/errors.jsonl" timeout "${TESTS_S:-240}" "${PYTEST[@]}" -n "${TESTS_N:-4}" \
        tests/gpu/test_flash_attn_parity_gpu.py -k "${TESTS_K:-value_head_dim}" >"$OUT/tests.log" 2>&1
    echo "value-dim tests rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep -E "passed|failed|error" "$OUT/tests.log" | tail -3 >>"$LOG"
    # the largest error over plain bf16's (FlashAttention's standard: at most 2) by what was compared
    python3 -c "
import json, collections
worst = collections.defaultdict(lambda: (0.0, ''))
for line in open('$OUT/errors.jsonl'):
    r = json.loads(line)
    key = r['what'].rsplit(' ', 1)[-1] + (' (gluon direct)' if ' gluon ' in r['what'] else '')
    key += ' (packed)' if r['what'].startswith('packed') else ''
    worst[key] = max(worst[key], (r['ratio'], r['what']))
for key, (ratio, what) in sorted(worst.items()):
    print(f'errors: {key}: max ours/plain {ratio:.3f} ({what})')
" >>"$LOG" 2>&1
    if [ -n "${GLUON_K:-}" ]; then
        timeout "${GLUON_S:-120}" "${PYTEST[@]}" -n 4 tests/gpu/test_gluon_fwd_gpu.py -k "$GLUON_K" \
            >"$OUT/tests_gluon.log" 2>&1
        echo "gluon forward tests rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
        grep -E "passed|failed|error" "$OUT/tests_gluon.log" | tail -3 >>"$LOG"
    fi
fi
BENCH=(python3 benchmarks/value_dim_bench.py --out "$OUT")
if [ "${VBWD:-0}" = 1 ]; then
    VB=()
    [ -n "${VBWD_K:-}" ] && VB=(-k "$VBWD_K")
    PYTHONPATH=src:tests:benchmarks timeout "${VBWD_S:-240}" "${PYTEST[@]}" -p fp8_fixture_plugin \
        -n "${VBWD_N:-4}" tests/gpu/test_gluon_varlen_bwd_gpu.py "${VB[@]}" >"$OUT/tests_vbwd.log" 2>&1
    echo "packed gluon backward tests rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep -E "passed|failed|error" "$OUT/tests_vbwd.log" | tail -3 >>"$LOG"
fi
if [ "${PACKED:-0}" = 1 ]; then
    PI=(--packed-impls ${PACKED_IMPLS:-ours ours_before ours:p sdpa_cudnn_docs sdpa_cudnn_njt})
    [ "${PACKED_FB:-0}" = 1 ] && PI=(--packed-fwd-bwd --packed-impls ${PACKED_IMPLS:-ours ours_bwd_tl ours_padded sdpa_cudnn_docs})
    timeout "${PACKED_S:-200}" "${BENCH[@]}" --packed ${PACKED_SPECS:-16384,16,192,128 32768,16,192,128 16384,16,128,64} \
        --rounds "${PACKED_ROUNDS:-5}" --tag "${PACKED_TAG:-packed}" "${PI[@]}" >"$OUT/packed.log" 2>&1
    echo "packed bench rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
fi
if [ "${VARLEN:-0}" = 1 ]; then
    VK=()
    [ -n "${VARLEN_K:-}" ] && VK=(-k "$VARLEN_K")
    timeout "${VARLEN_S:-200}" "${PYTEST[@]}" -n "${TESTS_N:-4}" tests/gpu/test_gluon_varlen_fwd_gpu.py "${VK[@]}" \
        >"$OUT/tests_varlen.log" 2>&1
    echo "packed gluon forward tests rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep -E "passed|failed|error" "$OUT/tests_varlen.log" | tail -3 >>"$LOG"
fi
if [ "${FWD:-0}" = 1 ]; then
    V=()
    [ "${VARIANTS:-0}" = 1 ] && V=(--variants)
    timeout "${FWD_S:-200}" "${BENCH[@]}" --fwd-only "${V[@]}" --rounds "${ROUNDS:-3}" --tag "${TAG:-fwd}" \
        --impls ${IMPLS:-ours ours_padded sdpa_cudnn} \
        --shapes ${SHAPES:-2,16,8192,192,128 4,16,4096,192,128 2,16,8192,128,64} >"$OUT/fwd.log" 2>&1
    echo "fwd bench rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
fi
if [ "${FB:-0}" = 1 ]; then
    BV=()
    [ "${BWD_VARIANTS:-0}" = 1 ] && BV=(--bwd-variants)
    timeout "${FB_S:-130}" "${BENCH[@]}" --rounds "${FB_ROUNDS:-3}" --tag "${FB_TAG:-fwdbwd}" "${BV[@]}" \
        --impls ${FB_IMPLS:-ours ours_dq_q256 ours_bwd_q256 ours_bwd_padded ours_padded sdpa_cudnn} \
        --shapes ${FB_SHAPES:-2,16,8192,192,128 4,16,4096,192,128} >"$OUT/fb.log" 2>&1
    echo "fwd+bwd bench rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
fi
if [ "${KERN:-0}" = 1 ]; then
    timeout "${KERN_S:-120}" python3 benchmarks/value_dim_profile.py --kernels --out "$OUT" --tag "${KERN_TAG:-kernels}" \
        --impls ${KERN_IMPLS:-ours ours_dq_q256 sdpa_cudnn} \
        --shapes ${KERN_SHAPES:-2,16,8192,192,128 4,16,4096,192,128} >"$OUT/kern.log" 2>&1
    echo "kernel times rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
fi
if [ "${NCU:-0}" = 1 ]; then
    NCU_BIN=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
    SECTIONS=()
    for sec in ${NCU_SECTIONS:-SpeedOfLight ComputeWorkloadAnalysis MemoryWorkloadAnalysis LaunchStats Occupancy \
        WarpStateStats SchedulerStats}; do
        SECTIONS+=(--section "$sec")
    done
    timeout "${NCU_S:-240}" "$NCU_BIN" --clock-control none --profile-from-start off "${SECTIONS[@]}" \
        --metrics sm__cycles_active.max,sm__cycles_active.min,sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active \
        -f -o "$OUT/prof" python3 benchmarks/value_dim_profile.py --ncu-step \
        --impls ${NCU_IMPLS:-ours sdpa_cudnn} --shapes ${NCU_SHAPES:-2,16,8192,192,128} >"$OUT/ncu.log" 2>&1
    echo "ncu rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    "$NCU_BIN" -i "$OUT/prof.ncu-rep" --page raw --csv >"$OUT/ncu_raw.csv" 2>>"$OUT/ncu.log"
    python3 benchmarks/value_dim_profile.py --ncu-read "$OUT/ncu_raw.csv" >"$OUT/ncu_summary.log" 2>&1
fi
if [ "${GLUON_BWD:-0}" = 1 ]; then
    timeout "${GLUON_BWD_S:-240}" "${PYTEST[@]}" -n "${TESTS_N:-4}" tests/gpu/test_gluon_bwd_gpu.py \
        >"$OUT/tests_gluon_bwd.log" 2>&1
    echo "gluon backward tests rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep -E "passed|failed|error" "$OUT/tests_gluon_bwd.log" | tail -3 >>"$LOG"
    timeout "${GLUON_BWD_S:-240}" "${PYTEST[@]}" -n "${TESTS_N:-4}" tests/gpu/test_gluon_varlen_bwd_gpu.py \
        -k "${VBWD_K:-gradients_match_reference}" >"$OUT/tests_gluon_varlen_bwd.log" 2>&1
    echo "gluon varlen backward tests rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep -E "passed|failed|error" "$OUT/tests_gluon_varlen_bwd.log" | tail -3 >>"$LOG"
fi
nvidia-smi --query-gpu=clocks.sm,power.draw,temperature.gpu --format=csv >>"$LOG" 2>&1
cat "$LOG"
for f in "$OUT"/tests*.log; do
    [ -f "$f" ] && grep -E "^(FAILED|ERROR)|Error|assert" "$f" | head -20
done
[ -f "$OUT/ncu_summary.log" ] && cat "$OUT/ncu_summary.log"
[ -f "$OUT/kern.log" ] && sed -n '/^B,H,N,Dqk,Dv | causal | impl | kernel/,$p' "$OUT/kern.log"
for f in "$OUT/fwd.log" "$OUT/fb.log" "$OUT/packed.log"; do
    [ -f "$f" ] && sed -n '/^# {/,$p' "$f"
done
# every step's log in one file (what comes back is 8 files at most)
(cd "$OUT" && tar czf logs.tar.gz --remove-files $(ls ./*.log | grep -v '^./all.log$'))
