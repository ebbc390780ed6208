#!/usr/bin/env bash
# Transaction recovery on Payara: after a crash, the transaction manager must finish what the crash
# left between prepare and commit (a broker branch prepared, a decision logged), or the broker keeps
# those messages, and the database those rows' locks, until someone resolves them by hand.
#   ASADMIN="$PAYARA_HOME/bin/asadmin --port 4848" configure-transactions.sh   (then restart)
# Safe to re-run: it sets the values again.
#
# Payara recovers once, as the server starts (after the applications have started; new transactions
# wait until it is done). It asks every XA resource it knows for its prepared branches: the XA JDBC
# pool, and the XA connector pool of the Artemis adapter (configure-artemis.sh), which returns the
# broker's prepared branches of the inbound deliveries too. Keep that pool and its resource: Payara
# does not ask the adapter's inbound side. A branch it logged a decision for is committed, any other
# of its own rolled back. Its log is domains/<domain>/logs/server/tx: it must survive a restart.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
service=configs.config.server-config.transaction-service

# Recover at start (Payara's default is not to).
$asadmin set "$service.automatic-recovery=true" >/dev/null

# A branch that cannot be reached in phase two, or at recovery, is retried without a limit (the
# default gives up after 600 s and then decides by heuristic-decision, rollback: under XA, a
# database branch rolled back after the broker's committed is an acknowledged message never applied).
$asadmin set "$service.retry-timeout-in-seconds=-1" >/dev/null

# A transaction whose phase two failed while the server runs (the database away at the moment of
# the commit) is retried every 60 s, instead of waiting for the next start.
$asadmin set "$service.property.pending-txn-cleanup-interval=60" >/dev/null
echo "Transactions: recovery at start, phase two retried without a limit, failures retried every 60 s"
