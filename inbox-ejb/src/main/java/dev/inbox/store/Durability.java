package dev.inbox.store;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Whether the inbox's database keeps what it commits when a process or a machine dies, as the
 * database says at start: every risk found is logged as a warning with what to change, and counted
 * ({@code inbox_database_durability_risks}). The inbox still starts: the database is the DBA's. A
 * startup singleton, since the persistence unit is ready when such a bean starts (on Payara it is
 * not yet when CDI announces the application's start).
 */
@Singleton
@Startup
@DependsOn("SchemaAtStart")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Durability {

  private static final Logger LOG = Logger.getLogger(Durability.class.getName());

  @Inject private DurabilityReads reads;

  private volatile List<String> risks = List.of();

  @PostConstruct
  void checkAtStart() {
    try {
      risks = List.copyOf(reads.risks());
      risks.forEach(risk -> LOG.warning(() -> "Inbox durability: " + risk));
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, e, () -> "Could not read the database's durability settings");
    }
  }

  /** The risks found at start: settings under which a commit can be lost in a crash. */
  public List<String> risks() {
    return risks;
  }
}
