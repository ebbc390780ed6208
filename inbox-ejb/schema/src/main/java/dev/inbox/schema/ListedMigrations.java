package dev.inbox.schema;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.flywaydb.core.api.ResourceProvider;
import org.flywaydb.core.api.resource.LoadableResource;

/**
 * The migrations of one database as Flyway resources, from the list in {@code
 * dev/inbox/schema/migrations} rather than a scan of the class path: a server's class loader may
 * hand out resources as URLs that Flyway's scanner does not read (WildFly's virtual file system).
 */
final class ListedMigrations implements ResourceProvider {

  static final String LIST = "dev/inbox/schema/migrations";

  private final Database database;
  private final List<String> names;

  ListedMigrations(Database database) {
    this.database = database;
    this.names = listed();
  }

  @Override
  public LoadableResource getResource(String name) {
    return names.contains(name) ? new Migration(database.directory(), name) : null;
  }

  @Override
  public Collection<LoadableResource> getResources(String prefix, String[] suffixes) {
    return names.stream()
        .filter(name -> name.startsWith(prefix))
        .filter(name -> Arrays.stream(suffixes).anyMatch(name::endsWith))
        .<LoadableResource>map(name -> new Migration(database.directory(), name))
        .toList();
  }

  /** The file names of every migration, oldest first. */
  static List<String> listed() {
    try (InputStream list = open(LIST)) {
      return new String(list.readAllBytes(), StandardCharsets.UTF_8)
          .lines()
          .map(String::strip)
          .filter(line -> !line.isEmpty() && !line.startsWith("#"))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the list of migrations " + LIST, e);
    }
  }

  private static InputStream open(String resource) {
    InputStream in = ListedMigrations.class.getClassLoader().getResourceAsStream(resource);
    if (in == null) {
      throw new IllegalStateException("The inbox-schema jar has no " + resource);
    }
    return in;
  }

  /** One migration file of one database. */
  private static final class Migration extends LoadableResource {

    private final String path;
    private final String name;

    Migration(String directory, String name) {
      this.path = directory + "/" + name;
      this.name = name;
    }

    @Override
    public Reader read() {
      return new InputStreamReader(open(path), StandardCharsets.UTF_8);
    }

    @Override
    public String getAbsolutePath() {
      return path;
    }

    @Override
    public String getAbsolutePathOnDisk() {
      return path;
    }

    @Override
    public String getFilename() {
      return name;
    }

    @Override
    public String getRelativePath() {
      return name;
    }
  }
}
