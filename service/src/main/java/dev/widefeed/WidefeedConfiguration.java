package dev.widefeed;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.widefeed.auth.AuthFactory;
import dev.widefeed.core.IdGenerator;
import dev.widefeed.jobs.FeedFactory;
import dev.widefeed.store.StorageFactory;
import io.dropwizard.core.Configuration;
import io.dropwizard.util.Duration;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

public class WidefeedConfiguration extends Configuration {
    @Valid
    @NotNull
    @JsonProperty
    public StorageFactory storage = new StorageFactory();

    @Valid
    @NotNull
    @JsonProperty
    public AuthFactory auth = new AuthFactory();

    @Valid
    @NotNull
    @JsonProperty
    public Limits limits = new Limits();

    /** This instance's id-generator worker id, unique per running instance; derived from host and pid if unset. */
    @Min(0)
    @Max(IdGenerator.MAX_WORKER_ID)
    @JsonProperty
    public Integer workerId;

    @Valid
    @NotNull
    @JsonProperty
    public RelationRepair relationRepair = new RelationRepair();

    @Valid
    @NotNull
    @JsonProperty
    public FeedFactory feed = new FeedFactory();

    public static class Limits {
        /** Largest request body accepted, after gzip inflation (413 above). */
        @Min(1024)
        @JsonProperty
        public long maxBodyBytes = 64 * 1024;

        /** How many users one user may follow; keeps every following list bounded. */
        @Min(1)
        @JsonProperty
        public int maxFollowing = 5_000;

        /** Threads that write the edges of batch follows. */
        @Min(1)
        @JsonProperty
        public int batchFollowThreads = 16;
    }

    public static class RelationRepair {
        @NotNull
        @JsonProperty
        public Duration period = Duration.seconds(30);

        /** Journal entries younger than this are left to the request that wrote them. */
        @NotNull
        @JsonProperty
        public Duration settle = Duration.minutes(1);

        /** How far back the first run after a start looks. */
        @NotNull
        @JsonProperty
        public Duration lookback = Duration.hours(6);
    }
}
