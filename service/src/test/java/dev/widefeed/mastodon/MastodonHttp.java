package dev.widefeed.mastodon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.widefeed.testing.ApiClient;
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

/**
 * The Mastodon face spoken over HTTP as an app speaks it, for tests: form posts, the app's registration, the
 * sign-in page posted as a person would, and the code exchange.
 */
final class MastodonHttp {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String OOB = "urn:ietf:wg:oauth:2.0:oob";
    private static final Pattern CODE = Pattern.compile("<code id=\"code\">([^<]+)</code>");

    private final ApiClient api;
    private final HttpClient http = HttpClient.newHttpClient();

    MastodonHttp(ApiClient api) {
        this.api = api;
    }

    URI base() {
        return api.baseUri();
    }

    ApiClient api() {
        return api;
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

    Answer send(String method, String path, String token, Map<String, String> form) {
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

    Answer get(String path, String token) {
        return send("GET", path, token, null);
    }

    Answer post(String path, String token, Map<String, String> form) {
        return send("POST", path, token, form);
    }

    static String encode(Map<String, String> form) {
        return form.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    static Map<String, String> form(String... namesAndValues) {
        Map<String, String> form = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            form.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return form;
    }

    /** A user signed up through the native API, with a handle to sign in with. */
    /** A user signed up through the native API: id, handle, and the native session's access token. */
    record Person(String id, String handle, String nativeToken) {}

    Person person(String name) {
        String handle = "m" + Long.toString(System.nanoTime(), 36);
        JsonNode created = ApiClient.body(
                api.request("/v1/users", null)
                        .post(jakarta.ws.rs.client.Entity.json(ApiClient.signUp("name", name, "handle", handle))),
                201);
        return new Person(
                created.get("user").get("id").asText(),
                handle,
                created.get("token").asText());
    }

    record App(String clientId, String clientSecret) {}

    App register(String scopes) {
        JsonNode app = json(
                post("/api/v1/apps", null, form("client_name", "Contract app", "redirect_uris", OOB, "scopes", scopes)),
                200);
        return new App(app.get("client_id").asText(), app.get("client_secret").asText());
    }

    static JsonNode json(Answer answer, int status) {
        assertThat(answer.status()).as(answer.raw().body()).isEqualTo(status);
        return answer.json();
    }

    /** The sign-in page posted as a person would, answering the code it shows; {@code challenge} may be null. */
    String authorize(App app, Person person, String scopes, String challenge) {
        Map<String, String> form = form(
                "client_id",
                app.clientId(),
                "redirect_uri",
                OOB,
                "response_type",
                "code",
                "scope",
                scopes,
                "handle",
                person.handle(),
                "password",
                ApiClient.PASSWORD,
                "decision",
                "approve");
        if (challenge != null) {
            form.put("code_challenge", challenge);
            form.put("code_challenge_method", "S256");
        }
        Answer page = post("/oauth/authorize", null, form);
        assertThat(page.status()).as(page.raw().body()).isEqualTo(200);
        Matcher code = CODE.matcher(page.raw().body());
        assertThat(code.find()).as(page.raw().body()).isTrue();
        return code.group(1);
    }

    Answer exchange(App app, String code, String verifier) {
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

    /** Revokes the app's token ({@code POST /oauth/revoke}). */
    Answer revoke(App app, String token) {
        return post(
                "/oauth/revoke",
                null,
                form("client_id", app.clientId(), "client_secret", app.clientSecret(), "token", token));
    }

    /** An app's token for {@code person}, through the whole code flow. */
    String token(Person person, String scopes) {
        App app = register(scopes);
        String verifier = verifier();
        String code = authorize(app, person, scopes, OAuthResource.s256(verifier));
        return json(exchange(app, code, verifier), 200).get("access_token").asText();
    }

    static String verifier() {
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(random);
    }
}
