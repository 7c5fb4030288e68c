package dev.widefeed.store.cassandra;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.widefeed.localstore.LocalCassandra;
import io.dropwizard.util.Duration;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;

import java.nio.file.Path;

/** A single local Cassandra node the service starts itself, as a child process (the default). */
public class EmbeddedCassandraFactory {
    @JsonProperty
    public boolean enabled = true;

    @NotEmpty
    @JsonProperty
    public String dataDir = "./data/cassandra";

    @NotEmpty
    @JsonProperty
    public String host = "127.0.0.1";

    @Min(1)
    @Max(65535)
    @JsonProperty
    public int nativePort = 9042;

    @Min(1)
    @Max(65535)
    @JsonProperty
    public int storagePort = 7000;

    @Min(256)
    @JsonProperty
    public int heapMb = 1024;

    @NotNull
    @JsonProperty
    public Duration startTimeout = Duration.minutes(3);

    LocalCassandra.Settings settings() {
        return new LocalCassandra.Settings(Path.of(dataDir).toAbsolutePath().normalize(), host, nativePort,
                storagePort, heapMb, java.time.Duration.ofMillis(startTimeout.toMilliseconds()));
    }
}
