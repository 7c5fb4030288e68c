package dev.widefeed.perf.replay;

import dev.widefeed.auth.TokenService;
import dev.widefeed.perf.workload.EventKind;
import dev.widefeed.perf.workload.UserIds;
import dev.widefeed.perf.workload.WorkloadEvent;
import dev.widefeed.restclient.RestClient;
import dev.widefeed.restclient.RestRequest;
import java.io.PrintStream;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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

    private final TokenService tokenService;
    private final Map<Long, String> tokens = new ConcurrentHashMap<>();
    private final Actions actions;
    private final RestClient client;

    /** The service answered with an error status. */
    static final class StatusException extends RuntimeException {
        StatusException(int status, String message) {
            super("HTTP " + status + (message.isEmpty() ? "" : " " + message), null, false, false);
        }
    }

    private HttpTarget(URI base, TokenService tokenService, Actions actions) {
        this.tokenService = tokenService;
        this.actions = actions;
        this.client = new RestClient(base, Duration.ofSeconds(5), REQUEST_TIMEOUT);
    }

    /**
     * @param base        the service's root, e.g. {@code http://localhost:8080}
     * @param tokenSecret the service's {@code auth.tokenSecret}
     * @param maxTracked  created posts kept for {@link #createdPosts()}
     */
    public static HttpTarget open(URI base, UserIds users, String tokenSecret, int maxTracked) {
        return new HttpTarget(
                base,
                new TokenService(tokenSecret, TOKEN_LIFETIME, TOKEN_LIFETIME, Clock.systemUTC()),
                new Actions(users, RecentPosts.standard(), maxTracked));
    }

    @Override
    public String name() {
        return "http";
    }

    @Override
    public CompletionStage<Long> execute(WorkloadEvent event) {
        Actions.Action action = actions.resolve(event);
        RestRequest request = request(action, event).withToken(token(action.actor()));
        long start = System.nanoTime();
        return client.sendAsync(request).thenApply(reply -> {
            if (reply.status() >= 400) {
                // a body that is no JSON (an error page from a proxy, say): the status still tells what happened
                throw new StatusException(reply.status(), Objects.requireNonNullElse(reply.text("message"), ""));
            }
            if (action.kind() == EventKind.POST || action.kind() == EventKind.REPOST) {
                actions.posted(Long.parseLong(reply.text("authorId")), Long.parseLong(reply.text("id")));
            }
            return start;
        });
    }

    private static RestRequest request(Actions.Action action, WorkloadEvent event) {
        long me = action.actor();
        long on = action.subject();
        return switch (action.kind()) {
            case POST -> RestRequest.of("POST", "/v1/posts").withBody(Map.of("content", Actions.text(event)));
            case REPOST ->
                RestRequest.of("POST", "/v1/posts/" + on + "/reposts").withBody(Map.of());
            case COMMENT ->
                RestRequest.of("POST", "/v1/posts/" + on + "/comments")
                        .withBody(Map.of("content", Actions.text(event)));
            case LIKE -> RestRequest.of("PUT", "/v1/posts/" + on + "/like");
            case HOME_READ -> RestRequest.get("/v1/users/" + me + "/home" + PAGE);
            case USER_READ -> RestRequest.get("/v1/users/" + on + "/posts" + PAGE);
            case FOLLOW -> RestRequest.of("PUT", "/v1/users/" + me + "/following/" + on);
            case UNFOLLOW -> RestRequest.of("DELETE", "/v1/users/" + me + "/following/" + on);
        };
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
