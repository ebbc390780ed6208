package dev.inbox.bench.handler;

import dev.inbox.spi.InboxConsumer;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The consumers of the fan-out passes: {@link #TWO} has two consumers, {@link #FOUR} four, each
 * doing the same business work as {@link BenchHandler}, so that a message of {@link #FOUR} writes
 * four inbox rows and four business rows. One consumer is the inbox path itself.
 */
public final class FanOut {

  /** A type with two consumers. */
  public static final String TWO = "bench.fan-out-2";

  /** A type with four consumers. */
  public static final String FOUR = "bench.fan-out-4";

  private FanOut() {}

  /** Takes both types. */
  @ApplicationScoped
  @InboxConsumer(
      name = "bench-fan-out-a",
      types = {TWO, FOUR})
  public static class First extends BusinessWorkHandler {}

  /** Takes both types. */
  @ApplicationScoped
  @InboxConsumer(
      name = "bench-fan-out-b",
      types = {TWO, FOUR})
  public static class Second extends BusinessWorkHandler {}

  /** Takes the type of four. */
  @ApplicationScoped
  @InboxConsumer(name = "bench-fan-out-c", types = FOUR)
  public static class Third extends BusinessWorkHandler {}

  /** Takes the type of four. */
  @ApplicationScoped
  @InboxConsumer(name = "bench-fan-out-d", types = FOUR)
  public static class Fourth extends BusinessWorkHandler {}
}
