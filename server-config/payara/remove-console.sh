#!/usr/bin/env bash
# Removes what configure-console.sh set: the console's actions then answer 503 on a standalone
# broker.
#   ASADMIN="$PAYARA_HOME/bin/asadmin --port 4848" remove-console.sh
# Safe to re-run.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
for key in inbox.console.broker.jmx-url inbox.console.broker.user; do
  $asadmin delete-config-property --source=domain --propertyName=$key >/dev/null 2>&1 || true
done
! $asadmin list-password-aliases | grep -qx inbox.console.broker.password ||
  $asadmin delete-password-alias inbox.console.broker.password >/dev/null
echo "Console actions without the broker's management"
