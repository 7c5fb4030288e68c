package dev.widefeed.perf.replay;

/** A post or repost a replay created, by store ids: what {@link FanoutDelays} looks up. */
public record CreatedPost(long postId, long authorId) {}
