package dev.inbox.bench.handler;

import java.util.Optional;

/**
 * The harness's SQL that differs between the databases it measures: how a fill makes its rows and
 * their ids, how the database's own counters are read, and how a table is compacted. In a fill's
 * expressions {@code n} is a row's number from 1, ?3 the rows in the fill, ?4 and ?5 what the id
 * needs besides.
 */
enum BenchSql {
  POSTGRESQL {
    @Override
    String settings() {
      return "select string_agg(name || '=' || setting || coalesce(unit, ''), ', ' order by name)"
          + " from pg_settings where name in ('synchronous_commit', 'fsync', 'shared_buffers',"
          + " 'checkpoint_timeout', 'checkpoint_completion_target', 'full_page_writes',"
          + " 'max_wal_size', 'max_connections')";
    }

    @Override
    String logPosition() {
      return "select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint";
    }

    @Override
    Optional<String> statementsExtension() {
      return Optional.of("pg_stat_statements");
    }

    @Override
    Optional<String> resetCounters() {
      return Optional.of("select pg_stat_statements_reset()");
    }

    @Override
    String counters() {
      // Each transaction's BEGIN, which the JDBC driver sends before its first statement; the
      // counters' own reads left out; and whether the view was nearly full, which loses entries.
      return "select coalesce(sum(s.calls) filter (where s.query ~* '^\\s*begin'), 0),"
          + " coalesce(sum(s.calls) filter (where s.query !~* '^\\s*(begin|commit|"
          + "rollback|prepare transaction|start transaction|set |show )'), 0),"
          + " (count(*) >= current_setting('pg_stat_statements.max')::int * 0.95)::int"
          + " from pg_stat_statements s join pg_database d on d.oid = s.dbid"
          + " where d.datname = current_database() and s.toplevel"
          + " and s.query !~ 'pg_wal_lsn_diff|pg_extension|pg_stat_statements'";
    }

    @Override
    String numbers(int count) {
      return "generate_series(1, ?3) as r(n)";
    }

    @Override
    String sequentialId() {
      return "?4 || md5(n::text)";
    }

    @Override
    String randomId() {
      return "gen_random_uuid()::text";
    }

    @Override
    String timeOrderedId() {
      // A random UUID whose first 48 bits are the time and whose 13th digit, the version, is 7.
      return "(lpad(to_hex(?4 + (n - 1) * ?5 / ?3), 12, '0') || '7'"
          + " || substr(replace(gen_random_uuid()::text, '-', ''), 14))::uuid::text";
    }

    @Override
    String compact() {
      return "vacuum (full, analyze) inbox_entry";
    }

    @Override
    String analyze() {
      return "analyze inbox_entry";
    }

    @Override
    Optional<String> checkpoint() {
      return Optional.of("checkpoint");
    }
  },

  /**
   * MariaDB: rows from the Sequence engine's {@code seq_1_to_N} tables, UUIDs from {@code
   * random_bytes} (its {@code uuid()} is version 1), the redo log's position ({@code
   * Innodb_lsn_current}) for the WAL's, and no checkpoint on demand.
   */
  MARIADB {
    /** What follows a UUID's version digit: 3 random digits, the variant (10xx) and 15 more. */
    private static final String RANDOM_TAIL =
        "substr(hex(random_bytes(2)), 2), '-', elt(1 + floor(rand() * 4), '8', '9', 'a', 'b'),"
            + " substr(hex(random_bytes(2)), 2), '-', hex(random_bytes(6))";

    @Override
    String settings() {
      return "select group_concat(lower(variable_name), '=', variable_value order by variable_name"
          + " separator ', ') from information_schema.global_variables where variable_name in"
          + " ('INNODB_FLUSH_LOG_AT_TRX_COMMIT', 'SYNC_BINLOG', 'LOG_BIN', 'INNODB_DOUBLEWRITE',"
          + " 'INNODB_BUFFER_POOL_SIZE', 'INNODB_LOG_FILE_SIZE', 'INNODB_FLUSH_METHOD',"
          + " 'MAX_CONNECTIONS')";
    }

    @Override
    String logPosition() {
      return "select cast(variable_value as unsigned) from information_schema.global_status"
          + " where variable_name = 'INNODB_LSN_CURRENT'";
    }

    @Override
    Optional<String> statementsExtension() {
      return Optional.empty();
    }

    @Override
    Optional<String> resetCounters() {
      return Optional.empty();
    }

    @Override
    String counters() {
      // The server's counts since it started: a pass takes the difference, since resetting them
      // (FLUSH STATUS) takes the RELOAD privilege. A transaction is a COMMIT, a ROLLBACK (the
      // driver sends either only when the server has one open) or an XA branch's start.
      return "select sum(case when variable_name in ('COM_COMMIT', 'COM_ROLLBACK', 'COM_XA_START')"
          + " then cast(variable_value as unsigned) else 0 end),"
          + " sum(case when variable_name in ('COM_SELECT', 'COM_INSERT', 'COM_INSERT_SELECT',"
          + " 'COM_UPDATE', 'COM_DELETE', 'COM_REPLACE') then cast(variable_value as unsigned)"
          + " else 0 end), 0 from information_schema.global_status";
    }

    @Override
    String numbers(int count) {
      // The Sequence engine's table names its range; ?3 binds the parameter the others use.
      return "(select seq as n from seq_1_to_" + count + " where seq <= ?3) r";
    }

    @Override
    String sequentialId() {
      return "concat(?4, md5(n))";
    }

    @Override
    String randomId() {
      return "lower(concat(hex(random_bytes(4)), '-', hex(random_bytes(2)), '-4', "
          + RANDOM_TAIL
          + "))";
    }

    @Override
    String timeOrderedId() {
      String time = "lpad(hex(?4 + (n - 1) * ?5 div ?3), 12, '0')";
      return "lower(concat(left(%1$s, 8), '-', right(%1$s, 4), '-7', %2$s))"
          .formatted(time, RANDOM_TAIL);
    }

    @Override
    String compact() {
      return "optimize table inbox_entry";
    }

    @Override
    String analyze() {
      return "analyze table inbox_entry";
    }

    @Override
    Optional<String> checkpoint() {
      return Optional.empty();
    }
  };

  /** The database's product name as its JDBC driver gives it, for the SQL it takes. */
  static BenchSql of(String productName) {
    return switch (productName) {
      case "PostgreSQL" -> POSTGRESQL;
      case "MariaDB" -> MARIADB;
      default ->
          throw new IllegalStateException(
              "The benchmark runs on PostgreSQL or MariaDB, not on "
                  + productName
                  + ": run it with -Ppostgresql or -Pmariadb");
    };
  }

  /** One string: the settings that bear on commit cost, as name=value, by name. */
  abstract String settings();

  /** One number: the position in the database's write-ahead (redo) log, in bytes. */
  abstract String logPosition();

  /**
   * The extension that counts statements, which the server must preload, or empty where the
   * database counts them anyway.
   */
  abstract Optional<String> statementsExtension();

  /** Sets the statement counts to zero, where the database lets a client do it. */
  abstract Optional<String> resetCounters();

  /**
   * One row: the transactions and the statements (transaction control left out) counted so far, and
   * 1 where the counts are incomplete.
   */
  abstract String counters();

  /** A fill's row source, with a column {@code n} from 1 to ?3, which is {@code count}. */
  abstract String numbers(int count);

  /** A fill's ids: ?4, a prefix, followed by a hash of the row's number. */
  abstract String sequentialId();

  /** A fill's ids: random UUIDs, version 4. */
  abstract String randomId();

  /** A fill's ids: UUIDs of version 7 whose times, from ?4 in milliseconds, spread over ?5. */
  abstract String timeOrderedId();

  /** Rewrites the inbox table and its indexes without their dead rows, statistics refreshed. */
  abstract String compact();

  /** Refreshes the planner's statistics of the inbox table. */
  abstract String analyze();

  /** Writes a checkpoint now, where the database has a statement for it. */
  abstract Optional<String> checkpoint();
}
