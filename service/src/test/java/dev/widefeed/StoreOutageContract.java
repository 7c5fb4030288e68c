package dev.widefeed;

import dev.widefeed.testing.ApiClient;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.DropwizardTestSupport;
import io.dropwizard.testing.ResourceHelpers;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Response;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static dev.widefeed.testing.ApiClient.signUp;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A store outage while the service runs: requests answer 503 with Retry-After (never a 500, never
 * a hang), the health check turns unhealthy, and when the store comes back the service serves
 * again by itself, without a restart. Each backend's subclass starts a store of its own (on ports
 * of its own, since the test stops it) and says how the service reaches it.
 */
public abstract class StoreOutageContract {
    protected static final Path DATA_DIR = Path.of(System.getProperty("widefeed.test.dataDir", "target/test-stores"))
            .toAbsolutePath();

    /** Starts (or starts again) this test's own store. */
    protected abstract AutoCloseable startStore();

    /** How the service reaches the store {@link #startStore} runs. */
    protected abstract ConfigOverride[] storeConfig();

    @Test
    void anOutageIs503AndTheServiceRecoversByItself() throws Exception {
        AutoCloseable store = startStore();
        DropwizardTestSupport<WidefeedConfiguration> app = new DropwizardTestSupport<>(WidefeedApplication.class,
                ResourceHelpers.resourceFilePath("api-test.yml"), storeConfig());
        Client client = ClientBuilder.newClient();
        try {
            app.before();
            String base = "http://localhost:" + app.getLocalPort();
            String health = "http://localhost:" + app.getAdminPort() + "/healthcheck";
            assertThat(createUser(client, base)).isEqualTo(201);

            store.close();
            try (Response r = client.target(base).path("/v1/users").request()
                    .post(Entity.json(signUp("name", "during outage")))) {
                assertThat(r.getStatus()).isEqualTo(503);
                assertThat(r.getHeaderString("Retry-After")).isEqualTo("1");
            }
            try (Response r = client.target(health).request().get()) {
                assertThat(r.getStatus()).isEqualTo(500);
            }

            store = startStore();
            Instant deadline = Instant.now().plus(Duration.ofSeconds(90));
            int status = 0;
            while (Instant.now().isBefore(deadline) && (status = createUser(client, base)) != 201) {
                assertThat(status).isEqualTo(503);
                Thread.sleep(500);
            }
            assertThat(status).as("serving again after the store came back").isEqualTo(201);
            // A restarted HBase brings its regions online one by one: the write above may land in one
            // that is back while the health check's read still meets one that is not. Both recover
            // by themselves, the health check within a minute of the first write.
            Instant healthy = Instant.now().plus(Duration.ofSeconds(60));
            String body = "";
            int healthStatus = 0;
            while (Instant.now().isBefore(healthy) && healthStatus != 200) {
                try (Response r = client.target(health).request().get()) {
                    healthStatus = r.getStatus();
                    body = r.readEntity(String.class);
                }
                if (healthStatus != 200) {
                    assertThat(healthStatus).as("health: %s", body).isEqualTo(500);
                    Thread.sleep(500);
                }
            }
            assertThat(healthStatus).as("health: %s", body).isEqualTo(200);
        } finally {
            client.close();
            app.after();
            store.close();
        }
    }

    private static int createUser(Client client, String base) {
        try (Response r = client.target(base).path("/v1/users").request().post(Entity.json(signUp("name", "ada")))) {
            return r.getStatus();
        }
    }
}
