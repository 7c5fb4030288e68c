package dev.widefeed.kernel;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The truth row of an on/off relation between two things: a follow (user to user), a like (user
 * to post). {@code version} grows with every change of the edge and doubles as the write timestamp
 * of its copies, so copies written out of order, or replayed by a repair, still converge on the
 * latest state. The protocol that changes it is {@link EdgeProtocol}'s (docs/ARCHITECTURE.md,
 * "Write protocols").
 *
 * @param <E> the edge type itself, with its own ids and names
 */
public interface VersionedEdge<E extends VersionedEdge<E>> {
    /** Whether the edge holds (following, liked). */
    boolean on();

    /** When it last came on; kept when it goes off; null if it never was on. */
    Instant since();

    /** 0 for an edge never written. */
    long version();

    /** The same edge (same ids) in another state. */
    E with(boolean on, Instant since, long version);

    /** The state that follows this one when the edge is set {@code on} at {@code now}. */
    default E next(boolean on, Instant clockNow) {
        Instant now = clockNow.truncatedTo(ChronoUnit.MILLIS); // what both stores keep of a time
        long nextVersion = Math.max(now.toEpochMilli() * 1000, version() + 1);
        return with(on, on ? now : since(), nextVersion);
    }

    default boolean exists() {
        return version() != 0;
    }
}
