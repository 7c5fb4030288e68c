package dev.widefeed.drills.harness;

import dev.widefeed.restclient.Reply;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Likes, follows, posts and comments from many users at a paced rate, every answer recorded in a
 * {@link Timeline} and every acknowledged write in a {@link Ledger}. Each worker thread acts for its
 * own share of the users, so one user's requests on one like or follow are never in flight together
 * and the last one made is the one that counts. A like or follow asks the opposite of what the ledger says was
 * last asked of it, whichever load asked it, so toggles go on across loads instead of starting again at "on".
 */
public final class MixedLoad implements AutoCloseable {
    /** The share of each kind of request, in percent: like/unlike, follow/unfollow, post, comment, home page read. */
    public record Mix(int likes, int follows, int posts, int comments, int homeReads) {
        public static final Mix MIXED = new Mix(40, 20, 20, 20);
        public static final Mix LIKES = new Mix(100, 0, 0, 0);
        public static final Mix FOLLOWS = new Mix(0, 100, 0, 0);

        public Mix {
            if (likes + follows + posts + comments + homeReads != 100) {
                throw new IllegalArgumentException("a mix adds up to 100");
            }
        }

        /** Writes only. */
        Mix(int likes, int follows, int posts, int comments) {
            this(likes, follows, posts, comments, 0);
        }
    }

    private final Api api;
    private final Population population;
    private final Ledger ledger;
    private final Timeline timeline;
    private final Mix mix;
    private final List<String> targets;
    private final RecentPosts recent;
    private final Population.User followee;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final AtomicLong sent = new AtomicLong();
    private final List<Thread> workers = new ArrayList<>();
    private volatile boolean openLoop;

    /**
     * @param targets   the posts likes and comments go to (empty: the newest the ledger knows, new ones included:
     *                  {@link RecentPosts})
     * @param followee  the one user all follows go to (null: any user of the population)
     * @param perSecond requests a second over all threads, paced
     */
    public MixedLoad(
            Api api,
            Population population,
            Ledger ledger,
            Timeline timeline,
            Mix mix,
            List<String> targets,
            Population.User followee,
            int threads,
            double perSecond) {
        this.followee = followee;
        this.api = api;
        this.population = population;
        this.ledger = ledger;
        this.timeline = timeline;
        this.mix = mix;
        this.targets = List.copyOf(targets);
        this.recent = targets.isEmpty() ? new RecentPosts(ledger.posts.keySet()) : null;
        long pauseNanos = (long) (threads * 1e9 / perSecond);
        List<Population.User> users = population.users();
        for (int t = 0; t < threads; t++) {
            List<Population.User> mine = new ArrayList<>();
            for (int i = t; i < users.size(); i += threads) {
                mine.add(users.get(i));
            }
            long phaseNanos = pauseNanos * t / threads;
            Thread worker = new Thread(() -> work(mine, pauseNanos, phaseNanos), "drill-load-" + t);
            worker.setDaemon(true);
            workers.add(worker);
        }
    }

    /**
     * The outage drills' load: the {@link Mix#MIXED} writes of {@code population}'s users on the newest posts,
     * their follows among themselves, eight threads at {@code perSecond} requests a second over them all.
     */
    public static MixedLoad mixed(Api api, Population population, Ledger ledger, Timeline timeline, double perSecond) {
        return new MixedLoad(api, population, ledger, timeline, Mix.MIXED, List.of(), null, 8, perSecond);
    }

    /**
     * Times each answer from when its request was due instead of from when it was sent, and spreads the threads'
     * schedules over the pause instead of starting them together; call before {@link #start}. A thread still
     * waits for its answer before its next request, but it keeps its schedule (it sends at once what fell due
     * meanwhile): a service slower than the threads allow shows as a lower achieved rate and as latency that
     * includes the wait, not as a lighter load that hides it (coordinated omission).
     */
    MixedLoad openLoop() {
        openLoop = true;
        return this;
    }

    public void start() {
        workers.forEach(Thread::start);
    }

    public long sent() {
        return sent.get();
    }

    private void work(List<Population.User> mine, long pauseNanos, long phaseNanos) {
        long next = System.nanoTime() + (openLoop ? phaseNanos : 0);
        while (!stopped.get()) {
            long due = next;
            long wait = next - System.nanoTime();
            if (wait > 0) {
                try {
                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                } catch (InterruptedException e) {
                    return;
                }
            }
            next += pauseNanos;
            ThreadLocalRandom random = ThreadLocalRandom.current();
            Population.User me = mine.get(random.nextInt(mine.size()));
            int pick = random.nextInt(100);
            if (pick < mix.likes()) {
                String post = target(random);
                Ledger.Edge edge = new Ledger.Edge(post, me.id());
                boolean on = !Ledger.lastAsked(ledger.likes, edge);
                Reply reply = record(due, api.like(me.token(), post, on));
                ledger.like(post, me.id(), on, reply.ok());
            } else if (pick < mix.likes() + mix.follows()) {
                Population.User other = followee != null
                        ? followee
                        : population
                                .users()
                                .get(random.nextInt(population.users().size()));
                if (other.id().equals(me.id())) {
                    continue;
                }
                Ledger.Edge edge = new Ledger.Edge(me.id(), other.id());
                boolean on = !Ledger.lastAsked(ledger.follows, edge);
                Reply reply = record(due, api.follow(me.token(), me.id(), other.id(), on));
                ledger.follow(me.id(), other.id(), on, reply.ok());
            } else if (pick < mix.likes() + mix.follows() + mix.posts()) {
                Reply reply = record(due, api.post(me.token(), "drill post " + sent.get()));
                if (reply.ok()) {
                    ledger.post(reply.text("id"), me.id());
                    if (recent != null) {
                        recent.add(reply.text("id"));
                    }
                }
            } else if (pick < mix.likes() + mix.follows() + mix.posts() + mix.comments()) {
                String post = target(random);
                Reply reply = record(due, api.comment(me.token(), post, "drill comment " + sent.get()));
                if (reply.ok()) {
                    ledger.comment(reply.text("id"), post);
                }
            } else {
                record(due, api.home(me.token(), me.id()));
            }
        }
    }

    private String target(ThreadLocalRandom random) {
        return recent != null ? recent.pick() : targets.get(random.nextInt(targets.size()));
    }

    private Reply record(long dueNanos, Reply reply) {
        sent.incrementAndGet();
        timeline.record(
                openLoop ? reply.withMicros(Math.max(reply.micros(), (System.nanoTime() - dueNanos) / 1_000)) : reply);
        return reply;
    }

    /** Stops the load and waits for the requests in flight (each ends within the client's timeout). */
    @Override
    public void close() throws InterruptedException {
        stopped.set(true);
        for (Thread worker : workers) {
            worker.join(Api.TIMEOUT.toMillis() + 5_000);
        }
    }
}
