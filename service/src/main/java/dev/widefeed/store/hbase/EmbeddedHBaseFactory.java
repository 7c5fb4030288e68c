package dev.widefeed.store.hbase;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.widefeed.localstore.LocalHBase;
import io.dropwizard.util.Duration;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;

import java.nio.file.Path;

/** A standalone HBase (master, region server and ZooKeeper in one child process) the service starts itself. */
public class EmbeddedHBaseFactory {
    @JsonProperty
    public boolean enabled = true;

    @NotEmpty
    @JsonProperty
    public String dataDir = "./data/hbase";

    @NotEmpty
    @JsonProperty
    public String host = "127.0.0.1";

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

    @Min(256)
    @JsonProperty
    public int heapMb = 1024;

    @NotNull
    @JsonProperty
    public Duration startTimeout = Duration.minutes(3);

    /** Starts the embedded HBase if enabled (or reuses one already running there); null otherwise. */
    public LocalHBase start() {
        if (!enabled) {
            return null;
        }
        return LocalHBase.start(new LocalHBase.Settings(Path.of(dataDir).toAbsolutePath().normalize(), host,
                zookeeperPort, masterPort, regionServerPort, heapMb,
                java.time.Duration.ofMillis(startTimeout.toMilliseconds())));
    }
}
