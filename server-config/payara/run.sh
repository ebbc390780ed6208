#!/usr/bin/env bash
# The main job on Payara: builds the EAR and the Artemis resource adapter, fetches Payara and
# ActiveMQ Artemis from Maven Central, creates and starts a standalone broker (127.0.0.1:61616),
# provisions a Payara domain with H2 in a file (provision.sh), deploys the EAR with the example
# handler, and runs Payara in the foreground: admin on 8048, HTTP on 8080. Ctrl-C stops Payara, and
# the script stops the broker it started. Everything lives in inbox-it/target; the domain's H2
# database, and so what the inbox remembers, survives restarts until `./mvnw clean`.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
export AS_JAVA=${AS_JAVA:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}

echo "Building the EAR and the Artemis adapter..."
./mvnw -B -q -DskipTests -pl inbox-ear,server-config/payara/artemis-rar -am install
echo "Fetching Payara and ActiveMQ Artemis from Maven Central (once)..."
./mvnw -B -q -pl inbox-it -Dserver=payara dependency:unpack@unpack-server dependency:unpack@unpack-broker

dist=$root/inbox-it/target/dist
broker=$root/inbox-it/target/run-payara/broker
# The broker's users, for trying it only (create-broker.sh): set your own in the environment. The
# domain reads the servers' password from its environment when it connects.
export INBOX_BROKER_ADMIN_PASSWORD=${INBOX_BROKER_ADMIN_PASSWORD:-admin-dev-1}
export INBOX_BROKER_PASSWORD=${INBOX_BROKER_PASSWORD:-inbox-dev-1}
# The metrics scraper's user (configure-metrics.sh): metrics, with this password unless you set one.
export INBOX_METRICS_PASSWORD=${INBOX_METRICS_PASSWORD:-metrics-dev-1}
if [ ! -d "$broker" ]; then
  bash server-config/artemis/create-broker.sh "$(ls -d "$dist"/apache-artemis-*/ | head -1)" "$broker" 61616 1099
fi
bash server-config/artemis/start-broker.sh "$broker"
trap 'bash server-config/artemis/stop-broker.sh "$broker"' EXIT

payara=$dist/payara6
INBOX_ARTEMIS_RAR=$root/server-config/payara/artemis-rar/target/artemis-rar.rar INBOX_BROKER_PORT=61616 \
  bash server-config/payara/provision.sh "$payara" inbox-run 8000 h2
autodeploy=$payara/glassfish/domains/inbox-run/autodeploy
rm -f "$autodeploy"/inbox.ear_*
cp inbox-ear/target/inbox.ear "$autodeploy/"

artemis=$(ls -d "$dist"/apache-artemis-*/ | head -1)
h2_file=$payara/glassfish/domains/inbox-run/data/inbox/inbox
# Tell the person at the terminal what to do once the EAR is up.
(
  deadline=$((SECONDS + 600))
  until [ -e "$autodeploy/inbox.ear_deployed" ] || [ -e "$autodeploy/inbox.ear_deployFailed" ]; do
    [ $SECONDS -lt $deadline ] || exit 0
    sleep 1
  done
  [ -e "$autodeploy/inbox.ear_deployed" ] || { echo ">>> inbox.ear failed to deploy: see the log"; exit 0; }
  # A console user with every console role, for trying it only: in production, give each person
  # their own user and only the roles they need (docs/operations/console.md). Added while the
  # domain runs, which asadmin needs.
  INBOX_CONSOLE_PASSWORD=${INBOX_CONSOLE_PASSWORD:-console-dev-1} ASADMIN="$payara/bin/asadmin --port 8048" \
    bash server-config/payara/add-console-user.sh operator inbox-operator,inbox-payload-reader
  cat <<TXT

>>> The inbox is up: Payara at http://127.0.0.1:8080, broker tcp://127.0.0.1:61616.
>>> Send a meeting.held event (send it twice: the second is absorbed as a duplicate); it asks for
>>> the password of the broker's admin, INBOX_BROKER_ADMIN_PASSWORD (admin-dev-1 unless you set it):
  ${artemis}bin/artemis producer --url tcp://127.0.0.1:61616 --user admin --destination queue://InboxQueue --message-count 1 --message '{"opportunityId":"opportunity-2481","meetingId":"meeting-184","assignee":"ana"}' --properties '[{"type":"string","key":"messageId","value":"evt-1"},{"type":"string","key":"messageType","value":"meeting.held"}]'
>>> Look at the inbox rows and the follow-up tasks:
  java -cp $payara/h2db/bin/h2.jar org.h2.tools.Shell -url "jdbc:h2:$h2_file;AUTO_SERVER=TRUE" -user sa -sql "select consumer_name, message_id, delivery_count, processed_at from inbox_entry; select opportunity_id, meeting_id, title from followup_task"
>>> Metrics (it asks for the password of the scraper's user, metrics-dev-1 unless you set
>>> INBOX_METRICS_PASSWORD): curl -k -u metrics 'https://127.0.0.1:8081/metrics?scope=application'
>>> The operator's console: http://127.0.0.1:8080/inbox/console/ (user operator, password
>>> console-dev-1 unless you set INBOX_CONSOLE_PASSWORD); or its API, for scripts:
  curl -u operator 'http://127.0.0.1:8080/inbox/console/api/messages?id=evt-1'
  curl -u operator http://127.0.0.1:8080/inbox/console/api/quarantine/groups
>>> Ready (database, broker, retention): curl http://127.0.0.1:8080/health/ready
>>> Server log: $payara/glassfish/domains/inbox-run/logs/server.log

TXT
) &

"$payara/bin/asadmin" start-domain --verbose inbox-run
