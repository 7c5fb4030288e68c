package dev.widefeed.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class IdGeneratorTest {
    private static final Instant NOW = Instant.parse("2026-11-22T06:00:00Z");

    @Test
    void idsIncreaseAndCarryTheirTime() {
        IdGenerator ids = new IdGenerator(7, Clock.fixed(NOW, ZoneOffset.UTC));
        long previous = 0;
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) { // more than one millisecond's 4096 sequence numbers
            long id = ids.next();
            assertThat(id).isGreaterThan(previous);
            assertThat(seen.add(id)).isTrue();
            previous = id;
        }
        assertThat(IdGenerator.timeOf(previous)).isBetween(NOW, NOW.plusMillis(3));
    }

    @Test
    void workersNeverCollide() {
        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
        IdGenerator a = new IdGenerator(1, clock);
        IdGenerator b = new IdGenerator(2, clock);
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            assertThat(seen.add(a.next())).isTrue();
            assertThat(seen.add(b.next())).isTrue();
        }
    }

    @Test
    void aClockGoingBackDoesNotReuseIds() {
        Instant[] now = {NOW};
        Clock clock = new Clock() {
            @Override
            public ZoneOffset getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return now[0];
            }
        };
        IdGenerator ids = new IdGenerator(3, clock);
        long before = ids.next();
        now[0] = NOW.minusSeconds(5);
        assertThat(ids.next()).isGreaterThan(before);
    }

    @Test
    void workerIdIsBounded() {
        assertThatThrownBy(() -> new IdGenerator(1024)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new IdGenerator(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
