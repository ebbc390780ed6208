package dev.inbox.it.handlers;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The body of an object message that must never be deserialised: it counts every time it is.
 * Deserialising a body from the wire runs the sender's choice of code, so the inbox never does.
 */
public final class Tripwire implements Serializable {

  private static final long serialVersionUID = 1L;

  /** Deserialisations in this server, of any instance: the inbox must cause none. */
  private static final AtomicInteger DESERIALISED = new AtomicInteger();

  public static int deserialised() {
    return DESERIALISED.get();
  }

  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    DESERIALISED.incrementAndGet();
    in.defaultReadObject();
  }
}
