package dev.widefeed.drills.harness;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link MixedLoad} that runs longer than an access token lasts: every {@link #LEG} the load in flight is closed
 * and a new one started with sessions renewed just before. A user is worked by the same thread's index in every leg
 * and legs do not overlap, so one user's requests on one key stay in order across them.
 */
public final class RenewedLoad implements AutoCloseable {
    /** Well inside a token's 15 minutes, with renewal at its start. */
    static final Duration LEG = Duration.ofMinutes(5);

    private final DrillSession session;
    private final Sessions sessions;
    private final MixedLoad.Mix mix;
    private final int threads;
    private final double perSecond;
    /** The user the load's follows go to, by index in the population (-1: none, any user). */
    private final int target;

    private final boolean openLoop;
    private final AtomicLong sent = new AtomicLong();
    private final Thread thread;
    private volatile boolean stopped;
    private volatile RuntimeException failure;

    /** An open-loop load of the mix over every user (the soak's). */
    public RenewedLoad(DrillSession session, Sessions sessions, MixedLoad.Mix mix, int threads, double perSecond) {
        this(session, sessions, mix, -1, true, threads, perSecond);
    }

    /**
     * @param target   the population's index of the user the follows go to, -1 for none
     * @param openLoop whether requests keep a schedule ({@link MixedLoad#openLoop()}) or follow one another
     */
    public RenewedLoad(
            DrillSession session,
            Sessions sessions,
            MixedLoad.Mix mix,
            int target,
            boolean openLoop,
            int threads,
            double perSecond) {
        this.session = session;
        this.sessions = sessions;
        this.mix = mix;
        this.target = target;
        this.openLoop = openLoop;
        this.threads = threads;
        this.perSecond = perSecond;
        this.thread = new Thread(this::legs, "drill-renewed-load");
        thread.setDaemon(true);
    }

    public RenewedLoad start() {
        thread.start();
        return this;
    }

    private void legs() {
        try {
            while (!stopped) {
                Population population = sessions.fresh(Duration.ofMinutes(1));
                MixedLoad load = new MixedLoad(
                        session.api,
                        population,
                        session.ledger,
                        session.timeline,
                        mix,
                        List.of(),
                        target < 0 ? null : population.users().get(target),
                        threads,
                        perSecond);
                if (openLoop) {
                    load.openLoop();
                }
                load.start();
                try {
                    long end = System.nanoTime() + LEG.toNanos();
                    while (!stopped && System.nanoTime() < end) {
                        Thread.sleep(200);
                    }
                } finally {
                    load.close();
                    sent.addAndGet(load.sent());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            failure = e; // a renewal refused: the drill fails with it at close, not later as 401s
        }
    }

    /** Requests sent by the legs that have ended. */
    public long sent() {
        return sent.get();
    }

    /** Stops the load and waits for the requests in flight. */
    @Override
    public void close() throws InterruptedException {
        stopped = true;
        thread.join(Api.TIMEOUT.toMillis() + 10_000);
        if (failure != null) {
            throw failure;
        }
    }
}
