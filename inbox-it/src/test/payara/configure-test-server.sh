#!/usr/bin/env bash
# What the tests need on top of the production scripts, on Payara. Applied by the build, after them
# (provision.sh's extra scripts), with ASADMIN set.
#
# The benchmark's queues (docs/benchmarks.md): a plain MDB doing the business insert without the
# inbox, and an MDB that only receives, the broker's own ceiling. The cell's broker has the two
# queues (cells/cell.sh), as a team's broker would: the servers' user may create none.
set -euo pipefail
. "$(dirname "$0")/../../../../server-config/payara/lib.sh"
for queue in benchPlain:BenchPlainQueue benchReceive:BenchReceiveQueue; do
  listed list-admin-objects "jms/queue/${queue%%:*}" ||
    $asadmin create-admin-object --raname artemis-rar --restype jakarta.jms.Queue \
      --property "Address=${queue#*:}" "jms/queue/${queue%%:*}"
done

# How many messages the inbox's MDB takes at once (the build's it.mdb.max-session): below the
# default in the suite's cells, so that ConcurrencyIT sees the setting at work; the default (15) for
# the benchmark and the fault suite.
$asadmin set-config-property --source=domain --propertyName=inbox.mdb.max-session \
  --propertyValue="${INBOX_IT_MDB_MAX_SESSION:?}" >/dev/null

# The test servers' compiler (the build's it.jit, C1 only; the benchmark's server keeps the default).
if [ -n "${INBOX_IT_JIT:-}" ] && ! grep -qxF -- "$INBOX_IT_JIT" <<<"$($asadmin list-jvm-options)"; then
  $asadmin create-jvm-options "${INBOX_IT_JIT//:/\\:}" >/dev/null
fi

# A node of the fault suite (profile faults-payara): the crash handler's marker directory, the
# Byteman agent with the crash points inside the transaction manager (src/test/byteman/crash-jts.btm)
# on the boot class path, where Payara's OSGi bundles see its classes once their packages are
# delegated to it (the list is the one Payara's osgi.properties ships, plus Byteman's), and the
# autodeploy directory, where the tests drop the EAR as an operator would.
if [ "${INBOX_IT_CRASH_DIR:-none}" != none ]; then
  agent=${INBOX_IT_BYTEMAN_JAR:?}
  options=(
    "-Dinbox.it.crash-dir=$INBOX_IT_CRASH_DIR"
    "-javaagent:$agent=script:${INBOX_IT_BYTEMAN_SCRIPT:?},boot:$agent"
    "-Dorg.osgi.framework.bootdelegation=oracle.sql,oracle.sql.*,oracle.jdbc,oracle.jdbc.*,com.sun.btrace,com.sun.btrace.*,org.netbeans.lib.profiler,org.netbeans.lib.profiler.*,jdk.internal.reflect,jdk.internal.reflect.*,jdk.net,org.jboss.byteman,org.jboss.byteman.*"
  )
  existing=$($asadmin list-jvm-options)
  for option in "${options[@]}"; do
    # asadmin separates options with colons: a colon inside one is escaped.
    grep -qxF -- "$option" <<<"$existing" || $asadmin create-jvm-options "${option//:/\\:}" >/dev/null
  done
  $asadmin set configs.config.server-config.admin-service.das-config.autodeploy-enabled=true >/dev/null
fi

# The console's users of the tests (ConsoleIT): one per role, and one with no console role.
if [ -n "${INBOX_IT_CONSOLE_PASSWORD:-}" ]; then
  add=$(dirname "$0")/../../../../server-config/payara/add-console-user.sh
  export INBOX_CONSOLE_PASSWORD=$INBOX_IT_CONSOLE_PASSWORD
  bash "$add" it-reader inbox-reader
  bash "$add" it-operator inbox-operator
  bash "$add" it-payload-reader inbox-reader,inbox-payload-reader
  if ! listed list-file-users it-outsider; then
    file=$(umask 077 && mktemp)
    printf 'AS_ADMIN_USERPASSWORD=%s\n' "$INBOX_IT_CONSOLE_PASSWORD" >"$file"
    $asadmin --passwordfile "$file" create-file-user --groups outsiders it-outsider >/dev/null
    rm -f "$file"
  fi
fi
