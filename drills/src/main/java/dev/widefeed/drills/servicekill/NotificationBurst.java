package dev.widefeed.drills.servicekill;

import dev.widefeed.drills.harness.Api;
import dev.widefeed.drills.harness.Population;
import dev.widefeed.drills.harness.Timeline;
import dev.widefeed.restclient.Reply;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Many distinct users each like one post and comment on it once, at a steady pace, whether the service answers or
 * not: the notification burst its author gets. Each notification it makes is countable exactly: one like and one
 * comment per user, so the author's {@code like} and {@code comment} groups of the post must count every user once.
 * A request the service did not acknowledge (no answer, the connection refused, 503) is settled afterwards as a
 * client would: the like is put again (idempotent), the comment posted again with the same {@code Idempotency-Key}
 * (which answers the first request's comment if it was made). Afterwards every user's like and comment is
 * acknowledged, so the expected counts are the number of users.
 */
final class NotificationBurst implements AutoCloseable {
    private static final int THREADS = 8;

    private final Api api;
    private final List<Population.User> users;
    private final String post;
    private final Timeline timeline;
    private final Duration interval;
    private final AtomicReferenceArray<Boolean> liked;
    private final AtomicReferenceArray<String> comments;
    private final AtomicIntegerArray tries;
    private final AtomicLong unacknowledged = new AtomicLong();
    private final AtomicLong replayed = new AtomicLong();
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final ExecutorService pool = Executors.newFixedThreadPool(THREADS);

    /** @param perSecond requests a second over all users (two a user) */
    NotificationBurst(Api api, List<Population.User> users, String post, Timeline timeline, double perSecond) {
        this.api = api;
        this.users = users;
        this.post = post;
        this.timeline = timeline;
        this.interval = Duration.ofNanos((long) (THREADS * 1e9 / perSecond));
        this.liked = new AtomicReferenceArray<>(users.size());
        this.comments = new AtomicReferenceArray<>(users.size());
        this.tries = new AtomicIntegerArray(users.size());
    }

    /** Starts the burst: each thread takes every eighth user, a like then a comment, at its share of the pace. */
    void start() {
        for (int t = 0; t < THREADS; t++) {
            int first = t;
            pool.submit(() -> {
                for (int i = first; i < users.size() && !stopped.get(); i += THREADS) {
                    like(i);
                    pause();
                    comment(i);
                    pause();
                }
                return null;
            });
        }
    }

    /** Waits until every user had their turn (acknowledged or not). */
    void awaitSent(Duration within) throws InterruptedException {
        pool.shutdown();
        if (!pool.awaitTermination(within.toSeconds(), TimeUnit.SECONDS)) {
            throw new IllegalStateException(
                    "the notification burst did not get through its users within " + within.toSeconds() + " s");
        }
    }

    /**
     * Asks again for every like and comment not acknowledged yet, until each is, or {@code within} passes: a
     * comment whose first request may still be running is answered 409 for up to 30 s, and is asked again then.
     */
    void settle(Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (unsettled() > 0) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(unsettled() + " likes and comments of the burst were still not "
                        + "acknowledged " + within.toSeconds() + " s after the service came back");
            }
            for (int i = 0; i < users.size(); i++) {
                if (liked.get(i) == null) {
                    like(i);
                }
                if (comments.get(i) == null) {
                    comment(i);
                }
            }
            if (unsettled() > 0) {
                Thread.sleep(2_000);
            }
        }
    }

    private long unsettled() {
        long count = 0;
        for (int i = 0; i < users.size(); i++) {
            count += (liked.get(i) == null ? 1 : 0) + (comments.get(i) == null ? 1 : 0);
        }
        return count;
    }

    private void like(int i) {
        Reply reply = api.like(users.get(i).token(), post, true);
        timeline.record(reply);
        if (reply.status() == 200) {
            liked.set(i, Boolean.TRUE);
        } else {
            unacknowledged.incrementAndGet();
        }
    }

    private void comment(int i) {
        boolean again = tries.getAndIncrement(i) > 0;
        Reply reply = api.comment(users.get(i).token(), post, "burst comment " + i, key(i));
        timeline.record(reply);
        if (reply.status() == 201 || reply.status() == 200) {
            comments.set(i, reply.text("id"));
            if (again && reply.replayed()) {
                replayed.incrementAndGet();
            }
        } else {
            unacknowledged.incrementAndGet();
        }
    }

    /** One key per user and post: a retry of the user's comment is the same request. */
    private String key(int i) {
        return "burst-" + post + "-" + i;
    }

    private void pause() {
        try {
            Thread.sleep(interval.toMillis(), interval.toNanosPart() % 1_000_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopped.set(true);
        }
    }

    int users() {
        return users.size();
    }

    /** Requests of the burst (the first tries and the settling ones) the service did not acknowledge. */
    long unacknowledged() {
        return unacknowledged.get();
    }

    /** Comments asked again whose answer was the first request's comment ({@code Idempotent-Replayed}). */
    long replayed() {
        return replayed.get();
    }

    @Override
    public void close() {
        stopped.set(true);
        pool.shutdownNow();
    }
}
