package dev.widefeed.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class VersionedEdgeTest {
    private static final Instant NOW = Instant.parse("2026-11-22T06:00:00.123456789Z");
    private static final Instant NOW_MILLIS = Instant.parse("2026-11-22T06:00:00.123Z");

    @Test
    void anEdgeNeverWrittenDoesNotExist() {
        assertThat(PlainEdge.ABSENT.exists()).isFalse();
        assertThat(new PlainEdge(false, null, 1).exists()).isTrue();
    }

    @Test
    void goingOnTakesTheTimeInMillisecondsAndAVersionOfItsMicroseconds() {
        PlainEdge on = PlainEdge.ABSENT.next(true, NOW);
        assertThat(on.on()).isTrue();
        assertThat(on.since()).isEqualTo(NOW_MILLIS);
        assertThat(on.version()).isEqualTo(NOW_MILLIS.toEpochMilli() * 1000);
        assertThat(on.exists()).isTrue();
    }

    @Test
    void goingOffKeepsWhenTheEdgeCameOn() {
        Instant earlier = Instant.parse("2026-01-01T00:00:00Z");
        PlainEdge on = PlainEdge.ABSENT.next(true, earlier);
        PlainEdge off = on.next(false, NOW);
        assertThat(off.on()).isFalse();
        assertThat(off.since()).isEqualTo(earlier);
        assertThat(off.version()).isEqualTo(NOW_MILLIS.toEpochMilli() * 1000);
    }

    @Test
    void anEdgeThatWasNeverOnHasNoSinceEvenWhenWrittenOff() {
        PlainEdge off = PlainEdge.ABSENT.next(false, NOW);
        assertThat(off.since()).isNull();
        assertThat(off.exists()).isTrue();
    }

    @Test
    void theVersionGrowsEvenWhenTheClockGoesBack() {
        long ahead = NOW_MILLIS.plusSeconds(5).toEpochMilli() * 1000;
        PlainEdge written = new PlainEdge(true, NOW_MILLIS.plusSeconds(5), ahead);
        PlainEdge off = written.next(false, NOW);
        assertThat(off.version()).isEqualTo(ahead + 1);
        assertThat(off.next(true, NOW).version()).isEqualTo(ahead + 2);
    }

    @Test
    void twoChangesInOneMillisecondGetDistinctVersions() {
        PlainEdge on = PlainEdge.ABSENT.next(true, NOW);
        PlainEdge off = on.next(false, NOW.plusNanos(1000));
        assertThat(off.version()).isEqualTo(on.version() + 1);
    }
}
