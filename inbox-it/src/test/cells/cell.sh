#!/usr/bin/env bash
# Prepares what a test cell runs on (up, before the tests) and stops what the tests leave running
# (down, after them), with the scripts of server-config/ that a person runs. The build calls it
# (inbox-it/pom.xml) with the cell's settings, cell.env as the build filled it in:
#
#   cell.sh up|down <cell.env>
#
#   INBOX_IT_TOPOLOGY   wildfly or payara: the suite, on one server of that kind
#                       faults: the WildFly nodes INBOX_IT_NODES lists (node-a, node-b, node-c)
#                       on a standalone broker (docs/cluster.md), or on a replicated pair when
#                       INBOX_IT_BROKER_BACKUP_PORT is not none, on a PostgreSQL pair when
#                       INBOX_IT_DATABASE_PAIR is true (database-pair.sh makes it)
#                       faults-single: one WildFly with its embedded broker and H2, as run.sh has it
#                       faults-payara: one Payara domain on a standalone broker (two when
#                       INBOX_IT_PAYARA_NODES lists payara-node-b), or on a replicated pair as
#                       above
#   INBOX_IT_DIST       what the build unpacked and copied (the
#                       servers, Artemis, the JDBC drivers, Byteman)
#   INBOX_IT_DATABASE   h2, postgresql, postgresql-xa, mariadb or mariadb-xa
#   INBOX_IT_WILDFLY_HOME, INBOX_IT_PAYARA_HOME, _DOMAIN and _DOMAIN_B, INBOX_IT_BROKER,
#   INBOX_IT_CRASHES
#                       where the cell's server, broker and crash markers live
#   and the ports and passwords the scripts of server-config/ read.
#
# Every cell starts afresh: a transaction log, a deployment or a journal that an earlier run left
# (one that was interrupted, say) would skew this one. A WildFly cell's server is kept, and
# provisioned again, which changes nothing.
set -euo pipefail

action=$1
set -a
# shellcheck source=/dev/null
. "$2"
set +a
here=$(cd "$(dirname "$0")" && pwd)
config=$(cd "$here/../../../../server-config" && pwd)
tests=$(cd "$here/.." && pwd)
dist=$INBOX_IT_DIST
database=$INBOX_IT_DATABASE server=$INBOX_IT_WILDFLY_HOME
payara=$INBOX_IT_PAYARA_HOME domain=$INBOX_IT_PAYARA_DOMAIN
broker=$INBOX_IT_BROKER crashes=$INBOX_IT_CRASHES

jar() { ls "$dist"/$1 | head -1; }

wildfly_up() {
  local server=$1 database=$2
  shift 2
  bash "$config/wildfly/provision.sh" "$dist" "$server" "$database" "$@"
}

# A replicated pair (its backup beside the primary's instance) when the cell gives a backup port.
pair=false
[ "${INBOX_IT_BROKER_BACKUP_PORT:-none}" = none ] || pair=true

broker_up() {
  local artemis
  artemis=$(ls -d "$dist"/apache-artemis-*/ | head -1)
  if $pair; then
    bash "$config/artemis/create-broker-pair.sh" "$artemis" "$broker" "$broker-backup" \
      "$INBOX_IT_BROKER_PORT" "$INBOX_IT_BROKER_BACKUP_PORT" \
      "$INBOX_IT_BROKER_JMX_PORT" "$INBOX_IT_BROKER_BACKUP_JMX_PORT"
    bash "$config/artemis/start-broker.sh" "$broker"
    bash "$config/artemis/start-broker.sh" "$broker-backup"
  else
    bash "$config/artemis/create-broker.sh" "$artemis" "$broker" \
      "$INBOX_IT_BROKER_PORT" "$INBOX_IT_BROKER_JMX_PORT"
    if [ "$INBOX_IT_TOPOLOGY" = payara ]; then bench_queues "$broker/etc/broker.xml"; fi
    bash "$config/artemis/start-broker.sh" "$broker"
  fi
}

# The benchmark's two queues on a Payara cell's broker, which the servers' user (role inbox) may
# send to and consume: the broker gives that role the inbox's queues only, and creates no others.
bench_queues() {
  local queue addresses='' security=''
  for queue in BenchPlainQueue BenchReceiveQueue; do
    addresses+="<address name=\"$queue\"><anycast><queue name=\"$queue\"/></anycast></address>"
    security+="<security-setting match=\"$queue\"><permission type=\"send\" roles=\"amq,inbox\"/>"
    security+="<permission type=\"consume\" roles=\"amq,inbox\"/>"
    security+="<permission type=\"browse\" roles=\"amq,inbox\"/>"
    security+="<permission type=\"manage\" roles=\"amq\"/></security-setting>"
  done
  awk -v addresses="$addresses" -v security="$security" '
    /<\/addresses>/ { print addresses }
    /<security-setting match="#">/ { print security }
    { print }
  ' "$1" >"$1.new" && mv "$1.new" "$1"
  grep -q '<address name="BenchReceiveQueue">' "$1" &&
    grep -q '<security-setting match="BenchReceiveQueue">' "$1" || {
    echo "Could not add the benchmark's queues to $1" >&2
    exit 1
  }
}

broker_down() {
  if $pair; then bash "$config/artemis/stop-broker.sh" "$broker-backup"; fi
  bash "$config/artemis/stop-broker.sh" "$broker"
}

payara_up() {
  local crashes=$1 domain_b=none
  [[ ,${INBOX_IT_PAYARA_NODES:-}, != *,payara-node-b,* ]] || domain_b=$INBOX_IT_PAYARA_DOMAIN_B
  rm -rf "$payara/glassfish/domains/${domain:?}" "$payara/glassfish/domains/${INBOX_IT_PAYARA_DOMAIN_B:?}" \
    "$broker" "$broker-backup" "$crashes"
  payara_domain "$domain" 20000 "$crashes" payara-node
  if [ "$domain_b" != none ]; then
    # The fault suite's second domain serves the first one's certificate, which the tests trust.
    "$payara/bin/asadmin" create-domain --nopassword --portbase 20100 "$domain_b" >/dev/null
    cp "$payara/glassfish/domains/$domain/config/"{keystore.p12,cacerts.p12} \
      "$payara/glassfish/domains/$domain_b/config/"
    payara_domain "$domain_b" 20100 "$crashes" payara-node-b
  fi
  broker_up
}

# One Payara domain, provisioned at a base port, with its name in transactions: the domains of
# one host share the host's name otherwise, and would roll back each other's branches in doubt.
#   payara_domain <domain> <base port> <crash markers> <name in transactions>
payara_domain() {
  local driver='mariadb-java-client-*.jar' backup_port=
  [[ $database == postgresql* ]] && driver='postgresql-*.jar'
  if $pair; then backup_port=$INBOX_IT_BROKER_BACKUP_PORT; fi
  INBOX_ARTEMIS_RAR=$(jar 'inbox-artemis-rar-*.rar') \
    INBOX_BROKER_PORT=$INBOX_IT_BROKER_PORT \
    INBOX_BROKER_BACKUP_PORT=$backup_port \
    INBOX_JDBC_DRIVER=$(jar "$driver") \
    INBOX_MARIADB_XA_JAR=$(jar 'inbox-mariadb-xa-*.jar') \
    INBOX_IT_CRASH_DIR=$3 \
    INBOX_TX_NODE_ID=$4 \
    INBOX_IT_BYTEMAN_JAR=$(jar 'byteman-*.jar') \
    INBOX_IT_BYTEMAN_SCRIPT=$tests/byteman/crash-jts.btm \
    bash "$config/payara/provision.sh" "$payara" "$1" "$2" "$database" \
    "$tests/payara/configure-test-server.sh"
}

# The CLI commands that size WildFly's MDB instance pool, which bounds every MDB's deliveries at
# once: derived from the cores as WildFly has it (derived), or that many instances (the benchmark's
# concurrency runs, docs/benchmarks.md).
mdb_pool() {
  local pool=/subsystem=ejb3/strict-max-bean-instance-pool=mdb-strict-max-pool
  if [ "$1" = derived ]; then
    echo "$pool:undefine-attribute(name=max-pool-size)"
    echo "$pool:write-attribute(name=derive-size, value=from-cpu-count)"
  elif [[ $1 =~ ^[1-9][0-9]*$ ]]; then
    echo "$pool:undefine-attribute(name=derive-size)"
    echo "$pool:write-attribute(name=max-pool-size, value=$1)"
  else
    echo "it.mdb.pool-size is '$1': give a number of MDB instances, or derived" >&2
    exit 1
  fi
}

# The console's users of the tests (ConsoleIT): one per role, and one with no console role.
console_users() {
  local add=$1
  shift
  INBOX_CONSOLE_PASSWORD=$INBOX_IT_CONSOLE_PASSWORD bash "$add" "$@" it-reader inbox-reader
  INBOX_CONSOLE_PASSWORD=$INBOX_IT_CONSOLE_PASSWORD bash "$add" "$@" it-operator inbox-operator
  INBOX_CONSOLE_PASSWORD=$INBOX_IT_CONSOLE_PASSWORD bash "$add" "$@" it-payload-reader \
    inbox-reader,inbox-payload-reader
}

case $action-$INBOX_IT_TOPOLOGY in
  up-wildfly)
    pool_cli=$(mktemp --suffix=.cli)
    mdb_pool "${INBOX_IT_MDB_POOL_SIZE:-derived}" >"$pool_cli"
    wildfly_up "$server" "$database" "$tests/wildfly/configure-test-server.cli" "$pool_cli"
    rm -f "$pool_cli"
    console_users "$config/wildfly/add-console-user.sh" "$server"
    INBOX_APP_PASSWORD=$INBOX_IT_CONSOLE_PASSWORD \
      bash "$config/wildfly/add-application-user.sh" "$server" it-outsider guest
    ;;
  up-payara) payara_up none ;;
  up-faults-payara) payara_up "$crashes" ;;
  up-faults)
    rm -rf "$server-node-a" "$server-node-b" "$server-node-c" "$crashes" "$broker" "$broker-backup"
    pair_script=()
    if $pair; then pair_script=("$config/wildfly/configure-messaging-remote-pair.cli"); fi
    if [ "${INBOX_IT_DATABASE_PAIR:-false}" = true ]; then
      pair_script+=("$config/wildfly/configure-datasource-postgresql-pair.cli")
    fi
    for node in node-a node-b node-c; do
      if [[ ,$INBOX_IT_NODES, != *,$node,* ]]; then
        # Not in this cell: Arquillian still checks that the node's home exists.
        mkdir -p "$server-$node"
        continue
      fi
      INBOX_MESSAGING=remote wildfly_up "$server-$node" "$database" ${pair_script[@]+"${pair_script[@]}"}
      console_users "$config/wildfly/add-console-user.sh" "$server-$node"
    done
    broker_up
    ;;
  up-faults-single)
    rm -rf "$server" "$crashes"
    wildfly_up "$server" h2 "$tests/wildfly/configure-test-server.cli"
    # The producer's user on the embedded broker, as run.sh adds one.
    INBOX_APP_PASSWORD=$INBOX_IT_PRODUCER_PASSWORD \
      bash "$config/wildfly/add-application-user.sh" "$server" inbox-it-producer guest
    ;;
  down-payara | down-faults) broker_down ;;
  down-faults-payara)
    # The tests start and stop the domains themselves. Any left up stops first: a domain whose
    # broker is gone waits on the adapter's reconnection and does not stop in time.
    running=$("$payara/bin/asadmin" list-domains || true)
    if grep -q "^$domain running" <<<"$running"; then
      "$payara/bin/asadmin" --port 20048 stop-domain "$domain"
    fi
    if grep -q "^$INBOX_IT_PAYARA_DOMAIN_B running" <<<"$running"; then
      "$payara/bin/asadmin" --port 20148 stop-domain "$INBOX_IT_PAYARA_DOMAIN_B"
    fi
    broker_down
    ;;
  down-wildfly | down-faults-single) ;; # Arquillian or the tests stop the server.
  *)
    echo "cell.sh up|down, with INBOX_IT_TOPOLOGY wildfly, payara, faults, faults-single or faults-payara; not '$action' '$INBOX_IT_TOPOLOGY'" >&2
    exit 2
    ;;
esac
