package dev.widefeed.export;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import java.time.Duration;

/** The rows-per-second ceiling every split of an export draws from; a second's worth may come at once. */
final class Throttle {
    private final Bucket bucket;

    Throttle(long rowsPerSecond, int pageRows) {
        this.bucket = rowsPerSecond == 0
                ? null
                : Bucket.builder()
                        .addLimit(Bandwidth.builder()
                                .capacity(Math.max(rowsPerSecond, pageRows))
                                .refillGreedy(rowsPerSecond, Duration.ofSeconds(1))
                                .build())
                        .build();
    }

    /** Waits until {@code rows} more may be read. */
    void take(int rows) throws InterruptedException {
        if (bucket != null && rows > 0) {
            bucket.asBlocking().consume(rows);
        }
    }
}
