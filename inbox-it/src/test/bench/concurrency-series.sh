#!/usr/bin/env bash
# The benchmark's concurrency series (docs/benchmarks.md): the benchmark's rounds alone, in a run
# of their own at each number of MDB deliveries at once, every run into one output directory, whose
# report then has the series' table and concurrency.png.
#
#   concurrency-series.sh <output dir> <the cell's Maven arguments...>
#   e.g. bash inbox-it/src/test/bench/concurrency-series.sh /tmp/series -Pbench,postgresql,xa
#
# BENCH_DELIVERIES lists the numbers (default: 1 2 4 8 16 32). Each run gives the inbox MDB and the
# benchmark's MDBs that many sessions and, on WildFly, an MDB instance pool of that many; Payara's
# pool (32) is left as it is. Later Maven arguments win over the series' own smaller sizes.
set -euo pipefail

output=${1:?give the output directory, then the Maven arguments of the cell}
shift
root=$(cd "$(dirname "$0")/../../../.." && pwd)
for deliveries in ${BENCH_DELIVERIES:-1 2 4 8 16 32}; do
  "$root/mvnw" -B -f "$root/pom.xml" -pl inbox-it verify \
    -Dbench.messages=600 -Dbench.rounds=3 -Dbench.warm-up-rounds=3 \
    "$@" \
    -Dbench.rounds-only=true -Dbench.output="$output" -Dbench.concurrency="$deliveries" \
    -Dit.mdb.max-session="$deliveries" -Dit.mdb.pool-size="$deliveries"
done
