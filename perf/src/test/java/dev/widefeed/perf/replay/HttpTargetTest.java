package dev.widefeed.perf.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.widefeed.auth.TokenService;
import dev.widefeed.perf.workload.EventKind;
import dev.widefeed.perf.workload.UserIds;
import dev.widefeed.perf.workload.WorkloadEvent;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class HttpTargetTest {
    private static final String SECRET = "a test secret of at least thirty-two characters";
    private static final UserIds USERS = new UserIds(1000);

    private final TokenService tokens =
            new TokenService(SECRET, Duration.ofHours(1), Duration.ofHours(1), Clock.systemUTC());
    /** What the fake service was asked: method, path and query, and the user the token named. */
    private final List<String> requests = new CopyOnWriteArrayList<>();

    private HttpServer server;
    private HttpTarget target;

    @BeforeEach
    void startAFakeService() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            String auth = exchange.getRequestHeaders().getFirst("Authorization");
            Optional<Long> me =
                    tokens.verify(auth.substring("Bearer ".length())).map(c -> c.userId());
            URI uri = exchange.getRequestURI();
            requests.add(exchange.getRequestMethod() + " " + uri + " as " + me.orElse(-1L));
            exchange.getRequestBody().readAllBytes();
            int status;
            String body;
            if (uri.getPath().equals("/v1/posts") || uri.getPath().endsWith("/reposts")) {
                status = 201;
                String id = uri.getPath().endsWith("/reposts") ? "6000" : "5000";
                body = "{\"id\":\"" + id + "\",\"authorId\":\"" + me.orElseThrow() + "\"}";
            } else if (uri.getPath().contains("/following/")) {
                status = 404;
                body = "{\"code\":404,\"message\":\"no user 1009\"}";
            } else {
                status = 200;
                body = "{\"items\":[],\"next\":null}";
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
        target = HttpTarget.open(
                URI.create("http://127.0.0.1:" + server.getAddress().getPort()), USERS, SECRET, 100);
    }

    @AfterEach
    void stop() {
        target.close();
        server.stop(0);
    }

    private long run(EventKind kind, int actor, int target) {
        return this.target
                .execute(new WorkloadEvent(0, kind, actor, target))
                .toCompletableFuture()
                .join();
    }

    @Test
    void mapsEventsOntoTheRestContractWithTokensOfTheActingUser() {
        long before = System.nanoTime();
        long started = run(EventKind.LIKE, 3, 5); // nothing posted yet: a post instead
        assertThat(started).isGreaterThanOrEqualTo(before);
        run(EventKind.LIKE, 4, 3);
        run(EventKind.REPOST, 4, 3);
        run(EventKind.HOME_READ, 4, -1);
        run(EventKind.USER_READ, 4, 3);

        assertThat(requests)
                .containsExactly(
                        "POST /v1/posts as 1003",
                        "PUT /v1/posts/5000/like as 1004",
                        "POST /v1/posts/5000/reposts as 1004",
                        "GET /v1/users/1004/home?limit=20 as 1004",
                        "GET /v1/users/1003/posts?limit=20 as 1004");
        assertThat(target.retargeted()).isEqualTo(1);
        assertThat(target.createdPosts()).containsExactly(new CreatedPost(5000, 1003), new CreatedPost(6000, 1004));
    }

    @Test
    void anErrorStatusFailsTheOperationWithTheStatusAndMessage() {
        assertThatThrownBy(() -> run(EventKind.FOLLOW, 4, 9))
                .isInstanceOf(CompletionException.class)
                .cause()
                .isInstanceOf(HttpTarget.StatusException.class)
                .hasMessage("HTTP 404 no user 1009");
        assertThatThrownBy(() -> run(EventKind.UNFOLLOW, 4, 9)).hasCauseInstanceOf(HttpTarget.StatusException.class);
        assertThat(requests)
                .containsExactly(
                        "PUT /v1/users/1004/following/1009 as 1004", "DELETE /v1/users/1004/following/1009 as 1004");
    }
}
