package dev.widefeed.perf.load;

import dev.widefeed.graph.FollowEdge;
import dev.widefeed.perf.workload.UserIds;
import dev.widefeed.perf.workload.WorkloadReader;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Streams a workload's follow edges into bulk imports of {@code chunkSize} edges, {@code chunksInFlight} at
 * once.
 *
 * <p>The follows file is grouped by followee, followers ascending. Each edge's {@code since} is a fixed
 * instant plus its line number in milliseconds, so one followee's followers are imported oldest first and
 * a reload writes the same rows at the same versions. The chunks that carry one followee's followers run
 * one after another, never side by side: an import places a followee's new follower rows by the
 * follower count it reads (Cassandra's follower buckets), which a parallel import of the same followee
 * would not have raised yet.
 *
 * <p>A reload skips, per followee, as many leading edges as the store already counts for it: an import
 * adds a followee's count only after its rows are written, and a followee's chunks run in file order, so
 * the counted edges are exactly the first ones.
 */
final class EdgeLoader {
    static final Instant FIRST_SINCE = Instant.parse("2023-06-01T00:00:00Z");

    private final UserIds ids;
    private final int chunkSize;
    private final int chunksInFlight;
    private final Consumer<List<FollowEdge>> importer;

    /** @param importer a bulk import, e.g. {@code storage.relations()::importEdges} */
    EdgeLoader(UserIds ids, int chunkSize, int chunksInFlight, Consumer<List<FollowEdge>> importer) {
        this.ids = ids;
        this.chunkSize = chunkSize;
        this.chunksInFlight = chunksInFlight;
        this.importer = importer;
    }

    /**
     * Imports the edges not yet counted in {@code counts} (and counts them there).
     *
     * @param followers each user's follower count in the workload
     * @return each user's following count in the workload
     */
    int[] load(WorkloadReader workload, int[] followers, KnownCounts counts, Progress progress)
            throws IOException, InterruptedException {
        Run run = new Run(followers, counts, progress);
        try {
            workload.follows(run::edge);
            run.flush();
        } catch (Abort stopped) {
            // a chunk failed; its error is rethrown below once the others are done
        } finally {
            run.finish();
        }
        return run.following;
    }

    /** One pass over the file; the file reader's thread is the only one that touches these fields. */
    private final class Run {
        private final int[] followers;
        private final KnownCounts counts;
        private final Progress progress;
        private final int[] following;
        private final Semaphore permits = new Semaphore(chunksInFlight);
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private final ExecutorService pool =
                Executors.newFixedThreadPool(chunksInFlight, Parallel.daemon("edge-import"));
        private long line;
        private int followee = -1;
        private long seen;
        private long skip;
        private List<FollowEdge> chunk = new ArrayList<>();
        private int chunkFirst = -1;
        private int chunkLast = -1;
        private CompletableFuture<Void> previous;
        private int previousLast = -1;

        Run(int[] followers, KnownCounts counts, Progress progress) {
            this.followers = followers;
            this.counts = counts;
            this.progress = progress;
            this.following = new int[followers.length];
        }

        void edge(int follower, int followee) {
            following[follower]++;
            if (followee != this.followee) {
                this.followee = followee;
                seen = 0;
                skip = Math.max(0, Math.min(counts.followers(followee), followers[followee]));
            }
            long index = line++;
            if (++seen <= skip) {
                return;
            }
            if (chunk.isEmpty()) {
                chunkFirst = followee;
            }
            chunkLast = followee;
            chunk.add(FollowEdge.absent(ids.id(follower), ids.id(followee)).next(true, FIRST_SINCE.plusMillis(index)));
            counts.imported(follower, followee);
            if (chunk.size() == chunkSize) {
                flush();
            }
        }

        void flush() {
            if (chunk.isEmpty()) {
                return;
            }
            if (failure.get() != null) {
                throw new Abort();
            }
            permits.acquireUninterruptibly();
            List<FollowEdge> edges = chunk;
            Runnable work = () -> {
                importer.accept(edges);
                progress.add(edges.size());
            };
            CompletableFuture<Void> next = chunkFirst == previousLast
                    ? previous.thenRunAsync(work, pool)
                    : CompletableFuture.runAsync(work, pool);
            next.whenComplete((ok, error) -> {
                if (error != null) {
                    failure.compareAndSet(null, error instanceof CompletionException ? error.getCause() : error);
                }
                permits.release();
            });
            previous = next;
            previousLast = chunkLast;
            chunk = new ArrayList<>();
        }

        void finish() throws InterruptedException {
            try {
                permits.acquire(chunksInFlight);
            } finally {
                pool.shutdownNow();
            }
            Throwable error = failure.get();
            if (error instanceof RuntimeException runtime) {
                throw runtime;
            } else if (error instanceof Error fatal) {
                throw fatal;
            } else if (error != null) {
                throw new IllegalStateException(error);
            }
        }
    }

    /** Stops the file pass once a chunk has failed. */
    private static final class Abort extends RuntimeException {
        Abort() {
            super(null, null, false, false);
        }
    }
}
