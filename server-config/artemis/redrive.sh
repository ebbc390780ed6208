#!/usr/bin/env bash
# Redrive on a standalone Artemis broker (Payara's, or one that several servers share): moves
# messages from the quarantine queue (or InboxDLQ) back to InboxQueue with the broker's own move
# operation, through its JMX management (Redrive.java, run with the JDK's source launcher). A moved
# message keeps its body and every property, the identity included. The inbox recognises a redriven
# message (the seal on a quarantined copy, or _AMQ_ORIG_ADDRESS naming a dead-letter queue), counts
# it, and gives each consumer all its attempts again.
#
#   redrive.sh [--from quarantine|dlq] [--filter "<JMS selector>"] [--list]
#
# The broker's management: INBOX_BROKER_JMX_URL (service:jmx:rmi:///jndi/rmi://127.0.0.1:1099/jmxrmi),
# and the operators' user: INBOX_BROKER_ADMIN_USER (admin) / INBOX_BROKER_ADMIN_PASSWORD (required,
# from the environment: no password on a command line). Fix the cause first: a message that fails
# again is quarantined again.
set -euo pipefail
exec java "$(dirname "$0")/Redrive.java" "$@"
