package dev.widefeed.metrics;

import static dev.widefeed.testing.ApiClient.assertError;
import static dev.widefeed.testing.ApiClient.status;
import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.testing.ApiClient;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;

/**
 * {@code GET <admin>/metrics/prometheus} on a test application, for the endpoint's contract and for what one
 * backend's store client adds to it.
 */
final class PrometheusScrapes {
    private PrometheusScrapes() {}

    /** A scrape after a few requests, so the request, store and fan-out families have samples. */
    static PrometheusText afterSomeRequests(ApiClient api) {
        ApiClient.Created ada = api.createUser("Ada");
        ApiClient.Created bob = api.createUser("Bob");
        assertThat(status(api.request("/v1/users/" + ada.id() + "/following/" + bob.id(), ada.token())
                        .put(Entity.json(""))))
                .isEqualTo(204);
        assertThat(status(api.request("/v1/posts", bob.token())
                        .post(Entity.json(Map.of("content", "metrics, where operators look")))))
                .isEqualTo(201);
        api.get("/v1/users/" + ada.id() + "/home", ada.token());
        assertError(api.request("/v1/users/1", ada.token()).get(), 404);
        return scrape(api);
    }

    static PrometheusText scrape(ApiClient api) {
        try (Response r =
                api.admin(PrometheusEndpoint.PATH).accept(MediaType.WILDCARD).get()) {
            assertThat(r.getStatus()).isEqualTo(200);
            assertThat(r.getHeaderString("Content-Type")).startsWith("text/plain; version=0.0.4");
            return PrometheusText.parse(r.readEntity(String.class));
        }
    }
}
