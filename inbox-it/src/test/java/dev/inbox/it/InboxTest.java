package dev.inbox.it;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test of the suite, run by Arquillian against a real server: inside it, with the deployment its
 * {@code @Deployment} method builds ({@link Deployments}), or from outside, where the fault suite
 * starts, halts and kills the servers itself.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(ArquillianExtension.class)
public @interface InboxTest {}
