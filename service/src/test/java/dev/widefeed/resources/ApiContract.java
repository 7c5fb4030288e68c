package dev.widefeed.resources;

import static dev.widefeed.testing.ApiClient.assertError;
import static dev.widefeed.testing.ApiClient.signUp;
import static dev.widefeed.testing.ApiClient.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.ApiClient.Created;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.NextMillisecond;
import dev.widefeed.testing.TestBackend;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.client.Invocation;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The REST contract of users and relations, end to end over HTTP against the real service on a
 * real store, run on every {@link TestBackend}.
 */
@BackendContract
public class ApiContract {

    private final TestBackend backend;

    ApiContract(TestBackend backend) {
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

    private JsonNode get(String path, String token) {
        return api().get(path, token);
    }

    // --- users ---

    @Test
    void createUserAnswersTheUserAndAWorkingToken() {
        try (Response r = request("/v1/users", null).post(Entity.json(signUp("name", "Ada")))) {
            assertThat(r.getStatus()).isEqualTo(201);
            JsonNode body = r.readEntity(JsonNode.class);
            JsonNode user = body.get("user");
            assertThat(user.get("id").isTextual()).isTrue();
            assertThat(user.get("id").asText()).matches("\\d+");
            assertThat(user.get("name").asText()).isEqualTo("Ada");
            assertThat(user.get("createdAt").asText()).matches("\\d{4}-\\d\\d-\\d\\dT.*Z");
            assertThat(user.get("counts").get("followers").asLong()).isZero();
            assertThat(r.getLocation().getPath())
                    .endsWith("/v1/users/" + user.get("id").asText());
            JsonNode fetched = get(
                    "/v1/users/" + user.get("id").asText(), body.get("token").asText());
            assertThat(fetched.get("name").asText()).isEqualTo("Ada");
            assertThat(fetched.get("counts").get("posts").asLong()).isZero();
        }
    }

    @Test
    void invalidUserBodiesAreRefusedWithTheirStatus() {
        assertError(request("/v1/users", null).post(Entity.json(signUp("name", ""))), 422);
        assertError(request("/v1/users", null).post(Entity.json(signUp("name", "x".repeat(31)))), 422);
        assertError(request("/v1/users", null).post(Entity.json(signUp("name", "bell\u0007"))), 422);
        assertError(request("/v1/users", null).post(Entity.json("{}")), 422);
        assertError(
                request("/v1/users", null)
                        .post(Entity.json("{\"name\":\"a\",\"password\":\"long enough!\",\"admin\":true}")),
                422);
        assertError(request("/v1/users", null).post(Entity.json("{\"name\": [1],\"password\":\"long enough!\"}")), 422);
        assertError(request("/v1/users", null).post(Entity.json("{\"name\":")), 400);
        assertError(request("/v1/users", null).post(Entity.json("")), 400);
        String huge = "{\"name\":\"" + "x".repeat(70_000) + "\"}";
        assertError(request("/v1/users", null).post(Entity.json(huge)), 413);
        assertError(
                request("/v1/users", null).post(Entity.entity("name=x", MediaType.APPLICATION_FORM_URLENCODED)), 415);
    }

    @Test
    void aProfileChangesOnlyTheFieldsGivenAndOnlyByItsOwner() {
        Created ada = createUser("Ada");
        Created bob = createUser("Bob");
        String path = "/v1/users/" + ada.id();
        JsonNode renamed =
                api().patch(path, ada.token(), Map.of("name", "Ada L.")).body(200);
        assertThat(renamed.get("name").asText()).isEqualTo("Ada L.");
        assertThat(renamed.get("bio").asText()).isEmpty();
        JsonNode withBio = api().patch(path, ada.token(), Map.of("bio", "engines\nand ✨ poems"))
                .body(200);
        assertThat(withBio.get("name").asText()).as("left out, kept").isEqualTo("Ada L.");
        assertThat(get(path, bob.token()).get("bio").asText()).isEqualTo("engines\nand ✨ poems");
        assertThat(api().patch(path, ada.token(), Map.of())
                        .body(200)
                        .get("name")
                        .asText())
                .isEqualTo("Ada L.");

        api().patch(path, bob.token(), Map.of("name", "Mallory")).error(403);
        api().patch(path, ada.token(), Map.of("name", "")).error(422);
        api().patch(path, ada.token(), Map.of("name", "x".repeat(31))).error(422);
        api().patch(path, ada.token(), Map.of("bio", "🌟".repeat(161))).error(422);
        api().patch(path, ada.token(), Map.of("bio", "bell\u0007")).error(422);
        api().patch(path, ada.token(), Map.of("handle", "new_handle")).error(422);
        api().patch(path, null, Map.of("name", "Anon")).error(401);
        api().patch("/v1/users/abc", ada.token(), Map.of("name", "x")).error(400);
        assertThat(api().patch(path, ada.token(), Map.of("bio", "🌟".repeat(160)))
                        .body(200)
                        .get("bio")
                        .asText())
                .hasSize(320);
        JsonNode after = get(path, ada.token());
        assertThat(after.get("name").asText()).as("refusals changed nothing").isEqualTo("Ada L.");
        assertThat(after.get("bio").asText()).isEqualTo("🌟".repeat(160));
    }

    @Test
    void usersAreReadManyAtOnceInTheOrderAskedWithTheirCounts() {
        Created ada = createUser("Ada");
        Created bob = createUser("Bob");
        assertThat(status(request("/v1/users/" + bob.id() + "/following/" + ada.id(), bob.token())
                        .put(Entity.json(""))))
                .isEqualTo(204);
        JsonNode users =
                api().get("/v1/users", ada.token(), Map.of("ids", ada.id() + ", 1," + bob.id() + "," + ada.id()));
        assertThat(users.get("items")).extracting(u -> u.get("id").asText()).containsExactly(ada.id(), bob.id());
        assertThat(users.get("items").get(0).get("counts").get("followers").asLong())
                .isEqualTo(1);
        assertThat(users.get("items").get(1).get("counts").get("following").asLong())
                .isEqualTo(1);
        assertThat(users.get("items").get(1).get("name").asText()).isEqualTo("Bob");
        String hundredAndOne = String.join(",", java.util.Collections.nCopies(101, ada.id()));
        assertError(
                request("/v1/users", ada.token(), Map.of("ids", hundredAndOne)).get(), 422);
        assertError(request("/v1/users", ada.token(), Map.of("ids", "x")).get(), 400);
        assertError(request("/v1/users", ada.token()).get(), 400);
        assertError(request("/v1/users", null, Map.of("ids", ada.id())).get(), 401);
    }

    @Test
    void relationshipsWithManyUsersAreAnsweredAtOnceAndOnlyToMe() {
        Created me = createUser("Me");
        Created friend = createUser("Friend");
        Created fan = createUser("Fan");
        Created pest = createUser("Pest");
        Created quiet = createUser("Quiet");
        assertThat(status(request("/v1/users/" + me.id() + "/following/" + friend.id(), me.token())
                        .put(Entity.json(""))))
                .isEqualTo(204);
        assertThat(status(request("/v1/users/" + friend.id() + "/following/" + me.id(), friend.token())
                        .put(Entity.json(""))))
                .isEqualTo(204);
        assertThat(status(request("/v1/users/" + fan.id() + "/following/" + me.id(), fan.token())
                        .put(Entity.json(""))))
                .isEqualTo(204);
        assertThat(status(request("/v1/users/" + me.id() + "/blocked/" + pest.id(), me.token())
                        .put(Entity.json(""))))
                .isEqualTo(204);
        assertThat(status(request("/v1/users/" + me.id() + "/hidden/" + quiet.id(), me.token())
                        .put(Entity.json(""))))
                .isEqualTo(204);
        String path = "/v1/users/" + me.id() + "/relationships";
        JsonNode items = api().get(
                        path,
                        me.token(),
                        Map.of("ids", String.join(",", quiet.id(), pest.id(), "1", fan.id(), friend.id())))
                .get("items");
        assertThat(items)
                .extracting(i -> i.get("id").asText())
                .containsExactly(quiet.id(), pest.id(), fan.id(), friend.id());
        assertThat(items)
                .extracting(i -> List.of(
                        i.get("following").asBoolean(),
                        i.get("followedBy").asBoolean(),
                        i.get("blocked").asBoolean(),
                        i.get("hidden").asBoolean()))
                .containsExactly(
                        List.of(false, false, false, true), List.of(false, false, true, false),
                        List.of(false, true, false, false), List.of(true, true, false, false));
        assertError(request(path, friend.token(), Map.of("ids", me.id())).get(), 403);
        assertError(request(path, me.token(), Map.of("ids", "1,,2")).get(), 400);
    }

    @Test
    void readsNeedAValidToken() {
        Created ada = createUser("ada");
        assertError(request("/v1/users/" + ada.id(), null).get(), 401);
        assertError(request("/v1/users/" + ada.id(), "not-a-token").get(), 401);
        assertError(request("/v1/users/" + ada.id(), ada.token() + "x").get(), 401);
        assertThat(status(request("/v1/users/" + ada.id(), ada.token()).get())).isEqualTo(200);
    }

    @Test
    void unknownAndMalformedIdsAre404And400() {
        Created ada = createUser("ada");
        assertError(request("/v1/users/1", ada.token()).get(), 404);
        assertError(request("/v1/users/abc", ada.token()).get(), 400);
        assertError(request("/v1/users/-5", ada.token()).get(), 400);
        assertError(request("/v1/users/99999999999999999999", ada.token()).get(), 400);
        assertError(request("/v1/nothing-here", ada.token()).get(), 404);
    }

    // --- handles ---

    /** A handle no other test run chose: unique per run, so a store kept between runs does not hold it. */
    private static String freshHandle(String prefix) {
        return prefix + Long.toString(System.nanoTime() % 1_000_000_000_000L, 36);
    }

    /**
     * People are found by the beginning of their handle or of a word of their name, once their sign-up's listing is
     * worked (off the request, within a poll of the event log); a rename moves them.
     */
    @Test
    void peopleAreFoundByTheBeginningOfTheirHandleOrOfAWordOfTheirName() {
        String word = freshHandle("zq").replaceAll("[0-9]", "x");
        String handle = freshHandle("sq_");
        JsonNode made;
        try (Response r = request("/v1/users", null)
                .post(Entity.json(signUp("name", "Ada " + word + "lovelace", "handle", handle)))) {
            made = ApiClient.body(r, 201);
        }
        String id = made.get("user").get("id").asText();
        String token = made.get("token").asText();
        await().atMost(ApiClient.BACKGROUND_WORK)
                .untilAsserted(() -> assertThat(found(word.toUpperCase(Locale.ROOT) + "LOVE", token))
                        .containsExactly(id));
        assertThat(found("@" + handle + "@example.org", token)).containsExactly(id);
        assertThat(found("ada " + word, token)).containsExactly(id);
        assertThat(found(word + "lovelace byron", token)).isEmpty();

        assertThat(api().patch("/v1/users/" + id, token, Map.of("name", "Ada " + word + "byron"))
                        .body(200)
                        .get("name")
                        .asText())
                .isEqualTo("Ada " + word + "byron");
        await().atMost(ApiClient.BACKGROUND_WORK)
                .untilAsserted(() -> assertThat(found(word + "byron", token)).containsExactly(id));
        assertThat(found(word + "love", token)).isEmpty();

        String users = "/v1/users";
        assertError(request(users, token, Map.of("q", "@!")).get(), 422);
        assertError(request(users, token, Map.of("q", "ada", "limit", "41")).get(), 422);
        assertError(request(users, token, Map.of("q", "ada", "limit", "many")).get(), 400);
        assertError(request(users, token, Map.of("q", "ada", "ids", id)).get(), 400);
        assertError(request(users, null, Map.of("q", "ada")).get(), 401);
    }

    private List<String> found(String q, String token) {
        List<String> ids = new ArrayList<>();
        api().get("/v1/users", token, Map.of("q", q))
                .get("items")
                .forEach(u -> ids.add(u.get("id").asText()));
        return ids;
    }

    @Test
    void aChosenHandleIsKeptFoldedAndFindsItsUserInAnyCase() {
        String handle = freshHandle("Ada_");
        JsonNode body;
        try (Response r = request("/v1/users", null).post(Entity.json(signUp("name", "Ada", "handle", handle)))) {
            body = ApiClient.body(r, 201);
        }
        String folded = handle.toLowerCase(Locale.ROOT);
        assertThat(body.get("user").get("handle").asText()).isEqualTo(folded);
        String token = body.get("token").asText();
        JsonNode found = get("/v1/users/by-handle/" + handle.toUpperCase(Locale.ROOT), token);
        assertThat(found.get("id").asText())
                .isEqualTo(body.get("user").get("id").asText());
        assertThat(found.get("handle").asText()).isEqualTo(folded);
        assertThat(get("/v1/users/" + found.get("id").asText(), token)
                        .get("handle")
                        .asText())
                .isEqualTo(folded);
    }

    @Test
    void aTakenHandleIs409InAnyCaseAndNothingIsCreated() {
        String handle = freshHandle("bob_");
        Created bob;
        try (Response r = request("/v1/users", null).post(Entity.json(signUp("name", "Bob", "handle", handle)))) {
            JsonNode body = ApiClient.body(r, 201);
            bob = new Created(
                    body.get("user").get("id").asText(), body.get("token").asText());
        }
        JsonNode error = assertError(
                request("/v1/users", null)
                        .post(Entity.json(signUp("name", "Other Bob", "handle", handle.toUpperCase(Locale.ROOT)))),
                409);
        assertThat(error.get("message").asText()).contains("taken");
        assertThat(get("/v1/users/by-handle/" + handle, bob.token()).get("id").asText())
                .isEqualTo(bob.id());
    }

    @Test
    void withoutAChosenHandleOneIsMadeFromTheNameAndEachIsUnique() {
        List<String> handles = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            try (Response r = request("/v1/users", null).post(Entity.json(signUp("name", "Zoë Q")))) {
                handles.add(ApiClient.body(r, 201).get("user").get("handle").asText());
            }
        }
        assertThat(handles)
                .doesNotHaveDuplicates()
                .allSatisfy(h -> assertThat(h).matches("[a-z0-9_]{3,20}"));
        assertThat(handles.subList(1, 3)).allSatisfy(h -> assertThat(h).startsWith("zoe_q"));
    }

    @Test
    void badHandlesAre422AndMalformedOnesInAPath400() {
        Created ada = createUser("ada");
        assertError(request("/v1/users", null).post(Entity.json(signUp("name", "a", "handle", "x".repeat(21)))), 422);
        assertError(request("/v1/users", null).post(Entity.json(signUp("name", "a", "handle", "no"))), 422);
        assertError(request("/v1/users", null).post(Entity.json(signUp("name", "a", "handle", "no spaces"))), 422);
        assertError(
                request("/v1/users", null)
                        .post(Entity.json("{\"name\":\"a\",\"handle\":5,\"password\":\"long enough!\"}")),
                422);
        assertError(request("/v1/users/by-handle/no-dashes", ada.token()).get(), 400);
        assertError(
                request("/v1/users/by-handle/" + "x".repeat(21), ada.token()).get(), 400);
        assertError(
                request("/v1/users/by-handle/" + freshHandle("nobody_"), ada.token())
                        .get(),
                404);
        assertError(request("/v1/users/by-handle/whoever", null).get(), 401);
    }

    // --- relations ---

    @Test
    void followAndUnfollowAreIdempotentAndShowInCountsListsAndRelationship() {
        Created ada = createUser("ada");
        Created bob = createUser("bob");
        String follow = "/v1/users/" + ada.id() + "/following/" + bob.id();
        assertThat(status(request(follow, ada.token()).put(Entity.json("")))).isEqualTo(204);
        assertThat(status(request(follow, ada.token()).put(Entity.json("")))).isEqualTo(204);

        assertThat(get("/v1/users/" + bob.id(), ada.token())
                        .get("counts")
                        .get("followers")
                        .asLong())
                .isEqualTo(1);
        assertThat(get("/v1/users/" + ada.id(), bob.token())
                        .get("counts")
                        .get("following")
                        .asLong())
                .isEqualTo(1);
        JsonNode followers = get("/v1/users/" + bob.id() + "/followers", ada.token());
        assertThat(followers.get("items").get(0).get("id").asText()).isEqualTo(ada.id());
        assertThat(followers.get("items").get(0).get("since").asText()).endsWith("Z");
        assertThat(followers.get("next").isNull()).isTrue();
        JsonNode following = get("/v1/users/" + ada.id() + "/following", bob.token());
        assertThat(following.get("items").get(0).get("id").asText()).isEqualTo(bob.id());
        JsonNode relationship = get("/v1/users/" + ada.id() + "/relationship/" + bob.id(), ada.token());
        assertThat(relationship.get("following").asBoolean()).isTrue();
        assertThat(relationship.get("followedBy").asBoolean()).isFalse();

        assertThat(status(request(follow, ada.token()).delete())).isEqualTo(204);
        assertThat(status(request(follow, ada.token()).delete())).isEqualTo(204);
        assertThat(get("/v1/users/" + bob.id(), ada.token())
                        .get("counts")
                        .get("followers")
                        .asLong())
                .isZero();
        assertThat(get("/v1/users/" + bob.id() + "/followers", ada.token()).get("items"))
                .isEmpty();
    }

    @Test
    void followErrorsHaveTheirStatus() {
        Created ada = createUser("ada");
        Created bob = createUser("bob");
        assertError(
                request("/v1/users/" + ada.id() + "/following/" + ada.id(), ada.token())
                        .put(Entity.json("")),
                422);
        assertError(
                request("/v1/users/" + ada.id() + "/following/1", ada.token()).put(Entity.json("")), 404);
        assertError(
                request("/v1/users/" + ada.id() + "/following/x1", ada.token()).put(Entity.json("")), 400);
        assertError(
                request("/v1/users/" + bob.id() + "/following/" + ada.id(), ada.token())
                        .put(Entity.json("")),
                403);
        assertError(
                request("/v1/users/" + bob.id() + "/following/" + ada.id(), ada.token())
                        .delete(),
                403);
        assertError(
                request("/v1/users/" + ada.id() + "/following/" + bob.id(), null)
                        .put(Entity.json("")),
                401);
        assertThat(get("/v1/users/" + ada.id(), ada.token())
                        .get("counts")
                        .get("following")
                        .asLong())
                .isZero();
        assertError(request("/v1/users/1/relationship/" + ada.id(), ada.token()).get(), 404);
    }

    @Test
    void batchFollowFollowsManyInOneRequest() {
        Created ada = createUser("ada");
        List<String> targets = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            targets.add(createUser("fan" + i).id());
        }
        String path = "/v1/users/" + ada.id() + "/following";
        try (Response r = request(path, ada.token()).post(Entity.json(Map.of("ids", targets)))) {
            assertThat(r.getStatus()).isEqualTo(200);
            assertThat(r.readEntity(JsonNode.class).get("followed").asInt()).isEqualTo(30);
        }
        try (Response r = request(path, ada.token()).post(Entity.json(Map.of("ids", targets.subList(0, 3))))) {
            assertThat(r.readEntity(JsonNode.class).get("followed").asInt()).isZero();
        }
        assertThat(get("/v1/users/" + ada.id(), ada.token())
                        .get("counts")
                        .get("following")
                        .asLong())
                .isEqualTo(30);

        assertError(request(path, ada.token()).post(Entity.json(Map.of("ids", List.of()))), 422);
        List<String> tooMany =
                IntStream.range(0, 1001).mapToObj(i -> targets.get(0)).collect(Collectors.toList());
        assertError(request(path, ada.token()).post(Entity.json(Map.of("ids", tooMany))), 422);
        assertError(request(path, ada.token()).post(Entity.json(Map.of("ids", List.of("abc")))), 400);
        assertError(request(path, ada.token()).post(Entity.json(Map.of("ids", List.of("1")))), 404);
        assertError(request(path, ada.token()).post(Entity.json(Map.of("ids", List.of(ada.id())))), 422);
        assertError(request(path, ada.token()).post(Entity.json(Map.of("users", targets))), 422);
        Created bob = createUser("bob");
        assertError(
                request("/v1/users/" + bob.id() + "/following", ada.token()).post(Entity.json(Map.of("ids", targets))),
                403);
        assertThat(get("/v1/users/" + bob.id(), bob.token())
                        .get("counts")
                        .get("following")
                        .asLong())
                .isZero();
    }

    @Test
    void followerPagesAreNewestFirstAndCursorsChain() {
        Created star = createUser("star");
        List<String> fans = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            Created fan = createUser("fan" + i);
            assertThat(status(request("/v1/users/" + fan.id() + "/following/" + star.id(), fan.token())
                            .put(Entity.json(""))))
                    .isEqualTo(204);
            fans.add(0, fan.id());
            NextMillisecond.await();
        }
        List<String> listed = new ArrayList<>();
        String cursor = null;
        do {
            Map<String, String> query = cursor == null ? Map.of("limit", "3") : Map.of("limit", "3", "cursor", cursor);
            try (Response r = request("/v1/users/" + star.id() + "/followers", star.token(), query)
                    .get()) {
                assertThat(r.getStatus()).isEqualTo(200);
                JsonNode page = r.readEntity(JsonNode.class);
                assertThat(page.get("items").size()).isLessThanOrEqualTo(3);
                page.get("items").forEach(item -> listed.add(item.get("id").asText()));
                cursor = page.get("next").isNull() ? null : page.get("next").asText();
            }
        } while (cursor != null);
        assertThat(listed).isEqualTo(fans);

        String path = "/v1/users/" + star.id() + "/followers";
        assertError(request(path, star.token(), Map.of("limit", "0")).get(), 422);
        assertError(request(path, star.token(), Map.of("limit", "101")).get(), 422);
        assertError(request(path, star.token(), Map.of("limit", "ten")).get(), 400);
        assertError(request(path, star.token(), Map.of("cursor", "garbage!")).get(), 400);
        assertError(
                request(path, star.token(), Map.of("cursor", "ZjE6MTIzOmFiYw")).get(), 400);
        assertError(request("/v1/users/1/followers", star.token()).get(), 404);
    }

    @Test
    void openApiDescriptionIsServedWithoutAToken() {
        try (Response r = request("/v1/openapi.json", null).get()) {
            assertThat(r.getStatus()).isEqualTo(200);
            JsonNode api = r.readEntity(JsonNode.class);
            assertThat(api.get("openapi").asText()).startsWith("3.");
            assertThat(api.get("paths").has("/v1/users")).isTrue();
            assertThat(api.get("paths").has("/v1/users/{id}/following/{target}"))
                    .isTrue();
            for (String path : List.of(
                    "/v1/sessions",
                    "/v1/sessions/refresh",
                    "/v1/sessions/current",
                    "/v1/users/{id}/password",
                    "/v1/users/{id}/relationships",
                    "/v1/users/{id}/export",
                    "/v1/posts/{id}/reposts",
                    "/v1/posts/{id}/comments/closed",
                    "/v1/posts/{id}/comments/pinned",
                    "/v1/erasures/{userId}")) {
                assertThat(api.get("paths").has(path)).as(path).isTrue();
            }
            assertThat(api.get("paths").get("/v1/users/{id}").has("patch")).isTrue();
            assertThat(api.get("paths").get("/v1/users/{id}").has("delete")).isTrue();
            for (String timeline : List.of(
                    "/v1/users/{id}/home",
                    "/v1/users/{id}/posts",
                    "/v1/users/{id}/mentions",
                    "/v1/topics/{topic}/posts")) {
                assertThat(api.get("paths")
                                .get(timeline)
                                .get("get")
                                .get("parameters")
                                .findValuesAsText("name"))
                        .as(timeline)
                        .contains("since");
            }
            assertThat(api.get("paths")
                            .get("/v1/posts/{id}/comments")
                            .get("get")
                            .get("parameters")
                            .findValuesAsText("name"))
                    .contains("sort", "cursor", "page");
            assertThat(api.get("paths")
                            .get("/v1/posts")
                            .get("post")
                            .get("parameters")
                            .findValuesAsText("name"))
                    .contains("Idempotency-Key");
        }
    }
}
