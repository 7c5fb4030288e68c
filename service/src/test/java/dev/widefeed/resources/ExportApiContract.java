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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The REST contract of a user's archive of their own data, run on every {@link TestBackend}. */
@BackendContract
public class ExportApiContract {

    private final TestBackend backend;

    ExportApiContract(TestBackend backend) {
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

    private void put(String path, Created me) {
        assertThat(status(api().request(path, me.token()).put(Entity.json(""))))
                .as(path)
                .isEqualTo(204);
    }

    private static List<String> texts(JsonNode array, String field) {
        List<String> values = new ArrayList<>();
        array.forEach(item ->
                values.add(field == null ? item.asText() : item.get(field).asText()));
        return values;
    }

    @Test
    void myArchiveHoldsEverythingOfMineAndIsMineAlone() {
        Created ada = api().createUser("ada");
        Created bob = api().createUser("bob");
        Created cyd = api().createUser("cyd");
        Created dan = api().createUser("dan");
        List<String> posts = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            posts.add(post(ada, "mine " + i));
        }
        String bobs = post(bob, "bob's");
        assertThat(status(api().request("/v1/posts/" + bobs + "/like", ada.token())
                        .put(Entity.json(""))))
                .isEqualTo(200);
        String comment = body(
                        api().request("/v1/posts/" + bobs + "/comments", ada.token())
                                .post(Entity.json(Map.of("content", "nice"))),
                        201)
                .get("id")
                .asText();
        put("/v1/users/" + ada.id() + "/following/" + bob.id(), ada);
        put("/v1/users/" + cyd.id() + "/following/" + ada.id(), cyd);
        put("/v1/users/" + ada.id() + "/blocked/" + dan.id(), ada);
        put("/v1/users/" + ada.id() + "/hidden/" + cyd.id(), ada);
        put("/v1/users/" + ada.id() + "/tags/family/members/" + bob.id(), ada);
        String group = body(api().request("/v1/groups", ada.token()).post(Entity.json(Map.of("name", "friends"))), 201)
                .get("id")
                .asText();
        put("/v1/groups/" + group + "/members/" + bob.id(), ada);

        JsonNode archive;
        try (Response r =
                api().request("/v1/users/" + ada.id() + "/export", ada.token()).get()) {
            assertThat(r.getStatus()).isEqualTo(200);
            assertThat(r.getHeaderString("Content-Disposition")).contains("widefeed-" + ada.id() + ".json");
            archive = r.readEntity(JsonNode.class);
        }
        assertThat(archive.get("format").asText()).isEqualTo("widefeed-archive/1");
        assertThat(archive.get("user").get("id").asText()).isEqualTo(ada.id());
        assertThat(texts(archive.get("posts"), "id")).containsExactly(posts.get(2), posts.get(1), posts.get(0));
        assertThat(texts(archive.get("likes"), "postId")).containsExactly(bobs);
        assertThat(texts(archive.get("following"), "id")).containsExactly(bob.id());
        assertThat(texts(archive.get("followers"), "id")).containsExactly(cyd.id());
        assertThat(texts(archive.get("comments"), "id")).containsExactly(comment);
        assertThat(archive.get("comments").get(0).get("content").asText()).isEqualTo("nice");
        assertThat(texts(archive.get("blocked"), null)).containsExactly(dan.id());
        assertThat(texts(archive.get("hidden"), null)).containsExactly(cyd.id());
        assertThat(archive.get("tags").get(0).get("tag").asText()).isEqualTo("family");
        assertThat(texts(archive.get("tags").get(0).get("members"), null)).containsExactly(bob.id());
        assertThat(archive.get("groups").get(0).get("group").get("name").asText())
                .isEqualTo("friends");
        assertThat(texts(archive.get("groups").get(0).get("members"), null))
                .containsExactlyInAnyOrder(ada.id(), bob.id());

        put("/v1/users/" + bob.id() + "/blocked/" + ada.id(), bob); // bob's post is no longer ada's to see
        assertThat(texts(
                        api().get("/v1/users/" + ada.id() + "/export", ada.token())
                                .get("comments"),
                        "id"))
                .as("her comment on it is still hers")
                .containsExactly(comment);
        assertError(
                api().request("/v1/users/" + ada.id() + "/export", bob.token()).get(), 403);
        assertError(api().request("/v1/users/" + ada.id() + "/export", null).get(), 401);
        assertError(api().request("/v1/users/x/export", ada.token()).get(), 400);
        JsonNode empty = api().get("/v1/users/" + dan.id() + "/export", dan.token());
        assertThat(empty.get("posts")).isEmpty();
        assertThat(empty.get("groups")).isEmpty();
    }
}
