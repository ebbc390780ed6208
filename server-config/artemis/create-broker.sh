#!/usr/bin/env bash
# Creates a standalone ActiveMQ Artemis broker instance for the inbox (the broker Payara talks to
# through the Artemis resource adapter, or that several servers share): the three queues, the
# inbox queue's redelivery settings (inbox-address-settings.xml), a CORE acceptor on one port and
# JMX on another, both on 127.0.0.1 unless INBOX_BROKER_HOST says otherwise.
#
#   create-broker.sh <artemis home> <instance dir> [port, 61616] [JMX port, 1099]
#
# The broker's user comes from INBOX_BROKER_USER / INBOX_BROKER_PASSWORD (default admin / admin:
# change it). Start it with start-broker.sh. Re-running replaces the instance's configuration and
# keeps nothing: use it to create, not to update, a broker that holds messages.
set -euo pipefail

artemis_home=$1 instance=$2 port=${3:-61616} jmx_port=${4:-1099}
host=${INBOX_BROKER_HOST:-127.0.0.1}
here=$(cd "$(dirname "$0")" && pwd)

"$artemis_home/bin/artemis" create "$instance" --silent --force \
  --user "${INBOX_BROKER_USER:-admin}" --password "${INBOX_BROKER_PASSWORD:-admin}" --require-login \
  --host "$host" --default-port "$port" \
  --no-amqp-acceptor --no-mqtt-acceptor --no-stomp-acceptor --no-hornetq-acceptor \
  --no-web --no-autotune --java-memory 512M \
  --queues InboxQueue:anycast,InboxQuarantine:anycast,InboxDLQ:anycast >/dev/null

# The inbox queue's address settings, ahead of the catch-all default.
broker_xml=$instance/etc/broker.xml
awk -v settings="$here/inbox-address-settings.xml" '
  /<!--default for catch all-->/ { while ((getline line < settings) > 0) print line }
  { print }
' "$broker_xml" >"$broker_xml.new" && mv "$broker_xml.new" "$broker_xml"
grep -q 'address-setting match="InboxQueue"' "$broker_xml" || {
  echo "Could not add the inbox's address settings to $broker_xml" >&2
  exit 1
}

# JMX on the given port, for the broker's management operations (queue depths, moving messages).
sed -i "s|<!--<connector connector-port=\"1099\"/>-->|<connector connector-host=\"$host\" connector-port=\"$jmx_port\"/>|" \
  "$instance/etc/management.xml"

echo "Created broker $instance: tcp://$host:$port, JMX service:jmx:rmi:///jndi/rmi://$host:$jmx_port/jmxrmi"
