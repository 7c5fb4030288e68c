package dev.widefeed.graph;

import java.time.Instant;

/** One entry of a following or followers list: the other user, and since when. */
public record Follow(long userId, Instant since) {}
