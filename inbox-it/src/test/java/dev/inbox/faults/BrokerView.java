package dev.inbox.faults;

import java.util.List;

/**
 * What the fault suite reads of the cell's broker from outside the servers: its queues and the
 * transactions it holds prepared. The broker is a standalone one the nodes share ({@link
 * StandaloneBroker}), or the one embedded in the single server ({@link EmbeddedBroker}).
 */
interface BrokerView {

  String INBOX_QUEUE = "InboxQueue";
  String QUARANTINE = "InboxQuarantine";
  String DEAD_LETTERS = "InboxDLQ";

  /**
   * Messages on a queue not yet acknowledged: waiting, in delivery or in a prepared transaction.
   */
  long depth(String queue);

  /** Messages on a queue that match a selector. */
  long count(String queue, String selector);

  /** The broker's XA transactions that are prepared and wait for a decision. */
  default int preparedTransactions() {
    return preparedTransactionList().size();
  }

  /**
   * Each prepared transaction as the broker describes it (its Xid, and when it began), for a
   * failure to show whose branches were left in doubt and since when.
   */
  List<String> preparedTransactionList();

  /** The cell's broker. */
  static BrokerView ofCell() {
    return FaultCell.embeddedBroker() ? new EmbeddedBroker() : new StandaloneBroker();
  }
}
