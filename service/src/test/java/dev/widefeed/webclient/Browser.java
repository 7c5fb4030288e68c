package dev.widefeed.webclient;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.NotFoundException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;

/**
 * One person's browser: Debian's Chromium, headless, driven through the system's chromedriver. Both paths are given
 * to Selenium, so its manager never looks for (or downloads) a browser or a driver; the test JVM also runs with
 * {@code SE_OFFLINE=true} (service/pom.xml).
 */
final class Browser implements AutoCloseable {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    /**
     * The test drives the page through WebDriver only; Selenium's warning that it has no DevTools (CDP) binding for
     * this Chromium's version says nothing about it. Held here: the JUL keeps loggers weakly, with their levels.
     */
    private static final List<java.util.logging.Logger> QUIET = List.of(
            java.util.logging.Logger.getLogger("org.openqa.selenium.devtools"),
            java.util.logging.Logger.getLogger("org.openqa.selenium.chromium"));

    static {
        QUIET.forEach(logger -> logger.setLevel(java.util.logging.Level.SEVERE));
    }

    /** Long enough for a fan-out and a notification on a loaded 2-core machine; a step normally takes well under 1 s. */
    /** Generous: what a page waits for is often the event log's work, which other test classes share. */
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    final String name;
    private final URI base;
    private final ChromeDriver driver;

    /** Fails, never skips, when the browser is missing: a suite that silently drops its browser test proves nothing. */
    static void requireInstalled() {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
            throw new AssertionError("the web client's browser test needs Debian's Chromium at " + CHROMIUM
                    + " and its driver at " + CHROMEDRIVER + "; install them with "
                    + "'apt-get install -y chromium chromium-driver' (.ci/run does this before the tests)");
        }
    }

    Browser(String name, URI base, Path logDir) {
        this.name = name;
        this.base = base;
        try {
            Files.createDirectories(logDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .withLogFile(logDir.resolve("chromedriver-" + name + ".log").toFile())
                .build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
                "--window-size=1100,1300",
                "--lang=en-US");
        // The page's console (CSP violations, uncaught errors), read back by consoleErrors().
        options.setCapability("goog:loggingPrefs", Map.of(LogType.BROWSER, "ALL"));
        this.driver = new ChromeDriver(service, options);
    }

    /**
     * A wait on the page, checked at once and then every 150 ms. In the calling thread: the driver serves one caller
     * at a time, and a check left running past the patience would meet the test's own calls (a screenshot). An
     * element not there yet or replaced meanwhile is a miss.
     */
    private ConditionFactory waiting(String what) {
        return waiting(what, PATIENCE);
    }

    private ConditionFactory waiting(String what, Duration patience) {
        return Awaitility.await(name + ": " + what)
                .atMost(patience)
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(150))
                .pollInSameThread()
                .ignoreExceptionsMatching(
                        e -> e instanceof NotFoundException || e instanceof StaleElementReferenceException);
    }

    /** Opens the client at a route of it, e.g. "/home" (the part after '#'). */
    void open(String route) {
        driver.get(base.resolve("/app/#" + route).toString());
    }

    /** The first visible element matching the selector, waited for. */
    WebElement find(String css) {
        return waiting(css + " visible")
                .until(
                        () -> ExpectedConditions.visibilityOfElementLocated(By.cssSelector(css))
                                .apply(driver),
                        Objects::nonNull);
    }

    boolean present(String css) {
        return !driver.findElements(By.cssSelector(css)).isEmpty();
    }

    void click(String css) {
        waiting(css + " clickable")
                .until(
                        () -> ExpectedConditions.elementToBeClickable(By.cssSelector(css))
                                .apply(driver),
                        Objects::nonNull)
                .click();
    }

    void type(String css, String text) {
        WebElement field = find(css);
        field.clear();
        field.sendKeys(text);
    }

    void select(String css, String value) {
        new Select(find(css)).selectByValue(value);
    }

    /** Waits until the element's text contains the given text. */
    void awaitText(String css, String text) {
        waiting(css + " showing " + text).until(() -> {
            List<WebElement> found = driver.findElements(By.cssSelector(css));
            return !found.isEmpty() && found.get(0).getText().contains(text);
        });
    }

    /** Waits for a condition, doing {@code between} after each miss (e.g. a refresh click). */
    <T> T await(Function<WebDriver, T> condition, Runnable between) {
        return await(condition, between, PATIENCE);
    }

    /** {@link #await(Function, Runnable)}, for what may take longer than a page's own work (the event log's). */
    <T> T await(Function<WebDriver, T> condition, Runnable between, Duration patience) {
        return waiting("the page as wanted", patience)
                .until(
                        () -> {
                            T value = condition.apply(driver);
                            if (value == null || Boolean.FALSE.equals(value)) {
                                between.run();
                                return null;
                            }
                            return value;
                        },
                        Objects::nonNull);
    }

    /** Whether a dialog (alert, confirm) is open. */
    boolean alertOpen() {
        try {
            driver.switchTo().alert();
            return true;
        } catch (NoAlertPresentException e) {
            return false;
        }
    }

    Object script(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    /** A PNG of what the browser shows, written to the file (its folder made if needed). */
    Path screenshot(Path file) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What the page logged as errors since the last call (CSP refusals among them). */
    List<String> consoleErrors() {
        try {
            return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                    .filter(e -> e.getLevel().intValue() >= java.util.logging.Level.SEVERE.intValue())
                    .map(LogEntry::getMessage)
                    .toList();
        } catch (WebDriverException e) {
            return List.of("(the browser's console could not be read: "
                    + e.getMessage().lines().findFirst().orElse("") + ")");
        }
    }

    @Override
    public void close() {
        driver.quit();
    }
}
