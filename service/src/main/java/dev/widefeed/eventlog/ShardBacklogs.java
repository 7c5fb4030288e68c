package dev.widefeed.eventlog;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What this instance knows of the work pending in the shards it works: each one's as its last pass here left it, and
 * when a turn last got work done.
 */
final class ShardBacklogs {
    /** What one shard looked like at its last scan here. */
    private record ShardState(int pending, Instant oldestPending) {}

    private final Map<Integer, ShardState> byShard = new ConcurrentHashMap<>();
    private final AtomicLong lastProgressMillis = new AtomicLong();
    private final Clock clock;

    ShardBacklogs(Clock clock) {
        this.clock = clock;
        lastProgressMillis.set(clock.millis());
    }

    /** A pass over the shard left {@code due} entries pending and due, the oldest due since {@code oldestPending}. */
    void scanned(int shard, int due, Instant oldestPending) {
        byShard.put(shard, new ShardState(due, oldestPending));
    }

    /** The shard's backlog is another worker's now. */
    void forget(int shard) {
        byShard.remove(shard);
    }

    /** A turn got work done (work waiting for its change is no progress). */
    void progressed() {
        lastProgressMillis.set(clock.millis());
    }

    int total() {
        return byShard.values().stream().mapToInt(ShardState::pending).sum();
    }

    /** 0 if the shard is not worked here. */
    int of(int shard) {
        ShardState state = byShard.get(shard);
        return state == null ? 0 : state.pending();
    }

    /** The age of the oldest pending entry; zero when none (or none is due yet). */
    Duration lag() {
        Duration lag = byShard.values().stream()
                .filter(s -> s.pending() > 0)
                .map(ShardState::oldestPending)
                .min(Comparator.naturalOrder())
                .map(oldest -> Duration.between(oldest, clock.instant()))
                .orElse(Duration.ZERO);
        return lag.isNegative() ? Duration.ZERO : lag;
    }

    Instant lastProgress() {
        return Instant.ofEpochMilli(lastProgressMillis.get());
    }
}
