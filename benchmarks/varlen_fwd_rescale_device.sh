#!/usr/bin/env bash
# The packed forward's configuration options on one Hopper card, in one call (docs/kernels-log.md,
# 2026-11-29, thirtieth session): Triton's cache filled by one process per variant in parallel (with the GPU
# tier's varlen forward tests beside them, xdist, unless PYTEST=0), then benchmarks/varlen_fwd_ab.py --check
# --both timed in one process at D128, and the totals alone at each of EXTRA_DIMS (e.g. "64 256") with
# EXTRA_VARIANTS. Run from the repository root; writes under $OUT (or benchmarks/results).
set -uo pipefail
OUT=${OUT:-benchmarks/results}
export PYTHONPATH=src PYTHONUNBUFFERED=1
W=dyn:hg:q2:otma
V=${VARIANTS:-"$W/ $W/r8 $W/r8w $W/df $W/ff $W/r8,df $W/r8w,df $W"}
XV=${EXTRA_VARIANTS:-"$W/ $W/df $W/r8w,df $W"}
XDIMS=${EXTRA_DIMS:-}
ROUNDS=${ROUNDS:-5}
AB=benchmarks/varlen_fwd_ab.py
nvidia-smi --query-gpu=name,driver_version,power.limit,clocks.max.sm --format=csv,noheader | tee "$OUT/env.txt"
t0=$(date +%s)
i=0
for v in $V; do
  both=""; [ $i -eq 0 ] && both="--both"
  python3 $AB --warm --check $both --variants "$v" >>"$OUT/warm.log" 2>&1 &
  i=$((i + 1))
done
for d in $XDIMS; do
  for v in $XV; do
    python3 $AB --warm --head-dim "$d" --no-equal --variants "$v" >>"$OUT/warm.log" 2>&1 &
  done
done
if [ "${PYTEST:-1}" = 1 ]; then
  python3 -m pytest -q -p no:cacheprovider --noconftest -n 6 tests/gpu/test_gluon_varlen_fwd_gpu.py \
    >"$OUT/pytest.log" 2>&1 &
fi
wait
echo "warm + tests: $(( $(date +%s) - t0 )) s"; [ -f "$OUT/pytest.log" ] && tail -3 "$OUT/pytest.log"
left=$(( ${LIMIT_S:-580} - ($(date +%s) - t0) ))  # the call's limit: what is printed so far comes back
timeout -s INT "$left" python3 $AB --check --both --variants $V --rounds "$ROUNDS" \
  --both-rounds "$ROUNDS" --out "$OUT" --tag="${TAG:-}" >"$OUT/ab.log" 2>&1
echo "ab rc $?: $(( $(date +%s) - t0 )) s"
for d in $XDIMS; do
  left=$(( ${LIMIT_S:-580} - ($(date +%s) - t0) ))
  timeout -s INT "$left" python3 $AB --head-dim "$d" --no-equal --variants $XV --rounds "${XROUNDS:-$ROUNDS}" \
    --out "$OUT" --tag="${TAG:-}-d$d" >"$OUT/ab_d$d.log" 2>&1
  echo "ab d$d rc $?: $(( $(date +%s) - t0 )) s"
done
grep -v '^{' "$OUT/ab.log" | grep -v "Warning\|_warn_once" | tail -40
for d in $XDIMS; do grep '^|' "$OUT/ab_d$d.log"; done
