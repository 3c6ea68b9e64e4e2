#!/bin/bash
# trials_per_minute.sh: issue #14's benchmark — tuning trials a minute with the Slurm
# runner vs the local runner on the same machine. The same tuning run of a GEMM
# (N x N x N, ${N:-256} by default; ${TRIALS:-24} trials in batches of ${BATCH:-8}, random
# strategy and a fixed seed, so both runners measure the same candidates; ${REPEAT:-3}
# timed runs each) goes through `tessera-cli tune --runner local` (worker processes:
# builds on every core, timed runs one at a time) and `tessera-cli tune --runner slurm`
# (each batch one job array, one task per CPU of the partition: on a 2-CPU node two job
# slots measuring four candidates each), each with a fresh records database and work
# folder. Prints the machine (CPU model, cores, widest ISA read at run time), both
# figures (trials measured / the tuner's elapsed time, and the whole command's wall time)
# and the ratio slurm / local. The Slurm half needs Slurm up (scripts/slurm-up.sh); without
# it the script says so and prints only the local figure.
#   bench/runner/trials_per_minute.sh [path/to/tessera-cli]
set -euo pipefail
CLI=${1:-$(dirname "$0")/../../build/app/cli/tessera-cli}
[ -x "$CLI" ] || { echo "trials_per_minute: no tessera-cli at $CLI (pass its path)" >&2; exit 2; }
N=${N:-256}
TRIALS=${TRIALS:-24}
BATCH=${BATCH:-8}
REPEAT=${REPEAT:-3}
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

# Runs one tuning through runner $1; prints "trials elapsed_s wall_s" (or fails).
tune_with() {
  local runner=$1
  local start end
  start=$(date +%s.%N)
  "$CLI" tune "$WORK/gemm.py" --runner "$runner" --workdir "$WORK/$runner-work" --db "$WORK/$runner.db" \
    --trials "$TRIALS" --batch "$BATCH" --repeat "$REPEAT" --strategy random --seed 1 --json \
    >"$WORK/$runner.json" 2>"$WORK/$runner.log" || { tail -5 "$WORK/$runner.log" >&2; return 1; }
  end=$(date +%s.%N)
  python3 - "$WORK/$runner.json" "$start" "$end" <<'PY'
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

read -r ln le lw lg lf <<<"$(tune_with local)"
report local "$ln" "$le" "$lw" "$lg" "$lf"
if ! slurm=$(tune_with slurm); then
  echo "slurm: not measured (is Slurm up? scripts/slurm-up.sh)"
  exit 0
fi
read -r sn se sw sg sf <<<"$slurm"
report slurm "$sn" "$se" "$sw" "$sg" "$sf"
python3 -c "import sys; ln, le, sn, se = map(float, sys.argv[1:5])
print(f'slurm / local trials per minute: {(sn / se) / (ln / le):.2f}')" "$ln" "$le" "$sn" "$se"
