#!/usr/bin/env bash
# A team's own application on this cell's server, made as docs/own-application.md makes one:
# generated from the inbox's archetype at this build's version, built from the installed artifacts
# only (no file of this repository), and its Arquillian tests run with the inbox's test kit. The
# build calls it (inbox-it/pom.xml, -Dit.own-application.skip=false) before the suite, with the
# cell's settings:
#
#   own-application.sh <cell.env> <mvn> <local repository> <inbox version> <work directory>
#
# The cell's server is stopped: the application's tests start it, as the suite's do after them.
set -euo pipefail
set -a
# shellcheck source=/dev/null
. "$1"
set +a
mvn=("$2" --batch-mode --no-transfer-progress -Dmaven.repo.local="$3")
version=$4 work=$5

rm -rf "$work"
mkdir -p "$work"
cd "$work"
"${mvn[@]}" archetype:generate -DinteractiveMode=false \
  -DarchetypeGroupId=dev.inbox -DarchetypeArtifactId=inbox-archetype -DarchetypeVersion="$version" \
  -DgroupId=com.example.orders -DartifactId=orders -Dversion=1.0.0-SNAPSHOT \
  -Dpackage=com.example.orders
cd orders

case $INBOX_IT_TOPOLOGY in
  wildfly)
    "${mvn[@]}" verify -Djboss.home="$INBOX_IT_WILDFLY_HOME" \
      -Dwildfly.port-offset=100 -Dwildfly.management-port=10090
    ;;
  payara)
    # The domain's metrics are behind the scraper's login; its password goes by the environment.
    INBOX_TESTKIT_METRICS_PASSWORD=$INBOX_METRICS_PASSWORD "${mvn[@]}" verify -Ppayara \
      -Dpayara.home="$INBOX_IT_PAYARA_HOME" -Dpayara.domain="$INBOX_IT_PAYARA_DOMAIN" \
      -Dpayara.admin-port=20048 -Dinbox.testkit.metrics-user=metrics \
      -Dinbox.testkit.metrics-url='https://127.0.0.1:20081/metrics?scope=application'
    ;;
  *)
    echo "own-application.sh runs on the suite's cells (wildfly, payara), not on '$INBOX_IT_TOPOLOGY'" >&2
    exit 2
    ;;
esac
