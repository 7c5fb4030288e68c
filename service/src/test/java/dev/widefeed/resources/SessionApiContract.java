package dev.widefeed.resources;

import static dev.widefeed.testing.ApiClient.assertError;
import static dev.widefeed.testing.ApiClient.body;
import static dev.widefeed.testing.ApiClient.status;
import static org.assertj.core.api.Assertions.assertThat;

import com.auth0.jwt.JWT;
import com.auth0.jwt.algorithms.Algorithm;
import com.fasterxml.jackson.databind.JsonNode;
import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The REST contract of passwords and sessions, run on every {@link TestBackend}. */
@BackendContract
public class SessionApiContract {
    private static final String PASSWORD = "a password of mine";

    private final TestBackend backend;

    SessionApiContract(TestBackend backend) {
        this.backend = backend;
    }

    private ApiClient api() {
        return backend.api();
    }

    /** A user signed up with {@link #PASSWORD}: its id, handle and first session. */
    private record Account(String id, String handle, JsonNode session) {
        String token() {
            return session.get("token").asText();
        }

        String refreshToken() {
            return session.get("refreshToken").asText();
        }
    }

    private Account signUp(String name) {
        String handle = "s_" + Long.toString(System.nanoTime(), 36);
        JsonNode created = body(
                api().request("/v1/users", null)
                        .post(Entity.json(Map.of("name", name, "handle", handle, "password", PASSWORD))),
                201);
        return new Account(created.get("user").get("id").asText(), handle, created);
    }

    private Response signIn(String handle, String password) {
        return api().request("/v1/sessions", null).post(Entity.json(Map.of("handle", handle, "password", password)));
    }

    private Response refresh(String refreshToken) {
        return api().request("/v1/sessions/refresh", null).post(Entity.json(Map.of("refreshToken", refreshToken)));
    }

    private int me(Account account, String token) {
        return status(api().request("/v1/users/" + account.id(), token).get());
    }

    @Test
    void signUpAndSignInAnswerAShortLivedTokenAndARefreshToken() {
        Account ada = signUp("Ada");
        assertThat(ada.session().get("user").get("handle").asText()).isEqualTo(ada.handle());
        Instant expiresAt = Instant.parse(ada.session().get("expiresAt").asText());
        assertThat(expiresAt)
                .isBetween(
                        Instant.now().plus(Duration.ofMinutes(1)), Instant.now().plus(Duration.ofDays(1)));
        assertThat(ada.refreshToken()).startsWith("v1.");
        assertThat(me(ada, ada.token())).isEqualTo(200);

        JsonNode session = body(signIn(ada.handle().toUpperCase(Locale.ROOT), PASSWORD), 201);
        assertThat(session.get("userId").asText()).isEqualTo(ada.id());
        assertThat(session.get("refreshToken").asText()).isNotEqualTo(ada.refreshToken());
        assertThat(me(ada, session.get("token").asText())).isEqualTo(200);
        assertThat(me(ada, ada.token()))
                .as("the first session stands beside the second")
                .isEqualTo(200);
    }

    @Test
    void aWrongPasswordAndAnUnknownHandleGetTheSameAnswer() {
        Account bob = signUp("Bob");
        JsonNode wrong = assertError(signIn(bob.handle(), "not my password"), 401);
        JsonNode unknown = assertError(signIn("nobody_" + Long.toString(System.nanoTime(), 36), PASSWORD), 401);
        JsonNode notAHandle = assertError(signIn("not a handle!", PASSWORD), 401);
        assertThat(unknown).isEqualTo(wrong);
        assertThat(notAHandle).isEqualTo(wrong);
        assertThat(wrong.get("message").asText()).doesNotContain(bob.handle());
        assertError(api().request("/v1/sessions", null).post(Entity.json(Map.of("handle", bob.handle()))), 422);
        assertError(api().request("/v1/sessions", null).post(Entity.json("{\"handle\":")), 400);
    }

    @Test
    void weakMissingAndOverLongPasswordsAreRefusedAtSignUpAndNothingIsCreated() {
        String handle = "weak_" + Long.toString(System.nanoTime(), 36);
        for (Map<String, String> body : new Map[] {
            Map.of("name", "W", "handle", handle, "password", "123456789"),
            Map.of("name", "W", "handle", handle),
            Map.of("name", "W", "handle", handle, "password", "x".repeat(129))
        }) {
            JsonNode error = assertError(api().request("/v1/users", null).post(Entity.json(body)), 422);
            assertThat(error.get("message").asText()).contains("password");
        }
        Account later = signUp("Later");
        assertThat(status(api().request("/v1/users/by-handle/" + handle, later.token())
                        .get()))
                .as("the refused sign-ups claimed no handle")
                .isEqualTo(404);
        JsonNode ok = body(
                api().request("/v1/users", null)
                        .post(Entity.json(Map.of("name", "W", "handle", handle, "password", "1234567890"))),
                201);
        assertThat(ok.get("user").get("handle").asText()).isEqualTo(handle);
    }

    @Test
    void aRefreshTokenRotatesAndOneUsedTwiceRevokesItsWholeSession() {
        Account cy = signUp("Cy");
        JsonNode second = body(refresh(cy.refreshToken()), 200);
        String secondToken = second.get("token").asText();
        assertThat(me(cy, secondToken)).isEqualTo(200);
        JsonNode third = body(refresh(second.get("refreshToken").asText()), 200);
        assertThat(me(cy, third.get("token").asText())).isEqualTo(200);

        JsonNode reused = assertError(refresh(cy.refreshToken()), 401);
        assertThat(reused.get("message").asText()).contains("revoked");
        assertError(refresh(third.get("refreshToken").asText()), 401);
        assertThat(me(cy, third.get("token").asText()))
                .as("the family's access tokens too")
                .isEqualTo(401);
        assertThat(me(cy, cy.token())).isEqualTo(401);
        assertThat(me(cy, body(signIn(cy.handle(), PASSWORD), 201).get("token").asText()))
                .as("signing in again starts a new session")
                .isEqualTo(200);
    }

    @Test
    void malformedAndForgedRefreshTokensAre401AndAMissingOne422() {
        Account dee = signUp("Dee");
        String genuine = dee.refreshToken();
        char last = genuine.charAt(genuine.length() - 2);
        String forged = genuine.substring(0, genuine.length() - 2)
                + (last == 'A' ? 'B' : 'A')
                + genuine.charAt(genuine.length() - 1);
        for (String token : new String[] {
            "", "v1.", "v2." + genuine.substring(3), "v1.!!!", forged, genuine + "AA", "x".repeat(5000)
        }) {
            assertError(refresh(token), 401);
        }
        assertError(api().request("/v1/sessions/refresh", null).post(Entity.json("{}")), 422);
        assertThat(body(refresh(genuine), 200).get("userId").asText())
                .as("the forgeries revoked nothing")
                .isEqualTo(dee.id());
    }

    @Test
    void signingOutEndsThatSessionAloneAndSigningOutEverywhereEndsAll() {
        Account eve = signUp("Eve");
        JsonNode other = body(signIn(eve.handle(), PASSWORD), 201);
        String otherToken = other.get("token").asText();
        // A token of no session, as the operator's command and sign-up before sessions made them.
        Instant now = Instant.now();
        String sessionless = JWT.create()
                .withIssuer("widefeed")
                .withSubject(eve.id())
                .withIssuedAt(now.minusSeconds(5))
                .withExpiresAt(now.plus(Duration.ofHours(1)))
                .sign(Algorithm.HMAC256(api().tokenSecret()));
        assertThat(me(eve, sessionless)).isEqualTo(200);

        assertThat(status(api().request("/v1/sessions/current", eve.token()).delete()))
                .isEqualTo(204);
        assertThat(me(eve, eve.token())).isEqualTo(401);
        assertError(refresh(eve.refreshToken()), 401);
        assertThat(me(eve, otherToken)).isEqualTo(200);
        assertThat(me(eve, sessionless)).isEqualTo(200);

        assertThat(status(api().request("/v1/sessions", otherToken).delete())).isEqualTo(204);
        assertThat(me(eve, otherToken)).isEqualTo(401);
        assertThat(me(eve, sessionless)).isEqualTo(401);
        assertError(refresh(other.get("refreshToken").asText()), 401);
        assertThat(status(api().request("/v1/sessions/current", null).delete())).isEqualTo(401);
        assertThat(me(
                        eve,
                        body(signIn(eve.handle(), PASSWORD), 201).get("token").asText()))
                .isEqualTo(200);
    }

    @Test
    void changingThePasswordNeedsTheCurrentOneAndEndsEveryOtherSession() {
        Account fay = signUp("Fay");
        JsonNode other = body(signIn(fay.handle(), PASSWORD), 201);
        String path = "/v1/users/" + fay.id() + "/password";
        String next = "a brand new password";
        assertError(api().request(path, fay.token()).put(Entity.json(Map.of("password", next))), 403);
        assertError(
                api().request(path, fay.token())
                        .put(Entity.json(Map.of("password", next, "currentPassword", "not it at all"))),
                403);
        assertError(
                api().request(path, fay.token())
                        .put(Entity.json(Map.of("password", "short", "currentPassword", PASSWORD))),
                422);
        Account gus = signUp("Gus");
        assertError(
                api().request("/v1/users/" + gus.id() + "/password", fay.token())
                        .put(Entity.json(Map.of("password", next, "currentPassword", PASSWORD))),
                403);
        assertThat(me(fay, fay.token())).as("refusals changed nothing").isEqualTo(200);

        JsonNode changed = body(
                api().request(path, fay.token())
                        .put(Entity.json(Map.of("password", next, "currentPassword", PASSWORD))),
                200);
        assertThat(me(fay, changed.get("token").asText())).isEqualTo(200);
        assertThat(me(fay, fay.token())).isEqualTo(401);
        assertThat(me(fay, other.get("token").asText())).isEqualTo(401);
        assertError(signIn(fay.handle(), PASSWORD), 401);
        assertThat(body(signIn(fay.handle(), next), 201).get("userId").asText()).isEqualTo(fay.id());
    }
}
