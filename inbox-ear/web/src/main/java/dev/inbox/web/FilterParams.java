package dev.inbox.web;

import dev.inbox.console.HeldFilter;
import jakarta.ws.rs.QueryParam;

/** A held queue's filter as a request's query gives it: every parameter optional. */
public class FilterParams {

  @QueryParam("reason")
  private String reason;

  @QueryParam("consumer")
  private String consumer;

  @QueryParam("type")
  private String type;

  @QueryParam("errorType")
  private String errorType;

  @QueryParam("errorFrame")
  private String errorFrame;

  @QueryParam("from")
  private String from;

  @QueryParam("to")
  private String to;

  /**
   * The filter.
   *
   * @throws IllegalArgumentException naming what cannot be a criterion, and what can
   */
  HeldFilter filter() {
    return new HeldFilter(
        reason,
        consumer,
        type,
        errorType,
        errorFrame,
        HeldFilter.instant("from", from),
        HeldFilter.instant("to", to));
  }
}
