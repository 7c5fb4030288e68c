package dev.widefeed.textindex;

import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

/**
 * The windows trending is kept for, and the counter buckets each is added up from: the last hour from ten-minute
 * slots (so it moves every ten minutes, not every hour), the last day from hours.
 */
public enum TrendingWindow {
    HOUR("1h", TextIndexRules.SLOT, 6),
    DAY("24h", TextIndexRules.HOUR, 24);

    private final String wireName;
    private final Duration bucket;
    private final int buckets;

    TrendingWindow(String wireName, Duration bucket, int buckets) {
        this.wireName = wireName;
        this.bucket = bucket;
        this.buckets = buckets;
    }

    public String wireName() {
        return wireName;
    }

    /** The size of the counter buckets it adds up. */
    public Duration bucket() {
        return bucket;
    }

    /** How many of them: the one under way and the ones before it. */
    public int buckets() {
        return buckets;
    }

    public static Optional<TrendingWindow> ofWire(String name) {
        return Arrays.stream(values()).filter(w -> w.wireName.equals(name)).findFirst();
    }
}
