package dev.widefeed.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.jakarta.rs.json.JacksonJsonProvider;
import dev.widefeed.restclient.Reply;
import dev.widefeed.restclient.RestClient;
import dev.widefeed.restclient.RestRequest;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.client.Invocation;
import jakarta.ws.rs.client.WebTarget;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** HTTP calls to a running service, and the assertions every REST contract test makes on answers. */
public final class ApiClient implements AutoCloseable {
    /** The password every user the tests sign up has. */
    public static final String PASSWORD = "correct horse battery";

    /**
     * How long a test waits for the service's background work (the event log's: fan-out, notifications, topics, the
     * directory): the REST classes share one service per backend, three classes run at a time beside store contracts
     * loading the same stores, and in the whole suite such work has taken over a minute.
     */
    public static final Duration BACKGROUND_WORK = Duration.ofMinutes(3);

    /** A sign-up body: the given fields and {@link #PASSWORD}. */
    public static Map<String, String> signUp(String... fieldsAndValues) {
        Map<String, String> body = new java.util.LinkedHashMap<>();
        for (int i = 0; i < fieldsAndValues.length; i += 2) {
            body.put(fieldsAndValues[i], fieldsAndValues[i + 1]);
        }
        body.put("password", PASSWORD);
        return body;
    }

    /** A user created over the API, with its token. */
    public record Created(String id, String token) {}

    private final Client client;
    /** Every exchange checked against the description the service serves. */
    private final DescribedExchanges described;
    /** For PATCH, which the JAX-RS client's HttpURLConnection cannot send, and DELETE with a body. */
    private final RestClient http;

    private final String base;
    private final String admin;
    private final String tokenSecret;

    public ApiClient(int port, int adminPort, String tokenSecret) {
        this.base = "http://localhost:" + port;
        this.admin = "http://localhost:" + adminPort;
        this.tokenSecret = tokenSecret;
        this.described = new DescribedExchanges(URI.create(base));
        this.client =
                ClientBuilder.newClient().register(JacksonJsonProvider.class).register(described);
        // Generous: no answer the contract gives takes minutes; the bound only keeps a hung service from hanging a
        // test.
        this.http = new RestClient(URI.create(base), Duration.ofSeconds(10), Duration.ofMinutes(5));
    }

    /** Where the service answers, for tests that send requests byte by byte. */
    public URI baseUri() {
        return URI.create(base);
    }

    /** A client that sends requests as written, each answer checked against the description as this client's are. */
    public RawHttp raw() {
        return new RawHttp(baseUri(), described);
    }

    /** The secret the service signs tokens with, for tests that forge or age tokens. */
    public String tokenSecret() {
        return tokenSecret;
    }

    public Invocation.Builder request(String path, String token) {
        return request(path, token, Map.of());
    }

    public Invocation.Builder request(String path, String token, Map<String, String> query) {
        WebTarget target = client.target(base).path(path);
        for (var e : query.entrySet()) {
            target = target.queryParam(e.getKey(), e.getValue());
        }
        Invocation.Builder builder = target.request(MediaType.APPLICATION_JSON);
        return token == null ? builder : builder.header("Authorization", "Bearer " + token);
    }

    public Invocation.Builder admin(String path) {
        return client.target(admin).path(path).request();
    }

    public Created createUser(String name) {
        try (Response r = request("/v1/users", null).post(Entity.json(Map.of("name", name, "password", PASSWORD)))) {
            assertThat(r.getStatus()).isEqualTo(201);
            JsonNode body = r.readEntity(JsonNode.class);
            return new Created(
                    body.get("user").get("id").asText(), body.get("token").asText());
        }
    }

    /** An answer's status and JSON body (null when it has none). */
    public record Answer(int status, JsonNode body) {
        /** The body, which must come with this status. */
        public JsonNode body(int expected) {
            assertThat(status).as("status of %s", body).isEqualTo(expected);
            return body;
        }

        /** The contract's error shape with this status; its body. */
        public JsonNode error(int expected) {
            assertThat(status).isEqualTo(expected);
            assertThat(body.get("code").asInt()).isEqualTo(expected);
            assertThat(body.get("message").asText()).isNotBlank();
            return body;
        }
    }

    /** A PATCH with a JSON body. */
    public Answer patch(String path, String token, Object body) {
        return send("PATCH", path, token, body);
    }

    /** A DELETE with a JSON body (which Jersey's client refuses to send). */
    public Answer delete(String path, String token, Object body) {
        return send("DELETE", path, token, body);
    }

    private Answer send(String method, String path, String token, Object body) {
        try {
            RestRequest request = RestRequest.of(method, path).withToken(token).withBody(body);
            Reply reply = http.send(request);
            described.check(
                    method,
                    URI.create(base + path),
                    token == null ? Map.of() : Map.of("Authorization", List.of("Bearer " + token)),
                    () -> Optional.ofNullable(body).map(ApiClient::json),
                    reply.status(),
                    // the JSON the client reads; it keeps no other header
                    reply.text().isEmpty() ? Map.of() : Map.of("Content-Type", List.of(MediaType.APPLICATION_JSON)),
                    reply.text().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return new Answer(reply.status(), reply.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String json(Object body) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(body);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** GET that must answer 200; its body. */
    public JsonNode get(String path, String token) {
        return get(path, token, Map.of());
    }

    public JsonNode get(String path, String token, Map<String, String> query) {
        try (Response r = request(path, token, query).get()) {
            assertThat(r.getStatus()).as("GET %s", path).isEqualTo(200);
            return r.readEntity(JsonNode.class);
        }
    }

    /** The answer is the contract's error shape with this status; its body. */
    public static JsonNode assertError(Response r, int status) {
        try (r) {
            assertThat(r.getStatus()).isEqualTo(status);
            JsonNode body = r.readEntity(JsonNode.class);
            assertThat(body.get("code").asInt()).isEqualTo(status);
            assertThat(body.get("message").asText()).isNotBlank();
            return body;
        }
    }

    /** The answer's status, the body read and closed. */
    public static int status(Response r) {
        try (r) {
            return r.getStatus();
        }
    }

    /** The answer must have this status; its JSON body. */
    public static JsonNode body(Response r, int status) {
        try (r) {
            assertThat(r.getStatus()).isEqualTo(status);
            return r.readEntity(JsonNode.class);
        }
    }

    @Override
    public void close() {
        client.close();
    }
}
