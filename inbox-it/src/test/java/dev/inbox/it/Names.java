package dev.inbox.it;

/** The JNDI names the server scripts create, as the tests look them up. */
public final class Names {

  public static final String INBOX_QUEUE = "java:/jms/queue/inbox";
  public static final String QUARANTINE_QUEUE = "java:/jms/queue/inboxQuarantine";
  public static final String DEAD_LETTER_QUEUE = "java:/jms/queue/inboxDLQ";

  /** The broker's name of the inbox queue, as its management reports it. */
  public static final String INBOX_QUEUE_ADDRESS = "jms.queue.InboxQueue";

  /** The broker's name of the quarantine queue. */
  public static final String QUARANTINE_QUEUE_ADDRESS = "jms.queue.InboxQuarantine";

  /** The broker's name of the inbox queue's dead-letter queue. */
  public static final String DEAD_LETTER_QUEUE_ADDRESS = "jms.queue.InboxDLQ";

  private Names() {}
}
