#!/usr/bin/env bash
# The inbox's settings that differ on Payara, as MicroProfile Config properties of the domain:
# Payara binds the queues at jms/queue/... (no "java:" names for resources).
# Any other inbox.* key (docs/user-guide.md) is set the same way.
#   ASADMIN="$PAYARA_HOME/bin/asadmin --port 4848" configure-inbox.sh
# Safe to re-run: it sets the values again.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# Where quarantined messages go.
$asadmin set-config-property --source=domain \
  --propertyName=inbox.quarantine-queue --propertyValue=jms/queue/inboxQuarantine >/dev/null
echo "inbox.quarantine-queue = jms/queue/inboxQuarantine"

# Where the webhook endpoint puts partners' deliveries: the inbox queue.
$asadmin set-config-property --source=domain \
  --propertyName=inbox.webhooks.queue --propertyValue=jms/queue/inbox >/dev/null
echo "inbox.webhooks.queue = jms/queue/inbox"

# The queues the gauges count besides the quarantine: the backlog and the dead letters.
for setting in inbox.metrics.inbox-queue=jms/queue/inbox inbox.metrics.dead-letter-queue=jms/queue/inboxDLQ; do
  $asadmin set-config-property --source=domain \
    --propertyName="${setting%%=*}" --propertyValue="${setting#*=}" >/dev/null
  echo "${setting%%=*} = ${setting#*=}"
done
