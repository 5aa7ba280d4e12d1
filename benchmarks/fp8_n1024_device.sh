#!/usr/bin/env bash
# One device call for the e4m3 call at N=1024 (benchmarks/fp8_n1024_ab.py; docs/kernels-log.md, 2026-11-30,
# thirty-ninth session). Steps, each on when its variable is 1:
#   WARM     build every variant's kernels in parallel processes (the JIT's disk cache), keep those that ran
#   PROFILE  ncu --clock-control none of the shipped e4m3 call's kernel and the bf16 call's at PSHAPES, one
#            call each (SpeedOfLight, ComputeWorkloadAnalysis, Occupancy, LaunchStats, WarpStateStats,
#            SchedulerStats, InstructionStats, SourceCounters); details, raw and source pages to $OUT
#   AB       the alternated A/B: causal SHAPES_C x VARIANTS_C, non-causal SHAPES_N x VARIANTS_N
#   CONFIRM  the variant of AB's with the lowest geometric mean of e4m3 time / the first variant's over
#            its shapes (a later variant named in CONFIRM_VARIANT instead), A/B'd against the first at
#            SHAPES_X (1,512 and the long shapes by default), each shape's two builds in parallel first; the
#            variant is pinned as named at every shape (a ``shipped+FIELD=VALUE`` variant applies an option to
#            each shape's own configuration; a B,S,C,Q one pins those consumers at the long shapes too)
#   AB_ARGS  further fp8_n1024_ab.py options for AB (--errors: each variant's error; --dequant: bf16 on dequantised inputs)
#   CONFIG   benchmarks/fp8_config_ab.py (kernel only, pre-quantised inputs) with CONFIG_ARGS
# Run from the repository root on a Hopper machine; writes under $OUT (or out/).
set -u
OUT=${OUT:-out}
mkdir -p "$OUT"
LOG="$OUT/all.log"
export PYTHONPATH=${PYTHONPATH:-src} PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw --format=csv >>"$LOG" 2>&1
python -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)" >>"$LOG" 2>&1
T0=$(date +%s)
ABCMD=(python benchmarks/fp8_n1024_ab.py)
SHAPES_C=${SHAPES_C:-8,1024,16,128,c 4,1024,16,128,c}
SHAPES_N=${SHAPES_N:-4,1024,16,128 8,1024,16,128}
VARIANTS_C=${VARIANTS_C:-shipped}
VARIANTS_N=${VARIANTS_N:-shipped}
SHAPES_X=${SHAPES_X:-1,512,16,128 2,8192,16,128 2,8192,16,128,c 1,16384,16,128,c}
if [ "${WARM:-0}" = 1 ]; then
    for v in $VARIANTS_C; do
        (timeout 200 "${ABCMD[@]}" --warm --shapes $SHAPES_C --variants "$v" >"$OUT/warm_c_$v.log" 2>&1 \
            && echo "$v" >>/tmp/ok_c) &
    done
    for v in $VARIANTS_N; do
        (timeout 200 "${ABCMD[@]}" --warm --shapes $SHAPES_N --variants "$v" >"$OUT/warm_n_$v.log" 2>&1 \
            && echo "$v" >>/tmp/ok_n) &
    done
    wait
    VARIANTS_C=$(for v in $VARIANTS_C; do grep -qxF "$v" /tmp/ok_c 2>/dev/null && echo -n "$v "; done)
    VARIANTS_N=$(for v in $VARIANTS_N; do grep -qxF "$v" /tmp/ok_n 2>/dev/null && echo -n "$v "; done)
    echo "warm done at $(($(date +%s) - T0)) s; built: causal [$VARIANTS_C] non-causal [$VARIANTS_N]" >>"$LOG"
    for f in "$OUT"/warm_*.log; do if grep -q Error "$f"; then echo "$f:" >>"$LOG"; tail -4 "$f" >>"$LOG"; fi; done
    tar czf "$OUT/warm_logs.tgz" "$OUT"/warm_*.log 2>/dev/null && rm -f "$OUT"/warm_*.log
fi
if [ "${PROFILE:-0}" = 1 ]; then
    timeout "${PROFILE_S:-180}" ncu --clock-control none --profile-from-start off --section SpeedOfLight \
        --section ComputeWorkloadAnalysis --section Occupancy --section LaunchStats --section WarpStateStats \
        --section SchedulerStats --section InstructionStats --section SourceCounters -f -o /tmp/prof \
        "${ABCMD[@]}" --once --shapes ${PSHAPES:-8,1024,16,128,c 4,1024,16,128} --variants ${PVARIANTS:-shipped} \
        >/tmp/ncu.log 2>&1
    echo "ncu rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    tail -3 /tmp/ncu.log >>"$LOG"
    ncu -i /tmp/prof.ncu-rep --page details --csv >"$OUT/details.csv" 2>>"$LOG"
    ncu -i /tmp/prof.ncu-rep --page raw --csv >"$OUT/raw.csv" 2>>"$LOG"
    ncu -i /tmp/prof.ncu-rep --page source --csv --print-source sass >/tmp/source.csv 2>>"$LOG"
    gzip -c /tmp/source.csv >"$OUT/source.csv.gz"
    python benchmarks/ncu_details.py "$OUT/details.csv" >>"$LOG" 2>&1
fi
if [ "${AB:-0}" = 1 ]; then
    timeout "${AB_S:-150}" "${ABCMD[@]}" ${AB_ARGS:-} --shapes $SHAPES_C --variants $VARIANTS_C --rounds "${ROUNDS:-5}" \
        --json "$OUT/ab_causal.json" >/tmp/ab_causal.log 2>&1
    echo "ab causal rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    timeout "${AB_S:-150}" "${ABCMD[@]}" ${AB_ARGS:-} --shapes $SHAPES_N --variants $VARIANTS_N --rounds "${ROUNDS:-5}" \
        --json "$OUT/ab_noncausal.json" >/tmp/ab_noncausal.log 2>&1
    echo "ab non-causal rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    tail -n 7 /tmp/ab_causal.log /tmp/ab_noncausal.log >>"$LOG"
fi
if [ "${CONFIRM:-0}" = 1 ]; then
    BEST=${CONFIRM_VARIANT:-$(python - "$OUT"/ab_causal.json "$OUT"/ab_noncausal.json <<'PY'
import json, math, sys
ratios = {}
for path in sys.argv[1:]:
    try:
        res = json.load(open(path))
    except OSError:
        continue
    for row in res["shapes"].values():
        names = [n for n in row if n != "bf16"]
        for n in names[1:]:
            ratios.setdefault(n, []).append(row[n]["ms"] / row[names[0]]["ms"])
common = {n: r for n, r in ratios.items() if len(r) == max(map(len, ratios.values()))}
best = min(common, key=lambda n: sum(map(math.log, common[n])))
print(best.removeprefix("e4m3 "))
PY
)}
    FIRST=${VARIANTS_N%% *}
    echo "confirm: $FIRST against $BEST at $SHAPES_X" >>"$LOG"
    for text in $SHAPES_X; do
        for v in $FIRST "$BEST"; do
            timeout 200 "${ABCMD[@]}" --warm --shapes "$text" --variants "$v" >/dev/null 2>&1 &
        done
    done
    wait
    echo "confirm warm done at $(($(date +%s) - T0)) s" >>"$LOG"
    timeout "${CONFIRM_S:-150}" "${ABCMD[@]}" --shapes $SHAPES_X --variants $FIRST "$BEST" --rounds "${ROUNDS_X:-5}" \
        --json "$OUT/ab_confirm.json" >/tmp/ab_confirm.log 2>&1
    echo "ab confirm rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    tail -n 6 /tmp/ab_confirm.log >>"$LOG"
fi
if [ "${CONFIG:-0}" = 1 ]; then
    timeout "${CONFIG_S:-120}" python benchmarks/fp8_config_ab.py ${CONFIG_ARGS:-} --json "$OUT/config_ab.json" \
        >/tmp/config_ab.log 2>&1
    echo "config ab rc=$? at $(($(date +%s) - T0)) s" >>"$LOG"
    tail -n 12 /tmp/config_ab.log >>"$LOG"
fi
cat "$LOG"
