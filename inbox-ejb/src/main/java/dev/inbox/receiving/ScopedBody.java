package dev.inbox.receiving;

import dev.inbox.dispatch.FingerprintScope;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The parts of a JSON value that a consumer's {@link FingerprintScope} names, taken from the value
 * {@link CanonicalJson} read: the excluded parts removed, all against the value as it came (so
 * excluding {@code /items/0} and {@code /items/1} removes the first two items); then, when the
 * scope includes parts, an object of each included pointer and the value it finds. A pointer that
 * finds nothing (a missing member, an index past the end, a step into a string or a number) finds
 * nothing, and never fails.
 */
final class ScopedBody {

  private ScopedBody() {}

  static Object select(Object body, FingerprintScope scope) {
    Object kept = without(body, scope.excludes().stream().map(ScopedBody::tokens).toList());
    if (scope.includes().isEmpty()) {
      return kept;
    }
    Map<String, Object> parts = new TreeMap<>();
    for (String pointer : scope.includes()) {
      Object part = find(kept, tokens(pointer));
      if (part != ABSENT) {
        parts.put(pointer, part);
      }
    }
    return parts;
  }

  /** What a pointer finds where there is nothing: distinct from JSON's null. */
  private static final Object ABSENT = new Object();

  private static Object find(Object node, List<String> tokens) {
    Object current = node;
    for (String token : tokens) {
      if (current instanceof Map<?, ?> object && object.containsKey(token)) {
        current = object.get(token);
      } else if (current instanceof List<?> array && index(token, array.size()) >= 0) {
        current = array.get(index(token, array.size()));
      } else {
        return ABSENT;
      }
    }
    return current;
  }

  /** A copy of the node without the parts at the paths; the rest is shared. */
  private static Object without(Object node, List<List<String>> paths) {
    if (paths.isEmpty()) {
      return node;
    }
    Map<String, List<List<String>>> byStep = new LinkedHashMap<>();
    Set<String> removed = new HashSet<>();
    for (List<String> path : paths) {
      if (path.size() == 1) {
        removed.add(path.get(0));
      } else if (!path.isEmpty()) {
        byStep
            .computeIfAbsent(path.get(0), step -> new ArrayList<>())
            .add(path.subList(1, path.size()));
      }
    }
    if (node instanceof Map<?, ?> object) {
      Map<String, Object> copy = new TreeMap<>();
      object.forEach(
          (name, value) -> {
            if (!removed.contains(name)) {
              copy.put((String) name, without(value, byStep.getOrDefault(name, List.of())));
            }
          });
      return copy;
    }
    if (node instanceof List<?> array) {
      List<Object> copy = new ArrayList<>();
      for (int i = 0; i < array.size(); i++) {
        String step = String.valueOf(i);
        if (!removed.contains(step)) {
          copy.add(without(array.get(i), byStep.getOrDefault(step, List.of())));
        }
      }
      return copy;
    }
    return node;
  }

  /** The position a token names in an array of this size, or -1 when it names none. */
  private static int index(String token, int size) {
    if (!token.matches("0|[1-9][0-9]{0,9}")) {
      return -1;
    }
    long index = Long.parseLong(token);
    return index < size ? (int) index : -1;
  }

  /** A JSON Pointer's reference tokens (RFC 6901), unescaped: {@code ~1} is /, {@code ~0} is ~. */
  private static List<String> tokens(String pointer) {
    if (pointer.isEmpty()) {
      return List.of();
    }
    List<String> tokens = new ArrayList<>();
    for (String token : pointer.substring(1).split("/", -1)) {
      tokens.add(token.replace("~1", "/").replace("~0", "~"));
    }
    return tokens;
  }
}
