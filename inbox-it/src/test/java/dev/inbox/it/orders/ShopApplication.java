package dev.inbox.it.orders;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Set;

/** The shop's API, under /shop of the test WAR. */
@ApplicationPath("shop")
public class ShopApplication extends Application {

  @Override
  public Set<Class<?>> getClasses() {
    return Set.of(Orders.class);
  }
}
