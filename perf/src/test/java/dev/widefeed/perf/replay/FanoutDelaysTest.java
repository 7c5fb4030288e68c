package dev.widefeed.perf.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.feed.timeline.FanoutKind;
import dev.widefeed.feed.timeline.FanoutProgress;
import dev.widefeed.perf.results.ReplayResult;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FanoutDelaysTest {
    private static final Instant POSTED = Instant.parse("2025-01-01T00:00:00Z");

    private static FanoutProgress.TierProgress tier(String name, long pushed, Optional<Instant> finished) {
        return new FanoutProgress.TierProgress(
                name, Duration.ofDays(1), Duration.ofMinutes(1), pushed, Optional.of(POSTED), finished, pushed, 0);
    }

    @Test
    void reportsFinishedTiersFromThePostsCreationAndLeavesOutTheRest() throws Exception {
        FanoutProgress hybrid = new FanoutProgress(
                1,
                FanoutKind.DELIVER,
                "hybrid",
                50_000,
                List.of(tier("hot", 12_000, Optional.of(POSTED.plusMillis(2500))), tier("warm", 300, Optional.empty())),
                1,
                Optional.empty(),
                0,
                POSTED,
                POSTED,
                Optional.empty(),
                Optional.empty());
        FanoutProgress push = new FanoutProgress(
                2,
                FanoutKind.DELIVER,
                "push",
                10,
                List.of(tier("active", 8, Optional.of(POSTED.plusMillis(400)))),
                1,
                Optional.empty(),
                2,
                POSTED,
                POSTED,
                Optional.of(POSTED.plusMillis(400)),
                Optional.empty());
        Map<Long, FanoutProgress> checkpoints = Map.of(1L, hybrid, 2L, push);

        List<ReplayResult.FanoutDelay> delays = FanoutDelays.collect(
                id -> Optional.ofNullable(checkpoints.get(id)),
                List.of(new CreatedPost(2, 20), new CreatedPost(1, 10), new CreatedPost(3, 30)),
                Duration.ZERO);

        assertThat(delays)
                .containsExactly(
                        new ReplayResult.FanoutDelay(
                                2, 10, "push", List.of(new ReplayResult.TierDelay("active", 8, 0.4))),
                        new ReplayResult.FanoutDelay(
                                1, 50_000, "hybrid", List.of(new ReplayResult.TierDelay("hot", 12_000, 2.5))));
    }

    @Test
    void setsTheFanoutsOfAResult() {
        ReplayResult bare =
                new ReplayResult("cassandra", "service", 100, 99, 10, 990, 1, 0, Map.of(), List.of(), List.of());
        List<ReplayResult.FanoutDelay> delays = List.of(new ReplayResult.FanoutDelay(1, 10, "push", List.of()));
        ReplayResult full = FanoutDelays.into(bare, delays);
        assertThat(full.fanouts()).isEqualTo(delays);
        assertThat(full).usingRecursiveComparison().ignoringFields("fanouts").isEqualTo(bare);
    }
}
