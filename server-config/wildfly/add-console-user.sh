#!/usr/bin/env bash
# Adds a user of the inbox's console to WildFly's application realm, with the password read from the
# environment, never from a command line (add-application-user.sh writes it). The roles are the
# realm's roles of the same names: inbox-reader reads the console, inbox-operator reads it and acts
# on held messages, inbox-payload-reader also sees their bodies.
#
#   INBOX_CONSOLE_PASSWORD=... add-console-user.sh <server dir> <user> <role>[,<role>...]
#
# Safe to re-run: an existing user keeps its entry. Takes effect without a restart.
set -euo pipefail
server=$1 user=$2 roles=$3
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
INBOX_APP_PASSWORD=$INBOX_CONSOLE_PASSWORD bash "$(dirname "$0")/add-application-user.sh" "$server" "$user" "$roles"
