package dev.widefeed.store.hbase.setup;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.widefeed.localstore.LocalHBase;
import dev.widefeed.store.EmbeddedStoreFactory;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

/**
 * An HBase the service starts itself: standalone (master, region server and ZooKeeper in one child process), or with
 * {@code regionServers} over one a local cluster of ZooKeeper, a master and as many region servers, each a child
 * process (region server n listens on {@code regionServerPort} plus n - 1).
 */
public class EmbeddedHBaseFactory extends EmbeddedStoreFactory {
    @Min(1)
    @Max(65535)
    @JsonProperty
    public int zookeeperPort = 2181;

    @Min(1)
    @Max(65535)
    @JsonProperty
    public int masterPort = 16000;

    @Min(1)
    @Max(65535)
    @JsonProperty
    public int regionServerPort = 16020;

    @Min(1)
    @Max(9)
    @JsonProperty
    public int regionServers = 1;

    public EmbeddedHBaseFactory() {
        super("./data/hbase");
    }

    /** Starts the embedded HBase if enabled (or reuses one already running there); null otherwise. */
    public LocalHBase start() {
        if (!enabled) {
            return null;
        }
        return LocalHBase.start(new LocalHBase.Settings(
                dataPath(),
                host,
                zookeeperPort,
                masterPort,
                regionServerPort,
                heapMb,
                startTimeoutDuration(),
                regionServers,
                jvmOptions));
    }
}
