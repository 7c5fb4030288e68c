package dev.widefeed.graph;

import java.time.Instant;
import java.util.Optional;

/**
 * A follower as fan-out sees it: who, since when, and their last home read as last shared onto
 * this edge ({@code RelationStore#shareActivity}); empty if it never was, or the edge predates it.
 */
public record Follower(long userId, Instant since, Optional<Instant> lastRead) {
}
