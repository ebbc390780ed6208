# What the PostgreSQL scripts of this directory share; sourced, not run. Needs $bin, the server's
# programs.

# Run as root, the clusters belong to INBOX_PG_USER (postgres): PostgreSQL refuses to run as root.
if [ "$(id -u)" = 0 ]; then
  owner=${INBOX_PG_USER:-postgres}
  as_owner() { runuser -u "$owner" -- "$@"; }
  owned() { chown "$owner" "$1" && chmod 700 "$1"; }
else
  as_owner() { "$@"; }
  owned() { chmod 700 "$1"; }
fi

# One value a query returns on the cluster at that port of 127.0.0.1, as the superuser; a server
# that does not answer within 5 s fails it.
sql() { PGCONNECT_TIMEOUT=5 "$bin/psql" --host=127.0.0.1 --port="$1" --username=postgres \
  --dbname=postgres --no-psqlrc --tuples-only --no-align --command="$2"; }

# Refuses PostgreSQL programs older than 14, whose initdb and standbys lack what the scripts use.
require_version() {
  local version
  version=$("$bin/pg_config" --version | sed -n 's/^PostgreSQL \([0-9]*\).*/\1/p')
  if [ -z "$version" ] || [ "$version" -lt 14 ]; then
    echo "The PostgreSQL programs in $bin are version ${version:-unknown}; these scripts need 14 or" \
      "later: point INBOX_PG_BIN at a newer one's bin directory." >&2
    exit 1
  fi
}

# Refuses a data directory that exists: a cluster is made only in a new one.
absent() {
  if [ -e "$1" ]; then
    echo "$1 exists: give the cluster a new directory (or remove that one first)." >&2
    exit 1
  fi
}

# A new, empty data directory for a cluster, owned by the user it runs as, who must be able to
# reach it.
new_directory() {
  absent "$1"
  mkdir -p "$1"
  owned "$1"
  if ! as_owner test -w "$1"; then
    echo "The user the cluster runs as ($(as_owner id -un)) cannot reach $1: make the directories" \
      "above it traversable (chmod o+x), or choose a directory elsewhere." >&2
    exit 1
  fi
}

# Waits up to a minute until a query on the cluster at a port returns the expected value; then
# fails, saying what did not happen.
#   await_value <port> <query> <expected> <what did not happen, for the message>
await_value() {
  local deadline=$((SECONDS + 60))
  until [ "$(sql "$1" "$2")" = "$3" ]; do
    if ((SECONDS > deadline)); then
      echo "$4 a minute later." >&2
      exit 1
    fi
    sleep 0.2
  done
}
