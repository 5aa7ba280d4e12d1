#!/usr/bin/env bash
# Device call for docs/kernels-log.md, 2026-12-02, forty-eighth session (issue 41): orders of the causal tile
# table (benchmarks/fwd_causal_walk_ab.py) at causal D256 N 16k. STEPS (space-separated, in this order):
#   walks  each walk's table model (busiest program / mean), no GPU
#   big    every walk at 1,16,16384,256 causal against an fp32 reference, 1,024 query rows at a time
#   check  the harness's causal check cases (--check-dims $CDIMS) for every walk
#   ab     $ROUNDS alternated rounds (order reversed every other round, cuDNN beside) at $SHAPES
#   ncu    ncu --clock-control none, one launch of each walk at each of $NSHAPES: time, cycles, L2 / fabric /
#          DRAM bytes (a non-causal shape there: the walks do not apply, each launch is the shipped one)
#   power  fwd_ab.py --power $POWER_S per walk at $PSHAPE, $PREPS times in turn: SM clock, board power,
#          power cap (nvidia-smi)
#   ab2    $ROUNDS2 rounds at $SHAPES2 (causal D128 / D64, N 4k-16k) with $VARIANTS2
# Writes under $OUT (or out/); a short table last.
set -u
OUT=${OUT:-out}
mkdir -p "$OUT"
LOG="$OUT/all.log"
export PYTHONPATH=${PYTHONPATH:-src} PYTHONUNBUFFERED=1
STEPS=${STEPS:-walks big check ab ncu power ab2}
AB=(python benchmarks/fwd_causal_walk_ab.py)
VARIANTS=${VARIANTS:-shipped shipped@pair shipped@alt shipped@par2 shipped@half2}
SHAPES=${SHAPES:-1,16,16384,256:c 2,8,16384,256:c}
PSHAPE=${PSHAPE:-1,16,16384,256:c}
{
    date -u
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit,temperature.gpu \
        --format=csv
    python -c "import torch, triton; print('torch', torch.__version__, 'cuda', torch.version.cuda, 'triton',
 triton.__version__, 'cudnn', torch.backends.cudnn.version())"
    nvcc --version | tail -2
} >>"$LOG" 2>&1
T0=$(date +%s)
has() { [[ " $STEPS " == *" $1 "* ]]; }
if has walks; then
    "${AB[@]}" --walks-only $SHAPES ${SHAPES2:-} >>"$LOG" 2>&1
fi
if has big; then
    timeout "${BIG_S:-150}" "${AB[@]}" --check-big "$OUT/check_big.json" "$PSHAPE" $VARIANTS \
        >"$OUT/check_big.log" 2>&1
    echo "big rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep "^check" "$OUT/check_big.log" >>"$LOG"
fi
if has check; then
    timeout "${CHECK_S:-200}" "${AB[@]}" --check-only --check-dims ${CDIMS:-256} --check-causal yes \
        --variants $VARIANTS --json "$OUT/check.json" >"$OUT/check.log" 2>&1
    echo "check rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    grep -A20 "^check B" "$OUT/check.log" >>"$LOG"
fi
if has ab; then
    timeout "${AB_S:-200}" "${AB[@]}" --variants $VARIANTS --rounds "${ROUNDS:-11}" --shapes $SHAPES \
        --json "$OUT/ab.json" >"$OUT/ab.log" 2>&1
    echo "ab rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
fi
if has ncu; then
    avail=$(ncu --query-metrics 2>/dev/null | awk '{print $1}')
    echo "ncu: lrc metrics: $(grep '^lrc__' <<<"$avail" | tr '\n' ' ')" >>"$LOG"
    metrics=gpu__time_duration.sum,sm__cycles_elapsed.max,sm__cycles_active.avg
    for m in lts__t_bytes lts__t_sectors_srcunit_tex lts__t_sectors_srcunit_ltcfabric \
        lts__t_sectors_srcnode_gpc lts__t_sectors_srcunit_tex_lookup_hit lts__t_sectors_srcunit_tex_lookup_miss \
        dram__bytes_read dram__bytes_write lts__t_sector_hit_rate; do
        if grep -qx "$m" <<<"$avail"; then
            case $m in *hit_rate) metrics+=",$m.pct" ;; *) metrics+=",$m.sum" ;; esac
        else
            echo "ncu: no metric $m" >>"$LOG"
        fi
    done
    timeout "${NCU_S:-180}" ncu --clock-control none --metrics "$metrics" -k regex:gluon_attn_fwd --csv \
        --page raw "${AB[@]}" --once --shapes ${NSHAPES:-$PSHAPE} --variants $VARIANTS >"$OUT/ncu.csv" \
        2>"$OUT/ncu.err"
    echo "ncu rc=$? at $(($(date +%s) - T0)) s ($metrics)" >>"$LOG"
    python - "$OUT/ncu.csv" "${NSHAPES:-$PSHAPE}" "$VARIANTS" "$metrics" >>"$LOG" 2>&1 <<'EOF'
import csv, sys
lines = [l for l in open(sys.argv[1]) if l.startswith('"')]
rows = [r for r in csv.DictReader(lines) if r.get("ID", "").isdigit()]
names = [f"{s} {v}" for s in sys.argv[2].split() for v in sys.argv[3].split()]
keys = [k for k in sys.argv[4].split(",") if rows and k in rows[0]]
print("ncu shape variant | " + " | ".join(keys))
for name, r in zip(names, rows):
    print(f"ncu {name} | " + " | ".join(r[k] for k in keys))
EOF
fi
if has power; then
    n=0
    for v in $(for _ in $(seq "${PREPS:-1}"); do echo $VARIANTS; done); do
        n=$((n + 1))
        timeout 60 "${AB[@]}" --power "${POWER_S:-3}" --variants "$v" --shapes "$PSHAPE" \
            --json "$OUT/power$n.json" >"$OUT/power$n.log" 2>&1
        echo "power $v rc=$?" >>"$LOG"
        grep -A3 "^shape | kernel" "$OUT/power$n.log" | grep -v "^shape" >>"$LOG"
    done
    echo "power done at $(($(date +%s) - T0)) s" >>"$LOG"
fi
if has ab2; then
    timeout "${AB2_S:-240}" "${AB[@]}" --variants ${VARIANTS2:-$VARIANTS} --rounds "${ROUNDS2:-7}" \
        --shapes ${SHAPES2:-1,16,16384,128:c 2,16,8192,128:c 4,16,4096,128:c 2,32,8192,64:c 4,32,4096,64:c} \
        --json "$OUT/ab2.json" >"$OUT/ab2.log" 2>&1
    echo "ab2 rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
fi
cat "$LOG"
grep -h -A60 "^shape | variant" "$OUT/ab.log" "$OUT/ab2.log" 2>/dev/null
