package dev.widefeed.kernel;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The latest state of one follow edge as its truth row holds it. {@code version} grows with every
 * change of the edge and doubles as the write timestamp of both copies, so copies written out of
 * order still converge on the latest state.
 */
public record EdgeState(long followerId, long followeeId, boolean following, Instant since, long version) {

    /** The state that follows this one when the edge is set to {@code follow} at {@code now}. */
    public EdgeState next(boolean follow, Instant clockNow) {
        Instant now = clockNow.truncatedTo(ChronoUnit.MILLIS); // what both stores keep of a time
        long nextVersion = Math.max(now.toEpochMilli() * 1000, version + 1);
        return new EdgeState(followerId, followeeId, follow, follow ? now : since, nextVersion);
    }

    /** The state of an edge that was never written. */
    public static EdgeState absent(long followerId, long followeeId) {
        return new EdgeState(followerId, followeeId, false, null, 0);
    }

    public boolean exists() {
        return version != 0;
    }
}
