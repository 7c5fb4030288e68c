package dev.widefeed.graph;

/**
 * One follow or unfollow as the relation journal records it before it is applied: the edge state
 * it expects ({@code from}) and the state it sets ({@code to}). The journal entry lets a repairer
 * finish the copies and counts of an operation that a crash or timeout interrupted.
 */
public record RelationOp(long opId, FollowEdge from, FollowEdge to) {
    public RelationOp {
        if (from.followerId() != to.followerId() || from.followeeId() != to.followeeId()) {
            throw new IllegalArgumentException("from and to must describe the same edge");
        }
    }

    public long followerId() {
        return to.followerId();
    }

    public long followeeId() {
        return to.followeeId();
    }
}
