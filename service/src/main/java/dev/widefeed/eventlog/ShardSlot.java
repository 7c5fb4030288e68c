package dev.widefeed.eventlog;

/** One slot (epoch minute) of one shard of the log. */
public record ShardSlot(int shard, long slot) {}
