package dev.widefeed.drills.servicekill;

import dev.widefeed.drills.harness.Api;
import dev.widefeed.drills.harness.ServiceRun;
import java.time.Duration;

/**
 * The service killed with -9 while a post's fan-out is part done, started again on the same data, and watched until
 * the fan-out is done: when it was killed, how long the restart took, when the fan-out moved again (the restarted
 * service takes the dead one's event log shards once their lease runs out, {@code eventLog.leaseTtl}), and the
 * fan-out as it ended.
 *
 * @param midway        whether the kill left the fan-out pending: the first status the restarted service answers
 *                      (before it may work the task: the dead one's lease has not run out yet) is not done
 * @param pushedAtKill  followers the last status read before the kill counted pushed
 * @param checkpointed  followers the checkpoint the kill left counts pushed (the first status after the restart)
 * @param killedAfter   seconds from the post to the kill
 * @param killedNanos   when the kill was sent (System.nanoTime)
 * @param restart       seconds from starting the service again to its health check answering 200
 * @param resumed       seconds from the kill to the fan-out's checkpoint moving again (-1: never seen moving)
 * @param supervised    whether the restarted service supervises a store (its {@code store.embedded.pid} gauge): the
 *                      killed one's store, still running, adopted
 * @param done          the fan-out's status once done
 */
record FanoutCrash(
        boolean midway,
        long pushedAtKill,
        long checkpointed,
        double killedAfter,
        long killedNanos,
        double restart,
        double resumed,
        boolean supervised,
        FanoutStatus done) {

    /**
     * Kills the service once the post's checkpoint shows {@code due} followers pushed: the kill lands between
     * checkpoints, with pages in flight (their pushes written, their checkpoint not). A fan-out pushes some ten
     * thousand followers a second here, so the status is read as often as it answers and {@code due} is kept low.
     */
    static FanoutCrash during(ServiceRun service, String token, String post, long due) throws Exception {
        Api api = service.api();
        long posted = System.nanoTime();
        FanoutStatus before = null;
        while (before == null || (!before.done() && before.followersPushed() < due)) {
            FanoutStatus now = FanoutStatus.read(api, token, post);
            before = now == null ? before : now;
            if (seconds(posted) > 600) {
                throw new IllegalStateException("the fan-out did not reach " + due + " followers in 10 min");
            }
            Thread.sleep(10);
        }
        long killed = System.nanoTime();
        service.kill();
        double killedAfter = (killed - posted) / 1e9;

        long restarting = System.nanoTime();
        service.start(Duration.ofMinutes(6));
        double restart = seconds(restarting);
        boolean supervised = service.store().isPresent();
        FanoutStatus atRestart = null;
        FanoutStatus status = null;
        double resumed = -1;
        while (status == null || !status.done()) {
            FanoutStatus now = FanoutStatus.read(api, token, post);
            if (atRestart == null) {
                atRestart = now;
            }
            status = now == null ? status : now;
            if (resumed < 0
                    && atRestart != null
                    && status != null
                    && (status.pushed() > atRestart.pushed() || status.done())) {
                resumed = seconds(killed);
            }
            if (seconds(restarting) > 1800) {
                throw new IllegalStateException(
                        "the fan-out was not done 30 min after the restart; see " + service.log());
            }
            Thread.sleep(250);
        }
        boolean midway = atRestart != null && !atRestart.done();
        return new FanoutCrash(
                midway,
                before.followersPushed(),
                atRestart == null ? -1 : atRestart.followersPushed(),
                killedAfter,
                killed,
                restart,
                resumed,
                supervised,
                status);
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }
}
