package dev.widefeed.testing;

import dev.widefeed.WidefeedApplication;
import dev.widefeed.WidefeedConfiguration;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.DropwizardTestSupport;
import io.dropwizard.testing.ResourceHelpers;
import java.util.Map;

/**
 * The service as the REST tests run it, once per backend per test JVM, on the real local stores
 * of {@link TestStores}; stopped when the JVM exits. Every REST contract class shares these, so the
 * suite pays for one application start per backend, not one per class.
 */
public final class TestApps {
    private static ApiClient cassandra;
    private static ApiClient hbase;

    private TestApps() {}

    public static synchronized ApiClient cassandra() {
        if (cassandra == null) {
            cassandra = start(
                    "widefeed-api-cassandra.",
                    Map.of(
                            "storage.backend",
                            "cassandra",
                            "storage.cassandra.contactPoints",
                            TestStores.cassandra().host() + ":"
                                    + TestStores.cassandra().port()));
        }
        return cassandra;
    }

    public static synchronized ApiClient hbase() {
        if (hbase == null) {
            hbase = start(
                    "widefeed-api-hbase.",
                    Map.of(
                            "storage.backend", "hbase",
                            "storage.hbase.embedded.enabled", "false",
                            "storage.hbase.namespace", "widefeed_api_test",
                            "storage.hbase.zookeeperQuorum",
                                    TestStores.hbase().zookeeperQuorum() + ":"
                                            + TestStores.hbase().zookeeperPort()));
        }
        return hbase;
    }

    /**
     * The service with {@code settings} overriding its test configuration, which are system properties under
     * {@code propertyPrefix} while it starts: a prefix of its own per service, so that a service another class starts
     * at the same moment reads none of this one's.
     */
    private static ApiClient start(String propertyPrefix, Map<String, String> settings) {
        ConfigOverride[] overrides = settings.entrySet().stream()
                .map(setting -> ConfigOverride.config(propertyPrefix, setting.getKey(), setting.getValue()))
                .toArray(ConfigOverride[]::new);
        DropwizardTestSupport<WidefeedConfiguration> app = new DropwizardTestSupport<>(
                WidefeedApplication.class, ResourceHelpers.resourceFilePath("api-test.yml"), propertyPrefix, overrides);
        try {
            app.before();
        } catch (Exception e) {
            throw new IllegalStateException("the service did not start", e);
        } finally {
            // The overrides are system properties until after(), which here comes at the JVM's exit: left set,
            // they would reach every other Dropwizard configuration the tests of this JVM build.
            for (ConfigOverride override : overrides) {
                override.removeFromSystemProperties();
            }
        }
        // The JVM's metrics, which the command line registers before a start (Bootstrap.registerMetrics) and the
        // test support does not.
        Bootstrap<WidefeedConfiguration> jvm = new Bootstrap<>(app.getApplication());
        jvm.setMetricRegistry(app.getEnvironment().metrics());
        jvm.registerMetrics();
        ApiClient client =
                new ApiClient(app.getLocalPort(), app.getAdminPort(), app.getConfiguration().auth.tokenSecret);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            client.close();
            app.after();
        }));
        return client;
    }
}
