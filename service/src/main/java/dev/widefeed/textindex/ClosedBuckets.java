package dev.widefeed.textindex;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The topic counts of closed counter buckets, kept between the trending job's runs (docs/design.md, "Mentions and
 * topics"). A bucket that ended over {@link #SETTLE} ago takes no new post, only a deleted post's count back, so once
 * read after settling it is read again every {@link #REREAD}, not every run; the open bucket, and one still settling,
 * are read every run. The day's 24 hourly buckets and the hour's six slots then cost a run about two reads instead of
 * thirty.
 */
final class ClosedBuckets {
    /** How long after its end a bucket may still take a post's count (the request's time, the write's landing). */
    static final Duration SETTLE = Duration.ofMinutes(1);
    /** How often a closed bucket is read again: how late a deleted post leaves the trending of a past hour. */
    static final Duration REREAD = Duration.ofMinutes(10);

    private record Key(Duration size, Instant start) {}

    private record Read(Map<String, Long> counts, Instant at) {}

    private final Map<Key, Read> kept = new ConcurrentHashMap<>();

    /** The bucket's counts as of {@code now}: kept ones while they may be, else {@code read} (and kept if settled). */
    Map<String, Long> counts(Duration size, Instant start, Instant now, Supplier<Map<String, Long>> read) {
        Key key = new Key(size, start);
        Instant settled = start.plus(size).plus(SETTLE);
        Read last = kept.get(key);
        if (last != null
                && !last.at().isBefore(settled)
                && now.isBefore(last.at().plus(REREAD))) {
            return last.counts();
        }
        Map<String, Long> counts = read.get();
        if (!now.isBefore(settled)) {
            kept.put(key, new Read(Map.copyOf(counts), now));
        }
        return counts;
    }

    /** Forgets the buckets that ended before {@code oldest}: no window reaches them any more. */
    void forgetBefore(Instant oldest) {
        kept.keySet().removeIf(key -> key.start().plus(key.size()).isBefore(oldest));
    }

    int size() {
        return kept.size();
    }
}
