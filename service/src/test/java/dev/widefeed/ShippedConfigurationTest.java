package dev.widefeed;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.testing.RepositoryRoot;
import io.dropwizard.configuration.EnvironmentVariableSubstitutor;
import io.dropwizard.configuration.FileConfigurationSourceProvider;
import io.dropwizard.configuration.SubstitutingSourceProvider;
import io.dropwizard.configuration.YamlConfigurationFactory;
import io.dropwizard.core.server.DefaultServerFactory;
import io.dropwizard.jackson.Jackson;
import io.dropwizard.jersey.validation.Validators;
import io.dropwizard.jetty.HttpConnectorFactory;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.text.lookup.StringLookupFactory;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.junit.jupiter.api.Test;

/** config.yml as it ships, every variable at its default: what a user who sets nothing runs. */
class ShippedConfigurationTest {
    private static WidefeedConfiguration shipped() throws Exception {
        EnvironmentVariableSubstitutor defaults = new EnvironmentVariableSubstitutor(false);
        defaults.setVariableResolver(StringLookupFactory.INSTANCE.mapStringLookup(Map.of()));
        return new YamlConfigurationFactory<>(
                        WidefeedConfiguration.class, Validators.newValidator(), Jackson.newObjectMapper(), "dw")
                .build(
                        new SubstitutingSourceProvider(new FileConfigurationSourceProvider(), defaults),
                        RepositoryRoot.find().resolve("config.yml").toString());
    }

    /**
     * docs/security.md, "Unrestricted resource consumption": a client that sends part of a request and stalls holds a
     * thread of a blocking read (Jersey reads bodies so) only until the connector's idle timeout. The shipped
     * connector, with a timeout of a second instead of its 30 s, in a Jetty of eight threads that ten stalled clients
     * would otherwise exhaust.
     */
    @Test
    void aStalledClientIsCutOffAtTheConnectorsIdleTimeoutAndHoldsNoThread() throws Exception {
        HttpConnectorFactory api =
                (HttpConnectorFactory) ((DefaultServerFactory) shipped().getServerFactory())
                        .getApplicationConnectors()
                        .get(0);
        assertThat(api.getIdleTimeout()).isEqualTo(io.dropwizard.util.Duration.seconds(30));
        api.setPort(0);
        api.setIdleTimeout(io.dropwizard.util.Duration.seconds(1));
        Server jetty = new Server(new QueuedThreadPool(8, 2));
        ServerConnector connector = (ServerConnector) api.build(jetty, new MetricRegistry(), "api", null);
        jetty.addConnector(connector);
        jetty.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                String body = Content.Source.asString(request); // a blocking read of the whole body, as Jersey's
                response.setStatus(200);
                Content.Sink.write(response, true, "read " + body.length(), callback);
                return true;
            }
        });
        jetty.start();
        List<Socket> stalled = new ArrayList<>();
        try {
            for (int i = 0; i < 10; i++) {
                Socket socket = new Socket("127.0.0.1", connector.getLocalPort());
                socket.setSoTimeout(10_000);
                socket.getOutputStream()
                        .write("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\n0123456789"
                                .getBytes(StandardCharsets.US_ASCII));
                stalled.add(socket);
            }
            for (Socket socket : stalled) {
                // Ended by the server within the timeout (an answer, or none), not by this read's own 10 s.
                socket.getInputStream().readAllBytes();
            }
            try (Socket fresh = new Socket("127.0.0.1", connector.getLocalPort())) {
                fresh.setSoTimeout(10_000);
                fresh.getOutputStream()
                        .write("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok"
                                .getBytes(StandardCharsets.US_ASCII));
                assertThat(new String(fresh.getInputStream().readAllBytes(), StandardCharsets.US_ASCII))
                        .startsWith("HTTP/1.1 200")
                        .endsWith("read 2");
            }
        } finally {
            for (Socket socket : stalled) {
                socket.close();
            }
            jetty.stop();
        }
    }

    @Test
    void theAdminPortListensOnLoopbackOnlyAndTheApiOnEveryInterface() throws Exception {
        DefaultServerFactory server = (DefaultServerFactory) shipped().getServerFactory();
        assertThat(server.getAdminConnectors())
                .singleElement()
                .satisfies(admin -> assertThat(((HttpConnectorFactory) admin).getBindHost())
                        .as("the admin port asks no credentials")
                        .isEqualTo("127.0.0.1"));
        assertThat(server.getApplicationConnectors())
                .singleElement()
                .satisfies(api ->
                        assertThat(((HttpConnectorFactory) api).getBindHost()).isNull());
    }
}
