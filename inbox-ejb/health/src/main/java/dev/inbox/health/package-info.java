/**
 * What the servers' health endpoints say of the inbox (MicroProfile Health): ready while every part
 * the inbox module registered at start is up (its database at the schema version it needs, its
 * broker, its retention), live while it is deployed. The checks live in this jar, in the EAR's
 * {@code lib/}, because that is where WildFly's health endpoint looks for an EAR's checks; this jar
 * cannot see the module's classes, so the module hands it the parts to ask ({@link
 * ReadinessParts}).
 */
package dev.inbox.health;
