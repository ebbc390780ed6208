#!/usr/bin/env bash
# The PostgreSQL pair of a database-failover cell (inbox-it/pom.xml, profile database-pair): two
# servers of this machine's PostgreSQL, "a" on the first port and "b" on the second, made by
# server-config/postgresql/create-pair.sh with a the primary, and what the tests and an operator's
# failover do to them. Which one is the primary changes with each failover.
#
#   database-pair.sh <action> <pair dir> <port of a> <port of b>
#
#   up               a new pair, a the primary: what an earlier run left is stopped and removed
#   down             both stopped, if they run
#   crash-primary    the primary stopped as a crash would (immediate: no checkpoint, connections cut)
#   promote-standby  the standby made the primary
#   rejoin           the server that is down made a new synchronous standby of the primary, as
#                    after a failover (server-config/postgresql/add-standby.sh)
#   whole            rejoin, unless a synchronous standby streams from the primary already
#   asynchronous     the standby stops receiving and the primary stops waiting for it: what an
#                    asynchronous standby that lags behind is
set -euo pipefail
shopt -s inherit_errexit
action=$1 dir=$2 port_a=$3 port_b=$4
bin=${INBOX_PG_BIN:-$(pg_config --bindir)}
config=$(cd "$(dirname "$0")/../../../../server-config" && pwd)
. "$config/postgresql/lib.sh"

# Whether a server runs; a pid file that a killed server left behind is removed.
running() {
  [ -f "$dir/$1/postmaster.pid" ] || return 1
  as_owner "$bin/pg_ctl" --pgdata="$dir/$1" status >/dev/null && return 0
  rm -f "$dir/$1/postmaster.pid"
  return 1
}
stop() {
  if running "$1"; then as_owner "$bin/pg_ctl" --pgdata="$dir/$1" --mode="$2" --wait stop >/dev/null; fi
}
port() { if [ "$1" = a ]; then echo "$port_a"; else echo "$port_b"; fi; }
# The running server in the given role (primary or standby), if one is.
server() {
  local name recovery
  for name in a b; do
    running "$name" || continue
    recovery=$(sql "$(port "$name")" "select pg_is_in_recovery()")
    if { [ "$1" = primary ] && [ "$recovery" = f ]; } || { [ "$1" = standby ] && [ "$recovery" = t ]; }; then
      echo "$name"
      return
    fi
  done
  echo "No $1 runs in $dir" >&2
  exit 1
}

case $action in
  up)
    stop a fast
    stop b fast
    for port in "$port_a" "$port_b"; do
      if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
        echo "Port $port is taken by a process this pair did not start (another checkout's pair?):" \
          "stop it (ss -ltnp shows it) or give the cell other ports (-Ddb.primary-port, -Ddb.standby-port)." >&2
        exit 1
      fi
    done
    rm -rf "$dir"
    mkdir -p "$dir"
    bash "$config/postgresql/create-pair.sh" "$dir/a" "$dir/b" "$port_a" "$port_b"
    ;;
  down)
    stop a fast
    stop b fast
    ;;
  crash-primary)
    primary=$(server primary)
    stop "$primary" immediate
    ;;
  promote-standby)
    standby=$(server standby)
    as_owner "$bin/pg_ctl" --pgdata="$dir/$standby" --wait promote >/dev/null
    ;;
  whole)
    primary=$(server primary)
    primary=$(port "$primary")
    if [ "$(sql "$primary" "select sync_state from pg_stat_replication where application_name = 'standby'")" != sync ]; then
      bash "$0" rejoin "$dir" "$port_a" "$port_b"
    fi
    ;;
  rejoin)
    primary=$(server primary)
    down=a
    [ "$primary" != a ] || down=b
    stop "$down" immediate
    rm -rf "${dir:?}/$down"
    bash "$config/postgresql/add-standby.sh" "$(port "$primary")" "$dir/$down" "$(port "$down")"
    ;;
  asynchronous)
    primary=$(server primary) standby=$(server standby)
    primary=$(port "$primary") standby=$(port "$standby")
    # The primary stops waiting first: a commit in between would wait for a standby cut off.
    sql "$primary" "alter system set synchronous_standby_names = ''" >/dev/null
    sql "$primary" "select pg_reload_conf()" >/dev/null
    sql "$standby" "alter system set primary_conninfo = ''" >/dev/null
    sql "$standby" "select pg_reload_conf()" >/dev/null
    await_value "$primary" "select count(*) from pg_stat_replication" 0 \
      "The standby on port $standby still receives from the primary"
    ;;
  *)
    echo "database-pair.sh up|down|crash-primary|promote-standby|whole|rejoin|asynchronous <pair dir> <port of a> <port of b>, not '$action'" >&2
    exit 2
    ;;
esac
