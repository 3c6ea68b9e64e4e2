#!/bin/bash
# slurm-up.sh: brings up a single-node Slurm on this machine, as root, following
# /work/shared/SETUP.md "Slurm on one machine" (Debian 12, Slurm 22.05): munge (its key
# created when missing), then slurm.conf and cgroup.conf in /etc/slurm naming this host
# (`hostname -s`, reached at 127.0.0.1 so that no name service is needed) with its CPU
# count and memory, the controller's state, the node's spool, logs and pid files under
# one state folder ($TESSERA_SLURM_STATE, default /tmp/tessera-slurm), then slurmctld and
# slurmd (no systemd), and waits until `scontrol ping` answers and the node is idle.
# Idempotent and fast when it is already up: what runs with the same configuration is
# left alone; the node is resumed if it is down. Exits non-zero with the reason (and the
# end of the daemon's log) when a step fails. Undo with scripts/slurm-down.sh.
set -euo pipefail

STATE=${TESSERA_SLURM_STATE:-/tmp/tessera-slurm}

die() {
  echo "slurm-up: $1" >&2
  if [ -n "${2:-}" ] && [ -s "$2" ]; then
    echo "slurm-up: the end of $2:" >&2
    tail -n 15 "$2" | sed 's/^/  | /' >&2
  fi
  exit 1
}

[ "$(id -u)" = 0 ] || die "must run as root (it starts munged, slurmctld and slurmd)"
for tool in /usr/sbin/munged /usr/sbin/slurmctld /usr/sbin/slurmd; do
  [ -x "$tool" ] || die "$tool is missing (apt-get install slurmctld slurmd slurm-client munge)"
done
for tool in munge unmunge sinfo scontrol sbatch squeue; do
  command -v "$tool" >/dev/null || die "$tool is missing (apt-get install slurm-client munge)"
done

HOST=$(hostname -s 2>/dev/null || true)
[ -n "$HOST" ] || die "this machine has no host name (hostname -s printed nothing)"
CPUS=$(nproc)
# What slurmd will find (it drains a node configured with more memory than it has); 95%
# of it leaves room for the rounding between /proc/meminfo and slurmd's own reading.
MEM_MB=$(awk '/^MemTotal:/ { printf "%d", $2 / 1024 * 0.95 }' /proc/meminfo)
[ "${MEM_MB:-0}" -gt 0 ] || MEM_MB=1

# Waits up to $1 seconds for the command "${@:2}" to succeed (each try bounded to 5 s).
wait_for() {
  local limit=$1; shift
  local end=$((SECONDS + limit))
  while ((SECONDS < end)); do
    if timeout 5 "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.2
  done
  return 1
}

# --- munge -----------------------------------------------------------------------------
id munge >/dev/null 2>&1 || die "there is no user 'munge' (apt-get install munge)"
mkdir -p /etc/munge /var/lib/munge /var/log/munge /run/munge || die "cannot create munge's folders"
chown munge:munge /etc/munge /var/lib/munge /var/log/munge /run/munge || die "cannot give munge its folders"
chmod 0700 /etc/munge /var/lib/munge /var/log/munge && chmod 0755 /run/munge || die "cannot set munge's folder modes"
if [ ! -s /etc/munge/munge.key ]; then
  dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none || die "cannot create /etc/munge/munge.key"
fi
chown munge:munge /etc/munge/munge.key && chmod 0400 /etc/munge/munge.key || die "cannot set up /etc/munge/munge.key"
munge_ok() { munge -n | unmunge; }
if ! timeout 5 bash -c "$(declare -f munge_ok); munge_ok" >/dev/null 2>&1; then
  # --force: a socket left by a munged that died is taken over.
  su -s /bin/sh munge -c "/usr/sbin/munged --force" || die "munged did not start" /var/log/munge/munged.log
  wait_for 10 bash -c "$(declare -f munge_ok); munge_ok" \
    || die "munge does not work (munge -n | unmunge fails)" /var/log/munge/munged.log
fi

# --- configuration ---------------------------------------------------------------------
mkdir -p "$STATE/state" "$STATE/spool" "$STATE/log" /etc/slurm || die "cannot create $STATE"
CONF=$(cat <<CONF
# Written by tessera scripts/slurm-up.sh: a single-node cluster on $HOST.
ClusterName=tessera
SlurmctldHost=$HOST(127.0.0.1)
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
# Batch jobs start when submitted: Slurm's default lets their scheduling wait up to 3 s
# (batch_sched_delay, for sites flooded with sbatch), which a test cluster does not need.
SchedulerParameters=batch_sched_delay=0
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
# A job past its time limit is killed 2 s after its SIGTERM (the default waits 30 s).
KillWait=2
NodeName=$HOST NodeAddr=127.0.0.1 CPUs=$CPUS RealMemory=$MEM_MB State=UNKNOWN
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
pid_of() {  # pid_of NAME: the pid in its pid file when that process is NAME, else nothing
  local pidfile="$STATE/$1.pid" pid
  [ -s "$pidfile" ] || return 1
  pid=$(cat "$pidfile")
  [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$1" ] || return 1
  echo "$pid"
}
stop() {  # stop NAME: stops the daemon of that pid file and waits until it is gone
  local pid
  pid=$(pid_of "$1") || return 0
  kill "$pid" 2>/dev/null || true
  wait_for 10 bash -c "! kill -0 $pid" || kill -9 "$pid" 2>/dev/null || true
  rm -f "$STATE/$1.pid"
}
if [ "$changed" = 1 ]; then  # a new configuration: restart what runs with the old one
  stop slurmd
  stop slurmctld
fi
controller_up() { scontrol ping | grep -q "is UP"; }
if ! pid_of slurmctld >/dev/null; then
  # A controller this script did not start (another state folder) would hold the port.
  if timeout 5 bash -c "$(declare -f controller_up); controller_up" 2>/dev/null; then
    die "a Slurm controller that this script did not start answers already (scontrol ping); stop it or use its state folder (TESSERA_SLURM_STATE)"
  fi
  # -i: state files from an older run that cannot be read are ignored, not fatal.
  /usr/sbin/slurmctld -i || die "slurmctld did not start" "$STATE/log/slurmctld.log"
fi
wait_for 30 bash -c "$(declare -f controller_up); controller_up" \
  || die "the controller does not answer scontrol ping within 30 s" "$STATE/log/slurmctld.log"
if ! pid_of slurmd >/dev/null; then
  /usr/sbin/slurmd || die "slurmd did not start" "$STATE/log/slurmd.log"
fi

# --- the node ----------------------------------------------------------------------------
node_state() { sinfo -h -n "$HOST" -o %T 2>/dev/null | head -1; }
node_known() { sinfo -h -n "$HOST" -o %T | grep -qE '^(idle|mixed|allocated|completing|down|drained|draining)'; }
wait_for 30 bash -c "$(declare -f node_known); HOST=$HOST; node_known" || true
case "$(node_state)" in
  down*|drain*|fail*) scontrol update nodename="$HOST" state=resume || die "cannot resume node $HOST ($(node_state))" ;;
esac
node_up() { sinfo -h -n "$HOST" -o %T | grep -qE '^(idle|mixed|allocated|completing)'; }
wait_for 30 bash -c "$(declare -f node_up); HOST=$HOST; node_up" \
  || die "node $HOST is not up (state: $(node_state); reason: $(sinfo -h -n "$HOST" -o %E 2>/dev/null))" \
         "$STATE/log/slurmd.log"
echo "slurm-up: single-node Slurm on $HOST is up ($CPUS CPUs, ${MEM_MB} MB, partition debug; state in $STATE)"
