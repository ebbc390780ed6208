#!/usr/bin/env bash
# Undoes configure-metrics.sh: the metrics endpoint without a login again, and the scraper's user
# removed (INBOX_METRICS_USER, metrics).
#   ASADMIN="$PAYARA_HOME/bin/asadmin --port 4848" remove-metrics.sh
# Safe to re-run.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
user=${INBOX_METRICS_USER:-metrics}
$asadmin set-metrics-configuration --securityEnabled=false --dynamic=true >/dev/null
! listed list-file-users "$user" || $asadmin delete-file-user "$user" >/dev/null
echo "Metrics without a login"
