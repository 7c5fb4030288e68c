package dev.widefeed.mastodon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The Mastodon face's contract (docs/mastodon.md), spoken over HTTP as a Mastodon app speaks it: registration, the
 * sign-in page, the code exchange, and the daily loop, on every {@link TestBackend}.
 */
@BackendContract
public class MastodonApiContract {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String OOB = "urn:ietf:wg:oauth:2.0:oob";
    private static final Pattern CODE = Pattern.compile("<code id=\"code\">([^<]+)</code>");

    private final TestBackend backend;
    private final HttpClient http = HttpClient.newHttpClient();

    MastodonApiContract(TestBackend backend) {
        this.backend = backend;
    }

    private URI base() {
        return backend.api().baseUri();
    }

    record Answer(int status, HttpResponse<String> raw) {
        JsonNode json() {
            try {
                return JSON.readTree(raw.body());
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + raw.body(), e);
            }
        }

        String header(String name) {
            return raw.headers().firstValue(name).orElse(null);
        }
    }

    private Answer send(String method, String path, String token, Map<String, String> form) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base().resolve(path));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        if (form == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/x-www-form-urlencoded")
                    .method(method, HttpRequest.BodyPublishers.ofString(encode(form)));
        }
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response);
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private Answer get(String path, String token) {
        return send("GET", path, token, null);
    }

    private Answer post(String path, String token, Map<String, String> form) {
        return send("POST", path, token, form);
    }

    private static String encode(Map<String, String> form) {
        return form.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    private static Map<String, String> form(String... namesAndValues) {
        Map<String, String> form = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            form.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return form;
    }

    /** A user signed up through the native API, with a handle to sign in with. */
    private record Person(String id, String handle) {}

    private Person person(String name) {
        String handle = "m" + Long.toString(System.nanoTime(), 36);
        JsonNode created = ApiClient.body(
                backend.api()
                        .request("/v1/users", null)
                        .post(jakarta.ws.rs.client.Entity.json(ApiClient.signUp("name", name, "handle", handle))),
                201);
        return new Person(created.get("user").get("id").asText(), handle);
    }

    private record App(String clientId, String clientSecret) {}

    private App register(String scopes) {
        JsonNode app = json(
                post("/api/v1/apps", null, form("client_name", "Contract app", "redirect_uris", OOB, "scopes", scopes)),
                200);
        return new App(app.get("client_id").asText(), app.get("client_secret").asText());
    }

    private static JsonNode json(Answer answer, int status) {
        assertThat(answer.status()).as(answer.raw().body()).isEqualTo(status);
        return answer.json();
    }

    /** The sign-in page posted as a person would, answering the code it shows. */
    private String authorize(App app, Person person, String scopes, String challenge) {
        Answer page = post(
                "/oauth/authorize",
                null,
                form(
                        "client_id",
                        app.clientId(),
                        "redirect_uri",
                        OOB,
                        "response_type",
                        "code",
                        "scope",
                        scopes,
                        "code_challenge",
                        challenge,
                        "code_challenge_method",
                        "S256",
                        "handle",
                        person.handle(),
                        "password",
                        ApiClient.PASSWORD,
                        "decision",
                        "approve"));
        assertThat(page.status()).as(page.raw().body()).isEqualTo(200);
        Matcher code = CODE.matcher(page.raw().body());
        assertThat(code.find()).as(page.raw().body()).isTrue();
        return code.group(1);
    }

    private Answer exchange(App app, String code, String verifier) {
        return post(
                "/oauth/token",
                null,
                form(
                        "grant_type",
                        "authorization_code",
                        "code",
                        code,
                        "client_id",
                        app.clientId(),
                        "client_secret",
                        app.clientSecret(),
                        "redirect_uri",
                        OOB,
                        "code_verifier",
                        verifier));
    }

    /** An app's token for {@code person}, through the whole code flow. */
    private String token(Person person, String scopes) {
        App app = register(scopes);
        String verifier = verifier();
        String code = authorize(app, person, scopes, OAuthResource.s256(verifier));
        return json(exchange(app, code, verifier), 200).get("access_token").asText();
    }

    private static String verifier() {
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(random);
    }

    @Test
    void theInstanceSaysWhichMastodonItAnswersAs() {
        JsonNode v1 = json(get("/api/v1/instance", null), 200);
        assertThat(v1.get("version").asText()).startsWith("4.2.0 (compatible; widefeed ");
        JsonNode v2 = json(get("/api/v2/instance", null), 200);
        assertThat(v2.get("domain").asText()).isEqualTo(base().getHost() + ":" + base().getPort());
        String nodeInfo = json(get("/.well-known/nodeinfo", null), 200)
                .get("links")
                .get(0)
                .get("href")
                .asText();
        assertThat(json(get(URI.create(nodeInfo).getPath(), null), 200)
                        .get("software")
                        .get("name")
                        .asText())
                .isEqualTo("widefeed");
    }

    @Test
    void anAppSignsInWithACodeAndPkceAndActsWithinItsScopes() {
        Person ada = person("Ada");
        App app = register("read write follow");
        Answer page = get(
                "/oauth/authorize?response_type=code&redirect_uri=" + URLEncoder.encode(OOB, StandardCharsets.UTF_8)
                        + "&scope=read+write&client_id=" + app.clientId(),
                null);
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.raw().body()).contains("Contract app").contains("name=\"password\"");
        assertThat(page.header("Content-Security-Policy")).contains("frame-ancestors 'none'");

        String verifier = verifier();
        String code = authorize(app, ada, "read write", OAuthResource.s256(verifier));
        assertThat(json(exchange(app, code, "not-the-verifier"), 400)
                        .get("error")
                        .asText())
                .isEqualTo("invalid_grant");
        JsonNode token = json(exchange(app, code, verifier), 200);
        assertThat(token.get("scope").asText()).isEqualTo("read write");
        assertThat(token.get("created_at").asLong()).isPositive();
        String access = token.get("access_token").asText();

        JsonNode me = json(get("/api/v1/accounts/verify_credentials", access), 200);
        assertThat(me.get("id").asText()).isEqualTo(ada.id());
        assertThat(me.get("username").asText()).isEqualTo(ada.handle());
        assertThat(me.get("created_at").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");
        assertThat(get(URI.create(me.get("avatar").asText()).getPath(), null).status())
                .isEqualTo(200);
        assertThat(json(get("/api/v1/apps/verify_credentials", access), 200)
                        .get("name")
                        .asText())
                .isEqualTo("Contract app");

        // Each face takes only its own tokens.
        assertThat(get("/v1/users/" + ada.id(), access).status()).isEqualTo(401);
        String nativeToken = backend.api().createUser("Native").token();
        assertThat(json(get("/api/v1/accounts/verify_credentials", nativeToken), 401)
                        .has("error"))
                .isTrue();

        // A read-only token reads, and nothing else.
        Person bob = person("Bob");
        String readOnly = token(bob, "read");
        assertThat(get("/api/v1/accounts/verify_credentials", readOnly).status())
                .isEqualTo(200);
        assertThat(json(post("/api/v1/accounts/" + ada.id() + "/follow", readOnly, form()), 403)
                        .get("error")
                        .asText())
                .contains("scopes");
        assertThat(json(post("/api/v1/statuses", readOnly, form("status", "no")), 403)
                        .has("error"))
                .isTrue();

        assertThat(post(
                                "/oauth/revoke",
                                null,
                                form("client_id", app.clientId(), "client_secret", app.clientSecret(), "token", access))
                        .status())
                .isEqualTo(200);
        assertThat(get("/api/v1/accounts/verify_credentials", access).status()).isEqualTo(401);
    }

    @Test
    void aCodeUsedTwiceIsRefusedAndRevokesWhatItGave() {
        Person ada = person("Ada");
        App app = register("read");
        String verifier = verifier();
        String code = authorize(app, ada, "read", OAuthResource.s256(verifier));
        String access =
                json(exchange(app, code, verifier), 200).get("access_token").asText();
        assertThat(get("/api/v1/accounts/verify_credentials", access).status()).isEqualTo(200);

        assertThat(json(exchange(app, code, verifier), 400).get("error").asText())
                .isEqualTo("invalid_grant");

        assertThat(get("/api/v1/accounts/verify_credentials", access).status()).isEqualTo(401);
    }

    @Test
    void signInRefusesAWrongPasswordAnUnknownAppAndScopesTheAppDidNotRegister() {
        Person ada = person("Ada");
        App app = register("read");
        Answer wrong = post(
                "/oauth/authorize",
                null,
                form(
                        "client_id",
                        app.clientId(),
                        "redirect_uri",
                        OOB,
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

        assertThat(get("/oauth/authorize?client_id=forged&redirect_uri=" + OOB, null)
                        .status())
                .isEqualTo(400);
        assertThat(get(
                                "/oauth/authorize?client_id=" + app.clientId() + "&scope=read+write&redirect_uri="
                                        + URLEncoder.encode(OOB, StandardCharsets.UTF_8),
                                null)
                        .status())
                .isEqualTo(400);
        assertThat(json(
                                post(
                                        "/oauth/token",
                                        null,
                                        form(
                                                "grant_type", "password",
                                                "client_id", app.clientId(),
                                                "client_secret", app.clientSecret(),
                                                "username", ada.handle(),
                                                "password", ApiClient.PASSWORD)),
                                400)
                        .get("error")
                        .asText())
                .isEqualTo("unsupported_grant_type");
        assertThat(json(
                                post(
                                        "/oauth/token",
                                        null,
                                        form(
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
        Person ada = person("Ada");
        Person bob = person("Bob");
        String adaToken = token(ada, "read write follow");
        String bobToken = token(bob, "read write follow");

        JsonNode relationship = json(post("/api/v1/accounts/" + bob.id() + "/follow", adaToken, form()), 200);
        assertThat(relationship.get("following").asBoolean()).isTrue();

        JsonNode posted = json(
                post("/api/v1/statuses", bobToken, form("status", "hello <b>#mastodon</b> from @" + ada.handle())),
                200);
        String statusId = posted.get("id").asText();
        assertThat(posted.get("content").asText())
                .startsWith("<p>hello &lt;b&gt;")
                .contains("class=\"mention hashtag\"")
                .contains("class=\"u-url mention\"");
        assertThat(posted.get("account").get("id").asText()).isEqualTo(bob.id());
        assertThat(posted.get("tags").get(0).get("name").asText()).isEqualTo("mastodon");

        for (int i = 0; i < 3; i++) {
            json(post("/api/v1/statuses", bobToken, form("status", "more " + i)), 200);
        }
        Answer first = get("/api/v1/timelines/home?limit=2", adaToken);
        JsonNode page = json(first, 200);
        assertThat(page).hasSize(2);
        assertThat(page.get(0).get("content").asText()).contains("more 2");
        String link = first.header("Link");
        assertThat(link).contains("rel=\"next\"").contains("rel=\"prev\"");
        String next = link.substring(link.indexOf('<') + 1, link.indexOf('>'));
        JsonNode older =
                json(get(URI.create(next).getPath() + "?" + URI.create(next).getRawQuery(), adaToken), 200);
        assertThat(older.get(0).get("content").asText()).contains("more 0");
        assertThat(older.get(1).get("id").asText()).isEqualTo(statusId);
        JsonNode newer = json(get("/api/v1/timelines/home?min_id=" + statusId + "&limit=2", adaToken), 200);
        assertThat(newer).hasSize(2);
        assertThat(newer.get(1).get("content").asText()).contains("more 0");

        JsonNode favourited = json(post("/api/v1/statuses/" + statusId + "/favourite", adaToken, form()), 200);
        assertThat(favourited.get("favourited").asBoolean()).isTrue();
        JsonNode reblog = json(post("/api/v1/statuses/" + statusId + "/reblog", adaToken, form()), 200);
        assertThat(reblog.get("reblog").get("id").asText()).isEqualTo(statusId);
        assertThat(json(post("/api/v1/statuses/" + statusId + "/reblog", adaToken, form()), 200)
                        .get("id")
                        .asText())
                .as("reblogging again answers the same reblog")
                .isEqualTo(reblog.get("id").asText());

        JsonNode statuses = json(get("/api/v1/accounts/" + bob.id() + "/statuses", adaToken), 200);
        assertThat(statuses).hasSize(4);
        JsonNode lookedUp = json(get("/api/v1/accounts/lookup?acct=" + bob.handle(), adaToken), 200);
        assertThat(lookedUp.get("id").asText()).isEqualTo(bob.id());
        JsonNode standing = json(get("/api/v1/accounts/relationships?id[]=" + bob.id(), adaToken), 200);
        assertThat(standing.get(0).get("following").asBoolean()).isTrue();

        assertThat(json(post("/api/v1/statuses", bobToken, form("status", "x", "visibility", "private")), 422)
                        .get("error")
                        .asText())
                .contains("followers-only");
        assertThat(json(get("/api/v1/statuses/not-an-id", adaToken), 404)
                        .get("error")
                        .asText())
                .isEqualTo("Record not found");
        assertThat(json(get("/api/v1/statuses/123", adaToken), 404).has("error"))
                .isTrue();
        assertThat(json(post("/api/v1/statuses/" + statusId + "/favourite", null, form()), 401)
                        .has("error"))
                .isTrue();
    }

    @Test
    void aRetriedPostWithItsIdempotencyKeyIsOnePost() {
        Person ada = person("Ada");
        String token = token(ada, "read write");
        HttpRequest.Builder request = HttpRequest.newBuilder(base().resolve("/api/v1/statuses"))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", "a key: with characters the native API's keys do not take")
                .POST(HttpRequest.BodyPublishers.ofString("{\"status\": \"once\", \"visibility\": \"public\"}"));
        String first;
        String second;
        try {
            first = JSON.readTree(http.send(request.build(), HttpResponse.BodyHandlers.ofString())
                            .body())
                    .get("id")
                    .asText();
            second = JSON.readTree(http.send(request.build(), HttpResponse.BodyHandlers.ofString())
                            .body())
                    .get("id")
                    .asText();
        } catch (IOException | InterruptedException e) {
            throw new AssertionError(e);
        }
        assertThat(second).isEqualTo(first);
        assertThat(json(get("/api/v1/accounts/" + ada.id() + "/statuses", token), 200))
                .hasSize(1);
    }
}
