package dev.inbox.testkit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One scrape of a server's metrics endpoint over HTTP, as Prometheus reads it. */
public final class Scrape {

  private static final Pattern SAMPLE =
      Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})?\\s+(\\S+)(?:\\s+\\d+)?$");
  private static final Pattern LABEL =
      Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

  /** One sample: a series name, its labels and its value. */
  public record Sample(String name, Map<String, String> labels, double value) {}

  private final List<Sample> samples;

  private Scrape(List<Sample> samples) {
    this.samples = samples;
  }

  /**
   * Reads an endpoint now: a server's, from outside it, with a login when a user is given (an empty
   * one reads it anonymously).
   */
  public static Scrape of(String url, String user, String password) {
    Http.Response response = Http.get(url, user, password);
    // MicroProfile Metrics answers 404 for a scope that holds no metric yet: Payara's application
    // scope after a start, until the inbox has counted its first message. Every counter is zero.
    if (response.status() == 404 && url.contains("scope=")) {
      return parse("");
    }
    if (response.status() != 200) {
      throw new IllegalStateException("GET " + url + " answered " + response.status());
    }
    return parse(response.body());
  }

  static Scrape parse(String text) {
    List<Sample> samples = new ArrayList<>();
    for (String line : text.lines().toList()) {
      Matcher sample = SAMPLE.matcher(line.strip());
      if (line.startsWith("#") || !sample.matches()) {
        continue;
      }
      Map<String, String> labels = new LinkedHashMap<>();
      if (sample.group(2) != null) {
        Matcher label = LABEL.matcher(sample.group(2));
        while (label.find()) {
          labels.put(label.group(1), label.group(2));
        }
      }
      samples.add(new Sample(sample.group(1), labels, number(sample.group(3))));
    }
    return new Scrape(samples);
  }

  /** A sample's value as Prometheus writes it, infinities included. */
  private static double number(String text) {
    return switch (text) {
      case "+Inf" -> Double.POSITIVE_INFINITY;
      case "-Inf" -> Double.NEGATIVE_INFINITY;
      default -> Double.parseDouble(text);
    };
  }

  /**
   * The sum of the samples of a series whose labels include the given ones; 0 when there is none (a
   * counter appears only once it has counted).
   */
  public double value(String name, Map<String, String> labels) {
    return samples.stream()
        .filter(sample -> sample.name().equals(name))
        .filter(sample -> sample.labels().entrySet().containsAll(labels.entrySet()))
        .mapToDouble(Sample::value)
        .sum();
  }

  /** Whether the endpoint exports a series of this name. */
  public boolean exports(String name) {
    return samples.stream().anyMatch(sample -> sample.name().equals(name));
  }
}
