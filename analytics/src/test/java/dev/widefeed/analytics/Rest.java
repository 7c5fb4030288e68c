package dev.widefeed.analytics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** The service's REST API, as much of it as the tests use to fill the tables. */
final class Rest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final ServiceProcess service;
    private final HttpClient client = HttpClient.newHttpClient();

    Rest(ServiceProcess service) {
        this.service = service;
    }

    /** A new user: {id, token}. */
    JsonNode signUp(String handle) throws IOException, InterruptedException {
        JsonNode answer = send("POST", "/v1/users", null,
                JSON.createObjectNode().put("name", handle).put("handle", handle).put("password", "a long passphrase"));
        return JSON.createObjectNode().put("id", answer.get("user").get("id").asText())
                .put("token", answer.get("token").asText());
    }

    JsonNode send(String method, String path, String token, JsonNode body) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(service.api(path)).header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() >= 300) {
            throw new IOException(method + " " + path + ": " + response.statusCode() + " " + response.body());
        }
        return response.body().isEmpty() ? JSON.nullNode() : JSON.readTree(response.body());
    }
}
