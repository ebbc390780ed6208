#!/usr/bin/env bash
# Adds a user of WildFly's application realm, for producers on other JVMs (remote JMS), with the
# password read from the environment, never from a command line: WildFly's own add-user.sh takes it
# as an argument, which every process listing shows. Writes the realm's properties files as
# add-user.sh does (the password as HEX(MD5(user:ApplicationRealm:password))). Safe to re-run: an
# existing user keeps its entry.
#
#   INBOX_APP_PASSWORD=... add-application-user.sh <server dir> <user> <role>
#
# The role decides what the user may do on the embedded broker: guest may send to and consume from
# every queue (the messaging subsystem's default security setting). Takes effect without a restart.
set -euo pipefail
server=$1 user=$2 role=$3
: "${INBOX_APP_PASSWORD:?set INBOX_APP_PASSWORD to the password of the new user}"
configuration=$server/standalone/configuration
users=$configuration/application-users.properties roles=$configuration/application-roles.properties
case $user in
  *[=:[:space:]]* | '')
    echo "A user name has no '=', ':' or white space: '$user'" >&2
    exit 2
    ;;
esac
# The name as text, not a pattern: j.smith is not jxsmith.
if awk -F= -v user="$user" '$1 == user { found = 1 } END { exit !found }' "$users"; then
  echo "$user is already an application user of $server"
  exit 0
fi
digest() { if command -v md5sum >/dev/null; then md5sum | cut -d' ' -f1; else md5 -q; fi; }
hash=$(printf '%s' "$user:ApplicationRealm:$INBOX_APP_PASSWORD" | digest)
printf '%s=%s\n' "$user" "$hash" >>"$users"
printf '%s=%s\n' "$user" "$role" >>"$roles"
echo "Added application user $user (role $role) to $server"
