package dev.inbox.metrics;

import java.util.List;

/** Every meter the inbox exports: its Prometheus name (without suffix), help, kind and labels. */
enum Meter {
  RECEIVED(
      "inbox_received",
      "Deliveries received by each consumer, redeliveries included (consumer empty: by none)",
      Kind.COUNTER,
      "consumer",
      "type"),
  APPLIED(
      "inbox_applied", "Messages applied: new effects committed", Kind.COUNTER, "consumer", "type"),
  DUPLICATES(
      "inbox_duplicates",
      "Deliveries of a message already applied with the same payload, absorbed",
      Kind.COUNTER,
      "consumer",
      "type"),
  COLLISIONS(
      "inbox_collisions",
      "Deliveries of an applied message id with another payload, quarantined",
      Kind.COUNTER,
      "consumer",
      "type"),
  REPROCESSED(
      "inbox_reprocessed",
      "Messages applied again under a newer processing version of their consumer",
      Kind.COUNTER,
      "consumer",
      "type"),
  SEMANTIC_DUPLICATES(
      "inbox_semantic_duplicates",
      "Messages asking for a business action another message already asked for",
      Kind.COUNTER,
      "consumer",
      "type"),
  CONTENT_DUPLICATES(
      "inbox_content_duplicates",
      "Messages under a new id whose payload the consumer saw within its content window: merged",
      Kind.COUNTER,
      "consumer",
      "type"),
  CONFLICTS(
      "inbox_conflicts",
      "Deliveries that lost a race on the unique key to a concurrent delivery, rolled back",
      Kind.COUNTER,
      "consumer",
      "type"),
  QUARANTINED(
      "inbox_quarantined",
      "Messages sent to the quarantine queue, by reason",
      Kind.COUNTER,
      "consumer",
      "reason"),
  FAILURES(
      "inbox_failures",
      "Failed attempts of a handler (or of the inbox's database work), by kind",
      Kind.COUNTER,
      "consumer",
      "kind"),
  COMMIT_FAILURES(
      "inbox_commit_failures",
      "Deliveries whose transaction rolled back although the inbox decided to commit",
      Kind.COUNTER,
      "type"),
  REDELIVERIES(
      "inbox_redeliveries", "Deliveries with JMSXDeliveryCount above 1", Kind.COUNTER, "type"),
  REDRIVES(
      "inbox_redrives",
      "Messages an operator moved back from quarantine or a dead-letter queue",
      Kind.COUNTER,
      "type"),
  UNCERTAIN_EFFECTS(
      "inbox_uncertain_effects",
      "External effects a handler reported as uncertain, to reconcile",
      Kind.COUNTER,
      "consumer"),
  CONTRACT_VERSION_REJECTIONS(
      "inbox_contract_version_rejections",
      "Messages quarantined for a contract version the consumer does not declare",
      Kind.COUNTER,
      "consumer"),
  LATE_DELIVERIES(
      "inbox_late_deliveries",
      "Messages older than a consumer's retention watermark with no inbox row: possible late"
          + " redeliveries of purged keys",
      Kind.COUNTER,
      "consumer"),
  IGNORED(
      "inbox_ignored",
      "Messages of a type no consumer handles, acknowledged as inbox.unknown-type-policy=ignore asks",
      Kind.COUNTER),
  WEBHOOK_RECEIPTS(
      "inbox_webhook_receipts",
      "Webhook deliveries the endpoint answered, by source (empty: no such source) and receipt:"
          + " accepted (on the inbox queue) or why refused",
      Kind.COUNTER,
      "source",
      "receipt"),
  IDEMPOTENT_REQUESTS(
      "inbox_idempotent_requests",
      "Requests to idempotent resource methods, by operation and outcome: executed, replayed,"
          + " mismatch, in-progress, failed, refused, without-key",
      Kind.COUNTER,
      "operation",
      "outcome"),
  CONSOLE_ACTIONS(
      "inbox_console_actions",
      "Operators' redrives and discards of held messages through the console, by action and queue",
      Kind.COUNTER,
      "action",
      "queue"),
  CONSOLE_ACTION_MESSAGES(
      "inbox_console_action_messages",
      "Held messages the console's actions moved back to the inbox queue or removed, by action and"
          + " queue",
      Kind.COUNTER,
      "action",
      "queue"),
  SEQUENCE_GAPS(
      "inbox_sequence_gaps",
      "Numbers a store-then-process ordering key moved on past, after waiting"
          + " inbox.store-then-process.gap-timeout for them",
      Kind.COUNTER,
      "consumer"),
  CLAIMS_TAKEN_OVER(
      "inbox_claims_taken_over",
      "Store-then-process messages claimed after an earlier claim's lease ran out",
      Kind.COUNTER,
      "consumer"),
  STORED_LATENCY(
      "inbox_stored_latency",
      "Time from a store-then-process message's intake to the commit of the worker that applied"
          + " it",
      Kind.TIMER,
      "consumer"),
  ROWS_PURGED("inbox_rows_purged", "Inbox rows deleted by retention", Kind.COUNTER, "consumer"),
  HANDLER_DURATION(
      "inbox_handler_duration", "Time a handler ran, per call", Kind.TIMER, "consumer"),
  COMMIT_LATENCY(
      "inbox_commit_latency",
      "Time from the producer's timestamp to the commit of the delivery that applied it",
      Kind.TIMER,
      "consumer"),
  ROWS(
      "inbox_rows",
      "Inbox rows kept, per consumer (background snapshot; on PostgreSQL, the planner's estimate"
          + " above inbox.metrics.estimate-rows-above)",
      Kind.GAUGE,
      "consumer"),
  OLDEST_ROW_AGE(
      "inbox_oldest_row_age",
      "Age of the oldest inbox row, per consumer (background snapshot)",
      Kind.SECONDS_GAUGE,
      "consumer"),
  RETENTION(
      "inbox_retention",
      "How long a consumer's rows are kept (inbox.retention.*): the oldest row should not be much"
          + " older",
      Kind.SECONDS_GAUGE,
      "consumer"),
  PENDING_MESSAGES(
      "inbox_pending_messages",
      "Messages a store-then-process consumer took in and has not processed yet, due or waiting"
          + " (background snapshot)",
      Kind.GAUGE,
      "consumer"),
  OLDEST_PENDING_AGE(
      "inbox_oldest_pending_age",
      "Time since the oldest pending message of a store-then-process consumer was taken in"
          + " (background snapshot)",
      Kind.SECONDS_GAUGE,
      "consumer"),
  PARKED_MESSAGES(
      "inbox_parked_messages",
      "Messages of a store-then-process consumer that failed every attempt, each holding its"
          + " ordering key until released (background snapshot)",
      Kind.GAUGE,
      "consumer"),
  KEYS_WAITING_ON_GAP(
      "inbox_keys_waiting_on_gap",
      "Ordering keys of a store-then-process consumer whose next message is numbered past the next"
          + " number, waiting for the numbers missing until the gap timeout (background snapshot)",
      Kind.GAUGE,
      "consumer"),
  UNSETTLED_EFFECTS(
      "inbox_unsettled_effects",
      "Uncertain external effects no later delivery has settled yet, per consumer: to reconcile"
          + " (background snapshot)",
      Kind.GAUGE,
      "consumer"),
  FAILURE_LEDGER_ROWS(
      "inbox_failure_ledger_rows",
      "Entries in the failure ledger (background snapshot)",
      Kind.GAUGE),
  QUARANTINE_DEPTH(
      "inbox_quarantine_depth",
      "Messages waiting in the quarantine queue (background snapshot)",
      Kind.GAUGE),
  INBOX_QUEUE_DEPTH(
      "inbox_queue_depth",
      "Messages waiting in the inbox queue, until their delivery commits: the backlog (background"
          + " snapshot)",
      Kind.GAUGE),
  DEAD_LETTER_DEPTH(
      "inbox_dead_letter_depth",
      "Messages the broker gave up redelivering, waiting in the dead-letter queue (background"
          + " snapshot)",
      Kind.GAUGE),
  WATERMARKS_LOADED(
      "inbox_watermarks_loaded",
      "1 when this node's last read of the retention watermarks succeeded; 0 until then, when late"
          + " redeliveries of purged messages are not caught",
      Kind.GAUGE),
  DURABILITY_RISKS(
      "inbox_database_durability_risks",
      "Settings of the inbox's database, read at start, under which a crash can lose a commit",
      Kind.GAUGE);

  /** What a meter measures, which decides its Prometheus type and suffixes. */
  enum Kind {
    /** A count that only goes up: exported with the suffix {@code _total}. */
    COUNTER,
    /** Durations: exported in seconds, with {@code _seconds_count}, {@code _seconds_sum}, ... */
    TIMER,
    /** A current value. */
    GAUGE,
    /** A current value in seconds: exported with the suffix {@code _seconds}. */
    SECONDS_GAUGE
  }

  private final String name;
  private final String help;
  private final Kind kind;
  private final List<String> labels;

  Meter(String name, String help, Kind kind, String... labels) {
    this.name = name;
    this.help = help;
    this.kind = kind;
    this.labels = List.of(labels);
  }

  String meterName() {
    return name;
  }

  String help() {
    return help;
  }

  Kind kind() {
    return kind;
  }

  List<String> labels() {
    return labels;
  }
}
