package dev.inbox.console;

import dev.inbox.quarantine.Quarantine;
import dev.inbox.quarantine.QueueDepths;
import dev.inbox.receiving.IdentityProperties;
import dev.inbox.spi.QuarantineProperties;
import dev.inbox.spi.QuarantineReason;
import dev.inbox.store.ShownBody;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.jms.BytesMessage;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.TextMessage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * What the quarantine and the dead-letter queue hold, read by browsing them through the inbox's own
 * connection factory, with the broker applying the filter: this works on an embedded broker and on
 * a standalone one alike, without management rights. A browse reads messages, bodies and all, so it
 * stops after {@value #MAX_BROWSED} of them and says so.
 */
@ApplicationScoped
public class HeldMessages {

  /** The most messages one look at a queue reads. */
  static final int MAX_BROWSED = 10_000;

  private final ConnectionFactory connections;
  private final Quarantine quarantine;
  private final QueueDepths depths;
  private final IdentityProperties identity;
  private final Collisions collisions;

  @Inject
  HeldMessages(
      ConnectionFactory connections,
      Quarantine quarantine,
      QueueDepths depths,
      IdentityProperties identity,
      Collisions collisions) {
    this.connections = connections;
    this.quarantine = quarantine;
    this.depths = depths;
    this.identity = identity;
    this.collisions = collisions;
  }

  /** For the CDI proxy. */
  protected HeldMessages() {
    this(null, null, null, null, null);
  }

  /** A page of the messages that match the filter, oldest first. */
  public HeldPage list(HeldQueue held, HeldFilter filter, int page, int size) {
    List<HeldMessage> messages = new ArrayList<>();
    long skip = (long) page * size;
    long[] total = {0};
    boolean complete =
        browse(
            held,
            filter.selector(identity.type()),
            message -> {
              if (total[0] >= skip && messages.size() < size) {
                messages.add(HeldMessage.of(held, message, identity));
              }
              total[0]++;
            });
    return new HeldPage(messages, page, size, total[0], complete);
  }

  /**
   * The messages grouped by cause (reason, consumer, the exception's type and the frame it was
   * thrown at), the largest group first.
   */
  public HeldGroups groups(HeldQueue held, HeldFilter filter) {
    Map<List<String>, List<HeldMessage>> byCause = new LinkedHashMap<>();
    boolean complete =
        browse(
            held,
            filter.selector(identity.type()),
            message -> {
              HeldMessage summary = HeldMessage.of(held, message, identity);
              List<String> cause =
                  Arrays.asList(
                      summary.reason(),
                      summary.consumer(),
                      summary.errorType(),
                      summary.errorFrame());
              byCause.computeIfAbsent(cause, key -> new ArrayList<>()).add(summary);
            });
    List<HeldGroup> groups = new ArrayList<>();
    byCause.forEach(
        (cause, members) -> groups.add(HeldGroup.of(members, Guidance.of(held, cause.get(0)))));
    groups.sort(Comparator.comparingLong(HeldGroup::count).reversed());
    return new HeldGroups(groups, complete);
  }

  /**
   * One message in full, by its entry id.
   *
   * @param withBody whether the caller may see the body
   */
  public Optional<HeldDetail> detail(HeldQueue held, String entry, boolean withBody) {
    List<HeldDetail> found = new ArrayList<>();
    browse(
        held,
        "JMSMessageID = " + HeldFilter.quoted(entry),
        message -> found.add(detail(held, message, withBody)));
    return found.stream().findFirst();
  }

  /** The copies of a message, by the identity the inbox keys it on. */
  public List<HeldMessage> ofMessage(HeldQueue held, String messageId) {
    String id = HeldFilter.quoted(messageId);
    String selector =
        held == HeldQueue.QUARANTINE
            ? QuarantineProperties.MESSAGE_ID + " = " + id
            : "%s = %s OR %s = %s"
                .formatted(identity.messageId(), id, QuarantineProperties.MESSAGE_ID, id);
    List<HeldMessage> copies = new ArrayList<>();
    browse(held, selector, message -> copies.add(HeldMessage.of(held, message, identity)));
    return copies;
  }

  /**
   * Browses the messages that match the selector, in the queue's order.
   *
   * @return whether the browse reached the end of the queue, rather than its limit
   */
  private boolean browse(HeldQueue held, String selector, Consumer<Message> each) {
    Queue queue = held == HeldQueue.QUARANTINE ? quarantine.queue() : depths.deadLetterQueue();
    try (JMSContext jms = connections.createContext();
        QueueBrowser browser = jms.createBrowser(queue, selector)) {
      Enumeration<?> messages = browser.getEnumeration();
      int browsed = 0;
      while (messages.hasMoreElements()) {
        if (browsed == MAX_BROWSED) {
          return false;
        }
        each.accept((Message) messages.nextElement());
        browsed++;
      }
      return true;
    } catch (JMSException e) {
      throw new JMSRuntimeException("Could not browse " + held.path(), e.getErrorCode(), e);
    }
  }

  private HeldDetail detail(HeldQueue held, Message message, boolean withBody) {
    HeldMessage summary = HeldMessage.of(held, message, identity);
    try {
      Map<String, Object> properties = new TreeMap<>();
      for (Object name : Collections.list(message.getPropertyNames())) {
        properties.put((String) name, message.getObjectProperty((String) name));
      }
      ShownBody body =
          message instanceof TextMessage textMessage && textMessage.getText() != null
              ? ShownBody.ofText(textMessage.getText())
              : message instanceof BytesMessage
                  ? ShownBody.ofBytes(message.getBody(byte[].class))
                  : ShownBody.NONE;
      Collision collision =
          held == HeldQueue.QUARANTINE
                  && QuarantineReason.PAYLOAD_MISMATCH.code().equals(summary.reason())
                  && summary.consumer() != null
                  && summary.messageId() != null
              ? collisions.of(
                  summary,
                  HeldMessage.property(message, QuarantineProperties.FINGERPRINT),
                  body.text(),
                  withBody)
              : null;
      return new HeldDetail(
          summary,
          Guidance.of(held, summary.reason()),
          properties,
          body.kind().code(),
          body.size(),
          withBody ? body.shown() : null,
          collision);
    } catch (JMSException e) {
      throw new JMSRuntimeException("Could not read a held message", e.getErrorCode(), e);
    }
  }
}
