package dev.inbox.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Settings;
import dev.inbox.it.handlers.Rows;
import jakarta.inject.Inject;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/**
 * What the guarantee stands on: a database and a broker that keep what they acknowledged when a
 * process dies. The inbox reads the database's settings at start and counts every risk; the cells'
 * PostgreSQL and MariaDB run with their durable defaults, and H2 never forces its file to disk,
 * which is one risk whatever its settings. The broker syncs its journal on every commit.
 */
@InboxTest
class DurabilityIT {

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(DurabilityIT.class);
  }

  @Inject private Rows rows;
  @Inject private Broker broker;

  @Test
  void theDatabaseSaysItKeepsItsCommitsAndTheInboxCountsWhatItDoesNot() {
    String database = rows.databaseProduct();

    assertEquals(
        "H2".equals(database) ? 1 : 0,
        Settings.ofServer().scrape().value("inbox_database_durability_risks", Map.of()),
        database + ": risks counted at start (the server log names them)");
  }

  @Test
  void theBrokerSyncsItsJournalOnEveryCommit() {
    assertEquals(true, broker.brokerAttribute("PersistenceEnabled"), "persistent");
    assertEquals(true, broker.brokerAttribute("JournalSyncTransactional"), "transactional sync");
    assertEquals(true, broker.brokerAttribute("JournalSyncNonTransactional"), "other sync");
  }
}
