#!/usr/bin/env bash
# The metrics endpoint (/metrics on the HTTP port, where the applications are) behind a login: only
# a user in group metrics may scrape it, with HTTP basic authentication (use HTTPS, or a scraper on
# the same host, where the password must not cross a network). Adds that user to the file realm,
# with the password read from the environment, never from a command line.
#
#   INBOX_METRICS_PASSWORD=... ASADMIN="$PAYARA_HOME/bin/asadmin --port 4848" configure-metrics.sh
#
# The scraper's user: INBOX_METRICS_USER (metrics), INBOX_METRICS_PASSWORD (required). Prometheus
# then scrapes with basic_auth (docs/operations/metrics.md). Safe to re-run: an existing user keeps
# its password.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
user=${INBOX_METRICS_USER:-metrics}
: "${INBOX_METRICS_PASSWORD:?set INBOX_METRICS_PASSWORD to the password of the scraper}"

# Security on the endpoint, for role metrics, which the endpoint maps to the group of that name.
$asadmin set-metrics-configuration --securityEnabled=true --roles=metrics --dynamic=true >/dev/null

# The scraper's user, from a password file that only this script reads and that it deletes.
if ! listed list-file-users "$user"; then
  file=$(umask 077 && mktemp)
  trap 'rm -f "$file"' EXIT
  printf 'AS_ADMIN_USERPASSWORD=%s\n' "$INBOX_METRICS_PASSWORD" >"$file"
  $asadmin --passwordfile "$file" create-file-user --groups metrics "$user" >/dev/null
fi
echo "Metrics behind a login: user $user, group metrics"
