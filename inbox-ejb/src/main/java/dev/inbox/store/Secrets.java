package dev.inbox.store;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The secrets the nodes share, read once from the database and kept in memory. The first node that
 * needs one makes it, 256 random bits; a node that races it reads the winner's. Reading happens in
 * a transaction of its own, never in a delivery's.
 */
@ApplicationScoped
public class Secrets {

  /** The key of the seal on quarantined copies. */
  static final String QUARANTINE_SEAL = "quarantine-seal";

  private final SecretRows rows;
  private volatile byte[] quarantineSealKey;

  @Inject
  Secrets(SecretRows rows) {
    this.rows = rows;
  }

  /** For the CDI proxy. */
  protected Secrets() {
    this.rows = null;
  }

  /**
   * The key that seals the inbox's properties on the copies it quarantines, the same on every node.
   * Deleting its row makes a new key, and copies sealed with the old one are no longer recognised.
   */
  public byte[] quarantineSealKey() {
    byte[] key = quarantineSealKey;
    if (key == null) {
      key = Base64.getDecoder().decode(findOrCreate(QUARANTINE_SEAL));
      quarantineSealKey = key;
    }
    return key.clone();
  }

  private String findOrCreate(String name) {
    return rows.find(name)
        .orElseGet(
            () -> {
              byte[] random = new byte[32];
              new SecureRandom().nextBytes(random);
              String made = Base64.getEncoder().encodeToString(random);
              try {
                rows.insert(name, made);
                return made;
              } catch (PersistenceException raced) {
                if (!InboxStore.isUniqueViolation(raced)) {
                  throw raced;
                }
                return rows.find(name)
                    .orElseThrow(() -> new IllegalStateException("Secret " + name + " vanished"));
              }
            });
  }
}
