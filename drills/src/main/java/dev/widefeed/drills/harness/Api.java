package dev.widefeed.drills.harness;

import dev.widefeed.restclient.Reply;
import dev.widefeed.restclient.RestClient;
import dev.widefeed.restclient.RestRequest;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The REST contract as a drill's client uses it: every call answers a {@link Reply}, never throws; a request
 * the service does not answer within {@link #TIMEOUT} (or a refused connection) is status -1, so a hung
 * request thread shows up as a figure instead of hanging the drill.
 */
public final class Api {
    public static final Duration TIMEOUT = Duration.ofSeconds(15);
    static final String PASSWORD = "drill password 12345";
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

    private final RestClient api;
    private final RestClient admin;

    Api(int port, int adminPort) {
        this.api = new RestClient(URI.create("http://127.0.0.1:" + port), CONNECT_TIMEOUT, TIMEOUT);
        this.admin = new RestClient(URI.create("http://127.0.0.1:" + adminPort), CONNECT_TIMEOUT, TIMEOUT);
    }

    /** A sign-up under an {@code Idempotency-Key}: the same key again answers the first sign-up's user. */
    Reply signUp(String name, String idempotencyKey) {
        return send(json("POST", "/v1/users", null, Map.of("name", name, "password", PASSWORD))
                .withHeader("Idempotency-Key", idempotencyKey));
    }

    /** A post under an {@code Idempotency-Key}: the same key again answers the first request's post. */
    Reply post(String token, String content, String idempotencyKey) {
        return send(json("POST", "/v1/posts", token, Map.of("content", content))
                .withHeader("Idempotency-Key", idempotencyKey));
    }

    public Reply post(String token, String content) {
        return send(json("POST", "/v1/posts", token, Map.of("content", content)));
    }

    /** Trades a session's refresh token (each works once) for its next access token and refresh token. */
    Reply refresh(String refreshToken) {
        return send(json("POST", "/v1/sessions/refresh", null, Map.of("refreshToken", refreshToken)));
    }

    public Reply getPost(String token, String postId) {
        return get("/v1/posts/" + postId, token);
    }

    public Reply like(String token, String postId, boolean like) {
        return send(RestRequest.of(like ? "PUT" : "DELETE", "/v1/posts/" + postId + "/like")
                .withToken(token));
    }

    public Reply likers(String token, String postId, String cursor) {
        return get("/v1/posts/" + postId + "/likes" + page(cursor), token);
    }

    public Reply follow(String token, String me, String target, boolean follow) {
        return send(RestRequest.of(follow ? "PUT" : "DELETE", "/v1/users/" + me + "/following/" + target)
                .withToken(token));
    }

    /** Follows every one of {@code targets} at once (1..1000; 200 with how many were new). */
    public Reply followAll(String token, String me, List<String> targets) {
        return send(json("POST", "/v1/users/" + me + "/following", token, Map.of("ids", targets)));
    }

    /** {@code followers} or {@code following}, a page of 100. */
    public Reply relations(String token, String user, String list, String cursor) {
        return get("/v1/users/" + user + "/" + list + page(cursor), token);
    }

    /** The largest page the contract gives, after {@code cursor} (null: the first). */
    private static String page(String cursor) {
        return "?limit=100" + (cursor == null ? "" : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8));
    }

    /** {@code user}'s own posts, a page of 100 after {@code cursor}. */
    public Reply posts(String token, String user, String cursor) {
        return get("/v1/users/" + user + "/posts" + page(cursor), token);
    }

    /** {@code user}'s home timeline (theirs only: {@code token} must be theirs), a page of 100 after {@code cursor}. */
    public Reply home(String token, String user, String cursor) {
        return get("/v1/users/" + user + "/home" + page(cursor), token);
    }

    Reply user(String token, String user) {
        return get("/v1/users/" + user, token);
    }

    /** The first page (20) of {@code user}'s home timeline, as the app opens it. */
    public Reply home(String token, String user) {
        return get("/v1/users/" + user + "/home?limit=20", token);
    }

    Reply comment(String token, String postId, String content) {
        return send(json("POST", "/v1/posts/" + postId + "/comments", token, Map.of("content", content)));
    }

    /** A comment sent with an {@code Idempotency-Key}: the same key again answers the first request's comment. */
    public Reply comment(String token, String postId, String content, String idempotencyKey) {
        return send(json("POST", "/v1/posts/" + postId + "/comments", token, Map.of("content", content))
                .withHeader("Idempotency-Key", idempotencyKey));
    }

    /** Fixed page {@code page} (1, 2, ...) of a post's top-level comments, oldest first. */
    public Reply comments(String token, String postId, int page) {
        return get("/v1/posts/" + postId + "/comments?page=" + page, token);
    }

    /** The delivery plan and progress of a post's fan-out (its author's token). */
    public Reply fanout(String token, String postId) {
        return get("/v1/posts/" + postId + "/fanout", token);
    }

    /** A page of 100 of a user's notification groups, after {@code cursor} (null: the first). */
    public Reply notifications(String token, String user, String cursor) {
        return get("/v1/users/" + user + "/notifications" + page(cursor), token);
    }

    public Reply userByHandle(String token, String handle) {
        return get("/v1/users/by-handle/" + handle, token);
    }

    Reply getComment(String token, String commentId) {
        return get("/v1/comments/" + commentId, token);
    }

    public Reply health() {
        return admin.sendOrNoAnswer(RestRequest.get("/healthcheck"));
    }

    public Reply metrics() {
        return admin.sendOrNoAnswer(RestRequest.get("/metrics"));
    }

    /** Runs an admin task and answers its printed output (null when it failed). */
    String task(String nameAndQuery, Duration within) {
        Reply reply = admin.sendOrNoAnswer(
                RestRequest.of("POST", "/tasks/" + nameAndQuery).withTimeout(within));
        return reply.status() == 200 ? reply.text() : null;
    }

    private Reply get(String path, String token) {
        return send(RestRequest.get(path).withToken(token));
    }

    private static RestRequest json(String method, String path, String token, Object body) {
        return RestRequest.of(method, path).withToken(token).withBody(body);
    }

    private Reply send(RestRequest request) {
        return api.sendOrNoAnswer(request);
    }
}
