#!/usr/bin/env bash
# One device call for the FP8 kernel alone (benchmarks/fp8_config_ab.py: pre-quantised inputs, alternated
# rounds; docs/kernels-log.md, 2026-11-30, forty-second session). Steps, each on when its variable is 1:
#   WARM     build every later step's kernels in parallel processes (--warm: the JIT's disk cache)
#   TARGETS  issue 41's FP8 rows: the shipped kernel beside our bf16 forward and the e4m3 forward from bf16
#            (--bf16 --e2e), TSHAPES causal and not, DSHAPES non-causal, TROUNDS rounds
#   AB       kernel A/Bs, --control (the shipped kernel twice), each variant against shipped every round:
#            AB_SHAPES (causal AB_CAUSAL) x AB_VARIANTS, ROUNDS rounds; then AB2_* the same (an empty
#            AB2_SHAPES skips it)
#   CALL     the e4m3 call (fp8_n1024_ab.py, FA3's API: V^T by its own launch at these sizes) at CSHAPES x
#            CVARIANTS, CROUNDS rounds
#   PROFILE  ncu --clock-control none of the kernels of PSHAPES (causal PCAUSAL) x PVARIANTS and of
#            P2SHAPES (P2CAUSAL) x P2VARIANTS, one launch each after a warm one; ncu_fwd_regions.py
#            --partitions summarises the source page
# Run from the repository root on a Hopper machine; writes under $OUT (or out/); prints a summary last.
set -u
OUT=${OUT:-out}
mkdir -p "$OUT"
LOG="$OUT/all.log"
W=${W:-/tmp/fp8w}  # logs, ncu exports: packed into $OUT/extra.tgz at the end (8 files come back at most)
mkdir -p "$W"
export PYTHONPATH=${PYTHONPATH:-src} PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit --format=csv >>"$LOG" 2>&1
python -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__, 'cuda', torch.version.cuda)" >>"$LOG" 2>&1
T0=$(date +%s)
CFG=(python benchmarks/fp8_config_ab.py)
CALLAB=(python benchmarks/fp8_n1024_ab.py)
TSHAPES=${TSHAPES:-4,16,4096,128 2,16,8192,128 1,16,16384,128}
DSHAPES=${DSHAPES:-1,16,16384,256}
TROUNDS=${TROUNDS:-7}
V3="shipped+pingpong=1 shipped+o_recip=1 shipped+pingpong=1+o_recip=1"
AB_SHAPES=${AB_SHAPES:-4,16,4096,128 2,16,8192,128 1,16,16384,128}
AB_CAUSAL=${AB_CAUSAL:-no}
AB_VARIANTS=${AB_VARIANTS:-$V3}
AB2_SHAPES=${AB2_SHAPES-4,32,4096,64 2,32,8192,64}
AB2_CAUSAL=${AB2_CAUSAL:-both}
AB2_VARIANTS=${AB2_VARIANTS:-$V3}
ROUNDS=${ROUNDS:-11}
ROUNDS2=${ROUNDS2:-9}
CSHAPES=${CSHAPES:-4,4096,16,128 2,8192,16,128 1,16384,16,128}
CVARIANTS=${CVARIANTS:-shipped shipped+o_recip=0 $V3}
CROUNDS=${CROUNDS:-9}
PSHAPES=${PSHAPES:-2,16,8192,128}
PCAUSAL=${PCAUSAL:-no}
PVARIANTS=${PVARIANTS:-shipped+pingpong=1 shipped+pingpong=1+o_recip=1}
P2SHAPES=${P2SHAPES-4,32,4096,64}
P2CAUSAL=${P2CAUSAL:-both}
P2VARIANTS=${P2VARIANTS:-shipped+pingpong=1}
stamp() { echo "$1 at $(($(date +%s) - T0)) s" >>"$LOG"; }
if [ "${WARM:-0}" = 1 ]; then
    pids=()
    for s in $TSHAPES; do
        timeout 240 "${CFG[@]}" --warm --shapes "$s" --causal both --bf16 --e2e --variants >"$W/warm_t_$s.log" 2>&1 &
    done
    for s in $DSHAPES; do
        timeout 240 "${CFG[@]}" --warm --shapes "$s" --causal no --bf16 --e2e --variants >"$W/warm_d_$s.log" 2>&1 &
    done
    for v in $AB_VARIANTS; do
        timeout 240 "${CFG[@]}" --warm --shapes $AB_SHAPES --causal "$AB_CAUSAL" --variants "$v" >"$W/warm_a_$v.log" 2>&1 &
    done
    if [ -n "$AB2_SHAPES" ]; then
        for v in $AB2_VARIANTS; do
            timeout 240 "${CFG[@]}" --warm --shapes $AB2_SHAPES --causal "$AB2_CAUSAL" --variants "$v" >"$W/warm_b_$v.log" 2>&1 &
        done
    fi
    if [ "${CALL:-0}" = 1 ]; then
        for v in $CVARIANTS; do
            timeout 240 "${CALLAB[@]}" --warm --shapes $CSHAPES --variants "$v" >"$W/warm_c_$v.log" 2>&1 &
        done
    fi
    wait
    stamp "warm done"
    for f in "$W"/warm_*.log; do if grep -q "Error\|Traceback" "$f"; then echo "$f:" >>"$LOG"; tail -5 "$f" >>"$LOG"; fi; done
fi
if [ "${TARGETS:-0}" = 1 ]; then
    timeout "${TARGETS_S:-150}" "${CFG[@]}" --shapes $TSHAPES --causal both --bf16 --e2e --variants --rounds "$TROUNDS" \
        --json "$OUT/targets_d128.json" >"$W/targets_d128.log" 2>&1
    stamp "targets d128 rc=$?"
    timeout "${TARGETS_S:-150}" "${CFG[@]}" --shapes $DSHAPES --causal no --bf16 --e2e --variants --rounds "$TROUNDS" \
        --json "$OUT/targets_d256.json" >"$W/targets_d256.log" 2>&1
    stamp "targets d256 rc=$?"
fi
if [ "${AB:-0}" = 1 ]; then
    timeout "${AB_S:-150}" "${CFG[@]}" --shapes $AB_SHAPES --causal "$AB_CAUSAL" --variants $AB_VARIANTS --control \
        --rounds "$ROUNDS" --json "$OUT/ab_turns.json" >"$W/ab_turns.log" 2>&1
    stamp "ab turns rc=$?"
    if [ -n "$AB2_SHAPES" ]; then
        timeout "${AB_S:-150}" "${CFG[@]}" --shapes $AB2_SHAPES --causal "$AB2_CAUSAL" --variants $AB2_VARIANTS --control \
            --rounds "$ROUNDS2" --json "$OUT/ab_turns2.json" >"$W/ab_turns2.log" 2>&1
        stamp "ab turns2 rc=$?"
    fi
fi
if [ "${CALL:-0}" = 1 ]; then
    timeout "${CALL_S:-120}" "${CALLAB[@]}" --shapes $CSHAPES --variants $CVARIANTS --rounds "$CROUNDS" \
        --json "$OUT/ab_call.json" >"$W/ab_call.log" 2>&1
    stamp "ab call rc=$?"
fi
if [ "${PROFILE:-0}" = 1 ]; then
    SECTIONS=(--section SpeedOfLight --section WarpStateStats --section SchedulerStats --section InstructionStats
        --section SourceCounters)
    timeout "${PROFILE_S:-120}" ncu --clock-control none --profile-from-start off -k regex:gluon_attn_fp8 "${SECTIONS[@]}" \
        -f -o /tmp/prof1 "${CFG[@]}" --once --shapes $PSHAPES --causal "$PCAUSAL" --variants $PVARIANTS \
        >"$W/ncu1.log" 2>&1
    stamp "ncu 1 rc=$?"
    if [ -n "$P2SHAPES" ]; then
        timeout "${PROFILE_S:-120}" ncu --clock-control none --profile-from-start off -k regex:gluon_attn_fp8 \
            "${SECTIONS[@]}" -f -o /tmp/prof2 "${CFG[@]}" --once --shapes $P2SHAPES --causal "$P2CAUSAL" \
            --variants $P2VARIANTS >"$W/ncu2.log" 2>&1
        stamp "ncu 2 rc=$?"
    fi
    for i in 1 2; do
        [ -f /tmp/prof$i.ncu-rep ] || continue
        ncu -i /tmp/prof$i.ncu-rep --page details --csv >"$W/ncu${i}_details.csv" 2>>"$LOG"
        ncu -i /tmp/prof$i.ncu-rep --page source --csv --print-source sass >"$W/source$i.csv" 2>>"$LOG"
        python benchmarks/ncu_fwd_regions.py "$W/source$i.csv" --partitions --kernel gluon_attn_fp8 \
            --json "$W/ncu${i}_partitions.json" >"$W/ncu${i}_partitions.txt" 2>&1
        python benchmarks/ncu_details.py "$W/ncu${i}_details.csv" >>"$W/ncu${i}_partitions.txt" 2>&1
    done
    stamp "ncu summaries"
fi
{
    echo "=== summary"
    for f in targets_d128 targets_d256 ab_turns ab_turns2 ab_call; do
        [ -f "$W/$f.log" ] && { echo "--- $f"; grep -v '^{' "$W/$f.log" | tail -n 12; }
    done
    for i in 1 2; do [ -f "$W/ncu${i}_partitions.txt" ] && { echo "--- ncu $i"; cat "$W/ncu${i}_partitions.txt"; grep launched "$W/ncu$i.log"; }; done
} >>"$LOG"
tar czf "$OUT/extra.tgz" -C "$W" . 2>>"$LOG"
cat "$LOG"
