#!/usr/bin/env bash
# Transaction recovery on Payara: after a crash, the transaction manager must finish what the crash
# left between prepare and commit (a broker branch prepared, a decision logged), or the broker keeps
# those messages, and the database those rows' locks, until someone resolves them by hand.
#   [INBOX_TX_NODE_ID=<name>] ASADMIN="$PAYARA_HOME/bin/asadmin --port 4848" configure-transactions.sh
#   (then restart)
# Safe to re-run: it sets the values again (a domain's INBOX_TX_NODE_ID, once set, it only keeps).
#
# Payara recovers once, as the server starts (after the applications have started; new transactions
# wait until it is done). It asks every XA resource it knows for its prepared branches: the XA JDBC
# pool, and the XA connector pool of the Artemis adapter (configure-artemis.sh), which returns the
# broker's prepared branches of the inbound deliveries too. Keep that pool and its resource: Payara
# does not ask the adapter's inbound side. A branch it logged a decision for is committed, any other
# of its own rolled back. Its log is domains/<domain>/logs/server/tx: it must survive a restart.
#
# "Its own": a branch whose name begins with the domain's name in transactions, the host's name
# unless INBOX_TX_NODE_ID (the transaction service's xa-servername) gives another. Two domains of
# one host that share a broker and a database need a name each, or the one that restarts rolls back
# the other's branches in flight between prepare and commit (docs/cluster.md#payara-domains).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
service=configs.config.server-config.transaction-service
name=${INBOX_TX_NODE_ID:-}
if [ -n "$name" ] && [[ ! $name =~ ^[A-Za-z0-9._-]{1,40}$ ]]; then
  echo "INBOX_TX_NODE_ID '$name' is not a name for transactions: use at most 40 letters, digits," \
    "dots, dashes or underscores, different on every domain that shares the broker and database." >&2
  exit 2
fi

# The domain's name in its transactions: set once, never changed (a domain renamed no longer finds
# its own branches in doubt, and leaves them prepared in the broker and the database for good).
# asadmin get fails for a property never set.
current=$($asadmin get "$service.property.xa-servername" 2>/dev/null | sed -n 's/^.*xa-servername=//p' || true)
if [ -n "$name" ] && [ -n "$current" ] && [ "$current" != "$name" ]; then
  echo "This domain's transactions are named '$current', not '$name' (INBOX_TX_NODE_ID): a new name" \
    "would leave the branches it has in doubt to nobody. Keep '$current'; to rename it, wait" \
    "until nothing is prepared under it in the broker or the database, remove the property" \
    "(asadmin set $service.property.xa-servername=), run this script again and restart." >&2
  exit 1
fi

# Recover at start (Payara's default is not to).
$asadmin set "$service.automatic-recovery=true" >/dev/null

# A branch that cannot be reached in phase two is retried once, 60 s later, by the thread that
# commits (for an inbound message, the delivery's: its MDB session waits meanwhile); then the
# transaction is left to the retry below or the next start, its other branches committed. Payara
# retries ceil(seconds / 60) times, 60 s apart: its default (600) holds a delivery ten minutes, and
# -1 is not "without a limit" in Payara 6's code (it comes to one retry, as 60 does).
$asadmin set "$service.retry-timeout-in-seconds=60" >/dev/null

# A transaction whose phase two failed while the server runs (the database away at the moment of
# the commit) is retried every 60 s, instead of waiting for the next start.
$asadmin set "$service.property.pending-txn-cleanup-interval=60" >/dev/null

# A domain that ran under the host's name is named here: like a rename, only with nothing in doubt
# under the host's name (docs/cluster.md#payara-domains).
if [ -n "$name" ]; then
  $asadmin set "$service.property.xa-servername=$name" >/dev/null
  current=$name
fi
echo "Transactions: recovery at start, phase two retried once after 60 s, failures retried every 60 s," \
  "named ${current:-after the host}"
