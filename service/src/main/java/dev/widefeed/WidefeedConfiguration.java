package dev.widefeed;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.widefeed.audience.AudienceLimits;
import dev.widefeed.audience.AudienceSettings;
import dev.widefeed.auth.AuthFactory;
import dev.widefeed.backends.StorageFactory;
import dev.widefeed.cache.CacheSettings;
import dev.widefeed.eventlog.EventLogFactory;
import dev.widefeed.feed.FeedFactory;
import dev.widefeed.http.RateLimitsFactory;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.mastodon.MastodonFactory;
import io.dropwizard.core.Configuration;
import io.dropwizard.util.DataSize;
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

    @Valid
    @NotNull
    @JsonProperty
    public RateLimitsFactory rateLimits = new RateLimitsFactory();

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

    @Valid
    @NotNull
    @JsonProperty
    public EventLogFactory eventLog = new EventLogFactory();

    /** The Mastodon client API (docs/mastodon.md). */
    @Valid
    @NotNull
    @JsonProperty
    public MastodonFactory mastodon = new MastodonFactory();

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

        /**
         * Threads a page's independent reads (visibility facts, counts, likes) run on beside each other; when
         * all are busy, a request reads on its own thread, one round after another.
         */
        @Min(1)
        @JsonProperty
        public int pageReadThreads = 64;
    }

    @Valid
    @NotNull
    @JsonProperty
    public Audiences audiences = new Audiences();

    /** Caps on each user's audience lists, and the cache of what visibility checks read. */
    public static class Audiences {
        @Min(1)
        @JsonProperty
        public int maxBlocked = AudienceLimits.DEFAULT.maxBlocked();

        @Min(1)
        @JsonProperty
        public int maxHidden = AudienceLimits.DEFAULT.maxHidden();

        @Min(1)
        @JsonProperty
        public int maxTags = AudienceLimits.DEFAULT.maxTags();

        @Min(1)
        @JsonProperty
        public int maxTagMembers = AudienceLimits.DEFAULT.maxTagMembers();

        @Min(2)
        @JsonProperty
        public int maxGroupMembers = AudienceLimits.DEFAULT.maxGroupMembers();

        /** Entries plus ids held, across the caches of marks, memberships and hidden lists. */
        @Min(1000)
        @JsonProperty
        public long cacheWeight = AudienceSettings.DEFAULT.cacheWeight();

        /** How long a cached fact is trusted: the longest a change made on another instance takes to apply here. */
        @NotNull
        @JsonProperty
        public Duration cacheTtl =
                Duration.seconds(AudienceSettings.DEFAULT.cacheTtl().toSeconds());

        public AudienceSettings settings() {
            return new AudienceSettings(
                    new AudienceLimits(maxBlocked, maxHidden, maxTags, maxTagMembers, maxGroupMembers),
                    cacheWeight,
                    cacheTtl.toJavaDuration());
        }
    }

    @Valid
    @NotNull
    @JsonProperty
    public Caches caches = new Caches();

    /** The cache tier's bounds and how fast every instance hears of a change (docs/design.md, "The cache tier"). */
    public static class Caches {
        private static final CacheSettings DEFAULTS = CacheSettings.DEFAULT;

        /** Post rows, by approximate bytes (text and a fixed overhead per row). */
        @NotNull
        @JsonProperty
        public DataSize postBytes = DataSize.bytes(DEFAULTS.postBytes());

        /** Comment rows, by approximate bytes, as post rows. */
        @NotNull
        @JsonProperty
        public DataSize commentBytes = DataSize.bytes(DEFAULTS.commentBytes());

        @Min(1)
        @JsonProperty
        public long profiles = DEFAULTS.profiles();

        @Min(1)
        @JsonProperty
        public long counts = DEFAULTS.counts();

        /** The staleness bound of a post's counts on another instance than the one that changed them. */
        @NotNull
        @JsonProperty
        public Duration countsMaxAge =
                Duration.milliseconds(DEFAULTS.countsMaxAge().toMillis());

        /** How often every instance reads the announced changes (a deleted post, an edited profile). */
        @NotNull
        @JsonProperty
        public Duration invalidationPoll =
                Duration.milliseconds(DEFAULTS.invalidationPoll().toMillis());

        public CacheSettings settings() {
            return new CacheSettings(
                    postBytes.toBytes(),
                    commentBytes.toBytes(),
                    DEFAULTS.postMaxAge(),
                    profiles,
                    DEFAULTS.profileMaxAge(),
                    counts,
                    countsMaxAge.toJavaDuration(),
                    invalidationPoll.toJavaDuration(),
                    DEFAULTS.invalidationLateness());
        }
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

    @Valid
    @NotNull
    @JsonProperty
    public Topics topics = new Topics();

    public static class Topics {
        /** How often each instance recomputes the trending topics of every window from the topic counters. */
        @NotNull
        @JsonProperty
        public Duration trendingEvery = Duration.minutes(1);
    }
}
