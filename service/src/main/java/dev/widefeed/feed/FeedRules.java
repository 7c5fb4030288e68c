package dev.widefeed.feed;

/** The home timeline and fan-out rules together, as configured; {@code pageSize} followers per fan-out page. */
public record FeedRules(FanoutRules fanout, HomeRules home, int pageSize) {
}
