package dev.widefeed;

import io.dropwizard.testing.ConfigOverride;

class HBaseOutageTest extends StoreOutageContract {
    @Override
    protected ConfigOverride[] storeConfig() {
        return new ConfigOverride[]{
                ConfigOverride.config("storage.backend", "hbase"),
                ConfigOverride.config("storage.hbase.embedded.enabled", "true"),
                ConfigOverride.config("storage.hbase.embedded.dataDir", DATA_DIR.resolve("outage-hbase").toString()),
                ConfigOverride.config("storage.hbase.embedded.zookeeperPort",
                        System.getProperty("widefeed.test.outage.zookeeperPort", "12281")),
                ConfigOverride.config("storage.hbase.embedded.masterPort",
                        System.getProperty("widefeed.test.outage.masterPort", "16200")),
                ConfigOverride.config("storage.hbase.embedded.regionServerPort",
                        System.getProperty("widefeed.test.outage.regionServerPort", "16220")),
                ConfigOverride.config("storage.hbase.embedded.heapMb", "512"),
                ConfigOverride.config("storage.hbase.namespace", "widefeed_outage_test")};
    }
}
