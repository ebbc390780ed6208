package dev.inbox.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.scenarios.Scenarios;
import dev.inbox.it.stored.StoredHandler;
import dev.inbox.testkit.TestMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The console's page in a real browser (Debian's headless Chromium, driven by Selenium from the
 * test run): an operator searches a quarantined message, opens it, reads its next step, redrives it
 * once its handler is fixed, and sees it applied and audited; and releases a parked
 * store-then-process message, after which its key's next message is applied; with no error in the
 * browser's console. The run saves screenshots of the main views where the cell says (the
 * operations guide's pictures).
 */
@InboxTest
@Tag("http")
@Tag("browser")
class ConsolePageIT {

  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

  @Deployment
  static EnterpriseArchive deployment() {
    // Attempts in quick succession, so that a poison store-then-process message is parked soon.
    return Deployments.withHandlersOf(
        ConsolePageIT.class,
        Map.of(
            "inbox.store-then-process.retry-delay", "PT0.05S",
            "inbox.store-then-process.max-retry-delay", "PT0.2S"),
        StoredHandler.class.getPackage(),
        Scenarios.class.getPackage());
  }

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  private ChromeDriver browser;
  private WebDriverWait wait;

  @BeforeEach
  void openBrowser() {
    if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
      throw new AssertionError(
          "The page test drives Debian's Chromium: install the packages chromium and"
              + " chromium-driver (.ci/run does)");
    }
    ChromeOptions options =
        new ChromeOptions()
            .setBinary(CHROMIUM.toFile())
            .addArguments("--headless=new", "--no-sandbox", "--window-size=1400,1000");
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, Level.ALL);
    options.setCapability("goog:loggingPrefs", logs);
    browser =
        new ChromeDriver(
            new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).build(),
            options);
    wait = new WebDriverWait(browser, Duration.ofSeconds(60));
  }

  @AfterEach
  void closeBrowser() {
    if (browser != null) {
      browser.quit();
    }
  }

  @Test
  @RunAsClient
  void anOperatorFindsAQuarantinedMessageRedrivesItAndSeesItApplied() {
    String id = TestMessage.newRun() + "-order-7";
    scenario("quarantined/" + id);

    URI console = logIn("#/");
    wait.until(ExpectedConditions.textToBePresentInElementLocated(By.tagName("h1"), "What waits"));
    wait.until(
        ExpectedConditions.textToBePresentInElementLocated(By.id("view"), "retries-exhausted"));
    for (String outcome : List.of("failed", "quarantined")) {
      WebElement chart =
          browser.findElement(
              By.cssSelector("#last-hour svg[aria-label^='%s:']".formatted(outcome)));
      assertEquals(60, chart.findElements(By.tagName("rect")).size(), "a bar for each minute");
      assertFalse(
          chart.getDomAttribute("aria-label").startsWith(outcome + ": 0 "),
          "the scenario's " + outcome + " deliveries are in the last hour");
    }
    screenshot("console-overview");

    WebElement search = browser.findElement(By.id("message-id"));
    search.sendKeys(id);
    browser.findElement(By.cssSelector("#search button")).click();
    wait.until(ExpectedConditions.textToBePresentInElementLocated(By.tagName("h1"), id));
    wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("view"), "Held copies"));
    screenshot("console-trace");

    // The held copy's link in the trace, to its detail.
    browser.findElement(By.cssSelector("#view a[href*='/entries/']")).click();
    wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("view"), "Next step"));
    assertTrue(
        browser.findElement(By.id("view")).getText().contains("read the error and the failure"),
        "the next step for retries-exhausted");
    screenshot("console-message");

    scenario("cured/" + id);
    browser.findElement(By.id("redrive")).click();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("confirm")));
    browser.findElement(By.id("confirm-reason")).sendKeys("the fix of " + id + " is deployed");
    screenshot("console-confirm");
    browser.findElement(By.id("confirm-go")).click();
    wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("notice"), "Redriven: 1"));

    String trace = "#/messages/" + URLEncoder.encode(id, StandardCharsets.UTF_8);
    browser.get(console + trace);
    wait.until(
        page -> {
          // The trace is read again until the redriven message has its row.
          page.navigate().refresh();
          return page.findElement(By.id("view")).getText().contains("it-poison applied");
        });
    assertTrue(
        browser.findElement(By.id("view")).getText().contains("it-poison applied"),
        browser.findElement(By.id("view")).getText());

    browser.get(console + "#/actions");
    wait.until(
        ExpectedConditions.textToBePresentInElementLocated(
            By.id("view"), "the fix of " + id + " is deployed"));
    screenshot("console-audit");

    assertNoErrorInTheBrowser();
  }

  @Test
  @RunAsClient
  void anOperatorReleasesAParkedMessageAndItsKeyFlowsAgain() {
    String id = TestMessage.newRun() + "-parcel-3";
    scenario("parked/" + id);

    URI console = logIn("#/parked");
    wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("view"), id));
    WebElement row = browser.findElement(By.xpath("//tr[td/a[text()='%s']]".formatted(id)));
    assertEquals(
        "1",
        row.findElements(By.tagName("td")).get(4).getText(),
        "one message of its key waits behind it: " + row.getText());
    screenshot("console-parked");

    row.findElement(By.cssSelector("button.release")).click();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("confirm")));
    browser.findElement(By.id("confirm-reason")).sendKeys("parcel " + id + " sent by hand");
    browser.findElement(By.id("confirm-go")).click();
    wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("notice"), "Released: 1"));
    assertFalse(browser.findElement(By.id("view")).getText().contains(id), "no longer parked");

    // The message behind it is applied: its trace shows its stored copy done.
    browser.get(console + "#/messages/" + URLEncoder.encode(id + "-next", StandardCharsets.UTF_8));
    wait.until(
        page -> {
          page.navigate().refresh();
          return page.findElement(By.id("view")).getText().contains("it-stored done");
        });
    browser.get(console + "#/messages/" + URLEncoder.encode(id, StandardCharsets.UTF_8));
    wait.until(
        ExpectedConditions.textToBePresentInElementLocated(By.id("view"), "it-stored released"));
    assertNoErrorInTheBrowser();
  }

  /** Opens the console at the address, logged in as the operator; the console's address. */
  private URI logIn(String hash) {
    // The login, in the address as a person would type it at the prompt.
    URI console = URI.create(setting("app-url") + "/inbox/console/");
    browser.get(
        "%s://it-operator:%s@%s:%d/inbox/console/%s"
            .formatted(
                console.getScheme(),
                setting("console-password"),
                console.getHost(),
                console.getPort(),
                hash));
    return console;
  }

  private void assertNoErrorInTheBrowser() {
    List<LogEntry> errors =
        browser.manage().logs().get(LogType.BROWSER).getAll().stream()
            .filter(entry -> entry.getLevel().intValue() >= Level.SEVERE.intValue())
            .toList();
    assertEquals(List.of(), errors.stream().map(LogEntry::getMessage).toList(), "console errors");
  }

  /** Asks the test WAR to set a scenario up (dev.inbox.it.scenarios). */
  private void scenario(String path) {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(setting("app-url") + "/inbox-it/scenarios/" + path))
            .timeout(Duration.ofSeconds(120))
            .POST(HttpRequest.BodyPublishers.noBody())
            .build();
    try {
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      assertEquals(204, response.statusCode(), path + ": " + response.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** A screenshot for the operations guide, when the cell names where they go. */
  private void screenshot(String name) {
    String directory = System.getProperty("inbox.it.screenshots", "");
    if (directory.isEmpty()) {
      return;
    }
    try {
      Path target = Path.of(directory, name + ".png");
      Files.createDirectories(target.getParent());
      Files.copy(
          browser.getScreenshotAs(OutputType.FILE).toPath(),
          target,
          StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A setting of the cell, as the build passes it to the test run. */
  private static String setting(String key) {
    String value = System.getProperty("inbox.it." + key, "");
    if (value.isEmpty()) {
      throw new IllegalStateException("System property inbox.it." + key + " is not set");
    }
    return value;
  }
}
