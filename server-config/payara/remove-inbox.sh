#!/usr/bin/env bash
# Removes the settings configure-inbox.sh made.
#   ASADMIN="$PAYARA_HOME/bin/asadmin --port 4848" remove-inbox.sh
# Safe to re-run.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# Where quarantined messages go: back to the module's default.
$asadmin delete-config-property --source=domain --propertyName=inbox.quarantine-queue >/dev/null 2>&1 || true
for key in inbox.webhooks.queue inbox.metrics.inbox-queue inbox.metrics.dead-letter-queue; do
  $asadmin delete-config-property --source=domain --propertyName=$key >/dev/null 2>&1 || true
done
