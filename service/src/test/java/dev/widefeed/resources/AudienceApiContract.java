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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The REST contract of audiences (docs/design.md, Audiences): tags, groups, hidden and blocked users, the author's
 * "who sees this and why", and what an invisible post looks like on the wire (404, never 403;
 * an embedded original shows as deleted). It runs on every {@link TestBackend}.
 */
@BackendContract
public class AudienceApiContract {

    private final TestBackend backend;

    AudienceApiContract(TestBackend backend) {
        this.backend = backend;
    }

    private ApiClient api() {
        return backend.api();
    }

    private String post(Created author, Map<String, Object> audience) {
        return body(
                        api().request("/v1/posts", author.token())
                                .post(Entity.json(Map.of("content", "for some", "audience", audience))),
                        201)
                .get("id")
                .asText();
    }

    private int put(String path, Created as) {
        return status(api().request(path, as.token()).put(Entity.json("")));
    }

    private int delete(String path, Created as) {
        return status(api().request(path, as.token()).delete());
    }

    private int get(String path, Created as) {
        return status(api().request(path, as.token()).get());
    }

    private List<String> homeIds(Created user) {
        List<String> ids = new ArrayList<>();
        api().get("/v1/users/" + user.id() + "/home", user.token())
                .get("items")
                .forEach(p -> ids.add(p.get("id").asText()));
        return ids;
    }

    private JsonNode explain(Created author, String post, Created viewer) {
        return api().get("/v1/posts/" + post + "/audience/" + viewer.id(), author.token());
    }

    @Test
    void tagsAreMyPrivateLabelsAndDecidePartlyVisiblePosts() {
        Created ada = api().createUser("ada");
        Created bob = api().createUser("bob");
        Created cy = api().createUser("cy");
        String tagPath = "/v1/users/" + ada.id() + "/tags/close%20friends/members/";
        assertThat(put(tagPath + bob.id(), ada)).isEqualTo(204);
        assertThat(put(tagPath + bob.id(), ada)).isEqualTo(204); // idempotent
        assertThat(put("/v1/users/" + ada.id() + "/tags/work/members/" + cy.id(), ada))
                .isEqualTo(204);
        JsonNode tags = api().get("/v1/users/" + ada.id() + "/tags", ada.token());
        assertThat(tags.get("items")).hasSize(2);
        assertThat(tags.get("items").get(0).get("tag").asText()).isEqualTo("close friends");
        assertThat(tags.get("items").get(0).get("members").get(0).asText()).isEqualTo(bob.id());
        assertError(
                api().request("/v1/users/" + ada.id() + "/tags", bob.token()).get(), 403);
        assertError(
                api().request("/v1/users/" + ada.id() + "/tags/x/members/" + cy.id(), bob.token())
                        .put(Entity.json("")),
                403);
        assertError(
                api().request("/v1/users/" + ada.id() + "/tags/x/members/999999", ada.token())
                        .put(Entity.json("")),
                404);
        assertError(api().request(tagPath + ada.id(), ada.token()).put(Entity.json("")), 422);
        String longTag = "t".repeat(31);
        assertError(
                api().request("/v1/users/" + ada.id() + "/tags/" + longTag + "/members/" + bob.id(), ada.token())
                        .put(Entity.json("")),
                422);

        String post = post(ada, Map.of("type", "partly-visible", "tags", List.of("close friends")));
        assertThat(get("/v1/posts/" + post, bob)).isEqualTo(200);
        assertThat(get("/v1/posts/" + post, cy)).isEqualTo(404);
        assertThat(explain(ada, post, bob).get("visible").asBoolean()).isTrue();
        assertThat(explain(ada, post, bob).get("reason").asText()).contains("close friends");
        assertThat(explain(ada, post, cy).get("visible").asBoolean()).isFalse();

        assertThat(delete(tagPath + bob.id(), ada)).isEqualTo(204);
        assertThat(delete(tagPath + bob.id(), ada)).isEqualTo(204);
        assertThat(get("/v1/posts/" + post, bob)).isEqualTo(404); // the removal applies to the older post
        assertThat(api().get("/v1/users/" + ada.id() + "/tags", ada.token()).get("items"))
                .hasSize(1);
    }

    @Test
    void groupsAreKeptByTheirOwnerAndAuthorsNameOnlyTheirOwn() {
        Created ada = api().createUser("ada");
        Created bob = api().createUser("bob");
        Created cy = api().createUser("cy");
        JsonNode group =
                body(api().request("/v1/groups", ada.token()).post(Entity.json(Map.of("name", "family"))), 201);
        String gid = group.get("id").asText();
        assertThat(group.get("ownerId").asText()).isEqualTo(ada.id());
        assertThat(group.get("name").asText()).isEqualTo("family");
        assertThat(put("/v1/groups/" + gid + "/members/" + bob.id(), ada)).isEqualTo(204);
        assertThat(put("/v1/groups/" + gid + "/members/" + bob.id(), ada)).isEqualTo(204);
        List<String> members = new ArrayList<>();
        api().get("/v1/groups/" + gid + "/members", bob.token())
                .get("items")
                .forEach(m -> members.add(m.get("id").asText()));
        assertThat(members).containsExactlyInAnyOrder(ada.id(), bob.id());
        // A member may not change the group (403); a stranger learns nothing of it (404).
        assertError(
                api().request("/v1/groups/" + gid + "/members/" + cy.id(), bob.token())
                        .put(Entity.json("")),
                403);
        assertError(
                api().request("/v1/groups/" + gid + "/members/" + cy.id(), cy.token())
                        .put(Entity.json("")),
                404);
        assertError(api().request("/v1/groups/" + gid + "/members", cy.token()).get(), 404);
        assertError(
                api().request("/v1/groups/" + gid + "/members/" + ada.id(), ada.token())
                        .delete(),
                422);
        assertError(api().request("/v1/groups", ada.token()).post(Entity.json(Map.of("name", ""))), 422);
        assertError(
                api().request("/v1/groups/123/members/" + bob.id(), ada.token()).put(Entity.json("")), 404);

        // Bob may name ada's group (he belongs to it); cy may not.
        String forFamily = post(bob, Map.of("type", "partly-visible", "groups", List.of(gid)));
        assertThat(get("/v1/posts/" + forFamily, ada)).isEqualTo(200);
        assertThat(get("/v1/posts/" + forFamily, cy)).isEqualTo(404);
        assertError(
                api().request("/v1/posts", cy.token())
                        .post(Entity.json(Map.of(
                                "content", "x", "audience", Map.of("type", "partly-visible", "groups", List.of(gid))))),
                422);

        assertThat(delete("/v1/groups/" + gid + "/members/" + bob.id(), ada)).isEqualTo(204);
        assertThat(get("/v1/groups/" + gid + "/members", bob)).isEqualTo(404);
        String exceptFamily = post(ada, Map.of("type", "partly-invisible", "groups", List.of(gid)));
        assertThat(get("/v1/posts/" + exceptFamily, bob)).isEqualTo(200); // no longer in the family
        assertThat(explain(ada, exceptFamily, bob).get("reason").asText()).contains("none of its lists");
    }

    @Test
    void blockedUsersGet404EverywhereAndHiddenAuthorsLeaveOnlyTheHomeTimeline() {
        Created ada = api().createUser("ada");
        Created bob = api().createUser("bob");
        assertThat(put("/v1/users/" + bob.id() + "/following/" + ada.id(), bob)).isEqualTo(204);
        String post = post(ada, Map.of("type", "public"));
        String comment = body(
                        api().request("/v1/posts/" + post + "/comments", ada.token())
                                .post(Entity.json(Map.of("content", "mine"))),
                        201)
                .get("id")
                .asText();
        assertThat(get("/v1/posts/" + post, bob)).isEqualTo(200);
        assertThat(homeIds(bob)).contains(post); // delivered into bob's home while he may see it
        String repost = body(
                        api().request("/v1/posts/" + post + "/reposts", bob.token())
                                .post(Entity.json(Map.of())),
                        201)
                .get("id")
                .asText();

        assertThat(put("/v1/users/" + ada.id() + "/blocked/" + bob.id(), ada)).isEqualTo(204);
        assertThat(api().get("/v1/users/" + ada.id() + "/blocked", ada.token())
                        .get("items")
                        .get(0)
                        .get("id")
                        .asText())
                .isEqualTo(bob.id());
        assertError(
                api().request("/v1/users/" + ada.id() + "/blocked", bob.token()).get(), 403);
        for (String path : List.of(
                "/v1/posts/" + post,
                "/v1/posts/" + post + "/likes",
                "/v1/posts/" + post + "/comments",
                "/v1/comments/" + comment,
                "/v1/comments/" + comment + "/replies")) {
            assertError(api().request(path, bob.token()).get(), 404);
        }
        assertError(api().request("/v1/posts/" + post + "/like", bob.token()).put(Entity.json("")), 404);
        assertError(api().request("/v1/posts/" + post + "/reposts", bob.token()).post(Entity.json(Map.of())), 404);
        assertError(api().request("/v1/posts/" + post, bob.token()).delete(), 404); // not 403: nothing to see
        assertThat(api().get("/v1/posts", bob.token(), Map.of("ids", post)).get("items"))
                .isEmpty();
        assertThat(api().get("/v1/users/" + ada.id() + "/posts", bob.token()).get("items"))
                .isEmpty();
        assertThat(homeIds(bob)).doesNotContain(post);
        // Bob's own repost stays his, but its original now shows as deleted to him, and only to him.
        JsonNode mine = api().get("/v1/posts/" + repost, bob.token());
        assertThat(mine.get("original").get("deleted").asBoolean()).isTrue();
        assertThat(mine.get("original").has("content")).isFalse();
        assertThat(api().get("/v1/posts/" + repost, ada.token())
                        .get("original")
                        .get("content")
                        .asText())
                .isEqualTo("for some");
        JsonNode why = explain(ada, post, bob);
        assertThat(why.get("visible").asBoolean()).isFalse();
        assertThat(why.get("reason").asText()).contains("blocked");
        assertError(
                api().request("/v1/posts/" + post + "/audience/" + ada.id(), bob.token())
                        .get(),
                404);

        assertThat(delete("/v1/users/" + ada.id() + "/blocked/" + bob.id(), ada))
                .isEqualTo(204);
        assertThat(get("/v1/posts/" + post, bob)).isEqualTo(200);
        assertThat(homeIds(bob)).contains(post); // the entry stayed; the read let it through again

        assertThat(put("/v1/users/" + bob.id() + "/hidden/" + ada.id(), bob)).isEqualTo(204);
        assertThat(homeIds(bob)).doesNotContain(post);
        assertThat(get("/v1/posts/" + post, bob)).isEqualTo(200); // still reachable directly
        assertThat(api().get("/v1/users/" + ada.id() + "/posts", bob.token()).toString())
                .contains(post);
        assertThat(api().get("/v1/users/" + bob.id() + "/hidden", bob.token()).get("items"))
                .hasSize(1);
        assertThat(delete("/v1/users/" + bob.id() + "/hidden/" + ada.id(), bob)).isEqualTo(204);
        assertThat(homeIds(bob)).contains(post);
    }

    @Test
    void onlyTheAuthorAsksWhoSeesAPost() {
        Created ada = api().createUser("ada");
        Created bob = api().createUser("bob");
        String open = post(ada, Map.of("type", "public"));
        String secret = post(ada, Map.of("type", "private"));
        assertThat(explain(ada, open, bob).get("visible").asBoolean()).isTrue();
        assertThat(explain(ada, secret, bob).get("visible").asBoolean()).isFalse();
        assertThat(explain(ada, secret, ada).get("visible").asBoolean()).isTrue();
        assertError(
                api().request("/v1/posts/" + open + "/audience/" + ada.id(), bob.token())
                        .get(),
                403);
        assertError(
                api().request("/v1/posts/" + secret + "/audience/" + bob.id(), bob.token())
                        .get(),
                404);
        assertError(
                api().request("/v1/posts/" + open + "/audience/999999", ada.token())
                        .get(),
                404);
        assertError(
                api().request("/v1/posts/" + open + "/audience/abc", ada.token())
                        .get(),
                400);
    }
}
