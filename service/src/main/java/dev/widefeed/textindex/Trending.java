package dev.widefeed.textindex;

import java.time.Instant;
import java.util.List;

/** The topics most posts named within a window ending at {@code computedAt}, most first, as the trending job left them. */
public record Trending(TrendingWindow window, Instant computedAt, List<TopicCount> topics) {
    public Trending {
        topics = List.copyOf(topics);
    }
}
