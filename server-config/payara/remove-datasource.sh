#!/usr/bin/env bash
# Removes the inbox's data source (any database). The data stays in the database; the driver stays
# in the domain's libraries (asadmin remove-library --type common <jar> removes it).
#   ASADMIN="$PAYARA_HOME/bin/asadmin --port 4848" remove-datasource.sh
# Safe to re-run.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# The resource, then its pool.
! listed list-jdbc-resources jdbc/inbox || $asadmin delete-jdbc-resource jdbc/inbox
! listed list-jdbc-connection-pools inbox-pool || $asadmin delete-jdbc-connection-pool inbox-pool
# The migrations at start, which configure-datasource-h2.sh sets.
$asadmin delete-system-property inbox.schema.migrate >/dev/null 2>&1 || true
