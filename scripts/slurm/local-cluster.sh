#!/usr/bin/env bash
# A real single-node Slurm on this machine, for the tests and for trying the
# array-job scripts before a cluster: Debian's slurmctld, slurmd,
# slurm-client and munge, run as root without systemd or cgroups
# (proctrack/linuxproc, task/none), one node with the machine's CPUs, one
# partition.
#
#   local-cluster.sh start [--cpus N] [--partition NAME] [--dir DIR]
#   local-cluster.sh stop  [--dir DIR]
#   local-cluster.sh status [--dir DIR]
#
# start installs the packages with apt-get when they are missing, writes
# DIR/slurm.conf (DIR: $OTHELLO_SLURM_DIR, default /tmp/othello-slurm), starts
# munged, slurmctld and slurmd as daemons and waits until the node is idle.
# Clients need SLURM_CONF=DIR/slurm.conf in their environment (start prints
# the line). stop cancels every job and stops the three daemons.
set -euo pipefail

cmd=${1:-}
[ $# -gt 0 ] && shift
DIR=${OTHELLO_SLURM_DIR:-/tmp/othello-slurm}
PARTITION=main
CPUS=$(nproc)
while [ $# -gt 0 ]; do
  case "$1" in
    --cpus) CPUS=$2; shift 2 ;;
    --partition) PARTITION=$2; shift 2 ;;
    --dir) DIR=$2; shift 2 ;;
    *) echo "local-cluster.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
CONF=$DIR/slurm.conf
NODE=$(hostname -s)

install_packages() {
  local missing=()
  command -v slurmctld >/dev/null 2>&1 || missing+=(slurmctld)
  command -v slurmd >/dev/null 2>&1 || missing+=(slurmd)
  command -v sbatch >/dev/null 2>&1 || missing+=(slurm-client)
  command -v munged >/dev/null 2>&1 || missing+=(munge)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "local-cluster.sh: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

write_conf() {
  mkdir -p "$DIR/state" "$DIR/spool" "$DIR/log" "$DIR/run"
  # The memory slurmd sees, in MiB (a node asking for more is drained).
  local mem
  mem=$(awk '/MemTotal/ {print int($2 / 1024 * 0.9)}' /proc/meminfo)
  cat > "$CONF" <<CONF
ClusterName=othello
SlurmctldHost=$NODE
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/run/slurmctld.pid
SlurmdPidFile=$DIR/run/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
SlurmctldPort=6817
SlurmdPort=6818
NodeName=$NODE CPUs=$CPUS RealMemory=$mem State=UNKNOWN
PartitionName=$PARTITION Nodes=$NODE Default=YES MaxTime=INFINITE State=UP
CONF
}

start_munge() {
  # A munged that answers is kept (another user of this machine's Slurm).
  if munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1; then
    return
  fi
  if [ ! -s /etc/munge/munge.key ]; then
    mkdir -p /etc/munge
    dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
  fi
  chown munge:munge /etc/munge/munge.key
  chmod 400 /etc/munge/munge.key
  mkdir -p /run/munge /var/log/munge /var/lib/munge
  chown munge:munge /run/munge /var/log/munge /var/lib/munge
  runuser -u munge -- /usr/sbin/munged
  touch "$DIR/run/munged.ours"
  local i
  for i in $(seq 1 50); do
    if munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1; then
      return
    fi
    sleep 0.1
  done
  echo "local-cluster.sh: munged does not answer" >&2
  return 1
}

# Stops the daemon $1 started with this configuration, and waits for it.
stop_daemon() {
  local d=$1 i
  if [ -f "$DIR/run/$d.pid" ]; then
    kill "$(cat "$DIR/run/$d.pid")" 2>/dev/null || true
  fi
  pkill -f "^$d .*-f $CONF\$" 2>/dev/null || true
  for i in $(seq 1 100); do
    pgrep -f "^$d .*-f $CONF\$" >/dev/null 2>&1 || break
    sleep 0.1
  done
  pkill -9 -f "^$d .*-f $CONF\$" 2>/dev/null || true
  rm -f "$DIR/run/$d.pid"
}

wait_idle() {
  local i state
  for i in $(seq 1 60); do
    state=$(SLURM_CONF=$CONF sinfo -h -n "$NODE" -o %T 2>/dev/null | head -n 1 || true)
    case "$state" in
      idle|mixed|allocated) return 0 ;;
    esac
    sleep 1
  done
  echo "local-cluster.sh: the node did not come up (state: ${state:-none}); logs in $DIR/log" >&2
  return 1
}

case "$cmd" in
  start)
    install_packages
    write_conf
    start_munge
    if [ ! -f "$DIR/run/slurmctld.pid" ] || ! kill -0 "$(cat "$DIR/run/slurmctld.pid")" 2>/dev/null; then
      # -c: a clean start (no jobs or node states kept from an earlier run).
      slurmctld -c -f "$CONF"
    fi
    if [ ! -f "$DIR/run/slurmd.pid" ] || ! kill -0 "$(cat "$DIR/run/slurmd.pid")" 2>/dev/null; then
      slurmd -f "$CONF"
    fi
    wait_idle
    echo "Slurm is up: node $NODE, $CPUS CPUs, partition $PARTITION. For the clients:"
    echo "export SLURM_CONF=$CONF"
    ;;
  stop)
    if [ -f "$CONF" ]; then
      SLURM_CONF=$CONF scancel --full --quiet --user="$(id -un)" 2>/dev/null || true
    fi
    stop_daemon slurmd
    stop_daemon slurmctld
    # munged is left to whoever started it when this script did not.
    if [ -f "$DIR/run/munged.ours" ]; then
      pkill -x munged 2>/dev/null || true
      for _ in $(seq 1 50); do pgrep -x munged >/dev/null 2>&1 || break; sleep 0.1; done
      rm -f "$DIR/run/munged.ours"
    fi
    echo "Slurm stopped"
    ;;
  status)
    SLURM_CONF=$CONF sinfo
    SLURM_CONF=$CONF squeue
    ;;
  *)
    sed -n 2,18p "$0" >&2
    exit 2
    ;;
esac
