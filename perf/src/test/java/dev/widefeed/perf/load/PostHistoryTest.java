package dev.widefeed.perf.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.widefeed.perf.workload.WorkloadReader;
import dev.widefeed.perf.workload.WorkloadSpec;
import dev.widefeed.perf.workload.WorkloadWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PostHistoryTest {
    private static final Instant NOW = Instant.parse("2026-11-24T12:00:00Z");

    @Test
    void eachAuthorPostsAtTheirOwnRateWithinTheSpanAndAtMostTheCap(@TempDir Path dir) throws IOException {
        WorkloadWriter.write(
                new WorkloadSpec(2_000, 2.1, 20, List.of(500), 3, WorkloadSpec.Preset.WRITE_HEAVY, 1_000, 10, 0.5),
                dir,
                null);
        WorkloadReader workload = WorkloadReader.open(dir);
        PostHistory.Settings settings = new PostHistory.Settings(Duration.ofHours(24), 20, 1);
        double[] postsPerDay = new double[workload.users()];
        workload.users((user, followers, reads, posts) -> postsPerDay[user] = posts);

        Map<Integer, List<Instant>> byAuthor = new HashMap<>();
        for (PostHistory.Planned p : PostHistory.plan(workload, settings, NOW)) {
            byAuthor.computeIfAbsent(p.author(), a -> new ArrayList<>()).add(p.at());
        }

        int checked = 0;
        for (int u = 0; u < postsPerDay.length; u++) {
            long expected = Math.min(20, Math.round(postsPerDay[u]));
            List<Instant> times = byAuthor.getOrDefault(u, List.of());
            assertThat((long) times.size())
                    .as("user %d at %.2f posts a day", u, postsPerDay[u])
                    .isBetween(Math.max(0, expected - 1), expected);
            times.forEach(t -> assertThat(t).isBetween(NOW.minus(Duration.ofHours(24)), NOW));
            if (times.size() >= 2) {
                times.sort(Comparator.reverseOrder());
                double gapMillis = Duration.between(times.get(1), times.get(0)).toMillis();
                assertThat(gapMillis).isCloseTo(86_400_000 / postsPerDay[u], within(2.0));
                checked++;
            }
        }
        assertThat(checked).as("authors with two posts or more").isGreaterThan(50);
        assertThat(byAuthor.keySet()).as("dormant users post nothing").hasSizeLessThan(postsPerDay.length);
    }

    @Test
    void noSpanIsNoHistory(@TempDir Path dir) throws IOException {
        WorkloadWriter.write(
                new WorkloadSpec(500, 2.1, 5, List.of(), 3, WorkloadSpec.Preset.WRITE_HEAVY, 100, 10, 0.5), dir, null);
        assertThat(PostHistory.plan(WorkloadReader.open(dir), new PostHistory.Settings(Duration.ZERO, 20, 1), NOW))
                .isEmpty();
    }
}
