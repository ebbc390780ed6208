#!/usr/bin/env bash
# The console's actions on a standalone broker: its JMX address and a user with management rights
# (the operators' user that create-broker.sh makes; the servers' own user has none), for the
# broker's move and remove operations. The password goes to the domain's password aliases, read
# from the environment, never from a command line; the console reads it as
# inbox.console.broker.password through Payara's password config source.
#
#   INBOX_BROKER_ADMIN_PASSWORD=... ASADMIN="$PAYARA_HOME/bin/asadmin --port 4848" configure-console.sh
#
# INBOX_BROKER_JMX_URL (service:jmx:rmi:///jndi/rmi://127.0.0.1:1099/jmxrmi) and
# INBOX_BROKER_ADMIN_USER (admin) name the broker and the user. Safe to re-run: the alias is
# updated.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
url=${INBOX_BROKER_JMX_URL:-service:jmx:rmi:///jndi/rmi://127.0.0.1:1099/jmxrmi}
user=${INBOX_BROKER_ADMIN_USER:-admin}
: "${INBOX_BROKER_ADMIN_PASSWORD:?set INBOX_BROKER_ADMIN_PASSWORD to the password of the broker's operators' user}"

# Where the broker's management is, and as whom.
$asadmin set-config-property --source=domain --propertyName=inbox.console.broker.jmx-url \
  --propertyValue="$url" >/dev/null
$asadmin set-config-property --source=domain --propertyName=inbox.console.broker.user \
  --propertyValue="$user" >/dev/null

# The password, from a password file that only this script reads and that it deletes.
file=$(umask 077 && mktemp)
trap 'rm -f "$file"' EXIT
printf 'AS_ADMIN_ALIASPASSWORD=%s\n' "$INBOX_BROKER_ADMIN_PASSWORD" >"$file"
if $asadmin list-password-aliases | grep -qx inbox.console.broker.password; then
  $asadmin --passwordfile "$file" update-password-alias inbox.console.broker.password >/dev/null
else
  $asadmin --passwordfile "$file" create-password-alias inbox.console.broker.password >/dev/null
fi
echo "Console actions through the broker's JMX at $url, as $user"
