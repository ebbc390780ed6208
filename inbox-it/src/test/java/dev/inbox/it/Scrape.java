package dev.inbox.it;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One scrape of the server's metrics endpoint over HTTP, as Prometheus reads it. The endpoint is
 * one of the cell's {@link Settings}.
 */
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

  /** Reads the endpoint now. */
  public static Scrape now() {
    return of(Settings.ofServer().metricsUrl());
  }

  /** Reads an endpoint now: a server's, from outside it. */
  public static Scrape of(String url) {
    try {
      HttpResponse<String> response =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build(),
                  HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new IllegalStateException("GET " + url + " answered " + response.statusCode());
      }
      return parse(response.body());
    } catch (IOException e) {
      throw new IllegalStateException("Cannot scrape " + url, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while scraping " + url, e);
    }
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
      samples.add(new Sample(sample.group(1), labels, Double.parseDouble(sample.group(3))));
    }
    return new Scrape(samples);
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
