package dev.widefeed.resources;

import static dev.widefeed.testing.ApiClient.assertError;
import static dev.widefeed.testing.ApiClient.body;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.ApiClient.Created;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import jakarta.ws.rs.client.Entity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * The REST contract of topic timelines, trending topics and the mentions timeline, run on every
 * {@link TestBackend}.
 */
@BackendContract
public class TopicApiContract {

    private final TestBackend backend;

    TopicApiContract(TestBackend backend) {
        this.backend = backend;
    }

    private ApiClient api() {
        return backend.api();
    }

    private String post(Created author, String content) {
        return body(api().request("/v1/posts", author.token()).post(Entity.json(Map.of("content", content))), 201)
                .get("id")
                .asText();
    }

    private List<String> ids(JsonNode page, String field) {
        List<String> ids = new ArrayList<>();
        page.get("items")
                .forEach(item -> ids.add(
                        field == null
                                ? item.get("id").asText()
                                : item.get(field).get("id").asText()));
        return ids;
    }

    /**
     * The list at {@code path} once it holds {@code count} items; fails the test after 90 s (the shared service's job
     * indexes every REST class's posts, and lags when classes run beside this one).
     */
    private JsonNode await(String path, Created reader, int count) {
        return Awaitility.await(path)
                .atMost(ApiClient.BACKGROUND_WORK)
                .until(
                        () -> api().get(path, reader.token()),
                        page -> page.get("items").size() == count);
    }

    @Test
    void aTopicsPostsAreListedInAnyCaseAndAMalformedTopicIs400() {
        Created ada = api().createUser("ada");
        String topic = "api" + Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
        String first = post(ada, "hello #" + topic.toUpperCase(Locale.ROOT));
        String second = post(ada, "again #" + topic);

        JsonNode page = await("/v1/topics/" + topic + "/posts", ada, 2);
        assertThat(ids(page, null)).containsExactly(second, first);
        assertThat(page.get("items").get(0).get("topics").get(0).asText()).isEqualTo(topic);
        assertThat(ids(api().get("/v1/topics/" + topic.toUpperCase(Locale.ROOT) + "/posts", ada.token()), null))
                .containsExactly(second, first);
        assertThat(ids(api().get("/v1/topics/%23" + topic + "/posts", ada.token()), null))
                .containsExactly(second, first);
        assertError(api().request("/v1/topics/2024/posts", ada.token()).get(), 400);
        assertError(api().request("/v1/topics/no-dash/posts", ada.token()).get(), 400);
        assertError(
                api().request("/v1/topics/" + "x".repeat(51) + "/posts", ada.token())
                        .get(),
                400);
    }

    @Test
    void trendingAnswersForItsTwoWindowsOnly() {
        Created ada = api().createUser("ada");
        for (String window : new String[] {"1h", "24h"}) {
            JsonNode trending = api().get("/v1/topics/trending", ada.token(), Map.of("window", window));
            assertThat(trending.get("window").asText()).isEqualTo(window);
            assertThat(trending.get("items").isArray()).isTrue();
        }
        assertThat(api().get("/v1/topics/trending", ada.token()).get("window").asText())
                .isEqualTo("1h");
        assertError(
                api().request("/v1/topics/trending", ada.token(), Map.of("window", "2h"))
                        .get(),
                400);
        assertError(api().request("/v1/topics/trending", null).get(), 401);
    }

    @Test
    void myMentionsListTheTextsThatNameMeToMeAlone() {
        Created ada = api().createUser("ada");
        Created bob = api().createUser("bob");
        String handle =
                api().get("/v1/users/" + ada.id(), ada.token()).get("handle").asText();
        String post = post(bob, "hi @" + handle);
        String comment = body(
                        api().request("/v1/posts/" + post + "/comments", bob.token())
                                .post(Entity.json(Map.of("content", "and @" + handle))),
                        201)
                .get("id")
                .asText();

        JsonNode page = await("/v1/users/" + ada.id() + "/mentions", ada, 2);
        assertThat(page.get("items").get(0).get("kind").asText()).isEqualTo("comment");
        assertThat(page.get("items").get(0).get("comment").get("id").asText()).isEqualTo(comment);
        assertThat(page.get("items").get(1).get("kind").asText()).isEqualTo("post");
        assertThat(page.get("items").get(1).get("post").get("id").asText()).isEqualTo(post);
        assertError(
                api().request("/v1/users/" + ada.id() + "/mentions", bob.token())
                        .get(),
                403);
    }
}
