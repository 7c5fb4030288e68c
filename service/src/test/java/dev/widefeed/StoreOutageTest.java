package dev.widefeed;

import dev.widefeed.localstore.LocalCassandra;
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

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A store outage while the service runs: requests answer 503 with Retry-After (never a 500, never
 * a hang), the health check turns unhealthy, and when the store comes back the service serves
 * again by itself, without a restart. Uses a Cassandra node of its own, since it stops it.
 */
class StoreOutageTest {
    private static final Path DATA_DIR = Path.of(System.getProperty("widefeed.test.dataDir", "target/test-stores"))
            .toAbsolutePath().resolve("outage-cassandra");

    @Test
    void anOutageIs503AndTheServiceRecoversByItself() throws Exception {
        LocalCassandra.Settings settings = LocalCassandra.Settings.defaults(DATA_DIR)
                .withPorts(Integer.getInteger("widefeed.test.outage.nativePort", 19142),
                        Integer.getInteger("widefeed.test.outage.storagePort", 17100))
                .withHeapMb(512);
        LocalCassandra node = LocalCassandra.start(settings);
        DropwizardTestSupport<WidefeedConfiguration> app = new DropwizardTestSupport<>(WidefeedApplication.class,
                ResourceHelpers.resourceFilePath("api-test.yml"),
                ConfigOverride.config("storage.cassandra.contactPoints", node.host() + ":" + node.port()),
                ConfigOverride.config("storage.cassandra.keyspace", "widefeed_outage_test"),
                ConfigOverride.config("storage.cassandra.requestTimeout", "2s"));
        Client client = ClientBuilder.newClient();
        try {
            app.before();
            String base = "http://localhost:" + app.getLocalPort();
            String health = "http://localhost:" + app.getAdminPort() + "/healthcheck";
            assertThat(createUser(client, base)).isEqualTo(201);

            node.close();
            try (Response r = client.target(base).path("/v1/users").request()
                    .post(Entity.json(Map.of("name", "during outage")))) {
                assertThat(r.getStatus()).isEqualTo(503);
                assertThat(r.getHeaderString("Retry-After")).isEqualTo("1");
            }
            try (Response r = client.target(health).request().get()) {
                assertThat(r.getStatus()).isEqualTo(500);
            }

            node = LocalCassandra.start(settings);
            Instant deadline = Instant.now().plus(Duration.ofSeconds(90));
            int status = 0;
            while (Instant.now().isBefore(deadline) && (status = createUser(client, base)) != 201) {
                assertThat(status).isEqualTo(503);
                Thread.sleep(500);
            }
            assertThat(status).as("serving again after the store came back").isEqualTo(201);
            try (Response r = client.target(health).request().get()) {
                assertThat(r.getStatus()).isEqualTo(200);
            }
        } finally {
            client.close();
            app.after();
            node.close();
        }
    }

    private static int createUser(Client client, String base) {
        try (Response r = client.target(base).path("/v1/users").request().post(Entity.json(Map.of("name", "ada")))) {
            return r.getStatus();
        }
    }
}
