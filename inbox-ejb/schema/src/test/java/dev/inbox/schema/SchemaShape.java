package dev.inbox.schema;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a database's inbox tables look like, as its JDBC metadata tells: each table's columns (type,
 * size, nullability), primary key and indexes (unique or not, columns, filter). Two schemas made
 * different ways compare equal when they would behave the same. Flyway's history table is left out:
 * a schema made by hand has none.
 */
final class SchemaShape {

  private SchemaShape() {}

  static TreeMap<String, List<String>> of(Connection connection) throws SQLException {
    DatabaseMetaData metadata = connection.getMetaData();
    TreeMap<String, List<String>> shape = new TreeMap<>();
    for (String table : tables(connection)) {
      List<String> facts = new ArrayList<>();
      try (ResultSet columns =
          metadata.getColumns(connection.getCatalog(), connection.getSchema(), table, null)) {
        while (columns.next()) {
          facts.add(
              "column %s %s(%d,%d) %s"
                  .formatted(
                      lower(columns.getString("COLUMN_NAME")),
                      lower(columns.getString("TYPE_NAME")),
                      columns.getInt("COLUMN_SIZE"),
                      columns.getInt("DECIMAL_DIGITS"),
                      columns.getString("IS_NULLABLE")));
        }
      }
      Set<String> primaryKey = new TreeSet<>();
      try (ResultSet keys =
          metadata.getPrimaryKeys(connection.getCatalog(), connection.getSchema(), table)) {
        while (keys.next()) {
          primaryKey.add(keys.getShort("KEY_SEQ") + ":" + lower(keys.getString("COLUMN_NAME")));
        }
      }
      facts.add("primary key " + primaryKey);
      TreeMap<String, String> indexes = new TreeMap<>();
      try (ResultSet index =
          metadata.getIndexInfo(
              connection.getCatalog(), connection.getSchema(), table, false, false)) {
        while (index.next()) {
          String name = lower(index.getString("INDEX_NAME"));
          if (name == null || index.getString("COLUMN_NAME") == null) {
            continue;
          }
          String filter = index.getString("FILTER_CONDITION");
          indexes.merge(
              name,
              (index.getBoolean("NON_UNIQUE") ? "index" : "unique")
                  + (filter == null ? "" : " where " + lower(filter))
                  + " "
                  + lower(index.getString("COLUMN_NAME")),
              (first, next) -> first + "," + next.substring(next.lastIndexOf(' ') + 1));
        }
      }
      // The primary key's own index is named by the database (H2 makes up a name per table made).
      String keyIndex =
          "unique "
              + String.join(
                  ",",
                  primaryKey.stream().map(key -> key.substring(key.indexOf(':') + 1)).toList());
      indexes.forEach(
          (name, what) -> {
            if (!what.equals(keyIndex)) {
              facts.add("index " + name + ": " + what);
            }
          });
      shape.put(lower(table), facts);
    }
    return shape;
  }

  private static List<String> tables(Connection connection) throws SQLException {
    List<String> tables = new ArrayList<>();
    try (ResultSet rows =
        connection
            .getMetaData()
            .getTables(
                connection.getCatalog(), connection.getSchema(), "%", new String[] {"TABLE"})) {
      while (rows.next()) {
        String table = rows.getString("TABLE_NAME");
        if (!lower(table).equals(InboxSchema.HISTORY_TABLE)) {
          tables.add(table);
        }
      }
    }
    return tables;
  }

  private static String lower(String text) {
    return text == null ? null : text.toLowerCase(Locale.ROOT);
  }
}
