#!/bin/bash
# slurm-up.sh: brings up a single-node Slurm on this machine, as root, following
# /work/shared/SETUP.md "Slurm on one machine" (Debian 12, Slurm 22.05): munge, then
# slurm.conf and cgroup.conf in /etc/slurm naming this host (`hostname -s`), with the
# controller's state, the node's spool, logs and pid files under one state folder
# ($TESSERA_SLURM_STATE, default /tmp/tessera-slurm), then slurmctld and slurmd.
# Idempotent: what already runs is left alone; the node is resumed if it is down.
# Exits non-zero with a message when a step fails. Undo with scripts/slurm-down.sh.
set -euo pipefail

die() { echo "slurm-up: $*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "must run as root (it starts munged, slurmctld and slurmd)"
for tool in /usr/sbin/munged /usr/sbin/slurmctld /usr/sbin/slurmd; do
  [ -x "$tool" ] || die "$tool is missing (apt-get install slurmctld slurmd slurm-client munge)"
done
for tool in munge unmunge sinfo scontrol sbatch; do
  command -v "$tool" >/dev/null || die "$tool is missing (apt-get install slurm-client munge)"
done

STATE=${TESSERA_SLURM_STATE:-/tmp/tessera-slurm}
HOST=$(hostname -s)
CPUS=$(nproc)

# Waits up to $1 seconds for the command "${@:2}" to succeed.
wait_for() {
  local limit=$1; shift
  local i
  for ((i = 0; i < limit * 5; i++)); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.2
  done
  return 1
}

# --- munge -----------------------------------------------------------------------------
if [ ! -s /etc/munge/munge.key ]; then
  dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none || die "cannot create /etc/munge/munge.key"
fi
chown munge:munge /etc/munge/munge.key && chmod 400 /etc/munge/munge.key || die "cannot set up /etc/munge/munge.key"
mkdir -p /run/munge && chown munge:munge /run/munge || die "cannot create /run/munge"
munge_ok() { munge -n | unmunge; }
if ! munge_ok >/dev/null 2>&1; then
  su -s /bin/sh munge -c /usr/sbin/munged || die "munged did not start"
  wait_for 10 munge_ok || die "munge does not work (munge -n | unmunge fails)"
fi

# --- configuration ---------------------------------------------------------------------
mkdir -p "$STATE/state" "$STATE/spool" "$STATE/log" /etc/slurm || die "cannot create $STATE"
CONF=$(cat <<CONF
# Written by tessera scripts/slurm-up.sh: a single-node cluster on $HOST.
ClusterName=tessera
SlurmctldHost=$HOST
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$STATE/state
SlurmdSpoolDir=$STATE/spool
SlurmctldLogFile=$STATE/log/slurmctld.log
SlurmdLogFile=$STATE/log/slurmd.log
SlurmctldPidFile=$STATE/slurmctld.pid
SlurmdPidFile=$STATE/slurmd.pid
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
NodeName=$HOST CPUs=$CPUS State=UNKNOWN
PartitionName=debug Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
CONF
)
CGROUP=$'CgroupPlugin=autodetect\nIgnoreSystemd=yes'
changed=0
if [ "$(cat /etc/slurm/slurm.conf 2>/dev/null)" != "$CONF" ]; then
  printf '%s\n' "$CONF" > /etc/slurm/slurm.conf || die "cannot write /etc/slurm/slurm.conf"
  changed=1
fi
if [ "$(cat /etc/slurm/cgroup.conf 2>/dev/null)" != "$CGROUP" ]; then
  printf '%s\n' "$CGROUP" > /etc/slurm/cgroup.conf || die "cannot write /etc/slurm/cgroup.conf"
  changed=1
fi

# --- daemons -----------------------------------------------------------------------------
running() {  # running NAME: the daemon of that pid file is alive
  local pidfile="$STATE/$1.pid"
  [ -s "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null
}
if [ "$changed" = 1 ]; then  # a new configuration: restart what runs with the old one
  for d in slurmd slurmctld; do
    if running "$d"; then kill "$(cat "$STATE/$d.pid")"; wait_for 10 bash -c "! kill -0 $(cat "$STATE/$d.pid")" || true; fi
  done
fi
if ! running slurmctld; then
  /usr/sbin/slurmctld || die "slurmctld did not start (see $STATE/log/slurmctld.log)"
fi
wait_for 20 bash -c 'scontrol ping | grep -q "is UP"' \
  || die "the controller does not answer scontrol ping (see $STATE/log/slurmctld.log)"
if ! running slurmd; then
  /usr/sbin/slurmd || die "slurmd did not start (see $STATE/log/slurmd.log)"
fi

# --- the node ----------------------------------------------------------------------------
node_state() { sinfo -h -n "$HOST" -o %T 2>/dev/null | head -1; }
wait_for 20 bash -c "sinfo -h -n $HOST -o %T | grep -qE '^(idle|mixed|allocated|down|drained|draining)'" || true
case "$(node_state)" in
  down*|drain*|fail*) scontrol update nodename="$HOST" state=resume || die "cannot resume node $HOST" ;;
esac
wait_for 30 bash -c "sinfo -h -n $HOST -o %T | grep -qE '^(idle|mixed|allocated)'" \
  || die "node $HOST is not up (state: $(node_state); see $STATE/log/slurmd.log)"
echo "slurm-up: single-node Slurm on $HOST is up ($CPUS CPUs, partition debug; state in $STATE)"
