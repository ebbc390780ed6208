package dev.inbox.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The settings under which a database can lose a commit it has acknowledged, read from what the
 * database says of itself. The inbox acknowledges a message to the broker once its row and the
 * handler's writes commit: a commit lost afterwards is a message lost, or applied twice when it
 * comes back. Each risk is a sentence that names the setting and what to set instead.
 */
final class DurabilityRisks {

  private DurabilityRisks() {}

  /**
   * @param settings PostgreSQL's {@code fsync}, {@code synchronous_commit}, {@code
   *     full_page_writes}, {@code synchronous_standby_names}, and {@code async_standbys} (how many
   *     streaming standbys are asynchronous, when the connection may see it)
   */
  static List<String> ofPostgresql(Map<String, String> settings) {
    List<String> risks = new ArrayList<>();
    if ("off".equals(settings.get("fsync"))) {
      risks.add(
          "PostgreSQL's fsync is off: a crash of the database host can lose or corrupt committed"
              + " transactions. Set fsync = on.");
    }
    if ("off".equals(settings.get("synchronous_commit"))) {
      risks.add(
          "PostgreSQL's synchronous_commit is off: a crash of the database host loses the last"
              + " commits, whose messages the broker has already forgotten. Set synchronous_commit"
              + " = on.");
    }
    if ("off".equals(settings.get("full_page_writes"))) {
      risks.add(
          "PostgreSQL's full_page_writes is off: a crash can leave torn pages that recovery cannot"
              + " repair. Set full_page_writes = on.");
    }
    String standbys = settings.getOrDefault("synchronous_standby_names", "");
    if (!standbys.isBlank() && "local".equals(settings.get("synchronous_commit"))) {
      risks.add(
          "PostgreSQL names synchronous standbys, but synchronous_commit is local: commits do not"
              + " wait for them, and a failover loses the last ones. Set synchronous_commit = on or"
              + " remote_apply.");
    }
    int asynchronous = Integer.parseInt(settings.getOrDefault("async_standbys", "0"));
    if (asynchronous > 0 && standbys.isBlank()) {
      risks.add(
          ("PostgreSQL streams to %d asynchronous standbys and to no synchronous one: a failover"
                  + " to one of them loses the commits it had not received. Name a synchronous"
                  + " standby (synchronous_standby_names), or never fail over to an asynchronous"
                  + " one.")
              .formatted(asynchronous));
    }
    return risks;
  }

  /**
   * @param settings MariaDB's {@code innodb_flush_log_at_trx_commit}, {@code log_bin}, {@code
   *     sync_binlog} and {@code innodb_doublewrite}
   */
  static List<String> ofMariadb(Map<String, String> settings) {
    List<String> risks = new ArrayList<>();
    if (!"1".equals(settings.get("innodb_flush_log_at_trx_commit"))) {
      risks.add(
          "MariaDB's innodb_flush_log_at_trx_commit is %s: a crash loses up to a second of commits,"
                  .formatted(settings.get("innodb_flush_log_at_trx_commit"))
              + " whose messages the broker has already forgotten. Set it to 1.");
    }
    if ("1".equals(settings.get("log_bin")) && "0".equals(settings.get("sync_binlog"))) {
      risks.add(
          "MariaDB writes a binary log but sync_binlog is 0: a crash can leave commits out of it,"
              + " and a replica promoted from it lacks them. Set sync_binlog = 1.");
    }
    if ("0".equals(settings.get("innodb_doublewrite"))) {
      risks.add("MariaDB's innodb_doublewrite is off: a crash can leave torn pages. Set it to 1.");
    }
    return risks;
  }

  /**
   * @param writeDelay H2's WRITE_DELAY, in milliseconds
   */
  static List<String> ofH2(int writeDelay) {
    List<String> risks = new ArrayList<>();
    risks.add(
        "H2 does not force its commits to disk: a crash of the machine (not of the server alone)"
            + " can lose the last ones. Use PostgreSQL or MariaDB where that matters.");
    if (writeDelay > 0) {
      risks.add(
          ("H2 writes commits to its file up to WRITE_DELAY=%d ms late: a server process that dies"
                  + " loses the last ones, whose messages the broker has already forgotten. Add"
                  + " ;WRITE_DELAY=0 to the connection URL (server-config's H2 data sources have"
                  + " it).")
              .formatted(writeDelay));
    }
    return risks;
  }
}
