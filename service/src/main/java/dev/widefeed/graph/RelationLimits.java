package dev.widefeed.graph;

/** Bounds on the follow graph that keep every per-user structure bounded. */
public record RelationLimits(int maxFollowing, int maxBatchFollow) {
    public static final RelationLimits DEFAULT = new RelationLimits(5_000, 1_000);
}
