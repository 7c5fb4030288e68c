package dev.widefeed.store.cassandra;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.widefeed.localstore.LocalCassandra;
import dev.widefeed.store.EmbeddedStoreFactory;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

/** A single local Cassandra node the service starts itself, as a child process (the default). */
public class EmbeddedCassandraFactory extends EmbeddedStoreFactory {
    @Min(1)
    @Max(65535)
    @JsonProperty
    public int nativePort = 9042;

    @Min(1)
    @Max(65535)
    @JsonProperty
    public int storagePort = 7000;

    public EmbeddedCassandraFactory() {
        super("./data/cassandra");
    }

    LocalCassandra.Settings settings() {
        return new LocalCassandra.Settings(dataPath(), host, nativePort, storagePort, heapMb, startTimeoutDuration());
    }
}
