package dev.inbox.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import javax.net.ssl.HttpsURLConnection;

/** A server's HTTP endpoints (metrics), read as a scraper reads them. */
public final class Http {

  private Http() {}

  /** A status and a body. */
  public record Response(int status, String body) {}

  /**
   * A GET, with HTTP basic authentication when a user is given. Over HTTPS on the loopback
   * interface (127.0.0.1 or localhost), the server's own certificate is taken whatever host name it
   * was made for: Payara's is self-signed, for the machine's name.
   */
  public static Response get(String url, String user, String password) {
    try {
      HttpURLConnection connection = (HttpURLConnection) URI.create(url).toURL().openConnection();
      if (connection instanceof HttpsURLConnection https) {
        https.setHostnameVerifier(
            (host, session) -> host.equals("127.0.0.1") || host.equals("localhost"));
      }
      connection.setConnectTimeout(30_000);
      connection.setReadTimeout(30_000);
      connection.setInstanceFollowRedirects(false);
      if (!user.isEmpty()) {
        connection.setRequestProperty(
            "Authorization",
            "Basic "
                + Base64.getEncoder()
                    .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)));
      }
      int status = connection.getResponseCode();
      try (InputStream body =
          status < 400 ? connection.getInputStream() : connection.getErrorStream()) {
        return new Response(
            status, body == null ? "" : new String(body.readAllBytes(), StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + url, e);
    }
  }
}
