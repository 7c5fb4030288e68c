package dev.widefeed.eventlog;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OwnEntriesTest {
    private final OwnEntries own = new OwnEntries(3);

    private static LogEntry entry(int shard, long slot, long subject) {
        return new LogEntry(shard, slot, "k", subject, 1);
    }

    @Test
    void aSlotIsKnownOnlyFromTheMinuteAfterNextOfItsTenureOn() {
        own.hearing(true);
        own.began(0, 100);
        own.appended(entry(0, 101, 1)); // stamped in the next minute: may have been appended before the tenure
        own.appended(entry(0, 102, 2));
        own.appended(entry(0, 102, 2)); // the same entry twice is one
        assertThat(own.known(0, 101)).isEmpty();
        assertThat(own.known(0, 102)).hasValueSatisfying(e -> assertThat(e).containsExactly(entry(0, 102, 2)));
        assertThat(own.known(0, 103)).as("nothing appended there: known empty").hasValue(java.util.List.of());
        assertThat(own.known(1, 102)).as("no tenure of shard 1").isEmpty();
    }

    @Test
    void nothingIsKnownUnlessTheAppendsAreHeard() {
        own.began(0, 100);
        own.appended(entry(0, 102, 1));
        assertThat(own.known(0, 102)).isEmpty();

        own.hearing(true);
        own.began(0, 100);
        own.hearing(false);
        assertThat(own.known(0, 102)).isEmpty();
    }

    @Test
    void aFailedAppendsSlotIsReadAndALostShardIsForgotten() {
        own.hearing(true);
        own.began(0, 100);
        own.uncertain(entry(0, 102, 1));
        assertThat(own.known(0, 102)).isEmpty();
        assertThat(own.known(0, 103)).isPresent();

        own.forget(0);
        assertThat(own.known(0, 103)).isEmpty();
    }

    @Test
    void pastItsLimitAShardsSlotsSoFarAreReadAndTheWatermarkFreesItsEntries() {
        own.hearing(true);
        own.began(0, 100);
        own.appended(entry(0, 102, 1));
        own.appended(entry(0, 102, 2));
        own.appended(entry(0, 103, 3));
        own.appended(entry(0, 104, 4)); // a fourth: past the limit of 3
        assertThat(own.known(0, 102)).isEmpty();
        assertThat(own.known(0, 104)).isEmpty();
        own.appended(entry(0, 105, 5));
        assertThat(own.known(0, 105)).hasValueSatisfying(e -> assertThat(e).hasSize(1));

        own.appended(entry(0, 106, 6));
        own.appended(entry(0, 106, 7));
        own.forgetBelow(0, 106); // 105's entry goes: room for one more
        own.appended(entry(0, 107, 8));
        assertThat(own.known(0, 107)).hasValueSatisfying(e -> assertThat(e).hasSize(1));
        assertThat(own.known(0, 106)).hasValueSatisfying(e -> assertThat(e).hasSize(2));
    }
}
