package dev.widefeed.restclient;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One request of the REST contract: a method, a path under the client's base (with its query, if any), and what
 * goes with them. Each {@code with…} answers a new request, so a request can be built once and sent many times.
 *
 * @param token   sent as {@code Authorization: Bearer …}; null: none
 * @param body    sent as JSON; null: no body (and no {@code Content-Type})
 * @param headers further headers, such as {@code Idempotency-Key}
 * @param timeout how long this request may wait for its answer; null: the client's own timeout
 */
public record RestRequest(
        String method, String path, String token, Object body, Map<String, String> headers, Duration timeout) {
    public RestRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        headers = Map.copyOf(headers);
    }

    public static RestRequest of(String method, String path) {
        return new RestRequest(method, path, null, null, Map.of(), null);
    }

    public static RestRequest get(String path) {
        return of("GET", path);
    }

    public RestRequest withToken(String bearerToken) {
        return new RestRequest(method, path, bearerToken, body, headers, timeout);
    }

    public RestRequest withBody(Object json) {
        return new RestRequest(method, path, token, json, headers, timeout);
    }

    public RestRequest withHeader(String name, String value) {
        Map<String, String> more = new HashMap<>(headers);
        more.put(name, value);
        return new RestRequest(method, path, token, body, more, timeout);
    }

    public RestRequest withTimeout(Duration answerWithin) {
        return new RestRequest(method, path, token, body, headers, answerWithin);
    }
}
