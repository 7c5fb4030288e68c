package dev.widefeed.resources;

import static dev.widefeed.testing.ApiClient.assertError;
import static dev.widefeed.testing.ApiClient.body;
import static dev.widefeed.testing.ApiClient.signUp;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.ApiClient.Created;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.client.Invocation;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * The REST contract of comments, end to end over HTTP against the real service on a real store, run on every
 * {@link TestBackend}.
 */
@BackendContract
public class CommentApiContract {

    private final TestBackend backend;

    CommentApiContract(TestBackend backend) {
        this.backend = backend;
    }

    private ApiClient api() {
        return backend.api();
    }

    private Invocation.Builder request(String path, String token) {
        return api().request(path, token);
    }

    private Invocation.Builder request(String path, String token, Map<String, String> query) {
        return api().request(path, token, query);
    }

    private Created createUser(String name) {
        return api().createUser(name);
    }

    private String createPost(Created author) {
        try (Response r = request("/v1/posts", author.token()).post(Entity.json(Map.of("content", "a post")))) {
            assertThat(r.getStatus()).isEqualTo(201);
            return r.readEntity(JsonNode.class).get("id").asText();
        }
    }

    private JsonNode comment(Created author, String postId, String content, String replyTo) {
        Map<String, String> body = new HashMap<>();
        body.put("content", content);
        if (replyTo != null) {
            body.put("replyTo", replyTo);
        }
        try (Response r =
                request("/v1/posts/" + postId + "/comments", author.token()).post(Entity.json(body))) {
            assertThat(r.getStatus()).isEqualTo(201);
            JsonNode created = r.readEntity(JsonNode.class);
            assertThat(r.getLocation().getPath())
                    .endsWith("/v1/comments/" + created.get("id").asText());
            return created;
        }
    }

    private JsonNode call(Invocation.Builder request, String method, int status) {
        try (Response r = method.equals("PUT") ? request.method(method, Entity.json("")) : request.method(method)) {
            assertThat(r.getStatus()).as("%s", method).isEqualTo(status);
            return status == 204 ? null : r.readEntity(JsonNode.class);
        }
    }

    private static List<Long> floors(JsonNode items) {
        List<Long> floors = new ArrayList<>();
        items.forEach(i -> floors.add(i.get("floor").asLong()));
        return floors;
    }

    private static List<Long> range(long from, long to) {
        return LongStream.rangeClosed(from, to).boxed().toList();
    }

    @Test
    void aCommentShowsTheUsersItNames() {
        Created ada = createUser("ada");
        String handle = "cm_" + Long.toString(System.nanoTime() % 1_000_000_000_000L, 36);
        String holder;
        try (Response r = request("/v1/users", null).post(Entity.json(signUp("name", "Held", "handle", handle)))) {
            assertThat(r.getStatus()).isEqualTo(201);
            holder = r.readEntity(JsonNode.class).get("user").get("id").asText();
        }
        String post = createPost(ada);
        JsonNode made = comment(ada, post, "thanks @" + handle, null);
        JsonNode read = api().get("/v1/comments/" + made.get("id").asText(), ada.token());
        for (JsonNode view : List.of(made, read)) {
            assertThat(view.get("mentions")).hasSize(1);
            assertThat(view.get("mentions").get(0).get("id").asText()).isEqualTo(holder);
            assertThat(view.get("mentions").get(0).get("start").asInt()).isEqualTo(7);
        }
        JsonNode reply = comment(
                ada, post, "@" + handle + " @unheld_" + handle, made.get("id").asText());
        assertThat(reply.get("mentions")).extracting(m -> m.get("id").asText()).containsExactly(holder);
        assertThat(comment(ada, post, "no one", null).get("mentions")).isEmpty();
    }

    @Test
    void commentsRepliesVotesAndDeletesShowInTheirViews() {
        Created ada = createUser("ada");
        Created bob = createUser("bob");
        String post = createPost(ada);

        JsonNode top = comment(bob, post, "first!", null);
        assertThat(top.get("id").isTextual()).isTrue();
        assertThat(top.get("postId").asText()).isEqualTo(post);
        assertThat(top.get("authorId").asText()).isEqualTo(bob.id());
        assertThat(top.get("floor").asLong()).isEqualTo(1);
        assertThat(top.has("rootId")).isFalse();
        assertThat(top.has("parentId")).isFalse();
        assertThat(top.get("content").asText()).isEqualTo("first!");
        assertThat(top.get("createdAt").asText()).endsWith("Z");
        assertThat(top.get("counts").get("replies").asLong()).isZero();
        String topId = top.get("id").asText();

        JsonNode reply = comment(ada, post, "welcome", topId);
        assertThat(reply.get("floor").asLong()).isEqualTo(1);
        assertThat(reply.get("rootId").asText()).isEqualTo(topId);
        assertThat(reply.get("parentId").asText()).isEqualTo(topId);
        JsonNode answer = comment(bob, post, "thanks", reply.get("id").asText());
        assertThat(answer.get("floor").asLong()).isEqualTo(2);
        assertThat(answer.get("rootId").asText()).isEqualTo(topId);
        assertThat(answer.get("parentId").asText()).isEqualTo(reply.get("id").asText());

        JsonNode page = call(request("/v1/posts/" + post + "/comments", ada.token(), Map.of("page", "1")), "GET", 200);
        assertThat(page.get("page").asInt()).isEqualTo(1);
        assertThat(page.get("pageSize").asInt()).isEqualTo(20);
        assertThat(page.get("pages").asLong()).isEqualTo(1);
        assertThat(page.get("items")).hasSize(1);
        assertThat(page.get("items").get(0).get("counts").get("replies").asLong())
                .isEqualTo(2);
        JsonNode replies =
                call(request("/v1/comments/" + topId + "/replies", ada.token(), Map.of("limit", "1")), "GET", 200);
        assertThat(floors(replies.get("items"))).containsExactly(1L);
        JsonNode rest = call(
                request(
                        "/v1/comments/" + topId + "/replies",
                        ada.token(),
                        Map.of("cursor", replies.get("next").asText())),
                "GET",
                200);
        assertThat(floors(rest.get("items"))).containsExactly(2L);
        assertThat(rest.get("next").isNull()).isTrue();

        String like = "/v1/comments/" + topId + "/like";
        String hate = "/v1/comments/" + topId + "/hate";
        assertThat(call(request(like, ada.token()), "PUT", 200).toString()).isEqualTo(votes(1, 0));
        assertThat(call(request(like, ada.token()), "PUT", 200).toString()).isEqualTo(votes(1, 0));
        assertThat(call(request(hate, bob.token()), "PUT", 200).toString()).isEqualTo(votes(1, 1));
        assertThat(call(request(hate, ada.token()), "PUT", 200).toString()).isEqualTo(votes(0, 2));
        assertThat(call(request(like, ada.token()), "DELETE", 200).toString()).isEqualTo(votes(0, 2));
        assertThat(call(request(hate, ada.token()), "DELETE", 200).toString()).isEqualTo(votes(0, 1));
        JsonNode fetched = call(request("/v1/comments/" + topId, bob.token()), "GET", 200);
        assertThat(fetched.get("counts").get("hates").asLong()).isEqualTo(1);
        assertThat(fetched.get("content").asText()).isEqualTo("first!");

        JsonNode postView = call(request("/v1/posts/" + post, ada.token()), "GET", 200);
        assertThat(postView.get("counts").get("comments").asLong()).isEqualTo(3);
        call(request("/v1/comments/" + answer.get("id").asText(), bob.token()), "DELETE", 204);
        call(request("/v1/comments/" + reply.get("id").asText(), ada.token()), "DELETE", 204);
        postView = call(request("/v1/posts/" + post, ada.token()), "GET", 200);
        assertThat(postView.get("counts").get("comments").asLong()).isEqualTo(1);
        assertThat(postView.get("counts").get("commentsEver").asLong()).isEqualTo(3);
        assertError(
                request("/v1/comments/" + reply.get("id").asText(), ada.token()).get(), 404);
    }

    private JsonNode page(String post, Created viewer, int page) {
        return call(
                request("/v1/posts/" + post + "/comments", viewer.token(), Map.of("page", Integer.toString(page))),
                "GET",
                200);
    }

    @Test
    void thePostsAuthorClosesCommentsAndPinsOne() {
        Created ada = createUser("ada");
        Created bob = createUser("bob");
        String post = createPost(ada);
        String settings = "/v1/posts/" + post + "/comments/";
        String first = comment(bob, post, "first", null).get("id").asText();
        String reply = comment(ada, post, "a reply", first).get("id").asText();
        for (int i = 0; i < 20; i++) {
            comment(bob, post, "more " + i, null);
        }
        assertThat(page(post, bob, 1).get("closed").asBoolean()).isFalse();
        assertThat(page(post, bob, 1).get("pinned").isNull()).isTrue();

        assertError(request(settings + "closed", bob.token()).put(Entity.json("")), 403);
        call(request(settings + "closed", ada.token()), "PUT", 204);
        call(request(settings + "closed", ada.token()), "PUT", 204); // idempotent
        assertThat(page(post, bob, 1).get("closed").asBoolean()).isTrue();
        assertError(
                request("/v1/posts/" + post + "/comments", bob.token())
                        .post(Entity.json(Map.of("content", "too late"))),
                403);
        assertError(
                request("/v1/posts/" + post + "/comments", ada.token())
                        .post(Entity.json(Map.of("content", "even mine", "replyTo", first))),
                403);
        assertThat(page(post, bob, 1).get("items")).as("existing comments stay").hasSize(20);
        assertThat(page(post, bob, 2).get("items")).hasSize(1);
        call(request("/v1/comments/" + first + "/like", bob.token()), "PUT", 200); // votes still count
        call(request(settings + "closed", ada.token()), "DELETE", 204);
        assertThat(comment(bob, post, "open again", null).get("floor").asLong()).isEqualTo(22);

        String last = page(post, ada, 2).get("items").get(0).get("id").asText();
        assertError(request(settings + "pinned", bob.token()).put(Entity.json(Map.of("commentId", last))), 403);
        JsonNode pinned =
                body(request(settings + "pinned", ada.token()).put(Entity.json(Map.of("commentId", last))), 200);
        assertThat(pinned.get("id").asText()).isEqualTo(last);
        JsonNode firstPage = page(post, bob, 1);
        assertThat(firstPage.get("pinned").get("id").asText()).isEqualTo(last);
        assertThat(firstPage.get("pinned").get("floor").asLong())
                .as("it keeps its own floor")
                .isEqualTo(21);
        assertThat(page(post, bob, 2).get("pinned").isNull())
                .as("above the first page only")
                .isTrue();
        assertError(request(settings + "pinned", ada.token()).put(Entity.json(Map.of("commentId", reply))), 422);
        assertError(request(settings + "pinned", ada.token()).put(Entity.json(Map.of("commentId", "1"))), 404);
        assertError(request(settings + "pinned", ada.token()).put(Entity.json(Map.of("commentId", "x"))), 400);
        assertError(request(settings + "pinned", ada.token()).put(Entity.json(Map.of())), 400);
        String other =
                comment(bob, createPost(bob), "elsewhere", null).get("id").asText();
        assertError(request(settings + "pinned", ada.token()).put(Entity.json(Map.of("commentId", other))), 422);
        assertThat(page(post, bob, 1).get("pinned").get("id").asText())
                .as("refusals change nothing")
                .isEqualTo(last);
        call(request("/v1/comments/" + last, bob.token()), "DELETE", 204);
        assertThat(page(post, bob, 1).get("pinned").isNull())
                .as("a deleted comment is not shown pinned")
                .isTrue();
        call(request(settings + "pinned", ada.token()), "DELETE", 204);
        assertThat(page(post, bob, 1).get("pinned").isNull()).isTrue();
        assertError(request("/v1/posts/1/comments/closed", ada.token()).put(Entity.json("")), 404);
    }

    /** The ids of the post's hot comments, pages of {@code limit} followed to the end. */
    private List<String> hot(String post, Created viewer, int limit) {
        List<String> ids = new ArrayList<>();
        String cursor = null;
        do {
            Map<String, String> query = new HashMap<>(Map.of("sort", "hot", "limit", Integer.toString(limit)));
            if (cursor != null) {
                query.put("cursor", cursor);
            }
            JsonNode page = call(request("/v1/posts/" + post + "/comments", viewer.token(), query), "GET", 200);
            assertThat(page.has("page")).isFalse();
            page.get("items").forEach(item -> ids.add(item.get("id").asText()));
            cursor = page.get("next").isNull() ? null : page.get("next").asText();
        } while (cursor != null);
        return ids;
    }

    /**
     * The hot comments once they are {@code expected} (the ranking follows votes off the request path, in the shared
     * service's job, which works every REST class's entries and lags when classes run beside this one).
     */
    private void awaitHot(String post, Created viewer, List<String> expected) {
        await().atMost(ApiClient.BACKGROUND_WORK)
                .untilAsserted(() ->
                        assertThat(hot(post, viewer, 2)).as("hot comments").isEqualTo(expected));
    }

    @Test
    void hotCommentsAreOrderedByLikesMinusHatesAndFollowTheVotes() {
        Created ada = createUser("ada");
        String post = createPost(ada);
        List<String> c = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            c.add(comment(ada, post, "comment " + i, null).get("id").asText());
        }
        int[][] votes = {{3, 0}, {1, 0}, {1, 1}, {3, 1}, {0, 1}}; // scores 3, 1, 0, 2, -1
        for (int i = 0; i < votes.length; i++) {
            for (int v = 0; v < votes[i][0]; v++) {
                call(
                        request(
                                "/v1/comments/" + c.get(i) + "/like",
                                createUser("fan").token()),
                        "PUT",
                        200);
            }
            for (int v = 0; v < votes[i][1]; v++) {
                call(
                        request(
                                "/v1/comments/" + c.get(i) + "/hate",
                                createUser("critic").token()),
                        "PUT",
                        200);
            }
        }
        awaitHot(post, ada, List.of(c.get(0), c.get(3), c.get(1)));

        List<Created> late = new ArrayList<>();
        for (int v = 0; v < 3; v++) {
            late.add(createUser("late"));
            call(request("/v1/comments/" + c.get(1) + "/like", late.get(v).token()), "PUT", 200);
        }
        awaitHot(post, ada, List.of(c.get(1), c.get(0), c.get(3)));
        call(request("/v1/comments/" + c.get(0), ada.token()), "DELETE", 204);
        call(request("/v1/comments/" + c.get(1) + "/like", late.get(0).token()), "DELETE", 200);
        awaitHot(post, ada, List.of(c.get(1), c.get(3)));

        String comments = "/v1/posts/" + post + "/comments";
        assertError(request(comments, ada.token(), Map.of("sort", "likes")).get(), 400);
        assertError(
                request(comments, ada.token(), Map.of("sort", "hot", "page", "1"))
                        .get(),
                400);
        assertError(
                request(comments, ada.token(), Map.of("sort", "hot", "cursor", "nope"))
                        .get(),
                400);
        assertError(
                request(comments, ada.token(), Map.of("sort", "hot", "limit", "0"))
                        .get(),
                422);
        assertError(request(comments, ada.token(), Map.of("cursor", "nope")).get(), 400);
        assertThat(call(request(comments, ada.token(), Map.of("sort", "floor")), "GET", 200)
                        .get("pages")
                        .asLong())
                .isEqualTo(1);
    }

    @Test
    void aDeletedTopCommentWithRepliesKeepsItsFloorAsAPlaceholder() {
        Created ada = createUser("ada");
        Created bob = createUser("bob");
        String post = createPost(ada);
        String top = comment(bob, post, "top", null).get("id").asText();
        String alone = comment(bob, post, "no replies", null).get("id").asText();
        String reply = comment(ada, post, "answer", top).get("id").asText();
        call(request("/v1/comments/" + top, bob.token()), "DELETE", 204);
        call(request("/v1/comments/" + alone, bob.token()), "DELETE", 204);

        JsonNode items = page(post, ada, 1).get("items");
        assertThat(items).hasSize(1);
        JsonNode placeholder = items.get(0);
        assertThat(placeholder.get("id").asText()).isEqualTo(top);
        assertThat(placeholder.get("floor").asLong()).isEqualTo(1);
        assertThat(placeholder.get("deleted").asBoolean()).isTrue();
        assertThat(placeholder.get("content").isNull()).isTrue();
        assertThat(placeholder.get("counts").get("replies").asLong()).isEqualTo(1);
        JsonNode replies = call(request("/v1/comments/" + top + "/replies", ada.token()), "GET", 200);
        assertThat(replies.get("items")).extracting(r -> r.get("id").asText()).containsExactly(reply);
        assertError(request("/v1/comments/" + top, ada.token()).get(), 404);

        call(request("/v1/comments/" + reply, ada.token()), "DELETE", 204);
        assertThat(page(post, ada, 1).get("items"))
                .as("no live replies: no placeholder")
                .isEmpty();
    }

    @Test
    void everyCommentSaysHowTheViewerVotedOnIt() {
        Created ada = createUser("ada");
        Created bob = createUser("bob");
        String post = createPost(ada);
        String top = comment(ada, post, "top", null).get("id").asText();
        String reply = comment(ada, post, "reply", top).get("id").asText();
        assertThat(page(post, bob, 1).get("items").get(0).get("myVote").asText())
                .isEqualTo("none");
        call(request("/v1/comments/" + top + "/like", bob.token()), "PUT", 200);
        call(request("/v1/comments/" + reply + "/hate", bob.token()), "PUT", 200);
        assertThat(page(post, bob, 1).get("items").get(0).get("myVote").asText())
                .isEqualTo("like");
        assertThat(page(post, ada, 1).get("items").get(0).get("myVote").asText())
                .as("ada's own")
                .isEqualTo("none");
        assertThat(call(request("/v1/comments/" + top, bob.token()), "GET", 200)
                        .get("myVote")
                        .asText())
                .isEqualTo("like");
        JsonNode replies = call(request("/v1/comments/" + top + "/replies", bob.token()), "GET", 200);
        assertThat(replies.get("items").get(0).get("myVote").asText()).isEqualTo("hate");
        call(request("/v1/comments/" + top + "/like", bob.token()), "DELETE", 200);
        assertThat(page(post, bob, 1).get("items").get(0).get("myVote").asText())
                .isEqualTo("none");
    }

    private static String votes(long likes, long hates) {
        return "{\"likes\":" + likes + ",\"hates\":" + hates + "}";
    }

    @Test
    void concurrentCommentsTakeFloorsOneToTwoHundredAndDeletesLeavePagesShort() throws Exception {
        Created ada = createUser("ada");
        String post = createPost(ada);
        List<Created> writers = List.of(createUser("w1"), createUser("w2"), createUser("w3"), createUser("w4"));
        ExecutorService pool = Executors.newFixedThreadPool(16);
        List<JsonNode> created = new ArrayList<>();
        try {
            List<Future<JsonNode>> futures = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                Created writer = writers.get(i % writers.size());
                String content = "comment " + i;
                futures.add(pool.submit(() -> comment(writer, post, content, null)));
            }
            for (Future<JsonNode> f : futures) {
                created.add(f.get());
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(created.stream().map(c -> c.get("floor").asLong()).sorted().toList())
                .isEqualTo(range(1, 200));

        Map<Long, JsonNode> byFloor = new HashMap<>();
        created.forEach(c -> byFloor.put(c.get("floor").asLong(), c));
        for (long floor : new long[] {1, 25, 40}) {
            JsonNode c = byFloor.get(floor);
            Created author = writers.stream()
                    .filter(w -> w.id().equals(c.get("authorId").asText()))
                    .findFirst()
                    .orElseThrow();
            call(request("/v1/comments/" + c.get("id").asText(), author.token()), "DELETE", 204);
        }
        String path = "/v1/posts/" + post + "/comments";
        JsonNode page1 = call(request(path, ada.token()), "GET", 200);
        assertThat(page1.get("pages").asLong()).isEqualTo(10);
        assertThat(floors(page1.get("items"))).isEqualTo(range(2, 20));
        assertThat(floors(call(request(path, ada.token(), Map.of("page", "2")), "GET", 200)
                        .get("items")))
                .isEqualTo(range(21, 39).stream().filter(f -> f != 25).toList());
        assertThat(floors(call(request(path, ada.token(), Map.of("page", "3")), "GET", 200)
                        .get("items")))
                .isEqualTo(range(41, 60));
        assertThat(call(request(path, ada.token(), Map.of("page", "11")), "GET", 200)
                        .get("items"))
                .isEmpty();
        JsonNode postView = call(request("/v1/posts/" + post, ada.token()), "GET", 200);
        assertThat(postView.get("counts").get("comments").asLong()).isEqualTo(197);
        assertThat(postView.get("counts").get("commentsEver").asLong()).isEqualTo(200);
    }

    @Test
    void everyErrorHasItsStatus() {
        Created ada = createUser("ada");
        Created bob = createUser("bob");
        String post = createPost(ada);
        String mine = comment(ada, post, "x".repeat(2000), null).get("id").asText();
        String comments = "/v1/posts/" + post + "/comments";

        // 422: content empty, blank, missing, over 2000 characters; unknown field
        assertError(request(comments, bob.token()).post(Entity.json(Map.of("content", ""))), 422);
        assertError(request(comments, bob.token()).post(Entity.json(Map.of("content", "  "))), 422);
        assertError(request(comments, bob.token()).post(Entity.json("{}")), 422);
        assertError(request(comments, bob.token()).post(Entity.json(Map.of("content", "x".repeat(2001)))), 422);
        assertError(request(comments, bob.token()).post(Entity.json(Map.of("content", "hi", "pinned", "yes"))), 422);
        // 404: unknown post, unknown comment
        assertError(request("/v1/posts/1/comments", bob.token()).post(Entity.json(Map.of("content", "hi"))), 404);
        assertError(request("/v1/posts/1/comments", bob.token()).get(), 404);
        assertError(request(comments, bob.token()).post(Entity.json(Map.of("content", "hi", "replyTo", "1"))), 404);
        assertError(request("/v1/comments/1", bob.token()).get(), 404);
        assertError(request("/v1/comments/1", bob.token()).delete(), 404);
        assertError(request("/v1/comments/1/replies", bob.token()).get(), 404);
        assertError(request("/v1/comments/1/like", bob.token()).put(Entity.json("")), 404);
        assertError(request("/v1/comments/1/hate", bob.token()).delete(), 404);
        // 403: deleting someone else's comment on someone else's post
        assertError(request("/v1/comments/" + mine, bob.token()).delete(), 403);
        // 400: bad ids, pages, cursors, replyTo
        assertError(request("/v1/posts/abc/comments", bob.token()).get(), 400);
        assertError(request("/v1/comments/-5", bob.token()).get(), 400);
        assertError(
                request("/v1/comments/99999999999999999999/like", bob.token()).put(Entity.json("")), 400);
        assertError(request(comments, bob.token(), Map.of("page", "0")).get(), 422);
        assertError(request(comments, bob.token(), Map.of("page", "two")).get(), 400);
        assertError(
                request("/v1/comments/" + mine + "/replies", bob.token(), Map.of("cursor", "nope"))
                        .get(),
                400);
        assertError(request(comments, bob.token()).post(Entity.json(Map.of("content", "hi", "replyTo", "x"))), 400);
        assertError(request(comments, bob.token()).post(Entity.json("{\"content\":")), 400);
        // 422: limit out of range; 401: no token
        assertError(
                request("/v1/comments/" + mine + "/replies", bob.token(), Map.of("limit", "101"))
                        .get(),
                422);
        assertError(request(comments, null).get(), 401);
        // the comment is still there, and its post's author may delete it
        call(request("/v1/comments/" + mine, bob.token()), "GET", 200);
        call(request("/v1/comments/" + mine, ada.token()), "DELETE", 204);
    }
}
