package dev.inbox.store;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.Optional;

/** Reads and writes of the shared secrets, each in a transaction of its own. */
@ApplicationScoped
@Transactional(Transactional.TxType.REQUIRES_NEW)
class SecretRows {

  @PersistenceContext(unitName = "inbox")
  private EntityManager em;

  @Inject private Clock clock;

  Optional<String> find(String name) {
    return Optional.ofNullable(em.find(Secret.class, name)).map(Secret::value);
  }

  /** Inserts a secret; a unique violation means another node made it first. */
  void insert(String name, String value) {
    em.persist(new Secret(name, value, LocalDateTime.now(clock)));
    em.flush();
  }
}
