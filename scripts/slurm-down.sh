#!/bin/bash
# slurm-down.sh: stops the single-node Slurm that scripts/slurm-up.sh started: cancels
# the jobs left, then stops slurmd and slurmctld by their pid files in the state folder
# ($TESSERA_SLURM_STATE, default /tmp/tessera-slurm). munged is left running (other
# programs may use it). Idempotent: nothing running is not an error.
set -euo pipefail

die() { echo "slurm-down: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || die "must run as root"
STATE=${TESSERA_SLURM_STATE:-/tmp/tessera-slurm}

if command -v scancel >/dev/null && timeout 10 scontrol ping 2>/dev/null | grep -q "is UP"; then
  timeout 10 scancel --user=root >/dev/null 2>&1 || true
fi
for d in slurmd slurmctld; do
  pidfile="$STATE/$d.pid"
  [ -s "$pidfile" ] || continue
  pid=$(cat "$pidfile")
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid" || die "cannot stop $d (pid $pid)"
    for ((i = 0; i < 50; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    if kill -0 "$pid" 2>/dev/null; then kill -9 "$pid" 2>/dev/null || true; fi
  fi
  rm -f "$pidfile"
done
echo "slurm-down: Slurm stopped"
