package dev.widefeed.drills;

import java.time.Duration;
import java.util.List;

/**
 * A {@link MixedLoad#openLoop()} load that runs longer than an access token lasts: every {@link #LEG} the load in
 * flight is closed and a new one started with sessions renewed just before. A user is worked by the same thread's
 * index in every leg and legs do not overlap, so one user's requests on one key stay in order across them.
 */
final class RenewedLoad implements AutoCloseable {
    /** Well inside a token's 15 minutes, with renewal at its start. */
    static final Duration LEG = Duration.ofMinutes(5);

    private final DrillSession session;
    private final Sessions sessions;
    private final MixedLoad.Mix mix;
    private final int threads;
    private final double perSecond;
    private final Thread thread;
    private volatile boolean stopped;
    private volatile RuntimeException failure;

    RenewedLoad(DrillSession session, Sessions sessions, MixedLoad.Mix mix, int threads, double perSecond) {
        this.session = session;
        this.sessions = sessions;
        this.mix = mix;
        this.threads = threads;
        this.perSecond = perSecond;
        this.thread = new Thread(this::legs, "drill-renewed-load");
        thread.setDaemon(true);
    }

    RenewedLoad start() {
        thread.start();
        return this;
    }

    private void legs() {
        try {
            while (!stopped) {
                MixedLoad load = new MixedLoad(session.api, sessions.fresh(Duration.ofMinutes(1)), session.ledger,
                        session.timeline, mix, List.of(), null, threads, perSecond).openLoop();
                load.start();
                try {
                    long end = System.nanoTime() + LEG.toNanos();
                    while (!stopped && System.nanoTime() < end) {
                        Thread.sleep(200);
                    }
                } finally {
                    load.close();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            failure = e; // a renewal refused: the drill fails with it at close, not later as 401s
        }
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
