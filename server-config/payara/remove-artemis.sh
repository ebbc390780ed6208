#!/usr/bin/env bash
# Removes what configure-artemis.sh created and gives the default JMS connection factory back to
# OpenMQ. Undeploy the inbox first.
#   ASADMIN="$PAYARA_HOME/bin/asadmin --port 4848" remove-artemis.sh
# Safe to re-run. Turning OpenMQ back on takes a restart of the domain.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# The queues.
for queue in inbox inboxQuarantine inboxDLQ; do
  ! listed list-admin-objects "jms/queue/$queue" || $asadmin delete-admin-object "jms/queue/$queue"
done

# The default JMS connection factory, back on Payara's own pool.
$asadmin set resources.connector-resource.jms/__defaultConnectionFactory.pool-name=jms/__defaultConnectionFactory-Connection-Pool >/dev/null

# The outbound connections.
! listed list-connector-resources jms/artemisCF || $asadmin delete-connector-resource jms/artemisCF
! listed list-connector-connection-pools artemis-pool ||
  $asadmin delete-connector-connection-pool --cascade=true artemis-pool

# The adapter and its configuration.
! $asadmin list-applications 2>/dev/null | grep -q '^artemis-rar ' || $asadmin undeploy artemis-rar
! listed list-resource-adapter-configs artemis-rar || $asadmin delete-resource-adapter-config artemis-rar

# OpenMQ back on, embedded as Payara's default.
$asadmin set configs.config.server-config.jms-service.type=EMBEDDED >/dev/null
