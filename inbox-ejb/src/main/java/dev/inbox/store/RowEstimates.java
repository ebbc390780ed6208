package dev.inbox.store;

import jakarta.persistence.EntityManager;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.persistence.sessions.Session;

/**
 * How many inbox rows PostgreSQL's planner estimates a consumer to have, without reading them: the
 * row count of its {@code EXPLAIN} of the consumer's rows, from the table's size and the consumer's
 * share in the table's statistics: within 1 % of the count on ten million rows of three consumers,
 * in under a millisecond where counting them took 1.6-1.8 s. A consumer among the statistics' most
 * common values is estimated from its own share; one outside them (more consumers than the
 * statistics target, or a small one) from the average of the others, which may be far off. Empty on
 * other databases: MariaDB's estimate, from a few dives into the primary key, was half as large
 * again as the count on three million rows, too far off for a gauge; H2's tables are small.
 */
final class RowEstimates {

  /**
   * A plan's first line: {@code Index Only Scan using ... (cost=0.56..151597.60 rows=3362345
   * width=4)}.
   */
  private static final Pattern PLAN_ROWS = Pattern.compile(" rows=(\\d+) ");

  private RowEstimates() {}

  static Optional<Long> of(EntityManager em, String consumer) {
    if (!em.unwrap(Session.class).getPlatform().isPostgreSQL()) {
      return Optional.empty();
    }
    List<?> plan =
        em.createNativeQuery("explain select 1 from inbox_entry where consumer_name = ?1")
            .setParameter(1, consumer)
            .getResultList();
    return rowsIn(String.valueOf(plan.get(0)));
  }

  /** The planner's row estimate in a plan's first line; empty when the line has none. */
  static Optional<Long> rowsIn(String planLine) {
    Matcher rows = PLAN_ROWS.matcher(planLine);
    return rows.find() ? Optional.of(Long.parseLong(rows.group(1))) : Optional.empty();
  }
}
