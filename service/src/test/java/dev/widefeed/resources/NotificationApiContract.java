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
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/** The REST contract of notifications, run on every {@link TestBackend}. */
@BackendContract
public class NotificationApiContract {

    private final TestBackend backend;

    NotificationApiContract(TestBackend backend) {
        this.backend = backend;
    }

    private ApiClient api() {
        return backend.api();
    }

    private String newPost(Created author, String content) {
        return body(api().request("/v1/posts", author.token()).post(Entity.json(Map.of("content", content))), 201)
                .get("id")
                .asText();
    }

    private JsonNode page(Created me, Map<String, String> query) {
        return api().get("/v1/users/" + me.id() + "/notifications", me.token(), query);
    }

    /** My notifications once there are {@code count} of them; fails the test after 60 s. */
    private List<JsonNode> await(Created me, int count) {
        return await(me, items -> items.size() == count);
    }

    /** My notifications once {@code condition} holds of them; fails the test after 60 s. */
    private List<JsonNode> await(Created me, java.util.function.Predicate<List<JsonNode>> condition) {
        return Awaitility.await("notifications of " + me.id())
                .atMost(ApiClient.BACKGROUND_WORK)
                .until(() -> items(page(me, Map.of())), condition);
    }

    private static List<JsonNode> items(JsonNode page) {
        List<JsonNode> items = new ArrayList<>();
        page.get("items").forEach(items::add);
        return items;
    }

    private JsonNode markRead(Created me, Object body, int status) {
        return body(
                api().request("/v1/users/" + me.id() + "/notifications/read", me.token())
                        .put(Entity.json(body)),
                status);
    }

    @Test
    void likesAndFollowsArriveGroupedUnreadAndPageWithACursor() {
        Created ada = api().createUser("ada");
        Created bob = api().createUser("bob");
        Created cy = api().createUser("cy");
        String post = newPost(ada, "like me");
        body(api().request("/v1/posts/" + post + "/like", bob.token()).put(Entity.json("")), 200);
        body(api().request("/v1/posts/" + post + "/like", cy.token()).put(Entity.json("")), 200);
        assertThat(ApiClient.status(api().request("/v1/users/" + bob.id() + "/following/" + ada.id(), bob.token())
                        .put(Entity.json(""))))
                .isEqualTo(204);

        // Each like and the follow are worked apart: wait for all three, not only for two groups.
        List<JsonNode> items = await(
                ada,
                all -> all.size() == 2
                        && all.stream()
                                .anyMatch(n -> n.get("kind").asText().equals("like")
                                        && n.get("count").asLong() == 2));
        JsonNode likes = items.stream()
                .filter(n -> n.get("kind").asText().equals("like"))
                .findFirst()
                .orElseThrow();
        assertThat(likes.get("targetType").asText()).isEqualTo("post");
        assertThat(likes.get("targetId").asText()).isEqualTo(post);
        assertThat(likes.get("count").asLong()).isEqualTo(2);
        assertThat(likes.get("actors")).hasSize(2);
        assertThat(likes.get("actors").get(0).get("id").asText()).isIn(bob.id(), cy.id());
        assertThat(likes.get("unread").asBoolean()).isTrue();
        assertThat(Instant.parse(likes.get("window").asText()))
                .isBefore(Instant.parse(likes.get("latestAt").asText()));
        JsonNode follows = items.stream()
                .filter(n -> n.get("kind").asText().equals("follow"))
                .findFirst()
                .orElseThrow();
        assertThat(follows.get("targetType").asText()).isEqualTo("user");
        assertThat(follows.get("targetId").asText()).isEqualTo(ada.id());
        assertThat(follows.get("actors").get(0).get("id").asText()).isEqualTo(bob.id());

        JsonNode first = page(ada, Map.of("limit", "1"));
        assertThat(first.get("items")).hasSize(1);
        JsonNode second =
                page(ada, Map.of("limit", "1", "cursor", first.get("next").asText()));
        assertThat(second.get("items")).hasSize(1);
        assertThat(second.get("items").get(0).get("kind").asText())
                .isNotEqualTo(first.get("items").get(0).get("kind").asText());
        assertThat(second.get("next").isNull()).isTrue();

        JsonNode unread = api().get("/v1/users/" + ada.id() + "/notifications/unread", ada.token());
        assertThat(unread.get("unread").asInt()).isEqualTo(2);
        assertThat(unread.get("capped").asBoolean()).isFalse();
        assertThat(unread.get("readUpTo").isNull()).isTrue();
        String newest = items.stream()
                .map(n -> n.get("latestAt").asText())
                .max(String::compareTo)
                .orElseThrow();
        JsonNode after = markRead(ada, Map.of("upTo", newest), 200);
        assertThat(after.get("unread").asInt()).isZero();
        assertThat(Instant.parse(after.get("readUpTo").asText())).isEqualTo(Instant.parse(newest));
        assertThat(page(ada, Map.of()).get("items"))
                .allSatisfy(n -> assertThat(n.get("unread").asBoolean()).isFalse());
    }

    @Test
    void onlyTheUserReadsOrMarksTheirNotificationsAndBadMarkersAreRefused() {
        Created ada = api().createUser("ada");
        Created bob = api().createUser("bob");
        String base = "/v1/users/" + ada.id() + "/notifications";
        assertError(api().request(base, bob.token()).get(), 403);
        assertError(api().request(base + "/unread", bob.token()).get(), 403);
        assertError(
                api().request(base + "/read", bob.token())
                        .put(Entity.json(Map.of("upTo", Instant.now().toString()))),
                403);
        assertError(api().request(base + "/read", ada.token()).put(Entity.json(Map.of())), 422);
        assertError(api().request(base + "/read", ada.token()).put(Entity.json(Map.of("upTo", "yesterday"))), 422);
        assertError(api().request(base + "/read", ada.token()).put(Entity.json(Map.of("upTo", 5))), 422);
        assertError(
                api().request(base, ada.token(), Map.of("cursor", "bm90LWEtY3Vyc29y"))
                        .get(),
                400);
        assertError(api().request(base, null).get(), 401);
        // A marker in the future is taken as now: what comes later is still unread.
        JsonNode marked = markRead(ada, Map.of("upTo", "2999-01-01T00:00:00Z"), 200);
        assertThat(Instant.parse(marked.get("readUpTo").asText()))
                .isBefore(Instant.now().plusSeconds(5));
    }
}
