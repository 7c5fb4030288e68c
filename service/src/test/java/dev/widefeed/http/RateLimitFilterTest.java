package dev.widefeed.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.MetricRegistry;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.jakarta.rs.json.JacksonJsonProvider;
import dev.widefeed.auth.JsonUnauthorizedHandler;
import dev.widefeed.auth.TokenAuthenticator;
import dev.widefeed.auth.TokenService;
import dev.widefeed.auth.UserPrincipal;
import io.dropwizard.auth.Auth;
import io.dropwizard.auth.AuthDynamicFeature;
import io.dropwizard.auth.AuthValueFactoryProvider;
import io.dropwizard.auth.oauth.OAuthCredentialAuthFilter;
import io.dropwizard.testing.junit5.DropwizardClientExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import io.dropwizard.util.Duration;
import io.github.bucket4j.TimeMeter;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.client.Invocation;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The rate limits with budgets small enough to meet, on a real Jetty with the service's own
 * authentication in front, so that what is proven is the filter's order as well as its budgets.
 * No store: the resource behind the filter does nothing.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class RateLimitFilterTest {
    private static final TokenService TOKENS = new TokenService(
            "rate-limit-test-secret-0123456789abcdef",
            java.time.Duration.ofHours(1),
            java.time.Duration.ofHours(1),
            Clock.systemUTC());
    private static final ManualTime TIME = new ManualTime();
    private static final DropwizardClientExtension APP = new DropwizardClientExtension(
            new AuthDynamicFeature(new OAuthCredentialAuthFilter.Builder<UserPrincipal>()
                    .setAuthenticator(new TokenAuthenticator(TOKENS, claims -> true))
                    .setPrefix("Bearer")
                    .setUnauthorizedHandler(new JsonUnauthorizedHandler())
                    .buildAuthFilter()),
            new AuthValueFactoryProvider.Binder<>(UserPrincipal.class),
            tightBudgets().build(new MetricRegistry(), TIME),
            new Endpoints());
    private static final Client CLIENT = ClientBuilder.newClient().register(JacksonJsonProvider.class);

    /** Writes 3 at once, then one a minute; reads 5 at once; sign-ups 2 at once. */
    private static RateLimitsFactory tightBudgets() {
        RateLimitsFactory limits = new RateLimitsFactory();
        limits.writes = new RateBudget(1, Duration.minutes(1), 3);
        limits.reads = new RateBudget(1, Duration.minutes(1), 5);
        limits.signUps = new RateBudget(1, Duration.minutes(1), 2);
        return limits;
    }

    @Path("/limited")
    public static class Endpoints {
        @GET
        public void read(@Auth UserPrincipal me) {}

        @POST
        public void write(@Auth UserPrincipal me) {}

        @GET
        @Path("/open")
        public void describe() {}

        @POST
        @Path("/open")
        public void signUp() {}
    }

    @AfterAll
    static void closeClient() {
        CLIENT.close();
    }

    private static Invocation.Builder request(String path, String token) {
        Invocation.Builder builder = CLIENT.target(APP.baseUri()).path(path).request();
        return token == null ? builder : builder.header(HttpHeaders.AUTHORIZATION, "Bearer " + token);
    }

    private static int write(String token) {
        try (Response r = request("/limited", token).post(Entity.json("{}"))) {
            return r.getStatus();
        }
    }

    private static int read(String token) {
        try (Response r = request("/limited", token).get()) {
            return r.getStatus();
        }
    }

    @Test
    void writesOverTheUsersBudgetAre429WithRetryAfterAndTheErrorShape() {
        String ada = TOKENS.mint(101);
        for (int i = 0; i < 3; i++) {
            assertThat(write(ada)).isEqualTo(204);
        }
        try (Response r = request("/limited", ada).post(Entity.json("{}"))) {
            assertThat(r.getStatus()).isEqualTo(429);
            long retryAfter = Long.parseLong(r.getHeaderString(HttpHeaders.RETRY_AFTER));
            assertThat(retryAfter).isBetween(1L, 60L);
            JsonNode body = r.readEntity(JsonNode.class);
            assertThat(body.get("code").asInt()).isEqualTo(429);
            assertThat(body.get("message").asText()).isNotBlank();
        }
        assertThat(read(ada)).as("reads have a budget of their own").isEqualTo(204);
        // Same address, another token: the budget is the user's, so authentication ran first.
        assertThat(write(TOKENS.mint(102))).isEqualTo(204);
    }

    @Test
    void everyChargedAnswerSaysWhereItsBudgetStands() {
        String erin = TOKENS.mint(501);
        for (int left = 2; left >= 0; left--) {
            try (Response r = request("/limited", erin).post(Entity.json("{}"))) {
                assertThat(r.getStatus()).isEqualTo(204);
                assertThat(r.getHeaderString(RateLimitFilter.LIMIT)).isEqualTo("3");
                assertThat(r.getHeaderString(RateLimitFilter.REMAINING)).isEqualTo(Integer.toString(left));
                // One a minute refills it: a minute for each token taken.
                assertThat(Long.parseLong(r.getHeaderString(RateLimitFilter.RESET)))
                        .isEqualTo(60L * (3 - left));
            }
        }
        try (Response r = request("/limited", erin).post(Entity.json("{}"))) {
            assertThat(r.getStatus()).isEqualTo(429);
            assertThat(r.getHeaderString(RateLimitFilter.REMAINING)).isEqualTo("0");
            assertThat(r.getHeaderString(RateLimitFilter.RESET)).isEqualTo("180");
        }
        try (Response r = request("/limited", erin + "x").post(Entity.json("{}"))) {
            assertThat(r.getStatus()).isEqualTo(401);
            assertThat(r.getHeaderString(RateLimitFilter.LIMIT))
                    .as("a refused token is charged to no budget")
                    .isNull();
        }
    }

    @Test
    void readsOverTheUsersBudgetAre429() {
        String bob = TOKENS.mint(201);
        for (int i = 0; i < 5; i++) {
            assertThat(read(bob)).isEqualTo(204);
        }
        assertThat(read(bob)).isEqualTo(429);
        assertThat(write(bob)).isEqualTo(204);
    }

    @Test
    void theBudgetRefillsAtItsRate() {
        String carl = TOKENS.mint(301);
        for (int i = 0; i < 3; i++) {
            assertThat(write(carl)).isEqualTo(204);
        }
        assertThat(write(carl)).isEqualTo(429);
        TIME.advance(TimeUnit.MINUTES, 1);
        assertThat(write(carl)).isEqualTo(204);
        assertThat(write(carl)).isEqualTo(429);
    }

    @Test
    void requestsWithoutAValidTokenAre401BeforeAnyBudget() {
        String dave = TOKENS.mint(401);
        for (int i = 0; i < 3; i++) {
            assertThat(write(dave)).isEqualTo(204);
        }
        assertThat(write(dave)).isEqualTo(429);
        assertThat(write(dave + "x")).isEqualTo(401);
        assertThat(write(null)).isEqualTo(401);
    }

    @Test
    void signUpsAreCountedPerAddress() {
        for (int i = 0; i < 2; i++) {
            try (Response r = request("/limited/open", null).post(Entity.json("{}"))) {
                assertThat(r.getStatus()).isEqualTo(204);
            }
        }
        try (Response r = request("/limited/open", null).post(Entity.json("{}"))) {
            assertThat(r.getStatus()).isEqualTo(429);
            assertThat(r.getHeaderString(HttpHeaders.RETRY_AFTER)).matches("[1-9][0-9]*");
        }
        try (Response r = request("/limited/open", null).get()) {
            assertThat(r.getStatus())
                    .as("reads without a token have the reads budget")
                    .isEqualTo(204);
        }
    }

    /** Bucket4j's clock, moved by the test. */
    private static final class ManualTime implements TimeMeter {
        private final AtomicLong nanos = new AtomicLong();

        void advance(TimeUnit unit, long amount) {
            nanos.addAndGet(unit.toNanos(amount));
        }

        @Override
        public long currentTimeNanos() {
            return nanos.get();
        }

        @Override
        public boolean isWallClockBased() {
            return false;
        }
    }
}
