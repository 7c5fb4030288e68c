package dev.widefeed.resources;

import static dev.widefeed.testing.ApiClient.assertError;
import static dev.widefeed.testing.ApiClient.body;
import static dev.widefeed.testing.ApiClient.status;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.ApiClient.Created;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/** The REST contract of an account's erasure, run on every {@link TestBackend}. */
@BackendContract
public class ErasureApiContract {

    private final TestBackend backend;

    ErasureApiContract(TestBackend backend) {
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

    private void put(String path, Created me, int expected) {
        assertThat(status(api().request(path, me.token()).put(Entity.json(""))))
                .as(path)
                .isEqualTo(expected);
    }

    /** The erasure's state once it is {@code state}; fails the test after 60 s. */
    private JsonNode await(String userId, String state) {
        return Awaitility.await("erasure of " + userId + " " + state)
                .atMost(ApiClient.BACKGROUND_WORK)
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> erasure(userId),
                        e -> e.has("state") && e.get("state").asText().equals(state));
    }

    /** The erasure's state as answered, or the error it was answered with. */
    private JsonNode erasure(String userId) {
        try (Response r = api().request("/v1/erasures/" + userId, null).get()) {
            return r.readEntity(JsonNode.class);
        }
    }

    @Test
    void anErasedAccountLeavesNothingBehindAndItsFollowsAndLikesAreUndoneWithTheirCounts() {
        Created ada = api().createUser("ada");
        Created bob = api().createUser("bob");
        List<String> posts = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            posts.add(post(ada, "mine " + i));
        }
        String bobs = post(bob, "bob's");
        put("/v1/users/" + ada.id() + "/following/" + bob.id(), ada, 204);
        put("/v1/users/" + bob.id() + "/following/" + ada.id(), bob, 204);
        assertThat(status(api().request("/v1/posts/" + bobs + "/like", ada.token())
                        .put(Entity.json(""))))
                .isEqualTo(200);
        String handle =
                api().get("/v1/users/" + ada.id(), ada.token()).get("handle").asText();

        String me = "/v1/users/" + ada.id();
        assertThat(api().delete(me, ada.token(), Map.of("password", "not the password"))
                        .error(403))
                .isNotNull();
        assertThat(api().delete(me, bob.token(), Map.of("password", ApiClient.PASSWORD))
                        .error(403))
                .isNotNull();
        assertThat(api().delete(me, ada.token(), Map.of()).status()).isEqualTo(422);
        assertThat(api().get(me, bob.token()).get("id").asText())
                .as("refusals change nothing")
                .isEqualTo(ada.id());

        ApiClient.Answer accepted = api().delete(me, ada.token(), Map.of("password", ApiClient.PASSWORD));
        JsonNode erasure = accepted.body(202);
        assertThat(erasure.get("userId").asText()).isEqualTo(ada.id());
        assertError(api().request(me, ada.token()).get(), 401); // no token of hers works from now on
        assertError(
                api().request("/v1/sessions", null)
                        .post(Entity.json(Map.of("handle", handle, "password", ApiClient.PASSWORD))),
                401);

        JsonNode done = await(ada.id(), "done");
        assertThat(done.get("finishedAt").asText()).isNotEmpty();
        assertError(api().request(me, bob.token()).get(), 404);
        for (String post : posts) {
            assertError(api().request("/v1/posts/" + post, bob.token()).get(), 404);
        }
        JsonNode bobNow = api().get("/v1/users/" + bob.id(), bob.token());
        assertThat(bobNow.get("counts").get("followers").asLong()).isZero();
        assertThat(bobNow.get("counts").get("following").asLong()).isZero();
        assertThat(api().get("/v1/posts/" + bobs, bob.token())
                        .get("counts")
                        .get("likes")
                        .asLong())
                .isZero();
        assertThat(api().get("/v1/users/" + bob.id() + "/followers", bob.token())
                        .get("items"))
                .isEmpty();
        assertError(api().request("/v1/users/by-handle/" + handle, bob.token()).get(), 404); // free for anyone
    }

    @Test
    void anErasureNobodyAskedForIs404AndItsIdIsChecked() {
        assertError(api().request("/v1/erasures/1", null).get(), 404);
        assertError(api().request("/v1/erasures/x", null).get(), 400);
    }
}
