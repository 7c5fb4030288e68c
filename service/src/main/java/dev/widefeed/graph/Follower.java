package dev.widefeed.graph;

import java.time.Instant;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A follower as fan-out sees it: who, since when, and their last home read and home reads a day as
 * last shared onto this edge ({@code RelationStore#shareActivity}); empty if they never were, or the
 * edge predates them.
 */
public record Follower(long userId, Instant since, Optional<Instant> lastRead, OptionalDouble readsPerDay) {
    /** A follower whose read rate is not known. */
    public Follower(long userId, Instant since, Optional<Instant> lastRead) {
        this(userId, since, lastRead, OptionalDouble.empty());
    }
}
