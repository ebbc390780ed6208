package dev.inbox.store;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Reads committed inbox rows outside the delivery's transaction, so that the read does not enlist
 * the database in it. A duplicate then commits the broker's acknowledgement alone, in one phase: no
 * database branch to prepare under XA, no last-resource commit without it.
 *
 * <p>Reading outside changes nothing the inbox decides: a delivery never needs its own uncommitted
 * rows (one verdict per consumer and message), and a row another transaction has not yet committed
 * is invisible inside as well; the unique key decides that race at insert.
 *
 * <p>The read is one plain statement on the primary key, without a persistence context: on every
 * delivery, EclipseLink's would cost more than the read (docs/benchmarks.md).
 */
@ApplicationScoped
@Transactional(Transactional.TxType.NOT_SUPPORTED)
class CommittedRows {

  private static final String ROW =
      "select "
          + InboxEntry.COLUMNS
          + " from inbox_entry where consumer_name = ? and message_id = ?";

  private volatile DataSource dataSource;

  Optional<InboxEntry> find(String consumer, String messageId) {
    try (Connection connection = dataSource().getConnection();
        PreparedStatement statement = connection.prepareStatement(ROW)) {
      statement.setString(1, consumer);
      statement.setString(2, messageId);
      try (ResultSet row = statement.executeQuery()) {
        return row.next() ? Optional.of(InboxEntry.read(row)) : Optional.empty();
      }
    } catch (SQLException e) {
      throw new PersistenceException(
          "Cannot read the inbox row of consumer %s and message %s".formatted(consumer, messageId),
          e);
    }
  }

  private DataSource dataSource() {
    DataSource found = dataSource;
    if (found == null) {
      found = SchemaAtStart.dataSource();
      dataSource = found;
    }
    return found;
  }
}
