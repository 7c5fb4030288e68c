package dev.widefeed;

import dev.widefeed.localstore.LocalCassandra;
import io.dropwizard.testing.ConfigOverride;

class CassandraOutageTest extends StoreOutageContract {
    private static final LocalCassandra.Settings SETTINGS = LocalCassandra.Settings
            .defaults(DATA_DIR.resolve("outage-cassandra"))
            .withPorts(Integer.getInteger("widefeed.test.outage.nativePort", 19142),
                    Integer.getInteger("widefeed.test.outage.storagePort", 17100))
            .withHeapMb(512);

    @Override
    protected AutoCloseable startStore() {
        return LocalCassandra.start(SETTINGS);
    }

    @Override
    protected ConfigOverride[] storeConfig() {
        return new ConfigOverride[]{
                ConfigOverride.config("storage.backend", "cassandra"),
                ConfigOverride.config("storage.cassandra.contactPoints", SETTINGS.host() + ":" + SETTINGS.nativePort()),
                ConfigOverride.config("storage.cassandra.keyspace", "widefeed_outage_test"),
                ConfigOverride.config("storage.cassandra.requestTimeout", "2s")};
    }
}
