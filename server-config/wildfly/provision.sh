#!/usr/bin/env bash
# Prepares a WildFly server for the inbox, with the server stopped: copies an unpacked WildFly
# distribution to a server directory (once), then applies the configure scripts of this directory
# through the embedded CLI. The build uses it for every test cell and for the main job; a person can
# run it too. Every script it applies is safe to re-run, so running it again changes nothing.
#
#   provision.sh <dist dir> <server dir> <database> [extra .cli files]
#
#   dist dir   holds the unpacked WildFly (wildfly-*/) and the jars from Maven Central:
#              eclipselink-*.jar, and postgresql-*.jar or mariadb-java-client-*.jar and
#              inbox-mariadb-xa-*.jar for those databases
#   database   h2 (the embedded default), postgresql, postgresql-xa, mariadb or mariadb-xa
#
# INBOX_MESSAGING=remote provisions a node of the production cluster setup (docs/cluster.md): the
# inbox queue lives on a standalone Artemis broker (configure-messaging-remote.cli) instead of the
# broker embedded in standalone-full (configure-messaging.cli, the default: INBOX_MESSAGING=embedded).
#
# For H2 the inbox creates its tables at start (inbox.schema.migrate=true). PostgreSQL and MariaDB
# schemas are the DBA's: apply the inbox's migrations there (docs/schema.md).
set -euo pipefail

dist=$(cd "$1" && pwd) server=$2 database=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
driver=${database%-xa}
messaging=${INBOX_MESSAGING:-embedded}
case $messaging in
  embedded) messaging_script=$here/configure-messaging.cli ;;
  remote) messaging_script=$here/configure-messaging-remote.cli ;;
  *) echo "INBOX_MESSAGING is embedded or remote, not '$messaging'" >&2; exit 2 ;;
esac

if [ ! -f "$here/configure-datasource-$database.cli" ]; then
  echo "Unknown database '$database': there is no configure-datasource-$database.cli in $here" >&2
  exit 2
fi

if [ ! -x "$server/bin/standalone.sh" ]; then
  mkdir -p "$(dirname "$server")"
  cp -a "$(ls -d "$dist"/wildfly-*/ | head -1)" "$server"
fi
server=$(cd "$server" && pwd)

# A server keeps the database it was provisioned for: switching means removing the data source
# first, or two data sources would claim java:/jdbc/inbox.
marker=$server/inbox-database
if [ -f "$marker" ] && [ "$(cat "$marker")" != "$database" ]; then
  echo "$server was provisioned for $(cat "$marker"), not $database: run remove-datasource-$(cat "$marker" | sed 's/-xa$//').cli (and its driver's remove script) on it, delete $marker, then provision again; or provision a new server directory" >&2
  exit 1
fi

jar() {
  local found
  found=$(ls "$dist"/$1 2>/dev/null | head -1)
  if [ -z "$found" ] && [ "$2" = required ]; then
    echo "No $1 in $dist: the build copies it there (mvn -pl inbox-it dependency:copy-dependencies@copy-jars)" >&2
    exit 1
  fi
  echo "$found"
}
properties=$server/inbox-provisioning.properties
{
  echo "eclipselink.jar=$(jar 'eclipselink-*.jar' required)"
  echo "jipijapa.jar=$(ls "$server"/modules/system/layers/base/org/eclipse/persistence/main/jipijapa-eclipselink-*.jar)"
  echo "postgresql.jar=$(jar 'postgresql-*.jar' "$([ "$driver" = postgresql ] && echo required)")"
  echo "mariadb.jar=$(jar 'mariadb-java-client-*.jar' "$([ "$driver" = mariadb ] && echo required)")"
  echo "mariadb-xa.jar=$(jar 'inbox-mariadb-xa-*.jar' "$([ "$driver" = mariadb ] && echo required)")"
} >"$properties"

# One embedded server for all scripts: each start costs seconds.
script=$server/inbox-provisioning.cli
{
  echo "embed-server --server-config=standalone-full.xml --std-out=discard"
  # The inbox queue's redelivery, as CLI variables (configure-messaging.cli uses them).
  sed -n 's/^\([A-Za-z]*\)=\(.*\)$/set \1=\2/p' "$here/../inbox-queue.properties"
  cat "$here/configure-eclipselink.cli" "$messaging_script" "$here/configure-metrics.cli" \
    "$here/configure-health.cli" "$here/configure-telemetry.cli" "$here/configure-transactions.cli"
  [ ! -f "$here/configure-driver-$driver.cli" ] || cat "$here/configure-driver-$driver.cli"
  cat "$here/configure-datasource-$database.cli"
  for extra in "$@"; do cat "$extra"; done
  echo "stop-embedded-server"
} >"$script"

JBOSS_HOME=$server "$server/bin/jboss-cli.sh" --properties="$properties" --file="$script" >"$server/inbox-provisioning.log" 2>&1 || {
  cat "$server/inbox-provisioning.log" >&2
  echo "Provisioning $server failed: see the CLI output above" >&2
  exit 1
}

echo "$database" >"$marker"
echo "Provisioned $server (database: $database)"
