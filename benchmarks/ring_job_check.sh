#!/usr/bin/env bash
# One run on a multi-GPU host: the daemon runs an `attention.ring` job over every GPU while a
# one-GPU matmul waits its turn; prints the queue, the job's combined result and its per-rank logs.
# Install gpuaccel[all] on the GPU host first (docs/device-check.md). Usage: bash benchmarks/ring_job_check.sh
set -u
OUT=${OUT:-/tmp/gpuaccel-out}; mkdir -p "$OUT"
python3 -c 'import gpuaccel, fastapi, torch, triton' \
  || { echo "install gpuaccel[all] on the GPU host first: python3 -m pip install '.[all]'"; exit 1; }
export PYTHONUNBUFFERED=1
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
NGPU=$(python3 -c 'import torch; print(torch.cuda.device_count())')
echo "torch.cuda.device_count() = $NGPU"
SEQ=${SEQ:-131072}

DD=/tmp/gpuaccel-ring-dd; rm -rf "$DD"
python3 -m gpuaccel serve --data-dir "$DD" --port 0 > "$OUT/daemon.log" 2>&1 &
for _ in $(seq 60); do [ -f "$DD/daemon.json" ] && break; sleep 0.5; done
G="python3 -m gpuaccel"
$G submit attention.ring --data-dir "$DD" --gpus "$NGPU" --set seq_total="$SEQ" --set iters=5 --json \
  > "$OUT/ring_submit.json" || cat "$OUT/ring_submit.json"
$G submit matmul --data-dir "$DD" --gpus 1 --set size=8192 --set duration_s=5 --json > "$OUT/matmul_submit.json"
sleep 8; $G ls --data-dir "$DD" > "$OUT/queue_while_ring_runs.txt" 2>&1
$G status > "$OUT/status_under_load.txt" 2>&1
for id in 1 2; do timeout 300 $G wait "$id" --data-dir "$DD" > /dev/null 2>&1; echo "job $id rc=$?"; done
$G ls --data-dir "$DD" > "$OUT/jobs.txt" 2>&1
$G show 1 --data-dir "$DD" --json > "$OUT/ring_job.json"; $G show 2 --data-dir "$DD" --json > "$OUT/matmul_job.json"
kill %1; wait
tar czf "$OUT/logs.tgz" -C "$DD" logs
echo "--- queue while the ring job ran"; cat "$OUT/queue_while_ring_runs.txt"
echo "--- status under load"; head -12 "$OUT/status_under_load.txt"
echo "--- queue at the end"; cat "$OUT/jobs.txt"
echo "--- logs (all in $OUT/logs.tgz)"; find "$DD/logs" -type f | sort | sed "s|$DD/||"
python3 - "$OUT" <<'PY'
import json, sys
j = json.load(open(f"{sys.argv[1]}/ring_job.json"))
r = j.get("result") or {}
print(f"ring job: {j['state']} gpus={j.get('gpus')} reason={j.get('reason')}")
print(json.dumps({k: v for k, v in r.items() if k != "rank_logs"}, indent=1)[:1500])
PY
