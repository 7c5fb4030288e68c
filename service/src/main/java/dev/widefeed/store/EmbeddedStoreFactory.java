package dev.widefeed.store;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.dropwizard.util.Duration;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.nio.file.Path;

/**
 * What every embedded store's configuration has: whether to start it, where it keeps its data,
 * the address it binds, its heap and how long it may take to start. Each backend adds its ports.
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
