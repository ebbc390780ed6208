#!/usr/bin/env bash
# Undoes configure-transactions.sh: Payara's defaults again (no recovery at start, phase two given
# up after 600 s, no retry of failed transactions while the server runs). The domain keeps its name
# in transactions (INBOX_TX_NODE_ID): without it, the branches it has in doubt would be nobody's.
#   ASADMIN="$PAYARA_HOME/bin/asadmin --port 4848" remove-transactions.sh   (then restart)
# Safe to re-run.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
service=configs.config.server-config.transaction-service
$asadmin set "$service.automatic-recovery=false" "$service.retry-timeout-in-seconds=600" >/dev/null
$asadmin set "$service.property.pending-txn-cleanup-interval=" >/dev/null
echo "Transactions: Payara's defaults"
