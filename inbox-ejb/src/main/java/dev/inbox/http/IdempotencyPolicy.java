package dev.inbox.http;

import dev.inbox.settings.Durations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import java.security.Principal;
import java.time.Duration;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The settings of idempotent requests: whose key it is (the tenant), how long a stored response is
 * kept, the clients' retry horizon it must cover (checked at start), and the lease of a request
 * that is still running.
 */
@ApplicationScoped
public class IdempotencyPolicy {

  private static final Logger LOG = Logger.getLogger(IdempotencyPolicy.class.getName());

  private final String tenant;
  private final Duration retention;
  private final Duration retryHorizon;
  private final Duration lease;

  @Inject
  IdempotencyPolicy(
      @ConfigProperty(name = "inbox.idempotency.tenant", defaultValue = "none") String tenant,
      @ConfigProperty(name = "inbox.idempotency.retention", defaultValue = "P1D") String retention,
      @ConfigProperty(name = "inbox.idempotency.retry-horizon", defaultValue = "P1D")
          String retryHorizon,
      @ConfigProperty(name = "inbox.idempotency.lease", defaultValue = "PT10M") String lease) {
    this.tenant = tenant(tenant.strip());
    this.retention = duration("inbox.idempotency.retention", retention);
    this.retryHorizon = duration("inbox.idempotency.retry-horizon", retryHorizon);
    this.lease = Durations.positive("inbox.idempotency.lease", lease, "PT10M");
    if (this.retryHorizon.compareTo(this.retention) > 0) {
      throw new IllegalArgumentException(
          ("inbox.idempotency.retry-horizon is %s, longer than inbox.idempotency.retention, %s: a"
                  + " client's retry after the stored response is deleted would run the request"
                  + " again. Keep the retention at least as long as the clients retry")
              .formatted(this.retryHorizon, this.retention));
    }
  }

  /** For the CDI proxy. */
  protected IdempotencyPolicy() {
    this.tenant = null;
    this.retention = null;
    this.retryHorizon = null;
    this.lease = null;
  }

  /** Observing start-up creates this bean, so that a setting it cannot use fails the deployment. */
  void checkAtStartup(@Observes Startup startup) {
    LOG.fine(
        () ->
            "Idempotent requests: tenant %s, kept %s (clients retry within %s), lease %s"
                .formatted(tenant, retention, retryHorizon, lease));
  }

  Duration retention() {
    return retention;
  }

  Duration lease() {
    return lease;
  }

  /** How the tenant is read, as the setting says it. */
  String tenantSetting() {
    return tenant;
  }

  /**
   * The request's tenant: {@code ""} when keys are not scoped, the caller's name, or a header's
   * value; null when the request does not have it.
   */
  String tenantOf(HttpServletRequest request) {
    if (tenant.equals("none")) {
      return "";
    }
    if (tenant.equals("principal")) {
      Principal principal = request.getUserPrincipal();
      return principal == null ? null : principal.getName();
    }
    String value = request.getHeader(tenant.substring("header:".length()).strip());
    return value == null || value.isBlank() ? null : value.strip();
  }

  private static String tenant(String setting) {
    if (setting.equals("none")
        || setting.equals("principal")
        || setting.startsWith("header:") && !setting.substring("header:".length()).isBlank()) {
      return setting;
    }
    throw new IllegalArgumentException(
        ("inbox.idempotency.tenant is '%s': write none (keys are not scoped), principal (the"
                + " caller's name) or header:<name>, such as header:X-Tenant-Id")
            .formatted(setting));
  }

  private static Duration duration(String key, String value) {
    return Durations.positive(key, value, "P1D");
  }
}
