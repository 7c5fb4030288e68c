package dev.widefeed.feed;

/** The stores the feed owns: home timelines (inboxes, pulled authors, readers' state) and fan-out checkpoints. */
public record FeedStores(TimelineStore timelines, FanoutStore fanout) {}
