#!/usr/bin/env bash
# The packed forward's configuration options on one Hopper card, in one call (docs/kernels-log.md,
# 2026-11-29, thirtieth session): Triton's cache filled by one process per variant in parallel (with the GPU
# tier's varlen forward tests beside them, xdist), then benchmarks/varlen_fwd_ab.py --check --both timed in
# one process. Run from the repository root; writes under $OUT (or benchmarks/results).
set -uo pipefail
OUT=${OUT:-benchmarks/results}
export PYTHONPATH=src PYTHONUNBUFFERED=1
W=dyn:hg:q2:otma
V=${VARIANTS:-"$W/ $W/r8 $W/r8w $W/df $W/ff $W/r8,df $W/r8w,df $W"}
ROUNDS=${ROUNDS:-5}
nvidia-smi --query-gpu=name,driver_version,power.limit,clocks.max.sm --format=csv,noheader | tee "$OUT/env.txt"
t0=$(date +%s)
i=0
for v in $V; do
  both=""; [ $i -eq 0 ] && both="--both"
  python3 benchmarks/varlen_fwd_ab.py --warm $both --variants "$v" >>"$OUT/warm.log" 2>&1 &
  i=$((i + 1))
done
python3 -m pytest -q -p no:cacheprovider --noconftest -n 6 tests/gpu/test_gluon_varlen_fwd_gpu.py \
  >"$OUT/pytest.log" 2>&1 &
wait
echo "warm + tests: $(( $(date +%s) - t0 )) s"; tail -3 "$OUT/pytest.log"
left=$(( ${LIMIT_S:-580} - ($(date +%s) - t0) ))  # the call's limit: what is printed so far comes back
timeout -s INT "$left" python3 benchmarks/varlen_fwd_ab.py --check --both --variants $V --rounds "$ROUNDS" \
  --both-rounds "$ROUNDS" --out "$OUT" --tag "${TAG:-}" >"$OUT/ab.log" 2>&1
echo "ab rc $?: $(( $(date +%s) - t0 )) s"
grep -v '^{' "$OUT/ab.log" | tail -60
