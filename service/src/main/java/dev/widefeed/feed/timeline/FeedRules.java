package dev.widefeed.feed.timeline;

/**
 * The home timeline, fan-out and pull rules together, as configured; {@code pageSize} followers per
 * fan-out page (and per page of a delivery switch's walk).
 */
public record FeedRules(FanoutRules fanout, HomeRules home, int pageSize, PullRules pull) {
    /** With the default pull rules. */
    public FeedRules(FanoutRules fanout, HomeRules home, int pageSize) {
        this(fanout, home, pageSize, PullRules.DEFAULT);
    }
}
