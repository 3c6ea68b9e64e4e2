#!/bin/bash
# trials_per_minute.sh: how many tuning trials a minute the local runner and the Slurm
# runner measure on this machine (issue #14's benchmark: the Slurm overhead per trial
# should be small because candidates are batched per array task). The same batch of
# GEMM candidates (tiled and vectorised variants, n = ${N:-256}, 5 timed runs each) goes
# through `tessera-cli measure --runner local --parallel 2` and then through
# `--runner slurm --parallel 2` (two array tasks: the two job slots of a 2-core node).
# Needs Slurm up for the second half (scripts/slurm-up.sh); prints the ratio.
#   bench/runner/trials_per_minute.sh [path/to/tessera-cli]
set -euo pipefail
CLI=${1:-$(dirname "$0")/../../build/app/cli/tessera-cli}
[ -x "$CLI" ] || { echo "trials_per_minute: no tessera-cli at $CLI (pass its path)" >&2; exit 2; }
N=${N:-256}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/tessera-trials-XXXXXX")
trap 'rm -rf "$WORK"' EXIT

python3 - "$WORK/batch.json" "$N" <<'PY'
import json, sys
path, n = sys.argv[1], int(sys.argv[2])
requests = []
for fi in (2, 4, 8, 16):
    for fj in (8, 16, 32, 64):
        script = f'''import tvm
from tvm import te
n = te.size_var("n")
A = te.placeholder((n, n), name="A", dtype="float32")
B = te.placeholder((n, n), name="B", dtype="float32")
k = te.reduce_axis((0, n), name="k")
C = te.compute((n, n), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
s = te.create_schedule(C.op)
io, ii = s[C].split(C.op.axis[0], factor={fi})
jo, ji = s[C].split(C.op.axis[1], factor={fj})
s[C].reorder(io, jo, k, ii, ji)
s[C].vectorize(ji)
'''
        requests.append({"id": f"gemm_{fi}x{fj}", "script": script, "shape_vars": {"n": n},
                         "repeat": 5, "timeout_s": 120})
json.dump({"format": "tessera-measure-batch", "version": 1, "requests": requests}, open(path, "w"))
PY

isa=none
for f in avx512f avx2 avx sse4_2; do
  if grep -m1 '^flags' /proc/cpuinfo | grep -qw "$f"; then isa=$f; break; fi
done
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores, widest ISA: $isa"
local_line=$("$CLI" measure "$WORK/batch.json" --runner local --parallel 2 --workdir "$WORK/local" | tail -1)
echo "local: $local_line"
if ! slurm_line=$("$CLI" measure "$WORK/batch.json" --runner slurm --parallel 2 --workdir "$WORK/slurm" | tail -1); then
  echo "slurm: not measured (is Slurm up? scripts/slurm-up.sh)"
  exit 0
fi
echo "slurm: $slurm_line"
l=$(sed -E 's/.*: ([0-9.]+) trials\/minute/\1/' <<<"$local_line")
s=$(sed -E 's/.*: ([0-9.]+) trials\/minute/\1/' <<<"$slurm_line")
python3 -c "print(f'slurm / local trials per minute: {float($s) / float($l):.2f}')"
