package dev.widefeed.store.hbase;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.widefeed.localstore.LocalHBase;
import dev.widefeed.store.EmbeddedStoreFactory;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

/** A standalone HBase (master, region server and ZooKeeper in one child process) the service starts itself. */
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

    public EmbeddedHBaseFactory() {
        super("./data/hbase");
    }

    /** Starts the embedded HBase if enabled (or reuses one already running there); null otherwise. */
    public LocalHBase start() {
        if (!enabled) {
            return null;
        }
        return LocalHBase.start(new LocalHBase.Settings(
                dataPath(), host, zookeeperPort, masterPort, regionServerPort, heapMb, startTimeoutDuration()));
    }
}
