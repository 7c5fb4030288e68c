package dev.widefeed.perf.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProgressTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void aRunningLineShowsDoneTotalRateAndTimeLeft() {
        assertThat(Progress.running("edges", 120_000, 1_000_000, 3 * SECOND))
                .isEqualTo("edges: 120,000 / 1,000,000 (12.0%)  40,000/s  ETA 0:22");
        assertThat(Progress.running("edges", 1_000, 10_000_000, 2 * SECOND))
                .isEqualTo("edges: 1,000 / 10,000,000 (0.0%)  500/s  ETA 5:33:18");
    }

    @Test
    void nothingDoneYetHasNoTimeLeftAndAnEmptyPhaseIsComplete() {
        assertThat(Progress.running("users", 0, 5_000, SECOND)).isEqualTo("users: 0 / 5,000 (0.0%)  0/s  ETA --");
        assertThat(Progress.running("counts corrected", 0, 0, SECOND))
                .isEqualTo("counts corrected: 0 / 0 (100.0%)  0/s  ETA 0:00");
    }

    @Test
    void theFinalLineShowsCountTimeAndRate() {
        assertThat(Progress.finished("users", 20_000, 4 * SECOND)).isEqualTo("users: 20,000 in 4.0 s (5,000/s)");
    }

    @Test
    void clockShowsHoursOnlyFromAnHourUp() {
        assertThat(Progress.clock(59)).isEqualTo("0:59");
        assertThat(Progress.clock(3599)).isEqualTo("59:59");
        assertThat(Progress.clock(3600)).isEqualTo("1:00:00");
    }

    @Test
    void closingEndsTheLineWithTheFinalCount() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (Progress progress = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), "users", 3)) {
            progress.add(2);
            progress.add(1);
        }
        assertThat(bytes.toString(StandardCharsets.UTF_8))
                .startsWith("\rusers: 3 in ")
                .endsWith(System.lineSeparator());
    }
}
