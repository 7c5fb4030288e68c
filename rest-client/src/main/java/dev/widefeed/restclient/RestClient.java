package dev.widefeed.restclient;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * A client of the service's REST contract at one base address, over the JDK's HTTP client. A request asks for JSON;
 * its answer is a {@link Reply}. Three ways to send, by what the caller wants of a request that gets no answer:
 * {@link #send} throws the JDK's {@link IOException} ({@link java.net.http.HttpTimeoutException},
 * {@link java.net.ConnectException}, ...), {@link #sendOrNoAnswer} answers {@link Reply#noAnswer} instead, and
 * {@link #sendAsync} fails its future with that exception. An error status is an answer like any other.
 */
public final class RestClient {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http;
    private final String base;
    private final Duration requestTimeout;

    /**
     * @param base           the service's root, such as {@code http://127.0.0.1:8080}; paths are appended to it
     * @param connectTimeout how long a new connection may take
     * @param requestTimeout how long a request may wait for its answer, unless it says otherwise
     */
    public RestClient(URI base, Duration connectTimeout, Duration requestTimeout) {
        String root = base.toString();
        this.base = root.endsWith("/") ? root.substring(0, root.length() - 1) : root;
        this.requestTimeout = requestTimeout;
        // HTTP/1.1 only: by default the client offers an upgrade to HTTP/2 on its first request, which the service's
        // connector does not speak.
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(connectTimeout)
                .build();
    }

    public Reply send(RestRequest request) throws IOException, InterruptedException {
        HttpRequest built = build(request);
        long start = System.nanoTime();
        return reply(http.send(built, HttpResponse.BodyHandlers.ofByteArray()), start);
    }

    /** Never throws for want of an answer; an interrupted wait ends as no answer, the thread's interrupt kept. */
    public Reply sendOrNoAnswer(RestRequest request) {
        HttpRequest built = build(request);
        long start = System.nanoTime();
        try {
            return reply(http.send(built, HttpResponse.BodyHandlers.ofByteArray()), start);
        } catch (IOException e) {
            return Reply.noAnswer(microsSince(start));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Reply.noAnswer(microsSince(start));
        }
    }

    public CompletableFuture<Reply> sendAsync(RestRequest request) {
        HttpRequest built = build(request);
        long start = System.nanoTime();
        return http.sendAsync(built, HttpResponse.BodyHandlers.ofByteArray()).thenApply(answer -> reply(answer, start));
    }

    private HttpRequest build(RestRequest request) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + request.path()))
                .timeout(request.timeout() == null ? requestTimeout : request.timeout())
                .header("Accept", "application/json");
        if (request.token() != null) {
            builder.header("Authorization", "Bearer " + request.token());
        }
        request.headers().forEach(builder::header);
        if (request.body() == null) {
            return builder.method(request.method(), HttpRequest.BodyPublishers.noBody())
                    .build();
        }
        try {
            return builder.header("Content-Type", "application/json")
                    .method(
                            request.method(),
                            HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(request.body())))
                    .build();
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    "not writable as JSON: " + request.body().getClass().getName(), e);
        }
    }

    private static Reply reply(HttpResponse<byte[]> answer, long start) {
        long micros = microsSince(start);
        byte[] bytes = answer.body();
        return new Reply(
                answer.statusCode(),
                json(bytes),
                new String(bytes, StandardCharsets.UTF_8),
                micros,
                answer.headers().firstValue("Retry-After").isPresent(),
                answer.headers()
                        .firstValue("Idempotent-Replayed")
                        .filter("true"::equals)
                        .isPresent());
    }

    private static JsonNode json(byte[] bytes) {
        if (bytes.length == 0) {
            return null;
        }
        try {
            return JSON.readTree(bytes);
        } catch (IOException notJson) {
            return null;
        }
    }

    private static long microsSince(long start) {
        return (System.nanoTime() - start) / 1_000;
    }
}
