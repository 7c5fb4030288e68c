package dev.widefeed.testing;

import java.time.Duration;
import org.awaitility.Awaitility;

/**
 * Waits for the system clock to reach a later millisecond: the stores keep times in milliseconds, so what is stamped
 * after this sorts strictly after what was stamped before it.
 */
public final class NextMillisecond {
    private NextMillisecond() {}

    public static void await() {
        long now = System.currentTimeMillis();
        // In the calling thread: a millisecond is shorter than handing each check to another.
        Awaitility.await("the clock past " + now)
                .pollInSameThread()
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(1))
                .atMost(Duration.ofSeconds(1))
                .until(() -> System.currentTimeMillis() > now);
    }
}
