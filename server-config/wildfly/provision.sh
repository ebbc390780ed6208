#!/usr/bin/env bash
# Prepares a WildFly server for the inbox, with the server stopped: copies an unpacked WildFly
# distribution to a server directory (once), then applies the configure scripts of this directory
# through the embedded CLI. The build uses it for every test cell and for the main job; a person can
# run it too. Every script it applies is safe to re-run, so running it again changes nothing.
#
#   provision.sh <unpacked wildfly dist> <server dir> <eclipselink jar> <database> [extra .cli files]
#
#   database: h2 (the embedded default)
set -euo pipefail

dist=$1 server=$2 eclipselink_jar=$3 database=$4
shift 4
here=$(cd "$(dirname "$0")" && pwd)

if [ ! -x "$server/bin/standalone.sh" ]; then
  mkdir -p "$(dirname "$server")"
  cp -a "$dist" "$server"
fi
server=$(cd "$server" && pwd)

jipijapa_jar=$(ls "$server"/modules/system/layers/base/org/eclipse/persistence/main/jipijapa-eclipselink-*.jar)
properties=$server/inbox-provisioning.properties
printf 'eclipselink.jar=%s\njipijapa.jar=%s\n' "$(realpath "$eclipselink_jar")" "$jipijapa_jar" >"$properties"

# One embedded server for all scripts: each start costs seconds.
script=$server/inbox-provisioning.cli
{
  echo "embed-server --server-config=standalone-full.xml --std-out=discard"
  cat "$here/configure-eclipselink.cli" "$here/configure-messaging.cli" "$here/configure-datasource-$database.cli"
  for extra in "$@"; do cat "$extra"; done
  echo "stop-embedded-server"
} >"$script"

JBOSS_HOME=$server "$server/bin/jboss-cli.sh" --properties="$properties" --file="$script" >"$server/inbox-provisioning.log" 2>&1 || {
  cat "$server/inbox-provisioning.log" >&2
  echo "Provisioning $server failed: see the CLI output above" >&2
  exit 1
}
echo "Provisioned $server (database: $database)"
