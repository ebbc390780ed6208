#!/usr/bin/env bash
# Redrive: moves messages from the quarantine queue (or the inbox's dead-letter queue) back to the
# inbox queue, with the broker's own move operation through jboss-cli. A moved message keeps its
# body and every property, its identity included, so the inbox recognises what it already applied;
# the inbox sees that it was redriven, counts it, and gives each consumer all its attempts again.
#
#   redrive.sh [--from quarantine|dlq] [--filter "<JMS selector>"] [--list] [--controller host:port]
#
#   --from        the queue to move from: quarantine (InboxQuarantine, the default) or dlq (InboxDLQ)
#   --filter      which messages, as a JMS selector on their properties; all of them by default.
#                 For example: "inbox_reason = 'retries-exhausted' AND inbox_consumer = 'billing'"
#                 or "messageId = 'evt-482'"
#   --list        only show the matching messages (their properties), move nothing
#   --controller  the server's management address (default 127.0.0.1:9990)
#
# Fix the cause first (deploy the corrected handler, repair the reference data): a message that
# fails again ends in quarantine again after inbox.max-attempts.
set -euo pipefail

from=quarantine filter="" list=false controller=127.0.0.1:9990
while [ $# -gt 0 ]; do
  case $1 in
    --from) from=$2; shift 2 ;;
    --filter) filter=$2; shift 2 ;;
    --list) list=true; shift ;;
    --controller) controller=$2; shift 2 ;;
    *) echo "Unknown option $1 (see the comment at the top of $0)" >&2; exit 2 ;;
  esac
done
case $from in
  quarantine) queue=InboxQuarantine ;;
  dlq) queue=InboxDLQ ;;
  *) echo "--from is quarantine or dlq, not '$from'" >&2; exit 2 ;;
esac
: "${JBOSS_HOME:?set JBOSS_HOME to the WildFly installation}"

address=/subsystem=messaging-activemq/server=default/jms-queue=$queue
# A selector's quotes and backslashes, escaped for the CLI's quoted string.
escaped=${filter//\\/\\\\}
escaped=${escaped//\"/\\\"}
if $list; then
  operation="$address:list-messages(filter=\"$escaped\")"
else
  operation="$address:move-messages(filter=\"$escaped\", other-queue-name=InboxQueue)"
fi
"$JBOSS_HOME/bin/jboss-cli.sh" --connect --controller="$controller" --command="$operation"
