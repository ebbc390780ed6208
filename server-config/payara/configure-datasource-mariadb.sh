#!/usr/bin/env bash
# The inbox's data source on MariaDB, bound at jdbc/inbox, the data source the inbox's and the
# handlers' persistence units use: an XA pool, the only kind Payara is given here
# (docs/payara.md#an-xa-pool-only). Adds the driver (org.mariadb.jdbc:mariadb-java-client 3.5.x,
# from Maven Central) to the domain's libraries. Create the tables with
# server-config/sql/mariadb/inbox.sql first.
#
#   ASADMIN="$PAYARA_HOME/bin/asadmin --port 4848" configure-datasource-mariadb.sh <driver jar> <xa jar>
#
# <xa jar> is this project's dev.inbox:inbox-mariadb-xa (server-config/mariadb-xa): its XA data
# source reports a lost connection so that recovery can finish the branch
# (docs/databases.md#mariadb-and-xa). It joins the driver in the domain's libraries.
#
# The connection, read when the script runs: INBOX_DB_HOST (127.0.0.1), INBOX_DB_PORT (3306),
# INBOX_DB_NAME (inbox), INBOX_DB_USER (inbox). The password is never on a command line: the pool
# reads it from the environment of the server's process when it connects, ${ENV=INBOX_DB_PASSWORD},
# so export INBOX_DB_PASSWORD before the domain starts; or, after provisioning, point the pool's
# password property at a password alias (asadmin --passwordfile <file> create-password-alias ...,
# then password=${ALIAS=<alias>}). Safe to re-run.
set -euo pipefail
driver=$1 xa_jar=${2:?the second argument is the inbox-mariadb-xa jar (server-config/mariadb-xa)}
. "$(dirname "$0")/lib.sh"
host=${INBOX_DB_HOST:-127.0.0.1} port=${INBOX_DB_PORT:-3306} name=${INBOX_DB_NAME:-inbox}
user=${INBOX_DB_USER:-inbox}

# The driver (and the XA data source), in the domain's common libraries (no restart needed).
for library in "$driver" "$xa_jar"; do
  $asadmin list-libraries --type common 2>/dev/null | grep -qx "$(basename "$library")" ||
    $asadmin add-library --type common "$library"
done

# The pool, XA; one an earlier version of this script left without XA is refused.
if listed list-jdbc-connection-pools inbox-pool; then
  require_xa_pool inbox-pool
else
  $asadmin create-jdbc-connection-pool --datasourceclassname dev.inbox.mariadb.RecoverableMariaDbDataSource \
    --restype javax.sql.XADataSource \
    --maxpoolsize 30 \
    --property "url=jdbc\\:mariadb\\://$host\\:$port/$name:user=$(escape "$user"):password=\${ENV\\=INBOX_DB_PASSWORD}" inbox-pool
fi

validate_connections inbox-pool

# The driver logs through the server's logging (on its own it writes to the console, which Payara
# records as errors), and its warning for every error the database returns stays out: the caller
# gets the error and decides; for the inbox a duplicate key is an expected race.
$asadmin create-system-properties mariadb.logging.fallback=JDK >/dev/null
$asadmin set-log-levels org.mariadb.jdbc.message.server.ErrorPacket=SEVERE >/dev/null

# The resource the persistence units name.
listed list-jdbc-resources jdbc/inbox || $asadmin create-jdbc-resource --connectionpoolid inbox-pool jdbc/inbox
