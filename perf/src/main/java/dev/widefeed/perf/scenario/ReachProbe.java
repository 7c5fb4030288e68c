package dev.widefeed.perf.scenario;

import dev.widefeed.composition.Features;
import dev.widefeed.graph.Follower;
import dev.widefeed.perf.results.CelebrityResult;
import dev.widefeed.post.PostDetails;
import dev.widefeed.store.Storage;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.HdrHistogram.Histogram;

/**
 * How long a post takes to show on its author's followers' home pages, read as a client reads them: the
 * service's first home page of each sampled active follower, read again in rounds until it shows the post or
 * the wait is up. This is the delay a reader sees, whatever delivered the post (a pushed tier, or the cache
 * of a pulled author's posts), not what the fan-out's checkpoints say.
 */
final class ReachProbe {
    private static final int PAGE = 20;
    /** Followers of the first page of the author's list are sampled: the newest, as likely active as any. */
    private static final int SAMPLED_FROM = 1000;

    private static final Duration ROUND_PAUSE = Duration.ofMillis(50);

    private final Features services;
    private final List<Long> sample;
    private final ExecutorService readers;

    private ReachProbe(Features services, List<Long> sample, int threads) {
        this.services = services;
        this.sample = sample;
        this.readers = Executors.newFixedThreadPool(threads, r -> {
            Thread thread = new Thread(r, "reach-probe");
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Up to {@code size} of the author's followers who read within {@code activeWithin}, chosen before the post
     * so that the choice costs nothing after it.
     */
    static ReachProbe sample(
            Storage storage, Features services, long authorId, int size, Duration activeWithin, int threads) {
        Instant since = Instant.now().minus(activeWithin);
        List<Long> sample = new ArrayList<>(size);
        for (Follower f : storage.relations().followersWithActivity(authorId, Optional.empty(), SAMPLED_FROM)) {
            if (sample.size() < size
                    && f.lastRead().isPresent()
                    && f.lastRead().get().isAfter(since)) {
                sample.add(f.userId());
            }
        }
        return new ReachProbe(services, sample, threads);
    }

    int size() {
        return sample.size();
    }

    /** Reads the sample's home pages in rounds until each shows {@code postId} or {@code wait} is up. */
    CelebrityResult.Reach measure(long postId, long postStartedNanos, Duration wait) throws InterruptedException {
        Histogram millis = new Histogram(3);
        List<Long> waiting = new ArrayList<>(sample);
        long until = postStartedNanos + wait.toNanos();
        try {
            while (!waiting.isEmpty() && System.nanoTime() - until < 0) {
                List<Future<Boolean>> reads = new ArrayList<>(waiting.size());
                for (long reader : waiting) {
                    reads.add(readers.submit(() -> shows(reader, postId)));
                }
                List<Long> still = new ArrayList<>();
                for (int i = 0; i < reads.size(); i++) {
                    if (get(reads.get(i))) {
                        millis.recordValue(Math.max(1, (System.nanoTime() - postStartedNanos) / 1_000_000));
                    } else {
                        still.add(waiting.get(i));
                    }
                }
                waiting = still;
                Thread.sleep(ROUND_PAUSE.toMillis());
            }
        } finally {
            readers.shutdownNow();
        }
        long reached = millis.getTotalCount();
        return new CelebrityResult.Reach(
                sample.size(),
                reached,
                reached == 0 ? 0 : millis.getValueAtPercentile(50),
                reached == 0 ? 0 : millis.getValueAtPercentile(99),
                reached == 0 ? 0 : millis.getMaxValue());
    }

    private boolean shows(long reader, long postId) {
        for (PostDetails post : services.feed
                .home()
                .home(reader, reader, Optional.empty(), PAGE)
                .items()) {
            if (post.post().id() == postId) {
                return true;
            }
        }
        return false;
    }

    private static boolean get(Future<Boolean> read) throws InterruptedException {
        try {
            return read.get();
        } catch (ExecutionException e) {
            return false; // a failed read has not seen it yet; the next round reads again
        }
    }
}
