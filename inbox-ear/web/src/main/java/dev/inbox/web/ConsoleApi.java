package dev.inbox.web;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Set;

/**
 * The console's API, at {@code /inbox/console/api}, behind the server's login (WEB-INF/web.xml):
 * reading takes role {@code inbox-reader} or {@code inbox-operator}, and a body is shown only to
 * role {@code inbox-payload-reader}.
 */
@ApplicationPath("console/api")
public class ConsoleApi extends Application {

  @Override
  public Set<Class<?>> getClasses() {
    return Set.of(ConsoleResource.class, ActionResource.class);
  }
}
