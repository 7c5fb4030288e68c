package dev.widefeed.resources;

import static dev.widefeed.testing.ApiClient.assertError;
import static dev.widefeed.testing.ApiClient.body;
import static dev.widefeed.testing.ApiClient.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.ApiClient.Created;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import jakarta.ws.rs.client.Entity;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The REST contract of the home timeline and of a post's fan-out, run on every {@link TestBackend}. */
@BackendContract
public class TimelineApiContract {

    private final TestBackend backend;

    TimelineApiContract(TestBackend backend) {
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

    private void follow(Created me, Created target) {
        assertThat(status(api().request("/v1/users/" + me.id() + "/following/" + target.id(), me.token())
                        .put(Entity.json(""))))
                .isEqualTo(204);
    }

    private List<String> home(Created me, Map<String, String> query) {
        List<String> ids = new ArrayList<>();
        api().get("/v1/users/" + me.id() + "/home", me.token(), query)
                .get("items")
                .forEach(item -> ids.add(item.get("id").asText()));
        return ids;
    }

    private JsonNode awaitFanout(Created author, String postId) {
        return await("fan-out of " + postId + " done")
                .atMost(ApiClient.BACKGROUND_WORK)
                .until(
                        () -> api().get("/v1/posts/" + postId + "/fanout", author.token()),
                        fanout -> fanout.get("state").asText().equals("done"));
    }

    @Test
    void followersSeeAPostOnceItsFanoutIsDoneAndItsAuthorSeesThePlan() {
        Created ada = api().createUser("ada");
        Created bob = api().createUser("bob");
        Created cyd = api().createUser("cyd");
        follow(ada, bob);
        follow(cyd, bob);
        assertThat(home(ada, Map.of())).isEmpty(); // ada reads: active from now on; cyd never read
        String postId = post(bob, "hello followers");
        assertThat(home(bob, Map.of())).as("my own post, at once").containsExactly(postId);

        JsonNode fanout = awaitFanout(bob, postId);
        assertThat(fanout.get("postId").asText()).isEqualTo(postId);
        assertThat(fanout.get("mode").asText()).isEqualTo("push");
        assertThat(fanout.get("followers").asLong()).isEqualTo(2);
        assertThat(fanout.get("pushed").asLong()).as("ada and bob himself").isEqualTo(2);
        assertThat(fanout.get("skipped").get(0).get("followers").asLong())
                .as("cyd never read")
                .isEqualTo(1);
        assertThat(fanout.get("tiers").get(0).get("state").asText()).isEqualTo("done");
        assertThat(fanout.get("finishedAt").asText()).isNotEmpty();

        assertThat(home(ada, Map.of())).containsExactly(postId);
        assertThat(home(cyd, Map.of())).as("pulled when cyd first reads").containsExactly(postId);

        assertError(
                api().request("/v1/posts/" + postId + "/fanout", ada.token()).get(), 403);
        assertError(api().request("/v1/posts/1/fanout", bob.token()).get(), 404);
        assertError(api().request("/v1/posts/x/fanout", bob.token()).get(), 400);
    }

    @Test
    void homePagesAreNewestFirstWithOpaqueCursors() {
        Created ada = api().createUser("ada");
        Created bob = api().createUser("bob");
        follow(ada, bob);
        home(ada, Map.of());
        List<String> posted = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            posted.add(post(bob, "post " + i));
            posted.add(post(ada, "mine " + i));
        }
        for (int i = 0; i < posted.size(); i++) {
            awaitFanout(i % 2 == 0 ? bob : ada, posted.get(i));
        }
        List<String> seen = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = api().get(
                            "/v1/users/" + ada.id() + "/home",
                            ada.token(),
                            cursor == null ? Map.of("limit", "3") : Map.of("limit", "3", "cursor", cursor));
            page.get("items").forEach(item -> seen.add(item.get("id").asText()));
            cursor = page.get("next").isNull() ? null : page.get("next").asText();
        } while (cursor != null);
        List<String> newestFirst = new ArrayList<>(posted);
        Collections.reverse(newestFirst);
        assertThat(seen).isEqualTo(newestFirst);

        String deleted = posted.get(4);
        assertThat(status(api().request("/v1/posts/" + deleted, bob.token()).delete()))
                .isEqualTo(204);
        assertThat(home(ada, Map.of("limit", "100"))).hasSize(9).doesNotContain(deleted);
    }

    /**
     * What a refresh at {@code path} with {@code since} brings, pages of {@code limit} followed down to the bound,
     * once there are {@code count} (fails the test after 60 s); {@code field} names each item's post or comment.
     */
    private List<String> refresh(String path, Created reader, String since, int limit, int count, String field) {
        return await(path)
                .atMost(ApiClient.BACKGROUND_WORK)
                .until(() -> refreshOnce(path, reader, since, limit, field), seen -> seen.size() >= count);
    }

    private List<String> refreshOnce(String path, Created reader, String since, int limit, String field) {
        List<String> seen = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            Map<String, String> query =
                    new java.util.HashMap<>(Map.of("limit", Integer.toString(limit), "since", since));
            if (cursor != null) {
                query.put("cursor", cursor);
            }
            JsonNode page = api().get(path, reader.token(), query);
            page.get("items")
                    .forEach(item -> seen.add(
                            field == null
                                    ? item.get("id").asText()
                                    : item.get(field).get("id").asText()));
            cursor = page.get("next").isNull() ? null : page.get("next").asText();
            pages++;
        } while (cursor != null && pages < 100);
        return seen;
    }

    @Test
    void sinceRefreshesEveryTimelineDownToTheBoundWithoutGaps() {
        Created ada = api().createUser("ada");
        Created bob = api().createUser("bob");
        follow(ada, bob);
        home(ada, Map.of()); // active: pushed to from now on
        String handle =
                api().get("/v1/users/" + ada.id(), ada.token()).get("handle").asText();
        String topic = "since" + Long.toString(System.nanoTime() % 1_000_000_000_000L, 36);
        String held = post(bob, "before the refresh #" + topic + " @" + handle);
        awaitFanout(bob, held);
        List<String> fresh = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            fresh.add(post(bob, "new " + i + " #" + topic + " @" + handle));
        }
        fresh.forEach(id -> awaitFanout(bob, id));
        List<String> newestFirst = new ArrayList<>(fresh);
        Collections.reverse(newestFirst);

        assertThat(refresh("/v1/users/" + ada.id() + "/home", ada, held, 2, 5, null))
                .isEqualTo(newestFirst);
        assertThat(refresh("/v1/users/" + bob.id() + "/posts", ada, held, 2, 5, null))
                .isEqualTo(newestFirst);
        assertThat(refresh("/v1/topics/" + topic + "/posts", ada, held, 2, 5, null))
                .isEqualTo(newestFirst);
        assertThat(refresh("/v1/users/" + ada.id() + "/mentions", ada, held, 2, 5, "post"))
                .isEqualTo(newestFirst);

        JsonNode nothingNew =
                api().get("/v1/users/" + ada.id() + "/home", ada.token(), Map.of("since", newestFirst.get(0)));
        assertThat(nothingNew.get("items")).isEmpty();
        assertThat(nothingNew.get("next").isNull()).isTrue();
        JsonNode oneNew = api().get(
                        "/v1/users/" + bob.id() + "/posts",
                        ada.token(),
                        Map.of("since", newestFirst.get(1), "limit", "1"));
        assertThat(oneNew.get("items"))
                .extracting(item -> item.get("id").asText())
                .containsExactly(newestFirst.get(0));
        assertThat(oneNew.get("next").isNull())
                .as("the bound is reached: the last page")
                .isTrue();
        for (String bad : new String[] {"x", "0", "-1", "99999999999999999999"}) {
            assertError(
                    api().request("/v1/users/" + ada.id() + "/home", ada.token(), Map.of("since", bad))
                            .get(),
                    400);
        }
    }

    @Test
    void homeIsOnlyMineAndItsParametersAreChecked() {
        Created ada = api().createUser("ada");
        Created bob = api().createUser("bob");
        assertError(
                api().request("/v1/users/" + bob.id() + "/home", ada.token()).get(), 403);
        assertError(
                api().request("/v1/users/" + ada.id() + "/home", ada.token(), Map.of("cursor", "nope"))
                        .get(),
                400);
        assertError(
                api().request("/v1/users/" + ada.id() + "/home", ada.token(), Map.of("limit", "0"))
                        .get(),
                422);
        assertError(api().request("/v1/users/" + ada.id() + "/home", null).get(), 401);
    }
}
