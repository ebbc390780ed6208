#!/usr/bin/env bash
# Starts a broker instance made by create-broker.sh in the background, and waits until it is live,
# or, for a broker of a pair (create-broker-pair.sh) that finds the other one active, until it is
# its backup, holding a copy of its journal.
#   start-broker.sh <instance dir>
set -euo pipefail
instance=$(cd "$1" && pwd)
log=$instance/log/artemis.log
# Only this start's lines count: the log keeps earlier starts of the day.
offset=$( { wc -c <"$log"; } 2>/dev/null || echo 0)
"$instance/bin/artemis-service" start >/dev/null
pid=$(cat "$instance/data/artemis.pid")
deadline=$((SECONDS + 120))
# AMQ221007: the server is now active; AMQ221031: the backup is announced, its copy in sync.
until states=$(tail -c +"$((offset + 1))" "$log" 2>/dev/null | grep -o -E "AMQ2210(07|31)"); do
  # A broker that cannot start (its port taken by another process, say) stops by itself.
  if ! ps -p "$pid" >/dev/null; then
    tail -c +"$((offset + 1))" "$log" | grep -E "ERROR|Caused by" >&2 || true
    echo "The broker $instance stopped while starting: its log says why (above, and in $log)" >&2
    exit 1
  fi
  if [ $SECONDS -ge $deadline ]; then
    tail -50 "$log" >&2 || true
    echo "The broker $instance did not become live (or a backup in sync) within 120 s" >&2
    exit 1
  fi
  sleep 1
done
if [ "${states%%$'\n'*}" = AMQ221007 ]; then
  echo "Broker $instance is live (pid $pid)"
else
  echo "Broker $instance is the backup of its pair's active broker (pid $pid)"
fi
