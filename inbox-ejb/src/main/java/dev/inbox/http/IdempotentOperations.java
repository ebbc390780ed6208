package dev.inbox.http;

import dev.inbox.spi.Idempotent;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.AnnotatedMethod;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.ProcessAnnotatedType;
import jakarta.enterprise.inject.spi.WithAnnotations;
import java.lang.reflect.Method;
import java.util.Set;
import java.util.TreeSet;

/**
 * Finds the application's idempotent operations as the container reads its classes, so that their
 * metrics exist at zero from the start: a first mismatch after a restart is then an increase.
 */
public class IdempotentOperations implements Extension {

  private final Set<String> operations = new TreeSet<>();

  <T> void found(@Observes @WithAnnotations(Idempotent.class) ProcessAnnotatedType<T> type) {
    for (AnnotatedMethod<? super T> method : type.getAnnotatedType().getMethods()) {
      Idempotent idempotent = method.getAnnotation(Idempotent.class);
      if (idempotent != null) {
        synchronized (operations) {
          operations.add(operationOf(idempotent, method.getJavaMember()));
        }
      }
    }
  }

  /** The operations found, by name. */
  public Set<String> operations() {
    synchronized (operations) {
      return Set.copyOf(operations);
    }
  }

  /** The operation's name: as declared, else the method's class and name. */
  static String operationOf(Idempotent idempotent, Method method) {
    return idempotent.operation().isBlank()
        ? method.getDeclaringClass().getSimpleName() + "." + method.getName()
        : idempotent.operation();
  }
}
