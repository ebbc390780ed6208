package dev.inbox.dispatch;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.logging.Logger;

/** A log line for each verdict of a delivery, at the level its outcome calls for. */
@ApplicationScoped
class DeliveryLog {

  private static final Logger LOG = Logger.getLogger(Dispatcher.class.getName());

  void ended(@Observes DeliveryEnded ended) {
    Delivery delivery = ended.delivery();
    for (Verdict verdict : ended.verdicts()) {
      LOG.log(
          verdict.outcome().level(),
          verdict.error(),
          () ->
              "Inbox %s: consumer=%s messageId=%s type=%s delivery=%d%s"
                  .formatted(
                      verdict.outcome(),
                      verdict.consumer() == null ? "-" : verdict.consumer(),
                      delivery.messageId(),
                      delivery.type(),
                      delivery.deliveryCount(),
                      verdict.detail() == null ? "" : " (" + verdict.detail() + ")"));
    }
  }
}
