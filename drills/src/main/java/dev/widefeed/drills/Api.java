package dev.widefeed.drills;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The REST contract as a drill's client uses it: every call answers a {@link Reply}, never throws; a request
 * the service does not answer within {@link #TIMEOUT} (or a refused connection) is status -1, so a hung
 * request thread shows up as a figure instead of hanging the drill.
 */
final class Api {
    static final Duration TIMEOUT = Duration.ofSeconds(15);
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String PASSWORD = "drill password 12345";

    /** One answer: the status (-1: none within the timeout), the body (null when none or not JSON), how long it took. */
    record Reply(int status, JsonNode body, long micros, boolean retryAfter, boolean replayed) {
        /** An answer that says nothing of idempotency ({@code replayed}: it was the first request's answer again). */
        Reply(int status, JsonNode body, long micros, boolean retryAfter) {
            this(status, body, micros, retryAfter, false);
        }

        boolean ok() {
            return status >= 200 && status < 300;
        }

        String text(String field) {
            return body == null || body.get(field) == null ? null : body.get(field).asText();
        }
    }

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;
    private final String admin;

    Api(int port, int adminPort) {
        this.base = "http://127.0.0.1:" + port;
        this.admin = "http://127.0.0.1:" + adminPort;
    }

    Reply signUp(String name) {
        return send(json("POST", base + "/v1/users", null, Map.of("name", name, "password", PASSWORD)));
    }

    Reply post(String token, String content) {
        return send(json("POST", base + "/v1/posts", token, Map.of("content", content)));
    }

    /** Trades a session's refresh token (each works once) for its next access token and refresh token. */
    Reply refresh(String refreshToken) {
        return send(json("POST", base + "/v1/sessions/refresh", null, Map.of("refreshToken", refreshToken)));
    }

    Reply getPost(String token, String postId) {
        return send(request(base + "/v1/posts/" + postId, token).GET().build());
    }

    Reply like(String token, String postId, boolean like) {
        HttpRequest.Builder request = request(base + "/v1/posts/" + postId + "/like", token);
        return send((like ? request.PUT(HttpRequest.BodyPublishers.noBody()) : request.DELETE()).build());
    }

    Reply likers(String token, String postId, String cursor) {
        return send(request(base + "/v1/posts/" + postId + "/likes" + page(cursor), token).GET().build());
    }

    Reply follow(String token, String me, String target, boolean follow) {
        HttpRequest.Builder request = request(base + "/v1/users/" + me + "/following/" + target, token);
        return send((follow ? request.PUT(HttpRequest.BodyPublishers.noBody()) : request.DELETE()).build());
    }

    /** Follows every one of {@code targets} at once (1..1000; 200 with how many were new). */
    Reply followAll(String token, String me, List<String> targets) {
        return send(json("POST", base + "/v1/users/" + me + "/following", token, Map.of("ids", targets)));
    }

    /** {@code followers} or {@code following}, a page of 100. */
    Reply relations(String token, String user, String list, String cursor) {
        return send(request(base + "/v1/users/" + user + "/" + list + page(cursor), token).GET().build());
    }

    /** The largest page the contract gives, after {@code cursor} (null: the first). */
    private static String page(String cursor) {
        return "?limit=100" + (cursor == null ? "" : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8));
    }

    /** {@code user}'s own posts, a page of 100 after {@code cursor}. */
    Reply posts(String token, String user, String cursor) {
        return send(request(base + "/v1/users/" + user + "/posts" + page(cursor), token).GET().build());
    }

    /** {@code user}'s home timeline (theirs only: {@code token} must be theirs), a page of 100 after {@code cursor}. */
    Reply home(String token, String user, String cursor) {
        return send(request(base + "/v1/users/" + user + "/home" + page(cursor), token).GET().build());
    }

    Reply user(String token, String user) {
        return send(request(base + "/v1/users/" + user, token).GET().build());
    }

    /** The first page (20) of {@code user}'s home timeline, as the app opens it. */
    Reply home(String token, String user) {
        return send(request(base + "/v1/users/" + user + "/home?limit=20", token).GET().build());
    }

    Reply comment(String token, String postId, String content) {
        return send(json("POST", base + "/v1/posts/" + postId + "/comments", token, Map.of("content", content)));
    }

    /** A comment sent with an {@code Idempotency-Key}: the same key again answers the first request's comment. */
    Reply comment(String token, String postId, String content, String idempotencyKey) {
        HttpRequest.Builder request = request(base + "/v1/posts/" + postId + "/comments", token)
                .header("Idempotency-Key", idempotencyKey).header("Content-Type", "application/json");
        try {
            return send(request.POST(HttpRequest.BodyPublishers.ofByteArray(
                    JSON.writeValueAsBytes(Map.of("content", content)))).build());
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** Fixed page {@code page} (1, 2, ...) of a post's top-level comments, oldest first. */
    Reply comments(String token, String postId, int page) {
        return send(request(base + "/v1/posts/" + postId + "/comments?page=" + page, token).GET().build());
    }

    /** The delivery plan and progress of a post's fan-out (its author's token). */
    Reply fanout(String token, String postId) {
        return send(request(base + "/v1/posts/" + postId + "/fanout", token).GET().build());
    }

    /** A page of 100 of a user's notification groups, after {@code cursor} (null: the first). */
    Reply notifications(String token, String user, String cursor) {
        return send(request(base + "/v1/users/" + user + "/notifications" + page(cursor), token).GET().build());
    }

    Reply userByHandle(String token, String handle) {
        return send(request(base + "/v1/users/by-handle/" + handle, token).GET().build());
    }

    Reply getComment(String token, String commentId) {
        return send(request(base + "/v1/comments/" + commentId, token).GET().build());
    }

    Reply health() {
        return send(HttpRequest.newBuilder(URI.create(admin + "/healthcheck")).timeout(TIMEOUT).GET().build());
    }

    Reply metrics() {
        return send(HttpRequest.newBuilder(URI.create(admin + "/metrics")).timeout(TIMEOUT).GET().build());
    }

    /** Runs an admin task and answers its printed output (null when it failed). */
    String task(String nameAndQuery, Duration within) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(admin + "/tasks/" + nameAndQuery)).timeout(within)
                .POST(HttpRequest.BodyPublishers.noBody()).build();
        try {
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? response.body() : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private HttpRequest.Builder request(String uri, String token) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(uri)).timeout(TIMEOUT)
                .header("Accept", "application/json");
        return token == null ? builder : builder.header("Authorization", "Bearer " + token);
    }

    private HttpRequest json(String method, String uri, String token, Object body) {
        try {
            return request(uri, token).header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body))).build();
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private Reply send(HttpRequest request) {
        long start = System.nanoTime();
        try {
            HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
            long micros = (System.nanoTime() - start) / 1_000;
            JsonNode body = null;
            if (response.body().length > 0) {
                try {
                    body = JSON.readTree(response.body());
                } catch (IOException notJson) {
                    body = null;
                }
            }
            return new Reply(response.statusCode(), body, micros,
                    response.headers().firstValue("Retry-After").isPresent(),
                    response.headers().firstValue("Idempotent-Replayed").filter("true"::equals).isPresent());
        } catch (IOException e) {
            return new Reply(-1, null, (System.nanoTime() - start) / 1_000, false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Reply(-1, null, (System.nanoTime() - start) / 1_000, false);
        }
    }
}
