package dev.widefeed.audience;

/**
 * Caps on what one user keeps, so that every partition of the audience tables is bounded by its
 * owner's own choices, and a fan-out can hold an audience's resolved lists in memory.
 */
public record AudienceLimits(int maxBlocked, int maxHidden, int maxTags, int maxTagMembers, int maxGroupMembers) {
    public static final AudienceLimits DEFAULT = new AudienceLimits(10_000, 10_000, 100, 1_000, 500);
}
