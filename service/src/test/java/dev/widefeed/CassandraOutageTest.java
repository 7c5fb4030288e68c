package dev.widefeed;

import io.dropwizard.testing.ConfigOverride;

class CassandraOutageTest extends StoreOutageContract {
    @Override
    protected ConfigOverride[] storeConfig() {
        return new ConfigOverride[]{
                ConfigOverride.config("storage.backend", "cassandra"),
                ConfigOverride.config("storage.cassandra.embedded.enabled", "true"),
                ConfigOverride.config("storage.cassandra.embedded.dataDir",
                        DATA_DIR.resolve("outage-cassandra").toString()),
                ConfigOverride.config("storage.cassandra.embedded.nativePort",
                        System.getProperty("widefeed.test.outage.nativePort", "19142")),
                ConfigOverride.config("storage.cassandra.embedded.storagePort",
                        System.getProperty("widefeed.test.outage.storagePort", "17100")),
                ConfigOverride.config("storage.cassandra.embedded.heapMb", "512"),
                ConfigOverride.config("storage.cassandra.keyspace", "widefeed_outage_test"),
                ConfigOverride.config("storage.cassandra.requestTimeout", "2s")};
    }
}
