#!/usr/bin/env bash
# A PostgreSQL primary and its synchronous standby, as two clusters on this machine, started: the
# standby copies the primary by streaming replication (made with pg_basebackup, through a
# replication slot), and the primary waits for it at every commit and every PREPARE TRANSACTION
# (synchronous_standby_names), so that what a commit acknowledged is on both. What a database
# failover needs and does is in docs/cluster.md (a database that fails over); this script makes a
# pair to try it on, or to test it (the fault suite's -Pdatabase-pair).
#
#   create-pair.sh <primary dir> <standby dir> [primary port] [standby port]
#
#   primary dir, standby dir   new data directories (the script refuses existing ones)
#   ports                      5442 and 5443 by default, on 127.0.0.1 only
#
# INBOX_PG_BIN: the server's programs (initdb, pg_ctl, pg_basebackup, psql); by default where
# pg_config says they are. Run as root, the clusters belong to and run as INBOX_PG_USER (postgres),
# since PostgreSQL refuses to run as root; otherwise as the user who runs the script. Both trust
# connections from 127.0.0.1 and the superuser is postgres: a pair for one machine. On two machines,
# give each its own pg_hba.conf and passwords, and run the same steps: initdb and start the
# primary, pg_basebackup the standby from it, start the standby, and only then name it in the
# primary's synchronous_standby_names.
set -euo pipefail
primary=$1 standby=$2 primary_port=${3:-5442} standby_port=${4:-5443}
bin=${INBOX_PG_BIN:-$(pg_config --bindir)}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
require_version

absent "$standby"
new_directory "$primary"
primary=$(cd "$primary" && pwd)

# The primary. Prepared transactions on (the XA data source prepares its branches here), as many
# as connections; TCP only, so that the pair needs no socket directory of the system.
as_owner "$bin/initdb" --pgdata="$primary" --username=postgres --auth=trust --encoding=UTF8 \
  --no-instructions >/dev/null
cat >>"$primary/postgresql.conf" <<EOF

# create-pair.sh: the primary of a pair
port = $primary_port
listen_addresses = '127.0.0.1'
unix_socket_directories = ''
max_connections = 100
max_prepared_transactions = 100
wal_level = replica
max_wal_senders = 5
max_replication_slots = 5
EOF
as_owner "$bin/pg_ctl" --pgdata="$primary" --log="$primary/server.log" --wait start >/dev/null

bash "$here/add-standby.sh" "$primary_port" "$standby" "$standby_port"
echo "PostgreSQL pair: primary $primary on 127.0.0.1:$primary_port, synchronous standby $standby on 127.0.0.1:$standby_port"
