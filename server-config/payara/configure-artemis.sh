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
#
# A replicated pair (server-config/artemis/create-broker-pair.sh, docs/cluster.md): the primary as
# above and its backup in INBOX_BROKER_BACKUP_HOST (the primary's host) and INBOX_BROKER_BACKUP_PORT;
# the adapter then knows both and follows the one that is active (it reconnects until it succeeds,
# ReconnectAttempts -1 in its ra.xml, as it does for one broker).
set -euo pipefail
rar=$1
. "$(dirname "$0")/lib.sh"
host=${INBOX_BROKER_HOST:-127.0.0.1} port=${INBOX_BROKER_PORT:-61616}
user=${INBOX_BROKER_USER:-inbox}
backup_host=${INBOX_BROKER_BACKUP_HOST:-$host} backup_port=${INBOX_BROKER_BACKUP_PORT:-}
# The password's reference, resolved by the server when it connects (asadmin escapes = as \=).
password='${ENV\=INBOX_BROKER_PASSWORD}'

# OpenMQ off: the inbox's JMS goes to Artemis only.
$asadmin set configs.config.server-config.jms-service.type=DISABLED >/dev/null

# The adapter's configuration: the broker's address (or the pair's two, in the same order as their
# connectors) and user. One that exists is kept, if it points at the same broker or pair.
connector=org.apache.activemq.artemis.core.remoting.impl.netty.NettyConnectorFactory
address="host=$host;port=$port" failover=
if [ -n "$backup_port" ]; then
  address+=",host=$backup_host;port=$backup_port"
  connector+=",$connector"
  failover=":HA=true"
fi
if listed list-resource-adapter-configs artemis-rar; then
  current=$($asadmin get resources.resource-adapter-config.artemis-rar.property.ConnectionParameters |
    sed -n 's/^.*property\.ConnectionParameters=//p')
  if [ "$current" != "$address" ]; then
    echo "The adapter artemis-rar points at '$current', not at '$address'. Remove its configuration" \
      "(remove-artemis.sh, with the inbox undeployed) and run this script again." >&2
    exit 1
  fi
else
  $asadmin create-resource-adapter-config --property \
    "ConnectorClassName=$connector:ConnectionParameters=$(escape "$address")${failover:-}:UserName=$(escape "$user"):Password=$password" \
    artemis-rar
fi

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
echo "Artemis configured: adapter artemis-rar, broker $host:$port${backup_port:+ and its backup $backup_host:$backup_port}"
