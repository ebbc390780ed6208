#!/usr/bin/env bash
# Stops a broker instance started by start-broker.sh (by the pid it recorded).
#   stop-broker.sh <instance dir>
set -euo pipefail
instance=$(cd "$1" && pwd)
if [ -f "$instance/data/artemis.pid" ]; then
  "$instance/bin/artemis-service" stop >/dev/null || true
fi
echo "Broker $instance stopped"
