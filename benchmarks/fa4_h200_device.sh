#!/usr/bin/env bash
# Device calls for docs/kernels-log.md, 2026-12-02, fiftieth session (issue 41, targets 1, 2 and 4):
# FlashAttention-4 (flash-attn-4 4.0.0b36, nvidia-cutlass-dsl 4.8.1) beside ours and cuDNN on an H200.
# The device has no package index, so FA4's eight wheels travel as one tar cut into pieces (.fa4/pNN, an
# ignored folder), one piece a call to the same warm machine, gathered in /tmp/fa4p there. STEPS:
#   gather  copy the pieces this call carried into /tmp/fa4p
#   install join the pieces, check the tar's sha256 ($SHA), pip install --target /tmp/site
#   dense   attention_bench.py --impls ours sdpa_cudnn fa4 at $GROUPS (one process a group)
#   short   the short causal call 8,16,1024,128 beside cuDNN and FA4, and host microseconds per call
#   varlen  varlen_decode_bench.py (packed documents) with FA4 beside ours, Flex and padded cuDNN
# Writes under $OUT (or out/); a short table last.
set -u
OUT=${OUT:-out}
mkdir -p "$OUT" /tmp/fa4p
LOG="$OUT/all.log"
STEPS=${STEPS:-gather}
ROUNDS=${ROUNDS:-5}
GROUPS_=${GROUPS_:-"4,16,4096,128 2,16,8192,128 1,16,16384,128;2,32,8192,128,8 2,32,8192,64,8"}
has() { [[ " $STEPS " == *" $1 "* ]]; }
T0=$(date +%s)
if has gather; then
    cp .fa4/p* /tmp/fa4p/ && ls -l /tmp/fa4p >>"$LOG"
fi
if has install; then
    cat /tmp/fa4p/p* >/tmp/fa4.tar
    echo "${SHA:?}  /tmp/fa4.tar" | sha256sum -c >>"$LOG" || exit 3
    mkdir -p /tmp/fa4whl && tar xf /tmp/fa4.tar -C /tmp/fa4whl
    python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site \
        /tmp/fa4whl/*.whl >>"$LOG" 2>&1 || exit 4
    echo "install at $(($(date +%s) - T0)) s" >>"$LOG"
fi
if [ -d /tmp/site ]; then
    DSL=$(find /tmp/site -maxdepth 3 -type d -name dsl_packages | head -1)
    export PYTHONPATH=src:/tmp/site:$DSL
else
    export PYTHONPATH=src
fi
export PYTHONUNBUFFERED=1 FLASH_ATTENTION_CUTE_DSL_CACHE_ENABLED=1
{
    date -u
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit,temperature.gpu \
        --format=csv
    python3 -c "import torch, triton; print('torch', torch.__version__, 'cuda', torch.version.cuda, 'triton',
 triton.__version__, 'cudnn', torch.backends.cudnn.version())"
} >>"$LOG" 2>&1
if has dense; then
    IFS=';' read -ra GS <<<"$GROUPS_"
    for g in "${GS[@]}"; do
        # shellcheck disable=SC2086
        python3 benchmarks/attention_bench.py --impls ours sdpa_cudnn fa4 --causal both --mode both \
            --rounds "$ROUNDS" --shapes $g --out "$OUT" >>"$OUT/dense.log" 2>&1
        echo "dense [$g] rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    done
fi
if has short; then
    python3 benchmarks/attention_bench.py --impls ours sdpa_cudnn fa4 --causal yes --mode both \
        --rounds 7 --shapes 8,16,1024,128 --out "$OUT" >>"$OUT/short.log" 2>&1
    echo "short rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    python3 benchmarks/attention_host_overhead.py --device cuda --shape 8,16,1024,128 \
        --out "$OUT/host_8x16x1024x128.json" >>"$OUT/short.log" 2>&1
    echo "host rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
fi
if has varlen; then
    python3 benchmarks/varlen_decode_bench.py --skip fp8err decode configs \
        --varlen-impls ours fa4 flex sdpa_cudnn_padded --out "$OUT" >>"$OUT/varlen.log" 2>&1
    echo "varlen rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
fi
cat "$LOG"
grep -h "^|" "$OUT"/dense.log "$OUT"/short.log 2>/dev/null | tail -60
tail -30 "$OUT/varlen.log" 2>/dev/null
