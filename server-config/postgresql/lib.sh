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

# One value a query returns on the cluster at that port of 127.0.0.1, as the superuser.
sql() { "$bin/psql" --host=127.0.0.1 --port="$1" --username=postgres --dbname=postgres \
  --no-psqlrc --tuples-only --no-align --command="$2"; }

# Refuses a data directory that exists: a cluster is made only in a new one.
absent() {
  if [ -e "$1" ]; then
    echo "$1 exists: give the cluster a new directory (or remove that one first)." >&2
    exit 1
  fi
}

# A new, empty data directory for a cluster, owned by the user it runs as.
new_directory() {
  absent "$1"
  mkdir -p "$1"
  owned "$1"
}
