#!/usr/bin/env bash
# Adds a user of the inbox's console to the file realm, with the password read from the environment,
# never from a command line. The roles are the realm's groups of the same names (the inbox's
# WEB-INF/glassfish-web.xml maps them): inbox-reader reads the console, inbox-operator reads it and
# acts on held messages, inbox-payload-reader also sees their bodies.
#
#   INBOX_CONSOLE_PASSWORD=... ASADMIN="$PAYARA_HOME/bin/asadmin --port 4848" \
#     add-console-user.sh <user> <role>[,<role>...]
#
# Safe to re-run: an existing user keeps its password and groups (change them with asadmin
# update-file-user).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
user=$1 roles=$2
: "${INBOX_CONSOLE_PASSWORD:?set INBOX_CONSOLE_PASSWORD to the password of the new user}"
for role in ${roles//,/ }; do
  case $role in
    inbox-reader | inbox-operator | inbox-payload-reader) ;;
    *)
      echo "Unknown console role '$role': the roles are inbox-reader, inbox-operator and inbox-payload-reader" >&2
      exit 2
      ;;
  esac
done
if listed list-file-users "$user"; then
  echo "$user is already a user of the file realm"
  exit 0
fi
# From a password file that only this script reads and that it deletes.
file=$(umask 077 && mktemp)
trap 'rm -f "$file"' EXIT
printf 'AS_ADMIN_USERPASSWORD=%s\n' "$INBOX_CONSOLE_PASSWORD" >"$file"
$asadmin --passwordfile "$file" create-file-user --groups "${roles//,/:}" "$user" >/dev/null
echo "Added console user $user ($roles)"
