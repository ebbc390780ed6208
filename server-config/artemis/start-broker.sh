#!/usr/bin/env bash
# Starts a broker instance made by create-broker.sh in the background, and waits until it is live.
#   start-broker.sh <instance dir>
set -euo pipefail
instance=$(cd "$1" && pwd)
log=$instance/log/artemis.log
# Only this start's lines count: the log keeps earlier starts of the day.
offset=$(stat -c %s "$log" 2>/dev/null || echo 0)
"$instance/bin/artemis-service" start >/dev/null
deadline=$((SECONDS + 120))
until tail -c +"$((offset + 1))" "$log" 2>/dev/null | grep -q "AMQ221007"; do
  if [ $SECONDS -ge $deadline ]; then
    tail -50 "$instance/log/artemis.log" >&2 || true
    echo "The broker $instance did not become live within 120 s" >&2
    exit 1
  fi
  sleep 1
done
echo "Broker $instance is live (pid $(cat "$instance/data/artemis.pid"))"
