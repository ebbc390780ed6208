#!/usr/bin/env bash
# A team's own application on this cell's server, made as docs/own-application.md makes one:
# generated from the inbox's archetype at this build's version, built with the inbox's artifacts
# from the local Maven repository (no file of this repository), and its Arquillian tests run with
# the inbox's test kit. The build calls it (inbox-it/pom.xml, -Dit.own-application.skip=false) with
# the cell's settings, twice:
#
#   own-application.sh run <cell.env>       before the suite: generates, builds and tests the
#                                           application, and records the outcome
#   own-application.sh verdict <cell.env>   after the cell is down: fails if the application did
#
# so that a failing application still lets the build stop the cell's broker. The build passes in the
# environment: INBOX_IT_MVN (Maven), INBOX_IT_REPOSITORY (the local repository), INBOX_VERSION,
# INBOX_ARCHETYPE_PLUGIN (the archetype plugin's version), INBOX_IT_OWN_APPLICATION (where the
# application is made), INBOX_IT_WILDFLY_PORT_OFFSET and INBOX_IT_WILDFLY_MANAGEMENT_PORT.
#
# The cell's server is stopped: the application's tests start it, as the suite's do after them.
set -euo pipefail
action=$1
set -a
# shellcheck source=/dev/null
. "$2"
set +a
work=$INBOX_IT_OWN_APPLICATION
result=$work.result

if [ "$action" = verdict ]; then
  if [ "$(cat "$result" 2>/dev/null)" != 0 ]; then
    echo "The application generated from the archetype failed its build or its tests: see the build" \
      "output above, and $work/orders/ear/target/failsafe-reports" >&2
    exit 1
  fi
  exit 0
fi

mvn=("$INBOX_IT_MVN" --batch-mode --no-transfer-progress -Dmaven.repo.local="$INBOX_IT_REPOSITORY")
application() {
  rm -rf "$work"
  mkdir -p "$work"
  cd "$work"
  "${mvn[@]}" "org.apache.maven.plugins:maven-archetype-plugin:$INBOX_ARCHETYPE_PLUGIN:generate" \
    -DinteractiveMode=false -DarchetypeGroupId=dev.inbox -DarchetypeArtifactId=inbox-archetype \
    -DarchetypeVersion="$INBOX_VERSION" -DgroupId=com.example.orders -DartifactId=orders \
    -Dversion=1.0.0-SNAPSHOT -Dpackage=com.example.orders
  cd orders
  case $INBOX_IT_TOPOLOGY in
    wildfly)
      "${mvn[@]}" verify -Djboss.home="$INBOX_IT_WILDFLY_HOME" \
        -Dwildfly.port-offset="$INBOX_IT_WILDFLY_PORT_OFFSET" \
        -Dwildfly.management-port="$INBOX_IT_WILDFLY_MANAGEMENT_PORT"
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
      return 2
      ;;
  esac
}

# In a subshell of its own, which stops at the first failure, and whose status is kept.
set +e
(
  set -e
  application
)
echo $? >"$result"
