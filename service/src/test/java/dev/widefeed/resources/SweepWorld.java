package dev.widefeed.resources;

import static dev.widefeed.testing.ApiClient.body;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.ApiClient.Created;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Response;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A small world the sweeps act in, made over the API: ada, bob and carl follow one another, each has
 * a post, there are comments, a reply, likes and votes, and (once served) groups and tags. Its
 * {@link #snapshot()} reads all of it back, so a sweep can show that nothing it sent changed it.
 */
final class SweepWorld {
    static final String TAG = "friends";

    final ApiClient api;
    final Created ada;
    final Created bob;
    final Created carl;
    /** In no group and followed by no one: someone to try to add. */
    final Created dora;

    final String adaPost;
    final String bobPost;
    final String carlPost;
    /** Ada's group with bob; bob's with carl and ada. */
    final String adaGroup;

    final String bobGroup;
    /** Carl's comment on bob's post. */
    final String carlComment;
    /** Bob's comment on ada's post, and ada's reply to it. */
    final String bobComment;

    final String adaReply;

    SweepWorld(ApiClient api) {
        this.api = api;
        ada = api.createUser("ada");
        bob = api.createUser("bob");
        carl = api.createUser("carl");
        dora = api.createUser("dora");
        follow(ada, bob);
        follow(bob, ada);
        follow(bob, carl);
        follow(carl, ada);
        adaPost = post(ada, "ada's post");
        bobPost = post(bob, "bob's post");
        carlPost = post(carl, "carl's post");
        carlComment = comment(carl, bobPost, null);
        bobComment = comment(bob, adaPost, null);
        adaReply = comment(ada, adaPost, bobComment);
        call("PUT", "/v1/posts/" + bobPost + "/like", ada, 200);
        call("PUT", "/v1/posts/" + adaPost + "/like", carl, 200);
        call("PUT", "/v1/comments/" + carlComment + "/like", ada, 200);
        call("PUT", "/v1/comments/" + bobComment + "/hate", carl, 200);
        if (ContractEndpoints.AUDIENCE_ENDPOINTS_SERVED) {
            adaGroup = group(ada, bob);
            // Ada is a member, so changing it is forbidden to her (403); to a stranger it would not exist (404).
            bobGroup = group(bob, carl, ada);
            call("PUT", "/v1/users/" + ada.id() + "/tags/" + TAG + "/members/" + bob.id(), ada, 204);
            call("PUT", "/v1/users/" + bob.id() + "/tags/" + TAG + "/members/" + carl.id(), bob, 204);
            call("PUT", "/v1/users/" + bob.id() + "/hidden/" + carl.id(), bob, 204);
            call("PUT", "/v1/users/" + bob.id() + "/blocked/" + carl.id(), bob, 204);
        } else {
            adaGroup = "1";
            bobGroup = "1";
        }
    }

    /** The placeholder values of {@link ContractEndpoints} for requests by ada on bob's things. */
    Map<String, String> adaActing() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("me", ada.id());
        values.put("user", bob.id());
        values.put("someone", carl.id());
        values.put("post", bobPost);
        values.put("myPost", adaPost);
        values.put("comment", carlComment);
        values.put("group", adaGroup);
        values.put("tag", TAG);
        values.put("topic", "sweep");
        return values;
    }

    /** Everything the world holds, read over the API: path (and reader) to answer. */
    Map<String, JsonNode> snapshot() {
        Map<String, JsonNode> seen = new LinkedHashMap<>();
        for (Created user : new Created[] {ada, bob, carl}) {
            read(seen, "/v1/users/" + user.id(), ada);
            for (String list : new String[] {"posts", "following", "followers", "likes"}) {
                read(seen, "/v1/users/" + user.id() + "/" + list + "?limit=100", user);
            }
            if (ContractEndpoints.AUDIENCE_ENDPOINTS_SERVED) {
                for (String list : new String[] {"tags", "hidden?limit=100", "blocked?limit=100"}) {
                    read(seen, "/v1/users/" + user.id() + "/" + list, user);
                }
            }
        }
        for (String post : new String[] {adaPost, bobPost, carlPost}) {
            for (Created viewer : new Created[] {ada, bob}) {
                read(seen, "/v1/posts/" + post, viewer);
            }
            read(seen, "/v1/posts/" + post + "/comments", ada);
            read(seen, "/v1/posts/" + post + "/likes?limit=100", ada);
        }
        for (String comment : new String[] {carlComment, bobComment, adaReply}) {
            read(seen, "/v1/comments/" + comment, ada);
        }
        read(seen, "/v1/comments/" + bobComment + "/replies?limit=100", ada);
        if (ContractEndpoints.AUDIENCE_ENDPOINTS_SERVED) {
            read(seen, "/v1/groups/" + adaGroup + "/members?limit=100", ada);
            read(seen, "/v1/groups/" + bobGroup + "/members?limit=100", bob);
            read(seen, "/v1/posts/" + bobPost + "/audience/" + ada.id(), bob);
            read(seen, "/v1/posts/" + bobPost + "/audience/" + carl.id(), bob);
        }
        return seen;
    }

    private void read(Map<String, JsonNode> seen, String target, Created reader) {
        String[] pathAndQuery = target.split("\\?", 2);
        Map<String, String> query = new LinkedHashMap<>();
        if (pathAndQuery.length == 2) {
            for (String pair : pathAndQuery[1].split("&")) {
                String[] kv = pair.split("=", 2);
                query.put(kv[0], kv[1]);
            }
        }
        seen.put(target + " as " + reader.id(), api.get(pathAndQuery[0], reader.token(), query));
    }

    private void follow(Created who, Created whom) {
        call("PUT", "/v1/users/" + who.id() + "/following/" + whom.id(), who, 204);
    }

    private String post(Created author, String content) {
        return body(api.request("/v1/posts", author.token()).post(Entity.json(Map.of("content", content))), 201)
                .get("id")
                .asText();
    }

    private String comment(Created author, String postId, String replyTo) {
        Map<String, String> request = new LinkedHashMap<>();
        request.put("content", "a comment");
        if (replyTo != null) {
            request.put("replyTo", replyTo);
        }
        return body(
                        api.request("/v1/posts/" + postId + "/comments", author.token())
                                .post(Entity.json(request)),
                        201)
                .get("id")
                .asText();
    }

    private String group(Created owner, Created... members) {
        String id = body(api.request("/v1/groups", owner.token()).post(Entity.json(Map.of("name", "a group"))), 201)
                .get("id")
                .asText();
        for (Created member : members) {
            call("PUT", "/v1/groups/" + id + "/members/" + member.id(), owner, 204);
        }
        return id;
    }

    private void call(String method, String path, Created actor, int status) {
        try (Response r = api.request(path, actor.token()).method(method, Entity.json(""))) {
            assertThat(r.getStatus()).as("%s %s", method, path).isEqualTo(status);
        }
    }
}
