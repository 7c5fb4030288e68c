package dev.widefeed.mastodon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.widefeed.auth.DerivedKeys;
import dev.widefeed.mastodon.oauth.OAuthTokens;
import dev.widefeed.mastodon.oauth.RequiresScope;
import dev.widefeed.mastodon.oauth.Scopes;
import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import io.dropwizard.auth.Auth;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every endpoint of the Mastodon face, found by reading its resources (so a new one is swept without a line here),
 * answers bad input with Mastodon's codes and a JSON {@code {"error": ...}}, never a 500: no token, a forged, an
 * expired or a revoked one 401; a token without the endpoint's scope 403; a malformed or unknown id in the path 404.
 */
@BackendContract
public class MastodonBadInputContract {
    private static final List<Class<? extends Annotation>> METHODS =
            List.of(GET.class, POST.class, DELETE.class, PUT.class, PATCH.class);
    /** Ids no status or account has: not numbers, negative, past a long, and one never given out. */
    private static final String NEVER_GIVEN = "7";

    private static final List<String> BAD_IDS = List.of("x", "-1", "1e3", "99999999999999999999", NEVER_GIVEN);

    /** A path template's variable, {name} or {name: regex}, whose regex may hold {m,n}. */
    private static final Pattern VARIABLE = Pattern.compile("\\{(\\w+)(?::(?:[^{}]|\\{[^}]*})*)?}");

    private final MastodonHttp m;

    MastodonBadInputContract(TestBackend backend) {
        this.m = new MastodonHttp(backend.api());
    }

    /** An endpoint: its method, its path template, whether it takes a signed-in app, and the scope it asks. */
    record Endpoint(String method, String template, boolean signedIn, Optional<String> scope) {
        String path(String id) {
            Matcher variable = VARIABLE.matcher(template);
            StringBuilder path = new StringBuilder();
            while (variable.find()) {
                String value = switch (variable.group(1)) {
                    case "id" -> id;
                    case "hashtag" -> "java";
                    default -> ""; // {slash: /?}
                };
                variable.appendReplacement(path, Matcher.quoteReplacement(value));
            }
            return variable.appendTail(path).toString();
        }

        boolean takesId() {
            return template.contains("{id");
        }

        @Override
        public String toString() {
            return method + " " + template;
        }
    }

    static List<Endpoint> endpoints() {
        List<Endpoint> found = new ArrayList<>();
        for (JavaClass type : new ClassFileImporter()
                .withImportOption(new ImportOption.DoNotIncludeTests())
                .importPackages("dev.widefeed.mastodon")) {
            Class<?> resource = type.reflect();
            Path root = resource.getAnnotation(Path.class);
            if (root == null) {
                continue;
            }
            for (Method method : resource.getDeclaredMethods()) {
                Optional<String> verb = METHODS.stream()
                        .filter(method::isAnnotationPresent)
                        .map(Class::getSimpleName)
                        .findFirst();
                if (verb.isEmpty()) {
                    continue;
                }
                Path sub = method.getAnnotation(Path.class);
                String template = join(root.value(), sub == null ? "" : sub.value());
                boolean signedIn = Stream.of(method.getParameters()).anyMatch(p -> p.isAnnotationPresent(Auth.class));
                Optional<String> scope = Optional.ofNullable(method.getAnnotation(RequiresScope.class))
                        .map(RequiresScope::value);
                found.add(new Endpoint(verb.get(), template, signedIn, scope));
            }
        }
        Map<String, Endpoint> once = new LinkedHashMap<>(); // a form and a JSON twin are one endpoint
        found.forEach(e -> once.putIfAbsent(e.toString(), e));
        return List.copyOf(once.values());
    }

    private static String join(String root, String sub) {
        String path = (root.endsWith("/") ? root.substring(0, root.length() - 1) : root) + "/"
                + (sub.startsWith("/") ? sub.substring(1) : sub);
        return path.endsWith("/") && path.length() > 1 ? path.substring(0, path.length() - 1) : path;
    }

    private MastodonHttp.Answer call(Endpoint endpoint, String path, String token) {
        return m.send(
                endpoint.method(),
                path,
                token,
                endpoint.method().equals("GET") || endpoint.method().equals("DELETE") ? null : MastodonHttp.form());
    }

    private static void assertMastodonError(MastodonHttp.Answer answer, int status, String what) {
        assertThat(answer.status()).as("%s: %s", what, answer.raw().body()).isEqualTo(status);
        JsonNode body = answer.json();
        assertThat(body.path("error").isTextual())
                .as("%s: %s", what, answer.raw().body())
                .isTrue();
    }

    @Test
    void theSweepFindsTheFacesEndpoints() {
        List<Endpoint> all = endpoints();
        assertThat(all)
                .extracting(Endpoint::toString)
                .contains(
                        "GET /api/v1/accounts/{id}",
                        "POST /api/v1/statuses/{id}/unreblog",
                        "GET /api/v2/search",
                        "POST /api/v1/markers");
        assertThat(all.stream().filter(Endpoint::signedIn)).hasSizeGreaterThan(30);
    }

    @Test
    void everySignedInEndpointRefusesAMissingForgedExpiredOrRevokedToken() {
        MastodonHttp.Person ada = m.person("Ada");
        MastodonHttp.App app = m.register("read write follow");
        String verifier = MastodonHttp.verifier();
        String revoked = MastodonHttp.json(
                        m.exchange(app, m.authorize(app, ada, "read", OAuthResource.s256(verifier)), verifier), 200)
                .get("access_token")
                .asText();
        assertThat(m.revoke(app, revoked).status()).isEqualTo(200);
        String expired = new OAuthTokens(new DerivedKeys(m.api().tokenSecret()), Clock.systemUTC())
                .access(
                        new OAuthTokens.Grant(
                                Long.parseLong(ada.id()),
                                1,
                                app.clientId(),
                                Scopes.parse("read write follow").orElseThrow(),
                                Instant.now().minusSeconds(7200)),
                        Instant.now().minusSeconds(3600));
        Map<String, String> tokens = new LinkedHashMap<>();
        tokens.put("no token", null);
        tokens.put("a forged token", "eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.");
        tokens.put("an expired token", expired);
        tokens.put("a revoked token", revoked);
        tokens.put("the native API's token", ada.nativeToken());
        for (Endpoint endpoint : endpoints().stream().filter(Endpoint::signedIn).toList()) {
            tokens.forEach((what, token) ->
                    assertMastodonError(call(endpoint, endpoint.path("1"), token), 401, endpoint + " with " + what));
        }
    }

    @Test
    void everyScopedEndpointRefusesATokenWithoutItsScope() {
        MastodonHttp.Person ada = m.person("Ada");
        String pushOnly = m.token(ada, "push");
        for (Endpoint endpoint :
                endpoints().stream().filter(e -> e.scope().isPresent()).toList()) {
            assertMastodonError(call(endpoint, endpoint.path("1"), pushOnly), 403, endpoint + " with push alone");
        }
    }

    /**
     * Another user's objects, reached by id (docs/security.md, "Broken object level authorization"): every endpoint on
     * a status answers 404 for someone else's direct status, as if it did not exist, and deleting someone else's
     * public one is refused; every endpoint on a notification answers 404 for someone else's. Then the owner's objects
     * read back unchanged. An endpoint taking an id of a kind this test does not know fails it, so a new one is
     * swept or named here.
     */
    @Test
    void noEndpointReachesAnotherUsersDirectStatusOrNotification() {
        MastodonHttp.Person ada = m.person("Ada");
        MastodonHttp.Person bob = m.person("Bob");
        String adaToken = m.token(ada, "read write follow");
        String bobToken = m.token(bob, "read write follow");
        String direct = MastodonHttp.json(
                        m.post(
                                "/api/v1/statuses",
                                bobToken,
                                MastodonHttp.form("status", "only mine", "visibility", "direct")),
                        200)
                .get("id")
                .asText();
        String open = MastodonHttp.json(
                        m.post("/api/v1/statuses", bobToken, MastodonHttp.form("status", "for everyone")), 200)
                .get("id")
                .asText();
        MastodonHttp.json(m.post("/api/v1/accounts/" + bob.id() + "/follow", adaToken, MastodonHttp.form()), 200);
        JsonNode notifications = await("bob is told of ada's follow")
                .atMost(ApiClient.BACKGROUND_WORK)
                .until(() -> MastodonHttp.json(m.get("/api/v1/notifications", bobToken), 200), n -> !n.isEmpty());
        String notification = notifications.get(0).get("id").asText();

        // Ada's follow of Bob is hers to make and take back: the accounts' endpoints act on the caller's own edges.
        List<String> ownEdges = List.of("/api/v1/accounts/");
        for (Endpoint endpoint : endpoints().stream()
                .filter(Endpoint::signedIn)
                .filter(Endpoint::takesId)
                .toList()) {
            String template = endpoint.template();
            if (template.startsWith("/api/v1/statuses/")) {
                assertMastodonError(
                        call(endpoint, endpoint.path(direct), adaToken), 404, endpoint + " on bob's direct status");
                if (endpoint.method().equals("DELETE")) {
                    MastodonHttp.Answer answer = call(endpoint, endpoint.path(open), adaToken);
                    assertThat(answer.status())
                            .as(
                                    "%s on bob's public status: %s",
                                    endpoint, answer.raw().body())
                            .isIn(403, 404);
                }
            } else if (template.startsWith("/api/v1/notifications/")
                    && endpoint.method().equals("GET")) {
                assertMastodonError(
                        call(endpoint, endpoint.path(notification), adaToken),
                        404,
                        endpoint + " on bob's notification");
            } else if (template.startsWith("/api/v1/notifications/")) {
                // A notification's id names a group of the caller's own (docs/mastodon.md, "Notifications"), so a
                // dismiss can only ever dismiss the caller's; one they do not have is dismissed already: 200, as a
                // repeated dismiss is. That bob's stands is read below.
                MastodonHttp.Answer answer = call(endpoint, endpoint.path(notification), adaToken);
                assertThat(answer.status())
                        .as(
                                "%s on bob's notification: %s",
                                endpoint, answer.raw().body())
                        .isIn(200, 404);
            } else {
                assertThat(ownEdges.stream().anyMatch(template::startsWith))
                        .as("%s takes an id of a kind this sweep does not know", endpoint)
                        .isTrue();
            }
        }

        JsonNode mine = MastodonHttp.json(m.get("/api/v1/statuses/" + direct, bobToken), 200);
        assertThat(mine.get("favourites_count").asLong()
                        + mine.get("reblogs_count").asLong())
                .as("nothing of ada's reached bob's direct status")
                .isZero();
        MastodonHttp.json(m.get("/api/v1/statuses/" + open, bobToken), 200);
        assertThat(MastodonHttp.json(m.get("/api/v1/notifications/" + notification, bobToken), 200)
                        .get("id")
                        .asText())
                .isEqualTo(notification);
    }

    @Test
    void everyEndpointTakingAnIdAnswersAMalformedOrUnknownOne404() {
        MastodonHttp.Person ada = m.person("Ada");
        String token = m.token(ada, "read write follow");
        for (Endpoint endpoint : endpoints().stream().filter(Endpoint::takesId).toList()) {
            for (String id : BAD_IDS) {
                MastodonHttp.Answer answer = call(endpoint, endpoint.path(id), token);
                if (endpoint.signedIn()) {
                    assertMastodonError(answer, 404, endpoint + " with id " + id);
                } else if (!id.equals(NEVER_GIVEN)) { // a public avatar is drawn for any well-formed id, unread
                    assertThat(answer.status())
                            .as("%s with id %s", endpoint, id)
                            .isEqualTo(404);
                }
            }
        }
    }
}
