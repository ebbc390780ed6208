/**
 * The inbox's tables as versioned migrations, and the code that applies them and reads the version
 * a database is at. The migrations live beside this package as resources: {@code
 * dev/inbox/schema/<database>/V<n>__<what>.sql} for {@code h2}, {@code postgresql} and {@code
 * mariadb}, listed in {@code dev/inbox/schema/migrations}.
 */
package dev.inbox.schema;
