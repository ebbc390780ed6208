#!/usr/bin/env bash
# Creates a replicated pair of Artemis brokers for the inbox: a primary, which serves the clients,
# and a backup, which keeps a copy of the primary's journal (messages, and prepared transactions)
# and serves the clients in its place when the primary dies; when the primary comes back, it takes
# its role back and the backup returns to copying. Each is made by create-broker.sh, with the same
# users, queues and settings as a broker on its own.
#
#   create-broker-pair.sh <artemis home> <primary dir> <backup dir> [port, 61616]
#                         [backup port, 61617] [JMX port, 1099] [backup JMX port, 1100]
#
# The environment of create-broker.sh, and INBOX_BROKER_CLUSTER_PASSWORD (required): the password
# the two replicate with. Start the primary first, then the backup (start-broker.sh waits for each).
#
# Two brokers make no quorum: if the primary is frozen rather than dead (stopped, or paused longer
# than the connection's time to live), the backup becomes active beside it. Run the pair where a
# process that stops answering is killed, and see docs/cluster.md for what that means.
set -euo pipefail

artemis_home=$1 primary=$2 backup=$3
port=${4:-61616} backup_port=${5:-61617} jmx_port=${6:-1099} backup_jmx_port=${7:-1100}
host=${INBOX_BROKER_HOST:-127.0.0.1}
here=$(cd "$(dirname "$0")" && pwd)

INBOX_BROKER_PAIR=primary INBOX_BROKER_PEER=$host:$backup_port \
  bash "$here/create-broker.sh" "$artemis_home" "$primary" "$port" "$jmx_port"
INBOX_BROKER_PAIR=backup INBOX_BROKER_PEER=$host:$port \
  bash "$here/create-broker.sh" "$artemis_home" "$backup" "$backup_port" "$backup_jmx_port"
