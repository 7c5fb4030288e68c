package dev.widefeed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.testing.RepositoryRoot;
import io.dropwizard.configuration.EnvironmentVariableSubstitutor;
import io.dropwizard.configuration.FileConfigurationSourceProvider;
import io.dropwizard.configuration.SubstitutingSourceProvider;
import io.dropwizard.configuration.YamlConfigurationFactory;
import io.dropwizard.core.server.DefaultServerFactory;
import io.dropwizard.jackson.Jackson;
import io.dropwizard.jersey.validation.Validators;
import io.dropwizard.jetty.HttpConnectorFactory;
import java.util.Map;
import org.apache.commons.text.lookup.StringLookupFactory;
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
