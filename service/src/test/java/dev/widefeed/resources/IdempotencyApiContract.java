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
import jakarta.ws.rs.core.Response;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The REST contract of Idempotency-Key on creating POSTs, run on every {@link TestBackend}. */
@BackendContract
public class IdempotencyApiContract {
    private final TestBackend backend;

    IdempotencyApiContract(TestBackend backend) {
        this.backend = backend;
    }

    private ApiClient api() {
        return backend.api();
    }

    private Response post(String path, Created as, Object body, String key) {
        var request = api().request(path, as == null ? null : as.token());
        if (key != null) {
            request = request.header("Idempotency-Key", key);
        }
        return request.post(Entity.json(body));
    }

    private int postsOf(Created author) {
        return api().get("/v1/users/" + author.id() + "/posts", author.token())
                .get("items")
                .size();
    }

    @Test
    void theSamePostWithTheSameKeyTwiceCreatesOnePost() {
        Created ada = api().createUser("ada");
        String key = UUID.randomUUID().toString();
        Map<String, String> hello = Map.of("content", "hello once");
        JsonNode first;
        try (Response r = post("/v1/posts", ada, hello, key)) {
            assertThat(r.getStatus()).isEqualTo(201);
            assertThat(r.getHeaderString("Idempotent-Replayed")).isNull();
            first = r.readEntity(JsonNode.class);
        }
        try (Response r = post("/v1/posts", ada, hello, key)) {
            assertThat(r.getStatus()).isEqualTo(201);
            assertThat(r.getHeaderString("Idempotent-Replayed")).isEqualTo("true");
            JsonNode again = r.readEntity(JsonNode.class);
            assertThat(again.get("id").asText()).isEqualTo(first.get("id").asText());
            assertThat(again.get("content").asText()).isEqualTo("hello once");
        }
        assertThat(postsOf(ada)).isEqualTo(1);
        assertThat(api().get("/v1/users/" + ada.id(), ada.token())
                        .get("counts")
                        .get("posts")
                        .asLong())
                .isEqualTo(1);

        assertError(post("/v1/posts", ada, Map.of("content", "something else"), key), 422);
        String deletedKey = UUID.randomUUID().toString();
        String doomed = body(post("/v1/posts", ada, Map.of("content", "doomed"), deletedKey), 201)
                .get("id")
                .asText();
        assertThat(ApiClient.status(
                        api().request("/v1/posts/" + doomed, ada.token()).delete()))
                .isEqualTo(204);
        assertError(post("/v1/posts", ada, Map.of("content", "doomed"), deletedKey), 404);
        assertThat(postsOf(ada))
                .as("a replay does not bring a deleted post back")
                .isEqualTo(1);
        Created bob = api().createUser("bob");
        assertThat(body(post("/v1/posts", bob, hello, key), 201).get("authorId").asText())
                .as("keys are each user's own")
                .isEqualTo(bob.id());
        body(post("/v1/posts", ada, hello, null), 201);
        body(post("/v1/posts", ada, hello, null), 201);
        assertThat(postsOf(ada)).as("without a key, each request creates").isEqualTo(3);
    }

    @Test
    void malformedKeysAre400AndARefusedRequestLeavesItsKeyFree() {
        Created ada = api().createUser("ada");
        for (String bad : new String[] {"", "has space", "x".repeat(65), "ünïcode", "a/b"}) {
            assertError(post("/v1/posts", ada, Map.of("content", "x"), bad), 400);
        }
        String key = "retry-" + UUID.randomUUID();
        assertError(post("/v1/posts", ada, Map.of("content", ""), key), 422);
        JsonNode fixed = body(post("/v1/posts", ada, Map.of("content", "fixed"), key), 201);
        assertThat(fixed.get("content").asText()).isEqualTo("fixed");
        assertThat(postsOf(ada)).isEqualTo(1);
    }

    @Test
    void repostsAndCommentsAreCreatedOncePerKey() {
        Created ada = api().createUser("ada");
        Created bob = api().createUser("bob");
        String postId = body(post("/v1/posts", ada, Map.of("content", "share me"), null), 201)
                .get("id")
                .asText();
        String repostKey = UUID.randomUUID().toString();
        String first = body(post("/v1/posts/" + postId + "/reposts", bob, Map.of(), repostKey), 201)
                .get("id")
                .asText();
        String again = body(post("/v1/posts/" + postId + "/reposts", bob, Map.of(), repostKey), 201)
                .get("id")
                .asText();
        assertThat(again).isEqualTo(first);
        assertThat(api().get("/v1/posts/" + postId, ada.token())
                        .get("counts")
                        .get("reposts")
                        .asLong())
                .isEqualTo(1);

        String commentKey = UUID.randomUUID().toString();
        String path = "/v1/posts/" + postId + "/comments";
        JsonNode comment = body(post(path, bob, Map.of("content", "nice"), commentKey), 201);
        JsonNode replayed = body(post(path, bob, Map.of("content", "nice"), commentKey), 201);
        assertThat(replayed.get("id").asText()).isEqualTo(comment.get("id").asText());
        assertThat(replayed.get("floor").asLong())
                .isEqualTo(comment.get("floor").asLong());
        assertThat(api().get(path, ada.token(), Map.of("page", "1")).get("items"))
                .hasSize(1);
        assertThat(api().get("/v1/posts/" + postId, ada.token())
                        .get("counts")
                        .get("comments")
                        .asLong())
                .isEqualTo(1);
    }

    @Test
    void aSignUpSentTwiceMakesOneUserAndOnlyTheSamePasswordGetsASession() {
        String key = UUID.randomUUID().toString();
        String handle = "idem_" + Long.toString(System.nanoTime(), 36);
        Map<String, String> signUp = Map.of("name", "Idem", "handle", handle, "password", ApiClient.PASSWORD);
        JsonNode first = body(post("/v1/users", null, signUp, key), 201);
        JsonNode again;
        try (Response r = post("/v1/users", null, signUp, key)) {
            assertThat(r.getStatus()).isEqualTo(201);
            assertThat(r.getHeaderString("Idempotent-Replayed")).isEqualTo("true");
            again = r.readEntity(JsonNode.class);
        }
        assertThat(again.get("user").get("id").asText())
                .isEqualTo(first.get("user").get("id").asText());
        assertThat(api().get(
                                "/v1/users/" + first.get("user").get("id").asText(),
                                again.get("token").asText())
                        .get("handle")
                        .asText())
                .isEqualTo(handle);
        assertError(
                post("/v1/users", null, Map.of("name", "Idem", "handle", handle, "password", "another password"), key),
                422);
        assertError(
                post("/v1/users", null, Map.of("name", "Other", "handle", handle, "password", ApiClient.PASSWORD), key),
                422);
    }
}
