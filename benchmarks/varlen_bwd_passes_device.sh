#!/usr/bin/env bash
# The backward's passes around its kernel on one Hopper card, in one call (docs/kernels-log.md, 2026-11-29,
# thirty-second session): the GPU tier's dense backward and flash-attn parity tests (xdist; TESTS names
# others, PYTEST=0 skips them), then (PASSES=0 skips it) benchmarks/varlen_bwd_ab.py --passes (profiles of
# one backward step and its time in alternated rounds; TOTALS= (empty): no packs; its A/B modes, AB=...,
# went with the old layouts they measured: docs/kernels-log.md, 2026-11-29, thirty-third session). The
# passes' log is passes$TAG.log, so two runs can share $OUT.
# Run from the repository root; writes under $OUT (or benchmarks/results).
set -uo pipefail
OUT=${OUT:-benchmarks/results}
export PYTHONPATH=src:tests PYTHONUNBUFFERED=1  # tests/: the parity cases (attention_parity.py)
nvidia-smi --query-gpu=name,driver_version,power.limit,clocks.max.sm --format=csv,noheader | tee "$OUT/env.txt"
python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__, 'cudnn',
torch.backends.cudnn.version())" | tee -a "$OUT/env.txt"
t0=$(date +%s)
if [ "${PYTEST:-1}" = 1 ]; then
  timeout -s INT "${PYTEST_S:-260}" python3 -m pytest -q -p no:cacheprovider --noconftest -n "${JOBS:-8}" \
    ${TESTS:-tests/gpu/test_gluon_bwd_gpu.py tests/gpu/test_flash_attn_parity_gpu.py} >"$OUT/pytest.log" 2>&1
  echo "tests rc $?: $(( $(date +%s) - t0 )) s"; tail -4 "$OUT/pytest.log"
fi
[ "${PASSES:-1}" = 1 ] || exit 0
left=$(( ${LIMIT_S:-560} - ($(date +%s) - t0) ))
timeout -s INT "$left" python3 benchmarks/varlen_bwd_ab.py --passes --rounds "${ROUNDS:-7}" --out "$OUT" \
  --tag="${TAG:-}" --dense ${DENSE:-2,16,8192,128} --totals ${TOTALS-16384 32768} \
  >"$OUT/passes${TAG:-}.log" 2>&1
echo "passes rc $?: $(( $(date +%s) - t0 )) s"
grep -v '^{' "$OUT/passes${TAG:-}.log" | grep -v "Warning\|_warn_once" | tail -45
