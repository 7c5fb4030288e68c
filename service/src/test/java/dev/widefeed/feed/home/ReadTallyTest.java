package dev.widefeed.feed.home;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ReadTallyTest {
    @Test
    void takeGivesTheReadsSinceTheLastTakeAndStartsAgain() {
        ReadTally tally = new ReadTally(100, Duration.ofMinutes(21));
        for (int i = 0; i < 7; i++) {
            tally.read(1);
        }
        tally.read(2);

        assertThat(tally.take(1)).isEqualTo(7);
        assertThat(tally.take(2)).isEqualTo(1);
        tally.read(1);
        assertThat(tally.take(1)).isEqualTo(1);
    }

    @Test
    void aReaderNeverTalliedHereCountsTheReadTakingIt() {
        // Another instance served their earlier reads, or this one forgot them: the read that writes the
        // state is still one read.
        assertThat(new ReadTally(100, Duration.ofMinutes(21)).take(42)).isEqualTo(1);
    }
}
