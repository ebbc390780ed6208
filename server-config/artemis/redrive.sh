#!/usr/bin/env bash
# Redrive on a standalone Artemis broker (Payara's, or one that several servers share): moves
# messages from the quarantine queue (or InboxDLQ) back to InboxQueue with the broker's own
# `artemis transfer`, which consumes and re-sends them in transactions, keeping the body and every
# property, the identity included. The inbox recognises a redriven message (it carries
# inbox_reason from quarantine, or _AMQ_ORIG_ADDRESS from the broker's dead-lettering), counts it,
# and gives each consumer all its attempts again.
#
#   redrive.sh <artemis home> [--from quarantine|dlq] [--filter "<JMS selector>"] [--list]
#
# The broker: INBOX_BROKER_URL (tcp://127.0.0.1:61616), INBOX_BROKER_USER / INBOX_BROKER_PASSWORD
# (admin / admin). Fix the cause first: a message that fails again is quarantined again.
set -euo pipefail

artemis=$1/bin/artemis
shift
from=quarantine filter="" list=false
while [ $# -gt 0 ]; do
  case $1 in
    --from) from=$2; shift 2 ;;
    --filter) filter=$2; shift 2 ;;
    --list) list=true; shift ;;
    *) echo "Unknown option $1 (see the comment at the top of $0)" >&2; exit 2 ;;
  esac
done
case $from in
  quarantine) queue=InboxQuarantine ;;
  dlq) queue=InboxDLQ ;;
  *) echo "--from is quarantine or dlq, not '$from'" >&2; exit 2 ;;
esac
url=${INBOX_BROKER_URL:-tcp://127.0.0.1:61616}
user=${INBOX_BROKER_USER:-admin} password=${INBOX_BROKER_PASSWORD:-admin}

if $list; then
  "$artemis" browser --url "$url" --user "$user" --password "$password" \
    --destination "queue://$queue" ${filter:+--filter "$filter"} --verbose --silent
else
  "$artemis" transfer --silent \
    --source-url "$url" --source-user "$user" --source-password "$password" --source-queue "$queue" \
    --target-url "$url" --target-user "$user" --target-password "$password" --target-queue InboxQueue \
    ${filter:+--source-filter "$filter"}
fi
