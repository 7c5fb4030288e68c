package dev.widefeed.textindex;

import dev.widefeed.kernel.Periodically;
import io.dropwizard.lifecycle.Managed;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the trending topics of each window (docs/design.md, "Mentions and topics"): every {@code interval} it adds
 * up the window's counter buckets (six ten-minute slots for the last hour, 24 hours for the last day: each one
 * partition of every topic counted in it; a closed one is read again only every few minutes, {@link ClosedBuckets})
 * and saves the {@link TextIndexRules#TOP} topics with the most posts, so a
 * read of trending is one row, never a scan. Every instance runs it; they compute the same answer from the same
 * counters, and the last one saved wins.
 */
public final class TrendingJob implements Managed {
    private static final Logger LOG = LoggerFactory.getLogger(TrendingJob.class);

    private final TextIndexStore index;
    private final Duration interval;
    private final Clock clock;
    private final ClosedBuckets closed = new ClosedBuckets();
    private final Periodically runs;

    /** @param thread where its runs are made, given by the instance ({@link dev.widefeed.kernel.Threads}) */
    public TrendingJob(TextIndexStore index, Duration interval, Clock clock, ScheduledExecutorService thread) {
        this.index = index;
        this.interval = interval;
        this.clock = clock;
        this.runs = new Periodically(thread, this::refreshQuietly);
    }

    @Override
    public void start() {
        runs.start(Duration.ZERO, interval);
    }

    @Override
    public void stop() throws InterruptedException {
        runs.stop();
    }

    private void refreshQuietly() {
        try {
            refresh();
        } catch (RuntimeException e) {
            LOG.warn("trending topics not refreshed this time; the last ones stay: {}", e.toString());
        }
    }

    /** Computes and saves every window's trending topics now. */
    public void refresh() {
        for (TrendingWindow window : TrendingWindow.values()) {
            index.saveTrending(compute(window));
        }
        Instant now = clock.instant();
        closed.forgetBefore(Arrays.stream(TrendingWindow.values())
                .map(w -> now.minus(w.bucket().multipliedBy(w.buckets() + 1L)))
                .min(Comparator.naturalOrder())
                .orElse(now));
    }

    Trending compute(TrendingWindow window) {
        Instant now = clock.instant();
        Instant newest = TextIndexRules.bucketOf(now, window.bucket());
        Map<String, Long> sums = new HashMap<>();
        for (int i = 0; i < window.buckets(); i++) {
            Instant bucket = newest.minus(window.bucket().multipliedBy(i));
            closed.counts(window.bucket(), bucket, now, () -> index.topicCounts(window.bucket(), bucket))
                    .forEach((topic, n) -> sums.merge(topic, n, Long::sum));
        }
        List<TopicCount> ranked = new ArrayList<>();
        sums.forEach((topic, n) -> {
            if (n > 0) {
                ranked.add(new TopicCount(topic, n));
            }
        });
        ranked.sort(Comparator.comparingLong(TopicCount::posts).reversed().thenComparing(TopicCount::topic));
        return new Trending(window, now, ranked.subList(0, Math.min(TextIndexRules.TOP, ranked.size())));
    }
}
