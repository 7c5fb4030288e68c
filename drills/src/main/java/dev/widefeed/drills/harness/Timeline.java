package dev.widefeed.drills.harness;

import dev.widefeed.restclient.Reply;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;

/**
 * What the load saw, second by second since the drill began: how many answers of each kind (2xx, 4xx,
 * 500, 503 with and without Retry-After, none) and their latencies (HdrHistogram, microseconds), so a
 * drill can ask what happened in any window: during an outage, after a thaw, in the last five minutes.
 */
public final class Timeline {
    public enum Kind {
        OK,
        CLIENT_ERROR,
        SERVER_ERROR,
        UNAVAILABLE,
        UNAVAILABLE_NO_RETRY_AFTER,
        NO_ANSWER
    }

    private static final int SECONDS = 4 * 3600;
    private final long startNanos = System.nanoTime();
    private final Map<Integer, Histogram> latencies = new ConcurrentHashMap<>();
    private final AtomicLongArray[] counts = new AtomicLongArray[Kind.values().length];

    public Timeline() {
        for (int i = 0; i < counts.length; i++) {
            counts[i] = new AtomicLongArray(SECONDS);
        }
    }

    /** Seconds since the drill began, now. */
    public int now() {
        return (int) Math.min(SECONDS - 1, (System.nanoTime() - startNanos) / 1_000_000_000L);
    }

    public void record(Reply reply) {
        int second = now();
        counts[kind(reply).ordinal()].incrementAndGet(second);
        latencies
                .computeIfAbsent(second, s -> new Histogram(3_600_000_000L, 2))
                .recordValue(Math.max(1, Math.min(reply.micros(), 3_600_000_000L)));
    }

    static Kind kind(Reply reply) {
        int status = reply.status();
        if (status < 0) {
            return Kind.NO_ANSWER;
        } else if (status == 503) {
            return reply.retryAfter() ? Kind.UNAVAILABLE : Kind.UNAVAILABLE_NO_RETRY_AFTER;
        } else if (status >= 500) {
            return Kind.SERVER_ERROR;
        } else if (status >= 400) {
            return Kind.CLIENT_ERROR;
        }
        return Kind.OK;
    }

    /** Answers of {@code kind} in seconds [from, to). */
    public long count(Kind kind, int from, int to) {
        long sum = 0;
        for (int s = Math.max(0, from); s < Math.min(to, SECONDS); s++) {
            sum += counts[kind.ordinal()].get(s);
        }
        return sum;
    }

    public long total(int from, int to) {
        long sum = 0;
        for (Kind kind : Kind.values()) {
            sum += count(kind, from, to);
        }
        return sum;
    }

    /** The latency at {@code percentile} over seconds [from, to), in milliseconds; 0 when nothing was answered. */
    public double percentileMillis(double percentile, int from, int to) {
        Histogram merged = new Histogram(3_600_000_000L, 2);
        for (int s = Math.max(0, from); s < to; s++) {
            Histogram h = latencies.get(s);
            if (h != null) {
                merged.add(h);
            }
        }
        return merged.getTotalCount() == 0 ? 0 : merged.getValueAtPercentile(percentile) / 1000.0;
    }
}
