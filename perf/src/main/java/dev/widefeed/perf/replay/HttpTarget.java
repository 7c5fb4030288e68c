package dev.widefeed.perf.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.widefeed.auth.TokenService;
import dev.widefeed.perf.workload.EventKind;
import dev.widefeed.perf.workload.UserIds;
import dev.widefeed.perf.workload.WorkloadEvent;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A running service over HTTP, per the REST contract, with the same event mapping as {@link ServiceTarget}. Tokens
 * are minted here with the service's secret, as the service's own {@code token} command would. Any status of 400 or
 * above fails the operation, with the status and the service's message as the reason.
 */
public final class HttpTarget implements ReplayTarget {
    private static final String PAGE = "?limit=20";
    /** A request the service has not answered by then fails, so a hung server cannot hold the replay's slots. */
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);
    /** Longer than any replay: a token that expires mid-run would turn into a wall of 401s. */
    private static final Duration TOKEN_LIFETIME = Duration.ofDays(7);
    /** Tokens kept for reuse; a workload of millions of users would otherwise keep millions of strings. */
    private static final int MAX_TOKENS = 100_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final TokenService tokenService;
    private final Map<Long, String> tokens = new ConcurrentHashMap<>();
    private final Actions actions;
    private final HttpClient client;

    /** The service answered with an error status. */
    static final class StatusException extends RuntimeException {
        StatusException(int status, String message) {
            super("HTTP " + status + (message.isEmpty() ? "" : " " + message), null, false, false);
        }
    }

    private HttpTarget(URI base, TokenService tokenService, Actions actions) {
        this.base = base;
        this.tokenService = tokenService;
        this.actions = actions;
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
    }

    /**
     * @param base        the service's root, e.g. {@code http://localhost:8080}
     * @param tokenSecret the service's {@code auth.tokenSecret}
     * @param maxTracked  created posts kept for {@link #createdPosts()}
     */
    public static HttpTarget open(URI base, UserIds users, String tokenSecret, int maxTracked) {
        return new HttpTarget(base, new TokenService(tokenSecret, TOKEN_LIFETIME, TOKEN_LIFETIME, Clock.systemUTC()),
                new Actions(users, RecentPosts.standard(), maxTracked));
    }

    @Override
    public String name() {
        return "http";
    }

    @Override
    public CompletionStage<Long> execute(WorkloadEvent event) {
        Actions.Action action = actions.resolve(event);
        HttpRequest request = request(action, event);
        long start = System.nanoTime();
        return client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()).thenApply(response -> {
            if (response.statusCode() >= 400) {
                throw new StatusException(response.statusCode(), parse(response.body()).path("message").asText(""));
            }
            if (action.kind() == EventKind.POST || action.kind() == EventKind.REPOST) {
                JsonNode post = parse(response.body());
                actions.posted(Long.parseLong(post.path("authorId").asText()),
                        Long.parseLong(post.path("id").asText()));
            }
            return start;
        });
    }

    private HttpRequest request(Actions.Action action, WorkloadEvent event) {
        long me = action.actor();
        long on = action.subject();
        return switch (action.kind()) {
            case POST -> post("/v1/posts", Map.of("content", Actions.text(event)), me);
            case REPOST -> post("/v1/posts/" + on + "/reposts", Map.of(), me);
            case COMMENT -> post("/v1/posts/" + on + "/comments", Map.of("content", Actions.text(event)), me);
            case LIKE -> builder("/v1/posts/" + on + "/like", me).PUT(HttpRequest.BodyPublishers.noBody()).build();
            case HOME_READ -> builder("/v1/users/" + me + "/home" + PAGE, me).GET().build();
            case USER_READ -> builder("/v1/users/" + on + "/posts" + PAGE, me).GET().build();
            case FOLLOW -> builder("/v1/users/" + me + "/following/" + on, me)
                    .PUT(HttpRequest.BodyPublishers.noBody()).build();
            case UNFOLLOW -> builder("/v1/users/" + me + "/following/" + on, me).DELETE().build();
        };
    }

    private HttpRequest post(String path, Map<String, String> body, long me) {
        try {
            return builder(path, me).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body))).build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private HttpRequest.Builder builder(String path, long me) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(REQUEST_TIMEOUT)
                .header("Authorization", "Bearer " + token(me));
    }

    private String token(long userId) {
        String token = tokens.get(userId);
        if (token == null) {
            if (tokens.size() >= MAX_TOKENS) {
                tokens.clear();
            }
            token = tokenService.mint(userId);
            tokens.put(userId, token);
        }
        return token;
    }

    private static JsonNode parse(byte[] body) {
        if (body.length == 0) {
            return JSON.missingNode();
        }
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            return JSON.missingNode(); // an error page from a proxy, say: the status still tells what happened
        }
    }

    /** Posts and reposts created so far, up to {@code maxTracked}, for {@link FanoutDelays}. */
    public List<CreatedPost> createdPosts() {
        return actions.created();
    }

    /** Reposts, comments and likes that became posts because nothing had been posted to act on yet. */
    public long retargeted() {
        return actions.retargeted();
    }

    @Override
    public void summarize(PrintStream out) {
        actions.summarize(name(), out);
    }

    @Override
    public void close() {
        // HttpClient closes its connections when collected (it has no close() before Java 21).
    }
}
