package dev.widefeed.graph;

import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongConsumer;

/**
 * Gives every user created before handles one (docs/design.md, "Handles"): a walk of the whole users table,
 * each user without a handle given the first free one derived from their name. Users who have one are left as
 * they are, so the walk can be run again, after a crash or to catch users a bulk loader wrote since, and it
 * does only what is left. Users are handled {@code parallelism} at a time (a claim is a conditional write: a
 * round of consensus on Cassandra), so a table of a million users takes minutes, not an hour.
 */
public final class HandleBackfill {
    private final UserStore users;
    private final UserService service;
    private final int parallelism;
    private final LongConsumer thenEach;

    /**
     * @param thenEach what else is done for each user once they have a handle, in the same walk (the command lists
     *                 every user in the directory)
     */
    public HandleBackfill(UserStore users, UserService service, int parallelism, LongConsumer thenEach) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1");
        }
        this.users = users;
        this.service = service;
        this.parallelism = parallelism;
        this.thenEach = thenEach;
    }

    /** What a walk found and did. */
    public record Report(long users, long given, long hadOne, long noneFree) {}

    /** Called about every {@code every} users, from the threads doing them, and once at the end. */
    public interface Progress {
        void at(Report soFar);
    }

    /** Walks the whole table; the first failure stops it (after the users under way) and is thrown. */
    public Report run(long every, Progress progress) throws InterruptedException {
        AtomicLong seen = new AtomicLong();
        AtomicLong given = new AtomicLong();
        AtomicLong hadOne = new AtomicLong();
        AtomicLong noneFree = new AtomicLong();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        Semaphore slots = new Semaphore(parallelism);
        ExecutorService pool = Executors.newFixedThreadPool(parallelism);
        try {
            users.scanIds(id -> {
                if (failure.get() != null) {
                    return; // the scan cannot be stopped from here; the rest is skipped
                }
                slots.acquireUninterruptibly();
                pool.execute(() -> {
                    try {
                        Optional<User> before = users.find(id);
                        if (before.isPresent() && before.get().handle().isPresent()) {
                            hadOne.incrementAndGet();
                        } else if (before.isPresent()) {
                            (service.giveHandle(before.get()).isPresent() ? given : noneFree).incrementAndGet();
                        }
                        thenEach.accept(id);
                        if (seen.incrementAndGet() % every == 0) {
                            progress.at(new Report(seen.get(), given.get(), hadOne.get(), noneFree.get()));
                        }
                    } catch (RuntimeException e) {
                        failure.compareAndSet(null, e);
                    } finally {
                        slots.release();
                    }
                });
            });
            slots.acquire(parallelism); // every user under way is done
        } finally {
            pool.shutdown();
            pool.awaitTermination(1, TimeUnit.MINUTES);
        }
        if (failure.get() != null) {
            throw failure.get();
        }
        Report done = new Report(seen.get(), given.get(), hadOne.get(), noneFree.get());
        progress.at(done);
        return done;
    }
}
