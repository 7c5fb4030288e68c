package dev.widefeed.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.zip.GZIPInputStream;

/**
 * Requests sent exactly as written: the path and query as given (no encoding), any bytes as the
 * body, with or without a Content-Length. A JAX-RS client would tidy up much of what hostile-input
 * tests need to send. Each answer is checked against the service's OpenAPI description as the JAX-RS client's are
 * ({@link DescribedExchanges}).
 */
public final class RawHttp {
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * A request to send: {@code target} is the path and query, sent as is; a {@code streamed} body goes
     * chunked, without a Content-Length.
     */
    public record Request(
            String method, String target, String token, byte[] body, Map<String, String> headers, boolean streamed) {
        public static Request of(String method, String target, String token) {
            return new Request(method, target, token, null, Map.of(), false);
        }

        public Request json(String body) {
            return bytes(body.getBytes(StandardCharsets.UTF_8)).header("Content-Type", "application/json");
        }

        public Request bytes(byte[] bytes) {
            return new Request(method, target, token, bytes, headers, streamed);
        }

        public Request header(String name, String value) {
            Map<String, String> more = new LinkedHashMap<>(headers);
            more.put(name, value);
            return new Request(method, target, token, body, more, streamed);
        }

        /** Sent without a Content-Length, so only reading the body shows how large it is. */
        public Request chunked() {
            return new Request(method, target, token, body, headers, true);
        }

        @Override
        public String toString() {
            return method + " " + (target.length() > 120 ? target.substring(0, 120) + "..." : target);
        }
    }

    /** The status and body of an answer. */
    public record Answer(int status, String contentType, String body) {
        /** The body as JSON, or null when it is not JSON. */
        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                return null;
            }
        }

        /** Whether this is the contract's error answer for its status: {"code": status, "message": "..."}. */
        public boolean isContractError() {
            JsonNode json = json();
            return json != null
                    && json.path("code").asInt() == status
                    && !json.path("message").asText().isBlank()
                    && contentType != null
                    && contentType.startsWith("application/json");
        }
    }

    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    private final URI base;
    /** Where each answer is checked against the service's description, as the JAX-RS client's are. */
    private final DescribedExchanges described;

    /** From {@link ApiClient#raw}. */
    RawHttp(URI base, DescribedExchanges described) {
        this.base = base;
        this.described = described;
    }

    /** A body as the service reads it: inflated when it was sent gzipped. */
    private static String asRead(Request request, byte[] body) {
        boolean gzipped = request.headers().entrySet().stream()
                .anyMatch(h -> h.getKey().equalsIgnoreCase("Content-Encoding")
                        && h.getValue().equalsIgnoreCase("gzip"));
        if (!gzipped) {
            return new String(body, StandardCharsets.UTF_8);
        }
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return ""; // malformed on purpose: the service refuses it, and a refused request is not checked
        }
    }

    public Answer send(Request request) {
        HttpRequest.BodyPublisher body = request.body() == null
                ? HttpRequest.BodyPublishers.noBody()
                : request.streamed()
                        ? HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(request.body()))
                        : HttpRequest.BodyPublishers.ofByteArray(request.body());
        HttpRequest.Builder http = HttpRequest.newBuilder(URI.create(base + request.target()))
                .timeout(Duration.ofSeconds(60))
                .method(request.method(), body);
        request.headers().forEach(http::header);
        if (request.token() != null) {
            http.header("Authorization", "Bearer " + request.token());
        }
        try {
            HttpResponse<String> response;
            try {
                response = client.send(http.build(), HttpResponse.BodyHandlers.ofString());
            } catch (IOException e) {
                // Jetty closes a connection after refusing a request whose body it did not read; the
                // client may have sent the next request on it already. That one was never read: resend.
                response = client.send(http.build(), HttpResponse.BodyHandlers.ofString());
            }
            described.check(
                    request.method(),
                    response.request().uri(),
                    response.request().headers().map(),
                    () -> Optional.ofNullable(request.body()).map(b -> asRead(request, b)),
                    response.statusCode(),
                    response.headers().map(),
                    response.body().getBytes(StandardCharsets.UTF_8));
            return new Answer(
                    response.statusCode(),
                    response.headers().firstValue("Content-Type").orElse(null),
                    response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(request + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
