#!/usr/bin/env bash
# The embedded default database on Payara: H2 in a file, bound at jdbc/inbox, the data source the
# inbox's and the handlers' persistence units use. AUTO_SERVER lets the H2 shell read it while the
# server runs. Create the tables with server-config/sql/h2/inbox.sql (provision.sh does).
#   ASADMIN="$PAYARA_HOME/bin/asadmin --port 4848" configure-datasource-h2.sh <database file, without .mv.db>
# Safe to re-run.
set -euo pipefail
file=$1
. "$(dirname "$0")/lib.sh"

# The pool, on the H2 driver Payara ships (asadmin escapes : and = in property values).
listed list-jdbc-connection-pools inbox-pool ||
  $asadmin create-jdbc-connection-pool --datasourceclassname org.h2.jdbcx.JdbcDataSource \
    --restype javax.sql.DataSource --maxpoolsize 30 \
    --property "user=sa:password=sa:url=jdbc\\:h2\\:$file;AUTO_SERVER\\=TRUE;LOCK_TIMEOUT\\=10000" inbox-pool

# The resource the persistence units name.
listed list-jdbc-resources jdbc/inbox || $asadmin create-jdbc-resource --connectionpoolid inbox-pool jdbc/inbox
