package dev.widefeed.resources;

import static dev.widefeed.testing.ApiClient.assertError;
import static dev.widefeed.testing.ApiClient.body;
import static dev.widefeed.testing.ApiClient.signUp;
import static dev.widefeed.testing.ApiClient.status;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.ApiClient.Created;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The REST contract of posts and reposts, with the counter rules of docs/design.md (Counters), run on every
 * {@link TestBackend}.
 */
@BackendContract
public class PostApiContract {

    private final TestBackend backend;

    PostApiContract(TestBackend backend) {
        this.backend = backend;
    }

    private ApiClient api() {
        return backend.api();
    }

    private JsonNode post(Created author, Object body) {
        return body(api().request("/v1/posts", author.token()).post(Entity.json(body)), 201);
    }

    private JsonNode repost(Created author, String sourceId, Object body) {
        return body(
                api().request("/v1/posts/" + sourceId + "/reposts", author.token())
                        .post(Entity.json(body)),
                201);
    }

    private JsonNode counts(String postId, Created viewer) {
        return api().get("/v1/posts/" + postId, viewer.token()).get("counts");
    }

    @Test
    void everyPostNamesItsAuthorAsTheyAreNowAndARepostItsOriginalsAuthor() {
        Created ada = api().createUser("ada");
        Created bob = api().createUser("bob");
        JsonNode original = post(ada, Map.of("content", "by ada"));
        JsonNode author = original.get("author");
        assertThat(author.get("id").asText()).isEqualTo(ada.id());
        assertThat(author.get("name").asText()).isEqualTo("ada");
        assertThat(author.get("handle").asText())
                .isEqualTo(api().get("/v1/users/" + ada.id(), ada.token())
                        .get("handle")
                        .asText());

        api().patch("/v1/users/" + ada.id(), ada.token(), Map.of("name", "Ada Lovelace"))
                .body(200);
        JsonNode repost = repost(bob, original.get("id").asText(), Map.of("content", "by bob"));
        assertThat(repost.get("author").get("id").asText()).isEqualTo(bob.id());
        assertThat(repost.get("original").get("author").get("name").asText()).isEqualTo("Ada Lovelace");
        JsonNode page = api().get("/v1/users/" + ada.id() + "/posts", bob.token());
        assertThat(page.get("items").get(0).get("author").get("name").asText()).isEqualTo("Ada Lovelace");
        JsonNode batch = api().get(
                        "/v1/posts",
                        bob.token(),
                        Map.of(
                                "ids",
                                repost.get("id").asText() + ","
                                        + original.get("id").asText()));
        assertThat(batch.get("items"))
                .extracting(p -> p.get("author").get("id").asText())
                .containsExactly(bob.id(), ada.id());
    }

    @Test
    void mentionsOfHeldHandlesAndTopicsComeWithThePost() {
        Created ada = api().createUser("ada");
        String handle = "men_" + Long.toString(System.nanoTime() % 1_000_000_000_000L, 36);
        JsonNode named;
        Map<String, String> signUp = signUp("name", "Named", "handle", handle);
        try (Response r = api().request("/v1/users", null).post(Entity.json(signUp))) {
            named = body(r, 201).get("user");
        }
        String unheld = "nobody_" + Long.toString(System.nanoTime() % 1_000_000_000L, 36);
        String text = "🌏 hi @" + handle.toUpperCase(Locale.ROOT) + ", @" + unheld + " #Java #java #2024";
        JsonNode created = post(ada, Map.of("content", text));
        JsonNode read = api().get("/v1/posts/" + created.get("id").asText(), ada.token());
        for (JsonNode view : List.of(created, read)) {
            assertThat(view.get("mentions")).hasSize(1);
            JsonNode mention = view.get("mentions").get(0);
            assertThat(mention.get("id").asText()).isEqualTo(named.get("id").asText());
            assertThat(mention.get("handle").asText()).isEqualTo(handle);
            assertThat(mention.get("start").asInt()).isEqualTo(5); // code points: the globe is one
            assertThat(mention.get("end").asInt()).isEqualTo(6 + handle.length());
            assertThat(view.get("topics")).extracting(JsonNode::asText).containsExactly("java");
        }
        JsonNode repost = repost(ada, created.get("id").asText(), Map.of("content", "via @" + handle));
        assertThat(repost.get("mentions").get(0).get("id").asText())
                .isEqualTo(named.get("id").asText());
        assertThat(post(ada, Map.of("content", "plain")).get("mentions")).isEmpty();
    }

    @Test
    void anOriginalIsCreatedAndReadBack() {
        Created ada = api().createUser("ada");
        JsonNode created = post(ada, Map.of("content", "hello, 世界 🌏"));
        assertThat(created.get("id").asText()).matches("\\d+");
        assertThat(created.get("authorId").asText()).isEqualTo(ada.id());
        assertThat(created.get("type").asText()).isEqualTo("original");
        assertThat(created.get("audience").get("type").asText()).isEqualTo("public");
        assertThat(created.get("likedByMe").asBoolean()).isFalse();
        assertThat(created.has("repostOf")).isFalse();
        JsonNode read = api().get("/v1/posts/" + created.get("id").asText(), ada.token());
        assertThat(read.get("content").asText()).isEqualTo("hello, 世界 🌏");
        assertThat(read.get("counts").get("repostsEver").asLong()).isZero();
        assertThat(api().get("/v1/users/" + ada.id(), ada.token())
                        .get("counts")
                        .get("posts")
                        .asLong())
                .isEqualTo(1);
    }

    @Test
    void repostsFollowSeed000sCounterRules() {
        Created ada = api().createUser("ada");
        Created bob = api().createUser("bob");
        String source = post(ada, Map.of("content", "original")).get("id").asText();
        JsonNode first = repost(bob, source, Map.of("content", "look"));
        assertThat(first.get("type").asText()).isEqualTo("repost");
        assertThat(first.get("repostOf").asText()).isEqualTo(source);
        assertThat(first.get("original").get("content").asText()).isEqualTo("original");
        assertThat(first.get("original").get("repostedByMe").asBoolean())
                .as("the original as its reposter sees it")
                .isTrue();
        assertThat(api().get("/v1/posts/" + source, bob.token())
                        .get("repostedByMe")
                        .asBoolean())
                .isTrue();
        assertThat(api().get("/v1/posts/" + source, ada.token())
                        .get("repostedByMe")
                        .asBoolean())
                .isFalse();
        String second = repost(bob, source, Map.of()).get("id").asText();
        assertThat(counts(source, ada).get("reposts").asLong()).isEqualTo(2);
        assertThat(counts(source, ada).get("repostsEver").asLong()).isEqualTo(2);

        assertThat(status(api().request("/v1/posts/" + second, bob.token()).delete()))
                .isEqualTo(204);
        assertThat(counts(source, ada).get("reposts").asLong()).isEqualTo(1);
        assertThat(counts(source, ada).get("repostsEver").asLong()).isEqualTo(2);
        assertThat(api().get("/v1/users/" + bob.id(), bob.token())
                        .get("counts")
                        .get("posts")
                        .asLong())
                .isEqualTo(1);

        assertThat(status(api().request("/v1/posts/" + source, ada.token()).delete()))
                .isEqualTo(204);
        JsonNode orphan = api().get("/v1/posts/" + first.get("id").asText(), bob.token());
        assertThat(orphan.get("original").get("id").asText()).isEqualTo(source);
        assertThat(orphan.get("original").get("deleted").asBoolean()).isTrue();
        assertThat(api().get("/v1/users/" + ada.id(), ada.token())
                        .get("counts")
                        .get("posts")
                        .asLong())
                .isZero();
        assertError(api().request("/v1/posts/" + source, ada.token()).get(), 404);
        assertError(
                api().request("/v1/posts/" + source + "/reposts", bob.token()).post(Entity.json(Map.of())), 404);
    }

    @Test
    void aRepostOfARepostShowsTheRootOriginalAndCountsItsDirectSource() {
        Created ada = api().createUser("ada");
        Created bob = api().createUser("bob");
        Created cyd = api().createUser("cyd");
        String root = post(ada, Map.of("content", "the original")).get("id").asText();
        String middle = repost(bob, root, Map.of("content", "look")).get("id").asText();
        JsonNode chained = repost(cyd, middle, Map.of("content", "look again"));
        String last = chained.get("id").asText();
        assertThat(chained.get("repostOf").asText()).as("its direct source").isEqualTo(middle);
        assertThat(chained.get("original").get("id").asText())
                .as("the root original")
                .isEqualTo(root);
        assertThat(chained.get("original").get("content").asText()).isEqualTo("the original");
        JsonNode third = repost(ada, last, Map.of());
        assertThat(third.get("original").get("id").asText())
                .as("however long the chain")
                .isEqualTo(root);
        assertThat(counts(middle, bob).get("reposts").asLong())
                .as("the direct source counts it")
                .isEqualTo(1);
        assertThat(counts(root, ada).get("reposts").asLong()).isEqualTo(1);

        assertThat(status(api().request("/v1/posts/" + middle, bob.token()).delete()))
                .isEqualTo(204);
        assertThat(api().get("/v1/posts/" + last, cyd.token())
                        .get("original")
                        .get("id")
                        .asText())
                .as("a link taken out of the chain changes no root")
                .isEqualTo(root);
        assertThat(status(api().request("/v1/posts/" + root, ada.token()).delete()))
                .isEqualTo(204);
        JsonNode orphan = api().get("/v1/posts/" + last, cyd.token()).get("original");
        assertThat(orphan.get("id").asText()).isEqualTo(root);
        assertThat(orphan.get("deleted").asBoolean()).isTrue();
    }

    @Test
    void aPostsRepostsAreListedOnFixedPages() {
        Created ada = api().createUser("ada");
        Created bob = api().createUser("bob");
        String source = post(ada, Map.of("content", "spread me")).get("id").asText();
        List<String> reposts = new java.util.ArrayList<>();
        for (int i = 0; i < 25; i++) {
            reposts.add(repost(i % 2 == 0 ? bob : ada, source, Map.of("content", "r" + i))
                    .get("id")
                    .asText());
        }
        String hidden = repost(bob, source, Map.of("audience", Map.of("type", "private")))
                .get("id")
                .asText();
        String path = "/v1/posts/" + source + "/reposts";
        JsonNode first = api().get(path, ada.token(), Map.of("page", "1"));
        assertThat(first.get("page").asInt()).isEqualTo(1);
        assertThat(first.get("pageSize").asInt()).isEqualTo(20);
        assertThat(first.get("pages").asLong()).isEqualTo(2);
        assertThat(first.get("items")).extracting(p -> p.get("id").asText()).isEqualTo(reposts.subList(0, 20));
        assertThat(first.get("items").get(0).get("original").get("id").asText()).isEqualTo(source);
        assertThat(api().get(path, ada.token()).get("items"))
                .as("page 1 by default")
                .hasSize(20);
        assertThat(api().get(path, bob.token(), Map.of("page", "2")).get("items"))
                .extracting(p -> p.get("id").asText())
                .as("bob sees his private one")
                .isEqualTo(concat(reposts.subList(20, 25), hidden));
        assertThat(api().get(path, ada.token(), Map.of("page", "2")).get("items"))
                .extracting(p -> p.get("id").asText())
                .as("ada does not")
                .isEqualTo(reposts.subList(20, 25));

        assertThat(status(api().request("/v1/posts/" + reposts.get(2), bob.token())
                        .delete()))
                .isEqualTo(204);
        assertThat(api().get(path, ada.token(), Map.of("page", "1")).get("items"))
                .as("one short, nothing shifts")
                .extracting(p -> p.get("id").asText())
                .hasSize(19)
                .doesNotContain(reposts.get(2))
                .contains(reposts.get(19));
        assertThat(api().get(path, ada.token(), Map.of("page", "3")).get("items"))
                .isEmpty();
        assertError(api().request(path, ada.token(), Map.of("page", "0")).get(), 422);
        assertError(api().request(path, ada.token(), Map.of("page", "x")).get(), 400);
        assertError(api().request("/v1/posts/1/reposts", ada.token()).get(), 404);
        assertError(api().request(path, null).get(), 401);
    }

    private static List<String> concat(List<String> list, String last) {
        List<String> all = new java.util.ArrayList<>(list);
        all.add(last);
        return all;
    }

    @Test
    void batchReadKeepsTheOrderAndLeavesOutUnknownPosts() {
        Created ada = api().createUser("ada");
        List<String> ids = IntStream.range(0, 5)
                .mapToObj(i -> post(ada, Map.of("content", "p" + i)).get("id").asText())
                .collect(Collectors.toList());
        String asked = String.join(",", ids.get(3), "1", ids.get(0), ids.get(4), ids.get(3));
        JsonNode items =
                api().get("/v1/posts", ada.token(), Map.of("ids", asked)).get("items");
        assertThat(items).extracting(p -> p.get("id").asText()).containsExactly(ids.get(3), ids.get(0), ids.get(4));
        String tooMany = IntStream.range(0, 101).mapToObj(i -> ids.get(0)).collect(Collectors.joining(","));
        assertError(
                api().request("/v1/posts", ada.token(), Map.of("ids", tooMany)).get(), 422);
        assertError(
                api().request("/v1/posts", ada.token(), Map.of("ids", "1,x")).get(), 400);
        assertError(api().request("/v1/posts", ada.token()).get(), 400);
    }

    @Test
    void audiencesAreKeptAndValidated() {
        Created ada = api().createUser("ada");
        JsonNode post = post(
                ada,
                Map.of(
                        "content",
                        "for some",
                        "audience",
                        Map.of("type", "partly-visible", "users", List.of("12", "34"), "tags", List.of("family"))));
        assertThat(post.get("audience").get("type").asText()).isEqualTo("partly-visible");
        assertThat(post.get("audience").get("users").get(1).asText()).isEqualTo("34");
        assertError(
                api().request("/v1/posts", ada.token())
                        .post(Entity.json(Map.of("content", "x", "audience", Map.of("type", "friends")))),
                422);
        assertError(
                api().request("/v1/posts", ada.token())
                        .post(Entity.json(
                                Map.of("content", "x", "audience", Map.of("type", "private", "colour", "red")))),
                422);
    }

    @Test
    void errorsHaveTheirStatusAndChangeNothing() {
        Created ada = api().createUser("ada");
        Created bob = api().createUser("bob");
        String id = post(ada, Map.of("content", "mine")).get("id").asText();
        assertError(api().request("/v1/posts/" + id, bob.token()).delete(), 403);
        assertThat(api().get("/v1/posts/" + id, ada.token()).get("content").asText())
                .isEqualTo("mine");
        assertError(api().request("/v1/posts", ada.token()).post(Entity.json(Map.of("content", ""))), 422);
        assertError(api().request("/v1/posts", ada.token()).post(Entity.json(Map.of("content", "   "))), 422);
        assertError(api().request("/v1/posts", ada.token()).post(Entity.json(Map.of())), 422);
        assertError(
                api().request("/v1/posts", ada.token()).post(Entity.json(Map.of("content", "x".repeat(2001)))), 422);
        assertThat(status(api().request("/v1/posts", ada.token())
                        .post(Entity.json(Map.of("content", "🌏".repeat(2000))))))
                .isEqualTo(201);
        assertError(api().request("/v1/posts", ada.token()).post(Entity.json(Map.of("content", "a\u0000b"))), 422);
        assertError(api().request("/v1/posts", ada.token()).post(Entity.json(Map.of("content", "x", "extra", 1))), 422);
        assertError(api().request("/v1/posts", ada.token()).post(Entity.json("{\"content\":")), 400);
        assertError(api().request("/v1/posts", null).post(Entity.json(Map.of("content", "x"))), 401);
        assertError(api().request("/v1/posts/1", ada.token()).get(), 404);
        assertError(api().request("/v1/posts/1", ada.token()).delete(), 404);
        assertError(api().request("/v1/posts/abc", ada.token()).get(), 400);
        assertThat(api().get("/v1/users/" + ada.id(), ada.token())
                        .get("counts")
                        .get("posts")
                        .asLong())
                .isEqualTo(2);
    }

    @Test
    void anAuthorsTimelinePagesNewestFirstWhilePostsArrive() {
        Created ada = api().createUser("ada");
        Created bob = api().createUser("bob");
        List<String> expected = new java.util.ArrayList<>();
        for (int i = 0; i < 7; i++) {
            expected.add(0, post(ada, Map.of("content", "p" + i)).get("id").asText());
        }
        String deleted = expected.remove(2);
        assertThat(status(api().request("/v1/posts/" + deleted, ada.token()).delete()))
                .isEqualTo(204);
        List<String> seen = new java.util.ArrayList<>();
        String cursor = null;
        do {
            Map<String, String> query = cursor == null ? Map.of("limit", "2") : Map.of("limit", "2", "cursor", cursor);
            JsonNode page = api().get("/v1/users/" + ada.id() + "/posts", bob.token(), query);
            page.get("items").forEach(item -> seen.add(item.get("id").asText()));
            post(ada, Map.of("content", "arrives while paging")); // newer than every page: not in this walk
            cursor = page.get("next").isNull() ? null : page.get("next").asText();
        } while (cursor != null);
        assertThat(seen).isEqualTo(expected);

        String path = "/v1/users/" + ada.id() + "/posts";
        assertError(api().request(path, bob.token(), Map.of("cursor", "bm9wZQ")).get(), 400);
        assertError(api().request(path, bob.token(), Map.of("limit", "0")).get(), 422);
        assertError(api().request("/v1/users/1/posts", bob.token()).get(), 404);
        assertError(api().request(path, null).get(), 401);
    }
}
