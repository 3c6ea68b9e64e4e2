#!/bin/bash
# trials_per_minute.sh: issue #14's benchmark — tuning trials a minute with the Slurm
# runner vs the local runner on the same machine. The same tuning run of a GEMM
# (N x N x N, ${N:-256} by default; ${TRIALS:-24} trials in batches of ${BATCH:-8}, random
# strategy and a fixed seed, so both runners measure the same candidates; ${REPEAT:-3}
# timed runs each) goes through `tessera-cli tune --runner local` (worker processes:
# builds on every core, timed runs one at a time) and `tessera-cli tune --runner slurm`
# (each batch one job array, one task per CPU of the partition: on a 2-CPU node two job
# slots measuring four candidates each), each with a fresh records database and work
# folder. ${ROUNDS:-2} rounds alternate local and Slurm (on a shared machine the load
# drifts; alternating spreads it over both). Prints the machine (CPU model, cores, widest
# ISA read at run time), each run's figures (trials measured / the tuner's elapsed time,
# and the whole command's wall time), the totals and the ratio slurm / local. The Slurm half needs Slurm up (scripts/slurm-up.sh); without
# it the script says so and prints only the local figure.
#   bench/runner/trials_per_minute.sh [path/to/tessera-cli]
set -euo pipefail
CLI=${1:-$(dirname "$0")/../../build/app/cli/tessera-cli}
[ -x "$CLI" ] || { echo "trials_per_minute: no tessera-cli at $CLI (pass its path)" >&2; exit 2; }
N=${N:-256}
TRIALS=${TRIALS:-24}
BATCH=${BATCH:-8}
REPEAT=${REPEAT:-3}
ROUNDS=${ROUNDS:-2}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/tessera-trials-XXXXXX")
trap 'rm -rf "$WORK"' EXIT

cat >"$WORK/gemm.py" <<PY
import tvm
from tvm import te
A = te.placeholder(($N, $N), name="A", dtype="float32")
B = te.placeholder(($N, $N), name="B", dtype="float32")
k = te.reduce_axis((0, $N), name="k")
C = te.compute(($N, $N), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
s = te.create_schedule(C.op)
PY

isa=none
for f in avx512f avx2 avx sse4_2; do
  if grep -m1 '^flags' /proc/cpuinfo | grep -qw "$f"; then isa=$f; break; fi
done
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores, widest ISA: $isa"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "workload: GEMM ${N}x${N}x${N} float32, $TRIALS trials in batches of $BATCH, random strategy, seed 1, $REPEAT timed runs each"

# Runs one tuning through runner $1 (round $2: its own records and work folder); prints
# "trials elapsed_s wall_s best_gflops failed" (or fails).
tune_with() {
  local runner=$1 name="$1-$2"
  local start end
  start=$(date +%s.%N)
  "$CLI" tune "$WORK/gemm.py" --runner "$runner" --workdir "$WORK/$name-work" --db "$WORK/$name.db" \
    --trials "$TRIALS" --batch "$BATCH" --repeat "$REPEAT" --strategy random --seed 1 --json \
    >"$WORK/$name.json" 2>"$WORK/$name.log" || { tail -5 "$WORK/$name.log" >&2; return 1; }
  end=$(date +%s.%N)
  python3 - "$WORK/$name.json" "$start" "$end" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
print(r["measured"], r["elapsed_s"], float(sys.argv[3]) - float(sys.argv[2]), r.get("best_gflops", 0), r["failed"])
PY
}

# "local: 24 trials (0 failed) in 41.2 s = 34.9 trials/minute (command 43.0 s; best 51.2 GFLOP/s)"
report() {
  python3 -c "import sys; n, e, w, g, f = sys.argv[2:7]; n = int(n); e = float(e); w = float(w)
print(f'{sys.argv[1]}: {n} trials ({f} failed) in {e:.1f} s = {60 * n / e:.1f} trials/minute (command {w:.1f} s; best {float(g):.1f} GFLOP/s)')" "$@"
}

add() { python3 -c "import sys; print(float(sys.argv[1]) + float(sys.argv[2]))" "$1" "$2"; }
LN=0 LE=0 SN=0 SE=0 slurm_up=1
for round in $(seq 1 "$ROUNDS"); do
  read -r ln le lw lg lf <<<"$(tune_with local "$round")"
  report "local (round $round)" "$ln" "$le" "$lw" "$lg" "$lf"
  LN=$(add "$LN" "$ln") LE=$(add "$LE" "$le")
  if [ "$slurm_up" = 1 ] && slurm=$(tune_with slurm "$round"); then
    read -r sn se sw sg sf <<<"$slurm"
    report "slurm (round $round)" "$sn" "$se" "$sw" "$sg" "$sf"
    SN=$(add "$SN" "$sn") SE=$(add "$SE" "$se")
  else
    [ "$slurm_up" = 1 ] && echo "slurm: not measured (is Slurm up? scripts/slurm-up.sh)"
    slurm_up=0
  fi
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 -c "import sys; ln, le = map(float, sys.argv[1:3]); print(f'local total: {60 * ln / le:.1f} trials/minute')" "$LN" "$LE"
[ "$slurm_up" = 1 ] || exit 0
python3 -c "import sys; sn, se = map(float, sys.argv[1:3]); print(f'slurm total: {60 * sn / se:.1f} trials/minute')" "$SN" "$SE"
python3 -c "import sys; ln, le, sn, se = map(float, sys.argv[1:5])
print(f'slurm / local trials per minute: {(sn / se) / (ln / le):.2f}')" "$LN" "$LE" "$SN" "$SE"
