package dev.inbox.web;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Set;

/** The webhook endpoint, at {@code /inbox/webhooks/{source}}. */
@ApplicationPath("webhooks")
public class WebhookEndpoint extends Application {

  @Override
  public Set<Class<?>> getClasses() {
    return Set.of(WebhookResource.class);
  }
}
