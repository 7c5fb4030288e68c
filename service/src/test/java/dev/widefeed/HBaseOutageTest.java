package dev.widefeed;

import dev.widefeed.localstore.LocalHBase;
import io.dropwizard.testing.ConfigOverride;

class HBaseOutageTest extends StoreOutageContract {
    private static final LocalHBase.Settings SETTINGS = LocalHBase.Settings
            .defaults(DATA_DIR.resolve("outage-hbase"))
            .withPorts(Integer.getInteger("widefeed.test.outage.zookeeperPort", 12281),
                    Integer.getInteger("widefeed.test.outage.masterPort", 16200),
                    Integer.getInteger("widefeed.test.outage.regionServerPort", 16220))
            .withHeapMb(512);

    @Override
    protected AutoCloseable startStore() {
        return LocalHBase.start(SETTINGS);
    }

    @Override
    protected ConfigOverride[] storeConfig() {
        return new ConfigOverride[]{
                ConfigOverride.config("storage.backend", "hbase"),
                ConfigOverride.config("storage.hbase.embedded.enabled", "false"),
                ConfigOverride.config("storage.hbase.zookeeperQuorum", SETTINGS.host() + ":" + SETTINGS.zookeeperPort()),
                ConfigOverride.config("storage.hbase.namespace", "widefeed_outage_test")};
    }
}
