package dev.widefeed.drills.harness;

import dev.widefeed.restclient.Reply;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * A drill's setup request sent again while the service answers 503 (the store is briefly unavailable) or nothing
 * (status -1), as an app would, for up to {@link #PATIENCE}; any other answer is returned as it is. Only for
 * requests that are safe to send twice (an idempotency key, or idempotent by nature), and only before a drill
 * measures: during the measured load every 503 is counted, never hidden.
 */
final class SetupRetry {
    static final Duration PATIENCE = Duration.ofMinutes(2);
    private static final long FIRST_PAUSE_MILLIS = 200;
    private static final long LONGEST_PAUSE_MILLIS = 5_000;

    private SetupRetry() {}

    static Reply untilAnswered(Supplier<Reply> request) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        long pause = FIRST_PAUSE_MILLIS;
        while (true) {
            Reply reply = request.get();
            boolean unanswered = reply.status() == 503 || reply.status() == -1;
            if (!unanswered || System.nanoTime() + pause * 1_000_000 > deadline) {
                return reply;
            }
            Thread.sleep(pause);
            pause = Math.min(pause * 2, LONGEST_PAUSE_MILLIS);
        }
    }
}
