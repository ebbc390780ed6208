package dev.inbox.receiving;

import dev.inbox.dispatch.Admission;
import dev.inbox.quarantine.Forwarded;
import dev.inbox.spi.Payload;
import dev.inbox.spi.QuarantineReason;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.ObjectMessage;
import jakarta.jms.StreamMessage;
import jakarta.jms.TextMessage;
import java.util.Optional;

/** A message's body as a payload, or why it is refused. */
record Body(Payload payload, Admission.Refused refused) {

  static Body refused(QuarantineReason reason, String detail) {
    return new Body(null, new Admission.Refused(reason, detail));
  }

  /**
   * The body of a text or bytes message, read once, after its size is known to be within {@code
   * inbox.max-body-bytes}; any other body type is refused without being read.
   */
  static Body read(Message message, Optional<Forwarded> forwarded, long maxBodyBytes)
      throws JMSException {
    if (forwarded.isPresent() && !forwarded.get().bodyKept()) {
      return Body.refused(
          QuarantineReason.BODY_NOT_KEPT, QuarantineReason.BODY_NOT_KEPT.describe(null));
    }
    if (message instanceof BytesMessage bytes) {
      long length = bytes.getBodyLength();
      if (length > maxBodyBytes) {
        return tooLarge("the bytes body is %d bytes long".formatted(length), maxBodyBytes);
      }
      byte[] body = bytes.getBody(byte[].class);
      return new Body(Payload.ofBytes(body == null ? new byte[0] : body), null);
    }
    if (message instanceof TextMessage textMessage) {
      String text = textMessage.getText() == null ? "" : textMessage.getText();
      // UTF-8 takes at least a byte a char: a text longer than the limit is over it.
      if (text.length() > maxBodyBytes) {
        return tooLarge(
            "the text body has %d characters, so at least as many bytes".formatted(text.length()),
            maxBodyBytes);
      }
      long length = Text.utf8Length(text);
      if (length > maxBodyBytes) {
        return tooLarge("the text body is %d bytes long".formatted(length), maxBodyBytes);
      }
      int surrogate = Text.firstLoneSurrogate(text);
      if (surrogate >= 0) {
        return Body.refused(
            QuarantineReason.UNREADABLE_BODY,
            "the text body has a lone surrogate (U+%04X) at index %d: it is not Unicode text"
                .formatted((int) text.charAt(surrogate), surrogate));
      }
      return new Body(Payload.ofText(text), null);
    }
    return Body.refused(
        QuarantineReason.UNSUPPORTED_BODY,
        "the body is %s; the inbox takes text and bytes messages".formatted(kind(message)));
  }

  private static Body tooLarge(String size, long maxBodyBytes) {
    return Body.refused(
        QuarantineReason.BODY_TOO_LARGE,
        "%s; inbox.max-body-bytes allows %d".formatted(size, maxBodyBytes));
  }

  /** What kind of body a message the inbox does not read has, found without reading it. */
  private static String kind(Message message) {
    if (message instanceof MapMessage) {
      return "a map";
    }
    if (message instanceof ObjectMessage) {
      return "a serialised Java object (never deserialised here)";
    }
    if (message instanceof StreamMessage) {
      return "a stream";
    }
    return "absent";
  }
}
