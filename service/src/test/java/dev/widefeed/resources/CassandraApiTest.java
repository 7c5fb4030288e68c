package dev.widefeed.resources;

import dev.widefeed.WidefeedApplication;
import dev.widefeed.WidefeedConfiguration;
import dev.widefeed.testing.TestStores;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(DropwizardExtensionsSupport.class)
class CassandraApiTest extends ApiContract {
    private static final DropwizardAppExtension<WidefeedConfiguration> APP = new DropwizardAppExtension<>(
            WidefeedApplication.class, ResourceHelpers.resourceFilePath("api-test.yml"),
            ConfigOverride.config("storage.backend", "cassandra"),
            ConfigOverride.config("storage.cassandra.contactPoints",
                    () -> TestStores.cassandra().host() + ":" + TestStores.cassandra().port()));

    @Override
    protected DropwizardAppExtension<WidefeedConfiguration> app() {
        return APP;
    }
}
