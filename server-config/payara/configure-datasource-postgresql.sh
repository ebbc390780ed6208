#!/usr/bin/env bash
# The inbox's data source on PostgreSQL, bound at jdbc/inbox, the data source the inbox's and the
# handlers' persistence units use: an XA pool, the only kind Payara is given here
# (docs/payara.md#an-xa-pool-only; PostgreSQL needs max_prepared_transactions, docs/databases.md).
# Adds the driver (org.postgresql:postgresql 42.7.x, from Maven Central) to the domain's libraries.
# Create the tables with server-config/sql/postgresql/inbox.sql first.
#
#   ASADMIN="$PAYARA_HOME/bin/asadmin --port 4848" configure-datasource-postgresql.sh <driver jar>
#
# The connection, read when the script runs: INBOX_DB_HOST (127.0.0.1), INBOX_DB_PORT (5432),
# INBOX_DB_NAME (inbox), INBOX_DB_USER (inbox). The password is never on a command line: the pool
# reads it from the environment of the server's process when it connects, ${ENV=INBOX_DB_PASSWORD},
# so export INBOX_DB_PASSWORD before the domain starts; or, after provisioning, point the pool's
# password property at a password alias (asadmin --passwordfile <file> create-password-alias ...,
# then password=${ALIAS=<alias>}). Safe to re-run.
set -euo pipefail
driver=$1
. "$(dirname "$0")/lib.sh"
host=${INBOX_DB_HOST:-127.0.0.1} port=${INBOX_DB_PORT:-5432} name=${INBOX_DB_NAME:-inbox}
user=${INBOX_DB_USER:-inbox}

# The driver, in the domain's common libraries (no restart needed).
$asadmin list-libraries --type common 2>/dev/null | grep -qx "$(basename "$driver")" ||
  $asadmin add-library --type common "$driver"

# The pool, XA; one an earlier version of this script left without XA is refused.
if listed list-jdbc-connection-pools inbox-pool; then
  require_xa_pool inbox-pool
else
  $asadmin create-jdbc-connection-pool --datasourceclassname org.postgresql.xa.PGXADataSource \
    --restype javax.sql.XADataSource \
    --maxpoolsize 30 \
    --property "serverName=$(escape "$host"):portNumber=$port:databaseName=$(escape "$name"):user=$(escape "$user"):password=\${ENV\\=INBOX_DB_PASSWORD}" inbox-pool
fi

validate_connections inbox-pool

# The resource the persistence units name.
listed list-jdbc-resources jdbc/inbox || $asadmin create-jdbc-resource --connectionpoolid inbox-pool jdbc/inbox
