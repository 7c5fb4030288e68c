package dev.widefeed.webclient;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.Tiers;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The web client (docs/api.md, "The web client") in a real browser, against the service on each {@link TestBackend}'s
 * test store: two people sign up in two browsers, follow each other, and one posts with a partly visible audience that
 * lets the other see one post and not another; they like, comment and reply, and the author is notified with the
 * unread badge. A post containing a script tag shows as text, the page's answers carry the CSP, and no token reaches a
 * URL. The home page's screenshot is kept at {@code target/browser/<backend>/home.png}, the post page's (delivery
 * bars, audience, comments) at {@code post.png} beside it.
 */
@BackendContract
@Tag(Tiers.SLOW)
public class WebClientContract {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SCRIPT = "<script>alert(1)</script>";

    /** The service on the backend's test store. */
    private final ApiClient app;

    private final URI base;
    /** The screenshots' folder, named by the backend. */
    private final Path out;

    private final String suffix = Integer.toString(ThreadLocalRandom.current().nextInt(1 << 30), 36);

    WebClientContract(TestBackend backend) {
        app = backend.api();
        base = app.baseUri();
        out = Path.of(System.getProperty("widefeed.test.browserDir", "target/browser"))
                .resolve(backend.id());
    }

    @Test
    void theAppsAnswersCarryTheContentSecurityPolicy() throws Exception {
        HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        for (String path : List.of("/app/", "/app", "/app/js/main.js", "/app/css/app.css")) {
            HttpResponse<String> answer =
                    http.send(HttpRequest.newBuilder(base.resolve(path)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(answer.statusCode()).as(path).isEqualTo(200);
            assertThat(answer.headers().firstValue("Content-Security-Policy"))
                    .as(path)
                    .hasValueSatisfying(csp -> assertThat(csp)
                            .contains("default-src 'self'", "script-src 'self'", "style-src 'self'")
                            .doesNotContain("unsafe-inline", "unsafe-eval"));
            assertThat(answer.headers().firstValue("X-Content-Type-Options"))
                    .as(path)
                    .hasValue("nosniff");
            assertThat(answer.headers().firstValue("Referrer-Policy")).as(path).hasValue("no-referrer");
        }
        HttpResponse<String> module = http.send(
                HttpRequest.newBuilder(base.resolve("/app/js/main.js")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(module.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type)
                        .as("an ES module needs a JavaScript type under nosniff")
                        .contains("javascript"));
        HttpResponse<String> api = http.send(
                HttpRequest.newBuilder(base.resolve("/v1/users/by-handle/nobody_here"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(api.statusCode()).as("the API is where it was, outside /app").isEqualTo(401);
    }

    @Test
    void twoPeopleFollowPostWithAnAudienceLikeCommentAndAreNotified() throws IOException {
        Browser.requireInstalled();
        String ada = "ada_" + suffix;
        String bob = "bob_" + suffix;
        List<Browser> browsers = new ArrayList<>();
        long started = System.nanoTime();
        // Two browsers start side by side: each start is seconds of waiting on Chromium.
        CompletableFuture<Browser> bobStarting = CompletableFuture.supplyAsync(() -> new Browser("bob", base, out));
        try {
            Browser a = new Browser("ada", base, out);
            browsers.add(a);
            Browser b = bobStarting.join();
            browsers.add(b);
            signUp(a, "Ada", ada);
            signUp(b, "Bob", bob);
            follow(b, ada);
            follow(a, bob);

            String hidden = post(a, "Plans for the surprise party, not for Bob", "partly-invisible", bob);
            String shown = post(a, "Hello @" + bob + ", only you see this #webclient " + SCRIPT, "partly-visible", bob);
            String bobs = post(b, "Bob here, hello everyone #webclient", "public", null);

            // Bob sees the post he is listed on, with the script tag as text, and never the one he is excluded from.
            awaitOnHome(b, shown);
            assertThat(b.present(card(hidden)))
                    .as("a partly invisible post never reaches Bob")
                    .isFalse();
            WebElement text = b.find(card(shown) + " .post-text");
            assertThat(text.getText()).contains(SCRIPT);
            assertThat(text.findElements(By.tagName("script")))
                    .as("text, not markup")
                    .isEmpty();
            assertThat(b.alertOpen()).as("the script in the text never ran").isFalse();
            b.open("/p/" + hidden);
            b.find("[data-status='404']"); // invisible is exactly unknown
            awaitOnHome(a, bobs);

            // Bob likes and comments; Ada is told.
            b.open("/home");
            b.click(card(shown) + " button.like");
            b.awaitText(card(shown) + " button.like", "♥ 1");
            b.click(card(shown) + " a.comments-link");
            b.type("section.comments > form.write textarea", "Nice one, Ada");
            b.click("section.comments > form.write button[type=submit]");
            b.awaitText("li.comment[data-floor='1'] .comment-text", "Nice one, Ada");

            a.open("/home");
            // Bob's follow, like and comment: three groups, worked off the request by the event log. The list is read
            // once when opened, so it is opened once the badge counts all three.
            a.await(
                    d -> a.present("#unread-badge:not([hidden])")
                            && Integer.parseInt(
                                            a.find("#unread-badge").getText().replace("+", ""))
                                    >= 3,
                    () -> {},
                    ApiClient.BACKGROUND_WORK);
            a.click("#nav-notifications");
            a.awaitText("li.notification[data-kind='like']", "Bob");
            a.awaitText("li.notification[data-kind='like']", "liked your post");
            a.awaitText("li.notification[data-kind='comment']", "commented on your post");
            a.await(d -> !a.present("#unread-badge:not([hidden])"), () -> {}); // opening the page read them

            // Ada's post page: the delivery plan, who can see it, and a reply on floor 1.
            a.click("li.notification[data-kind='comment'] a[href^='#/p/']");
            a.awaitText(".fanout .state", "done");
            assertThat(a.find(".fanout .bar").getDomAttribute("aria-valuenow")).isEqualTo("100");
            explain(a, bob, "Yes, @" + bob + " can see it");
            a.click("li.comment[data-floor='1'] .reply-button");
            a.type("li.comment[data-floor='1'] .thread form.write textarea", "Thanks, Bob");
            a.click("li.comment[data-floor='1'] .thread form.write button[type=submit]");
            a.awaitText("li.comment[data-floor='1'] li.reply .comment-text", "Thanks, Bob");
            a.screenshot(out.resolve("post.png"));
            a.open("/p/" + hidden);
            explain(a, bob, "No, @" + bob + " cannot see it");

            for (Browser browser : browsers) {
                assertTokensStayOutOfUrls(browser);
                assertThat(browser.consoleErrors())
                        .as(browser.name + "'s console")
                        .noneMatch(m -> m.contains("Content Security Policy") || m.contains("Trusted Type"));
            }
            a.open("/home");
            a.find(card(bobs));
            Path shot = a.screenshot(out.resolve("home.png"));
            System.out.printf("web client: the home page's screenshot is %s%n", shot.toAbsolutePath());

            // More than a page of posts: scrolling to the end brings the next page in.
            String token = JSON.readTree((String) a.script("return sessionStorage.getItem('widefeed.session')"))
                    .get("token")
                    .asText();
            for (int i = 0; i < 18; i++) { // with the three above, one more than a page of 20
                try (Response r =
                        app.request("/v1/posts", token).post(Entity.json(Map.of("content", "Filler post " + i)))) {
                    assertThat(r.getStatus()).isEqualTo(201);
                }
            }
            a.open("/topics");
            a.open("/home");
            a.find("article.post .post-text");
            a.await(
                    d -> d.findElements(By.cssSelector("article.post")).size() > 20,
                    () -> a.script("window.scrollTo(0, document.body.scrollHeight)"));
            System.out.printf(
                    "web client: the browser steps took %d s%n", (System.nanoTime() - started) / 1_000_000_000L);
        } catch (RuntimeException | AssertionError e) {
            for (Browser browser : browsers) {
                try {
                    Path shot = browser.screenshot(out.resolve("failed-" + browser.name + ".png"));
                    System.out.println("web client: " + browser.name + "'s page when the test failed: "
                            + shot.toAbsolutePath() + "; console: " + browser.consoleErrors());
                } catch (RuntimeException ignored) {
                    // the browser itself may be what failed
                }
            }
            throw e;
        } finally {
            bobStarting.thenAccept(b -> {
                if (!browsers.contains(b)) {
                    b.close(); // started after Ada's start failed
                }
            });
            browsers.forEach(Browser::close);
        }
    }

    private static void signUp(Browser browser, String name, String handle) {
        browser.open("/home");
        browser.find("form.auth"); // signed out: the sign-in form
        browser.click("a[href='#/signup']");
        browser.type("form.auth input[name=name]", name);
        browser.type("form.auth input[name=handle]", handle);
        browser.type("form.auth input[name=password]", "correct horse battery");
        browser.click("form.auth button[type=submit]");
        browser.find("form.composer");
        browser.awaitText("#nav-me", "@" + handle);
    }

    private static void follow(Browser browser, String handle) {
        browser.type("#find-user input[name=handle]", handle);
        browser.click("#find-user button[type=submit]");
        browser.awaitText(".profile h1", "@" + handle);
        browser.awaitText("button.follow", "Follow");
        browser.click("button.follow");
        browser.awaitText("button.follow", "Unfollow");
        browser.open("/home"); // a read of home marks the follower active, so fan-out pushes to them
        browser.find("form.composer");
    }

    /** Posts from the home page's composer; answers the new post's id. */
    private static String post(Browser browser, String text, String audience, String listed) {
        browser.open("/home");
        browser.type("form.composer textarea[name=content]", text);
        browser.select("form.composer select[name=audience]", audience);
        if (listed != null) {
            browser.type("form.composer input[name=audience-users]", listed);
        }
        browser.click("form.composer button[type=submit]");
        String firstWords = text.substring(0, 20);
        return browser.await(
                d -> {
                    for (WebElement article : d.findElements(By.cssSelector("article.post"))) {
                        if (article.getText().contains(firstWords)) {
                            return article.getDomAttribute("data-post-id");
                        }
                    }
                    return null;
                },
                () -> {});
    }

    /**
     * Waits until the post is on the reader's home timeline, refreshing it as a reader would: its delivery is the
     * service's background work.
     */
    private static void awaitOnHome(Browser browser, String postId) {
        browser.open("/home");
        browser.find("form.composer");
        browser.await(
                d -> browser.present(card(postId)), () -> browser.click("button.refresh"), ApiClient.BACKGROUND_WORK);
    }

    private static void explain(Browser author, String handle, String answer) {
        author.type("form.explain input[name=explain-handle]", handle);
        author.click("form.explain button[type=submit]");
        author.awaitText(".explain-answer", answer);
    }

    /** No URL the page requested holds either token, and neither is kept anywhere but sessionStorage. */
    private static void assertTokensStayOutOfUrls(Browser browser) throws IOException {
        JsonNode session = JSON.readTree((String) browser.script("return sessionStorage.getItem('widefeed.session')"));
        String token = session.get("token").asText();
        String refresh = session.get("refreshToken").asText();
        @SuppressWarnings("unchecked")
        List<String> urls = (List<String>) browser.script(
                "return performance.getEntriesByType('resource').map(e => e.name).concat([location.href])");
        assertThat(urls)
                .as(browser.name + "'s requests")
                .isNotEmpty()
                .noneMatch(url -> url.contains(token) || url.contains(refresh) || url.contains("token="));
        assertThat(browser.script("return localStorage.length + document.cookie.length"))
                .isEqualTo(0L);
    }

    private static String card(String postId) {
        return "article.post[data-post-id='" + postId + "']";
    }
}
