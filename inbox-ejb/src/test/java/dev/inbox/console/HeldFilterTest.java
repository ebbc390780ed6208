package dev.inbox.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class HeldFilterTest {

  @Test
  void everyCriterionGivenMustHold() {
    HeldFilter filter =
        new HeldFilter(
            "retries-exhausted",
            "billing",
            "order.created",
            Instant.ofEpochMilli(1000),
            Instant.ofEpochMilli(2000));

    assertEquals(
        "inbox_reason = 'retries-exhausted' AND inbox_consumer = 'billing'"
            + " AND (messageType = 'order.created' OR ce_type = 'order.created')"
            + " AND JMSTimestamp >= 1000 AND JMSTimestamp < 2000",
        filter.selector("messageType"));
  }

  @Test
  void noCriterionSelectsEverything() {
    assertNull(HeldFilter.ALL.selector("messageType"));
    assertNull(new HeldFilter(" ", "", null, null, null).selector("messageType"));
  }

  @Test
  void aQuoteInAValueStaysInsideItsLiteral() {
    HeldFilter filter = new HeldFilter(null, "x' OR 'a' = 'a", null, null, null);

    assertEquals("inbox_consumer = 'x'' OR ''a'' = ''a'", filter.selector("messageType"));
  }

  @Test
  void anUnknownReasonOrAnEmptyTimeRangeIsRefusedSayingWhy() {
    IllegalArgumentException reason =
        assertThrows(
            IllegalArgumentException.class,
            () -> new HeldFilter("exhausted", null, null, null, null));
    IllegalArgumentException range =
        assertThrows(
            IllegalArgumentException.class,
            () -> new HeldFilter(null, null, null, Instant.EPOCH, Instant.EPOCH));

    assertTrue(reason.getMessage().contains("retries-exhausted"), reason.getMessage());
    assertTrue(range.getMessage().contains("must be before"), range.getMessage());
  }

  @Test
  void aGroupNamesTheErrorTypeAnErrorSummaryBeginsWith() {
    assertEquals(
        "java.lang.IllegalStateException",
        HeldMessages.errorType("failed after 5 attempts: java.lang.IllegalStateException: boom"));
    assertEquals(
        "com.acme.BillingDown",
        HeldMessages.errorType("com.acme.BillingDown (caused by java.io.IOException: reset)"));
    assertEquals(
        "dev.inbox.spi.MessageRejectedException",
        HeldMessages.errorType(
            "rejected after 1 attempt: dev.inbox.spi.MessageRejectedException: no such customer"));
    assertNull(HeldMessages.errorType("no consumer handles type 'order.created'"));
    assertNull(HeldMessages.errorType(null));
  }
}
