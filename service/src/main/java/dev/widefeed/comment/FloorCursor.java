package dev.widefeed.comment;

/**
 * Where a page of replies ended: the last floor it covered. The next page starts above it, so
 * replies placed meanwhile (always at higher floors) are neither skipped nor repeated.
 */
public record FloorCursor(long floor) {}
