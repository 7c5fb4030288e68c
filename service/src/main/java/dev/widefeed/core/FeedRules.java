package dev.widefeed.core;

import java.time.Duration;
import java.util.List;

/** The home timeline and fan-out rules together, as configured; {@code pageSize} followers per fan-out page. */
public record FeedRules(FanoutRules fanout, HomeRules home, int shards, int pageSize) {
    /** Defaults for commands and tools that do not read the service's configuration. */
    public static final FeedRules DEFAULT = defaults();

    private static FeedRules defaults() {
        FanoutRules fanout = new FanoutRules(10_000, List.of(
                new FanoutRules.Tier("hot", Duration.ofDays(1), Duration.ofMinutes(1)),
                new FanoutRules.Tier("warm", Duration.ofDays(14), Duration.ofMinutes(15))));
        return new FeedRules(fanout, new HomeRules(800, Duration.ofDays(30), fanout.activeWindow(), 200, 20,
                Duration.ofMinutes(1), Duration.ofHours(1)), 16, 1000);
    }
}
