package dev.inbox.it.handlers;

/**
 * Where a crash test stops the server JVM ({@code Runtime.halt}: no shutdown hook, no clean close)
 * while a delivery is in flight. The first three are reached in {@link CrashHandler}'s own code;
 * the last two lie inside the transaction manager's commit, where the handler only arms a Byteman
 * rule (src/test/byteman/crash-narayana.btm on WildFly, crash-jts.btm on Payara) for its own
 * thread.
 */
public enum CrashPoint {
  /** The delivery has started; nothing is written yet (the business key is asked first). */
  DELIVERY_START(false),
  /** The inbox row is inserted and flushed; the handler has not run. */
  AFTER_INBOX_ROW(false),
  /** The business write is flushed; the transaction has not begun to commit. */
  AFTER_BUSINESS_WRITE(false),
  /**
   * Without XA: the database, the last resource, has committed; the broker's branch is prepared and
   * the commit decision is not yet logged, so the broker will roll the acknowledgement back.
   */
  AFTER_DATABASE_COMMIT(true),
  /**
   * Under XA: every branch is prepared, and the commit decision is not yet logged. Recovery finds
   * no decision and rolls both branches back; the broker redelivers the message.
   */
  AFTER_PREPARE_BEFORE_DECISION(true),
  /**
   * Every branch is prepared and the commit decision is logged; no branch has committed (under XA),
   * or only the database has (without XA). Recovery must finish the commit.
   */
  AFTER_COMMIT_DECISION(true),
  /**
   * Under XA: the decision is logged and one branch has committed, the other not. Recovery commits
   * the other.
   */
  BETWEEN_THE_COMMITS(true),
  /**
   * Store-then-process: the intake's transaction has committed, the message stored and
   * acknowledged; no worker has claimed it yet.
   */
  AFTER_INTAKE_COMMIT(false),
  /** Store-then-process: a worker's claim has committed; the handler starts. */
  AFTER_CLAIM(false),
  /** Store-then-process: the handler's write is flushed; the done mark has not committed. */
  AFTER_HANDLER_WRITE(false),
  /**
   * Store-then-process: as {@link #AFTER_CLAIM}, and once more when the restarted server takes the
   * halted claim over after its lease.
   */
  DURING_TAKEOVER(false);

  /** The message property that names the point; the test sets it on every message of a run. */
  public static final String PROPERTY = "crashPoint";

  /** The test run a message belongs to (TestMessage.RUN, which this jar cannot see). */
  public static final String RUN_PROPERTY = "testRun";

  /** The system property, named after the point, that the Byteman rule compares with its thread. */
  public static final String ARMED_THREAD_PREFIX = "inbox.it.halt.";

  /**
   * The file, in the marker directory, whose presence halts the server in the middle of recovery's
   * commit, once: the rule deletes it as it fires.
   */
  public static final String HALT_DURING_RECOVERY = "halt-during-recovery";

  /** Where the halted server's marker files go: one per run, so that a run halts only once. */
  public static final String MARKER_DIRECTORY = "inbox.it.crash-dir";

  /** The exit status of a halt, for the server log's reader. */
  public static final int HALT_STATUS = 86;

  /**
   * Appended to a run's name, the file where the crash handler notes each delivery the transaction
   * manager committed.
   */
  public static final String COMMITTED_SUFFIX = ".committed";

  private final boolean inTransactionManager;

  CrashPoint(boolean inTransactionManager) {
    this.inTransactionManager = inTransactionManager;
  }

  public boolean inTransactionManager() {
    return inTransactionManager;
  }

  /** The name of the system property that arms the Byteman rule of this point. */
  public String armedThreadProperty() {
    return ARMED_THREAD_PREFIX + name();
  }
}
