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
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The REST contract of likes, run on every {@link TestBackend}. */
@BackendContract
public class LikeApiContract {

    private final TestBackend backend;

    LikeApiContract(TestBackend backend) {
        this.backend = backend;
    }

    private ApiClient api() {
        return backend.api();
    }

    private String newPost(Created author) {
        return body(api().request("/v1/posts", author.token()).post(Entity.json(Map.of("content", "like me"))), 201)
                .get("id")
                .asText();
    }

    private JsonNode like(String postId, Created user) {
        return body(api().request("/v1/posts/" + postId + "/like", user.token()).put(Entity.json("")), 200);
    }

    private JsonNode unlike(String postId, Created user) {
        return body(api().request("/v1/posts/" + postId + "/like", user.token()).delete(), 200);
    }

    /** Every entry of a list, following its cursors {@code limit} at a time; the {@code field} of each. */
    private List<String> all(String path, Created viewer, String field, int limit) {
        List<String> all = new ArrayList<>();
        String cursor = null;
        do {
            Map<String, String> query = cursor == null
                    ? Map.of("limit", Integer.toString(limit))
                    : Map.of("limit", Integer.toString(limit), "cursor", cursor);
            JsonNode page = api().get(path, viewer.token(), query);
            page.get("items").forEach(item -> {
                assertThat(item.get("likedAt").asText()).endsWith("Z");
                all.add(item.get(field).asText());
            });
            cursor = page.get("next").isNull() ? null : page.get("next").asText();
        } while (cursor != null);
        return all;
    }

    @Test
    void likeAndUnlikeAreIdempotentAndShowInThePostAndBothLists() {
        Created ada = api().createUser("ada");
        Created bob = api().createUser("bob");
        String post = newPost(ada);

        JsonNode liked = like(post, bob);
        assertThat(liked.get("liked").asBoolean()).isTrue();
        assertThat(liked.get("likes").asLong()).isEqualTo(1);
        assertThat(like(post, bob).get("likes").asLong()).isEqualTo(1);
        assertThat(like(post, ada).get("likes").asLong()).isEqualTo(2);

        JsonNode seenByBob = api().get("/v1/posts/" + post, bob.token());
        assertThat(seenByBob.get("counts").get("likes").asLong()).isEqualTo(2);
        assertThat(seenByBob.get("likedByMe").asBoolean()).isTrue();
        assertThat(all("/v1/posts/" + post + "/likes", bob, "userId", 1)).containsExactly(ada.id(), bob.id());
        assertThat(all("/v1/users/" + bob.id() + "/likes", ada, "postId", 20)).containsExactly(post);

        JsonNode unliked = unlike(post, bob);
        assertThat(unliked.get("liked").asBoolean()).isFalse();
        assertThat(unliked.get("likes").asLong()).isEqualTo(1);
        assertThat(unlike(post, bob).get("likes").asLong()).isEqualTo(1);
        assertThat(api().get("/v1/posts/" + post, bob.token()).get("likedByMe").asBoolean())
                .isFalse();
        assertThat(all("/v1/posts/" + post + "/likes", bob, "userId", 20)).containsExactly(ada.id());
        assertThat(all("/v1/users/" + bob.id() + "/likes", bob, "postId", 20)).isEmpty();
    }

    @Test
    void aUsersLikedPostsPageNewestFirst() {
        Created ada = api().createUser("ada");
        List<String> newestFirst = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            String post = newPost(ada);
            like(post, ada);
            newestFirst.add(0, post);
        }
        assertThat(all("/v1/users/" + ada.id() + "/likes", ada, "postId", 2)).isEqualTo(newestFirst);
    }

    @Test
    void likeErrorsHaveTheirStatus() {
        Created ada = api().createUser("ada");
        String post = newPost(ada);
        String unknown = "1";
        assertError(api().request("/v1/posts/" + unknown + "/like", ada.token()).put(Entity.json("")), 404);
        assertError(api().request("/v1/posts/" + unknown + "/like", ada.token()).delete(), 404);
        assertError(
                api().request("/v1/posts/" + unknown + "/likes", ada.token()).get(), 404);
        assertError(
                api().request("/v1/users/" + unknown + "/likes", ada.token()).get(), 404);

        assertError(api().request("/v1/posts/abc/like", ada.token()).put(Entity.json("")), 400);
        assertError(api().request("/v1/posts/-3/likes", ada.token()).get(), 400);
        assertError(api().request("/v1/users/x1/likes", ada.token()).get(), 400);
        assertError(
                api().request("/v1/posts/" + post + "/likes", ada.token(), Map.of("cursor", "not-a-cursor"))
                        .get(),
                400);
        // A followers cursor is well formed, but not a likes cursor.
        String followCursor = "ZjE6MTc2Mzc5MDAwMDEyMzozODI3Njg2NDAwMzAyNTMwNTY";
        assertError(
                api().request("/v1/users/" + ada.id() + "/likes", ada.token(), Map.of("cursor", followCursor))
                        .get(),
                400);
        assertError(
                api().request("/v1/posts/" + post + "/likes", ada.token(), Map.of("limit", "x"))
                        .get(),
                400);

        assertError(api().request("/v1/posts/" + post + "/like", null).put(Entity.json("")), 401);
        assertError(api().request("/v1/posts/" + post + "/like", null).delete(), 401);
        assertError(api().request("/v1/posts/" + post + "/likes", null).get(), 401);
        assertError(
                api().request("/v1/users/" + ada.id() + "/likes", "not-a-token").get(), 401);

        assertError(
                api().request("/v1/posts/" + post + "/likes", ada.token(), Map.of("limit", "0"))
                        .get(),
                422);
        assertError(
                api().request("/v1/users/" + ada.id() + "/likes", ada.token(), Map.of("limit", "101"))
                        .get(),
                422);

        assertThat(api().get("/v1/posts/" + post, ada.token())
                        .get("counts")
                        .get("likes")
                        .asLong())
                .isZero();
    }
}
