#!/usr/bin/env bash
# The main job: builds the EAR, provisions a WildFly with the embedded Artemis broker and an H2
# database in a file (server-config/wildfly/provision.sh), deploys the EAR with the example handler
# and runs the server in the foreground on the default ports (HTTP 8080, management 9990).
# Ctrl-C stops it. The server lives in inbox-it/target/servers/wildfly-run; its H2 database, and so
# what the inbox remembers, survives restarts until `./mvnw clean`.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

echo "Building the EAR..."
./mvnw -B -q -DskipTests -pl inbox-ear,server-config/mariadb-xa,server-config/payara/artemis-rar -am install
echo "Fetching WildFly, EclipseLink and the JDBC drivers from Maven Central (once)..."
./mvnw -B -q -pl inbox-it dependency:unpack@unpack-server dependency:copy-dependencies@copy-jars

server=$root/inbox-it/target/servers/wildfly-run
bash server-config/wildfly/provision.sh "$root/inbox-it/target/dist" "$server" h2

# An application user for producers on other JVMs, such as SendMessage.java, whose default password
# this is. For trying it only: in production, producers have their own users in the guest role (or
# the role you grant).
INBOX_APP_PASSWORD=inbox-dev-1 bash server-config/wildfly/add-application-user.sh "$server" inbox guest
# A console user with every console role, for trying it only: in production, give each person their
# own user and only the roles they need (docs/operations/console.md).
INBOX_CONSOLE_PASSWORD=${INBOX_CONSOLE_PASSWORD:-console-dev-1} bash server-config/wildfly/add-console-user.sh \
  "$server" operator inbox-operator,inbox-payload-reader

deployments=$server/standalone/deployments
rm -f "$deployments"/inbox.ear.*
cp inbox-ear/target/inbox.ear "$deployments/"

# A webhook source, "crm", signed as GitHub signs, through environment variables that MicroProfile
# Config reads (inbox.webhooks.sources, inbox.webhooks.crm.*). The secret is for trying it only: in
# production it comes from the server's secret store (docs/configuration.md#webhooks).
export INBOX_WEBHOOKS_SOURCES=${INBOX_WEBHOOKS_SOURCES:-crm}
export INBOX_WEBHOOKS_CRM_SCHEME=${INBOX_WEBHOOKS_CRM_SCHEME:-github}
export INBOX_WEBHOOKS_CRM_SECRET=${INBOX_WEBHOOKS_CRM_SECRET:-crm-dev-secret}

h2_jar=$(ls "$server"/modules/system/layers/base/com/h2database/h2/main/h2-*.jar)
# Tell the person at the terminal what to do once the EAR is up.
(
  deadline=$((SECONDS + 600))
  until [ -e "$deployments/inbox.ear.deployed" ] || [ -e "$deployments/inbox.ear.failed" ]; do
    [ $SECONDS -lt $deadline ] || exit 0
    sleep 1
  done
  if [ -e "$deployments/inbox.ear.failed" ]; then
    echo ">>> inbox.ear failed to deploy: $(cat "$deployments/inbox.ear.failed")"
    exit 0
  fi
  cat <<TXT

>>> The inbox is up: WildFly at http://127.0.0.1:8080, queue jms/queue/inbox (InboxQueue).
>>> Send a meeting.held event (send it twice: the second is absorbed as a duplicate):
  java -cp $server/bin/client/jboss-client.jar server-config/wildfly/SendMessage.java --id evt-1 --type meeting.held '{"opportunityId":"opportunity-2481","meetingId":"meeting-184","assignee":"ana"}'
>>> Or deliver it as a webhook from the source "crm", signed with its secret (deliver it twice: one task):
  body='{"opportunityId":"opportunity-2481","meetingId":"meeting-185","assignee":"ana"}'
  curl -i http://127.0.0.1:8080/inbox/webhooks/crm -H 'Content-Type: application/json' -H 'X-GitHub-Delivery: delivery-1' -H 'X-GitHub-Event: meeting.held' -H "X-Hub-Signature-256: sha256=\$(printf %s "\$body" | openssl dgst -sha256 -hmac '$INBOX_WEBHOOKS_CRM_SECRET' -r | cut -d' ' -f1)" --data-binary "\$body"
>>> Look at the inbox rows and the follow-up tasks:
  java -cp $h2_jar org.h2.tools.Shell -url "jdbc:h2:$server/standalone/data/inbox/inbox;AUTO_SERVER=TRUE" -user sa -sql "select consumer_name, message_id, delivery_count, processed_at from inbox_entry; select opportunity_id, meeting_id, title from followup_task"
>>> The operator's console: http://127.0.0.1:8080/inbox/console/ (user operator, password
>>> console-dev-1 unless you set INBOX_CONSOLE_PASSWORD); or its API, for scripts:
  curl -u operator 'http://127.0.0.1:8080/inbox/console/api/messages?id=evt-1'
  curl -u operator http://127.0.0.1:8080/inbox/console/api/quarantine/groups
>>> Ready (database, broker, retention), and the metrics:
  curl http://127.0.0.1:9990/health/ready; curl http://127.0.0.1:9990/prometheus
>>> Server log: $server/standalone/log/server.log

TXT
) &

exec env JBOSS_HOME="$server" "$server/bin/standalone.sh" -c standalone-full.xml
