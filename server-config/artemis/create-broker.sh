#!/usr/bin/env bash
# Creates a standalone ActiveMQ Artemis broker instance for the inbox (the broker Payara talks to
# through the Artemis resource adapter, or that several servers share): the three queues, the
# inbox queue's redelivery settings (inbox-address-settings.xml), who may use them
# (inbox-security-settings.xml), a CORE acceptor on one port and JMX on another, both on 127.0.0.1
# unless INBOX_BROKER_HOST says otherwise.
#
#   create-broker.sh <artemis home> <instance dir> [port, 61616] [JMX port, 1099]
#
# Two users, whose passwords come from the environment, never from a command line:
#   INBOX_BROKER_ADMIN_USER (admin) / INBOX_BROKER_ADMIN_PASSWORD (required): the operators' user,
#     role amq: everything, management (JMX) included;
#   INBOX_BROKER_USER (inbox) / INBOX_BROKER_PASSWORD (required): the servers' user, role inbox:
#     the inbox's queues only (inbox-security-settings.xml).
# Producers get users of their own, in role producer: add a line to etc/artemis-users.properties
# (user = password) and a producer line to etc/artemis-roles.properties (producer = user, ...); the
# broker reads both files again by itself. Start it with start-broker.sh. Re-running replaces the instance's
# configuration and keeps nothing: use it to create, not to update, a broker that holds messages.
#
# One broker of a replicated pair (create-broker-pair.sh sets these for both):
#   INBOX_BROKER_PAIR: primary or backup; INBOX_BROKER_PEER: host:port of the other broker's acceptor;
#   INBOX_BROKER_CLUSTER_PASSWORD (required then): the password the two brokers replicate with, as
#   user inbox-cluster.
set -euo pipefail

artemis_home=$1 instance=$2 port=${3:-61616} jmx_port=${4:-1099}
host=${INBOX_BROKER_HOST:-127.0.0.1}
admin_user=${INBOX_BROKER_ADMIN_USER:-admin} app_user=${INBOX_BROKER_USER:-inbox}
: "${INBOX_BROKER_ADMIN_PASSWORD:?set INBOX_BROKER_ADMIN_PASSWORD to the password of the operators}"
: "${INBOX_BROKER_PASSWORD:?set INBOX_BROKER_PASSWORD to the password of the servers}"
here=$(cd "$(dirname "$0")" && pwd)

# A broker of a pair replicates its journal to the other over the cluster connection; the primary
# takes its role back when it returns (check-for-active-server), and the backup gives it back
# (allow-failback, false by default for a replicating backup in Artemis 2.40, whatever its manual says).
pair=()
case ${INBOX_BROKER_PAIR:-} in
  '') ;;
  primary | backup)
    : "${INBOX_BROKER_PEER:?set INBOX_BROKER_PEER to host:port of the other broker of the pair}"
    : "${INBOX_BROKER_CLUSTER_PASSWORD:?set INBOX_BROKER_CLUSTER_PASSWORD to the password the pair replicates with}"
    pair=(--replicated --name "$INBOX_BROKER_PAIR" --staticCluster "tcp://$INBOX_BROKER_PEER"
      --cluster-user inbox-cluster --cluster-password placeholder)
    if [ "$INBOX_BROKER_PAIR" = backup ]; then pair+=(--backup); fi
    ;;
  *)
    echo "INBOX_BROKER_PAIR is '$INBOX_BROKER_PAIR': set it to primary or backup, or leave it unset for a broker on its own" >&2
    exit 1
    ;;
esac

# Without --password (which every process listing would show), the instance gets a password of
# Artemis's choosing, replaced below with the ones from the environment.
"$artemis_home/bin/artemis" create "$instance" --silent --force \
  --user "$admin_user" --require-login \
  --host "$host" --default-port "$port" \
  --no-amqp-acceptor --no-mqtt-acceptor --no-stomp-acceptor --no-hornetq-acceptor \
  --no-web --no-autotune --java-memory 512M \
  --queues InboxQueue:anycast,InboxQuarantine:anycast,InboxDLQ:anycast ${pair[@]+"${pair[@]}"} >/dev/null

# The users and their roles, readable by the broker's user only.
(
  umask 077
  printf '%s = %s\n%s = %s\n' "$admin_user" "$INBOX_BROKER_ADMIN_PASSWORD" \
    "$app_user" "$INBOX_BROKER_PASSWORD" >"$instance/etc/artemis-users.properties"
  printf 'amq = %s\ninbox = %s\n' "$admin_user" "$app_user" \
    >"$instance/etc/artemis-roles.properties"
)
# artemis create made both files, with its own permissions, before the umask above.
chmod 600 "$instance/etc/artemis-users.properties" "$instance/etc/artemis-roles.properties"

# The inbox queue's address settings, ahead of the catch-all default, with the numbers of
# inbox-queue.properties in place of their ${name}; its security settings, ahead of the catch-all one.
broker_xml=$instance/etc/broker.xml
awk -v numbers="$here/../inbox-queue.properties" -v settings="$here/inbox-address-settings.xml" \
  -v security="$here/inbox-security-settings.xml" '
  BEGIN {
    while ((getline line < numbers) > 0) {
      if (line ~ /^[A-Za-z]+=/) { split(line, pair, "="); value[pair[1]] = pair[2] }
    }
  }
  /<!--default for catch all-->/ {
    while ((getline line < settings) > 0) {
      for (name in value) gsub("\\$\\{" name "\\}", value[name], line)
      print line
    }
  }
  /<security-setting match="#">/ { while ((getline line < security) > 0) print line }
  { print }
' "$broker_xml" >"$broker_xml.new" && mv "$broker_xml.new" "$broker_xml"
grep -q 'address-setting match="InboxQueue"' "$broker_xml" && grep -q 'security-setting match="InboxQueue"' "$broker_xml" &&
  ! grep -q '<[a-z-]*>\${' "$broker_xml" || {
  echo "Could not add the inbox's address and security settings, with every number of inbox-queue.properties, to $broker_xml" >&2
  exit 1
}

# The pair's password from the environment, and the roles' fail-back settings.
if [ ${#pair[@]} -gt 0 ]; then
  (umask 077 && awk '
    BEGIN {
      password = ENVIRON["INBOX_BROKER_CLUSTER_PASSWORD"]
      gsub(/&/, "\\&amp;", password); gsub(/</, "\\&lt;", password); gsub(/>/, "\\&gt;", password)
    }
    /<cluster-password>placeholder<\/cluster-password>/ {
      at = index($0, "placeholder")
      $0 = substr($0, 1, at - 1) password substr($0, at + length("placeholder"))
    }
    /<vote-on-replication-failure>true<\/vote-on-replication-failure>/ {
      print; print "               <check-for-active-server>true</check-for-active-server>"; next
    }
    /<backup\/>/ { sub(/<backup\/>/, "<backup><allow-failback>true</allow-failback></backup>") }
    { print }
  ' "$broker_xml" >"$broker_xml.new") && mv "$broker_xml.new" "$broker_xml"
  role_setting=check-for-active-server
  if [ "$INBOX_BROKER_PAIR" = backup ]; then role_setting=allow-failback; fi
  grep -q "<$role_setting>true</$role_setting>" "$broker_xml" && ! grep -q '>placeholder<' "$broker_xml" || {
    echo "Could not set the pair's password and $role_setting in $broker_xml" >&2
    exit 1
  }
fi

# JMX on the given port, for the broker's management operations (queue depths, moving messages).
sed -i.bak "s|<!--<connector connector-port=\"1099\"/>-->|<connector connector-host=\"$host\" connector-port=\"$jmx_port\"/>|" \
  "$instance/etc/management.xml" && rm -f "$instance/etc/management.xml.bak"

echo "Created broker $instance: tcp://$host:$port (users $admin_user and $app_user), JMX service:jmx:rmi:///jndi/rmi://$host:$jmx_port/jmxrmi"
