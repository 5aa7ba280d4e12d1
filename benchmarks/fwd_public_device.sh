#!/usr/bin/env bash
# One device call for docs/kernels-log.md, 2026-11-28, twenty-sixth session (issue 41, the public call
# against the kernel at D128): the K-ahead ring's check and A/B (fwd_d128_ab.py, shipped vs ka), the
# public table by alternated rounds (attention_bench.py --rounds), then the forward's GPU tier
# (tests/gpu/test_gluon_fwd_gpu.py and the packed forward's; --noconftest: the scheduler's conftest needs
# wheels the image lacks, and the gpu marker comes from that conftest, so no -m gpu). Run from the repository root (or a copy of src/ and benchmarks/) on a Hopper
# machine; writes under $OUT (or out/).
set -u
OUT=${OUT:-out}
mkdir -p "$OUT"
LOG="$OUT/all.log"
export PYTHONPATH=src PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit,temperature.gpu \
    --format=csv >>"$LOG" 2>&1
T0=$(date +%s)
timeout "${AB_S:-240}" python benchmarks/fwd_d128_ab.py --check --variants shipped ka \
    --shapes ${SHAPES:-2,16,8192,128 4,16,4096,128 1,16,16384,128 8,16,1024,128 16,16,512,128 2,16,8192,128:c} \
    --rounds "${ROUNDS:-9}" --json "$OUT/ab.json" >"$OUT/ab.log" 2>&1
echo "ab rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
grep -A40 "^check B" "$OUT/ab.log" >>"$LOG"
timeout "${BENCH_S:-150}" python benchmarks/attention_bench.py --impls ours sdpa_cudnn --mode fwd --causal both \
    --rounds "${BENCH_ROUNDS:-5}" --shapes 4,16,4096,128 2,16,8192,128 1,16,16384,128 4,32,4096,64 2,32,8192,64 \
    --out "$OUT" >"$OUT/bench.log" 2>&1
echo "bench rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
grep -A14 "^B,H,N,D" "$OUT/bench.log" >>"$LOG"
if [ "${TIER:-1}" = 1 ]; then
    timeout "${TIER_S:-200}" python -m pytest --noconftest -q -n 8 -p no:cacheprovider -W ignore \
        tests/gpu/test_gluon_fwd_gpu.py tests/gpu/test_gluon_varlen_fwd_gpu.py >"$OUT/pytest.log" 2>&1
    echo "pytest rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep -E "passed|failed|error" "$OUT/pytest.log" | tail -3 >>"$LOG"
fi
cat "$LOG"
grep -A40 "^shape | variant" "$OUT/ab.log"
