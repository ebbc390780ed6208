#!/usr/bin/env bash
# What the tests need on top of the production scripts, on Payara. Applied by the build, after them
# (provision.sh's extra scripts), with ASADMIN set.
#
# The benchmark's queues (docs/benchmarks.md): a plain MDB doing the business insert without the
# inbox, and an MDB that only receives, the broker's own ceiling. The standalone broker creates the
# queues when the MDBs attach.
set -euo pipefail
. "$(dirname "$0")/../../../../server-config/payara/lib.sh"
for queue in benchPlain:BenchPlainQueue benchReceive:BenchReceiveQueue; do
  listed list-admin-objects "jms/queue/${queue%%:*}" ||
    $asadmin create-admin-object --raname artemis-rar --restype jakarta.jms.Queue \
      --property "Address=${queue#*:}" "jms/queue/${queue%%:*}"
done
