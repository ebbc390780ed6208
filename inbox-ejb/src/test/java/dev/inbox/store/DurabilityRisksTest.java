package dev.inbox.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DurabilityRisksTest {

  @Test
  void postgresqlWithItsDefaultsRisksNothing() {
    assertEquals(List.of(), DurabilityRisks.ofPostgresql(postgresqlDefaults()));
  }

  @Test
  void eachPostgresqlSettingThatLosesCommitsIsNamedWithWhatToSet() {
    for (String setting : List.of("fsync", "synchronous_commit", "full_page_writes")) {
      Map<String, String> settings = postgresqlDefaults();
      settings.put(setting, "off");
      List<String> risks = DurabilityRisks.ofPostgresql(settings);
      assertEquals(1, risks.size(), setting);
      assertTrue(risks.get(0).contains(setting + " = on"), risks.get(0));
    }
  }

  @Test
  void asynchronousStandbysWithoutASynchronousOneAreARisk() {
    Map<String, String> settings = postgresqlDefaults();
    settings.put("async_standbys", "2");
    assertTrue(DurabilityRisks.ofPostgresql(settings).get(0).contains("2 asynchronous standbys"));

    settings.put("synchronous_standby_names", "standby1");
    assertEquals(List.of(), DurabilityRisks.ofPostgresql(settings), "one synchronous standby");
    settings.put("synchronous_commit", "local");
    assertTrue(
        DurabilityRisks.ofPostgresql(settings).get(0).contains("synchronous_commit is local"));
  }

  @Test
  void mariadbThatFlushesOnceASecondOrSkipsTheBinlogSyncIsARisk() {
    Map<String, String> settings = new HashMap<>();
    settings.put("innodb_flush_log_at_trx_commit", "1");
    settings.put("log_bin", "0");
    settings.put("sync_binlog", "0");
    settings.put("innodb_doublewrite", "1");
    assertEquals(List.of(), DurabilityRisks.ofMariadb(settings), "the defaults");

    settings.put("innodb_flush_log_at_trx_commit", "2");
    settings.put("log_bin", "1");
    assertEquals(2, DurabilityRisks.ofMariadb(settings).size());
  }

  @Test
  void h2NeverForcesItsCommitsAndLosesTheLastOnesWithAWriteDelay() {
    assertEquals(1, DurabilityRisks.ofH2(0).size(), "no fsync, whatever the settings");
    assertTrue(DurabilityRisks.ofH2(500).get(1).contains("WRITE_DELAY=500"));
  }

  private static Map<String, String> postgresqlDefaults() {
    Map<String, String> settings = new HashMap<>();
    settings.put("fsync", "on");
    settings.put("synchronous_commit", "on");
    settings.put("full_page_writes", "on");
    settings.put("synchronous_standby_names", "");
    settings.put("async_standbys", "0");
    return settings;
  }
}
