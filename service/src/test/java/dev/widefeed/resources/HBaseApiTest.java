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
class HBaseApiTest extends ApiContract {
    private static final DropwizardAppExtension<WidefeedConfiguration> APP = new DropwizardAppExtension<>(
            WidefeedApplication.class, ResourceHelpers.resourceFilePath("api-test.yml"),
            ConfigOverride.config("storage.backend", "hbase"),
            ConfigOverride.config("storage.hbase.embedded.enabled", "false"),
            ConfigOverride.config("storage.hbase.namespace", "widefeed_api_test"),
            ConfigOverride.config("storage.hbase.zookeeperQuorum",
                    () -> TestStores.hbase().zookeeperQuorum() + ":" + TestStores.hbase().zookeeperPort()));

    @Override
    protected DropwizardAppExtension<WidefeedConfiguration> app() {
        return APP;
    }
}
