#!/usr/bin/env bash
# A new synchronous standby of a running PostgreSQL primary on this machine, started: a copy made
# with pg_basebackup through a replication slot, following the primary's WAL by streaming
# replication under the name "standby", which the primary then waits for at every commit and every
# PREPARE TRANSACTION (synchronous_standby_names). create-pair.sh uses it for a new pair; after a
# failover, it makes the old primary's server a standby of the new primary (docs/cluster.md):
# remove the old primary's data directory first, since it may hold writes the standby never had.
#
#   add-standby.sh <primary port> <standby dir> <standby port>
#
# INBOX_PG_BIN and the user the cluster runs as: as create-pair.sh.
set -euo pipefail
primary_port=$1 standby=$2 standby_port=$3
bin=${INBOX_PG_BIN:-$(pg_config --bindir)}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
require_version
new_directory "$standby"
standby=$(cd "$standby" && pwd)

# The primary stops waiting for a standby while there is none: its commits would hang during the
# copy, and the copy would carry the setting to the new standby.
sql "$primary_port" "alter system reset synchronous_standby_names" >/dev/null
sql "$primary_port" "select pg_reload_conf()" >/dev/null
# A slot of its own on the primary, which keeps the WAL the standby has not received yet; an
# earlier standby's slot goes, with its connection if it still has one.
sql "$primary_port" "select pg_terminate_backend(active_pid) from pg_replication_slots where slot_name = 'standby' and active_pid is not null" >/dev/null
await_value "$primary_port" "select count(*) from pg_replication_slots where slot_name = 'standby' and active" 0 \
  "The primary on port $primary_port still streams to an earlier standby"
sql "$primary_port" "select pg_drop_replication_slot('standby') from pg_replication_slots where slot_name = 'standby'" >/dev/null
as_owner "$bin/pg_basebackup" --pgdata="$standby" --write-recovery-conf --wal-method=stream \
  --create-slot --slot=standby \
  --dbname="host=127.0.0.1 port=$primary_port user=postgres application_name=standby"
# The primary's log came with the copy: the standby's own begins empty.
as_owner truncate --size=0 "$standby/server.log" 2>/dev/null || true
cat >>"$standby/postgresql.conf" <<CONF

# add-standby.sh: a standby
port = $standby_port
CONF
as_owner "$bin/pg_ctl" --pgdata="$standby" --log="$standby/server.log" --wait start >/dev/null

# Synchronous only once the standby streams: a primary waiting for a standby that is not there yet
# would hold every commit.
await() {
  await_value "$primary_port" "select $1 from pg_stat_replication where application_name = 'standby'" "$2" \
    "The standby on port $standby_port is not $2 (see $standby/server.log)"
}
await state streaming
sql "$primary_port" "alter system set synchronous_standby_names = 'standby'" >/dev/null
sql "$primary_port" "select pg_reload_conf()" >/dev/null
await sync_state sync
