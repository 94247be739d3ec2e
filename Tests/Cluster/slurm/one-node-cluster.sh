#!/usr/bin/env bash
# A one-node Slurm cluster, started as this user in a scratch directory, for as long as a command
# runs:
#
#   Tests/Cluster/slurm/one-node-cluster.sh COMMAND [ARGS...]
#
# Installs Debian's slurm-wlm and munge when they are missing; writes a munge key and a
# slurm.conf into a fresh directory; starts munged (on a private socket), slurmctld and slurmd;
# waits until the node is idle; runs COMMAND with SLURM_CONF set, so sbatch, squeue, scancel and
# scontrol talk to this cluster; then stops every daemon it started, by the PID it recorded, and
# removes the directory, whatever happened (a failed command, a signal, a daemon that never came
# up). Exits with COMMAND's status. No systemd, no cgroups (proctrack/linuxproc, task/none): it
# runs in a container.
set -euo pipefail

if (($# == 0)); then
  sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'
  exit 64
fi

if ! command -v slurmctld >/dev/null 2>&1 || ! command -v munged >/dev/null 2>&1; then
  echo "one-node-cluster: apt-get install slurm-wlm munge"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi

user=$(id -un)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/playbench-slurm.XXXXXX")
pids=()
command_pid=
stop() {
  local status=$?
  [[ -n $command_pid ]] && kill "$command_pid" 2>/dev/null
  # Jobs still queued or running are cancelled while the daemons can still end them (a job's
  # slurmstepd outlives slurmd); then slurmd, the controller and munge, in that order.
  if [[ -n ${SLURM_CONF:-} ]] && ((${#pids[@]} >= 3)); then
    scancel --user="$user" 2>/dev/null || true
    for _ in $(seq 100); do [[ -z $(squeue -h --user="$user" 2>/dev/null) ]] && break; sleep 0.1; done
  fi
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
    kill "${pids[i]}" 2>/dev/null || true
  done
  for pid in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  if ((status != 0)) && [[ -d $scratch ]]; then
    for log in "$scratch"/*.log; do echo "--- $log"; tail -n 20 "$log"; done >&2
  fi
  rm -rf "$scratch"
  exit "$status"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Starts a daemon that forks into the background and writes its PID file; records that PID.
started() {
  local pidfile=$1
  for _ in $(seq 100); do
    if [[ -s $pidfile ]]; then pids+=("$(cat "$pidfile")"); return 0; fi
    sleep 0.1
  done
  echo "one-node-cluster: $(basename "$pidfile" .pid) did not start" >&2
  return 1
}

node=$(hostname -s)
cpus=$(nproc)
read -r controller_port node_port < <(python3 -c '
import socket
ports = []
for _ in range(2):
    s = socket.socket(); s.bind(("127.0.0.1", 0)); ports.append(s)
print(*(s.getsockname()[1] for s in ports))')

mkdir -p "$scratch"/{state,spool,munge}
chmod 700 "$scratch/munge"
dd if=/dev/urandom of="$scratch/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$scratch/munge/munge.key"
socket=$scratch/munge/munge.socket

munged --force --socket="$socket" --key-file="$scratch/munge/munge.key" \
  --pid-file="$scratch/munged.pid" --log-file="$scratch/munged.log" --seed-file="$scratch/munge/seed"
started "$scratch/munged.pid"

cat >"$scratch/slurm.conf" <<CONF
ClusterName=playbench
SlurmctldHost=$node(127.0.0.1)
SlurmUser=$user
SlurmdUser=$user
SlurmctldPort=$controller_port
SlurmdPort=$node_port
AuthType=auth/munge
CredType=cred/munge
# cred_expire: how long a requeued job waits before it may start again (120 s by default).
AuthInfo=socket=$socket,cred_expire=5
StateSaveLocation=$scratch/state
SlurmdSpoolDir=$scratch/spool
SlurmctldPidFile=$scratch/slurmctld.pid
SlurmdPidFile=$scratch/slurmd.pid
SlurmctldLogFile=$scratch/slurmctld.log
SlurmdLogFile=$scratch/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=1
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
# A requeued task may start again at once (the default holds it for 60 s).
MinJobAge=300
KillWait=5
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=debug Nodes=$node Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
CONF
export SLURM_CONF=$scratch/slurm.conf

slurmctld -f "$SLURM_CONF"
started "$scratch/slurmctld.pid"
slurmd -f "$SLURM_CONF"
started "$scratch/slurmd.pid"

for _ in $(seq 300); do
  state=$(sinfo -h -n "$node" -o %T 2>/dev/null || true)
  [[ $state == idle ]] && break
  sleep 0.1
done
if [[ $state != idle ]]; then
  echo "one-node-cluster: the node is '${state:-unknown}', not idle, after 30 s" >&2
  exit 1
fi
echo "one-node-cluster: $(sinfo -V), node $node with $cpus CPUs idle"

# In the background, so that a signal to this script reaches the traps above at once.
set +e
"$@" &
command_pid=$!
wait "$command_pid"
status=$?
command_pid=
set -e
exit "$status"
