package dev.widefeed.mastodon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Mastodon face's contract (docs/mastodon.md), spoken over HTTP as a Mastodon app speaks it: registration, the
 * sign-in page, the code exchange, and the daily loop, on every {@link TestBackend}.
 */
@BackendContract
public class MastodonApiContract {

    private final TestBackend backend;

    private final MastodonHttp m;

    MastodonApiContract(TestBackend backend) {
        this.backend = backend;
        this.m = new MastodonHttp(backend.api());
    }

    @Test
    void theInstanceSaysWhichMastodonItAnswersAs() {
        JsonNode v1 = MastodonHttp.json(m.get("/api/v1/instance", null), 200);
        assertThat(v1.get("version").asText()).startsWith("4.2.0 (compatible; widefeed ");
        JsonNode v2 = MastodonHttp.json(m.get("/api/v2/instance", null), 200);
        assertThat(v2.get("domain").asText())
                .isEqualTo(m.base().getHost() + ":" + m.base().getPort());
        String nodeInfo = MastodonHttp.json(m.get("/.well-known/nodeinfo", null), 200)
                .get("links")
                .get(0)
                .get("href")
                .asText();
        assertThat(MastodonHttp.json(m.get(URI.create(nodeInfo).getPath(), null), 200)
                        .get("software")
                        .get("name")
                        .asText())
                .isEqualTo("widefeed");
    }

    @Test
    void anAppSignsInWithACodeAndPkceAndActsWithinItsScopes() {
        MastodonHttp.Person ada = m.person("Ada");
        MastodonHttp.App app = m.register("read write follow");
        MastodonHttp.Answer page = m.get(
                "/oauth/authorize?response_type=code&redirect_uri="
                        + URLEncoder.encode(MastodonHttp.OOB, StandardCharsets.UTF_8) + "&scope=read+write&client_id="
                        + app.clientId(),
                null);
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.raw().body()).contains("Contract app").contains("name=\"password\"");
        assertThat(page.header("Content-Security-Policy")).contains("frame-ancestors 'none'");

        String verifier = MastodonHttp.verifier();
        String code = m.authorize(app, ada, "read write", OAuthResource.s256(verifier));
        assertThat(MastodonHttp.json(m.exchange(app, code, "not-the-verifier"), 400)
                        .get("error")
                        .asText())
                .isEqualTo("invalid_grant");
        JsonNode token = MastodonHttp.json(m.exchange(app, code, verifier), 200);
        assertThat(token.get("scope").asText()).isEqualTo("read write");
        assertThat(token.get("created_at").asLong()).isPositive();
        String access = token.get("access_token").asText();

        JsonNode me = MastodonHttp.json(m.get("/api/v1/accounts/verify_credentials", access), 200);
        assertThat(me.get("id").asText()).isEqualTo(ada.id());
        assertThat(me.get("username").asText()).isEqualTo(ada.handle());
        assertThat(me.get("created_at").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");
        assertThat(m.get(URI.create(me.get("avatar").asText()).getPath(), null).status())
                .isEqualTo(200);
        assertThat(MastodonHttp.json(m.get("/api/v1/apps/verify_credentials", access), 200)
                        .get("name")
                        .asText())
                .isEqualTo("Contract app");

        // Each face takes only its own tokens.
        assertThat(m.get("/v1/users/" + ada.id(), access).status()).isEqualTo(401);
        String nativeToken = backend.api().createUser("Native").token();
        assertThat(MastodonHttp.json(m.get("/api/v1/accounts/verify_credentials", nativeToken), 401)
                        .has("error"))
                .isTrue();

        // A read-only token reads, and nothing else.
        MastodonHttp.Person bob = m.person("Bob");
        String readOnly = m.token(bob, "read");
        assertThat(m.get("/api/v1/accounts/verify_credentials", readOnly).status())
                .isEqualTo(200);
        assertThat(MastodonHttp.json(
                                m.post("/api/v1/accounts/" + ada.id() + "/follow", readOnly, MastodonHttp.form()), 403)
                        .get("error")
                        .asText())
                .contains("scopes");
        assertThat(MastodonHttp.json(m.post("/api/v1/statuses", readOnly, MastodonHttp.form("status", "no")), 403)
                        .has("error"))
                .isTrue();

        assertThat(m.revoke(app, access).status()).isEqualTo(200);
        assertThat(m.get("/api/v1/accounts/verify_credentials", access).status())
                .isEqualTo(401);
    }

    @Test
    void aCodeUsedTwiceIsRefusedAndRevokesWhatItGave() {
        MastodonHttp.Person ada = m.person("Ada");
        MastodonHttp.App app = m.register("read");
        String verifier = MastodonHttp.verifier();
        String code = m.authorize(app, ada, "read", OAuthResource.s256(verifier));
        String access = MastodonHttp.json(m.exchange(app, code, verifier), 200)
                .get("access_token")
                .asText();
        assertThat(m.get("/api/v1/accounts/verify_credentials", access).status())
                .isEqualTo(200);

        assertThat(MastodonHttp.json(m.exchange(app, code, verifier), 400)
                        .get("error")
                        .asText())
                .isEqualTo("invalid_grant");

        assertThat(m.get("/api/v1/accounts/verify_credentials", access).status())
                .isEqualTo(401);
    }

    @Test
    void signInRefusesAWrongPasswordAnUnknownAppAndScopesTheAppDidNotRegister() {
        MastodonHttp.Person ada = m.person("Ada");
        MastodonHttp.App app = m.register("read");
        MastodonHttp.Answer wrong = m.post(
                "/oauth/authorize",
                null,
                MastodonHttp.form(
                        "client_id",
                        app.clientId(),
                        "redirect_uri",
                        MastodonHttp.OOB,
                        "scope",
                        "read",
                        "handle",
                        ada.handle(),
                        "password",
                        "not the password",
                        "decision",
                        "approve"));
        assertThat(wrong.status()).isEqualTo(401);
        assertThat(wrong.raw().body()).contains("role=\"alert\"").doesNotContain("<code");

        assertThat(m.get("/oauth/authorize?client_id=forged&redirect_uri=" + MastodonHttp.OOB, null)
                        .status())
                .isEqualTo(400);
        assertThat(m.get(
                                "/oauth/authorize?client_id=" + app.clientId() + "&scope=read+write&redirect_uri="
                                        + URLEncoder.encode(MastodonHttp.OOB, StandardCharsets.UTF_8),
                                null)
                        .status())
                .isEqualTo(400);
        assertThat(MastodonHttp.json(
                                m.post(
                                        "/oauth/token",
                                        null,
                                        MastodonHttp.form(
                                                "grant_type", "password",
                                                "client_id", app.clientId(),
                                                "client_secret", app.clientSecret(),
                                                "username", ada.handle(),
                                                "password", ApiClient.PASSWORD)),
                                400)
                        .get("error")
                        .asText())
                .isEqualTo("unsupported_grant_type");
        assertThat(MastodonHttp.json(
                                m.post(
                                        "/oauth/token",
                                        null,
                                        MastodonHttp.form(
                                                "grant_type", "authorization_code",
                                                "client_id", app.clientId(),
                                                "client_secret", "wrong",
                                                "code", "x")),
                                401)
                        .get("error")
                        .asText())
                .isEqualTo("invalid_client");
    }

    @Test
    void theDailyLoopPostsFollowsReadsHomeAndFavourites() {
        MastodonHttp.Person ada = m.person("Ada");
        MastodonHttp.Person bob = m.person("Bob");
        String adaToken = m.token(ada, "read write follow");
        String bobToken = m.token(bob, "read write follow");

        JsonNode relationship = MastodonHttp.json(
                m.post("/api/v1/accounts/" + bob.id() + "/follow", adaToken, MastodonHttp.form()), 200);
        assertThat(relationship.get("following").asBoolean()).isTrue();

        JsonNode posted = MastodonHttp.json(
                m.post(
                        "/api/v1/statuses",
                        bobToken,
                        MastodonHttp.form("status", "hello <b>#mastodon</b> from @" + ada.handle())),
                200);
        String statusId = posted.get("id").asText();
        assertThat(posted.get("content").asText())
                .startsWith("<p>hello &lt;b&gt;")
                .contains("class=\"mention hashtag\"")
                .contains("class=\"u-url mention\"");
        assertThat(posted.get("account").get("id").asText()).isEqualTo(bob.id());
        assertThat(posted.get("tags").get(0).get("name").asText()).isEqualTo("mastodon");

        for (int i = 0; i < 3; i++) {
            MastodonHttp.json(m.post("/api/v1/statuses", bobToken, MastodonHttp.form("status", "more " + i)), 200);
        }
        MastodonHttp.Answer first = m.get("/api/v1/timelines/home?limit=2", adaToken);
        JsonNode page = MastodonHttp.json(first, 200);
        assertThat(page).hasSize(2);
        assertThat(page.get(0).get("content").asText()).contains("more 2");
        String link = first.header("Link");
        assertThat(link).contains("rel=\"next\"").contains("rel=\"prev\"");
        // The user's read budget, as Mastodon reports it (clients wait for the reset once nothing remains).
        assertThat(Long.parseLong(first.header("X-RateLimit-Limit")))
                .isGreaterThan(Long.parseLong(first.header("X-RateLimit-Remaining")));
        assertThat(Instant.parse(first.header("X-RateLimit-Reset")))
                .isAfter(Instant.now().minusSeconds(60));
        String next = link.substring(link.indexOf('<') + 1, link.indexOf('>'));
        JsonNode older = MastodonHttp.json(
                m.get(URI.create(next).getPath() + "?" + URI.create(next).getRawQuery(), adaToken), 200);
        assertThat(older.get(0).get("content").asText()).contains("more 0");
        assertThat(older.get(1).get("id").asText()).isEqualTo(statusId);
        JsonNode newer =
                MastodonHttp.json(m.get("/api/v1/timelines/home?min_id=" + statusId + "&limit=2", adaToken), 200);
        assertThat(newer).hasSize(2);
        assertThat(newer.get(1).get("content").asText()).contains("more 0");

        JsonNode favourited = MastodonHttp.json(
                m.post("/api/v1/statuses/" + statusId + "/favourite", adaToken, MastodonHttp.form()), 200);
        assertThat(favourited.get("favourited").asBoolean()).isTrue();
        JsonNode likers = MastodonHttp.json(m.get("/api/v1/statuses/" + statusId + "/favourited_by", bobToken), 200);
        assertThat(likers).hasSize(1);
        assertThat(likers.get(0).get("id").asText()).isEqualTo(ada.id());
        JsonNode reblog = MastodonHttp.json(
                m.post("/api/v1/statuses/" + statusId + "/reblog", adaToken, MastodonHttp.form()), 200);
        assertThat(reblog.get("reblog").get("id").asText()).isEqualTo(statusId);
        assertThat(MastodonHttp.json(
                                m.post("/api/v1/statuses/" + statusId + "/reblog", adaToken, MastodonHttp.form()), 200)
                        .get("id")
                        .asText())
                .as("reblogging again answers the same reblog")
                .isEqualTo(reblog.get("id").asText());

        JsonNode statuses = MastodonHttp.json(m.get("/api/v1/accounts/" + bob.id() + "/statuses", adaToken), 200);
        assertThat(statuses).hasSize(4);
        JsonNode lookedUp = MastodonHttp.json(m.get("/api/v1/accounts/lookup?acct=" + bob.handle(), adaToken), 200);
        assertThat(lookedUp.get("id").asText()).isEqualTo(bob.id());
        ApiClient.body(
                backend.api()
                        .request("/v1/posts/" + statusId + "/comments", ada.nativeToken())
                        .post(jakarta.ws.rs.client.Entity.json(
                                java.util.Map.of("content", "a comment, @" + bob.handle()))),
                201);
        JsonNode context = MastodonHttp.json(m.get("/api/v1/statuses/" + statusId + "/context", adaToken), 200);
        assertThat(context.get("ancestors")).isEmpty();
        assertThat(context.get("descendants")).hasSize(1);
        assertThat(context.get("descendants").get(0).get("in_reply_to_id").asText())
                .isEqualTo(statusId);
        assertThat(context.get("descendants").get(0).get("account").get("id").asText())
                .isEqualTo(ada.id());
        JsonNode followers = MastodonHttp.json(m.get("/api/v1/accounts/" + bob.id() + "/followers", adaToken), 200);
        assertThat(followers).hasSize(1);
        assertThat(followers.get(0).get("id").asText()).isEqualTo(ada.id());
        JsonNode following = MastodonHttp.json(m.get("/api/v1/accounts/" + ada.id() + "/following", adaToken), 200);
        assertThat(following.get(0).get("id").asText()).isEqualTo(bob.id());
        JsonNode standing = MastodonHttp.json(m.get("/api/v1/accounts/relationships?id[]=" + bob.id(), adaToken), 200);
        assertThat(standing.get(0).get("following").asBoolean()).isTrue();

        assertThat(MastodonHttp.json(
                                m.post(
                                        "/api/v1/statuses",
                                        bobToken,
                                        MastodonHttp.form("status", "x", "visibility", "private")),
                                422)
                        .get("error")
                        .asText())
                .contains("followers-only");
        assertThat(MastodonHttp.json(m.get("/api/v1/statuses/not-an-id", adaToken), 404)
                        .get("error")
                        .asText())
                .isEqualTo("Record not found");
        assertThat(MastodonHttp.json(m.get("/api/v1/statuses/123", adaToken), 404)
                        .has("error"))
                .isTrue();
        assertThat(MastodonHttp.json(
                                m.post("/api/v1/statuses/" + statusId + "/favourite", null, MastodonHttp.form()), 401)
                        .has("error"))
                .isTrue();
    }

    @Test
    void aRetriedPostWithItsIdempotencyKeyIsOnePost() {
        MastodonHttp.Person ada = m.person("Ada");
        String token = m.token(ada, "read write");
        HttpRequest.Builder request = HttpRequest.newBuilder(m.base().resolve("/api/v1/statuses"))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", "a key: with characters the native API's keys do not take")
                .POST(HttpRequest.BodyPublishers.ofString("{\"status\": \"once\", \"visibility\": \"public\"}"));
        HttpClient http = HttpClient.newHttpClient();
        String first;
        String second;
        try {
            first = MastodonHttp.JSON
                    .readTree(http.send(request.build(), HttpResponse.BodyHandlers.ofString())
                            .body())
                    .get("id")
                    .asText();
            second = MastodonHttp.JSON
                    .readTree(http.send(request.build(), HttpResponse.BodyHandlers.ofString())
                            .body())
                    .get("id")
                    .asText();
        } catch (IOException | InterruptedException e) {
            throw new AssertionError(e);
        }
        assertThat(second).isEqualTo(first);
        assertThat(MastodonHttp.json(m.get("/api/v1/accounts/" + ada.id() + "/statuses", token), 200))
                .hasSize(1);
    }

    @Test
    void notificationsTellOfFollowsFavouritesAndReblogsAndFavouritesListWhatILiked() {
        MastodonHttp.Person ada = m.person("Ada");
        MastodonHttp.Person bob = m.person("Bob");
        String adaToken = m.token(ada, "read write follow");
        String bobToken = m.token(bob, "read write follow");
        String statusId = MastodonHttp.json(
                        m.post("/api/v1/statuses", bobToken, MastodonHttp.form("status", "notify me")), 200)
                .get("id")
                .asText();
        MastodonHttp.json(m.post("/api/v1/accounts/" + bob.id() + "/follow", adaToken, MastodonHttp.form()), 200);
        MastodonHttp.json(m.post("/api/v1/statuses/" + statusId + "/favourite", adaToken, MastodonHttp.form()), 200);
        MastodonHttp.json(m.post("/api/v1/statuses/" + statusId + "/reblog", adaToken, MastodonHttp.form()), 200);

        // Notifications are grouped off the request, by the event log's workers.
        JsonNode all = await().atMost(ApiClient.BACKGROUND_WORK)
                .pollInterval(Duration.ofMillis(500))
                .until(
                        () -> MastodonHttp.json(m.get("/api/v1/notifications", bobToken), 200),
                        page -> page.size() == 3);
        assertThat(all.findValuesAsText("type")).containsExactlyInAnyOrder("follow", "favourite", "reblog");
        for (JsonNode n : all) {
            assertThat(n.get("account").get("id").asText()).isEqualTo(ada.id());
            if (!n.get("type").asText().equals("follow")) {
                assertThat(n.get("status").get("id").asText()).isEqualTo(statusId);
            }
        }
        MastodonHttp.Answer first = m.get("/api/v1/notifications?limit=1", bobToken);
        assertThat(MastodonHttp.json(first, 200)).hasSize(1);
        String next = first.header("Link").substring(1, first.header("Link").indexOf('>'));
        JsonNode rest = MastodonHttp.json(
                m.get(URI.create(next).getPath() + "?" + URI.create(next).getRawQuery(), bobToken), 200);
        assertThat(rest).as("the link keeps limit=1").hasSize(1);
        assertThat(rest.get(0).get("id").asText())
                .isEqualTo(all.get(1).get("id").asText());
        assertThat(MastodonHttp.json(m.get("/api/v1/notifications?types[]=follow", bobToken), 200))
                .hasSize(1);
        assertThat(MastodonHttp.json(m.get("/api/v1/notifications?max_id=nonsense", bobToken), 400)
                        .has("error"))
                .isTrue();

        assertThat(MastodonHttp.json(m.get("/api/v1/markers?timeline[]=notifications", bobToken), 200)
                        .size())
                .as("no read marker yet")
                .isZero();
        JsonNode marked = MastodonHttp.json(
                m.post(
                        "/api/v1/markers",
                        bobToken,
                        MastodonHttp.form(
                                "notifications[last_read_id]",
                                all.get(0).get("id").asText())),
                200);
        assertThat(marked.get("notifications").get("last_read_id").asText())
                .as("read through the newest")
                .isGreaterThanOrEqualTo(all.get(0).get("id").asText());
        assertThat(MastodonHttp.json(m.get("/api/v1/markers", bobToken), 200)
                        .get("notifications")
                        .get("last_read_id")
                        .asText())
                .isEqualTo(marked.get("notifications").get("last_read_id").asText());
        assertThat(MastodonHttp.json(
                                m.post(
                                        "/api/v1/markers",
                                        bobToken,
                                        MastodonHttp.form("notifications[last_read_id]", "nonsense")),
                                422)
                        .has("error"))
                .isTrue();

        String followId = all.get(all.findValuesAsText("type").indexOf("follow"))
                .get("id")
                .asText();
        assertThat(MastodonHttp.json(m.get("/api/v1/notifications/" + followId, bobToken), 200)
                        .get("type")
                        .asText())
                .isEqualTo("follow");
        assertThat(MastodonHttp.json(m.get("/api/v1/notifications/" + followId, adaToken), 404)
                        .has("error"))
                .as("someone else's")
                .isTrue();
        assertThat(MastodonHttp.json(
                        m.post("/api/v1/notifications/" + followId + "/dismiss", bobToken, MastodonHttp.form()), 200))
                .isEmpty();
        assertThat(MastodonHttp.json(m.get("/api/v1/notifications/" + followId, bobToken), 404)
                        .has("error"))
                .isTrue();
        assertThat(MastodonHttp.json(m.get("/api/v1/notifications", bobToken), 200)
                        .findValuesAsText("type"))
                .containsExactlyInAnyOrder("favourite", "reblog");
        assertThat(MastodonHttp.json(m.post("/api/v1/notifications/clear", bobToken, MastodonHttp.form()), 200))
                .isEmpty();
        assertThat(MastodonHttp.json(m.get("/api/v1/notifications", bobToken), 200))
                .as("cleared")
                .isEmpty();

        JsonNode favourites = MastodonHttp.json(m.get("/api/v1/favourites", adaToken), 200);
        assertThat(favourites).hasSize(1);
        assertThat(favourites.get(0).get("id").asText()).isEqualTo(statusId);
        assertThat(MastodonHttp.json(m.get("/api/v1/custom_emojis", null), 200)).isEmpty();
        assertThat(MastodonHttp.json(m.get("/api/v2/filters", adaToken), 200)).isEmpty();
    }

    @Test
    void aTagTimelineAndMuteAndBlockAreTheServicesOwn() {
        MastodonHttp.Person ada = m.person("Ada");
        MastodonHttp.Person bob = m.person("Bob");
        String adaToken = m.token(ada, "read write follow");
        String bobToken = m.token(bob, "read write follow");
        String topic = "t" + Long.toString(System.nanoTime(), 36);
        String statusId = MastodonHttp.json(
                        m.post("/api/v1/statuses", bobToken, MastodonHttp.form("status", "about #" + topic)), 200)
                .get("id")
                .asText();
        // Topics are indexed off the request, by the event log's workers.
        JsonNode tagged = await().atMost(ApiClient.BACKGROUND_WORK)
                .pollInterval(Duration.ofMillis(500))
                .until(
                        () -> MastodonHttp.json(
                                m.get("/api/v1/timelines/tag/" + topic.toUpperCase(java.util.Locale.ROOT), adaToken),
                                200),
                        page -> page.size() == 1);
        assertThat(tagged.get(0).get("id").asText()).isEqualTo(statusId);
        assertThat(MastodonHttp.json(m.get("/api/v1/timelines/tag/%23%23", adaToken), 404)
                        .has("error"))
                .isTrue();

        JsonNode muted =
                MastodonHttp.json(m.post("/api/v1/accounts/" + bob.id() + "/mute", adaToken, MastodonHttp.form()), 200);
        assertThat(muted.get("muting").asBoolean()).isTrue();
        assertThat(MastodonHttp.json(
                                m.post("/api/v1/accounts/" + bob.id() + "/unmute", adaToken, MastodonHttp.form()), 200)
                        .get("muting")
                        .asBoolean())
                .isFalse();
        JsonNode blocked = MastodonHttp.json(
                m.post("/api/v1/accounts/" + bob.id() + "/block", adaToken, MastodonHttp.form()), 200);
        assertThat(blocked.get("blocking").asBoolean()).isTrue();
        assertThat(m.get(
                                "/api/v1/statuses/"
                                        + MastodonHttp.json(
                                                        m.post(
                                                                "/api/v1/statuses",
                                                                adaToken,
                                                                MastodonHttp.form("status", "not for bob")),
                                                        200)
                                                .get("id")
                                                .asText(),
                                bobToken)
                        .status())
                .as("a blocked user does not see my posts")
                .isEqualTo(404);
    }

    @Test
    void aReblogIsTakenBackAndMadeAgainAndItsRebloggersAreListed() {
        MastodonHttp.Person ada = m.person("Ada");
        MastodonHttp.Person bob = m.person("Bob");
        String adaToken = m.token(ada, "read write");
        String bobToken = m.token(bob, "read write");
        String statusId = MastodonHttp.json(
                        m.post("/api/v1/statuses", bobToken, MastodonHttp.form("status", "boost me")), 200)
                .get("id")
                .asText();
        String reblogPath = "/api/v1/statuses/" + statusId + "/reblog";
        JsonNode reblog = MastodonHttp.json(m.post(reblogPath, adaToken, MastodonHttp.form()), 200);
        assertThat(reblog.get("reblogged").asBoolean()).isTrue();
        assertThat(reblog.get("reblog").get("reblogged").asBoolean()).isTrue();
        assertThat(MastodonHttp.json(m.get("/api/v1/statuses/" + statusId + "/reblogged_by", bobToken), 200)
                        .findValuesAsText("id"))
                .containsExactly(ada.id());

        JsonNode undone = MastodonHttp.json(
                m.post("/api/v1/statuses/" + statusId + "/unreblog", adaToken, MastodonHttp.form()), 200);
        assertThat(undone.get("id").asText()).isEqualTo(statusId);
        assertThat(undone.get("reblogs_count").asLong()).isZero();
        assertThat(m.get("/api/v1/statuses/" + reblog.get("id").asText(), adaToken)
                        .status())
                .isEqualTo(404);
        assertThat(MastodonHttp.json(m.get("/api/v1/statuses/" + statusId + "/reblogged_by", bobToken), 200)
                        .size())
                .isZero();
        MastodonHttp.json(m.post("/api/v1/statuses/" + statusId + "/unreblog", adaToken, MastodonHttp.form()), 200);

        JsonNode again = MastodonHttp.json(m.post(reblogPath, adaToken, MastodonHttp.form()), 200);
        assertThat(again.get("id").asText())
                .as("a new reblog, not the one taken back")
                .isNotEqualTo(reblog.get("id").asText());
        assertThat(MastodonHttp.json(m.post(reblogPath, adaToken, MastodonHttp.form()), 200)
                        .get("id")
                        .asText())
                .as("reblogging again answers the same reblog")
                .isEqualTo(again.get("id").asText());
        assertThat(MastodonHttp.json(m.post("/api/v1/statuses/12/unreblog", adaToken, MastodonHttp.form()), 404)
                        .has("error"))
                .isTrue();
        assertThat(MastodonHttp.json(m.get("/api/v1/statuses/x/reblogged_by", adaToken), 404)
                        .has("error"))
                .isTrue();
    }

    @Test
    void whetherIRebloggedAStatusShowsWhereverItIsShownAndItsRebloggersPage() {
        MastodonHttp.Person bob = m.person("Bob");
        String bobToken = m.token(bob, "read write");
        String statusId = MastodonHttp.json(
                        m.post("/api/v1/statuses", bobToken, MastodonHttp.form("status", "boost me")), 200)
                .get("id")
                .asText();
        List<String> rebloggers = new ArrayList<>(); // newest first
        String adaToken = null;
        for (String name : List.of("Ada", "Cy", "Di", "Ed", "Flo")) {
            MastodonHttp.Person person = m.person(name);
            String token = m.token(person, "read write");
            MastodonHttp.json(m.post("/api/v1/statuses/" + statusId + "/reblog", token, MastodonHttp.form()), 200);
            rebloggers.add(0, person.id());
            if (adaToken == null) {
                adaToken = token;
            }
        }
        String status = "/api/v1/statuses/" + statusId;
        assertThat(MastodonHttp.json(m.get(status, adaToken), 200)
                        .get("reblogged")
                        .asBoolean())
                .isTrue();
        assertThat(MastodonHttp.json(m.get(status, bobToken), 200)
                        .get("reblogged")
                        .asBoolean())
                .as("bob did not reblog his own status")
                .isFalse();
        JsonNode bobsStatuses = MastodonHttp.json(m.get("/api/v1/accounts/" + bob.id() + "/statuses", adaToken), 200);
        assertThat(bobsStatuses.get(0).get("id").asText()).isEqualTo(statusId);
        assertThat(bobsStatuses.get(0).get("reblogged").asBoolean())
                .as("on a page of statuses too")
                .isTrue();
        assertThat(MastodonHttp.json(m.post(status + "/reblog", adaToken, MastodonHttp.form()), 200)
                        .get("reblog")
                        .get("reblogs_count")
                        .asLong())
                .as("reblogging again makes no second reblog")
                .isEqualTo(5);

        List<String> listed = new ArrayList<>();
        String path = "/api/v1/statuses/" + statusId + "/reblogged_by?limit=2";
        for (int pages = 0; path != null && pages < 5; pages++) {
            MastodonHttp.Answer page = m.get(path, bobToken);
            JsonNode accounts = MastodonHttp.json(page, 200);
            accounts.forEach(account -> listed.add(account.get("id").asText()));
            String link = page.header("Link");
            path = accounts.isEmpty() || link == null
                    ? null
                    : URI.create(link.substring(1, link.indexOf('>'))).getPath() + "?"
                            + URI.create(link.substring(1, link.indexOf('>'))).getRawQuery();
        }
        assertThat(listed)
                .as("newest first, two a page, through the Link headers")
                .isEqualTo(rebloggers);
    }

    @Test
    void searchFindsAccountsByHandleOrNameAndAHashtagInUse() {
        MastodonHttp.Person ada = m.person("Ada");
        MastodonHttp.Person bob = m.person("Bob");
        String adaToken = m.token(ada, "read write follow");
        String writeOnly = m.token(ada, "write");
        String topic = "s" + Long.toString(System.nanoTime(), 36);
        m.post("/api/v1/statuses", m.token(bob, "write"), MastodonHttp.form("status", "about #" + topic));
        // Sign-ups are listed and topics indexed off the request, by the event log's workers.
        JsonNode found = await().atMost(ApiClient.BACKGROUND_WORK)
                .pollInterval(Duration.ofMillis(500))
                .until(
                        () -> MastodonHttp.json(m.get("/api/v2/search?q=%23" + topic, adaToken), 200),
                        page -> page.get("hashtags").size() == 1);
        assertThat(found.get("hashtags").get(0).get("name").asText()).isEqualTo(topic);
        assertThat(found.get("statuses").size()).isZero();
        assertThat(found.get("accounts").size()).as("a query of a #hashtag").isZero();
        JsonNode accounts = await().atMost(ApiClient.BACKGROUND_WORK)
                .pollInterval(Duration.ofMillis(500))
                .until(
                        () -> MastodonHttp.json(
                                m.get("/api/v2/search?type=accounts&q=%40" + bob.handle() + "%40elsewhere", adaToken),
                                200),
                        page -> page.get("accounts").size() == 1);
        assertThat(accounts.get("accounts").get(0).get("id").asText()).isEqualTo(bob.id());
        assertThat(accounts.get("hashtags").size()).isZero();
        JsonNode typed = MastodonHttp.json(
                m.get(
                        "/api/v1/accounts/search?limit=3&q="
                                + bob.handle().substring(0, bob.handle().length() - 1),
                        adaToken),
                200);
        assertThat(typed.findValuesAsText("id")).contains(bob.id());
        assertThat(MastodonHttp.json(m.get("/api/v1/accounts/search?q=" + bob.handle() + "&offset=1", adaToken), 200)
                        .size())
                .isZero();
        assertThat(MastodonHttp.json(m.get("/api/v2/search?q=%40%40", adaToken), 200)
                        .get("accounts")
                        .size())
                .isZero();

        assertThat(MastodonHttp.json(m.get("/api/v2/search", adaToken), 400).has("error"))
                .isTrue();
        assertThat(MastodonHttp.json(m.get("/api/v2/search?q=a&type=people", adaToken), 400)
                        .has("error"))
                .isTrue();
        assertThat(MastodonHttp.json(m.get("/api/v2/search?q=a&limit=many", adaToken), 400)
                        .has("error"))
                .isTrue();
        assertThat(MastodonHttp.json(m.get("/api/v2/search?q=a", writeOnly), 403)
                        .has("error"))
                .isTrue();
        assertThat(MastodonHttp.json(m.get("/api/v1/accounts/search?q=a", null), 401)
                        .has("error"))
                .isTrue();
    }

    @Test
    void browserClientsOnOtherOriginsMayCallTheApiWithoutCredentials() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> preflight = http.send(
                HttpRequest.newBuilder(m.base().resolve("/api/v1/timelines/home"))
                        .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                        .header("Origin", "https://elk.example")
                        .header("Access-Control-Request-Method", "GET")
                        .header("Access-Control-Request-Headers", "authorization")
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(preflight.statusCode()).isBetween(200, 204);
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin"))
                .contains("https://elk.example");
        assertThat(preflight
                        .headers()
                        .firstValue("Access-Control-Allow-Headers")
                        .orElse("")
                        .toLowerCase(java.util.Locale.ROOT))
                .contains("authorization");
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Credentials"))
                .isEmpty();
        HttpResponse<String> answer = http.send(
                HttpRequest.newBuilder(m.base().resolve("/api/v1/instance"))
                        .header("Origin", "https://elk.example")
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("Access-Control-Allow-Origin")).contains("https://elk.example");
    }
}
