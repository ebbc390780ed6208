#!/usr/bin/env bash
# Payara talks to a standalone ActiveMQ Artemis broker (server-config/artemis) instead of its
# built-in OpenMQ: deploys the Artemis resource adapter as "artemis-rar", points it at the broker,
# creates its connection pool, makes it the default JMS connection factory (the one an injected
# JMSContext uses), binds the inbox's three queues, and switches OpenMQ off, so that nothing can
# quietly send to it.
#
#   ASADMIN="$PAYARA_HOME/bin/asadmin --port 4848" configure-artemis.sh <artemis-rar.rar>
#
# The broker: INBOX_BROKER_HOST (127.0.0.1), INBOX_BROKER_PORT (61616), INBOX_BROKER_USER (inbox:
# the servers' user, which may only use the inbox's queues, server-config/artemis/create-broker.sh).
# Its password is never on a command line: the adapter and its pool read it from the environment of
# the server's process, ${ENV=INBOX_BROKER_PASSWORD}, so export INBOX_BROKER_PASSWORD before the
# domain starts (or point both properties at a password alias). Safe to re-run: what exists is left
# as it is. Turning OpenMQ off takes a restart of the domain.
set -euo pipefail
rar=$1
. "$(dirname "$0")/lib.sh"
host=${INBOX_BROKER_HOST:-127.0.0.1} port=${INBOX_BROKER_PORT:-61616}
user=${INBOX_BROKER_USER:-inbox}
# The password's reference, resolved by the server when it connects (asadmin escapes = as \=).
password='${ENV\=INBOX_BROKER_PASSWORD}'

# OpenMQ off: the inbox's JMS goes to Artemis only.
$asadmin set configs.config.server-config.jms-service.type=DISABLED >/dev/null

# The adapter's configuration: the broker's address and user (asadmin escapes = as \=).
listed list-resource-adapter-configs artemis-rar ||
  $asadmin create-resource-adapter-config \
    --property "ConnectionParameters=host\\=$host;port\\=$port:UserName=$(escape "$user"):Password=$password" artemis-rar

# The adapter itself.
$asadmin list-applications 2>/dev/null | grep -q '^artemis-rar ' ||
  $asadmin deploy --type rar --name artemis-rar "$rar"

# Outbound connections, XA, so that sends join the delivery's transaction.
listed list-connector-connection-pools artemis-pool ||
  $asadmin create-connector-connection-pool --raname artemis-rar \
    --connectiondefinition jakarta.jms.ConnectionFactory --transactionsupport XATransaction \
    --property "UserName=$(escape "$user"):Password=$password" --ping true artemis-pool
listed list-connector-resources jms/artemisCF ||
  $asadmin create-connector-resource --poolname artemis-pool jms/artemisCF

# The default JMS connection factory (java:comp/DefaultJMSConnectionFactory, and an injected
# JMSContext) on Artemis. Without this, the inbox's quarantine sends would go to OpenMQ.
$asadmin set resources.connector-resource.jms/__defaultConnectionFactory.pool-name=artemis-pool >/dev/null

# The queues: the inbox queue the MDB consumes (glassfish-ejb-jar.xml), quarantine, dead letters.
for queue in inbox:InboxQueue inboxQuarantine:InboxQuarantine inboxDLQ:InboxDLQ; do
  listed list-admin-objects "jms/queue/${queue%%:*}" ||
    $asadmin create-admin-object --raname artemis-rar --restype jakarta.jms.Queue \
      --property "Address=${queue#*:}" "jms/queue/${queue%%:*}"
done
echo "Artemis configured: adapter artemis-rar, broker $host:$port"
