package dev.widefeed.api;

import dev.widefeed.textindex.Trending;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;

/** The topics most posts named within {@code window}, most first, as of {@code computedAt}. */
public record TrendingView(String window, Instant computedAt, List<Item> items) {
    @Schema(name = "TrendingTopic")
    public record Item(String topic, long posts) {}

    public static TrendingView of(Trending t) {
        return new TrendingView(
                t.window().wireName(),
                t.computedAt(),
                t.topics().stream().map(c -> new Item(c.topic(), c.posts())).toList());
    }
}
