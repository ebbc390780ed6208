#!/usr/bin/env bash
# The embedded default database on Payara: H2 in a file, bound at jdbc/inbox, the data source the
# inbox's and the handlers' persistence units use. AUTO_SERVER lets the H2 shell read it while the
# server runs; WRITE_DELAY=0 writes each commit to the file before it returns, so a server process
# that dies keeps what it committed (see server-config/wildfly/configure-datasource-h2.cli). The
# user is sa, without a password (the file is the domain's): INBOX_DB_PASSWORD in the server's
# environment, empty by default. The inbox creates its tables at start, from its migrations
# (inbox.schema.migrate=true, set below).
#   ASADMIN="$PAYARA_HOME/bin/asadmin --port 4848" configure-datasource-h2.sh <database file, without .mv.db>
# Safe to re-run.
set -euo pipefail
file=$1
. "$(dirname "$0")/lib.sh"

# The pool, on the H2 driver Payara ships (asadmin escapes : and = in property values).
listed list-jdbc-connection-pools inbox-pool ||
  $asadmin create-jdbc-connection-pool --datasourceclassname org.h2.jdbcx.JdbcDataSource \
    --restype javax.sql.DataSource --maxpoolsize 30 \
    --property "user=sa:password=\${ENV\\=INBOX_DB_PASSWORD\\:}:url=jdbc\\:h2\\:$file;AUTO_SERVER\\=TRUE;LOCK_TIMEOUT\\=10000;WRITE_DELAY\\=0" inbox-pool

# The resource the persistence units name.
listed list-jdbc-resources jdbc/inbox || $asadmin create-jdbc-resource --connectionpoolid inbox-pool jdbc/inbox

# The inbox applies its schema's migrations at start (docs/schema.md): the embedded default has no
# DBA to do it.
$asadmin create-system-properties inbox.schema.migrate=true >/dev/null
