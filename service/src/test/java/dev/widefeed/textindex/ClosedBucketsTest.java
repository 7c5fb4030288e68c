package dev.widefeed.textindex;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ClosedBucketsTest {
    private static final Duration SLOT = Duration.ofMinutes(10);
    private static final Instant START = Instant.parse("2026-11-27T10:00:00Z");

    private final ClosedBuckets buckets = new ClosedBuckets();
    private final AtomicInteger reads = new AtomicInteger();

    private Map<String, Long> counts(Instant now) {
        return buckets.counts(SLOT, START, now, () -> Map.of("topic", (long) reads.incrementAndGet()));
    }

    @Test
    void anOpenOrSettlingBucketIsReadEveryTime() {
        counts(START.plusSeconds(30));
        counts(START.plus(SLOT).plusSeconds(10)); // ended, still settling
        counts(START.plus(SLOT).plusSeconds(50));

        assertThat(reads).hasValue(3);
        assertThat(buckets.size()).isZero();
    }

    @Test
    void aSettledBucketIsReadOnceThenEveryReread() {
        Instant settled = START.plus(SLOT).plus(ClosedBuckets.SETTLE);
        assertThat(counts(settled)).containsEntry("topic", 1L);
        assertThat(counts(settled.plus(ClosedBuckets.REREAD).minusSeconds(1)))
                .as("kept")
                .containsEntry("topic", 1L);
        assertThat(counts(settled.plus(ClosedBuckets.REREAD))).as("read again").containsEntry("topic", 2L);
        assertThat(reads).hasValue(2);
    }

    @Test
    void aReadBeforeTheBucketSettledIsNeverKept() {
        counts(START.plus(SLOT).plusSeconds(59)); // a count may still land after this read
        assertThat(counts(START.plus(SLOT).plus(ClosedBuckets.SETTLE))).containsEntry("topic", 2L);
        assertThat(reads).hasValue(2);
    }

    @Test
    void bucketsPastEveryWindowAreForgotten() {
        counts(START.plus(SLOT).plus(ClosedBuckets.SETTLE));
        buckets.forgetBefore(START.plus(SLOT));
        assertThat(buckets.size()).isOne();
        buckets.forgetBefore(START.plus(SLOT).plusMillis(1));
        assertThat(buckets.size()).isZero();
    }
}
