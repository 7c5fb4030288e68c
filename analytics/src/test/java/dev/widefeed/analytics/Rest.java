package dev.widefeed.analytics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.widefeed.restclient.Reply;
import dev.widefeed.restclient.RestClient;
import dev.widefeed.restclient.RestRequest;
import java.io.IOException;
import java.time.Duration;

/** The service's REST API, as much of it as the tests use to fill the tables. */
final class Rest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final RestClient client;

    Rest(ServiceProcess service) {
        this.client = new RestClient(service.api(""), Duration.ofSeconds(10), Duration.ofMinutes(1));
    }

    /** A new user: {id, token}. */
    JsonNode signUp(String handle) throws IOException, InterruptedException {
        JsonNode answer = send(
                "POST",
                "/v1/users",
                null,
                JSON.createObjectNode()
                        .put("name", handle)
                        .put("handle", handle)
                        .put("password", "a long passphrase"));
        return JSON.createObjectNode()
                .put("id", answer.get("user").get("id").asText())
                .put("token", answer.get("token").asText());
    }

    JsonNode send(String method, String path, String token, JsonNode body) throws IOException, InterruptedException {
        Reply reply = client.send(RestRequest.of(method, path).withToken(token).withBody(body));
        if (reply.status() >= 300) {
            throw new IOException(method + " " + path + ": " + reply.status() + " " + reply.text());
        }
        return reply.body() == null ? JSON.nullNode() : reply.body();
    }
}
