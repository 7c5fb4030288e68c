package dev.widefeed.eventlog;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FinishedEntriesTest {
    private static LogEntry entry(int shard, long slot, long subject) {
        return new LogEntry(shard, slot, "fanout", subject, 7);
    }

    @Test
    void anEntryIsKnownByItsShardSlotAndKey() {
        FinishedEntries finished = new FinishedEntries(100);
        finished.add(entry(1, 10, 5));
        finished.add(entry(1, 10, 5));
        assertThat(finished.contains(entry(1, 10, 5))).isTrue();
        assertThat(finished.contains(entry(1, 11, 5)))
                .as("the same work asked for again in a later slot")
                .isFalse();
        assertThat(finished.contains(entry(2, 10, 5))).isFalse();
        assertThat(finished.size()).isEqualTo(1);
    }

    @Test
    void slotsBelowTheWatermarkAreForgottenAndTheRestKept() {
        FinishedEntries finished = new FinishedEntries(100);
        for (long slot = 10; slot < 15; slot++) {
            finished.add(entry(1, slot, 5));
            finished.add(entry(2, slot, 5));
        }
        finished.forgetBelow(1, 13);
        assertThat(finished.contains(entry(1, 12, 5))).isFalse();
        assertThat(finished.contains(entry(1, 13, 5))).isTrue();
        assertThat(finished.contains(entry(2, 10, 5)))
                .as("another shard's watermark")
                .isTrue();
        assertThat(finished.size()).isEqualTo(7);

        finished.forgetShard(2);
        assertThat(finished.contains(entry(2, 14, 5))).isFalse();
        assertThat(finished.size()).isEqualTo(2);
    }

    @Test
    void pastItsLimitAShardForgetsItsOldestSlotsFirst() {
        FinishedEntries finished = new FinishedEntries(4);
        for (long slot = 10; slot < 13; slot++) {
            finished.add(entry(1, slot, 5));
            finished.add(entry(1, slot, 6));
        }
        assertThat(finished.size()).isLessThanOrEqualTo(4);
        assertThat(finished.contains(entry(1, 10, 5))).isFalse();
        assertThat(finished.contains(entry(1, 12, 6))).isTrue();
        assertThat(finished.contains(entry(1, 11, 6))).isTrue();
    }
}
