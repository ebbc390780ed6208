#!/usr/bin/env bash
# Prepares a Payara domain for the inbox and leaves it stopped: creates it (once, with Hazelcast
# off), starts it, applies the configure scripts of this directory, and stops it. The build uses it
# for every Payara test cell and for the main job; a person can run it too. Every script it applies
# is safe to re-run.
#
#   provision.sh <payara home> <domain> <port base> <database> [extra scripts]
#
#   payara home   an unpacked fish.payara.distributions:payara (the payara6 directory)
#   port base     the domain's ports: admin at base+48, HTTP at base+80 (20000: 20048 and 20080)
#   database      h2 (the embedded default), postgresql-xa or mariadb-xa: PostgreSQL and MariaDB
#                 through an XA pool only (docs/payara.md#an-xa-pool-only)
#
# Needs INBOX_ARTEMIS_RAR (the adapter, server-config/payara/artemis-rar/target/artemis-rar.rar),
# the broker's INBOX_BROKER_* settings (configure-artemis.sh), the metrics scraper's
# INBOX_METRICS_PASSWORD (configure-metrics.sh), for the console's actions the broker's
# INBOX_BROKER_ADMIN_PASSWORD and INBOX_BROKER_JMX_URL (configure-console.sh), for a real database the driver jar in
# INBOX_JDBC_DRIVER (and for mariadb-xa INBOX_MARIADB_XA_JAR) and the INBOX_DB_* settings
# (configure-datasource-*.sh). For H2 it also
# has the inbox create its tables at start (inbox.schema.migrate=true). A domain that shares the
# broker and the database with other domains needs INBOX_TX_NODE_ID, its own name in transactions
# (configure-transactions.sh).
set -euo pipefail

payara=$(cd "$1" && pwd) domain=$2 portbase=$3 database=$4
shift 4
here=$(cd "$(dirname "$0")" && pwd)
driver=${database%-xa}
export ASADMIN="$payara/bin/asadmin --port $((portbase + 48))"
domain_dir=$payara/glassfish/domains/$domain
if [ "$database" = postgresql ] || [ "$database" = mariadb ]; then
  echo "Payara takes $database through an XA pool only: provision $database-xa. Its non-XA pool can" \
    "give a handler's persistence unit a connection that another transaction holds, and a message" \
    "is then applied twice (docs/payara.md#an-xa-pool-only)." >&2
  exit 2
fi

if [ ! -d "$domain_dir" ]; then
  "$payara/bin/asadmin" create-domain --nopassword --portbase "$portbase" "$domain" >/dev/null
fi
# A domain keeps the database it was provisioned for: switching means removing the data source
# first (remove-datasource.sh), or the old pool would stay behind jdbc/inbox.
marker=$domain_dir/inbox-database
if [ -f "$marker" ] && [ "$(cat "$marker")" != "$database" ]; then
  echo "Domain $domain was provisioned for $(cat "$marker"), not $database: run remove-datasource.sh on it, delete $marker, then provision again; or use a new domain" >&2
  exit 1
fi
"$payara/bin/asadmin" start-domain "$domain" >/dev/null
trap '"$payara/bin/asadmin" stop-domain "$domain" >/dev/null' EXIT

# Hazelcast binds a public interface and slows start and stop; the inbox needs no clustering of it.
$ASADMIN set-hazelcast-configuration --enabled=false --dynamic=true >/dev/null
bash "$here/configure-artemis.sh" "${INBOX_ARTEMIS_RAR:?set INBOX_ARTEMIS_RAR to the Artemis adapter .rar}"
case $database in
  h2)
    h2_file=$domain_dir/data/inbox/inbox
    mkdir -p "$(dirname "$h2_file")"
    bash "$here/configure-datasource-h2.sh" "$h2_file"
    ;;
  postgresql-xa) bash "$here/configure-datasource-$driver.sh" "${INBOX_JDBC_DRIVER:?}" ;;
  mariadb-xa) bash "$here/configure-datasource-$driver.sh" "${INBOX_JDBC_DRIVER:?}" "${INBOX_MARIADB_XA_JAR:?}" ;;
  *) echo "Unknown database '$database'" >&2; exit 2 ;;
esac
bash "$here/configure-transactions.sh"
bash "$here/configure-inbox.sh"
bash "$here/configure-metrics.sh"
# The console's actions need the broker's management: configured when its operators' password is
# given (configure-console.sh), otherwise they answer 503 until it is.
[ -z "${INBOX_BROKER_ADMIN_PASSWORD:-}" ] || bash "$here/configure-console.sh"
for extra in "$@"; do bash "$extra"; done
echo "$database" >"$marker"
echo "Provisioned Payara domain $domain_dir (database: $database), stopped"
