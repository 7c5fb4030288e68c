package dev.widefeed.store;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.dropwizard.util.Duration;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.nio.file.Path;
import java.util.List;

/**
 * What every embedded store's configuration has: whether to start it, where it keeps its data,
 * the address it binds, its heap, its JVMs' own options and how long it may take to start. Each backend adds its
 * ports.
 */
public abstract class EmbeddedStoreFactory {
    @JsonProperty
    public boolean enabled = true;

    @NotEmpty
    @JsonProperty
    public String dataDir;

    @NotEmpty
    @JsonProperty
    public String host = "127.0.0.1";

    @Min(256)
    @JsonProperty
    public int heapMb = 1024;

    /**
     * Options for the store's JVMs after the project's own, which they override (a later option wins): GC logging or a
     * heap dump on a crash, say, or the cheaper compiler of a store that lives minutes (the test suite's, see
     * docs/TESTING.md).
     */
    @NotNull
    @JsonProperty
    public List<@NotNull String> jvmOptions = List.of();

    @NotNull
    @JsonProperty
    public Duration startTimeout = Duration.minutes(3);

    protected EmbeddedStoreFactory(String defaultDataDir) {
        this.dataDir = defaultDataDir;
    }

    protected Path dataPath() {
        return Path.of(dataDir).toAbsolutePath().normalize();
    }

    protected java.time.Duration startTimeoutDuration() {
        return startTimeout.toJavaDuration();
    }
}
