package dev.widefeed.kernel;

import java.time.Instant;
import java.util.Optional;

/**
 * Which rows of an edge's list copies (followers and following; likers and liked posts) a change
 * from {@code previous} to {@code next} removes and adds, all written at {@code version} (the new
 * truth's) as their timestamp. Every adapter writes exactly these; the decision is made here once.
 * Removing the rows at the previous since is always right, whatever the previous state: an edge
 * never comes back at an old since unless it is kept, and a stray removal carries an older
 * timestamp than any later write of those rows.
 *
 * @param removeAt the since of the rows to remove, if any
 * @param addAt    the since of the rows to add, if the edge is on
 */
public record EdgeCopies(Optional<Instant> removeAt, Optional<Instant> addAt, long version) {

    public static EdgeCopies between(VersionedEdge<?> previous, VersionedEdge<?> next) {
        boolean keep = next.on() && previous.since() != null && previous.since().equals(next.since());
        return new EdgeCopies(
                previous.since() != null && !keep ? Optional.of(previous.since()) : Optional.empty(),
                next.on() ? Optional.of(next.since()) : Optional.empty(),
                next.version());
    }

    public boolean isEmpty() {
        return removeAt.isEmpty() && addAt.isEmpty();
    }
}
