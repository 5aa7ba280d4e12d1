#!/usr/bin/env bash
# One run on a single-GPU host: tier-3 tests, the daemon running real GPU jobs, status,
# sampler cost on real NVML and the assistant benchmark. Install gpuaccel[all] on the GPU host first
# (docs/device-check.md). Usage: bash benchmarks/device_check.sh   (writes under $OUT, prints a short summary last)
set -u
OUT=${OUT:-/tmp/gpuaccel-out}; mkdir -p "$OUT"
python3 -c 'import gpuaccel, fastapi, torch, triton' \
  || { echo "install gpuaccel[all] on the GPU host first: python3 -m pip install '.[all]'"; exit 1; }
export PYTHONUNBUFFERED=1 RWKV_V7_ON=1
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
python3 -c 'import torch, triton; print("torch", torch.__version__, "triton", triton.__version__, torch.cuda.get_device_name(0))'

if [ -z "${SKIP_GPU_TESTS:-}" ]; then
  timeout 200 python3 -m pytest -q -m gpu tests/gpu -p no:cacheprovider > "$OUT/gpu_tests.log" 2>&1
  echo "gpu tests: $(tail -1 "$OUT/gpu_tests.log")"
fi

DD=/tmp/gpuaccel-dd; rm -rf "$DD"
python3 -m gpuaccel serve --data-dir "$DD" --port 0 > "$OUT/daemon.log" 2>&1 &
for _ in $(seq 60); do [ -f "$DD/daemon.json" ] && break; sleep 0.5; done
G="python3 -m gpuaccel"
$G submit matmul --data-dir "$DD" --gpus 1 --set size=8192 --set duration_s=8 --json > "$OUT/matmul_submit.json"
$G submit attention.bench --data-dir "$DD" --gpus 1 --set 'shape=[2,16,8192,128]' --set mode='"fwd"' \
  --set 'impls=["ours","sdpa_cudnn"]' --json > "$OUT/attn_submit.json"
sleep 3; $G status > "$OUT/status_under_load.txt" 2>&1
for id in 1 2; do timeout 240 $G wait "$id" --data-dir "$DD" > /dev/null 2>&1; echo "job $id rc=$?"; done
$G ls --data-dir "$DD" > "$OUT/jobs.txt" 2>&1; cat "$OUT/jobs.txt"
$G show 1 --data-dir "$DD" --json > "$OUT/job1.json"; $G show 2 --data-dir "$DD" --json > "$OUT/job2.json"
kill %1; wait

timeout 30 python3 -m gpuaccel.accel.telemetry.sampler_cost --backend nvml --seconds 10 > "$OUT/sampler_cost.txt" 2>&1
echo "sampler cost: $(tail -2 "$OUT/sampler_cost.txt" | tr '\n' ' ')"
PYTHONPATH=tools${PYTHONPATH:+:$PYTHONPATH} timeout 240 python3 -m assistant_lab.runtime_bench --out "$OUT/assistant_bench.json" > "$OUT/assistant_bench.txt" 2>&1
echo "assistant bench rc=$?"; tail -15 "$OUT/assistant_bench.txt"
python3 - "$OUT" <<'PY'
import json, sys
for i in (1, 2):
    j = json.load(open(f"{sys.argv[1]}/job{i}.json"))
    print(f"job {i} {j['kind']}: {j['state']} reason={j.get('reason')} result={json.dumps(j.get('result'))[:300]}")
PY
# Ring attention's CUDA path on one GPU (one rank: the block kernels, the merge, NCCL init).
timeout 150 python3 benchmarks/ring_scaling.py --gpus 1 --seq-totals 32768,65536 --budget-s 120 \
  --out "$OUT/ring_1gpu.json" > "$OUT/ring_1gpu.txt" 2>&1; echo "ring 1 GPU rc=$?"; tail -8 "$OUT/ring_1gpu.txt"
