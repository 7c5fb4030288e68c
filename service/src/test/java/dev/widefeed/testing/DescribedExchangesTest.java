package dev.widefeed.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every contract test's exchanges pass through {@link DescribedExchanges}, so the contract suites prove the served
 * OpenAPI description true only if an exchange it does not describe really fails the test. Shown here against a
 * small HTTP server that serves a description of one operation and answers as described and not.
 */
class DescribedExchangesTest {
    private static final String DESCRIPTION = """
            {"openapi": "3.0.1", "info": {"title": "t", "version": "1"},
             "paths": {"/v1/things/{id}": {"get": {
               "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
               "responses": {
                 "200": {"description": "the thing", "content": {"application/json": {"schema": {
                   "type": "object", "required": ["id"], "additionalProperties": false,
                   "properties": {"id": {"type": "string"}}}}}},
                 "404": {"description": "no such thing", "content": {"application/json": {"schema": {
                   "type": "object", "required": ["error"], "properties": {"error": {"type": "string"}}}}}}}}}}}
            """;

    private static final Map<String, Answer> ANSWERS = Map.of(
            "/v1/openapi.json", new Answer(200, DESCRIPTION),
            "/v1/things/described", new Answer(200, "{\"id\": \"described\"}"),
            "/v1/things/missing", new Answer(404, "{\"error\": \"no such thing\"}"),
            "/v1/things/wrong-type", new Answer(200, "{\"id\": 7}"),
            "/v1/things/extra-field", new Answer(200, "{\"id\": \"x\", \"secret\": \"y\"}"),
            "/v1/things/unlisted-status", new Answer(500, "{\"error\": \"oops\"}"),
            "/v1/undescribed", new Answer(200, "{}"),
            "/v1/things/refused-by-the-server", new Answer(414, "{\"code\": 414, \"message\": \"URI Too Long\"}"),
            "/v1/things/refused-bare", new Answer(414, "<h1>Bad Message 414</h1>"));

    private record Answer(int status, String body) {}

    private HttpServer server;
    private Client client;
    private URI base;

    @BeforeEach
    void serve() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            Answer answer = ANSWERS.getOrDefault(
                    exchange.getRequestURI().getPath(), new Answer(404, "{\"error\": \"not served\"}"));
            byte[] body = answer.body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(answer.status(), body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        base = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
        client = ClientBuilder.newClient().register(new DescribedExchanges(base));
    }

    @AfterEach
    void stop() {
        client.close();
        server.stop(0);
    }

    private int get(String path) {
        try (Response r = client.target(base).path(path).request().get()) {
            return r.getStatus();
        }
    }

    @Test
    void describedAnswersPass() {
        assertThat(get("/v1/things/described")).isEqualTo(200);
        assertThat(get("/v1/things/missing")).isEqualTo(404);
    }

    @Test
    void aBodyTheDescriptionDoesNotDescribeFailsTheTest() {
        assertFailsDescribing(() -> get("/v1/things/wrong-type"), "/v1/things/wrong-type");
        assertFailsDescribing(() -> get("/v1/things/extra-field"), "/v1/things/extra-field");
    }

    @Test
    void aStatusTheOperationDoesNotListFailsTheTest() {
        assertFailsDescribing(() -> get("/v1/things/unlisted-status"), "answering 500");
    }

    @Test
    void whatTheHttpServerRefusesBeforeAnyOperationPassesOnlyInTheErrorShape() {
        assertThat(get("/v1/things/refused-by-the-server")).isEqualTo(414);
        assertFailsDescribing(() -> get("/v1/things/refused-bare"), "answering 414");
    }

    @Test
    void aServedPathTheDescriptionLacksFailsTheTest() {
        assertFailsDescribing(() -> get("/v1/undescribed"), "/v1/undescribed");
    }

    private static void assertFailsDescribing(ThrowingCallable call, String named) {
        assertThatThrownBy(call)
                .rootCause()
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("does not describe")
                .hasMessageContaining(named);
    }
}
